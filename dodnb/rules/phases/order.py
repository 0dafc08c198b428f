"""The sequence of play, stated once [4.0]; in the solitaire game [15.2].

[4.0] each Game-Turn is the Human Player-Turn, then the Zombie Player-Turn's five phases: A. Berserk
Zombie Phase, B. Zombie Reaction Movement Phase, C. Zombie Free Movement Phase, D. Zombie Attack Phase,
E. Zombie Generation Phase; then another Game-Turn begins. [15.2] In the solitaire game the Hidden
Zombie Table is consulted at the start of the Zombie Player-Turn, before the Berserk Zombie Phase.

:data:`PHASES` gives, for every phase, three functions with one signature each (as boardgame.io's
``phases`` declare ``onBegin`` / ``next``):

* ``enter(st, ctx, out) -> GameState`` — the phase begins (its first step; the "phase" event told);
* ``advance(st, ctx, out) -> (GameState, stop) | None`` — its automatic step (stop: the state waits on
  a decision or a roll), or None: the phase is over. A decision that ends a phase (EndTurn [4.0] 1,
  EndPhase [7.0] 2, [11.4]) sets ``ZStep.END`` instead;
* ``next(st, ctx) -> Phase`` — the phase that follows.

The engine's `_advance` alone walks this table; no phase module begins another phase."""

from __future__ import annotations

from dataclasses import dataclass

from dodnb.rules.context import Ctx
from dodnb.rules.events import Event
from dodnb.rules.phases import attack, berserk, free, generation, human, reaction, solitaire
from dodnb.rules.phases.base import Advance, Enter, Next
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase


@dataclass(frozen=True)
class PhaseRules:
    """One phase of the sequence of play: how it begins, its automatic step, what follows it."""

    enter: Enter
    advance: Advance
    next: Next


def after_human(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] the Zombie Player-Turn begins with A. the Berserk Zombie Phase; in the solitaire game with
    the Hidden Zombie Table [15.2]."""
    return Phase.HIDDEN if st.solitaire else Phase.BERSERK


def after_hidden(st: GameState, ctx: Ctx) -> Phase:
    """[15.2] the Hidden Zombie Table is consulted before the Berserk Zombie Phase."""
    return Phase.BERSERK


def after_berserk(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] A. then B. the Zombie Reaction Movement Phase."""
    return Phase.REACTION


def after_reaction(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] B. then C. the Zombie Free Movement Phase."""
    return Phase.FREE


def after_free(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] C. then D. the Zombie Attack Phase."""
    return Phase.ATTACK


def after_attack(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] D. then E. the Zombie Generation Phase."""
    return Phase.GENERATION


def after_generation(st: GameState, ctx: Ctx) -> Phase:
    """[4.0] the Game-Turn is complete: the next begins with the Human Player-Turn."""
    return Phase.HUMAN


#: The sequence of play [4.0], [15.2], keyed by Phase (a str enum: `GameState.phase` is looked up as is).
PHASES: dict[str, PhaseRules] = {
    Phase.HUMAN: PhaseRules(human.enter, human.advance, after_human),  # [4.0] 1, [5.0]
    Phase.HIDDEN: PhaseRules(solitaire.enter, solitaire.advance, after_hidden),  # [15.2] solitaire only
    Phase.BERSERK: PhaseRules(berserk.enter, berserk.advance, after_berserk),  # [4.0] A, [10.0]
    Phase.REACTION: PhaseRules(reaction.enter, reaction.advance, after_reaction),  # [4.0] B, [7.0] 1
    Phase.FREE: PhaseRules(free.enter, free.advance, after_free),  # [4.0] C, [7.0] 2
    Phase.ATTACK: PhaseRules(attack.enter, attack.advance, after_attack),  # [4.0] D, [8.0]
    Phase.GENERATION: PhaseRules(generation.enter, generation.advance, after_generation),  # [4.0] E, [13.0]
}


def begin_next(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    """The phase of `st` is over: the one that follows it begins [4.0]."""
    return PHASES[PHASES[st.phase].next(st, ctx)].enter(st, ctx, out)


__all__ = ["PHASES", "PhaseRules", "begin_next"]
