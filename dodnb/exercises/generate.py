"""Exercises made from a seed: the same seed gives the same exercise (``random.Random(seed)``), its
answer worked out by the engine as for a teacher's own (:mod:`dodnb.exercises.kinds`).

Squares are drawn from the shipped map, shots at targets in sight [6.4] up to four squares away,
study positions from a few small templates (each answered exactly in well under a second:
docs/RULINGS.md has no ruling here; the timings are in tests/exercises).
"""

from __future__ import annotations

import random
from dodnb.board.sight import distance, line_of_sight
from dodnb.board.sighttable import sight_table
from dodnb.exercises import kinds
from dodnb.exercises.core import Exercise
from dodnb.rules.context import default_rules
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.position import Position

__all__ = ["sight", "modifier", "estimate", "likelier", "best", "zombies", "any_kind"]


def _rng(seed) -> random.Random:
    return random.Random(f"dodnb-exercise-{seed}")


def _board():
    return default_rules().board  # the shipped map


def _within(board, a: str, lo: int, hi: int) -> list[str]:
    """Squares `lo` to `hi` squares away from `a` [6.7]."""
    return [b for b in board.ids if b != a and lo <= distance(board, a, b) <= hi]


def sight(seed) -> Exercise:
    """Two squares two to seven squares apart, in sight or not (even odds)."""
    rng, board = _rng(seed), _board()
    table = sight_table(board)
    while True:
        a = rng.choice(board.ids)
        near = _within(board, a, 2, 7)
        seen = sorted(set(near) & table.visible_from(a))
        hidden = sorted(set(near) - set(seen))
        pool = seen if (rng.random() < 0.5 and seen) else hidden
        if pool:
            d = rng.choice(sorted({distance(board, a, b) for b in pool}))  # every distance as likely
            return kinds.sight(a, rng.choice([b for b in pool if distance(board, a, b) == d]))


def modifier(seed) -> Exercise:
    """A shot at a square in sight one to five squares away, through a door half the time."""
    rng, board = _rng(seed), _board()
    table = sight_table(board)
    while True:
        a = rng.choice(board.ids)
        pool = sorted(set(_within(board, a, 1, 5)) & table.visible_from(a))
        if not pool:
            continue
        want_door = rng.random() < 0.5
        rng.shuffle(pool)
        for b in pool:
            if bool(line_of_sight(board, a, b).doors) == want_door:
                return kinds.modifier(a, b)


def _event(rng: random.Random):
    board = _board()
    table = sight_table(board)
    names = sorted(CHARACTERS)
    if rng.random() < 0.35:
        who = tuple(sorted(rng.sample(names, rng.choice((1, 2, 2, 3)))))
        return kinds.attack(who, rng.choice(board.ids), value=rng.randint(3, 9))
    while True:
        a = rng.choice(board.ids)
        pool = sorted(set(_within(board, a, 1, 4)) & table.visible_from(a)) + [a]
        b = rng.choice(pool)
        who = tuple(sorted(rng.sample(names, rng.choice((1, 1, 2)))))
        return kinds.shot(who, a, b, value=rng.randint(2, 8))


def estimate(seed, tolerance: int = 10) -> Exercise:
    """Estimate the chance of a shot or an attack."""
    return kinds.estimate(_event(_rng(seed)), tolerance)


def likelier(seed) -> Exercise:
    """Which of two shots or attacks is likelier (drawn again until they differ by a few points)."""
    rng = _rng(seed)
    while True:
        a, b = _event(rng), _event(rng)
        if abs(a.chance() - b.chance()) >= 0.03:
            return kinds.likelier(a, b)


#: Small study positions for "which choice is best": each answered by best play in well under a second.
def _best_templates(rng: random.Random) -> tuple[Position, object, str, str]:
    from dodnb.prob.bestplay import goals

    k = rng.randrange(3)
    if k == 0:  # shoot from here or step closer first [6.1], [6.7]
        v = rng.randint(2, 4)
        pos = Position(characters={"Fran": {"square": "115", "status": "infected"}}, units={"113": {"value": v, "seen": True}},
                       solitaire=True, actor="Fran")
        return pos, goals.unit_destroyed("113"), "player-turn", (
            f'Position(characters={{"Fran": {{"square": "115", "status": "infected"}}}}, units={{"113": {{"value": {v}, "seen": True}}}}, '
            'solitaire=True, actor="Fran")', 'goals.unit_destroyed("113")')
    if k == 1:  # fire together, one, or hold fire before the attack [8.1]
        v = rng.randint(4, 8)
        pos = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": v}, start="attack", solitaire=True)
        return pos, goals.nobody_hurt(), "game-turn", (
            f'Position(characters={{"Peter": "115", "Roger": "115"}}, units={{"115": {v}}}, start="attack", solitaire=True)',
            "goals.nobody_hurt()")
    v = rng.randint(3, 6)
    pos = Position(characters={"Steve": "024"}, units={"062": {"value": v, "seen": True}}, solitaire=True, actor="Steve")
    return pos, goals.unit_destroyed("062"), "player-turn", (
        f'Position(characters={{"Steve": "024"}}, units={{"062": {{"value": {v}, "seen": True}}}}, solitaire=True, actor="Steve")',
        'goals.unit_destroyed("062")')


def best(seed) -> Exercise:
    rng = _rng(seed)
    pos, goal, horizon, (pcode, gcode) = _best_templates(rng)
    return kinds.best(pos, goal, horizon, code=f"ex.best({pcode}, {gcode}, {horizon!r})")


MAIN_CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}


def zombies(seed) -> Exercise:
    """Two characters and two or three units around square 024 (main doors closed, so no unit enters)."""
    rng = _rng(seed)
    squares = rng.sample(["099", "097", "134", "062", "043"], rng.choice((2, 3)))
    units = {s: rng.randint(4, 10) for s in squares}
    pair = rng.choice((("Peter", "Fran"), ("Roger", "Steve"), ("Fran", "Steve")))
    pos = Position(characters={n: "024" for n in pair}, units=units, doors=MAIN_CLOSED, solitaire=True)
    who = rng.choice(pair)
    ask = rng.choice(("hurt", "hurt", "status"))
    code = (f"ex.zombies(Position(characters={{{', '.join(f'{n!r}: {chr(34)}024{chr(34)}' for n in pair)}}}, units={units!r}, "
            f"doors={MAIN_CLOSED!r}, solitaire=True), {who!r}{'' if ask == 'hurt' else ', ask=' + repr(ask)})")
    return kinds.zombies(pos, who, ask, code=code)


GENERATORS = {"sight": sight, "modifier": modifier, "likelier": likelier, "estimate": estimate, "best": best, "zombies": zombies}


def any_kind(kind: str, seed, **kw) -> Exercise:
    from dodnb.exercises.core import ExerciseError

    if kind not in GENERATORS:
        raise ExerciseError(f"unknown kind of exercise {kind!r}: one of {', '.join(GENERATORS)}")
    return GENERATORS[kind](seed, **kw)
