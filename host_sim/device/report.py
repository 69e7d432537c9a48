"""Reading a run back: console failures, heap lines, per-segment heap and display figures, and
screen comparison with the host simulator. Pure functions on result.json data (tested without
booting)."""
import re

HEAP = re.compile(r"heap: free=(\d+) scene=(\w+)")
RESERVE = re.compile(r"heap: reserve=(\d+)")
# MemoryError / Traceback / the app's error pages; and a handheld that lost its display (seen
# after a soft reboot that did not release the I2C bus: the app then runs blind).
FAIL = re.compile(r"MemoryError|Traceback|^error: |display not available")
LAUNCHER = "TitleMenu"


def failures(lines):
    """Console lines that fail a tour: MemoryError, Traceback, `error: ...` (the app's error page)."""
    out = []
    for ln in lines:
        text = strip_escapes(ln["text"])
        if FAIL.search(text):
            out.append("%.0f ms: %s" % (ln["t_ms"], text.strip()))
    return out


def soft_reboots(lines):
    """code.py ended and CircuitPython restarted it (supervisor.reload(), or code.py returned)."""
    return sum(1 for ln in lines if "soft reboot" in ln["text"])


def strip_escapes(text):
    # CircuitPython's status bar: ESC ] 0 ; ... ESC \  before the first line
    return re.sub(r"\x1b\][^\x1b]*\x1b\\", "", text)


def heap_lines(lines):
    """-> [(t_ms, free, scene)] and the reserve the app reported (or None)."""
    heap, reserve = [], None
    for ln in lines:
        text = strip_escapes(ln["text"])
        m = HEAP.search(text)
        if m:
            heap.append((ln["t_ms"], int(m.group(1)), m.group(2)))
        m = RESERVE.search(text)
        if m:
            reserve = int(m.group(1))
    return heap, reserve


CPU = re.compile(r"cpu: game=(\S+) strength=(\d+) ms=(\d+)")
GEN = re.compile(r"gen: game=(\S+) task=(\S+) level=(\S+) ms=(\d+)")
STRENGTHS = ("human", "easy", "normal", "hard")


def cpu_turns(lines):
    """{"game strength": [ms, ...]} of the CPU turns timed on the console (the app's cpu: lines
    with HANDHELD_HEAP_LOG = 1, and the cpu tour's)."""
    out = {}
    for ln in lines:
        m = CPU.search(strip_escapes(ln["text"]))
        if m:
            s = int(m.group(2))
            key = "%s %s" % (m.group(1), STRENGTHS[s] if s < len(STRENGTHS) else s)
            out.setdefault(key, []).append(int(m.group(3)))
    return out


def generation_times(lines):
    """{"game task level": [ms, ...]} of the task generations the cpu tour timed."""
    out = {}
    for ln in lines:
        m = GEN.search(strip_escapes(ln["text"]))
        if m:
            out.setdefault(" ".join(m.group(1, 2, 3)), []).append(int(m.group(4)))
    return out


def launcher_after_boot(heap):
    return next((free for _t, free, scene in heap if scene == LAUNCHER), None)


def between(heap, t0, t1):
    return [h for h in heap if t0 <= h[0] <= t1]


def game_figures(heap, marks, end_ms):
    """Per game, from marks game:X (entered), leave:X (START held), home:X (settled at home):
    the lowest free while in it and the free heap back at the title menu."""
    out = {}
    for key, t0 in marks.items():
        if not key.startswith("game:"):
            continue
        name = key[5:]
        t_leave = marks.get("leave:" + name, end_ms)
        t_home = marks.get("home:" + name)
        inside = between(heap, t0, t_leave)
        fig = {"lowest_free": min((f for _t, f, _s in inside), default=None),
               "scenes": sorted(set(s for _t, _f, s in inside))}
        if t_home is not None:
            home = [f for _t, f, s in between(heap, t_leave, t_home) if s == LAUNCHER]
            fig["home_free"] = home[-1] if home else None
        out.setdefault(name, []).append(fig)
    return out


def boot_ms(frames):
    """Reset to the end of the first complete frame (a full 1024-byte picture)."""
    return next((f["end_ms"] for f in frames if f["data_bytes"] >= 1024), None)


def press_figures(presses, frames, t0, t1):
    """For each press in [t0, t1): ms from the press to the end of its display refresh (the last
    frame that starts before the next press) and the I2C bytes sent meanwhile."""
    inside = [p for p in presses if t0 <= p["t_ms"] < t1]
    out = []
    for i, p in enumerate(inside):
        nxt = inside[i + 1]["t_ms"] if i + 1 < len(inside) else t1
        fs = [f for f in frames if p["t_ms"] <= f["start_ms"] < nxt]
        out.append({"key": p["name"], "t_ms": p["t_ms"],
                    "refresh_done_ms": round(fs[-1]["end_ms"] - p["t_ms"], 1) if fs else None,
                    "i2c_bytes": sum(f["i2c_bytes"] for f in fs)})
    return out


# --- screens --------------------------------------------------------------------------------
def device_pixels(hexbits):
    """result.json shot bits (row-major, MSB first) -> list of 0/1, 128x64."""
    data = bytes.fromhex(hexbits)
    return [(data[i >> 3] >> (7 - (i & 7))) & 1 for i in range(128 * 64)]


def host_pixels(frame):
    """The host display's page-packed frame (SH1106 layout) -> list of 0/1, 128x64."""
    return [(frame[(y >> 3) * 128 + x] >> (y & 7)) & 1 for y in range(64) for x in range(128)]


def diff_count(a, b):
    return sum(1 for x, y in zip(a, b) if x != y)


def side_by_side(device, host, gap=4):
    """One picture: device | host | difference (a pixel lit where they differ)."""
    w = 128 * 3 + gap * 2
    out = []
    for y in range(64):
        d = device[y * 128:(y + 1) * 128]
        h = host[y * 128:(y + 1) * 128]
        out.append(d + [0] * gap + h + [0] * gap + [int(a != b) for a, b in zip(d, h)])
    return w, out
