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

**The information model** (ruling K1 in docs/RULINGS.md, with its proof), stated here once:

* *The table* (the state) holds every Zombie Value. Nobody at the table reads a face-down value: not
  the humans [2.3], not the zombie player moving units [7.7] (nor, in solitaire, the one player for
  both [15.7]). What either side knows of a value is what has been shown.
* *The humans know* a unit's value when it is face up now or was seen and has not since gone back
  into the mixed eliminated pool (`value_known`); the values of the counters nobody has seen, as a
  multiset (the counter mix is printed, the seen ones remembered [2.3]: `unseen`); the values they
  saw eliminated and how many never-seen counters are mixed with them [13.3], [15.1] (`pool_record`).
* *Nobody knows* which never-seen counter holds which of those values. A never-seen unit is a draw
  from the counters nobody has seen, taken when it is revealed (entering a character's square [5.4],
  being shot at [6.0], trying a glass door [10.5]); by exchangeability this is exactly the deal of
  set-up. A unit drawn face down from the pool is one entry of its ``candidates`` at random, an
  UNKNOWN entry being such a draw (`reveal_outcomes`).

A *public position* (`conceal`) writes this down for the walks of the odds: every unit whose value the
humans do not know holds UNKNOWN, and the values nobody has seen wait in ``zturn.urn``; a walk draws
from the urn when a unit is revealed (`reveal_needed`, `reveal_outcomes`), so no answer reads the real
value of a counter nobody has seen. `public_world` deals the unknown values again at random for the
players' look-ahead (a world nobody at the table can tell from the real one).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import gcd
from typing import Any, Optional

from dataclasses import dataclass, replace
from typing import ClassVar

from dodnb.rules.actions import Action
from dodnb.rules.records import CharacterState, ZombieUnit
from dodnb.rules.vocab import AttackStep, Pool, Status

#: whose knowledge an answer is from (ruling K1): the humans at the table (every public answer), or an
#: onlooker who turned every counter over (an explicit, named option: not an answer a player can know)
KNOWLEDGE = ("humans", "onlooker")

#: A Zombie Value nobody knows yet: in a unit's ``candidates``, one counter nobody has seen; as a
#: unit's value in a public position (`conceal`), a value still to be drawn at its reveal.
UNKNOWN = 0

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


# ----------------------------------------------------------------------------- the information model


def value_known(z: ZombieUnit) -> bool:
    """The humans know this unit's value: face up now [5.4], [7.7], or seen [2.3] and not drawn face
    down from the mixed eliminated pool since [13.3] (then only its ``candidates`` are known)."""
    return z.face_up or (z.seen and not z.candidates)


def never_seen(z: ZombieUnit) -> bool:
    """This counter's value has never been shown [2.3], [7.7] (a secret of the table: for a unit drawn
    face down from the pool, nobody can tell)."""
    return not (z.seen or z.face_up)


def live_candidates(candidates: tuple[int, ...], spare: bool) -> tuple[int, ...]:
    """The entries of a drawn unit's ``candidates`` that it can still be (ruling K2): an UNKNOWN entry
    stands for a draw from the counters nobody has seen, live only while they hold a value to
    `spare` (:func:`has_spare`); else it stands for nothing and is dropped, the other entries keeping
    their weights relative to one another (all of them UNKNOWN cannot happen in play: such a unit
    is itself a counter nobody has seen, so there is a value to spare, its own)."""
    if spare or UNKNOWN not in candidates:
        return candidates
    return tuple(c for c in candidates if c != UNKNOWN) or candidates


def must_draw(candidates: tuple[int, ...]) -> bool:
    """A unit whose value is not known with these candidates (none: never drawn from the pool; or only
    UNKNOWN: drawn from a pool of counters nobody had seen) is itself a counter nobody has seen: its
    value is one of theirs (ruling K2)."""
    return all(c == UNKNOWN for c in candidates)


def is_public(st: Any) -> bool:
    """Is `st` a public position (`conceal`): an urn of unseen values, lots, or a value held as UNKNOWN
    or a lot's index?"""
    zt = st.zturn
    return bool(zt.urn or zt.lots) or any(z.value is not None and z.value <= UNKNOWN for z in st.zombies)


def has_spare(st: Any) -> bool:
    """Ruling K2: do the counters nobody has seen hold more values than the units that must each take
    one of them (:func:`must_draw`)? Only then can a unit drawn face down from a pool of seen and
    unseen counters be one of the unseen. In a public position (`conceal`): the urn against those
    units."""
    zt = st.zturn
    zs = st.zombies
    if is_public(st):
        need = sum(1 for z in zs if z.value is not None and (z.value == UNKNOWN or (z.value < UNKNOWN and must_draw(zt.lots[-1 - z.value]))))
        return len(zt.urn) > need
    return len(unseen(zs)) > sum(1 for z in zs if not value_known(z) and must_draw(z.candidates))


def unseen(zombies: Units) -> list[int]:
    """The values of the counters nobody has seen, one entry per counter, sorted: the counter mix less
    what has been shown."""
    return sorted(z.value for z in zombies if not (z.seen or z.face_up))


def unseen_of(st: Any) -> list[int]:
    """`unseen` of a position: in a public position (`conceal`), the urn of values not yet drawn."""
    if is_public(st):
        return sorted(st.zturn.urn)
    return unseen(st.zombies)


def pool_record(zombies: Units) -> tuple[int, ...]:
    """What the humans know of a counter drawn from the eliminated pool [13.3], [15.1], as equally
    likely entries: each counter in the pool weighs the same, and stands for its value if they saw
    it eliminated, an UNKNOWN if nobody has seen it, or its own candidates if it was in the pool when
    an earlier unit was drawn face down (which one left, nobody saw: `draw_record`)."""
    lots = []
    for z in zombies:
        if z.pool != Pool.ELIMINATED:
            continue
        if z.candidates:
            lots.append(z.candidates)
        else:
            lots.append((UNKNOWN,) if never_seen(z) else (z.value,))
    if not lots:
        return ()
    n = 1
    for c in lots:
        n = n * len(c) // gcd(n, len(c))
    counts: Counter = Counter()
    for c in lots:
        for v, k in Counter(c).items():
            counts[v] += k * (n // len(c))
    return _entries(counts)


#: the most entries a pool record keeps (`pool_record`): past it, its odds are rounded to sixtieths
RECORD_ENTRIES = 60


def _entries(counts: Counter) -> tuple[int, ...]:
    """Equally likely entries with these relative counts: the fewest that give the same odds, or past
    RECORD_ENTRIES the odds rounded to that many entries (largest remainders; every value kept) —
    records of records would otherwise grow without end (ruling K1, its limit)."""
    g = 0
    for k in counts.values():
        g = gcd(g, k)
    counts = Counter({v: k // g for v, k in counts.items()})
    total = sum(counts.values())
    if total > RECORD_ENTRIES:
        exact = {v: Fraction(k * RECORD_ENTRIES, total) for v, k in counts.items()}
        got = {v: max(1, int(q)) for v, q in exact.items()}
        for v in sorted(exact, key=lambda v: (-(exact[v] - int(exact[v])), v)):
            if sum(got.values()) >= RECORD_ENTRIES:
                break
            got[v] += 1
        counts = Counter(got)
    return tuple(sorted(v for v, k in counts.items() for _ in range(k)))


def draw_record(zombies: Units, uid: str) -> tuple:
    """The units after `uid` is drawn face down from the eliminated pool [13.3]: it and every counter
    left in the pool get the pool's record (`pool_record`) as candidates — whichever counter left, the
    humans did not see it, so each of them is, to them, any counter the pool held."""
    rec = pool_record(zombies)
    out = []
    for z in zombies:
        if z.pool == Pool.ELIMINATED and z.uid != uid and z.candidates != rec:
            z = _flip(z, False, z.seen, rec)
        out.append(z)
    return tuple(out), rec


def lot(z: ZombieUnit, unseen_values: list[int], spare: Optional[bool] = None) -> list[tuple[int, Fraction]]:
    """The humans' odds of this unit's value [2.3], [7.7], [13.3]: its value if known, else each value
    with its chance (an UNKNOWN candidate standing for a draw from `unseen_values`, while they have a
    value to `spare`, ruling K2: :func:`has_spare` of the position; by default, while there are any)."""
    if value_known(z):
        return [(z.value, Fraction(1))]
    got: dict[int, Fraction] = {}
    entries = live_candidates(z.candidates or (UNKNOWN,), bool(unseen_values) if spare is None else spare)
    for c in entries:
        if c != UNKNOWN:
            got[c] = got.get(c, Fraction(0)) + Fraction(1, len(entries))
        elif unseen_values:
            for v, k in Counter(unseen_values).items():
                got[v] = got.get(v, Fraction(0)) + Fraction(k, len(unseen_values) * len(entries))
    if not got:
        return [(z.value, Fraction(1))]  # no counter left unseen (a study position): nothing else it could be
    return sorted(got.items())


def conceal(st: Any) -> Any:
    """The public position of `st` (a GameState): each unit whose value the humans do not know holds
    UNKNOWN, or -(j + 1) for a unit drawn face down from the pool whose ``candidates`` are
    ``zturn.lots[j]``; ``zturn.urn`` holds the values of the counters nobody has seen. Everything
    else is as the table has it. The engine plays it like any position until a value it would read
    is not known: a walk first draws it (`reveal_needed`, `reveal_outcomes`)."""
    lots: list = []
    zs = []
    for z in st.zombies:
        if value_known(z):
            zs.append(z)
        elif z.candidates:
            if z.candidates not in lots:
                lots.append(z.candidates)
            zs.append(_with_value(z, -1 - lots.index(z.candidates)))
        else:
            zs.append(_with_value(z, UNKNOWN))
    return st.evolve(zombies=tuple(zs), zturn=_turn_with(st.zturn, urn=tuple(unseen(st.zombies)), lots=tuple(lots)))


def without_urn(zt: Any) -> Any:
    """A public position's zombie-turn bookkeeping with its urn and lots set aside (a key for what
    does not read them: `dodnb.prob.zombieturn`'s walk)."""
    return _turn_with(zt, urn=(), lots=())


def _turn_with(zt: Any, **changes: Any) -> Any:
    new = object.__new__(type(zt))
    new.__dict__.update(zt.__dict__)
    new.__dict__.update(changes)
    return new


def reveal_needed(st: Any, shown: bool = True) -> Optional[int]:
    """The index of a unit whose value is not known (UNKNOWN or a lot, `conceal`) and is read now:
    attacking [8.0], shot at [6.0], flipped to try a glass door [10.5] — and, with `shown`, face up
    (a character's square [5.4], where moving out costs its value); None if there is none. A walk
    that reads no face-up value before the attack (the zombie turn: [15.5] moves without looking
    [7.7]) may pass ``shown=False`` and draw it later: the same odds (deferred decision), fewer
    positions."""
    read = ()
    if st.attack is not None or st.shot is not None:
        read = tuple(x.square if x is st.attack else x.target for x in (st.attack, st.shot) if x is not None)
    breaking = st.zturn.breaking[0] if st.zturn.breaking else None
    if not read and breaking is None and not shown:
        return None
    for i, z in enumerate(st.zombies):
        v = z.value
        if v is not None and v <= UNKNOWN and ((shown and z.face_up) or z.uid == breaking or (z.square is not None and z.square in read)):
            return i
    return None


def reveal_outcomes(st: Any, i: int) -> list[tuple[Any, Fraction]]:
    """The public position with unit `i` revealed, for each value it can show, with its chance: one of
    its candidates at random (``zturn.lots``), an UNKNOWN one (or a unit nobody has seen) a draw from
    ``zturn.urn``, which loses that value."""
    z = st.zombies[i]
    zt = st.zturn
    entries = live_candidates(zt.lots[-1 - z.value], has_spare(st)) if z.value < UNKNOWN else (UNKNOWN,)
    got: dict = {}
    for c in entries:
        if c != UNKNOWN:
            k = (c, zt.urn)
            got[k] = got.get(k, 0) + Fraction(1, len(entries))
            continue
        if not zt.urn:
            raise ValueError("a unit nobody has seen is revealed, but no counter is left unseen")
        for v, n in Counter(zt.urn).items():
            rest = list(zt.urn)
            rest.remove(v)
            k = (v, tuple(rest))
            got[k] = got.get(k, 0) + Fraction(n, len(zt.urn) * len(entries))
    att = st.attack
    # an attack that has already counted the value in ([8.0] 2: the engine's automatic steps) counts the
    # value shown instead
    counted = att is not None and att.square == z.square and att.step != AttackStep.FIRE
    return [(st.evolve(zombies=st.zombies[:i] + (_with_value(z, v),) + st.zombies[i + 1:], zturn=_turn_with(zt, urn=rest),
                       **({"attack": replace(att, value=att.value - z.value + v)} if counted else {})), q)
            for (v, rest), q in got.items()]


def public_world(st: Any, rng: random.Random) -> Any:
    """A position nobody at the table can tell from `st`, dealt at random by `rng` from what the humans
    know (the players' look-ahead plays in it, never in the real one): each unit drawn face down from
    the pool takes one of its ``candidates`` (an UNKNOWN one a value nobody has seen), and the
    counters nobody has seen share the rest of those values, shuffled. It reads only public things:
    the multiset of unseen values, the units' squares, flags and candidates, and `rng`."""
    pool = unseen(st.zombies)
    rng.shuffle(pool)
    zs = list(st.zombies)
    lots = [i for i, z in enumerate(zs) if not value_known(z) and not must_draw(z.candidates)]
    blind = [i for i, z in enumerate(zs) if not value_known(z) and must_draw(z.candidates)]  # (ruling K2)
    for i in sorted(lots, key=lambda i: zs[i].uid):
        live = live_candidates(zs[i].candidates, len(pool) > len(blind))  # ruling K2
        c = live[rng.randrange(len(live))]
        if c == UNKNOWN:
            c = pool.pop()
        zs[i] = _with_value(zs[i], c)
    for i in sorted(blind, key=lambda i: zs[i].uid):
        zs[i] = _with_value(zs[i], pool.pop())  # (each is a counter nobody has seen: its value is in the pool)
    return st.evolve(zombies=tuple(zs))


@dataclass(frozen=True, repr=False)
class Shown(Action):
    """A chance outcome of a public walk, not a move of the game: the unit in `square`, whose value
    nobody knew, shows `value` (`reveal_outcomes`; ruling K1)."""

    side: ClassVar[str] = "chance"
    square: str
    value: int

    def __str__(self) -> str:
        return f"the unit in {self.square} shows {self.value}"


def _with_value(z: ZombieUnit, v: int) -> ZombieUnit:
    """A copy of a unit with another value (no __init__: UNKNOWN is not a value a game holds)."""
    if z.value == v:
        return z
    new = object.__new__(ZombieUnit)
    new.__dict__.update(z.__dict__)
    new.__dict__.pop("_h", None)
    new.__dict__["value"] = v
    return new


__all__ = ["KNOWLEDGE", "shown_squares", "known", "settle", "settle_after", "remember", "UNKNOWN", "value_known", "never_seen",
           "unseen", "unseen_of", "live_candidates", "must_draw", "is_public", "has_spare", "without_urn", "pool_record", "draw_record", "lot", "conceal", "reveal_needed", "reveal_outcomes", "public_world", "Shown"]
