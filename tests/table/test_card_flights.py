"""Cards fly between piles when they move, all game long (not only the first few)."""
from haudrauf.table.render_flights import ANIMATION_S
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.seats import SeatPlan


def run(app, seconds: float, step: float = 0.05):
    for _ in range(int(seconds / step)):
        app.clock.advance(step)
        app.frame([])
        yield app.clock.now()


def test_cards_still_fly_after_many_moves(app):
    plans = [SeatPlan(f"Bot {s + 1}", "heuristic") for s in range(3)]
    scene = TableScene(app, "go-fish", {"players": 3}, plans, seed=1, save=False)
    app.push(scene)
    for _ in run(app, 60, step=0.25):  # quarter-second frames: still a frame for every move (bots act once a frame)
        pass
    assert len(scene.session.state.log) > 20  # well past the first few card moves
    in_the_air = [now for now in run(app, 20)
                  if any(0 <= now - f.began < ANIMATION_S for f in scene.renderer.flights.flying)]
    assert in_the_air
