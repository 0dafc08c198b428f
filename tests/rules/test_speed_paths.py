"""The engine's fast paths give exactly what the plain rules give.

* Seeded random games replay action by action and state by state as they did before the speed work
  (fingerprints in `seeded_games.json`, recorded on main just before the fast paths were merged, and
  recorded again when ruling S-T1 (5) put the zombie side's fixed orders by square: the random
  policies index into `legal_actions`, so its order is part of what must not change; and again when
  the units' ids were drawn by the seed (issue 33): the free moves are listed and the pools drawn in
  id order, so the same seed plays differently; with the former ids the games replayed exactly as
  recorded before; and once more, the states
  alone, for ruling K1 — the pool draw's record, the public urn in the Zombie Player-Turn's
  bookkeeping —, every action unchanged).
* Free Movement [7.0] 2, [7.4]-[7.6], [10.3], [11.2]: the unit moves kept from one node to the next
  (`phases.free.unit_moves`) equal the plain walk over every unit, whatever order positions come in.
* `apply` skips the check only for the very action objects `legal_actions` / `chance_outcomes` just
  listed for the same state; anything else is checked [4.0].
* The caches of the one update path (occupancy kept by `evolve`, the index of units by id, the hashes
  of units, characters and moves) and the engine's own constructors (`Action.fast`) give exactly what
  the plain code gives."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from dodnb.errors import RuleViolation
from dodnb.rules import engine
from dodnb.rules.actions import EndPhase, Move, Roll, ZMove
from dodnb.rules.game import Game
from dodnb.rules.phases import free, movement
from dodnb.rules.phases.base import move_unit
from dodnb.rules.state import CharacterState, ZombieUnit
from dodnb.rules.vocab import PendingKind

FIXTURE = json.loads((Path(__file__).parent / "seeded_games.json").read_text())


def _strip(d):
    """A saved state without its English glosses (Pending.purpose, Result.reason): wording may change."""
    if isinstance(d, dict):
        # English glosses may change; victory_check (study drills, added after the recording) is always on here
        return {k: _strip(v) for k, v in d.items() if k not in ("purpose", "reason", "victory_check")}
    if isinstance(d, list):
        return [_strip(v) for v in d]
    return d


def fingerprint(seed: int, solitaire: bool) -> dict:
    g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
    g.play()
    acts = hashlib.sha256("\n".join(repr(a) for a in g.actions).encode()).hexdigest()[:16]
    h = hashlib.sha256()
    for s in g.history:
        h.update(json.dumps(_strip(s.to_dict()), sort_keys=True).encode())
    return {"seed": seed, "solitaire": solitaire, "actions": len(g.actions), "actions_sha": acts, "states_sha": h.hexdigest()[:16]}


@pytest.mark.parametrize("want", FIXTURE, ids=[f"{'solitaire' if d['solitaire'] else 'two-player'}-{d['seed']}" for d in FIXTURE])
def test_seeded_games_replay_as_before(want):
    """[4.0] the same seed gives the same actions and the same states as before the fast paths."""
    assert fingerprint(want["seed"], want["solitaire"]) == want


def plain_unit_moves(st, ctx):
    """The plain walk: every unit in uid order, its moves worked out afresh (the code before the cache)."""
    humans, supers = st.human_squares(), st.super_squares()
    done = set(st.zturn.reacted) | set(st.zturn.moved)
    left = st.zturn.moves_left
    out = []
    for z in sorted(st.zombies, key=lambda z: z.uid):
        if z.square is None or z.uid in done:
            continue
        if z.square in humans:
            continue  # [7.6]
        if not z.berserk and z.square not in supers and left <= 0:
            continue  # [7.0] 2, [10.3], [11.4] (ruling E15)
        for p in movement.unit_free_paths(st, ctx, z):
            out.append(ZMove(z.uid, p))
    return out


def _free_states(seeds, solitaire=False):
    out, ctx = [], None
    for s in seeds:
        g = Game(seed=s, human="random", zombie="random", solitaire=solitaire)
        g.play()
        ctx = g.ctx
        out += [st for st in g.history if st.pending is not None and st.pending.kind == PendingKind.FREE]
    return out, ctx


@pytest.mark.parametrize("solitaire", [False, True], ids=["two-player", "solitaire"])
def test_kept_free_moves_equal_the_plain_walk(solitaire):
    """[7.0] 2, [7.4]-[7.6], [10.3], [11.2]: in play order, shuffled, and from a cold cache, the kept
    unit moves are exactly the plain walk's, in the same order."""
    states, ctx = _free_states(range(4), solitaire)
    assert len(states) > 50
    shuffled = list(states)
    random.Random(5).shuffle(shuffled)
    for order in (states, shuffled):
        for st in order:
            assert free.unit_moves(st, ctx) == plain_unit_moves(st, ctx)
    ctx.free_cache = None
    for st in states[::7]:
        ctx.free_cache = None
        assert free.unit_moves(st, ctx) == plain_unit_moves(st, ctx)


def test_kept_free_moves_follow_hand_made_changes():
    """[7.6] a unit moved next to another by hand (not by the engine) changes that unit's moves."""
    states, ctx = _free_states([3])
    st = next(s for s in states if len([z for z in s.zombies if z.square]) > 5 and s.zturn.moves_left > 0)
    free.unit_moves(st, ctx)
    z = next(z for z in sorted(st.zombies, key=lambda z: z.uid) if z.square and plain_unit_moves(st, ctx))
    for n in ctx.moves(st)[z.square]:
        if not st.zombie_occupied(n):
            moved = move_unit(st, z.uid, square=n)
            assert free.unit_moves(moved, ctx) == plain_unit_moves(moved, ctx)
            assert free.unit_moves(st, ctx) == plain_unit_moves(st, ctx)


def test_apply_checks_everything_it_did_not_list():
    """[4.0] an action equal to a listed one is still checked (cheaply passes); an illegal one raises
    and leaves the state untouched even just after legal_actions was asked for that state."""
    g = Game(seed=1, human="random", zombie="random")
    while g.state.pending.kind != PendingKind.ACT or g.state.activation is None:
        g.step()
    st, ctx = g.state, g.ctx
    legal = engine.legal_actions(st, ctx)
    assert engine.legal_actions(st, ctx) == legal  # asked again: the same list, a fresh copy
    assert engine.legal_actions(st, ctx) is not engine.legal_actions(st, ctx)
    bad = Move("999") if "999" not in st.board.squares else Move("000")
    with pytest.raises(RuleViolation):
        engine.apply(st, ctx, bad)
    with pytest.raises(RuleViolation):
        engine.apply(st, ctx, Roll(3))  # the dice do not decide here
    with pytest.raises(RuleViolation):
        engine.apply(st, ctx, EndPhase())  # not a choice in the Human Player-Turn [5.0]
    legal.append(Roll(3))  # the caller's list is its own: adding to it trusts nothing
    with pytest.raises(RuleViolation):
        engine.apply(st, ctx, legal[-1])
    from dataclasses import fields

    same = type(legal[0])(**{f.name: getattr(legal[0], f.name) for f in fields(legal[0])})
    assert same == legal[0] and same is not legal[0]
    assert engine.apply(st, ctx, same)[0] == engine.apply(st, ctx, legal[0])[0]
    assert g.state is st


def test_move_unit_face_up_is_seen():
    """[2.3] a unit turned face up has been seen, by whatever path it is changed."""
    states, _ = _free_states([0])
    st = states[0]
    z = next(z for z in st.zombies if not z.seen)
    assert move_unit(st, z.uid, face_up=True).unit(z.uid).seen


def test_evolve_forgets_cached_occupancy():
    """A new state never inherits the occupancy or hash worked out for the old one."""
    states, _ = _free_states([0])
    st = states[0]
    z = next(z for z in st.zombies if z.square)
    assert st.zombie_occupied(z.square)
    hash(st)
    gone = st.evolve(zombies=tuple(x for x in st.zombies if x.uid != z.uid))
    assert not gone.zombie_occupied(z.square) and z.square not in gone.occupied()
    assert gone != st and st.evolve() == st and hash(st.evolve()) == hash(st)


def test_evolve_keeps_occupancy_only_while_the_pieces_are_the_same():
    """The occupancy caches survive a change of bookkeeping (the same characters and units), never of
    the pieces; the index of units by id survives `with_units` (the same units in the same order)."""
    states, _ = _free_states([0])
    st = states[0]
    z = next(z for z in st.zombies if z.square)
    st.unit_squares(), st.human_squares(), st.unit(z.uid)
    kept = st.evolve(pending=None)
    assert kept.__dict__["_units"] is st.__dict__["_units"] and "_hash" not in kept.__dict__
    moved = st.with_units(tuple(x if x is not z else ZombieUnit(z.uid, z.value, None, pool="eliminated") for x in st.zombies))
    assert "_units" not in moved.__dict__ and not moved.zombie_occupied(z.square)
    assert moved.__dict__["_humans"] is st.__dict__["_humans"]  # the characters are the same
    c = st.characters[0]
    gone = st.evolve(characters=tuple(CharacterState(c.name, None, "killed") if x is c else x for x in st.characters))
    assert "_humans" not in gone.__dict__ and gone.__dict__["_units"] is st.__dict__["_units"]  # the units are the same
    assert gone.human_squares() == frozenset(x.square for x in gone.characters if x.in_play)
    assert moved.unit(z.uid).square is None and moved.unit_index(z.uid) == st.unit_index(z.uid)


def test_cached_hashes_are_the_dataclass_hashes_and_never_copied():
    """Units, characters and zombie moves keep their hash; it is the hash of their fields, a copy made
    by the engine (`rec`, a flip) works out its own, and pickling leaves it out."""
    import pickle
    from dataclasses import astuple

    from dodnb.rules.phases.base import rec

    states, _ = _free_states([0])
    st = states[0]
    z, c = next(z for z in st.zombies if z.square), st.characters[0]
    assert hash(z) == hash(astuple(z)) and hash(c) == hash(astuple(c))
    moved = rec(z, square="001")
    assert hash(moved) == hash(astuple(moved)) != hash(z)
    up = st.with_knowledge(lower=False)
    assert all(hash(u) == hash(astuple(u)) for u in up.zombies)
    for x in (z, c, ZMove.fast(z.uid, ("001",))):
        hash(x)
        back = pickle.loads(pickle.dumps(x))
        assert back == x and "_h" not in back.__dict__ and hash(back) == hash(x)


def test_fast_actions_are_the_same_values():
    """`Action.fast` (the engine's own listed actions) gives the value the constructor gives."""
    from dodnb.rules.actions import Activate, BerserkCheck, Shoot

    pairs = [(Activate.fast(("Peter",)), Activate(("Peter",))),
             (Activate.fast(("Peter", "Roger"), "Peter", "Fran"), Activate(("Peter", "Roger"), "Peter", "Fran")),
             (Move.fast("024"), Move("024")), (Shoot.fast(("Steve",), "024"), Shoot(("Steve",), "024")),
             (BerserkCheck.fast("Z01"), BerserkCheck("Z01")), (ZMove.fast("Z01", ("002", "003")), ZMove("Z01", ("002", "003")))]
    for fast, plain in pairs:
        assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
        assert {k: v for k, v in fast.__dict__.items() if k != "_h"} == {k: v for k, v in plain.__dict__.items() if k != "_h"}


def test_every_per_state_cache_is_one_evolve_knows():
    """`evolve` drops the caches by name (`state._CACHES`): every key a state keeps beside its fields,
    after every query that fills one, is among them (a new cache not listed would outlive a change)."""
    from dodnb.rules import state as state_mod

    states, _ = _free_states([0, 1])
    for st in states[:40]:
        z = next((z for z in st.zombies if z.square), None)
        hash(st), st.human_squares(), st.super_squares(), st.unit_squares(), st.occupied()
        st.characters_in(st.characters[0].square or "001")
        if z is not None:
            st.unit(z.uid), st.zombie_occupied(z.square)
        extra = set(st.__dict__) - set(state_mod._FIELD_NAMES)
        assert extra and extra <= set(state_mod._CACHES), extra


def test_state_equality_and_hash_are_the_dataclass_ones():
    """`GameState.__eq__` reads the compared fields in one call: the same answers as comparing every
    field but the board; equal states hash alike (the units' hash kept per tuple object), on states met in seeded games (equal copies made
    by `evolve`, and neighbours that differ)."""
    from dataclasses import fields

    states, _ = _free_states([2])
    names = [f.name for f in fields(states[0]) if f.compare]
    for a, b in zip(states, states[1:]):
        for x, y in ((a, b), (a, a.evolve()), (b, a)):
            plain = all(getattr(x, n) == getattr(y, n) for n in names)
            assert (x == y) is plain and (x != y) is not plain
            if plain:
                assert hash(x) == hash(y)
        # the hash: the units' tuple hashed once per tuple object, beside the other compared fields
        assert hash(a) == hash((hash(a.zombies), tuple(getattr(a, n) for n in names if n != "zombies")))
        c = a.evolve(zombies=tuple(list(a.zombies)))  # equal units, another tuple: equal, same hash
        assert c.zombies is not a.zombies and c == a and hash(c) == hash(a)
    assert states[0] != "a state" and states[0].__eq__(object()) is NotImplemented


def test_5_3_moves_with_the_doors_kept_per_square_equal_the_board_own_answer():
    """[5.3] a closed door stops a move across it: `Ctx.moves` works out a square's moves once per set
    of closed doors on its own sides and reuses them in every door configuration; for random
    configurations (doors open, closed or destroyed) every square's moves equal the board's own
    answer with every door state given."""
    from dodnb.rules.context import Ctx

    g = Game(seed=4)
    board = g.state.board
    ctx = Ctx(board)  # fresh caches
    rng = random.Random(5)
    doors = sorted(board.doors)
    touched = 0
    for _ in range(40):
        states = {d: rng.choice(["open", "closed", "closed", "destroyed"]) for d in rng.sample(doors, rng.randint(1, len(doors)))}
        states = {d: s for d, s in states.items() if s != "destroyed" or board.doors[d].kind == "glass"}
        st = g.state.evolve(door_states=tuple(sorted((d, s) for d, s in states.items() if s != "open")))
        got = ctx.moves(st)
        assert got == {sq: board.moves_from(sq, st.doors) for sq in board.ids}
        touched += len({sq for d, s in st.door_states if s == "closed" for sq in board.doors[d].squares})
    assert 0 < len(ctx._square_moves) < touched  # squares' moves were reused across configurations


@pytest.mark.parametrize("solitaire", [False, True])
def test_5_4_7_7_a_unit_move_turns_only_that_unit_up_or_down_as_the_whole_check_does(monkeypatch, solitaire):
    """[5.4], [7.7], [11.1], [15.7]: after a free or reaction move, units are face up exactly in a
    character's square (or a super zombie's, not in the solitaire game). The move looks only at the
    unit that moved (`GameState.with_knowledge_after`) where the units before it were settled by
    `with_knowledge`; on every unit move of seeded random games it gives exactly the position the whole
    check gives, and takes its short way on most of them."""
    from dodnb.rules.state import GameState

    pairs = []
    for seed in range(4):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        g.play()
        pairs += [(st, a, g.ctx) for st, a in zip(g.history, g.actions)
                  if st.pending.kind in (PendingKind.FREE, PendingKind.REACTION) and type(a) is ZMove]
    whole = GameState.with_knowledge
    calls = []

    def counted(self, lower=True):
        calls.append(1)
        return whole(self, lower)

    monkeypatch.setattr(GameState, "with_knowledge", counted)
    fast = []
    for st, a, ctx in pairs:
        st.with_knowledge()  # the position as the engine left it: its units settled (as a game's are)
        calls.clear()
        fast.append(engine.apply(st, ctx, a)[0])
        assert not calls, a  # the moved unit alone was looked at
    monkeypatch.setattr(GameState, "with_knowledge_after", lambda self, before, i: whole(self))
    plain = [engine.apply(st, ctx, a)[0] for st, a, ctx in pairs]
    assert len(pairs) >= 100 and fast == plain
    assert all(s == whole(s) for s in fast)


@pytest.mark.parametrize("solitaire", [True, False])
def test_8_0_apply_to_attack_end_then_settle_is_apply(solitaire):
    """[8.0], [8.1], [14.0]: within an attack, `apply_to_attack_end` stops where the attack (and any
    shot at the attacker) is over, before the victory check and the phase's next step; `settle` from
    there gives exactly `apply`'s position and events. At every decision and roll of an attack in
    seeded random games; the attacks that stop early (the attack over at that step) are met too."""
    stopped = kept = 0
    for seed in range(6):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        ctx = g.ctx
        while not g.over and g.state.turn <= 8:
            st = g.state
            if st.attack is not None and st.pending is not None:
                if st.pending.side == "chance":
                    acts = [a for a, _ in engine.chance_outcomes(st, ctx)]
                else:
                    acts = engine.legal_actions(st, ctx)
                for a in acts:
                    whole, events = engine.apply(st, ctx, a)
                    part, first = engine.apply_to_attack_end(st, ctx, a)
                    if part.attack is None and part.shot is None:
                        stopped += 1
                        rest, more = engine.settle(part, ctx)
                        assert (rest, first + more) == (whole, events), (seed, st.pending, a)
                    else:
                        kept += 1
                        assert (part, first) == (whole, events), (seed, st.pending, a)
            g.step()
    assert stopped > 10 and kept > 10, (stopped, kept)
