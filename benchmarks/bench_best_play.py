"""Best play (issue 18): figures printed, not tested.

Sections (each helper owns one; they are merged in this one script):

1. **search player** (`dodnb.search`, issue 18 item 3): decisions per second of the search
   player (the human decisions of a Human Player-Turn it looks ahead for, timed alone), whole
   solitaire games per second with it on one core, and the time of one `evaluate()` (the stepper's
   hint in a full game). CPU time is reported beside the wall clock, with the load average: the
   machine is shared.
2. **best_play solve times** (`dodnb.prob.best_play`, issue 18 item 1): added by its section.

    python benchmarks/bench_best_play.py            # 12 games
    python benchmarks/bench_best_play.py --quick    # 3 games
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.experiments import game_seed  # noqa: E402
from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402


# ============================================================================================
# 1. the search player (dodnb.search)


class _Timed:
    """The search player, its calls counted and timed (CPU and wall)."""

    def __init__(self, player):
        self.player = player
        self.calls = self.searched = 0
        self.cpu = self.wall = 0.0

    def __call__(self, state, legal, rng):
        t, c = time.perf_counter(), time.process_time()
        got = self.player(state, legal, rng)
        self.cpu += time.process_time() - c
        self.wall += time.perf_counter() - t
        self.calls += 1
        self.searched += state.pending.kind == "act" and len(legal) > 1
        return got


def search_player(n_games: int) -> None:
    from dodnb.search import evaluate, search_human

    print(f"== Search player ({search_human!r}) ==")
    print(f"load average: {os.getloadavg()}")
    timed = _Timed(search_human)
    turns, cpu_games, wall_games = [], 0.0, 0.0
    eval_state = None
    for i in range(n_games):
        g = Game(seed=game_seed(99, i), solitaire=True, human=timed, zombie=zombie_policy)
        t, c = time.perf_counter(), time.process_time()
        while not g.over and g.state.turn <= 100:
            g.step()
            p = g.pending
            if eval_state is None and g.state.turn >= 3 and p is not None and p.side == "human" and p.kind == "act" \
                    and g.state.activation is None and len(g.legal_actions()) > 2:
                eval_state = g.state
        cpu_games += time.process_time() - c
        wall_games += time.perf_counter() - t
        turns.append(min(g.state.turn, 100))
    print(f"decisions      : {timed.searched} looked-ahead decisions ({timed.calls} human decisions in all) in {timed.cpu:.1f} s CPU "
          f"-> {timed.searched / timed.cpu:.0f} decisions/s CPU ({timed.searched / timed.wall:.0f}/s wall), "
          f"{1000 * timed.cpu / max(1, timed.searched):.1f} ms CPU each")
    print(f"games          : {n_games} solitaire games, median {statistics.median(turns)} Game-Turns, in {cpu_games:.1f} s CPU "
          f"-> {n_games / cpu_games:.2f} games/s CPU ({n_games / wall_games:.2f}/s wall); "
          f"{cpu_games / sum(turns) * 1000:.0f} ms CPU per Game-Turn (the zombies' automaton included)")
    if eval_state is not None:
        for budget in (24, 96):
            t, c = time.perf_counter(), time.process_time()
            vals = evaluate(eval_state, budget=budget, seed=1)
            print(f"evaluate()     : budget {budget:3} play-outs, {len(vals)} choices ({vals[0].n} play-outs each): "
                  f"{time.process_time() - c:.2f} s CPU, {time.perf_counter() - t:.2f} s wall")


# ============================================================================================
# 2. best_play solve times (dodnb.prob.best_play): its section goes here


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    search_player(3 if args.quick else 12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
