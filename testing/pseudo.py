"""A made-up language for tests: every message 40 % longer and every letter
accented ("Seat {number}" → "Ŝéàţ {number} ~~~"), its `{slots}` and
`%(formats)s` kept. A screen shown in it must have no plain English letter
left but in the values it fills in (a name, a key): every one is a word
nobody marked for translation. The extra length stands in for the languages
that say things at more length than English (German, Finnish).

`PseudoTranslations` is a gettext catalog, so it goes where a language's
catalog goes (`haudrauf.play.language.translations`) and `Language.say`
renders the engine's Messages with it too."""
from __future__ import annotations

import gettext
import math
import re

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçðéƒĝĥîĵķļɱñöþǫŕŝţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŜŢÛṼŴẊÝŽ"
_ACCENT = str.maketrans(_PLAIN, _ACCENTED)
#: What a message fills in or escapes, kept as it is: `{slot}`, `{{`, `}}`, `%(name)s`, `%s`, `%%`.
_KEPT = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%(?:\([a-z_]+\))?[sdr%]")
#: How much longer a pseudo-translated message is than its source.
LONGER = 0.4
#: What closes every pseudo-translated message: it shows where the text was cut off.
PAD = "~"
#: The padding comes in words this long, so a long paragraph still wraps.
PAD_WORD = 6


def pseudo(text: str) -> str:
    """`text` accented and 40 % longer; its slots and formats as they are."""
    if not text:
        return text
    pieces = _KEPT.split(text)
    kept = _KEPT.findall(text)
    accented = "".join(piece.translate(_ACCENT) + (kept[i] if i < len(kept) else "")
                       for i, piece in enumerate(pieces))
    extra = max(2, math.ceil(len(text) * LONGER))
    words = [PAD * PAD_WORD] * (extra // (PAD_WORD + 1)) + [PAD * max(1, extra % (PAD_WORD + 1) - 1)]
    return " ".join([accented, *words])


class PseudoTranslations(gettext.NullTranslations):
    """Every message in the pseudo-language (English plural rules: one, other)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


#: Words with plain letters in a text that a pseudo-translated screen still shows.
_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def plain_words(text: str) -> list[str]:
    """The words of `text` written in plain letters: in the pseudo-language, untranslated ones."""
    return _PLAIN_WORD.findall(text)
