"""Device entry: build the hardware, hand the registered games to the launcher, run."""
import os

# HANDHELD_HEAP_RESERVE = N (settings.toml, for measuring): N bytes held from the first moment,
# so a session that still plays proves every screen left at least N bytes free.
try:
    _ballast = bytearray(int(os.getenv("HANDHELD_HEAP_RESERVE") or 0)) or None
except (ValueError, MemoryError):   # a typo must not stop the handheld
    _ballast = None

from handheld.hardware import DeviceHardware
from handheld.app import App
from games import GAMES

_hw = DeviceHardware()
if _ballast is not None:
    _hw.log("heap: reserve=%d" % len(_ballast))
App(_hw, GAMES).run()
