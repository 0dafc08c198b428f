"""Soak: do `legal_actions` and `check` agree both ways on many positions of random games? (prints
figures; not a test). `make test` checks a few games (tests/rules/test_legal_check_agree.py); this
checks every `--stride`-th position of many games, with every candidate of every side
(`tests.oracle.invariants.candidate_actions`), and prints each kind of disagreement found with how
often it was met and its first example (seed, game kind, action number, what each side says).

    python tests/soaks/soak_legal_check.py                    # 40 games, every 5th position
    python tests/soaks/soak_legal_check.py --games 200 --stride 1 --workers 2
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dodnb.rules.game import Game  # noqa: E402
from tests.oracle.invariants import legal_check_disagreements  # noqa: E402
from dodnb.rules.solitaire import zombie_policy  # noqa: E402
from dodnb.search.humans import sensible_human  # noqa: E402


def one(job: tuple[int, int, bool]) -> tuple[int, int, list]:
    seed, stride, full = job
    solitaire = bool(seed % 2)
    human = sensible_human if solitaire and seed % 4 == 1 else "random"
    g = Game(seed=seed, human=human, zombie=zombie_policy if solitaire else "random", solitaire=solitaire)
    found = []
    positions = candidates = n = 0
    while n < 5000:
        if n % stride == 0 or g.over:
            d, missed = legal_check_disagreements(g.state, g.ctx, others=None if full else 2)
            positions += 1
            kind = g.state.pending.kind if g.state.pending else "over"
            for x in d:
                key = (kind, type(x.action).__name__, "listed" if x.listed else "not listed",
                       "accepted" if x.refusal is None else "refused " + x.refusal.split("]")[0] + "]")
                found.append((key, f"seed {seed} ({'solitaire' if solitaire else 'two-player'}), after {n} actions: {x}"))
            for a in missed:
                found.append(((kind, type(a).__name__, "listed", "no candidate"), f"seed {seed}, after {n} actions: {a!r}"))
        if g.over:
            break
        try:
            g.step()
        except Exception as exc:  # noqa: BLE001 - a crash of a policy on a listed action is a finding too
            found.append((("crash", type(exc).__name__, "", ""), f"seed {seed}, after {n} actions, {g.state.pending}: {exc}"))
            break
        n += 1
    return positions, n, found


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--stride", type=int, default=5)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--brief-others", action="store_true", help="a few candidates of the sides not to move (as the test does)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    jobs = [(s, args.stride, not args.brief_others) for s in range(args.first_seed, args.first_seed + args.games)]
    counts: collections.Counter = collections.Counter()
    first: dict = {}
    positions = actions = 0
    with ProcessPoolExecutor(args.workers) as ex:
        for p, n, found in ex.map(one, jobs):
            positions += p
            actions += n
            for key, example in found:
                counts[key] += 1
                first.setdefault(key, example)
    dt = time.perf_counter() - t0
    print(f"legal/check soak: {args.games} games ({args.games - args.games // 2} two-player, {args.games // 2} solitaire), "
          f"{actions} actions, {positions} positions checked (every {args.stride}), {dt:.0f} s on {args.workers} worker(s)")
    print(f"kinds of disagreement: {len(counts)}")
    for key, c in counts.most_common():
        print(f"  {c:6d}  {' / '.join(k for k in key if k)}")
        print(f"          e.g. {first[key]}")


if __name__ == "__main__":
    main()
