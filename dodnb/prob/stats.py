"""Statistics of counted results, stated once for the package: the 95 % Wilson score interval of a
proportion (the Monte Carlo zombie-turn odds, :mod:`dodnb.prob.zombieturn`; the experiments' win rates,
:mod:`dodnb.experiments`, which re-exports both; the search player's evaluation,
:mod:`dodnb.search.evaluate`) and the two-proportion z-test. Floats, not Fractions: these measure
samples, they are no rule's odds. Kept in the prob layer so that none of those imports another.
"""

from __future__ import annotations

import math

__all__ = ["wilson", "two_proportions"]


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n (sound near 0 and 1, unlike p ± 2 SE). Never
    [p, p] for n > 0: 0 of 300 gives (0, 0.0126), 300 of 300 gives (0.987, 1) — an estimate does not
    claim certainty; the ends are exact at k = 0 and k = n (no rounding past p). (0, 1) when n <= 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (0.0 if k == 0 else max(0.0, mid - half), 1.0 if k == n else min(1.0, mid + half))


def two_proportions(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """z and the two-sided p-value of the pooled two-proportion z-test of w1/n1 - w2/n2 (is one
    policy's win rate clearly above another's?). No difference to test (both rates 0 or 1): (0, 1)."""
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2)) if 0 < p < 1 else 0.0
    if se == 0:
        return 0.0, 1.0
    z = (w1 / n1 - w2 / n2) / se
    return z, math.erfc(abs(z) / math.sqrt(2))
