"""The Monte Carlo counterpart of the exact zombie-turn walk (:mod:`dodnb.prob.zombieturn`): one turn
played with seeded dice, each chance outcome of the engine drawn with its exact probability
(:func:`walk_once`, :func:`sample_zombie_turn`), and the estimate :func:`dodnb.prob.zombieturn.zombie_turn`
falls back on past its budget (:func:`estimate`)."""

from __future__ import annotations

import random
from fractions import Fraction

from dodnb.prob.dist import Dist
from dodnb.prob.enumerate import TooBig, draw
from dodnb.prob.zombieturn.common import TurnOutcome, step
from dodnb.prob.zombieturn.walker import ZombieTurnWalk, start_position
from dodnb.rules import engine
from dodnb.rules.knowledge import conceal
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Side

__all__ = ["walk_once", "sample_zombie_turn", "estimate"]


def _outcome(s: GameState, destroyed: int, entered: int) -> TurnOutcome:
    return TurnOutcome(tuple((c.name, c.status) for c in s.characters), destroyed, entered, s.result.winner if s.result else "")


def walk_once(st: GameState, walk: ZombieTurnWalk, rng: random.Random, max_steps: int = 100_000) -> TurnOutcome:
    """One zombie turn with dice drawn from `rng`: each chance outcome of the engine drawn with its
    exact probability (an integer draw on the common denominator, no floats), unit by unit as the
    engine lists them (no shortcut needed: one path), so a seed gives the same turn as
    `dodnb.prob.enumerate.play_once` did."""
    s = st
    d = e = 0
    ctx = walk.ctx
    for _ in range(max_steps):
        if walk.stop(s):
            return _outcome(s, d, e)
        shown = walk.revealed(s)  # a public position: a value nobody knows drawn where it is revealed
        if shown is not None:
            s = draw(shown, rng)
            continue
        p = s.pending
        if p.side == Side.CHANCE:
            outs = engine.chance_outcomes(s, ctx)
        else:
            outs = walk.branches(s)
        a = outs[0][0]
        if p.side == Side.CHANCE or len(outs) > 1:
            a = draw(outs, rng)
        s, dd, ee = step(ctx, s, a)
        d, e = d + dd, e + ee
    raise TooBig(f"the zombie turn did not end within {max_steps} steps")


def sample_zombie_turn(game_or_state, rng: random.Random, *, zombie=None, human=None, knowledge: str = "humans") -> TurnOutcome:
    """One zombie turn played with dice drawn from `rng` (the Monte Carlo counterpart): each chance
    node's outcome is drawn with its exact probability, decisions by the same policies; values nobody
    knows drawn at their reveal (``knowledge="humans"``, ruling K1) or read under the counters
    (``"onlooker"``), as :func:`~dodnb.prob.zombieturn.zombie_turn`."""
    st, ctx = start_position(game_or_state)
    if knowledge == "humans":
        st = conceal(st)
    return walk_once(st, ZombieTurnWalk(st, ctx, zombie=zombie, human=human), rng)


def estimate(st: GameState, walk: ZombieTurnWalk, n: int, seed: int) -> tuple[Dist, dict]:
    """(the Dist of :class:`TurnOutcome` estimated from `n` turns played from `st` with dice seeded by
    `seed`, the count of each outcome): the fallback of :func:`dodnb.prob.zombieturn.zombie_turn`."""
    rng = random.Random(seed)
    counts: dict[TurnOutcome, int] = {}
    for _ in range(n):
        o = walk_once(st, walk, rng)
        counts[o] = counts.get(o, 0) + 1
    dist = Dist({o: Fraction(c, n) for o, c in counts.items()}, title="the coming zombie turn (estimated)")
    return dist, counts
