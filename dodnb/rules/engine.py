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
* :func:`roll_classes(state, ctx)` — at a dice node, the totals grouped by what the roll decides;
* :func:`settle(state, ctx)` — run the automatic steps of a position until a decision or a roll.

After each action the engine runs every automatic step (a unit with only one reaction move, a phase
with nothing to do...) until the next decision or die roll. `ctx` carries what does not change
during a game: board, counters, tables (:mod:`dodnb.rules.context`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Optional

from dodnb.board.model import UnknownSquare
from dodnb.errors import DodnbError, RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import Action, Draw, Roll
from dodnb.rules.context import Ctx, context, ctx_for
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import NODES, PHASES, attack, shooting
from dodnb.rules.phases.base import RIFLE_HOLDERS
from dodnb.rules.phases.order import begin_next
from dodnb.rules.phases.reaction import units_in_reaction
from dodnb.rules.phases.shooting import shooter_problem, shot_target_problem
from dodnb.rules.phases.solitaire import mp_distances, solitaire_berserk_candidates, solitaire_hidden_square
from dodnb.rules.state import GameState, Result
from dodnb.rules.vocab import LOST, Phase, Side, Status, ZStep

__all__ = [
    "Ctx", "context", "legal_actions", "check", "apply", "apply_to_attack_end", "chance_outcomes", "roll_classes", "settle", "victory",
    "shooter_problem", "shot_target_problem", "units_in_reaction", "mp_distances",
    "solitaire_berserk_candidates", "solitaire_hidden_square", "RIFLE_HOLDERS", "victory_reason",
]


def legal_actions(st: GameState, ctx: Optional[Ctx] = None) -> list[Action]:
    """Every action the side to move may take now, in a stable order."""
    ctx = ctx_for(ctx, st)
    got = ctx.last_legal.get(st)
    if got is not None:
        return list(got)
    p = st.pending
    if p is None:
        return []
    if p.side == Side.CHANCE:
        return [a for a, _ in chance_outcomes(st, ctx)]
    node = NODES[p.kind]
    assert node.candidates is not None
    if node.exact:
        out = list(node.candidates(st, ctx))  # built from the same rules (tests check each passes check())
    else:
        out = [a for a in node.candidates(st, ctx) if _why(st, ctx, a) is None]
    ctx.last_legal.keep(st, out)
    return out


def check(st: GameState, ctx: Optional[Ctx], action: Action) -> Optional[RuleViolation]:
    """None if the action may be taken now, else the RuleViolation (with its Case). Applies nothing."""
    return _why(st, ctx_for(ctx, st), action)


def apply(st: GameState, ctx: Optional[Ctx], action: Action) -> tuple[GameState, list[Event]]:
    """Take one action: the new state and what happened. RuleViolation (state untouched) if illegal.

    An action equal to one that `legal_actions` or `chance_outcomes` of this rules object (`ctx`, else
    the state's own) just listed for this very state is not checked again: those were built by the
    rules or passed `check`. Any other action, from any caller, is checked in full. The states made
    refer to `ctx` (`GameState.ctx`)."""
    ctx, st = _rules(ctx, st)
    out: list[Event] = []
    return _advance(_resolve(st, ctx, action, out), ctx, out), out


def _rules(ctx: Optional[Ctx], st: GameState) -> tuple[Ctx, GameState]:
    """The rules object passed down (else the state's own), and the state referring to it."""
    if ctx is None:
        return st.ctx, st
    return ctx, (st if st.ctx is ctx else st.evolve(ctx=ctx))


def _resolve(st: GameState, ctx: Ctx, action: Action, out: list[Event]) -> GameState:
    """The action's own resolver (checked first unless listed for this state), no automatic step."""
    if not (ctx.last_legal.listed(st, action) or ctx.last_chance.listed(st, action)):
        why = _why(st, ctx, action)
        if why is not None:
            raise why
    p = st.pending
    assert p is not None
    return NODES[p.kind].resolve[type(action)](st, ctx, action, out)


def apply_to_attack_end(st: GameState, ctx: Optional[Ctx], action: Action) -> tuple[GameState, list[Event]]:
    """`apply` within a zombie attack [8.0] (and the shots at the attacker [8.1]): the automatic steps
    stop where the attack is over (no attack or shot in progress), before the victory check and the
    phase's next step, which `settle` then runs as `apply` would have; short of that, where `apply`
    stops. For the exact zombie-turn walk, which follows one attack apart from the rest of the
    position (ruling Z1, "an attack followed once")."""
    ctx, st = _rules(ctx, st)
    out: list[Event] = []
    return _advance(_resolve(st, ctx, action, out), ctx, out, attack_only=True), out


def chance_outcomes(st: GameState, ctx: Optional[Ctx] = None) -> list[tuple[Action, Fraction]]:
    """At a chance node, every outcome with its exact probability (they sum to 1); else []."""
    p = st.pending
    if p is None or p.side != Side.CHANCE:
        return []
    ctx = ctx_for(ctx, st)
    got = ctx.last_chance.get(st)
    if got is not None:
        return list(got)
    node = NODES[p.kind]
    assert node.outcomes is not None
    out = node.outcomes(st, ctx)
    ctx.last_chance.keep(st, out, [a for a, _ in out])
    return out


def roll_classes(st: GameState, ctx: Optional[Ctx] = None) -> Optional[list[tuple[tuple[Roll, ...], Fraction]]]:
    """At a dice node whose rule says what the roll decides (a hit or a miss [6.0], a panic [6.5], the
    Zombie Attack Table's result [8.8], berserk or not [10.0], the doors called [13.5]...: the `result`
    of its :class:`~dodnb.rules.phases.base.Node`), the totals grouped by that result, in the order of
    their lowest total: [(the totals' outcomes, their summed probability)]. Totals of one group give the
    same position (only the events name the total), so one of them stands for all. None at any other
    node."""
    p = st.pending
    if p is None or p.side != Side.CHANCE:
        return None
    result = NODES[p.kind].result
    if result is None:
        return None
    ctx = ctx_for(ctx, st)
    outs = chance_outcomes(st, ctx)  # (kept by `ctx.last_chance`: `apply` trusts the totals it lists)
    decides = result(st, ctx)
    classes = ctx.roll_classes
    try:
        key = (p.dice, _result_key(decides))
        got = classes.get(key)
    except TypeError:  # a result function that cannot be named by a key: worked out every time
        return _roll_classes(outs, decides, p.dice)
    if got is None:
        if len(classes) > 4096:
            classes.clear()
        got = classes[key] = tuple(_roll_classes(outs, decides, p.dice))
    return list(got)


def _result_key(decides: Callable[[int], object]) -> object:
    """What fixes a roll's result function, so that `roll_classes` groups the totals once per such
    function: a bound method (a table's, such as `Tables.goes_berserk`) by its object's identity and
    its function (the key keeps the object alive); a plain function by its code, its defaults and the
    values it closed over (each result reads the total and those values only). TypeError for anything
    else, or for a closed-over value that cannot be part of a key."""
    if getattr(decides, "__self__", None) is not None and hasattr(decides, "__func__"):
        return decides  # a bound method hashes and compares by its object's identity and its function
    code = getattr(decides, "__code__", None)
    if code is None or getattr(decides, "__kwdefaults__", None):
        raise TypeError("a result function without code, or with keyword-only defaults")
    cells = getattr(decides, "__closure__", None)
    key = (code, getattr(decides, "__defaults__", None), tuple([c.cell_contents for c in cells]) if cells else ())
    hash(key)  # TypeError now, not later in the dict, for a value that cannot be a key
    return key


def _roll_classes(outs: list, decides: Callable[[int], object], dice: int) -> list[tuple[tuple[Roll, ...], Fraction]]:
    """:func:`roll_classes` worked out: the outcomes grouped by what `decides` makes of their totals."""
    den = 6 ** dice  # every total's probability is a whole number of 6**dice-ths: summed as integers
    groups: dict = {}
    for a, q in outs:
        assert isinstance(a, Roll)
        r = decides(a.total)
        w = q.numerator * (den // q.denominator)
        g = groups.get(r)
        if g is None:
            groups[r] = [[a], w]
        else:
            g[0].append(a)
            g[1] += w
    return [(tuple(acts), Fraction(w, den)) for acts, w in groups.values()]


def settle(st: GameState, ctx: Optional[Ctx] = None) -> tuple[GameState, list[Event]]:
    """Run the automatic steps of a position (a study position, a loaded start) until the next
    decision or roll: the settled state and what happened on the way."""
    out: list[Event] = []
    ctx, st = _rules(ctx, st)
    return _advance(st, ctx, out), out


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


def _advance(st: GameState, ctx: Ctx, out: list[Event], attack_only: bool = False) -> GameState:
    """Run automatic steps until a decision or a roll; victory is checked before each [14.0].
    The phases follow the one table of the sequence of play, `phases.PHASES` [4.0], [15.2]: a phase
    over (its `advance` says None, or a decision ended it: ``ZStep.END``) is followed by its `next`
    (`order.begin_next`).
    `attack_only`: stop as soon as no shot or attack is in progress [8.0] (`apply_to_attack_end`)."""
    for _ in range(10_000):
        if st.zturn.step is ZStep.END:  # a decision ended the phase (EndTurn, EndPhase): the next begins
            st = begin_next(st, ctx, out)
        if attack_only and st.attack is None and st.shot is None:
            return st
        res = victory(st)
        if res is not None:
            if st.result is None:
                out.append(ev("game_over", res.case, winner=res.winner, reason=res.reason))
            return st.evolve(result=res, phase=Phase.OVER, pending=None, shot=None, attack=None)
        # a shot or an attack in progress comes first, in any phase
        got = shooting.step(st, ctx, out) or attack.step(st, ctx, out)
        if got is None:
            rules = PHASES.get(st.phase)  # str enums hash and compare like their values
            if rules is None:
                return st
            got = rules.advance(st, ctx, out)
            if got is None:  # the phase is over [4.0]: the next one begins
                st = begin_next(st, ctx, out)
                continue
        st, stop = got
        if stop:
            return st
    raise RuntimeError("the phase machine did not settle")  # pragma: no cover


# =============================================================================================
# victory [14.1], [14.2]


def victory(st: GameState) -> Optional[Result]:
    """The winner, if either side has met its conditions now [14.1], [14.2]; None in a study drill
    whose position turns the victory check off (`GameState.victory_check`, [14.0]).

    It depends only on the characters, the units, the hidden squares, the doors and the reading of
    [14.1]; the last answer is kept by the state's rules object (whose board it reads) for the same
    (identical, immutable) ones, since the phase machine asks after every automatic step."""
    if not st.victory_check:
        return None
    last = st.ctx.last_victory
    if (last[0] is st.characters and last[1] is st.zombies and last[2] is st.hidden_squares
            and last[3] is st.door_states and last[4] is st.fran_counts_two):
        return last[5]
    res = _victory(st)
    last[:] = [st.characters, st.zombies, st.hidden_squares, st.door_states, st.fran_counts_two, res]
    return res


def _victory(st: GameState) -> Optional[Result]:
    lost = [c for c in st.characters if c.status in LOST]
    names = {c.name for c in lost}
    if st.fran_counts_two:
        tally = sum(2 if n == "Fran" else 1 for n in names)
        if tally >= 3:
            return Result(Side.ZOMBIE.value, "14.1", "three_fran_two")
    else:
        if len(lost) >= 3:
            return Result(Side.ZOMBIE.value, "14.1", "three")
        fran = next((c for c in st.characters if c.name == "Fran"), None)
        if fran is not None and (fran.status == Status.INFECTED or fran.status in LOST) and len(names - {"Fran"}) >= 1:
            return Result(Side.ZOMBIE.value, "14.1", _FRAN_LOST.get(fran.status, "fran_infected"))
    # [14.2] all four conditions
    if any(z.square is not None for z in st.zombies) or any(c.is_super for c in st.characters):
        return None
    if st.hidden_squares:
        return None  # hidden zombies still to come are not eliminated (ruling [14.2])
    if not st.main_doors_closed():
        return None
    for n in RIFLE_HOLDERS:
        c = next((c for c in st.characters if c.name == n), None)
        if c is not None and c.status not in LOST and not c.rifle:
            return None
    if not st.characters:
        return None
    return Result(Side.HUMAN.value, "14.2", victory_reason(st))


#: [14.1] the key of the zombie player's win when Fran is lost, by her status (infected otherwise).
_FRAN_LOST: dict[str, str] = {Status.SUPER: "fran_super", Status.KILLED: "fran_killed"}


def victory_reason(st: GameState) -> str:
    """The key of the human player's win [14.2] naming only the conditions that hold: a rifle is
    asked of Steve and Fran only when each is in play, neither killed nor a super zombie [14.2] 2
    (ruling P3): 'humans' (both armed), 'humans_steve' or 'humans_fran' (one asked), 'humans_none'."""
    asked = [n for n in RIFLE_HOLDERS
             if any(c.name == n and c.status not in LOST for c in st.characters)]
    if len(asked) == 2:
        return "humans"
    return f"humans_{asked[0].lower()}" if asked else "humans_none"
