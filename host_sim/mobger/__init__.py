"""MobGer host tools: bench."""
