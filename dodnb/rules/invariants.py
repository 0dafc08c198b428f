"""What must hold in every position and across every action, whatever the players do.

Used by the random-game tests and `benchmarks/soak.py`; handy for anyone changing the engine:
``state_problems(state)`` and ``transition_problems(before, action, after)`` return plain sentences
(empty lists when all is well).
"""

from __future__ import annotations

from typing import Optional

import json
import random

from dodnb.rules import engine
from dodnb.rules.actions import Action, Move, SuperMove, ZMove
from dodnb.rules.observe import observation
from dodnb.rules.state import GameState

#: Status changes the rules allow in one action [8.3]-[8.5], [11.0].
ALLOWED = {
    ("normal", "stunned"), ("stunned", "normal"), ("normal", "infected"), ("stunned", "infected"),
    ("normal", "killed"), ("stunned", "killed"), ("infected", "killed"), ("infected", "super"),
}


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
        if (z.pool == "map") != (z.square is not None):
            out.append(f"{z.uid}: pool {z.pool} but square {z.square}")
        if z.face_up and not z.seen:
            out.append(f"{z.uid} face up but not seen")
        if z.square in humans and not z.face_up:
            out.append(f"{z.uid} shares {z.square} with a character but is face down [5.4]")
    for c in st.characters:
        if c.status == "killed" and c.square is not None:
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
                if z.uid not in after.zturn.reacted and after.phase == before.phase == "reaction":
                    out.append(f"{z.uid} moved {z0.square}→{z.square} without a zombie move")
                elif z.square not in reach:
                    out.append(f"{z.uid} jumped {z0.square}→{z.square} [7.0], [7.5]")
            else:
                prev = z0.square
                for sq in path:
                    if sq not in moves[prev]:
                        out.append(f"{z.uid} went {prev}→{sq} through a wall or closed door [7.0]")
                    prev = sq
        if z0.pool != z.pool and (z0.pool, z.pool) not in {("map", "eliminated"), ("eliminated", "map"), ("hidden", "map")}:
            out.append(f"{z.uid} went from pool {z0.pool} to {z.pool}")
    if len(after.zombies) != len(before.zombies):
        out.append("the number of zombie units changed")
    b_chars = {c.name: c for c in before.characters}
    for c in after.characters:
        c0 = b_chars[c.name]
        if c0.status != c.status and (c0.status, c.status) not in ALLOWED:
            out.append(f"{c.name} went from {c0.status} to {c.status}")
        if c0.square is not None and c.square is not None and c0.square != c.square:
            if c.status == "super":
                if not isinstance(action, SuperMove):
                    out.append(f"super zombie {c.name} moved without a move")
            elif not isinstance(action, Move):
                out.append(f"{c.name} moved {c0.square}→{c.square} without a Move")
            elif c.square not in moves[c0.square]:
                out.append(f"{c.name} went {c0.square}→{c.square} through a wall or closed door [5.3]")
        if c0.rifle and not c.rifle and c.status not in ("killed", "super"):
            out.append(f"{c.name} lost a rifle while still a character [12.3]")
    for d in before.board.main_doors.values():
        if before.door_state(d.id) == "closed" and after.door_state(d.id) != "closed":
            out.append(f"main door {d.id} reopened [5.5]")
    for door_id, s in before.door_states:
        if s == "destroyed" and after.door_state(door_id) != "destroyed":
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
        if before.pending is not None and before.pending.side == "chance":
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
        problems += transition_problems(before, g.actions[-1], after, g.ctx)
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
