"""The simulator window (pygame): the OLED scaled, the LED strip under it, keyboard as buttons."""
import os

from handheld import buttons as B

KEYMAP_TEXT = "arrows, Z/A=A, X/B=B, Enter=START, Space/Shift=SELECT, F12=screenshot"


def keymap(pygame):
    k = pygame
    return {
        k.K_UP: B.UP, k.K_DOWN: B.DOWN, k.K_LEFT: B.LEFT, k.K_RIGHT: B.RIGHT,
        k.K_z: B.A, k.K_a: B.A, k.K_x: B.B, k.K_b: B.B,
        k.K_RETURN: B.START, k.K_KP_ENTER: B.START,
        k.K_SPACE: B.SELECT, k.K_LSHIFT: B.SELECT, k.K_RSHIFT: B.SELECT,
    }


def play_window(args, start_in_game):
    import pygame
    from host_sim.session import Session, write_screen, led_color
    from host_sim.hw import FileNvm
    nvm = FileNvm(args.nvm or os.path.join(os.getcwd(), "sim_nvm.bin"))
    session = Session(nvm=nvm, scale=args.scale)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    session.hw.records_dir = os.path.join(repo, "build", "records")  # finished matches
    start_in_game(session, args)
    scale = args.scale
    pygame.init()
    w, h = 128 * scale, 64 * scale
    strip = 10 * scale
    screen = pygame.display.set_mode((w, h + strip))
    pygame.display.set_caption("Puzzle Handheld - " + KEYMAP_TEXT)
    keys = keymap(pygame)
    clock = pygame.time.Clock()
    display, pixels, hw = session.hw.display, session.hw.pixels, session.hw
    shots = 0
    start = pygame.time.get_ticks()
    frames = 0
    max_frames = getattr(args, "max_frames", None)  # tests: stop after this many frames
    while max_frames is None or frames < max_frames:
        frames += 1
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                pygame.quit()
                return session
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
                    shots += 1
                    path = "screenshot%03d.png" % shots
                    write_screen(path, display, pixels, scale)
                    print("saved", path)
                elif ev.key in keys:
                    hw.keys.events.put(keys[ev.key], ev.type == pygame.KEYDOWN)
        hw.clock = pygame.time.get_ticks() - start
        session.app.step(hw.clock)
        surf = pygame.Surface((128, 64))
        surf.fill((8, 10, 16))
        on = (120, 200, 255)
        frame = display.frame
        for page in range(8):
            for x in range(128):
                byte = frame[page * 128 + x]
                if byte:
                    for bit in range(8):
                        if byte >> bit & 1:
                            surf.set_at((x, page * 8 + bit), on)
        screen.blit(pygame.transform.scale(surf, (w, h)), (0, 0))
        pygame.draw.rect(screen, (24, 24, 28), (0, h, w, strip))
        if pixels is not None:
            gap = w // pixels.n
            for i, c in enumerate(pixels.shown):
                col = [int(v) for v in led_color(c, pixels.brightness)]
                pygame.draw.circle(screen, col, (i * gap + gap // 2, h + strip // 2), strip // 3)
        pygame.display.flip()
        clock.tick(60)
    pygame.quit()
    return session
