"""Buttons: key repeat, the START click and the 2-second long press."""
from handheld import buttons as B


def run(events, until, speed=1):
    """events: [(time, button, pressed)]; returns [(time, button name, kind)]."""
    out = []
    b = B.Buttons(speed)
    t = 0
    pending = sorted(events)
    while t <= until:
        while pending and pending[0][0] <= t:
            _, button, pressed = pending.pop(0)
            b.feed(button, pressed, t, lambda bt, k: out.append((t, B.NAMES[bt], k)))
        b.tick(t, lambda bt, k: out.append((t, B.NAMES[bt], k)))
        t += 10
    return out


def test_press_and_release_of_a_plain_button():
    out = run([(0, B.A, True), (50, B.A, False)], 100)
    assert [(n, k) for _, n, k in out] == [("A", B.PRESS), ("A", B.RELEASE)]


def test_held_direction_repeats_after_the_delay_then_at_the_interval():
    delay, interval = B.REPEAT_SPEEDS[1]
    out = run([(0, B.LEFT, True), (delay + 3 * interval + 5, B.LEFT, False)], 2000)
    repeats = [t for t, n, k in out if k == B.REPEAT]
    assert repeats == [delay, delay + interval, delay + 2 * interval, delay + 3 * interval]


def test_a_does_not_repeat():
    out = run([(0, B.A, True), (1500, B.A, False)], 2000)
    assert [k for _, _, k in out] == [B.PRESS, B.RELEASE]


def test_start_is_a_click_reported_on_release():
    out = run([(0, B.START, True), (300, B.START, False)], 400)
    assert [(t, k) for t, _, k in out] == [(300, B.PRESS), (300, B.RELEASE)]


def test_holding_start_two_seconds_gives_long_and_no_click():
    out = run([(0, B.START, True), (2500, B.START, False)], 2600)
    assert [(t, k) for t, _, k in out] == [(B.LONG_MS, B.LONG)]


def test_faster_repeat_setting_repeats_sooner():
    slow = run([(0, B.DOWN, True), (1000, B.DOWN, False)], 1000, speed=0)
    fast = run([(0, B.DOWN, True), (1000, B.DOWN, False)], 1000, speed=2)
    count = lambda out: sum(1 for _, _, k in out if k == B.REPEAT)
    assert count(fast) > count(slow) > 0


def test_duplicate_edges_are_ignored():
    out = run([(0, B.UP, True), (10, B.UP, True), (20, B.UP, False), (30, B.UP, False)], 50)
    assert [k for _, _, k in out] == [B.PRESS, B.RELEASE]
