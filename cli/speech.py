"""The command line in the reader's language: argparse's own words ("usage:",
"options", "show this help message and exit", its mistakes) come from our
catalogs too, while the parser is built and reads the command line.

argparse translates its words through gettext's `argparse` domain, by the
module's own `_` and `ngettext`; `argparse_speaks` points those at the
reader's catalog for that while, and puts them back after. Its words are
listed here (`ARGPARSE_WORDS`) so that extraction puts them in the template."""
from __future__ import annotations

import argparse
from contextlib import contextmanager

from haudrauf.play.language import Language


def N_(message: str) -> str:
    """Marks a message for extraction without translating it here (argparse translates it when it says it)."""
    return message


#: The argparse words a person can meet on our command line (help and mistakes).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


@contextmanager
def argparse_speaks(lang: Language):
    """argparse says its words in `lang` inside the block."""
    kept = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = lang.gettext, lang.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = kept
