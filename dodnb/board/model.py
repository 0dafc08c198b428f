"""The mall as a board: squares, sides, walls and doors [2.1], loaded from data and validated.

Model (docs/MAP.md):
- a square is an axis-aligned rectangle on an integer grid with a three-digit id [2.1];
- a wall is an axis-aligned segment lying on square sides; the outer boundary of the mall is a wall
  everywhere it is not a main door;
- a door is a segment with a kind (glass, solid, main) lying on the side shared by two squares
  (main doors: on the outer side of one square); its state (open, closed, destroyed) belongs to
  the game, and every door is open at the start [3.3];
- everything else on a boundary between two squares is open floor.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Union

from dodnb.board.geometry import (
    Rect,
    Segment,
    covered,
    merge_intervals,
    overlap_length,
    subtract_intervals,
)
from dodnb.display import show
from dodnb import i18n
from dodnb.errors import InputError, Readable

SQUARE_KINDS = ("hall", "store", "service")


class DoorKind(str, Enum):
    """Glass, solid or main door [2.1], [5.5], [6.4], [10.4] (re-exported by dodnb.rules.vocab)."""

    GLASS = "glass"
    SOLID = "solid"
    MAIN = "main"

    __hash__ = str.__hash__  # equal to its plain string, so hashed like it

    def __str__(self) -> str:
        return self.value


class DoorState(str, Enum):
    """Open (all at the start [3.3]), closed [5.5] or destroyed (glass only, always open [10.5])."""

    OPEN = "open"
    CLOSED = "closed"
    DESTROYED = "destroyed"

    __hash__ = str.__hash__  # equal to its plain string, so hashed like it

    def __str__(self) -> str:
        return self.value


DOOR_KINDS = tuple(k.value for k in DoorKind)
DOOR_STATES = tuple(s.value for s in DoorState)
COMPASS = ("N", "E", "S", "W")
MAP_FORMAT = "dodnb-map"
MAP_VERSION = 1
SHIPPED_MAP = "mall.json"


class MapError(InputError):
    """A map file that cannot be used; the message names the square, segment or field at fault.

    Malformed input, not a rules matter: ``.case`` is None and any Case cited stays in the text."""


class UnknownSquare(InputError, KeyError, Readable):
    """A square id that is not on the map [2.1].

    An :class:`~dodnb.errors.InputError` (``.case`` None, the message cites [2.1] itself) that is
    also a ``KeyError``, so lookups that catch ``KeyError`` keep working. The message is a
    :class:`dodnb.i18n.Words` when the board raises it (``.message`` is the English sentence):
    :meth:`text` writes it in any language and ``str(err)``, what a learner sees when a notebook
    prints the error, in the package's language (:func:`dodnb.set_language`), as a refusal's."""

    def __init__(self, message: str):
        InputError.__init__(self, message)
        self.message = message

    def text(self, lang: Optional[str] = None) -> str:
        return i18n.text(self.message, lang)

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return self.text()


@dataclass(frozen=True)
class Square:
    """One map square [2.1]. All squares are equal for play whatever their drawn size."""

    id: str
    rect: Rect
    kind: str
    store: Optional[str] = None
    zombie_symbol: bool = False
    character_symbol: bool = False

    @property
    def centre(self) -> tuple[Fraction, Fraction]:
        return self.rect.centre

    @property
    def is_hall(self) -> bool:
        return self.kind == "hall"

    @property
    def is_store(self) -> bool:
        return self.kind == "store"

    def describe(self, lang: Optional[str] = None) -> str:
        """'Square 177 (Edwin's Sports Centre)', « Case 001 (couloir de service) », in `lang`
        (default: the package's language)."""
        return i18n.tr("square.describe", lang, square=self.id, where=self.where(lang))

    def kind_words(self, lang: Optional[str] = None) -> str:
        """The square's kind for a reader, in `lang`: 'store' in English (the value of ``kind``),
        « magasin » in French."""
        return i18n.term("square_kind", self.kind, lang)

    def where(self, lang: Optional[str] = None) -> str:
        """The store's name, or the kind of square, in `lang`: 'mall hall', « couloir de service »."""
        if self.store:
            return i18n.term("store", self.store, lang)
        return i18n.tr("map.hall" if self.is_hall else "map.service", lang)


@dataclass(frozen=True)
class Door:
    """A door on a square side: glass, solid or main [2.1], [5.5], [6.4], [10.4]."""

    id: str
    seg: Segment
    kind: str
    squares: tuple[str, ...]  # the one or two squares having this door as (part of) a side
    compass: Optional[str] = None  # main doors only: N, E, S or W side of the mall

    def is_side_of(self, square_id: str) -> bool:
        return square_id in self.squares


class BoardSummary(dict):
    """:meth:`Board.summary`: a plain dict (its repr is the data) that a notebook shows as a table
    with the words of the catalogues (``summary.*``, terms ``square_kind``, ``door_kind``)."""

    def _repr_html_(self) -> str:
        import html

        lang = i18n.check_language(None)
        esc = html.escape

        def row(key: str, value: Any) -> str:
            return f"<tr><th style='text-align:left'>{esc(i18n.tr('summary.' + key, lang))}</th><td>{esc(str(value))}</td></tr>"

        rows = [row("squares", self["squares"])]
        kinds = i18n.tr("summary.list_sep", lang).join(
            i18n.tr("summary.count", lang, what=i18n.term("square_kind_plural", k, lang), n=n) for k, n in self["by_kind"].items())
        rows.append(row("by_kind", kinds))
        rows += [row("stores", self["stores"]), row("walls", self["walls"])]
        doors = i18n.tr("summary.list_sep", lang).join(
            i18n.tr("summary.count", lang, what=i18n.term("door_kind_plural", k, lang), n=n) for k, n in self["doors"].items())
        rows.append(row("doors", doors))
        rows += [row("zombie_symbols", self["zombie_symbols"]), row("character_symbols", self["character_symbols"])]
        mains = i18n.tr("summary.list_sep", lang).join(
            i18n.tr("summary.count", lang, what=i18n.term("compass", k, lang), n=v) for k, v in sorted(self["main_door_squares"].items()))
        rows.append(row("main_door_squares", mains))
        return "<table class='dodnb-summary'>" + "".join(rows) + "</table>"


@dataclass(frozen=True)
class Board:
    """The mall map: squares, walls, doors; pure data plus exact queries. Immutable."""

    name: str
    squares: Mapping[str, Square]
    walls: tuple[Segment, ...]  # every wall piece, explicit and outer, with door gaps removed
    doors: Mapping[str, Door]
    stores: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rifle_square: Optional[str] = "177"
    source: str = "shipped"

    # ----- look-ups -------------------------------------------------------------------------
    def square_id(self, value: Union[str, int]) -> str:
        """Normalise a user's square reference (24, '24', '024') to the map's id, or raise."""
        if type(value) is str and value in self.squares:  # already an id (the engine's hot path)
            return value
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise UnknownSquare(i18n.Words("square.not_an_id", value=repr(value)))
        text = str(value).strip()
        if text.isdigit() and len(text) <= 3:
            text = text.zfill(3)
        if text not in self.squares:
            ids = sorted(self.squares)
            raise UnknownSquare(i18n.Words("square.unknown", value=repr(str(value)), first=ids[0], last=ids[-1]))
        return text

    def square(self, value: Union[str, int]) -> Square:
        return self.squares[self.square_id(value)]

    def __contains__(self, value: object) -> bool:
        try:
            self.square_id(value)  # type: ignore[arg-type]
        except UnknownSquare:
            return False
        return True

    def __len__(self) -> int:
        return len(self.squares)

    @property
    def ids(self) -> list[str]:
        return sorted(self.squares)

    @cached_property
    def bounds(self) -> Rect:
        rs = [s.rect for s in self.squares.values()]
        return Rect(min(r.x0 for r in rs), min(r.y0 for r in rs), max(r.x1 for r in rs), max(r.y1 for r in rs))

    @cached_property
    def main_doors(self) -> dict[str, Door]:
        """The four main doors by compass side [5.5], [13.0]."""
        return {d.compass: d for d in self.doors.values() if d.kind == "main" and d.compass}

    def main_door_square(self, compass: str) -> str:
        """The square that has the main door on that side as one of its sides [13.0]."""
        if compass not in self.main_doors:
            raise MapError(f"no main door on side {compass!r}; sides are N, E, S, W [13.5]")
        return self.main_doors[compass].squares[0]

    @cached_property
    def main_door_squares(self) -> dict[str, str]:
        return {c: d.squares[0] for c, d in sorted(self.main_doors.items())}

    @cached_property
    def zombie_symbol_squares(self) -> list[str]:
        return sorted(s.id for s in self.squares.values() if s.zombie_symbol)

    @cached_property
    def character_symbol_squares(self) -> list[str]:
        return sorted(s.id for s in self.squares.values() if s.character_symbol)

    def store_squares(self, name: str) -> list[str]:
        return sorted(s.id for s in self.squares.values() if s.store == name)

    # ----- sides and adjacency [2.1] ----------------------------------------------------------
    @cached_property
    def _sides(self) -> dict[tuple[str, str], Segment]:
        """Shared side of every adjacent pair (a < b): the common boundary of positive length."""
        by_line: dict[tuple[str, int], list[tuple[int, int, str, str]]] = defaultdict(list)
        for sq in self.squares.values():
            r = sq.rect
            # (line, lo, hi, square, which side of the line the square lies on)
            by_line[("h", r.y0)].append((r.x0, r.x1, sq.id, "+"))
            by_line[("h", r.y1)].append((r.x0, r.x1, sq.id, "-"))
            by_line[("v", r.x0)].append((r.y0, r.y1, sq.id, "+"))
            by_line[("v", r.x1)].append((r.y0, r.y1, sq.id, "-"))
        sides: dict[tuple[str, str], Segment] = {}
        for line, items in by_line.items():
            plus = [i for i in items if i[3] == "+"]
            minus = [i for i in items if i[3] == "-"]
            for lo1, hi1, a, _ in plus:
                for lo2, hi2, b, _ in minus:
                    lo, hi = max(lo1, lo2), min(hi1, hi2)
                    if hi > lo:  # positive length: corners alone never make squares adjacent [2.1]
                        key = (a, b) if a < b else (b, a)
                        sides[key] = Segment.on_line(line, lo, hi)
        return sides

    @cached_property
    def _adjacency(self) -> dict[str, tuple[str, ...]]:
        adj: dict[str, set[str]] = {i: set() for i in self.squares}
        for a, b in self._sides:
            adj[a].add(b)
            adj[b].add(a)
        return {k: tuple(sorted(v)) for k, v in adj.items()}

    def shared_side(self, a: Union[str, int], b: Union[str, int]) -> Optional[Segment]:
        """The side two squares share, or None when they only meet at a point or not at all [2.1]."""
        a, b = self.square_id(a), self.square_id(b)
        return self._sides.get((a, b) if a < b else (b, a))

    def adjacent(self, a: Union[str, int], b: Union[str, int]) -> bool:
        """[2.1] Adjacent only when the two squares share a side; meeting at a point is not enough."""
        return self.shared_side(a, b) is not None

    def neighbours(self, a: Union[str, int]) -> tuple[str, ...]:
        """Squares sharing a side with `a` [2.1], walls or not."""
        return self._adjacency[self.square_id(a)]

    # ----- walls and doors on sides ---------------------------------------------------------
    @cached_property
    def _walls_by_line(self) -> dict[tuple[str, int], list[tuple[int, int]]]:
        out: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
        for w in self.walls:
            out[w.line].append(w.interval)
        return out

    @cached_property
    def _doors_by_line(self) -> dict[tuple[str, int], list[Door]]:
        out: dict[tuple[str, int], list[Door]] = defaultdict(list)
        for d in self.doors.values():
            out[d.seg.line].append(d)
        return out

    def doors_between(self, a: Union[str, int], b: Union[str, int]) -> list[Door]:
        """Doors lying on the side shared by a and b."""
        side = self.shared_side(a, b)
        if side is None:
            return []
        return [d for d in self._doors_by_line.get(side.line, []) if overlap_length(d.seg.interval, side.interval) > 0]

    def doors_of(self, a: Union[str, int]) -> list[Door]:
        """Doors that are (part of) a side of square a."""
        return list(self._doors_of_square.get(self.square_id(a), ()))

    @cached_property
    def _doors_of_square(self) -> dict[str, tuple[Door, ...]]:
        out: dict[str, list[Door]] = {}
        for d in self.doors.values():  # in the map's door order, as before
            for sq in dict.fromkeys(d.squares):
                out.setdefault(sq, []).append(d)
        return {sq: tuple(ds) for sq, ds in out.items()}

    def open_length(
        self, a: Union[str, int], b: Union[str, int], door_states: Optional[Mapping[str, str]] = None
    ) -> int:
        """Length of the shared side that a piece may cross: open floor plus open/destroyed doors [5.3]."""
        side = self.shared_side(a, b)
        if side is None:
            return 0
        states = door_states or {}
        blocked = list(self._walls_by_line.get(side.line, []))
        for d in self.doors_between(a, b):
            if states.get(d.id, "open") == "closed":
                blocked.append(d.seg.interval)
        return sum(hi - lo for lo, hi in subtract_intervals([side.interval], blocked))

    def passable(
        self, a: Union[str, int], b: Union[str, int], door_states: Optional[Mapping[str, str]] = None
    ) -> bool:
        """[5.3], [7.0] A piece may move from a to b only across a side that is not all wall or closed door."""
        return self.open_length(a, b, door_states) > 0

    def moves_from(self, a: Union[str, int], door_states: Optional[Mapping[str, str]] = None) -> tuple[str, ...]:
        """Adjacent squares reachable in one move from a [2.1], [5.3]."""
        a = self.square_id(a)
        return tuple(b for b in self._adjacency[a] if self.passable(a, b, door_states))

    def blocking_reason(
        self, a: Union[str, int], b: Union[str, int], door_states: Optional[Mapping[str, str]] = None
    ) -> Optional[str]:
        """Why a piece may not move from a to b, or None when it may."""
        a, b = self.square_id(a), self.square_id(b)
        if a == b:
            return f"{a} and {b} are the same square"
        if not self.adjacent(a, b):
            return f"{a} and {b} do not share a side [2.1]"
        if self.passable(a, b, door_states):
            return None
        states = door_states or {}
        closed = [d.id for d in self.doors_between(a, b) if states.get(d.id, "open") == "closed"]
        if closed:
            return f"the door {closed[0]} between {a} and {b} is closed [5.3]"
        return f"a wall separates {a} and {b} [5.3]"

    # ----- convenience ------------------------------------------------------------------------
    def store_label(self, name: str, lang: Optional[str] = None) -> str:
        """A store's name for a reader, in `lang` (default: the package's): « Pharmacie »."""
        return i18n.term("store", name, lang)

    def summary(self) -> "BoardSummary":
        """The map's counts as a dict (keys and values are data); shown in a notebook as a small
        table in the package's language."""
        kinds: dict[str, int] = defaultdict(int)
        for s in self.squares.values():
            kinds[s.kind] += 1
        return BoardSummary({
            "squares": len(self.squares),
            "by_kind": dict(sorted(kinds.items())),
            "stores": len(self.stores),
            "walls": len(self.walls),
            "doors": {k: sum(1 for d in self.doors.values() if d.kind == k) for k in DOOR_KINDS},
            "zombie_symbols": len(self.zombie_symbol_squares),
            "character_symbols": len(self.character_symbol_squares),
            "main_door_squares": self.main_door_squares,
        })

    def _repr_svg_(self) -> str:
        return show(self, "image/svg+xml")  # drawn by the render layer (dodnb.render.notebook)

    def __repr__(self) -> str:
        s = self.summary()
        return f"<Board {self.name!r}: {s['squares']} squares, {s['stores']} stores, {sum(s['doors'].values())} doors>"

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other

    def memo(self, name: str) -> dict:
        """A cache owned by this board (its geometry worked out once: sight walks, distances, sight
        tables), by name: it lives and dies with the board, is never compared or pickled, and no module
        keeps one keyed by a board."""
        caches = self.__dict__.get("_memo")
        if caches is None:
            caches = self.__dict__["_memo"] = {}
        got = caches.get(name)
        if got is None:
            got = caches[name] = {}
        return got

    def __getstate__(self) -> dict:
        """Pickle the fields only (not the caches of `memo`)."""
        return {k: v for k, v in self.__dict__.items() if k != "_memo"}

    def __setstate__(self, d: dict) -> None:
        self.__dict__.update(d)


# =============================================================================================
# Loading and validation


def _shipped_text() -> str:
    return resources.files("dodnb.data").joinpath(SHIPPED_MAP).read_text(encoding="utf-8")


_CACHE: dict[str, Board] = {}  # the loader's memo (the shipped map read once); a board's own caches: Board.memo


def load_board(path: Union[str, Path, None] = None) -> Board:
    """Load the shipped mall (path=None) or a user's map file, validated; errors name the culprit."""
    if path is None:
        if "shipped" not in _CACHE:
            _CACHE["shipped"] = board_from_dict(json.loads(_shipped_text()), source="shipped")
        return _CACHE["shipped"]
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MapError(f"map file not found: {p}") from None
    except UnicodeDecodeError:
        raise MapError(f"map file {p} is not UTF-8 text (is it really a map?)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise MapError(f"map file {p} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    return board_from_dict(data, source=str(p))


def _int4(value: Any, what: str) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != 4
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MapError(f"{what} must be a list of four whole numbers [x0, y0, x1, y1], got {value!r}")
    return value


def board_from_dict(data: Any, source: str = "dict") -> Board:
    """Build a Board from parsed map data, checking everything a transcription can get wrong."""
    try:
        return _board_from_dict(data, source)
    except MapError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:  # a value of the wrong kind
        raise MapError(f"map {source}: a value has the wrong type or shape ({type(exc).__name__}: {exc})") from None


def _board_from_dict(data: Any, source: str = "dict") -> Board:
    if not isinstance(data, dict):
        raise MapError("a map file must hold a JSON object with 'squares', 'walls' and 'doors'")
    if data.get("format") != MAP_FORMAT:
        raise MapError(f"not a dodnb map: 'format' must be {MAP_FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != MAP_VERSION:
        raise MapError(f"unsupported map version {data.get('version')!r}; this dodnb reads version {MAP_VERSION}")
    for key in ("squares", "walls", "doors"):
        if not isinstance(data.get(key), list):
            raise MapError(f"the map has no list {key!r}")
    stores = data.get("stores", {})
    if not isinstance(stores, dict):
        raise MapError("'stores' must be an object mapping store names to their details")

    # --- squares
    squares: dict[str, Square] = {}
    for i, raw in enumerate(data["squares"]):
        if not isinstance(raw, dict) or "id" not in raw:
            raise MapError(f"squares[{i}] must be an object with an 'id'")
        sid = raw["id"]
        if not isinstance(sid, str) or len(sid) != 3 or not sid.isdigit():
            raise MapError(f"squares[{i}]: square id {sid!r} must be three digits, like '024' [2.1]")
        if sid in squares:
            raise MapError(f"duplicate square id {sid}: each square has its own identity number [2.1]")
        x0, y0, x1, y1 = _int4(raw.get("rect"), f"square {sid} 'rect'")
        if not (x0 < x1 and y0 < y1):
            raise MapError(f"square {sid} has an empty rectangle {raw['rect']} (need x0 < x1 and y0 < y1)")
        kind = raw.get("kind")
        if kind not in SQUARE_KINDS:
            raise MapError(f"square {sid} has kind {kind!r}; expected one of {', '.join(SQUARE_KINDS)}")
        store = raw.get("store")
        if store is not None and store not in stores:
            raise MapError(f"square {sid} names store {store!r}, which is not listed under 'stores'")
        if kind == "store" and store is None:
            raise MapError(f"square {sid} is a store square but names no store")
        squares[sid] = Square(
            sid, Rect(x0, y0, x1, y1), kind, store, bool(raw.get("zombie", False)), bool(raw.get("character", False))
        )
    if not squares:
        raise MapError("the map has no squares")

    ordered = sorted(squares.values(), key=lambda s: (s.rect.x0, s.id))
    # sweep on x to find overlaps without comparing every pair
    active: list[Square] = []
    for sq in ordered:
        active = [a for a in active if a.rect.x1 > sq.rect.x0]
        for a in active:
            if a.rect.overlaps(sq.rect):
                raise MapError(f"squares {a.id} and {sq.id} overlap; squares may only touch along sides")
        active.append(sq)

    # --- square edges per grid line, to check walls and doors lie on square sides
    edges: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    owners: dict[tuple[str, int], list[tuple[int, int, str, str]]] = defaultdict(list)
    for sq in squares.values():
        for compass, seg in sq.rect.edges().items():
            edges[seg.line].append(seg.interval)
            owners[seg.line].append((*seg.interval, sq.id, compass))

    def on_edges(seg: Segment) -> bool:
        return covered(seg.interval, edges.get(seg.line, []))

    # --- doors
    doors: dict[str, Door] = {}
    door_iv: dict[tuple[str, int], list[tuple[int, int, str]]] = defaultdict(list)
    for i, raw in enumerate(data["doors"]):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise MapError(f"doors[{i}] must be an object with a string 'id'")
        did = raw["id"]
        if did in doors:
            raise MapError(f"duplicate door id {did!r}")
        kind = raw.get("kind")
        if kind not in DOOR_KINDS:
            raise MapError(f"door {did} has kind {kind!r}; expected glass, solid or main")
        try:
            seg = Segment.of(_int4(raw.get("seg"), f"door {did} 'seg'"))
        except ValueError as e:
            raise MapError(f"door {did}: {e}") from None
        if not on_edges(seg):
            raise MapError(f"door {did} at {seg} does not lie on a square side")
        touching = sorted(
            {
                (sid, compass)
                for lo, hi, sid, compass in owners[seg.line]
                if lo <= seg.interval[0] and seg.interval[1] <= hi
            }
        )
        for lo, hi, other in door_iv[seg.line]:
            if overlap_length((lo, hi), seg.interval) > 0:
                raise MapError(f"doors {other} and {did} overlap at {seg}")
        door_iv[seg.line].append((*seg.interval, did))
        if kind == "main":
            compass = raw.get("side")
            if compass not in COMPASS:
                raise MapError(f"main door {did} must give 'side' as N, E, S or W, got {compass!r}")
            if len(touching) != 1:
                raise MapError(
                    f"main door {did} at {seg} must lie on the mall's outer wall, on one side of a single square"
                )
            sid, sq_side = touching[0]
            if sq_side != compass:
                raise MapError(
                    f"main door {did} is on the {sq_side} side of square {sid} but is labelled side {compass}"
                )
            doors[did] = Door(did, seg, kind, (sid,), compass)
        else:
            if len(touching) != 2:
                where = "the outer wall" if len(touching) == 1 else "no single pair of squares"
                raise MapError(
                    f"{kind} door {did} at {seg} lies on {where}; an inner door must be on the side "
                    "shared by two squares"
                )
            doors[did] = Door(did, seg, kind, tuple(sorted(t[0] for t in touching)))

    mains = [d for d in doors.values() if d.kind == "main"]
    if len(mains) != 4:
        raise MapError(f"the mall must have exactly 4 main doors (N, E, S, W) [5.5], [13.5]; this map has {len(mains)}")
    sides_seen = sorted(d.compass or "" for d in mains)
    if sides_seen != sorted(COMPASS):
        raise MapError(f"the 4 main doors must face N, E, S and W, one each; found {', '.join(sides_seen)}")
    bounds = Rect(
        min(s.rect.x0 for s in squares.values()),
        min(s.rect.y0 for s in squares.values()),
        max(s.rect.x1 for s in squares.values()),
        max(s.rect.y1 for s in squares.values()),
    )
    outward = {"N": ("h", bounds.y0), "S": ("h", bounds.y1), "W": ("v", bounds.x0), "E": ("v", bounds.x1)}
    for d in mains:
        if d.seg.line != outward[d.compass or ""]:
            raise MapError(f"main door {d.id} (side {d.compass}) is not on the mall's {d.compass} outer wall")

    # --- explicit walls
    walls: list[Segment] = []
    for i, raw in enumerate(data["walls"]):
        try:
            seg = Segment.of(_int4(raw, f"walls[{i}]"))
        except ValueError as e:
            raise MapError(f"walls[{i}]: {e}") from None
        if not on_edges(seg):
            raise MapError(f"wall {seg} (walls[{i}]) does not lie on square sides")
        for lo, hi, did in door_iv[seg.line]:
            if overlap_length((lo, hi), seg.interval) > 0:
                raise MapError(f"wall {seg} (walls[{i}]) runs over door {did}; leave a gap for the door")
        walls.append(seg)

    # --- outer boundary: every part of a square edge not shared with another square is wall
    wall_pieces: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for seg in walls:
        wall_pieces[seg.line].append(seg.interval)
    for line, items in owners.items():
        plus = [(lo, hi) for lo, hi, _, c in items if c in ("N", "W")]
        minus = [(lo, hi) for lo, hi, _, c in items if c in ("S", "E")]
        shared = [
            (max(a[0], b[0]), min(a[1], b[1]))
            for a in plus
            for b in minus
            if min(a[1], b[1]) > max(a[0], b[0])
        ]
        outer = subtract_intervals(plus + minus, shared)
        gaps = [(lo, hi) for lo, hi, _ in door_iv[line]]
        wall_pieces[line].extend(subtract_intervals(outer, gaps))
    all_walls = tuple(
        sorted(
            Segment.on_line(line, lo, hi)
            for line, ivs in wall_pieces.items()
            for lo, hi in merge_intervals(ivs)
        )
    )

    strict = data.get("require_setup_symbols", True)  # False only for small teaching/test boards
    rifle = data.get("rifle_square", "177" if strict else None)
    if rifle is not None and (not isinstance(rifle, str) or rifle not in squares):
        raise MapError(f"'rifle_square' names square {rifle!r}, which is not on the map [3.2]")

    zombie_n = sum(s.zombie_symbol for s in squares.values())
    if strict:
        if zombie_n != 45:
            raise MapError(f"the map must carry 45 Zombie Placement Symbols [3.1]; it has {zombie_n}")
        chars = [s for s in squares.values() if s.character_symbol]
        if 2 * len(chars) < 4:
            raise MapError(
                "the map needs Character Placement Symbols in at least 2 squares: 4 characters, "
                f"at most 2 per square [3.2]; it has {len(chars)}"
            )
        both = [s.id for s in squares.values() if s.character_symbol and s.zombie_symbol]
        if both:
            raise MapError(f"square {both[0]} carries both a zombie and a character placement symbol [3.1], [3.2]")

    return Board(
        name=str(data.get("name", "mall")),
        squares=dict(sorted(squares.items())),
        walls=all_walls,
        doors=dict(sorted(doors.items())),
        stores=stores,
        rifle_square=rifle,
        source=source,
    )
