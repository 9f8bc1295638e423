"""The game log keeps what happened, not sentences in one language: a saved
game replayed, or resumed, reads in whichever language its reader chose now —
German here, though it was played with an English table."""
from tests.play.test_session import play_until
from haudrauf.device.settings import UnitSettings
from haudrauf.play import autosave, game_log
from haudrauf.play.language import Language
from haudrauf.play.messages import race_time
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession

UNIT = UnitSettings(turn_time=6, sleep_after=0)
GERMAN = Language("de")


def played_and_saved(tmp_path):
    """An UNO Hau drauf game of three bots with the unit, saved after 80 entries of its log."""
    save = tmp_path / "autosave.json"
    plans = [SeatPlan(name, "heuristic") for name in ("Anna", "Bo", "Cy")]
    session = TableSession("uno-hau-drauf", {"players": 3, "target": 200}, plans, seed=9, unit_settings=UNIT,
                           save_to=save)
    session.start(0.0)
    play_until(session, 80)
    return session, save


def test_a_saved_game_replayed_reads_its_units_lines_in_german(tmp_path):
    _, save = played_and_saved(tmp_path)
    replay, problem = game_log.load(save)
    assert problem is None
    lines = [line for entry in replay.lines for line in entry]
    english, german = [str(line) for line in lines], [GERMAN.say(line) for line in lines]
    turns = [(e, g) for e, g in zip(english, german) if " done in " in e]
    assert turns, english  # the unit's "Anna done in 1.2 s" is in the log
    for said, read in turns:
        name, time = said.split(" done in ")
        assert read == f"{name.replace('Seat', 'Platz')} fertig in {time.replace('.', ',')}"
    assert not any(" done in " in line for line in german)


def test_a_resumed_game_reads_in_the_language_chosen_now(tmp_path):
    session, save = played_and_saved(tmp_path)
    data, problem = autosave.read(save)
    assert problem is None
    resumed = TableSession.from_save(data, UNIT, save)
    replayed, _ = game_log.load(save)
    told = [line for entry in replayed.lines for line in entry]
    assert [GERMAN.say(line) for line in resumed.history] == [GERMAN.say(line) for line in told]
    assert any("fertig in" in GERMAN.say(line) for line in resumed.history)
    assert set(map(str, resumed.history)) <= set(map(str, session.history))  # the lines the table read in English


def test_the_units_reasons_stay_out_of_the_log():
    """A refusal of the unit carries a Message, which the log cannot store: no game takes one in."""
    import pytest
    from haudrauf.device import events as uev
    from haudrauf.engine.core import IllegalAction
    from haudrauf.words import msg
    session = TableSession("uno-hau-drauf", {"players": 2}, [SeatPlan("Anna"), SeatPlan("Bo")], seed=1,
                           unit_settings=UNIT)
    too_few = msg("at least 2 players must press their buttons first")
    for refusal in (uev.InputIgnored(at=0, button="seat", seat=0, reason=msg("the unit is off")),
                    uev.StartRefused(at=0, seats=(0,), reason=too_few)):
        with pytest.raises(IllegalAction):
            session.state.feed(refusal)
    assert session.state.log == []


def test_a_race_time_is_written_with_the_readers_unit():
    """Belarusian writes milliseconds "мс"; a phone's time keeps its ± in every language."""
    assert race_time(312.4, None, Language("be")) == "312 мс"
    assert race_time(312.4, 0.009, Language("be")) == "312 мс ±9"
    assert race_time(312.4, None, Language("de")) == "312 ms"
    assert race_time(None, None, Language("fi")) == "—"
