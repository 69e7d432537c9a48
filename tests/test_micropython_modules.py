"""Every device module compiles in real MicroPython, and the pure ones import and work there.

Modules that need displayio, keypad or board (not in MicroPython's WebAssembly build) are
compiled only; the pure ones (engines, pack reader, store, PRNG, buttons, progress) are imported
and exercised. Heap figures are printed (pytest -s) and held to ceilings.
"""
import os

import pytest

from host_sim import micropython as mpy

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PURE = ("handheld.buttons", "handheld.rng", "handheld.store", "handheld.crc", "handheld.packs",
        "handheld.progress", "handheld.font", "games.whirly.engine", "games.whirly.rules",
        "games.whirly.board", "games.whirly.notation", "games.whirly.hint", "games.whirly.tiles")


def device_files():
    out = ["code.py"]
    for root in ("lib", "games"):
        for dirpath, dirnames, names in os.walk(os.path.join(REPO, root)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            out += [os.path.relpath(os.path.join(dirpath, n), REPO) for n in names if n.endswith(".py")]
    return sorted(out)


@pytest.fixture(scope="module")
def need_mpy():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


def test_every_device_module_compiles_in_micropython(need_mpy):
    files = device_files()
    code = "\n".join(
        "src = open('/%s').read()\ncompile(src, '%s', 'exec')\nprint('ok %s')" % (f, f, f)
        for f in files)
    out = mpy.run(code, roots=("lib", "games"), files={"/code.py": open(os.path.join(REPO, "code.py")).read()})
    assert out.count("ok ") == len(files)


def test_pure_modules_import_in_micropython(need_mpy):
    code = "\n".join("import %s" % m for m in PURE) + "\nprint('imported')"
    assert "imported" in mpy.run(code)


def test_buttons_rng_and_progress_behave_the_same_in_micropython(need_mpy):
    code = """
from handheld import buttons as B
from handheld.rng import Rng
from handheld.store import Store
from handheld.progress import Progress, Settings
out = []
b = B.Buttons(1)
emit = lambda bt, k: out.append((bt, k))
b.feed(B.START, True, 0, emit)
for t in range(0, 2100, 10):
    b.tick(t, emit)
b.feed(B.START, False, 2100, emit)
print(out)
r = Rng(42)
print([r.below(100) for _ in range(5)])
nvm = bytearray(b'\\xff' * 4096)
class Pack:
    filename = 'pack.txt'
    count = 10
    fingerprints = bytearray(range(7, 17))
p = Progress(Store(nvm), 'whirly', Pack())
p.record(3, 57)
p2 = Progress(Store(nvm), 'whirly', Pack())
print(p2.solved(3), p2.best(3), p2.solved_count())
"""
    out = mpy.run(code).strip().splitlines()
    assert out[0] == "[(%d, %d)]" % (6, 3)  # START LONG, no click
    from handheld.rng import Rng
    r = Rng(42)
    assert out[1] == str([r.below(100) for _ in range(5)])
    assert out[2] == "1 57 1"


def test_every_tile_sheet_and_the_font_build_in_micropython(need_mpy):
    fake = open(os.path.join(REPO, "host_sim", "mpy", "fakes", "displayio.py")).read()
    code = """
import displayio
from handheld import font
font.make_sheet(displayio.Bitmap)
from games.whirly import tiles as W
from games.mentaliq import tiles as M
for size in (8, 6, 5, 4):
    W.make_sheets(displayio.Bitmap, size)
for size in (8, 6):
    M.make_sheets(displayio.Bitmap, size)
print('sheets ok')
"""
    assert "sheets ok" in mpy.run(code, files={"/lib/displayio.py": fake})


def test_an_8bit_windows_1252_pack_reads_and_its_accents_fold_in_micropython(need_mpy):
    # MicroPython decodes UTF-8 only: the reader's own Windows-1252 reading must run there
    from tests.test_packs import LEGACY_PACK
    code = """
from handheld.packs import Pack
from handheld import font
from games.whirly.board import FORMAT
with open('/old.txt', 'wb') as f:
    f.write(%r)
p = Pack('/old.txt', FORMAT)
print(repr(p.title), p.count, p.errors, p.warnings)
print(repr(p.level(0).name), repr(p.level(1).name), repr(p.header['author']))
print(''.join(chr(font.glyph_index(c) + font.FIRST) for c in p.title + p.level(1).name))
"""
    out = mpy.run(code % (LEGACY_PACK,)).strip().splitlines()
    assert out[0] == ("'Les niveaux de Fran\\xe7ois' 2 [] [(1, 'bytes that are not UTF-8: such "
                      "lines are read as Windows-1252 (Latin-1)')]")
    assert out[1] == "'Caf\\xe9' 'Der Stra\\xdfe\\xb4s' 'J\\xfcrgen - \"Box\" fan'"
    assert out[2] == "Les niveaux de FrancoisDer Strase?s"
