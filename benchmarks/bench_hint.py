"""The stepper's hint in full games (issue 33 item 5): figures printed, nothing asserted about time.

Seeded solitaire games played by the together player (`dodnb.search.humans.together_human`) against
the [15.5] automaton. Two samples of positions, each hint timed on a cold position (wall and CPU
time of this one process), whether it was exact (best play within its budget) or estimated
(play-outs), and how many choices it valued:

- ``every``: every 5th human decision of each game up to --max-turn (moves, shots, activations,
  reaction fire: the decisions a learner may ask about, in the proportions a game has them);
- ``turn-start``: the first human decision of every 3rd Game-Turn (1, 4, 7 ...), the choice of who
  moves, the slowest kind (up to 64 choices, each played out).

Printed per sample: median, p90 and worst, overall and by number of choices, with the load.

    python benchmarks/bench_hint.py             # 6 games, Game-Turns up to 28
    python benchmarks/bench_hint.py --quick     # 3 games, up to Game-Turn 13
    python benchmarks/bench_hint.py --sample every
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dodnb.rules.game import Game  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402
from dodnb.rules.vocab import Side  # noqa: E402
from dodnb.search.hint import hint  # noqa: E402
from dodnb.search.humans import together_human  # noqa: E402


def positions(games: int, max_turn: int, sample: str = "turn-start", every: int = 3, stride: int = 5):
    """(seed, state) at the human decisions of the sample (see module)."""
    out = []
    for i in range(games):
        seed = 3000 + i
        g = Game(seed=seed, solitaire=True, human=together_human, zombie=zombie_policy)
        taken = set()
        k = 0
        while not g.over and g.state.turn <= max_turn:
            p = g.pending
            t = g.state.turn
            if p is not None and p.side == Side.HUMAN:
                if sample == "every":
                    if k % stride == 0:
                        out.append((seed, g.state))
                    k += 1
                elif (t - 1) % every == 0 and t not in taken:
                    taken.add(t)
                    out.append((seed, g.state))
            g.step()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--max-turn", type=int, default=28)
    ap.add_argument("--sample", choices=["every", "turn-start", "both"], default="both")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.games, args.max_turn = 3, 13
    print("== The stepper's hint in full solitaire games of the together player (issue 33) ==")
    for sample in (["every", "turn-start"] if args.sample == "both" else [args.sample]):
        t = time.perf_counter()
        pos = positions(args.games, args.max_turn, sample)
        what = ("every 5th human decision" if sample == "every" else "first human decision of every 3rd Game-Turn")
        print(f"-- sample {sample!r}: {args.games} seeded games, {what} up to Game-Turn {args.max_turn}: "
              f"{len(pos)} positions (built in {time.perf_counter() - t:.1f} s)")
        rows = []
        for seed, st in pos:
            w, c = time.perf_counter(), time.process_time()
            h = hint(None, st)
            wall, cpu = time.perf_counter() - w, time.process_time() - c
            rows.append((st.turn, wall, cpu, h.exact if h else None, len(h.rows) if h else 0))
            if args.verbose:
                print(f"  seed {seed} turn {st.turn:2} {st.pending.kind:10}: {'exact' if h and h.exact else 'estimate'} "
                      f"{len(h.rows) if h else 0:3} choices  {wall:6.2f} s wall {cpu:6.2f} s CPU", flush=True)
        load = os.getloadavg()
        print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores at the end")
        _line("all", rows)
        for name, lo, hi in (("1 choice", 1, 1), ("2-10 choices", 2, 10), ("11-30 choices", 11, 30), ("31+ choices", 31, 10**6)):
            _line(f"  {name}", [r for r in rows if lo <= r[4] <= hi])


def _line(name, sel):
    if not sel:
        return
    walls = sorted(r[1] for r in sel)
    cpus = sorted(r[2] for r in sel)
    p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
    ex = sum(1 for r in sel if r[3])
    within = sum(1 for r in sel if r[1] <= 1.0)
    print(f"{name:16} {len(sel):3} hints | exact {ex:3} | within 1 s {within}/{len(sel)} | wall median {statistics.median(walls):5.2f} s, "
          f"p90 {p90:5.2f} s, worst {walls[-1]:5.2f} s | CPU median {statistics.median(cpus):5.2f} s", flush=True)


if __name__ == "__main__":
    main()
