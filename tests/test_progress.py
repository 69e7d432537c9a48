"""Progress and resume in the save store (issue 12): capacity, any pack size, per-level keys,
a full store, the win's write order."""
import pytest

from handheld.progress import Progress, RESUME_KEY, NOTE_KEY, BEST_MAX, encode_resume
from handheld.store import Store
from handheld.packs import Pack
from host_sim.session import Session
from test_store import FlashNVM, blank, cut_images, state


class FakePack:
    def __init__(self, name, count, fps=None):
        self.filename = name
        self.count = count
        self.fingerprints = bytearray(fps if fps is not None else
                                      [(i * 37) & 255 for i in range(count)])


def solve_all(store, pack, game="whirly", base=100):
    p = Progress(store, game, pack)
    for i in range(pack.count):
        p.record(i, base + i)
    return p


def test_sixty_packs_of_24_levels_and_a_resume_record_fit():
    nvm = blank()
    s = Store(nvm)
    s.put(b"sys/settings", b"\x03\x02\x01")
    packs = [FakePack("pack-%02d.txt" % i, 24) for i in range(60)]
    for i, pack in enumerate(packs):
        solve_all(s, pack, base=1000 + i)   # four-digit bests
    resume = encode_resume("whirly", "pack-00.txt", 0x12345678, 3, bytes(110))
    s.put(RESUME_KEY, resume)
    assert s.evicted == 0
    t = Store(FlashNVM(nvm.buf))
    for i, pack in enumerate(packs):
        p = Progress(t, "whirly", pack)
        assert p.solved_count() == 24 and p.best(5) == 1005 + i
    assert t.get(RESUME_KEY) == resume
    print("\n60 packs x 24 solved levels + a %d-byte resume record: %d bytes free"
          % (len(resume), t.room()))


def test_a_win_in_a_2000_level_pack_is_saved():
    """Issue 12 #1: a pack of 948+ levels could never save progress."""
    s = Store(blank())
    pack = FakePack("huge.txt", 2000)
    p = Progress(s, "whirly", pack)
    assert p.record(1999, 321) is True
    p.record(0, 12)
    q = Progress(Store(FlashNVM(s._nvm.buf)), "whirly", pack)
    assert q.solved(1999) and q.best(1999) == 321 and q.best(0) == 12
    assert q.solved_count() == 2
    for k in s.keys():
        assert len(s.get(k)) <= 256   # one chunk of 128 levels at most


def test_a_full_store_drops_the_oldest_pack_and_leaves_a_note():
    """Issue 12 #2: the store filled after ~27 packs and every new win failed."""
    s = Store(blank())
    for i in range(80):
        solve_all(s, FakePack("p%02d.txt" % i, 24))
    assert s.evicted > 0 and s.get(NOTE_KEY)
    newest = Progress(s, "whirly", FakePack("p79.txt", 24))
    oldest = Progress(s, "whirly", FakePack("p00.txt", 24))
    assert newest.solved_count() == 24 and oldest.solved_count() == 0


def test_progress_is_kept_per_level_when_a_pack_is_edited(tmp_path):
    """Adding a stored solution keeps a level's progress; changing its board drops only it;
    appending levels keeps the others."""
    level = "#####\n#@$.#\n#####\n"
    other = "######\n#@ $.#\n######\n"
    third = "######\n#@$ .#\n######\n"
    path = tmp_path / "pack.txt"

    def pack(text):
        path.write_text(text)
        from games.whirly import PACK_FORMAT
        return Pack(str(path), PACK_FORMAT)

    s = Store(blank())
    p = Progress(s, "whirly", pack(level + "\n" + other))
    p.record(0, 1)
    p.record(1, 2)
    with_solution = pack(level + "Solution: R\n\n" + other)
    assert Progress(s, "whirly", with_solution).solved_count() == 2
    appended = pack(level + "\n" + other + "\n" + third)
    q = Progress(s, "whirly", appended)
    assert q.solved(0) and q.solved(1) and not q.solved(2)
    fixed = pack(level + "\n" + third)   # level 2's board changed
    r = Progress(s, "whirly", fixed)
    assert r.solved(0) and not r.solved(1)


def test_bests_above_the_cap_are_kept_as_the_cap():
    s = Store(blank())
    pack = FakePack("p.txt", 3)
    p = Progress(s, "whirly", pack)
    p.record(0, 100000)
    assert Progress(s, "whirly", pack).best(0) == BEST_MAX


def test_progress_of_the_first_firmware_is_imported_while_the_pack_is_unchanged():
    from test_store import v1_image
    pack = FakePack("old.txt", 10)
    pack.digest = 0xCAFEBABE
    value = b"\x00\x0a" + b"\x05\x00" + b"".join(bytes((0, 7 + i)) for i in range(10))
    nvm = FlashNVM(v1_image([(0x50, b"whirly/p\xca\xfe\xba\xbe", value)]))
    s = Store(nvm)
    p = Progress(s, "whirly", pack)
    assert [p.solved(i) for i in range(10)] == [1, 0, 1] + [0] * 7 and p.best(2) == 9
    t = Store(FlashNVM(nvm.buf))
    assert b"whirly/p\xca\xfe\xba\xbe" not in t
    assert Progress(t, "whirly", pack).best(0) == 7


PACK = """Title: Tiny pack

#######
#.  $@#
#######
Solution: LLL
"""


def test_a_win_records_progress_before_the_resume_record_goes(tmp_path):
    """Issue 12 #3: a cut between the win's two writes left the level neither solved nor
    resumable. Every cut now leaves it solved, or resumable."""
    root = tmp_path / "levels"
    (root / "whirly").mkdir(parents=True)
    (root / "whirly" / "tiny.txt").write_text(PACK)
    nvm = FlashNVM()
    s = Session(levels_root=str(root), nvm=nvm)
    s.keys("A A DOWN A A LEFT wait:16000")      # a level, a move, the resume record written
    assert s.app.store.get(RESUME_KEY)
    image = bytes(nvm.buf)
    nvm.writes = []
    s.keys("LEFT LEFT")                          # the win
    assert type(s.app.top()).__name__ == "Results"
    pack = s.app.top().play.pack
    cuts = 0
    for img in cut_images(image, nvm.writes):
        t = Store(FlashNVM(img))
        solved = Progress(t, "whirly", pack).solved(0)
        assert solved or t.get(RESUME_KEY), "cut %d" % cuts
        cuts += 1
    assert cuts > 2


def test_the_title_screen_shows_the_full_store_note_once():
    nvm = FlashNVM()
    s0 = Store(nvm)
    for i in range(80):
        solve_all(s0, FakePack("p%02d.txt" % i, 24))
    s = Session(nvm=nvm)
    text = " ".join(s.text())
    assert "Save memory was" in text
    s.keys("DOWN*3 A")                          # the note, read whole
    assert "oldest pack progress was removed" in " ".join(s.text())
    s.keys("B")
    assert "Save memory was" not in " ".join(Session(nvm=nvm).text())
