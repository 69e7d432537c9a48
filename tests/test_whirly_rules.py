"""One test per rule of the Whirly issue's Rules section (games/whirly/README.md)."""

import pytest

from games.whirly import board, notation, rules
from games.whirly.engine import (Engine, K_BLOCKED, K_JUMP, K_LEAP, K_PLAIN, K_PULL, K_PUSH,
                                 K_SELECT, K_SWAP, SELECT, SELECT_PREV)


def level(rows, variant="sokoban"):
    return board.parse_rows(rows, 1, "whirly", variant)


def start(rows, variant="sokoban"):
    e = Engine()
    e.load(level(rows, variant))
    return e


def run(rows, moves, variant="sokoban"):
    """Play moves; returns the engine and the list of play() results."""
    e = start(rows, variant)
    return e, [e.play(a) for a in notation.parse_moves(moves)]


def rows_of(e):
    return e.text().split("\n")


WALL = "#########"


# ---------------------------------------------------------------- push and deepness
def test_sokoban_hero_pushes_one_box():
    e, ok = run([WALL, "#-@$---.#", WALL], "r")
    assert ok == [True]
    assert rows_of(e)[1] == "#--@$--.#"
    assert e.last_kind == K_PUSH and e.moves == 1 and e.pushes == 1


def test_depth_1_sokoban_cannot_push_two_boxes():
    e, ok = run([WALL, "#-@$$--.#", WALL], "r")
    assert ok == [False]
    assert rows_of(e)[1] == "#-@$$--.#"
    assert e.last_kind == K_BLOCKED and e.moves == 0 and e.nchanged == 0


def test_depth_2_doubleban_pushes_two_boxes_not_three():
    e, ok = run([WALL, "#@$$-.--#", WALL], "r", "doubleban")
    assert ok == [True]
    assert rows_of(e)[1] == "#-@$$.--#"
    e, ok = run([WALL, "#@$$$.--#", WALL], "r", "doubleban")
    assert ok == [False]


def test_depth_unlimited_colortrain_pushes_a_long_train():
    e, ok = run(["############", "#aAAAAAAA-.#", "############"], "r", "colortrain")
    assert ok == [True]
    assert rows_of(e)[1] == "#-aAAAAAAA.#"


def test_colortrain_train_moves_only_if_each_neighbour_pair_matches():
    # a-A, A-B: the second pair does not match
    e, ok = run([WALL, "#aAB--.-#", WALL], "r", "colortrain")
    assert ok == [False]
    # grey joins anything: a-A, A-X, X-B all match
    e, ok = run([WALL, "#aAXB-.-#", WALL], "r", "colortrain")
    assert ok == [True]
    assert rows_of(e)[1] == "#-aA$B.-#"  # grey prints as in XSB
    # the hero itself must match the first box
    e, ok = run([WALL, "#bAA--.-#", WALL], "r", "colortrain")
    assert ok == [False]


def test_push_blocked_by_wall():
    e, ok = run([WALL, "#---.-@$#", WALL], "r")
    assert ok == [False]


# ---------------------------------------------------------------- pull
def test_pull_hero_presses_toward_box_steps_back_and_box_follows():
    e, ok = run([WALL, "#.--@$--#", WALL], "r", "co-sokoban")
    assert ok == [True]
    assert rows_of(e)[1] == "#.-@$---#"
    assert e.last_kind == K_PULL and e.pushes == 1


def test_pull_cannot_pull_behind():
    # the cell behind the hero holds a box: the hero may not pull it (nor push it)
    e, ok = run([WALL, "#.-$@$--#", WALL], "r", "co-sokoban")
    assert ok == [False]
    # walking away from a box never drags it
    e, ok = run([WALL, "#.-$@---#", WALL], "r", "co-sokoban")
    assert ok == [True]
    assert rows_of(e)[1] == "#.-$-@--#"


def test_pull_needs_an_enterable_cell_behind_the_hero():
    e, ok = run([WALL, "#.#@$---#", WALL], "r", "co-sokoban")
    assert ok == [False]  # a wall behind
    rows = ["# # # # # # #", "# . -b a A - #", "# # # # # # #"]
    e, ok = run(rows, "r", "co-pullpush")
    assert ok == [False]  # a floor of another colour behind
    rows = ["# # # # # # #", "# . - -aa B - #", "# # # # # # #"]
    e, ok = run(rows, "r", "pullpush")
    assert ok == [False]  # the pulled box may not stand on the hero's floor a
    rows = ["# # # # # # #", "# . - a B - #", "# # # # # # #"]
    e, ok = run(rows, "r", "pullpush")
    assert ok == [True] and rows_of(e)[1] == "#.aB--#"


def test_co_sokoban_cannot_push():
    e, ok = run([WALL, "#.$@----#", WALL], "l", "co-sokoban")
    assert ok == [True]  # that was a pull: hero stepped right
    assert rows_of(e)[1] == "#.-$@---#"


# ---------------------------------------------------------------- the matrix of every named game
# (hero colour b meets a box that is: same colour, grey, lower (a), higher (c)), in the
# issue's words; P push, L pull, S swap, V leap, . nothing.
ISSUE_MATRIX = {
    "sokoban": "PPPP",  # push, depth 1
    "co-sokoban": "LLLL",  # pull only
    "colorban": "PP..",  # colour-matching push
    "flocks": "PP..",  # colour-matching push with flocking
    "monkeyban": "PPPP",  # Sokoban with sticky boxes
    "pullpush": "PPLL",  # push matching, pull other
    "co-pullpush": "LLPP",  # pull matching, push other
    "doubleban": "PPPP",  # depth 2
    "colortrain": "PP..",  # pairs must match
    "boximaze": "PPPP",  # Sokoban pushing, the hero has a target
    "leappush": "PPVV",  # non-matching boxes leap over the hero
    "pullswappush": "PPLS",  # lower pulled, equal pushed, higher swapped
}
BOX_OF = "B$AC"  # same, grey, lower, higher than hero b
AFTER = {  # row 1 after pressing right on "#---bK---#" (hero b, box K)
    "P": "#----bK--#",
    "L": "#--bK----#",
    "S": "#---Kb---#",
    "V": "#--Kb----#",
    ".": "#---bK---#",
}


def test_named_games_are_exactly_the_issue_list():
    from games.whirly.rules_text import RULES_TEXT
    assert set(rules.NAMES) == set(ISSUE_MATRIX) == set(RULES_TEXT)
    for name in rules.NAMES:
        r = rules.get(name)
        assert r.title and RULES_TEXT[name] == r.text and len(r.text) <= 8 * 21


@pytest.mark.parametrize("game", sorted(ISSUE_MATRIX))
def test_named_game_matrix_on_a_small_map(game):
    for rel in range(4):
        k = BOX_OF[rel]
        rows = ["##########", "#---b%s---#" % k, "#.-------#", "##########"]
        e, ok = run(rows, "r", game)
        want = ISSUE_MATRIX[game][rel]
        assert rows_of(e)[1] == AFTER[want].replace("K", k), (game, k)
        assert ok == [want != "."]


def test_rules_tables_are_data_a_new_variant_is_one_line():
    jumper = rules.Rules("jumper", "Jumper", "JJJJ", "....", 1, 0)
    e = Engine()
    e.load(level([WALL, "#-@$--.-#", WALL]), jumper)
    assert e.play(1) and e.last_kind == K_JUMP
    assert rows_of(e)[1] == "#--$@-.-#"
    with pytest.raises(ValueError):
        rules.Rules("bad", "Bad", "PPPP", "LLLL", 1, 0)  # a box cannot pull inside a train


def test_jump_needs_an_enterable_landing_cell():
    jumper = rules.Rules("jumper", "Jumper", "JJJJ", "....", 1, 0)
    for row in ("#-@$$-.-#", "#-@$#-.-#"):
        e = Engine()
        e.load(level([WALL, row, WALL]), jumper)
        assert not e.play(1)


def test_swap_exchanges_hero_and_box():
    e, ok = run([WALL, "#-bC--.-#", WALL], "r", "pullswappush")
    assert ok == [True] and e.last_kind == K_SWAP
    assert rows_of(e)[1] == "#-Cb--.-#"


def test_leap_box_jumps_over_hero_to_the_free_cell_behind():
    e, ok = run([WALL, "#--aB-.-#", WALL], "r", "leappush")
    assert ok == [True] and e.last_kind == K_LEAP
    assert rows_of(e)[1] == "#-Ba--.-#"
    assert e.hero == 1 * 9 + 3  # the hero did not move
    e, ok = run([WALL, "#-$aB-.-#", WALL], "r", "leappush")
    assert ok == [False]


def test_pullswappush_grey_counts_as_matching_and_is_pushed():
    e, ok = run([WALL, "#-bX--.-#", WALL], "r", "pullswappush")
    assert rows_of(e)[1] == "#--b$-.-#"


def test_colorban_grey_hero_pushes_every_colour():
    for k in "XABC":
        e, ok = run([WALL, "#-@%s--.-#" % k, WALL], "r", "colorban")
        assert ok == [True], k


# ---------------------------------------------------------------- entry rules
def test_grey_wall_blocks_every_unit():
    for h in "@abc":
        e, ok = run([WALL, "#-%s#--.-#" % h, WALL], "r", "colorban")
        assert ok == [False]


def test_coloured_wall_blocks_its_colour_and_lets_the_others_on():
    rows = ["# # # # # # #", "# - a #a #b - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "r", "colorban")
    assert ok == [False]  # hero a, wall a
    rows = ["# # # # # # #", "# - a #b #c - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "rrr", "colorban")
    assert ok == [True, True, True]
    assert rows_of(e)[1] == "# - - #b #c a #"
    # a grey hero matches every wall colour, so every wall blocks it
    rows = ["# # # # # #", "# - @ #b - #", "# . - - - #", "# # # # # #"]
    e, ok = run(rows, "r", "colorban")
    assert ok == [False]
    # boxes obey the same rule
    rows = ["# # # # # # #", "# - a A #b - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "r", "colorban")
    assert ok == [True] and rows_of(e)[1] == "# - - a #bA - #"
    rows = ["# # # # # # #", "# - a A #a - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "r", "colorban")
    assert ok == [False]


def test_coloured_ground_lets_its_colour_in_and_blocks_the_others():
    rows = ["# # # # # # #", "# - a -a -b - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "rr", "colorban")
    assert ok == [True, False]
    assert rows_of(e)[1] == "# - - -aa -b - #"
    # grey units match every ground
    rows = ["# # # # # # #", "# - @ -a -b - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "rr", "colorban")
    assert ok == [True, True]
    # a box is kept out the same way
    rows = ["# # # # # # #", "# - b B -a - #", "# . - - - - #", "# # # # # # #"]
    e, ok = run(rows, "r", "colorban")
    assert ok == [False]


def test_targets_and_htargets_let_units_stand_on_them():
    e, ok = run(["# # # # # # # #", "# - @ . 2 h3 - #", "# # # # # # # #"], "rrrr", "colorban")
    assert ok == [True, True, True, True]
    assert rows_of(e)[1] == "# - - . 2 h3 @ #"


def test_heroes_block_each_other():
    e, ok = run([WALL, "#-@a-.--#", WALL], "r")
    assert ok == [False]
    e, ok = run([WALL, "#-@$a.--#", WALL], "r")  # a box is not pushed into a hero either
    assert ok == [False]
    e, ok = run([WALL, "#-@a-.-$#", WALL], "r", "co-sokoban")
    assert ok == [False]


def test_moving_off_the_map_edge_is_blocked():
    # an open map: no walls around the hero on the right
    rows = ["# # # #", "- . @ -", "# # # #"]
    e, ok = run(rows, "rr")
    assert ok == [True, False]


# ---------------------------------------------------------------- flocking
def test_flocking_same_breed_neighbours_within_radius_make_the_same_move():
    rows = ["#########",
            "#----A--#",
            "#--aA---#",
            "#---B-.-#",
            "#---A---#",
            "#########"]
    e, ok = run(rows, "r", "flocks")
    assert ok == [True]
    assert rows_of(e) == ["#########",
                          "#-----A-#",  # diagonal neighbour of the same colour followed
                          "#---aA--#",
                          "#---B-.-#",  # another colour: stays
                          "#---A---#",  # two rows away from the leader: stays
                          "#########"]


def test_flocking_followers_do_not_recruit_further_followers():
    rows = ["#########",
            "#---A---#",  # touches the follower only
            "#---A---#",  # follower
            "#-aA--.-#",  # leader
            "#########"]
    e, ok = run(rows, "r", "flocks")
    assert rows_of(e)[1:4] == ["#---A---#", "#----A--#", "#--aA-.-#"]


def test_flocking_cells_ahead_of_the_leader_move_first():
    # two followers in a row above the leader: the one ahead must move first so the
    # one behind can take its cell; a third, behind the leader, fills in too
    rows = ["#########",
            "#-$$$---#",
            "#-@$--.-#",
            "#########"]
    e, ok = run(rows, "r", "monkeyban")
    assert rows_of(e)[1:3] == ["#--$$$--#", "#--@$-.-#"]


def test_flocking_follower_only_moves_if_free_for_it():
    rows = ["#########",
            "#---$#--#",
            "#--@$--.#",
            "#########"]
    e, ok = run(rows, "r", "monkeyban")
    assert rows_of(e)[1:3] == ["#---$#--#", "#---@$-.#"]


def test_flocking_radius_2_is_data():
    wide = rules.Rules("herd2", "Herd2", "PPPP", "....", 1, 2)
    e = Engine()
    e.load(level(["#########", "#--$----#", "#---@$-.#", "#########"]), wide)
    assert e.play(1)
    assert rows_of(e)[1:3] == ["#---$---#", "#----@$.#"]


def test_monkeyban_without_neighbours_is_sokoban():
    e, ok = run([WALL, "#-@$---.#", WALL], "rr", "monkeyban")
    assert rows_of(e)[1] == "#---@$-.#"


def test_flocking_after_a_pull_follows_the_pulled_box():
    herdpull = rules.Rules("herdpull", "HerdPull", "LLLL", "....", 1, 1)
    e = Engine()
    e.load(level(["#########", "#----$--#", "#---@$-.#", "#########"]), herdpull)
    assert e.play(1)
    assert rows_of(e)[1:3] == ["#---$---#", "#--@$--.#"]


# ---------------------------------------------------------------- objective
def test_objective_fewer_targets_than_boxes_every_target_needs_a_matching_box():
    e, ok = run([WALL, "#-@$.-$-#", WALL], "")
    assert e.goals_left() == 1
    assert e.play(1) and e.solved()  # the one target is filled, a box is left over


def test_objective_more_targets_than_boxes_every_box_on_a_matching_target():
    e = start([WALL, "#-@$.-..#", WALL])
    assert e.goals_left() == 1 and not e.solved()
    assert e.play(1) and e.solved()


def test_objective_colour_match_box_and_target():
    # box a on target b does not count; grey target takes any box; grey box any target
    e = start(["##########", "#-a-A2---#", "#---X1---#", "#---A0---#", "##########"],
               "colorban")
    assert e.targets == 3 and e.boxes == 3
    assert e.goals_left() == 3
    e = start(["# # # # #", "# a 2A - #", "# - 1X - #", "# - 0A - #", "# # # # #"], "colorban")
    assert e.goals_left() == 1  # only A on 2 is wrong


def test_objective_heroes_and_boxes_are_counted_separately():
    # plain Sokoban: no htarget, the hero's place does not matter
    e = start([WALL, "#-@$.---#", WALL])
    assert e.play(1) and e.solved()
    # with an htarget the hero must reach it too
    e = start(["# # # # # # #", "# h0 @ $ . - #", "# # # # # # #"])
    assert e.play(1) and not e.solved() and e.goals_left() == 1
    assert e.play(3) and e.play(3) and e.solved()


def test_boximaze_only_the_hero_has_a_target():
    rows = ["# # # # # # # #", "# @ $ - $ - h0 #", "# # # # # # # #"]
    e, ok = run(rows, "rrrr", "boximaze")
    assert ok == [True, False, False, False]  # two boxes in a row: depth 1 stops the hero
    rows = ["# # # # # # # #", "# @ $ - $ - h0 #", "# - - - - - - #", "# # # # # # # #"]
    e = start(rows, "boximaze")
    assert e.goals_left() == 1
    assert notation.verify_moves(e, "Rdrrrru") is None and e.solved()


# ---------------------------------------------------------------- several heroes
def test_select_activates_the_next_hero_in_reading_order():
    rows = ["#########", "#-b---a-#", "#---@-.$#", "#########"]
    e = start(rows)
    assert e.heroes == 3 and e.hero == 9 + 2  # b is first in reading order
    assert e.play(SELECT) and e.hero == 9 + 6 and e.last_kind == K_SELECT
    assert e.play(SELECT) and e.hero == 18 + 4
    assert e.play(SELECT) and e.hero == 9 + 2  # wraps
    assert e.play(SELECT_PREV) and e.hero == 18 + 4
    assert e.moves == 0


def test_only_the_active_hero_moves_and_select_order_follows_positions():
    rows = ["#########", "#-b---a-#", "#---.-.$#", "#########"]
    e = start(rows)
    assert e.play(2)  # b moves down: a is still next in reading order
    assert e.play(SELECT) and e.hero == 9 + 6
    assert e.play(2) and e.play(2) is False
    assert notation.format_moves(e) == "d*d"
    assert e.undo() and e.undo() and e.hero == 18 + 2


def test_select_with_one_hero_is_refused():
    e = start([WALL, "#-@$.---#", WALL])
    assert e.play(SELECT) is False and e.play(SELECT_PREV) is False


# ---------------------------------------------------------------- notation, co-path, co-map
def test_copath_seed_example():
    assert notation.copath("uullURdl") == "ruRUrrdd"


def test_copath_flips_hero_selection_and_expands_run_lengths():
    assert notation.copath("r*2U") == "UU~l"
    assert notation.copath(notation.copath("uu*lLDr~")) == "uu*lLDr~"


def test_parse_and_format_moves_round_trip_with_cases():
    e = start(["#########", "#-b-$-a-#", "#---.-.$#", "#########"])
    for a in notation.parse_moves("rR*dl~D"):
        assert e.play(a)
    text = notation.format_moves(e)
    assert text == "rR*dl~d"  # the last step pushed nothing: written lowercase
    assert notation.parse_moves(text) == [1, 1, 4, 2, 3, 5, 2]
    assert notation.parse_moves("2r\n3U l") == [1, 1, 0, 0, 0, 3]


def test_parse_moves_rejects_other_characters():
    with pytest.raises(ValueError) as err:
        notation.parse_moves("rrx")
    assert err.value.index == 2


def test_verify_mode_reports_a_case_mismatch():
    lv = level([WALL, "#-@$---.#", WALL])
    assert board.verify(lv, "RRRR") is None
    bad = board.verify(lv, "rRRR")
    assert bad[0] == 0 and "push" in bad[1]
    assert board.verify(lv, "rRRR", strict_case=False) is None
    bad = board.verify(lv, "RRRRR")
    assert bad[0] == 4 and "not possible" in bad[1]
    bad = board.verify(lv, "RRR")
    assert bad[0] == 3 and "left" in bad[1]


def test_swap_leap_jump_are_written_lowercase_because_their_co_move_is_reversed():
    e, ok = run([WALL, "#-bC--.-#", WALL], "r", "pullswappush")
    assert notation.format_moves(e) == "r"
    e, ok = run([WALL, "#--aB-.-#", WALL], "r", "leappush")
    assert notation.format_moves(e) == "r"


CO_LEVELS = [
    ("sokoban", ["########", "#-@-$-.#", "#-$--.-#", "#------#", "########"], "rrRdLLLdlUU"),
    ("co-sokoban", ["########", "#.@$---#", "#--$---#", "#.-----#", "########"], "RlddrUU"),
    ("pullpush", ["# # # # # # #", "# - a B - 2 #", "# - A - - 1 #", "# - - - - - #",
                  "# # # # # # #"], "RldRrdruuL"),
    ("leappush", ["# # # # # # #", "# - a B - 2 #", "# - A - - 1 #", "# - - - - - #",
                  "# # # # # # #"], "rrdDruL"),
    ("pullswappush", ["# # # # # # #", "# - b C - 3 #", "# - A B - 1 #", "# - - - - - #",
                      "# # # # # # #"], "rrdlLddR"),
    ("boximaze", ["#######", "#@$-$h0#", "#-----#", "#######"], "rdrrruR"),
    ("colorban", ["# # # # # # #", "# - a A - 1 #", "# b B - - 2 #", "# - - - - - #",
                  "# # # # # # #"], "RR*RR~ldd"),
]


@pytest.mark.parametrize("game,rows,moves", CO_LEVELS)
def test_comap_and_copath_lead_back_to_the_start(game, rows, moves):
    lv = level(rows, game)
    e = Engine()
    e.load(lv)
    for a in notation.parse_moves(moves):
        e.play(a)
    path = notation.format_moves(e)
    assert len(path) >= 4
    co = notation.comap(lv, e)
    assert rules.get(co.variant).name == rules.co_rules(game).name
    c = Engine()
    c.load(co)
    assert notation.verify_moves(c, notation.copath(path)) is None
    assert bytes(c.unit) == bytes(lv.unit)  # back at the start
    assert c.solved()  # boxes on the new targets, heroes on their htargets


def test_copath_of_a_solution_solves_the_comap():
    lv = level(["########", "#-@-$-.#", "#------#", "########"])
    e = Engine()
    e.load(lv)
    assert notation.verify_moves(e, "rRR") is None and e.solved()
    co = notation.comap(lv, e)
    assert co.variant == "co-sokoban"
    c = Engine()
    c.load(co)
    assert not c.solved()
    assert notation.verify_moves(c, notation.copath("rRR")) is None and c.solved()


def test_comap_without_end_swaps_boxes_and_targets():
    lv = level(["########", "#-@-$-.#", "########"])
    co = notation.comap(lv)
    assert co.text() == "########\n# - h0@ - . - $ #\n########"


def test_games_without_a_co_game_say_so():
    for game in ("flocks", "monkeyban", "doubleban", "colortrain"):
        assert rules.get(game).co_game is None
        with pytest.raises(ValueError):
            rules.co_rules(game)
    assert rules.co_rules("sokoban").name == "co-sokoban"
    assert rules.co_rules("co-sokoban").name == "sokoban"
    assert rules.co_rules("pullpush").name == "co-pullpush"
    assert rules.co_rules("co-pullpush").name == "pullpush"
    # a derived co-game is the named one's table with push and pull exchanged
    assert rules.co_rules("colorban").hero_row == "LL.."
    assert rules.get("co-leappush").hero_row == "LLVV"
    assert rules.co_rules(rules.get("co-colorban")).name == "colorban"


def test_named_co_games_are_exactly_the_derived_ones():
    for a, b in (("sokoban", "co-sokoban"), ("pullpush", "co-pullpush")):
        ra = rules.get(a)
        rb = rules.get(b)
        swap = {"P": "L", "L": "P"}
        assert "".join(swap.get(c, c) for c in ra.hero_row) == rb.hero_row


def test_variant_names_are_forgiving():
    assert rules.get("Whirly/Flocks").name == "flocks"
    assert rules.get("whirly").name == "flocks"
    assert rules.get("Co-PullPush").name == "co-pullpush"
    assert rules.get("SOKOBAN").name == "sokoban"
    with pytest.raises(ValueError):
        rules.get("tetris")


# ---------------------------------------------------------------- undo, save, changed cells
def test_undo_takes_back_each_move_exactly():
    rows = ["##########", "#-@-$--.-#", "#---$$-..#", "#--------#", "##########"]
    e = start(rows, "monkeyban")
    seen = [(bytes(e.unit), e.hero, e.moves, e.pushes, e.goals_left())]
    for a in notation.parse_moves("rRdRRuulDD"):
        if e.play(a):
            seen.append((bytes(e.unit), e.hero, e.moves, e.pushes, e.goals_left()))
    assert len(seen) > 5
    while e.undo():
        seen.pop()
        assert (bytes(e.unit), e.hero, e.moves, e.pushes, e.goals_left()) == seen[-1]
    assert len(seen) == 1


def test_undo_log_full_drops_the_oldest_actions():
    e = Engine(undo_words=8)
    e.load(level([WALL, "#-@----.#", "#$-----.#", WALL]))
    for a in [1, 3] * 10:  # 20 plain steps, one word each
        assert e.play(a)
    assert not e.history_complete()
    n = 0
    while e.undo():
        n += 1
    assert n == len(e.log) and e.moves == 20 - n
    assert notation.format_moves(e) == ""


def test_restart_restores_the_start_and_clears_undo():
    e = start([WALL, "#-@$---.#", WALL])
    e.play(1)
    e.play(1)
    e.restart()
    assert rows_of(e)[1] == "#-@$---.#" and e.moves == 0 and not e.can_undo()
    assert sorted(e.changed[i] for i in range(e.nchanged)) == [11, 12, 13, 14]


def test_changed_lists_the_cells_a_move_touched():
    e = start([WALL, "#-@$---.#", WALL])
    e.play(1)
    assert sorted(e.changed[i] for i in range(e.nchanged)) == [11, 12, 13]
    e.undo()
    assert sorted(e.changed[i] for i in range(e.nchanged)) == [11, 12, 13]
    e.play(0)
    assert e.nchanged == 0


def test_save_and_load_state_round_trip_keeps_undo():
    lv = level(["##########", "#-@-$--.-#", "#---$$-..#", "#--------#", "##########"],
               "monkeyban")
    e = Engine()
    e.load(lv)
    for a in notation.parse_moves("rRdRRuulDD"):
        e.play(a)
    data = e.save_state()
    f = Engine()
    f.load(lv)
    f.load_state(data)
    assert bytes(f.unit) == bytes(e.unit) and (f.moves, f.pushes) == (e.moves, e.pushes)
    assert f.history() == e.history()
    while f.undo():
        pass
    assert bytes(f.unit) == bytes(lv.unit)


def test_save_state_with_a_limit_keeps_the_last_moves():
    lv = level(["##########", "#-@-$--.-#", "#---$$-..#", "#--------#", "##########"])
    e = Engine()
    e.load(lv)
    for a in notation.parse_moves("rRdRRuulD"):
        e.play(a)
    data = e.save_state(limit=3)
    f = Engine()
    f.load(lv)
    f.load_state(data)
    assert bytes(f.unit) == bytes(e.unit) and f.moves == e.moves
    assert f.history() == e.history()[-3:]
    assert f.undo() and f.undo() and f.undo() and not f.undo()


def test_load_state_rejects_bad_data_and_keeps_the_position():
    lv = level([WALL, "#-@$---.#", WALL])
    e = Engine()
    e.load(lv)
    e.play(1)
    e.play(0)  # refused: not in the history
    e.play(3)
    good = e.save_state()  # history "Rl"
    assert good[-5] == 1 | 3 << 4
    e.play(1)
    before = bytes(e.unit)
    wrong_move = bytearray(good)
    wrong_move[-5] = 1 | 1 << 4  # "RR": playable, but it does not end where the state says
    impossible = bytearray(good)
    impossible[-5] = 0 | 3 << 4  # "u": a wall
    wrong_level = bytearray(good)
    wrong_level[7] ^= 1
    for data in (b"", b"WS\x01junk", bytes(wrong_move), bytes(impossible), bytes(wrong_level),
                 good[:-1], good + b"x"):
        with pytest.raises(ValueError):
            e.load_state(data)
        assert bytes(e.unit) == before and e.moves == 3
    other = Engine()
    other.load(level([WALL, "#-@-$--.#", WALL]))
    with pytest.raises(ValueError):
        other.load_state(good)


# ---------------------------------------------------------------- speed (figure for the report)
def test_a_long_random_walk_on_a_20x15_level_pushes_and_undoes():
    import random
    rng = random.Random(3)
    rows = ["#" * 20]
    for y in range(1, 14):
        row = "#"
        for x in range(1, 19):
            r = rng.random()
            row += "#" if r < 0.04 else "$" if r < 0.2 else "." if r < 0.3 else "-"
        rows.append(row + "#")
    rows.append("#" * 20)
    rows[7] = rows[7][:9] + "@" + rows[7][10:]
    lv = level(rows, "monkeyban")
    acts = [rng.randrange(4) for _ in range(10000)]

    def walk(e, kinds=None):
        # a random walk that undoes back to the start every 100 moves, so boxes keep being
        # pushed instead of ending up jammed against walls; returns the engine calls made
        calls = 0
        for i in range(len(acts)):
            e.play(acts[i])
            if kinds is not None:
                kinds[e.last_kind] += 1
            calls += 1
            if i % 100 == 99:
                while e.undo():
                    calls += 1
        return calls

    # (its speed is a bench figure, `make bench`, not a wall-clock assert: machines are noisy)
    e = Engine()
    e.load(lv)
    kinds = [0] * 8
    assert walk(e, kinds) > len(acts)
    assert kinds[K_PUSH] > 500  # the walk really pushes (and flocks) boxes: 7% of moves
