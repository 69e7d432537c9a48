"""Before a game against people or the CPU: player kinds, colours, the options screen, and the
resume data of a match. Split from match.py so a game with its own table (iQLANDIE) does not
load the match scene to use them."""
from handheld.scenes import Menu, Item

HUMAN = 0
KIND_NAMES = ("Human", "CPU easy", "CPU normal", "CPU hard")
PLAYER_COLORS = (0xFF1800, 0x0040FF, 0x00C020, 0xFFA000)
DRAW = 255


def encode_match(kinds, seed, state):
    """Resume data of a match: player kinds, the CPU's random seed, then the engine's state."""
    head = bytearray(2 + len(kinds) + 2)
    head[0] = 1                                   # format version
    head[1] = len(kinds)
    head[2:2 + len(kinds)] = bytes(kinds)
    head[2 + len(kinds)] = (seed >> 8) & 0xFF
    head[3 + len(kinds)] = seed & 0xFF
    return bytes(head) + bytes(state)


def decode_match(data):
    """-> (kinds list, seed, engine state bytes); ValueError when the data is not a match."""
    data = bytes(data)
    if len(data) < 4 or data[0] != 1 or not 1 <= data[1] <= 4 or len(data) < 4 + data[1]:
        raise ValueError("not a saved match")
    n = data[1]
    kinds = list(data[2:2 + n])
    for k in kinds:
        if k >= len(KIND_NAMES):
            raise ValueError("bad player kind")
    seed = data[2 + n] << 8 | data[3 + n]
    return kinds, seed, data[4 + n:]


class Option:
    """One line of the options screen: `names` are the choices LEFT/RIGHT cycle through;
    `shown(values)` hides the line when it does not apply (e.g. player 3 in a 2-player game)."""

    def __init__(self, key, label, names, default=0, shown=None):
        self.key = key
        self.label = label
        self.names = names
        self.default = default
        self.shown = shown


class OptionsMenu(Menu):
    """Options before a game, remembered in the store; A on "Start" calls on_start(values)
    with values = {key: index}."""

    def __init__(self, app, game_id, title, options, on_start, start_label="Start"):
        self.options = options
        self.on_start = on_start
        self.start_label = start_label
        self.key = game_id.encode() + b"/opts"
        self.values = {}
        saved = app.store.get(self.key) or b""
        for i in range(len(options)):
            o = options[i]
            v = saved[i] if i < len(saved) else o.default
            self.values[o.key] = v if v < len(o.names) else o.default
        Menu.__init__(self, app, title, self.build())

    def build(self):
        items = [Item(self.start_label, self.start)]
        for o in self.options:
            if o.shown is None or o.shown(self.values):
                items.append(self.item(o))
        return items

    def item(self, o):
        return Item(o.label, value=lambda: o.names[self.values[o.key]],
                    on_adjust=lambda d: self.adjust(o, d))

    def adjust(self, o, d):
        self.values[o.key] = (self.values[o.key] + d) % len(o.names)
        self.set_items(self.build())

    def save(self):
        data = bytes([self.values[o.key] for o in self.options])
        if self.app.store.get(self.key) != data:
            self.app.store.put(self.key, data)

    def start(self):
        self.save()
        self.on_start(self.values)


