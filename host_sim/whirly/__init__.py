"""Whirly host tools: solver, generator and their commands (see README.md here)."""
