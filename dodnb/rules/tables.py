"""The printed charts and tables [2.2], loaded from ``dodnb/data/tables.json`` and validated.

Lookup helpers answer one question each, citing the Case that defines it:

* :meth:`Tables.attack_result` - Zombie Attack Table [8.8]
* :meth:`Tables.entrance` - Zombie Entrance Table [13.5]
* :meth:`Tables.hidden_zombie` - Hidden Zombie Table [15.8]
* :meth:`Tables.shot_modifier` - Shot Modifier Chart [6.7] (applied to a shot: :mod:`dodnb.rules.modifiers`)
* :meth:`Tables.panic_increase` - panic checks [6.5], [10.6], [11.5]
* :meth:`Tables.exit_cost`, :meth:`Tables.carry_cost` - Human Movement Point Cost Chart [5.9]
* :meth:`Tables.becomes_super_zombie` [11.0], :meth:`Tables.goes_berserk` /
  :meth:`Tables.stays_berserk` [10.0], :meth:`Tables.glass_door_breaks` [10.5]

Module-level functions of the same names use the shipped tables.  Besides the standard library this
module imports only :mod:`dodnb.errors` and :mod:`dodnb.rules.vocab` (DESIGN.md import direction:
data <- board <- rules <- prob).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from dodnb.errors import InputError
from dodnb.rules.datafile import load_data_file
from dodnb.rules.vocab import Status, TargetKind

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "tables.json"

#: Attack Table letters -> result words used everywhere in dodnb.
ATTACK_WORDS = {"-": "none", "S": Status.STUNNED.value, "I": Status.INFECTED.value}
#: Results of one attack, in the order of increasing harm ("none", then the statuses [8.3], [8.4]).
ATTACK_RESULTS = ("none", Status.STUNNED.value, Status.INFECTED.value)
DOORS = ("N", "E", "S", "W")
DOOR_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}

#: Highest strength with a column of its own [8.8]: 9-13.
MAX_TABLE_STRENGTH = 13

#: Spellings of a shot's target -> :class:`~dodnb.rules.vocab.TargetKind` value (panic checks [6.5]).
_TARGET_ALIASES = {
    **dict.fromkeys(("zombie", "normal", "unit", "zombie unit"), TargetKind.ZOMBIE.value),
    **dict.fromkeys(("berserk", "berserk zombie"), TargetKind.BERSERK.value),
    **dict.fromkeys(("super", "super zombie", "super_zombie", "superzombie", "super-zombie"), TargetKind.SUPER.value),
}


class TableError(InputError):
    """A table was given a value it has no row/column for, or the data file is malformed.

    An :class:`~dodnb.errors.InputError` that always names the Case of its table:
    ``TableError("8.8", "...")``; ``.case`` is ``"8.8"``, ``.detail`` the sentence, and the message
    starts with ``[8.8]``.
    """

    def __init__(self, case: str, message: str):
        if case is None:
            raise TypeError("a TableError must name its Case")
        super().__init__(message, case)


def _int(value: Any, case: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(case, f"{what} must be a whole number, got {value!r}")
    if lo is not None and value < lo:
        raise TableError(case, f"{what} must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise TableError(case, f"{what} must be at most {hi}, got {value}")
    return value


def normalise_target(kind: str) -> str:
    """'zombie' | 'berserk' | 'super' from the usual spellings (panic checks [6.5])."""
    key = str(kind).strip().lower().replace("_", " ")
    found = _TARGET_ALIASES.get(key, _TARGET_ALIASES.get(key.replace(" ", "_")))
    if found is None:
        raise TableError(
            "6.5",
            f"unknown target kind {kind!r}: use 'zombie' (a normal zombie unit), 'berserk' [10.0] "
            "or 'super' (a super zombie, alone or stacked with a unit [11.5])",
        )
    return found


@dataclass(frozen=True)
class Tables:
    """All charts and tables of [2.2], validated.  Build with :func:`load_tables`."""

    raw: dict = field(repr=False)
    attack_columns: tuple[tuple[int, int], ...]
    attack_rows: dict[int, tuple[str, ...]] = field(repr=False)  # dice total -> result words per column
    entrance_rows: dict[int, tuple[str, ...]] = field(repr=False)  # dice total -> doors in printed order
    hidden_columns: tuple[tuple[int, int], ...] = field(repr=False)
    hidden_rows: dict[int, tuple[int | None, ...]] = field(repr=False)
    panic_rows: dict[tuple[str, bool], tuple[int | None, str]] = field(repr=False)
    shot: dict = field(repr=False)
    movement: dict = field(repr=False)
    super_zombie_totals: frozenset[int] = frozenset({2, 12})
    berserk_goes_at_most: int = 4
    berserk_stays_at_most: int = 4
    glass_dice: int = 2  # [10.5] dice rolled against a glass door
    glass_breaks_on_equal: bool = False  # [10.5] "total < zombie_value" (False) or "total <= zombie_value"

    # ------------------------------------------------------------------ Zombie Attack Table [8.8]

    def attack_column(self, strength: int) -> int | None:
        """Column index for an attack strength [8.8]; None for strength 0 (see ruling below).

        Ruling (docs/RULINGS.md, [8.0] step 4 / [8.8]): strength 0 (Zombie Value smaller
        than the number of characters attacked) has no column and has no effect; strengths
        above 13 (only possible with non-shipped counters) use the strongest column, 9-13.
        """
        strength = _int(strength, "8.8", "attack strength", lo=0)
        if strength == 0:
            return None
        for i, (lo, hi) in enumerate(self.attack_columns):
            if lo <= strength <= hi:
                return i
        return len(self.attack_columns) - 1  # above 13: strongest column (ruling)

    def column_label(self, strength: int) -> str:
        i = self.attack_column(strength)
        if i is None:
            return "strength 0 (no column: no effect)"
        lo, hi = self.attack_columns[i]
        return str(lo) if lo == hi else f"{lo}-{hi}"

    def attack_result(self, dice_total: int, strength: int) -> str:
        """'none' | 'stunned' | 'infected' for a 2d6 total against one character [8.8]."""
        dice_total = _int(dice_total, "8.8", "Zombie Attack Table dice total (2d6)", lo=2, hi=12)
        col = self.attack_column(strength)
        if col is None:
            return "none"
        return self.attack_rows[dice_total][col]

    # ------------------------------------------------------------------ Zombie Entrance Table [13.5]

    def entrance(self, dice_total: int) -> frozenset[str]:
        """Main doors ('N', 'E', 'S', 'W') through which a zombie unit enters [13.5]."""
        return frozenset(self.entrance_order(dice_total))

    def entrance_order(self, dice_total: int) -> tuple[str, ...]:
        """Same as :meth:`entrance` but in the order the table prints the doors."""
        dice_total = _int(dice_total, "13.5", "Zombie Entrance Table dice total (2d6)", lo=2, hi=12)
        return self.entrance_rows[dice_total]

    # ------------------------------------------------------------------ Hidden Zombie Table [15.8]

    def hidden_zombie(self, first_die: int, second_die: int) -> int | None:
        """Last digit of the square where a hidden zombie appears, or None [15.8], [15.2]."""
        first_die = _int(first_die, "15.8", "first die (column)", lo=1, hi=6)
        second_die = _int(second_die, "15.8", "second die (row)", lo=1, hi=6)
        for i, (lo, hi) in enumerate(self.hidden_columns):
            if lo <= first_die <= hi:
                return self.hidden_rows[second_die][i]
        raise TableError("15.8", f"no column for first die {first_die}")  # unreachable after validation

    # ------------------------------------------------------------------ Shot Modifier Chart [6.7]

    def shot_modifier(self, squares_away: int = 0, open_doors: int = 0, closed_glass_doors: int = 0) -> int:
        """Total reduction of one gun's shot roll [6.7] (cumulative)."""
        squares_away = _int(squares_away, "6.7", "squares away", lo=0)
        open_doors = _int(open_doors, "6.7", "number of open doors shot through", lo=0, hi=1)
        closed_glass_doors = _int(closed_glass_doors, "6.7", "number of closed glass doors shot through", lo=0, hi=1)
        if open_doors + closed_glass_doors > 1:
            raise TableError("6.4", "sight may not be traced through two doors, so no shot passes two doors")
        return (
            squares_away * self.shot["per_square_away"]
            + open_doors * self.shot["open_door"]
            + closed_glass_doors * self.shot["closed_glass_door"]
        )

    def same_square_modifier(self) -> int:
        """The Chart's reduction for a zombie unit in the shooter's own square [6.7] (panic check [6.5])."""
        return self.shot["same_square"]

    # ------------------------------------------------------------------ panic [6.5] [10.6] [11.5]

    def panic_increase(self, target_kind: str, same_square: bool) -> int | None:
        """Increase of the Panic Level for this shot, or None when no panic check is made [6.5].

        target_kind: 'zombie' (normal unit), 'berserk' [10.6] or 'super' [11.5] (a super zombie
        stacked with a unit counts as 'super': only one check is made [11.5]).
        """
        kind = normalise_target(target_kind)
        if not isinstance(same_square, bool):
            raise TableError("6.5", f"same_square must be True or False, got {same_square!r}")
        return self.panic_rows[(kind, same_square)][0]

    def panic_case(self, target_kind: str, same_square: bool) -> str:
        return self.panic_rows[(normalise_target(target_kind), bool(same_square))][1]

    # ------------------------------------------------------------------ movement costs [5.9] (summarised by the chart [5.8])

    def exit_cost(self, zombie_value: int) -> int:
        """Movement Points to leave a zombie-occupied square into the next one: value + 1 [5.4], [5.9]."""
        zombie_value = _int(zombie_value, "5.4", "Zombie Value", lo=1)
        return zombie_value + self.enter_cost()

    def enter_cost(self) -> int:
        return self.movement["enter_square"]

    def door_cost(self) -> int:
        """Open or close a door other than a main door [5.5]."""
        return self.movement["open_or_close_door"]

    def carry_cost(self, carrier: str) -> int:
        """Extra Movement Points per square entered while carrying [5.6], [5.9]."""
        from dodnb.rules.counters import canonical_name  # local: counters imports tables

        return self.movement["carry"][canonical_name(carrier)]

    # ------------------------------------------------------------------ single-roll rules

    def becomes_super_zombie(self, dice_total: int) -> bool:
        """2d6 for an infected character in the Generation Phase: 2 or 12 -> super zombie [11.0]."""
        dice_total = _int(dice_total, "11.0", "super zombie check dice total (2d6)", lo=2, hi=12)
        return dice_total in self.super_zombie_totals

    def goes_berserk(self, die: int) -> bool:
        """1d6: 4 or less and the unit goes berserk [10.0]."""
        die = _int(die, "10.0", "berserk die", lo=1, hi=6)
        return die <= self.berserk_goes_at_most

    def stays_berserk(self, die: int) -> bool:
        """1d6: 5 or 6 ends berserk status, 4 or less keeps it [10.0]."""
        die = _int(die, "10.0", "berserk die", lo=1, hi=6)
        return die <= self.berserk_stays_at_most

    def glass_door_breaks(self, dice_total: int, zombie_value: int) -> bool:
        """The table's dice (2d6) less than the Zombie Value destroy the glass door [10.5]."""
        n = self.glass_dice
        dice_total = _int(dice_total, "10.5", f"glass door dice total ({n}d6)", lo=n, hi=6 * n)
        zombie_value = _int(zombie_value, "10.5", "Zombie Value", lo=1)
        return dice_total <= zombie_value if self.glass_breaks_on_equal else dice_total < zombie_value


# ---------------------------------------------------------------------- loading and validation


#: [10.5] the glass door's rule as tables.json writes it -> whether a total equal to the value breaks it
_GLASS_RULES = {"total < zombie_value": False, "total <= zombie_value": True}


def _validate(raw: dict) -> Tables:
    if raw.get("format") != "dodnb-tables":
        raise TableError("2.2", "not a dodnb tables file (missing \"format\": \"dodnb-tables\")")

    # [8.8]
    za = raw["zombie_attack"]
    cols: tuple[tuple[int, int], ...] = tuple(
        (lo, hi) for lo, hi in (tuple(_int(x, "8.8", "column bound", lo=1) for x in c) for c in za["columns"])
    )
    expect = 1
    for lo, hi in cols:
        if lo != expect or hi < lo:
            raise TableError("8.8", f"attack table columns must cover strengths 1, 2, ... without gaps; got {cols}")
        expect = hi + 1
    if expect - 1 != MAX_TABLE_STRENGTH:
        raise TableError("8.8", f"attack table columns must end at {MAX_TABLE_STRENGTH}, got {expect - 1}")
    rows = {}
    if sorted(int(k) for k in za["rows"]) != list(range(2, 13)):
        raise TableError("8.8", "attack table needs exactly the dice rows 2..12")
    for k, cells in za["rows"].items():
        if len(cells) != len(cols):
            raise TableError("8.8", f"attack table row {k} has {len(cells)} cells, expected {len(cols)}")
        bad = [c for c in cells if c not in ATTACK_WORDS]
        if bad:
            raise TableError("8.8", f"attack table row {k} has unknown cell(s) {bad}; use '-', 'S' or 'I'")
        rows[int(k)] = tuple(ATTACK_WORDS[c] for c in cells)

    # [13.5]
    ze = raw["zombie_entrance"]
    if sorted(int(k) for k in ze["rows"]) != list(range(2, 13)):
        raise TableError("13.5", "entrance table needs exactly the dice rows 2..12")
    ent = {}
    for k, doors in ze["rows"].items():
        if any(d not in DOORS for d in doors) or len(set(doors)) != len(doors) or len(doors) > 2:
            raise TableError("13.5", f"entrance row {k}: {doors} (doors are N, E, S, W; at most two [13.1])")
        ent[int(k)] = tuple(doors)

    # [15.8]
    hz = raw["hidden_zombie"]
    hcols = tuple(tuple(c) for c in hz["first_die_columns"])
    covered = sorted(v for lo, hi in hcols for v in range(lo, hi + 1))
    if covered != list(range(1, 7)):
        raise TableError("15.8", f"hidden zombie columns must cover the first die 1..6 once, got {hcols}")
    if sorted(int(k) for k in hz["rows"]) != list(range(1, 7)):
        raise TableError("15.8", "hidden zombie table needs second-die rows 1..6")
    hrows = {}
    for k, cells in hz["rows"].items():
        if len(cells) != len(hcols) or any(c is not None and c not in range(10) for c in cells):
            raise TableError("15.8", f"hidden zombie row {k}: {cells} (digits 0-9 or null)")
        hrows[int(k)] = tuple(cells)

    # [6.5]
    panic = {}
    for row in raw["panic"]["checks"]:
        kind = normalise_target(row["target"])
        key = (kind, bool(row["same_square"]))
        if key in panic:
            raise TableError("6.5", f"duplicate panic row for {key}")
        inc = row["increase"] if row["check"] else None
        if row["check"] and (not isinstance(inc, int) or inc < 0):
            raise TableError("6.5", f"panic row {key}: a check needs an increase >= 0")
        panic[key] = (inc, row["case"])
    missing = {(k.value, s) for k in TargetKind for s in (True, False)} - set(panic)
    if missing:
        raise TableError("6.5", f"panic rows missing for {sorted(missing)}")

    # [6.7]
    shot = raw["shot_modifiers"]
    for name in ("same_square", "per_square_away", "open_door", "closed_glass_door"):
        _int(shot[name], "6.7", f"shot modifier {name}", lo=0)

    # [5.9]
    mv = raw["movement_costs"]
    movement = {a["action"]: a["cost"] for a in mv["actions"]}
    for need in ("enter_square", "exit_zombie_square", "open_or_close_door", "close_main_door", "acquire_hunting_rifle"):
        if need not in movement:
            raise TableError("5.9", f"movement cost chart lacks the action {need!r}")
    movement["carry"] = {k: _int(v, "5.9", f"carry cost of {k}", lo=0) for k, v in mv["carry"].items()}

    sz = raw["super_zombie"]
    gd = raw["glass_door"]
    if gd.get("breaks_if") not in _GLASS_RULES:  # [10.5] the comparisons the loader understands
        raise TableError("10.5", f"glass door rule must be one of {sorted(_GLASS_RULES)}, got {gd.get('breaks_if')!r}")
    bz = raw["berserk"]
    return Tables(
        raw=raw,
        attack_columns=cols,
        attack_rows=rows,
        entrance_rows=ent,
        hidden_columns=hcols,
        hidden_rows=hrows,
        panic_rows=panic,
        shot=shot,
        movement=movement,
        super_zombie_totals=frozenset(_int(x, "11.0", "super zombie total", lo=2, hi=12) for x in sz["becomes_super_zombie_on"]),
        berserk_goes_at_most=_int(bz["goes_berserk_at_most"], "10.0", "berserk threshold", lo=0, hi=6),
        berserk_stays_at_most=_int(bz["stays_berserk_at_most"], "10.0", "berserk threshold", lo=0, hi=6),
        glass_dice=_int(gd["dice"], "10.5", "glass door dice", lo=1, hi=3),
        glass_breaks_on_equal=_GLASS_RULES[gd["breaks_if"]],
    )


def load_tables(path: str | Path | None = None) -> Tables:
    """Load and validate a tables file (default: the shipped ``dodnb/data/tables.json``)."""
    if path is None:
        return _default_tables()
    return load_data_file(path, "tables", _validate, lambda msg: TableError("2.2", msg))


@lru_cache(maxsize=1)
def _default_tables() -> Tables:
    return _validate(json.loads(DATA_PATH.read_text(encoding="utf-8")))


def default_tables() -> Tables:
    """The shipped tables (loaded once)."""
    return _default_tables()


# ---------------------------------------------------------------------- module-level shortcuts


def attack_result(dice_total: int, strength: int) -> str:
    """Zombie Attack Table [8.8]: 'none' | 'stunned' | 'infected'."""
    return _default_tables().attack_result(dice_total, strength)


def entrance(dice_total: int) -> frozenset[str]:
    """Zombie Entrance Table [13.5]: frozenset of 'N', 'E', 'S', 'W'."""
    return _default_tables().entrance(dice_total)


def hidden_zombie(first_die: int, second_die: int) -> int | None:
    """Hidden Zombie Table [15.8]: a last digit 0-9, or None."""
    return _default_tables().hidden_zombie(first_die, second_die)


def shot_modifier(squares_away: int = 0, open_doors: int = 0, closed_glass_doors: int = 0) -> int:
    """Shot Modifier Chart [6.7]."""
    return _default_tables().shot_modifier(squares_away, open_doors, closed_glass_doors)


def panic_increase(target_kind: str, same_square: bool) -> int | None:
    """Panic Level increase, or None when no check is made [6.5], [10.6], [11.5]."""
    return _default_tables().panic_increase(target_kind, same_square)


def exit_cost(zombie_value: int) -> int:
    """Movement Points to leave a zombie square into the next one [5.4]."""
    return _default_tables().exit_cost(zombie_value)


def carry_cost(carrier: str) -> int:
    """Extra Movement Points per square when carrying [5.6], [5.9]."""
    return _default_tables().carry_cost(carrier)


def becomes_super_zombie(dice_total: int) -> bool:
    """[11.0]"""
    return _default_tables().becomes_super_zombie(dice_total)


def goes_berserk(die: int) -> bool:
    """[10.0]"""
    return _default_tables().goes_berserk(die)


def stays_berserk(die: int) -> bool:
    """[10.0]"""
    return _default_tables().stays_berserk(die)


def glass_door_breaks(dice_total: int, zombie_value: int) -> bool:
    """[10.5]"""
    return _default_tables().glass_door_breaks(dice_total, zombie_value)
