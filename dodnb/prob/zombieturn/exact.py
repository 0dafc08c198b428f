"""The exact walk of a zombie turn (:mod:`dodnb.prob.zombieturn`): the graph of positions explored once
from :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk`'s children, equal positions merged wherever
they are reached, then the probability flowing through it in topological order, in stages that end at
the super-zombie rolls [11.0] and at the values drawn (ruling K1) (:func:`walk_exact`); :func:`exact_turn` for a zombie-phase position."""

from __future__ import annotations

import gc
import math
import time
from fractions import Fraction
from typing import Callable, Optional

from dodnb.prob.dist import Dist
from dodnb.prob.enumerate import TooBig
from dodnb.prob.zombieturn.common import END, TurnOutcome
from dodnb.prob.zombieturn.walker import ZombieTurnWalk
from dodnb.rules.state import GameState

__all__ = ["walk_exact", "exact_turn"]


def walk_exact(st: GameState, walk: ZombieTurnWalk, *, max_states: int = 300_000, max_seconds: Optional[float] = None,
               clock: Callable[[], float] = time.perf_counter) -> Dist:
    """The exact Dist of :class:`TurnOutcome` from `st` (a zombie-phase position): the graph of
    positions is explored once (equal positions merged wherever they are reached), then the
    probabilities flow through it in topological order. The counts of zombies destroyed and units
    entered ride along with the probability (a small table per position) rather than in the position,
    so positions that differ only in what happened before them are followed once; so do the statuses
    a position forgets (:meth:`ZombieTurnWalk.freeze`), the parts it holds back until a super-zombie roll
    (:meth:`ZombieTurnWalk.hold`) and, in a public position, the urn of unseen values until a value is
    drawn (:meth:`ZombieTurnWalk.set_urn_aside`): the walk goes in stages, each ending at the
    super-zombie rolls and the draws it reaches, where they are put back (:meth:`ZombieTurnWalk.give_back`)
    for the next.

    The cyclic garbage collector is paused meanwhile (and put back as it was): the graph keeps every
    position alive until the flow is done, and the collector would go over all of them again and
    again, finding nothing (positions, tuples and tables refer to no one who refers back; memory is
    freed as usual when the last reference goes). 5-8 % of the time of the biggest positions."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _walk_exact(st, walk, max_states, max_seconds, clock)
    finally:
        if enabled:
            gc.enable()


def _walk_exact(st: GameState, walk: ZombieTurnWalk, max_states: int, max_seconds: Optional[float],
                clock: Callable[[], float]) -> Dist:
    t0 = clock()
    root, sub0 = walk.freeze(walk.canon(st))
    root, held = walk.hold(root)
    # the walk goes in stages: a stage ends at the first super-zombie roll [11.0] it reaches, where the
    # parts held back (:meth:`ZombieTurnWalk.hold`) are put back; the next stage starts from there
    starts: dict = {root: {(0, 0, tuple(sorted(sub0 + held))): Fraction(1)}}
    final: dict = {}
    explored = [0]
    while starts:
        starts = _stage(starts, walk, final, explored, t0, max_states, max_seconds, clock)
    return Dist(final, title="the coming zombie turn")


def _stage(starts: dict, walk: ZombieTurnWalk, final: dict, explored: list, t0: float, max_states: int,
           max_seconds: Optional[float], clock: Callable[[], float]) -> dict:
    """One stage of :func:`_walk_exact`: from `starts` ({position: {(destroyed, entered, carried):
    probability}}) to the ends of the turn (added to `final`) and to the super-zombie rolls reached
    (returned as the next stage's starts, the parts held put back)."""
    # positions are numbered as first met (the starts first); the first object met for a position
    # stands for it everywhere below, and the graph's tables are lists by number: a position is hashed
    # once, when it is met, not at every table it goes through (a position's hash is a Python call)
    states = list(starts)
    # (a start is never merged with a position met in the stage: one equal to it ends the stage too —
    # it carries what the start has been given back — and goes to the next, :meth:`give_back`)
    ids: dict = {}
    n0 = len(states)
    succ: list = [None] * n0  # per position: [(next position's number or an end, destroyed, entered, carried, probability)]
    indeg = [0] * n0
    todo = list(range(n0))
    staged = walk.shortcuts
    while todo:
        i = todo.pop()
        if succ[i] is not None:
            continue
        if explored[0] >= max_states:
            raise TooBig("zt.too_big.states", n=max_states)
        if max_seconds is not None and clock() - t0 > max_seconds:
            raise TooBig("zt.too_big.seconds", s=max_seconds)
        s = states[i]
        if staged and i >= n0 and (walk.at_super_roll(s) or walk.needs_urn(s)):
            succ[i] = _NEXT_STAGE  # what it carries is given back first (next stage)
            continue
        kids: dict = {}
        for t, q, d, e in walk.children(s):
            if type(t) is tuple:
                child = t
            elif walk.stop(t):
                child = (END, tuple((c.name, c.status) for c in t.characters), t.result.winner if t.result else "")
            else:
                child = t
            sub: tuple = ()
            if type(child) is not tuple:
                child, sub = walk.keep(child)
                j = ids.get(child)
                if j is None:
                    j = ids[child] = len(states)
                    states.append(child)
                    succ.append(None)
                    indeg.append(0)
                child = j
            key = (child, d, e, sub)
            got = kids.get(key)
            kids[key] = q if got is None else got + q
        succ[i] = [(c, d, e, sub, q) for (c, d, e, sub), q in kids.items()]
        explored[0] += 1
        for c, *_ in kids:
            if type(c) is tuple:
                continue
            indeg[c] += 1  # one per edge: the flow below takes one off per edge
            if indeg[c] == 1:
                todo.append(c)  # met for the first time
    # the probabilities, in topological order (Kahn), in whole numbers: every edge's probability is
    # Q / L (L the common denominator of them all), the starts' probabilities P / D, and a position's
    # mass is counted in units of 1 / (D * L**level), its level the longest way to it from a position
    # nothing leads to (an edge into a deeper position multiplies by the missing powers of L);
    # mass[s] = {(destroyed, entered, statuses carried) so far: numerator}
    den = 1
    for edges in succ:
        for *_, q in edges:
            den = den * q.denominator // math.gcd(den, q.denominator)
    d0 = 1
    for got in starts.values():
        for p in got.values():
            d0 = d0 * p.denominator // math.gcd(d0, p.denominator)
    level = _levels(succ, list(indeg))
    top = max(level) + 1  # the level of every end of the turn
    power = [1]
    for _ in range(top):
        power.append(power[-1] * den)
    mass: list = [None] * len(states)
    for i in range(n0):
        scale = d0 * power[level[i]]
        mass[i] = {k: p.numerator * (scale // p.denominator) for k, p in starts[states[i]].items()}
    ends: dict = {}
    later: dict = {}
    ready = [i for i in range(len(states)) if indeg[i] == 0]
    while ready:
        s = ready.pop()
        m = mass[s]
        mass[s] = None
        edges = succ[s]
        if edges is _NEXT_STAGE:
            w = power[top - level[s]]
            for k, p in m.items():
                later[(s, k)] = later.get((s, k), 0) + p * w
            continue
        ls = level[s] + 1
        for c, d, e, sub, q in edges:
            w = q.numerator * (den // q.denominator)
            if type(c) is tuple:
                w *= power[top - ls]
                for (dd, ee, f), p in m.items():
                    k = TurnOutcome(_carried(c[1], f) if f else c[1], dd + d, ee + e, c[2])
                    ends[k] = ends.get(k, 0) + p * w
                continue
            w *= power[level[c] - ls]
            cm = mass[c]
            if cm is None:
                cm = mass[c] = {}
            for (dd, ee, f), p in m.items():
                k = (dd + d, ee + e, tuple(sorted(f + sub)) if sub else f)
                cm[k] = cm.get(k, 0) + p * w
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    whole = d0 * power[top]
    for k, v in ends.items():
        final[k] = final.get(k, 0) + Fraction(v, whole)
    nxt: dict = {}
    back: dict = {}  # (position, what it carries) -> the same put back (many counts share one)
    for (i, (d, e, f)), v in later.items():
        got = back.get((i, f))
        if got is None:
            got = back[(i, f)] = walk.give_back(states[i], f)
        t, f = got
        got = nxt.setdefault(t, {})
        got[(d, e, f)] = got.get((d, e, f), 0) + Fraction(v, whole)
    return nxt


_NEXT_STAGE: list = []  # (a marker: the position starts the next stage of the walk)


def _carried(statuses: tuple, carried: tuple) -> tuple:
    """The statuses at the end of the turn with those a position forgot put back (:meth:`ZombieTurnWalk.freeze`,
    :meth:`ZombieTurnWalk.hold`)."""
    back = dict(carried)
    return tuple((n, back.get(n, st)) for n, st in statuses)


def _levels(succ: list, indeg: list) -> list:
    """The longest way (in edges) to each position of the graph `succ` (a DAG, positions numbered;
    `indeg` its in-degrees, consumed) from the positions nothing leads to."""
    level = [0] * len(succ)
    ready = [i for i in range(len(succ)) if indeg[i] == 0]
    while ready:
        s = ready.pop()
        if succ[s] is _NEXT_STAGE:
            continue
        ls = level[s] + 1
        for c, *_ in succ[s]:
            if type(c) is tuple:
                continue
            if level[c] < ls:
                level[c] = ls
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    return level


def exact_turn(st: GameState, ctx, *, zombie=None, human=None, shortcuts: Optional[bool] = None,
               max_states: int = 300_000, max_seconds: Optional[float] = None) -> Dist:
    """The exact Dist of :class:`TurnOutcome` from a zombie-phase position. ``shortcuts=False`` is
    the plain walk of the engine's chance nodes (equal positions still merged); the default takes the
    shortcuts of rulings Z1, Z2 with the default policies (the tests check both agree)."""
    return walk_exact(st, ZombieTurnWalk(st, ctx, zombie=zombie, human=human, shortcuts=shortcuts), max_states=max_states, max_seconds=max_seconds)
