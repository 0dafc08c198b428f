"""Hand-built solitaire positions for the [15.x] tests."""

from __future__ import annotations

from dataclasses import replace

from dodnb.rules import engine
from dodnb.rules.state import GameState, Pending, TurnRecord, ZombieTurn
from dodnb.rules.solitaire import zombie_policy
from tests.rules.helpers import state_from_pieces


def build(chars, zombies=(), doors=None, eliminated=(), **kw) -> GameState:
    """`chars` {name: square or dict}; `zombies` [{'square', 'value', ...}]; eliminated pool by value."""
    units = [dict(z) for z in zombies]
    for i, z in enumerate(units):
        z.setdefault("uid", f"Z{i + 1:02d}")
        z.setdefault("value", 3)
    units += [{"uid": f"E{i + 1:02d}", "value": v, "pool": "eliminated"} for i, v in enumerate(eliminated)]
    st = state_from_pieces(chars, units, doors)
    return replace(st, solitaire=True, **kw)


def free_state(chars, zombies=(), moves=1, actors=None, reacted=(), doors=None, **kw) -> GameState:
    """The Zombie Free Movement Phase [7.0] 2 with `moves` free moves rolled."""
    st = build(chars, zombies, doors=doors, **kw)
    actors = tuple(chars) if actors is None else tuple(actors)
    return replace(
        st, phase="free", record=TurnRecord(actors),
        zturn=ZombieTurn(step="free_moves", moves_left=moves, reacted=tuple(reacted)),
        pending=Pending("zombie", "free", "7.0", "free movement"),
    )


def choose(st: GameState):
    """The automaton's choice and note in a position."""
    ctx = engine.context(st.board)
    legal = engine.legal_actions(st, ctx)
    action, note = zombie_policy(st, legal, None)
    assert action in legal, (action, legal)
    return action, note


def run_free_phase(st: GameState):
    """Apply the automaton's free moves until the phase ends: [(action, note)]."""
    ctx = engine.context(st.board)
    out = []
    while st.pending is not None and st.pending.kind == "free":
        a, note = choose(st)
        out.append((a, note))
        st, _ = engine.apply(st, ctx, a)
    return out, st


def two_beside(square: str) -> tuple[str, str]:
    """Two squares one move from `square` (no door between), in the order of their ids."""
    st = free_state({"Peter": square}, [], moves=1)
    near = sorted(engine.context(st.board).moves(st)[square])
    assert len(near) >= 2
    return near[0], near[1]
