"""The Skip-Bo table as the renderer draws it: per seat a hand, the stock (top
card face up, count as caption) and four fanned discard piles; in the centre the
draw pile, the four building piles ("needs 5") and the completed piles. Build
choices are anchored on the card to play, labelled with the target pile, so a
click on the card then on the pile picks one; discards are anchored on the hand card."""
from __future__ import annotations

from collections.abc import Set

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.core.table_view import Text
from haudrauf.engine.games.skip_bo import cards as c
from haudrauf.engine.games.skip_bo.actions import Build, Discard
from haudrauf.engine.games.skip_bo.events import together
from haudrauf.words import Message, msg, nmsg

BACK = CardView(face=None)


def table_view(state, viewer: int | None, names: list[str]) -> TableView:
    legal = state.legal_actions(viewer) if viewer is not None else []
    playable = {a.card for a in legal if isinstance(a, Build)}
    seats = tuple(_seat(state, s, viewer, names, playable) for s in range(state.players))
    centre = ((_backs("draw", msg("draw pile"), len(state.draw)),)
              + tuple(_building_pile(state, p) for p in range(c.BUILDING_PILES))
              + (_backs("set-aside", msg("completed piles"), len(state.set_aside)),))
    return TableView(
        game=state.info.id, seats=seats, centre=centre,
        prompt=_prompt(state, viewer, names), info=_info(state, names),
        choices=tuple(_choice(state, a) for a in legal),
    )


def _face(card: int, playable: Set[int]) -> CardView:
    return CardView(face=c.FACES[card], id=card, highlight=card in playable)


def _backs(key: str, label: Message, count: int) -> PileView:
    return PileView(key, label, (BACK,) * count, caption=cards_text(count))


def _seat(state, s: int, viewer: int | None, names: list[str], playable: set[int]) -> SeatView:
    hand = state.hands[s]
    hand_cards = tuple(_face(card, playable) for card in hand) if s == viewer else (BACK,) * len(hand)
    stock = state.stocks[s]
    stock_cards = (BACK,) * (len(stock) - 1) + (_face(stock[-1], playable),) if stock else ()
    piles = (PileView(f"s{s}.stock", msg("stock"), stock_cards,
                      caption=cards_text(len(stock)) if stock else msg("empty")),)
    piles += tuple(
        PileView(f"s{s}.discard{i}", msg("discard pile {pile}", pile=i + 1),
                 tuple(_face(card, playable) for card in pile), "fan")
        for i, pile in enumerate(state.discards[s]))
    return SeatView(
        seat=s, name=names[s], hand=PileView(f"s{s}.hand", msg("hand"), hand_cards, "row"), piles=piles,
        score=nmsg("{n} point", "{n} points", state.scores[s]) if state.options["target"] else "",
        status=_status(state, s), active=s in state.current_seats,
    )


def _status(state, s: int) -> Text:
    """The seat's team (with partners) and whether its stock is empty."""
    if not state.options["partners"]:
        return "" if state.stocks[s] else msg("stock empty")
    team = "AB"[s % 2]
    return msg("team {team}", team=team) if state.stocks[s] else msg("team {team}, stock empty", team=team)


def _building_pile(state, p: int) -> PileView:
    pile = state.building[p]
    caption = msg("needs {number}", number=len(pile) + 1) if pile else msg("empty: needs 1")
    return PileView(f"build{p}", msg("building pile {pile}", pile=p + 1),
                    tuple(_face(card, frozenset()) for card in pile), caption=caption)


def _choice(state, action) -> Choice:
    if isinstance(action, Build):
        number = len(state.building[action.pile]) + 1
        played = msg("Skip-Bo as {number}", number=number) if c.VALUES[action.card] == c.WILD \
            else c.card_name(action.card)
        return Choice(action, msg("{card} → building pile {pile}", card=played, pile=action.pile + 1),
                      card=action.card, target=f"build{action.pile}")
    if isinstance(action, Discard):
        return Choice(action, msg("discard on pile {pile}", pile=action.pile + 1), card=action.card,
                      target=f"s{state.turn}.discard{action.pile}")
    return Choice(action, msg("end your turn (no cards to discard)"))


def _prompt(state, viewer: int | None, names: list[str]) -> Message:
    if state.over:
        return state.outcome(names.__getitem__)
    if state.choosing:
        return msg("The unit is choosing who starts")
    if viewer != state.turn:
        return msg("{seat} is playing", seat=names[state.turn])
    if not state.hands[viewer]:
        return msg("Nothing left to draw: build if you can, then end your turn")
    return msg("Build on the building piles (your stock first), then discard a hand card to end your turn")


def _info(state, names: list[str]) -> tuple[Message, ...]:
    target = state.options["target"]
    lines = [nmsg("Game {game}, first to {n} point", "Game {game}, first to {n} points", target, game=state.game)
             if target else msg("Single game")]
    if state.options["partners"]:
        lines.append(msg("{team} vs {other}", team=together(names.__getitem__, state.team(0)),
                         other=together(names.__getitem__, state.team(1))))
    lines.append(msg("Draw pile {draw}, completed piles {completed}", draw=cards_text(len(state.draw)),
                     completed=cards_text(len(state.set_aside))))
    if state.history:
        last = state.history[-1]
        if last["winners"]:
            lines.append(nmsg("Game {game}: {seats} scored {points} points",
                              "Game {game}: {seats} scored {points} points", len(last["winners"]), game=last["game"],
                              seats=together(names.__getitem__, last["winners"]), points=last["points"]))
        else:
            lines.append(msg("Game {game}: drawn, no points", game=last["game"]))
    return tuple(lines)
