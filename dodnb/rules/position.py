"""`Position`: a study position a teacher sets up in one line, and where play starts in it.

    >>> from dodnb import Position
    >>> p = Position(characters={'Peter': '115', 'Roger': '115'}, units={'115': 5}, start='attack')
    >>> g = p.game(zombie='ask')            # the Zombie Attack Phase begins: the attack in 115 happens
    >>> g.pending.kind == "reaction_fire"   # Peter and Roger may shoot the attacker first [8.1]
    True
    >>> eval(repr(p)) == p                  # the literal pastes back
    True

What a position holds (every key and value is checked; an error names the piece and the field):

* ``characters``: ``{name: square}`` or ``{name: {'square', 'status', 'rifle', 'moved_last_turn',
  'infected_turn'}}`` — status normal, stunned, infected or killed (a killed character has no
  square) [2.3], [8.3]-[8.5]; only Steve and Fran may carry a hunting rifle [12.1];
* ``supers``: super zombies, ``{name: square}`` [11.0];
* ``units``: zombie units on the map, ``{square: value}`` or ``{square: {'value', 'face_up',
  'seen', 'berserk'}}`` — one per square [7.6]; a unit sharing a square with a character is face up
  [5.4], [7.7]; units are numbered Z01, Z02... in the order listed, and where the engine breaks a
  tie between equally placed units by their number (the order of reaction moves, ruling E10) that
  order decides, so it is part of the position;
* ``hidden`` (two-player game): squares of hidden zombies not yet revealed, each allowed by [3.1];
  ``hidden_box``: the values of the units in the Hidden Zombie box [3.1], [9.0];
* ``eliminated``: the values of the eliminated units, which may re-enter [13.3];
* ``doors``: ``{door: 'closed' | 'destroyed'}`` (others open) [5.5], [10.5];
* ``solitaire``: the solitaire game [15.0]; ``turn``: the Game-Turn [4.0];
* **where play starts** (``start``): ``'human'`` (the Human Player-Turn; ``actor`` names the
  character or stack about to act [5.0]), ``'hidden'`` (solitaire: the Hidden Zombie Table [15.2]),
  ``'berserk'``, ``'reaction'``, ``'free'``, ``'attack'``, ``'generation'`` (the phases A-E of the
  Zombie Player-Turn [4.0] 2). For a Zombie Player-Turn, ``actors`` are the characters moved in the
  Human Player-Turn just ended (they may not move next turn [5.0]), ``entered`` the squares they
  entered [7.0] 1 and ``acted`` the squares where they took a non-movement action [7.3]. Play starts at
  the *beginning* of that phase, its bookkeeping derived by the phase's own rules, so every step of
  the phase happens (the attacks of the Attack Phase, the reaction moves, the berserk checks);
* ``victory_check=False``: a drill — the game is not ended by [14.1] or [14.2] [14.0];
* ``setup=True``: the position claims to be a set-up, so [3.1], [3.2], [3.3] apply in full (five
  hidden squares, characters at normal status on Character Placement Symbols, two at most per
  square, no rifle taken, doors open).

A position prints as its literal (``eval(repr(p)) == p``) and draws itself in a notebook.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping, Optional, Union

from dodnb.display import show
from dodnb.board.model import DOOR_STATES, Board, load_board
from dodnb.errors import DodnbError, InputError, RuleViolation, Words
from dodnb.rules.counters import CHARACTERS, canonical_name
from dodnb.rules.records import Activation, CharacterState, StateError, TurnRecord, ZombieUnit
from dodnb.rules.state import GameState
from dodnb.rules.vocab import CHARACTER_STATUSES, DoorKind, DoorState, Phase, Pool, Status

#: Where play may start [4.0]; 'hidden' is the solitaire Hidden Zombie Table [15.2].
STARTS = tuple(p.value for p in (Phase.HUMAN, Phase.HIDDEN, Phase.BERSERK, Phase.REACTION, Phase.FREE, Phase.ATTACK, Phase.GENERATION))
ZOMBIE_STARTS = STARTS[1:]

_CHAR_KEYS = ("square", "status", "rifle", "moved_last_turn", "infected_turn")
_CHAR_DEFAULTS = {"status": Status.NORMAL.value, "rifle": False, "moved_last_turn": False, "infected_turn": 0}
_UNIT_KEYS = ("value", "face_up", "seen", "berserk")
_UNIT_DEFAULTS = {"face_up": False, "seen": False, "berserk": False}
_STATUSES = tuple(s.value for s in (*CHARACTER_STATUSES, Status.KILLED))

#: The constructor's fields, in the order the literal prints them, with their defaults.
_FIELDS: dict[str, Any] = {
    "characters": {}, "supers": {}, "units": {}, "hidden": (), "hidden_box": (), "eliminated": (), "doors": {},
    "solitaire": False, "turn": 1, "start": Phase.HUMAN.value, "actor": (), "actors": (), "entered": (), "acted": (),
    "victory_check": True, "setup": False, "rifles_left": None, "fran_counts_two": False,
}


#: What a message names: one of the position's arguments ('hidden_box'), or a piece in words.
Piece = Union[str, Words]


def _bad(piece: Piece, field: str, detail: Any, case: Optional[str] = None) -> DodnbError:
    """An error naming the piece and the field: a RuleViolation when a rule forbids it, else an InputError.

    A refusal's piece and detail are :class:`~dodnb.errors.Words` (or the refusal behind it), so that it
    reads in the learner's language (the position editor shows it); a position's own field names
    ('square', 'rifle', 'hidden'...) are the code's, the same in every language. An InputError (a
    malformed argument, for whoever writes the code) is one English sentence."""
    if case:  # a rule forbids it: the refusal names the piece and the field (catalogue key position.field)
        if isinstance(piece, str):  # one of the position's own arguments ('hidden_box', 'start'...)
            piece = Words("piece.argument", name=piece)
        return RuleViolation(case, "position.field", piece=piece, field=field, detail=detail)
    return InputError(f"{piece}, {field}: {detail}")


def _behind(err: DodnbError) -> Any:
    """What another check refused, as a refusal's detail: the refusal itself (it reads in the learner's
    language), or the sentence of an error that is not a rules matter."""
    return err if isinstance(err, RuleViolation) else err.detail


def _known(piece: Piece, given: Mapping[str, Any], allowed: Iterable[str], what: str) -> None:
    """Every key of `given` is one of `allowed`, else an InputError naming the piece and the key."""
    for k in given:
        if k not in allowed:
            raise _bad(piece, repr(k), f"unknown {what} {', '.join(allowed)})")


def _flag(piece: Piece, field: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise _bad(piece, field, f"must be True or False, got {v!r}")
    return v


def _whole(piece: Piece, field: str, v: Any, lo: int, case: Optional[str] = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise _bad(piece, field, Words("position.whole", lo=lo, got=repr(v)), case)  # an InputError writes its English
    return v


def _square(board: Board, piece: Piece, field: str, v: Any) -> str:
    try:
        return board.square_id(v)
    except DodnbError as err:
        raise _bad(piece, field, _behind(err), err.case) from None


def _names(piece: Piece, field: str, v: Any) -> tuple[str, ...]:
    """'Peter', 'Peter+Roger' or ('Peter', 'Roger') -> ('Peter', 'Roger')."""
    if isinstance(v, str):
        v = tuple(x for x in v.replace("+", " ").replace(",", " ").split() if x)
    if not isinstance(v, (tuple, list)):
        raise _bad(piece, field, f"name characters ('Peter', 'Peter+Roger' or a tuple), got {v!r}")
    out = []
    for x in v:
        try:
            out.append(canonical_name(x))
        except DodnbError as err:
            raise _bad(piece, field, _behind(err), err.case) from None
    if len(set(out)) != len(out):
        raise _bad(piece, field, "a character is named twice")
    return tuple(out)


def _mapping(piece: Piece, v: Any) -> Mapping:
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise _bad(piece, "type", f"must be a dict, got {type(v).__name__}")
    return v


def _values(piece: Piece, v: Any) -> tuple[int, ...]:
    if not isinstance(v, (tuple, list)):
        raise _bad(piece, "type", f"must be a list of Zombie Values, got {type(v).__name__}")
    return tuple(_whole(piece, "value", x, 1, "2.3") for x in v)


class Position:
    """A study position and where play starts in it (see the module). Immutable; compares and
    hashes by value; `replace(**changes)` gives a changed copy; `state()` the engine's position
    with play started, `game(...)` a :class:`~dodnb.rules.game.Game` from it."""

    __slots__ = ("_f", "_board", "_raw", "_started")

    def __init__(
        self,
        characters: Optional[Mapping] = None,
        supers: Optional[Mapping] = None,
        units: Any = None,
        hidden: Any = (),
        hidden_box: Any = (),
        eliminated: Any = (),
        doors: Optional[Mapping] = None,
        solitaire: bool = False,
        turn: int = 1,
        start: str = Phase.HUMAN.value,
        actor: Any = (),
        actors: Any = (),
        entered: Any = (),
        acted: Any = (),
        victory_check: bool = True,
        setup: bool = False,
        rifles_left: Optional[int] = None,
        fran_counts_two: bool = False,
        *,
        board: Optional[Board] = None,
    ):
        b = board or load_board()
        object.__setattr__(self, "_board", b)
        f: dict[str, Any] = {}
        f["solitaire"] = _flag("the game", "solitaire", solitaire)
        f["turn"] = _whole("the game", "turn", turn, 1, "4.0")
        f["victory_check"] = _flag("the game", "victory_check", victory_check)
        f["setup"] = _flag("the game", "setup", setup)
        f["fran_counts_two"] = _flag("the game", "fran_counts_two", fran_counts_two)
        # ---- characters [2.3] and super zombies [11.0]
        chars: dict[str, Any] = {}
        for name, spec in _mapping("characters", characters).items():
            try:
                n = canonical_name(name)
            except DodnbError as err:
                raise _bad(f"characters[{name!r}]", "name", _behind(err), err.case) from None
            piece = Words("piece.character", name=n)
            if n in chars:
                raise _bad(piece, "name", Words("position.named_twice"), "2.3")
            if not isinstance(spec, Mapping):
                spec = {"square": spec}
            _known(piece, spec, _CHAR_KEYS, "key (a character has")
            d: dict[str, Any] = {}
            status = spec.get("status", Status.NORMAL.value)
            if status == Status.SUPER:
                raise _bad(piece, "status", "a super zombie goes in supers={...} [11.0]")
            if status not in _STATUSES:
                raise _bad(piece, "status", Words("position.status", status=repr(status), allowed=", ".join(_STATUSES)), "2.3")
            sq = spec.get("square")
            if status == Status.KILLED:
                if sq is not None:
                    raise _bad(piece, "square", Words("position.killed_square"), "8.5")
            else:
                if sq is None:
                    raise _bad(piece, "square", "a character in play stands on a square [2.3]")
                d["square"] = _square(b, piece, "square", sq)
            if status != Status.NORMAL:
                d["status"] = status
            for k in ("rifle", "moved_last_turn"):
                if _flag(piece, k, spec.get(k, False)):
                    d[k] = True
            it = _whole(piece, "infected_turn", spec.get("infected_turn", 0), 0, "11.0")
            if it:
                if status != Status.INFECTED:
                    raise _bad(piece, "infected_turn", Words("position.infected_turn"), "11.0")
                if it > f["turn"]:
                    raise _bad(piece, "infected_turn", Words("position.infected_later", it=it, turn=f["turn"]), "11.0")
                d["infected_turn"] = it
            if d.get("rifle") and n not in ("Steve", "Fran"):
                raise _bad(piece, "rifle", Words("position.no_rifle", name=n), "12.1")
            if d.get("rifle") and status == Status.KILLED:
                raise _bad(piece, "rifle", Words("position.killed_rifle"), "12.3")
            chars[n] = d
        supers_d: dict[str, Optional[str]] = {}
        for name, sq in _mapping("supers", supers).items():
            try:
                n = canonical_name(name)
            except DodnbError as err:
                raise _bad(f"supers[{name!r}]", "name", _behind(err), err.case) from None
            if n in chars:
                raise _bad(Words("piece.super", name=n), "name", Words("position.super_and_character", name=n), "11.0")
            supers_d[n] = None if sq is None else _square(b, Words("piece.super", name=n), "square", sq)
        # ---- zombie units on the map [2.3], [7.6]
        raw_units = units if units is not None else {}
        if isinstance(raw_units, (list, tuple)):  # [{'square': ..., 'value': ...}, ...]
            pairs = []
            for i, u in enumerate(raw_units):
                if not isinstance(u, Mapping) or "square" not in u:
                    raise _bad(f"units[{i}]", "square", "a unit in a list is a dict with a 'square'")
                pairs.append((u["square"], {k: v for k, v in u.items() if k != "square"}))
        else:
            pairs = list(_mapping("units", raw_units).items())
        unit_d: dict[str, Any] = {}
        for sq, spec in pairs:
            where = _square(b, f"unit in {sq!r}", "square", sq)
            piece = Words("piece.unit", square=where)
            if where in unit_d:
                raise _bad(piece, "square", Words("position.two_units"), "7.6")
            if not isinstance(spec, Mapping):
                spec = {"value": spec}
            _known(piece, spec, _UNIT_KEYS, "key (a unit has")
            if "value" not in spec:
                raise _bad(piece, "value", Words("position.no_value"), "2.3")
            d = {"value": _whole(piece, "value", spec["value"], 1, "2.3")}
            for k in ("face_up", "seen", "berserk"):
                if _flag(piece, k, spec.get(k, False)):
                    d[k] = True
            unit_d[where] = d
        # ---- hidden zombies [3.1], [9.0], pools [13.3], doors [3.3], [5.5], [10.5]
        if not isinstance(hidden, (tuple, list)):
            raise _bad("hidden", "type", f"must be a list of squares, got {type(hidden).__name__}")
        hid = tuple(_square(b, "hidden zombie", "square", s) for s in hidden)
        f["hidden_box"] = _values("hidden_box", hidden_box)
        f["eliminated"] = _values("eliminated", eliminated)
        if hid or f["hidden_box"]:
            if f["solitaire"]:
                raise _bad("hidden", "solitaire", Words("position.solitaire_hidden"), "15.1")
        if hid:
            from dodnb.rules.setup import check_hidden_squares, hidden_square_allowed

            if len(set(hid)) != len(hid):
                raise _bad(Words("piece.hidden"), "square", Words("hidden.twice"), "3.1")
            for s in hid:
                why = hidden_square_allowed(b, s)
                if why:
                    raise _bad(Words("piece.hidden_in", square=s), "square", why, "3.1")
            edwin = b.square(b.rifle_square or "177").store
            ed = [s for s in hid if b.square(s).store == edwin]
            if len(ed) > 1:
                raise _bad(Words("piece.hidden"), "square", Words("hidden.edwin", squares=tuple(ed)), "3.1")
            if f["setup"]:
                try:
                    check_hidden_squares(b, hid)
                except RuleViolation as err:
                    raise _bad("hidden", "count", _behind(err), err.case) from None
            if len(f["hidden_box"]) < len(hid):
                raise _bad("hidden_box", "count", Words("position.hidden_box", hidden=len(hid), box=len(f["hidden_box"])), "9.0")
        door_d: dict[str, str] = {}
        for door, state in _mapping("doors", doors).items():
            piece = Words("piece.door", door=door)
            if door not in b.doors:
                raise _bad(piece, "id", Words("position.no_door"), "3.3")
            if state not in DOOR_STATES:
                raise _bad(piece, "state", Words("position.door_state", state=repr(state)), "5.5")
            if state == DoorState.DESTROYED and b.doors[door].kind != DoorKind.GLASS:
                raise _bad(piece, "state", Words("position.not_glass", kind=b.doors[door].kind), "10.4")
            if state != DoorState.OPEN:
                door_d[door] = str(state)
        # ---- where play starts [4.0]
        try:
            st_name = Phase.parse(start).value
        except ValueError:
            st_name = str(start)
        if st_name not in STARTS:
            raise _bad("start", "phase", Words("position.start", starts=", ".join(STARTS), start=repr(start)), "4.0")
        if st_name == Phase.HIDDEN and not f["solitaire"]:
            raise _bad("start", "phase", Words("position.hidden_start"), "15.2")
        f["start"] = st_name
        f["actor"] = _names("start", "actor", actor)
        f["actors"] = _names("start", "actors", actors)
        if not isinstance(entered, (tuple, list)) or not isinstance(acted, (tuple, list)):
            raise _bad("start", "entered/acted", "must be lists of squares")
        f["entered"] = tuple(_square(b, "start", "entered", s) for s in entered)
        f["acted"] = tuple(_square(b, "start", "acted", s) for s in acted)
        if st_name == Phase.HUMAN:
            for k in ("actors", "entered", "acted"):
                if f[k]:
                    raise _bad("start", k, Words("position.nothing_moved"), "4.0")
        else:
            if f["actor"]:
                raise _bad("start", "actor", Words("position.actor_human"), "4.0")
            for n, d in chars.items():
                if d.get("moved_last_turn"):
                    raise _bad(Words("piece.character", name=n), "moved_last_turn", Words("position.moved_actors"), "5.0")
        for n in f["actor"] + f["actors"]:
            if n not in chars or "square" not in chars[n]:
                raise _bad("start", "actor" if n in f["actor"] else "actors", Words("position.actor_absent", name=n), "5.0")
        if rifles_left is not None:
            rifles_left = _whole(Words("piece.game"), "rifles_left", rifles_left, 0, "3.2")
        carried = sum(1 for d in chars.values() if d.get("rifle"))
        if (rifles_left or 0) + carried > 2:
            raise _bad(Words("piece.game"), "rifles_left", Words("position.rifles", carried=carried, left=rifles_left), "3.2")
        f["rifles_left"] = rifles_left
        # ---- a set-up [3.1]-[3.3]
        if f["setup"]:
            self._check_setup(b, chars, supers_d, door_d, f, hid)
        # canonical order: equal pieces make equal positions, whatever order they were listed in
        order = {n: i for i, n in enumerate(CHARACTERS)}
        f["characters"] = dict(sorted(chars.items(), key=lambda kv: order[kv[0]]))
        f["supers"] = dict(sorted(supers_d.items(), key=lambda kv: order[kv[0]]))
        f["units"] = unit_d  # in the order listed: units are numbered Z01, Z02... so (ruling E10 ties)
        f["hidden"] = tuple(sorted(hid))
        f["hidden_box"] = tuple(sorted(f["hidden_box"]))
        f["eliminated"] = tuple(sorted(f["eliminated"]))
        f["doors"] = dict(sorted(door_d.items()))
        object.__setattr__(self, "_f", f)
        object.__setattr__(self, "_started", None)
        object.__setattr__(self, "_raw", None)
        self.raw_state()  # every engine check [2.3]-[12.3] now, not at the first move

    @staticmethod
    def _check_setup(b: Board, chars, supers_d, door_d, f, hid) -> None:
        """[3.1] five hidden squares, [3.2] characters at normal status on Character Placement
        Symbols, one or two to a square, both rifles in 177, [3.3] every door open; turn 1, the
        Human Player-Turn."""
        allowed = set(b.character_symbol_squares)
        count: dict[str, int] = {}
        if supers_d:
            raise _bad("supers", "setup", Words("position.setup_super"), "3.2")
        for n, d in chars.items():
            if d.get("status", Status.NORMAL) != Status.NORMAL:
                raise _bad(Words("piece.character", name=n), "status", Words("position.setup_status"), "3.2")
            if d.get("rifle"):
                raise _bad(Words("piece.character", name=n), "rifle", Words("position.setup_rifle"), "3.2")
            if d["square"] not in allowed:
                raise _bad(Words("piece.character", name=n), "square", Words("position.setup_square", allowed=", ".join(sorted(allowed)), square=d["square"]), "3.2")
            count[d["square"]] = count.get(d["square"], 0) + 1
            if count[d["square"]] > 2:
                raise _bad(Words("piece.character", name=n), "square", Words("position.setup_two", square=d["square"]), "3.2")
        if door_d:
            raise _bad("doors", "setup", Words("position.setup_doors"), "3.3")
        if f["start"] != Phase.HUMAN or f["turn"] != 1:
            raise _bad("start", "setup", Words("position.setup_start"), "4.0")
        from dodnb.rules.setup import HIDDEN_COUNT

        if not f["solitaire"] and len(hid) != HIDDEN_COUNT:
            raise _bad("hidden", "count", Words("hidden.count", n=HIDDEN_COUNT, got=len(hid)), "3.1")

    # ------------------------------------------------------------------ value
    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Position is immutable: use p.replace(...)")

    def _key(self) -> tuple:
        f = self._f
        return tuple(
            tuple((k, tuple(sorted(v.items())) if isinstance(v, dict) else v) for k, v in f[n].items()) if isinstance(f[n], dict) else f[n]
            for n in _FIELDS
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key() and self._board.name == other._board.name

    def __hash__(self) -> int:
        return hash(self._key())

    def literal(self) -> dict[str, Any]:
        """The constructor's arguments as plain values (every field, defaults included)."""
        f = self._f
        out: dict[str, Any] = {}
        out["characters"] = {n: (d["square"] if set(d) == {"square"} else dict(d)) for n, d in f["characters"].items()}
        out["supers"] = dict(f["supers"])
        out["units"] = {sq: (d["value"] if set(d) == {"value"} else dict(d)) for sq, d in f["units"].items()}
        for n in ("hidden", "hidden_box", "eliminated", "entered", "acted"):
            out[n] = tuple(f[n])
        out["doors"] = dict(f["doors"])
        for n in ("solitaire", "turn", "start", "victory_check", "setup", "rifles_left", "fran_counts_two"):
            out[n] = f[n]
        out["actor"] = f["actor"][0] if len(f["actor"]) == 1 else tuple(f["actor"])
        out["actors"] = tuple(f["actors"])
        return out

    def __getattr__(self, name: str) -> Any:
        """Read a field: `p.units`, `p.start`, ... (copies: the position does not change)."""
        if name in _FIELDS:
            return self.literal()[name]
        raise AttributeError(f"'Position' has no attribute {name!r}")

    def replace(self, **changes: Any) -> "Position":
        """A copy with some fields changed (checked like a new position)."""
        _known("Position", changes, _FIELDS, "field (the fields are")
        return Position(**{**self.literal(), **changes}, board=self._board)

    @classmethod
    def parse(cls, text: str, board: Optional[Board] = None) -> "Position":
        """The position a literal ``Position(...)`` describes (what `repr` prints), read safely: only
        plain values (strings, numbers, True/False/None, lists, tuples, dicts), never code run."""
        import ast

        if not isinstance(text, str):
            raise InputError(f"a position literal is text like \"Position(characters={{'Peter': '031'}})\", got {type(text).__name__}")
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise InputError(f"this is not a position literal: {exc.msg} (column {exc.offset})") from None
        call = tree.body
        if not (isinstance(call, ast.Call) and isinstance(call.func, (ast.Name, ast.Attribute))
                and (call.func.id if isinstance(call.func, ast.Name) else call.func.attr) == "Position"):
            raise InputError("a position literal reads Position(...)")
        if call.args:
            raise InputError("name every field of the position: Position(characters=..., units=...)")
        kw: dict[str, Any] = {}
        for k in call.keywords:
            if k.arg is None or k.arg not in _FIELDS:
                raise _bad("Position", repr(k.arg), f"unknown field (the fields are {', '.join(_FIELDS)})")
            try:
                kw[k.arg] = ast.literal_eval(k.value)
            except ValueError:
                raise _bad("Position", k.arg, "must be a plain value (text, numbers, lists, dicts)") from None
        return cls(**kw, board=board)

    def __repr__(self) -> str:
        lit = self.literal()
        parts = []
        for n, default in _FIELDS.items():
            v = lit[n]
            if v == default or (n == "actor" and v == ()):
                continue
            if isinstance(v, tuple) and n != "actor":
                v = list(v)  # lists read better than tuples in a literal; both are accepted
            parts.append(f"{n}={v!r}")
        return f"Position({', '.join(parts)})"

    # ------------------------------------------------------------------ the engine's view
    @property
    def board(self) -> Board:
        return self._board

    def raw_state(self) -> GameState:
        """The pieces as given, before play starts (no phase bookkeeping): what the picture shows."""
        if self._raw is not None:
            return self._raw
        f = self._f
        chars = []
        order = {n: i for i, n in enumerate(CHARACTERS)}
        for n in sorted(set(f["characters"]) | set(f["supers"]), key=order.__getitem__):
            if n in f["supers"]:
                chars.append(CharacterState(n, f["supers"][n], status=Status.SUPER.value))
            else:
                d = f["characters"][n]
                chars.append(CharacterState(n, d.get("square"), **{k: v for k, v in d.items() if k != "square"}))
        units = []
        for i, (sq, d) in enumerate(f["units"].items()):
            units.append(ZombieUnit(f"Z{i + 1:02d}", d["value"], sq, berserk=d.get("berserk", False),
                                    face_up=d.get("face_up", False), seen=d.get("seen", False)))
        units += [ZombieUnit(f"E{i + 1:02d}", v, None, seen=True, pool=Pool.ELIMINATED.value) for i, v in enumerate(f["eliminated"])]
        units += [ZombieUnit(f"H{i + 1:02d}", v, None, pool=Pool.HIDDEN.value) for i, v in enumerate(f["hidden_box"])]
        carried = sum(1 for c in chars if c.rifle)
        rifles = f["rifles_left"] if f["rifles_left"] is not None else 2 - carried
        try:
            st = GameState(self._board, tuple(chars), tuple(units), tuple(sorted(f["doors"].items())),
                           turn=f["turn"], hidden_squares=tuple(sorted(f["hidden"])), rifles_left=rifles,
                           solitaire=f["solitaire"], fran_counts_two=f["fran_counts_two"],
                           victory_check=f["victory_check"], phase=Phase.HUMAN.value)
            st = st.with_knowledge(lower=False)
            st.check()
        except StateError as err:
            raise RuleViolation(err.case, "position.field", piece="position", field="pieces", detail=_behind(err)) from None
        object.__setattr__(self, "_raw", st)
        return st

    def start_state(self, ctx=None) -> tuple[GameState, list]:
        """(the engine's state with play started, the events of the start): the phase named by
        `start` begins with its bookkeeping derived by the phase's own rules [4.0], then the engine
        runs its automatic steps up to the first decision or roll (`engine.settle`)."""
        from dodnb.rules import engine
        from dodnb.rules.actions import Activate, EndTurn
        from dodnb.rules.phases import PHASES, human

        default = ctx is None
        if default and self._started is not None:
            return self._started[0], list(self._started[1])
        ctx = ctx or engine.context(self._board)
        f = self._f
        st = self.raw_state()
        if st.ctx is not ctx:
            st = st.evolve(ctx=ctx)  # the states of play refer to the rules object they are played by
        start = f["start"]
        out: list = []
        if start == Phase.HUMAN:
            st, out = engine.settle(st, ctx)
            if f["actor"] and st.result is None:
                a = Activate(f["actor"])
                why = engine.check(st, ctx, a)
                if why is not None:
                    raise RuleViolation(why.case, "position.field", piece="start", field="actor", detail=why)
                st, more = engine.apply(st, ctx, a)
                out += more
        else:
            actors = f["actors"]
            # the Human Player-Turn ends as the rules end it [4.0]: who moved is noted [5.0], stacks of
            # super zombie and unit are noted [11.2], berserk units queue for their check [10.0]
            act = Activation(stack=actors, allowance=0, start=st.character(actors[0]).square or "") if actors else None
            st = st.evolve(record=TurnRecord(actors, f["entered"], f["acted"]), activation=act)
            st = human.do_end(st, ctx, EndTurn(), [])
            if start not in (Phase.HIDDEN, Phase.BERSERK):
                st = st.evolve(zturn=replace(st.zturn, queue=()))  # the berserk checks are behind us
            st = PHASES[start].enter(st, ctx, out)  # (solitaire, from BERSERK: the Hidden Zombie Table skipped)
            st, more = engine.settle(st, ctx)
            out += more
        if default:
            object.__setattr__(self, "_started", (st, list(out)))
        return st, out

    def state(self, ctx=None) -> GameState:
        """The engine's position with play started (see `start_state`)."""
        return self.start_state(ctx)[0]

    def game(self, seed: Optional[int] = None, **kw: Any):
        """A :class:`~dodnb.rules.game.Game` starting here; `kw` as Game takes them (human=,
        zombie=, dice=, counters=, tables=)."""
        from dodnb.rules.game import Game

        return Game(seed, position=self, **kw)

    # ------------------------------------------------------------------ display
    def _repr_svg_(self) -> Optional[str]:
        """The position drawn (by the render layer, through :mod:`dodnb.display`)."""
        return show(self, "image/svg+xml")

    def _repr_png_(self) -> Optional[bytes]:
        return show(self, "image/png")


__all__ = ["Position", "STARTS"]
