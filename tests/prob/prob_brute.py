"""Brute-force helpers for the prob tests: enumerate every way the dice can fall.

Nothing here uses dodnb.prob arithmetic; only the table lookups of dodnb.rules.tables (which
tests/rules/test_tables.py checks against the source texts) and plain counting.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Callable

from dodnb.prob import Dist


def faces(n: int):
    """Every ordered tuple of n die faces (6**n of them, equally likely)."""
    return itertools.product(range(1, 7), repeat=n)


def brute(n: int, outcome: Callable[[tuple[int, ...]], Any]) -> Dist:
    """Dist of outcome(faces) over all 6**n equally likely face tuples."""
    counts: dict[Any, int] = {}
    for f in faces(n):
        o = outcome(f)
        counts[o] = counts.get(o, 0) + 1
    return Dist(counts)


def brute_weighted(values: dict[int, Fraction], n: int, outcome: Callable[[int, tuple[int, ...]], Any]) -> Dist:
    """Mixture over a value table {v: P(v)} of brute(n, lambda f: outcome(v, f))."""
    acc: dict[Any, Fraction] = {}
    for v, pv in values.items():
        for f in faces(n):
            o = outcome(v, f)
            acc[o] = acc.get(o, Fraction(0)) + pv * Fraction(1, 6**n)
    return Dist(acc)
