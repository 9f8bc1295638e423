"""Bot speeds and game options refuse NaN, infinities and absurd magnitudes
with the allowed range, instead of bots that never act, hangs or overflows."""
import dataclasses

import pytest
from hypothesis import given, strategies as st

from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES, REACTION_LIMITS
from haudrauf.engine.core import OptionError
from haudrauf.cli.main import main

ANY_NUMBER = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**400, 10**400),
                       st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e300, 0, -1]))


@given(field=st.sampled_from(sorted(REACTION_LIMITS)), value=ANY_NUMBER)
def test_bot_speeds_take_their_range_and_refuse_the_rest_in_words(field, value):
    words, unit, low, high = REACTION_LIMITS[field]
    if low <= value <= high:
        assert getattr(dataclasses.replace(DIFFICULTIES["normal"], **{field: value}), field) == value
        return
    with pytest.raises(ValueError) as refused:
        dataclasses.replace(DIFFICULTIES["normal"], **{field: value})
    message = str(refused.value)
    assert message.startswith(f"{words} ({field}) must be between {low:g} and {high:g} {unit}, got ")
    assert len(message) < 120


def test_a_bot_that_thinks_nan_seconds_is_refused_in_words():
    with pytest.raises(ValueError, match=r"^thinking time \(think_mean_s\) must be between 0.05 and 60 seconds, "
                                         r"got nan$"):
        dataclasses.replace(DIFFICULTIES["easy"], think_mean_s=float("nan"))


THINK_RANGE = "in seconds such as 2,0.9: a mean from 0.05 to 60 and a spread from 0 to 60"
SLAP_RANGE = "in ms such as 430,110: a mean from 10 to 10000 and a spread from 0 to 10000"


@pytest.mark.parametrize("flag, value, allowed", [
    ("--think", "nan,1", THINK_RANGE), ("--think", "2,inf", THINK_RANGE),
    ("--slap", "1e300,10", SLAP_RANGE), ("--slap", "400,-inf", SLAP_RANGE),
])
def test_simulate_refuses_bot_speeds_that_are_not_numbers(capsys, flag, value, allowed):
    """The command line says the bots' own limits (REACTION_LIMITS) before any bot is made."""
    assert main(["simulate", "--game", "uno-hau-drauf", "--games", "1", flag, value, "--quiet"]) == 2
    assert capsys.readouterr().err == f"haudrauf simulate: {flag}: wants MEAN,SPREAD {allowed}, got {value!r}\n"


NUMBER_OPTIONS = [(game_id, o) for game_id in registry.available()
                  for o in registry.game_class(game_id).info.options
                  if type(o.default) is int and not o.choices]


@pytest.mark.parametrize("game_id, option", NUMBER_OPTIONS, ids=lambda x: getattr(x, "name", x))
@given(value=ANY_NUMBER)
def test_number_options_take_their_range_and_refuse_the_rest(game_id, option, value):
    """From a save or the menu (a value) and from the command line (its text)."""
    for take in (option.check, lambda v: option.check(option.parse(repr(v)))):
        if type(value) is int and option.low <= value <= option.high:
            assert take(value) == value
            continue
        with pytest.raises(OptionError) as refused:
            take(value)
        message = str(refused.value)
        assert message.startswith(f"option {option.name!r} must be a whole number between "
                                  f"{option.low:g} and {option.high:g}, got ")
        assert len(message) < 120


@pytest.mark.parametrize("text", ["1e300", "nan", "inf", "-inf", "1" * 5000, "10" + "0" * 400])
def test_a_huge_or_not_a_number_option_on_the_command_line_says_the_range(capsys, text):
    args = ["simulate", "--game", "crazy-old-fish-war", "--games", "1", "--quiet", "--option", f"rounds_to_win={text}"]
    assert main(args) == 2
    out = capsys.readouterr().err
    assert out.startswith("haudrauf simulate: --option rounds_to_win=")
    assert "option 'rounds_to_win' must be a whole number between 1 and 9, got " in out
    assert len(out) < 200 and out.count("\n") == 1  # one line, even for 5,000 digits
