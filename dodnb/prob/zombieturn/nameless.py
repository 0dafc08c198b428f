"""Ruling Z1, counters nameless in movement (:mod:`dodnb.prob.zombieturn`): from the Berserk Phase to
the end of the Zombie Free Movement Phase the children of a position are worked out once on the
position with its units named after their squares and without values
(:meth:`NamelessCounters._nameless`), then named again (:meth:`NamelessCounters._named`); where the
free movement ends on a nameless position, :class:`MovementOver` marks it.

It is one part of :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk` (the walker mixes it in): its methods
read the walker's context, settings, caches and counts (``ctx``, ``shortcuts``, ``used``...) and call the
walker's other parts through ``self``."""

from __future__ import annotations

from typing import Optional

from dodnb.prob.zombieturn.common import evolved
from dodnb.rules.state import GameState, Pending, ZombieTurn
from dodnb.rules.vocab import Phase

__all__ = ["NamelessCounters", "MovementOver", "NAMELESS"]


class NamelessCounters:
    """Ruling Z1, counters nameless in movement (a part of
    :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk`)."""

    def _nameless_children(self, s: GameState) -> Optional[list]:
        """Ruling Z1 (counters nameless in movement): from the Berserk Phase to the end of the Zombie
        Free Movement Phase the solitaire zombie side reads where each unit stands, whether it is
        berserk, what the players know of it, and the rest of the position, never which counter it is:
        not its Zombie Value [7.7] (no roll of these phases but the glass door's [10.5] reads one), not
        its id (ruling S-T1 (5): every fixed order of the zombie side is by square), not the pools
        (nothing is drawn in these phases without hidden zombies [9.2]). So the children of a position
        are worked out once for every position that differs only in which counters stand where: on
        the position with its units renamed after their squares and their values taken off
        (:meth:`_nameless`), up to the end of movement; each child then gets the counters back
        (:meth:`_named`), and the end of movement [8.0] (which reads the values) is worked out on it.
        None where that cannot be done (the walk then works the children out as before). Where the
        first nameless positions (`_NAMELESS_TRIAL`) are all different (the Hidden Zombie Table drew
        counters alike, or none), the walk stops taking names off: naming and renaming would be all
        the work, the children being the same either way."""
        got = self._nameless(s)
        if got is None:
            return None
        a, order, names = got
        kids = self._nameless_kids.get(a)
        if kids is None and len(self._nameless_kids) >= _NAMELESS_TRIAL and "movement shared by nameless counters" not in self.used:
            # no two positions alike so far: the Hidden Zombie Table drew counters alike, or none; the
            # rest of the walk goes on with its counters named (the same children, less work)
            self.nameless = False
            self.used["counters named again, nothing shared"] = 1
            return None
        if kids is None:
            self._in_nameless = True
            try:
                kids = self.children(a)
            finally:
                self._in_nameless = False
            if any(type(t) is not MovementOver and t.pending is not None and t.pending.kind in _READS_VALUES
                   for t, *_ in kids):
                kids = ()  # a child at a roll that reads a value: worked out on every named position
            self._nameless_kids[a] = kids
        else:
            self.used["movement shared by nameless counters"] = self.used.get("movement shared by nameless counters", 0) + 1
        if not kids:
            return None
        out = []
        done: dict = {}  # a child met again (the free-movement die's faces share ends): named once
        for t, q, d, e in kids:
            got = done.get(id(t))
            if got is None:
                over = type(t) is MovementOver
                c = self._named(t.state if over else t, s, a, order, names)
                if c is None:
                    return None
                dd = ee = 0
                if over:
                    c, dd, ee = self._end_movement(c)
                    c = self.canon(c)
                got = done[id(t)] = (c, dd, ee)
            out.append((got[0], q, d + got[1], e + got[2]))
        return out

    def _nameless(self, s: GameState) -> Optional[tuple]:
        """(`s` with every unit on the map renamed after its square and its value taken off, in the
        order of the squares, and nothing off the map; the indexes of those units in `s`, in that
        order; the names given, with the ids they stand for), or None where the units cannot be told
        apart by square (two in one square) or there is nothing to rename."""
        if s.hidden_squares or s.attack is not None or s.shot is not None:
            return None
        zs = s.zombies
        got = self._nameless_tuples.get(id(zs))
        if got is None or got[0] is not zs:
            got = self._nameless_units_of(zs)
            if got is None:
                return None
            if len(self._nameless_tuples) > 50_000:
                self._nameless_tuples.clear()
            self._nameless_tuples[id(zs)] = got
        _, units, order, names, ids = got
        a = s.evolve(zombies=units, zturn=_renamed_turn(s.zturn, ids), pending=self._renamed_pending(s.pending, ids))
        return a, order, names

    def _nameless_units_of(self, zs: tuple) -> Optional[tuple]:
        """(`zs`, the units on the map nameless in the order of their squares, their indexes in `zs`,
        the names given -> the ids, the ids -> the names) — made once per tuple of units (positions
        that differ elsewhere share it) — or None (two units in one square, or none on the map)."""
        placed = sorted([(z.square, i) for i, z in enumerate(zs) if z.square is not None])
        if not placed:
            return None
        names: dict = {}
        ids: dict = {}
        units = []
        memo = self._nameless_units
        for sq, i in placed:
            nm = _NAMELESS_NAME.get(sq)
            if nm is None:
                nm = _NAMELESS_NAME[sq] = "\x01" + sq + "\x02"
            if nm in names:
                return None  # two units in one square: no order by square [7.6]
            z = zs[i]
            names[nm] = z.uid
            ids[z.uid] = nm
            got = memo.get(id(z))
            if got is None or got[0] is not z:
                if len(memo) > 200_000:
                    memo.clear()
                got = memo[id(z)] = (z, evolved(z, uid=nm, value=None))  # (z kept alive: its id is not reused)
            units.append(got[1])
        key = tuple(units)
        units_t = self._nameless_interned.get(key)  # one tuple object per content: hashed once
        if units_t is None:
            if len(self._nameless_interned) > 50_000:
                self._nameless_interned.clear()
            units_t = self._nameless_interned[key] = key
        return zs, units_t, [i for _, i in placed], names, ids

    def _named(self, t: GameState, s: GameState, a: GameState, order: list, names: dict) -> Optional[GameState]:
        """`t`, reached from the nameless position `a` of `s` (:meth:`_nameless`), with the counters of
        `s` back: each unit its id and value (the engine changes units in place, in their order), the
        bookkeeping and the decision pending naming them by id again (never a roll that reads a
        value: :meth:`_nameless_children` keeps none). None if the units are not those of `a`."""
        tz = t.zombies
        az = a.zombies
        if len(tz) != len(az):
            return None
        zs = s.zombies
        out = None
        for j, u in enumerate(tz):
            if u is az[j]:
                continue
            if u.uid != az[j].uid:
                return None
            if out is None:
                out = list(zs)
            i = order[j]
            real = zs[i]
            out[i] = evolved(u, uid=real.uid, value=real.value)
        return t.evolve(zombies=zs if out is None else tuple(out), zturn=_renamed_turn(t.zturn, names),
                        pending=self._renamed_pending(t.pending, names))

    def _renamed_pending(self, p: Optional[Pending], names: dict) -> Optional[Pending]:
        """`p` naming its unit (`who`, and in its gloss) by `names` [id or name given -> the other]."""
        if p is None or p.who not in names:
            return p
        nm = names[p.who]
        got = self._pendings.get((p, nm))
        if got is None:
            got = self._pendings[(p, nm)] = Pending(p.side, p.kind, p.case, p.purpose.replace(p.who, nm), p.dice, nm)
        return got


#: ruling Z1 (counters nameless in movement): the rolls of the movement phases whose children are
#: worked out nameless: the Berserk Phase's [10.0], [15.4] and the free-movement die [7.0] 2 (from each,
#: the walk goes on to the next roll or to the end of movement, where the named position takes over;
#: not a zombie decision, which the walk meets as a node only where it starts, and whose first step may
#: end the movement); and the roll of those phases that reads a value ([10.5] the glass door)
NAMELESS = frozenset({"roll:berserk_stay", "roll:berserk_go", "pick:tie", "roll:free"})
_READS_VALUES = frozenset({"roll:glass"})
_NAMELESS_TRIAL = 48  # nameless positions worked out, none met twice: the walk stops naming counters off
_NAMELESS_NAME: dict = {}  # square -> the name of the unit standing there, nameless
#: the fields of the Zombie Player-Turn's bookkeeping that name units by id (the others name squares,
#: doors or characters)
_TURN_IDS = ("queue", "reacted", "moved", "ended_berserk", "ties")


def _renamed_turn(zt: ZombieTurn, names: dict) -> ZombieTurn:
    """The bookkeeping `zt` naming its units by `names` (id or name given -> the other), in the
    movement phases (where `queue` holds units: the berserk units re-checked [10.0], those to react
    [7.0] 1)."""
    get = names.get
    changes = {}
    for f in _TURN_IDS:
        v = getattr(zt, f)
        if v:
            nv = tuple([get(x, x) for x in v])
            if nv != v:
                changes[f] = nv
    if zt.checking in names:
        changes["checking"] = names[zt.checking]
    if zt.stacks:
        nv = tuple([(n, get(u, u)) for n, u in zt.stacks])
        if nv != zt.stacks:
            changes["stacks"] = nv
    if zt.breaking and zt.breaking[0] in names:
        changes["breaking"] = (names[zt.breaking[0]],) + tuple(zt.breaking[1:])
    return evolved(zt, **changes) if changes else zt


class MovementOver:
    """Ruling Z1 (counters nameless in movement): a nameless position where the zombies' free movement
    ends [8.0]; the end of movement is worked out once its counters are named again (it reads their
    values). Passes for a position that waits on nothing in the movement phases (the chains stop at
    it, the canonical form leaves it as it is)."""

    __slots__ = ("state",)
    pending = None
    result = None
    phase = Phase.FREE.value

    def __init__(self, state: GameState):
        self.state = state
