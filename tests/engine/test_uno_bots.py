"""The UNO Hau drauf bots and the simulator."""
import dataclasses

import numpy as np
import pytest

from haudrauf.engine.bots.base import DIFFICULTIES
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.bots import HeuristicBot
from haudrauf.cli.main import main
from haudrauf.tuner.simulate import simulate
from tests.engine.uno_helpers import card, position, select

RNG = np.random.default_rng(0)
R7, R5, B7, B3, G2, G4 = (card("red", "7"), card("red", "5"), card("blue", "7"), card("blue", "3"),
                          card("green", "2"), card("green", "4"))
WILD, WILD4 = card(None, "wild"), card(None, "wild4")


def bot_choice(state, seat, bot=None):
    bot = bot or HeuristicBot(seat)
    return bot.choose(state.view(seat), state.legal_actions(seat), RNG)


def test_heuristic_keeps_wild_cards_while_a_coloured_card_fits_and_dumps_points():
    state = position([[WILD, R5, B7, G2], [B3]], top=R7)
    select(state, 0)
    assert bot_choice(state, 0) == Play(B7)  # the 7 is worth more than the 5


def test_heuristic_names_the_colour_it_holds_most_of():
    state = position([[WILD, G2, G4, B3], [R5]], top=B7)
    state.colour = "yellow"  # nothing fits but the wild
    select(state, 0)
    assert bot_choice(state, 0) == Play(WILD, "green")


def test_heuristic_lays_wild_draw_four_only_legally_even_when_bluffing_is_allowed():
    state = position([[WILD4, R5, G2], [B3]], top=R7, wild4_bluffing=True)
    state.colour = "red"
    select(state, 0)
    assert Play(WILD4, "green") in state.legal_actions(0)  # a bluff would be allowed …
    assert bot_choice(state, 0) == Play(R5)  # … but the bot plays the red card
    state = position([[WILD4, G2], [B3]], top=card("yellow", "7"), wild4_bluffing=True)
    select(state, 0)
    assert bot_choice(state, 0) == Play(WILD4, "green")  # no yellow card, no coloured match


def test_heuristic_with_a_wild_and_a_wild_draw_four_gives_the_four_to_the_fewest_cards_when_the_layer_chooses():
    """Variant "the layer picks who draws": nothing coloured fits, the bot holds
    a wild and a wild +4 (legal: no yellow card). It once crashed on the wild,
    which has no victim; now it lays the +4 on the seat with the fewest cards."""
    state = position([[WILD, WILD4, G2], [B3, B7, R5], [G4]], top=card("yellow", "7"), layer_chooses=True)
    select(state, 0)
    assert bot_choice(state, 0) == Play(WILD4, "green", 2)


def test_heuristic_calls_uno_slaps_and_draws_when_nothing_fits():
    state = position([[R5, G2], [B3, B7]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    assert bot_choice(state, 0) == CallUno()
    state = position([[card("red", "haudrauf"), G2, B3], [B7]], top=R7)
    select(state, 0)
    state.apply(0, Play(card("red", "haudrauf")))
    assert bot_choice(state, 0) == PressHauDrauf()
    state = position([[G2], [B3]], top=R7)
    select(state, 0)
    assert bot_choice(state, 0) == Draw()
    state.apply(0, Draw())
    if PressButton() in state.legal_actions(0) and len(state.legal_actions(0)) == 1:
        assert bot_choice(state, 0) == PressButton()


def test_heuristic_accepts_a_wild_draw_four_when_bluffs_are_impossible():
    state = position([[WILD4, G2, B3], [R5, B7]], top=R7)
    select(state, 0)
    state.apply(0, Play(WILD4, "green"))
    state.apply(0, PressButton())
    from haudrauf.device import events as uev
    state.feed(uev.TurnEnded(at=0, seat=0, elapsed_ms=10))
    select(state, 1)
    assert {Challenge(), Accept()} <= set(state.legal_actions(1))
    assert bot_choice(state, 1) == Accept()


def test_heuristic_catches_some_of_the_time_and_may_let_it_pass():
    state = position([[R5, G2], [B3, B7], [G4]], top=R7)
    select(state, 0)
    state.apply(0, Play(R5))
    legal = [*state.legal_actions(2), None]
    picks = {HeuristicBot(2).choose(state.view(2), legal, np.random.default_rng(s)) for s in range(40)}
    assert picks == {CatchUno(0), None}


def test_bots_see_only_their_view():
    state = position([[R5, G2], [B3, B7]], top=R7)
    view = state.view(0)
    assert view["hand"] == [R5, G2] and view["counts"] == [2, 2]
    listed = [v for value in view.values() for v in (value if isinstance(value, list) else [value])]
    assert B3 not in listed and B7 not in listed  # the other hand appears nowhere
    assert isinstance(view["stock"], int)  # a count, never the order


def test_colour_chooser_for_a_wild_start_card():
    state = position([[G2, G4, B3], [R5]], top=WILD)
    state.colour, state.pending = None, "colour"
    select(state, 0)
    assert bot_choice(state, 0) == ChooseColour("green")


def test_reaction_model_is_human_like_and_ordered_by_difficulty():
    rng = np.random.default_rng(3)
    means = {name: np.mean([m.slap_time(rng) for _ in range(4000)]) for name, m in DIFFICULTIES.items()}
    assert means["hard"] < means["normal"] < means["easy"]
    assert means["normal"] == pytest.approx(DIFFICULTIES["normal"].slap_mean_ms, rel=0.05)
    thinks = [DIFFICULTIES["easy"].think_time(rng) for _ in range(4000)]
    assert min(thinks) > 0 and np.mean(np.array(thinks) > 6) > 0.01  # easy bots sometimes miss a 6 s turn


def test_simulated_heuristic_bots_beat_random_ones_and_penalties_happen():
    stats = simulate("uno-hau-drauf", players=4, games=6, seed=2, options={"target": 150})
    assert stats.games == 6 and stats.turns > 0
    assert stats.wins["heuristic"] > stats.wins["random"]
    assert {"timeout", "slap", "draw two"} <= set(stats.penalties)


def test_slow_bots_time_out_more_than_fast_ones():
    slow = simulate("uno-hau-drauf", 3, 4, seed=5, options={"target": 100}, bot_names=["heuristic"],
                    difficulty="easy")
    fast = simulate("uno-hau-drauf", 3, 4, seed=5, options={"target": 100}, bot_names=["heuristic"],
                    difficulty="hard")
    per_turn = lambda s: s.penalties["timeout"] / s.turns  # noqa: E731
    assert per_turn(slow) > per_turn(fast)


def test_simulate_command_prints_the_figures(capsys):
    assert main(["simulate", "--game", "uno-hau-drauf", "--players", "4", "--games", "3", "--seed", "1",
                 "--option", "target=100", "--bots", "heuristic,random", "--quiet"]) == 0
    out = capsys.readouterr().out
    for line in ("games/s", "average turns", "penalty cards by cause", "timeout", "slap", "win rate per bot"):
        assert line in out


def test_simulate_refuses_unknown_options_clearly(capsys):
    assert main(["simulate", "--game", "uno-hau-drauf", "--option", "colour=red", "--quiet"]) == 2
    assert "has no option 'colour'" in capsys.readouterr().err


def test_simulate_takes_a_reaction_model_from_the_command_line(capsys):
    args = ["simulate", "--game", "uno-hau-drauf", "--players", "3", "--games", "3", "--seed", "4",
            "--option", "target=100", "--bots", "heuristic", "--quiet"]
    assert main(args) == 0
    usual = capsys.readouterr().out
    assert main([*args, "--think", "4,1", "--slap", "250,40"]) == 0
    slow = capsys.readouterr().out
    assert "think 2 ± 0.9 s, slap 430 ± 110 ms" in usual and "think 4 ± 1 s, slap 250 ± 40 ms" in slow
    timeouts = [float(next(line.split()[-1] for line in out.splitlines() if line.strip().startswith("timeout")))
                for out in (usual, slow)]
    assert timeouts[1] > 3 * timeouts[0]  # thinking 4 s against a 6 s timer misses many turns


def test_simulate_refuses_impossible_reaction_times_and_stops_games_that_cannot_end(capsys, monkeypatch):
    assert main(["simulate", "--game", "uno-hau-drauf", "--slap", "0,10", "--quiet"]) == 2
    assert "--slap: wants MEAN,SPREAD in ms such as 430,110: a mean from 10" in capsys.readouterr().err
    from haudrauf.tuner import simulate as sim
    monkeypatch.setattr(sim, "MAX_TURNS", 300)
    assert main(["simulate", "--game", "uno-hau-drauf", "--games", "1", "--think", "9,1", "--quiet"]) == 0
    assert ("1 game stopped: no end after 300 turns (the bots think 9 s on average against a 6 s turn timer)"
            in capsys.readouterr().out)


def test_reaction_models_refuse_impossible_values():
    for bad in ({"think_mean_s": 0}, {"slap_spread_ms": -1}, {"slap_mean_ms": "fast"}, {"think_spread_s": True}):
        with pytest.raises(ValueError):
            dataclasses.replace(DIFFICULTIES["normal"], **bad)
