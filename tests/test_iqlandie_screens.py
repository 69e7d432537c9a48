"""iQLANDIE game screens driven by keys: options, a whole game 1 human vs 3 CPUs to the
scoreboard, a hot-seat round with the privacy screen, the real task screen, draft, placement
(move, rotate, flip, switch exhibition, place), the 1x1 fallback and the discard, jokers,
save after a placement + power cut + resume, the scoreboard breakdown. PNG of every screen to
build/screens/iqlandie-*.png."""
import os

import pytest

import games.iqlandie as gm
from games.iqlandie import menu, screens as S, game as G, pieces as P, exhibits as X, tasks
from games.iqlandie import cpu, tiles as T
from handheld.progress import RESUME_KEY, decode_resume
from handheld.match import decode_match
from handheld.rng import Rng
from host_sim.session import Session

SHOTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build",
                     "screens")


@pytest.fixture(autouse=True)
def wired(monkeypatch):
    """The lead's __init__ wrappers, test-local; CPUs act fast; tasks answered by a stand-in
    (right, in 12.3 s) unless a test restores the real task screens."""
    monkeypatch.setattr(gm, "make_menu", lambda app: menu.make_menu(gm, app), raising=False)
    monkeypatch.setattr(gm, "rematch", lambda app, old: menu.rematch(gm, app, old),
                        raising=False)
    monkeypatch.setattr(gm, "resume_match", lambda app, d: menu.resume_match(gm, app, d),
                        raising=False)
    monkeypatch.setattr(S, "CPU_DELAY_MS", 20)
    monkeypatch.setattr(S, "CPU_SOLVE_MS", 20)
    calls = []

    def stand_in(app, topic, task, label, on_done, reveal=True, review=None):
        calls.append((topic, tasks.task_id(task), label, reveal) + ((review,) if review else ()))
        on_done(tasks.solution(task) if review is None else review[0], 123)
    monkeypatch.setattr(S, "open_task", stand_in)
    return calls


def shot(s, name):
    os.makedirs(SHOTS, exist_ok=True)
    if s.hw.display is None:                 # driven without a display (fast): render now
        s.hw.display = s.display
        s.display.refresh()                  # no step: the screen must not move on
        s.save(os.path.join(SHOTS, "iqlandie-%s.png" % name))
        s.hw.display = None
    else:
        s.save(os.path.join(SHOTS, "iqlandie-%s.png" % name))


def headless(s):
    """Drive without rendering frames (the host displayio is slow); shot() still renders."""
    s.display = s.hw.display
    s.hw.display = None


def shown(s):
    s.hw.display = s.display
    s.run(20)


def top(s):
    return type(s.app.top()).__name__


def boot(nvm=None):
    return Session(games=[gm], nvm=nvm)


def new_game(s, players=4, kinds=("Human",), level=None):
    """Title -> Play -> iQLANDIE -> New game, set players (LEFT/RIGHT on the options)."""
    s.keys("A A A")
    assert s.text()[0].strip() == "New game"
    opts = s.app.top()
    opts.values["players"] = players - 2
    for i, k in enumerate(kinds):
        opts.values["p%d" % (i + 1)] = k
    opts.set_items(opts.build())
    s.run(40)


def start(s):
    s.keys("A")          # "Start" is the first line
    s.run(60)
    return s.app.top()


def hub_of(s):
    for sc in s.app.stack:
        if isinstance(sc, S.GameScene):
            return sc
    return None


def act_human(s, seen, names=True):
    """One key step for whatever screen a human faces; returns False when the game is over."""
    name = top(s)
    if names and name not in seen:
        seen.add(name)
        shot(s, {"TopicScreen": "topic", "ReadyScreen": "ready", "ResultsScreen": "results",
                 "DraftScreen": "draft", "PlaceScreen": "place", "SummaryScreen": "summary",
                 "FallbackScreen": "fallback", "JokerScreen": "joker",
                 "ScoreScreen": "scoreboard", "GameScene": "table"}.get(name, name))
    if name == "ScoreScreen":
        return False
    if name == "GameScene":
        s.run(100)
    elif name == "PlaceScreen":
        s.keys("START A")
    else:
        s.keys("A")
    return True


# --- options -------------------------------------------------------------------------------------
def test_options_show_one_line_per_player_and_start_the_chosen_kinds():
    s = boot()
    s.keys("A A")
    assert s.text()[0].strip() == "iQLANDIE"
    shot(s, "menu")
    s.keys("A")
    rows = s.text()
    assert "Players             4" in rows and any("Player 3" in r for r in rows)
    assert any("Player 4" in item.label for item in s.app.top().items)   # one row down
    shot(s, "options")
    s.keys("DOWN LEFT LEFT")                         # 4 -> 2 players
    rows = s.text()
    assert not any("Player 3" in r for r in rows)
    s.keys("DOWN*3 RIGHT UP*4")                   # Tasks: Hard; back to Start
    hub = start(s)
    assert isinstance(hub_of(s), S.GameScene)
    hub = hub_of(s)
    assert hub.g.players == 2 and list(hub.g.kinds) == [0, 2] and hub.difficulty == 2
    assert s.app.store.get(RESUME_KEY) is not None        # saved from the first moment


def test_how_to_play_explains_the_buttons():
    s = boot()
    s.keys("A A DOWN A")
    text = " ".join(s.app.top().lines)
    assert "SELECT the next exhibition" in text and "A turns it" in text


# --- a whole game -----------------------------------------------------------------------------------
def test_full_game_one_human_against_three_cpus_reaches_the_scoreboard(wired):
    s = boot()
    new_game(s, 4, (0, 1, 2, 3))
    start(s)
    hub = hub_of(s)
    g = hub.g
    seen = set()
    steps = 0
    headless(s)
    while act_human(s, seen):
        steps += 1
        assert steps < 3000, "the game does not end"
    shown(s)
    assert g.phase == G.OVER and g.round == G.ROUNDS
    # every round the human solved one task (the stand-in) and placed 2 pieces
    assert len(wired) == G.ROUNDS and all(c[2] == "You" for c in wired)
    assert g.boards[0].n + g.boards[0].ndiscard == 2 * G.ROUNDS
    for name in ("TopicScreen", "ReadyScreen", "ResultsScreen", "DraftScreen", "PlaceScreen",
                 "SummaryScreen", "GameScene"):
        assert name in seen
    # scoreboard: the 8 criteria per player and the sum, then the ranking
    sc = s.app.top()
    assert sc.lines[0].startswith("Col") and sc.lines[7].startswith("1st")
    for p in range(4):
        bd = g.score_breakdown(p)
        for k in range(8):
            assert int(sc.lines[k][4 + 4 * p:8 + 4 * p]) == bd[k]
        assert int(sc.lines[8][4 + 4 * p:8 + 4 * p]) == sum(bd)
    order, shared = g.ranking()
    assert sc.lines[9].startswith("1 " + hub.name(order[0], True))
    assert s.app.store.get(RESUME_KEY) is None          # a finished game is not resumable
    s.keys("DOWN*6")
    shot(s, "scoreboard-ranking")
    s.keys("SELECT")
    assert top(s) == "BoardView"
    shot(s, "boards-end")
    s.keys("B A")
    assert s.text()[0].strip() == "Game over"
    shot(s, "game-over-menu")
    s.keys("A")                                            # rematch: a fresh game, same seats
    s.run(60)
    h2 = hub_of(s)
    assert h2 is not hub and list(h2.kinds) == [0, 1, 2, 3] and h2.g.round == 0


def test_cpu_turns_show_thinking_and_the_acting_players_led_colour(monkeypatch):
    s = boot()
    new_game(s, 3, (0, 2, 2))
    start(s)
    hub = hub_of(s)
    g = hub.g
    s.keys("A A")                    # topic, ready -> stand-in answer; results screen
    assert top(s) == "ResultsScreen"
    shot(s, "results")
    s.keys("A")
    # the human drafts first (fastest right answer), then the CPUs think on the table
    monkeypatch.setattr(S, "CPU_DELAY_MS", 2000)
    while top(s) == "DraftScreen":
        s.keys("A")
    assert top(s) == "GameScene"
    s.run(20)
    row = s.text()[1 + g.turn]
    assert row.startswith("\x82") and row.endswith("drafts\x88")
    from handheld.match import PLAYER_COLORS
    assert s.hw.pixels.shown[0] == PLAYER_COLORS[g.turn]


# --- hot seat --------------------------------------------------------------------------------------
def test_hot_seat_each_human_solves_in_private_after_the_privacy_screen(wired):
    s = boot()
    new_game(s, 3, (0, 0, 1))
    start(s)
    g = hub_of(s).g
    s.keys("A")                                        # P1 picks the first topic
    assert top(s) == "ReadyScreen"
    rows = s.text()
    assert "Pass the handheld to" in rows[2] and rows[3].strip() == "P1"
    shot(s, "privacy")
    s.keys("A")                                        # P1 solves (stand-in)
    while top(s) == "GameScene":
        s.run(20)
    assert top(s) == "ReadyScreen" and s.text()[3].strip() == "P2"
    assert g.reported[0] and not g.reported[1]
    s.keys("A")
    while top(s) == "GameScene":
        s.run(20)
    assert top(s) == "ResultsScreen"
    assert [c[2] for c in wired] == ["P1", "P2", "P1"] and wired[0][1] == wired[1][1]  # same task
    # the card is turned over once the last human has solved (P2): then P1's answer, kept
    # since P1 handed it in, is shown again, judged, with the card
    assert [c[3] for c in wired] == [False, True, True]
    assert wired[2][4] == (tasks.solution(hub_of(s).round_task()), 123)
    s.keys("A")
    while top(s) == "GameScene":
        s.run(20)
    assert top(s) == "DraftScreen" and g.kinds[g.turn] == 0
    assert s.text()[0].startswith(" P%d take 1/2" % (g.turn + 1))    # whose turn, in hot seat
    code = g.offer(g.topic)[0]
    assert s.hw.pixels.shown[0] == S.rgb(P.colour_of(code))    # LEDs: the piece's colour
    shot(s, "draft-hotseat")


def test_real_task_screen_hand_in_is_checked_and_reported(monkeypatch):
    from games.iqlandie import task_screens
    monkeypatch.setattr(S, "open_task", task_screens.open_task)
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    g = hub_of(s).g
    s.keys("A")
    assert top(s) == "ReadyScreen"
    shot(s, "ready")
    s.keys("A")
    scene = s.app.top()
    assert isinstance(scene, task_screens.TaskScene)
    s.run(2000)
    shot(s, "task-live")
    task = hub_of(s).round_task()
    expect = tasks.check(task, scene.answer)     # the untouched start answer
    s.keys("START DOWN A")                       # task menu: "Hand in answer"
    s.run(200)
    assert not g.reported[0]                     # the review first: your answer judged
    s.keys("A")
    s.run(200)
    assert g.reported[0] and g.correct[0] == (1 if expect else 0)
    assert g.times[0] >= 20                      # the clock ran while the screen was up


# --- draft -----------------------------------------------------------------------------------------
def to_human_phase(s, phase):
    """Play keys until the human faces a screen of `phase`."""
    hub = hub_of(s)
    headless(s)
    for _ in range(400):
        g = hub.g
        if g.phase == phase and g.turn == 0 and top(s) not in ("GameScene", "ResultsScreen",
                                                                "SummaryScreen"):
            shown(s)
            return hub
        act_human(s, set(), names=False)
    raise AssertionError("phase not reached")


def test_draft_takes_two_pieces_then_adds_one_from_the_chosen_bag():
    s = boot()
    new_game(s, 3, (0, 3, 3))
    start(s)
    hub = to_human_phase(s, G.DRAFT)
    g = hub.g
    offer = g.offer(g.topic)
    s.keys("RIGHT")
    assert s.text()[3].strip().startswith(P.SHAPE_NAMES[P.shape_of(offer[1])])
    s.keys("A")
    assert g.hand(0) == bytes([offer[1]])
    offer = g.offer(g.topic)
    assert s.text()[0].strip().startswith("Take 2/2")
    s.keys("A")                                   # second take: the cursor stayed at 2
    assert len(g.hand(0)) == 2 and g.hand(0)[1] == offer[1]
    assert s.text()[0].strip() == "Add from a bag"
    shot(s, "draft-bag")
    before = bytes(g.bagn)
    s.keys("DOWN DOWN A")                         # the large bag
    assert g.bagn[G.LARGE] == before[G.LARGE] - 1 and P.size_of(g.drawn) == 5
    assert top(s) == "GameScene" and any("You added" in e for e in hub.events)


# --- placement -------------------------------------------------------------------------------------
def test_placement_moves_rotates_flips_switches_exhibition_and_places():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    hub = to_human_phase(s, G.PLACE)
    g = hub.g
    ps = s.app.top()
    assert isinstance(ps, S.phases().PlaceScreen)
    code = ps.code
    e0, o0 = ps.e, ps.o
    s.keys("A")
    assert ps.o == (o0 & 4) | ((o0 + 1) & 3)      # A turns a quarter
    s.keys("B")
    assert ps.o == ((o0 & 4) | ((o0 + 1) & 3)) ^ 4  # B flips
    s.keys("SELECT")
    assert ps.e == (e0 + 1) % X.NEXH and s.text()[1].strip().startswith("%d " % (ps.e + 1))
    shot(s, "place-switched")
    s.keys("LEFT*5 UP*5 RIGHT")
    bw, bh = P.bbox(ps.shape, ps.o)
    assert (ps.x, ps.y) == (min(1, X.EXH_W[ps.e] - bw), 0)
    want = (ps.e, ps.o, ps.x, ps.y)
    s.keys("START")
    assert s.text()[1] == "Place here"
    shot(s, "place-menu")
    s.keys("A")
    b = g.boards[0]
    assert b.n >= 1 and b.code[0] == code
    assert (b.exh[0], b.orient[0], b.px[0], b.py[0]) == want
    assert "You put" in hub.events[2]


def test_ghost_over_a_placed_piece_is_refused():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    hub = to_human_phase(s, G.PLACE)
    s.keys("START A")                              # the first piece at its first fit
    ps = s.app.top()
    assert isinstance(ps, S.phases().PlaceScreen)
    first = hub.g.boards[0]
    ps.show_exhibit(first.exh[0])
    ps.o, ps.x, ps.y = first.orient[0], first.px[0], first.py[0]
    ps.clamp()
    ps.draw()
    assert not ps.fits() and "blocked" in s.text()[4]
    assert T.GHOST_BAD in [ps.ghost[x, y] for x in range(5) for y in range(5)]
    s.run(20)
    shot(s, "place-blocked")
    s.keys("START")
    assert s.text()[1] == "Place here (blocked)"
    n = hub.g.boards[0].n
    s.keys("A")
    assert top(s) == "PlaceScreen" and hub.g.boards[0].n == n and "no room" in s.text()[5]


def fill_board(board, leave):
    """Mark every cell of a board taken except the `leave` cells (a test-only shortcut)."""
    for i in range(X.NCELLS):
        if not board.cells[i] and i not in leave:
            board.cells[i] = 1


@pytest.mark.parametrize("room", [1, 0])
def test_a_piece_that_fits_nowhere_is_explained_then_becomes_a_1x1_or_is_lost(room):
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    hub = hub_of(s)
    g = hub.g
    # run to the human's placement, but stop on the table before the screen opens
    hub = to_human_phase(s, G.PLACE)
    s.app.pop()                                      # close the placement screen
    free = [i for i in range(X.NCELLS) if not g.boards[0].cells[i]]
    fill_board(g.boards[0], free[:room])
    s.run(40)
    assert top(s) == "FallbackScreen"
    rows = s.text()
    assert "fits in none of your" in rows
    if room:
        assert any("You take a 1x1" in r for r in rows)
        shot(s, "fallback")
    else:
        assert "the piece is lost." in rows
        shot(s, "fallback-discard")
    code = g.hand(0)[0]
    s.keys("A")
    if room:
        assert g.hand(0)[0] == P.make(P.MONO, P.colour_of(code))
        s.run(40)
        if len(g.hand(0)) == 2:                     # the other piece fits nowhere either
            assert top(s) == "FallbackScreen"
            s.keys("A")
            s.run(40)
        ps = s.app.top()
        assert isinstance(ps, S.phases().PlaceScreen) and ps.shape == P.MONO and ps.fits()
    else:
        assert g.boards[0].ndiscard == 1


# --- save and resume ---------------------------------------------------------------------------------
def test_save_after_a_placement_survives_a_power_cut_and_resumes():
    s = boot()
    new_game(s, 3, (0, 1, 3))
    start(s)
    hub = to_human_phase(s, G.PLACE)
    s.keys("START A")                                   # place the first piece
    g = hub.g
    assert g.boards[0].n == 1
    rec = decode_resume(s.app.store.get(RESUME_KEY))
    assert rec[0] == "iqlandie" and rec[1] == "*match"
    kinds, level, state = decode_match(rec[4])
    assert kinds == [0, 1, 3] and level == 1 and bytes(state) == g.save_state()
    log = bytes(g.log[:g.nlog])
    s2 = boot(nvm=s.hw.nvm)                              # power cut: boot on the same memory
    assert s2.text()[1] == "Resume iQLANDIE"
    shot(s2, "resume-title")
    s2.keys("A")
    s2.run(40)
    h2 = hub_of(s2)
    assert h2 is not None and bytes(h2.g.log[:h2.g.nlog]) == log
    assert h2.g.boards[0].n == 1 and top(s2) == "PlaceScreen"   # the second piece to place
    assert h2.difficulty == 1


def test_damaged_resume_data_is_refused():
    s = boot()
    with pytest.raises(ValueError):
        menu.resume_match(gm, s.app, b"\x01\x02\x00\x02\x00\x01IQjunk")
    with pytest.raises(ValueError):
        menu.resume_match(gm, s.app, b"nonsense")


def test_quit_keeps_the_game_resumable_from_the_title():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    s.keys("START")                                     # the pause menu on the topic screen
    assert s.text()[0].strip() == "Paused"
    shot(s, "pause")
    s.keys("UP A")                                      # Quit to menu (last line)
    assert s.text()[0].strip() == "iQLANDIE"
    s.keys("B B")
    assert s.text()[1] == "Resume iQLANDIE"


# --- end of the game ---------------------------------------------------------------------------------
def cpu_game_to_end(seed):
    """A 2-player game where both seats are played by the CPU code up to END."""
    g = G.Game.new(2, [0, 2], seed)
    while g.phase != G.END and g.phase != G.OVER:
        rng = Rng(seed + g.nlog)
        assert g.apply(cpu.decide(g, 2, rng))
    return g


def test_jokers_are_coloured_with_a_preview_then_the_scoreboard_shows_the_breakdown():
    g = None
    for seed in range(1, 60):
        g = cpu_game_to_end(seed)
        if g.phase == G.END and g.jokers_pending(0):
            break
    assert g.jokers_pending(0), "no seed gave the human a joker"
    s = boot()
    s.keys("A A")
    hub = S.GameScene(s.app, gm, g, 1)
    s.app.push(hub)
    s.run(100)
    while top(s) == "GameScene":
        s.run(20)
    assert top(s) == "JokerScreen"
    js = s.app.top()
    slot = js.slot
    base = js.colour
    before = s.text()
    s.keys("RIGHT")
    assert js.colour == (base + 1) % P.NCOLOURS
    assert s.text()[3] != before[3] and P.COLOUR_NAMES[js.colour] in s.text()[3]
    assert g.boards[0].colour[slot] == P.JOKER          # only a preview
    shot(s, "joker")
    chosen = js.colour
    s.keys("A")
    assert g.boards[0].colour[slot] == chosen
    for _ in range(40):
        if top(s) == "ScoreScreen":
            break
        if top(s) == "JokerScreen":
            s.keys("A")
        else:
            s.run(40)
    assert top(s) == "ScoreScreen" and g.phase == G.OVER
    shot(s, "scoreboard")
    sc = s.app.top()
    for p in range(2):
        assert int(sc.lines[8][4 + 4 * p:8 + 4 * p]) == g.total(p)


def test_board_view_shows_every_players_exhibitions_and_breakdown():
    g = cpu_game_to_end(5)
    s = boot()
    s.keys("A A")
    hub = S.GameScene(s.app, gm, g, 1)
    hub.over = True                 # look only
    s.app.push(hub)
    s.keys("SELECT")
    bv = s.app.top()
    from games.iqlandie.pause_menu import BoardView     # imported when SELECT opens it
    assert isinstance(bv, BoardView) and bv.player == 0
    bd = g.score_breakdown(0)
    assert s.text()[7].endswith("=%d" % sum(bd))
    b = g.boards[0]
    # the mini grid shows each exhibit's cells: empty ones as dots, pieces otherwise
    for e in range(X.NEXH):
        for y in range(X.EXH_H[e]):
            for x in range(X.EXH_W[e]):
                tile = bv.mini[BoardView.MX[e] + x, y]
                assert (tile == 1) == (b.colour_at(e, x, y) < 0)
    shot(s, "boards")
    s.keys("RIGHT")
    assert bv.player == 1 and s.text()[7].endswith("=%d" % g.total(1))


def test_tile_sheets_tell_the_six_colour_patterns_apart():
    import displayio
    big, ghost, mini = T.make_sheets(displayio.Bitmap)
    seen = set()
    for pat in range(T.NPAT):
        t = T.big_tile(pat, 15, 0)
        px = tuple(big[t * 8 + x, y] for y in range(8) for x in range(8))
        seen.add(px)
    assert len(seen) == T.NPAT
    seen = set()
    for pat in range(T.NPAT):
        t = T.mini_tile(pat, 0, 0)
        seen.add(tuple(mini[t * 4 + x, y] for y in range(4) for x in range(4)))
    assert len(seen) == T.NPAT


def test_moving_the_ghost_one_cell_sends_at_most_64_bytes_for_the_board():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    to_human_phase(s, G.PLACE)
    ps = s.app.top()
    s.keys("SELECT")
    while ps.board.free_cells(ps.e) < X.EXH_W[ps.e] * X.EXH_H[ps.e]:
        s.keys("SELECT")                        # an empty exhibition: the HUD stays the same
    s.keys("LEFT*5 UP*5")
    s.run(40)
    costs = []
    for key in ("RIGHT", "DOWN", "LEFT", "UP"):
        before = s.hw.display.bytes_sent
        s.keys(key)
        costs.append(s.hw.display.bytes_sent - before)
    print("ghost move bytes", costs)
    assert max(costs) <= 64, costs


def _played_game(seed=5):
    from games.iqlandie import game as G, cpu
    from handheld.rng import Rng
    g = G.Game.new(3, [2, 2, 2], seed)
    rng = Rng(seed)
    while g.phase != G.OVER:
        assert g.apply(cpu.decide(g, g.kinds[g.turn], rng))
    return g


def test_no_task_is_repeated_in_a_game_even_when_seeds_collide(monkeypatch):
    from games.iqlandie import tasks as T
    g = _played_game()
    assert len(g.topics()) == 12
    got = T.round_tasks(g.seed, g.topics(), 1, {}, [])
    assert len(got) == 12 and len(set(T.task_id(t) for t in got)) == 12
    # every round asking for the same seed: the game still moves on to unseen puzzles
    monkeypatch.setattr(T, "task_seed", lambda seed, rnd, topic: 1234)
    got = T.round_tasks(g.seed, g.topics(), 1, {}, [])
    assert len(set(T.task_id(t) for t in got)) == 12
    for rnd, t in enumerate(got):
        assert t.topic == g.topics()[rnd]


def test_round_tasks_are_the_same_when_rebuilt_after_a_resume():
    from games.iqlandie import tasks as T
    g = _played_game(9)
    whole = T.round_tasks(g.seed, g.topics(), 2, {}, [])
    used, part = {}, []
    T.round_tasks(g.seed, g.topics()[:5], 2, used, part)   # the first five rounds, then the rest
    T.round_tasks(g.seed, g.topics(), 2, used, part)
    assert [T.task_id(t) for t in part] == [T.task_id(t) for t in whole]


def test_a_handed_in_task_frees_its_screens_code_and_art(monkeypatch):
    import sys
    from handheld import gfx
    from games.iqlandie import screens as S, tasks as T
    from games.iqlandie import task_screens
    monkeypatch.setattr(S, "open_task", task_screens.open_task)   # the real screens, not the stand-in
    s = Session(games=[])
    task = T.generate(T.SPACE, 3, 1)
    S.open_task(s.app, T.SPACE, task, "You", lambda a, ds: None)
    assert "games.iqlandie.task_screens" in sys.modules and "iq-space" in gfx._sheets
    s.app.pop()
    S.unload_task_screens()
    assert "games.iqlandie.task_screens" not in sys.modules
    assert "games.iqlandie.space" not in sys.modules and "iq-space" not in gfx._sheets
    # the next round imports them again
    from games.iqlandie import task_screens as again
    again.open_task(s.app, T.BIOLOGY, T.generate(T.BIOLOGY, 4, 1), "You", lambda a, ds: None)
    assert "games.iqlandie.task_screens" in sys.modules and again is not task_screens


def test_starting_a_task_frees_the_phase_screens_until_the_task_is_handed_in(monkeypatch):
    import sys
    seen = {}

    def stand_in(app, topic, task, label, on_done, reveal=True):
        seen["phases loaded"] = "games.iqlandie.phases" in sys.modules
        on_done(None, 50)

    monkeypatch.setattr(S, "open_task", stand_in)
    s = Session(games=[gm])
    hub = menu.start(gm, s.app, [0, 1], 1, seed=3)
    S.phases()
    while hub.g.phase != G.SOLVE:                   # the topic, chosen for whoever chooses
        hub.act(cpu.decide(hub.g, 2, Rng(1)))
    hub.start_task(0)
    assert seen["phases loaded"] is False
    assert hub.g.reported[0]                       # the answer was reported
    S.phases()                                      # and the phase screens come back on demand
    assert "games.iqlandie.phases" in sys.modules


def test_the_ready_screen_shows_how_to_solve_before_the_clock_starts():
    """Issue 14: a task's controls can be read before its clock runs (SELECT on the ready
    screen); closing the page comes back to the ready screen, the task not started."""
    from host_sim.session import Session
    s = Session()
    s.keys("A DOWN*4 A A A wait:3000 A wait:500")   # iQLANDIE, new game, a topic chosen
    ready = s.app.top()
    assert type(ready).__name__ == "ReadyScreen"
    assert "SELECT: how to solve" in " ".join(s.text())
    s.keys("SELECT")
    page = s.app.top()
    assert type(page).__name__ == "TextPage" and len(" ".join(page.lines)) > 80
    s.keys("B")
    assert s.app.top() is ready
    s.keys("A wait:100")
    assert ready not in s.app.stack     # now the task runs (here answered by the stand-in)


def test_placed_pieces_are_picked_up_again_moved_and_final_only_after_end_placing():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    hub = to_human_phase(s, G.PLACE)
    g = hub.g
    b = g.boards[0]
    s.keys("START A")                              # first piece placed
    assert top(s) == "PlaceScreen" and len(g.hand(0)) == 1
    s.keys("START A")                              # second piece placed: still our turn
    assert top(s) == "PlaceScreen" and g.turn == 0 and not g.hand(0)
    ps = s.app.top()
    assert ps.piece == -1 and s.text()[0].strip() == "All placed"
    shot(s, "place-all-placed")
    first = (b.code[0], b.exh[0], b.orient[0], b.px[0], b.py[0])
    s.keys("START")
    rows = s.text()
    assert rows[1] == "End placing" and rows[2].startswith("Pick up " + P.SHAPE_NAMES[
        P.shape_of(first[0])]) and rows[3].startswith("Pick up")
    shot(s, "place-pick-up-menu")
    s.keys("DOWN A")                               # pick up the first piece
    ps = s.app.top()
    assert top(s) == "PlaceScreen" and b.n == 1 and g.hand(0) == bytes((first[0],))
    assert (ps.e, ps.o, ps.x, ps.y) == first[1:]   # the ghost lies where the piece lay
    shot(s, "place-picked-up")
    assert hub.events[2].startswith("You took up")
    # turn, flip and move it to another exhibit, then place it again
    for _ in range(X.NEXH):
        s.keys("SELECT B A")
        if ps.fits() and ps.e != first[1]:
            break
    want = (ps.e, ps.o, ps.x, ps.y)
    s.keys("START A")
    assert b.n == 2 and (b.code[1], b.exh[1], b.orient[1], b.px[1], b.py[1]) == \
        (first[0],) + want
    assert g.turn == 0 and g.phase == G.PLACE
    rnd = g.round
    s.keys("START A")                              # End placing
    assert g.turn != 0 or g.phase != G.PLACE
    assert g.round > rnd or g.ended & 1            # final now (the CPU keeps its own)


def test_the_table_tells_the_game_the_task_difficulty_for_cpu_solve_times():
    s = Session(games=[gm])
    for d in range(3):
        hub = menu.start(gm, s.app, [0, 1], d, seed=3)
        assert hub.g.difficulty == d
        again = G.Game.restore(hub.g.save_state())
        resumed = S.GameScene(s.app, gm, again, d)
        assert resumed.g.difficulty == d


def test_a_lift_is_saved_and_resumes_with_the_piece_back_in_the_hand():
    s = boot()
    new_game(s, 2, (0, 2))
    start(s)
    hub = to_human_phase(s, G.PLACE)
    g = hub.g
    s.keys("START A START A")                            # both placed: "All placed"
    assert s.text()[0].strip() == "All placed"
    s.keys("START DOWN DOWN A")                          # pick up the second piece
    assert g.boards[0].n == 1 and len(g.hand(0)) == 1
    s2 = boot(nvm=s.hw.nvm)                              # power cut
    s2.keys("A")
    s2.run(40)
    h2 = hub_of(s2)
    assert h2.g.save_state() == g.save_state()
    assert h2.g.boards[0].n == 1 and h2.g.hand(0) == g.hand(0) and top(s2) == "PlaceScreen"


def test_hot_seat_earlier_solvers_see_their_answer_on_the_card_after_the_last_one(monkeypatch):
    """Issue 14: the seed turns the card over once every player has solved, so only the last
    human saw it; now each earlier human's answer comes back judged, with the card and where it
    differs, before the round goes on (the handheld is passed round once more)."""
    from games.iqlandie import task_screens
    monkeypatch.setattr(S, "open_task", task_screens.open_task)
    s = boot()
    new_game(s, 3, (0, 0, 2))
    start(s)
    g = hub_of(s).g
    s.keys("A")                                  # P1 picks the topic
    s.keys("A")                                  # privacy screen: P1
    first = s.app.top()
    assert isinstance(first, task_screens.TaskScene) and not first.reveal
    s.run(1500)
    mine = first.answer
    s.keys("START DOWN A")                       # P1 hands in
    assert first.review == 0 and "Card:later" in "".join(s.text()).replace(" ", "")
    s.keys("A")
    while top(s) == "GameScene":
        s.run(20)
    assert top(s) == "ReadyScreen" and g.reported[0]
    s.keys("A")                                  # P2
    second = s.app.top()
    assert second.reveal and second is not first
    s.keys("START DOWN A")
    s.keys("A")                                  # P2 leaves the review: P1's comes back
    again = s.app.top()
    assert hasattr(again, "end_task") and again.label == "P1"   # a task screen (reloaded)
    assert again.review == 0 and again.handed is mine and again.ds == first.ds
    assert not g.reported[1]                     # P2 reports after P1's second look
    shot(s, "hotseat-review-p1")
    s.keys("SELECT")                             # the card turned over, for P1 too
    assert again.review == 1
    shot(s, "hotseat-review-p1-card")
    s.keys("A")
    s.run(200)
    assert g.reported[1] and not hasattr(s.app.top(), "end_task")
