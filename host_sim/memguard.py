"""The solvers' memory guard (host only): Whirly's searches and Mental IQ+'s.

A search keeps every position it reached (its table), so its memory grows with its time:
Microban #153's portfolio peaks at 0.66 GB in 20 s, 1.5 GB in 60 s, 10.8 GB in 600 s (13.4
million positions expanded). Past LIMIT bytes resident, by default half this machine's memory, a
search stops as it does at a position cap, and solve() says so (stats["stopped"] == "memory"),
so a long `solve --time` ends with a message instead of the machine swapping or the process
being killed. Where neither the memory nor the resident size can be read there is no guard.
`solve --memory MB` sets LIMIT; worker processes share it (`bench run --jobs N`: an Nth each).
"""

import os
import sys

SHARE = 0.5  # of the physical memory
LIMIT = None  # bytes; None: SHARE of the physical memory
EVERY = 4096  # positions expanded between two looks (a look reads /proc: about 10 us)


def physical():
    """This machine's memory in bytes, or None (e.g. Windows)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def _now():
    """Resident bytes now (Linux), or None."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _peak():
    """Resident bytes at the process's peak so far (getrusage), or None (e.g. Windows)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, others KB


def resident():
    """This process's resident memory in bytes (Linux: now; elsewhere its peak), or None."""
    now = _now()
    return now if now is not None else _peak()


def limit():
    """The resident bytes past which searches stop, or None (no guard)."""
    if LIMIT is not None:
        return LIMIT
    p = physical()
    return None if p is None else int(p * SHARE)


_tripped = 0  # peak-only platforms: the peak at which the guard last stopped a search


def over():
    """True when this process holds more than limit(). Where only the peak can be read, a
    peak never goes down once a search's tables are freed, so a later search stops only
    when it grows past the peak that stopped the last one (else it would stop at once)."""
    global _tripped
    lim = limit()
    if lim is None:
        return False
    now = _now()
    if now is not None:
        return now > lim
    peak = _peak()
    if peak is None or peak <= max(lim, _tripped):
        return False
    _tripped = peak
    return True


def due(count):
    """over(), looked at only every EVERY positions: a search calls it with its count."""
    return count % EVERY == 0 and over()


def message():
    """What a solve command prints for a level whose search stopped here."""
    return "stopped at the memory limit (%d MB)" % (limit() // 2 ** 20)
