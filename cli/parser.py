"""The command line's parser: every command, its flags and their help, in
the reader's language (`play/language.py`). Each flag's value is checked by
its argparse type (`checks.py`) as it is read."""
from __future__ import annotations

import argparse
import os
import re
import textwrap

from haudrauf.cli.checks import (USAGE_ERROR, band_value, difficulty_value, game_value, ipv4_address,
                                 language_value, listed, mean_spread, names_value, precision_value, speed_value,
                                 whole_number)
from haudrauf.engine.bots.base import REACTION_LIMITS
from haudrauf.play.autosave import MAX_SEED
from haudrauf.play.language import LANGUAGES, Language

#: The most games per configuration `sweep --precision` plays unless --games says.
PRECISION_CAP = 1000
#: `tune`'s most games at a setting and its precision unless told (tuner/tune.py has them; not imported here,
#: so that --help loads no tuner).
TUNE_GAMES, TUNE_PRECISION = 40, 0.015
#: The most games --games takes: a million already take hours; a longer number is a slip of the keyboard.
MAX_GAMES = 1_000_000
#: The bot speeds --think and --slap take, (lowest mean, highest mean or spread): the bots' own limits.
THINK_S, SLAP_MS = ((REACTION_LIMITS[name][2], REACTION_LIMITS[name][3]) for name in ("think_mean_s", "slap_mean_ms"))


class Parser(argparse.ArgumentParser):
    """argparse whose every mistake is one line on stderr, like our own refusals."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # "--think -1,0", "--speed -inf": a minus before a number starts a (wrong) value, not an unknown flag
        self._negative_number_matcher = re.compile(r"^-(\.?\d|inf|nan)", re.IGNORECASE)

    def error(self, message: str):
        self.exit(USAGE_ERROR, f"{self.prog}: {message.removeprefix('argument ')}\n")


def allowed_values(option) -> str:
    """What an --option takes, as --help lists it: "on|off", "1–9", "standard|lowest-wins"."""
    if option.choices:
        return "|".join(map(str, option.choices))
    if isinstance(option.default, bool):
        return "on|off"
    if option.low is not None:
        return f"{option.low:g}–{option.high:g}"
    return "TEXT"


def options_help(lang: Language) -> str:
    """Every game's --option names and values, for the end of `play --help` and `simulate --help`."""
    from haudrauf.engine import registry
    lines = [lang.gettext("game options (--option NAME=VALUE, repeatable):")]
    for game_id in registry.available():
        info = registry.game_class(game_id).info
        named = "  ".join(f"{o.name}={allowed_values(o)}" for o in info.options if o.name != "players")
        players = lang.ngettext("{low}–{high} player", "{low}–{high} players", info.max_players)
        lines.append(f"  {game_id} ({players.format(low=info.min_players, high=info.max_players)})")
        lines.append(textwrap.fill(named, 79, initial_indent=" " * 6, subsequent_indent=" " * 6,
                                   break_long_words=False, break_on_hyphens=False))
    return "\n".join(lines)


def build_parser(lang: Language = Language()) -> argparse.ArgumentParser:
    """The parser in `lang` (its help, and the refusals of its checks)."""
    _ = lang.gettext
    seed_help = _("seed for shuffles and the selector, a whole number from 0 to {high}").format(high=MAX_SEED)
    parser = Parser(prog="haudrauf", description=_("The UNO Hau drauf unit and card table."),
                    epilog=_("`haudrauf COMMAND --help` lists a command's options. A command line that cannot "
                             "run says why in one line and exits with status 2; Ctrl-C quits with status 130."))
    lang_help = _("the language to speak: {codes} (default: the saved setting, else the system's)").format(
        codes=", ".join(LANGUAGES))
    parser.add_argument("--lang", type=language_value(lang), default=None, metavar="CODE", help=lang_help)
    parser.add_argument("--seed", type=whole_number(lang, 0, MAX_SEED), default=None, help=seed_help)
    parser.add_argument("--fullscreen", action="store_true", help=_("open full screen (F11 toggles)"))
    parser.add_argument("--demo", action="store_true", help=_("attract mode: bots play with sound (no command)"))
    # the same options after a subcommand (`haudrauf simulate --seed 1`, `haudrauf rules uno --lang de`)
    spoken = Parser(add_help=False)
    spoken.add_argument("--lang", type=language_value(lang), default=argparse.SUPPRESS, metavar="CODE",
                        help=lang_help)
    seeded = Parser(add_help=False, parents=[spoken])  # the headless commands: no window to fill
    seeded.add_argument("--seed", type=whole_number(lang, 0, MAX_SEED), default=argparse.SUPPRESS, help=seed_help)
    common = Parser(add_help=False, parents=[seeded])
    common.add_argument("--fullscreen", action="store_true", default=argparse.SUPPRESS, help=_("open full screen"))
    # phones as private hands and seat buttons, for the window's commands
    phones = Parser(add_help=False)
    phones.add_argument("--phones", action="store_true",
                        help=_("let each person play on their own phone (same network): shows a QR code to join"))
    phones.add_argument("--port", type=whole_number(lang, 1, 65535), default=None,
                        help=_("the phones' web port, 1–65535 (with --phones; default: any free port)"))
    phones.add_argument("--bind", type=ipv4_address(lang), default=None, metavar="ADDRESS",
                        help=_("the address the phones' server listens on (with --phones; default: this machine's "
                               "address on the local network, the one the QR code shows; 0.0.0.0: every network)"))
    sub = parser.add_subparsers(dest="command")
    unit = sub.add_parser("unit", parents=[common, phones], help=_("the unit alone (people hold real cards)"))
    speed_help = _("seconds per turn: 1–60 (the switch has 6 and 4), or unlimited — 0 and inf also mean unlimited "
                   "(default: the saved setting)")
    unit.add_argument("--speed", type=speed_value(lang), default=None, help=speed_help)
    unit.add_argument("--seats", type=whole_number(lang, 2, 6), default=0, metavar="N",
                      help=_("register seats 1…N at once, 2–6 (default: players press their buttons; window only)"))
    unit.add_argument("--terminal", action="store_true",
                      help=_("run in the terminal instead of a window (needs a terminal: not for pipes)"))
    games_epilog = options_help(lang)
    from haudrauf.engine import registry
    game_ids = ", ".join(registry.available())
    play = sub.add_parser("play", parents=[common, phones], help=_("a game on the table with people and bots"),
                          epilog=games_epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", type=game_value(lang), metavar="GAME",
                      help=_("game id or name: {games}").format(games=game_ids))
    play.add_argument("--people", type=whole_number(lang, 0), default=1,
                      help=_("people at the table, 0 or more (they sit first; default 1)"))
    play.add_argument("--bots", type=whole_number(lang, 0), default=3,
                      help=_("bots at the table, 0 or more (default 3); people + bots must fit the game"))
    play.add_argument("--bot", default="heuristic", help=_("which bot: heuristic or random"))
    play.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=_("a game option (repeatable, listed below); the number of players comes from "
                             "--people and --bots, so --option players=N is refused"))
    play.add_argument("--timer", action="store_true",
                      help=_("a speed game: the unit times every turn and picks who starts (not for UNO, "
                             "which always plays with the unit)"))
    play.add_argument("--speed", type=speed_value(lang), default=None,
                      help=_("the unit's {speed_help} (UNO, or another game with --timer)").format(
                          speed_help=speed_help))
    rules = sub.add_parser("rules", parents=[spoken], help=_("print a game's rules"))
    rules.add_argument("game", type=game_value(lang), metavar="GAME",
                       help=_("the game's id or name (any case): {games}").format(games=game_ids))
    replay = sub.add_parser("replay", parents=[common],
                            help=_("step through a saved or finished game move by move"))
    replay.add_argument("file", nargs="?", default=None,
                        help=_("a save file (default: the last finished game, else the unfinished one)"))
    sim = sub.add_parser("simulate", parents=[seeded],
                         help=_("bots play many games headless and print statistics"),
                         epilog=games_epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("--game", type=game_value(lang), required=True,
                     help=_("game id or name, e.g. uno-hau-drauf, go-fish"))
    sim.add_argument("--players", type=whole_number(lang, 0), default=4,
                     help=_("seats, within the game's range (default 4); --option players=N is refused"))
    sim.add_argument("--games", type=whole_number(lang, 1, MAX_GAMES), default=100,
                     help=_("games to play, 1 to {high} (default 100)").format(high=lang.format_decimal(MAX_GAMES)))
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help=_("a game option, e.g. --option war=on (repeatable, listed below)"))
    sim.add_argument("--bots", default="heuristic",
                     help=_("comma-separated bot names (heuristic, random), rotated over the seats (default: "
                            "heuristic; heuristic,random rotates both)"))
    sim.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                     help=_("the bots' thinking and reaction speed (games driven by the unit)"))
    for flag, (low, high), example, what in (
            ("--think", THINK_S, "2,0.9", _("the bots' thinking time in seconds, e.g. {example}")),
            ("--slap", SLAP_MS, "430,110", _("the bots' slap reaction time in ms, e.g. {example}"))):
        sim.add_argument(flag, type=mean_spread(lang, flag, low, high, example), metavar="MEAN,SPREAD",
                         help=what.format(example=example) + _("; mean {low}–{high}, spread 0–{high} (replaces "
                                                                "the difficulty's; UNO Hau drauf only)").format(
                             low=f"{low:g}", high=f"{high:g}"))  # as typed: the comma parts MEAN,SPREAD
    sim.add_argument("--timer", action="store_true",
                     help=_("play a turn-based game as a speed game: the unit picks who starts and times every "
                            "turn (UNO Hau drauf always plays with the unit)"))
    sim.add_argument("--speed", type=speed_value(lang), default=None,
                     help=_("seconds per turn: none (also unlimited, 0, inf), 6, 4 or any 1–60 "
                            "(default: the unit settings used)"))
    sim.add_argument("--settings", metavar="FILE", default=None,
                     help=_("the [unit] settings of this settings.toml (default: your saved settings; "
                            "the file is only read)"))
    add_output(sim, lang, _("print the per-seat figures as CSV instead of the table"))
    sim.add_argument("--verbose", action="store_true",
                     help=_("also how fast the simulator ran (actions per second)"))
    add_sweep(sub, seeded, game_ids, lang)
    add_tune(sub, seeded, game_ids, lang)
    return parser


def add_output(parser, lang: Language, csv_help: str) -> None:
    """A simulation's report as a table, or (one of) --json and --csv; --quiet drops the progress bar."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help=lang.gettext("print every figure as JSON instead of the table"))
    output.add_argument("--csv", action="store_true", help=csv_help)
    parser.add_argument("--quiet", action="store_true", help=lang.gettext("no progress bar"))


def add_sweep(sub, seeded, game_ids: str, lang: Language) -> None:
    _ = lang.gettext
    sweep = sub.add_parser("sweep", parents=[seeded], help=_("simulate a game over several speeds, bot "
                                                             "difficulties and player counts, on every core"))
    sweep.add_argument("--game", type=game_value(lang), required=True,
                       help=_("game id or name: {games}").format(games=game_ids))
    sweep.add_argument("--speeds", type=listed(lang, speed_value(lang)), default=["unlimited", 6.0, 4.0],
                       metavar="S,S,…", help=_("seconds per turn, none for no limit (default none,6,4)"))
    sweep.add_argument("--difficulty", type=listed(lang, difficulty_value(lang)), default=["normal"],
                       metavar="D,D,…", help=_("bot difficulties: easy, normal, hard (default normal)"))
    sweep.add_argument("--players", type=listed(lang, whole_number(lang, 0)), default=[4], metavar="N,N,…",
                       help=_("player counts, within the game's range (default 4)"))
    sweep.add_argument("--games", type=whole_number(lang, 1, MAX_GAMES), default=None,
                       help=_("games per configuration (default 100); with --precision the most each plays "
                              "(default {cap})").format(cap=PRECISION_CAP))
    sweep.add_argument("--precision", type=precision_value(lang), default=None, metavar="P",
                       help=_("play each configuration in batches until the 95%% confidence interval of its "
                              "timed-out share is within ± P, a share such as 0.01 or 1%% (± 1 point); "
                              "--games is then the most games it plays"))
    sweep.add_argument("--workers", type=whole_number(lang, 1), default=None,
                       help=_("worker processes (default: every core); the figures do not depend on it"))
    sweep.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help=_("play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) "
                              "instead of on this machine, with the same figures; the cluster's workers play, so "
                              "--workers is refused with it (needs pip install -e '.[cluster]')"))
    sweep.add_argument("--timer", action="store_true",
                       help=_("turn-based games as speed games (as for simulate)"))
    sweep.add_argument("--settings", metavar="FILE", default=None,
                       help=_("the other [unit] settings of this settings.toml (default: your saved settings)"))
    sweep.add_argument("--chart", metavar="FILE.png", default=None,
                       help=_("also draw timed-out share and minutes per game against speed, a line per "
                              "difficulty and player count, into this PNG"))
    add_output(sweep, lang, _("print one CSV row per configuration instead"))


def add_tune(sub, seeded, game_ids: str, lang: Language) -> None:
    _ = lang.gettext
    tune = sub.add_parser("tune", parents=[seeded], help=_("the turn time and extra time per seat that suit a "
                                                           "group, from each person's recorded times"))
    tune.add_argument("--people", type=names_value(lang), required=True, metavar="NAME,NAME,…",
                      help=_("who plays, in seat order: 2–6 names with recorded times (unit mode, the table or "
                             "the reaction test)"))
    tune.add_argument("--game", type=game_value(lang), default="uno-hau-drauf",
                      help=_("game id or name: {games} (default uno-hau-drauf; the others play as speed games, "
                             "the unit timing every turn)").format(games=game_ids))
    tune.add_argument("--band", type=band_value(lang), default="5,10", metavar="LOW,HIGH",
                      help=_("the share of turns that may time out, in percent (default 5,10)"))
    tune.add_argument("--games", type=whole_number(lang, 1, MAX_GAMES), default=TUNE_GAMES,
                      help=_("the most games played at one setting: the curves' games with no time limit, or a "
                             "setting confirmed (default {games})").format(games=TUNE_GAMES))
    tune.add_argument("--precision", type=precision_value(lang), default=TUNE_PRECISION, metavar="P",
                      help=_("confirm the recommendation until each seat's timed-out share is known within ± P "
                             "(95%% confidence), a share such as 0.015 or 1.5%% (default 1.5%%)"))
    tune.add_argument("--workers", type=whole_number(lang, 1), default=os.cpu_count() or 1,
                      help=_("worker processes (default: every core); the answer does not depend on it"))
    tune.add_argument("--chart", metavar="FILE.png", default=None,
                      help=_("also draw timed-out turns against each seat's time limit, one line per person"))
    tune.add_argument("--json", action="store_true", help=_("print the answer as JSON instead of the table"))
    tune.add_argument("--settings", metavar="FILE", default=None,
                      help=_("the other [unit] settings of this settings.toml (default: your saved settings)"))
    tune.add_argument("--stats", metavar="FILE", default=None,
                      help=_("the recorded times (default: your saved stats.json; only read)"))
    tune.add_argument("--quiet", action="store_true", help=_("no progress bar"))
