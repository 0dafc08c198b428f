"""Soak: thousands of random-legal games with every invariant checked after every action (prints
figures; not a test). `make test` plays 200 of them; this plays 10,000 by default, on every core.

    python tests/soaks/soak.py                 # 10,000 games, half two-player, half solitaire
    python tests/soaks/soak.py --games 500 --workers 1
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.oracle.invariants import play_checked  # noqa: E402


def one(seed: int) -> tuple[int, int, list[str]]:
    n, problems = play_checked(seed, solitaire=bool(seed % 2))
    return seed, n, problems


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--first-seed", type=int, default=100_000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    actions = 0
    bad: list[str] = []
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(args.workers) as ex:
        for i, (seed, n, problems) in enumerate(ex.map(one, seeds, chunksize=20), start=1):
            actions += n
            bad += problems
            if i % 1000 == 0:
                print(f"  {i} games, {actions} actions checked, {len(bad)} violations, {time.perf_counter() - t0:.0f} s", flush=True)
    dt = time.perf_counter() - t0
    print(f"soak: {args.games} games ({args.games // 2} two-player, {args.games - args.games // 2} solitaire), "
          f"{actions} actions checked, violations: {len(bad)}, {dt:.0f} s on {args.workers} worker(s)")
    for line in bad[:20]:
        print("  ", line)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
