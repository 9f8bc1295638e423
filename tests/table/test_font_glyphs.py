"""Every letter a language shows has a glyph in the window's font (DejaVu,
regular and bold): a missing one is drawn as an empty box ("tofu"), and a
reader sees a box where a letter should be."""
import pygame
import pygame.freetype
import pytest
from babel.messages.pofile import read_po

from haudrauf.play import language, rules
from haudrauf.table.ui import theme
from haudrauf.testing.pseudo import pseudo


def characters(texts) -> set[str]:
    """Every character drawn from `texts` (a line break or a tab is no glyph)."""
    return {ch for text in texts for ch in text if ch.isprintable() and not ch.isspace()}


def catalog_strings(code: str) -> list[str]:
    with language.catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code)
    return [s for m in catalog if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]


def rules_pages(code: str) -> list[str]:
    return [page.read_text(encoding="utf-8") for page in sorted((rules.FOLDER / code).glob("*.md"))]


@pytest.fixture(scope="module", params=[False, True], ids=["regular", "bold"])
def font(request):
    pygame.freetype.init()
    return pygame.freetype.Font(theme.FONT_FILES[request.param], 20)


def missing(font, chars) -> list[str]:
    """The characters the font has no glyph for (freetype gives them no metrics)."""
    ordered = sorted(chars)
    return [f"{ch} (U+{ord(ch):04X})" for ch, metrics in zip(ordered, font.get_metrics("".join(ordered)))
            if metrics is None]


def test_the_probe_finds_a_letter_the_font_lacks(font):
    """A Chinese character is outside DejaVu Sans: the check below would see it."""
    assert missing(font, "漢") and not missing(font, "aÄЖ")


@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_every_letter_of_a_language_has_a_glyph_in_the_font(font, code):
    texts = rules_pages(code) + [language.LANGUAGES[code]]
    if code != language.DEFAULT:
        texts += catalog_strings(code)
    assert characters(texts), f"nothing to check for {code}"
    assert not missing(font, characters(texts)), f"{code}: no glyph for {missing(font, characters(texts))}"


def test_the_pseudo_language_of_the_tests_has_every_glyph(font):
    """The made-up language of tests/table/test_pseudo_language.py draws real letters, not boxes."""
    assert not missing(font, characters([pseudo("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ")]))
