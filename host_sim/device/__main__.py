"""python -m host_sim.device [--bundle py|mpy] [--tour NAME]... [--jobs N] [--list]"""
import argparse
import sys

from host_sim.device import tours


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.device",
                                 description="Boot the bundles on the emulated Pico and run the tours.")
    ap.add_argument("--bundle", action="append", choices=("py", "mpy"), help="default: both")
    ap.add_argument("--tour", action="append", choices=sorted(tours.TOURS), help="default: all")
    ap.add_argument("--jobs", type=int, default=2, help="tours run at once (default 2)")
    ap.add_argument("--out", default=tours.OUT)
    ap.add_argument("--report-only", action="store_true",
                    help="judge the runs already in --out again (no booting)")
    ap.add_argument("--list", action="store_true", help="print the tours and their key scripts")
    a = ap.parse_args(argv)
    if a.list:
        for name, (keys, reserve, limit) in tours.TOURS.items():
            print("%s (mpy reserve %d, wall limit %d s):\n  %s" % (name, reserve, limit, keys))
        return 0
    return tours.main(tuple(a.bundle or ("py", "mpy")), a.tour, a.jobs, a.out, a.report_only)


if __name__ == "__main__":
    sys.exit(main())
