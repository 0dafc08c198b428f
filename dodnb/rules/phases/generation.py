"""E. the Zombie Generation Phase [13.0]-[13.5], [11.0]: two dice on the Zombie Entrance Table; each
unit called for is drawn at random from the eliminated units and enters by its main door unless the
door is closed or its square zombie-occupied [13.2], [13.3], attacking at once in a character's
square [13.4]; then each infected character (not infected this Game-Turn) rolls to become a super
zombie [11.0], attacking at once in a character's square [11.8]. Then the Game-Turn is complete [4.0].
The draw from the eliminated units also serves the solitaire Hidden Zombie Table [15.1], [15.2]."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Callable, Optional

from dodnb.rules.actions import Action, Draw, Roll
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.knowledge import draw_record
from dodnb.rules.phases.base import Node, begin_attack, faces, move_unit, pend, rec, roll_node, set_chars
from dodnb.rules.state import GameState
from dodnb.rules.vocab import DoorState, PendingKind, Phase, Pool, Status, ZStep


def super_rollers(st: GameState) -> tuple[str, ...]:
    """[11.0] the characters who roll to become a super zombie in this Zombie Generation Phase: infected,
    on the map, and not infected in this Game-Turn."""
    return tuple(c.name for c in st.characters if c.status == Status.INFECTED and c.square is not None and c.infected_turn < st.turn)


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """E. the Zombie Generation Phase begins [4.0]: the entrance roll [13.0], then the infected roll [11.0]."""
    out.append(ev("phase", "4.0", phase=Phase.GENERATION))
    return st.evolve(phase=Phase.GENERATION, zturn=rec(st.zturn, step=ZStep.ENTRANCE, super_rolls=super_rollers(st)))


def entrance_skip(st: GameState, ctx: Ctx) -> str:
    """[13.2] the Zombie Entrance Table is not used when every main door is closed and/or every
    entrance square is zombie-occupied."""
    usable = [
        c for c, d in ctx.board.main_doors.items()
        if st.door_state(d.id) != DoorState.CLOSED and not st.zombie_occupied(d.squares[0])
    ]
    if not usable:
        return "all_doors"  # a key of the catalogues' "why" terms
    return ""


def doors_called(st: GameState, ctx: Ctx) -> Callable[[int], tuple[str, ...]]:
    """[13.5] what the Zombie Entrance Table roll decides: the main doors called, in the table's order."""
    return ctx.tables.entrance_order


def roll_entrance(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[13.1], [13.5] none, one or two doors, in the table's order."""
    doors = doors_called(st, ctx)(a.total)
    if doors:
        out.append(ev("entrance_roll", "13.5", dice=faces(a), roll=a.total, doors=tuple(doors)))
    else:
        out.append(ev("entrance_none", "13.5", dice=faces(a), roll=a.total))
    return st.evolve(zturn=rec(st.zturn, step=ZStep.ENTERING, entering=tuple(doors)))


def eliminated_pool(st: GameState, ctx: Ctx) -> list[tuple[Action, Fraction]]:
    """[13.3] one unit at random from the eliminated units (and [15.1] the hidden ones mixed with them)."""
    pool = sorted(z.uid for z in st.zombies if z.pool == Pool.ELIMINATED)
    return [(Draw(u), Fraction(1, len(pool))) for u in pool]


def draw_eliminated(st: GameState, ctx: Ctx, a: Draw, out: list[Event]) -> GameState:
    """The drawn unit is placed face down [13.3]: the players know only that it is one of the pool's
    counters — a value they saw eliminated, or one nobody has seen (`knowledge.pool_record`; whether
    this very counter was seen stays the table's secret). An entering unit in a character's square
    attacks at once [13.4]."""
    z = st.unit(a.uid)
    sq = st.zturn.drawing
    zs, record = draw_record(st.zombies, z.uid)
    st = move_unit(st.with_units(zs), z.uid, square=sq, pool=Pool.MAP.value, candidates=record, face_up=False)
    if st.phase == Phase.HIDDEN:  # [15.1], [15.2] a hidden zombie from among the eliminated units
        st = st.evolve(zturn=rec(st.zturn, drawing="")).with_knowledge()
        out.append(ev("hidden_appears", "15.2", square=sq))
        return st
    st = st.evolve(zturn=rec(st.zturn, drawing="", entering=st.zturn.entering[1:])).with_knowledge()
    compass = next(c for c, s in ctx.board.main_door_squares.items() if s == sq)
    out.append(ev("enter", "13.3", compass=compass, square=sq))
    if st.characters_in(sq):
        st = begin_attack(st, sq, "13.4", out)
    return st


def becomes_super(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[11.0] what the infected character's roll decides: 2 or 12, a super zombie."""
    return ctx.tables.becomes_super_zombie


def roll_super(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[11.0] 2 or 12: the infected character becomes a super zombie (his rifle leaves play [12.3]);
    created in a character's square, it attacks at once [11.8]."""
    who = st.zturn.super_rolls[0]
    st = st.evolve(zturn=rec(st.zturn, super_rolls=st.zturn.super_rolls[1:]))
    c = st.character(who)
    if not becomes_super(st, ctx)(a.total):
        out.append(ev("super_roll", "11.0", dice=faces(a), who=who, roll=a.total, outcome="stays"))
        return st
    out.append(ev("super_roll", "11.0", dice=faces(a), who=who, roll=a.total, outcome="becomes"))
    out.append(ev("super_created", "11.0", who=who))
    if c.rifle:
        out.append(ev("rifle_lost", "12.3", who=who))
    st = set_chars(st, replace(c, status=Status.SUPER.value, rifle=False)).with_knowledge()
    if c.square is not None and st.characters_in(c.square):
        st = begin_attack(st, c.square, "11.8", out)
    return st


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    zt = st.zturn
    if zt.step == ZStep.ENTRANCE:
        why = entrance_skip(st, ctx)
        if why:
            out.append(ev("entrance_skipped", "13.2", why=why))
            return st.evolve(zturn=rec(zt, step=ZStep.ENTERING, entering=())), False
        return pend(st, PendingKind.ROLL_ENTRANCE, "13.5", "two dice on the Zombie Entrance Table", 2), True
    if zt.step == ZStep.ENTERING:
        if zt.drawing:
            return pend(st, PendingKind.DRAW_ELIMINATED, "13.3", f"a unit is drawn at random from the eliminated units for {zt.drawing}", who=zt.drawing), True
        if not zt.entering:
            return st.evolve(zturn=rec(zt, step=ZStep.SUPER_ROLLS)), False
        compass = zt.entering[0]
        door = ctx.board.main_doors[compass]
        sq = door.squares[0]
        why, case = "", "13.2"
        if st.door_state(door.id) == DoorState.CLOSED:
            why = "main_closed"
        elif st.zombie_occupied(sq):
            why = "entry_occupied"
        elif not any(z.pool == Pool.ELIMINATED for z in st.zombies):
            why, case = "no_unit", "13.3"
        if why:  # the event cites the Case once (issue 16 item 8); `why` a key of the catalogues' "why" terms
            out.append(ev("enter_ignored", case, compass=compass, why=why))
            return st.evolve(zturn=rec(zt, entering=zt.entering[1:])), False
        return st.evolve(zturn=rec(zt, drawing=sq)), False
    if zt.super_rolls:
        c = st.character(zt.super_rolls[0])
        if c.status != Status.INFECTED or c.square is None:
            return st.evolve(zturn=rec(zt, super_rolls=zt.super_rolls[1:])), False
        return pend(st, PendingKind.ROLL_SUPER, "11.0", f"is {c.name} a super zombie now? (2 or 12)", 2, c.name), True
    return None


NODES = [
    roll_node(PendingKind.ROLL_ENTRANCE, roll_entrance, doors_called),
    Node(PendingKind.DRAW_ELIMINATED, {Draw: draw_eliminated}, outcomes=eliminated_pool),
    roll_node(PendingKind.ROLL_SUPER, roll_super, becomes_super),
]
