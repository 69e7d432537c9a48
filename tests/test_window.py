"""The pygame window runs (on SDL's dummy video driver) and maps keys to buttons; Esc/Q quit,
it sleeps when idle, shows the contrast setting and says plainly when there is no display."""
import argparse
import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_window_runs_frames_and_keys_reach_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.chdir(tmp_path)
    pygame = pytest.importorskip("pygame")
    from host_sim import window
    from host_sim.__main__ import start_in_game
    pygame.init()
    # DOWN then A (the z key) on the title screen opens Settings.
    for key in (pygame.K_DOWN, pygame.K_z):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
    args = argparse.Namespace(scale=2, nvm=str(tmp_path / "nvm.bin"), game=None, pack=None,
                              level=None, max_frames=30)
    session = window.play_window(args, start_in_game)
    assert type(session.app.top()).__name__ == "SettingsMenu"


def test_keymap_covers_every_button():
    pygame = pytest.importorskip("pygame")
    from host_sim.window import keymap
    from handheld import buttons as B
    assert set(keymap(pygame).values()) == set(range(B.COUNT))


def _run_window(tmp_path, monkeypatch, events, max_frames=30):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.chdir(tmp_path)
    pygame = pytest.importorskip("pygame")
    from host_sim import window
    from host_sim.__main__ import start_in_game
    pygame.display.init()
    for ev in events(pygame):
        pygame.event.post(ev)
    args = argparse.Namespace(scale=1, nvm=str(tmp_path / "nvm.bin"), game=None, pack=None,
                              level=None, max_frames=max_frames)
    return window.play_window(args, start_in_game)


@pytest.mark.parametrize("quit_key", ["K_ESCAPE", "K_q"])
def test_escape_or_q_quits_before_later_keys_reach_the_app(quit_key, tmp_path, monkeypatch):
    def events(pygame):
        evs = [pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, quit_key))]
        for key in (pygame.K_DOWN, pygame.K_z):        # would open Settings
            evs += [pygame.event.Event(pygame.KEYDOWN, key=key),
                    pygame.event.Event(pygame.KEYUP, key=key)]
        return evs
    session = _run_window(tmp_path, monkeypatch, events)
    assert type(session.app.top()).__name__ != "SettingsMenu"


def test_closing_the_window_quits(tmp_path, monkeypatch):
    session = _run_window(tmp_path, monkeypatch, lambda pg: [pg.event.Event(pg.QUIT)],
                          max_frames=10 ** 6)          # would run for hours otherwise
    assert session.app.top() is not None


def test_the_window_opens_only_pygames_display_not_the_sound_card(tmp_path, monkeypatch, capfd):
    # pygame.init() opens the mixer too: eight ALSA lines on a box without a sound card.
    pygame = pytest.importorskip("pygame")
    pygame.quit()

    def no_init():
        raise AssertionError("pygame.init() called")
    monkeypatch.setattr(pygame, "init", no_init)
    _run_window(tmp_path, monkeypatch, lambda pg: [], max_frames=3)
    err = capfd.readouterr().err
    assert "ALSA" not in err and "warning" not in err.lower()


def test_an_idle_window_sleeps_between_steps_and_a_held_key_runs_it_at_60_hz(tmp_path,
                                                                              monkeypatch):
    pygame = pytest.importorskip("pygame")
    from host_sim import window
    monkeypatch.setattr(window, "IDLE_AFTER_MS", 0)
    calls = {"nap": 0, "wait": 0, "tick": 0}
    real_wait, real_event_wait = pygame.time.wait, pygame.event.wait

    def nap(ms):
        calls["nap"] += 1
        return real_wait(ms)

    def event_wait(*a):
        calls["wait"] += 1
        return real_event_wait(*a)

    class Clock:
        def tick(self, fps):
            calls["tick"] += 1
            return real_wait(1000 // fps)
    monkeypatch.setattr(pygame.time, "wait", nap)
    monkeypatch.setattr(pygame.event, "wait", event_wait)
    monkeypatch.setattr(pygame.time, "Clock", Clock)
    _run_window(tmp_path, monkeypatch, lambda pg: [], max_frames=5)
    assert calls["nap"] + calls["wait"] == 5 and calls["tick"] == 0
    calls.update(nap=0, wait=0, tick=0)
    held = lambda pg: [pg.event.Event(pg.KEYDOWN, key=pg.K_RIGHT)]   # never released
    _run_window(tmp_path, monkeypatch, held, max_frames=5)
    assert calls["tick"] >= 4 and calls["nap"] + calls["wait"] <= 1


def window_off():
    from host_sim.window import PANEL_OFF
    return PANEL_OFF


def test_lit_pixels_dim_with_the_contrast_setting():
    from handheld.progress import CONTRAST_LEVELS
    from host_sim.window import lit_color, PANEL_ON
    colours = [lit_color(c) for c in CONTRAST_LEVELS]
    light = [sum(c) for c in colours]
    assert light == sorted(light) and len(set(light)) == len(light)   # each level brighter
    assert colours[-1] == PANEL_ON                                     # the highest: full
    assert light[0] < 0.5 * light[-1]                                  # the lowest: clearly dim
    assert light[0] > 3 * sum(window_off())                            # yet still visible


def test_the_apps_contrast_setting_reaches_the_windows_pixels(monkeypatch):
    # App.apply_contrast sets display.brightness from Settings.contrast; the window draws lit
    # pixels with lit_color(display.contrast).
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from handheld.progress import CONTRAST_LEVELS
    from host_sim import window
    from host_sim.session import Session
    pygame.display.init()
    s = Session()
    seen = []
    for level in (0, len(CONTRAST_LEVELS) - 1):
        s.app.settings.contrast = level
        s.app.apply_contrast()
        surf = window.frame_surface(pygame, s.hw.display.frame, s.hw.display.contrast)
        lit = {tuple(surf.get_at((x, y)))[:3] for x in range(128) for y in range(64)
               if s.hw.display.pixel(x, y)}
        assert len(lit) == 1
        seen.append(lit.pop())
    assert sum(seen[0]) < 0.5 * sum(seen[1]) and seen[1] == window.PANEL_ON


def test_no_display_is_decided_before_sdl_falls_back_to_an_invisible_window():
    from host_sim.window import headless
    assert headless({}, "linux")
    assert not headless({"DISPLAY": ":0"}, "linux")
    assert not headless({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not headless({"SDL_VIDEODRIVER": "dummy"}, "linux")     # asked for: tests
    assert not headless({}, "darwin") and not headless({}, "win32")


def test_play_without_a_display_says_so_in_one_line_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = REPO
    r = subprocess.run([sys.executable, "-m", "host_sim", "play"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "no display" in r.stderr
    assert "host_sim shot" in r.stderr and r.stdout == ""
    assert not (tmp_path / "sim_nvm.bin").exists()
