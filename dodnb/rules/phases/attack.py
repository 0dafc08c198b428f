"""Zombie attacks [8.0]-[8.8], in the Attack Phase (D) and at once when a unit enters or a super
zombie is created in a character's square [8.7], [11.8], [13.4]: the characters there may shoot
first [8.1], [6.9]; the zombie player says how many are attacked (in solitaire a die [15.6]) and the
human player which [8.0] 2-3; the value is divided among them, rounding down [8.0] 4; one roll on
the Zombie Attack Table each [8.8], with stun, infection and death [8.3]-[8.5]."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from typing import Callable, Iterable, Optional

from dodnb.errors import RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import Action, AttackCount, ChooseTargets, ReactionFire, Roll
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import shooting
from dodnb.rules.phases.base import Node, attack_of, begin_attack, faces, pend, rec, roll_node, set_chars, zombie_value_in
from dodnb.rules.state import GameState
from dodnb.rules.vocab import AttackStep, PendingKind, Phase, Status, ZStep


#: The Case of each status an attack gives: stunned [8.3], infected [8.4], killed [8.5].
_STATUS_CASE: dict[str, str] = {Status.STUNNED: "8.3", Status.INFECTED: "8.4", Status.KILLED: "8.5"}


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """D. the Zombie Attack Phase: an attack in every square holding characters and a zombie [8.0]."""
    out.append(ev("phase", "4.0", phase=Phase.ATTACK))
    squares = sorted(sq for sq in st.human_squares() if st.zombie_occupied(sq))
    return st.evolve(phase=Phase.ATTACK, zturn=rec(st.zturn, step=ZStep.ATTACK_SQUARES, queue=tuple(squares)))


# ----------------------------------------------------------------------------- reaction fire [8.1]


def may_fire(st: GameState) -> list[str]:
    """[8.1], [6.9] who may still shoot at the attacker: in the square, not stunned [8.3], not having
    shot at it yet (alone or with others, panicked or not: ruling E16)."""
    att = attack_of(st)
    return [c.name for c in st.characters_in(att.square) if c.status != Status.STUNNED and c.name not in att.fired]


def fire_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    names = may_fire(st)
    for r in range(len(names), -1, -1):
        for sub in itertools.combinations(names, r):
            yield ReactionFire(sub)


def check_fire(st: GameState, ctx: Ctx, a: ReactionFire) -> Optional[RuleViolation]:
    """[8.1] only characters in the square of the attack; [8.3] not stunned ones."""
    att = attack_of(st)
    here = {c.name: c for c in st.characters_in(att.square)}
    if len(set(a.shooters)) != len(a.shooters):
        return RuleViolation("6.9", "fire.twice")
    for n in a.shooters:
        if n not in here:
            return RuleViolation("8.1", "fire.elsewhere", who=n, square=att.square)
        if here[n].status == Status.STUNNED:
            return RuleViolation("8.3", "shoot.stunned", who=n)
        if n in att.fired:
            return RuleViolation("6.9", "fire.already", who=n)
    return None


def do_fire(st: GameState, ctx: Ctx, a: ReactionFire, out: list[Event]) -> GameState:
    """[8.1], [6.9] a shot at the attacker (not counting against the Fire Rate) by some of the characters
    together, the others free to shoot after it; or no more shots: the attack goes on."""
    att = attack_of(st)
    if not a.shooters:
        return st.evolve(attack=rec(att, step=AttackStep.COUNT))
    st = st.evolve(attack=rec(att, fired=att.fired + tuple(a.shooters)))
    out.append(ev("shot_declared", "8.1", who=tuple(a.shooters), target=att.square))
    return st.evolve(shot=shooting.start_shot(st, ctx, a.shooters, att.square, att.square, reaction=True))


# ----------------------------------------------------------------------------- how many, which [8.0] 2-4


def count_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    n = len(st.characters_in(attack_of(st).square))
    for k in range(n, 0, -1):
        yield AttackCount(k)


def check_count(st: GameState, ctx: Ctx, a: AttackCount) -> Optional[RuleViolation]:
    n = len(st.characters_in(attack_of(st).square))
    if not isinstance(a.k, int) or isinstance(a.k, bool) or not 1 <= a.k <= n:
        return RuleViolation("8.0", "attack.count", n=n, k=str(a.k))
    return None


def set_count(st: GameState, ctx: Ctx, k: int, out: list[Event]) -> GameState:
    """[8.0] 2, 4: k characters attacked, each at the value divided by k, rounded down; all of them
    when k is everyone, else the human player names them [8.0] 3."""
    att = attack_of(st)
    here = st.characters_in(att.square)
    value = zombie_value_in(st, att.square)
    out.append(ev("attack_count", "8.0", k=k, strength=core.strength(value, k)))
    if k == len(here):
        return st.evolve(attack=rec(att, step=AttackStep.ROLL, value=value, k=k, targets=tuple(c.name for c in here)))
    return st.evolve(attack=rec(att, step=AttackStep.TARGETS, value=value, k=k))


def do_count(st: GameState, ctx: Ctx, a: AttackCount, out: list[Event]) -> GameState:
    return set_count(st, ctx, a.k, out)


def count_outcomes(st: GameState, ctx: Ctx) -> list[tuple[Action, Fraction]]:
    """[15.6] in solitaire a die decides: each number of characters equally likely (ruling)."""
    n = len(st.characters_in(attack_of(st).square))
    return [(Roll(k), p) for k, p in core.attacked_count_odds(n)]


def pick_count(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    n = len(st.characters_in(attack_of(st).square))
    out.append(ev("solitaire_count", "15.6", k=a.total, n=n))
    return set_count(st, ctx, a.total, out)


def target_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    att = attack_of(st)
    names = [c.name for c in st.characters_in(att.square)]
    for sub in itertools.combinations(names, att.k):
        yield ChooseTargets(sub)


def check_targets(st: GameState, ctx: Ctx, a: ChooseTargets) -> Optional[RuleViolation]:
    """[8.0] 3 the human player names exactly that many characters in the square."""
    att = attack_of(st)
    here = {c.name for c in st.characters_in(att.square)}
    if len(a.targets) != att.k or len(set(a.targets)) != att.k:
        return RuleViolation("8.0", "attack.name_k", k=att.k)
    bad = [t for t in a.targets if t not in here]
    if bad:
        return RuleViolation("8.0", "attack.not_there", who=tuple(bad), square=att.square)
    return None


def do_targets(st: GameState, ctx: Ctx, a: ChooseTargets, out: list[Event]) -> GameState:
    return st.evolve(attack=rec(attack_of(st), step=AttackStep.ROLL, targets=tuple(a.targets)))


# ----------------------------------------------------------------------------- the table [8.8]


def attack_result(st: GameState, ctx: Ctx) -> Callable[[int], str]:
    """[8.8] what the attack roll decides: the Zombie Attack Table's result for the total at the
    attack's strength [8.0] step 4 (no strength, no effect)."""
    att = attack_of(st)
    s = core.strength(att.value, att.k)
    table = ctx.tables.attack_result
    return (lambda total: table(total, s)) if s else (lambda total: "none")


def roll_attack(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[8.8] two dice at the attack's strength; [8.3]-[8.5] the result applied at once, to the character
    rolled for only (the others in the square are untouched by it [8.6]); [12.3] a
    killed character's rifle leaves play; [11.0] no super-zombie roll in the turn of infection."""
    att = attack_of(st)
    who = next(t for t in att.targets if t not in att.rolled)
    c = st.character(who)
    s = core.strength(att.value, att.k)
    result = attack_result(st, ctx)(a.total)
    new = core.hit(c.status, result)
    out.append(ev("attack_roll", "8.8", dice=faces(a), who=who, roll=a.total, strength=s, outcome=result))
    att = rec(att, rolled=att.rolled + (who,))
    st = st.evolve(attack=att)
    if new != c.status:
        ch = replace(c, status=new)
        if new == Status.INFECTED:
            ch = replace(ch, infected_turn=st.turn)  # [11.0] no roll this Game-Turn
        if new == Status.KILLED:
            ch = replace(ch, square=None, rifle=False)  # [8.5] removed from play; [12.3]
            if c.rifle:
                out.append(ev("rifle_lost", "12.3", who=who))
        st = set_chars(st, ch)
        out.append(ev("status", _STATUS_CASE[new], who=who, status=new))
    if len(att.rolled) == len(att.targets):
        st = st.evolve(attack=None)
    return st.with_knowledge()


def step(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """The next step of an attack in progress, in any phase [8.0] (None: no attack)."""
    att = st.attack
    if att is None:
        return None
    here = st.characters_in(att.square)
    if not here or not st.zombie_occupied(att.square):
        return st.evolve(attack=None), False
    if att.step == AttackStep.FIRE:
        if may_fire(st):
            return pend(st, PendingKind.REACTION_FIRE, "8.1", f"the characters in {att.square} may shoot the attacker first", who=att.square), True
        return st.evolve(attack=rec(att, step=AttackStep.COUNT)), False
    if att.step == AttackStep.COUNT:
        if len(here) == 1:
            return set_count(st, ctx, 1, out), False
        if st.solitaire:  # [15.6] a die decides how many are attacked
            return pend(st, PendingKind.PICK_COUNT, "15.6", f"a die decides how many of the {len(here)} characters in {att.square} are attacked", who=att.square), True
        return pend(st, PendingKind.ATTACK_COUNT, "8.0", f"how many of the {len(here)} characters in {att.square} are attacked", who=att.square), True
    if att.step == AttackStep.TARGETS:
        return pend(st, PendingKind.ATTACK_TARGETS, "8.0", f"name the {att.k} character(s) attacked in {att.square}", who=att.square), True
    who = next(t for t in att.targets if t not in att.rolled)
    return pend(st, PendingKind.ROLL_ATTACK, "8.8", f"zombie attack on {who} at strength {core.strength(att.value, att.k)}", 2, who), True


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """Each square in turn [8.0]; then the phase is over (on to E. the Zombie Generation Phase [4.0])."""
    zt = st.zturn
    if zt.queue:
        sq = zt.queue[0]
        st = st.evolve(zturn=rec(zt, queue=zt.queue[1:]))
        if st.characters_in(sq) and st.zombie_occupied(sq):
            return begin_attack(st, sq, "8.0", out), False
        return st, False
    return None


NODES = [
    Node(PendingKind.REACTION_FIRE, {ReactionFire: do_fire}, {ReactionFire: check_fire}, candidates=fire_candidates),
    Node(PendingKind.ATTACK_COUNT, {AttackCount: do_count}, {AttackCount: check_count}, candidates=count_candidates),
    Node(PendingKind.ATTACK_TARGETS, {ChooseTargets: do_targets}, {ChooseTargets: check_targets}, candidates=target_candidates),
    Node(PendingKind.PICK_COUNT, {Roll: pick_count}, outcomes=count_outcomes),
    roll_node(PendingKind.ROLL_ATTACK, roll_attack, attack_result),
]
