"""Where a random-legal game's time goes, step by step (prints figures; not a test).

`bench_engine.py` gives games per second; this script says what one step costs and why, against the
budget the issue-15 targets (since withdrawn: no step may get slower, that is all) would leave for a step:

* the budget: 100 two-player games per second at the median game length is this many microseconds
  per step (a decision or a roll), all included; 150 solitaire games the same;
* the pieces every step pays by the project's design, each timed alone with `timeit` (best of 5):
  the move's seeded generator (DESIGN.md, "Dice": ``random.Random(f"{seed}/{move}")``, so that undo,
  redo and replays meet the same dice), a roll made from it, a new immutable state with one field
  changed (`GameState.evolve`), one event, the victory check [14.0] worked out;
* every step of seeded random games timed through `Game.decide` and `Game.apply`, by the kind of
  node pending: how many, mean microseconds to decide (list the legal actions and choose, or roll)
  and to apply (check, resolve, run the automatic steps, record the ply), and the share of the time.

    python benchmarks/bench_engine_steps.py            # 20 games per mode, about 10 s
    python benchmarks/bench_engine_steps.py --quick    # 5 games per mode
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import timeit
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_engine import TARGETS  # noqa: E402  (games per second on one core, issue 15)
from dodnb.rules import engine  # noqa: E402
from dodnb.rules.events import ev  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402


def fixed_costs() -> list[tuple[str, float]]:
    """Microseconds of the pieces a step pays whatever the rules do."""
    g = Game(seed=3, human="random", zombie="random")
    for _ in range(120):
        g.step()
    st, dice = g.state, g.dice
    rows = [
        ("the move's seeded generator (DESIGN.md dice)", lambda: dice.rng(100)),
        ("one roll of one die from it", lambda: dice.roll(100, 1, 0)),
        ("a new immutable state, one field changed", lambda: st.evolve(turn=st.turn)),
        ("one event", lambda: ev("free_roll", "7.0", dice=(1,), n=1, roll=1)),
        ("the victory check worked out [14.0]", lambda: engine._victory(st)),
    ]
    n = 20_000
    return [(label, min(timeit.repeat(fn, number=n, repeat=5)) / n * 1e6) for label, fn in rows]


def by_kind(n: int, solitaire: bool) -> tuple[float, float, dict]:
    """(mean µs per step, median actions per game, {kind: (steps, µs deciding, µs applying)})."""
    Game(seed=10_000, human="random", zombie="random", solitaire=solitaire).play()  # warm the board caches
    steps, dec, app = Counter(), Counter(), Counter()
    lengths = []
    clock = time.process_time
    for seed in range(n):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        while not g.over:
            kind = str(g.pending.kind)
            t0 = clock()
            choice = g.decide()
            t1 = clock()
            if isinstance(choice, tuple):
                choice = choice[0]
            g.apply(choice)
            t2 = clock()
            steps[kind] += 1
            dec[kind] += t1 - t0
            app[kind] += t2 - t1
        lengths.append(len(g.actions))
    total = sum(dec.values()) + sum(app.values())
    rows = {k: (steps[k], dec[k] / steps[k] * 1e6, app[k] / steps[k] * 1e6, (dec[k] + app[k]) / total) for k in steps}
    return total / sum(steps.values()) * 1e6, statistics.median(lengths), rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--quick", action="store_true", help="5 games per mode")
    args = ap.parse_args()
    if args.quick:
        args.games = 5
    print("Pieces every step pays by design (best of 5, µs):")
    for label, us in fixed_costs():
        print(f"  {label:48s} {us:6.2f}")
    for mode, sol in (("two-player", False), ("solitaire", True)):
        mean, length, rows = by_kind(args.games, sol)
        budget = 1e6 / (TARGETS[mode] * length)
        print(f"\n{mode}, {args.games} games (CPU time; the timer's own cost included): median {length:.0f} steps a game;"
              f" {mean:.0f} µs a step now, {budget:.0f} µs the budget of {TARGETS[mode]} games/s")
        print(f"  {'node pending':20s} {'steps':>6s} {'decide µs':>10s} {'apply µs':>9s} {'share':>6s}")
        for kind, (k, d, a, share) in sorted(rows.items(), key=lambda kv: -kv[1][3]):
            print(f"  {kind:20s} {k:6d} {d:10.1f} {a:9.1f} {share:6.1%}")
        cheapest = min(rows.items(), key=lambda kv: kv[1][1] + kv[1][2])
        print(f"  cheapest kind: {cheapest[0]}, {cheapest[1][1] + cheapest[1][2]:.0f} µs a step")


if __name__ == "__main__":
    main()
