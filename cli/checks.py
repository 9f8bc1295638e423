"""The command line's checks: the argparse types each flag's value must pass
(`whole_number`, `speed_value`, `game_value`, …), and the checks that need
the game or the machine, done before any command starts. Every refusal names
the flag and what it takes: `Refused`, said in one line with status 2."""
from __future__ import annotations

import argparse
import math
import sys

from haudrauf.play.language import LANGUAGES, Language

#: The shell's status for a bad command line (argparse's own mistakes too).
USAGE_ERROR = 2


class Refused(Exception):
    """A command line that parses but cannot run; the message names the flag."""


# --- argparse types: the value as meant, or what the flag takes ---------------------------------------------------
# Each is made for the reader's language, so its refusal is said in it.


def whole_number(lang: Language, low: int, high: int | None = None):
    """An argparse type: a whole number from `low` (to `high`)."""
    _ = lang.gettext
    allowed = (_("must be a whole number {low} or more, got {text!r}") if high is None
               else _("must be a whole number from {low} to {high}, got {text!r}"))

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(allowed.format(low=low, high=high, text=text))
        return value
    return parse


def ipv4_address(lang: Language):
    """An argparse type: an IPv4 address as four numbers ("192.168.1.20")."""
    def parse(text: str) -> str:
        import ipaddress
        try:
            return str(ipaddress.IPv4Address(text))
        except ValueError:
            raise argparse.ArgumentTypeError(lang.gettext(
                "must be an IPv4 address of this machine such as 192.168.1.20 (0.0.0.0: every network), "
                "got {text!r}").format(text=text)) from None
    return parse


def language_value(lang: Language):
    """An argparse type: a language we speak, by its code ("de")."""
    def parse(text: str) -> str:
        if text not in LANGUAGES:
            raise argparse.ArgumentTypeError(lang.gettext("no language {text!r}; languages: {choices}").format(
                text=text, choices=", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())))
        return text
    return parse


def speed_value(lang: Language):
    """Seconds per turn, or "unlimited" (also none, 0 and inf: no limit, as people say it)."""
    def parse(text: str) -> float | str:
        if text.strip().lower() in ("unlimited", "none"):
            return "unlimited"
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if value in (0, math.inf):
            return "unlimited"
        if not 1 <= value <= 60:
            raise argparse.ArgumentTypeError(lang.gettext(
                "must be seconds from 1 to 60, or unlimited (also 0 or inf), got {text!r}").format(text=text))
        return value
    return parse


def mean_spread(lang: Language, flag: str, low: float, high: float, example: str):
    """An argparse type: "2,0.9" → (2.0, 0.9), a mean from `low` to `high` and a spread
    from 0 to `high` — human times (NaN and inf fail every comparison, so they are refused too)."""
    _ = lang.gettext
    wanted = (_("wants MEAN,SPREAD in seconds such as {example}: a mean from {low} to {high} and a spread from 0 "
                "to {high}, got {text!r}") if flag == "--think"
              else _("wants MEAN,SPREAD in ms such as {example}: a mean from {low} to {high} and a spread from 0 "
                     "to {high}, got {text!r}"))

    def parse(text: str) -> tuple[float, float]:
        try:
            mean, spread = (float(part) for part in text.split(","))
        except ValueError:
            mean = spread = math.nan
        if not (low <= mean <= high and 0 <= spread <= high):
            # written as they are typed (a point, no grouping): a comma already parts MEAN from SPREAD
            raise argparse.ArgumentTypeError(wanted.format(example=example, low=f"{low:g}", high=f"{high:g}",
                                                           text=text))
        return mean, spread
    return parse


def squeezed(text: str) -> str:
    """A game's id or name as typed, without case, spaces or hyphens ("Go Fish" = "go-fish" = "GOFISH")."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def game_called(text: str, game_ids: list[str]) -> str | None:
    """The game a person means by its id or its name in any of our languages, however
    written ("go fish", "Hopp i havet")."""
    from haudrauf.engine import registry
    wanted = squeezed(text)
    if wanted in {squeezed(game_id) for game_id in game_ids}:  # the usual case: no catalog need be read
        return next(game_id for game_id in game_ids if squeezed(game_id) == wanted)
    for code in LANGUAGES:
        for game_id in game_ids:
            if wanted == squeezed(Language(code).say(registry.game_class(game_id).info.name)):
                return game_id
    return None


def game_value(lang: Language):
    """An argparse type: a game by its id or its name ("Go Fish", "skipbo")."""
    def parse(text: str) -> str:
        from haudrauf.engine import registry
        games = registry.available()
        found = game_called(text, games)
        if found is None:
            raise argparse.ArgumentTypeError(lang.gettext("no game called {text!r}; games: {games}").format(
                text=text, games=", ".join(games)))
        return found
    return parse


def names_value(lang: Language):
    """An argparse type: "Anna, Bo,Cleo" → the names, each once."""
    _ = lang.gettext

    def parse(text: str) -> list[str]:
        names = [part.strip() for part in text.split(",")]
        if not all(names):
            raise argparse.ArgumentTypeError(
                _("wants names separated by commas, such as Anna,Bo,Cleo, got {text!r}").format(text=text))
        if len(set(names)) < len(names):
            raise argparse.ArgumentTypeError(_("each person once, got {text!r}").format(text=text))
        return names
    return parse


def band_value(lang: Language):
    """An argparse type: "5,10" → the band of 5–10 % of turns."""
    def parse(text: str):
        from haudrauf.tuner.tuning import Band
        try:
            low, high = (float(part) / 100 for part in text.split(","))
            return Band(low, high)
        except ValueError:  # not two numbers, or not a band
            raise argparse.ArgumentTypeError(lang.gettext(
                "the band is two percentages from 0 to 100, the lower first, such as 5,10; got {text!r}").format(
                    text=text)) from None
    return parse


def listed(lang: Language, item):
    """An argparse type: a comma-separated list of `item`s ("none,6,4")."""
    def parse(text: str) -> list:
        values = [item(part.strip()) for part in text.split(",")]
        if len(set(map(str, values))) < len(values):
            raise argparse.ArgumentTypeError(lang.gettext("each value once, got {text!r}").format(text=text))
        return values
    return parse


def precision_value(lang: Language):
    """A share above 0 and below one half: "0.01" or "1%" (± 1 percentage point)."""
    def parse(text: str) -> float:
        typed = text.strip()
        try:
            value = float(typed[:-1]) / 100 if typed.endswith("%") else float(typed)
        except ValueError:
            value = math.nan
        if not 0 < value < 0.5:
            raise argparse.ArgumentTypeError(lang.gettext(
                "must be a share above 0 and below 0.5, such as 0.01 or 1%, got {text!r}").format(text=text))
        return value
    return parse


def difficulty_value(lang: Language):
    def parse(text: str) -> str:
        if text not in ("easy", "normal", "hard"):
            raise argparse.ArgumentTypeError(
                lang.gettext("difficulties are easy, normal and hard, got {text!r}").format(text=text))
        return text
    return parse


# --- checks that need the game: each raises Refused naming the flag, in the reader's language (`args.language`) ---


def check_players(lang: Language, game_id: str, players: int, given: str) -> None:
    """`given` says where the count came from: "--players 9"."""
    from haudrauf.engine import registry
    info = registry.game_class(game_id).info
    if not info.min_players <= players <= info.max_players:
        said = lang.ngettext("{given}: {game} takes {low}–{high} player, not {count}",
                             "{given}: {game} takes {low}–{high} players, not {count}", info.max_players)
        raise Refused(said.format(given=given, game=lang.say(info.name), low=info.min_players, high=info.max_players,
                                  count=players))


def check_bots(lang: Language, game_id: str, names: list[str], flag: str) -> None:
    from haudrauf.engine import registry
    factories = registry.bot_factories(game_id)
    for name in names:
        if name not in factories:
            raise Refused(lang.gettext("{flag}: {game} has no bot called {name!r}; bots: {bots}").format(
                flag=flag, game=lang.say(registry.game_class(game_id).info.name), name=name,
                bots=", ".join(sorted(factories))))


def game_options(lang: Language, game_id: str, pairs: list[str], players: int, seats_from: str) -> dict:
    """--option NAME=VALUE pairs typed and checked by the game's declared options, plus
    the number of players (which the seat flags give, so an --option players is refused).
    One game is dealt to be sure the game takes them all together."""
    from haudrauf.engine import registry
    _ = lang.gettext
    declared = {o.name: o for o in registry.game_class(game_id).info.options if o.name != "players"}
    options = {}
    for typed in pairs:
        name, sep, text = typed.partition("=")
        pair = typed if len(typed) <= 40 else f"{typed[:30]}…"  # echoed, so a 5,000-digit value stays one line
        if name == "players":
            raise Refused(_("--option {pair}: the number of players comes from {flags}").format(
                pair=pair, flags=seats_from))
        if not sep:
            raise Refused(_("--option {pair}: wants NAME=VALUE, such as {example}=…").format(
                pair=pair, example=next(iter(declared), "name")))
        if name not in declared:
            raise Refused(_("--option {pair}: {game} has no option {name!r}; options: {options}").format(
                pair=pair, game=game_id, name=name, options=", ".join(declared)))
        if name in options:
            raise Refused(_("--option {pair}: {name} is given twice; give each option once").format(
                pair=pair, name=name))
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


def only_with_timer(lang: Language, flag: str, game: str) -> Refused:
    return Refused(lang.gettext("{flag}: {game} plays against the unit's clock only with --timer").format(
        flag=flag, game=game))


def check_play(args) -> dict:
    """The options `play` starts the table with."""
    from haudrauf.engine import registry
    lang = args.language
    players = args.people + args.bots
    check_players(lang, args.game, players, lang.gettext("--people {people} and --bots {bots}").format(
        people=args.people, bots=args.bots))
    check_bots(lang, args.game, [args.bot], "--bot")
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused(lang.gettext("--timer: {game} always plays with the unit; leave --timer out").format(
            game=lang.say(info.name)))
    if args.speed is not None and not (info.uses_unit or args.timer):
        raise only_with_timer(lang, "--speed", lang.say(info.name))
    return game_options(lang, args.game, args.option, players, lang.gettext("--people and --bots"))


def check_simulate(args):
    """The options, bots and reaction model `simulate` runs with."""
    from haudrauf.engine import registry
    lang = args.language
    check_players(lang, args.game, args.players, f"--players {args.players}")
    bots = args.bots.split(",")
    check_bots(lang, args.game, bots, "--bots")
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused(lang.gettext("--timer: {game} always plays with the unit; leave --timer out").format(
            game=lang.say(info.name)))
    for flag, given in (("--think", args.think), ("--slap", args.slap), ("--speed", args.speed),
                        ("--settings", args.settings)):
        if given is not None and not (info.uses_unit or args.timer):
            raise only_with_timer(lang, flag, lang.say(info.name))
    return (game_options(lang, args.game, args.option, args.players, "--players"), bots, reaction_model(args),
            unit_settings(args.settings, args.speed, "simulate", lang) if info.uses_unit or args.timer
            else (None, ""))


def unit_settings(settings_file: str | None, speed, command: str, lang: Language = Language()):
    """The unit settings a simulation runs with, and where from: --settings
    FILE's or the saved ones, with --speed (if given) put in. Only read: a
    simulation never changes a file."""
    from pathlib import Path

    from haudrauf.play import paths
    from haudrauf.tuner.simulate import read_unit_settings
    path = Path(settings_file) if settings_file else paths.settings_path()
    if settings_file and not path.exists():
        raise Refused(lang.gettext("--settings {file}: there is no such file").format(file=settings_file))
    unit, problems = read_unit_settings(path)
    if problems and settings_file:
        first = problems[0]
        raise Refused(lang.gettext("--settings {file}: {problem}").format(
            file=settings_file, problem=lang.say(dict(first.values).get("problem", first))))
    for problem in problems:  # the saved file: the app sorts it out when it starts
        print(f"haudrauf {command}: {lang.say(problem)}", file=sys.stderr)
    source = f" (from {path}" + (", --speed" if speed is not None else "") + ")"
    if speed is not None:
        unit = unit.with_changes(turn_time=None if speed == "unlimited" else speed)
    return unit, source


def check_phones(args) -> None:
    _ = args.language.gettext
    if args.port is not None and not args.phones:
        raise Refused(_("--port: it is the phones' port; add --phones, or leave out --port"))
    if args.bind is not None and not args.phones:
        raise Refused(_("--bind: it is where the phones' server listens; add --phones, or leave out --bind"))
    if args.bind is not None:
        import socket
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:  # bound, never listening: nothing is sent
            try:
                probe.bind((args.bind, 0))
            except OSError as exc:
                raise Refused(_("--bind {address}: this machine cannot listen there ({reason}); leave out --bind "
                                "for its address on the local network").format(
                    address=args.bind, reason=exc.strerror or exc))


def check_unit(args) -> None:
    _ = args.language.gettext
    if not args.terminal:
        return
    if args.phones:
        raise Refused(_("--phones: the terminal unit has no screen to show the join code on; leave out --terminal"))
    if args.seats:
        raise Refused(_("--seats: only the window registers seats at once; in the terminal press 1–6"))
    if args.fullscreen:
        raise Refused(_("--fullscreen: the terminal unit has no window; leave one of them out"))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise Refused(_("--terminal: needs a terminal to draw in, but input or output is redirected; "
                        "run it in a terminal, or leave out --terminal for the window"))
