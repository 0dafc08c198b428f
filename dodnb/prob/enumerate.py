"""Exact odds of anything the engine can do: walk its chance nodes (DESIGN.md, "Rules engine").

`outcomes(state, stop=..., key=...)` starts from a position and follows the game: at a chance node
every outcome is followed with its exact probability (`engine.chance_outcomes`), at a decision the
given policy decides. Equal states reached with the same number of steps are merged, so the work
grows with the number of *different* positions, not of dice sequences. It returns a
:class:`~dodnb.prob.dist.Dist` over ``key(final state)``.

This is how `dodnb.prob` and the tests prove that the closed forms (shots, attacks, ...) say what
the rules engine does, and how a whole zombie turn gets its exact outcome distribution.
"""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping, Optional

from dodnb.prob.dist import Dist
from dodnb.prob.errors import ProbError
from dodnb.rules import engine
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Side

Policy = Callable[[GameState, list, random.Random], Any]


class TooBig(ProbError):
    """The exact enumeration would take longer than the budget allows."""

    def __init__(self, detail: str, /, **params: object):
        super().__init__("4.0", detail, **params)


def first_legal(state: GameState, legal: list, rng: random.Random):
    """The first legal action (a deterministic policy)."""
    return legal[0]


def outcomes(
    state: GameState,
    *,
    stop: Callable[[GameState], bool],
    key: Callable[[GameState], Hashable] = lambda s: s,
    policies: Optional[Mapping[str, Policy]] = None,
    ctx: Optional[engine.Ctx] = None,
    max_states: int = 200_000,
    max_seconds: Optional[float] = None,
    title: str = "",
    prune: Optional[Callable[[GameState, list], list]] = None,
) -> Dist:
    """Exact Dist over ``key(s)`` for the first state ``s`` reached with ``stop(s)`` true (or the game
    over). Decisions are taken by ``policies[side]`` (default: the first legal action); the policies
    must be deterministic for the answer to be exact. Raises :class:`TooBig` past ``max_states``
    distinct states or ``max_seconds``. ``prune(state, outcomes)`` may replace a chance node's
    outcomes by fewer ones that lead to the same answer (a caller's proven shortcut)."""
    ctx = ctx or state.ctx
    pol = dict(policies or {})
    rng = random.Random(0)
    start = time.perf_counter()
    layer: dict[GameState, Fraction] = {state: Fraction(1)}
    final: dict[Hashable, Fraction] = {}
    seen = 0
    while layer:
        nxt: dict[GameState, Fraction] = {}
        for s, p in layer.items():
            seen += 1
            if seen > max_states:
                raise TooBig("zt.too_big.states", n=max_states)
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                raise TooBig("zt.too_big.seconds", s=max_seconds)
            if s.pending is None or stop(s):
                k = key(s)
                final[k] = final.get(k, Fraction(0)) + p
                continue
            if s.pending.side == Side.CHANCE:
                outs = engine.chance_outcomes(s, ctx)
                if prune is not None:
                    outs = prune(s, outs)
                for a, q in outs:
                    t, _ = engine.apply(s, ctx, a)
                    nxt[t] = nxt.get(t, Fraction(0)) + p * q
            else:
                legal = engine.legal_actions(s, ctx)
                a = pol.get(s.pending.side, first_legal)(s, legal, rng)
                t, _ = engine.apply(s, ctx, a)
                nxt[t] = nxt.get(t, Fraction(0)) + p
        layer = nxt
    return Dist(final, title=title)


def draw(outs, rng: random.Random):
    """One outcome of a chance node drawn with its exact probability: a whole number below the common
    denominator picks it (no floating point), one `randrange` per draw."""
    den = math.lcm(*(q.denominator for _, q in outs))
    r = rng.randrange(den)
    acc = 0
    for a, q in outs:
        acc += q.numerator * (den // q.denominator)
        if r < acc:
            return a
    return outs[-1][0]  # pragma: no cover - the probabilities sum to 1


def play_once(
    state: GameState,
    *,
    stop: Callable[[GameState], bool],
    rng: random.Random,
    policies: Optional[Mapping[str, Policy]] = None,
    ctx: Optional[engine.Ctx] = None,
    max_actions: int = 100_000,
) -> GameState:
    """Play from `state` until ``stop`` (or the game ends): each chance outcome drawn with its exact
    probability (an integer draw on the common denominator, no floats), decisions by the policies."""
    ctx = ctx or state.ctx
    pol = dict(policies or {})
    s = state
    for _ in range(max_actions):
        if s.pending is None or stop(s):
            return s
        if s.pending.side == Side.CHANCE:
            a = draw(engine.chance_outcomes(s, ctx), rng)
        else:
            a = pol.get(s.pending.side, first_legal)(s, engine.legal_actions(s, ctx), rng)
            if isinstance(a, tuple):  # a policy's (action, note)
                a = a[0]
        s, _ = engine.apply(s, ctx, a)
    raise TooBig(f"the play did not stop within {max_actions} actions")


def sample(
    state: GameState,
    *,
    stop: Callable[[GameState], bool],
    key: Callable[[GameState], Hashable] = lambda s: s,
    n: int = 10_000,
    seed: int = 0,
    policies: Optional[Mapping[str, Policy]] = None,
    ctx: Optional[engine.Ctx] = None,
) -> Dist:
    """The Monte Carlo counterpart of :func:`outcomes`: play the engine's own resolvers `n` times with
    random dice (seeded) and count ``key(final state)``. Same rules, sampled instead of enumerated."""
    ctx = ctx or state.ctx
    rng = random.Random(seed)
    counts: dict[Hashable, int] = {}
    for _ in range(n):
        k = key(play_once(state, stop=stop, rng=rng, policies=policies, ctx=ctx))
        counts[k] = counts.get(k, 0) + 1
    return Dist(counts, title=f"Monte Carlo, {n} plays of the engine")
