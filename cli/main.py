"""`haudrauf`: the command line — read by `parser.py`, checked by
`checks.py`, run by `commands.py`. Subcommands import what they need
lazily, so `haudrauf simulate` never loads pygame.

A command line that cannot run is refused before anything opens: one line on
stderr naming the flag and what it takes, exit status 2 (argparse's own
mistakes too). Ctrl-C ends any command quietly with status 130.

Everything the command line says is in the reader's language: `--lang`,
else the saved setting (`[table] language`), else the system's."""
from __future__ import annotations

import os
import sys

from haudrauf.cli.checks import USAGE_ERROR, Refused
from haudrauf.cli.commands import run_command
from haudrauf.cli.parser import build_parser
from haudrauf.cli.speech import argparse_speaks
from haudrauf.play import language

#: The shell's statuses for Ctrl-C and a closed pipe (128 + SIGINT, 128 + SIGPIPE).
INTERRUPTED, BROKEN_PIPE = 130, 141


def main(argv: list[str] | None = None) -> int:
    try:
        lang = language.Language(spoken_code(sys.argv[1:] if argv is None else argv))
        try:
            with argparse_speaks(lang):
                args = build_parser(lang).parse_args(argv)
        except SystemExit as done:  # --help, or a mistake argparse has said in one line
            return done.code or 0
        args.language = lang
        try:
            return run_command(args)
        except Refused as exc:
            said = lang.say(exc.args[0]) if exc.args else ""  # a Message, in the reader's language
            print(f"haudrauf{' ' + args.command if args.command else ''}: {said}", file=sys.stderr)
            return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C: the person wants out, not a traceback
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`haudrauf simulate … | head -1`): stop quietly
        quiet_stdout()
        return BROKEN_PIPE


def spoken_code(argv: list[str]) -> str:
    """The language to read the command line in, looked for before it is read: a
    --lang we speak, else the saved setting, else the system's. (A --lang we do not
    speak is then refused by the parser, in that language.)"""
    flag = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            flag = argv[i + 1]
        elif word.startswith("--lang="):
            flag = word.removeprefix("--lang=")
    return language.chosen(flag if flag in language.LANGUAGES else None, saved_setting())


def saved_setting() -> str:
    """`[table] language` of the saved settings, only read ("" where there is none that can be used: the app
    reports and repairs a bad file when it starts)."""
    from haudrauf.play import paths, storage
    try:
        text = storage.read_text(paths.settings_path())
        table = storage.parse_toml(text).get("table", {}) if text else {}
    except (storage.Unusable, OSError):
        return ""
    code = table.get("language", "") if isinstance(table, dict) else ""
    return code if code in language.LANGUAGES else ""


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # a stdout without a file (a test's capture)
        pass
