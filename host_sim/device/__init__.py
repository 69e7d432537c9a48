"""make device: the CIRCUITPY bundles on stock CircuitPython in an emulated Pico (see tours.py)."""
