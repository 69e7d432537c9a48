"""The report of `make device`: budgets PASS/FAIL, heap and timing tables, differing screens.
Writes build/device/report.json and report.md; returns the exit code."""
import json
import os

from host_sim.device.budgets import BUDGETS, TARGETS, KB


def measured(out=None):
    """The figures of the last `make device` (build/device/report.json): {bundle kind: {...}},
    {} when it has not run here."""
    if out is None:
        from host_sim.device.tours import OUT as out
    path = os.path.join(out, "report.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f).get("figures", {})


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return round(sum(xs) / len(xs), 1) if xs else None


def figures(results, kinds):
    out = {}
    for k in kinds:
        runs = {n: r for (n, kk), r in results.items() if kk == k}
        plain = [r["figures"]["launcher_free"] for r in runs.values() if not r["reserve"]]
        plain = [x for x in plain if x is not None]
        games = {}
        for n, r in runs.items():
            for key, figs in r["figures"]["games"].items():
                g = key.split(".")[0]
                for f in figs:
                    d = games.setdefault(g, {"lowest_free": [], "home_free": [], "home_drop": []})
                    lf = r["figures"]["launcher_free"]
                    if f.get("lowest_free") is not None:
                        # the reserve the app said it holds (heap: reserve=N), not the one asked for
                        d["lowest_free"].append((f["lowest_free"], r.get("reserve_seen") or 0, n))
                    if f.get("home_free") is not None:
                        d["home_free"].append(f["home_free"])
                        if lf is not None:
                            d["home_drop"].append(lf - f["home_free"])
        cpu, gen = {}, {}
        for r in runs.values():
            for g, ms in r["figures"].get("cpu_ms", {}).items():
                cpu.setdefault(g, []).extend(ms)
            for g, ms in r["figures"].get("gen_ms", {}).items():
                gen.setdefault(g, []).extend(ms)
        w = runs.get("whirly")
        moves = (w or {}).get("figures", {}).get("moves", [])
        entry = (w or {}).get("figures", {}).get("entry", [])
        menu = [p for p in entry[:-1] if p["key"] == "A"]  # the last A opens the level
        out[k] = {
            "launcher_free_after_boot": min(plain) if plain else None,
            "games": {g: {"lowest_free": min(d["lowest_free"])[0] if d["lowest_free"] else None,
                          "lowest_free_reserve": min(d["lowest_free"])[1] if d["lowest_free"] else None,
                          "home_free": d["home_free"], "max_home_drop": max(d["home_drop"]) if d["home_drop"] else None}
                      for g, d in games.items()},
            "boot_to_launcher_ms": (w or {}).get("figures", {}).get("boot_ms"),
            "cpu_turn_ms": {g: {"turns": len(ms), "mean": _mean(ms), "max": max(ms)}
                            for g, ms in sorted(cpu.items())},
            "task_generation_ms": {g: {"tasks": len(ms), "mean": _mean(ms), "max": max(ms)}
                                   for g, ms in sorted(gen.items())},
            "whirly_move_refresh_ms": [m["refresh_done_ms"] for m in moves],
            "whirly_move_i2c_bytes": [m["i2c_bytes"] for m in moves],
            "menu_change_ms": [m["refresh_done_ms"] for m in menu],
            "menu_change_i2c_bytes": [m["i2c_bytes"] for m in menu],
        }
    return out


def budget_checks(results, figs):
    checks = []
    m = figs.get("mpy")
    if m is not None:
        v = m["launcher_free_after_boot"]
        checks.append(("launcher after boot (.mpy, no reserve) >= %d KB" % (BUDGETS["launcher_free_mpy"] // KB),
                       v, v is not None and v >= BUDGETS["launcher_free_mpy"]))
        s = results.get(("session", "mpy"))
        if s is not None:
            checks.append(("session x2 (.mpy) passes with %d KB reserved" % (BUDGETS["session_reserve_mpy"] // KB),
                           "ok" if s["ok"] else "; ".join(s["problems"])[:120], s["ok"]))
    for k, f in figs.items():
        turns = f["cpu_turn_ms"]
        if turns:
            v = max(c["max"] for c in turns.values())
            checks.append(("every CPU turn timed (.%s) <= %d ms" % (k, BUDGETS["cpu_turn_max_ms"]),
                           v, v <= BUDGETS["cpu_turn_max_ms"]))
    for k, f in figs.items():
        if ("session", k) not in results:
            continue  # home figures come from the session tour
        drops = [g["max_home_drop"] for g in f["games"].values() if g["max_home_drop"] is not None]
        v = max(drops) if drops else None
        checks.append(("back home within %d KB of the launcher after boot (.%s)" % (BUDGETS["home_drop_max"] // KB, k),
                       v, v is not None and v <= BUDGETS["home_drop_max"]))
    for (n, k), r in sorted(results.items()):
        checks.append(("tour %s (.%s): no MemoryError/Traceback/error:" % (n, k),
                       "ok" if r["ok"] else "; ".join(r["problems"])[:160], r["ok"]))
    return checks


def target_checks(figs):
    """(what, value, met) of the targets not gated yet: the lowest free heap per game."""
    m = figs.get("mpy")
    out = []
    if m is None:
        return out
    for g, d in sorted(m["games"].items()):
        if d["lowest_free"] is None:
            continue
        v = d["lowest_free"] + (d["lowest_free_reserve"] or 0)
        out.append(("%s: lowest free in game (.mpy) >= %d KB" % (g, TARGETS["game_free_mpy"] // KB),
                    v, v >= TARGETS["game_free_mpy"]))
    for g, c in sorted(m["cpu_turn_ms"].items()):
        if g.endswith(" hard"):
            out.append(("%s CPU turn (.mpy, %d timed) <= %d ms, longest" % (g, c["turns"], TARGETS["cpu_hard_turn_max_ms"]),
                        c["max"], c["max"] <= TARGETS["cpu_hard_turn_max_ms"]))
    for g, c in sorted(m["task_generation_ms"].items()):
        out.append(("%s task generation (.mpy, %d timed) <= %d ms, longest" % (g, c["tasks"], TARGETS["task_generation_max_ms"]),
                    c["max"], c["max"] <= TARGETS["task_generation_max_ms"]))
    return out


def write(results, kinds, out, wall, note):
    figs = figures(results, kinds)
    checks = budget_checks(results, figs)
    targets = target_checks(figs)
    ok = all(c[2] for c in checks)
    data = {"ok": ok, "wall_s": round(wall, 1), "firmware": note, "budgets": BUDGETS,
            "checks": [{"what": w, "value": v, "pass": p} for w, v, p in checks],
            "targets": [{"what": w, "value": v, "met": p} for w, v, p in targets],
            "figures": figs, "tours": [r for _k, r in sorted(results.items())]}
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "report.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    md = ["# make device: the bundles on the emulated Pico", "",
          "Firmware: %s. Wall time: %.0f s. Result: **%s**." % (note, wall, "PASS" if ok else "FAIL"), "",
          "## Budgets (host_sim/device/budgets.py)", "", "| check | value | |", "|---|---|---|"]
    md += ["| %s | %s | %s |" % (w, v, "PASS" if p else "**FAIL**") for w, v, p in checks]
    md += ["", "## Targets not gated yet (host_sim/device/budgets.py TARGETS)", "",
           "| target | value | |", "|---|---|---|"]
    md += ["| %s | %s | %s |" % (w, v, "met" if p else "**not met**") for w, v, p in targets]
    md += ["", "## Heap (gc.mem_free() from the app's heap: lines)", "",
           "| bundle | launcher after boot | game | lowest free in game (reserve held) | back home | max drop |",
           "|---|---|---|---|---|---|"]
    for k, f in figs.items():
        for g, d in sorted(f["games"].items()):
            md.append("| .%s | %s | %s | %s (%s) | %s | %s |" % (k, f["launcher_free_after_boot"], g, d["lowest_free"],
                      d["lowest_free_reserve"], ", ".join(map(str, d["home_free"])) or "-", d["max_home_drop"]))
    md += ["", "## Timings (emulated)", "", "| bundle | boot to launcher ms | Whirly move -> refresh done ms (mean/max) "
           "| I2C bytes per move (mean/max) | menu change ms (title->games, games->packs, packs->levels) "
           "| I2C bytes per menu change |", "|---|---|---|---|---|---|"]
    mx = lambda xs: max([x for x in xs if x is not None], default=None)
    for k, f in figs.items():
        md.append("| .%s | %s | %s / %s | %s / %s | %s | %s |" % (
            k, f["boot_to_launcher_ms"], _mean(f["whirly_move_refresh_ms"]), mx(f["whirly_move_refresh_ms"]),
            _mean(f["whirly_move_i2c_bytes"]), mx(f["whirly_move_i2c_bytes"]),
            f["menu_change_ms"], f["menu_change_i2c_bytes"]))
    md += ["", "CPU turns (ms, emulated; budget 1,500): " + "; ".join(
        ".%s %s: %d turns, mean %s, max %s" % (k, g, c["turns"], c["mean"], c["max"])
        for k, f in figs.items() for g, c in f["cpu_turn_ms"].items())]
    md += ["", "Task generation (ms, emulated; a level load's budget 150): " + "; ".join(
        ".%s %s: %d tasks, mean %s, max %s" % (k, g, c["tasks"], c["mean"], c["max"])
        for k, f in figs.items() for g, c in f["task_generation_ms"].items())]
    md += ["", "## Tours", "", "| tour | bundle | result | wall s | emulated ms | frames | soft reboots |",
           "|---|---|---|---|---|---|---|"]
    for (n, k), r in sorted(results.items()):
        md.append("| %s | .%s | %s | %s | %s | %s | %s |" % (
            n, k, "ok" if r["ok"] else "FAIL: " + "; ".join(r["problems"])[:200],
            r["wall_s"], r["emulated_ms"], r["frames"], r.get("soft_reboots")))
    md += ["", "## Screens that differ from the host simulator (reported, not failures)", ""]
    n_diff = 0
    for (n, k), r in sorted(results.items()):
        for d in r["shot_diffs"]:
            if d["differing_pixels"]:
                n_diff += 1
                md.append("- .%s %s `%s`: %d pixels differ (device | host | difference: %s)"
                          % (k, n, d["shot"], d["differing_pixels"], d.get("png")))
    if not n_diff:
        md.append("none")
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    budgets_end = 8 + len(checks)          # the title, a blank, the table's two head rows
    print("\n".join(md[4:budgets_end]))
    print("\n".join(md[budgets_end + 1:budgets_end + 5 + len(targets)]))
    print("device: %s in %.0f s wall; report: %s" % ("PASS" if ok else "FAIL", wall, os.path.join(out, "report.md")))
    return 0 if ok else 1
