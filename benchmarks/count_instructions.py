"""Instructions executed by fixed workloads (prints figures; not a test): a way to compare two commits
that does not move with the machine's load.

CPU time on a shared virtual machine moves by about 15 % from one run to the next, whatever the code;
the number of instructions a workload executes does not (string hashing fixed: PYTHONHASHSEED=0).
Each workload runs in a process of its own under valgrind (cachegrind without its cache simulation,
about 30 times slower than plain Python), and the count of the same process doing only the imports and
the set-up is taken off.

    python benchmarks/count_instructions.py                       # this checkout, every workload
    python benchmarks/count_instructions.py --repo /tmp/old       # another checkout (a git worktree)
    python benchmarks/count_instructions.py --workload walk

Workloads:

* ``walk`` — `dodnb.prob.zombie_turn` exactly from three mid-game solitaire positions of
  bench_zombie_turn.py's quick corpus (issue 17);
* ``games`` — twelve random-legal games, six two-player and six solitaire (bench_engine.py's kind,
  issue 15);
* ``worst`` — `dodnb.prob.zombie_turn` exactly from the two slowest positions of bench_zombie_turn.py's
  full corpus (seed 1020 at Game-Turn 9: attacks at an entrance square in the Zombie Generation Phase;
  seed 1000 at Game-Turn 8: the reaction movement after many berserk outcomes). Not in ``all``: about
  ten minutes under valgrind.

Needs valgrind (Debian's package `valgrind`); no test needs it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
WALK_POSITIONS = (19, 30, 41)  # indices in bench_zombie_turn.corpus(8, 10): mid-game solitaire positions
WORST_POSITIONS = ((1020, 9), (1000, 8))  # (seed, Game-Turn) in bench_zombie_turn.corpus(24, 10)


def _child(workload: str, repo: str, setup_only: bool) -> None:
    """The workload itself (run under valgrind by the parent)."""
    sys.path.insert(0, repo)
    sys.path.insert(0, str(Path(repo) / "benchmarks"))
    from dodnb.rules.game import Game

    if workload == "walk":
        import dodnb.prob.zombieturn as zt
        from bench_zombie_turn import corpus

        states = [corpus(8, 10)[i][2] for i in WALK_POSITIONS]
        if not setup_only:
            for st in states:
                zt.zombie_turn(st, max_seconds=None, fallback=None)
    elif workload == "worst":
        import dodnb.prob.zombieturn as zt
        from bench_zombie_turn import corpus

        states = [st for _, seed, st in corpus(24, 10) if (seed, st.turn) in WORST_POSITIONS]
        assert len(states) == len(WORST_POSITIONS)
        if not setup_only:
            for st in states:
                zt.zombie_turn(st, max_seconds=None, fallback=None)
    elif workload == "games":
        if not setup_only:
            for solitaire in (False, True):
                for seed in range(6):
                    Game(seed=seed, human="random", zombie="random", solitaire=solitaire).play()
    else:
        raise SystemExit(f"unknown workload {workload!r}")


def _count(workload: str, repo: str, setup_only: bool) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, str(HERE), "--child", workload, "--repo", repo]
    if setup_only:
        cmd.append("--setup-only")
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or m is None:
        raise SystemExit(f"valgrind run failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", default=str(HERE.parents[1]), help="the checkout whose dodnb is measured")
    ap.add_argument("--workload", choices=("walk", "games", "worst", "all"), default="all")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _child(args.child, args.repo, args.setup_only)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    repo = str(Path(args.repo).resolve())
    print(f"instructions executed, dodnb from {repo} (valgrind cachegrind, PYTHONHASHSEED=0; set-up taken off)")
    for workload in (("walk", "games") if args.workload == "all" else (args.workload,)):
        whole = _count(workload, repo, False)
        setup = _count(workload, repo, True)
        print(f"  {workload:6s} {(whole - setup) / 1e9:7.3f} G  (whole run {whole / 1e9:.3f} G, set-up {setup / 1e9:.3f} G)")


if __name__ == "__main__":
    main()
