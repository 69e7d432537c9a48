"""The simulator window (pygame): the OLED scaled, the LED strip under it, keyboard as buttons.

Esc or Q (or closing the window) quits. The loop runs at 60 Hz while something moves (a key
held, the screen or the LEDs changed in the last IDLE_AFTER_MS) and otherwise blocks on the
event queue for up to IDLE_WAIT_MS between app steps, so an idle window costs next to no CPU.
"""
import os
import sys

from handheld import buttons as B

KEYMAP_TEXT = "arrows, Z/A=A, X/B=B, Enter=START, Space/Shift=SELECT, F12=screenshot, Esc/Q=quit"
NO_DISPLAY = ("no display for the simulator window: try `python -m host_sim shot out.png "
              "--keys ...` for a headless PNG")

PANEL_ON = (120, 200, 255)   # a lit OLED pixel at full contrast (the PNGs' colour)
PANEL_OFF = (8, 10, 16)
DIM_FLOOR = 0.25             # at contrast 0 a lit pixel keeps this share of its light

FPS = 60
IDLE_AFTER_MS = 500          # nothing changed for this long and no key held: idle
IDLE_WAIT_MS = 50            # idle: block on events this long between app steps (20 Hz)
IDLE_NAP_MS = 30             # idle on a driver that cannot block: sleep this long, then look


class NoDisplay(Exception):
    """SDL has no real screen to open the window on."""


def keymap(pygame):
    k = pygame
    return {
        k.K_UP: B.UP, k.K_DOWN: B.DOWN, k.K_LEFT: B.LEFT, k.K_RIGHT: B.RIGHT,
        k.K_z: B.A, k.K_a: B.A, k.K_x: B.B, k.K_b: B.B,
        k.K_RETURN: B.START, k.K_KP_ENTER: B.START,
        k.K_SPACE: B.SELECT, k.K_LSHIFT: B.SELECT, k.K_RSHIFT: B.SELECT,
    }


def quit_keys(pygame):
    return (pygame.K_ESCAPE, pygame.K_q)


def lit_color(contrast):
    """The RGB of a lit pixel at the display's contrast (app.apply_contrast sets
    display.brightness to one of CONTRAST_LEVELS, 0..1): dimmer in proportion to the level,
    PANEL_ON at 1.0, never dark enough to vanish."""
    c = min(1.0, max(0.0, float(contrast)))
    k = DIM_FLOOR + (1.0 - DIM_FLOOR) * c
    return tuple(int(round(off + (on - off) * k)) for on, off in zip(PANEL_ON, PANEL_OFF))


def headless(environ=None, platform=None):
    """True when there is surely no screen for a window: on Linux and the BSDs, neither X11
    ($DISPLAY) nor Wayland ($WAYLAND_DISPLAY) and no video driver chosen by $SDL_VIDEODRIVER
    (SDL would fall back to its invisible 'offscreen' driver and the window would run unseen)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if environ.get("SDL_VIDEODRIVER"):
        return False
    if platform.startswith(("win", "darwin", "cygwin")):
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def import_pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # its "Hello" banner on stdout
    import pygame
    return pygame


def open_display(pygame, size, environ=None):
    """pygame's display module only (pygame.init() would also open the sound card: ALSA noise
    and nothing to play) and the window; NoDisplay when there is no real screen."""
    environ = os.environ if environ is None else environ
    if headless(environ):
        raise NoDisplay(NO_DISPLAY)
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and environ.get("SDL_VIDEODRIVER") != driver:
            raise NoDisplay(NO_DISPLAY)
        return pygame.display.set_mode(size)
    except pygame.error as exc:
        pygame.display.quit()
        raise NoDisplay("%s (%s)" % (NO_DISPLAY, exc))
    except NoDisplay:
        pygame.display.quit()
        raise


def quiet_displayio():
    """Blinka's displayio wakes a background thread every millisecond for displays that
    refresh themselves (about 2% of a CPU core, forever). Ours refresh only when the app
    calls refresh() (auto_refresh=False), so the window stops that thread."""
    import displayio
    stop = getattr(displayio, "_stop_background", None)
    if stop is not None and all(not getattr(d, "auto_refresh", False)
                                for d in getattr(displayio, "displays", ())):
        stop()


def frame_surface(pygame, frame, contrast):
    """The 128x64 OLED frame (page-packed) as a pygame Surface, lit pixels at `contrast`."""
    from host_sim import png
    rows = png.mono_rows(frame, 128, 64, scale=1, on=lit_color(contrast), off=PANEL_OFF)
    return pygame.image.frombuffer(b"".join(rows), (128, 64), "RGB")


def play_window(args, start_in_game):
    pygame = import_pygame()
    from host_sim.session import Session, write_screen, led_color
    from host_sim.hw import FileNvm
    scale = args.scale
    w, h = 128 * scale, 64 * scale
    strip = 10 * scale
    screen = open_display(pygame, (w, h + strip))     # before anything else: fail fast
    nvm = FileNvm(args.nvm or os.path.join(os.getcwd(), "sim_nvm.bin"))
    session = Session(nvm=nvm, scale=scale)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    session.hw.records_dir = os.path.join(repo, "build", "records")  # finished matches
    start_in_game(session, args)
    quiet_displayio()
    pygame.display.set_caption("Puzzle Handheld - " + KEYMAP_TEXT)
    keys = keymap(pygame)
    quits = quit_keys(pygame)
    clock = pygame.time.Clock()
    display, pixels, hw = session.hw.display, session.hw.pixels, session.hw
    shots = 0
    start = pygame.time.get_ticks()
    frames = 0
    max_frames = getattr(args, "max_frames", None)  # tests: stop after this many loop passes
    # Real video drivers (X11, Wayland, Windows, macOS) wake pygame.event.wait() on input;
    # SDL's dummy/offscreen drivers would poll inside it every millisecond instead.
    blocking = pygame.display.get_driver() not in ("dummy", "offscreen")
    held = set()            # buttons held down now
    shown = None            # (refreshes, contrast, LED colours) last drawn
    last_change = start
    while max_frames is None or frames < max_frames:
        frames += 1
        now = pygame.time.get_ticks()
        if held or now - last_change < IDLE_AFTER_MS:
            clock.tick(FPS)
            events = pygame.event.get()
        elif blocking:                 # idle: sleep in the event queue until a key or timeout
            first = pygame.event.wait(IDLE_WAIT_MS)
            events = [first] + pygame.event.get() if first.type != pygame.NOEVENT else []
        else:                          # SDL's dummy drivers cannot block on events: nap
            pygame.time.wait(IDLE_NAP_MS)
            events = pygame.event.get()
        for ev in events:
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key in quits):
                pygame.quit()
                return session
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                last_change = pygame.time.get_ticks()
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
                    shots += 1
                    path = "screenshot%03d.png" % shots
                    write_screen(path, display, pixels, scale)
                    print("saved", path)
                elif ev.key in keys:
                    down = ev.type == pygame.KEYDOWN
                    (held.add if down else held.discard)(keys[ev.key])
                    hw.keys.events.put(keys[ev.key], down)
            elif ev.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                shown = None           # redraw what the window system lost
        hw.clock = pygame.time.get_ticks() - start
        session.app.step(hw.clock)
        leds = tuple(pixels.shown) + (pixels.brightness,) if pixels is not None else ()
        state = (display.refreshes, display.contrast, leds)
        if state == shown:
            continue
        if shown is not None:
            last_change = pygame.time.get_ticks()
        shown = state
        surf = frame_surface(pygame, display.frame, display.contrast)
        screen.blit(pygame.transform.scale(surf, (w, h)), (0, 0))
        pygame.draw.rect(screen, (24, 24, 28), (0, h, w, strip))
        if pixels is not None:
            gap = w // pixels.n
            for i, c in enumerate(pixels.shown):
                col = [int(v) for v in led_color(c, pixels.brightness)]
                pygame.draw.circle(screen, col, (i * gap + gap // 2, h + strip // 2), strip // 3)
        pygame.display.flip()
    pygame.quit()
    return session
