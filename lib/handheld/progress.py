"""Per-pack progress (solved marks and best scores) and the player's settings, kept in the store.

Progress is keyed by the pack's content digest, so an edited pack does not inherit stale marks.
"""
import array

SETTINGS_KEY = b"sys/settings"
RESUME_KEY = b"sys/resume"
MATCH_FILE = "*match"   # the resume record's file name for a match in progress (not a pack)

CONTRAST_LEVELS = (0.1, 0.3, 0.55, 0.8, 1.0)
LED_LEVELS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4)


class Progress:
    def __init__(self, store, game_id, digest, count):
        self.store = store
        self.key = game_id.encode() + b"/p" + (digest & 0xFFFFFFFF).to_bytes(4, "big")
        self.count = count
        self.bits = bytearray((count + 7) // 8)
        self.scores = array.array("H", bytes(2 * count))
        data = store.get(self.key) if store else None
        if data and len(data) == 2 + len(self.bits) + 2 * count and \
                int.from_bytes(data[:2], "big") == count:
            self.bits[:] = data[2:2 + len(self.bits)]
            off = 2 + len(self.bits)
            for i in range(count):
                self.scores[i] = data[off + 2 * i] << 8 | data[off + 2 * i + 1]

    def solved(self, i):
        return (self.bits[i >> 3] >> (i & 7)) & 1

    def best(self, i):
        return self.scores[i]

    def solved_count(self):
        n = 0
        for i in range(self.count):
            n += self.solved(i)
        return n

    def record(self, i, score):
        """Mark level i solved with `score` (lower is better); returns True if it is a new best."""
        better = self.scores[i] == 0 or score < self.scores[i]
        if better:
            self.scores[i] = min(score, 0xFFFF)
        fresh = not self.solved(i)
        self.bits[i >> 3] |= 1 << (i & 7)
        if better or fresh:
            self.save()
        return better

    def save(self):
        out = bytearray(2 + len(self.bits) + 2 * self.count)
        out[0] = self.count >> 8
        out[1] = self.count & 0xFF
        out[2:2 + len(self.bits)] = self.bits
        off = 2 + len(self.bits)
        for i in range(self.count):
            out[off + 2 * i] = self.scores[i] >> 8
            out[off + 2 * i + 1] = self.scores[i] & 0xFF
        self.store.put(self.key, bytes(out))


class Settings:
    """contrast 0..4, led 0..5 (0 = off), repeat 0..2 (slow, normal, fast)."""

    def __init__(self, store):
        self.store = store
        self.contrast, self.led, self.repeat = 3, 2, 1
        data = store.get(SETTINGS_KEY)
        if data and len(data) == 3 and data[0] < len(CONTRAST_LEVELS) and \
                data[1] < len(LED_LEVELS) and data[2] < 3:
            self.contrast, self.led, self.repeat = data[0], data[1], data[2]

    def save(self):
        self.store.put(SETTINGS_KEY, bytes((self.contrast, self.led, self.repeat)))


def encode_resume(game_id, filename, digest, index, state):
    head = "%s|%s|%08x|%d|" % (game_id, filename, digest & 0xFFFFFFFF, index)
    return head.encode() + state


def save_resume(store, game_id, filename, digest, index, state):
    """Keep the game in progress; one too long for the save memory drops the record instead (the
    player plays on, only without a resume after a power cut)."""
    try:
        store.put(RESUME_KEY, encode_resume(game_id, filename, digest, index, state))
    except ValueError:
        store.delete(RESUME_KEY)


def save_match(store, game_id, data):
    """A match in progress (not a pack level): resumed by the game's resume_match(app, data)."""
    save_resume(store, game_id, MATCH_FILE, 0, 0, data)


def decode_resume(data):
    """-> (game_id, filename, digest, index, state) or None when the record is not ours."""
    try:
        parts = bytes(data).split(b"|", 4)
        if len(parts) != 5:
            return None
        return (parts[0].decode(), parts[1].decode(), int(parts[2], 16), int(parts[3]),
                parts[4])
    except (ValueError, UnicodeError):
        return None
