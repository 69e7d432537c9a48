"""Key scripts: the device words (run.mjs) and their host simulator equivalent.

Device words: UP DOWN LEFT RIGHT A B START SELECT, NAME*3, NAME:1500, wait:MS, idle:MS,
text:STR, shot:NAME, mark:NAME, reset. On the host, idle:MS becomes wait:MS (the host app is
idle whenever it is not stepping), text:/mark: have no meaning, reset is a new Session on the
same NVM, and shot: saves the host screen, so every device shot has a host twin.
"""
import re

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
WORD = re.compile(r"^([A-Za-z]+)(?:\*(\d+))?(?::(.*))?$")


class ScriptError(ValueError):
    pass


def parse(text):
    """-> [(op, arg)]; op in press/wait/idle/text/shot/mark/reset; press arg = (name, hold, n)."""
    steps = []
    for word in re.sub(r"#[^\n]*", "", text).replace(",", " ").split():
        m = WORD.match(word)
        if not m:
            raise ScriptError("bad key-script word %r" % word)
        op, count, arg = m.group(1).upper(), m.group(2), m.group(3)
        if op in BUTTONS:
            steps.append(("press", (op, int(arg) if arg else None, int(count or 1))))
        elif op in ("WAIT", "IDLE"):
            steps.append((op.lower(), int(arg or 200)))
        elif op in ("TEXT", "SHOT", "MARK") and arg:
            steps.append((op.lower(), arg))
        elif op == "RESET" and arg is None:
            steps.append(("reset", None))
        else:
            raise ScriptError("unknown key-script word %r" % word)
    return steps


def host_plan(text):
    """-> [("keys", host script) | ("shot", name) | ("reset", None)] for host_sim.session."""
    plan, words = [], []

    def flush():
        if words:
            plan.append(("keys", " ".join(words)))
            del words[:]
    for op, arg in parse(text):
        if op == "press":
            name, hold, n = arg
            words.append(name + ("*%d" % n if n > 1 else "") + (":%d" % hold if hold else ""))
        elif op in ("wait", "idle"):
            words.append("wait:%d" % arg)
        elif op in ("shot", "reset"):
            flush()
            plan.append((op, arg))
    flush()
    return plan


def host_shots(text, levels_root=None):
    """Run the script in the host simulator -> {shot name: (page-packed frame, text rows)}."""
    from host_sim.session import Session
    session = Session(levels_root=levels_root)
    shots = {}
    for op, arg in host_plan(text):
        if op == "keys":
            session.keys(arg)
        elif op == "shot":
            session.run(40)  # let the step that follows the last key draw
            shots[arg] = (bytes(session.hw.display.frame), session.text())
        elif op == "reset":
            session = Session(levels_root=levels_root, nvm=session.hw.nvm)
    return shots
