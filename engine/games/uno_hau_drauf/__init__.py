"""UNO Hau drauf: the rules engine driven by the unit, and its bots.

The game has no turn order of its own: the unit's events (`PlayerSelected`,
`TurnEnded`, `TurnTimedOut`, the slap race) are fed in with `feed()` and move
the game on. Players' own moves (`Play`, `Draw`, …) go through `apply()`,
including the unit's buttons (`PressButton`, `PressHauDrauf`): the engine
decides whether a press is allowed now, and only an allowed press is passed on
to the unit by the table.

Our choices where the rules are silent (see engine/README.md for the list):
- The wild draw four is answered by its victim, the next seat the unit selects:
  challenge or accept. Guilty: the layer takes the 4 and the challenger plays a
  normal turn. Innocent: the challenger takes 6 and sits out. The layer cannot
  challenge their own card when the unit selects them.
- Option `wild4_bluffing` (default off): off, the table refuses an illegal wild
  draw four outright; on, it may be laid and only a challenge catches it.
- The UNO window opens when a seat plays down to one card and closes when the
  unit's next selection starts a turn, when the seat calls UNO, or when it is
  caught.
- Going out with a draw two / wild draw four: the next selected *other* seat
  still takes the cards (if the unit selects the winner, they press their
  button and the unit selects again). Going out with a HAU DRAUF, skip or wild
  ends the round at once (no slap race).
- A timeout always costs 2 cards — also to a player who went out with a draw
  card and waits for the victim, who then is no longer out.
- Stock empty: the discard pile except its top card is shuffled into a new
  stock. If that leaves nothing, draws give what there is (possibly nothing),
  and a player who cannot play and cannot draw may end the turn.
- Variant `layer_chooses`: the layer of a draw two / wild draw four names the
  victim (any other seat), who takes the cards at once (answering a wild draw
  four with challenge or accept first); the layer then presses their button.
"""
from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

GAME = UnoHauDrauf

__all__ = ["GAME", "UnoHauDrauf"]
