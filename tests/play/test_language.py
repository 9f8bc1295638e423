"""The languages: each catalog complete and in step with the source, the
plural forms CLDR gives, the reader's language chosen and kept, numbers as
each language writes them, and the command line speaking it."""
import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from haudrauf.cli.main import main
from haudrauf.play import config, language

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in language.LANGUAGES if code != language.DEFAULT]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "msg": None, "nmsg": (1, 2)}
#: The rooms `make catalogs` extracts from: every room a reader's words come from.
SPEAKING_ROOMS = ("cli", "play", "table", "phones", "tuner", "engine", "device", "words")


def catalog(code: str):
    with language.catalog_path(code).open("rb") as po:
        return read_po(po, locale=code)


def template():
    with (language.LOCALE_FOLDER / "haudrauf.pot").open("rb") as pot:
        return read_po(pot)


def placeholders(text: str) -> list[str]:
    """The {names} and %-formats a message fills in: a translation must keep every one."""
    return sorted(re.findall(r"\{[^{}]*\}", text) + re.findall(r"%(?:\([a-z_]+\))?[sdr%]", text))


def marked_in_source() -> set[tuple[str, int, str]]:
    """Every literal a call marks (msg, nmsg, _, gettext, ngettext, N_), wherever the call is:
    Babel's extractor does not see a call inside an f-string or inside a comprehension that is
    another call's argument, so this reads the syntax tree itself."""
    found = set()
    for folder in SPEAKING_ROOMS:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                first = node.args[0]
                if name in KEYWORDS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add((path.relative_to(ROOT).as_posix(), node.lineno, first.value))
    return found


def test_every_marked_text_anywhere_is_in_the_template():
    """A marked sentence the extractor cannot see would be shown in English in every language."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}
    assert [where for where in sorted(marked_in_source()) if where[2] and where[2] not in ids] == []


def test_the_template_is_in_step_with_the_source():
    """Every marked message (every room) is in locale/haudrauf.pot, nothing else."""
    found = set()
    for folder in SPEAKING_ROOMS:
        for _, _, message, *_ in extract_from_dir(ROOT / folder, [("**.py", "python")], keywords=KEYWORDS):
            found.add(message if isinstance(message, str) else message[0])
    assert found == {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code):
    wanted = {m.id for m in template() if m.id}
    messages = {m.id: m for m in catalog(code) if m.id}
    assert set(messages) == wanted
    for message in messages.values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, message.id
        assert all(strings), f"{code}: {ids[0]!r} is not translated"
        for string in strings:
            assert placeholders(string) == placeholders(ids[-1]), f"{code}: {string!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_has_the_plural_forms_cldr_gives(code):
    read = catalog(code)
    assert read.num_plurals == get_plural(code).num_plurals  # Belarusian 3, the others 2
    for message in read:
        if message.id and isinstance(message.id, tuple):
            assert len(message.string) == read.num_plurals


def test_the_system_language_is_used_where_we_speak_it():
    assert language.from_system({"LANG": "nb_NO.UTF-8"}) == "nb"
    assert language.from_system({"LANG": "nn_NO.UTF-8"}) == "nb"
    assert language.from_system({"LC_ALL": "be_BY.UTF-8", "LANG": "de_DE"}) == "be"
    assert language.from_system({"LANGUAGE": "xx:fi", "LANG": "de_DE"}) == "fi"
    assert language.from_system({"LANG": "fr_FR.UTF-8"}) == "en"
    assert language.from_system({"LANG": "C"}) == "en"
    assert language.from_system({}) == "en"


def test_an_unknown_code_is_refused_naming_the_languages():
    with pytest.raises(ValueError, match="no language 'fr'.*de \\(Deutsch\\).*be \\(Беларуская\\)"):
        language.Language("fr")


def test_numbers_are_written_as_each_language_writes_them():
    assert language.Language("de").format_decimal(2.5) == "2,5"
    assert language.Language("nb").format_decimal(2.5) == "2,5"
    assert language.Language("en").format_decimal(2.5) == "2.5"


def test_the_command_line_speaks_finnish(capsys):
    assert main(["--lang", "fi", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("käyttö: haudrauf")
    assert language.Language("fi").gettext("show this help message and exit") in out
    assert "show this help message and exit" not in out


def test_a_game_that_does_not_exist_is_refused_in_german(capsys):
    assert main(["--lang", "de", "play", "nosuchgame"]) == 2
    err = capsys.readouterr().err
    assert "'nosuchgame'" in err and "no game called" not in err
    assert err == "haudrauf play: GAME: " + language.Language("de").gettext(
        "no game called {text!r}; games: {games}").format(
        text="nosuchgame", games="uno-hau-drauf, go-fish, skip-bo, crazy-old-fish-war, sea-salt-paper") + "\n"


@pytest.mark.parametrize("argv", [["--lang", "xx"], ["rules", "skip-bo", "--lang", "xx"],
                                  ["simulate", "--game", "go-fish", "--lang=xx"]])
def test_lang_refuses_an_unknown_code(argv, capsys):
    assert main(argv) == 2
    assert "no language 'xx'; languages: en (English), de (Deutsch)" in capsys.readouterr().err


def test_the_saved_language_speaks_when_no_lang_is_given(config_dir, capsys):
    config.save(config_dir / "settings.toml", config.Settings(table=config.TableSettings(language="sv")))
    assert main(["--lang", "xx"]) == 2
    assert "språk" in capsys.readouterr().err.lower()


def test_the_language_setting_round_trips(tmp_path):
    path = tmp_path / "settings.toml"
    config.save(path, config.Settings(table=config.TableSettings(language="be")))
    loaded, problems = config.load(path)
    assert (loaded.table.language, problems) == ("be", [])


def test_a_language_we_do_not_speak_in_the_file_is_kept_aside(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[table]\nlanguage = "klingon"\nhints = false\n')
    loaded, problems = config.load(path)
    assert loaded.table.language == "" and loaded.table.hints is False
    assert "language: no language 'klingon'" in str(problems[0])
    assert (tmp_path / "settings.toml.bak").exists()


def test_rules_are_printed_in_the_language_and_fall_back_to_english_saying_so(capsys, monkeypatch):
    from haudrauf.play import rules
    monkeypatch.setattr(rules, "translated", lambda game, lang: lang == "en")
    assert main(["rules", "go-fish", "--lang", "nb"]) == 0
    out, err = capsys.readouterr()
    assert out == rules.text("go-fish")
    assert err.count("\n") == 1 and "Norsk bokmål" in err
