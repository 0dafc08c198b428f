"""Run every benchmark and write docs/BENCHMARKS.md: the figures each prints, the machine (cores,
memory), Python and package versions, and the date. Timing belongs here, never in unit tests.

    python benchmarks/run_all.py               # every bench_*.py in full
    python benchmarks/run_all.py --quick       # their --quick runs, where they have one
    python benchmarks/run_all.py --soak 2000   # also the soak (random games with invariants)

Below the line `KEEP` the file holds recorded runs (a change's figures before and after it), which
a new run keeps as they are.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
#: Everything below this line in docs/BENCHMARKS.md is kept as it is by a new run: figures recorded by
#: hand from earlier runs (a change's before and after), each with its command, date and load.
KEEP = "<!-- kept by run_all.py: recorded runs -->"
PACKAGES = ("numpy", "ipywidgets", "ipycanvas", "jupyterlab", "hypothesis", "cairosvg", "pandas", "dask")


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def _memory() -> str:
    try:
        kb = int(next(l for l in Path("/proc/meminfo").read_text().splitlines() if l.startswith("MemTotal")).split()[1])
        return f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        return "unknown"


def run(script: Path, args: list[str]) -> tuple[str, float, int]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, str(script), *args], cwd=REPO, capture_output=True, text=True)
    return (p.stdout + (("\n" + p.stderr) if p.returncode else "")).strip(), time.perf_counter() - t0, p.returncode


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--soak", type=int, default=0, help="also play this many checked random games")
    ap.add_argument("--out", default=str(REPO / "docs" / "BENCHMARKS.md"))
    args = ap.parse_args()
    lines = [
        "# Benchmarks",
        "",
        "Written by `benchmarks/run_all.py` (do not edit by hand; run it again). Figures depend on the",
        "machine and on what else runs on it.",
        "",
        f"- date: {dt.datetime.now(dt.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, {_memory()} memory, {platform.system()} {platform.release()}",
        f"- Python {platform.python_version()}; " + ", ".join(f"{p} {_version(p)}" for p in PACKAGES),
        f"- mode: {'quick' if args.quick else 'full'}",
        "",
    ]
    scripts = sorted(HERE.glob("bench_*.py"))
    failed = 0
    for script in scripts:
        extra = ["--quick"] if args.quick and "--quick" in script.read_text(encoding="utf-8") else []
        out, secs, rc = run(script, extra)
        failed += rc != 0
        print(f"{script.name}: {secs:.0f} s{' (FAILED)' if rc else ''}", flush=True)
        lines += [f"## {script.name}", "", f"`python benchmarks/{script.name} {' '.join(extra)}`".replace(" `", "`") + f" — {secs:.0f} s", "", "```", out, "```", ""]
    if args.soak:
        out, secs, rc = run(HERE.parent / "tests" / "soaks" / "soak.py", ["--games", str(args.soak)])  # a test script, run, not imported
        failed += rc != 0
        print(f"soak.py: {secs:.0f} s", flush=True)
        lines += ["## soak.py", "", f"`python tests/soaks/soak.py --games {args.soak}` — {secs:.0f} s", "", "```", out, "```", ""]
    out_path = Path(args.out)
    old = out_path.read_text(encoding="utf-8") if out_path.exists() else ""
    if KEEP in old:  # recorded comparisons (before / after a change) survive a new run
        lines += [old[old.index(KEEP):].rstrip("\n"), ""]
    out_path.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
