"""Exact probability for Dawn of the Dead: Dist, dice, shots, panic, attacks, table odds.

Every probability is a fractions.Fraction; Monte Carlo counterparts (:mod:`dodnb.prob.montecarlo`)
exist only to be compared with the exact answers (DESIGN.md, "Probability").  Functions that use
counter values take ``counters=`` (default: the shipped reconstruction, docs/COUNTERS.md).
"""

from dodnb.prob.dist import Dist, DistError, dice
from dodnb.prob.errors import ProbError
from dodnb.prob.shots import (
    FireOutcome,
    SequenceOutcome,
    Shooter,
    combined_fire,
    fire_kill_chance,
    kill,
    kill_chance,
    panic,
    panic_chance,
    panic_check,
    shooter,
    shooting_sequence,
    shot,
    unseen_values,
    with_super_zombie,
)
from dodnb.prob.attacks import (
    ByK,
    SquareOutcome,
    attack_by_k,
    attack_on,
    attack_result,
    attack_strength,
    choose_targets,
    new_status,
    solitaire_attack,
    solitaire_k,
    square_attack,
    status_of,
    statuses_only,
)
from dodnb.prob.tableodds import (
    berserk_chance,
    berserk_phases,
    berserk_stays_chance,
    can_leave_chance,
    entrance,
    entrance_chance,
    entrance_count,
    entrance_given,
    exit_cost,
    free_moves,
    glass_door,
    glass_door_chance,
    hidden_zombie,
    super_zombie_chance,
    super_zombie_roll,
    super_zombie_within,
    turns_until_super_zombie,
)

__all__ = [
    "Dist", "DistError", "ProbError", "dice",
    "shot", "panic", "panic_chance", "panic_check", "kill", "kill_chance",
    "unseen_values", "with_super_zombie", "Shooter", "shooter",
    "combined_fire", "fire_kill_chance", "FireOutcome", "shooting_sequence", "SequenceOutcome",
    "attack_result", "attack_on", "attack_strength", "new_status", "square_attack", "SquareOutcome",
    "attack_by_k", "ByK", "choose_targets", "solitaire_k", "solitaire_attack", "status_of", "statuses_only",
    "entrance", "entrance_given", "entrance_chance", "entrance_count",
    "berserk_chance", "berserk_stays_chance", "berserk_phases",
    "super_zombie_chance", "super_zombie_roll", "turns_until_super_zombie", "super_zombie_within",
    "glass_door", "glass_door_chance", "free_moves", "hidden_zombie", "exit_cost", "can_leave_chance",
]


def shoot(game_or_state, shooters, target, **kw):
    """State-aware shot [6.0]-[6.8]: see :func:`dodnb.prob.stateaware.shoot`."""
    from dodnb.prob.stateaware import shoot as _shoot

    return _shoot(game_or_state, shooters, target, **kw)


def zombie_attack(game_or_state, square, targets=None, **kw):
    """State-aware zombie attack [8.0]: see :func:`dodnb.prob.stateaware.zombie_attack`."""
    from dodnb.prob.stateaware import zombie_attack as _attack

    return _attack(game_or_state, square, targets, **kw)


__all__ += ["shoot", "zombie_attack"]


def clear_caches() -> None:
    """Forget every remembered sub-result of the engine (dice counts, fire tables, attack joints,
    sort keys).  Answers never change; only the next call is slower.  For honest "cold" timings
    in benchmarks/."""
    from dodnb.prob import attacks, dist, shots
    from dodnb.rules import core

    dist.clear_caches()
    core.ways.cache_clear()
    shots.clear_caches()
    attacks.clear_caches()


__all__ += ["clear_caches"]


def zombie_turn(game_or_state, **kw):
    """Exact odds of the coming zombie turn [15.0] (a two-player game: if the zombies played by the
    solitaire rules, ruling Z3): see :func:`dodnb.prob.zombieturn.zombie_turn`."""
    from dodnb.prob.zombieturn import zombie_turn as _zombie_turn

    return _zombie_turn(game_or_state, **kw)


__all__ += ["zombie_turn"]


def best_play(position, goal, horizon="player-turn", zombies="solitaire", budget=None, **kw):
    """Exact best play: the highest probability the humans can give a goal within a horizon, the
    value of every legal choice (expectimax; expectiminimax with ``zombies="worst"``): see
    :func:`dodnb.prob.bestplay.best_play` and its ready goals :data:`dodnb.prob.bestplay.goals`."""
    from dodnb.prob.bestplay import best_play as _best_play

    return _best_play(position, goal, horizon, zombies, budget, **kw)


def __getattr__(name):
    """`dodnb.prob.goals` (the ready goals of best play) on first use."""
    if name in ("goals", "Budget"):
        from dodnb.prob import bestplay

        return getattr(bestplay, name)
    raise AttributeError(f"module 'dodnb.prob' has no attribute {name!r}")


__all__ += ["best_play", "goals", "Budget"]
