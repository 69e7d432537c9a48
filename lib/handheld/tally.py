"""What the game list says of each game, from the save memory alone (no pack is read): levels
solved in every pack, and matches finished and won against the CPU. Loaded with the game list
and by the end of a match."""
from handheld.progress import progress_tag


def _tally_key(game_id):
    return progress_tag(game_id) + b"/w"


def tally(store, game_id):
    """(matches finished, matches a player won against the CPU) of a match game."""
    data = store.get(_tally_key(game_id))
    if not data or len(data) != 4:
        return 0, 0
    return data[0] | (data[1] << 8), data[2] | (data[3] << 8)


def count_match(store, game_id, won):
    played, wins = tally(store, game_id)
    played, wins = min(played + 1, 65535), min(wins + (1 if won else 0), 65535)
    try:
        store.put(_tally_key(game_id), bytes((played & 255, played >> 8, wins & 255, wins >> 8)))
    except ValueError:   # a full store keeps its wins; a tally is not worth an error
        pass


def solved_total(store, game_id):
    """Levels marked solved in every pack of a game, from the save memory alone (no pack is
    read: the game list shows it at once). A level edited since still counts until replayed."""
    prefix = progress_tag(game_id) + b"/p"
    n = 0
    for key in store.keys():
        if len(key) == len(prefix) + 4 and key[:len(prefix)] == prefix:
            data = store.get(key)
            for j in range(0, len(data) - 1, 2):
                if data[j] or data[j + 1]:
                    n += 1
    return n
