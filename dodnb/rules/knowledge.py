"""What the players know of each zombie unit: which counters are face up, which have been seen.

The rules, stated here once (a :class:`~dodnb.rules.state.GameState` applies them through
`GameState.with_knowledge` and `GameState.with_knowledge_after`):

* a unit is face up while a character is in its square [5.4], [7.7], or a super zombie is [11.1]
  (in the solitaire game a super zombie passing or stacking reveals nothing [15.7]); a killed
  character shows nothing;
* every unit face up now has been seen, and the players may remember it [2.3] (a seen unit's value is
  known even once turned face down again);
* a unit turned face up is no longer one of the values it could be: its ``candidates`` [13.3] go.

What the human player may see of a position (its values, what a face-down unit could be) is
`dodnb.rules.observe`.
"""

from __future__ import annotations

from typing import Optional

from dodnb.rules.records import CharacterState, ZombieUnit
from dodnb.rules.vocab import Status

Units = tuple[ZombieUnit, ...]
Characters = tuple[CharacterState, ...]


def shown_squares(characters: Characters, solitaire: bool) -> frozenset:
    """The squares whose units are face up: a character's [5.4], [7.7], or a super zombie's [11.1]
    ([15.7] in the solitaire game a super zombie passing or stacking reveals nothing)."""
    return frozenset(c.square for c in characters
                     if c.square is not None and c.status != Status.KILLED and not (solitaire and c.status == Status.SUPER))


def known(z: ZombieUnit, shown: frozenset, lower: bool) -> ZombieUnit:
    """One unit as the players know it (`shown`: the squares whose units are face up): face up and
    seen there [5.4], [7.7], [2.3], face down elsewhere unless not `lower` (a study position built by
    hand keeps a unit the caller put face up); the same object if unchanged."""
    if z.face_up:
        if z.square in shown or not lower:
            return _flip(z, True, z.seen, ()) if z.candidates else z
        return _flip(z, False, z.seen, z.candidates)
    if z.square is not None and z.square in shown:
        return _flip(z, True, True, ())
    return z


def _flip(z: ZombieUnit, up: bool, seen: bool, candidates: tuple[int, ...]) -> ZombieUnit:
    """A copy of a unit face up or down, without re-running __init__ (face up implies seen [2.3])."""
    new = object.__new__(ZombieUnit)
    d = new.__dict__
    d.update(z.__dict__)
    d.pop("_h", None)  # a cached hash is of the old fields
    d["face_up"] = up
    d["seen"] = seen or up
    d["candidates"] = candidates
    return new


def settle(zombies: Units, characters: Characters, solitaire: bool, lower: bool = True) -> Units:
    """The units face up exactly where `shown_squares` says, each as `known` leaves it; the same tuple
    if no unit changed."""
    shown = shown_squares(characters, solitaire)
    out = None
    for i, z in enumerate(zombies):  # a plain loop: faster here than any map over attrgetters
        if not z.face_up and (z.square is None or z.square not in shown):
            continue  # (most units: face down away from the characters, as they stay)
        nz = known(z, shown, lower)
        if nz is z:
            continue
        if out is None:
            out = list(zombies)
        out[i] = nz
    return tuple(out) if out is not None else zombies


def settle_after(before: Units, zombies: Units, characters: Characters, solitaire: bool, i: int) -> Optional[Units]:
    """`settle` for units that are `before` but for unit `i`, which moved or changed, when `before` was
    settled (`remember`) with these characters: only that unit can be turned up or down. None when
    there is no such record of `before` (then the whole of `settle` is needed)."""
    got = _SETTLED.get(id(before))
    if got is None or got[0] is not before or got[1] is not characters or got[2] != solitaire:
        return None
    z = known(zombies[i], shown_squares(characters, solitaire), True)
    return zombies if z is zombies[i] else zombies[:i] + (z,) + zombies[i + 1:]


#: Units tuples that `settle` settled (each unit face up exactly where it must be), by id: the tuple
#: itself (kept alive, so its id is not reused), the characters and the game kind they were settled
#: for. `settle_after` reads it. At most 20,000 (a few MB). Independent of any board or tables: what
#: is face up is read from the squares of units and characters alone.
_SETTLED: dict[int, tuple[Units, Characters, bool]] = {}


def remember(zombies: Units, characters: Characters, solitaire: bool) -> None:
    """Note that these units are settled for these characters (see `settle_after`)."""
    if len(_SETTLED) > 20_000:
        _SETTLED.clear()
    _SETTLED[id(zombies)] = (zombies, characters, solitaire)


__all__ = ["shown_squares", "known", "settle", "settle_after", "remember"]
