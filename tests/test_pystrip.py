"""The .py bundle's modules without comments and docstrings (host_sim/pystrip.py): the drive
has to keep room for players' packs, and the device parses less at each import. The code is
the same, line for line."""
import os

from host_sim import bundle, pystrip

SOURCE = '''"""Module doc,
on two lines."""
import os  # why


class A:
    """Only a docstring: the body keeps a pass."""


def f(x):
    """Ünïcode in a docstring (ast counts bytes)."""
    # a whole-line comment
    s = "# not a comment"
    return x + 1  # trailing


def g(): """shares its line with the def: kept"""
'''


def test_strip_drops_comments_and_docstrings_and_keeps_every_line():
    out = pystrip.strip(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert "Module doc" not in out and "Ünïcode" not in out and "# why" not in out
    assert "# a whole-line comment" not in out and "# trailing" not in out
    assert 's = "# not a comment"' in out
    assert "    pass\n" in out  # class A would have no body left
    assert '"""shares its line' in out
    lines = out.splitlines()
    assert lines[SOURCE.splitlines().index("    return x + 1  # trailing")] == "    return x + 1"
    assert pystrip.same_code(SOURCE, out)
    ns = {}
    exec(compile(out, "m", "exec"), ns)
    assert ns["f"](1) == 2


def test_same_code_sees_a_changed_statement():
    assert not pystrip.same_code(SOURCE, SOURCE.replace("x + 1", "x + 2"))


def test_every_device_module_strips_to_the_same_code():
    n = 0
    for src, rel in bundle.our_files():
        if rel.endswith(".py"):
            with open(src, encoding="utf-8") as f:
                text = f.read()
            lean = pystrip.strip(text)
            assert pystrip.same_code(text, lean), rel
            assert lean.count("\n") == text.count("\n"), rel
            n += 1
    assert n > 100


def test_py_bundle_fits_the_drive_with_room_for_packs(tmp_path):
    """The 1 MiB CIRCUITPY drive (FAT12, 512-byte clusters, 2,003 of them) holds the .py bundle
    with at least 128 KB free for the players' level packs (it was full: 1,994 clusters)."""
    out = str(tmp_path / "CIRCUITPY")
    assert bundle.build(out, mpy_cross=False, quiet=True) == 0
    clusters = 0
    for d, _dirs, files in os.walk(out):
        clusters += 1
        for name in files:
            clusters += max(1, -(-os.path.getsize(os.path.join(d, name)) // 512))
    assert clusters <= 2003 - 256, clusters
    with open(os.path.join(out, "games", "gravity", "ai_trace.py"), encoding="utf-8") as f:
        assert "#" not in f.read()
