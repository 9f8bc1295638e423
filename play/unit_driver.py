"""The unit with a game, in two ways.

`UnitDriver`: a game whose turn order comes from the unit (`GameInfo.uses_unit`,
UNO Hau drauf): the unit's events go to the game, the button presses the game
allows (`GameState.seat_button`, `hau_drauf_button`) go to the unit, and when a
round ends the unit starts a new game for the next one. Used by the table and
by the simulator alike.

`TurnTimer`: a game with its own turn order, timed by the unit (a "speed
game"): the unit's spin picks who starts, the unit then times whoever the game
waits for (`hand_over`), and its buzzer (`TurnTimedOut`) goes to the game,
which applies its own timeout rule.

Both offer the table the same calls (`start`, `act`, `press_play_pause`,
`tick`, `next_round`, `follow`), and the match loop `act_legal` for a bot's
move taken from the legal list of the position as it is (made without the
game's check: `GameState.apply_legal`). The events of their own unit go to
the game unchecked (`GameState.feed_own`); `act` checks everything.

It lives in the table, not beside the engines: it joins the unit (its clock and
buttons, `device.unit`) to a game, and an engine knows the unit only by the
events it takes (`device.events`). No pygame here."""
from __future__ import annotations

from haudrauf.device import events as uev
from haudrauf.device.machine import FROZEN, IN_GAME, UnitState
from haudrauf.device.unit import Unit
from haudrauf.engine.core import GameEnd, GameState, IllegalAction, RoundEnd

#: The unit's states as plain names for the press checks (a member looked up on its Enum class costs more).
TURN, SLAP_RACE = UnitState.TURN, UnitState.SLAP_RACE
#: States in which the unit waits for certain seats' buttons, not the seat on turn.
FLASHING = (UnitState.SLAP_RACE, UnitState.TIMED_OUT, UnitState.SLAP_RESULT)
#: Why nobody may move while the unit's clock stands still (paused, asleep).
HELD = "paused — press Play/Pause (Enter) to go on"


class UnitDriver:
    #: No first pick holds the game: the unit picks every turn, and moves out
    #: of turn (catching a player without UNO) may go on while it spins.
    first_pick = False

    def __init__(self, state: GameState, unit: Unit, auto_next_round: bool = True) -> None:
        """`auto_next_round`: the unit starts the next round at once (a driver
        used alone, as the playthroughs and benches do); otherwise when
        `next_round` is called (the match loop, `match_loop.py`)."""
        self.state, self.unit, self.auto_next_round = state, unit, auto_next_round
        self.round_over = False  # set on a round's end until the next round's unit game starts
        #: The unit's event classes the game takes: a game looks each event's
        #: handler up by its exact class, and a set asks that in one step.
        self._fed = frozenset(state.unit_events)
        #: Which of the unit's buttons a move presses, by the move's class (True: the HAU DRAUF one,
        #: False: the seat's own). A button is a move without fields, so its class alone says it is one.
        self._presses = {type(button): big for button, big in
                         ((state.hau_drauf_button, True), (state.seat_button, False)) if button is not None}

    def start(self, now: float, resuming: bool = False) -> list:
        """Power the unit on, register seats 0…n-1 and press Play — or, for a
        game resumed from its log, bring the unit to where the game stands."""
        unit_events = self.unit.power_on(now)
        for seat in range(self.state.players):
            unit_events += self.unit.press_seat(seat, now)
        if not resuming:
            return self._pump(unit_events + self.unit.press_play_pause(now), now)
        return self._pump(unit_events, now) + self._resume(now)

    def _resume(self, now: float) -> list:
        """Bring a fresh unit to where a replayed game stands: spin if the game
        waits for a selection, else give the seat on turn a new turn clock.
        The game already knows whose turn it is, so these events are shown,
        not fed to it."""
        if self.state.is_over:
            return []
        seat = self.state.unit_turn
        if self.state.waiting_on_unit or seat is None:
            return self._pump(self.unit.press_play_pause(now), now)
        return self.unit.hand_over(seat, now)

    def act(self, seat: int, action, now: float) -> list:
        """Apply a move; an allowed button press is passed on to the unit.
        A press the unit is not waiting for is refused before the game takes
        it: the unit's answer would not fit the game, and the move would be
        half made."""
        state = self.state
        big = self._presses.get(type(action))
        if big is not None and state.refusal(seat, action) is None and \
                (why := self._unit_refusal(seat, big, now, legal=False)):
            raise IllegalAction(why)
        return self._made(seat, big, now, state.apply(seat, action))

    def act_legal(self, seat: int, action, now: float) -> list:
        """`act` for our own bot's move taken from the legal list of the
        position as it is: the game does not check it again; the unit still
        must be waiting for a press (the usual one, the seat on turn ending
        it, asked in one step)."""
        big = self._presses.get(type(action))
        if big is not None and (big or self.unit.turn_of != seat) and \
                (why := self._unit_refusal(seat, big, now, legal=True)):
            raise IllegalAction(why)
        return self._made(seat, big, now, self.state.apply_legal(seat, action))

    def _made(self, seat: int, big: bool | None, now: float, events: list) -> list:
        """After the game took the move: a round's end stops the unit, a press goes on to it."""
        if events and ends_round(events):
            self.round_over = True
        if self.round_over:
            return events + self._stop_unit(now)
        if big is None:
            return events
        pressed = self.unit.press_hau_drauf(now) if big else self.unit.press_seat(seat, now)
        return events + self._pump(pressed, now) if events else self._pump(pressed, now)

    def _unit_refusal(self, seat: int, big: bool, now: float, legal: bool) -> str | None:
        """Why the unit would not take this press (`big`: the HAU DRAUF
        button) as the game does. They agree unless an event the unit never
        sent got into the game (an edited save): then the game may think
        another seat is on turn. The unit's whole view is read only where its
        state and current seat do not say enough — except for a move from
        outside (not `legal`), whose `now` the view checks before anything changes."""
        unit = self.unit
        state = unit.state
        if state in FROZEN:
            return HELD
        shown = None if legal else unit.view(now)
        if big or state not in FLASHING:
            expected = state is TURN and unit.current == seat
        elif state is SLAP_RACE:
            shown = shown or unit.view(now)
            expected = seat in shown.racers and seat not in dict(shown.reactions)
        else:
            expected = seat in (shown or unit.view(now)).waiting_for
        return None if expected else f"the unit is not waiting for seat {seat + 1}'s button now"

    def press_play_pause(self, now: float) -> list:
        return self._pump(self.unit.press_play_pause(now), now)

    def tick(self, now: float) -> list:
        return self._pump(self.unit.tick(now), now)

    def follow(self, now: float, round_over: bool) -> list:
        """Nothing to follow: the unit leads this game."""
        return []

    def next_round(self, now: float) -> list:
        """Start the unit again for the round the game has dealt already —
        at once, even if the unit fell asleep while the results were read."""
        self.round_over = False
        wake_for_the_next_round(self.unit, now)
        return self._pump(self.unit.new_game(now), now)

    def _stop_unit(self, now: float) -> list:
        """Stop the finished round's clocks at once (back to registration, seats
        kept); the next round's unit game starts now or when the table asks.
        The stop is the round's end, not news ("press a button to join" would
        mislead under the results): its events are dropped."""
        self.unit.reset(now)
        if self.auto_next_round and not self.state.is_over:
            return self.next_round(now)
        return []

    def _pump(self, unit_events: list[uev.UnitEvent], now: float) -> list:
        """The unit's events, then what the game made of those it takes, in their order."""
        out = unit_events  # the unit's own list, handed to us: kept as it is unless the game adds events
        fed = self._fed
        for event in unit_events:
            if type(event) in fed:
                game_events = self.state.feed_own(event)
                if game_events:
                    out = out + game_events  # a new list: the loop goes on over the unit's events alone
                    if ends_round(game_events):
                        self.round_over = True
                if self.round_over:
                    # later events of this batch belong to the finished round's unit game
                    return out + self._stop_unit(now)
        return out


class TurnTimer:
    def __init__(self, state: GameState, unit: Unit) -> None:
        self.state, self.unit = state, unit
        self.first_pick = False  # the unit is spinning for the first player: nobody moves yet

    def start(self, now: float, resuming: bool = False) -> list:
        """Register every seat (the unit's registration chatter is not news)
        and spin for who starts — unless a resumed game has a starter already."""
        self.unit.power_on(now)
        for seat in range(self.state.players):
            self.unit.press_seat(seat, now)
        self.first_pick = not resuming or self.state.waiting_on_unit
        return self._pump(self.unit.press_play_pause(now) if self.first_pick else [])

    def act(self, seat: int, action, now: float) -> list:
        self._check_unit()
        return self.state.apply(seat, action)

    def act_legal(self, seat: int, action, now: float) -> list:
        """`act` for our own bot's move taken from the legal list of the position as it is."""
        self._check_unit()
        return self.state.apply_legal(seat, action)

    def _check_unit(self) -> None:
        """Nobody moves while the unit picks who starts, or while its clock stands still."""
        if self.first_pick:
            raise IllegalAction("wait: the unit is picking who starts")
        if why := held(self.unit):
            raise IllegalAction(why)

    def press_play_pause(self, now: float) -> list:
        return self._pump(self.unit.press_play_pause(now))

    def tick(self, now: float) -> list:
        return self._pump(self.unit.tick(now))

    def next_round(self, now: float) -> list:
        """The next round's first turn is clocked by `follow`, at once."""
        wake_for_the_next_round(self.unit, now)
        return []

    def _pump(self, unit_events: list) -> list:
        """The spin's pick starts the game (a game that takes the spin holds
        everyone while it runs); the buzzer goes to the game's rules."""
        out = list(unit_events)
        for event in unit_events:
            if isinstance(event, uev.SpinStarted) and self.first_pick and self.state.takes_the_spin:
                out += self.state.feed_own(event)
            elif isinstance(event, uev.PlayerSelected) and self.first_pick:
                self.first_pick = False
                out += self.state.feed_own(event)
            elif isinstance(event, uev.TurnTimedOut) and event.seat in self.state.waiting_for:
                out += self.state.feed_own(event)
        return out

    def follow(self, now: float, round_over: bool) -> list:
        """After every change: keep the unit's clock on the seat the game waits
        for; while results show (or once the game is over) no clock runs."""
        state = self.unit.state
        if self.state.is_over:
            return self.unit.power_off(now) if state is not UnitState.OFF else []
        if round_over:  # back to registration, seats kept: no turn clock, no buzzer — and no news
            if state in (*IN_GAME, UnitState.PAUSED):
                self.unit.reset(now)
            return []
        waiting = self.state.waiting_for
        seat = waiting[0] if waiting else None
        if self.first_pick or seat is None or state in (UnitState.PAUSED, UnitState.ASLEEP):
            return []
        if state in (UnitState.REGISTERING, UnitState.TIMED_OUT) or (
                state is UnitState.TURN and self.unit.current != seat):
            return self.unit.hand_over(seat, now)
        return []


#: What ends a round (`GameEnd`: the last round's end, and the game's).
ROUND_ENDS = (RoundEnd, GameEnd)


def ends_round(events: list) -> bool:
    """A round's end (or the game's) is among the events."""
    for event in events:
        if isinstance(event, ROUND_ENDS):
            return True
    return False


def held(unit: Unit) -> str | None:
    """Why nobody may move now: the unit's clock stands still, so must the game."""
    return HELD if unit.state in FROZEN else None


def wake_for_the_next_round(unit: Unit, now: float) -> None:
    """Between rounds the unit waits in registration, where its idle timer runs:
    left over a long results screen it falls asleep. Starting the next round
    wakes it without a word (its nap is nobody's news), so one press starts
    the round whatever the sleep setting."""
    unit.tick(now)
    if unit.state is UnitState.ASLEEP:
        unit.press_play_pause(now)
