"""The hand-written human players of the solitaire game [15.0], for experiments — not clever, and
documented so a class can beat them:

* :func:`random_human` — any legal action, equally likely;
* :func:`sensible_human` — group up, get the rifles, close the main doors, shoot when the odds are
  good (see its docstring);
* :func:`together_human` — the same goals and shots, but the four characters kept in one square
  (see its docstring).

They play the human side against the [15.5] automaton (:mod:`dodnb.rules.solitaire`, the zombie
side), whose distances and orderings they share (:func:`~dodnb.rules.solitaire.steps_from`,
:func:`~dodnb.rules.solitaire.humans_in_play`, :func:`~dodnb.rules.solitaire.square_of`). The search
player (:mod:`dodnb.search.player`) builds on their goals (:func:`stack_goal`, :func:`next_step`) and
their kill estimate (:func:`kill_estimate`).
"""

from __future__ import annotations

from functools import lru_cache

import random
from fractions import Fraction
from typing import Iterable, Optional, Sequence

from dodnb.rules import core, engine
from dodnb.rules.actions import Action, Activate, CloseMainDoor, EndTurn, Move, Shoot, TakeRifle
from dodnb.rules.events import Note
from dodnb.rules.modifiers import shot_modifiers
from dodnb.rules.observe import value_knowledge
from dodnb.rules.solitaire import INF, humans_in_play, square_of, steps_from
from dodnb.rules.state import CharacterState, GameState
from dodnb.rules.vocab import DoorState, PendingKind, Status

__all__ = [
    "random_human", "sensible_human", "together_human", "HUMAN_POLICIES", "GOOD_ODDS", "kill_estimate",
    "stack_goal", "next_step",
]


def random_human(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Random-legal: any legal action, equally likely (`dodnb.rules.game.random_policy`)."""
    return legal[rng.randrange(len(legal))]


#: Shoot when the estimated kill chance is at least this (ruling in sensible_human's docstring).
GOOD_ODDS = Fraction(1, 2)


def kill_estimate(state: GameState, ctx, shooters: Iterable[str], src: str, target: str) -> Fraction:
    """P(shot result >= value) for these shooters together [6.0], [6.7], [6.8], panic ignored; a value
    not known is as the humans know it (`dodnb.rules.observe.value_knowledge`: the unseen values [7.7];
    for a unit drawn from the pool, its candidates [13.3]).
    Counted in whole numbers of dice faces (:func:`_hits`), one Fraction at the end."""
    chars = [state.character(n) for n in shooters]
    n = core.pooled_dice([ctx.shot_dice(c) for c in chars])
    return kill_chance(n, len(chars), *target_terms(state, ctx, src, target))


def target_terms(state: GameState, ctx, src: str, target: str) -> tuple[int, int, tuple[int, ...]]:
    """What :func:`kill_estimate` reads of the target, the same for every group of shooters from
    `src`: (the Shot Modifier Chart's subtraction for one gun [6.7], the super zombies' values added
    to the number to beat [11.3], the values the unit may have as the humans know them)."""
    per_gun = _reduction(state, ctx, src, target) if src != target else 0
    z = state.zombie_in(target)
    supers = len(state.super_zombies_in(target)) * state.super_value
    if z is None:
        return per_gun, supers, (0,)
    k = value_knowledge(state, z)
    return per_gun, supers, ((k,) if isinstance(k, int) else tuple(k))


def kill_chance(n: int, guns: int, per_gun: int, supers: int, values: tuple[int, ...]) -> Fraction:
    """:func:`kill_estimate` from its parts: n dice pooled by `guns` shooters [6.8] at a target whose
    terms are :func:`target_terms`'s."""
    return Fraction(_hits(n, supers + per_gun * guns, values), 6**n * len(values))


@lru_cache(maxsize=4096)
def _hits(n: int, shift: int, values: tuple[int, ...]) -> int:
    """How many (face combination of n dice, value) pairs give a total at least value + shift
    [6.7], [6.8]: the kill chance's numerator over 6**n * len(values) (kept per value, and per list
    for a while: the humans' list of possible values changes from one deal or draw to the next,
    its members do not, and within one look-ahead the same list comes back at every shot)."""
    return sum(_hits_one(n, shift, v) for v in values)


@lru_cache(maxsize=None)
def _hits_one(n: int, shift: int, value: int) -> int:
    """Face combinations of n dice whose total is at least `value` + `shift` [6.0], [6.7]."""
    return sum(c for t, c in core.ways(n).items() if core.destroys(t, shift, value))


def _reduction(state: GameState, ctx, src: str, target: str) -> int:
    """The Shot Modifier Chart's subtraction for one gun from `src` at `target` [6.7], kept by the
    context per doors and occupied squares (what it depends on)."""
    key = (src, target, state.door_states, state.occupied())
    cache = ctx.shot_reduction
    got = cache.get(key)
    if got is None:
        if len(cache) > 50_000:
            cache.clear()
        got = cache[key] = shot_modifiers(ctx.board, src, target, door_states=state.doors, occupied=state.occupied(), tables=ctx.tables).reduction
    return got


def next_step(state: GameState, ctx, frm: str, goal: str) -> Optional[str]:
    """The first square of a shortest way from `frm` to `goal` with the doors as they are [5.0] (pieces
    ignored), an empty square before a zombie's, the lowest id among equals; None if there is none."""
    d = steps_from(state, ctx, goal)
    here = d.get(frm, INF)
    best = [n for n in ctx.moves(state)[frm] if d.get(n, INF) < here]
    return min(best, key=lambda n: (state.zombie_occupied(n), n)) if best else None


def stack_goal(state: GameState, ctx, names: Sequence[str], sq: str) -> tuple[str, str]:
    """(goal square, why) for a stack: rifles, then the nearest open main door, then a stunned friend,
    then the nearest zombie unit, then the other characters."""
    chars = [state.character(n) for n in names]
    rs = ctx.board.rifle_square or "177"
    if state.rifles_left > 0 and any(c.name in ("Steve", "Fran") and not c.rifle for c in chars):
        return rs, "rifles"
    doors = [d.squares[0] for d in ctx.board.main_doors.values() if state.door_state(d.id) != DoorState.CLOSED]
    if doors:
        dist = engine.mp_distances(state, ctx, [sq])
        g = min(doors, key=lambda s: (dist.get(s, INF), s))
        if dist.get(g, INF) < INF:
            return g, "doors"
    stunned = [c for c in humans_in_play(state) if c.status == Status.STUNNED and c.square != sq]
    if stunned:
        return square_of(stunned[0]), "wake"
    units = sorted(state.unit_squares()) + sorted(state.super_squares())
    if units:
        dist = engine.mp_distances(state, ctx, [sq])
        g = min(units, key=lambda s: (dist.get(s, INF), s))
        return g, "hunt"
    others = [square_of(c) for c in humans_in_play(state) if c.square != sq]
    return (others[0], "group") if others else (sq, "stay")


def sensible_human(state: GameState, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
    """A simple, documented human player for experiments — not clever:

    1. **Group up**: always activate everyone eligible in a square together [5.2]; a square with a
       good shot goes first, then a stack with Steve or Fran, then the others (lowest square first).
    2. **Shoot when the odds are good**: with the active stack, shoot at a unit in sight when everyone
       who may fire, together, has at least a 1/2 chance to destroy it (panic ignored in the estimate;
       an unseen value averaged over the unseen counters [7.7]). Under attack, everyone able fires [8.1].
    3. **Get the rifles**: Steve and Fran head for square 177 and take a rifle there [12.2].
    4. **Close the doors**: the others head for the nearest open main door and close it [5.5].
    5. Then wake a stunned friend [8.3], then hunt the remaining zombies [14.2]. Moves follow a
       shortest path; the stack stops (ends the turn) before entering a zombie's square.
    When attacked, characters at normal status are named first [8.0] step 3 (an attack cannot kill
    them), Fran last."""
    kind = state.pending.kind if state.pending else ""
    ctx = state.ctx
    if kind == PendingKind.REACTION_FIRE:
        best = max(legal, key=lambda a: len(getattr(a, "shooters", ())))
        return best, Note("human.fire_all", "8.1")
    if kind == PendingKind.ATTACK_TARGETS:
        order = {Status.NORMAL: 0, Status.STUNNED: 1, Status.INFECTED: 1}

        def cost(a):
            return sum(order.get(state.character(n).status, 2) * 2 + (n == "Fran") for n in a.targets)

        return min(legal, key=lambda a: (cost(a), getattr(a, "targets", ()))), Note("human.targets", "8.0")
    if kind != PendingKind.ACT:
        return legal[0], Note("first")
    act = state.activation
    if act is None:
        return _choose_stack(state, ctx, legal)
    sq = square_of(state.character(act.stack[0]))
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        most = max(len(a.shooters) for a in shots)
        scored = [(kill_estimate(state, ctx, a.shooters, sq, a.target), a) for a in shots if len(a.shooters) == most]
        p, a = max(scored, key=lambda t: (t[0], [-ord(ch) for ch in t[1].target]))
        if p >= GOOD_ODDS:
            return a, Note("human.shoot", "6.0", percent=round(100 * float(p)))
    got = _rifle_or_main_door(legal)
    if got is not None:
        return got
    goal, why = stack_goal(state, ctx, act.stack, sq)
    return _walk(state, ctx, legal, sq, goal, why)


def _choose_stack(state: GameState, ctx, legal: Sequence[Action]) -> tuple[Action, str]:
    acts = [a for a in legal if isinstance(a, Activate) and not a.carrier]
    if not acts:
        return EndTurn(), Note("human.nobody")
    by_sq: dict[str, Activate] = {}
    for a in acts:
        sq = square_of(state.character(a.stack[0]))
        if sq not in by_sq or len(a.stack) > len(by_sq[sq].stack):
            by_sq[sq] = a  # group up: everyone eligible in the square [5.2]
    table = ctx.visible_from
    best = None
    for sq, a in sorted(by_sq.items()):
        targets = [t for t in state.unit_squares() if t in table(state, sq) and t not in state.human_squares()]
        if state.zombie_occupied(sq):
            targets = [sq]
        p = max((kill_estimate(state, ctx, a.stack, sq, t) for t in targets), default=Fraction(0))
        rank = 0 if p >= GOOD_ODDS else (1 if any(n in ("Steve", "Fran") for n in a.stack) else 2)
        cand = (rank, sq, a)
        if best is None or cand[:2] < best[:2]:
            best = cand
    assert best is not None, "some stack may be activated"
    rank, sq, a = best
    return a, Note("human.group", "5.2", square=sq, why=("shot", "steve_fran", "others")[rank])


def _team_goal(state: GameState, ctx, names: Sequence[str], sq: str) -> tuple[str, str]:
    """(goal square, why) for the whole group (:func:`together_human`): the nearest of the rifles
    (while Steve or Fran in the group has none [12.2]) and the open main doors [5.5]; then the
    nearest unit [14.2] 3."""
    rs = ctx.board.rifle_square or "177"
    goals = []
    if state.rifles_left > 0 and any(n in ("Steve", "Fran") and not state.character(n).rifle for n in names):
        goals.append((rs, "rifles"))
    goals += [(d.squares[0], "doors") for d in ctx.board.main_doors.values() if state.door_state(d.id) != DoorState.CLOSED]
    units = sorted(state.unit_squares()) + sorted(state.super_squares())
    for pool in (goals, [(u, "hunt") for u in units]):
        if pool:
            best = min(pool, key=lambda g: (steps_from(state, ctx, g[0]).get(sq, INF), g[0]))
            if steps_from(state, ctx, best[0]).get(sq, INF) < INF:
                return best
    return sq, "stay"


def together_human(state: GameState, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
    """Keep the four together — a documented human player for experiments, much stronger than
    :func:`sensible_human` in measured solitaire games (``benchmarks/fairness.py``):

    1. **One group.** Everyone stays in one square. A character who moved may not move in the next
       Human Player-Turn [5.0], so when only part of the group may move, nobody moves (the turn is
       passed) and the whole group moves together the turn after [5.2]. Characters apart from the
       biggest group go to it first; a stunned friend is woken by stepping out of his square and
       back in [8.3] (or by going to him).
    2. **Shoot when the odds are good**: of the shots with at least a 1/2 chance to destroy their
       unit (:func:`kill_estimate`), the one with the most shooters together [6.8], then the best
       odds (:func:`sensible_human` first takes the most shooters, then asks for 1/2); under attack everyone able fires
       [8.1]; named for attacks as :func:`sensible_human` names them [8.0].
    3. **Goals, nearest first**: the rifles (while Steve or Fran has none [12.2]) and the open main
       doors [5.5] (the group stands in the door's square and closes it the turn it may move again);
       then the nearest unit [14.2]. The group stops before a zombie's square that is not its goal.

    Why it is strong: one unit at most ends in a square [7.6], so a group of four suffers at most
    one attack per Zombie Player-Turn, split among those the die names [15.6], and four guns fire
    at the attacker first [8.1]; split stacks are attacked one by one."""
    kind = state.pending.kind if state.pending else ""
    if kind != PendingKind.ACT:
        return sensible_human(state, legal, rng)
    ctx = state.ctx
    act = state.activation
    alive = humans_in_play(state)
    by_sq: dict[str, list[CharacterState]] = {}
    for c in alive:
        by_sq.setdefault(square_of(c), []).append(c)
    main_sq = max(by_sq, key=lambda s: (len(by_sq[s]), s)) if by_sq else ""
    if act is None:
        best = None
        for a in legal:
            if not isinstance(a, Activate) or a.carrier:
                continue
            sq = square_of(state.character(a.stack[0]))
            able = [c for c in by_sq[sq] if c.status != Status.STUNNED]
            if sq != main_sq:
                rank = 0  # join the group first
            elif len(a.stack) == len(able):
                rank = 1  # the whole group, able to move together [5.2]
            else:
                continue
            cand = (rank, -len(a.stack), sq, a)
            if best is None or cand[:3] < best[:3]:
                best = cand
        if best is None:
            return EndTurn(), Note("human.wait", "5.0")
        rank, _, sq, a = best
        if rank == 0:
            return a, Note("human.join", "5.2", square=main_sq)
        return a, Note("human.together", "5.2", square=sq)
    names = act.stack
    sq = square_of(state.character(names[0]))
    good = [(p, a) for p, a in ((kill_estimate(state, ctx, a.shooters, sq, a.target), a) for a in legal if isinstance(a, Shoot))
            if p >= GOOD_ODDS]
    if good:  # at even odds or better, with the most shooters, then the best odds [6.8]
        p, a = max(good, key=lambda t: (len(t[1].shooters), t[0], [-ord(ch) for ch in t[1].target]))
        return a, Note("human.shoot", "6.0", percent=round(100 * float(p)))
    got = _rifle_or_main_door(legal)
    if got is not None:
        return got
    others = [c for c in alive if c.name not in names]
    if act.spent > 0 and any(c.square == sq and c.status != Status.STUNNED for c in others):
        return EndTurn(), Note("human.at_goal", why="group")  # joined the others, or woke one [8.3]
    stunned_here = [c for c in others if c.square == sq and c.status == Status.STUNNED]
    elsewhere = [c for c in others if c.square != sq]
    if sq != main_sq and elsewhere:
        goal, why = main_sq, "group"
    elif stunned_here and act.left >= 2:
        out = sorted(n for n in ctx.moves(state)[sq] if not state.zombie_occupied(n) and Move(n) in legal)
        if out:  # step out, and come back in to wake him [8.3]
            return Move(out[0]), Note("human.toward", goal=sq, why="wake")
        return EndTurn(), Note("human.no_way", goal=sq, why="wake")
    elif any(c.status == Status.STUNNED for c in elsewhere):
        goal, why = square_of(next(c for c in elsewhere if c.status == Status.STUNNED)), "wake"
    else:
        goal, why = _team_goal(state, ctx, names, sq)
    return _walk(state, ctx, legal, sq, goal, why)


def _rifle_or_main_door(legal: Sequence[Action]) -> Optional[tuple[Action, Note]]:
    """Take a hunting rifle (Fran first) [12.2], or else close a main door [5.5], when one is listed."""
    rifles = sorted((a for a in legal if isinstance(a, TakeRifle)), key=lambda a: a.who != "Fran")
    if rifles:
        return rifles[0], Note("human.rifle", "12.2")
    mains = [a for a in legal if isinstance(a, CloseMainDoor)]
    if mains:
        return mains[0], Note("human.main_door", "5.5")
    return None


def _walk(state: GameState, ctx, legal: Sequence[Action], sq: str, goal: str, why: str) -> tuple[Action, Note]:
    """One step of the active stack from `sq` on a shortest way to `goal` [5.0]; the turn ends at the
    goal, with no Movement Point left [5.1], or before a zombie's square that is not the goal."""
    act = state.activation
    if goal == sq or act is None or act.left == 0:
        return EndTurn(), Note("human.at_goal", why=why)
    step = next_step(state, ctx, sq, goal)
    if step is None:
        return EndTurn(), Note("human.no_way", goal=goal, why=why)
    if state.zombie_occupied(step) and step != goal:
        return EndTurn(), Note("human.blocked", goal=goal)
    mv = Move(step)
    if mv in legal:
        return mv, Note("human.toward", goal=goal, why=why)
    return EndTurn(), Note("human.no_mp", goal=goal)


HUMAN_POLICIES = {"random": random_human, "sensible": sensible_human, "together": together_human}
