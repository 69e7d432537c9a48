"""Whirly packs on the host: the shared pack tools (host_sim/packfile.py) bound to its format."""
from games.whirly import board
from host_sim.packfile import PackFile, wrap  # noqa: F401 (wrap is part of this module's API)

_tools = PackFile(board.FORMAT, r"^[lurdLURD*~0-9 \t]+$")
open_pack = _tools.open_pack
levels = _tools.levels
chosen = _tools.chosen
level = _tools.level
write_solutions = _tools.write_solutions
