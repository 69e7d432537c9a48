"""The undo log of the puzzle engines (Whirly, Mental IQ+): a ring of 16-bit words in which
each action is its step words followed by one header word (bit 15 set). A full ring forgets
the oldest actions, so play never stops. The engine subclasses UndoRing and owns the words'
meaning; its hot paths may write words inline (log[utop], then utop and ulen).

Engine attributes: log (array "H"), utop (next free word), ulen (words in use), dropped
(actions forgotten)."""

HDR = 0x8000


class UndoRing:
    def history(self):
        """Retained actions, oldest first: the low 6 bits of each header (action | kind << 3)."""
        out = bytearray()
        log = self.log
        cap = len(log)
        i = self.utop - self.ulen
        if i < 0:
            i += cap
        for _ in range(self.ulen):
            w = log[i]
            if w & HDR:
                out.append(w & 63)
            i += 1
            if i == cap:
                i = 0
        return out

    def newest_action(self):
        """The action (low 3 bits of its header) that undo() would take back, or -1."""
        if self.ulen == 0:
            return -1
        t = self.utop - 1
        if t < 0:
            t += len(self.log)
        return self.log[t] & 7

    def history_complete(self):
        """True when history() reaches back to the start (nothing was dropped)."""
        return self.dropped == 0

    def _drop_oldest(self):
        """Forget the oldest retained action."""
        log = self.log
        cap = len(log)
        i = self.utop - self.ulen
        if i < 0:
            i += cap
        n = 0
        while n < self.ulen:
            w = log[i]
            n += 1
            i += 1
            if i == cap:
                i = 0
            if w & HDR:
                break
        self.ulen -= n
        self.dropped += 1

    def _pop_record(self):
        """Take the newest action off the ring (ulen > 0): -> steps << 16 | its header word.
        Its step words lie just below the header, at ring index utop + steps (after the pop),
        newest first. One small int, so nothing is allocated."""
        log = self.log
        cap = len(log)
        t = self.utop - 1
        if t < 0:
            t += cap
        m = 0
        i = t
        while m < self.ulen - 1:
            i -= 1
            if i < 0:
                i += cap
            if log[i] & HDR:
                break
            m += 1
        self.ulen -= m + 1
        i = t - m
        self.utop = i + cap if i < 0 else i
        return m << 16 | log[t]
