"""C. the Zombie Free Movement Phase [7.0] 2, [7.4]-[7.6]: one die says how many units the zombie
player may move one square each; berserk units (two squares [7.5], [10.3]), super zombies and units
stacked with them (three squares together [11.2]) move without counting; nothing moved in reaction
moves again [7.4], [10.3], [11.4]. Berserk units and super-zombie stacks may attack closed glass
doors [10.4], [10.5], [11.6]; hidden zombies may be revealed [9.2]."""

from __future__ import annotations

from dataclasses import replace
from itertools import chain, compress
from operator import is_not, itemgetter
from typing import Iterable, Optional

from dodnb.errors import RuleViolation
from dodnb.rules.actions import Action, BreakDoor, EndPhase, Reveal, Roll, SuperMove, ZMove
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import hidden, movement
from dodnb.rules.phases.base import Node, faces, move_unit, pend, rec, roll_node, set_chars, units_with
from dodnb.rules.state import GameState, ZombieUnit
from dodnb.rules.vocab import PendingKind, Phase, ZStep


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """C. the Zombie Free Movement Phase begins [4.0]: first the die [7.0] 2."""
    out.append(ev("phase", "4.0", phase=Phase.FREE))
    return st.evolve(phase=Phase.FREE, zturn=rec(st.zturn, step=ZStep.FREE_ROLL))


def roll_free(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[7.0] 2 the die is the number of units that may be moved."""
    out.append(ev("free_roll", "7.0", dice=faces(a), n=a.total, roll=a.total))
    return st.evolve(zturn=rec(st.zturn, step=ZStep.FREE_MOVES, moves_left=a.total))


def counts_against_die(st: GameState, uid: str) -> bool:
    """[7.0] 2 a unit's free move counts against the die, except a berserk unit's [10.3] and a unit's
    stacked with a super zombie [4.0] C, [11.4] (which may move alone: ruling E15)."""
    return _counts(st, st.unit(uid))


def _counts(st: GameState, z: ZombieUnit) -> bool:
    return not z.berserk and z.square not in st.super_squares()


def candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    """Exactly the free moves open now (tests check each passes `check`)."""
    forced = hidden.forced_reveals(st, ctx)
    if forced:
        return [Reveal(sq) for sq in forced]
    out: list[Action] = [EndPhase()]
    out += [Reveal(sq) for sq in hidden.reveal_options(st, ctx)]
    out += unit_moves(st, ctx)
    zt = st.zturn
    for c in st.characters:
        if c.is_super and c.name not in zt.reacted and c.name not in zt.moved:
            stacked = movement.stacked_unit(st, c) is not None
            for p in movement.super_paths(st, ctx, c):
                out.append(SuperMove(c.name, p, False))
                if stacked and movement.may_end_in(p[-1], st.unit_squares(), ()):  # [7.6]
                    out.append(SuperMove(c.name, p, True))
    out += movement.break_options(st, ctx)
    return out


def unit_moves(st: GameState, ctx: Ctx) -> list[Action]:
    """Every unit's free moves, units in uid order: a unit that has moved or reacted stays put [7.4],
    [7.5]; [7.6] never out of a character's square; the die's count [7.0] 2 (berserk units [10.3] and
    units stacked with a super zombie [4.0] C, [11.4] do not count: ruling E15).

    The hot path of random play. One unit's moves (:func:`movement.unit_free_paths`) depend only on the
    unit, the doors, whether it is done or counted, and which squares within two moves hold a
    character, a super zombie or a unit; so the lists of the last Free Movement node are kept
    (`ctx.free_cache`) and only the units near a square whose occupant changed are worked out again.
    Exactly the plain walk (tests/rules/test_speed_paths.py compares them)."""
    humans = st.human_squares()
    supers = st.super_squares()
    zt = st.zturn
    done = frozenset(zt.reacted + zt.moved)
    counting = zt.moves_left > 0
    moves = ctx.moves(st)
    zombies = st.zombies
    last: Optional[_FreeCache] = ctx.free_cache
    redo: Optional[set[int]] = None
    squares: set[Optional[str]] = set()
    index: dict[str, int]
    entries: dict[str, tuple[bool, tuple[ZMove, ...]]]
    if last is not None and last.moves is moves and len(last.zombies) == len(zombies):
        old = last.zombies
        redo = set(compress(range(len(zombies)), map(is_not, old, zombies)))
        for i in redo:
            if old[i].uid != zombies[i].uid:
                redo = None
                break
            squares.add(old[i].square)
            squares.add(zombies[i].square)
    if redo is None or last is None:
        order = sorted(range(len(zombies)), key=lambda i: zombies[i].uid)
        index = {zombies[i].uid: i for i in order}
        on_map = st.unit_squares()
        entries = {zombies[i].uid: _unit_entry(moves, zombies[i], done, humans, on_map, supers) for i in order}
    else:
        index = last.index
        entries = dict(last.entries)
        if humans != last.humans:
            squares |= humans ^ last.humans
        if supers != last.supers:
            squares |= supers ^ last.supers
        on_map = st.unit_squares()
        if squares:
            open_moves = ctx.open_moves
            for sq in ctx.near2(squares) & on_map.keys():
                z = on_map[sq]
                # a unit moving one square looks one square away; a berserk unit two [7.5]
                if z.berserk or sq in squares or not squares.isdisjoint(open_moves[sq]):
                    redo.add(index[z.uid])
        for uid in done ^ last.done:
            j = index.get(uid)  # super zombies are named in `done` too
            if j is not None:
                redo.add(j)
        for i in redo:
            z = zombies[i]
            entries[z.uid] = _unit_entry(moves, z, done, humans, on_map, supers)
    ctx.free_cache = _FreeCache(moves, zombies, done, humans, supers, index, entries)
    if counting:
        return list(chain.from_iterable(map(itemgetter(1), entries.values())))
    # [7.0] 2 the die's moves are used up: only the units that do not count move [10.3], [11.4]
    return list(chain.from_iterable(ms for free_of_die, ms in entries.values() if free_of_die))


def _unit_entry(moves: dict[str, tuple[str, ...]], z: ZombieUnit, done: frozenset[str], humans: frozenset[str],
                on_map: dict[str, ZombieUnit], supers: frozenset[str]) -> tuple[bool, tuple[ZMove, ...]]:
    """(whether its move is free of the die's count [10.3], [11.4] — see `counts_against_die` —, the
    unit's moves: :func:`movement.unit_free_paths`)."""
    sq = z.square
    if sq is None or z.uid in done or sq in humans:
        return False, ()  # [7.4] moved or reacted; [7.6] never out of a character's square
    uid = z.uid
    return z.berserk or sq in supers, tuple([ZMove.fast(uid, p) for p in movement.free_paths(moves, humans, on_map, supers, sq, z.berserk)])


class _FreeCache:
    """One Free Movement node's unit moves, and what they were worked out from."""

    __slots__ = ("moves", "zombies", "done", "humans", "supers", "index", "entries")

    def __init__(self, moves: dict[str, tuple[str, ...]], zombies: tuple[ZombieUnit, ...], done: frozenset[str],
                 humans: frozenset[str], supers: frozenset[str], index: dict[str, int],
                 entries: dict[str, tuple[bool, tuple[ZMove, ...]]]):
        self.moves, self.zombies, self.done = moves, zombies, done
        self.humans, self.supers, self.index, self.entries = humans, supers, index, entries


def check_unit(st: GameState, ctx: Ctx, a: ZMove) -> Optional[RuleViolation]:
    """[7.4] not after reacting; once per phase; [7.6] never out of a character's square; [11.2] a unit
    with a super zombie moves with it; [7.0] 2 the die's limit (berserk units do not count [10.3]);
    [7.5] one square, two if berserk."""
    z = st.unit(a.uid)
    if z.square is None:
        return RuleViolation("7.0", "unit.off_map", uid=z.uid)
    if z.uid in st.zturn.reacted:
        return RuleViolation("7.4", "free.reacted", uid=z.uid, square=z.square)
    if z.uid in st.zturn.moved:
        return RuleViolation("7.5", "free.moved", uid=z.uid, square=z.square)
    if st.characters_in(z.square):
        return RuleViolation("7.6", "free.with_character", uid=z.uid, square=z.square)
    if counts_against_die(st, z.uid) and st.zturn.moves_left <= 0:
        return RuleViolation("7.0", "free.used")
    limit = 2 if z.berserk else 1
    if not 1 <= len(a.path) <= limit:
        return RuleViolation("7.5", "free.limit", uid=z.uid, square=z.square, n=limit)
    why = movement.path_problem(st, ctx, z.square, a.path, z.uid)
    if why is None:
        why = _one_route(a.path, movement.unit_free_paths(st, ctx, z), z.square, "7.5")
    return why


def _one_route(path: tuple[str, ...], routes: list[tuple[str, ...]], who: str, case: str, sz: str = "unit") -> Optional[RuleViolation]:
    """A zombie's move is where it ends (ruling E22): of several routes to one square the engine
    offers one, the first in square order; the others are refused with a pointer to it. `who`: a
    super zombie's name, a unit's square (a unit is never named by its id: issue 33)."""
    listed = next((r for r in routes if r[-1] == path[-1]), None)
    if listed is not None and listed != path:
        return RuleViolation(case, "route.one", who=who, sz=sz, square=path[-1], path=tuple(listed))
    return None


def check_super(st: GameState, ctx: Ctx, a: SuperMove) -> Optional[RuleViolation]:
    """[11.0] a super zombie on the map; [11.4] in reaction or free movement, not both."""
    c = st.character(a.name)
    if not c.is_super:
        return RuleViolation("11.0", "super.not", name=c.name)
    if c.name in st.zturn.reacted or c.name in st.zturn.moved:
        return RuleViolation("11.4", "super.moved", name=c.name)
    why = movement.super_path_problem(st, ctx, c, a)
    if why is None:
        why = _one_route(a.path, movement.super_paths(st, ctx, c), c.name, "11.2", sz="super")
    return why


def check_break(st: GameState, ctx: Ctx, a: BreakDoor) -> Optional[RuleViolation]:
    """[10.4], [11.6] the condition that fails, first found."""
    why = movement.break_problem(st, ctx, a)
    if why is not None or a in movement.break_options(st, ctx):
        return why
    return RuleViolation("10.4", "glass.not_now", door=a.door)  # pragma: no cover - break_problem names it


def do_unit(st: GameState, ctx: Ctx, a: ZMove, out: list[Event]) -> GameState:
    z = st.unit(a.uid)
    zt = rec(st.zturn, moved=st.zturn.moved + (z.uid,), moves_left=st.zturn.moves_left - _counts(st, z))
    out.append(ev("zmove", "7.0" if not z.berserk else "7.5", uid=z.uid, frm=z.square, to=tuple(a.path)))
    i = st.unit_index(z.uid)
    assert i is not None
    return st.with_units(units_with(st, z.uid, square=a.path[-1]), zturn=zt).with_knowledge_after(st.zombies, i)


def super_move(st: GameState, ctx: Ctx, a: SuperMove, out: list[Event], reaction: bool) -> GameState:
    """[11.2] a super zombie moves, with the unit it began the turn with if chosen [11.1]."""
    c = st.character(a.name)
    u = movement.stacked_unit(st, c) if a.with_unit else None
    end = a.path[-1]
    st = set_chars(st, replace(c, square=end))
    tags = (c.name,) + ((u.uid,) if u is not None else ())
    if u is not None:
        st = move_unit(st, u.uid, square=end)
    zt = st.zturn
    zt = rec(zt, reacted=zt.reacted + tags) if reaction else rec(zt, moved=zt.moved + tags)
    out.append(ev("super_move_stack" if u else "super_move", "11.2", name=c.name, frm=c.square, to=tuple(a.path)))
    return st.evolve(zturn=zt).with_knowledge()


def do_super(st: GameState, ctx: Ctx, a: SuperMove, out: list[Event]) -> GameState:
    return super_move(st, ctx, a, out, reaction=False)


def do_break(st: GameState, ctx: Ctx, a: BreakDoor, out: list[Event]) -> GameState:
    """[10.4] the attempt is the unit's free move (it does not count against the die [10.3])."""
    zt = st.zturn
    if a.who not in {c.name for c in st.characters}:
        zt = rec(zt, moved=zt.moved + (a.who,))
    return movement.start_break(st, zt, a, out)


def do_end(st: GameState, ctx: Ctx, a: EndPhase, out: list[Event]) -> GameState:
    """The zombie player ends the phase [7.0] 2 (on to the Zombie Attack Phase [4.0])."""
    return st.evolve(zturn=rec(st.zturn, step=ZStep.END))


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """The die, then the free moves until the zombie player ends the phase (:func:`do_end`)."""
    zt = st.zturn
    if zt.step == ZStep.FREE_ROLL:
        return pend(st, PendingKind.ROLL_FREE, "7.0", "one die: how many zombie units may be moved", 1), True
    got = hidden.reveal_pending(st) or movement.break_pending(st, ctx)
    if got is not None:
        return got, True
    left = zt.moves_left
    return pend(st, PendingKind.FREE, "7.0", f"move zombie units one square each ({left} free move{'s' if left != 1 else ''} left; berserk units and super zombies do not count), or end the phase"), True


NODES = [
    Node(PendingKind.FREE,
         {ZMove: do_unit, SuperMove: do_super, BreakDoor: do_break, Reveal: hidden.do_reveal, EndPhase: do_end},
         {ZMove: check_unit, SuperMove: check_super, BreakDoor: check_break, Reveal: hidden.check_reveal, EndPhase: hidden.check_end},
         candidates=candidates, exact=True),
    roll_node(PendingKind.ROLL_FREE, roll_free),
]
