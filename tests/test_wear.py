"""Flash wear of the save store in steady play (issue 12 #5): the real app over a flash model
that counts sector erases as CircuitPython's RP2040 port causes them."""
from host_sim import wear


def test_steady_play_erases_the_nvm_sector_at_most_six_times_an_hour():
    r = wear.steady_play(minutes=30, packs=20)
    print("\n30 min of Whirly with 20 packs of progress: %d writes, %d erases"
          % (r["programs"] // 2, r["erases"]))
    assert r["wins"] >= 5 and r["programs"] >= 100, "the model really plays and saves"
    assert r["erases_per_hour"] <= wear.BUDGET_PER_HOUR


def test_the_wear_model_counts_an_erase_for_a_write_over_programmed_bytes():
    nvm = wear.CountingNVM()
    nvm[0:4] = b"abcd"
    nvm[4:8] = b"efgh"
    assert nvm.erases == 0 and nvm.programs == 2
    nvm[2:4] = b"zz"
    assert nvm.erases == 1
