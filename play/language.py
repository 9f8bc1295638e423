"""The languages the app speaks, and each reader's own: its words from the
gettext catalogs (`locale/<lang>/LC_MESSAGES/haudrauf.po`) and its numbers as
Babel formats them (CLDR: "2,5" in German).

A catalog is read with Babel and compiled in memory, once per language, so no
compiled `.mo` file has to be kept in step with its `.po`. Which language a
reader gets: `--lang`, else the saved setting, else the system's
(`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), else English."""
from __future__ import annotations

import gettext
import io
import os
from functools import cache
from pathlib import Path

from haudrauf.words import render

#: Every language, by code, in its own name.
LANGUAGES = {"en": "English", "de": "Deutsch", "nb": "Norsk bokmål", "sv": "Svenska", "da": "Dansk",
             "fi": "Suomi", "be": "Беларуская"}
DEFAULT = "en"
#: Codes a system may use for a language we speak under another code (Norwegian: we write Bokmål).
ALIASES = {"no": "nb", "nn": "nb"}
LOCALE_FOLDER = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "haudrauf"


def check(code: str) -> str:
    """The code if we speak it; ValueError naming the choices if not."""
    if code not in LANGUAGES:
        choices = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise ValueError(f"no language {code!r}; languages: {choices}")
    return code


def from_system(environ=os.environ) -> str:
    """The system's language, as the environment names it ("nb_NO.UTF-8" → "nb"); English where we have none."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for wanted in environ.get(variable, "").split(":"):  # LANGUAGE is a list: "fi:en"
            code = wanted.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if not code:
                continue
            if code in ("c", "posix"):
                return DEFAULT
            code = ALIASES.get(code, code)
            if code in LANGUAGES:
                return code
        if environ.get(variable):
            return DEFAULT  # the first variable that is set decides, as gettext does
    return DEFAULT


def catalog_path(code: str) -> Path:
    return LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """A language's catalog, compiled in memory from its `.po` (English is the source text itself)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    if check(code) == DEFAULT:
        return gettext.NullTranslations()
    with catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


class Language:
    """One reader's language: `gettext`, `ngettext` and numbers as that language writes them."""

    def __init__(self, code: str = DEFAULT) -> None:
        self.code = check(code)
        self.name = LANGUAGES[code]
        self._translations = translations(code)

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)

    def say(self, said) -> str:
        """What the unit, the engine or a screen said (a `Message`; a name as it is), in this language."""
        return render(said, self._translations, self.code)

    def format_decimal(self, number, format: str | None = None) -> str:
        from babel.numbers import format_decimal
        return format_decimal(number, format=format, locale=self.code)

    def __repr__(self) -> str:
        return f"Language({self.code!r})"


def chosen(flag: str | None = None, setting: str = "", environ=os.environ) -> str:
    """The language a reader gets: `--lang`, else the saved setting ("" follows the system), else the system's."""
    return flag or setting or from_system(environ)
