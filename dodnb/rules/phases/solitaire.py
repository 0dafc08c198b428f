"""The solitaire rule changes that run inside the engine [15.1]-[15.4], [15.8]: hidden zombies come
from the Hidden Zombie Table at the start of each Zombie Player-Turn instead of secret squares, and
the unit checked for berserk is the nearest one. (The zombies' free-movement automaton [15.5] is a
policy: dodnb.rules.solitaire. The attack die [15.6] lives with the attack, :mod:`.attack`.)"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from dodnb.rules.actions import Roll
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases.base import pend, rec, roll_node
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, Pool, ZStep


def mp_distances(st: GameState, ctx: Ctx, sources: Iterable[str]) -> dict[str, int]:
    """Distance in Movement Points from the nearest source square [15.2], [15.4]: one per square
    entered through passable sides with the doors as they are (ruling: pieces are ignored).
    A dict of the caller's own (`Ctx.mp_from` keeps the shared one)."""
    return dict(ctx.mp_from(st, tuple(dict.fromkeys(sources))))


def moved_squares(st: GameState) -> list[str]:
    """[15.2], [15.4] the square(s) of the characters who just moved; if nobody moved, every character's
    square (ruling)."""
    sq = [c.square for c in map(st.character, st.record.actors) if c.in_play and c.square is not None]
    return sorted(set(sq or st.human_squares()))


def solitaire_hidden_square(st: GameState, ctx: Ctx, digit: int) -> Optional[str]:
    """[15.2], [15.3] the square whose id ends in the digit nearest (in Movement Points) to the characters
    who just moved, not a hall square, not zombie-occupied (character squares allowed). Ties: the square
    most advantageous for the characters — ruling: one without a character first, then the lowest id."""
    src = moved_squares(st)
    if not src:
        return None
    dist = ctx.mp_from(st, tuple(src))
    humans = st.human_squares()
    last = str(digit)
    cands = [
        s for s in ctx.board.ids
        if s.endswith(last) and not ctx.board.square(s).is_hall and not st.zombie_occupied(s) and s in dist
    ]
    if not cands:
        return None
    return min(cands, key=lambda s: (dist[s], s in humans, s))


def solitaire_berserk_candidates(st: GameState, ctx: Ctx) -> list[str]:
    """[15.4] the units (not berserk, not just ended [10.1]) nearest the characters who just moved, in
    the order of their squares."""
    dist = ctx.mp_from(st, tuple(moved_squares(st)))
    near = {z.uid: (dist[z.square], z.square) for z in st.zombies
            if z.square is not None and not z.berserk and z.uid not in st.zturn.ended_berserk and z.square in dist}
    if not near:
        return []
    best = min(d for d, _ in near.values())
    # in the order of their squares, never of their ids (ruling S-T1)
    return [u for (d, _), u in sorted((v, u) for u, v in near.items()) if d == best]


# ----------------------------------------------------------------------------- the Hidden Zombie Table [15.2], [15.8]


def roll_column(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[15.2] the first die chooses the column."""
    return st.evolve(zturn=rec(st.zturn, column=a.total))


def hidden_digit(st: GameState, ctx: Ctx) -> Callable[[int], Optional[int]]:
    """[15.2], [15.8] what the second die decides: the last digit of the square (or none)."""
    col, table = st.zturn.column, ctx.tables.hidden_zombie
    return lambda total: table(col, total)


def roll_row(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[15.2], [15.3], [15.8] the second die gives a last digit (or nothing): a unit from the eliminated
    pool [15.1] appears in the nearest such square that may take it."""
    col = st.zturn.column
    digit = hidden_digit(st, ctx)(a.total)
    st = st.evolve(zturn=rec(st.zturn, column=0, step=ZStep.HIDDEN_DONE))
    if digit is None:
        out.append(ev("hidden_table", "15.8", dice=(col, a.total), first=col, second=a.total))
        return st
    sq = solitaire_hidden_square(st, ctx, digit)
    if sq is None:
        out.append(ev("hidden_table_no_square", "15.8", dice=(col, a.total), first=col, second=a.total, digit=digit))
        return st
    if not any(z.pool == Pool.ELIMINATED for z in st.zombies):
        out.append(ev("hidden_table_no_unit", "15.8", dice=(col, a.total), first=col, second=a.total, digit=digit))
        return st
    out.append(ev("hidden_table_appears", "15.8", dice=(col, a.total), first=col, second=a.total, square=sq, digit=digit))
    return st.evolve(zturn=rec(st.zturn, drawing=sq))


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """[15.2] the solitaire Zombie Player-Turn begins with the Hidden Zombie Table."""
    out.append(ev("phase", "15.2", phase=Phase.HIDDEN))
    return st.evolve(phase=Phase.HIDDEN, zturn=rec(st.zturn, step=ZStep.HIDDEN_TABLE))


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    """[15.2] before the Berserk Zombie Phase: two dice on the Hidden Zombie Table, then the draw."""
    zt = st.zturn
    if zt.step == ZStep.HIDDEN_TABLE:
        if zt.column:
            return pend(st, PendingKind.ROLL_ROW, "15.8", f"Hidden Zombie Table: second die (column {'1-3' if zt.column <= 3 else '4-6'})", 1), True
        return pend(st, PendingKind.ROLL_COLUMN, "15.8", "Hidden Zombie Table: first die chooses the column", 1), True
    if zt.drawing:
        return pend(st, PendingKind.DRAW_ELIMINATED, "15.1", f"a hidden zombie is drawn at random from the eliminated units for {zt.drawing}", who=zt.drawing), True
    return None


NODES = [
    roll_node(PendingKind.ROLL_COLUMN, roll_column),
    roll_node(PendingKind.ROLL_ROW, roll_row, hidden_digit),
]
