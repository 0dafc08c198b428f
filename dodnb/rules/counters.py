"""Counter values [2.3]: characters' Fire Rate, Panic Level, Movement Allowance; Zombie Values.

The printed numbers are not in the sources.  ``dodnb/data/counters.json`` ships a reconstruction
whose reasoning is in docs/COUNTERS.md.  A learner who owns the game can load the printed values
(:func:`load_counters` on their own JSON file, or :meth:`Counters.with_character` /
:meth:`Counters.with_zombie_values`) and pass them to any ``dodnb.prob`` function.

Dice per character come from the rules, not from the counters: Peter and Roger roll two dice
for a shot, Steve and Fran one, two with a hunting rifle [6.6], [12.0].  Panic dice follow the
shot dice (ruling in docs/RULINGS.md, [6.5]).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from dodnb.errors import InputError, Readable, Words
from dodnb.rules.datafile import load_data_file
from dodnb.rules.vocab import CHARACTER_STATUSES, Status

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "counters.json"

CHARACTERS = ("Peter", "Roger", "Steve", "Fran")
_ALIASES = {"peter": "Peter", "roger": "Roger", "steve": "Steve", "steven": "Steve", "fran": "Fran"}
#: Character statuses, one counter side each [2.3] (:data:`dodnb.rules.vocab.CHARACTER_STATUSES`
#: as plain strings); "killed" characters leave play [8.5].
STATUSES = tuple(s.value for s in CHARACTER_STATUSES)


class CounterError(InputError, Readable):
    """Bad counter data or an unknown character/status [2.3].

    An :class:`~dodnb.errors.InputError` (a malformed counters file or an unknown name) that always
    names its Case: ``CounterError("2.3", "...")``; ``.case`` is ``"2.3"``, ``.detail`` the sentence,
    ``str(err)`` ``"[2.3] ..."``. The message may be a keyed refusal (:class:`dodnb.errors.Words`,
    kept as ``.message``): :meth:`text` writes it in any language and ``str(err)`` in the package's
    (:func:`dodnb.set_language`); ``.detail`` is the English.
    """

    def __init__(self, case: str, message: str | Words):
        if case is None:
            raise TypeError("a CounterError must name its Case")
        super().__init__(str(message), case)
        self.message = message

    def text(self, lang: str | None = None) -> str:
        return self.message.text(lang) if isinstance(self.message, Readable) else str(self.message)

    def __str__(self) -> str:
        return f"[{self.case}] {self.text()}"


def canonical_name(name: str) -> str:
    """'peter' -> 'Peter', 'Steven' -> 'Steve' [1.0]; unknown names raise CounterError [2.3]."""
    key = str(name).strip().lower()
    if key not in _ALIASES:
        raise CounterError(
            "2.3", f"unknown character {name!r}: the characters are Peter, Roger, Steve and Fran"
        )
    return _ALIASES[key]


def _whole(value: Any, case: str, what: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CounterError(case, f"{what} must be a whole number, got {value!r}")
    if value < lo:
        raise CounterError(case, f"{what} must be at least {lo}, got {value}")
    return value


@dataclass(frozen=True)
class Side:
    """The three numbers printed on one side of a character counter [2.3]."""

    fire_rate: int  # shots per Human Player-Turn [6.1]
    panic_level: int  # panic if the panic roll is <= this (plus increases) [6.5]
    movement: int  # Movement Allowance [5.0]


@dataclass(frozen=True)
class Character:
    """One character: printed sides plus the dice the rules give them [6.6], [12.0]."""

    name: str
    normal: Side
    infected: Side
    shot_dice: int  # [6.6]
    panic_dice: int  # ruling [6.5]: same as the shot dice
    rifle_allowed: bool  # [12.1]: only Steve and Fran
    rifle_shot_dice: int = 2  # [12.0]
    rifle_panic_dice: int = 2  # ruling [6.5]

    def side(self, status: str = Status.NORMAL.value) -> Side:
        """Printed numbers for 'normal' or 'infected' [8.4].  Stunned characters neither move nor shoot [8.3]."""
        status = check_status(status)
        if status == Status.STUNNED:
            raise CounterError(
                "8.3",
                f"{self.name} is stunned: a stunned character may not spend Movement Points or shoot, "
                "so the stunned side has no Fire Rate, Panic Level or Movement Allowance to use",
            )
        return self.normal if status == Status.NORMAL else self.infected

    def _check_rifle(self, rifle: bool) -> None:
        if rifle and not self.rifle_allowed:
            raise CounterError("12.1", Words("rifle.never", who=self.name))

    def dice_for_shot(self, rifle: bool = False) -> int:
        """Dice rolled for one shot: Peter/Roger 2, Steve/Fran 1, 2 with a hunting rifle [6.6], [12.0]."""
        self._check_rifle(rifle)
        return self.rifle_shot_dice if rifle else self.shot_dice

    def dice_for_panic(self, rifle: bool = False) -> int:
        """Dice rolled for a panic check (ruling [6.5]: the same as for a shot)."""
        self._check_rifle(rifle)
        return self.rifle_panic_dice if rifle else self.panic_dice

    def fire_rate(self, status: str = Status.NORMAL.value) -> int:
        return self.side(status).fire_rate

    def panic_level(self, status: str = Status.NORMAL.value) -> int:
        return self.side(status).panic_level

    def movement(self, status: str = Status.NORMAL.value) -> int:
        return self.side(status).movement


@dataclass(frozen=True)
class ZombieCounter:
    """A printed zombie counter: an id of our own and its hidden Zombie Value [2.3].

    Not a unit in play (that is :class:`dodnb.rules.state.ZombieUnit`, with a square and a pool).
    """

    id: str
    value: int


def _or_list(words: Iterable[str]) -> str:
    """('a', 'b', 'c') -> "'a', 'b' or 'c'"."""
    quoted = [repr(w) for w in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def check_status(status: str) -> str:
    """'Normal ' -> 'normal': one of :data:`STATUSES` (plain strings), or CounterError [2.3], [8.5], [11.0]."""
    s = str(status).strip().lower()
    if s not in STATUSES:
        if s in (Status.KILLED, "dead"):
            raise CounterError("8.5", "a killed character has been removed from play; it has no counter side")
        if s in (Status.SUPER, "super zombie", "super_zombie"):
            raise CounterError("11.0", "a super zombie is a zombie now; use the super zombie value [11.3]")
        raise CounterError("2.3", f"unknown character status {status!r}: use {_or_list(STATUSES)}")
    return s


@dataclass(frozen=True)
class Counters:
    """All counter values: four characters, 50 zombie units, the super zombie [2.3], [11.2], [11.3]."""

    characters: Mapping[str, Character]
    units: tuple[ZombieCounter, ...]
    super_zombie_value: int = 2  # [11.3]
    super_zombie_moves: int = 3  # [11.2]
    reconstruction: bool = True
    raw: dict = field(default_factory=dict, repr=False, compare=False)

    def character(self, name: str) -> Character:
        return self.characters[canonical_name(name)]

    def __getitem__(self, name: str) -> Character:
        return self.character(name)

    def zombie_values(self) -> list[int]:
        """The 50 Zombie Values (one per unit), sorted."""
        return sorted(u.value for u in self.units)

    def value_counts(self) -> Counter:
        """How many units carry each Zombie Value."""
        return Counter(u.value for u in self.units)

    def unit(self, unit_id: str) -> ZombieCounter:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise CounterError("2.3", f"no zombie unit with id {unit_id!r}")

    def with_character(
        self,
        name: str,
        *,
        normal: tuple[int, int, int] | Side | None = None,
        infected: tuple[int, int, int] | Side | None = None,
        **dice: int,
    ) -> "Counters":
        """Copy with one character's printed values replaced: sides as (fire rate, panic level, movement)."""
        ch = self.character(name)
        kw: dict[str, Any] = {}
        if normal is not None:
            kw["normal"] = normal if isinstance(normal, Side) else _side(dict(zip(("fire_rate", "panic_level", "movement"), normal)), ch.name, "normal")
        if infected is not None:
            kw["infected"] = infected if isinstance(infected, Side) else _side(dict(zip(("fire_rate", "panic_level", "movement"), infected)), ch.name, "infected")
        for k, v in dice.items():
            if k not in ("shot_dice", "panic_dice", "rifle_shot_dice", "rifle_panic_dice"):
                raise CounterError("2.3", f"with_character(): unknown field {k!r}")
            kw[k] = _whole(v, "6.6", k, lo=1)
        chars = dict(self.characters)
        chars[ch.name] = replace(ch, **kw)
        return replace(self, characters=chars)

    def with_zombie_values(self, values: Iterable[int]) -> "Counters":
        """Copy with the Zombie Values replaced (e.g. the 50 printed ones)."""
        vals = [_whole(v, "2.3", "Zombie Value", lo=1) for v in values]
        if not vals:
            raise CounterError("2.3", "at least one zombie unit is needed")
        units = tuple(ZombieCounter(f"Z{i:02d}", v) for i, v in enumerate(vals, start=1))
        return replace(self, units=units)


def _side(d: Mapping[str, Any], who: str, which: str) -> Side:
    try:
        return Side(
            fire_rate=_whole(d["fire_rate"], "6.1", f"{who} ({which}) Fire Rate"),
            panic_level=_whole(d["panic_level"], "6.5", f"{who} ({which}) Panic Level"),
            movement=_whole(d["movement"], "5.0", f"{who} ({which}) Movement Allowance"),
        )
    except KeyError as exc:
        raise CounterError("2.3", f"{who} ({which} side) lacks {exc}") from exc


def _validate(raw: dict) -> Counters:
    if raw.get("format") != "dodnb-counters":
        raise CounterError("2.3", "not a dodnb counters file (missing \"format\": \"dodnb-counters\")")
    rifle = raw.get("hunting_rifle", {})
    chars = {}
    for name, d in raw["characters"].items():
        cname = canonical_name(name)
        chars[cname] = Character(
            name=cname,
            normal=_side(d["normal"], cname, "normal"),
            infected=_side(d["infected"], cname, "infected"),
            shot_dice=_whole(d["shot_dice"], "6.6", f"{cname} shot dice", lo=1),
            panic_dice=_whole(d["panic_dice"], "6.5", f"{cname} panic dice", lo=1),
            rifle_allowed=bool(d.get("rifle_allowed", False)),
            rifle_shot_dice=_whole(rifle.get("shot_dice", 2), "12.0", "hunting rifle shot dice", lo=1),
            rifle_panic_dice=_whole(rifle.get("panic_dice", 2), "12.0", "hunting rifle panic dice", lo=1),
        )
    missing = set(CHARACTERS) - set(chars)
    if missing:
        raise CounterError("2.3", f"counters file lacks character(s) {sorted(missing)}")
    units = []
    seen = set()
    for u in raw["zombie_units"]:
        uid = str(u["id"])
        if uid in seen:
            raise CounterError("2.3", f"zombie unit id {uid!r} appears twice")
        seen.add(uid)
        units.append(ZombieCounter(uid, _whole(u["value"], "2.3", f"Zombie Value of {uid}", lo=1)))
    if not units:
        raise CounterError("2.3", "counters file has no zombie units")
    sz = raw.get("super_zombie", {})
    return Counters(
        characters=chars,
        units=tuple(units),
        super_zombie_value=_whole(sz.get("value", 2), "11.3", "super zombie value", lo=1),
        super_zombie_moves=_whole(sz.get("moves", 3), "11.2", "super zombie moves", lo=1),
        reconstruction=bool(raw.get("reconstruction", False)),
        raw=raw,
    )


def load_counters(path: str | Path | None = None) -> Counters:
    """Load and validate a counters file (default: the shipped reconstruction)."""
    if path is None:
        return _default_counters()
    return load_data_file(path, "counters", _validate, lambda msg: CounterError("2.3", msg))


@lru_cache(maxsize=1)
def _default_counters() -> Counters:
    return _validate(json.loads(DATA_PATH.read_text(encoding="utf-8")))


def default_counters() -> Counters:
    """The shipped counters (loaded once)."""
    return _default_counters()
