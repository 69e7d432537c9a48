"""Connecting the board's parts from settings.toml: display, buttons, LEDs. Run once at boot by
DeviceHardware, then unloaded; a missing or misconfigured part becomes a notice, not a crash."""
from handheld.hardware import setting, BUTTON_ORDER


def connect(hw):
    import board
    hw.display = display(hw, board)
    hw.keys = keys(hw, board)
    hw.pixels = pixels(hw, board)


def pin(board, name, what):
    try:
        return getattr(board, name.strip())
    except AttributeError:
        raise ValueError("%s: no pin named %s on this board" % (what, name))


def report(hw, text):
    print("handheld:", text)
    hw.notices.append(text)


def display(hw, board):
    import displayio
    displayio.release_displays()
    try:
        import busio
        import i2cdisplaybus
        from adafruit_displayio_sh1106 import SH1106
        i2c = busio.I2C(pin(board, setting("HANDHELD_SCL"), "SCL"),
                        pin(board, setting("HANDHELD_SDA"), "SDA"),
                        frequency=setting("HANDHELD_I2C_FREQUENCY"))
        address = setting("HANDHELD_DISPLAY_ADDRESS")
        while not i2c.try_lock():
            pass
        found = i2c.scan()
        i2c.unlock()
        if address not in found:
            i2c.deinit()  # free SDA/SCL
            raise RuntimeError("no display at I2C address 0x%02x (found: %s); check SDA/SCL "
                               "wiring and HANDHELD_DISPLAY_ADDRESS" %
                               (address, ", ".join("0x%02x" % a for a in found) or "nothing"))
        hw.i2c = i2c   # freed by fresh_start: a soft reload keeps the peripheral claimed
        bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=address)
        return SH1106(bus, width=128, height=64, colstart=setting("HANDHELD_COLSTART"),
                      rotation=setting("HANDHELD_ROTATION"), auto_refresh=False)
    except Exception as exc:  # the game can still run blind; say why on the console
        report(hw, "display not available: %s" % exc)
        return None

def keys(hw, board):
    try:
        import keypad
        names = setting("HANDHELD_BUTTONS").split(",")
        if len(names) != 8:
            raise ValueError("HANDHELD_BUTTONS needs 8 pins in the order " + BUTTON_ORDER)
        pins = [pin(board, n, "button") for n in names]
        # Scanned every 5 ms (keypad's default is 20 ms, up to 20 ms of every press's latency);
        # a button's contacts settle well within that.
        return keypad.Keys(pins, value_when_pressed=False, pull=True, interval=0.005)
    except Exception as exc:
        report(hw, "buttons not available: %s" % exc)
        return None

def pixels(hw, board):
    try:
        count = setting("HANDHELD_LED_COUNT")
        if count <= 0:
            return None
        import neopixel
        return neopixel.NeoPixel(pin(board, setting("HANDHELD_LED_PIN"), "LED"), count,
                                 brightness=0.05, auto_write=False)
    except Exception as exc:
        report(hw, "LEDs not available: %s" % exc)
        return None
