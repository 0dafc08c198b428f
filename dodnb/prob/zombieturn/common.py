"""What the parts of the zombie-turn walk share (:mod:`dodnb.prob.zombieturn`): the outcome of a turn,
one engine step with the zombies it destroyed and the units it brought in, a record copied with a few
fields changed, and the markers every part reads."""

from __future__ import annotations

from typing import NamedTuple

from dodnb.rules import engine
from dodnb.rules.state import GameState, Pending
from dodnb.rules.vocab import Phase, Side

#: the phases after movement, where no zombie moves any more in the turn (Attack, Generation)
POST_MOVEMENT = (Phase.ATTACK.value, Phase.GENERATION.value)
#: what a zombie free-move decision waits on, as the walk keys it (``ZombieTurnWalk._free_decision``)
FREE_PENDING = Pending(Side.ZOMBIE.value, "free")
#: the first part of a child that is already the end of the turn: (END, statuses, winner)
END = "end of the zombie turn"


class TurnOutcome(NamedTuple):
    """What one zombie turn did. ``statuses``: (name, status) for every character, in game order, when
    the next Human Player-Turn begins (or the game ends); ``destroyed``: zombie units and super zombies
    eliminated during the turn [6.0], [11.3]; ``entered``: units placed on the map during the turn (a
    hidden zombie [15.2], [9.0] or a unit drawn at a main door [13.3]) — a unit shot and drawn back in
    the same turn counts once in each; ``winner``: '' or who won during the turn [14.1], [14.2]."""

    statuses: tuple
    destroyed: int
    entered: int
    winner: str = ""


def count_changes(s: GameState, t: GameState) -> tuple[int, int]:
    """(zombies eliminated, units placed on the map) from `s` to `t`, one engine step: read from what
    happened, not from names (a unit can be shot and drawn back in the same turn).

    The engine changes units and characters in place (same order, same names), so only the pairs that
    are not the same object are read; any other change of the tuples is counted by names."""
    destroyed = entered = 0
    zs, zt = s.zombies, t.zombies
    if zs is not zt:
        if len(zs) == len(zt) and all(a.uid == b.uid for a, b in zip(zs, zt) if a is not b):
            for a, b in zip(zs, zt):
                if a is not b and (a.square is None) != (b.square is None):
                    if b.square is None:
                        destroyed += 1
                    else:
                        entered += 1
        else:
            before = {z.uid for z in zs if z.square is not None}
            after = {z.uid for z in zt if z.square is not None}
            destroyed, entered = len(before - after), len(after - before)
    if s.characters is not t.characters:
        sup_before = {c.name for c in s.characters if c.is_super}
        destroyed += len(sup_before - {c.name for c in t.characters if c.is_super})
    return destroyed, entered


def step(ctx, t: GameState, a) -> tuple:
    """(the position after `a` at `t`, zombies eliminated and units placed on the way): :func:`reached`."""
    return reached(t, engine.apply(t, ctx, a)[0])


def reached(t: GameState, u: GameState) -> tuple:
    """(`u`, zombies eliminated and units placed from `t` to it: :func:`count_changes`, read only when the
    units or the characters changed)."""
    if u.zombies is t.zombies and u.characters is t.characters:
        return u, 0, 0
    return (u, *count_changes(t, u))


def evolved(z, **changes):
    """`z` (a frozen record: a unit, the Zombie Player-Turn's bookkeeping) with `changes`, its fields
    copied without re-running ``__init__`` (as ``GameState.evolve`` does), its cached hash dropped;
    `z` itself when nothing changes."""
    d = z.__dict__
    if all(d[k] == v for k, v in changes.items()):
        return z
    new = object.__new__(type(z))
    new.__dict__.update(z.__dict__)
    new.__dict__.pop("_h", None)  # the cached hash of the old fields (ZombieUnit.__hash__)
    new.__dict__.update(changes)
    return new
