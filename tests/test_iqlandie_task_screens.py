"""iQLANDIE task screens: every topic solved through key presses, timer, hand in, give up.

Each topic is solved with the generator's own solution, typed in as a player would; the answer
the screen hands to on_done must be accepted by tasks.check. Screens go to
build/screens/iqlandie-task-*.png.
"""
import os

import pytest

import games.mentaliq
from host_sim.session import Session
from games.iqlandie import tasks, task_screens as TS
from games.iqlandie import optics

SHOTS = os.path.join(os.path.dirname(__file__), "..", "build", "screens")
CASES = [(0, 11, 1), (1, 12, 2), (2, 13, 1), (3, 14, 2), (0, 5, 2), (2, 7, 2), (3, 8, 1)]


def shot(s, name):
    os.makedirs(SHOTS, exist_ok=True)
    s.save(os.path.join(SHOTS, "iqlandie-task-%s.png" % name))


class Harness:
    def __init__(self, topic, seed, difficulty=1, label="P2"):
        self.s = Session(games=[games.mentaliq])
        self.task = tasks.generate(topic, seed, difficulty)
        self.results = []
        self.scene = TS.open_task(self.s.app, topic, self.task, label,
                                  lambda a, ds: self.results.append((a, ds)))
        self.s.run(40)

    def keys(self, script):
        if script.strip():
            self.s.keys(script)

    def is_open(self):
        return self.scene in self.s.app.stack


def cursor_keys(frm, to, w=6):
    fx, fy, tx, ty = frm % w, frm // w, to % w, to // w
    out = []
    out += ["RIGHT"] * max(0, tx - fx) + ["LEFT"] * max(0, fx - tx)
    out += ["DOWN"] * max(0, ty - fy) + ["UP"] * max(0, fy - ty)
    return " ".join(out)


# --- solving with the generator's solution --------------------------------------------------
def solve_biology(h):
    task = h.task
    board = bytearray(task.start)
    names = []
    for c in task.path:
        e = board.index(0)
        names.append({3: "UP", -3: "DOWN", 1: "LEFT", -1: "RIGHT"}[c - e])
        board[e], board[c] = board[c], 0
    h.keys(" ".join(names))


def solve_programming(h):
    h.keys(cursor_keys(h.task.start, tasks.solution(h.task)))


def solve_optics(h):
    cur = h.scene.cursor
    for cell, o in tasks.solution(h.task):
        h.keys(cursor_keys(cur, cell))
        h.keys("A" + (" A" if o else ""))
        cur = cell
    # SELECT until "Done" is chosen
    for _ in range(6):
        if h.scene.sel == len(h.scene.answer):
            break
        h.keys("SELECT")


def solve_space(h):
    sc = h.scene
    for card, t, dx, dy in tasks.solution(h.task):
        h.keys("A SELECT")                  # +Card adds a card and edits it; SELECT: list
        for _ in range(5):
            if sc.answer[-1][0] == card:
                break
            h.keys("RIGHT")
        assert sc.answer[-1][0] == card
        h.keys("A")                         # edit it
        if t & 4:
            h.keys("B")
        h.keys("A " * (t & 3))
        h.keys(" ".join(["RIGHT"] * max(0, dx) + ["LEFT"] * max(0, -dx)
                        + ["DOWN"] * max(0, dy) + ["UP"] * max(0, -dy)))
        assert sc.answer[-1] == [card, t, dx, dy]
        h.keys("SELECT DOWN")               # end editing, go to +Card (or Done)
    while sc.focus != TS.DONE:
        h.keys("DOWN")


SOLVERS = (solve_biology, solve_programming, solve_optics, solve_space)
HAND_IN = ("A A", "A A", "A", "A")


@pytest.mark.parametrize("topic,seed,difficulty", CASES)
def test_solution_typed_in_keys_is_accepted_by_checker(topic, seed, difficulty):
    h = Harness(topic, seed, difficulty)
    SOLVERS[topic](h)
    shot(h.s, "%s-solved" % tasks.TOPICS[topic].lower())
    assert not h.results and h.is_open()
    h.keys(HAND_IN[topic])
    assert not h.results and h.scene.review == 0     # handed in: the review shows it judged
    assert "Right" in " ".join(h.s.text())
    h.keys("A")                                      # leave the review
    assert len(h.results) == 1
    answer, ds = h.results[0]
    assert tasks.check(h.task, answer)
    assert ds > 0
    assert not h.is_open()               # the scene popped itself before on_done


@pytest.mark.parametrize("topic", range(4))
def test_untouched_answer_is_rejected_by_checker(topic):
    h = Harness(topic, 21 + topic)
    shot(h.s, tasks.TOPICS[topic].lower())
    h.keys(HAND_IN[topic] if topic < 2 else "")
    if topic == 2:
        h.keys("SELECT " * len(h.scene.answer) + "A")
    elif topic == 3:
        h.keys("DOWN A")                    # +Card -> Done
    assert "Wrong" in " ".join(h.s.text())
    h.keys("A")
    answer, ds = h.results[0]
    assert answer is not None and not tasks.check(h.task, answer)


def test_one_stray_a_does_not_hand_in():
    h = Harness(tasks.BIOLOGY, 3)
    h.keys("A")
    assert h.is_open() and "A again:" in h.s.text()[6]
    shot(h.s, "biology-confirm")
    h.keys("UP")                            # any other key cancels
    assert "A: done" in h.s.text()[6]
    h.keys("A")
    assert h.is_open()


def test_timer_runs_in_tenths_and_is_reported():
    h = Harness(tasks.PROGRAMMING, 4)
    h.s.run(2500)
    assert h.s.text()[0].endswith("2.5")
    h.s.run(1000)
    assert h.s.text()[0].endswith("3.5")
    h.keys("A A A")
    answer, ds = h.results[0]
    assert 35 <= ds <= 37


def test_timer_keeps_running_in_task_menu():
    h = Harness(tasks.OPTICS, 4)
    h.keys("START")
    shot(h.s, "menu")
    h.s.run(3000)
    h.keys("A")                              # Keep solving
    assert h.s.app.top() is h.scene
    h.s.run(40)
    assert float(h.s.text()[0].split()[-1]) >= 3.0


def test_give_up_reports_none_after_confirm():
    h = Harness(tasks.SPACE, 9)
    h.keys("START DOWN DOWN DOWN A")         # Give up -> confirm, "No" preselected
    assert h.is_open() and not h.results
    h.keys("DOWN A")                         # Yes
    assert "Gave up" in h.s.text()[0] and not h.results
    h.keys("A")
    assert h.results and h.results[0][0] is None
    assert not h.is_open()


def test_hand_in_from_task_menu():
    h = Harness(tasks.PROGRAMMING, 10)
    start = h.task.start
    h.keys("RIGHT START DOWN A A")           # cursor right, menu, "Hand in answer", review
    expected = start + 1 if start % 6 < 5 else start
    assert h.results and h.results[0][0] == expected and not h.is_open()


def test_biology_b_takes_back_slides():
    h = Harness(tasks.BIOLOGY, 12)
    before = bytearray(h.scene.answer)
    h.keys("UP LEFT DOWN RIGHT UP")
    h.keys("B B B B B")
    assert h.scene.answer == before


def test_biology_screen_shows_board_answer_tiles():
    h = Harness(tasks.BIOLOGY, 13)
    for i in range(9):
        assert h.scene.board[i % 3, i // 3] == h.scene.answer[i]
        assert h.scene.goal[i % 3, i // 3] == h.task.target[i]


def test_programming_cursor_stays_inside_grid():
    h = Harness(tasks.PROGRAMMING, 14)
    h.keys("LEFT*8 UP*8")
    assert h.scene.cursor == 0
    h.keys("RIGHT*8 DOWN*8")
    assert h.scene.cursor == 35


def test_programming_leds_show_side_colours_and_are_restored():
    h = Harness(tasks.PROGRAMMING, 15)
    before = h.scene.saved_leds
    assert h.s.app.leds.colors != before
    h.keys("A A A")
    assert h.s.app.leds.colors == before


def test_optics_a_turns_b_removes_select_jumps():
    h = Harness(tasks.OPTICS, 16)
    sc = h.scene
    c = sc.cursor
    h.keys("A")                              # token 1 placed, token 2 chosen
    assert sc.answer[0] == [c, 0] and sc.sel == 1
    h.keys("A")                              # turn the mirror under the cursor
    assert sc.answer[0] == [c, 1] and sc.sel == 1   # the next mirror stays chosen
    shot(h.s, "optics-mirror")
    h.keys("B")
    assert sc.answer[0][0] == optics.NONE and sc.sel == 0
    h.keys("RIGHT A" if c % 6 < 5 else "LEFT A")   # the removed mirror is placed next
    assert sc.answer[0][0] != optics.NONE and sc.answer[0][0] != c
    assert sc.sel == 1                       # and the next one in the box is chosen
    h.keys("SELECT " * len(sc.answer))       # n + 1 choices: mirrors and Done
    assert sc.sel == 0 and sc.cursor == sc.answer[0][0]   # SELECT jumps to a placed mirror


def test_optics_laser_hidden_until_handed_in_then_drawn_from_start():
    h = Harness(tasks.OPTICS, 17)
    sc = h.scene
    cell, d = optics.port_cell(h.task.start)
    assert not any(sc.mask)                  # no beam while solving
    assert "Place" in h.s.text()[6]
    solve_optics(h)                          # a right answer: still no beam, no verdict
    assert not any(sc.mask) and sc.exit == -1
    rows = " ".join(h.s.text())
    assert "goal" not in rows and "Right" not in rows and "All set" in rows
    h.keys("A")                              # hand in: now the laser is drawn
    assert sc.mask[cell]                     # the beam crosses the start field
    assert sc.exit == h.task.goal and "on goal" in h.s.text()[3]
    shot(h.s, "optics-review")


def test_optics_wrong_answer_shows_the_miss_then_a_card_marking_the_differences():
    h = Harness(tasks.OPTICS, 13)
    sc = h.scene
    sol = tasks.solution(h.task)
    h.keys(cursor_keys(sc.cursor, sol[0][0]) + " A")
    if not sol[0][1]:
        h.keys("A")                          # the first mirror turned the wrong way
    cur = sol[0][0]
    for cell, o in sol[1:]:
        h.keys(cursor_keys(cur, cell) + " A" + (" A" if o else ""))
        cur = cell
    while sc.sel != len(sc.answer):
        h.keys("SELECT")
    h.keys("A")
    assert "Wrong" in h.s.text()[4] and sc.exit != h.task.goal
    h.keys("SELECT")                         # the card turned over
    assert sc.review == 1 and "The card" in h.s.text()[1] and "on goal" in h.s.text()[3]
    assert tasks.check(h.task, sc.view) and sc.exit == h.task.goal
    assert [c for c in range(36) if sc.diff[c]] == [sol[0][0]]
    assert sc.board[1 + sol[0][0] % 6, 1 + sol[0][0] // 6] >= 48     # inverted
    shot(h.s, "optics-card")
    h.keys("SELECT")
    assert sc.review == 0 and not h.results
    h.keys("A")
    assert h.results and not tasks.check(h.task, h.results[0][0])


def test_review_stops_the_clock_at_hand_in():
    h = Harness(tasks.BIOLOGY, 3)
    h.s.run(1500)
    h.keys("A A")
    shown = h.s.text()[0][-5:]
    h.s.run(5000)                            # reading the review costs no time
    assert h.s.text()[0][-5:] == shown
    h.keys("A")
    assert 15 <= h.results[0][1] <= 17
    assert shown.strip() == "%d.%d" % (h.results[0][1] // 10, h.results[0][1] % 10)


@pytest.mark.parametrize("topic", range(4))
def test_card_turned_over_after_a_wrong_answer_shows_a_correct_solution(topic):
    h = Harness(topic, 40 + topic, 2)
    if topic == 2:
        h.keys("SELECT " * len(h.scene.answer) + "A")
    elif topic == 3:
        h.keys("DOWN A")
    else:
        h.keys(("UP LEFT " if topic == 0 else "RIGHT ") + "A A")
    sc = h.scene
    assert sc.review == 0 and not sc.ok
    h.keys("RIGHT")
    assert sc.review == 1
    rows = h.s.text()
    shot(h.s, "%s-card" % tasks.TOPICS[topic].lower())
    if topic == 0:
        shown = bytearray(sc.board[i % 3, i // 3] for i in range(9))
        assert tasks.check(h.task, shown) and sc.frames     # differing fields framed
    elif topic == 1:
        end = tasks.solution(h.task)
        assert sc.board[1 + end % 6, 1 + end // 6] == 1     # the robot where it stops
        assert sc.board[1 + sc.answer % 6, 1 + sc.answer // 6] == 2   # yours, inverted
    elif topic == 2:
        assert tasks.check(h.task, sc.view)
    else:
        assert "*1 C" in rows[1]                 # the card's layers, starred where yours differ
        from games.iqlandie import space
        win = [sc.work[2 + i % 3, 2 + i // 3] % space.NTILES for i in range(9)]
        assert bytes(win) == bytes(space.TILE[v] for v in h.task.target)
    h.keys("A")
    assert h.results


def test_hot_seat_review_keeps_the_card_hidden_while_others_still_solve():
    h = Harness(tasks.PROGRAMMING, 5)
    h.scene.reveal = False
    h.keys("A A")
    assert "Card:later" in h.s.text()[6]
    h.keys("SELECT RIGHT")
    assert h.scene.review == 0
    h.keys("A")
    assert h.results


def test_space_flip_then_turn_matches_transform_rules():
    h = Harness(tasks.SPACE, 18)
    sc = h.scene
    h.keys("A")                              # add card 1, editing
    for t in range(8):
        assert sc.answer[0][1] in range(8)
    h.keys("B A")
    assert sc.answer[0][1] == 5
    h.keys("B")                              # flipping a turned card: mirror of what is seen
    from games.iqlandie import space
    seen = space.transform(0, 5)
    flipped = space.transform(0, sc.answer[0][1])
    for y in range(3):
        for x in range(3):
            assert flipped[y * 3 + x] % 6 == seen[y * 3 + 2 - x] % 6   # pictures mirror too


def test_space_remove_and_swap_card():
    h = Harness(tasks.SPACE, 19)
    sc = h.scene
    h.keys("A SELECT RIGHT")
    assert sc.answer[0][0] == 1
    h.keys("B")
    assert sc.answer == [] and sc.focus == TS.ADD


def test_space_offsets_clamped():
    h = Harness(tasks.SPACE, 20)
    sc = h.scene
    h.keys("A LEFT*4 UP*4")
    assert sc.answer[0][2:] == [-2, -2]
    shot(h.s, "space-edit")


def test_how_to_solve_page_opens_from_task_menu_and_returns_to_task():
    h = Harness(tasks.BIOLOGY, 30)
    for topic in range(4):
        if topic:
            h.scene = TS.open_task(h.s.app, topic, tasks.generate(topic, 30), "P3",
                                   lambda a, ds: None)
            h.s.run(40)
        h.keys("START DOWN DOWN A")
        rows = h.s.text()
        assert rows[0].strip() == tasks.TOPICS[topic]
        shot(h.s, "%s-help" % tasks.TOPICS[topic].lower())
        h.keys("A")                          # close the page: back to solving
        assert h.s.app.top() is h.scene
