"""The window and the main loop: poll input → scene update (unit, engine, bots)
→ draw. Rules never depend on frame timing; the unit is advanced by the clock."""
from __future__ import annotations

import os
import sys
import traceback

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Everything is drawn in software (pygame surfaces): a plain framebuffer copy
# beats an OpenGL upload here and saves ~100 MB of GL libraries (measured under
# X11, bench/bench_table.py). Set the variable to 1 to try acceleration.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # noqa: E402

from haudrauf.device.clock import Clock, MonotonicClock  # noqa: E402
from haudrauf.play import config, language, paths
from haudrauf.table import input as intents  # noqa: E402
from haudrauf.table.audio import Audio  # noqa: E402
from haudrauf.table.keymap import KeyMap  # noqa: E402
from haudrauf.table.scenes.base import Scene  # noqa: E402
from haudrauf.play.stats import StatsBook  # noqa: E402
from haudrauf.table.ui import draw, theme  # noqa: E402
from haudrauf.table.ui.sound_icon import draw_muted  # noqa: E402
from haudrauf.words import Message, msg  # noqa: E402

MIN_SIZE = (640, 480)
IDLE_FPS = 60
FAST_FPS = 240  # during a slap race: presses are stamped when polled
WAKE_S = 0.002  # the phones stop listening this long before a frame is due: waking up late costs frames
NOTICE_S = 8.0  # how long a notice (a save that failed, the file problems) stays up


def short_reason(exc: Exception) -> str:
    """An error in a few words for the table: an OS error's own ("too many open files"), else its message."""
    text = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)).strip()
    line = text.splitlines()[0] if text else "something went wrong"
    line = line if len(line) <= 60 else line[:59] + "…"
    return line[:1].lower() + line[1:]


class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), fullscreen: bool | None = None,
                 seed: int | None = None, clock: Clock | None = None, settings_path=None,
                 lang_flag: str | None = None) -> None:
        pygame.init()
        pygame.display.set_caption("UNO Hau drauf")
        self.settings_path = settings_path or paths.settings_path()
        folder_problem = paths.folder_problem()
        paths.tidy()
        self.settings, self.problems = config.load(self.settings_path)
        #: `--lang` for this run only (None: the saved setting, else the system's).
        self.lang_flag = lang_flag
        self.problems[:0] = [folder_problem] if folder_problem else []
        #: A line over whatever is on screen, and until when: a save that failed (said once), the file problems.
        self.notice: tuple[str, float] | None = None
        self.warned_unsaved = False
        self.fullscreen = self.settings.table.fullscreen if fullscreen is None else fullscreen
        self.windowed_size = size
        self.screen = self._open_window()
        self.clock = clock or MonotonicClock()
        self.seed = seed
        self.input = intents.InputAdapter(KeyMap(self.settings.keys))
        self.audio = Audio()
        self.apply_sound_settings()
        self.problems += self.audio.problems
        self.stats, stats_problem = StatsBook.load(paths.stats_path())
        self.problems += [stats_problem] if stats_problem else []
        said = language.Language(self.language_code()).say
        for problem in self.problems:  # also where a terminal user looks, in the command line's language
            print(f"haudrauf: {said(problem)}", file=sys.stderr)
        self.scenes: list[Scene] = []
        #: Unit mode's players, kept for coming back (see unit_mode.py; its speed switch is saved).
        self.kept_unit = None
        #: The phones' room and server while phones are on (phones/host.py).
        self.phones = None
        #: Where phones are listened for, kept from one Start phones to the next: the address (None: the
        #: LAN address the QR code shows; `--bind`) and the port (`--port`, else the one first listened on).
        self.phones_bind: str | None = None
        self.phones_port = 0
        self.running = True
        self.frames = pygame.time.Clock()

    def language_code(self) -> str:
        """The language the app speaks now: `--lang`, else the saved (or working) setting, else the system's."""
        return language.chosen(self.lang_flag, self.settings.table.language)

    # --- window -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()

    # --- settings -----------------------------------------------------------------
    def save_settings(self) -> bool:
        """Use the settings now and keep them on disk; if the disk refuses, they
        hold until the program ends (said once). True if saved."""
        self.input.keymap = KeyMap(self.settings.keys)
        self.apply_sound_settings()
        return self.saved(msg("the settings"), lambda: config.save(self.settings_path, self.settings))

    def save_stats(self) -> bool:
        return self.saved(msg("the stats"), lambda: self.stats.save(paths.stats_path()))

    def saved(self, what: Message, write) -> bool:
        try:
            write()
        except OSError as exc:
            self.could_not_save(what, exc)
            return False
        return True

    def could_not_save(self, what: Message, exc: OSError) -> None:
        """A read-only or full disk: say it once, over whatever is on screen; play on from memory."""
        if not self.warned_unsaved:
            self.warned_unsaved = True
            self.tell(self.say(msg("Could not save {what}: {why} — playing on without saving",
                                   what=what, why=paths.why_unsaved(exc))))

    def say(self, said) -> str:
        """A Message (or a name) in the window's language."""
        return language.Language(self.language_code()).say(said)

    def tell(self, text: str) -> None:
        self.notice = (text, self.clock.now() + NOTICE_S)

    def apply_sound_settings(self) -> None:
        self.audio.set_volume(self.settings.unit.volume)
        self.audio.set_muted(self.settings.unit.muted)

    # --- phones -------------------------------------------------------------------
    def start_phones(self, port: int | None = None, bind: str | None = None) -> bool:
        """Open the room for phones (the menu's Phones button, or `--phones`),
        with a new link and code. `port`, `bind`: where (see `phones_port`,
        `phones_bind`); left out, where phones were last listened for. A port
        that cannot be listened on is said, and nothing else changes."""
        if self.phones is not None and self.phones.running:
            return True
        from haudrauf.phones.host import PhoneHost  # here, not at the top: aiohttp is loaded only when phones are on
        from haudrauf.phones.server import lan_address
        self.phones_port = self.phones_port if port is None else port
        self.phones_bind = bind or self.phones_bind
        host = self.phones or PhoneHost(self.clock, seat_names=self.seat_names, card_art=self.card_picture,
                                        why_not=self.phone_seat_taken,
                                        fair_pm=self.settings.table.fair_race_ms / 1000)
        try:
            self.phones_port = host.start(self.phones_bind or lan_address(), self.phones_port)
        except OSError as exc:
            port = self.phones_port or msg("any")
            self.tell(self.say(msg("Phones: could not listen on port {port} ({why})", port=port,
                                   why=exc.strerror or str(exc))))
            return False
        self.phones = host
        return True

    def stop_phones(self) -> None:
        """Stop listening; the room keeps its seats for a restart."""
        if self.phones is not None:
            self.phones.stop()

    def card_picture(self, face: str, lang: str = "en") -> bytes | None:
        """A card's picture for a phone, its words in the phone's language: only a face of the game on the
        table is painted (kept once painted); any other is None — a 404 that keeps nothing."""
        from haudrauf.table.faces.png import card_png, faces_of
        session = getattr(self.phones_scene(), "session", None)
        return card_png(face, lang) if session is not None and face in faces_of(session.game_id) else None

    def phones_call(self, work, fallback=None):
        """One of the phones' calls in the main loop (step, publish, wait): any
        error in them stops the phones, said in one line over the table; the
        game, its save and the window go on (`fallback` is the call's answer)."""
        try:
            return work()
        except Exception as exc:  # the network is never a reason for the game to end
            traceback.print_exception(exc, file=sys.stderr)
            try:
                self.phones.stop()
            except Exception:  # it cannot even stop: let it go, Start phones opens a new room
                self.phones = None
            self.tell(self.say(msg("Phones stopped: {why}. The game goes on.", why=short_reason(exc))))
            return fallback

    def race_hold(self, racers) -> float:
        """How long a slap race waits for these racers' phones' presses (0: no phones)."""
        return self.phones.race_hold(racers) if self.phones is not None else 0.0

    def phones_scene(self) -> Scene | None:
        """The game the phones play in: the top scene that takes them (an
        overlay above it — help, a question — does not)."""
        return next((scene for scene in reversed(self.scenes) if scene.takes_phones), None)

    def phone_seat_taken(self, seat: int) -> Message | None:
        """Why a phone cannot take `seat` in the phones' game now ("a bot plays
        it"), or None; in the menu every seat is open."""
        scene = self.phones_scene()
        return scene.phone_seat_taken(seat) if scene else None

    def seat_names(self) -> list[str]:
        """The seats' names in the phones' game (the saved names in the menu)."""
        scene = self.phones_scene()
        return list(scene.names) if scene else list(self.settings.table.names)

    def phone_view(self, seat: int, now: float):
        from haudrauf.play.phone_view import waiting
        scene = self.phones_scene()
        return scene.phone_view(seat, now) if scene else waiting(msg("The table is in the menu: your game starts soon"))

    def phones_step(self, now: float) -> None:
        """The phones' intents go to the game's scene the way keys go to the top
        one; a phone joining or leaving is said over the table."""
        from haudrauf.phones.host import PhoneJoined, PhoneLeft
        for intent in self.phones_call(self.phones.step, []):
            said = self.say
            if isinstance(intent, PhoneJoined):
                self.tell(said(msg("{name}'s phone has seat {seat}", name=intent.name, seat=intent.seat + 1)))
            elif isinstance(intent, PhoneLeft):
                self.tell(said(intent.why or msg("Seat {seat}'s phone went away: the seat waits a minute for it",
                                                 seat=intent.seat + 1)))
            scene = self.phones_scene()
            if scene is not None and self.running:
                scene.handle(intent, now)

    # --- scenes -------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scene.on_pause()
        self.scenes.append(scene)

    def pop(self) -> None:
        self.scenes.pop().on_close()
        if self.scenes:
            self.scene.on_resume()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes[-1].on_close()
        self.scenes[-1] = scene

    # --- the loop -----------------------------------------------------------------
    def handle(self, intent, now: float) -> None:
        if isinstance(intent, intents.Command):
            if intent.name == "quit":
                self.running = False
                return
            if intent.name == "fullscreen":
                self.toggle_fullscreen()
                return
            if intent.name == "mute":  # flips what is heard now, and saves it at once
                muted = not self.audio.muted
                self.settings.unit = self.settings.unit.with_changes(muted=muted)
                self.save_settings()
                self.scene.on_muted(muted)
                return
            if intent.name == "help" and not self.input.text_mode:
                from haudrauf.table.scenes.help import HelpScene
                if not isinstance(self.scene, HelpScene):
                    self.push(HelpScene(self))
                return
            if intent.name == "back":
                self.scene.on_back()
                return
        if isinstance(intent, intents.Resized):
            if not self.fullscreen:
                size = (max(MIN_SIZE[0], intent.size[0]), max(MIN_SIZE[1], intent.size[1]))
                if size != self.screen.get_size():
                    self.windowed_size = size
                    self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            return
        self.scene.handle(intent, now)

    def frame(self, intents_in: list | None = None) -> None:
        """One pass of the loop (tests pass intents instead of polling)."""
        now = self.clock.now()
        for intent in (self.input.poll(now) if intents_in is None else intents_in):
            if not self.running or not self.scenes:
                return
            self.handle(intent, now)
        if self.phones is not None and self.phones.running and self.scenes:
            self.phones_step(now)
        if not self.running or not self.scenes:
            return
        for scene in self.visible():
            scene.update(now)
        if self.phones is not None and self.phones.running:
            self.phones_call(lambda: self.phones.publish(now, lambda seat: self.phone_view(seat, now)))
        self.draw(now)

    def visible(self) -> list[Scene]:
        """The top scene and, below overlays, the scene they cover (it keeps running)."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[first:]

    def draw(self, now: float) -> None:
        size = self.screen.get_size()
        for scene in self.visible():
            scene.ensure_layout(size)
            scene.draw(self.screen, now)
        draw_muted(self.screen, self.audio.silent, self.scene.buttons)
        if self.notice and now < self.notice[1]:
            self._draw_notice()
        pygame.display.flip()

    def _draw_notice(self) -> None:
        """The notice at the top, between the corners' panels, clear of
        every name plate and, where there is room, of the hands, piles, unit and
        prompt (a table scene's renderer knows where they are)."""
        w, h = self.screen.get_size()
        frame = getattr(getattr(self.scene, "renderer", None), "frame", None)
        plates = list(frame.plates.values()) if frame else []
        drawn = [*frame.zones.values(), *frame.banners, *filter(None, [frame.unit_rect])] if frame else []
        draw.banner(self.screen, self.notice[0], (w // 2, int(theme.unit_size((w, h)) // 2)),
                    max(14, int(h * 0.026)), theme.YELLOW, avoid=plates,
                    rather=[*drawn, *(b.rect for b in self.scene.buttons)], max_width=int(w * 0.55))

    def start(self, first: Scene) -> None:
        """Open on `first`; the menu lists the file problems, any other first
        scene (`haudrauf unit`, `play`) has them said over it for a while."""
        from haudrauf.table.scenes.menu import MenuScene
        self.push(first)
        if self.problems and not isinstance(first, MenuScene):
            self.tell("\n".join(map(self.say, self.problems)))

    def pace(self, started: float) -> None:
        """The rest of a frame begun at `started`: 60 a second, 240 in a slap
        race; with phones on the idle time listens for them."""
        fps = FAST_FPS if self.scenes and self.scene.wants_fast_polling else IDLE_FPS
        idle = 1 / fps - (self.clock.now() - started) - WAKE_S
        if self.phones is not None and self.phones.running and self.phones_call(lambda: self.phones.wait(idle), False):
            self.frames.tick()  # a phone spoke: the next frame takes its press now, not a frame later
        else:
            self.frames.tick(fps)  # the frame's rest (the phones listened through most of it)

    def run(self, first: Scene, phones_port: int | None = None) -> None:
        """`phones_port`: open the room for phones at once (`--phones`; 0: any
        free port) and show how to join over the first scene."""
        self.start(first)
        if phones_port is not None and self.start_phones(phones_port):
            from haudrauf.table.scenes.phones import PhonesScene
            self.push(PhonesScene(self))
        while self.running and self.scenes:
            started = self.clock.now()
            self.frame()
            self.pace(started)
        self.stop_phones()
        pygame.quit()
