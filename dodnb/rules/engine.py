"""The rules engine's public face: legal actions, checks, resolution and chance for every node of
the game [3.0]-[14.2]. The rules themselves live in :mod:`dodnb.rules.phases`, one module per phase;
this module dispatches to them and checks victory [14.1], [14.2] after every event.

Pure functions over :class:`~dodnb.rules.state.GameState`:

* :func:`legal_actions(state, ctx)` — every action the side to move may take (chance outcomes at a
  chance node);
* :func:`check(state, ctx, action)` — None, or the :class:`~dodnb.errors.RuleViolation` (with its
  Case) that forbids it; nothing is applied;
* :func:`apply(state, ctx, action)` → ``(new state, events)``; the old state is never changed;
* :func:`chance_outcomes(state, ctx)` — at a chance node, each outcome with its exact Fraction;
* :func:`settle(state, ctx)` — run the automatic steps of a position until a decision or a roll.

After each action the engine runs every automatic step (a unit with only one reaction move, a phase
with nothing to do...) until the next decision or die roll. `ctx` carries what does not change
during a game: board, counters, tables (:mod:`dodnb.rules.context`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from dodnb.board.model import UnknownSquare
from dodnb.errors import DodnbError, RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import Action, Roll
from dodnb.rules.context import Ctx, context, ctx_for
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import ADVANCE, NODES, attack, shooting
from dodnb.rules.phases.base import RIFLE_HOLDERS
from dodnb.rules.phases.reaction import units_in_reaction
from dodnb.rules.phases.shooting import shooter_problem, shot_target_problem
from dodnb.rules.phases.solitaire import mp_distances, solitaire_berserk_candidates, solitaire_hidden_square
from dodnb.rules.state import GameState, Result
from dodnb.rules.vocab import Phase, Side, Status

__all__ = [
    "Ctx", "context", "legal_actions", "check", "apply", "chance_outcomes", "settle", "victory",
    "shooter_problem", "shot_target_problem", "units_in_reaction", "mp_distances",
    "solitaire_berserk_candidates", "solitaire_hidden_square", "RIFLE_HOLDERS",
]


def legal_actions(st: GameState, ctx: Optional[Ctx] = None) -> list[Action]:
    """Every action the side to move may take now, in a stable order."""
    ctx = ctx_for(ctx, st)
    p = st.pending
    if p is None:
        return []
    if p.side == Side.CHANCE:
        return [a for a, _ in chance_outcomes(st, ctx)]
    node = NODES[p.kind]
    assert node.candidates is not None
    if node.exact:
        return list(node.candidates(st, ctx))  # built from the same rules (tests check each passes check())
    return [a for a in node.candidates(st, ctx) if _why(st, ctx, a) is None]


def check(st: GameState, ctx: Optional[Ctx], action: Action) -> Optional[RuleViolation]:
    """None if the action may be taken now, else the RuleViolation (with its Case). Applies nothing."""
    return _why(st, ctx_for(ctx, st), action)


def apply(st: GameState, ctx: Optional[Ctx], action: Action) -> tuple[GameState, list[Event]]:
    """Take one action: the new state and what happened. RuleViolation (state untouched) if illegal."""
    ctx = ctx_for(ctx, st)
    why = _why(st, ctx, action)
    if why is not None:
        raise why
    p = st.pending
    assert p is not None
    out: list[Event] = []
    new = NODES[p.kind].resolve[type(action)](st, ctx, action, out)
    new = _advance(new, ctx, out)
    return new, out


def chance_outcomes(st: GameState, ctx: Optional[Ctx] = None) -> list[tuple[Action, Fraction]]:
    """At a chance node, every outcome with its exact probability (they sum to 1); else []."""
    p = st.pending
    if p is None or p.side != Side.CHANCE:
        return []
    node = NODES[p.kind]
    assert node.outcomes is not None
    return node.outcomes(st, ctx_for(ctx, st))


def settle(st: GameState, ctx: Optional[Ctx] = None) -> tuple[GameState, list[Event]]:
    """Run the automatic steps of a position (a study position, a loaded start) until the next
    decision or roll: the settled state and what happened on the way."""
    out: list[Event] = []
    return _advance(st, ctx_for(ctx, st), out), out


# ----------------------------------------------------------------------------- checks


def _why(st: GameState, ctx: Ctx, a: Action) -> Optional[RuleViolation]:
    p = st.pending
    if st.result is not None or p is None:
        return RuleViolation("14.0", "game.over")
    if not isinstance(a, Action):
        return RuleViolation("4.0", "game.not_action", what=repr(a))
    if a.side != p.side:
        return RuleViolation("4.0", "game.other_side", side=p.side)
    node = NODES[p.kind]
    if p.side == Side.CHANCE:
        return _why_chance(st, ctx, a)
    if type(a) not in node.resolve:
        return RuleViolation("4.0", "game.not_now")
    fn = node.checks.get(type(a))
    if fn is None:
        return None
    try:
        return fn(st, ctx, a)
    except RuleViolation as err:
        return err
    except DodnbError as err:  # an unknown character, square or door named in the action
        case = err.case or ("2.1" if isinstance(err, UnknownSquare) else p.case or "4.0")
        return RuleViolation(case, err.detail)


def _why_chance(st: GameState, ctx: Ctx, a: Action) -> Optional[RuleViolation]:
    """A chance outcome must be one the node can give: a possible dice total (with faces that make it)
    at a roll, one of the listed outcomes at a draw or a solitaire pick."""
    p = st.pending
    assert p is not None
    if p.kind.is_roll:
        if not isinstance(a, Roll):
            return RuleViolation(p.case, "chance.roll")
        if not isinstance(a.total, int) or isinstance(a.total, bool) or a.total not in core.ways(p.dice):
            return RuleViolation(p.case, "chance.total", dice=p.dice, total=repr(a.total))
        if a.faces and (len(a.faces) != p.dice or sum(a.faces) != a.total or any(f not in range(1, 7) for f in a.faces)):
            return RuleViolation(p.case, "chance.faces", faces=str(a.faces), total=a.total, dice=p.dice)
        return None
    if p.kind.is_draw:
        from dodnb.rules.actions import Draw

        if not isinstance(a, Draw):
            return RuleViolation(p.case, "chance.draw")
        if a not in [o for o, _ in chance_outcomes(st, ctx)]:
            return RuleViolation(p.case, "chance.pool", uid=str(a.uid))
        return None
    if isinstance(a, Roll) and a.faces:  # [15.4], [15.6] the die's faces are shared out: only the outcome counts
        return RuleViolation(p.case, "chance.no_faces")
    if a not in [o for o, _ in chance_outcomes(st, ctx)]:
        return RuleViolation(p.case, "chance.outcome")
    return None


# ----------------------------------------------------------------------------- the phase machine


def _advance(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """Run automatic steps until a decision or a roll; victory is checked before each [14.0]."""
    for _ in range(10_000):
        res = victory(st)
        if res is not None:
            if st.result is None:
                out.append(ev("game_over", res.case, winner=res.winner, reason=res.reason))
            return st.evolve(result=res, phase=Phase.OVER, pending=None, shot=None, attack=None)
        # a shot or an attack in progress comes first, in any phase
        got = shooting.step(st, ctx, out) or attack.step(st, ctx, out)
        if got is None:
            fn = ADVANCE.get(Phase(st.phase))
            if fn is None:
                return st
            got = fn(st, ctx, out)
        st, stop = got
        if stop:
            return st
    raise RuntimeError("the phase machine did not settle")  # pragma: no cover


# =============================================================================================
# victory [14.1], [14.2]


def victory(st: GameState) -> Optional[Result]:
    """The winner, if either side has met its conditions now [14.1], [14.2]."""
    lost = [c for c in st.characters if c.status in ("killed", "super")]
    names = {c.name for c in lost}
    if st.fran_counts_two:
        tally = sum(2 if n == "Fran" else 1 for n in names)
        if tally >= 3:
            return Result("zombie", "14.1", "three_fran_two")
    else:
        if len(lost) >= 3:
            return Result("zombie", "14.1", "three")
        fran = next((c for c in st.characters if c.name == "Fran"), None)
        if fran is not None and fran.status in ("infected", "killed", "super") and len(names - {"Fran"}) >= 1:
            return Result("zombie", "14.1", "fran_super" if fran.status == "super" else "fran_killed")
    # [14.2] all four conditions
    if any(z.square is not None for z in st.zombies) or any(c.is_super for c in st.characters):
        return None
    if st.hidden_squares:
        return None  # hidden zombies still to come are not eliminated (ruling [14.2])
    board = st.board
    if not all(st.door_state(d.id) == "closed" for d in board.main_doors.values()):
        return None
    for n in ("Steve", "Fran"):
        c = next((c for c in st.characters if c.name == n), None)
        if c is not None and c.status not in ("killed", "super") and not c.rifle:
            return None
    if not st.characters:
        return None
    return Result("human", "14.2", "humans")
