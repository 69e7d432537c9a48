# The two commands a user needs: `make sim` and `make test`.
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
NODE_DIR := host_sim/mpy
DEVICE_DIR := host_sim/device
DRIVE  ?=
# A device phase frees the modules it loaded (handheld.entry.once), so the host imports them
# again and again; with bytecode off (PYTHONDONTWRITEBYTECODE, set on some machines) each import
# compiled the source anew (a third of `make test`'s save-store tests). Bytecode on, kept in
# build/ rather than beside the sources.
export PYTHONDONTWRITEBYTECODE :=
export PYTHONPYCACHEPREFIX := $(CURDIR)/build/pycache

.PHONY: setup sim test fuzz bench bundle deploy shots device clean

$(VENV)/.stamp: requirements-host.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements-host.txt
	touch $@

$(NODE_DIR)/node_modules/.stamp: $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --silent --no-audit --no-fund
	touch $@

# rp2040js for the emulated Pico (make device)
$(DEVICE_DIR)/node_modules/.stamp: $(DEVICE_DIR)/package.json $(DEVICE_DIR)/package-lock.json
	cd $(DEVICE_DIR) && npm ci --silent --no-audit --no-fund
	touch $@

setup: $(VENV)/.stamp $(NODE_DIR)/node_modules/.stamp $(DEVICE_DIR)/node_modules/.stamp

sim: $(VENV)/.stamp
	$(VPY) -m host_sim play

test: setup
	$(VPY) -m pytest -q

# The pack fuzz of `make test` (tests/test_pack_fuzz.py) with many more cases per game format;
# PACK_FUZZ_FILES=N and PACK_FUZZ_SEED=S change them. Figures per format are printed.
FUZZ_FILES ?= 25000
fuzz: $(VENV)/.stamp
	PACK_FUZZ_FILES=$(FUZZ_FILES) $(VPY) -m pytest -q -s tests/test_pack_fuzz.py
	$(VPY) -m host_sim.faults

bench: setup
	$(VPY) -m host_sim bench

bundle: $(VENV)/.stamp
	$(VPY) -m host_sim bundle

deploy: $(VENV)/.stamp
	$(VPY) -m host_sim deploy --drive "$(DRIVE)"

shots: $(VENV)/.stamp
	$(VPY) -m host_sim readme-shots

# Both bundles on the emulated Pico: tours, heap budgets, timings -> build/device/report.md
device: $(VENV)/.stamp $(DEVICE_DIR)/node_modules/.stamp
	$(VPY) -m host_sim.device

clean:
	rm -rf $(VENV) build $(NODE_DIR)/node_modules $(DEVICE_DIR)/node_modules
