"""Crazy Old Fish War (Parker Brothers / Hasbro, 2008): Crazy Eights with Go Fish,
Old Maid ("Old Mermaids") and, in the advanced game, War.

Rules: /work/shared/rules/crazy-old-fish-war.md. Seats sit clockwise in seat
order (seat 1's left neighbour is seat 2). Cards: see `cards.py` (five colours
red ● / yellow ▲ / green ■ / blue ◆ / purple ★, 1–11 each, three Old Mermaids).

Phases (`self.phase`) and who acts (`current_seats`):
  play  — the turn player: play a matching card (compulsory when holding one),
          else Ask someone (Go Fish) or, with option `war`, declare War;
  name  — whoever played a Crazy 8 / Old Mermaid (or won a war with a Mermaid,
          or was challenged when two Mermaids cancelled) names the colour;
  give  — the asked player, holding several matching cards, picks the one to give
          (with exactly one it is handed over at once, with none: go fish);
  war   — both warring seats still to lay a card, each chooses face down;
          nothing about a laid card is shown to others until both are down;
  call  — a seat just down to one card calls a fish (or stays quiet);
  over  — the game is over.

Options (defaults first):
  war=False                 the advanced game.
  crazy8_names_number=False a Crazy 8 names colour AND number (the Swedish text);
                            by default a colour only (the other three languages).
  rounds_to_win=3           first to win this many rounds wins the game.
  turn_passes="clockwise"   after a failed fish or a war the turn passes to the
                            left of the asker/declarer (the digest's choice);
                            "to-opponent": the asked/challenged player goes next
                            (the classic Go Fish habit).
  fish_penalty=0            cards drawn for a forgotten fish call: the printed
                            rules state no penalty, so none by default.
  fish_names="start-over"   once all 50 fish names are called, the list starts
                            over (each may be called once more, and so on);
                            "no-more-calls": from then on nobody calls a fish
                            and nobody owes one. Never "only staying quiet": with
                            a fish penalty that refills every hand down to one
                            card, and the round could never end.

Our choices where the text is silent:
- Start card: a Crazy 8 or Old Mermaid turned up stays in the play pile and the
  next card is turned on top of it until a plain number lies on top (the text
  literally). The dealer moves clockwise each round: seat 1 starts round 1,
  seat 2 round 2, … The next round is dealt at once, from all 58 cards.
- Matching: a plain top card asks for its colour or number; after a Crazy 8 or
  an Old Mermaid only the named colour (and the named number with the Swedish
  option) counts. Crazy 8s and Old Mermaids always match.
- A Crazy 8 or Old Mermaid is named before the Mermaid's five cards are drawn.
  Playing your last card, even an Old Mermaid, wins the round at once (no draw).
- A player who gives away their last card when asked is out of cards and wins
  the round: "the round ends when a player has no cards".
- Fish call: whenever a seat is left with one card (after its own play, after
  giving one away, after a war), it is asked at the end of that turn to call one
  of `FISH_OFFERED` unused names (drawn from `FISH_NAMES` in a per-game shuffled
  order) or to stay quiet. Names do not repeat until all have been called (then
  see option fish_names). Staying quiet costs `fish_penalty` cards.
- War: the declarer may not lay an Old Mermaid (a declarer holds none anyway —
  a Mermaid always matches, so a player who may declare war has none). After a
  tie a player who is out of cards (or whose hand holds nothing they may lay)
  plays on with the top card of the draw pile, face down, unseen even by them;
  that card counts as it comes, an Old Mermaid included — this is how two Old
  Mermaids can meet. If no card can be drawn at all, the war ends undecided and
  everyone takes back their cards. The winning card lies on the pile: play
  continues in its colour and number (a Crazy 8 is a plain 8 in a war); a
  winning Old Mermaid is followed by its winner naming the colour (no five-card
  draw: it was not played as a match). When two Mermaids cancel, tied cards go
  back to their owners and the challenged player names the colour. The loser's
  draw of one comes after taking the cards back.
- Draw pile empty: the play pile except its top card is shuffled into a new
  draw pile; if that is empty too, the draw is skipped (the event says 0 cards).

Unit events: `TurnTimedOut(seat)` for a seat in `current_seats` — play: that
player draws one card and the turn passes clockwise; give: the first matching
card in their hand is given; name: the colour (and number) stays as it was;
war: their lowest card is laid; call: they stay quiet (a forgotten call).
`PlayerSelected(seat)` before the round's first move: that seat starts.
"""
from __future__ import annotations

from itertools import islice
from typing import Any

from haudrauf.engine.core import GameInfo, Option, Result, SpeedGame, StarterChosen, TurnStarted, players_option
from haudrauf.engine.core.table_view import TableView
from haudrauf.engine.games.crazy_old_fish_war import events as ev
from haudrauf.engine.games.crazy_old_fish_war.actions import (
    ACTION_TYPES, Ask, CallFish, Give, LayCard, Name, Play, StayQuiet, War,
)
from haudrauf.engine.games.crazy_old_fish_war.cards import (
    CARD_COLOUR, CARD_COUNT, CARD_NUMBER, COLOURS, FISH_NAMES, FISH_OFFERED, MATCHING, NUMBERS, card_name,
    is_crazy8, is_mermaid, is_wild, wanted, war_value,
)
from haudrauf.engine.games.crazy_old_fish_war.view import picture

HAND_SIZE = 7
MERMAID_DRAW = 5
MAX_PLAYERS = 6

OPTIONS = (
    players_option(2, MAX_PLAYERS, 4),
    Option("war", False, "the advanced game: with no match you may declare war instead of going fishing",
           label="War"),
    Option("crazy8_names_number", False, "a Crazy 8 names a colour and a number (the Swedish rules)",
           label="Crazy 8 names a number"),
    Option("rounds_to_win", 3, "rounds a player must win to win the game", low=1, high=9, label="Rounds to win"),
    Option("turn_passes", "clockwise", "who plays after a failed fish or a war: the asker's left "
           "neighbour, or the player who was asked or challenged", choices=("clockwise", "to-opponent"),
           label="After a miss, next is",
           value_names=(("clockwise", "the asker's left"), ("to-opponent", "the player asked"))),
    Option("fish_penalty", 0, "cards drawn by a player who calls no fish when down to one card",
           low=0, high=5, label="Forgetting a fish call", value_names=((0, "costs nothing"), (1, "1 card")),
           value_format="{} cards"),
    Option("fish_names", "start-over", "when every fish name has been called: the names start over, or "
           "nobody calls a fish any more", choices=("start-over", "no-more-calls"),
           label="When every fish is named",
           value_names=(("start-over", "names start over"), ("no-more-calls", "no more calls"))),
)

# Actions are immutable: build each once (legal_actions runs several times per move).
PLAYS = tuple(Play(c) for c in range(CARD_COUNT))
GIVES = tuple(Give(c) for c in range(CARD_COUNT))
LAYS = tuple(LayCard(c) for c in range(CARD_COUNT))
ASKS = tuple(Ask(t) for t in range(MAX_PLAYERS))
WARS = tuple(War(t) for t in range(MAX_PLAYERS))
NAME_COLOUR = [Name(c) for c in range(len(COLOURS))]
NAME_COLOUR_NUMBER = [Name(c, n) for c in range(len(COLOURS)) for n in NUMBERS]

#: Which actions belong to which phase (for refusals that name the phase).
PHASE_ACTIONS = {
    "play": (Play, Ask, War), "name": (Name,), "give": (Give,),
    "war": (LayCard,), "call": (CallFish, StayQuiet), "over": (),
}


def _is_index(value: int, size: int) -> bool:
    """A seat, card or colour number in range (the core has checked it is an int)."""
    return 0 <= value < size


def _cards_text(card) -> str:
    return f"the {card_name(card)}" if _is_index(card, CARD_COUNT) else f"card {card!r}"


class CrazyOldFishWarState(SpeedGame):
    info = GameInfo(
        id="crazy-old-fish-war", name="Crazy Old Fish War", min_players=2, max_players=6,
        options=OPTIONS, card_count=CARD_COUNT,
        summary="Match colour or number; no match: go fish (or declare war). First to win 3 rounds.",
    )
    action_types = ACTION_TYPES

    # --- setup and dealing -----------------------------------------------------

    def setup(self) -> None:
        self.round = 0  # rounds dealt so far
        self.rounds_won = [0] * self.players
        self.winner: int | None = None
        self.fish_order = [int(i) for i in self.rng.permutation(len(FISH_NAMES))]
        self.fish_calls: list[list] = []  # [seat, fish name] in calling order, whole game
        self._deal([])

    def _deal(self, events: list) -> None:
        """Shuffle all 58 cards, deal seven each, turn the start card."""
        deck = [int(c) for c in self.rng.permutation(CARD_COUNT)]
        n = self.players
        self.hands = [deck[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(n)]
        self.draw = deck[n * HAND_SIZE:]  # top is the end
        self.pile = [self.draw.pop()]
        while is_wild(self.pile[-1]):
            self.pile.append(self.draw.pop())
        self.colour, self.number = CARD_COLOUR[self.pile[-1]], CARD_NUMBER[self.pile[-1]]
        self.turn = self.round % n
        self.round += 1
        self.phase = "play"
        self.asked: int | None = None
        self.namer: int | None = None
        self.name_number = False  # the namer names a number too
        self.name_draw = 0  # cards the namer draws after naming (an Old Mermaid)
        self.next_turn: int | None = None
        self.war: dict | None = None
        self.reveal: list | None = None  # last war reveal [declarer, challenged, card, card]
        self.one_card: list[int] = []  # seats already asked to call for their single card
        self.pending_calls: list[int] = []
        self.fresh_round = True  # no move made yet in this round
        events += [ev.RoundDealt(self.round, self.turn, self.pile[-1]), TurnStarted(self.turn)]

    # --- who acts and what they may do ----------------------------------------------

    @property
    def current_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "play":
            return (self.turn,)
        if phase == "name":
            return (self.namer,)
        if phase == "give":
            return (self.asked,)
        if phase == "war":
            return tuple(s for s, laid in zip(self.war_seats(), self.war["laid"]) if laid is None)
        if phase == "call":
            return (self.pending_calls[0],)
        return ()

    def legal_actions(self, seat: int) -> list:
        """Cached per position: a driver asks, then apply() checks the move against the same list."""
        key = ("legal", seat)
        if key not in self.cache:
            self.cache[key] = self._legal_actions(seat) if seat in self.current_seats else []
        return list(self.cache[key])

    def _legal_actions(self, seat: int) -> list:
        phase = self.phase
        if phase == "play":
            playable = self.fits(seat)
            if playable:
                return [PLAYS[c] for c in playable]
            others = [t for t in range(self.players) if t != seat]
            duels = [ASKS[t] for t in others]
            return duels + [WARS[t] for t in others] if self.options["war"] else duels
        if phase == "name":
            return list(NAME_COLOUR_NUMBER if self.name_number else NAME_COLOUR)
        if phase == "give":
            return [GIVES[c] for c in self.fits(seat)]
        if phase == "war":
            return [LAYS[c] for c in self._war_choices(seat)]
        return [CallFish(name) for name in self.fish_offer()] + [StayQuiet()]

    def fits(self, seat: int) -> list[int]:
        fitting = MATCHING[self.colour][self.number or 0]
        return [c for c in self.hands[seat] if c in fitting]

    def war_seats(self) -> tuple[int, int]:
        return self.war["declarer"], self.war["challenged"]

    def _war_choices(self, seat: int) -> list[int]:
        """Cards `seat` may lay in the war: the declarer may not lay an Old Mermaid."""
        if seat == self.war["declarer"]:
            return [c for c in self.hands[seat] if not is_mermaid(c)]
        return list(self.hands[seat])

    def fish_offer(self) -> list[str]:
        """The unused fish names offered to a caller (in the game's shuffled order)."""
        used = self.fish_named()
        unused = (FISH_NAMES[i] for i in self.fish_order if FISH_NAMES[i] not in used)
        return list(islice(unused, FISH_OFFERED))  # the first few: no need to look at all fifty

    def fish_named(self) -> set[str]:
        """The names that may not be called now."""
        return {name for _, name in self.fish_run()}

    def fish_run(self) -> list[list]:
        """The calls [seat, name] of this run through the names: each name is
        called once per run, so with "start-over" a new run begins after every
        50th call; with "no-more-calls" there is no second run."""
        calls = len(self.fish_calls)
        if self.options["fish_names"] == "start-over":
            calls %= len(FISH_NAMES)
        return self.fish_calls[len(self.fish_calls) - calls:]

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _after_duel(self, seat: int, opponent: int) -> int:
        """Who plays after a failed fish or a war (option turn_passes)."""
        return opponent if self.options["turn_passes"] == "to-opponent" else self._left(seat)

    # --- moves ---------------------------------------------------------------------

    def _apply(self, seat: int, action) -> list:
        events: list = []
        self.fresh_round = False
        self._MOVES[type(action)](self, seat, action, events)
        self._settle(events)
        return events

    def _do_play(self, seat: int, action: Play, events: list) -> None:
        self.hands[seat].remove(action.card)
        self.pile.append(action.card)
        events.append(ev.CardPlayed(seat, action.card))
        self._card_on_pile(seat, action.card)

    def _card_on_pile(self, seat: int, card: int) -> None:
        """A card just played as a match: a wild card asks for a name."""
        if is_wild(card):
            with_number = is_crazy8(card) and self.options["crazy8_names_number"]
            self._ask_name(seat, with_number, MERMAID_DRAW if is_mermaid(card) else 0, self._left(seat))
        else:
            self.colour, self.number = CARD_COLOUR[card], CARD_NUMBER[card]
            self._end_turn(self._left(seat))

    def _ask_name(self, seat: int, with_number: bool, draw: int, next_turn: int) -> None:
        self.phase = "name"
        self.namer, self.name_number, self.name_draw, self.next_turn = seat, with_number, draw, next_turn

    def _do_name(self, seat: int, action: Name, events: list) -> None:
        self.colour, self.number = action.colour, action.number
        events.append(ev.ColourNamed(seat, action.colour, action.number))
        if self.name_draw:
            self._draw(seat, self.name_draw, "mermaid", events)
        self.namer = None
        self._end_turn(self.next_turn)

    def _do_ask(self, seat: int, action: Ask, events: list) -> None:
        target = action.target
        events.append(ev.Asked(seat, target, self.colour, self.number))
        offered = self.fits(target)
        if not offered:
            events.append(ev.GoFish(seat, target))
            self._draw(seat, 1, "fish", events)
            self._end_turn(self._after_duel(seat, target))
        elif len(offered) == 1:
            self._fished(target, offered[0], events)
        else:
            self.phase, self.asked = "give", target

    def _do_give(self, seat: int, action: Give, events: list) -> None:
        self._fished(seat, action.card, events)

    def _fished(self, giver: int, card: int, events: list) -> None:
        """The asked player hands over a match; the asker plays it at once."""
        self.hands[giver].remove(card)
        self.pile.append(card)
        self.asked = None
        events += [ev.CardGiven(giver, self.turn, card), ev.CardPlayed(self.turn, card)]
        self._card_on_pile(self.turn, card)

    def _end_turn(self, next_seat: int) -> None:
        self.phase, self.next_turn = "next", next_seat

    # --- war -----------------------------------------------------------------------

    def _do_war(self, seat: int, action: War, events: list) -> None:
        self.phase = "war"
        self.war = {"declarer": seat, "challenged": action.target, "laid": [None, None],
                    "blind": [False, False], "tied": [[], []]}
        events.append(ev.WarDeclared(seat, action.target))
        self._war_go_on(events)

    def _do_lay_card(self, seat: int, action: LayCard, events: list) -> None:
        side = self.war_seats().index(seat)
        self.hands[seat].remove(action.card)
        self.war["laid"][side] = action.card
        events.append(ev.WarCardLaid(seat))
        self._war_go_on(events)

    def _war_go_on(self, events: list) -> None:
        """Sides that cannot choose play on from the draw pile; reveal once both
        cards are down (again and again while they tie)."""
        war = self.war
        while self.phase == "war":
            for side, seat in enumerate(self.war_seats()):
                if war["laid"][side] is None and not self._war_choices(seat):
                    card = self._pop_draw(events)
                    if card is None:
                        self._war_undecided(events)
                        return
                    war["laid"][side], war["blind"][side] = card, True
                    events.append(ev.WarCardTurned(seat))
            if None in war["laid"]:
                return
            self._war_reveal(events)

    def _war_reveal(self, events: list) -> None:
        war = self.war
        declared, challenged = war["laid"]
        self.reveal = [*self.war_seats(), declared, challenged]
        events.append(ev.WarRevealed(*self.war_seats(), (declared, challenged)))
        if is_mermaid(declared) and is_mermaid(challenged):
            self._war_cancelled(events)
        elif war_value(declared) == war_value(challenged):
            war["tied"][0].append(declared)
            war["tied"][1].append(challenged)
            war["laid"], war["blind"] = [None, None], [False, False]
            events.append(ev.WarTied(war_value(declared)))
        else:
            self._war_won(0 if war_value(declared) > war_value(challenged) else 1, events)

    def _war_won(self, side: int, events: list) -> None:
        war, seats = self.war, self.war_seats()
        winner, loser, card = seats[side], seats[1 - side], war["laid"][side]
        taken = [war["laid"][1 - side]] + war["tied"][0] + war["tied"][1]
        self.pile.append(card)
        self.hands[loser] += taken
        self.war = None
        events.append(ev.WarWon(winner, loser, card, len(taken)))
        self._draw(loser, 1, "war", events)
        next_turn = self._after_duel(*seats)
        if is_mermaid(card):
            self._ask_name(winner, False, 0, next_turn)
        else:
            self.colour, self.number = CARD_COLOUR[card], CARD_NUMBER[card]
            self._end_turn(next_turn)

    def _war_cancelled(self, events: list) -> None:
        war, seats = self.war, self.war_seats()
        self.pile += war["laid"]
        for seat, tied in zip(seats, war["tied"]):
            self.hands[seat] += tied
        self.war = None
        events.append(ev.WarCancelled(*seats))
        self._ask_name(seats[1], False, 0, self._after_duel(*seats))

    def _war_undecided(self, events: list) -> None:
        war, seats = self.war, self.war_seats()
        for side, seat in enumerate(seats):
            laid = war["laid"][side]
            self.hands[seat] += war["tied"][side] + ([] if laid is None else [laid])
        self.war = None
        events.append(ev.WarUndecided(*seats))
        self._end_turn(self._after_duel(*seats))

    # --- drawing -------------------------------------------------------------------

    def _pop_draw(self, events: list) -> int | None:
        """The top card of the draw pile, reshuffling the play pile (bar its top)
        when it is empty; None when there is nothing at all to draw."""
        if not self.draw and len(self.pile) > 1:
            under = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.draw = [under[int(i)] for i in self.rng.permutation(len(under))]
            events.append(ev.Reshuffled(len(under)))
        return self.draw.pop() if self.draw else None

    def _draw(self, seat: int, count: int, cause: str, events: list) -> None:
        drawn = 0
        for _ in range(count):
            card = self._pop_draw(events)
            if card is None:
                break
            self.hands[seat].append(card)
            drawn += 1
        events.append(ev.Drew(seat, drawn, cause))

    # --- fish calls, turn and round ends ------------------------------------------------

    def _do_call_fish(self, seat: int, action: CallFish, events: list) -> None:
        self.pending_calls.pop(0)
        self.fish_calls.append([seat, action.name])
        events.append(ev.FishCalled(seat, action.name))
        self.phase = "next"

    def _do_stay_quiet(self, seat: int, action: StayQuiet, events: list) -> None:
        self.pending_calls.pop(0)
        events.append(ev.StayedQuiet(seat))
        if self.options["fish_penalty"]:
            self._draw(seat, self.options["fish_penalty"], "fish-call", events)
        self.phase = "next"

    _MOVES = {
        Play: _do_play, Name: _do_name, Ask: _do_ask, Give: _do_give, War: _do_war, LayCard: _do_lay_card,
        CallFish: _do_call_fish, StayQuiet: _do_stay_quiet,
    }

    def _settle(self, events: list) -> None:
        """After every move: an empty hand ends the round; seats newly down to one
        card are queued to call a fish; a finished turn hands over to the next."""
        if self.phase in ("war", "over"):
            return
        out = next((s for s in range(self.players) if not self.hands[s]), None)
        if out is not None:
            self._round_won(out, events)
            return
        self._note_single_cards()
        if self.phase == "next":
            self._start_next_turn(events)

    def _note_single_cards(self) -> None:
        for seat in range(self.players):
            if len(self.hands[seat]) != 1:
                if seat in self.one_card:
                    self.one_card.remove(seat)
            elif seat not in self.one_card:
                self.one_card.append(seat)
                self.pending_calls.append(seat)

    def _start_next_turn(self, events: list) -> None:
        while self.pending_calls and (len(self.hands[self.pending_calls[0]]) != 1 or not self.fish_offer()):
            self.pending_calls.pop(0)
        if self.pending_calls:
            self.phase = "call"
            return
        self.phase, self.turn, self.next_turn = "play", self.next_turn, None
        events.append(TurnStarted(self.turn))

    def _round_won(self, seat: int, events: list) -> None:
        self.rounds_won[seat] += 1
        events.append(ev.RoundWon(seat, self.round, tuple(self.rounds_won)))
        if self.rounds_won[seat] >= self.options["rounds_to_win"]:
            self.phase, self.winner = "over", seat
            self.pending_calls = []
            events.append(ev.GameWon(seat, self.rounds_won[seat]))
        else:
            self._deal(events)

    # --- the unit ------------------------------------------------------------------

    @property
    def before_first_move(self) -> bool:
        return self.fresh_round

    def on_timeout(self, seat: int) -> list:
        """The move the rules make for a player out of time (see the module docstring)."""
        phase = self.phase
        events: list = [ev.TimedOut(seat, phase)]
        self.fresh_round = False
        if phase == "play":
            self._draw(seat, 1, "timeout", events)
            self._end_turn(self._left(seat))
        elif phase == "give":
            self._fished(seat, self.fits(seat)[0], events)
        elif phase == "name":
            self._do_name(seat, Name(self.colour, self.number if self.name_number else None), events)
        elif phase == "war":
            self._do_lay_card(seat, LayCard(min(self._war_choices(seat), key=war_value)), events)
        else:
            self._do_stay_quiet(seat, StayQuiet(), events)
        self._settle(events)
        return events

    def on_starter(self, seat: int) -> list:
        """The picked seat starts this round only: the next round's starter follows the round number."""
        self.turn = seat
        return [StarterChosen(seat), TurnStarted(seat)]

    # --- refusals ------------------------------------------------------------------

    def card_move(self, seat: int, card: int):
        return {"give": Give, "war": LayCard}.get(self.phase, Play)(card)

    def why_illegal(self, seat: int, action) -> str:
        if type(action) not in PHASE_ACTIONS[self.phase]:
            return f"you cannot do that now: {self.task(seat)}"
        reason = self._REFUSALS[type(action)](self, seat, action)
        return reason or "that move is not possible now"

    def task(self, seat: int) -> str:
        """What `seat` is asked to do now, in words."""
        phase = self.phase
        if phase == "play":
            return "play a card, or ask a player for one" if not self.fits(seat) else "play a matching card"
        if phase == "name":
            return "name the colour play continues in"
        if phase == "give":
            return f"choose a card to give to seat {self.turn + 1}"
        if phase == "war":
            return "lay a card face down for the war"
        return "call a fish (or stay quiet)"

    def _why_play(self, seat: int, action: Play) -> str:
        if action.card not in self.hands[seat]:
            return f"you do not hold {_cards_text(action.card)}"
        return f"the {card_name(action.card)} does not match — the pile needs {wanted(self.colour, self.number)}"

    def _why_ask(self, seat: int, action) -> str:
        verb = "ask" if isinstance(action, Ask) else "declare war on"
        if isinstance(action, War) and not self.options["war"]:
            return "war is only in the advanced game (option war)"
        if action.target == seat:
            return f"you cannot {verb} yourself"
        if not _is_index(action.target, self.players):
            return f"there is no such seat ({action.target!r}) in this game"
        if self.fits(seat):
            return f"you hold a matching card, so you must play it (the pile needs {wanted(self.colour, self.number)})"
        return ""

    def _why_give(self, seat: int, action: Give) -> str:
        if action.card not in self.hands[seat]:
            return f"you do not hold {_cards_text(action.card)}"
        return (f"the {card_name(action.card)} does not match — you were asked for "
                f"{wanted(self.colour, self.number)} (a Crazy 8 or an Old Mermaid fits too)")

    def _why_lay_card(self, seat: int, action: LayCard) -> str:
        if action.card not in self.hands[seat]:
            return f"you do not hold {_cards_text(action.card)}"
        if is_mermaid(action.card):
            return "you declared this war, so you may not play an Old Mermaid"
        return ""

    def _why_name(self, seat: int, action: Name) -> str:
        if not _is_index(action.colour, len(COLOURS)):
            return f"there is no colour {action.colour}; the colours are 0–{len(COLOURS) - 1} ({', '.join(COLOURS)})"
        if self.name_number and action.number not in NUMBERS:
            return "name a colour and a number from 1 to 11 (option crazy8_names_number)"
        if not self.name_number and action.number is not None:
            return "name only a colour, no number"
        return ""

    def _why_call_fish(self, seat: int, action: CallFish) -> str:
        if action.name in self.fish_named():
            return f"{action.name} has already been named in this game — call another fish"
        return f"call one of the offered fish: {', '.join(self.fish_offer())}"

    def _why_stay_quiet(self, seat: int, action: StayQuiet) -> str:
        return ""

    _REFUSALS = {
        Play: _why_play, Ask: _why_ask, War: _why_ask, Give: _why_give, LayCard: _why_lay_card, Name: _why_name,
        CallFish: _why_call_fish, StayQuiet: _why_stay_quiet,
    }

    # --- results and views ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        tally = ", ".join(str(n) for n in self.rounds_won)
        return Result((self.winner,), tuple(self.rounds_won),
                      f"seat {self.winner + 1} wins {self.rounds_won[self.winner]} rounds (rounds won: {tally})")

    def cards(self) -> list[int]:
        found = [c for hand in self.hands for c in hand] + self.draw + self.pile
        if self.war:
            found += [c for c in self.war["laid"] if c is not None]
            found += self.war["tied"][0] + self.war["tied"][1]
        return found

    def view(self, seat: int) -> dict[str, Any]:
        war = None
        if self.war:
            w = self.war
            side = self.war_seats().index(seat) if seat in self.war_seats() else None
            war = {"declarer": w["declarer"], "challenged": w["challenged"], "tied": [list(t) for t in w["tied"]],
                   "laid": [c is not None for c in w["laid"]],
                   "my_card": w["laid"][side] if side is not None and not w["blind"][side] else None}
        return {
            "seat": seat, "players": self.players, "phase": self.phase, "turn": self.turn,
            "current_seats": list(self.current_seats), "hand": sorted(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands], "pile": list(self.pile), "draw_count": len(self.draw),
            "colour": self.colour, "number": self.number, "asked": self.asked, "namer": self.namer,
            "war": war, "reveal": self.reveal, "round": self.round, "rounds_won": list(self.rounds_won),
            "fish_calls": [list(c) for c in self.fish_calls], "options": dict(self.options),
        }

    def table_view(self, viewer: int | None, names: list[str]) -> TableView:
        return picture(self, viewer, names)
