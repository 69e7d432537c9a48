"""Gravity room host tools: board generator (generator.py), `generate gravity` (cli.py) and
the benchmark with the hard-vs-normal tournament (bench.py)."""
