"""Every game ends: the setups that could not (issue 12), the simulator's caps,
and a small fuzz of random legal play — every game, every player count, the
options that change how a game ends (bench/fuzz_games.py runs the big one)."""
import pytest

from haudrauf.engine import registry
from haudrauf.engine.games.skip_bo import GAME as SKIP_BO
from haudrauf.cli import main as cli
from haudrauf.tuner import simulate as sim
from haudrauf.testing.fuzz import fuzz
from haudrauf.testing.invariants import play_random

# --- the games that could not end ----------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_crazy_old_fish_war_with_a_fish_penalty_to_nine_rounds_ends(seed):
    """`simulate --game crazy-old-fish-war --players 4 --games 5 --option rounds_to_win=9
    --option fish_penalty=2 --seed 1` (and 2) hung: all 50 fish names were called, and a
    player down to one card could only stay quiet and draw two."""
    stats = sim.simulate("crazy-old-fish-war", 4, 5, seed, {"rounds_to_win": 9, "fish_penalty": 2})
    assert stats.games == 5 and not stats.stopped
    assert sum(stats.wins.values()) == 5


def test_skip_bo_match_of_random_bots_to_500_ends():
    """`simulate --game skip-bo --players 2 --option target=500 --bots random` hung: every
    game locked up and was drawn with no points, so nobody ever reached 500."""
    stats = sim.simulate("skip-bo", 2, 3, 0, {"target": 500}, ["random"])
    assert stats.games == 3 and not stats.stopped
    assert sum(stats.wins.values()) >= 3  # every match has a winner (a shared lead counts for each)


def test_skip_bo_match_to_500_without_points_for_a_locked_up_game_ends_after_three_draws():
    state = play_random(SKIP_BO, {"players": 2, "target": 500, "stalemate": "no-points"}, seed=3)
    assert state.is_over and state.scores == [0, 0] and state.result.winners == ()
    assert [game["winners"] for game in state.history] == [[], [], []]
    assert state.result.summary == "The match ended after 3 drawn games in a row: nobody had scored"


def test_the_simulate_command_ends_the_skip_bo_match(capsys):
    assert cli.main(["simulate", "--game", "skip-bo", "--players", "2", "--option", "target=500", "--bots",
                     "random", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "skip-bo: 2 games, 2 players" in out and "stopped" not in out

# --- the simulator's caps -----------------------------------------------------------------


def test_a_game_past_the_move_cap_is_stopped_and_reported(monkeypatch):
    monkeypatch.setattr(sim, "MAX_MOVES", 40)
    stats = sim.simulate("skip-bo", 2, 3, 1, {"target": 500}, ["random"])
    assert stats.games == 3 and stats.stopped == {"no end after 40 moves": 3}
    assert stats.actions == 120 and sum(stats.seats_played.values()) == 0  # no win rates from unfinished games
    assert "  unfinished      3 games stopped: no end after 40 moves" in stats.report()


def test_a_game_past_the_turn_cap_is_stopped_and_the_command_says_so(monkeypatch, capsys):
    monkeypatch.setattr(sim, "MAX_TURNS", 5)
    assert cli.main(["simulate", "--game", "crazy-old-fish-war", "--players", "3", "--games", "2",
                     "--quiet"]) == 0
    assert "2 games stopped: no end after 5 turns" in capsys.readouterr().out


def test_a_game_driven_by_the_unit_is_capped_too(monkeypatch):
    monkeypatch.setattr(sim, "MAX_MOVES", 30)
    stats = sim.simulate("uno-hau-drauf", 3, 1, 1)
    assert stats.stopped == {"no end after 30 moves (the bots think 2 s on average against a 6 s turn timer)": 1}

# --- the fuzz: random legal play ends every game ----------------------------------------

#: UNO Hau drauf's matches to 500 take a few seconds each: short ones here.
SHORT_UNO = [{"target": 1}, {"target": 1, "layer_chooses": True, "wild4_bluffing": True},
             {"scoring": "lowest-wins", "target": 40}]
CASES = [(game_id, players) for game_id in registry.available()
         for players in range(registry.game_class(game_id).info.min_players,
                              registry.game_class(game_id).info.max_players + 1)]


@pytest.mark.soak
@pytest.mark.parametrize("game_id, players", CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_random_legal_play_ends_every_game(game_id, players):
    uno = registry.game_class(game_id).info.uses_unit
    stats = fuzz(game_id, players, budget=2500, seed=12, sets=SHORT_UNO if uno else None)
    assert stats.games_capped == 0 and stats.games_ended >= 1
    assert stats.actions >= 2500


def test_the_fuzz_covers_every_game():
    assert {game_id for game_id, _ in CASES} == set(registry.MODULES)
