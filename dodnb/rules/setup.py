"""Set-up [3.1]-[3.3]: the zombie player's hidden squares and the human player's placement."""

from __future__ import annotations

import random
from typing import Iterable

from dodnb.board.model import Board
from dodnb.errors import RuleViolation

#: The zombie player assigns five hidden zombies [3.1].
HIDDEN_COUNT = 5


def hidden_square_allowed(board: Board, square: str) -> RuleViolation | None:
    """None if a hidden zombie may be assigned to the square, else why not (Case [3.1], numbered restriction)."""
    sq = board.square(square)
    if sq.is_hall:
        return RuleViolation("3.1", "hidden.hall", square=sq.id)
    if sq.character_symbol:
        return RuleViolation("3.1", "hidden.symbol", square=sq.id)
    for n in board.neighbours(sq.id):
        if board.square(n).character_symbol and board.passable(sq.id, n):
            return RuleViolation("3.1", "hidden.next_to", square=sq.id, other=n)
    return None


def hidden_square_candidates(board: Board) -> list[str]:
    """Every square a hidden zombie may be assigned to on its own [3.1] 1-2."""
    return [s for s in board.ids if hidden_square_allowed(board, s) is None]


def check_hidden_squares(board: Board, squares: Iterable) -> tuple[str, ...]:
    """The five squares, normalised, or RuleViolation naming the restriction of [3.1] broken."""
    ids = [board.square_id(s) for s in squares]
    if len(ids) != HIDDEN_COUNT:
        raise RuleViolation("3.1", "hidden.count", n=HIDDEN_COUNT, got=len(ids))
    if len(set(ids)) != len(ids):
        raise RuleViolation("3.1", "hidden.twice")
    for s in ids:
        why = hidden_square_allowed(board, s)
        if why is not None:
            raise why
    edwin = [s for s in ids if board.square(s).store == board.square(board.rifle_square or "177").store]
    if len(edwin) > 1:
        raise RuleViolation("3.1", "hidden.edwin", squares=tuple(edwin))
    return tuple(sorted(ids))


def random_hidden_squares(board: Board, rng: random.Random) -> tuple[str, ...]:
    """Five legal squares drawn at random: the zombie player's choice made by chance [3.1]."""
    cands = hidden_square_candidates(board)
    edwin_store = board.square(board.rifle_square or "177").store
    while True:
        pick = rng.sample(cands, HIDDEN_COUNT)
        if sum(board.square(s).store == edwin_store for s in pick) <= 1:
            return tuple(sorted(pick))
