"""Mental IQ+ host tools: solver (solver.py), pack reading and writing (packfile.py), commands
for `python -m host_sim` (cli.py)."""
