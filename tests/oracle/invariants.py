"""What must hold in every position and across every action, whatever the players do.

Test code, not shipped in dodnb: the oracle of tests/rules and of the soaks (tests/soaks/); handy
for anyone changing the engine: ``state_problems(state)`` and ``transition_problems(before, action, after)`` return plain sentences
(empty lists when all is well). ``candidate_actions(state)`` is a generous superset of the legal
actions (every action type over every piece, square, door and short path, chance outcomes and junk
included) and ``legal_check_disagreements(state)`` lists where `legal_actions` and `check` part.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Iterator, NamedTuple, Optional

from dodnb.rules import engine
from dodnb.rules.actions import (
    Action, Activate, AttackCount, BerserkCheck, BreakDoor, ChooseTargets, CloseMainDoor, Door, Draw, Drop,
    EndPhase, EndTurn, Move, ReactionFire, Reveal, Roll, Shoot, SuperMove, TakeRifle, ZMove,
)
from dodnb.rules.observe import observation
from dodnb.rules.state import GameState
from dodnb.rules.vocab import LOST, DoorState, Phase, Pool, Side, Status

#: Status changes the rules allow in one action [8.3]-[8.5], [11.0].
ALLOWED = {
    (Status.NORMAL, Status.STUNNED), (Status.STUNNED, Status.NORMAL), (Status.NORMAL, Status.INFECTED),
    (Status.STUNNED, Status.INFECTED), (Status.NORMAL, Status.KILLED), (Status.STUNNED, Status.KILLED),
    (Status.INFECTED, Status.KILLED), (Status.INFECTED, Status.SUPER),
}
#: Pool changes the rules allow: eliminated [6.0], re-entering [13.3], a hidden zombie revealed [9.2].
_POOL_MOVES = {(Pool.MAP, Pool.ELIMINATED), (Pool.ELIMINATED, Pool.MAP), (Pool.HIDDEN, Pool.MAP)}


def state_problems(st: GameState, units: Optional[int] = 50) -> list[str]:
    """Problems with one position (``units``: how many zombie counters the game has, None: skip)."""
    out = []
    try:
        st.check()
    except Exception as exc:  # noqa: BLE001 - report, don't raise
        out.append(f"impossible position: {exc}")
    if units is not None and len(st.zombies) != units:
        out.append(f"{len(st.zombies)} zombie units instead of {units}")
    humans = st.human_squares()
    for z in st.zombies:
        if (z.pool == Pool.MAP) != (z.square is not None):
            out.append(f"{z.uid}: pool {z.pool} but square {z.square}")
        if z.face_up and not z.seen:
            out.append(f"{z.uid} face up but not seen")
        if z.square in humans and not z.face_up:
            out.append(f"{z.uid} shares {z.square} with a character but is face down [5.4]")
    for c in st.characters:
        if c.status == Status.KILLED and c.square is not None:
            out.append(f"{c.name} is killed but still on {c.square} [8.5]")
        if c.rifle and c.name not in ("Steve", "Fran"):
            out.append(f"{c.name} has a rifle [12.1]")
    won = engine.victory(st)
    if (st.result is None) != (won is None):
        out.append(f"result {st.result} but victory() says {won} [14.1], [14.2]")
    if st.result is None and st.pending is None:
        out.append("the game is not over but nothing is pending")
    obs = observation(st)
    for u in obs["units"]:
        z = st.unit(u["uid"])
        if u["value"] is not None and not (z.face_up or z.seen):
            out.append(f"the observation shows the face-down value of {z.uid} [7.7]")
    return out


def transition_problems(before: GameState, action: Action, after: GameState, ctx: Optional[engine.Ctx] = None) -> list[str]:
    """Problems with one step from `before` to `after` by `action`."""
    ctx = ctx or engine.context(before.board)
    out = []
    moves = ctx.moves(before)
    humans_before = before.human_squares()
    b_units = {z.uid: z for z in before.zombies}
    for z in after.zombies:
        z0 = b_units.get(z.uid)
        if z0 is None:
            out.append(f"unit {z.uid} appeared from nowhere")
            continue
        if z0.square is not None and z.square is not None and z0.square != z.square:
            if z0.square in humans_before:
                out.append(f"{z.uid} left {z0.square}, a character's square [7.6]")
            path = getattr(action, "path", ())
            own = isinstance(action, ZMove) and action.uid == z.uid or isinstance(action, SuperMove) and path
            if not own:
                # an automatic reaction move (the unit's only one [7.0]): one square, two if berserk [7.5]
                reach = {z0.square}
                for _ in range(2 if (z0.berserk or z.berserk) else 1):
                    reach |= {n for sq in reach for n in moves[sq]}
                if z.uid not in after.zturn.reacted and after.phase == before.phase == Phase.REACTION:
                    out.append(f"{z.uid} moved {z0.square}→{z.square} without a zombie move")
                elif z.square not in reach:
                    out.append(f"{z.uid} jumped {z0.square}→{z.square} [7.0], [7.5]")
            else:
                prev = z0.square
                for sq in path:
                    if sq not in moves[prev]:
                        out.append(f"{z.uid} went {prev}→{sq} through a wall or closed door [7.0]")
                    prev = sq
        if z0.pool != z.pool and (z0.pool, z.pool) not in _POOL_MOVES:
            out.append(f"{z.uid} went from pool {z0.pool} to {z.pool}")
    if len(after.zombies) != len(before.zombies):
        out.append("the number of zombie units changed")
    b_chars = {c.name: c for c in before.characters}
    for c in after.characters:
        c0 = b_chars[c.name]
        if c0.status != c.status and (c0.status, c.status) not in ALLOWED:
            out.append(f"{c.name} went from {c0.status} to {c.status}")
        if c0.square is not None and c.square is not None and c0.square != c.square:
            if c.status == Status.SUPER:
                if not isinstance(action, SuperMove):
                    out.append(f"super zombie {c.name} moved without a move")
            elif not isinstance(action, Move):
                out.append(f"{c.name} moved {c0.square}→{c.square} without a Move")
            elif c.square not in moves[c0.square]:
                out.append(f"{c.name} went {c0.square}→{c.square} through a wall or closed door [5.3]")
        if c0.rifle and not c.rifle and c.status not in LOST:
            out.append(f"{c.name} lost a rifle while still a character [12.3]")
    for d in before.board.main_doors.values():
        if before.door_state(d.id) == DoorState.CLOSED and after.door_state(d.id) != DoorState.CLOSED:
            out.append(f"main door {d.id} reopened [5.5]")
    for door_id, s in before.door_states:
        if s == DoorState.DESTROYED and after.door_state(door_id) != DoorState.DESTROYED:
            out.append(f"destroyed glass door {door_id} was repaired [10.5]")
    if before.result is not None:
        out.append("an action was applied after the game ended")
    return out


def play_checked(seed: int, solitaire: bool, deep: bool = False, max_actions: int = 5000) -> tuple[int, list[str]]:
    """Play one random-legal game (both sides), checking after every action: the invariants above, legal
    actions never empty before the end and accepted by `check` (all of them with `deep`, else two at
    random, each applied), chance nodes summing to 1, save/load and undo/redo exact (every action of the
    first 8, then at powers of two). Returns (actions played, problems)."""
    from dodnb.rules.game import Game

    g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
    rng = random.Random(seed)
    problems: list[str] = []
    problems += state_problems(g.state)
    steps = 0
    while not g.over and steps < max_actions:
        before = g.state
        legal = g.legal_actions()
        if not legal:
            problems.append(f"no legal action at {before.pending}")
            break
        if before.pending is not None and before.pending.side == Side.CHANCE:
            if sum(p for _, p in g.chance_outcomes()) != 1:
                problems.append(f"chance outcomes do not sum to 1 at {before.pending}")
        for a in legal if deep else rng.sample(legal, min(2, len(legal))):
            why = g.check(a)
            if why is not None:
                problems.append(f"legal action {a!r} refused: {why}")
            else:
                engine.apply(before, g.ctx, a)  # every legal action applies
        g.step()
        steps += 1
        after = g.state
        problems += transition_problems(before, g.ply().action, after, g.ctx)
        problems += state_problems(after)
        if steps <= 8 or steps & (steps - 1) == 0 or g.over:  # every step of a short game, then powers of two
            loaded = Game.load(g.save())
            if loaded.state != after or json.dumps(loaded.state.to_dict(), sort_keys=True) != json.dumps(after.to_dict(), sort_keys=True):
                problems.append(f"save/load differs after {steps} actions")
            g.undo()
            if g.state != before:
                problems.append(f"undo did not restore the state after {steps} actions")
            g.redo()
            if g.state != after:
                problems.append(f"redo did not restore the state after {steps} actions")
        if problems:
            break
    if not g.over:
        problems.append(f"game not over after {steps} actions")
    return steps, [f"seed {seed}: {p}" for p in problems]


# ---------------------------------------------------------------------------------------------
# legal actions and check agree both ways


def _subsets(names, lo: int = 0) -> Iterator[tuple[str, ...]]:
    for r in range(lo, len(names) + 1):
        yield from itertools.combinations(names, r)


def _paths(board, start: Optional[str], longest: int) -> Iterator[tuple[str, ...]]:
    """Every walk of 1 to `longest` squares from `start` between squares that share a side (walls
    and doors ignored: the check decides), the start itself included as a later step."""
    if start is None:
        return
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(longest):
        nxt = []
        for path in frontier:
            for n in board.neighbours(path[-1] if path else start):
                nxt.append(path + (n,))
        yield from nxt
        frontier = nxt


def _human_candidates(st: GameState, ctx: engine.Ctx, brief: bool = False) -> Iterator[Action]:
    """[5.0]-[6.9], [8.0], [12.0]: every character subset, square, door; junk names. `brief`: a few
    of each kind only (for a side that is not to move)."""
    board = ctx.board
    names = [c.name for c in st.characters][: 2 if brief else None]
    for sub in _subsets(names, 1):
        yield Activate(sub)
        for carrier in sub:
            for other in names + ["Nobody"]:
                yield Activate(sub, carrier, other)
    yield from (Activate(()), Activate(("Nobody",)), Activate((names[0], names[0])) if names else Activate(("Nobody",)))
    yield from (Move(sq) for sq in list(board.ids)[: 3 if brief else None] + ["999", ""])
    for d in list(board.doors)[: 3 if brief else None] + ["Z99"]:
        yield from (Door(d, True), Door(d, False), CloseMainDoor(d))
    yield from (TakeRifle(n) for n in names + ["Nobody"])
    yield from (Drop(), EndTurn())
    near = {sq for c in st.characters if c.square for sq in (c.square, *board.neighbours(c.square))}
    targets = sorted(near | set(st.unit_squares()) | st.super_squares()) + ["999"]
    for sub in _subsets(names, 1):
        yield from (Shoot(sub, t) for t in targets)
    yield from (Shoot((), t) for t in targets[:3])
    yield from (Shoot(("Nobody",), t) for t in targets[:3])
    for sub in _subsets(names):
        yield from (ReactionFire(sub), ChooseTargets(sub))
    yield from (ReactionFire(("Nobody",)), ChooseTargets(("Nobody",)), ChooseTargets(tuple(names[:1]) * 2))


def _zombie_candidates(st: GameState, ctx: engine.Ctx, brief: bool = False) -> Iterator[Action]:
    """[7.0]-[7.6], [8.0], [9.2]-[9.4], [10.0]-[10.5], [11.2]-[11.6]: every unit and super zombie
    over every walk of up to two squares (three for a super zombie), every door of its square,
    every square to reveal; junk ids. `brief`: a few of each kind only."""
    board = ctx.board
    names = [c.name for c in st.characters]
    on = [z.uid for z in st.zombies if z.square is not None]
    off = [z.uid for z in st.zombies if z.square is None]
    uids = on[:2] + off[:1] if brief else [z.uid for z in st.zombies]
    doors = list(board.doors)
    yield from (AttackCount(k) for k in range(-1, len(names) + 2))
    yield from (BerserkCheck(u) for u in [""] + uids + ["Z99"])
    by_uid = {z.uid: z for z in st.zombies}
    for u in uids + ["Z99"]:
        z = by_uid.get(u)
        yield ZMove(u, ())
        if z is not None and z.square is not None:
            for p in _paths(board, z.square, 2):
                yield ZMove(u, p)
                if len(p) == 2:
                    yield ZMove(u, p + board.neighbours(p[-1])[:1])  # three squares: too far [7.5]
            yield from (ZMove(u, (z.square,)), ZMove(u, ("999",)))
            yield from (BreakDoor(u, d.id) for d in board.doors_of(z.square))
        else:
            yield ZMove(u, (board.ids[0],))
        yield BreakDoor(u, doors[0])
    for c in st.characters[: 1 if brief else None]:
        for p in _paths(board, c.square, 3):
            yield from (SuperMove(c.name, p, False), SuperMove(c.name, p, True))
        if c.square is not None:
            yield from (SuperMove(c.name, (c.square,)), BreakDoor(c.name, doors[0]))
            yield from (BreakDoor(c.name, d.id) for d in board.doors_of(c.square))
    yield from (SuperMove("Nobody", (board.ids[0],)), BreakDoor("Nobody", doors[0]), BreakDoor(uids[0] if uids else "Z99", "Z99"))
    yield from (Reveal(sq) for sq in list(board.ids)[: 3 if brief else None] + ["999"])
    yield EndPhase()


def _chance_candidates(st: GameState, ctx: engine.Ctx, brief: bool = False) -> Iterator[Action]:
    """[6.0], [8.8], [9.0], [13.3], [15.4], [15.6]: every total, faces of one to three dice, every draw."""
    p = st.pending
    n = p.dice if p is not None and p.dice else 2
    yield from (Roll(t) for t in range(-1, 20))
    for k in range(1, 4):
        yield from (Roll(sum(f), f) for f in itertools.product(range(1, 7), repeat=k) if k <= 2 or sum(f) % 5 == 0)
    yield from (Roll(7, (3, 3)), Roll(2, (1, 1, 0)), Roll(8, (1, 7)), Roll(n, (1,) * (n + 1)))
    yield from (Draw(u) for u in [z.uid for z in st.zombies] + [c.name for c in st.characters] + ["Z99", ""])


_BY_SIDE = {Side.HUMAN: _human_candidates, Side.ZOMBIE: _zombie_candidates, Side.CHANCE: _chance_candidates}


def candidate_actions(st: GameState, ctx: Optional[engine.Ctx] = None, others: Optional[int] = None) -> list[Action]:
    """A generous superset of the legal actions of `st`: every action type over every character,
    unit, square, door and every walk of up to two squares (a unit) or three (a super zombie) over
    the squares' shared sides, every chance outcome with and without faces, and junk (unknown
    names, squares and doors, impossible totals). Every candidate of the side to move; of the other
    sides' candidates (refused by the same first test of `check`, whose turn it is), the first
    `others` of each action type (None: all). Duplicates removed, order stable."""
    ctx = ctx or engine.context(st.board)
    mover = st.pending.side if st.pending is not None else None
    out: list[Action] = []
    for side, gen in _BY_SIDE.items():
        if others is None or side == mover:
            out += gen(st, ctx)
            continue
        taken: dict[type, int] = {}
        for a in gen(st, ctx, brief=True):
            if taken.get(type(a), 0) < others:
                taken[type(a)] = taken.get(type(a), 0) + 1
                out.append(a)
    seen: set = set()
    uniq = []
    for a in out:
        key = (type(a), a, getattr(a, "faces", None))
        if key not in seen:
            seen.add(key)
            uniq.append(a)
    return uniq


class Disagreement(NamedTuple):
    """`legal_actions` and `check` part on one action of one position."""

    action: Action
    listed: bool  # in legal_actions
    refusal: Optional[str]  # what check says (None: accepted)

    def __str__(self) -> str:
        says = "accepts it" if self.refusal is None else f"refuses it: {self.refusal}"
        return f"{self.action!r}: legal_actions {'lists' if self.listed else 'does not list'} it, check {says}"


def _faces_fit(a: Action, st: GameState) -> bool:
    """A Roll's faces, when given, are those of the pending roll [6.6]: as many as the dice, 1 to 6, summing to the total."""
    faces = getattr(a, "faces", ())
    if not isinstance(a, Roll) or not faces:
        return True
    p = st.pending
    return p is not None and len(faces) == p.dice and sum(faces) == a.total and all(1 <= f <= 6 for f in faces)


def legal_check_disagreements(st: GameState, ctx: Optional[engine.Ctx] = None,
                              candidates: Optional[list[Action]] = None, others: Optional[int] = None) -> tuple[list[Disagreement], list[Action]]:
    """Where `legal_actions` and `check` part in `st`: (disagreements, listed actions the candidates
    missed). Every listed action must pass `check`; every candidate `check` accepts must be listed
    (a Roll compares by total: one with faces must also have faces that fit the roll)."""
    ctx = ctx or engine.context(st.board)
    legal = engine.legal_actions(st, ctx)
    listed = set(legal)
    out: list[Disagreement] = []
    for a in legal:
        why = engine.check(st, ctx, a)
        if why is not None:
            out.append(Disagreement(a, True, str(why)))
    cands = candidate_actions(st, ctx, others) if candidates is None else candidates
    for a in cands:
        if a in listed and not getattr(a, "faces", ()):
            continue  # the very action listed: checked above
        why = engine.check(st, ctx, a)
        want = a in listed and _faces_fit(a, st)
        if (why is None) != want:
            out.append(Disagreement(a, a in listed, None if why is None else str(why)))
    cset = set(cands)
    missed = [a for a in legal if a not in cset]
    return out, missed
