"""B. the Zombie Reaction Movement Phase [7.0] 1, [7.1]-[7.4], [9.2], [11.4]: every unit within
sight [6.4], [7.1] of a square a character entered or acted in [7.3] moves one square towards the
characters (a berserk unit two if possible [7.5], [10.2]) unless exempt [7.2]; a berserk unit whose
move is blocked by a closed glass door may attack it [10.4]; super zombies may move in reaction
(three squares) [11.4]; hidden zombies that could then react may be revealed first [9.2]."""

from __future__ import annotations

from typing import Iterable, Optional

from dodnb.errors import RuleViolation
from dodnb.rules.actions import Action, BreakDoor, EndPhase, SuperMove, ZMove
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import free, hidden, movement
from dodnb.rules.phases.base import Node, by_square, move_unit, pend, rec
from dodnb.rules.state import GameState, ZombieUnit
from dodnb.rules.vocab import DoorKind, DoorState, PendingKind, Phase, ZStep


def units_in_reaction(st: GameState, ctx: Ctx, squares: Iterable[str]) -> tuple[frozenset, list[str], list[str]]:
    """Who reacts to characters entering or acting in `squares` [7.0] 1, [7.1], [7.3]:
    (squares within sight of them, units that must move in reaction, units exempt because they
    share a character's square [7.2] 1). Sight is [6.4] sight: pieces do not block it (ruling E9).
    A unit with a super zombie need not react [7.2] 4 and is in neither list. Both lists are in the
    order of the units' squares, never of their ids (ruling S-T1: a face-down counter's id is hidden
    from the zombie side [7.7]; one unit to a square [7.6])."""
    sighted = ctx.sighted_from(st, frozenset(squares))
    humans = st.human_squares()
    supers = st.super_squares()
    movers: list[ZombieUnit] = []
    exempt: list[ZombieUnit] = []
    for z in st.zombies:
        if z.square is None or z.square not in sighted or z.square in supers:
            continue
        (exempt if z.square in humans else movers).append(z)
    return sighted, by_square(movers), by_square(exempt)


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """The phase begins: the units that must react, nearest the characters first (ruling E10), equally
    near ones in the order of their squares (ruling S-T1)."""
    out.append(ev("phase", "4.0", phase=Phase.REACTION))
    triggers = set(st.record.entered) | set(st.record.acted)
    actors = [st.character(n) for n in st.record.actors]
    target = next((c.square for c in actors if c.in_play), None)
    zt = rec(st.zturn, queue=(), step=ZStep.REACTION_REVEAL)
    if not triggers or target is None:
        return st.evolve(phase=Phase.REACTION, zturn=rec(zt, step=ZStep.REACTION_SUPERS))
    sighted, movers, exempt = units_in_reaction(st, ctx, triggers)
    dist = ctx.dist_to(target)
    queue = sorted((st.unit(u) for u in movers), key=lambda z: (dist.get(z.square or "", 99), z.square or "", z.uid))
    zt = rec(zt, queue=tuple(z.uid for z in queue), reacted=tuple(exempt), target=target, sighted=_in_order(sighted))
    return st.evolve(phase=Phase.REACTION, zturn=zt)


def _in_order(squares: frozenset) -> tuple[str, ...]:
    """`squares` sorted (made once per set: the same sets of sighted squares come back all game)."""
    got = _ORDERED.get(squares)
    if got is None:
        if len(_ORDERED) > 4096:
            _ORDERED.clear()
        got = _ORDERED[squares] = tuple(sorted(squares))
    return got


#: board-independent memo: a set of square ids -> the same ids sorted (strings only, no rule read)
_ORDERED: dict[frozenset, tuple[str, ...]] = {}


def options(st: GameState, ctx: Ctx, uid: str) -> tuple[list[Action], str]:
    """The reaction moves open to a unit [7.0] 1, [7.2], [7.5], [10.4]: (actions, why none)."""
    z = st.unit(uid)
    s = z.square
    assert s is not None
    paths, steps, blocked_doors = movement.reaction_paths(st, ctx, s, z.berserk)
    if not steps:
        return [], "no_nearer"  # keys of the catalogues' "why" terms
    acts: list[Action] = [ZMove.fast(uid, p) for p in paths]
    if acts:
        return acts, ""
    if z.berserk and blocked_doors:
        brk: list[Action] = list(movement.break_options(st, ctx, only=uid, reaction=True))
        if brk:
            return brk + [ZMove(uid, ())], ""
    if blocked_doors and len(blocked_doors) == len(steps):
        return [], "closed_door"
    return [], "occupied"


def super_options(st: GameState, ctx: Ctx) -> list[Action]:
    """What may (but need not) react once the units have [7.2] 4, [11.4]: a super zombie in sight moves
    up to three squares towards the characters [11.2], with the unit it began the turn with if wanted;
    a unit stacked with a super zombie may react alone, like any unit (ruling E15); a super zombie
    stacked with a unit whose reaction is blocked by a closed glass door on a side of its square may
    smash it [11.6], [10.4] (ruling E14)."""
    if not st.zturn.target or not st.super_squares():
        return []  # both kinds need a super zombie on the map
    dist = ctx.dist_to(st.zturn.target)
    moves = ctx.moves(st)
    out: list[Action] = []
    for c in st.characters:
        if not c.is_super or c.name in st.zturn.reacted or c.square not in st.zturn.sighted:
            continue
        if c.square is None or st.characters_in(c.square):
            continue
        paths = movement.super_paths(st, ctx, c, toward=dist)
        unit = movement.stacked_unit(st, c)
        for path in paths:
            out.append(SuperMove(c.name, path, False))
            if unit is not None and movement.may_end_in(path[-1], st.unit_squares(), ()):  # [7.6]
                out.append(SuperMove(c.name, path, True))
        if unit is not None and not paths:
            d0 = dist.get(c.square, 99)
            for d in ctx.board.doors_of(c.square):
                other = d.squares[1] if d.squares[0] == c.square else d.squares[0]
                if (d.kind == DoorKind.GLASS and st.door_state(d.id) == DoorState.CLOSED
                        and dist.get(other, 99) == d0 - 1 and other not in moves[c.square]):
                    out.append(BreakDoor(c.name, d.id))
    for z in st.zombies:
        if (z.square is None or z.uid in st.zturn.reacted or z.square not in st.zturn.sighted
                or not st.super_zombies_in(z.square) or st.characters_in(z.square)):
            continue
        out += [ZMove(z.uid, p) for p in movement.reaction_paths(st, ctx, z.square, z.berserk)[0]]
    return out


def _contenders(st: GameState, ctx: Ctx, first: Optional[list[Action]] = None) -> list[Action]:
    """The reaction moves open now: the moves of the first unit in the queue (nearest the characters)
    and of every other queued unit that could end its move in a square the first one could: [7.2] 3
    "if two or more zombie units are directed to move into the same square, only one unit (of the
    zombie player's choice) is moved" (ruling E10). `first`: the first unit's options, if known.

    A reaction move goes at most two squares along open sides [7.5], so a unit further than two
    moves (every door open) from each of those squares cannot contend; its options are not worked out."""
    queue = st.zturn.queue
    opts = options(st, ctx, queue[0])[0] if first is None else first
    ends = {a.path[-1] for a in opts if isinstance(a, ZMove) and a.path}
    out = list(opts)
    if not ends or len(queue) == 1:
        return out
    near = ctx.near2(ends)
    for uid in queue[1:]:
        z = st.unit(uid)
        if z.square is None or z.square not in near or st.characters_in(z.square):
            continue
        theirs, _ = options(st, ctx, uid)
        if any(isinstance(a, ZMove) and a.path and a.path[-1] in ends for a in theirs):
            out += theirs
    return out


def unit_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    last = ctx.reaction_pended  # the last position `advance` left waiting on a reaction decision
    if last[0] is st:  # the very position `advance` just worked them out for
        return list(last[1])
    return _contenders(st, ctx)


def check_unit(st: GameState, ctx: Ctx, a: Action) -> RuleViolation | None:
    opts = list(unit_candidates(st, ctx))
    if a in opts:
        return None
    return RuleViolation("7.0", "react.not_option", n=len(opts))


def _done(st: GameState, uid: str) -> GameState:
    """The unit has reacted (or was required to) and may not move in Free Movement [7.4]."""
    zt = st.zturn
    return st.evolve(zturn=rec(zt, queue=tuple(u for u in zt.queue if u != uid), reacted=zt.reacted + (uid,)))


def do_unit(st: GameState, ctx: Ctx, a: ZMove, out: list[Event]) -> GameState:
    """The reacting unit moves (or, beside a glass door it may attack, stays [10.4]); it is done [7.4]."""
    z = st.unit(a.uid)
    if not a.path:
        out.append(ev("zstay", "10.4", uid=z.uid, square=z.square))
        return _done(st, z.uid)
    before = st.zombies
    st = move_unit(_done(st, z.uid), z.uid, square=a.path[-1])
    out.append(ev("react", "7.0" if not z.berserk else "7.5", uid=z.uid, frm=z.square, to=tuple(a.path)))
    i = st.unit_index(z.uid)
    assert i is not None
    return st.with_knowledge_after(before, i)


def do_break(st: GameState, ctx: Ctx, a: BreakDoor, out: list[Event]) -> GameState:
    """[10.4] the attempt is the unit's reaction move."""
    st = _done(st, a.who)
    return movement.start_break(st, st.zturn, a, out, reaction=True)


def check_super(st: GameState, ctx: Ctx, a: Action) -> RuleViolation | None:
    if a in super_options(st, ctx):
        return None
    return RuleViolation("11.4", "react.super")


def do_super_break(st: GameState, ctx: Ctx, a: BreakDoor, out: list[Event]) -> GameState:
    """[11.6] the super zombie and its unit smash the glass door: their reaction move."""
    return movement.start_break(st, st.zturn, a, out, reaction=True)


def super_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    yield EndPhase()
    yield from super_options(st, ctx)


def do_super(st: GameState, ctx: Ctx, a: SuperMove, out: list[Event]) -> GameState:
    return free.super_move(st, ctx, a, out, reaction=True)


def do_end(st: GameState, ctx: Ctx, a: EndPhase, out: list[Event]) -> GameState:
    """No more super zombie moves in reaction [11.4]: the phase is over (on to Free Movement [4.0])."""
    return st.evolve(zturn=rec(st.zturn, step=ZStep.END))


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    zt = st.zturn
    got = hidden.reveal_pending(st) or movement.break_pending(st, ctx)
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
        opts = _contenders(st, ctx, opts)
        if len(opts) == 1 and isinstance(opts[0], ZMove):  # one way to go, uncontested: no decision
            return do_unit(st, ctx, opts[0], out), False
        new = pend(st, PendingKind.REACTION, "7.0", f"choose the reaction move of the unit in {z.square}", who=uid)
        ctx.reaction_pended[:] = [new, tuple(opts)]  # (legal_actions asks for them next)
        return new, True
    if super_options(st, ctx):
        return pend(st, PendingKind.REACTION_SUPER, "11.4", "a super zombie may (but need not) move in reaction"), True
    return None


NODES = [
    Node(PendingKind.REACTION, {ZMove: do_unit, BreakDoor: do_break}, {ZMove: check_unit, BreakDoor: check_unit},
         candidates=unit_candidates, exact=True),
    Node(PendingKind.REACTION_SUPER, {SuperMove: do_super, ZMove: do_unit, BreakDoor: do_super_break, EndPhase: do_end},
         {SuperMove: check_super, ZMove: check_super, BreakDoor: check_super, EndPhase: None},
         candidates=super_candidates, exact=True),
]
