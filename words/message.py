"""A sentence not yet put into a language: its source text (English, the
gettext message id, with `{named}` slots) and the values for its slots.

The unit and the engine say *what* happened with a `Message`; each screen (the
table, each phone, the terminal, the command line) renders it for its own
reader with `render` and that reader's catalog. Values are rendered too: a
`Message` in its reader's language, a float as the reader's language writes
numbers ("2,5" in German), a tuple as its items rendered and
joined with ", "; a `str` (a player's name, "7") is used as it is.

Mark a source text with `msg("…")` or `nmsg("…", "…", n)` — the names
`make catalogs` extracts — so every sentence lands in the catalogs.
`str(message)` is the English sentence (logs on stderr, exceptions, tests)."""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import Protocol

from babel.numbers import format_decimal


class Catalog(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence by its source text and values; `plural` and `n` when its words depend on a number."""
    text: str
    values: tuple[tuple[str, object], ...] = ()
    plural: str = ""
    n: int = 0

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def value(self, key: str):
        """One slot's value (tests and screens ask what a message names)."""
        return dict(self.values)[key]


@dataclass(frozen=True, slots=True)
class Number:
    """A number shown with so many decimals ("2.0" in English, "2,0" in German)."""
    value: float
    decimals: int = 1


def msg(text: str, /, **values) -> Message:
    """A sentence with its slots filled: msg("{seat} draws from the sea", seat="Anna")."""
    return Message(text, tuple(values.items()))


def nmsg(singular: str, plural: str, n: int, /, **values) -> Message:
    """A sentence whose words depend on `n` (also its `{n}` slot): nmsg("{n} card", "{n} cards", 7).
    Each language has its own plural forms (CLDR: Belarusian has three)."""
    return Message(singular, tuple(values.items()), plural, n)


ENGLISH = gettext.NullTranslations()


def render(said, catalog: Catalog = ENGLISH, locale: str = "en") -> str:
    """`said` in the catalog's language: a `Message` rendered, a `str` (a name) as it is.
    A translation naming a slot the source does not have falls back to the source text
    (the catalog tests keep that from happening; a player never sees a crash for it)."""
    if not isinstance(said, Message):
        return str(said)
    values = {key: _value(value, catalog, locale) for key, value in said.values}
    if said.plural:
        values.setdefault("n", _value(said.n, catalog, locale))
        text = catalog.ngettext(said.text, said.plural, said.n)
        source = said.text if said.n == 1 else said.plural
    else:
        source = said.text
        text = catalog.gettext(source) if source else ""
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)


def _value(value, catalog: Catalog, locale: str) -> str:
    if isinstance(value, Message):
        return render(value, catalog, locale)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return format_decimal(value, locale=locale)
    if isinstance(value, Number):
        pattern = "0." + "0" * value.decimals if value.decimals else "0"
        return format_decimal(value.value, format=pattern, locale=locale)
    if isinstance(value, tuple):
        return ", ".join(_value(v, catalog, locale) for v in value)
    return str(value)
