"""Soak: swaps no player can notice (ruling K1, tests/oracle/swaps.py) on many positions of seeded
solitaire games — every answer and decision from the humans' point of view must stay the same:
`observation()`, the public position, `zombie_turn` (exact within a budget), `best_play` of the shot
choices where quick, the kill estimates, and the decisions of the search player (shot search, turn
planner), the together and sensible players. Prints the counts, and each difference found with its
seed, Game-Turn and kind of swap; not a test (tests/*/test_*knowledge*.py hold the quick slice).

    python tests/soaks/soak_knowledge.py --seeds 12 --turns 2-8
    python tests/soaks/soak_knowledge.py --seeds 4 --turns 2-5 --zt-seconds 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dodnb.prob.enumerate import TooBig  # noqa: E402
from dodnb.prob.zombieturn import zombie_turn  # noqa: E402
from dodnb.rules import engine  # noqa: E402
from dodnb.rules.actions import Shoot  # noqa: E402
from dodnb.rules.knowledge import conceal  # noqa: E402
from dodnb.rules.observe import observation  # noqa: E402
from dodnb.search.humans import kill_estimate, sensible_human, together_human  # noqa: E402
from dodnb.search.player import SearchPlayer  # noqa: E402
from tests.oracle.swaps import KINDS, swapped, turn_starts  # noqa: E402

PLAYERS = {"search": SearchPlayer(), "planner": SearchPlayer(plan="turn"), "together": together_human, "sensible": sensible_human}


def _decide(policy, st):
    a = policy(st, engine.legal_actions(st, st.ctx), random.Random(0))
    return a[0] if isinstance(a, tuple) else a


def _kills(st):
    return {a: kill_estimate(st, st.ctx, a.shooters, st.character(a.shooters[0]).square, a.target)
            for a in engine.legal_actions(st, st.ctx) if isinstance(a, Shoot)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--turns", default="2-8")
    ap.add_argument("--per-kind", type=int, default=3)
    ap.add_argument("--zt-seconds", type=float, default=2.0, help="budget of each exact zombie_turn (past it: not compared)")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.turns.split("-"))
    t0 = time.perf_counter()
    positions = turn_starts(tuple(range(args.seeds)), tuple(range(lo, hi + 1)))
    tried: Counter = Counter()
    compared: Counter = Counter()
    diffs = []
    for seed, st in positions:
        base = {"observation": observation(st), "public position": conceal(st), "kill estimates": _kills(st)}
        base.update({k: _decide(p, st) for k, p in PLAYERS.items()})
        try:
            zt = dict(zombie_turn(st, fallback=None, max_seconds=args.zt_seconds).dist.items())
        except TooBig:
            zt = None
        for kind, other in swapped(st, KINDS, n=args.per_kind):
            tried[kind] += 1
            got = {"observation": observation(other), "public position": conceal(other), "kill estimates": _kills(other)}
            got.update({k: _decide(p, other) for k, p in PLAYERS.items()})
            if zt is not None:
                try:
                    got["zombie_turn"] = dict(zombie_turn(other, fallback=None, max_seconds=args.zt_seconds).dist.items())
                    base["zombie_turn"] = zt
                except TooBig:
                    pass
            for k, v in got.items():
                compared[k] += 1
                if v != base[k]:
                    diffs.append((seed, st.turn, kind, k))
                    print(f"  DIFFERS: seed {seed} turn {st.turn} swap {kind}: {k}", flush=True)
    print(f"{len(positions)} positions (seeds 0-{args.seeds - 1}, Game-Turns {lo}-{hi}), swaps {dict(tried)}, "
          f"{time.perf_counter() - t0:.0f} s")
    print("compared:", dict(compared))
    print(f"differences: {len(diffs)}")


if __name__ == "__main__":
    main()
