"""Exact zombie-turn odds in real games (issue 17): prints figures, asserts nothing about time.

A corpus of seeded games — solitaire (the [15.5] automaton against `sensible_human` and against
random humans) and two-player (random zombies against random and sensible humans) — is played up to
Game-Turn 10. From the end of every Human Player-Turn, `dodnb.prob.zombie_turn` is asked for the exact
odds of the coming zombie turn (two-player games: "if the zombies played by the solitaire rules",
ruling Z3), with a budget of CPU time per position; a position past the budget counts as not exact.
Printed: the share answered exactly (and exactly within 1 s), the median and worst CPU time of this one process (one core;
CPU time, so that other work on a shared machine does not inflate it), by kind of game and Game-Turn.

    python benchmarks/bench_zombie_turn.py                 # 24 games, budget 10 s per position
    python benchmarks/bench_zombie_turn.py --quick         # 8 games, budget 3 s
    python benchmarks/bench_zombie_turn.py --games 24 --budget 60 --max-turn 10
    python benchmarks/bench_zombie_turn.py --long          # long solitaire games (issue 33 item 5)
    python benchmarks/bench_zombie_turn.py --long --repeat 3   # the least of 3 runs per position

``--long``: solitaire games played by the together player (`dodnb.search.humans.together_human`)
against the [15.5] automaton, seeds 2000, 2001, …; from the end of the Human Player-Turn of every 5th
Game-Turn from 5 to 60 that the game reaches, the exact odds with a budget (default 10 s).
    python benchmarks/bench_zombie_turn.py --quick --knowledge onlooker   # the values under the counters
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.prob.zombieturn import TooBig, zombie_turn  # noqa: E402
from dodnb.rules.actions import EndTurn  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402
from dodnb.search.humans import random_human, sensible_human, together_human  # noqa: E402

#: (label, solitaire, human policy, zombie policy)
KINDS = [
    ("solitaire, sensible humans", True, sensible_human, zombie_policy),
    ("solitaire, random humans", True, random_human, zombie_policy),
    ("two-player, random both", False, "random", "random"),
    ("two-player, sensible humans", False, sensible_human, "random"),
]


def corpus(games: int, max_turn: int) -> list[tuple[str, int, object]]:
    """[(kind, seed, state at the end of a Human Player-Turn)] from `games` seeded games, the kinds in
    turn; the state is the one in which the human player ends the turn."""
    out = []
    for i in range(games):
        label, solitaire, human, zombie = KINDS[i % len(KINDS)]
        seed = 1000 + i
        g = Game(seed=seed, solitaire=solitaire, human=human, zombie=zombie)
        while not g.over and g.state.turn <= max_turn:
            g.step()
        for st, a in zip(g.history, g.actions):
            if isinstance(a, EndTurn) and st.turn <= max_turn:
                out.append((label, seed, st))
    return out


def long_corpus(games: int, turns=range(5, 61, 5)) -> list[tuple[str, int, object]]:
    """[(kind, seed, state)]: solitaire games of the together player, the state in which the human
    player ends the turn of every Game-Turn in `turns` that the game reaches."""
    want = set(turns)
    out = []
    for i in range(games):
        seed = 2000 + i
        g = Game(seed=seed, solitaire=True, human=together_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= max(want):
            g.step()
        for st, a in zip(g.history, g.actions):
            if isinstance(a, EndTurn) and st.turn in want:
                out.append(("solitaire, together, long", seed, st))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--budget", type=float, default=10.0, help="seconds per position before it counts as not exact")
    ap.add_argument("--max-turn", type=int, default=10)
    ap.add_argument("--quick", action="store_true", help="8 games, budget 3 s")
    ap.add_argument("--verbose", action="store_true", help="one line per position")
    ap.add_argument("--long", action="store_true", help="long solitaire games of the together player, every 5th Game-Turn 5-60")
    ap.add_argument("--repeat", type=int, default=1,
                    help="answer each position N times and count the least CPU time (a shared machine's other tenants only add)")
    ap.add_argument("--knowledge", default="humans", choices=("humans", "onlooker"),
                    help="whose answer (ruling K1): the humans' (values nobody knows drawn at their reveal) or the onlooker's")
    args = ap.parse_args()
    if args.quick:
        args.games, args.budget = 8, 3.0
    t = time.perf_counter()
    if args.long:
        positions = long_corpus(args.games if args.games != 24 else 6)
        print("== Zombie-turn odds in long solitaire games of the together player (issue 33) ==")
        print(f"{len({p[1] for p in positions})} seeded games, every 5th Game-Turn from 5 to 60: {len(positions)} positions "
              f"(corpus built in {time.perf_counter() - t:.1f} s); budget {args.budget:g} s of CPU per position, one core; "
              f"answers: {args.knowledge}")
    else:
        positions = corpus(args.games, args.max_turn)
        print(f"== Zombie-turn odds from the end of every Human Player-Turn (issue 17) ==")
        print(f"{args.games} seeded games up to Game-Turn {args.max_turn}: {len(positions)} positions "
              f"(corpus built in {time.perf_counter() - t:.1f} s); budget {args.budget:g} s of CPU per position, one core; "
              f"answers: {args.knowledge}")
    if args.repeat > 1:
        print(f"each position answered {args.repeat} times: the least CPU time counts (the most is printed with --verbose)")
    rows = []
    for label, seed, st in positions:
        dts = []
        for _ in range(max(1, args.repeat)):
            t = time.process_time()
            try:
                odds = zombie_turn(st, max_seconds=args.budget, fallback=None, clock=time.process_time, knowledge=args.knowledge)
                exact = odds.exact
            except TooBig:
                exact = False
            dts.append(time.process_time() - t)
        dt = min(dts)
        rows.append((label, seed, st.turn, exact, dt))
        if args.verbose:
            spread = f" (most {max(dts):.2f} s)" if len(dts) > 1 else ""
            print(f"  {label:28} seed {seed} turn {st.turn:2}: {'exact' if exact else 'too big'} {dt:6.2f} s{spread}", flush=True)

    def line(name, sel):
        if not sel:
            return
        times = [r[4] for r in sel]
        ex = sum(r[3] for r in sel)
        fast = sum(1 for r in sel if r[3] and r[4] <= 1.0)
        print(f"{name:30} {len(sel):4} positions | exact {ex}/{len(sel)} ({ex / len(sel):.0%}), within 1 s {fast}/{len(sel)} "
              f"({fast / len(sel):.0%}) | median {statistics.median(times):6.2f} s "
              f"| worst {max(times):6.2f} s{' (budget hit)' if not all(r[3] for r in sel) else ''}")

    print()
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores at the end (times are CPU time of this process)")
    line("all", rows)
    for label in sorted({r[0] for r in rows}):
        line(label, [r for r in rows if r[0] == label])
    print("by Game-Turn:")
    for turn in sorted({r[2] for r in rows}):
        line(f"  turn {turn}", [r for r in rows if r[2] == turn])


if __name__ == "__main__":
    main()
