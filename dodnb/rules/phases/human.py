"""The Human Player-Turn [4.0] 1, which begins each Game-Turn: activating one character or stack [5.0], [5.2], moving [5.1]-[5.4],
doors [5.5], carrying [5.6], hunting rifles [12.0]-[12.3], and handing over to the zombies.
Shooting while being moved lives in :mod:`.shooting`; a hidden zombie met on the way in :mod:`.hidden`."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any, Callable, Iterable, Optional

from dodnb.board.model import UnknownSquare
from dodnb.errors import DodnbError, RuleViolation
from dodnb.rules.actions import Action, Activate, CloseMainDoor, Door, Drop, EndTurn, Move, Shoot, TakeRifle
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import shooting
from dodnb.rules.phases.base import (
    RIFLE_HOLDERS, Node, active, by_square, pend, rec, record, set_chars, set_door, stack_square, zombie_value_in,
)
from dodnb.rules.state import Activation, CharacterState, GameState, TurnRecord, ZombieTurn
from dodnb.rules.vocab import DoorKind, DoorState, PendingKind, Phase, Status, ZStep


# ----------------------------------------------------------------------------- candidates


def candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    """Exactly the legal actions of the human player now, in a stable order (tests check that `check`
    accepts exactly these): each kind built by the rule that allows it, or kept if its check passes."""
    a = st.activation
    if a is None:
        by_sq: dict[str, list[CharacterState]] = {}
        for c in st.characters:
            if c.in_play and c.square is not None:
                by_sq.setdefault(c.square, []).append(c)
        for sq in sorted(by_sq):
            here = by_sq[sq]
            elig = [c.name for c in here if c.status != Status.STUNNED and not c.moved_last_turn]
            for r in range(1, len(elig) + 1):
                for sub in itertools.combinations(elig, r):
                    yield Activate.fast(sub)  # [5.0], [5.2] eligible characters of one square: what check_activate asks
                    for carrier in sub:
                        for other in here:
                            if other.name not in sub:
                                carry = Activate.fast(sub, carrier, other.name)
                                if _passes(check_activate, st, ctx, carry):  # [5.6], [5.9]
                                    yield carry
        yield EndTurn()
        return
    sq = stack_square(st)
    if a.left:  # actions that cost Movement Points [5.1]
        # check_move: no move after panicking [6.5]; one cost to enter any square from here [5.9], [5.4]
        if not a.panicked and move_cost(st, ctx, sq) <= a.left:
            reachable = ctx.moves(st)[sq]  # [5.3] no wall or closed door
            for n in ctx.board.neighbours(sq):
                if n in reachable:
                    yield Move.fast(n)
        for d in ctx.board.doors_of(sq):
            door: Action = CloseMainDoor(d.id) if d.kind == DoorKind.MAIN else Door(d.id, st.door_state(d.id) == DoorState.OPEN)
            if _passes(check_main if d.kind == DoorKind.MAIN else check_door, st, ctx, door):
                yield door
        for name in a.stack:
            if name in RIFLE_HOLDERS:
                rifle = TakeRifle(name)
                if _passes(check_rifle, st, ctx, rifle):
                    yield rifle
    if a.carrier:
        yield Drop()  # [5.6] carrying may be ceased at any point
    yield from shooting.candidates(st, ctx, a, sq)
    yield EndTurn()


def _passes(check: Callable[[GameState, Ctx, Any], Optional[RuleViolation]], st: GameState, ctx: Ctx, a: Action) -> bool:
    """`check` allows `a` (an error raised counts as a refusal, as in `engine.check`)."""
    try:
        return check(st, ctx, a) is None
    except DodnbError:
        return False


# ----------------------------------------------------------------------------- checks


def check_activate(st: GameState, ctx: Ctx, a: Activate) -> Optional[RuleViolation]:
    """[5.0] one eligible character or stack per Human Player-Turn; [5.2] stacks; [5.6] carrying."""
    if st.activation is not None:
        return RuleViolation("5.0", "activate.already")
    if not a.stack:
        return RuleViolation("5.0", "activate.nobody")
    if len(set(a.stack)) != len(a.stack):
        return RuleViolation("5.2", "activate.twice")
    chars = [st.character(n) for n in a.stack]
    for c in chars:
        if not c.in_play:
            return RuleViolation("8.5" if c.status == Status.KILLED else "11.0", "activate.out", who=c.name)
        if c.status == Status.STUNNED:
            return RuleViolation("8.3", "activate.stunned", who=c.name)
        if c.moved_last_turn:
            return RuleViolation("5.0", "activate.moved_before", who=c.name)
    if len({c.square for c in chars}) > 1:
        return RuleViolation("5.2", "activate.apart")
    if a.carrier or a.carried:
        if a.carrier not in a.stack:
            return RuleViolation("5.6", "carry.carrier", who=a.carrier or "—")
        carried = st.character(a.carried)
        if carried.name in a.stack:
            return RuleViolation("5.6", "carry.carried_moves", who=carried.name)
        if not carried.in_play or carried.square != chars[0].square:
            return RuleViolation("5.6", "carry.apart", who=carried.name)
        if st.character(a.carrier).status == Status.INFECTED:
            return RuleViolation("5.9", "carry.infected", who=a.carrier)
    return None


def move_cost(st: GameState, ctx: Ctx, frm: str) -> int:
    """[5.9] the Human Movement Point Cost Chart, read from the tables: the cost to enter a square, or
    to leave a zombie-occupied one into the next [5.4]; + the carry cost per square [5.6]."""
    act = active(st)
    t = ctx.tables
    cost = t.exit_cost(zombie_value_in(st, frm)) if st.zombie_occupied(frm) else t.enter_cost()
    if act.carrier:
        cost += t.carry_cost(act.carrier)
    return cost


def check_move(st: GameState, ctx: Ctx, a: Move) -> Optional[RuleViolation]:
    """[2.1] adjacent squares only; [5.3] no wall or closed door; [5.1] the allowance; [6.5] panic ends it."""
    act = active(st)
    frm = stack_square(st)
    try:
        to = ctx.board.square_id(a.to)
    except ValueError as e:
        return RuleViolation("2.1", str(e))
    if act.panicked:
        return RuleViolation("6.5", "move.panicked", who=tuple(act.panicked))
    if to not in ctx.moves(st)[frm]:
        board = ctx.board
        if to == frm:
            return RuleViolation("2.1", "move.same_square", square=to)
        if not board.adjacent(frm, to):
            return RuleViolation("2.1", "move.not_adjacent", frm=frm, to=to)
        if not board.passable(frm, to, st.doors):  # [5.3]
            closed = [d.id for d in board.doors_between(frm, to) if st.door_state(d.id) == DoorState.CLOSED]
            if closed:
                return RuleViolation("5.3", "move.door_closed", door=closed[0], frm=frm, to=to)
            return RuleViolation("5.3", "move.wall", frm=frm, to=to)
    cost = move_cost(st, ctx, frm)
    if cost > act.left:
        if st.zombie_occupied(frm):
            return RuleViolation("5.1", "move.cost_zombie", to=to, cost=cost, leave=zombie_value_in(st, frm), left=act.left)
        return RuleViolation("5.1", "move.cost", to=to, cost=cost, left=act.left)
    return None


def non_movement_problem(st: GameState, sq: str, what: str) -> Optional[RuleViolation]:
    """The Human Movement Point Cost Chart's limits on actions other than moving [5.9]: none while
    carrying [5.6], none in a zombie-occupied square (note b) [5.5], [12.2]."""
    if st.activation is not None and st.activation.carrier:
        return RuleViolation("5.6", "carry.only_move")
    if st.zombie_occupied(sq):
        return RuleViolation("12.2", "rifle.zombie_square", square=sq) if what == "rifle" else RuleViolation("5.5", "door.zombie_square", square=sq)
    return None


def check_door(st: GameState, ctx: Ctx, a: Door) -> Optional[RuleViolation]:
    """[5.5] 2 Movement Points to open or close a door on a side of the square; [10.5] a destroyed
    glass door never closes."""
    act = active(st)
    sq = stack_square(st)
    d = ctx.board.doors.get(a.door)
    if d is None:
        return RuleViolation("5.5", "door.unknown", door=str(a.door))
    if d.kind == DoorKind.MAIN:
        return RuleViolation("5.5", "door.main")
    if sq not in d.squares:
        return RuleViolation("5.5", "door.not_here", door=d.id, square=sq)
    why = non_movement_problem(st, sq, "door")
    if why:
        return why
    state = st.door_state(d.id)
    if state == DoorState.DESTROYED:
        return RuleViolation("10.5", "door.destroyed", door=d.id)
    if a.close and state == DoorState.CLOSED:
        return RuleViolation("5.5", "door.closed", door=d.id)
    if not a.close and state == DoorState.OPEN:
        return RuleViolation("5.5", "door.open", door=d.id)
    cost = ctx.tables.door_cost()
    if cost > act.left:
        return RuleViolation("5.5", "door.cost", cost=cost, left=act.left)
    return None


def check_main(st: GameState, ctx: Ctx, a: CloseMainDoor) -> Optional[RuleViolation]:
    """[5.5] a main door takes the entire allowance, from its square at the start of the turn; never reopened."""
    act = active(st)
    sq = stack_square(st)
    d = ctx.board.doors.get(a.door)
    if d is None or d.kind != DoorKind.MAIN:
        return RuleViolation("5.5", "main.not_main", door=str(a.door), mains=tuple(sorted(ctx.board.main_doors)))
    if sq != d.squares[0] or act.start != sq or act.spent:
        return RuleViolation("5.5", "main.whole_turn", door=d.id, square=d.squares[0])
    why = non_movement_problem(st, sq, "door")
    if why:
        return why
    if st.door_state(d.id) == DoorState.CLOSED:
        return RuleViolation("5.5", "main.closed", door=d.id)
    return None


def check_rifle(st: GameState, ctx: Ctx, a: TakeRifle) -> Optional[RuleViolation]:
    """[12.1] Steve and Fran, one each; [12.2] eligible, beginning the turn in 177, nothing spent first."""
    act = active(st)
    c = st.character(a.who)
    if c.name not in RIFLE_HOLDERS:
        return RuleViolation("12.1", "rifle.never", who=c.name)
    if c.name not in act.stack:
        return RuleViolation("12.2", "rifle.not_moving", who=c.name)
    if c.rifle:
        return RuleViolation("12.1", "rifle.has", who=c.name)
    rs = ctx.board.rifle_square or "177"
    if act.start != rs or c.square != rs:
        return RuleViolation("12.2", "rifle.square", square=rs)
    if act.spent:
        return RuleViolation("12.2", "rifle.whole_turn")
    if st.rifles_left <= 0:
        return RuleViolation("12.0", "rifle.none_left", square=rs)
    return non_movement_problem(st, rs, "rifle")


def check_drop(st: GameState, ctx: Ctx, a: Drop) -> Optional[RuleViolation]:
    """[5.6] carrying may be ceased at any point."""
    if not active(st).carrier:
        return RuleViolation("5.6", "carry.nobody")
    return None


# ----------------------------------------------------------------------------- resolvers


def do_activate(st: GameState, ctx: Ctx, a: Activate, out: list[Event]) -> GameState:
    chars = [st.character(n) for n in a.stack]
    allowance = min(ctx.side(c).movement for c in chars)  # [5.2] the lowest
    start = chars[0].square
    assert start is not None
    act = Activation(tuple(c.name for c in chars), allowance, start, carrier=a.carrier, carried=a.carried)
    out.append(ev("activate", "5.2" if len(chars) > 1 else "5.0", who=act.stack, allowance=allowance))
    if a.carrier:
        out.append(ev("carry", "5.6", carrier=a.carrier, carried=a.carried))
    return st.evolve(activation=act, record=rec(st.record, actors=act.stack))


def do_move(st: GameState, ctx: Ctx, a: Move, out: list[Event]) -> GameState:
    act = active(st)
    frm = stack_square(st)
    to = ctx.board.square_id(a.to)
    cost = move_cost(st, ctx, frm)
    movers = set(act.stack) | ({act.carried} if act.carried else set())
    woken = [c for c in st.characters_in(to) if c.status == Status.STUNNED and c.name not in movers]
    changed = [replace(st.character(n), square=to) for n in movers]
    changed += [replace(c, status=Status.NORMAL.value) for c in woken]  # [8.3]
    st = set_chars(st, *changed)
    act = rec(act, spent=act.spent + cost)
    out.append(ev("move", "5.0", who=act.stack, square=to, cost=cost, left=act.left))
    for c in woken:
        out.append(ev("wake", "8.3", who=c.name, by=act.stack))
    st = record(st.evolve(activation=act), entered=[to])
    z = st.zombie_in(to)
    if z is not None:
        out.append(ev("reveal_on_entry", "5.4", value=z.value))
    if to in st.hidden_squares:  # [9.1] a hidden zombie is revealed the moment its square is entered
        if st.zombie_occupied(to):
            out.append(ev("hidden_blocked", "9.3", square=to))
        else:
            st = st.evolve(activation=rec(act, revealing=to))
    return st.with_knowledge()


def do_door(st: GameState, ctx: Ctx, a: Door, out: list[Event]) -> GameState:
    act = active(st)
    sq = stack_square(st)
    cost = ctx.tables.door_cost()
    st = set_door(st, a.door, DoorState.CLOSED.value if a.close else DoorState.OPEN.value)
    st = record(st.evolve(activation=rec(act, spent=act.spent + cost)), acted=[sq])  # [7.3]
    out.append(ev("door", "5.5", who=act.stack, how="close" if a.close else "open", door=a.door, cost=cost))
    return st


def do_main(st: GameState, ctx: Ctx, a: CloseMainDoor, out: list[Event]) -> GameState:
    act = active(st)
    sq = stack_square(st)
    st = set_door(st, a.door, DoorState.CLOSED.value)
    # [5.5] the entire allowance is spent; shooting remains possible [6.1], [6.2] (ruling E1)
    st = record(st.evolve(activation=rec(act, spent=act.allowance)), acted=[sq])
    out.append(ev("main_door", "5.5", who=act.stack, compass=ctx.board.doors[a.door].compass or a.door))
    return st


def do_rifle(st: GameState, ctx: Ctx, a: TakeRifle, out: list[Event]) -> GameState:
    act = active(st)
    c = st.character(a.who)
    st = set_chars(st, replace(c, rifle=True))
    st = st.evolve(rifles_left=st.rifles_left - 1, activation=rec(act, spent=act.allowance))  # [12.2]
    out.append(ev("rifle", "12.2", who=c.name, left=st.rifles_left))
    return record(st, acted=[c.square] if c.square else [])  # [7.3]


def do_drop(st: GameState, ctx: Ctx, a: Drop, out: list[Event]) -> GameState:
    act = active(st)
    out.append(ev("drop", "5.6", carrier=act.carrier, carried=act.carried, square=stack_square(st)))
    return st.evolve(activation=rec(act, carrier="", carried=""))


def do_end(st: GameState, ctx: Ctx, a: EndTurn, out: list[Event]) -> GameState:
    """[4.0] the Human Player-Turn ends: who moved is noted [5.0], and the Zombie Player-Turn's
    bookkeeping is made (its stacks [11.2], the berserk units to re-check [10.0]); the phase is over
    (``ZStep.END``): the phase table begins the next [4.0], [15.2]."""
    actors = st.activation.stack if st.activation else ()
    chars = tuple(replace(c, moved_last_turn=c.name in actors) for c in st.characters)
    out.append(ev("end_turn", "4.0"))
    stacks = tuple(
        (c.name, z.uid) for c in chars if c.is_super for z in st.zombies if z.square == c.square
    )  # [11.2] units that begin the Zombie Player-Turn with a super zombie
    # [10.0] the berserk units re-checked first, in the order of their squares (ruling S-T1)
    berserk = tuple(by_square(z for z in st.zombies if z.square is not None and z.berserk))
    return st.evolve(characters=chars, activation=None, zturn=ZombieTurn(step=ZStep.END, queue=berserk, stacks=stacks, urn=st.zturn.urn, lots=st.zturn.lots))


# ----------------------------------------------------------------------------- the phase


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """[4.0] one Game-Turn is complete and another begins, with the Human Player-Turn."""
    turn = st.turn + 1
    out.append(ev("turn", "4.0", turn=turn))
    # (a public position's urn and lots carry on: `dodnb.rules.knowledge.conceal`)
    zt = ZombieTurn(urn=st.zturn.urn, lots=st.zturn.lots) if st.zturn.urn or st.zturn.lots else ZombieTurn()
    return st.evolve(turn=turn, phase=Phase.HUMAN, record=TurnRecord(), zturn=zt, activation=None)


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """The human player acts; a hidden square entered is drawn for first [9.1]. The turn ends only
    when the player ends it (:func:`do_end`)."""
    if st.activation is not None and st.activation.revealing:
        sq = st.activation.revealing
        return pend(st, PendingKind.DRAW_HIDDEN, "9.0", f"a hidden zombie is drawn at random for {sq}", who=sq), True
    purpose = "move, shoot or act with the active stack, or end the turn" if st.activation else "activate a character or stack, or end the turn"
    return pend(st, PendingKind.ACT, "5.0", purpose), True


NODES = [
    Node(
        PendingKind.ACT,
        resolve={Activate: do_activate, Move: do_move, Door: do_door, CloseMainDoor: do_main, TakeRifle: do_rifle,
                 Drop: do_drop, EndTurn: do_end, Shoot: shooting.do_shoot},
        checks={Activate: check_activate, Move: check_move, Door: check_door, CloseMainDoor: check_main,
                TakeRifle: check_rifle, Drop: check_drop, EndTurn: None, Shoot: shooting.check_shoot},
        candidates=candidates, exact=True,
    ),
]

__all__ = ["NODES", "enter", "advance", "move_cost", "non_movement_problem", "UnknownSquare"]
