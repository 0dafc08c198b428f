"""Hand-built positions in any phase, for the per-Case engine tests."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from dodnb.board.model import Board, load_board
from dodnb.errors import RuleViolation
from dodnb.rules.counters import canonical_name
from dodnb.rules.game import Game
from dodnb.rules.state import CharacterState, GameState, TurnRecord, ZombieTurn, ZombieUnit


def state_from_pieces(characters=None, zombies=(), doors=None, board: Board | None = None) -> GameState:
    """An engine position from plain pieces, for tests (a study position for learners is
    `dodnb.Position`, the package's one builder; this one also gives units any id, pool or
    candidates): `characters` {name: square or {CharacterState field: value}}, `zombies`
    [{ZombieUnit field: value}] (ids Z01, Z02... unless given; a unit without a square is off the
    map, in the 'box' pool), `doors` {door: state}. Face up where a character stands [5.4], [7.7];
    checked (`GameState.check`)."""
    board = board or load_board()
    chars = []
    for name, spec in (characters or {}).items():
        spec = {"square": spec} if isinstance(spec, (str, int)) or spec is None else dict(spec)
        sq = spec.pop("square", None)
        chars.append(CharacterState(canonical_name(name), board.square_id(sq) if sq is not None else None, **spec))
    units = []
    for i, z in enumerate(zombies):
        z = dict(z)
        sq = z.pop("square", None)
        if sq is None:
            z.setdefault("pool", "box")
        uid = z.pop("uid", f"Z{i + 1:02d}")
        units.append(ZombieUnit(uid, square=board.square_id(sq) if sq is not None else None, **z))
    ds = tuple(sorted((d, str(s)) for d, s in (doors or {}).items() if s != "open"))
    st = GameState(board, tuple(chars), tuple(units), ds).with_knowledge(lower=False)
    st.check()
    return st


def build(chars, zombies=(), doors=None, eliminated=(), hidden_box=(), **kw) -> GameState:
    """A position: `chars` {name: square or dict}, `zombies` [{'square', 'value', ...}], units in the
    eliminated pool and the Hidden Zombie box by value; `kw` replaces GameState fields."""
    units = [dict(z) for z in zombies]
    for i, z in enumerate(units):
        z.setdefault("uid", f"Z{i + 1:02d}")
    units += [{"uid": f"E{i + 1:02d}", "value": v, "pool": "eliminated", "seen": True} for i, v in enumerate(eliminated)]
    units += [{"uid": f"H{i + 1:02d}", "value": v, "pool": "hidden"} for i, v in enumerate(hidden_box)]
    st = state_from_pieces(chars, units, doors)
    return replace(st, **kw) if kw else st


def human_game(chars, zombies=(), **kw) -> Game:
    """The Human Player-Turn of a hand-built position; both sides decided by the test."""
    return Game(state=build(chars, zombies, **kw), human="ask", zombie="ask")


def zombie_game(chars, zombies=(), actors=(), entered=(), acted=(), zturn=None, phase="berserk", **kw) -> Game:
    """A Zombie Player-Turn after a Human Player-Turn in which `actors` entered / acted in squares.
    By default the Berserk Phase is over (no unit to check) and play goes on to Reaction."""
    st = build(chars, zombies, phase=phase, record=TurnRecord(tuple(actors), tuple(entered), tuple(acted)),
               zturn=zturn or ZombieTurn(step="berserk_check"), **kw)
    return Game(state=st, human="ask", zombie="ask")


def free_game(chars, zombies=(), moves=1, **kw) -> Game:
    """The Zombie Free Movement Phase with `moves` free moves rolled."""
    return zombie_game(chars, zombies, phase="free", zturn=ZombieTurn(step="free_moves", moves_left=moves), **kw)


def attack_game(chars, zombies=(), **kw) -> Game:
    """The Zombie Attack Phase (free movement just ended)."""
    from dodnb.rules.actions import EndPhase

    g = free_game(chars, zombies, moves=0, **kw)
    g.apply(EndPhase())
    return g


def generation_game(chars, zombies=(), **kw) -> Game:
    """The Zombie Generation Phase (no attack owed)."""
    return zombie_game(chars, zombies, phase="attack", zturn=ZombieTurn(step="attack_squares"), **kw)


def snapshot(g: Game) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True)


def refused(g: Game, action, case: str) -> RuleViolation:
    """The action is illegal with this Case, `check` says so too, and the state is untouched."""
    before = snapshot(g)
    n = len(g.actions)
    why = g.check(action)
    assert why is not None and why.case == case, (action, why)
    with pytest.raises(RuleViolation) as err:
        g.apply(action)
    assert err.value.case == case, (action, err.value)
    assert snapshot(g) == before and len(g.actions) == n
    assert action not in g.legal_actions()
    return err.value


def texts(events) -> str:
    return "\n".join(e.text() for e in events)
