"""Shooting zombies [6.0]-[6.9]: who may shoot at what (sight [6.4], the same-square and
character-square limits [6.3]), the Fire Rate [6.1], panic checks [6.5], [10.6], [11.5], the shot
modifiers per gun [6.7], [6.8] and the shot itself [6.0] step 5. A shot fired while being moved
(the Human Player-Turn) and a shot at an attacking unit [6.9], [8.1] run through the same nodes."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Callable, Iterable, Optional

from dodnb.board.sight import line_of_sight
from dodnb.errors import RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import Action, Roll, Shoot
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.modifiers import shot_modifiers
from dodnb.rules.phases.base import (
    Node, active, attack_of, faces, move_unit, pend, rec, record, roll_node, set_chars, set_door, shot_of, stack_square,
    zombie_value_in,
)
from dodnb.rules.state import Activation, GameState, Shot
from dodnb.rules.vocab import AttackStep, DoorState, PendingKind, Pool, Status, TargetKind


def candidates(st: GameState, ctx: Ctx, a: Activation, sq: str) -> Iterable[Action]:
    """Exactly the legal shots of the stack in `sq` (what `check_shoot` allows): every grouping of the
    characters able to fire now at every target they may shoot at. Those able to fire: being moved
    [6.2], not carrying nor carried [5.6], not panicked [6.5], below their Fire Rate [6.1]; the targets:
    the unit in their own square, else every zombie-occupied square in sight [6.3], [6.4] without a
    character in it (as `shot_target_problem` asks)."""
    if st.zombie_occupied(sq):
        targets = [sq]  # [6.3] only the unit in the same square
    else:
        vis = ctx.visible_from(st, sq)
        humans = st.human_squares()
        targets = sorted(t for t in st.unit_squares().keys() | st.super_squares() if t in vis and t not in humans)
    if not targets:
        return
    can = [n for n in a.stack if n not in (a.carrier, a.carried) and n not in a.panicked
           and a.shots_of(n) < ctx.side(st.character(n)).fire_rate]
    for r in range(1, len(can) + 1):
        for sub in itertools.combinations(can, r):
            for t in targets:
                yield Shoot.fast(sub, t)


def shooter_problem(st: GameState, name: str) -> Optional[RuleViolation]:
    """Why this character may not shoot at all now, or None: killed [8.5], a super zombie [11.0],
    stunned [8.3]."""
    c = st.character(name)
    if c.status == Status.KILLED or c.square is None:
        return RuleViolation("8.5", "shoot.out", who=c.name)
    if c.status == Status.SUPER:
        return RuleViolation("11.0", "shoot.super", who=c.name)
    if c.status == Status.STUNNED:
        return RuleViolation("8.3", "shoot.stunned", who=c.name)
    return None


def shot_target_problem(st: GameState, ctx: Ctx, src: str, dst: str) -> Optional[RuleViolation]:
    """Why characters in `src` may not shoot at what stands in `dst`, or None [6.0], [6.3], [6.4]."""
    if not st.zombie_occupied(dst):
        return RuleViolation("6.0", "shoot.nothing", square=dst)
    if src != dst:
        if st.zombie_occupied(src):
            return RuleViolation("6.3", "shoot.own_square", square=src)
        if st.characters_in(dst):
            return RuleViolation("6.3", "shoot.character_there", square=dst)
        if dst not in ctx.visible_from(st, src):
            s = line_of_sight(ctx.board, src, dst, occupied=st.occupied(), door_states=st.doors)
            return RuleViolation("6.4" if s.reason != "token" else "6.3", "shoot.no_sight", target=dst, shooter=src, reason=s.reason or "wall")
    return None


def check_shoot(st: GameState, ctx: Ctx, a: Shoot) -> Optional[RuleViolation]:
    """[6.2] only characters being moved shoot; [5.6] not while carrying; [6.5] not after panicking;
    [6.1] up to the Fire Rate; then the target [6.0], [6.3], [6.4]."""
    act = active(st, "6.2")
    if not a.shooters or len(set(a.shooters)) != len(a.shooters):
        return RuleViolation("6.8", "shoot.names")
    for n in a.shooters:
        if n not in act.stack:
            return RuleViolation("6.2", "shoot.not_moving", who=n)
        if n in (act.carrier, act.carried):
            return RuleViolation("5.6", "shoot.carrying", who=n)
        if n in act.panicked:
            return RuleViolation("6.5", "shoot.panicked", who=n)
        c = st.character(n)
        if act.shots_of(n) >= ctx.side(c).fire_rate:
            return RuleViolation("6.1", "shoot.fire_rate", who=n, n=act.shots_of(n))
    src = stack_square(st)
    try:
        dst = ctx.board.square_id(a.target)
    except ValueError as e:
        return RuleViolation("2.1", str(e))
    return shot_target_problem(st, ctx, src, dst)


def target_kind(st: GameState, sq: str) -> TargetKind:
    """What is shot at, for the panic check: a super zombie (alone or stacked: one check at its
    increase [11.5]), a berserk unit [6.5], [10.6], or a plain unit."""
    z, supers = st.zombie_in(sq), st.super_zombies_in(sq)
    if supers:
        return TargetKind.SUPER
    return TargetKind.BERSERK if z is not None and z.berserk else TargetKind.ZOMBIE


def start_shot(st: GameState, ctx: Ctx, shooters: tuple[str, ...], src: str, dst: str, reaction: bool) -> Shot:
    """A declared shot: its panic increase [6.5] (None: no check), modifier per gun [6.7] and the
    closed glass doors it would destroy [6.7], [10.5]."""
    same = src == dst
    inc = ctx.tables.panic_increase(target_kind(st, dst).value, same)  # [6.5], [10.6], [11.5]
    doors: tuple[str, ...] = ()
    modifier = 0
    if not same:
        mods = shot_modifiers(ctx.board, src, dst, door_states=st.doors, occupied=st.occupied(), tables=ctx.tables)
        modifier = mods.reduction  # [6.7] per gun, the game's own chart
        doors = tuple(mods.destroys_doors)
    return Shot(shooters, dst, modifier, inc, shooters if inc is not None else (), reaction=reaction, doors=doors)


def do_shoot(st: GameState, ctx: Ctx, a: Shoot, out: list[Event]) -> GameState:
    act = active(st)
    src = stack_square(st)
    dst = ctx.board.square_id(a.target)
    shot = start_shot(st, ctx, a.shooters, src, dst, reaction=False)
    shots = dict(act.shots)
    for n in a.shooters:
        shots[n] = shots.get(n, 0) + 1  # [6.1]
    act = rec(act, shots=tuple(sorted(shots.items())))
    out.append(ev("shot_declared", "6.0", who=tuple(a.shooters), target=dst))
    st = st.evolve(activation=act, shot=shot)
    return record(st, acted=[src])  # [7.3]


def after_shot(st: GameState, shot: Shot, killed: bool, out: list[Event]) -> GameState:
    """A shot at an attacking unit [8.0] 1: destroyed, the attack is not conducted; else the others in
    the square may still shoot, then the attack goes on (ruling E16)."""
    if shot.reaction and st.attack is not None:
        if killed:
            out.append(ev("attack_destroyed", "8.0"))
            return st.evolve(attack=None)
        return st.evolve(attack=rec(st.attack, step=AttackStep.FIRE))
    return st


def step(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """The next step of a shot being resolved, in any phase (None: no shot): each shooter's panic
    check [6.5], [6.8], then one roll for everyone who did not panic [6.6], [6.8]."""
    shot = st.shot
    if shot is None:
        return None
    if shot.to_check:
        c = st.character(shot.to_check[0])
        inc = shot.increase or 0
        return pend(st, PendingKind.ROLL_PANIC, "6.5", f"{c.name} checks panic (Panic Level {ctx.side(c).panic_level}{' + ' + str(inc) if inc else ''})", ctx.panic_dice(c), c.name), True
    firing = [st.character(n) for n in shot.shooters if n not in shot.panicked]
    if not firing:
        out.append(ev("no_shot", "6.5"))
        return after_shot(st.evolve(shot=None), shot, False, out), False
    n = core.pooled_dice([ctx.shot_dice(c) for c in firing])
    return pend(st, PendingKind.ROLL_SHOT, "6.0", f"{' and '.join(c.name for c in firing)} shoot{'s' if len(firing) == 1 else ''} at {shot.target}", n, shot.target), True


def panics(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[6.5] what the panic check decides: the first shooter still to check panics when the total is at
    most his Panic Level plus the shot's increase."""
    shot = shot_of(st)
    level, inc = ctx.side(st.character(shot.to_check[0])).panic_level, shot.increase or 0
    return lambda total: core.panics(total, level, inc)


def roll_panic(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[6.5] panic when the roll is at most the adjusted Panic Level: no shot, and in the Human
    Player-Turn the stack's Movement Allowance is spent (ruling E7)."""
    shot = shot_of(st)
    who = shot.to_check[0]
    adj = ctx.side(st.character(who)).panic_level + (shot.increase or 0)
    if panics(st, ctx)(a.total):
        out.append(ev("panics", "6.5", dice=faces(a), who=who, roll=a.total, level=adj))
        shot = rec(shot, to_check=shot.to_check[1:], panicked=shot.panicked + (who,))
        if not shot.reaction and st.activation is not None:
            act = st.activation
            st = st.evolve(activation=rec(act, panicked=act.panicked + (who,), spent=act.allowance))
            out.append(ev("panic_stops", "6.5"))
    else:
        out.append(ev("keeps_nerve", "6.5", dice=faces(a), who=who, roll=a.total, level=adj))
        shot = rec(shot, to_check=shot.to_check[1:])
    return st.evolve(shot=shot)


def _against(st: GameState, shot: Shot) -> tuple[int, int]:
    """(the modifiers of every gun firing [6.7], [6.8], the Zombie Value shot at: unit and super
    zombies together [11.3])."""
    firing = sum(1 for n in shot.shooters if n not in shot.panicked)
    return shot.modifier * firing, zombie_value_in(st, shot.target)


def destroys(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[6.0] step 5: what the shot decides: the total less the modifiers at least the Zombie Value."""
    reduction, value = _against(st, shot_of(st))
    return lambda total: core.destroys(total, reduction, value)


def roll_shot(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[6.0] step 5: the dice total less the modifiers of every gun [6.7], [6.8] against the Zombie
    Value (unit and super zombies together [11.3]); a closed glass door shot through is destroyed
    [6.7], [10.5]."""
    shot = shot_of(st)
    firing = [st.character(n) for n in shot.shooters if n not in shot.panicked]
    n = core.pooled_dice([ctx.shot_dice(c) for c in firing])
    reduction, value = _against(st, shot)
    killed = destroys(st, ctx)(a.total)
    out.append(ev("shot", "6.0", dice=faces(a), n=n, roll=a.total, mod=reduction, result=a.total - reduction, value=value,
                  outcome="destroyed" if killed else "not_affected"))
    for d in shot.doors:
        st = set_door(st, d, DoorState.DESTROYED.value)  # [6.7], [10.5]
        out.append(ev("door_destroyed", "6.7", door=d))
    z = st.zombie_in(shot.target)
    supers = st.super_zombies_in(shot.target)
    if z is not None:
        st = move_unit(st, z.uid, seen=True, candidates=())  # [6.0] step 5: flipped to reveal
    if killed:
        if z is not None:
            st = move_unit(st, z.uid, square=None, pool=Pool.ELIMINATED.value, berserk=False, face_up=False)
            out.append(ev("eliminated_unit", "6.0", uid=z.uid, square=shot.target, value=z.value))
        for c in supers:
            st = set_chars(st, replace(c, square=None))
            out.append(ev("eliminated_super", "11.3", name=c.name))
    st = st.evolve(shot=None).with_knowledge()
    return after_shot(st, shot, killed, out)


NODES = [
    roll_node(PendingKind.ROLL_PANIC, roll_panic, panics),
    roll_node(PendingKind.ROLL_SHOT, roll_shot, destroys),
]

__all__ = ["NODES", "shooter_problem", "shot_target_problem", "start_shot", "check_shoot", "do_shoot", "step"]
