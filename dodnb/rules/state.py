"""Game state: where every piece is and what the players know, as immutable values.

This is the snapshot the probability engine reads for its state-aware questions
(`dodnb.prob.shoot(state, ...)`, `dodnb.prob.zombie_attack(state, ...)`) and that the rules
engine will evolve turn by turn. Every change returns a new state (`dataclasses.replace`); an
illegal change raises `StateError` naming the Case and leaves the original untouched.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Optional, Sequence, Union

from dodnb.board.model import DOOR_STATES, Board, load_board
from dodnb.rules.counters import CHARACTERS, canonical_name

CHAR_STATUSES = ("normal", "stunned", "infected", "super", "killed")


class StateError(ValueError):
    """An impossible position. `case` is the rule's Case number."""

    def __init__(self, case: str, message: str):
        self.case = case
        super().__init__(f"[{case}] {message}")


@dataclass(frozen=True)
class CharacterState:
    """A character on the map [2.3]: square, counter side, hunting rifle [12.0]."""

    name: str
    square: Optional[str]
    status: str = "normal"  # normal | stunned | infected | super (zombie side [11.0]) | killed [8.5]
    rifle: bool = False
    infected_this_turn: bool = False  # no super-zombie roll the turn of infection [11.0]

    @property
    def in_play(self) -> bool:
        return self.status not in ("killed", "super") and self.square is not None


@dataclass(frozen=True)
class ZombieUnit:
    """One zombie counter [2.3]. `seen`: its value has been face up at some point, so the players may
    remember it ([2.3]: memory allowed, no notes); `face_up`: revealed right now [5.4], [7.7]."""

    uid: str
    value: int
    square: Optional[str] = None  # None: off the map (pool)
    berserk: bool = False  # [10.0]
    face_up: bool = False
    seen: bool = False
    pool: str = "map"  # map | hidden (Hidden Zombie box [3.1]) | eliminated [13.3] | box (off the map, study positions)

    def __post_init__(self) -> None:
        if self.face_up and not self.seen:  # a value face up now has been seen [5.4], [7.7]
            object.__setattr__(self, "seen", True)


@dataclass(frozen=True)
class GameState:
    """Everything on the table at one moment."""

    board: Board = field(compare=False, repr=False)
    characters: tuple[CharacterState, ...]
    zombies: tuple[ZombieUnit, ...]
    door_states: tuple[tuple[str, str], ...] = ()  # only doors not open; all open at start [3.3]
    super_value: int = 2  # [11.3]
    turn: int = 1

    # ----- construction ---------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        board: Optional[Board] = None,
        characters: Optional[Mapping[str, Union[str, Mapping]]] = None,
        zombies: Iterable[Union[Mapping, ZombieUnit]] = (),
        doors: Optional[Mapping[str, str]] = None,
        rest_of_counters: bool = False,
        counters=None,
        **kw,
    ) -> "GameState":
        """A position for study: `characters={'Peter': '115', 'Fran': {'square': '113', 'rifle': True}}`,
        `zombies=[{'square': '024', 'value': 4}, ...]`, `doors={'G07': 'closed'}`. Checked as built.

        The state holds exactly the units listed, so a face-down unit's unknown value [7.7] ranges over
        those units. `rest_of_counters=True` adds the other counters of the game's 50 [3.1] off the map,
        face down and unseen, so the unknown value ranges over a realistic pool."""
        board = board or load_board()
        chars = []
        for name, spec in (characters or {}).items():
            spec = {"square": spec} if isinstance(spec, (str, int)) or spec is None else dict(spec)
            sq = spec.pop("square", None)
            chars.append(CharacterState(canonical_name(name), board.square_id(sq) if sq is not None else None, **spec))
        units = []
        for i, z in enumerate(zombies):
            if isinstance(z, ZombieUnit):
                units.append(z)
                continue
            z = dict(z)
            sq = z.pop("square", None)
            uid = z.pop("uid", f"Z{i + 1:02d}")
            units.append(ZombieUnit(uid, square=board.square_id(sq) if sq is not None else None, **z))
        if rest_of_counters:
            from dodnb.rules.counters import load_counters

            left = list((counters or load_counters()).zombie_values())
            for u in units:
                if u.value in left:
                    left.remove(u.value)
            units += [ZombieUnit(f"X{i + 1:02d}", v, None, pool="box") for i, v in enumerate(left)]
        ds = tuple(sorted((d, s) for d, s in (doors or {}).items() if s != "open"))
        state = cls(board, tuple(chars), tuple(units), ds, **kw)
        state.check()
        return state

    def check(self) -> None:
        """Raise StateError on an impossible position."""
        names = [c.name for c in self.characters]
        if len(set(names)) != len(names):
            raise StateError("2.3", "a character appears twice")
        for c in self.characters:
            if c.name not in CHARACTERS:
                raise StateError("2.3", f"unknown character {c.name!r}")
            if c.status not in CHAR_STATUSES:
                raise StateError("2.3", f"{c.name} has unknown status {c.status!r} (normal, stunned, infected, super, killed)")
            if c.rifle and c.name not in ("Steve", "Fran"):
                raise StateError("12.1", f"{c.name} may never acquire a hunting rifle")
        uids = [z.uid for z in self.zombies]
        if len(set(uids)) != len(uids):
            raise StateError("2.3", "a zombie unit appears twice")
        on_map = [z for z in self.zombies if z.square is not None]
        squares = [z.square for z in on_map]
        for sq in set(squares):
            if squares.count(sq) > 1:
                raise StateError("7.6", f"two zombie units in square {sq}: a zombie unit may never end its move in a zombie-occupied square")
        for z in self.zombies:
            if isinstance(z.value, bool) or not isinstance(z.value, int) or z.value < 1:
                raise StateError("2.3", f"zombie unit {z.uid} has Zombie Value {z.value!r}; values are whole numbers from 1")
        for d, s in self.door_states:
            if d not in self.board.doors:
                raise StateError("3.3", f"no door {d!r} on this map")
            if s not in DOOR_STATES:
                raise StateError("5.5", f"door {d} state {s!r}: doors are open, closed or destroyed")
            kind = self.board.doors[d].kind
            if s == "destroyed" and kind != "glass":
                raise StateError("10.4", f"door {d} is a {kind} door: only glass doors can be destroyed")

    # ----- queries --------------------------------------------------------------------------
    def character(self, name: str) -> CharacterState:
        name = canonical_name(name)
        for c in self.characters:
            if c.name == name:
                return c
        raise StateError("2.3", f"{name} is not in this game")

    @property
    def doors(self) -> dict[str, str]:
        return dict(self.door_states)

    def characters_in(self, square: str) -> list[CharacterState]:
        sq = self.board.square_id(square)
        return [c for c in self.characters if c.square == sq and c.status not in ("killed", "super")]

    def zombie_in(self, square: str) -> Optional[ZombieUnit]:
        sq = self.board.square_id(square)
        for z in self.zombies:
            if z.square == sq:
                return z
        return None

    def super_zombies_in(self, square: str) -> list[CharacterState]:
        sq = self.board.square_id(square)
        return [c for c in self.characters if c.status == "super" and c.square == sq]

    def occupied(self) -> frozenset[str]:
        """Squares holding a character or a zombie unit: they block sight and shots through them [6.3]."""
        out = {c.square for c in self.characters if c.square and c.status != "killed"}
        out |= {z.square for z in self.zombies if z.square}
        return frozenset(out)  # type: ignore[arg-type]

    def unseen_values(self) -> list[int]:
        """Zombie Values of every unit whose value the players have never seen [2.3], [7.7].

        A face-down unit could be any of these, so the unknown value of a face-down target is a
        uniform draw from this list (one entry per counter, repeats kept)."""
        return sorted(z.value for z in self.zombies if not z.seen)

    # ----- transitions (each returns a new state) -------------------------------------------
    def with_character(self, name: str, **changes) -> "GameState":
        c = self.character(name)
        if "square" in changes and changes["square"] is not None:
            changes["square"] = self.board.square_id(changes["square"])
        new = replace(self, characters=tuple(replace(x, **changes) if x.name == c.name else x for x in self.characters))
        new.check()
        return new

    def with_zombie(self, uid: str, **changes) -> "GameState":
        if not any(z.uid == uid for z in self.zombies):
            raise StateError("2.3", f"no zombie unit {uid!r}")
        if "square" in changes and changes["square"] is not None:
            changes["square"] = self.board.square_id(changes["square"])
        new = replace(self, zombies=tuple(replace(z, **changes) if z.uid == uid else z for z in self.zombies))
        new.check()
        return new

    def with_door(self, door: str, state: str) -> "GameState":
        ds = dict(self.door_states)
        ds[door] = state
        new = replace(self, door_states=tuple(sorted((d, s) for d, s in ds.items() if s != "open")))
        new.check()
        return new


def initial_state(
    board: Optional[Board] = None,
    counters=None,
    seed: Optional[int] = None,
    placement: Optional[Mapping[str, str]] = None,
) -> GameState:
    """Set-up [3.1]-[3.3]: 45 units face down on the zombie symbols, 5 in the Hidden Zombie box,
    the four characters on character symbols (at most two per square), all doors open.

    `placement` maps character names to squares; by default Peter+Roger share the first character
    square and Steve+Fran the second [3.2]. Units are shuffled with `seed` (reproducible)."""
    from dodnb.rules.counters import load_counters

    board = board or load_board()
    counters = counters or load_counters()
    values = list(counters.zombie_values())
    if len(values) != 50:
        raise StateError("3.1", f"the game has 50 zombie units; these counters have {len(values)}")
    rng = random.Random(seed)
    order = list(range(50))
    rng.shuffle(order)
    symbols = board.zombie_symbol_squares
    units = []
    for k, idx in enumerate(order):
        sq = symbols[k] if k < len(symbols) else None
        units.append(ZombieUnit(f"Z{idx + 1:02d}", values[idx], sq, pool="map" if sq else "hidden"))
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
    state = GameState.build(board, characters={n: s for n, s in placement.items()}, zombies=units)
    if {c.name for c in state.characters} != set(CHARACTERS):
        raise StateError("3.2", "all four characters are set up: Peter, Roger, Steve and Fran")
    return state
