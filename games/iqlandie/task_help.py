"""Each task's "how to solve" text, read when asked for (on the ready screen before the clock
starts, or START > How to solve during the task): not resident with the task's screen."""
from games.iqlandie import tasks


AFTER = (" Handed in, the clock stops and your answer is judged; SELECT turns the card "
         "over: a correct answer, where yours differs marked. A goes on.")


def help_text(topic):
    return _text(topic) + AFTER


def _text(topic):
    if topic == tasks.BIOLOGY:
        return ("Slide the tokens until your board shows the goal. The d-pad pushes the token "
                "next to the empty field into it. Any quarter turn of the goal counts: turn "
                "the board in your head. B takes a slide back. A twice hands in.")
    if topic == tasks.PROGRAMMING:
        return ("The robot starts on its field. Each command turns it toward a side's colour "
                "(straight move) or a corner's symbol (diagonal move), then moves it that many "
                "fields. Put the cursor on the field where it stops and press A twice.")
    if topic == tasks.OPTICS:
        return ("The laser leaves the start square straight into the grid. Place every mirror "
                "so it reaches the hollow goal square, reflecting off each mirror once and "
                "never passing a mirror field again. A: put the chosen mirror on the cursor, "
                "or turn the mirror there. B: take it off. SELECT: next mirror; on Done, "
                "A hands in. The laser is shown only after you hand in.")
    return ("Stack your space cards so the framed 3x3 window shows exactly the goal: the "
                "top symbol of each field counts, no field may stay empty. Cards may stick out. "
                "Symbols turn with their card and must look as in the goal; only meteors may "
                "lie any way. "
                "List: UP/DOWN choose, A edits a card or adds one (+Card), LEFT/RIGHT swap the "
                "card, B removes it. Editing: d-pad moves, A turns, B flips, SELECT ends. "
                "A on Done hands in.")
