"""Solitaire speed and agreement figures (prints; not a test) [15.0].

1. Solitaire games per second, the [15.5] automaton against each human policy, on one core and on
   two (a process pool), and the median game length in Game-Turns.
2. Exact zombie-turn odds (`dodnb.prob.zombie_turn`) from study positions of growing size: units on
   the map, and units in the eliminated pool (the Hidden Zombie Table [15.2] and the entrances [13.3]
   then add draws), then the first zombie turn of a seeded full game.
3. The exact distribution against a 10^5-turn Monte Carlo of the same position: the largest absolute
   error of every character's status probability, in standard errors.

    python benchmarks/bench_solitaire.py            # full run (several minutes on 2 cores)
    python benchmarks/bench_solitaire.py --quick    # fewer games, 10^4 samples
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.experiments import run  # noqa: E402
from dodnb.prob.zombieturn import TooBig, sample_zombie_turn, zombie_turn  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402
from dodnb.search.humans import sensible_human  # noqa: E402
from dodnb.rules.position import Position  # noqa: E402
from dodnb.rules.state import GameState, Pending  # noqa: E402

CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}
SQUARES = ["099", "097", "134", "100", "136", "133", "096", "062"]


def study(n_units: int, n_pool: int, doors=None) -> GameState:
    units = {s: {"value": (9, 7, 11, 5)[i % 4], "berserk": i == 1} for i, s in enumerate(SQUARES[:n_units])}  # Z01, Z02...
    st = Position(characters={"Peter": "024", "Fran": "024", "Steve": "177"}, units=units, eliminated=(2, 6, 9, 4)[:n_pool],
                  doors=CLOSED if doors is None else doors, solitaire=True).raw_state()  # eliminated: E01... (seen [6.0])
    return replace(st, solitaire=True, pending=Pending("human", "act", "5.0", ""))


def games(n: int, quick: bool) -> None:
    print(f"== Solitaire games ({n} per policy; zombies by [15.5]) ==")
    for policy in ("random", "sensible"):
        t = time.perf_counter()
        one = run(n, policy, seed=1, executor="serial", progress=False)
        t1 = time.perf_counter() - t
        t = time.perf_counter()
        two = run(n, policy, seed=1, workers=2, progress=False)
        t2 = time.perf_counter() - t
        assert one.records == two.records
        turns = [r.turns for r in one.records]
        lo, hi = one.ci
        print(f"{policy:9} 1 core {n / t1:6.1f} games/s | 2 processes {n / t2:6.1f} games/s | median {statistics.median(turns)} turns "
              f"| human wins {one.wins}/{n} (95% CI {lo:.1%}-{hi:.1%}) | Fran survives {sum(r.fran_survives for r in one.records) / n:.0%}")


def exact_times() -> list:
    print("\n== Exact zombie-turn odds from positions of growing size ==")
    rows = [(u, 0, CLOSED) for u in (1, 2, 4, 8)] + [(2, 1, {"N": "closed", "E": "closed"}), (2, 2, {"N": "closed", "E": "closed"})]
    done = []
    for units, pool, doors in rows:
        st = study(units, pool, doors)
        t = time.perf_counter()
        try:
            odds = zombie_turn(st, fallback=None, max_seconds=120)
            print(f"{units} units on the map, {pool} in the pool, {4 - len(doors)} main doors open: {time.perf_counter() - t:6.2f} s, "
                  f"{len(odds.dist)} outcomes, P(Fran normal) = {odds.status('Fran').p('normal')}")
            done.append(st)
        except TooBig as e:
            print(f"{units} units, {pool} in the pool: too big ({e.detail})")
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    while g.state.phase == "human":
        g.step()
    start = [s for s in g.history if s.phase == "human" and s.pending and s.pending.kind == "act"][-1]
    t = time.perf_counter()
    try:
        odds = zombie_turn(start, fallback=None, max_seconds=120)
        print(f"full game seed 3, first zombie turn (45 units, 5 in the pool): {time.perf_counter() - t:6.2f} s, {len(odds.dist)} outcomes")
    except TooBig as e:
        print(f"full game seed 3, first zombie turn: too big in {time.perf_counter() - t:.0f} s ({e.detail})")
    return done


def agreement(st: GameState, n: int) -> None:
    odds = zombie_turn(st, fallback=None, max_seconds=600)
    rng = random.Random(12345)
    t = time.perf_counter()
    samples = [sample_zombie_turn(st, rng) for _ in range(n)]
    tm = time.perf_counter() - t
    worst = (0.0, 0.0, "")
    for name in ("Peter", "Fran", "Steve"):
        for status, p in odds.status(name).items():
            freq = sum(dict(o.statuses)[name] == status for o in samples) / n
            err = abs(freq - float(p))
            se = math.sqrt(float(p) * (1 - float(p)) / n) or 1.0
            if err / se > worst[1]:
                worst = (err, err / se, f"{name} {status}")
    print(f"exact {odds.seconds:.2f} s vs Monte Carlo n = {n} in {tm:.1f} s: largest error {worst[0]:.4f} "
          f"({worst[1]:.2f} standard errors, {worst[2]})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    games(40 if args.quick else 200, args.quick)
    done = exact_times()
    print("\n== Exact vs Monte Carlo ==")
    for st in done[0:1] + done[2:3] + done[4:5]:  # 1 and 4 units; 2 units with a pool of 1
        agreement(st, 10_000 if args.quick else 100_000)


if __name__ == "__main__":
    main()
