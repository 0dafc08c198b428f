"""Statistics of counted results (play-outs, experiments): the 95 % Wilson interval of a proportion
and the two-proportion z-test. Floats, not Fractions: these measure samples, they are no rule's odds.

Used by :mod:`dodnb.experiments` (which re-exports them) and by :mod:`dodnb.search.evaluate`; kept
in the prob layer so that neither imports the other.
"""

from __future__ import annotations

import math

__all__ = ["wilson", "two_proportions"]


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion (sound near 0 and 1, unlike p ± 2 SE)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exact ends: no rounding past p
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return (lo, hi)


def two_proportions(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """z and the two-sided p-value of the pooled two-proportion z-test of w1/n1 - w2/n2 (is one
    policy's win rate clearly above another's?). No difference to test (both rates 0 or 1): (0, 1)."""
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2)) if 0 < p < 1 else 0.0
    if se == 0:
        return 0.0, 1.0
    z = (w1 / n1 - w2 / n2) / se
    return z, math.erfc(abs(z) / math.sqrt(2))
