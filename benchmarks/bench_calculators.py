"""How long one control change of a calculator takes on the Python side: prints figures, asserts nothing.

    python benchmarks/bench_calculators.py

A change is one ``control.value = x`` (what a click sends): the observer recomputes through
dodnb.prob, then rebuilds the HTML table, the SVG chart and the derivation.  "cold" clears the
calculator's small result cache first (a setting never seen before); "cached" flips back to a
setting already computed.  "engine" is the compute step alone (the dodnb.prob call, plus each
character's marginal status for the attack calculator); the rest of "refresh" is HTML and SVG.
The machine's other load shows in the cold figures: run it twice.  Target: < 100 ms (feels
immediate).  The browser's own drawing is not included.
"""

from __future__ import annotations

import statistics
import time

from dodnb.widgets.calculators import AttackCalculator, ShotCalculator


def change(calc, control, a, b, repeat: int = 5, cold: bool = True) -> tuple[float, float, float]:
    """Median (wall, refresh, engine) milliseconds of flipping control between values a and b."""
    walls, totals, engines = [], [], []
    for i in range(repeat):
        if cold:
            calc.clear_cache()
        control.value = a if i % 2 else b
        t = time.perf_counter()
        control.value = b if i % 2 else a
        walls.append((time.perf_counter() - t) * 1000)
        totals.append(calc.last_ms)
        engines.append(calc.compute_ms)
    return statistics.median(walls), statistics.median(totals), statistics.median(engines)


def shot_cases():
    c = ShotCalculator()
    yield "Peter alone, value slider 4 -> 5", c, c.value, 4, 5
    c = ShotCalculator(shooters=("Peter", "Roger", "Steve", "Fran"), value=None)
    c.set(target="super+unit")
    yield "4 shooters together, super zombie + unknown unit, same <-> other square", c, c.same_square, True, False
    c = ShotCalculator(shooters=("Peter", "Roger", "Steve", "Fran"), value=None)
    c.set(together=False, target="berserk")
    yield "4 shooters one after another, berserk, unknown value, distance 1 <-> 2", c, c.distance, 1, 2


def attack_cases():
    c = AttackCalculator(("Peter", "Fran"), value=5)
    yield "2 characters, value 5, all attacked, value 5 <-> 6", c, c.value, 5, 6
    c = AttackCalculator(("Peter", "Roger", "Steve", "Fran"), value=7)
    c.mode.value = "k"
    yield "4 characters, value 7, reaction fire, k 2 <-> 3", c, c.k, 2, 3
    c = AttackCalculator(("Peter", "Roger", "Fran"), value=None)
    yield "3 characters, unknown value, reaction fire on <-> off", c, c.reaction, True, False
    c = AttackCalculator(("Peter", "Roger", "Steve", "Fran"), value=None)
    yield "4 characters, unknown value, reaction fire, all attacked (Steve stunned <-> normal)", c, c.status["Steve"], "normal", "stunned"
    c = AttackCalculator(("Peter", "Roger", "Steve", "Fran"), value=None)
    c.mode.value = "solitaire"
    yield "4 characters, unknown value, solitaire die [15.6] (Steve stunned <-> normal)", c, c.status["Steve"], "normal", "stunned"
    c = AttackCalculator(("Peter", "Roger", "Steve", "Fran"), value=None)
    c.mode.value = "by_k"
    yield "4 characters, unknown value, every k side by side (Steve stunned <-> normal)", c, c.status["Steve"], "normal", "stunned"


def main() -> None:
    t = time.perf_counter()
    ShotCalculator()
    AttackCalculator()
    print(f"first construction of both calculators (imports warm): {(time.perf_counter() - t) * 1000:.0f} ms\n")
    print(f"{'one control change':<92} {'cold wall':>9} {'refresh':>8} {'engine':>8} {'cached':>8}")
    for group in (shot_cases(), attack_cases()):
        for label, calc, control, a, b in group:
            wall, total, engine = change(calc, control, a, b, repeat=3 if "unknown" in label else 7)
            warm, _, _ = change(calc, control, a, b, repeat=5, cold=False)
            print(f"{label:<92} {wall:>7.1f}ms {total:>6.1f}ms {engine:>6.1f}ms {warm:>6.1f}ms")


if __name__ == "__main__":
    main()
