"""Run device code inside real MicroPython (the WebAssembly build, under node).

`make setup` installs @micropython/micropython-webassembly-pyscript into
host_sim/mpy/node_modules; host_sim/mpy/run.mjs runs one job there.

    from host_sim import micropython as mpy
    if mpy.available():
        out = mpy.run("import handheld.store; print('ok')")

`run` copies the repo's `lib/` and `games/` .py files into MicroPython's
in-memory filesystem at the same paths (lib/handheld/x.py ->
/lib/handheld/x.py), with "/" and "/lib" on sys.path like the device.

Heap figures. The wasm heap grows on demand, so MemoryError never fires
there; measure with gc.mem_alloc(). This port's gc.collect() only marks a
collection as pending: it runs when control returns to JS, never inside a
Python call. So pass `run` a list of steps: the runner collects before each
step (globals persist), and gc.mem_alloc() read in a step is the live heap
plus the step's own compiled code. Keep measuring steps tiny and alike, and
create globals and dict keys beforehand, so neither skews the figure.
Within a step nothing is freed, so the difference of two gc.mem_alloc()
readings is exactly the bytes allocated in between. HEAP_PROBE defines:

    mark()        remember gc.mem_alloc()
    since()       gc.mem_alloc() - the mark: run as its own step, it is the
                  live heap gained since the `mark()` step
    alloc_of(fn)  bytes allocated by one call fn() (gc.collect(); gc.disable();
                  a = gc.mem_alloc(); fn(); b = gc.mem_alloc(); gc.enable())

    out = run([HEAP_PROBE + "import handheld.store as st\n"
               "nvm = bytearray(4096)\ns = None\nr = {'store': 0}",
               "mark()", "s = st.Store(nvm)", "r['store'] = since()", "print(r)"])

Warm a function up (first calls may intern or cache) before alloc_of.
"""

import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_DIR = os.path.join(ROOT, "host_sim", "mpy")
RUNNER = os.path.join(MPY_DIR, "run.mjs")
PACKAGE = os.path.join(MPY_DIR, "node_modules", "@micropython",
                       "micropython-webassembly-pyscript", "micropython.mjs")
DEFAULT_HEAP = 256 * 1024
SETUP_HINT = "MicroPython (WebAssembly) is not installed: run `make setup` (needs node and npm)."

HEAP_PROBE = '''
import gc

_mark = [0]

def mark():
    _mark[0] = gc.mem_alloc()

def since():
    return gc.mem_alloc() - _mark[0]

def alloc_of(fn):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    fn()
    b = gc.mem_alloc()
    gc.enable()
    return b - a
'''


class MicroPythonError(RuntimeError):
    """The MicroPython run failed; the message holds its stdout and stderr."""


def node():
    return shutil.which("node")


def available():
    """True when node and the MicroPython package are installed."""
    return node() is not None and os.path.isfile(PACKAGE) and os.path.isfile(RUNNER)


def collect(roots=("lib", "games"), exts=(".py",)):
    """{"/lib/handheld/x.py": source, ...} for the files under the repo-relative roots."""
    files = {}
    for root in roots:
        top = os.path.join(ROOT, root)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
            for name in sorted(filenames):
                if name.endswith(exts):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                    with open(path, encoding="utf-8") as f:
                        files["/" + rel] = f.read()
    return files


def run(code, files=None, roots=("lib", "games"), heapsize=DEFAULT_HEAP, exts=(".py",), timeout=300):
    """Run code (a string, or a list of steps) in MicroPython and return its stdout.

    files: extra {"/abs/path.py": source} written after (and over) the roots.
    Raises MicroPythonError (stdout + stderr) when the code raises, and
    RuntimeError when MicroPython is not installed.
    """
    if not available():
        raise RuntimeError(SETUP_HINT)
    job_files = collect(roots, exts)
    if files:
        job_files.update(files)
    steps = [code] if isinstance(code, str) else list(code)
    job = json.dumps({"files": job_files, "steps": steps, "heapsize": int(heapsize)})
    proc = subprocess.run([node(), RUNNER], input=job.encode("utf-8"), cwd=MPY_DIR,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    out = proc.stdout.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise MicroPythonError("MicroPython exited with %d\n%s%s"
                               % (proc.returncode, out, proc.stderr.decode("utf-8", "replace")))
    return out
