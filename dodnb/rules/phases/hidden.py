"""Hidden zombies in the two-player game [9.0]-[9.4]: revealed the moment a character first enters
their square [9.1], or by the zombie player in the Reaction [9.2] (only if the unit could then move
in reaction) and Free Movement Phases; never into a zombie-occupied square [9.3]; all of them at the
earliest opportunity once no unit is left on the map [9.4]. The unit is drawn at random from the
Hidden Zombie box."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from dodnb.errors import RuleViolation
from dodnb.rules.actions import Action, Draw, EndPhase, Reveal
from dodnb.rules.context import Ctx
from dodnb.rules.events import Event, ev
from dodnb.rules.phases import movement
from dodnb.rules.phases.base import Node, move_unit, pend, rec
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, Pool, ZStep


def reveal_options(st: GameState, ctx: Ctx) -> list[str]:
    """Hidden squares the zombie player may reveal now [9.2], [9.3]."""
    if st.solitaire or not st.hidden_squares:
        return []
    out = []
    for sq in st.hidden_squares:
        if st.zombie_occupied(sq):
            continue  # [9.3]
        if st.phase == Phase.REACTION and not could_react(st, ctx, sq):
            continue
        out.append(sq)
    return out


def could_react(st: GameState, ctx: Ctx, sq: str) -> bool:
    """[9.2] a hidden zombie may be revealed in the Reaction Phase only if, once placed, it would be
    eligible to move in reaction [7.0]: within sight of a triggering square [7.1], not in a
    character's square [7.2] 1, with a nearer square it could enter — not behind a closed door
    [7.2] 2, not zombie-occupied [7.2] 3 (ruling E13). A revealed unit is face down, not berserk."""
    if not st.zturn.target or sq not in st.zturn.sighted or st.characters_in(sq):
        return False
    return bool(movement.reaction_paths(st, ctx, sq, berserk=False)[0])


def forced_reveals(st: GameState, ctx: Ctx) -> list[str]:
    """[9.4] with no zombie unit left on the map, the zombie player must reveal ALL his remaining hidden
    zombies at the earliest opportunity: once the first is revealed the others are still owed
    (``ZombieTurn.reveal_all``), in this phase and the next of the turn (ruling E13)."""
    if st.solitaire or not st.hidden_squares:
        return []
    if not st.zturn.reveal_all and any(z.square is not None for z in st.zombies):
        return []
    return reveal_options(st, ctx)


def check_reveal(st: GameState, ctx: Ctx, a: Reveal) -> Optional[RuleViolation]:
    if a.square not in reveal_options(st, ctx):
        if a.square not in st.hidden_squares:
            return RuleViolation("9.2", "reveal.none", square=a.square)
        if st.zombie_occupied(a.square):
            return RuleViolation("9.3", "reveal.occupied", square=a.square)
        return RuleViolation("9.2", "reveal.cannot_react", square=a.square)
    return None


def check_end(st: GameState, ctx: Ctx, a: EndPhase) -> Optional[RuleViolation]:
    """[9.4] the phase may not end while a forced reveal is owed."""
    if forced_reveals(st, ctx):
        return RuleViolation("9.4", "reveal.owed")
    return None


def do_reveal(st: GameState, ctx: Ctx, a: Reveal, out: list[Event]) -> GameState:
    owed = bool(forced_reveals(st, ctx))  # [9.4] the first of the owed reveals: the rest stay owed
    out.append(ev("hidden_revealed_down", "9.4" if owed else "9.2", square=a.square))
    return st.evolve(zturn=rec(st.zturn, revealing=a.square, reveal_all=st.zturn.reveal_all or owed))


def reveal_pending(st: GameState) -> Optional[GameState]:
    """The draw of a hidden zombie the zombie player reveals [9.2], or None."""
    sq = st.zturn.revealing
    if not sq:
        return None
    return pend(st, PendingKind.DRAW_HIDDEN, "9.0", f"a hidden zombie is drawn at random for {sq}", who=sq)


def hidden_pool(st: GameState, ctx: Ctx) -> list[tuple[Action, Fraction]]:
    """[9.0] Procedure: one unit at random from the Hidden Zombie box."""
    pool = sorted((z.uid for z in st.zombies if z.pool == Pool.HIDDEN))
    return [(Draw(u), Fraction(1, len(pool))) for u in pool]


def draw_hidden(st: GameState, ctx: Ctx, a: Draw, out: list[Event]) -> GameState:
    """[9.0] the unit is placed in its square, face up if a character is there [9.1]; [9.3] no other
    hidden zombie may appear there. Revealed in the Reaction Phase, it moves in reaction [9.2]."""
    z = st.unit(a.uid)
    if st.activation is not None and st.activation.revealing:
        sq = st.activation.revealing
        st = st.evolve(activation=rec(st.activation, revealing=""))
    else:
        sq = st.zturn.revealing
        st = st.evolve(zturn=rec(st.zturn, revealing=""))
    st = move_unit(st, z.uid, square=sq, pool=Pool.MAP.value, seen=False, candidates=())
    st = st.evolve(hidden_squares=tuple(s for s in st.hidden_squares if s != sq), crossed_squares=st.crossed_squares + (sq,))
    st = st.with_knowledge()
    if st.characters_in(sq):
        out.append(ev("hidden_revealed", "9.1", square=sq, value=z.value))
    if st.phase == Phase.REACTION:
        st = st.evolve(zturn=rec(st.zturn, queue=st.zturn.queue + (z.uid,)))
    return st


def reveal_candidates(st: GameState, ctx: Ctx):
    if not forced_reveals(st, ctx):
        yield EndPhase()  # [9.4] not while a reveal is owed
    for sq in reveal_options(st, ctx):
        yield Reveal(sq)


def do_end_reveals(st: GameState, ctx: Ctx, a: EndPhase, out: list[Event]) -> GameState:
    """The zombie player reveals no more in the Reaction Phase [9.2]: the units react."""
    return st.evolve(zturn=rec(st.zturn, step=ZStep.REACTION_UNITS))


NODES = [
    Node(PendingKind.REVEAL, {Reveal: do_reveal, EndPhase: do_end_reveals}, {Reveal: check_reveal, EndPhase: check_end},
         candidates=reveal_candidates, exact=True),
    Node(PendingKind.DRAW_HIDDEN, {Draw: draw_hidden}, outcomes=hidden_pool),
]
