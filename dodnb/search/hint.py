"""The stepper's two computations, stated here and worded by the render layer (dodnb.render.narrate,
dodnb.render.panels): the hint (:func:`hint`: each choice's value at a human decision, exact by
:func:`dodnb.prob.best_play` within a small budget, else the search player's estimate) and the zombie
threat (:func:`zombie_threat`: per character, the odds of each status once the coming zombie turn is
over, from :func:`dodnb.prob.zombie_turn`). Their results (:class:`Hint`, :class:`ThreatOdds`) hold
values only; no sentence is written here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Optional

from dodnb.prob.bestplay import Budget, best_play, goals
from dodnb.prob.enumerate import TooBig
from dodnb.prob.zombieturn import STATUSES as ODDS_COLUMNS
from dodnb.prob.zombieturn import zombie_turn
from dodnb.rules.actions import Action
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Side
from dodnb.search.evaluate import evaluate

__all__ = [
    "ThreatOdds", "zombie_threat", "MC_PLAYS", "EXACT_SECONDS", "STATUSES",
    "Hint", "HintRow", "hint", "HINT_NODES", "HINT_SECONDS", "HINT_PLAYOUTS", "HINT_ESTIMATE_SECONDS",
]

# =============================================================================================
# what the zombies can do


MC_PLAYS = 300  # Monte Carlo plays of the zombie turn when exact enumeration is too long
EXACT_SECONDS = 4.0  # budget of the exact enumeration, asked for by a click (the panel says it is working)
STATUSES = ODDS_COLUMNS  # the statuses a character may end the turn in, in the odds table's order


class ThreatOdds:
    """Per character, the chance of each status once the coming zombie turn is over — the odds of
    :func:`dodnb.prob.zombie_turn`, worded by dodnb.render.narrate and dodnb.render.panels."""

    def __init__(self, rows, exact: bool, method: str, n: int, seconds: float, why: str = "", intervals=None):
        self.rows = rows  # [(name, status now, {status: Fraction})]
        self.exact = exact
        self.method = method  # 'exact' | 'montecarlo'
        self.n = n
        self.seconds = seconds
        self.why = why  # the question answered: 'solitaire' | 'two_player_solitaire_rules' (ruling Z3)
        self.intervals = intervals or {}  # {name: {status: (low, high)}}: 95 % Wilson intervals

    def columns(self) -> list[str]:
        return [c for c in STATUSES if c != "super" or any(c in r[2] for r in self.rows)]


def zombie_threat(game, st: Optional[GameState] = None, *, max_seconds: float = EXACT_SECONDS, n: int = MC_PLAYS, seed: int = 0) -> ThreatOdds:
    """The coming zombie turn if the human player ended the turn now: per character, the chance
    of being unharmed, stunned, infected or killed (or turned into a super zombie).

    One API computes it, :func:`dodnb.prob.zombie_turn` — exact within `max_seconds`, else a Monte
    Carlo estimate with 95 % Wilson intervals; in a two-player game it answers the question "if the
    zombies played by the solitaire rules [15.5]" (ruling Z3), and the panel says so."""
    st = st or game.state
    t0 = time.perf_counter()
    odds = zombie_turn(st, max_seconds=max_seconds, n=n, seed=seed)
    rows = [r for r in odds.rows() if r.in_play]
    return ThreatOdds([(r.name, r.now or st.character(r.name).status, dict(r.probs)) for r in rows], odds.exact, odds.kind,
                      odds.n, time.perf_counter() - t0, odds.question_id, {r.name: dict(r.intervals) for r in rows})


# =============================================================================================
# the hint: the best choice now, and the value of each choice


#: Budget of the exact search (positions) and of its time; past either, the estimate. A study
#: position in the Zombie Player-Turn needs tens to hundreds of positions; from the start of a Human
#: Player-Turn, two characters and one unit already need more than 150,000 (every walk through the
#: mall, then the zombies' turn after each), so a bigger budget would only make every hint slower.
HINT_NODES = 1_000
HINT_SECONDS = 0.5
HINT_PLAYOUTS = 160  # play-outs of the estimate at most, shared among the choices ...
HINT_ESTIMATE_SECONDS = 0.6  # ... in rounds (one more for every choice) while this wall time lasts (at least one)


@dataclass
class HintRow:
    """One choice and its value: exact (``low == high == value``, a Fraction) or estimated (a float,
    with its 95 % interval and the play-outs ``n`` it stands on)."""

    action: Action
    value: Any
    low: float
    high: float
    n: int = 0
    chosen: bool = False  # an estimate's row of the search player's own choice


def _best_row(rows: list, exact: bool) -> Optional[HintRow]:
    """The row the hint names: always a top-valued one (of equal top values, the search player's own
    choice if it is one of them, else the first in the engine's order)."""
    if not rows:
        return None
    top = max(r.value for r in rows)
    ties = [r for r in rows if r.value == top]
    return next((r for r in ties if r.chosen), ties[0])


def _tied_rows(rows: list, best: Optional[HintRow], exact: bool) -> list:
    """The rows too close to the best to call: exact values equal to it, or estimates whose 95 %
    interval overlaps the best's (the best itself first)."""
    if best is None:
        return []
    if exact:
        others = [r for r in rows if r is not best and r.value == best.value]
    else:
        others = [r for r in rows if r is not best and r.high >= best.low]
    return [best] + others


class Hint:
    """The values of the choices at a human decision, worded by dodnb.render.narrate:
    ``rows`` in the engine's order, ``best`` (a row of the top value: never a lower one), ``tied``
    (the rows too close to the best to call, itself first: equal exact values, or overlapping 95 %
    intervals), ``close`` (more than one tied row), ``exact``; for an exact hint
    the best-play answer (``result``: what each number is the probability of, the search size), for
    an estimate ``n`` play-outs per choice and ``why`` the exact search was not used."""

    def __init__(self, rows: list, exact: bool, result=None, seconds: float = 0.0, why: Optional[dict] = None, st: Optional[GameState] = None):
        self.rows = rows
        self.exact = exact
        self.result = result
        self.seconds = seconds
        self.why = why or {}  # the exact search's budget, when it was passed: {'nodes': ..., 'seconds': ...}
        self.st = st
        self.best = _best_row(rows, exact)
        self.tied = _tied_rows(rows, self.best, exact)
        self.close = len(self.tied) > 1
        self.n = rows[0].n if rows and not exact else 0


def hint(game, st: Optional[GameState] = None, *, nodes: int = HINT_NODES, seconds: float = HINT_SECONDS,
         playouts: int = HINT_PLAYOUTS, seed: int = 0, estimate_seconds: Optional[float] = HINT_ESTIMATE_SECONDS) -> Optional[Hint]:
    """The value of each choice at the human decision now: exact by :func:`dodnb.prob.best_play` when
    the search finishes within its small budget (a study position), else the search player's estimate
    (:func:`dodnb.search.evaluate`: play-outs, with 95 % intervals; at most `playouts` of them, in
    rounds while `estimate_seconds` last, so a decision of many choices is answered about as soon as
    a small one, on fewer play-outs each, which its intervals and its count show; None: every
    play-out, the same numbers on every machine). Both answer "the chance that nobody
    is killed or infected before the next Human Player-Turn begins" (the humans playing on at their
    best, or as the search player). None if the humans do not decide now."""
    st = st or game.state
    p = st.pending
    if st.result is not None or p is None or p.side != Side.HUMAN:
        return None
    t0 = time.perf_counter()
    try:
        r = best_play(st, goals.nobody_hurt(), "game-turn", "solitaire", Budget(nodes=nodes, seconds=seconds))
    except TooBig:
        why = {"nodes": nodes, "seconds": f"{seconds:g}"}
    else:
        rows = [HintRow(c.action, c.value, float(c.value), float(c.value)) for c in r.choices]
        return Hint(rows, True, r, time.perf_counter() - t0, st=st)
    got = evaluate(st, budget=playouts, seed=seed, scores=False, seconds=estimate_seconds)
    if estimate_seconds is not None:
        why.update(within=f"{estimate_seconds:g}", playouts=playouts)
    rows = [HintRow(c.action, c.value, c.low, c.high, c.n, c.chosen) for c in got]
    return Hint(rows, False, None, time.perf_counter() - t0, why, st)
