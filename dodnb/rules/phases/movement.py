"""Zombie movement shared by the Reaction and Free Movement Phases [7.0], [7.5], [7.6]: paths of
one square (two for a berserk unit, three for a super zombie and the unit stacked with it [11.2]),
never out of a character's square nor ending on another unit [7.6], through open sides only [7.0];
glass-door attacks [10.4], [11.6]."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter
from typing import Callable, Container, Mapping, Optional

from dodnb.board.sight import line_of_sight
from dodnb.errors import RuleViolation
from dodnb.rules.actions import BreakDoor, SuperMove
from dodnb.rules.context import Ctx
from dodnb.rules.phases.base import square_of
from dodnb.rules.state import CharacterState, GameState, ZombieUnit
from dodnb.rules.vocab import DoorKind, DoorState, Phase


_BERSERK = attrgetter("berserk")


def may_end_in(sq: str, units: Container[str], supers: Container[str]) -> bool:
    """[7.6] a zombie unit never ends its move in a zombie-occupied square: one holding a zombie unit
    (`units`) or a super zombie (`supers`, ruling: a super zombie occupies a square). For a super zombie
    moving with the unit stacked with it [11.2] only the units count (`supers` empty): a square holds
    one unit. The one statement of the rule: the paths, checks and candidates of the movement phases
    ask it."""
    return sq not in units and sq not in supers


def path_problem(st: GameState, ctx: Ctx, start: str, path: tuple[str, ...], who: str,
                 toward: Optional[Mapping[str, int]] = None, allow_unit_end: bool = False, sz: str = "unit") -> Optional[RuleViolation]:
    """Why a zombie may not follow `path` from `start`, or None: adjacent open sides [7.0], towards the
    characters when `toward` is given [7.0] 1, never out of a character's square, never ending on a
    zombie unit (a super zombie may stack [11.1]) [7.6]. A refusal names a super zombie `who` and a
    unit by its square (`start`), never by its id (issue 33)."""
    who = who if sz == "super" else start
    moves = ctx.moves(st)
    cur = start
    humans = st.human_squares()
    for nxt in path:
        if nxt not in moves.get(cur, ()):
            return RuleViolation("7.0", "path.blocked", who=who, sz=sz, frm=cur, to=nxt)
        if toward is not None and toward.get(nxt, 99) != toward.get(cur, 99) - 1:
            return RuleViolation("7.0", "path.not_toward", who=who, sz=sz, frm=cur, to=nxt)
        if cur in humans:
            return RuleViolation("7.6", "path.with_character", who=who, sz=sz, square=cur)
        cur = nxt
    if cur == start:
        return RuleViolation("7.0", "path.same", who=who, sz=sz)
    if not allow_unit_end and not may_end_in(cur, st.unit_squares(), st.super_squares()):
        return RuleViolation("7.6", "path.end_occupied", square=cur)
    return None


def reaction_paths(st: GameState, ctx: Ctx, s: str, berserk: bool) -> tuple[list[tuple[str, ...]], list[str], list[str]]:
    """A unit's reaction moves from `s` towards the characters [7.0] 1 (ruling E8: each step one
    square nearer along shortest paths, doors taken as open): (paths, nearer squares, nearer squares
    behind a closed door). A berserk unit must move two squares if it can [7.5], [10.2], passing
    through but not ending on zombie units; one square only when no two-square move exists (ruling E11).
    None into a zombie-occupied square [7.2] 3 or through a closed door [7.2] 2."""
    dist = ctx.dist_to(st.zturn.target)
    moves = ctx.moves(st)
    humans = st.human_squares()
    units, supers = st.unit_squares(), st.super_squares()
    d0 = dist.get(s, 99)
    steps = [n for n in ctx.open_moves[s] if dist.get(n, 99) == d0 - 1]
    passable = [n for n in steps if n in moves[s]]
    blocked = [n for n in steps if n not in moves[s]]
    one: list[tuple[str, ...]] = [(n,) for n in passable if may_end_in(n, units, supers)]
    if not berserk:
        return sorted(one), steps, blocked
    two: list[tuple[str, ...]] = sorted({(n, m) for n in passable if n not in humans  # [7.6] a character's square ends the move
                  for m in ctx.open_moves[n] if dist.get(m, 99) == d0 - 2 and m in moves[n] and may_end_in(m, units, supers)})
    return (two or sorted(one)), steps, blocked


def stacked_unit(st: GameState, c: CharacterState) -> Optional[ZombieUnit]:
    """The unit that began the Zombie Player-Turn in the super zombie's square and may move with it [11.2]."""
    for name, uid in st.zturn.stacks:
        if name == c.name:
            z = st.unit(uid)
            if z.square == c.square and uid not in st.zturn.moved and uid not in st.zturn.reacted:
                return z
    return None


def super_path_problem(st: GameState, ctx: Ctx, c: CharacterState, a: SuperMove,
                       toward: Optional[Mapping[str, int]] = None) -> Optional[RuleViolation]:
    """[11.2] a super zombie moves 1-3 squares, with the unit it began the turn with if wanted."""
    if not 1 <= len(a.path) <= ctx.counters.super_zombie_moves:
        return RuleViolation("11.2", "super.range", n=ctx.counters.super_zombie_moves)
    if a.with_unit and stacked_unit(st, c) is None:
        return RuleViolation("11.2", "super.no_unit", name=c.name)
    why = path_problem(st, ctx, square_of(c), a.path, c.name, toward, allow_unit_end=True, sz="super")
    if why:
        return why
    end = a.path[-1]
    if a.with_unit and not may_end_in(end, st.unit_squares(), ()):
        return RuleViolation("7.6", "super.one_unit", square=end)
    return None


def super_paths(st: GameState, ctx: Ctx, c: CharacterState, toward: Optional[Mapping[str, int]] = None) -> list[tuple[str, ...]]:
    """One path to each square a super zombie can reach (1-3 squares) [11.1], [11.2], [7.6]."""
    moves = ctx.moves(st)
    humans = st.human_squares()
    start = square_of(c)
    best: dict[str, tuple[str, ...]] = {}
    if start in humans:
        return []  # [7.6] never moved out of a character-occupied square
    frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    for _ in range(ctx.counters.super_zombie_moves):
        nxt = []
        for sq, path in frontier:
            if sq in humans and path:
                continue
            for n in moves[sq]:
                if toward is not None and toward.get(n, 99) != toward.get(sq, 99) - 1:
                    continue
                p = path + (n,)
                if n != start and n not in best:
                    best[n] = p
                nxt.append((n, p))
        frontier = nxt
    return [p for n, p in sorted(best.items())]


def unit_free_paths(st: GameState, ctx: Ctx, z: ZombieUnit) -> list[tuple[str, ...]]:
    """One path to each square a unit may reach in Free Movement: one square, two if berserk [7.5]."""
    start = z.square
    assert start is not None
    return free_paths(ctx.moves(st), st.human_squares(), st.unit_squares(), st.super_squares(), start, z.berserk)


def free_paths(moves: Mapping[str, tuple[str, ...]], humans: frozenset[str], units: Mapping[str, ZombieUnit],
               supers: frozenset[str], start: str, berserk: bool) -> list[tuple[str, ...]]:
    """:func:`unit_free_paths` from what the caller already holds (the moves with the current doors,
    the squares of characters, units and super zombies — zombie-occupied: a unit or a super zombie)."""
    if not berserk:
        return [(n,) for n in moves[start] if may_end_in(n, units, supers)]
    best: dict[str, tuple[str, ...]] = {}
    for n in moves[start]:
        if may_end_in(n, units, supers):
            best.setdefault(n, (n,))
        if n not in humans:  # [7.6] a character's square ends the move
            for m in moves[n]:
                if m != start and may_end_in(m, units, supers):
                    best.setdefault(m, (n, m))
    return [p for _, p in sorted(best.items())]


def character_seen_through(st: GameState, ctx: Ctx, sq: str, door: str) -> bool:
    """[10.4] some character within the unit's sight through that glass door [6.4]."""
    occ = st.occupied()
    for c in st.characters:
        if c.in_play and c.square is not None and c.square != sq:
            s = line_of_sight(ctx.board, sq, c.square, occupied=occ, door_states=st.doors)
            if s.visible and s.passes_door(door):
                return True
    return False


def break_problem(st: GameState, ctx: Ctx, a: BreakDoor) -> Optional[RuleViolation]:
    """Why this glass-door attack may not be made in Free Movement, naming the condition of [10.4] /
    [11.6] that fails; None if it may."""
    d = ctx.board.doors.get(a.door)
    if any(c.name == a.who for c in st.characters):  # a super zombie [11.6]
        c = st.character(a.who)
        if not c.is_super:
            return RuleViolation("11.6", "super.not", name=c.name)
        if c.name in st.zturn.moved or c.name in st.zturn.reacted:
            return RuleViolation("11.4", "super.moved", name=c.name)
        if stacked_unit(st, c) is None:
            return RuleViolation("11.6", "glass.super_alone", name=c.name)
        sq = square_of(c)
        named = {"who": a.who, "sz": "super"}
    else:
        z = st.unit(a.who)
        if z.square is None:
            return RuleViolation("10.4", "unit.off_map", uid=z.uid)
        if not z.berserk:
            return RuleViolation("10.4", "glass.not_berserk", uid=z.uid, square=z.square)
        if z.uid in st.zturn.reacted:
            return RuleViolation("7.4", "glass.reacted", uid=z.uid, square=z.square)
        if z.uid in st.zturn.moved:
            return RuleViolation("10.4", "glass.moved", uid=z.uid, square=z.square)
        sq = z.square
        named = {"who": sq, "sz": "unit"}  # a unit by its square, never its id (issue 33)
    if st.characters_in(sq):
        return RuleViolation("7.6", "glass.with_character", **named)
    if d is None or sq not in d.squares:
        return RuleViolation("10.4", "glass.not_side", door=a.door, square=sq, **named)
    if d.kind != DoorKind.GLASS:
        return RuleViolation("10.4", "glass.kind", door=d.id, kind=d.kind)
    if st.door_state(d.id) != DoorState.CLOSED:
        return RuleViolation("10.4", "glass.state", door=d.id, state=st.door_state(d.id))
    if not any(c.name == a.who for c in st.characters) and not character_seen_through(st, ctx, sq, d.id):
        return RuleViolation("10.4", "glass.no_sight", door=d.id, **named)
    return None


def break_options(st: GameState, ctx: Ctx, only: str = "", reaction: bool = False) -> list[BreakDoor]:
    """Glass-door attacks open now [10.4], [11.6]: a berserk unit beside a closed glass door with a
    character in sight through it (in reaction only when that door blocks its reaction move), or a
    super zombie stacked with a unit (no sight needed, Free Movement)."""
    out: list[BreakDoor] = []
    glass = ctx.board.doors
    if not any(s == DoorState.CLOSED and glass[d].kind == DoorKind.GLASS for d, s in st.door_states):
        return out  # no closed glass door anywhere: nothing to attack
    states = st.doors
    if reaction or st.phase == Phase.FREE:
        for z in compress(st.zombies, map(_BERSERK, st.zombies)):
            if z.square is None or not z.berserk or (only and z.uid != only):
                continue
            if not reaction and (z.uid in st.zturn.reacted or z.uid in st.zturn.moved):
                continue
            if st.characters_in(z.square):
                continue
            for d in ctx.board.doors_of(z.square):
                if d.kind != DoorKind.GLASS or states.get(d.id) != DoorState.CLOSED:
                    continue
                if character_seen_through(st, ctx, z.square, d.id):
                    out.append(BreakDoor(z.uid, d.id))
    if not reaction and st.phase == Phase.FREE and not only:
        for c in st.characters:
            if not c.is_super or c.name in st.zturn.moved or c.name in st.zturn.reacted:
                continue
            sq = square_of(c)
            if stacked_unit(st, c) is None or st.characters_in(sq):
                continue
            for d in ctx.board.doors_of(sq):
                if d.kind == DoorKind.GLASS and states.get(d.id) == DoorState.CLOSED:
                    out.append(BreakDoor(c.name, d.id))  # [11.6] no sight needed, always succeeds
    return out


# ----------------------------------------------------------------------------- glass doors [10.4], [10.5], [11.6]

from dodnb.rules.actions import Roll  # noqa: E402
from dodnb.rules.events import Event, ev  # noqa: E402
from dodnb.rules.phases.base import Node, faces, move_unit, pend, rec, roll_node, set_door  # noqa: E402
from dodnb.rules.state import ZombieTurn  # noqa: E402
from dodnb.rules.vocab import PendingKind  # noqa: E402


def start_break(st: GameState, zt: ZombieTurn, a: BreakDoor, out: list[Event], reaction: bool = False) -> GameState:
    """The attempt on a glass door is the unit's move [10.4]: a super zombie stacked with a unit
    smashes it at once [11.6]; a berserk unit is flipped to show its value [10.5] and rolls."""
    if a.who in {c.name for c in st.characters}:  # [11.6] a super zombie stack: automatic
        c = st.character(a.who)
        u = stacked_unit(st, c)
        both = (c.name,) + ((u.uid,) if u else ())  # [11.6] a move for both zombies
        zt = rec(zt, reacted=zt.reacted + both) if reaction else rec(zt, moved=zt.moved + both)
        out.append(ev("glass_auto", "11.6", name=c.name, door=a.door))
        return set_door(st.evolve(zturn=zt), a.door, DoorState.DESTROYED.value)
    st = move_unit(st, a.who, seen=True, candidates=())  # [10.5] flipped to reveal its value
    return st.evolve(zturn=rec(zt, breaking=(a.who, a.door)))


def break_pending(st: GameState, ctx: Ctx) -> Optional[GameState]:
    """The dice of a glass-door attempt in progress [10.5] (as many as the table says), or None."""
    if not st.zturn.breaking:
        return None
    z = st.unit(st.zturn.breaking[0])
    n = ctx.tables.glass_dice
    return pend(st, PendingKind.ROLL_GLASS, "10.5", f"the unit in {z.square} (value {z.value}) attacks glass door {st.zturn.breaking[1]}: {n}d6 below the value breaks it", n, z.uid)


def glass_breaks(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[10.5] what the attempt decides: two dice below the attacker's Zombie Value break the door."""
    value = st.unit(st.zturn.breaking[0]).value
    breaks = ctx.tables.glass_door_breaks
    return lambda total: breaks(total, value)


def roll_glass(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[10.5] two dice below the Zombie Value destroy the door; the attempt is the unit's move either way."""
    who, door = st.zturn.breaking
    z = st.unit(who)
    ok = glass_breaks(st, ctx)(a.total)
    out.append(ev("glass_attempt", "10.5", dice=faces(a), uid=who, square=z.square, door=door, roll=a.total, value=z.value,
                  outcome="destroyed" if ok else "holds"))
    st = st.evolve(zturn=rec(st.zturn, breaking=()))
    return set_door(st, door, DoorState.DESTROYED.value) if ok else st


NODES = [roll_node(PendingKind.ROLL_GLASS, roll_glass, glass_breaks)]
