"""The exact zombie-turn odds of two checkouts, compared on real positions (prints figures; not a test).

The tests prove the walk's shortcuts against the plain walk of the engine's chance nodes, but only
where the plain walk fits a unit test's budget (small positions and the first Game-Turns of real
games). This compares the head with another checkout (a git worktree of an earlier commit, itself
proven the same way) on every position of bench_zombie_turn.py's corpus — mid-game positions with 45
units, where the plain walk would take hours: `dodnb.prob.zombie_turn` exactly from each, in one
process per checkout, and the distributions (statuses, destroyed, entered, winner) must be equal
Fractions.

    git worktree add /tmp/base <commit>
    python benchmarks/compare_zombie_turn.py --base /tmp/base            # 24 games, about 2 minutes
    python benchmarks/compare_zombie_turn.py --base /tmp/base --games 8
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def _child(repo: str, games: int, max_turn: int, out: str) -> None:
    """Every position's exact distribution, as plain tuples (pickled to `out`)."""
    sys.path.insert(0, repo)
    sys.path.insert(0, str(HERE.parent))  # this checkout's corpus: the same positions for both
    import dodnb.prob.zombieturn as zt
    from bench_zombie_turn import corpus

    dists = []
    t0 = time.process_time()
    for _, _, st in corpus(games, max_turn):
        d = zt.zombie_turn(st, max_seconds=None, fallback=None).dist
        dists.append({tuple(k): v for k, v in d.items()})
    with open(out, "wb") as f:
        pickle.dump((dists, time.process_time() - t0), f)


def _run(repo: str, games: int, max_turn: int) -> tuple[list, float]:
    with tempfile.NamedTemporaryFile(suffix=".pkl") as tmp:
        subprocess.run([sys.executable, str(HERE), "--child", repo, "--games", str(games), "--max-turn", str(max_turn),
                        "--out", tmp.name], check=True)
        with open(tmp.name, "rb") as f:
            return pickle.load(f)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=False, help="the other checkout (a git worktree)")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--max-turn", type=int, default=10)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _child(args.child, args.games, args.max_turn, args.out)
        return
    if not args.base:
        raise SystemExit("--base: the checkout to compare with (git worktree add /tmp/base <commit>)")
    head = str(HERE.parents[1])
    a, ta = _run(head, args.games, args.max_turn)
    b, tb = _run(str(Path(args.base).resolve()), args.games, args.max_turn)
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    print(f"{len(a)} positions of {args.games} games up to Game-Turn {args.max_turn}: exact odds of {head} "
          f"({ta:.1f} s of CPU) against {args.base} ({tb:.1f} s)")
    print(f"  equal: {len(a) - len(differ)}, different: {len(differ)}" + (f" (positions {differ})" if differ else ""))


if __name__ == "__main__":
    main()
