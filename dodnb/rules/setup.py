"""Setting up for play [3.0], [3.1]-[3.3]: the zombie player's hidden squares, the human player's placement, and the
starting position (`initial_state`)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Iterable, Mapping, Optional

from dodnb.board.model import Board, load_board
from dodnb.errors import RuleViolation
from dodnb.rules.counters import CHARACTERS, canonical_name, load_counters
from dodnb.rules.state import CharacterState, GameState, StateError, ZombieUnit
from dodnb.rules.vocab import Phase, Pool

#: The zombie player assigns five hidden zombies [3.1].
HIDDEN_COUNT = 5

#: How unit ids are given at set-up (saved with a game, :data:`dodnb.rules.game.SAVE_VERSION`):
#: 2 — a seeded permutation of Z01..Z50 over the counter mix, so that an id tells nothing of a value;
#: 1 — (dodnb before issue 33) Z01..Z50 in the order of the sorted Zombie Values: Z01 a 1, Z50 the 11.
UNIT_IDS_SCHEME = 2


def unit_ids(seed: Optional[int], n: int = 50, rng: Optional[random.Random] = None) -> tuple[str, ...]:
    """The ids of the `n` units in set-up order (the k-th zombie symbol square [3.1], then the box):
    Z01..Zn in an order drawn from `seed` alone, so that knowing a unit's id tells nothing about its
    Zombie Value (the values are dealt to the squares by their own shuffle; ruling in docs/COUNTERS.md).
    The same seed gives the same ids; `rng` (a seed of None) draws them from that source instead."""
    labels = [f"Z{i:02d}" for i in range(1, n + 1)]
    if seed is None:
        (rng or random.Random()).shuffle(labels)
    else:
        random.Random(f"dodnb unit ids {seed}").shuffle(labels)
    return tuple(labels)


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


def initial_state(
    board: Optional[Board] = None,
    counters=None,
    seed: Optional[int] = None,
    placement: Optional[Mapping[str, str]] = None,
    hidden_squares: Optional[Iterable[str]] = None,
    solitaire: bool = False,
) -> GameState:
    """Set-up [3.1]-[3.3]: 45 units face down on the zombie symbols, 5 in the Hidden Zombie box,
    the four characters on character symbols (at most two per square), rifles in 177, doors open.

    `placement` maps character names to squares; by default Peter+Roger share the first character
    square and Steve+Fran the second [3.2]. Units are shuffled with `seed` (reproducible).
    `hidden_squares`: the zombie player's five secret squares [3.1] (checked); by default five
    legal squares are drawn with the same seed. In solitaire [15.1] no square is assigned and the
    five hidden units are mixed with the eliminated ones. The units' ids are :func:`unit_ids` of the
    seed: they carry no value."""
    board = board or load_board()
    counters = counters or load_counters()
    values = list(counters.zombie_values())
    if len(values) != 50:
        raise StateError("3.1", f"the game has 50 zombie units; these counters have {len(values)}")
    rng = random.Random(seed)
    order = list(range(50))
    rng.shuffle(order)
    symbols = board.zombie_symbol_squares
    off_pool = Pool.ELIMINATED.value if solitaire else Pool.HIDDEN.value
    ids = unit_ids(seed, len(order), rng)
    units = []
    for k, idx in enumerate(order):
        sq = symbols[k] if k < len(symbols) else None
        units.append(ZombieUnit(ids[k], values[idx], sq, pool=Pool.MAP.value if sq else off_pool))
    chars_sq = board.character_symbol_squares
    placement = dict(placement or {"Peter": chars_sq[0], "Roger": chars_sq[0], "Steve": chars_sq[1], "Fran": chars_sq[1]})
    allowed = set(chars_sq)
    counts: dict[str, int] = {}
    for name, sq in placement.items():
        sq = board.square_id(sq)
        if sq not in allowed:
            raise StateError("3.2", f"{canonical_name(name)} must start on a Character Placement Symbol ({', '.join(chars_sq)}), not {sq}")
        counts[sq] = counts.get(sq, 0) + 1
        if counts[sq] > 2:
            raise StateError("3.2", f"only one or two characters may be set up in one square ({sq})")
    if solitaire:
        hidden: tuple[str, ...] = ()
    elif hidden_squares is None:
        hidden = random_hidden_squares(board, rng)
    else:
        hidden = check_hidden_squares(board, hidden_squares)
    chars = tuple(CharacterState(canonical_name(n), board.square_id(s)) for n, s in placement.items())
    state = GameState(board, chars, tuple(units)).with_knowledge(lower=False)
    state.check()
    if {c.name for c in state.characters} != set(CHARACTERS):
        raise StateError("3.2", "all four characters are set up: Peter, Roger, Steve and Fran")
    order_names = {n: i for i, n in enumerate(CHARACTERS)}
    return replace(
        state,
        characters=tuple(sorted(state.characters, key=lambda c: order_names[c.name])),
        hidden_squares=tuple(sorted(hidden)),
        solitaire=solitaire,
        phase=Phase.HUMAN.value,
        pending=None,  # the engine settles it (Game does): one place decides what is pending
    )
