"""`haudrauf`: the command line. Subcommands import what they need lazily, so
`haudrauf simulate` never loads pygame.

A command line that cannot run is refused before anything opens: one line on
stderr naming the flag and what it takes, exit status 2 (argparse's own
mistakes too). Ctrl-C ends any command quietly with status 130."""
from __future__ import annotations

import argparse
import math
import os
import re
import sys
import textwrap

from haudrauf.engine.bots.base import REACTION_LIMITS
from haudrauf.play.autosave import MAX_SEED

#: The most games per configuration `sweep --precision` plays unless --games says.
PRECISION_CAP = 1000
#: The most games --games takes: a million already take hours; a longer number is a slip of the keyboard.
MAX_GAMES = 1_000_000
#: The shell's statuses for a bad command line, Ctrl-C and a closed pipe (128 + SIGINT, 128 + SIGPIPE).
USAGE_ERROR, INTERRUPTED, BROKEN_PIPE = 2, 130, 141
#: The bot speeds --think and --slap take, (lowest mean, highest mean or spread): the bots' own limits.
THINK_S, SLAP_MS = ((REACTION_LIMITS[name][2], REACTION_LIMITS[name][3]) for name in ("think_mean_s", "slap_mean_ms"))


#: The commands that print and open no window.
HEADLESS = ("simulate", "sweep", "tune", "rules")


class Refused(Exception):
    """A command line that parses but cannot run; the message names the flag."""


class Parser(argparse.ArgumentParser):
    """argparse whose every mistake is one line on stderr, like our own refusals."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # "--think -1,0", "--speed -inf": a minus before a number starts a (wrong) value, not an unknown flag
        self._negative_number_matcher = re.compile(r"^-(\.?\d|inf|nan)", re.IGNORECASE)

    def error(self, message: str):
        self.exit(USAGE_ERROR, f"{self.prog}: {message.removeprefix('argument ')}\n")


def whole_number(low: int, high: int | None = None):
    """An argparse type: a whole number from `low` (to `high`)."""
    allowed = f"{low} or more" if high is None else f"from {low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number {allowed}, got {text!r}")
        return value
    return parse


def ipv4_address(text: str) -> str:
    """An argparse type: an IPv4 address as four numbers ("192.168.1.20")."""
    import ipaddress
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an IPv4 address of this machine such as 192.168.1.20 "
                                         f"(0.0.0.0: every network), got {text!r}") from None


def speed_value(text: str) -> float | str:
    """Seconds per turn, or "unlimited" (also none, 0 and inf: no limit, as people say it)."""
    if text.strip().lower() in ("unlimited", "none"):
        return "unlimited"
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if value in (0, math.inf):
        return "unlimited"
    if not 1 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be seconds from 1 to 60, or unlimited (also 0 or inf), got {text!r}")
    return value


def mean_spread(unit: str, low: float, high: float, example: str):
    """An argparse type: "2,0.9" → (2.0, 0.9), a mean from `low` to `high` and a spread
    from 0 to `high` — human times (NaN and inf fail every comparison, so they are refused too)."""
    def parse(text: str) -> tuple[float, float]:
        try:
            mean, spread = (float(part) for part in text.split(","))
        except ValueError:
            mean = spread = math.nan
        if not (low <= mean <= high and 0 <= spread <= high):
            raise argparse.ArgumentTypeError(f"wants MEAN,SPREAD in {unit} such as {example}: a mean from {low:g} "
                                             f"to {high:g} and a spread from 0 to {high:g}, got {text!r}")
        return mean, spread
    return parse


def squeezed(text: str) -> str:
    """A game's id or name as typed, without case, spaces or hyphens ("Go Fish" = "go-fish" = "GOFISH")."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def game_called(text: str, game_ids: list[str]) -> str | None:
    """The game a person means by its id or its name, however written."""
    from haudrauf.engine import registry
    wanted = squeezed(text)
    for game_id in game_ids:
        if wanted in (squeezed(game_id), squeezed(registry.game_class(game_id).info.name)):
            return game_id
    return None


def game_value(text: str) -> str:
    """An argparse type: a game by its id or its name ("Go Fish", "skipbo")."""
    from haudrauf.engine import registry
    games = registry.available()
    found = game_called(text, games)
    if found is None:
        raise argparse.ArgumentTypeError(f"no game called {text!r}; games: {', '.join(games)}")
    return found


def allowed_values(option) -> str:
    """What an --option takes, as --help lists it: "on|off", "1–9", "standard|lowest-wins"."""
    if option.choices:
        return "|".join(map(str, option.choices))
    if isinstance(option.default, bool):
        return "on|off"
    if option.low is not None:
        return f"{option.low:g}–{option.high:g}"
    return "TEXT"


def options_help() -> str:
    """Every game's --option names and values, for the end of `play --help` and `simulate --help`."""
    from haudrauf.engine import registry
    lines = ["game options (--option NAME=VALUE, repeatable):"]
    for game_id in registry.available():
        info = registry.game_class(game_id).info
        named = "  ".join(f"{o.name}={allowed_values(o)}" for o in info.options if o.name != "players")
        lines.append(f"  {game_id} ({info.min_players}–{info.max_players} players)")
        lines.append(textwrap.fill(named, 79, initial_indent=" " * 6, subsequent_indent=" " * 6,
                                   break_long_words=False, break_on_hyphens=False))
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    seed_help = f"seed for shuffles and the selector, a whole number from 0 to {MAX_SEED}"
    parser = Parser(prog="haudrauf", description="The UNO Hau drauf unit and card table.",
                    epilog="`haudrauf COMMAND --help` lists a command's options. A command line that cannot "
                           "run says why in one line and exits with status 2; Ctrl-C quits with status 130.")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None, help=seed_help)
    parser.add_argument("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    parser.add_argument("--demo", action="store_true", help="attract mode: bots play with sound (no command)")
    # the same option after a subcommand (`haudrauf simulate --seed 1`)
    seeded = Parser(add_help=False)  # the headless commands: no window to fill
    seeded.add_argument("--seed", type=whole_number(0, MAX_SEED), default=argparse.SUPPRESS, help=seed_help)
    common = Parser(add_help=False, parents=[seeded])
    common.add_argument("--fullscreen", action="store_true", default=argparse.SUPPRESS, help="open full screen")
    # phones as private hands and seat buttons, for the window's commands
    phones = Parser(add_help=False)
    phones.add_argument("--phones", action="store_true",
                        help="let each person play on their own phone (same network): shows a QR code to join")
    phones.add_argument("--port", type=whole_number(1, 65535), default=None,
                        help="the phones' web port, 1–65535 (with --phones; default: any free port)")
    phones.add_argument("--bind", type=ipv4_address, default=None, metavar="ADDRESS",
                        help="the address the phones' server listens on (with --phones; default: this machine's "
                             "address on the local network, the one the QR code shows; 0.0.0.0: every network)")
    sub = parser.add_subparsers(dest="command")
    unit = sub.add_parser("unit", parents=[common, phones], help="the unit alone (people hold real cards)")
    speed_help = ("seconds per turn: 1–60 (the switch has 6 and 4), or unlimited — 0 and inf also mean unlimited "
                  "(default: the saved setting)")
    unit.add_argument("--speed", type=speed_value, default=None, help=speed_help)
    unit.add_argument("--seats", type=whole_number(2, 6), default=0, metavar="N",
                      help="register seats 1…N at once, 2–6 (default: players press their buttons; window only)")
    unit.add_argument("--terminal", action="store_true",
                      help="run in the terminal instead of a window (needs a terminal: not for pipes)")
    games_epilog = options_help()
    from haudrauf.engine import registry
    game_ids = ", ".join(registry.available())
    play = sub.add_parser("play", parents=[common, phones], help="a game on the table with people and bots",
                          epilog=games_epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", type=game_value, metavar="GAME",
                      help=f"game id or name: {game_ids}")
    play.add_argument("--people", type=whole_number(0), default=1,
                      help="people at the table, 0 or more (they sit first; default 1)")
    play.add_argument("--bots", type=whole_number(0), default=3,
                      help="bots at the table, 0 or more (default 3); people + bots must fit the game")
    play.add_argument("--bot", default="heuristic", help="which bot: heuristic or random")
    play.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option (repeatable, listed below); the number of players comes from "
                           "--people and --bots, so --option players=N is refused")
    play.add_argument("--timer", action="store_true",
                      help="a speed game: the unit times every turn and picks who starts (not for UNO, "
                           "which always plays with the unit)")
    play.add_argument("--speed", type=speed_value, default=None,
                      help=f"the unit's {speed_help} (UNO, or another game with --timer)")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", type=game_value, metavar="GAME",
                       help=f"the game's id or name (any case): {game_ids}")
    replay = sub.add_parser("replay", parents=[common], help="step through a saved or finished game move by move")
    replay.add_argument("file", nargs="?", default=None,
                        help="a save file (default: the last finished game, else the unfinished one)")
    sim = sub.add_parser("simulate", parents=[seeded], help="bots play many games headless and print statistics",
                         epilog=games_epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("--game", type=game_value, required=True, help="game id or name, e.g. uno-hau-drauf, go-fish")
    sim.add_argument("--players", type=whole_number(0), default=4,
                     help="seats, within the game's range (default 4); --option players=N is refused")
    sim.add_argument("--games", type=whole_number(1, MAX_GAMES), default=100,
                     help=f"games to play, 1 to {MAX_GAMES:,} (default 100)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. --option war=on (repeatable, listed below)")
    sim.add_argument("--bots", default="heuristic",
                     help="comma-separated bot names (heuristic, random), rotated over the seats (default: "
                          "heuristic; heuristic,random rotates both)")
    sim.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                     help="the bots' thinking and reaction speed (games driven by the unit)")
    for flag, (low, high), unit, example, what in (("--think", THINK_S, "seconds", "2,0.9", "thinking time"),
                                                    ("--slap", SLAP_MS, "ms", "430,110", "slap reaction time")):
        sim.add_argument(flag, type=mean_spread(unit, low, high, example), metavar="MEAN,SPREAD",
                         help=f"the bots' {what} in {unit}, e.g. {example}; mean {low:g}–{high:g}, spread "
                              f"0–{high:g} (replaces the difficulty's; UNO Hau drauf only)")
    sim.add_argument("--timer", action="store_true",
                     help="play a turn-based game as a speed game: the unit picks who starts and times every "
                          "turn (UNO Hau drauf always plays with the unit)")
    sim.add_argument("--speed", type=speed_value, default=None,
                     help="seconds per turn: none (also unlimited, 0, inf), 6, 4 or any 1–60 "
                          "(default: the unit settings used)")
    sim.add_argument("--settings", metavar="FILE", default=None,
                     help="the [unit] settings of this settings.toml (default: your saved settings; "
                          "the file is only read)")
    add_output(sim, "print the per-seat figures as CSV instead of the table")
    sim.add_argument("--verbose", action="store_true", help="also how fast the simulator ran (actions per second)")
    sweep = sub.add_parser("sweep", parents=[seeded], help="simulate a game over several speeds, bot "
                                                           "difficulties and player counts, on every core")
    sweep.add_argument("--game", type=game_value, required=True, help=f"game id or name: {game_ids}")
    sweep.add_argument("--speeds", type=listed(speed_value), default=["unlimited", 6.0, 4.0], metavar="S,S,…",
                       help="seconds per turn, none for no limit (default none,6,4)")
    sweep.add_argument("--difficulty", type=listed(difficulty_value), default=["normal"], metavar="D,D,…",
                       help="bot difficulties: easy, normal, hard (default normal)")
    sweep.add_argument("--players", type=listed(whole_number(0)), default=[4], metavar="N,N,…",
                       help="player counts, within the game's range (default 4)")
    sweep.add_argument("--games", type=whole_number(1, MAX_GAMES), default=None,
                       help="games per configuration (default 100); with --precision the most each plays "
                            f"(default {PRECISION_CAP})")
    sweep.add_argument("--precision", type=precision_value, default=None, metavar="P",
                       help="play each configuration in batches until the 95%% confidence interval of its "
                            "timed-out share is within ± P, a share such as 0.01 or 1%% (± 1 point); "
                            "--games is then the most games it plays")
    sweep.add_argument("--workers", type=whole_number(1), default=None,
                       help="worker processes (default: every core); the figures do not depend on it")
    sweep.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) "
                            "instead of on this machine, with the same figures; the cluster's workers play, so "
                            "--workers is refused with it (needs pip install -e '.[cluster]')")
    sweep.add_argument("--timer", action="store_true", help="turn-based games as speed games (as for simulate)")
    sweep.add_argument("--settings", metavar="FILE", default=None,
                       help="the other [unit] settings of this settings.toml (default: your saved settings)")
    sweep.add_argument("--chart", metavar="FILE.png", default=None,
                       help="also draw timed-out share and minutes per game against speed, a line per "
                            "difficulty and player count, into this PNG")
    add_output(sweep, "print one CSV row per configuration instead")
    add_tune(sub, seeded, game_ids)
    return parser


def add_output(parser, csv_help: str) -> None:
    """A simulation's report as a table, or (one of) --json and --csv; --quiet drops the progress bar."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print every figure as JSON instead of the table")
    output.add_argument("--csv", action="store_true", help=csv_help)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def add_tune(sub, seeded, game_ids: str) -> None:
    tune = sub.add_parser("tune", parents=[seeded], help="the turn time and extra time per seat that suit a group, "
                                                          "from each person's recorded times")
    tune.add_argument("--people", type=names_value, required=True, metavar="NAME,NAME,…",
                      help="who plays, in seat order: 2–6 names with recorded times (unit mode, the table or "
                           "the reaction test)")
    tune.add_argument("--game", type=game_value, default="uno-hau-drauf", help=f"game id or name: {game_ids} "
                      "(default uno-hau-drauf; the others play as speed games, the unit timing every turn)")
    tune.add_argument("--band", type=band_value, default="5,10", metavar="LOW,HIGH",
                      help="the share of turns that may time out, in percent (default 5,10)")
    tune.add_argument("--games", type=whole_number(1, MAX_GAMES), default=10,
                      help="games per setting tried (default 10)")
    tune.add_argument("--workers", type=whole_number(1), default=os.cpu_count() or 1,
                      help="worker processes (default: every core); the answer does not depend on it")
    tune.add_argument("--chart", metavar="FILE.png", default=None,
                      help="also draw timed-out turns against each seat's time limit, one line per person")
    tune.add_argument("--json", action="store_true", help="print the answer as JSON instead of the table")
    tune.add_argument("--settings", metavar="FILE", default=None,
                      help="the other [unit] settings of this settings.toml (default: your saved settings)")
    tune.add_argument("--stats", metavar="FILE", default=None,
                      help="the recorded times (default: your saved stats.json; only read)")
    tune.add_argument("--quiet", action="store_true", help="no progress bar")


def names_value(text: str) -> list[str]:
    """An argparse type: "Anna, Bo,Cleo" → the names, each once."""
    names = [part.strip() for part in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"wants names separated by commas, such as Anna,Bo,Cleo, got {text!r}")
    if len(set(names)) < len(names):
        raise argparse.ArgumentTypeError(f"each person once, got {text!r}")
    return names


def band_value(text: str):
    """An argparse type: "5,10" → the band of 5–10 % of turns."""
    from haudrauf.tuner.tuning import Band
    try:
        low, high = (float(part) / 100 for part in text.split(","))
        return Band(low, high)
    except ValueError:  # not two numbers, or not a band
        raise argparse.ArgumentTypeError(f"the band is two percentages from 0 to 100, the lower first, such as "
                                         f"5,10; got {text!r}") from None


def listed(item):
    """An argparse type: a comma-separated list of `item`s ("none,6,4")."""
    def parse(text: str) -> list:
        values = [item(part.strip()) for part in text.split(",")]
        if len(set(map(str, values))) < len(values):
            raise argparse.ArgumentTypeError(f"each value once, got {text!r}")
        return values
    return parse


def precision_value(text: str) -> float:
    """A share above 0 and below one half: "0.01" or "1%" (± 1 percentage point)."""
    typed = text.strip()
    try:
        value = float(typed[:-1]) / 100 if typed.endswith("%") else float(typed)
    except ValueError:
        value = math.nan
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"must be a share above 0 and below 0.5, such as 0.01 or 1%, got {text!r}")
    return value


def difficulty_value(text: str) -> str:
    if text not in ("easy", "normal", "hard"):
        raise argparse.ArgumentTypeError(f"difficulties are easy, normal and hard, got {text!r}")
    return text


# --- checks that need the game: each raises Refused naming the flag ----------------------------------------------


def check_players(game_id: str, players: int, given: str) -> None:
    """`given` says where the count came from: "--players 9"."""
    from haudrauf.engine import registry
    info = registry.game_class(game_id).info
    if not info.min_players <= players <= info.max_players:
        raise Refused(f"{given}: {info.name} takes {info.min_players}–{info.max_players} players, not {players}")


def check_bots(game_id: str, names: list[str], flag: str) -> None:
    from haudrauf.engine import registry
    factories = registry.bot_factories(game_id)
    for name in names:
        if name not in factories:
            raise Refused(f"{flag}: {registry.game_class(game_id).info.name} has no bot called {name!r}; "
                          f"bots: {', '.join(sorted(factories))}")


def game_options(game_id: str, pairs: list[str], players: int, seats_from: str) -> dict:
    """--option NAME=VALUE pairs typed and checked by the game's declared options, plus
    the number of players (which the seat flags give, so an --option players is refused).
    One game is dealt to be sure the game takes them all together."""
    from haudrauf.engine import registry
    declared = {o.name: o for o in registry.game_class(game_id).info.options if o.name != "players"}
    options = {}
    for typed in pairs:
        name, sep, text = typed.partition("=")
        pair = typed if len(typed) <= 40 else f"{typed[:30]}…"  # echoed, so a 5,000-digit value stays one line
        if name == "players":
            raise Refused(f"--option {pair}: the number of players comes from {seats_from}")
        if not sep:
            raise Refused(f"--option {pair}: wants NAME=VALUE, such as {next(iter(declared), 'name')}=…")
        if name not in declared:
            raise Refused(f"--option {pair}: {game_id} has no option {name!r}; options: {', '.join(declared)}")
        if name in options:
            raise Refused(f"--option {pair}: {name} is given twice; give each option once")
        try:
            options[name] = declared[name].check(declared[name].parse(text))
        except ValueError as exc:
            raise Refused(f"--option {pair}: {exc}") from None
    options["players"] = players
    try:
        registry.new_game(game_id, options)
    except ValueError as exc:
        raise Refused(f"--option: {exc}") from None
    return options


def reaction_model(args):
    """The bots' speed: the difficulty's, with --think and --slap put in."""
    from dataclasses import replace

    from haudrauf.engine.bots.base import DIFFICULTIES
    reaction = DIFFICULTIES[args.difficulty]
    for flag, given, names in (("--think", args.think, ("think_mean_s", "think_spread_s")),
                               ("--slap", args.slap, ("slap_mean_ms", "slap_spread_ms"))):
        if given:
            try:
                reaction = replace(reaction, **dict(zip(names, given)))
            except ValueError as exc:  # the model's own limits
                raise Refused(f"{flag} {given[0]:g},{given[1]:g}: {exc}") from None
    return reaction


def check_play(args) -> dict:
    """The options `play` starts the table with."""
    from haudrauf.engine import registry
    players = args.people + args.bots
    check_players(args.game, players, f"--people {args.people} and --bots {args.bots}")
    check_bots(args.game, [args.bot], "--bot")
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused("--timer: UNO Hau drauf always plays with the unit; leave --timer out")
    if args.speed is not None and not (info.uses_unit or args.timer):
        raise Refused(f"--speed: {info.name} plays against the unit's clock only with --timer")
    return game_options(args.game, args.option, players, "--people and --bots")


def check_simulate(args):
    """The options, bots and reaction model `simulate` runs with."""
    from haudrauf.engine import registry
    check_players(args.game, args.players, f"--players {args.players}")
    bots = args.bots.split(",")
    check_bots(args.game, bots, "--bots")
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused(f"--timer: {info.name} always plays with the unit; leave --timer out")
    for flag, given in (("--think", args.think), ("--slap", args.slap), ("--speed", args.speed),
                        ("--settings", args.settings)):
        if given is not None and not (info.uses_unit or args.timer):
            raise Refused(f"{flag}: {info.name} plays against the unit's clock only with --timer")
    return (game_options(args.game, args.option, args.players, "--players"), bots, reaction_model(args),
            unit_settings(args.settings, args.speed, "simulate") if info.uses_unit or args.timer else (None, ""))


def unit_settings(settings_file: str | None, speed, command: str):
    """The unit settings a simulation runs with, and where from: --settings
    FILE's or the saved ones, with --speed (if given) put in. Only read: a
    simulation never changes a file."""
    from pathlib import Path

    from haudrauf.play import paths
    from haudrauf.tuner.simulate import read_unit_settings
    path = Path(settings_file) if settings_file else paths.settings_path()
    if settings_file and not path.exists():
        raise Refused(f"--settings {settings_file}: there is no such file")
    unit, problems = read_unit_settings(path)
    if problems and settings_file:
        raise Refused(f"--settings {settings_file}: {problems[0].split('; default')[0]}")
    for problem in problems:  # the saved file: the app sorts it out when it starts
        print(f"haudrauf {command}: {problem}", file=sys.stderr)
    source = f" (from {path}" + (", --speed" if speed is not None else "") + ")"
    if speed is not None:
        unit = unit.with_changes(turn_time=None if speed == "unlimited" else speed)
    return unit, source


def check_phones(args) -> None:
    if args.port is not None and not args.phones:
        raise Refused("--port: it is the phones' port; add --phones, or leave out --port")
    if args.bind is not None and not args.phones:
        raise Refused("--bind: it is where the phones' server listens; add --phones, or leave out --bind")
    if args.bind is not None:
        import socket
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:  # bound, never listening: nothing is sent
            try:
                probe.bind((args.bind, 0))
            except OSError as exc:
                raise Refused(f"--bind {args.bind}: this machine cannot listen there "
                              f"({exc.strerror or exc}); leave out --bind for its address on the local network")


def check_unit(args) -> None:
    if not args.terminal:
        return
    if args.phones:
        raise Refused("--phones: the terminal unit has no screen to show the join code on; leave out --terminal")
    if args.seats:
        raise Refused("--seats: only the window registers seats at once; in the terminal press 1–6")
    if args.fullscreen:
        raise Refused("--fullscreen: the terminal unit has no window; leave one of them out")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise Refused("--terminal: needs a terminal to draw in, but input or output is redirected; "
                      "run it in a terminal, or leave out --terminal for the window")


# --- the commands --------------------------------------------------------------------------------------------------


class LineEnds:
    """stderr that knows whether a progress bar left its line open, to end it before anything else is said."""

    def __init__(self, stream) -> None:
        self.stream, self.open = stream, False

    def write(self, text: str) -> None:
        self.stream.write(text)
        if text:
            self.open = not text.endswith("\n")

    def flush(self) -> None:
        self.stream.flush()

    def end_line(self) -> None:
        if self.open:
            self.write("\n")
            self.flush()


def run_simulate(args) -> int:
    from haudrauf.tuner.progress import Progress
    from haudrauf.tuner.simulate import simulate
    options, bots, reaction, (unit, unit_from) = check_simulate(args)
    stderr = LineEnds(sys.stderr)
    bar = None if args.quiet else Progress(args.games, label=args.game, stream=stderr)
    try:
        stats = simulate(args.game, args.players, args.games, args.seed or 0, options, bots, args.difficulty,
                         progress=bar.update if bar else None, reaction=reaction, settings=unit,
                         timer=args.timer, settings_from=unit_from)
    except (ValueError, RuntimeError) as exc:  # something the simulator refuses; a game that cannot end
        raise Refused(str(exc)) from None
    finally:
        stderr.end_line()
    if args.json:
        import json
        print(json.dumps(stats.to_dict(), indent=2))
    elif args.csv:
        print(stats.seat_csv(), end="")
    else:
        print(stats.report(verbose=args.verbose))
    return 0


def check_chart(path: str | None) -> None:
    """A chart file that could not be written is refused before any game is played."""
    if path is None:
        return
    from haudrauf.table.plot import check_writable
    try:
        check_writable(path)
    except OSError as exc:
        raise Refused(f"--chart {path}: {exc}") from None


def sweep_bar(args, configurations: int, games: int, stderr):
    """One bar over the whole sweep: games played of the most still possible, configurations settled."""
    from haudrauf.tuner.progress import Progress
    if args.quiet:
        return None
    bar = Progress(configurations * games, stream=stderr)

    def update(done: int, most: int, settled: int) -> None:
        bar.total, bar.label = most, f"sweep {args.game}, {settled}/{configurations} configurations done"
        bar.update(done)
    return update


def run_sweep(args) -> int:
    from pathlib import Path

    from haudrauf.engine import registry
    from haudrauf.tuner.sweep import heading, report, sweep, to_csv, to_dict
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused(f"--timer: {info.name} always plays with the unit; leave --timer out")
    if not (info.uses_unit or args.timer):
        raise Refused(f"--game: {info.name} plays against the unit's clock only with --timer")
    for players in args.players:
        check_players(args.game, players, f"--players {players}")
    check_chart(args.chart)
    unit, unit_from = unit_settings(args.settings, None, "sweep")
    speeds = [None if s == "unlimited" else s for s in args.speeds]
    games = args.games or (100 if args.precision is None else PRECISION_CAP)
    configurations = len(speeds) * len(args.difficulty) * len(args.players)
    executor = cluster_executor(args)
    stderr = LineEnds(sys.stderr)
    try:
        results = sweep(args.game, speeds, args.difficulty, args.players, games, args.seed or 0, unit,
                        timer=args.timer, workers=args.workers or os.cpu_count() or 1, precision=args.precision,
                        progress=sweep_bar(args, configurations, games, stderr), executor=executor)
    finally:
        stderr.end_line()
        if executor:  # done, or stopped by Ctrl-C: nothing is left running on the cluster
            executor.shutdown(wait=False)
    if args.json:
        import json
        print(json.dumps(to_dict(results, args.precision), indent=2))
    elif args.csv:
        print(to_csv(results, args.precision), end="")
    else:
        print(f"{heading(info.name, games, args.precision)}; unit{unit_from}")
        print(report(results, args.precision))
    if args.chart:
        from haudrauf.table import plot  # pygame draws it: loaded only for a chart
        from haudrauf.tuner.charts import sweep_panels
        try:
            plot.save_chart(Path(args.chart), f"{info.name}: turns timed out and game length by turn time",
                            sweep_panels(results))
        except OSError as exc:
            raise Refused(f"--chart {args.chart}: cannot write it ({exc.strerror or exc})") from None
    return 0


def cluster_executor(args):
    """The Dask cluster's executor for --scheduler (None: this machine's processes)."""
    if args.scheduler is None:
        return None
    if args.workers is not None:
        raise Refused("--workers: with --scheduler the cluster's own workers play the games; leave --workers out")
    from haudrauf.tuner.cluster import ClusterError, connect
    try:
        return connect(args.scheduler)
    except ClusterError as exc:
        raise Refused(f"--scheduler: {exc}") from None


def run_tune(args) -> int:
    from pathlib import Path

    from haudrauf.play import paths
    from haudrauf.tuner import tune
    from haudrauf.tuner.progress import Progress
    from haudrauf.tuner.sweep import local_workers
    from haudrauf.tuner.tuning import people, read_book
    try:
        book = read_book(Path(args.stats) if args.stats else paths.stats_path())
    except ValueError as exc:
        raise Refused(f"--stats {args.stats}: {exc}" if args.stats else str(exc)) from None
    try:
        group, notes = people(book, args.people, args.game)
    except ValueError as exc:  # nobody of that name, or too few or many for the game
        raise Refused(f"--people: {exc}") from None
    check_chart(args.chart)
    unit, unit_from = unit_settings(args.settings, None, "tune")
    stderr = LineEnds(sys.stderr)
    pool = local_workers(args.workers) if args.workers > 1 else None
    run = tune.Run(group, args.band, args.games, args.seed or 0, unit, pool)
    bar = None if args.quiet else Progress(run.expected, label=f"tune {args.game}", stream=stderr)

    def progress(done: int) -> None:
        bar.total = done if run.result else max(bar.total, done + args.games)  # known only at the end
        bar.update(done)
    try:
        result = run.wait(progress if bar else None)
    finally:
        stderr.end_line()
        if pool:
            pool.shutdown(cancel_futures=True)
    if args.chart:
        from haudrauf.table import plot  # pygame draws it: loaded only for a chart
        from haudrauf.tuner.charts import tuning_panels, tuning_title
        try:
            plot.save_chart(Path(args.chart), tuning_title(result), tuning_panels(result))
        except OSError as exc:
            raise Refused(f"--chart {args.chart}: {exc}") from None
    if args.json:
        import json
        print(json.dumps({**result.to_dict(), "people_notes": notes}, indent=2))
    else:
        print("\n".join([*notes, f"unit settings{unit_from}", result.report()]))
    return 0


def run_rules(args) -> int:
    from haudrauf.play import rules
    try:
        text = rules.text(args.game)
    except KeyError as exc:
        raise Refused(exc.args[0]) from None
    print(text, end="")
    return 0


def run_terminal_unit(args) -> int:
    import curses

    from haudrauf.cli.terminal import run_terminal
    try:
        run_terminal(seed=args.seed, speed=args.speed)
    except curses.error as exc:  # a terminal curses cannot drive (TERM=dumb, far too small)
        raise Refused(f"--terminal: this terminal cannot show the unit ({exc})") from None
    return 0


def load_replay(args):
    """The save to replay, checked before any window opens."""
    from haudrauf.play import game_log
    try:
        replay, problem = game_log.load(args.file or game_log.default_file())
    except Exception as exc:  # the file is anyone's: whatever it makes the loader trip on is the file's fault
        raise Refused(f"{args.file or 'the last game'} cannot be replayed ({type(exc).__name__}: {exc})") from None
    if replay is None:
        raise Refused(problem)
    return replay


def run_window(args) -> int:
    """Open the window on the scene the command line asks for; every check is done before."""
    options = check_play(args) if args.command == "play" else None
    if args.command in ("play", "unit"):
        check_phones(args)
    replay = load_replay(args) if args.command == "replay" else None
    from haudrauf.table.app import App
    from haudrauf.table.scenes.menu import MenuScene
    app = App(fullscreen=args.fullscreen or None, seed=args.seed)
    app.phones_bind = getattr(args, "bind", None)
    if args.demo:
        from haudrauf.table.scenes.demo import demo_scene
        first = demo_scene(app)
    elif args.command == "unit":
        from haudrauf.table.scenes.unit_mode import UnitModeScene
        app.push(MenuScene(app))
        first = UnitModeScene(app, seats=tuple(range(args.seats)), speed=args.speed)
    elif args.command == "play":
        from haudrauf.table.scenes.table_mode import TableScene
        from haudrauf.play.seats import SeatPlan
        names = app.settings.table.names
        plans = [SeatPlan(names[s], None if s < args.people else args.bot, args.difficulty)
                 for s in range(options["players"])]
        menu = MenuScene(app, game=args.game)
        menu.remember(options, plans, args.timer)
        app.push(menu)
        unit = None if args.speed is None else app.settings.unit.with_changes(
            turn_time=None if args.speed == "unlimited" else args.speed)
        first = TableScene(app, args.game, options, plans, seed=args.seed, timer=args.timer, unit_settings=unit)
    elif args.command == "replay":
        from haudrauf.table.scenes.replay import ReplayScene
        first = ReplayScene(app, replay)  # alone: closing it ends the program, as it began it
    else:
        first = MenuScene(app)
    app.run(first, phones_port=(args.port or 0) if getattr(args, "phones", False) else None)
    return 0


def run_command(args) -> int:
    if args.demo and args.command:
        raise Refused(f"--demo: the demo plays by itself; leave out {args.command!r}")
    if args.fullscreen and args.command in HEADLESS:
        raise Refused(f"--fullscreen: {args.command} opens no window; leave out --fullscreen")
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "sweep":
        return run_sweep(args)
    if args.command == "tune":
        return run_tune(args)
    if args.command == "rules":
        return run_rules(args)
    if args.command == "unit":
        check_unit(args)
        if args.terminal:
            return run_terminal_unit(args)
    return run_window(args)


def main(argv: list[str] | None = None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help, or a mistake argparse has said in one line
            return done.code or 0
        try:
            return run_command(args)
        except Refused as exc:
            print(f"haudrauf{' ' + args.command if args.command else ''}: {exc}", file=sys.stderr)
            return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C: the person wants out, not a traceback
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`haudrauf simulate … | head -1`): stop quietly
        quiet_stdout()
        return BROKEN_PIPE


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # a stdout without a file (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())
