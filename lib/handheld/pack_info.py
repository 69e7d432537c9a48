"""SELECT in a level list: the pack's own words, loaded for that page only."""
from handheld.gfx import COLS


def pack_info(pack, progress):
    """The pack's own words (title, author, description, header comment) and where it stands."""
    h = getattr(pack, "header", {})
    parts = [pack.title] if len(pack.title) > COLS - 2 else []   # else the title bar has it
    if getattr(pack, "author", ""):
        parts.append("by " + pack.author)
    for key in ("description", "comment"):
        if h.get(key):
            parts.append(h[key])
    parts.append("%d levels, %d solved. File: %s" % (pack.count, progress.solved_count(),
                                                     pack.filename))
    return "\n\n".join(parts)
