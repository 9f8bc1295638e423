"""Skip-Bo (rules digest: shared/rules/skip-bo.md).

162 cards: 144 numbered 1–12 (twelve of each) and 18 Skip-Bo wilds (faces
`skipbo/<n>`, `skipbo/sb`). Each player has a stock (top card face up), a hand of
up to five and four discard piles; everyone builds 1 → 12 on four shared building
piles. A turn: draw to five, build (`Build`) from the hand, a stock top or a
discard top, end by discarding one hand card (`Discard`). Playing out the hand
mid-turn draws five more at once; the last card of the stock wins at once.

Options (defaults first):
- `players` 4 (2–6).
- `short_game` off: 10 stock cards each instead of 30 (20 with 5–6 players).
- `target` 0 = a single game (our default, for quick play). Any other value is a
  match: the winner of each game scores 25 + 5 per card left in the opponents'
  stocks, the next game is dealt automatically until a winner of a game reaches
  the target (the rules say 500). `GameWon` events carry each game's summary.
- `partners` off: alternate seats form two teams (2 v 2 with 4 players, 3 v 3
  with 6); you may build from every team-mate's stock top and discard tops, never
  from their hands, and discard only onto your own piles; a team-mate whose stock
  is empty keeps playing and their discard piles stay usable; the team wins
  (and each member scores) when all its stocks are empty.
- `first_player` "left-of-dealer": the dealer is the last seat, so seat 1
  starts, and the deal moves left each game. A seat number "1"–"6" names the
  youngest player, who starts every game (the current printing's rule).
- `stalemate` "fewest-stock" (or "no-points"): see the stalemate below.

Our choices:
- Drawing with an empty draw pile shuffles the completed building piles into a
  new one; when both are empty the player gets what there is. A player whose hand
  is empty then may still build and ends the turn with `EndTurn`.
- After any build that leaves the hand empty the player draws five (also when
  the hand was short because the draw pile had run out).
- An empty building pile may be started in any free slot (slots 1–4).
- Stalemate: when no card is left to draw and every hand is empty, the cards
  can lock up for good (every stock and discard top fitting no building pile —
  it really happens when most cards are buried in discard piles), or players may
  keep declining to build. Rule: when a whole round of turns (one per seat) in a
  row ends without a card moving (`EndTurn` or a timeout with an empty hand as
  the only move), play has locked up. Option `stalemate` "fewest-stock": the
  player (with partners: the team) with the fewest stock cards left wins the
  game and scores as usual, 25 + 5 per card in the other stocks; a tie for the
  fewest is a drawn game. "no-points": every locked-up game is drawn. A drawn
  game scores nothing; in a match the next game is dealt.
- A match ends after `DRAWS_END_MATCH` (3) drawn games in a row: the leaders
  win it, or nobody if nobody has scored. Every other game gives its winner at
  least 25 points, so every match ends.

The unit (speed game):
- `TurnTimedOut` for the seat on turn: its turn ends; its highest numbered hand
  card (a Skip-Bo only if it holds nothing else) goes onto its first empty
  discard pile, else onto discard pile 1. With an empty hand the turn just passes.
- `SpinStarted` before the first move of a game: the unit is picking who
  starts. The dealt starter's five cards go back on top of the draw pile as
  they lay; nobody is on turn until `PlayerSelected`, when the picked seat
  draws them — so no player who does not start ever holds a hand.
- `PlayerSelected` before the first move of a game: that seat starts (after
  `SpinStarted`, see above; without it the previous starter's five cards go
  back into the draw pile, which is shuffled, and the picked seat draws).
- Any other unit event, or one at another moment, is refused.

Bots: "random" (uniform over the legal moves; it still ends turns, since most
legal moves are discards) and "heuristic" (see `bots.py`).
"""
from haudrauf.engine.games.skip_bo.state import SkipBo

GAME = SkipBo

__all__ = ["GAME", "SkipBo"]
