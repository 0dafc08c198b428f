"""Exact probability distributions for teaching (DESIGN.md, "Probability").

A :class:`Dist` maps outcomes (any hashable value: a dice total, a word such as
``"stunned"``, a frozenset of doors, a tuple describing a whole shot) to exact
probabilities held as :class:`fractions.Fraction`.  They always add up to
exactly 1.  The single float anywhere in this module is :meth:`Dist.sd`, a
standard deviation, which is irrational in general.

A Dist may carry ``steps``: the lines of the derivation a teacher would write on
the board.  The function that builds a Dist sets them, :meth:`Dist.explain`
prints them.
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from dodnb import i18n
from dodnb.errors import InputError


class DistError(InputError):
    """A distribution was asked for something impossible (bad weights, P(condition) = 0...).

    Mathematics, not a rule of the game: an :class:`~dodnb.errors.InputError`, ``DistError(message)``
    with ``.case`` None.  Its sibling for rules matters is :class:`dodnb.prob.ProbError` (a
    :class:`~dodnb.errors.RuleViolation`); ``except DodnbError`` catches both.
    """


# --------------------------------------------------------------------------- formatting helpers


def fmt_fraction(p: Fraction) -> str:
    """``Fraction(5, 12)`` -> ``"5/12"``; whole numbers print without a denominator."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def fmt_percent(p: Fraction, digits: int = 1) -> str:
    """Percentage computed exactly then rounded for display: ``Fraction(1, 3)`` -> ``"33.3%"``."""
    scaled = round(Fraction(p) * 100 * 10**digits)  # exact rounding, no float involved
    sign = "-" if scaled < 0 else ""
    scaled = abs(scaled)
    whole, frac = divmod(scaled, 10**digits)
    if digits:
        return f"{sign}{whole}.{frac:0{digits}d}%"
    return f"{sign}{whole}%"


def fmt_decimal(p: Fraction, digits: int = 4) -> str:
    """``Fraction(5, 12)`` -> ``"0.4167"`` (exact rounding, display only)."""
    scaled = round(Fraction(p) * 10**digits)
    sign = "-" if scaled < 0 else ""
    scaled = abs(scaled)
    whole, frac = divmod(scaled, 10**digits)
    return f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"


def fmt_one_in(p: Fraction) -> str:
    """"1 in N" wording: ``Fraction(1, 36)`` -> ``"1 in 36"``, ``Fraction(5, 36)`` -> ``"1 in 7.2"``."""
    p = Fraction(p)
    if p == 0:
        return "never"
    n = 1 / p
    if n.denominator == 1:
        return f"1 in {n.numerator}"
    return f"1 in {fmt_decimal(n, 1)}"


def fmt_outcome(x: Any, lang: str | None = None) -> str:
    """Readable label for an outcome: frozensets as ``{E, N}``, the empty set as ``{}``; a word
    outcome ("killed", "stunned"...) in `lang` (default: the package's) from the catalogues' terms
    ``outcome``; an outcome with an ``explain_label(lang)`` method by its own words."""
    if isinstance(x, (frozenset, set)):
        return "{" + ", ".join(fmt_outcome(v, lang) for v in sorted(x, key=sort_key)) + "}"
    if isinstance(x, Fraction):
        return fmt_fraction(x)
    if isinstance(x, str):
        return i18n.term("outcome", x, lang)
    own = getattr(type(x), "explain_label", None)
    if callable(own):
        return own(x, lang)
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a NamedTuple outcome
        return "(" + ", ".join(f"{k}={fmt_outcome(v, lang)}" for k, v in zip(x._fields, x)) + ")"
    if isinstance(x, tuple):
        return "(" + ", ".join(fmt_outcome(v, lang) for v in x) + ")"
    return str(x)


def sort_key(x: Any):
    """Total order over the outcome kinds used in dodnb (numbers, words, None, tuples, sets).

    The common kinds are tested by exact type first (fast path, same keys as the general tests
    below); keys of tuples, the big outcomes of whole attacks, are remembered."""
    t = type(x)
    if t is str:
        return (2, x)
    if t is int or t is Fraction:
        return (1, x)
    if x is None:
        return (0,)
    if isinstance(x, tuple):
        try:
            return _TUPLE_KEYS[x]
        except KeyError:
            pass
        except TypeError:  # an unhashable element: compute without remembering
            return (3, len(x), tuple(map(sort_key, x)))
        key = (3, len(x), tuple(map(sort_key, x)))
        if len(_TUPLE_KEYS) >= _TUPLE_KEYS_MAX:
            _TUPLE_KEYS.clear()
        _TUPLE_KEYS[x] = key
        return key
    if isinstance(x, bool):
        return (1, int(x))
    if isinstance(x, numbers.Real):
        return (1, x)
    if isinstance(x, str):
        return (2, x)
    if isinstance(x, (frozenset, set)):
        return (4, len(x), tuple(sorted(sort_key(v) for v in x)))
    return (9, type(x).__name__, repr(x))


#: Remembered sort keys of tuple outcomes (pure function of the outcome; bounded).  Equal tuples
#: such as (1, 2) and (True, 2) get equal keys anyway, so sharing an entry changes nothing.
_TUPLE_KEYS: dict[tuple, tuple] = {}
_TUPLE_KEYS_MAX = 50_000


def _as_weight(w: Any, outcome: Any) -> int | Fraction:
    """A checked weight: an int >= 0 or a Fraction >= 0 (never a float)."""
    if type(w) is int:
        if w < 0:
            raise DistError(f"weight {w} for outcome {outcome!r} is negative; weights must be >= 0")
        return w
    if isinstance(w, float):
        raise DistError(
            f"weight {w!r} for outcome {outcome!r} is a float; use an int or a Fraction "
            "so that probabilities stay exact"
        )
    if isinstance(w, bool) or not isinstance(w, numbers.Rational):
        raise DistError(f"weight {w!r} for outcome {outcome!r} is not an int or a Fraction")
    w = Fraction(w)
    if w < 0:
        raise DistError(f"weight {w} for outcome {outcome!r} is negative; weights must be >= 0")
    return w


def _lcm_of(dens: Iterable[int]) -> int:
    out = 1
    for d in dens:
        if d != 1 and out % d:
            out = out * d // math.gcd(out, d)
    return out


class _Outcomes(tuple):
    """The outcomes of a Dist, in display order.  Usable as ``d.outcomes`` or ``d.outcomes()``."""

    __slots__ = ()

    def __call__(self):
        return self


class Row(NamedTuple):
    """One row of :meth:`Dist.table`."""

    outcome: Any
    exact: Fraction
    at_least: Fraction | None  # P(X >= outcome), None when outcomes are not numbers
    at_most: Fraction | None  # P(X <= outcome)
    one_in: str  # "1 in N"


class DistTable(list):
    """List of :class:`Row` that also prints itself as text or HTML."""

    def __init__(self, rows, title: str = "", lang: str | None = None):
        super().__init__(rows)
        self.title = title
        self.lang = i18n.check_language(lang)

    def _head(self, numeric: bool) -> list[str]:
        return _table_head(numeric, self.lang)

    def __str__(self) -> str:
        numeric = bool(self) and self[0].at_least is not None
        head = self._head(numeric)
        lang = self.lang
        body = []
        for r in self:
            cells = [fmt_outcome(r.outcome, lang), fmt_fraction(r.exact), i18n.fmt_percent(r.exact, 1, lang)]
            if numeric:
                cells += [fmt_fraction(r.at_least), fmt_fraction(r.at_most)]
            cells.append(r.one_in)
            body.append(cells)
        widths = [max(len(h), *(len(c[i]) for c in body)) if body else len(h) for i, h in enumerate(head)]
        lines = [i18n.text(self.title, lang)] if self.title else []
        lines.append("  ".join(h.ljust(w) for h, w in zip(head, widths)))
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))) for cells in body]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        numeric = bool(self) and self[0].at_least is not None
        head = self._head(numeric)
        lang = self.lang
        out = ['<table class="dodnb-table">']
        if self.title:
            out.append(f"<caption>{html.escape(i18n.text(self.title, lang))}</caption>")
        out.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>")
        for r in self:
            cells = [fmt_outcome(r.outcome, lang), fmt_fraction(r.exact), i18n.fmt_percent(r.exact, 1, lang)]
            if numeric:
                cells += [fmt_fraction(r.at_least), fmt_fraction(r.at_most)]
            cells.append(r.one_in)
            out.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        out.append("</table>")
        return "".join(out)


def _table_head(numeric: bool, lang: str | None) -> list[str]:
    """The column heads of a distribution's table, in `lang`."""
    keys = ["outcome", "exact", "percent"] + (["at_least", "at_most"] if numeric else []) + ["one_in"]
    return [i18n.tr(f"dist.head.{k}", lang) for k in keys]


# --------------------------------------------------------------------------- the distribution


class Dist:
    """An exact probability distribution: outcome -> Fraction, summing to exactly 1.

    >>> d = Dist({"hit": 1, "miss": 2})
    >>> d.p("hit")
    Fraction(1, 3)

    Weights may be ints or Fractions (never floats); they are normalised.  Outcomes
    with weight 0 are dropped.  Dists are immutable; every operation returns a new one.

    ``steps`` (a sequence of strings) is the derivation shown by :meth:`explain`;
    ``title`` names the quantity ("Shot result, 2d6 - 1").  ``order`` optionally fixes
    the display order of outcomes (e.g. none, stunned, infected, killed).
    """

    # Storage: ``_w`` maps each outcome, in display order, to a whole-number weight and ``_tot`` is
    # their sum, so P(x) = _w[x] / _tot exactly.  The weights are reduced (their gcd is 1), which
    # makes (_w, _tot) unique for a distribution.  Sums, marginals and mixtures then run on
    # integers and one Fraction is made per answer; ``_probs`` (outcome -> Fraction) is built the
    # first time it is needed.
    __slots__ = ("_w", "_tot", "_p", "_order", "steps", "title")

    def __init__(
        self,
        weights: Mapping[Any, int | Fraction],
        *,
        steps: Iterable[str] = (),
        title: str = "",
        order: Iterable[Any] | None = None,
    ):
        if isinstance(weights, Dist):
            weights = weights._w
        if not isinstance(weights, Mapping):
            raise DistError(
                f"Dist() takes a mapping outcome -> weight, got {type(weights).__name__}; "
                "use Dist.from_pairs for a list of (outcome, weight) pairs"
            )
        clean: dict[Any, int | Fraction] = {}
        fractions = False
        for outcome, w in weights.items():
            fw = _as_weight(w, outcome)
            if fw:
                if type(fw) is not int:
                    fractions = True
                clean[outcome] = clean.get(outcome, 0) + fw
        if not clean:
            raise DistError("all weights are zero: a distribution needs at least one possible outcome")
        if fractions:  # one common denominator, then whole numbers (exact)
            den = _lcm_of(v.denominator for v in clean.values())
            clean = {k: (v * den if type(v) is int else v.numerator * (den // v.denominator)) for k, v in clean.items()}
        self._setup(clean, order, steps, title)

    def _setup(self, ints: dict[Any, int], order: Iterable[Any] | None, steps: Iterable[str], title: str, presorted: bool = False) -> None:
        """Store whole-number weights (all > 0, at least one): reduce them, sort the outcomes
        (``presorted``: the caller guarantees ``ints`` is already in display order)."""
        vals = ints.values()
        g = math.gcd(*vals)
        if g != 1:
            ints = {k: v // g for k, v in ints.items()}
            vals = ints.values()
        if order is not None:
            order = tuple(order)
        if not presorted:
            keys = list(ints)
            if order is not None:
                rank = {k: i for i, k in enumerate(order)}
                keys.sort(key=lambda k: (0, rank[k]) if k in rank else (1, sort_key(k)))
            else:
                keys.sort(key=sort_key)
            ints = {k: ints[k] for k in keys}
        object.__setattr__(self, "_w", ints)
        object.__setattr__(self, "_tot", sum(vals))
        object.__setattr__(self, "_p", None)
        object.__setattr__(self, "_order", order)
        object.__setattr__(self, "steps", tuple(steps))
        object.__setattr__(self, "title", title)

    @classmethod
    def _from_ints(
        cls, ints: Mapping[Any, int], *, steps: Iterable[str] = (), title: str = "", order: Iterable[Any] | None = None, presorted: bool = False
    ) -> "Dist":
        """Fast internal constructor from whole-number weights already known to be ints >= 0.
        ``presorted=True``: the caller guarantees the outcomes are already in display order
        (the order of ``sort_key``, or of ``order``), so they are not sorted again."""
        ints = {k: v for k, v in ints.items() if v}
        if not ints:
            raise DistError("all weights are zero: a distribution needs at least one possible outcome")
        new = object.__new__(cls)
        new._setup(ints, order, steps, title, presorted)
        return new

    @property
    def _probs(self) -> dict[Any, Fraction]:
        """outcome -> exact probability, in display order (built once, then kept)."""
        p = self._p
        if p is None:
            tot = self._tot
            p = {k: Fraction(w, tot) for k, w in self._w.items()}
            object.__setattr__(self, "_p", p)
        return p

    def weights(self) -> tuple[dict[Any, int], int]:
        """``({outcome: whole-number weight}, total)``: P(x) = weight / total, exactly; the weights
        have no common factor.  For fast exact arithmetic on big joint distributions."""
        return dict(self._w), self._tot

    def __setattr__(self, name, value):
        raise AttributeError("Dist is immutable; use with_steps()/titled() to get an annotated copy")

    # ----------------------------------------------------------------- constructors

    @classmethod
    def certain(cls, x: Any, **kw) -> "Dist":
        """The distribution that is ``x`` with probability 1."""
        return cls({x: 1}, **kw)

    @classmethod
    def uniform(cls, outcomes: Iterable[Any], **kw) -> "Dist":
        """Each listed outcome equally likely (repeats count as extra weight)."""
        return cls.from_pairs(((x, 1) for x in outcomes), **kw)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[Any, int | Fraction]], **kw) -> "Dist":
        """Build from ``(outcome, weight)`` pairs; repeated outcomes add their weights."""
        acc: dict[Any, int | Fraction] = {}
        for outcome, w in pairs:
            acc[outcome] = acc.get(outcome, 0) + _as_weight(w, outcome)
        return cls(acc, **kw)

    @staticmethod
    def mixture(pairs: Iterable[tuple[int | Fraction, "Dist"]], **kw) -> "Dist":
        """``sum(w_i * D_i)`` with the weights ``w_i`` normalised (law of total probability)."""
        pairs = list(pairs)
        if not pairs:
            raise DistError("mixture() needs at least one (weight, Dist) pair")
        ws = []
        for w, d in pairs:
            if not isinstance(d, Dist):
                raise DistError(f"mixture() expects (weight, Dist) pairs, got a {type(d).__name__}")
            ws.append(_as_weight(w, d))
        if not any(ws):
            raise DistError("mixture(): all weights are zero")
        # whole numbers: weight i = ws[i] * wden (an int), Dist i's weights over lcm of the totals
        wden = _lcm_of(w.denominator for w in ws)
        used = [(w.numerator * (wden // w.denominator), d) for w, (_, d) in zip(ws, pairs) if w]
        tden = _lcm_of(d._tot for _, d in used)
        acc: dict[Any, int] = {}
        for wi, d in used:
            m = wi * (tden // d._tot)
            for x, c in d._w.items():
                acc[x] = acc.get(x, 0) + m * c
        kw.setdefault("order", next((d._order for _, d in pairs if d._order), None))
        return Dist._from_ints(acc, **kw)

    @staticmethod
    def product(*dists: "Dist", **kw) -> "Dist":
        """Joint distribution of independent Dists: outcomes are tuples ``(x1, x2, ...)``."""
        acc: dict[Any, int] = {}
        for combo in itertools.product(*(d._w.items() for d in dists)):
            key = tuple(x for x, _ in combo)
            c = 1
            for _, q in combo:
                c *= q
            acc[key] = acc.get(key, 0) + c
        return Dist._from_ints(acc, **kw)

    # ----------------------------------------------------------------- reading

    def items(self) -> list[tuple[Any, Fraction]]:
        """``[(outcome, probability), ...]`` in display order (sorted by outcome)."""
        return list(self._probs.items())

    @property
    def outcomes(self) -> _Outcomes:
        """The possible outcomes (probability > 0), in display order."""
        return _Outcomes(self._w)

    def __iter__(self):
        return iter(self._w)

    def __len__(self) -> int:
        return len(self._w)

    def __contains__(self, x) -> bool:
        return x in self._w

    def as_dict(self) -> dict[Any, Fraction]:
        return dict(self._probs)

    def p(self, event: Any) -> Fraction:
        """P(event).  ``event`` is an outcome, or a predicate ``outcome -> bool``."""
        if callable(event) and not _hashable_in(event, self._w):
            return Fraction(sum(c for x, c in self._w.items() if event(x)), self._tot)
        if self._p is not None:
            return self._p.get(event, Fraction(0))
        return Fraction(self._w.get(event, 0), self._tot)

    __getitem__ = p

    def at_least(self, k) -> Fraction:
        """P(X >= k) for numeric outcomes."""
        self._need_numbers("at_least")
        return Fraction(sum(c for x, c in self._w.items() if x >= k), self._tot)

    def at_most(self, k) -> Fraction:
        """P(X <= k) for numeric outcomes."""
        self._need_numbers("at_most")
        return Fraction(sum(c for x, c in self._w.items() if x <= k), self._tot)

    def mean(self) -> Fraction:
        """Expected value E[X] (exact)."""
        self._need_numbers("mean")
        return sum((x * p for x, p in self._probs.items()), Fraction(0))

    def variance(self) -> Fraction:
        """Var[X] = E[X^2] - E[X]^2 (exact)."""
        m = self.mean()
        return sum(((x - m) ** 2 * p for x, p in self._probs.items()), Fraction(0))

    def sd(self) -> float:
        """Standard deviation.  The ONLY float in dodnb.prob: a square root is rarely rational."""
        return float(self.variance()) ** 0.5

    def min(self):
        return min(self._w, key=sort_key)

    def max(self):
        return max(self._w, key=sort_key)

    def is_numeric(self) -> bool:
        return all(isinstance(x, numbers.Real) for x in self._w)

    def _need_numbers(self, what: str) -> None:
        if not self.is_numeric():
            bad = next(x for x in self._w if not isinstance(x, numbers.Real))
            raise DistError(f"{what}() needs numeric outcomes; this Dist has outcome {bad!r}")

    # ----------------------------------------------------------------- transforming

    def map(self, f: Callable[[Any], Any], **kw) -> "Dist":
        """Distribution of ``f(X)``; outcomes that map to the same value merge."""
        acc: dict[Any, int] = {}
        for x, c in self._w.items():
            y = f(x)
            acc[y] = acc.get(y, 0) + c
        return Dist._from_ints(acc, **kw)

    def bind(self, f: Callable[[Any], "Dist"], **kw) -> "Dist":
        """Chain rule: ``P(Y=y) = sum_x P(X=x) * P(Y=y | X=x)`` where ``f(x)`` is the Dist of Y given x."""
        order = None
        parts = []
        for x, c in self._w.items():
            d = f(x)
            if not isinstance(d, Dist):
                raise DistError(f"bind(): the function returned {type(d).__name__} for {x!r}, not a Dist")
            order = order or d._order
            parts.append((c, d))
        # P(x) P(y | x) = c/tot * c_y/tot_x: put every tot_x on their lcm, sum whole numbers
        den = _lcm_of(d._tot for _, d in parts)
        acc: dict[Any, int] = {}
        for c, d in parts:
            m = c * (den // d._tot)
            for y, cy in d._w.items():
                acc[y] = acc.get(y, 0) + m * cy
        kw.setdefault("order", order)
        return Dist._from_ints(acc, **kw)

    def given(self, event: Any, **kw) -> "Dist":
        """Conditional distribution given ``event`` (an outcome or a predicate)."""
        if callable(event) and not _hashable_in(event, self._w):
            keep = {x: c for x, c in self._w.items() if event(x)}
        else:
            keep = {x: c for x, c in self._w.items() if x == event}
        if not keep:
            raise DistError("given(): the condition has probability 0, so there is nothing to condition on")
        kw.setdefault("order", self._order)
        return Dist._from_ints(keep, **kw)

    def __add__(self, other) -> "Dist":
        """Independent sum (convolution) of two Dists, or a shift by a constant number."""
        if isinstance(other, Dist):
            acc: dict[Any, int] = {}
            for x, c in self._w.items():
                for y, cy in other._w.items():
                    acc[x + y] = acc.get(x + y, 0) + c * cy
            return Dist._from_ints(acc)
        if isinstance(other, numbers.Number) and not isinstance(other, bool):
            return self.map(lambda x: x + other)
        return NotImplemented

    def __radd__(self, other) -> "Dist":
        # makes sum([d1, d2, d3]) work (sum starts from 0)
        return self.__add__(other)

    def __sub__(self, other) -> "Dist":
        if isinstance(other, Dist):
            return self + other.map(lambda y: -y)
        if isinstance(other, numbers.Number) and not isinstance(other, bool):
            return self.map(lambda x: x - other)
        return NotImplemented

    def __neg__(self) -> "Dist":
        return self.map(lambda x: -x)

    def repeat_sum(self, n: int) -> "Dist":
        """Sum of ``n`` independent copies (n >= 1)."""
        if not isinstance(n, int) or n < 1:
            raise DistError(f"repeat_sum(n) needs a whole number n >= 1, got {n!r}")
        out = self
        for _ in range(n - 1):
            out = out + self
        return out

    def _annotated(self, steps: tuple, title: str) -> "Dist":
        # same (already normalised and ordered) probabilities, new annotations: no re-validation
        new = object.__new__(Dist)
        object.__setattr__(new, "_w", self._w)  # shared: never mutated
        object.__setattr__(new, "_tot", self._tot)
        object.__setattr__(new, "_p", self._p)
        object.__setattr__(new, "_order", self._order)
        object.__setattr__(new, "steps", tuple(steps))
        object.__setattr__(new, "title", title)
        return new

    def with_steps(self, *steps: str, title: str | None = None) -> "Dist":
        """Same distribution, annotated with derivation lines (replacing any previous ones)."""
        return self._annotated(steps, self.title if title is None else title)

    def titled(self, title: str) -> "Dist":
        return self._annotated(self.steps, title)

    # ----------------------------------------------------------------- comparing

    def __eq__(self, other) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        # reduced whole-number weights are unique for a distribution (see _setup)
        return self._w == other._w

    def __hash__(self) -> int:
        return hash(frozenset(self._w.items()))

    # ----------------------------------------------------------------- showing

    def table(self, lang: str | None = None) -> DistTable:
        """Rows ``(outcome, exact, at_least, at_most, one_in)``; cumulative columns for numbers only.
        Printed in `lang` (default: the package's language)."""
        lang = i18n.check_language(lang)
        numeric = self.is_numeric()
        rows = []
        for x, p in self._probs.items():
            rows.append(
                Row(
                    outcome=x,
                    exact=p,
                    at_least=self.at_least(x) if numeric else None,
                    at_most=self.at_most(x) if numeric else None,
                    one_in=i18n.fmt_one_in(p, lang),
                )
            )
        return DistTable(rows, title=self.title, lang=lang)

    def explain(self, top: int | None = None, lang: str | None = None) -> str:
        """The derivation as text, ready to project: title, steps, then the result.

        A distribution with at most :data:`EXPLAIN_ALL_UP_TO` outcomes lists them all, in display
        order.  A bigger one (a whole zombie attack on four characters has about a thousand joint
        outcomes) lists only its :data:`EXPLAIN_TOP` most likely outcomes and one line for the
        rest, "… and N more outcomes (total probability p)".  ``top=n`` lists the n most likely
        instead (``top=len(d)``: every outcome).  :meth:`table` and :meth:`items` always hold
        every outcome.

        An outcome whose type has an ``explain_label()`` method is written with it (e.g. the
        outcome of a whole attack, :class:`dodnb.prob.attacks.SquareOutcome`).

        Written in `lang` (default: the package's language, :func:`dodnb.set_language`): the title
        and steps are :class:`dodnb.i18n.Words` written out in it, the numbers in its format.
        """
        lang = i18n.check_language(lang)
        tr, pc = i18n.tr, (lambda p: i18n.fmt_percent(p, 1, lang))
        n = len(self._w)
        if top is None:
            limit = n if n <= EXPLAIN_ALL_UP_TO else EXPLAIN_TOP
        elif isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise DistError(f"explain(top=...) takes a whole number of outcomes to list, at least 1; got {top!r}")
        else:
            limit = min(top, n)
        lines = []
        if self.title:
            title = i18n.text(self.title, lang)
            lines.append(title)
            lines.append("=" * len(title))
        lines.extend(i18n.text(step, lang) for step in self.steps)
        if self.steps:
            lines.append("")
        probs = self._probs
        if limit >= n:
            lines.append(tr("dist.result", lang))
            shown = list(probs.items())
        else:
            lines.append(tr("dist.result_top", lang, n=n, limit=limit))
            ranked = sorted(self._w.items(), key=lambda xc: -xc[1])  # stable: ties keep display order
            shown = [(x, probs[x]) for x, _ in ranked[:limit]]
        for x, p in shown:
            lines.append(f"  P({_explain_label(x, lang)}) = {fmt_fraction(p)}  ({pc(p)}, {i18n.fmt_one_in(p, lang)})")
        if limit >= n:
            total = sum(probs.values(), Fraction(0))
            lines.append("  " + tr("dist.total", lang, total=fmt_fraction(total)))
        else:
            rest = 1 - sum((p for _, p in shown), Fraction(0))
            lines.append("  " + tr("dist.more", lang, n=n - limit, total=fmt_fraction(rest), percent=pc(rest)))
            lines.append("  " + tr("dist.every", lang))
        if self.is_numeric() and n > 1:
            lines.append("  " + tr("dist.mean", lang, mean=fmt_fraction(self.mean()), decimal=i18n.fmt_number(self.mean(), 3, lang)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return str(self.table())

    def __repr__(self) -> str:
        inner = ", ".join(f"{x!r}: {fmt_fraction(p)}" for x, p in self._probs.items())
        return f"Dist({{{inner}}})"

    def _repr_html_(self) -> str:
        """Table with the exact fraction, the percentage and a proportional bar per outcome."""
        lang = i18n.check_language(None)  # the package's language (dodnb.set_language)
        pmax = max(self._probs.values())
        numeric = self.is_numeric()
        out = ['<div class="dodnb-dist">']
        if self.title:
            out.append(f"<b>{html.escape(i18n.text(self.title, lang))}</b>")
        out.append('<table style="border-collapse:collapse">')
        head = [html.escape(h) for h in _table_head(numeric, lang)] + [""]
        out.append("<tr>" + "".join(f'<th style="padding:2px 8px">{h}</th>' for h in head) + "</tr>")
        items = list(self._probs.items())
        hidden: list[tuple[Any, Fraction]] = []
        if len(items) > HTML_ROWS:  # a teacher's table, not a dump: the most likely rows, then a total
            keep = set(x for x, _ in sorted(items, key=lambda xp: -xp[1])[:HTML_ROWS])
            hidden = [(x, p) for x, p in items if x not in keep]
            items = [(x, p) for x, p in items if x in keep]
        for x, p in items:
            width = round(p / pmax * 240)
            bar = (
                f'<div style="background:#8b1a1a;height:0.9em;width:{width}px" '
                f'title="{html.escape(i18n.fmt_percent(p, 1, lang))}"></div>'
            )
            cells = [
                html.escape(fmt_outcome(x, lang)),
                fmt_fraction(p),
                i18n.fmt_percent(p, 1, lang),
            ]
            if numeric:
                cells += [fmt_fraction(self.at_least(x)), fmt_fraction(self.at_most(x))]
            cells += [html.escape(i18n.fmt_one_in(p, lang)), bar]
            out.append(
                "<tr>"
                + "".join(
                    f'<td style="padding:2px 8px;text-align:{"left" if i in (0, len(cells) - 1) else "right"}">{c}</td>'
                    for i, c in enumerate(cells)
                )
                + "</tr>"
            )
        if hidden:
            rest = sum((p for _, p in hidden), Fraction(0))
            more = i18n.tr("dist.more_html", lang, n=len(hidden), total=fmt_fraction(rest), percent=i18n.fmt_percent(rest, 1, lang))
            out.append(f'<tr><td colspan="{len(head)}" style="padding:2px 8px"><i>{html.escape(more)}</i></td></tr>')
        out.append("</table>")
        if self.steps:
            out.append(
                '<pre style="margin-top:4px">' + html.escape("\n".join(i18n.text(t, lang) for t in self.steps)) + "</pre>"
            )
        out.append("</div>")
        return "".join(out)


#: _repr_html_ shows at most this many rows (the most likely), then one line for the rest.
HTML_ROWS = 40
#: explain() lists every outcome of a distribution with at most this many outcomes ...
EXPLAIN_ALL_UP_TO = 20
#: ... and only the this many most likely outcomes of a bigger one.
EXPLAIN_TOP = 12


def _explain_label(x: Any, lang: str | None = None) -> str:
    """How explain() writes an outcome inside P(...)."""
    own = getattr(type(x), "explain_label", None)
    if callable(own):
        return own(x, lang)
    label = fmt_outcome(x, lang)
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        label = label[1:-1]  # P(a=1, b=2) rather than P((a=1, b=2))
    return label


def _hashable_in(x, mapping) -> bool:
    try:
        return x in mapping
    except TypeError:
        return False


# --------------------------------------------------------------------------- dice


_DICE_CACHE: dict[int, Dist] = {}


def dice(n: int) -> Dist:
    """Dist of the sum of ``n`` six-sided dice (n >= 1), e.g. ``dice(2).p(7) == 1/6``."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise DistError(f"dice(n): n must be a whole number of dice, got {n!r}")
    if n < 1:
        raise DistError(f"dice(n): need at least 1 die, got {n}")
    if n not in _DICE_CACHE:
        acc = {0: 1}
        for _ in range(n):
            nxt: dict[int, int] = {}
            for s, c in acc.items():
                for face in range(1, 7):
                    nxt[s + face] = nxt.get(s + face, 0) + c
            acc = nxt
        _DICE_CACHE[n] = Dist(acc)
    d = _DICE_CACHE[n]
    return d.with_steps(i18n.Words("dist.dice.step", n=n, ways=6**n), title=i18n.Words("dist.dice.title", n=n))


def d6() -> Dist:
    """One six-sided die."""
    return dice(1)


def clear_caches() -> None:
    """Forget this module's memos (sort keys, dice sums); answers never change (`dodnb.prob.clear_caches`)."""
    _TUPLE_KEYS.clear()
    _DICE_CACHE.clear()
