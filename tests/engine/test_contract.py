"""What the table relies on, checked for every game alike."""
import numpy as np
import pytest

from engine import registry
from engine.core import GameEnd, RoundEnd, TableView

TURN_BASED = [g for g in registry.available() if not registry.game_class(g).info.uses_unit]


def play(game_id: str, seed: int):
    cls = registry.game_class(game_id)
    state = cls({"players": 3}, seed)
    rng = np.random.default_rng(seed)
    events = []
    views_checked = 0
    while not state.is_over:
        seats = state.current_seats
        seat = seats[int(rng.integers(len(seats)))]
        legal = state.legal_actions(seat)
        if views_checked < 30:  # the picture the renderer draws, for a player and a spectator
            view = state.table_view(seat, ["A", "B", "C"])
            assert isinstance(view, TableView) and len(view.seats) == 3
            assert sorted(map(repr, (c.action for c in view.choices))) == sorted(map(repr, legal))
            assert all(c.label for c in view.choices)
            spectator = state.table_view(None, ["A", "B", "C"])
            assert spectator.choices == () and all(
                card.face is None for s in spectator.seats for card in s.hand.cards)
            views_checked += 1
        events += state.apply(seat, legal[int(rng.integers(len(legal)))])
    return state, events


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_every_game_announces_its_end_and_round_ends_carry_totals(game_id):
    for seed in range(3):
        state, events = play(game_id, seed)
        assert any(isinstance(e, GameEnd) for e in events) or any(isinstance(e, RoundEnd) for e in events)
        for e in events:
            if isinstance(e, RoundEnd):
                assert len(e.running_totals()) == 3
        assert state.result is not None and state.result.winners is not None


def test_registry_lists_all_five_games():
    assert registry.available() == ["uno-hau-drauf", "go-fish", "skip-bo", "crazy-old-fish-war", "sea-salt-paper"]
    for game_id in registry.available():
        info = registry.game_class(game_id).info
        assert info.name and info.min_players >= 2 and any(o.name == "players" for o in info.options)
        assert set(registry.bot_factories(game_id)) >= {"random", "heuristic"}


def test_counts_of_one_card_are_worded_in_the_singular():
    from engine.games.sea_salt_paper.state import SeaSaltPaper
    from engine.games.uno_hau_drauf.events import CardsDrawn
    picture = SeaSaltPaper({"players": 2}, 1).table_view(0, ["Anna", "Bo"])
    discards = [p for p in picture.centre if p.key.startswith("discard")]
    assert discards and {p.caption for p in discards} == {"1 card"}  # each pile starts with one card
    assert CardsDrawn(seat=0, count=1, cause="uno").text(lambda s: "Anna") == "Anna takes 1 card for not calling UNO"
    assert CardsDrawn(seat=0, count=2, cause="slap").text(lambda s: "Anna") == \
        "Anna takes 2 cards for losing the HAU DRAUF race — then press your button"
