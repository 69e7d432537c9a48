"""MobGer BoardView methods (bound in board_view.py): the sequence animation, field by field.

From the engine's buffers, Ger by Ger and field by field (FIELD_MS a field; a long path runs
faster so one Ger takes at most GER_MS_MAX); the removed Ger flashes out; any key skips.
"""
from games.mobger import tiles as T
from games.mobger.constants import NONE, F_HIT

# timings (ms)
FIELD_MS = 60
GER_MS_MAX = 960
FLASH_MS = 110
FLASHES = 5            # odd: the flash ends on the "gone" picture


def start_anim(self, now):
    """The engine just played a sequence; the board still shows the position before it."""
    self.animating = True
    self.a_i = 0
    self.a_k = -1
    self.a_flash = 0
    self.a_next = now
    self.moving = NONE
    self.show_cursor(False)
    self.hide_banner()


def anim_step(self, now):
    """Advance to `now`; False once the animation is over."""
    while self.animating and now >= self.a_next:
        self._step()
    return self.animating


def _step(self):
    e = self.e
    i = self.a_i
    sp = self.sprite
    if i < e.anim_n:
        r = e.anim_rank[i]
        n = e.anim_len[i]
        k = self.a_k
        if k < 0:                     # lift the Ger
            c = e.anim_from[i]
            self.put(c, T.U_NONE)
            sp[0] = self.tile(r, self.sdir[r], True)
            self.place(sp, c)
            sp.hidden = False
            self.moving = r
            self.a_cell = c
            self.a_dt = FIELD_MS if n * FIELD_MS <= GER_MS_MAX else max(1, GER_MS_MAX // n)
            self.a_k = 0
            self.a_next += FIELD_MS
        elif k < n:                   # one field examined
            word = e.anim_fields[e.anim_first[i] + k]
            d = (word >> 8) & 7
            if (word >> 11) != F_HIT:  # a hit turns the Ger where it stands
                self.a_cell = word & 0xFF
                self.place(sp, self.a_cell)
            self.sdir[r] = d
            t = self.tile(r, d, True)
            if sp[0] != t:
                sp[0] = t
            self.a_k = k + 1
            self.a_next += self.a_dt
        else:                         # landed
            c = e.anim_to[i]
            d = e.anim_dir[i]
            self.spos[r] = c
            self.sdir[r] = d
            self.put(c, self.tile(r, d))
            sp.hidden = True
            self.a_i = i + 1
            self.a_k = -1
            self.a_next += FIELD_MS // 2
        return
    if e.anim_removed != NONE and self.a_flash < FLASHES:
        r = e.anim_removed
        c = e.house
        self.put(c, T.U_FLASH if self.a_flash % 2 == 0 else self.tile(r, self.sdir[r]))
        self.a_flash += 1
        self.a_next += FLASH_MS
        return
    self.finish_anim()


def finish_anim(self):
    """Stop (the caller redraws from the engine)."""
    self.animating = False
    self.moving = NONE
    self.sprite.hidden = True
