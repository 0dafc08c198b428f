"""B. the Zombie Reaction Movement Phase [7.0] 1, [7.1]-[7.4], [9.2], [11.4]: every unit within
sight [6.4], [7.1] of a square a character entered or acted in [7.3] moves one square towards the
characters (a berserk unit two if possible [7.5], [10.2]) unless exempt [7.2]; a berserk unit whose
move is blocked by a closed glass door may attack it [10.4]; super zombies may move in reaction
(three squares) [11.4]; hidden zombies that could then react may be revealed first [9.2]."""

from __future__ import annotations

from typing import Iterable

from dodnb.errors import RuleViolation
from dodnb.rules.actions import Action, BreakDoor, EndPhase, SuperMove, ZMove
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import free, hidden, movement
from dodnb.rules.phases.base import Node, move_unit, pend, rec
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, ZStep


def units_in_reaction(st: GameState, ctx: Ctx, squares: Iterable[str]) -> tuple[frozenset, list[str], list[str]]:
    """Who reacts to characters entering or acting in `squares` [7.0] 1, [7.1], [7.3]:
    (squares within sight of them, units that must move in reaction, units exempt because they
    share a character's square [7.2] 1). Sight is [6.4] sight: pieces do not block it (ruling E9).
    A unit with a super zombie need not react [7.2] 4 and is in neither list."""
    table = ctx.sight(st)
    sighted: set[str] = set()
    for sq in squares:
        sighted |= table.visible_from(sq)
    humans = st.human_squares()
    movers: list[str] = []
    exempt: list[str] = []
    for z in st.zombies:
        if z.square is None or z.square not in sighted or st.super_zombies_in(z.square):
            continue
        (exempt if z.square in humans else movers).append(z.uid)
    return frozenset(sighted), sorted(movers), sorted(exempt)


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """The phase begins: the units that must react, nearest the characters first (ruling E10)."""
    out.append(ev("phase", "4.0", phase=Phase.REACTION))
    triggers = set(st.record.entered) | set(st.record.acted)
    actors = [st.character(n) for n in st.record.actors]
    target = next((c.square for c in actors if c.in_play), None)
    zt = rec(st.zturn, queue=(), step=ZStep.REACTION_REVEAL)
    if not triggers or target is None:
        return st.evolve(phase=Phase.REACTION, zturn=rec(zt, step=ZStep.REACTION_SUPERS))
    sighted, movers, exempt = units_in_reaction(st, ctx, triggers)
    dist = ctx.dist_to(target)
    queue = sorted((st.unit(u) for u in movers), key=lambda z: (dist.get(z.square or "", 99), z.uid))
    zt = rec(zt, queue=tuple(z.uid for z in queue), reacted=tuple(exempt), target=target, sighted=tuple(sorted(sighted)))
    return st.evolve(phase=Phase.REACTION, zturn=zt)


def options(st: GameState, ctx: Ctx, uid: str) -> tuple[list[Action], str]:
    """The reaction moves open to a unit [7.0] 1, [7.2], [7.5], [10.4]: (actions, why none)."""
    z = st.unit(uid)
    s = z.square
    assert s is not None
    T = st.zturn.target
    dist = ctx.dist_to(T)
    moves = ctx.moves(st)
    humans = st.human_squares()
    d0 = dist.get(s, 99)
    steps = [n for n in ctx.open_moves[s] if dist.get(n, 99) == d0 - 1]
    if not steps:
        return [], "no_nearer"  # keys of the catalogues' "why" terms
    passable = [n for n in steps if n in moves[s]]
    one: list[tuple[str, ...]] = [(n,) for n in passable if not st.zombie_occupied(n)]
    paths: list[tuple[str, ...]] = []
    if z.berserk:
        # [7.5] two squares if possible, passing through but not ending on zombie units
        for n in passable:
            if n in humans:
                if not st.zombie_occupied(n):
                    paths.append((n,))
                continue
            for m in ctx.open_moves[n]:
                if dist.get(m, 99) == d0 - 2 and m in moves[n] and not st.zombie_occupied(m):
                    paths.append((n, m))
        if not paths:
            paths = one
    else:
        paths = one
    acts: list[Action] = [ZMove(uid, p) for p in sorted(set(paths))]
    if acts:
        return acts, ""
    blocked_doors = [n for n in steps if n not in moves[s]]
    if z.berserk and blocked_doors:
        brk: list[Action] = list(movement.break_options(st, ctx, only=uid, reaction=True))
        if brk:
            return brk + [ZMove(uid, ())], ""
    if blocked_doors and len(blocked_doors) == len(steps):
        return [], "closed_door"
    return [], "occupied"


def super_options(st: GameState, ctx: Ctx) -> list[Action]:
    """[11.4] super zombies in sight may move (up to three squares) towards the characters."""
    if not st.zturn.target:
        return []
    dist = ctx.dist_to(st.zturn.target)
    out: list[Action] = []
    for c in st.characters:
        if not c.is_super or c.name in st.zturn.reacted or c.square not in st.zturn.sighted:
            continue
        if c.square is None or st.characters_in(c.square):
            continue
        for path in movement.super_paths(st, ctx, c, toward=dist):
            out.append(SuperMove(c.name, path, False))
            if movement.stacked_unit(st, c) is not None and st.zombie_in(path[-1]) is None:
                out.append(SuperMove(c.name, path, True))
    return out


def unit_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    return options(st, ctx, st.zturn.queue[0])[0]


def check_unit(st: GameState, ctx: Ctx, a: Action) -> RuleViolation | None:
    uid = st.zturn.queue[0]
    opts, _ = options(st, ctx, uid)
    if a in opts:
        return None
    return RuleViolation("7.0", "react.not_option", uid=uid, n=len(opts))


def do_unit(st: GameState, ctx: Ctx, a: ZMove, out: list[Event]) -> GameState:
    """The reacting unit moves (or, beside a glass door it may attack, stays [10.4]); it is done [7.4]."""
    z = st.unit(a.uid)
    zt = rec(st.zturn, queue=st.zturn.queue[1:], reacted=st.zturn.reacted + (z.uid,))
    if not a.path:
        out.append(ev("zstay", "10.4", uid=z.uid, square=z.square))
        return st.evolve(zturn=zt)
    st = move_unit(st, z.uid, square=a.path[-1])
    out.append(ev("react", "7.0" if not z.berserk else "7.5", uid=z.uid, frm=z.square, to=tuple(a.path)))
    return st.evolve(zturn=zt).with_knowledge()


def do_break(st: GameState, ctx: Ctx, a: BreakDoor, out: list[Event]) -> GameState:
    """[10.4] the attempt is the unit's reaction move."""
    zt = rec(st.zturn, queue=st.zturn.queue[1:], reacted=st.zturn.reacted + (a.who,))
    return movement.start_break(st, zt, a, out)


def check_super(st: GameState, ctx: Ctx, a: SuperMove) -> RuleViolation | None:
    if a in super_options(st, ctx):
        return None
    return RuleViolation("11.4", "react.super")


def super_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    yield EndPhase()
    yield from super_options(st, ctx)


def do_super(st: GameState, ctx: Ctx, a: SuperMove, out: list[Event]) -> GameState:
    return free.super_move(st, ctx, a, out, reaction=True)


def do_end(st: GameState, ctx: Ctx, a: EndPhase, out: list[Event]) -> GameState:
    """No more super zombie moves in reaction [11.4]: on to Free Movement."""
    return free.enter(st, out)


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> tuple[GameState, bool]:
    zt = st.zturn
    got = hidden.reveal_pending(st) or movement.break_pending(st)
    if got is not None:
        return got, True
    if zt.step == ZStep.REACTION_REVEAL:
        if hidden.reveal_options(st, ctx):
            return pend(st, PendingKind.REVEAL, "9.2", "reveal a hidden zombie that could then move in reaction, or go on"), True
        return st.evolve(zturn=rec(zt, step=ZStep.REACTION_UNITS)), False
    if zt.step == ZStep.REACTION_UNITS:
        if not zt.queue:
            return st.evolve(zturn=rec(zt, step=ZStep.REACTION_SUPERS)), False
        uid = zt.queue[0]
        z = st.unit(uid)
        if z.square is None or st.characters_in(z.square):
            return st.evolve(zturn=rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (uid,))), False
        opts, why = options(st, ctx, uid)
        if not opts:
            out.append(ev("react_exempt", "7.2", uid=uid, square=z.square, why=why))
            return st.evolve(zturn=rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (uid,))), False
        if len(opts) == 1 and isinstance(opts[0], ZMove):  # one way to go: no decision to ask for
            return do_unit(st, ctx, opts[0], out), False
        return pend(st, PendingKind.REACTION, "7.0", f"choose the reaction move of {uid} in {z.square}", who=uid), True
    if super_options(st, ctx):
        return pend(st, PendingKind.REACTION_SUPER, "11.4", "a super zombie may (but need not) move in reaction"), True
    return free.enter(st, out), False


NODES = [
    Node(PendingKind.REACTION, {ZMove: do_unit, BreakDoor: do_break}, {ZMove: check_unit, BreakDoor: check_unit},
         candidates=unit_candidates, exact=True),
    Node(PendingKind.REACTION_SUPER, {SuperMove: do_super, EndPhase: do_end}, {SuperMove: check_super, EndPhase: None},
         candidates=super_candidates, exact=True),
]

ADVANCE = {Phase.REACTION: advance}
