"""Whirly's rules page texts, one per named game of rules.TABLE (read by Rules.text, only
when a rules page opens)."""

RULES_TEXT = {
    "sokoban": "Push every box onto a target. You push one box at a time and can never pull.",
    "co-sokoban": "Pull every box onto a target: press toward a box and you step back, the box "
                  "follows. The cell behind you must be free. You cannot push.",
    "colorban": "Push each box onto a target of its colour. You push only your colour; "
                "grey matches all. Coloured walls stop their colour, coloured floors let "
                "only it in.",
    "flocks": "Whirly: as Colorban, but boxes flock. When you push a box, the boxes of the same "
              "colour touching it (diagonals too) make the same step if they can.",
    "monkeyban": "Sokoban with sticky boxes: when you push a box, every box touching it "
                 "(diagonals too) makes the same step if it can.",
    "pullpush": "You push boxes that match your colour (grey matches all) and pull the others: "
                "press toward such a box and you step back while it follows.",
    "co-pullpush": "You pull boxes that match your colour (grey matches all) and push the others. "
                   "To pull, press toward the box; the cell behind you must be free.",
    "doubleban": "Sokoban where you can push two boxes in a row, never three.",
    "colortrain": "Push trains of any length; a train moves only if each neighbour pair "
                  "matches in colour, you and the first box too. Grey matches all.",
    "boximaze": "Walk to your own target (the h mark). Boxes are in the way: push them aside, "
                "one at a time.",
    "leappush": "You push boxes of a matching colour. A box of another colour leaps over you "
                "to the cell behind you, if that cell is free.",
    "pullswappush": "Colours are ranked a<b<c... A box of your colour (or grey) is pushed, a "
                    "lower colour is pulled (you step back), a higher one swaps places with you.",
}
