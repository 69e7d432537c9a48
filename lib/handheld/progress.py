"""Per-pack progress (solved marks and best scores) and the player's settings, kept in the store.

Progress is keyed by the pack's file name and checked per level against the level's own board
(the pack's 8-bit fingerprints), so adding stored solutions, fixing one level or appending
levels keeps the progress of the levels that did not change (docs/saves.md).

Stored per chunk of 128 levels under b"<2-letter game tag>/p" + 3-byte name hash + chunk: two
bytes per level up to the last solved one, fingerprint (low 4 bits) << 12 | best + 1 (0 =
not solved; bests from 4094 up are kept as 4094).
"""
import array

SETTINGS_KEY = b"sys/settings"
RESUME_KEY = b"sys/r"   # short: a resume write is a few bytes plus its key
NOTE_KEY = b"sys/note"   # a message for the title screen that survives a restart
MATCH_FILE = "*match"   # the resume record's file name for a match in progress (not a pack)

CONTRAST_LEVELS = (0.1, 0.3, 0.55, 0.8, 1.0)
LED_LEVELS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4)

NOTE_EVICTED = b"Save memory was full: the oldest pack progress was removed."
CHUNK = 128
BEST_MAX = 4094


def progress_tag(game_id):
    """The store tag of a game's progress (short: it is in every progress key)."""
    return game_id.encode()[:2]


def _name_hash(name):
    from binascii import crc32
    return crc32(name.encode()) & 0xFFFFFF


class Progress:
    def __init__(self, store, game_id, pack):
        self.store = store
        count = pack.count
        self.count = count
        h = _name_hash(pack.filename)
        self.prefix = progress_tag(game_id) + b"/p" + bytes(((h >> 16) & 255, (h >> 8) & 255,
                                                             h & 255))
        fps = getattr(pack, "fingerprints", None)
        self.fps = fps
        self.bits = bytearray((count + 7) // 8)
        self.scores = array.array("H", bytes(2 * count))
        if not store:
            return
        found = False
        for c in range((count + CHUNK - 1) // CHUNK):
            data = store.get(self.prefix + bytes((c,)))
            if not data:
                continue
            found = True
            base = c * CHUNK
            for j in range(min(len(data) // 2, count - base)):
                e = data[2 * j] | (data[2 * j + 1] << 8)
                i = base + j
                if e and (e >> 12) == self._fp(i):
                    self.bits[i >> 3] |= 1 << (i & 7)
                    self.scores[i] = (e & 0xFFF) - 1
        if not found and hasattr(pack, "digest"):
            # Progress saved by the first firmware, keyed by the whole file's digest.
            key = game_id.encode() + b"/p" + (pack.digest & 0xFFFFFFFF).to_bytes(4, "big")
            if key in store:
                from handheld.entry import once
                once("handheld.store_v1", "import_progress", self, key)

    def _fp(self, i):
        return self.fps[i] & 15 if self.fps is not None and i < len(self.fps) else 0

    def solved(self, i):
        return (self.bits[i >> 3] >> (i & 7)) & 1

    def best(self, i):
        return self.scores[i] if self.solved(i) else 0

    def solved_count(self):
        n = 0
        for i in range(self.count):
            n += self.solved(i)
        return n

    def record(self, i, score):
        """Mark level i solved with `score` (lower is better); returns True if it is a new best."""
        score = min(max(score, 0), BEST_MAX)
        fresh = not self.solved(i)
        better = fresh or score < self.scores[i]
        if better:
            self.scores[i] = score
        self.bits[i >> 3] |= 1 << (i & 7)
        if better:
            self._save_chunk(i // CHUNK)
        return better

    def save(self):
        for c in range((self.count + CHUNK - 1) // CHUNK):
            self._save_chunk(c)

    def _save_chunk(self, c):
        base = c * CHUNK
        stop = min(base + CHUNK, self.count)
        last = base - 1
        for i in range(base, stop):
            if self.solved(i):
                last = i
        key = self.prefix + bytes((c,))
        if last < base:
            self.store.delete(key)
            return
        out = bytearray(2 * (last + 1 - base))
        for i in range(base, last + 1):
            if self.solved(i):
                e = (self._fp(i) << 12) | (self.scores[i] + 1)
                out[2 * (i - base)] = e & 255
                out[2 * (i - base) + 1] = e >> 8
        store = self.store
        evicted = store.evicted
        try:
            store.put(key, out)
        except ValueError:  # full of what is never dropped: the resume record goes first
            store.delete(RESUME_KEY)
            store.put(key, out)
        if store.evicted != evicted:
            try:
                store.put(NOTE_KEY, NOTE_EVICTED)
            except ValueError:
                pass  # the note is a courtesy; the win is saved


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
