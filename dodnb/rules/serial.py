"""A game state as JSON: `state_to_dict` writes every field but the board, `state_fields` reads them
back, each field checked against its type (a damaged or hostile file is an InputError naming the
field, never a crash deeper in). `GameState.to_dict` / `GameState.from_dict` are the public face.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping, Optional

from dodnb.board.model import Board, load_board
from dodnb.errors import InputError
from dodnb.rules.records import Activation, Attack, CharacterState, Pending, Result, Shot, TurnRecord, ZombieTurn, ZombieUnit
from dodnb.rules.vocab import AttackStep, PendingKind, Phase, Side, ZStep

STATE_VERSION = 2  # 2: typed pending kinds and zombie-turn steps (ZStep) instead of flags


def state_to_dict(state: Any) -> dict[str, Any]:
    """JSON-ready dict of every field of a GameState but the board (saved by name alongside)."""
    out: dict[str, Any] = {"version": STATE_VERSION}
    for f in fields(state):
        if f.name in ("board", "ctx"):  # the board is saved by name alongside; the rules object is not data
            continue
        out[f.name] = _plain(getattr(state, f.name))
    return out


def state_fields(data: Mapping[str, Any], board: Optional[Board] = None) -> tuple[Board, dict[str, Any]]:
    """(the board, the GameState fields but the board) read from :func:`state_to_dict`'s JSON, each
    checked (InputError); the position itself is checked by `GameState.from_dict`."""
    if not isinstance(data, Mapping):
        raise InputError(f"a saved state is a JSON object, got {type(data).__name__}")
    if data.get("version") != STATE_VERSION:
        raise InputError(f"saved state version {data.get('version')!r}; this dodnb reads version {STATE_VERSION}")
    board = board or load_board()
    try:
        kw: dict[str, Any] = {
            "characters": tuple(CharacterState(**c) for c in data["characters"]),
            "zombies": tuple(ZombieUnit(**{**z, "candidates": tuple(z.get("candidates", ()))}) for z in data["zombies"]),
            "door_states": tuple((d, s) for d, s in data["door_states"]),
            "super_value": data["super_value"],
            "turn": data["turn"],
            "phase": data["phase"],
            "pending": _rebuild(Pending, data["pending"]) if data.get("pending") else None,
            "hidden_squares": tuple(data["hidden_squares"]),
            "crossed_squares": tuple(data["crossed_squares"]),
            "rifles_left": data["rifles_left"],
            "record": _rebuild(TurnRecord, data["record"]),
            "activation": _rebuild(Activation, data["activation"]) if data.get("activation") else None,
            "shot": _rebuild(Shot, data["shot"]) if data.get("shot") else None,
            "attack": _rebuild(Attack, data["attack"]) if data.get("attack") else None,
            "zturn": _rebuild(ZombieTurn, data["zturn"]),
            "result": _rebuild(Result, data["result"]) if data.get("result") else None,
            "solitaire": bool(data.get("solitaire", False)),
            "fran_counts_two": bool(data.get("fran_counts_two", False)),
            "victory_check": data.get("victory_check", True),
        }
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError(f"saved state is malformed: {exc}") from exc
    for name, kind in (("phase", "str"), ("door_states", "tuple[tuple[str,str],...]"), ("hidden_squares", "tuple[str,...]"),
                       ("crossed_squares", "tuple[str,...]")):
        if not _conforms(_tuples(kw[name]) if isinstance(kw[name], list) else kw[name], kind):
            raise InputError(f"saved state: {name} has the wrong type: {kw[name]!r}")
    if not isinstance(kw["victory_check"], bool):
        raise InputError(f"saved state: victory_check must be true or false, got {kw['victory_check']!r}")
    for sq in kw["hidden_squares"] + kw["crossed_squares"]:
        if sq not in board.squares:
            raise InputError(f"saved state: hidden-zombie square {sq!r} is not on this map")
    if kw["phase"] not in {p.value for p in Phase}:
        raise InputError(f"saved state has an unknown phase {kw['phase']!r}")
    if kw["pending"] is not None and kw["pending"].side not in {s.value for s in Side}:
        raise InputError(f"saved state: unknown side {kw['pending'].side!r} to move")
    return board, kw


def _plain(x: Any) -> Any:
    if x is None or isinstance(x, (bool, int, str)):
        return x if not isinstance(x, str) else str(x)
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    if hasattr(x, "__dataclass_fields__"):
        return {f.name: _plain(getattr(x, f.name)) for f in fields(x)}
    raise TypeError(f"cannot serialise {x!r}")


#: Enum-typed fields of the bookkeeping records, read from their JSON strings.
_ENUMS: dict[str, Any] = {"Side": Side, "PendingKind": PendingKind, "ZStep": ZStep, "AttackStep": AttackStep}


def _conforms(value: Any, kind: str) -> bool:
    """Does a value read from JSON fit a field annotation of the bookkeeping records?"""
    kind = kind.replace(" ", "")
    if kind in _ENUMS:
        return isinstance(value, str) and value in _ENUMS[kind]._value2member_map_
    if kind.startswith("Optional[") and kind.endswith("]"):
        return value is None or _conforms(value, kind[9:-1])
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind.startswith("tuple[") and kind.endswith(",...]"):
        inner = kind[6:-5]
        return isinstance(value, tuple) and all(_conforms(v, inner) for v in value)
    if kind.startswith("tuple[") and kind.endswith("]"):
        parts = kind[6:-1].split(",")
        return isinstance(value, tuple) and len(value) == len(parts) and all(_conforms(v, k) for v, k in zip(value, parts))
    return False


def _tuples(v: Any) -> Any:
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


def _rebuild(cls, data: Mapping[str, Any]):
    """One bookkeeping record from JSON, every field checked against its annotation."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{cls.__name__} must be an object, got {type(data).__name__}")
    kw = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        v = _tuples(data[f.name])
        if str(f.type) in _ENUMS:
            enum = _ENUMS[str(f.type)]
            if not _conforms(v, str(f.type)):
                raise ValueError(f"{cls.__name__}.{f.name}: unknown {f.name} {data[f.name]!r} (one of {', '.join(m.value for m in enum)})")
            v = enum(v)
        elif not _conforms(v, str(f.type)):
            raise ValueError(f"{cls.__name__}.{f.name} has the wrong type: {data[f.name]!r}")
        kw[f.name] = v
    return cls(**kw)


__all__ = ["STATE_VERSION", "state_to_dict", "state_fields"]
