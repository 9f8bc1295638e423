"""The Skip-Bo table as the renderer draws it: per seat a hand, the stock (top
card face up, count as caption) and four fanned discard piles; in the centre the
draw pile, the four building piles ("needs 5") and the completed piles. Build
choices are anchored on the card to play, labelled with the target pile, so a
click on the card then on the pile picks one; discards are anchored on the hand card."""
from __future__ import annotations

from collections.abc import Set

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.skip_bo import cards as c
from haudrauf.engine.games.skip_bo.actions import Build, Discard

BACK = CardView(face=None)


def table_view(state, viewer: int | None, names: list[str]) -> TableView:
    legal = state.legal_actions(viewer) if viewer is not None else []
    playable = {a.card for a in legal if isinstance(a, Build)}
    seats = tuple(_seat(state, s, viewer, names, playable) for s in range(state.players))
    centre = ((_backs("draw", "draw pile", len(state.draw)),)
              + tuple(_building_pile(state, p) for p in range(c.BUILDING_PILES))
              + (_backs("set-aside", "completed piles", len(state.set_aside)),))
    return TableView(
        game=state.info.id, seats=seats, centre=centre,
        prompt=_prompt(state, viewer, names), info=_info(state, names),
        choices=tuple(_choice(state, a) for a in legal),
    )


def _face(card: int, playable: Set[int]) -> CardView:
    return CardView(face=c.FACES[card], id=card, highlight=card in playable)


def _backs(key: str, label: str, count: int) -> PileView:
    return PileView(key, label, (BACK,) * count, caption=cards_text(count))


def _seat(state, s: int, viewer: int | None, names: list[str], playable: set[int]) -> SeatView:
    hand = state.hands[s]
    hand_cards = tuple(_face(card, playable) for card in hand) if s == viewer else (BACK,) * len(hand)
    stock = state.stocks[s]
    stock_cards = (BACK,) * (len(stock) - 1) + (_face(stock[-1], playable),) if stock else ()
    piles = (PileView(f"s{s}.stock", "stock", stock_cards, caption=cards_text(len(stock)) if stock else "empty"),)
    piles += tuple(
        PileView(f"s{s}.discard{i}", f"discard pile {i + 1}", tuple(_face(card, playable) for card in pile), "fan")
        for i, pile in enumerate(state.discards[s]))
    status = [] if stock else ["stock empty"]
    if state.options["partners"]:
        status.insert(0, f"team {'AB'[s % 2]}")
    return SeatView(
        seat=s, name=names[s], hand=PileView(f"s{s}.hand", "hand", hand_cards, "row"), piles=piles,
        score=f"{state.scores[s]} points" if state.options["target"] else "",
        status=", ".join(status), active=s in state.current_seats,
    )


def _building_pile(state, p: int) -> PileView:
    pile = state.building[p]
    caption = f"needs {len(pile) + 1}" if pile else "empty: needs 1"
    return PileView(f"build{p}", f"building pile {p + 1}", tuple(_face(card, frozenset()) for card in pile),
                    caption=caption)


def _choice(state, action) -> Choice:
    if isinstance(action, Build):
        number = len(state.building[action.pile]) + 1
        card = c.card_name(action.card)
        played = f"Skip-Bo as {number}" if c.VALUES[action.card] == c.WILD else card
        return Choice(action, f"{played} → building pile {action.pile + 1}", card=action.card,
                      target=f"build{action.pile}")
    if isinstance(action, Discard):
        return Choice(action, f"discard on pile {action.pile + 1}", card=action.card,
                      target=f"s{state.turn}.discard{action.pile}")
    return Choice(action, "end your turn (no cards to discard)")


def _prompt(state, viewer: int | None, names: list[str]) -> str:
    if state.over:
        return state.outcome(names.__getitem__)
    if state.choosing:
        return "The unit is choosing who starts"
    if viewer != state.turn:
        return f"{names[state.turn]} is playing"
    if not state.hands[viewer]:
        return "Nothing left to draw: build if you can, then end your turn"
    return "Build on the building piles (your stock first), then discard a hand card to end your turn"


def _info(state, names: list[str]) -> tuple[str, ...]:
    target = state.options["target"]
    lines = [f"Game {state.game}, first to {target} points" if target else "Single game"]
    if state.options["partners"]:
        teams = [" & ".join(names[s] for s in state.team(first)) for first in (0, 1)]
        lines.append(" vs ".join(teams))
    lines.append(f"Draw pile {cards_text(len(state.draw))}, completed piles {cards_text(len(state.set_aside))}")
    if state.history:
        last = state.history[-1]
        who = " & ".join(names[s] for s in last["winners"])
        lines.append(f"Game {last['game']}: {who} scored {last['points']} points" if who
                     else f"Game {last['game']}: drawn, no points")
    return tuple(lines)
