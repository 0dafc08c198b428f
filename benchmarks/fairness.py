"""Is *Dawn of the Dead* fair? Solitaire games [15.0] played by four human policies (prints; not a test).

For each of the random, sensible, search and together policies (:mod:`dodnb.rules.solitaire`,
:mod:`dodnb.search`), ``--games`` solitaire games with the [15.5] zombie automaton, the same game
seeds for every policy (game i of each policy starts from the same set-up and dice seed), played
by :func:`dodnb.experiments.run` on a process pool, in slices of ``--slice`` games of each policy in
turn (the file is written after each slice, so a run stopped early keeps equal counts). Prints each policy's human win rate with its
95 % Wilson interval, the causes of the games' ends, game length and the doors and rifles at the
end; then two-proportion tests of search against sensible and against together. Writes every figure to
``docs/data/fairness.json`` (notebook 08 plots it).

    python benchmarks/fairness.py                      # 1000 games per policy, 2 workers
    python benchmarks/fairness.py --games 100 --out /tmp/f.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from concurrent.futures import ProcessPoolExecutor  # noqa: E402

from dodnb.experiments import run, two_proportions  # noqa: E402


def describe(res, seconds: float, cpu: float) -> dict:
    recs = res.records
    n = len(recs)
    turns = sorted(r.turns for r in recs)
    lo, hi = res.ci
    return {
        "policy": res.policy, "games": n, "human_wins": res.wins, "win_rate": res.wins / n,
        "ci95": [lo, hi],
        "causes": res.causes(),
        "turns": {"mean": statistics.fmean(turns), "median": statistics.median(turns),
                  "quartiles": [turns[n // 4], turns[(3 * n) // 4]], "max": turns[-1],
                  "histogram": dict(sorted(Counter(turns).items()))},
        "actions_mean": statistics.fmean(r.actions for r in recs),
        "main_doors_closed": dict(sorted(Counter(len(r.main_closed) for r in recs).items())),
        "main_doors_closed_mean": statistics.fmean(len(r.main_closed) for r in recs),
        "rifles_mean": statistics.fmean(r.rifles for r in recs),
        "fran_survives": sum(r.fran_survives for r in recs) / n,
        "characters_lost_mean": statistics.fmean(r.lost for r in recs),
        "zombies_left_mean": statistics.fmean(r.zombies_left for r in recs),
        "wall_seconds": seconds, "worker_cpu_seconds": cpu, "games_per_second_wall": n / seconds,
        "worker_cpu_seconds_per_game": cpu / n,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--slice", type=int, default=100, help="games per policy between two writes of the file")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--policies", nargs="+", default=["random", "sensible", "search", "together"])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "data" / "fairness.json")
    args = ap.parse_args(argv)
    print(f"== Solitaire fairness: {args.games} games per policy, seed {args.seed}, {args.workers} worker processes ==")
    print(f"load average at start: {os.getloadavg()}", flush=True)
    out: dict = {"games_per_policy": args.games, "seed": args.seed, "workers": args.workers, "max_turns": 100,
                 "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
                 "load_average_start": list(os.getloadavg()), "policies": {}}
    try:
        out["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        pass
    if "search" in args.policies:
        from dodnb.search import search_human

        out["search_player"] = repr(search_human)
    results = {p: None for p in args.policies}
    spent = {p: [0.0, 0.0] for p in args.policies}  # wall, worker CPU
    pool = ProcessPoolExecutor(max_workers=args.workers)
    try:
        # slices of every policy in turn: stopped at any point, the file holds as many games of each
        for first in range(0, args.games, args.slice):
            n = min(args.slice, args.games - first)
            for pol in args.policies:
                t, c0 = time.perf_counter(), _cpu(pool)
                res = run(n, pol, seed=args.seed, executor=pool, workers=args.workers, first=first, progress=False)
                spent[pol][0] += time.perf_counter() - t
                spent[pol][1] += _cpu(pool) - c0
                if results[pol] is None:
                    results[pol] = res
                else:
                    results[pol].records += res.records
                out["policies"][pol] = describe(results[pol], *spent[pol])
            _report(out, args)
    finally:
        pool.shutdown()
    for pol in args.policies:
        d = out["policies"][pol]
        for cause, k in d["causes"].items():
            print(f"  {pol:9} {cause:34} {k:5}  {k / d['games']:.1%}")
    print(f"wrote {args.out}; load average at end: {os.getloadavg()}")
    return 0


def _cpu(pool) -> float:
    """CPU seconds used so far by the pool's worker processes (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def _report(out: dict, args) -> None:
    """Print the figures so far and write the file."""
    print(f"-- {time.strftime('%H:%M:%S')} load {os.getloadavg()[0]:.1f}", flush=True)
    for pol, d in out["policies"].items():
        lo, hi = d["ci95"]
        print(f"{pol:9} {d['human_wins']:4}/{d['games']} human wins = {d['win_rate']:.2%} (95% CI {lo:.2%}-{hi:.2%}) | "
              f"turns mean {d['turns']['mean']:.1f} median {d['turns']['median']} | doors closed {d['main_doors_closed_mean']:.2f} "
              f"(all four: {d['main_doors_closed'].get(4, 0)}) | rifles {d['rifles_mean']:.2f} | characters lost {d['characters_lost_mean']:.2f} | "
              f"{d['wall_seconds']:.0f} s wall, {d['worker_cpu_seconds']:.0f} s worker CPU", flush=True)
    for other in ("sensible", "together"):
        if "search" not in out["policies"] or other not in out["policies"]:
            continue
        s, b = out["policies"]["search"], out["policies"][other]
        z, p = two_proportions(s["human_wins"], s["games"], b["human_wins"], b["games"])
        overlap = not (s["ci95"][0] > b["ci95"][1] or b["ci95"][0] > s["ci95"][1])
        out[f"search_vs_{other}"] = {"games_each": s["games"], "difference": s["win_rate"] - b["win_rate"], "z": z,
                                     "p_two_sided": p, "intervals_overlap": overlap,
                                     "clear_at_0.01": bool(p < 0.01 and s["win_rate"] > b["win_rate"])}
        print(f"search - {other}: {s['win_rate'] - b['win_rate']:+.2%}, two-proportion z = {z:.2f}, p = {p:.2g} (two-sided); "
              f"95% intervals {'overlap' if overlap else 'do not overlap'}", flush=True)
    out["load_average_end"] = list(os.getloadavg())
    out["games_done"] = min(d["games"] for d in out["policies"].values())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
