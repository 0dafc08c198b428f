"""The Shot Modifier Chart applied to a shot [6.7], [6.8]: the board's geometry
(:func:`dodnb.board.sight.shot_geometry`: squares away, the doors passed with their kinds and states)
read through the game's tables (:meth:`dodnb.rules.tables.Tables.shot_modifier`, ``data/tables.json``
``shot_modifiers``). The one place where a shot's modifier is worked out: the engine (with its
context's tables), :mod:`dodnb.prob`, the solitaire automaton, the overlays and the explorer call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional

from dodnb.board.model import Board
from dodnb.i18n import Words as MessageWords, check_language, text, tr  # MessageWords: a sentence of the catalogues' messages (dodnb.errors.Words are refusals)
from dodnb.board.sight import NotInSight, ShotGeometry, Sight, SightError, SquareRef, shot_geometry
from dodnb.rules.tables import Tables, default_tables

__all__ = ["ModifierLine", "ShotModifiers", "NotInSight", "shot_modifiers", "modifiers_of"]


@dataclass(frozen=True)
class ModifierLine:
    """One line of the Shot Modifier Chart applied to a shot [6.7]: label, value (<= 0), Case.
    The label and note are :class:`dodnb.i18n.Words` (English as a str; ``text(lang)`` in any
    language) when the chart writes them."""

    label: str
    value: int
    case: str
    note: str = ""

    def text(self, lang: Optional[str] = None) -> str:
        """The line in `lang` (default: the package's language): "2 squares away: -2 [6.7]"."""
        sign = f"{self.value:+d}" if self.value else "0"
        line = tr("mod.line", lang, label=text(self.label, lang), value=sign, case=self.case)
        return tr("mod.line_note", lang, line=line, note=text(self.note, lang)) if self.note else line

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class ShotModifiers:
    """The itemised shot modifier for one gun [6.7]; apply it to each gun separately [6.8].

    lines          ModifierLine items (label, value, case, note);
    total          their sum (0 or negative), added to the dice total of one gun;
    reduction      -total, the positive number subtracted (what dodnb.prob.shot calls `modifier`);
    distance       squares away [6.7];
    destroys_doors ids of closed glass doors the shot goes through: destroyed by the shot [6.7] note b,
                   [10.5]; `destroys_door` is the first of them or None;
    panic_check    True for a target in the shooter's own square (Chart note a, [6.5]);
    sight          the Sight the modifiers were read from.
    """

    shooter: str
    target: str
    distance: int
    lines: tuple[ModifierLine, ...]
    total: int
    destroys_doors: tuple[str, ...]
    panic_check: bool
    sight: Sight

    @property
    def reduction(self) -> int:
        return -self.total

    @property
    def destroys_door(self) -> Optional[str]:
        return self.destroys_doors[0] if self.destroys_doors else None

    def for_guns(self, guns: int) -> int:
        """Total modifier for `guns` characters shooting together: applied to each gun [6.8]."""
        if isinstance(guns, bool) or not isinstance(guns, int) or guns < 1:
            raise SightError(f"the number of guns shooting together must be a whole number >= 1, got {guns!r} [6.8]")
        return self.total * guns

    def explain(self, lang: Optional[str] = None) -> str:
        """The itemised modifier on one line, in `lang` (default: the package's language)."""
        lang = check_language(lang)
        body = tr("mod.separator", lang).join(line.text(lang) for line in self.lines)
        return tr("mod.explain", lang, a=self.shooter, b=self.target, body=body, total=f"{self.total:+d}")

    def __str__(self) -> str:
        return self.explain()


def modifiers_of(geo: ShotGeometry, tables: Tables | None = None) -> ShotModifiers:
    """The Shot Modifier Chart [6.7] applied to what a shot passes, with these tables (default: the
    shipped ones): per square away, through an open (or destroyed glass) door, through a closed glass
    door (which the shot destroys [10.5]); the same square has its own line (panic check [6.5])."""
    t = tables or default_tables()
    a, b = geo.shooter, geo.target
    if geo.same_square:
        line = ModifierLine(MessageWords("mod.same_square"), -t.same_square_modifier(), "[6.7]", MessageWords("mod.same_square_note"))
        return ShotModifiers(a, b, 0, (line,), line.value, (), True, geo.sight)
    d = geo.distance
    lines = [ModifierLine(MessageWords("mod.away", n=d), -t.shot_modifier(squares_away=d), "[6.7]")]
    for p in geo.passages:  # at most one passage when visible [6.4]
        names = "+".join(p.doors)
        if p.closed_glass:
            lines.append(
                ModifierLine(
                    MessageWords("mod.closed_glass", doors=names),
                    -t.shot_modifier(closed_glass_doors=1),
                    "[6.7]",
                    MessageWords("mod.closed_glass_note", doors="+".join(p.closed_glass)),
                )
            )
        else:
            label = MessageWords("mod.broken_door" if p.all_destroyed else "mod.open_door", doors=names)
            lines.append(ModifierLine(label, -t.shot_modifier(open_doors=1), "[6.7]", "[10.5]" if p.all_destroyed else ""))
    total = sum(line.value for line in lines)
    return ShotModifiers(a, b, d, tuple(lines), total, geo.destroys_doors, False, geo.sight)


def shot_modifiers(
    board: Board,
    shooter_square: SquareRef,
    target_square: SquareRef,
    door_states: Optional[Mapping[str, str]] = None,
    occupied: Iterable[SquareRef] = (),
    tables: Tables | None = None,
) -> ShotModifiers:
    """Shot Modifier Chart [6.7] for one gun, read from `tables` (default: the shipped chart: -1 per
    square away, -2 through an open door, -3 through a closed glass door, which the shot destroys
    [10.5]; 0 in the same square, panic check [6.5]).

    Raises NotInSight (a ValueError) when the target is not within sight [6.0 step 1], [6.4].
    """
    geo = shot_geometry(board, shooter_square, target_square, door_states=door_states, occupied=occupied)
    return modifiers_of(geo, tables)
