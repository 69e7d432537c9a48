"""Whirly's solve() runs the C search beside its portfolio on classic levels (solver.NATIVE):
its answer races the Python searches' by the clock, so the tests that check what the Python
searches find run without it; tests marked `native` run with it.

Going home unloads a game's code (lib/handheld/memory.py), as on the device. Tests import
game modules at the top of their files and patch or compare against them, so each test starts
with the modules the test files imported back in place."""
import sys

import pytest

_AS_IMPORTED = {}


def pytest_collection_finish(session):
    for name, module in sys.modules.items():
        if name.startswith(("games.", "handheld.")):
            _AS_IMPORTED[name] = module


@pytest.fixture(autouse=True)
def game_code_as_imported():
    for name, module in _AS_IMPORTED.items():
        sys.modules[name] = module
        package, _, attr = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None:
            setattr(parent, attr, module)
    yield


@pytest.fixture(autouse=True)
def python_searches_alone(request, monkeypatch):
    if request.node.get_closest_marker("native") is None:
        monkeypatch.setattr("host_sim.whirly.solver.NATIVE", ())
    yield
