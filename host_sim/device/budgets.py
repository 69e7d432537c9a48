"""The device budgets, in one table: `make device` fails when a figure misses its budget.

heap figures are gc.mem_free() after a collection, from the app's `heap:` console lines.
"""
KB = 1024

BUDGETS = {
    # The launcher right after boot, .mpy bundle, nothing reserved: room for any game to load.
    "launcher_free_mpy": 100 * KB,
    # Back at the title menu after a game: at most this far below the launcher after boot
    # (a game must give its heap back, or the next one runs out).
    "home_drop_max": 4 * KB,
    # The .mpy session tour runs with this much held aside from boot (HANDHELD_HEAP_RESERVE):
    # passing it proves at least this much was always free, through all five games, twice,
    # transient peaks included. DESIGN.md's target is 48 KB (TARGETS below); this gate is what
    # the games meet today (28 KB passed, 32 KB did not: a Mental IQ+ level could not open) and
    # it only ever goes up.
    "session_reserve_mpy": 24 * KB,
    # DESIGN.md: a CPU opponent's turn (every turn timed on the device, any strength).
    "cpu_turn_max_ms": 1500,
}

# Targets reported by `make device` but not failing it yet (the report says which game misses).
TARGETS = {
    # Lowest free heap sampled (after a collection) at every scene change and every 5 s in a
    # game, .mpy bundle, plus any reserve held.
    "game_free_mpy": 48 * KB,
    # Issue 14: the hard CPU's turn in Gravity room and MobGer (the cpu tour's longest turn).
    "cpu_hard_turn_max_ms": 500,
    # DESIGN.md's level load: an iQLANDIE task is generated when its round starts.
    "task_generation_max_ms": 150,
}
