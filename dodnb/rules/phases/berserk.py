"""A. the Berserk Zombie Phase [10.0]-[10.1]: every berserk unit checks whether it stays berserk,
then one non-berserk unit (the zombie player's choice; in solitaire the nearest [15.4], a die
breaking ties) checks whether it goes berserk. A super zombie never goes berserk [11.7]."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Optional

from dodnb.errors import RuleViolation
from dodnb.rules.actions import Action, BerserkCheck, Draw, Roll
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases.base import Node, by_square, faces, move_unit, pend, rec, roll_node
from dodnb.rules.phases.solitaire import solitaire_berserk_candidates
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, Status, ZStep


def _eligible(st: GameState) -> list[str]:
    """Units that may be checked for going berserk: on the map, not berserk, not just ended [10.1];
    in the order of their squares (ruling S-T1)."""
    return by_square(z for z in st.zombies if z.square is not None and not z.berserk and z.uid not in st.zturn.ended_berserk)


def candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    return [_check(""), *map(_check, _eligible(st))]


def _check(uid: str) -> BerserkCheck:
    """The listed check of one unit: one immutable object per unit id, made once."""
    got = _CHECKS.get(uid)
    if got is None:
        if len(_CHECKS) > 4096:  # unit ids come from a game's counters; a study may name its own
            _CHECKS.clear()
        got = _CHECKS[uid] = BerserkCheck.fast(uid)
    return got


#: interning of the immutable listed checks by unit id: independent of any board or tables
_CHECKS: dict[str, BerserkCheck] = {}


def _any_eligible(st: GameState) -> bool:
    """Some unit may be checked for going berserk (`_eligible` is not empty)."""
    ended = st.zturn.ended_berserk
    return any(z.square is not None and not z.berserk and z.uid not in ended for z in st.zombies)


def check_pick(st: GameState, ctx: Ctx, a: BerserkCheck) -> Optional[RuleViolation]:
    """[10.0] one non-berserk unit on the map, or none; [10.1] not one that has just stopped."""
    if not a.uid:
        return None
    if any(c.name == a.uid and c.status == Status.SUPER for c in st.characters):
        return RuleViolation("11.7", "berserk.super", name=a.uid)
    z = st.unit(a.uid)
    if z.square is None:
        return RuleViolation("10.0", "unit.off_map", uid=z.uid)
    if z.berserk:
        return RuleViolation("10.0", "berserk.already", uid=z.uid, square=z.square)
    if z.uid in st.zturn.ended_berserk:
        return RuleViolation("10.1", "berserk.stopped", uid=z.uid, square=z.square)
    return None


def do_pick(st: GameState, ctx: Ctx, a: BerserkCheck, out: list[Event]) -> GameState:
    if not a.uid:
        out.append(ev("berserk_none", "10.0"))
    return st.evolve(zturn=rec(st.zturn, step=ZStep.BERSERK_CHECK, checking=a.uid))


def stays(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[10.0] what the stay roll decides: 4 or less, the unit stays berserk."""
    return ctx.tables.stays_berserk


def goes(st: GameState, ctx: Ctx) -> Callable[[int], bool]:
    """[10.0] what the check decides: 4 or less, the unit goes berserk."""
    return ctx.tables.goes_berserk


def roll_stay(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[10.0] a berserk unit stays berserk on 4 or less; on 5 or 6 it stops (and may not be checked
    again this phase [10.1])."""
    uid = st.zturn.queue[0]
    z = st.unit(uid)
    zt = rec(st.zturn, queue=st.zturn.queue[1:])
    if stays(st, ctx)(a.total):
        out.append(ev("berserk_stays", "10.0", dice=faces(a), uid=uid, square=z.square, roll=a.total))
        return st.evolve(zturn=zt)
    out.append(ev("berserk_ends", "10.0", dice=faces(a), uid=uid, square=z.square, roll=a.total))
    st = move_unit(st, uid, berserk=False)
    return st.evolve(zturn=rec(zt, ended_berserk=zt.ended_berserk + (uid,)))


def roll_goes(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    """[10.0] the unit checked goes berserk on 4 or less."""
    uid = st.zturn.checking
    z = st.unit(uid)
    st = st.evolve(zturn=rec(st.zturn, checking=""))
    if goes(st, ctx)(a.total):
        out.append(ev("berserk_goes", "10.0", dice=faces(a), uid=uid, square=z.square, roll=a.total))
        return move_unit(st, uid, berserk=True)
    out.append(ev("berserk_not", "10.0", dice=faces(a), uid=uid, square=z.square, roll=a.total))
    return st


def tie_outcomes(st: GameState, ctx: Ctx) -> list[tuple[Action, Fraction]]:
    """[15.4] a die picks among equally near units, each equally likely (ruling E21: spare faces rolled again)."""
    ties = st.zturn.ties
    return [(Draw(u), Fraction(1, len(ties))) for u in ties]


def pick_tie(st: GameState, ctx: Ctx, a: Draw, out: list[Event]) -> GameState:
    out.append(ev("solitaire_tie", "15.4", uid=a.uid, square=st.unit(a.uid).square, n=len(st.zturn.ties)))
    return st.evolve(zturn=rec(st.zturn, ties=(), checking=a.uid, step=ZStep.BERSERK_CHECK))


def enter(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """A. the Berserk Zombie Phase begins [4.0], [10.0]: the berserk units are checked first (their
    queue made when the Human Player-Turn ended)."""
    out.append(ev("phase", "4.0", phase=Phase.BERSERK))
    return st.evolve(phase=Phase.BERSERK, zturn=rec(st.zturn, step=ZStep.BERSERK_STAY))


def advance(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[tuple[GameState, bool]]:
    zt = st.zturn
    if zt.step == ZStep.BERSERK_STAY:
        if zt.queue:
            z = st.unit(zt.queue[0])
            return pend(st, PendingKind.ROLL_BERSERK_STAY, "10.0", f"does the unit in {z.square} stay berserk? (4 or less)", 1, z.uid), True
        return st.evolve(zturn=rec(zt, step=ZStep.BERSERK_PICK)), False
    if zt.step == ZStep.BERSERK_PICK:
        if zt.ties:
            return pend(st, PendingKind.PICK_TIE, "15.4", f"a die picks which of the {len(zt.ties)} equally near units is checked"), True
        if st.solitaire:
            near = solitaire_berserk_candidates(st, ctx)  # [15.4] the nearest unit, not a choice
            if len(near) > 1:
                return st.evolve(zturn=rec(zt, ties=tuple(near))), False
            return st.evolve(zturn=rec(zt, step=ZStep.BERSERK_CHECK, checking=near[0] if near else "")), False
        if _any_eligible(st):
            return pend(st, PendingKind.BERSERK_PICK, "10.0", "check one non-berserk zombie unit to see if it goes berserk"), True
        return st.evolve(zturn=rec(zt, step=ZStep.BERSERK_CHECK)), False
    if zt.checking:
        z = st.unit(zt.checking)
        return pend(st, PendingKind.ROLL_BERSERK_GO, "10.0", f"does the unit in {z.square} go berserk? (4 or less)", 1, z.uid), True
    return None


NODES = [
    Node(PendingKind.BERSERK_PICK, {BerserkCheck: do_pick}, {BerserkCheck: check_pick}, candidates=candidates, exact=True),
    roll_node(PendingKind.ROLL_BERSERK_STAY, roll_stay, stays),
    roll_node(PendingKind.ROLL_BERSERK_GO, roll_goes, goes),
    Node(PendingKind.PICK_TIE, {Draw: pick_tie}, outcomes=tie_outcomes),
]
