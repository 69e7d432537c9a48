"""lib/handheld/hardware.py (the device adapter) run on the host.

CircuitPython's board, busio, keypad, neopixel, microcontroller and supervisor are fakes whose
constructors accept exactly the signatures in circuitpython-stubs (or in the shipped library), so
a call the device would reject fails here too. displayio, i2cdisplaybus and Adafruit's SH1106
driver are the real ones (Blinka), on host_sim.sh1106_bus.FakeI2C, so the panel can be read back.
"""
import ast
import inspect
import os
import re
import sys
import tomllib
import types

import pytest

import displayio
import busdisplay          # noqa: F401  (imported before the fakes replace busio/microcontroller)
import i2cdisplaybus       # noqa: F401
import adafruit_displayio_sh1106
from host_sim.sh1106_bus import FakeI2C, RAM_COLUMNS
from handheld import hardware

HARDWARE_PY = hardware.__file__
WIRING_PY = os.path.join(os.path.dirname(HARDWARE_PY), "wiring.py")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUTTON_DEFAULTS = ["GP10", "GP11", "GP12", "GP13", "GP14", "GP15", "GP16", "GP17"]


# --- circuitpython-stubs ----------------------------------------------------------------------
def stub_path(module):
    for site in sys.path:
        path = os.path.join(site, module + "-stubs", "__init__.pyi")
        if os.path.isfile(path):
            return path
    raise LookupError("circuitpython-stubs has no %s (is requirements-host.txt installed?)" % module)


def stub_tree(module):
    with open(stub_path(module), encoding="utf-8") as f:
        return ast.parse(f.read())


def pico_stub_path():
    for site in sys.path:
        path = os.path.join(site, "board_definitions", "raspberry_pi_pico", "__init__.pyi")
        if os.path.isfile(path):
            return path
    raise LookupError("circuitpython-stubs has no raspberry_pi_pico board definition")


def pico_pins():
    names = []
    with open(pico_stub_path(), encoding="utf-8") as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.AnnAssign) and ast.unparse(node.annotation) == "microcontroller.Pin":
                names.append(node.target.id)
    return names


def pico_modules():
    with open(pico_stub_path(), encoding="utf-8") as f:
        for line in f:
            if "Included modules:" in line:
                return {m.strip() for m in line.split(":", 1)[1].split(",")}
    raise LookupError("no module list in the Pico stub")


def signature_of(fn):
    """inspect.Signature of an ast.FunctionDef (defaults as placeholders), without `self`."""
    a = fn.args
    P = inspect.Parameter
    params = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        kind = P.POSITIONAL_ONLY if i < len(a.posonlyargs) else P.POSITIONAL_OR_KEYWORD
        params.append(P(arg.arg, kind, default=P.empty if default is None else "<default>"))
    if a.vararg:
        params.append(P(a.vararg.arg, P.VAR_POSITIONAL))
    for arg, default in zip(a.kwonlyargs, a.kw_defaults):
        params.append(P(arg.arg, P.KEYWORD_ONLY, default=P.empty if default is None else "<default>"))
    if a.kwarg:
        params.append(P(a.kwarg.arg, P.VAR_KEYWORD))
    if params and params[0].name == "self":
        params = params[1:]
    return inspect.Signature(params)


def members(body):
    """name -> node for the definitions in a module or class body."""
    out = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.setdefault(node.name, node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.setdefault(node.target.id, node)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, node)
    return out


def resolve(tree, dotted):
    """The stub node for `a.b.c` in a module tree: follows classes and annotated instances
    (e.g. supervisor.runtime: Runtime -> Runtime.autoreload). None when it does not exist."""
    scope = members(tree.body)
    top = scope
    node = None
    for part in dotted.split("."):
        node = scope.get(part)
        if node is None:
            return None
        if isinstance(node, ast.ClassDef):
            scope = members(node.body)
        elif isinstance(node, ast.AnnAssign):
            cls = top.get(ast.unparse(node.annotation).split("[")[-1].strip("]").split(".")[-1])
            scope = members(cls.body) if isinstance(cls, ast.ClassDef) else {}
        else:
            scope = {}
    return node


def constructor(tree, qualname):
    """Signature of calling `qualname` (a class: its __init__; a function: itself)."""
    node = resolve(tree, qualname)
    if isinstance(node, ast.ClassDef):
        init = members(node.body).get("__init__")
        return signature_of(init) if init is not None else inspect.Signature()
    if isinstance(node, ast.FunctionDef):
        return signature_of(node)
    raise LookupError(qualname)


def library_signature(path, qualname):
    with open(path, encoding="utf-8") as f:
        return constructor(ast.parse(f.read()), qualname)


def neopixel_source():
    import importlib.util
    return importlib.util.find_spec("neopixel").origin   # find only: it cannot import on a PC


# --- fakes ------------------------------------------------------------------------------------
class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class Rig:
    """The fake board and its parts; `settings` is what settings.toml gives os.getenv."""

    def __init__(self):
        self.settings = {}
        self.devices = [0x3C]
        self.i2c_error = None
        self.neopixel_error = None
        self.nvm = bytearray(b"\xff" * 4096)
        self.runtime = types.SimpleNamespace(autoreload=True, serial_connected=True)
        self.sleep_memory = bytearray(256)
        self.reloads = 0
        self.i2c = None
        self.keys = None
        self.pixels = None

    def modules(self):
        rig = self
        board = types.ModuleType("board")
        for name in pico_pins():
            setattr(board, name, Pin(name))
        self.board = board

        i2c_sig = constructor(stub_tree("busio"), "I2C")
        keys_sig = constructor(stub_tree("keypad"), "Keys")
        event_sig = constructor(stub_tree("keypad"), "Event")
        neopixel_sig = library_signature(neopixel_source(), "NeoPixel")

        class I2C(FakeI2C):
            def __init__(self, *args, **kwargs):
                bound = i2c_sig.bind(*args, **kwargs)
                if rig.i2c_error is not None:
                    raise rig.i2c_error
                FakeI2C.__init__(self, devices=rig.devices)
                self.scl = bound.arguments["scl"]
                self.sda = bound.arguments["sda"]
                self.frequency = bound.arguments.get("frequency", 100000)
                rig.i2c = self

        class Keys:
            def __init__(self, *args, **kwargs):
                self.args = keys_sig.bind(*args, **kwargs).arguments
                self.released = False
                rig.keys = self

            def deinit(self):
                self.released = True

        class Event:
            def __init__(self, *args, **kwargs):
                self.args = event_sig.bind(*args, **kwargs).arguments
                self.key_number = self.args.get("key_number", 0)
                self.pressed = self.args.get("pressed", True)

        class NeoPixel:
            def __init__(self, *args, **kwargs):
                self.args = neopixel_sig.bind(*args, **kwargs).arguments
                if rig.neopixel_error is not None:
                    raise rig.neopixel_error
                self.released = False
                rig.pixels = self

            def deinit(self):
                self.released = True

        fakes = {
            "board": board,
            "busio": types.SimpleNamespace(I2C=I2C),
            "keypad": types.SimpleNamespace(Keys=Keys, Event=Event),
            "neopixel": types.SimpleNamespace(NeoPixel=NeoPixel),
            "microcontroller": types.SimpleNamespace(nvm=self.nvm, Pin=Pin),
            "supervisor": types.SimpleNamespace(runtime=self.runtime, reload=self.reload),
            "alarm": types.SimpleNamespace(sleep_memory=self.sleep_memory),
        }
        return fakes

    def reload(self):
        self.reloads += 1

    def getenv(self, real):
        def getenv(name, default=None):
            if name.startswith("HANDHELD_"):
                return self.settings.get(name, default)
            return real(name, default)
        return getenv


@pytest.fixture
def rig(monkeypatch):
    rig = Rig()
    displayio.release_displays()

    def start():
        for name, module in rig.modules().items():
            monkeypatch.setitem(sys.modules, name, module)
        monkeypatch.setattr(hardware.os, "getenv", rig.getenv(os.getenv))
        return hardware.DeviceHardware()

    rig.start = start
    yield rig
    displayio.release_displays()


def dot_at_origin(display):
    group = displayio.Group()
    bitmap = displayio.Bitmap(1, 1, 2)
    bitmap[0, 0] = 1
    palette = displayio.Palette(2)
    palette[1] = 0xFFFFFF
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    display.root_group = group
    display.refresh()


def lit_ram(i2c):
    return [(c, y) for y in range(64) for c in range(RAM_COLUMNS) if i2c.ram_pixel(c, y)]


# --- defaults and settings --------------------------------------------------------------------
def test_defaults_wire_a_pico_display_buttons_leds_and_nvm(rig):
    hw = rig.start()
    assert hw.notices == []
    assert (rig.i2c.scl.name, rig.i2c.sda.name, rig.i2c.frequency) == ("GP5", "GP4", 400000)
    assert isinstance(hw.display, adafruit_displayio_sh1106.SH1106)
    assert rig.i2c.awake and rig.i2c.contrast == 0xFF      # the driver's init reached 0x3C
    dot_at_origin(hw.display)
    assert lit_ram(rig.i2c) == [(2, 0)]                    # colstart 2
    assert hw.display.rotation == 0
    assert [p.name for p in rig.keys.args["pins"]] == BUTTON_DEFAULTS
    assert rig.keys.args["value_when_pressed"] is False and rig.keys.args["pull"] is True
    assert rig.pixels.args["pin"].name == "GP18" and rig.pixels.args["n"] == 4
    assert rig.pixels.args["auto_write"] is False
    assert hw.nvm is rig.nvm
    assert hw.levels_root == "/levels"


def test_settings_override_pins_frequency_address_colstart_rotation_and_leds(rig):
    rig.devices = [0x3D]
    rig.settings.update({
        "HANDHELD_SDA": "GP0", "HANDHELD_SCL": "GP1", "HANDHELD_I2C_FREQUENCY": 100000,
        "HANDHELD_DISPLAY_ADDRESS": 0x3D, "HANDHELD_COLSTART": 0, "HANDHELD_ROTATION": 180,
        "HANDHELD_BUTTONS": "GP2,GP3,GP6,GP7,GP8,GP9,GP20,GP21",
        "HANDHELD_LED_PIN": "GP22", "HANDHELD_LED_COUNT": 8,
    })
    hw = rig.start()
    assert hw.notices == []
    assert (rig.i2c.scl.name, rig.i2c.sda.name, rig.i2c.frequency) == ("GP1", "GP0", 100000)
    assert hw.display.rotation == 180
    dot_at_origin(hw.display)
    assert lit_ram(rig.i2c) == [(127, 63)]                 # colstart 0, turned 180 degrees
    assert [p.name for p in rig.keys.args["pins"]] == ["GP2", "GP3", "GP6", "GP7", "GP8", "GP9",
                                                       "GP20", "GP21"]
    assert rig.pixels.args["pin"].name == "GP22" and rig.pixels.args["n"] == 8


def test_numbers_given_as_strings_are_read(rig):
    # Newer CircuitPython documents os.getenv() as always returning a string.
    rig.devices = [0x3D]
    rig.settings.update({"HANDHELD_DISPLAY_ADDRESS": "0x3D", "HANDHELD_I2C_FREQUENCY": "100000",
                         "HANDHELD_COLSTART": "0", "HANDHELD_LED_COUNT": "2"})
    hw = rig.start()
    assert hw.notices == []
    assert rig.i2c.frequency == 100000 and rig.pixels.args["n"] == 2
    dot_at_origin(hw.display)
    assert lit_ram(rig.i2c) == [(0, 0)]


def test_settings_example_documents_every_key_with_its_default(rig):
    with open(os.path.join(REPO, "settings.toml.example"), "rb") as f:
        example = tomllib.load(f)
    assert set(example) == set(hardware.DEFAULTS)
    for key, value in example.items():
        assert value == hardware.DEFAULTS[key], key
    with open(os.path.join(REPO, "settings.toml.example"), encoding="utf-8") as f:
        text = f.read()
    # within CircuitPython's TOML subset: bare keys, "basic strings", strtol integers
    values = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            m = re.match(r'^([A-Z][A-Z0-9_]*) = ("[^"\\]*"|0x[0-9A-Fa-f]+|[1-9][0-9]*|0)\s*(#.*)?$', line)
            assert m, "outside CircuitPython's TOML subset: %r" % line
            values[m.group(1)] = m.group(2)
    assert set(values) == set(hardware.DEFAULTS)
    # and the example, used as settings.toml, gives a working handheld
    rig.settings.update(example)
    hw = rig.start()
    assert hw.notices == [] and hw.display is not None and hw.keys is not None


def test_default_pins_exist_on_a_pico_and_modules_are_built_in():
    pins = set(pico_pins())
    for key in ("HANDHELD_SDA", "HANDHELD_SCL", "HANDHELD_LED_PIN"):
        assert hardware.DEFAULTS[key] in pins
    assert set(hardware.DEFAULTS["HANDHELD_BUTTONS"].split(",")) <= pins
    modules = pico_modules()
    for name in ("board", "busio", "displayio", "i2cdisplaybus", "busdisplay", "keypad",
                 "keypad.Keys", "microcontroller", "supervisor", "alarm", "neopixel_write",
                 "adafruit_pixelbuf", "nvm", "os.getenv", "time"):
        assert name in modules, name


# --- faults give notices, not tracebacks ------------------------------------------------------
def test_missing_display_names_the_address_and_what_was_found(rig):
    rig.devices = []
    hw = rig.start()
    assert hw.display is None
    assert len(hw.notices) == 1
    assert "0x3c" in hw.notices[0] and "nothing" in hw.notices[0]
    assert hw.keys is not None and hw.pixels is not None   # the rest still works


def test_display_at_another_address_is_named(rig):
    rig.devices = [0x3D]
    hw = rig.start()
    assert hw.display is None
    assert "0x3c" in hw.notices[0] and "0x3d" in hw.notices[0]
    assert "HANDHELD_DISPLAY_ADDRESS" in hw.notices[0]


def test_i2c_without_pull_ups_gives_a_notice(rig):
    rig.i2c_error = RuntimeError("No pull up found on SDA or SCL; check your wiring")
    hw = rig.start()
    assert hw.display is None
    assert hw.notices == ["display not available: No pull up found on SDA or SCL; check your wiring"]


@pytest.mark.parametrize("key, value, part, words", [
    ("HANDHELD_SDA", "GP99", "display", ("SDA", "GP99")),
    ("HANDHELD_SCL", "SCL9", "display", ("SCL", "SCL9")),
    ("HANDHELD_BUTTONS", "GP10,GP11,GP12,GP13,GP14,GP15,GP16,GPX", "keys", ("button", "GPX")),
    ("HANDHELD_LED_PIN", "D5", "pixels", ("LED", "D5")),
])
def test_bad_pin_name_gives_a_notice_naming_it(rig, key, value, part, words):
    rig.settings[key] = value
    hw = rig.start()
    assert getattr(hw, part) is None
    assert len(hw.notices) == 1
    for word in words:
        assert word in hw.notices[0]
    assert "no pin named" in hw.notices[0]


def test_wrong_number_of_button_pins_gives_a_notice(rig):
    rig.settings["HANDHELD_BUTTONS"] = "GP10,GP11,GP12,GP13,GP14,GP15,GP16"
    hw = rig.start()
    assert hw.keys is None
    assert "8 pins" in hw.notices[0] and "UP,DOWN,LEFT,RIGHT,A,B,START,SELECT" in hw.notices[0]


def test_failing_neopixel_gives_a_notice(rig):
    rig.neopixel_error = ValueError("GP18 in use")
    hw = rig.start()
    assert hw.pixels is None
    assert hw.notices == ["LEDs not available: GP18 in use"]
    assert hw.display is not None and hw.keys is not None


def test_led_count_zero_means_no_strip_and_no_complaint(rig):
    rig.settings["HANDHELD_LED_COUNT"] = 0
    hw = rig.start()
    assert hw.pixels is None and rig.pixels is None and hw.notices == []


def test_malformed_led_count_gives_a_notice(rig):
    rig.settings["HANDHELD_LED_COUNT"] = "four"
    hw = rig.start()
    assert hw.pixels is None and "HANDHELD_LED_COUNT" in " ".join(hw.notices)


def test_malformed_number_for_the_display_gives_a_notice(rig):
    rig.settings["HANDHELD_COLSTART"] = "two"
    hw = rig.start()
    assert hw.display is None and hw.notices[0].startswith("display not available")


def test_autoreload_is_switched_off(rig):
    assert rig.runtime.autoreload is True
    rig.start()
    assert rig.runtime.autoreload is False


def test_board_without_nvm_gives_none(rig):
    rig.nvm = None
    hw = rig.start()
    assert hw.nvm is None


def test_fresh_start_reloads_code_py_and_the_next_start_lands_where_it_asked_once(rig):
    hw = rig.start()
    assert hw.landing() == 0                      # power-on: the title
    hw.fresh_start(2)
    assert rig.reloads == 1
    # the parts are let go first: after a soft reload code.py would find them "in use"
    assert rig.keys.released and rig.pixels.released and rig.i2c.deinited
    displayio.release_displays()
    again = hardware.DeviceHardware()             # code.py runs again, sleep memory kept
    assert again.landing() == 2
    assert again.landing() == 0                   # read once: a reset later opens the title


def test_sleep_memory_noise_at_power_on_is_not_a_landing(rig):
    rig.sleep_memory[0:2] = b"\x5a\x02"
    assert rig.start().landing() == 0


def test_without_sleep_memory_there_is_no_fresh_start(rig, monkeypatch):
    hw = rig.start()
    monkeypatch.delitem(sys.modules, "alarm")
    monkeypatch.setattr("builtins.__import__", _refusing("alarm"))
    assert hw.fresh_start(2) is None and rig.reloads == 0
    assert hw.landing() == 0


def _refusing(name):
    real = __import__

    def imp(module, *args, **kwargs):
        if module == name:
            raise ImportError("no module named " + name)
        return real(module, *args, **kwargs)
    return imp


def test_console_lines_wait_for_the_usb_console(rig, capsys):
    rig.runtime.serial_connected = False
    hw = rig.start()
    capsys.readouterr()
    hw.log("heap: free=1 scene=TitleMenu depth=1")
    assert capsys.readouterr().out == ""
    rig.runtime.serial_connected = True
    hw.log("heap: free=2 scene=GameList depth=2")
    assert capsys.readouterr().out.splitlines() == ["heap: free=1 scene=TitleMenu depth=1",
                                                    "heap: free=2 scene=GameList depth=2"]


def test_heap_log_is_off_by_default(rig):
    assert rig.start().heap_log is False


def test_heap_log_setting_switches_it_on(rig):
    rig.settings["HANDHELD_HEAP_LOG"] = 1
    assert rig.start().heap_log is True


def test_buttons_are_scanned_every_5_ms(rig):
    rig.start()
    assert rig.keys.args["interval"] == 0.005 and rig.keys.args["value_when_pressed"] is False


def test_new_event_is_a_keypad_event(rig):
    hw = rig.start()
    event = hw.new_event()
    assert event.key_number == 0 and hasattr(event, "pressed")


# --- every CircuitPython name hardware.py uses exists in circuitpython-stubs ------------------
BUILTIN = ("board", "busio", "displayio", "i2cdisplaybus", "keypad", "microcontroller",
           "supervisor", "alarm")


def hardware_uses():
    """-> (attribute chains like 'supervisor.runtime.autoreload', calls as (chain, ast.Call))."""
    with open(HARDWARE_PY, encoding="utf-8") as f, open(WIRING_PY, encoding="utf-8") as g:
        tree = ast.parse(f.read() + "\n" + g.read())
    chains, calls = set(), []

    def chain(node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in BUILTIN and parts:
            return ".".join([node.id] + parts[::-1])
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            c = chain(node)
            if c:
                chains.add(c)
        if isinstance(node, ast.Call):
            c = chain(node.func)
            if c:
                calls.append((c, node))
    return chains, calls


def test_hardware_uses_only_names_that_exist_in_circuitpython_stubs():
    chains, _calls = hardware_uses()
    expected = {"keypad.Keys", "keypad.Event", "busio.I2C", "i2cdisplaybus.I2CDisplayBus",
                "microcontroller.nvm", "supervisor.runtime.autoreload", "displayio.release_displays",
                "supervisor.reload", "alarm.sleep_memory"}
    assert expected <= chains
    for dotted in sorted(chains):
        module, rest = dotted.split(".", 1)
        if module == "board":
            continue   # pins come from settings by name; checked against the Pico stub above
        # prefixes of a longer chain (supervisor.runtime) are checked as part of it
        assert resolve(stub_tree(module), rest) is not None, "%s is not in circuitpython-stubs" % dotted
    # and the methods it calls on its busio.I2C object
    with open(HARDWARE_PY, encoding="utf-8") as f, open(WIRING_PY, encoding="utf-8") as g:
        tree = ast.parse(f.read() + "\n" + g.read())
    methods = {n.attr for n in ast.walk(tree)
               if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "i2c"}
    assert {"try_lock", "scan", "unlock"} <= methods
    for method in methods:
        assert resolve(stub_tree("busio"), "I2C." + method) is not None, "busio.I2C." + method


def test_hardware_calls_fit_the_stub_signatures():
    _chains, calls = hardware_uses()
    checked = set()
    for dotted, call in calls:
        module, rest = dotted.split(".", 1)
        sig = constructor(stub_tree(module), rest)
        args = ["<arg>"] * len(call.args)
        kwargs = {k.arg: "<arg>" for k in call.keywords}
        sig.bind(*args, **kwargs)       # TypeError if CircuitPython would reject the call
        checked.add(dotted)
    assert {"keypad.Keys", "busio.I2C", "i2cdisplaybus.I2CDisplayBus", "keypad.Event",
            "displayio.release_displays"} <= checked


def test_sh1106_and_neopixel_calls_fit_the_shipped_libraries():
    with open(HARDWARE_PY, encoding="utf-8") as f, open(WIRING_PY, encoding="utf-8") as g:
        tree = ast.parse(f.read() + "\n" + g.read())
    bus_display = constructor(stub_tree("busdisplay"), "BusDisplay")
    neopixel = library_signature(neopixel_source(), "NeoPixel")
    seen = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = ast.unparse(node.func)
        kwargs = {k.arg: "<arg>" for k in node.keywords}
        if name == "SH1106":
            # SH1106(bus, **kwargs) passes kwargs on to BusDisplay after its init sequence
            bus_display.bind("<bus>", "<init>", **kwargs)
            seen.add(name)
        elif name == "neopixel.NeoPixel":
            neopixel.bind(*(["<arg>"] * len(node.args)), **kwargs)
            seen.add(name)
    assert seen == {"SH1106", "neopixel.NeoPixel"}


def test_stub_check_catches_a_wrong_keyword():
    sig = constructor(stub_tree("keypad"), "Keys")
    with pytest.raises(TypeError):
        sig.bind(["<pins>"], value_when_pressed=False, pull_up=True)
    assert resolve(stub_tree("supervisor"), "runtime.autoreboot") is None
