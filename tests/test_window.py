"""The pygame window runs (on SDL's dummy video driver) and maps keys to buttons."""
import argparse

import pytest


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
