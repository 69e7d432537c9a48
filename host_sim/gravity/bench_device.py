# Gravity room: hard CPU turn time on the device (or the emulated Pico), as the device kit's
# measure/bench_gravity.py (hard against hard, 2 players, seeded games on the boards of
# levels/gravity/ in order, 20 play-phase turns, marker pin GP22 high during each choose()),
# but starting at the pack named in START (None: the first pack, the kit's figure). Run as
# code.py with the kit's measure/common.py beside it, e.g. (issue 14):
#   python -m host_sim bundle --out /tmp/gb/CIRCUITPY
#   sed 's/^START = None/START = "03-big-rooms.txt"/' host_sim/gravity/bench_device.py > /tmp/gb/big.py
#   node <kit>/run.mjs --drive /tmp/gb/CIRCUITPY --code /tmp/gb/big.py \
#       --file <kit>/measure/common.py=common.py --until-text @@DONE --until-ms 120000 --out /tmp/gb/out
import gc
from common import out, flush, ns, mark, report_exception

START = None
TURNS = 20

try:
    from handheld.packs import Pack
    from handheld.rng import Rng
    import games.gravity as g
    from games.gravity import ai
    from games.gravity.engine import Engine, PLAY
    import os
    packs = sorted(os.listdir("/levels/gravity"))
    if START is not None:
        packs = packs[packs.index(START):]
    times = []
    for pname in packs:
        pack = Pack("/levels/gravity/" + pname, g.PACK_FORMAT)
        for bi in range(pack.count):
            if len(times) >= TURNS:
                break
            board = g.PACK_FORMAT.parse(pack.level(bi), pack.header)
            e = Engine()
            e.new_game(board, 2)
            rng = Rng(1234 + bi)
            gc.collect()
            out("@@gravity pack=%s board=%d free=%d" % (pname, bi + 1, gc.mem_free()))
            while e.winner() < 0 and len(times) < TURNS:
                playing = e.phase == PLAY
                gc.collect()
                if playing:
                    mark(True)
                t0 = ns()
                a = ai.choose(e, 3, rng)
                t1 = ns()
                if playing:
                    mark(False)
                    times.append((t1 - t0) / 1e6)
                    out("@@cpu_turn %d hard_ms=%.1f nodes=%d depth=%d" % (
                        len(times), times[-1], ai.get().nodes, ai.get().depth))
                if not e.play(a):
                    out("@@illegal action", a)
                    break
    if times:
        s = sorted(times)
        out("@@cpu_hard turns=%d mean_ms=%.1f median_ms=%.1f max_ms=%.1f" % (
            len(s), sum(s) / len(s), s[len(s) // 2], s[-1]))
    out("@@DONE")
    flush(wait=True)
except BaseException as exc:
    report_exception(exc)
    out("@@DONE")
    flush(wait=True)
