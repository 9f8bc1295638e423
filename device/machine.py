"""The unit's states and the transitions between them, declared once as data.

`TRANSITIONS` is a `transitions` machine's declaration: `build_machine` makes
the machine that validates it and draws the diagram (`diagram.py`), and
`compile_table` turns it into a plain dict (`TABLE`) that `MachineTable` runs
on the hot path, a trigger costing two dict look-ups.
"""
from __future__ import annotations

import enum
from typing import Callable

from transitions import Machine, MachineError

from haudrauf.words import Message, msg


class UnitState(enum.Enum):
    OFF = "off"
    REGISTERING = "registering"
    SPINNING = "spinning"
    TURN = "turn"
    TIMED_OUT = "timed out"
    SLAP_RACE = "slap race"
    SLAP_RESULT = "slap result"
    PAUSED = "paused"
    ASLEEP = "asleep"

    #: Members are singletons, so identity is a true hash; Enum's own hashes the
    #: name in Python, on every look-up of the machine's table (twice a turn).
    __hash__ = object.__hash__


S = UnitState
IN_GAME = (S.SPINNING, S.TURN, S.TIMED_OUT, S.SLAP_RACE, S.SLAP_RESULT)
#: States the idle timer may put to sleep. A spin or a slap race ends on its own
#: long before the shortest sleep delay, so they are not among them.
CAN_SLEEP = (S.REGISTERING, S.TURN, S.TIMED_OUT, S.SLAP_RESULT, S.PAUSED)
#: States in which every game clock stands still (a set: the unit asks after every transition).
FROZEN = frozenset((S.PAUSED, S.ASLEEP))
#: Each state in words, for a reader's "the unit is …" (the values are the English words).
STATE_WORDS = {S.OFF: msg("off"), S.REGISTERING: msg("registering"), S.SPINNING: msg("spinning"),
               S.TURN: msg("turn"), S.TIMED_OUT: msg("timed out"), S.SLAP_RACE: msg("slap race"),
               S.SLAP_RESULT: msg("slap result"), S.PAUSED: msg("paused"), S.ASLEEP: msg("asleep")}


def being(state: UnitState) -> Message:
    """Why a button does nothing in `state`: "the unit is asleep"."""
    return msg("the unit is {state}", state=STATE_WORDS[state])


def _back_to(state: UnitState) -> Callable[[UnitState], bool]:
    """Condition for resume/wake: go back to the state that was interrupted."""
    def condition(target: UnitState) -> bool:
        return target is state
    condition.__name__ = f"was {state.value}"
    return condition


TRANSITIONS: list[dict] = [
    dict(trigger="power_on", source=S.OFF, dest=S.REGISTERING),
    dict(trigger="power_off", source=[s for s in S if s is not S.OFF], dest=S.OFF),
    dict(trigger="start", source=S.REGISTERING, dest=S.SPINNING),
    dict(trigger="select", source=S.SPINNING, dest=S.TURN),
    dict(trigger="end_turn", source=S.TURN, dest=S.SPINNING),
    dict(trigger="time_out", source=S.TURN, dest=S.TIMED_OUT),
    dict(trigger="slap", source=S.TURN, dest=S.SLAP_RACE),
    dict(trigger="race_over", source=S.SLAP_RACE, dest=S.SLAP_RESULT),
    dict(trigger="penalty_taken", source=[S.TIMED_OUT, S.SLAP_RESULT], dest=S.SPINNING),
    dict(trigger="pause", source=list(IN_GAME), dest=S.PAUSED),
    *[dict(trigger="resume", source=S.PAUSED, dest=s, conditions=_back_to(s)) for s in IN_GAME],
    dict(trigger="sleep", source=list(CAN_SLEEP), dest=S.ASLEEP),
    *[dict(trigger="wake", source=S.ASLEEP, dest=s, conditions=_back_to(s)) for s in CAN_SLEEP],
    dict(trigger="hand_over", source=[S.REGISTERING, S.SPINNING, S.TURN, S.TIMED_OUT], dest=S.TURN),
    dict(trigger="new_game", source=[*IN_GAME, S.PAUSED], dest=S.SPINNING),
    dict(trigger="reset", source=[*IN_GAME, S.PAUSED], dest=S.REGISTERING),
]


def build_machine(on_change: Callable[..., None] | None = None) -> Machine:
    return Machine(
        states=UnitState,
        transitions=TRANSITIONS,
        initial=S.OFF,
        auto_transitions=False,
        ignore_invalid_triggers=False,
        after_state_change=on_change,
    )


#: trigger → state → the transitions it may take, in declared order: (destination,
#: conditions as (test, the result it must give)). The first whose conditions hold is taken.
#: Keyed by trigger first: a (state, trigger) key costs a tuple made, hashed and compared every look-up.
Table = dict[str, dict[UnitState, tuple[tuple[UnitState, tuple[tuple[Callable, bool], ...]], ...]]]


def compile_table(machine: Machine) -> Table:
    """The declared machine as dicts: a trigger costs two look-ups instead of
    `transitions`' event dispatch (about 6.5 µs). tests/device/test_compiled_machine.py
    checks that both agree on every (state, trigger) pair and on random play."""
    table: Table = {}
    for trigger, event in machine.events.items():
        sources = table[trigger] = {}
        for source, transitions in event.transitions.items():
            sources[UnitState[source]] = tuple(
                (UnitState[t.dest], tuple((c.func, c.target) for c in t.conditions)) for t in transitions)
    return table


TABLE: Table = compile_table(build_machine())


class MachineTable:
    """The unit's state and its triggers, looked up in `TABLE`; behaves as the
    `transitions` machine built with `build_machine(on_change)`: a trigger
    the state does not take raises `MachineError`, failing conditions leave
    the state and return False, every transition taken calls `on_change`."""
    __slots__ = ("state", "_on_change")

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.state = S.OFF
        self._on_change = on_change

    def fire(self, trigger: str, *args: object) -> bool:
        options = TABLE[trigger].get(self.state)
        if options is None:
            raise MachineError(f"Can't trigger event {trigger} from state {self.state.name}!")
        for dest, conditions in options:
            if not conditions or all(test(*args) == wanted for test, wanted in conditions):
                self.state = dest
                self._on_change()
                return True
        return False
