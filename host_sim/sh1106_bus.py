"""Fidelity mode: Adafruit's real SH1106 driver talking to a fake I2C bus that plays the panel.

`FakeI2C` has the `busio.I2C` methods the driver stack uses (try_lock with a real lock, unlock,
writeto, scan, deinit). Every write is decoded the way the SH1106 decodes it: a control byte with
Co (bit 7) and D/C (bit 6), then commands (column, page, contrast, sleep/wake, ...) or display data
written into a 132-column x 8-page RAM at the current column, which then advances. So a test can
read back the pixels the panel would show and count the I2C bytes a refresh costs.

    display, i2c = make_fidelity_display()
    display.root_group = group
    display.refresh(); display.refresh()      # warm-up (see below)
    i2c.reset_counter()
    ... change something ...; display.refresh()
    i2c.bytes_total                           # what that change cost on the wire

Notes from the platform:
- Only one display may exist at a time: make_fidelity_display() calls displayio.release_displays()
  first; call it again in teardown.
- Blinka re-sends earlier changes on the second refresh after the first full one: refresh twice
  before measuring.
- Blinka 2.7.1 computes the SH1106 "upper column" command as ((x >> 4) & 0xF0) | 0x10, which is
  always 0x10 for x < 256, so every partial update at x >= 16 lands in the wrong columns.
  CircuitPython's C core (the device) uses & 0x0F. make_fidelity_display() gives its display the
  device's addressing so the stream and the pixels are the device's.
"""
import errno

import displayio
import i2cdisplaybus
from adafruit_displayio_sh1106 import SH1106
from displayio._constants import CHIP_SELECT_TOGGLE_EVERY_BYTE, DISPLAY_COMMAND

ADDRESS = 0x3C
RAM_COLUMNS = 132
PAGES = 8
WIDTH = 128
HEIGHT = 64

# SH1106 commands that take one argument byte (the next command byte).
CONTRAST = 0x81
ONE_ARG = {
    CONTRAST: "contrast",
    0xA8: "multiplex",
    0xAD: "dcdc",
    0xD3: "offset",
    0xD5: "clock",
    0xD9: "precharge",
    0xDA: "compins",
    0xDB: "vcom",
}
SINGLE = {
    0xA0: "segment_remap", 0xA1: "segment_remap",
    0xA4: "entire_on", 0xA5: "entire_on",
    0xA6: "invert", 0xA7: "invert",
    0xC0: "scan", 0xC8: "scan",
    0xE0: "read_modify_write", 0xEE: "end", 0xE3: "nop",
}


class FakeI2C:
    """A `busio.I2C` with one SH1106 on it (at `devices`), decoding what is written into panel RAM.

    Counters (since the last reset_counter()):
      bytes_total   I2C bytes on the wire: one address byte per write plus its payload
                    (start/stop conditions and ACK bits are not counted)
      writes        I2C write transactions
      data_bytes    display-RAM bytes written
    """

    def __init__(self, devices=(ADDRESS,), colstart=2):
        self.devices = tuple(devices)
        self.colstart = colstart
        self.ram = bytearray(RAM_COLUMNS * PAGES)
        self.column = 0
        self.page = 0
        self.contrast = 0x80        # the SH1106's power-on value
        self.awake = False          # the panel powers up with the display off
        self.registers = {}         # other one-argument commands: name -> last value
        self.modes = {}             # single-byte mode commands: name -> last command byte
        self.start_line = 0
        self.unknown = []           # command bytes the SH1106 does not define
        self.overflow = 0           # data bytes written past column 131 (dropped)
        self.commands = []          # decoded commands since reset_counter(): (byte,) or (byte, arg)
        self.locked = False
        self.deinited = False
        self._pending = None
        self.reset_counter()

    # --- busio.I2C ------------------------------------------------------------------
    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def deinit(self):
        self.deinited = True
        self.locked = False

    def scan(self):
        self._require_lock()
        return list(self.devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        self._require_lock()
        if address not in self.devices:
            raise OSError(errno.ENODEV, "No such device")  # what CircuitPython raises
        data = bytes(buffer[start:end])
        self.writes += 1
        self.bytes_total += 1 + len(data)
        self._decode(data)

    def _require_lock(self):
        if self.deinited:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        if not self.locked:
            raise RuntimeError("Function requires lock")

    # --- counters -------------------------------------------------------------------
    def reset_counter(self):
        self.bytes_total = 0
        self.writes = 0
        self.data_bytes = 0
        self.commands = []

    # --- the panel --------------------------------------------------------------------
    def _decode(self, data):
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            is_data = control & 0x40
            if control & 0x80:        # Co=1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
                continue
            for b in data[i:]:        # Co=0: the rest of the transfer is of one kind
                self._byte(b, is_data)
            break

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command(b)

    def _command(self, b):
        pending = self._pending
        if pending is not None:
            self._pending = None
            self.commands.append((pending, b))
            if pending == CONTRAST:
                self.contrast = b
            else:
                self.registers[ONE_ARG[pending]] = b
            return
        if b in ONE_ARG:
            self._pending = b
            return
        self.commands.append((b,))
        if b <= 0x0F:
            self.column = (self.column & 0xF0) | b
        elif b <= 0x1F:
            self.column = ((b & 0x0F) << 4) | (self.column & 0x0F)
        elif 0x30 <= b <= 0x33:
            self.registers["pump"] = b & 3
        elif 0x40 <= b <= 0x7F:
            self.start_line = b - 0x40
        elif 0xB0 <= b <= 0xB7:
            self.page = b & 0x07
        elif b == 0xAE:
            self.awake = False
        elif b == 0xAF:
            self.awake = True
        elif b in SINGLE:
            self.modes[SINGLE[b]] = b
        else:
            self.unknown.append(b)

    def _data(self, b):
        self.data_bytes += 1
        if self.column >= RAM_COLUMNS:
            self.overflow += 1
            return
        self.ram[self.page * RAM_COLUMNS + self.column] = b
        self.column += 1

    # --- reading it back ----------------------------------------------------------------
    def ram_pixel(self, column, y):
        return (self.ram[(y // 8) * RAM_COLUMNS + column] >> (y % 8)) & 1

    def pixel(self, x, y):
        """The pixel at screen (x, y): RAM column x + colstart, page y // 8, bit y % 8."""
        return self.ram_pixel(x + self.colstart, y)

    def frame(self):
        """The visible 128x64 window as FrameDisplay.frame lays it out: (y // 8) * 128 + x, bit y % 8."""
        out = bytearray(WIDTH * PAGES)
        for page in range(PAGES):
            src = page * RAM_COLUMNS + self.colstart
            out[page * WIDTH:(page + 1) * WIDTH] = self.ram[src:src + WIDTH]
        return out


def use_device_column_addressing(display):
    """Send the column/page commands CircuitPython's C core sends (see the module notes)."""
    core = display._core
    if not core.sh1107_addressing:
        return

    def set_region_to_update(area):
        column = area.x1 + core.colstart
        page = (area.y1 + core.rowstart) // 8
        core.begin_transaction()
        core.send(DISPLAY_COMMAND, CHIP_SELECT_TOGGLE_EVERY_BYTE,
                  bytes((0x10 | ((column >> 4) & 0x0F), column & 0x0F)))
        core.end_transaction()
        core.begin_transaction()
        core.send(DISPLAY_COMMAND, CHIP_SELECT_TOGGLE_EVERY_BYTE, bytes((0xB0 | page,)))
        core.end_transaction()

    core.set_region_to_update = set_region_to_update


def make_fidelity_display(colstart=2, rotation=0, address=ADDRESS):
    """-> (display, fake_i2c): the real SH1106 driver on a FakeI2C, auto_refresh off.

    Releases any other display first (only one may exist); release_displays() when done.
    """
    displayio.release_displays()
    i2c = FakeI2C(devices=(address,), colstart=colstart)
    bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=address)
    display = SH1106(bus, width=WIDTH, height=HEIGHT, colstart=colstart, rotation=rotation,
                     auto_refresh=False)
    use_device_column_addressing(display)
    return display, i2c
