"""Exact zombie-turn odds [15.0] (issue 17): the fast walk against the plain walk of the engine's
chance nodes (tests/prob/zombieturn/zturn_positions.py, public engine API only, no shortcut), the two bugs
of issue 17 on their reproductions, two-player games (ruling Z3), honest estimates (Wilson intervals)
and the odds object a panel formats."""

from __future__ import annotations

import random
import functools
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

import dodnb.prob as P
from dodnb.errors import RuleViolation
from dodnb.prob.enumerate import TooBig
from dodnb.prob.errors import ProbError
from dodnb.prob.zombieturn import (
    SOLITAIRE_QUESTION, TWO_PLAYER_QUESTION, ZombieTurnOdds, ZombieTurnWalk, exact_turn, sample_zombie_turn, start_position,
    walk_exact, wilson, zombie_turn,
)
from dodnb.prob.zombieturn.common import evolved
from dodnb.board.model import load_board
from dodnb.rules import engine
from dodnb.rules.knowledge import conceal
from dodnb.rules.phases import attack, reaction
from dodnb.rules.actions import EndPhase, EndTurn
from dodnb.rules.game import Game
from dodnb.rules.solitaire import free_move_decision, zombie_policy
from dodnb.search.humans import sensible_human
from dodnb.rules.state import Pending, TurnRecord, ZombieTurn
from tests.rules.helpers import state_from_pieces
from tests.rules.solitaire_helpers import build, free_state, two_beside
from tests.prob.zombieturn.zturn_positions import TooLong, game_positions, mid_turn_states, plain_walk, random_position
from tests.prob.zombieturn.zturn_positions import _counts as plain_counts

CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}


def as_plain(dist) -> dict:
    return {tuple(k): p for k, p in dist.items()}


def study(n_units=3, values=(9, 7, 11), elim=(), doors=CLOSED):
    """Peter and Fran in 024 with units around them, Steve in 177; the Human Player-Turn to end."""
    squares = ["099", "097", "134", "100", "136"][:n_units]
    return build({"Peter": "024", "Fran": "024", "Steve": "177"},
                 [{"square": s, "value": values[i % len(values)], "berserk": i == 1} for i, s in enumerate(squares)],
                 eliminated=elim, doors=doors, pending=Pending("human", "act", "5.0", ""))


# --------------------------------------------------------------------------------------------
# issue 17, bug 1: the draw shortcut (ruling Z1 as it was) counted units by name


def issue_position(uid: str, settle: bool = True):
    """The reproduction of issue 17: Peter in 114 with a value-1 unit, one unit (value 5) in the
    eliminated pool, three main doors closed; the Zombie Free Movement Phase over."""
    st = state_from_pieces({"Peter": "114"}, [{"uid": uid, "square": "114", "value": 1},
                           {"uid": "E01", "value": 5, "pool": "eliminated", "seen": True}], doors={"E": "closed", "S": "closed", "W": "closed"})
    st = replace(st, solitaire=True, phase="free", record=TurnRecord(), zturn=ZombieTurn(
        step="free_moves", moves_left=0))
    if not settle:
        return st
    g = Game(state=st, human="ask", zombie="ask")
    g.apply(EndPhase())
    return g


def test_issue17_ruling_z1_renaming_a_unit_changes_no_count():
    """[13.3], ruling Z1: destroyed and entered are counted from what happened in the turn, so the
    name of the unit shot and drawn back in changes nothing; both equal the plain walk exactly."""
    a = zombie_turn(issue_position("Z01"), fallback=None)
    b = zombie_turn(issue_position("A01"), fallback=None)
    assert a.exact and b.exact
    assert a.dist == b.dist
    plain = plain_walk(start_position(issue_position("A01"))[0])
    assert as_plain(a.dist) == plain
    assert as_plain(b.dist) == plain
    # the unit shot (destroyed 1) can come back through the North door (entered 1): both counted
    assert any(o.destroyed == 1 and o.entered == 1 for o, _ in a.dist.items())
    assert sum(a.destroyed.p(k) for k in (0, 1)) == 1


# --------------------------------------------------------------------------------------------
# issue 17, bug 2: a hand-built position in a zombie phase with nothing pending


def test_issue17_unsettled_zombie_phase_is_settled_first():
    """[4.0] a position built by hand in the Zombie Free Movement Phase with nothing pending is settled
    by the engine's automatic steps (as Game(state=...) does), not taken as "nothing happens"."""
    st = issue_position("Z01", settle=False)
    assert st.pending is None
    odds = zombie_turn(st, fallback=None)
    settled = Game(state=st, human="ask", zombie="ask").state
    assert settled.pending is not None
    assert odds.exact and odds.dist == zombie_turn(settled, fallback=None).dist
    assert as_plain(odds.dist) == plain_walk(settled)
    assert odds.status("Peter").p("normal") < 1  # the unit in 114 attacks Peter [8.0]


# --------------------------------------------------------------------------------------------
# every shortcut (rulings Z1, Z2, Z3) against the plain walk, on positions from seeded random games


def _compare(seeds, solitaire, every, budget, walk_cls=ZombieTurnWalk, differ=None):
    """The fast walk against the plain walk from the positions met in the zombie turns of seeded random
    positions; with `differ` (a list), a mismatch is counted there instead of failing."""
    used: dict = {}
    compared = {}
    for seed in seeds:
        st0, ctx = start_position(random_position(seed, solitaire))
        for m in mid_turn_states(st0, seed, every=every):
            try:
                plain = plain_walk(m, max_nodes=budget)
            except TooLong:
                continue  # too big for the plain walk in a unit test: the benchmark covers them
            walk = walk_cls(m, ctx)
            fast = walk_exact(m, walk)
            if differ is not None:
                differ.append(as_plain(fast) != plain)
                continue
            assert as_plain(fast) == plain, (seed, solitaire, m.phase, m.pending)
            for k, v in walk.used.items():
                used[k] = used.get(k, 0) + v
            compared[m.phase] = compared.get(m.phase, 0) + 1
            _compare_public(m, ctx, budget, used, compared, walk_cls)
    return compared, used


def _compare_public(m, ctx, budget, used, compared, walk_cls=ZombieTurnWalk):
    """The same proof from what the humans know (ruling K1): the fast walk of the concealed position,
    values drawn where they are read, against the plain walk drawing them as soon as they show."""
    try:
        plain = plain_walk(m, max_nodes=budget, public=True)
    except TooLong:
        return
    c = conceal(m)
    walk = walk_cls(c, ctx)
    assert walk.public
    assert as_plain(walk_exact(c, walk)) == plain, ("public", m.turn, m.phase, m.pending)
    for k, v in walk.used.items():
        used[k] = used.get(k, 0) + v
    compared["public"] = compared.get("public", 0) + 1


def test_15_0_fast_walk_equals_the_plain_walk_solitaire():
    """Statuses, destroyed, entered and winner: exactly equal Fractions, from every phase of the
    zombie turn, and every shortcut exercised."""
    compared, used = _compare(range(4), True, every=3, budget=300)
    assert sum(compared.values()) >= 8, compared
    assert {"free", "attack"} <= set(compared), compared
    assert used.get("rolls by result", 0) > 0 and used.get("units reduced", 0) + used.get("stand-in dropped", 0) > 0, used
    assert used.get("draws that cannot matter", 0) > 0 and used.get("free-move faces sharing a chain", 0) > 0, used
    assert used.get("free moves that cannot matter skipped", 0) > 0, used
    assert used.get("entrance rolls summed", 0) > 0 and used.get("free moves followed at once", 0) > 0, used
    assert used.get("pool values forgotten", 0) > 0 and used.get("units reduced after their attack", 0) > 0, used
    assert used.get("statuses carried", 0) > 0, used  # (the ends of movement shared: their own test below)


class _FreezeEveryone(ZombieTurnWalk):
    """A wrong ruling Z1 (statuses): every stunned or infected character's status carried, whether or
    not an attack can still reach him."""

    def _reached(self, s):
        return set()


class _FreezeFran(ZombieTurnWalk):
    """A wrong ruling Z1 (statuses): Fran's infection taken as normal like the others' [14.1]."""

    def freeze(self, s):
        got, subs = super().freeze(s)
        if not self.shortcuts or s.phase not in ("attack", "generation") or s.result is not None or s.pending is None:
            return got, subs
        fran = next((c for c in got.characters if c.name == "Fran"), None)
        if fran is None or fran.status != "infected" or fran.infected_turn < s.turn or s.zturn.super_rolls:
            return got, subs
        chars = tuple(replace(c, status="normal") if c.name == "Fran" else c for c in got.characters)
        return got.evolve(characters=chars), tuple(sorted(subs + (("Fran", "infected"),)))


def test_15_0_ruling_z1_a_wrong_status_carry_is_caught():
    """The comparison with the plain walk is not vacuous for the statuses carried: carrying them
    whether or not an attack can still reach the character changes the answer."""
    differ: list = []
    _compare(range(4), True, every=2, budget=300, walk_cls=_FreezeEveryone, differ=differ)
    assert any(differ), len(differ)


class _EndsByCharacters(ZombieTurnWalk):
    """A wrong sharing of the end of movement (ruling Z1): keyed on the characters alone, as if where
    the units stand when the Attack Phase begins did not matter."""

    def _end_movement(self, t):
        if self._in_nameless:  # (no end of movement is worked out nameless)
            return super()._end_movement(t)
        wrong = self.__dict__.setdefault("_wrong", {})
        got = wrong.get(t.characters)
        if got is None:
            got = wrong[t.characters] = super()._end_movement(t)
        return got


def test_15_0_ruling_z1_ends_of_movement_shared_equal_the_plain_walk_and_too_far_is_caught():
    """Ruling Z1, the end of movement: Peter in 024 and Fran in 113, a unit beside each, the
    free-movement die to roll. One free move brings one unit into a character's square, two bring
    both: the ends of movement differ in who is attacked. Shared by their canonical form, the answer
    is the plain walk's; shared by the characters alone (wrong), it is not."""
    st = free_state({"Peter": "024", "Fran": "113"}, [{"square": "099", "value": 4}, {"square": "114", "value": 5}],
                    moves=0, doors=CLOSED)
    st = replace(st, zturn=ZombieTurn(step="free_roll"), pending=Pending("chance", "roll:free", "7.0", "", 1))
    ctx = engine.context(st.board)
    plain = plain_walk(st, max_nodes=20_000)
    walk = ZombieTurnWalk(st, ctx)
    assert as_plain(walk_exact(st, walk)) == plain and walk.used.get("free-move faces ending on the way", 0) > 0, walk.used
    assert as_plain(walk_exact(st, _EndsByCharacters(st, ctx))) != plain
    # two ends of movement that differ only in what the canonical form drops (the free moves left,
    # where a unit away from the characters stands) share the engine's next steps
    t = free_state({"Peter": "024", "Fran": "113"}, [{"square": "024", "value": 4}, {"square": "150", "value": 5}],
                   moves=3, doors=CLOSED)
    u = t.evolve(zturn=replace(t.zturn, moves_left=1), zombies=(t.zombies[0], replace(t.zombies[1], square="151")))
    walk = ZombieTurnWalk(t, ctx)
    assert walk._end_movement(t) == walk._end_movement(u) and walk.used.get("ends of movement shared", 0) == 1, walk.used


def test_14_1_ruling_z1_fran_infected_is_carried_as_infected():
    """Ruling Z1 (statuses) and [14.1]: Fran attacked in 024, then Peter (stunned) in 099 (the attack
    squares in order [8.0]); the main doors closed, the pool empty. Once Fran's attack is over her
    status can no longer change, but an infected Fran still counts for the zombies' victory when Peter
    is killed: the walk equals the plain walk exactly, and would not if it took her infection as
    normal."""
    st = build({"Fran": "024", "Peter": {"square": "099", "status": "stunned"}},
               [{"square": "024", "value": 6}, {"square": "099", "value": 6}], doors=CLOSED, phase="attack",
               record=TurnRecord(("Fran",)), zturn=ZombieTurn(step="attack_squares"))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    plain = plain_walk(st)
    walk = ZombieTurnWalk(st, ctx)
    fast = walk_exact(st, walk)
    assert as_plain(fast) == plain and walk.used.get("statuses carried", 0) > 0, walk.used
    assert any(o.winner == "zombie" and dict(o.statuses)["Fran"] == "infected" for o, _ in fast.items())
    assert as_plain(walk_exact(st, _FreezeFran(st, ctx))) != plain


def test_15_0_fast_walk_equals_the_plain_walk_in_real_solitaire_games():
    """The same proof on positions of real seeded solitaire games (45 units on the map, the [15.5]
    automaton against sensible and random humans): positions met during the zombie turns that follow
    the first Human Player-Turns, the plain walk where it fits a unit test's budget."""
    used: dict = {}
    compared: dict = {}
    for seed, st in game_positions(range(8, 12), max_turn=2):  # range(4) before the seeded unit ids (issue 33)
        st0, ctx = start_position(st)
        for m in mid_turn_states(st0, seed, every=4):
            try:
                plain = plain_walk(m, max_nodes=300)
            except TooLong:
                continue
            walk = ZombieTurnWalk(m, ctx)
            assert as_plain(walk_exact(m, walk)) == plain, (seed, m.turn, m.phase, m.pending)
            for k, v in walk.used.items():
                used[k] = used.get(k, 0) + v
            compared[m.phase] = compared.get(m.phase, 0) + 1
            _compare_public(m, ctx, 300, used, compared)
    assert compared.get("public", 0) >= 4, compared  # (values drawn at a reveal: test_zombie_turn_knowledge.py)
    assert sum(compared.values()) >= 6 and {"attack", "generation"} <= set(compared), compared
    assert used.get("pool values forgotten", 0) > 0 and used.get("entrance rolls summed", 0) > 0, used
    assert used.get("attacks followed apart", 0) > 0, used
    assert used.get("units reduced", 0) + used.get("stand-in dropped", 0) > 0 and used.get("rolls by result", 0) > 0, used


def test_15_0_reaction_movement_followed_at_once_equals_the_plain_walk():
    """The Zombie Reaction Movement Phase [7.0] 1 has no chance node: its decisions are followed at once
    to its end. From the first reaction decision of seeded random positions where several units react,
    the same answer as the plain walk (ruling Z1: units set aside in reaction, taken)."""
    followed = aside = 0
    for seed in (19, 37, 42, 51):
        st0, ctx = start_position(random_position(seed, True))
        m = next(m for m in mid_turn_states(st0, seed) if m.pending.kind == "reaction")
        walk = ZombieTurnWalk(m, ctx)
        assert as_plain(walk_exact(m, walk)) == plain_walk(m), seed
        followed += walk.used.get("reaction moves followed at once", 0)
        aside += walk.used.get("units set aside in reaction", 0)
    assert followed >= 4 and aside >= 1, (followed, aside)


def test_15_0_ruling_z2_a_roll_merged_too_far_is_caught(monkeypatch):
    """Ruling Z2 (2): the walk follows one total per result of a roll (`engine.roll_classes`). The
    comparison with the plain walk is not vacuous there: a shot [6.0] or an attack roll [8.8] taken as
    deciding nothing (every total one class) changes the answer."""
    import dataclasses

    from dodnb.rules.phases import NODES
    from dodnb.rules.vocab import PendingKind

    for kind in (PendingKind.ROLL_SHOT, PendingKind.ROLL_ATTACK):
        monkeypatch.setitem(NODES, kind, dataclasses.replace(NODES[kind], result=lambda st, ctx: lambda total: None))
    differ: list = []
    _compare(range(4), True, every=3, budget=300, differ=differ)
    assert any(differ), len(differ)


def test_10_4_a_free_move_die_face_ending_at_a_glass_door_attack():
    """[10.4], [10.5], ruling Z2 (5): Peter in 069 behind the closed glass door G01; the Hidden Zombie
    Table brings a unit into 047, on the other side. Where it goes berserk [15.4], the six's chain of
    free moves ends with its attack on the door (a roll, not the end of the phase), so a lower face's
    last counted move is the chain's last step. The walk once looked for a step after it and failed
    (IndexError); it equals the plain walk."""
    st = build({"Peter": "069"}, [{"square": "190", "value": 2}], eliminated=(2, 6, 11, 11), doors={**CLOSED, "G01": "closed"},
               phase="hidden", record=TurnRecord(("Peter",), entered=("069",)), zturn=ZombieTurn(step="hidden_done", drawing="047"))
    ctx = engine.context(st.board)
    st, _ = engine.settle(st, ctx)
    assert st.pending.kind == "draw:eliminated"
    walk = ZombieTurnWalk(st, ctx)
    assert as_plain(walk_exact(st, walk)) == plain_walk(st)
    assert walk.used.get("free-move faces sharing a chain", 0) > 0, walk.used


def test_15_0_entrance_draw_classes_equal_the_plain_walk():
    """Rulings Z1, Z2 after movement: the Zombie Generation Phase [13.0] with Peter in the South
    entrance square 117 (a unit drawn there attacks him [13.4]) and a pool of equal values, drawn by
    class; then the plain walk of the engine's chance nodes."""
    st = build({"Peter": "117", "Fran": "024"}, [{"square": "097", "value": 4}], eliminated=(2, 2, 6, 9, 9), phase="attack",
               record=TurnRecord(("Fran",)), zturn=ZombieTurn(step="attack_squares"))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.phase == "generation"
    walk = ZombieTurnWalk(st, ctx)
    fast = walk_exact(st, walk)
    assert as_plain(fast) == plain_walk(st)
    assert walk.used.get("draw classes after movement", 0) > 0 and walk.used.get("units reduced", 0) + walk.used.get("stand-in dropped", 0) > 0, walk.used


def _proves(st, ctx, used: str = "", wrong=(), public: bool = False) -> dict:
    """The walk from `st` equals the plain walk of the engine's chance nodes exactly, with the shortcut
    named `used` taken; each walk class in `wrong` (a plausible mistake) does not. The plain answer.
    ``public``: both from what the humans know (ruling K1: `st` concealed, values drawn at the reveal)."""
    plain = plain_walk(st, public=public)
    if public:
        st = conceal(st)
    walk = ZombieTurnWalk(st, ctx)
    assert as_plain(walk_exact(st, walk)) == plain
    assert not used or walk.used.get(used, 0) > 0, walk.used
    for cls in wrong:
        assert as_plain(walk_exact(st, cls(st, ctx))) != plain, cls.__name__
    return plain


class _NoGates(ZombieTurnWalk):
    """A wrong ruling Z1: units in the main-door squares taken to block no entrance [13.2]."""

    def _open_entrances(self, s):
        return frozenset()


def test_15_0_ruling_z1_a_unit_at_a_closed_main_door_blocks_nothing():
    """Ruling Z1 after movement: a unit in a main-door square whose door is closed is reduced like any
    unit away from the characters (no unit enters through a closed door [13.2], and no door opens or
    closes in the Attack and Generation Phases); one in a square whose door is open still blocks it.
    Peter (stunned) in the South entrance square 117 under attack, units in the closed North and West entrance
    squares and in the open East one: the plain walk of the engine's chance nodes agrees exactly, and
    taking the open door's unit as blocking nothing would not."""
    st = build({"Peter": {"square": "117", "status": "stunned"}, "Fran": "024"},
               [{"square": "117", "value": 4}, {"square": "004", "value": 7}, {"square": "212", "value": 2},
                {"square": "093", "value": 5}],
               eliminated=(2,), doors={"N": "closed", "W": "closed"}, phase="attack",
               record=TurnRecord(("Fran",)), zturn=ZombieTurn(step="attack_squares"))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    _proves(st, ctx, "units at a closed main door reduced", [_NoGates])


class _BlockersAlwaysReduced(ZombieTurnWalk):
    """A wrong ruling Z1 (blockers): a unit alone at an open main door reduced like the units away from
    the characters even while units may still be drawn there [13.2]."""

    def _canon_units(self, zs, attacking, occupied, draws_left, plain_pool, gates, witness):
        return super()._canon_units(zs, attacking, occupied, draws_left, plain_pool, frozenset(), witness)


def test_13_2_ruling_z1_a_blocker_blocks_nothing_after_the_last_draw():
    """Ruling Z1 (blockers), [13.2], [11.0], [11.8]: a unit alone in the North entrance square 004, its
    door open, and the West door open; Peter, infected in an earlier Game-Turn, and Fran in 024 with a unit; two units in the
    eliminated pool; the Zombie Entrance Table to roll. The unit at 004 keeps the units drawn for the
    North door out [13.2]; once the draws are over it blocks nothing, and is reduced like any unit
    away from the characters before Peter's super-zombie roll and the attack it may start. The walk
    equals the plain walk exactly; reducing it while units may still be drawn would not."""
    st = build({"Peter": {"square": "024", "status": "infected", "infected_turn": 0}, "Fran": "024", "Steve": "177"},
               [{"square": "024", "value": 4}, {"square": "004", "value": 2}], eliminated=(3, 5),
               doors={"E": "closed", "S": "closed"}, phase="generation", turn=2,
               zturn=ZombieTurn(step="entrance", super_rolls=("Peter",)))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.pending.kind == "roll:entrance"
    _proves(st, ctx, "blockers reduced after the last draw", [_BlockersAlwaysReduced])


class _StandInAlwaysDropped(ZombieTurnWalk):
    """A wrong ruling Z1 (stand-in): the units away from the characters and the open main doors
    dropped even where the characters may still win [14.2]."""

    def _canon_units(self, zs, attacking, occupied, draws_left, plain_pool, gates, witness):
        return super()._canon_units(zs, attacking, occupied, draws_left, plain_pool, gates, False)


def _fran_holds_024(doors):
    """Fran (with a hunting rifle) in 024 attacked by a value-2 unit, another unit far off in 150,
    the Human Player-Turn's actor Fran; the Zombie Attack Phase begins."""
    st = build({"Fran": {"square": "024", "rifle": True}}, [{"square": "024", "value": 2}, {"square": "150", "value": 3}],
               doors=doors, record=TurnRecord(("Fran",)))
    return _attack_phase(st)


def _attack_phase(st):
    """The Zombie Attack Phase begun at `st` [8.0] (the attacks queued), settled to its first decision."""
    ctx = engine.context(st.board)
    st, _ = engine.settle(attack.enter(st.evolve(phase="free", zturn=ZombieTurn(), pending=Pending("zombie", "free", "7.0", "")), ctx, []), ctx)
    assert st.phase == "attack" and st.attack is not None, (st.phase, st.pending)
    return st, ctx


def test_14_2_ruling_z1_the_stand_in_is_kept_while_the_characters_may_win():
    """Ruling Z1 (stand-in) and [14.2] 3: the four main doors closed and Fran armed, so shooting the
    unit attacking her would win the game but for the unit in 150. The walk keeps a stand-in for it and
    equals the plain walk exactly (no win for the characters); dropping it would not."""
    st, ctx = _fran_holds_024(CLOSED)
    plain = _proves(st, ctx, "units reduced", [_StandInAlwaysDropped])
    assert all(k[3] != "human" for k in plain)
    assert any(k[3] == "human" for k in as_plain(walk_exact(st, _StandInAlwaysDropped(st, ctx))))


def test_14_2_ruling_z1_the_stand_in_goes_where_the_characters_cannot_win_in_the_turn():
    """Ruling Z1 (stand-in) and [14.2] 1: the same position with the North door open. No door opens or
    closes after movement, so the characters cannot win in the turn: the unit in 150 is dropped from
    the canonical form, and the answer is the plain walk's exactly."""
    st, ctx = _fran_holds_024({**CLOSED, "N": "open"})
    _proves(st, ctx, "stand-in dropped")


class _BlockedEvenUnderAttack(ZombieTurnWalk):
    """A wrong ruling Z1 (blocked entrances): an occupied entrance square taken as blocked to the end
    of the turn even where an attack is still to come, which may eliminate its unit."""

    def _blocked(self, s, square, later):
        return s.zombie_occupied(square)


def test_13_2_ruling_z1_an_occupied_entrance_stays_blocked_once_no_attack_can_reach_it():
    """Ruling Z1 (blocked entrances), [13.2], [13.4]: Peter in the South entrance square 117 (its door
    open) with a value-2 unit, Fran in 024 with a value-6 unit, the East door open too (nobody in its
    square 093), North and West closed, units of values 2, 9 and 11 in the eliminated pool. If Peter's reaction fire eliminates his attacker, a unit
    drawn at 117 attacks him, with its value; if not, no unit enters there for the rest of the turn and
    the pool's values cannot matter. The walk equals the plain walk exactly, and takes 117 as blocked
    once its attack is over; taking it as blocked while its attack is still to come would not."""
    st, ctx = _attack_phase(build({"Peter": "117", "Fran": "024"}, [{"square": "117", "value": 2}, {"square": "024", "value": 6}],
                                  eliminated=(2, 9, 11), doors={"N": "closed", "W": "closed"},
                                  record=TurnRecord(("Fran",))))
    _proves(st, ctx, "entrances blocked to the end of the turn", [_BlockedEvenUnderAttack])


class _CalmEveryone(ZombieTurnWalk):
    """A wrong ruling Z1 (berserk once moved): dropped away from the characters whether the unit has
    moved or not."""

    def _calm(self, t):
        if t.phase not in ("reaction", "free"):
            return t
        humans = t.human_squares()
        return t.with_units(tuple(z if z.square in humans else evolved(z, berserk=False) for z in t.zombies))


class _CalmWithTheCharacters(ZombieTurnWalk):
    """A wrong ruling Z1 (berserk once moved): dropped in a character's square too, where a shot at the
    unit reads it [10.6]."""

    def _calm(self, t):
        if t.phase not in ("reaction", "free"):
            return t
        done = set(t.zturn.reacted + t.zturn.moved)
        return t.with_units(tuple(evolved(z, berserk=False) if z.uid in done else z for z in t.zombies))


def test_10_3_10_6_ruling_z1_a_berserk_status_is_dropped_once_the_unit_has_moved():
    """Ruling Z1 (berserk once moved), [7.4], [10.3], [10.6]: Peter in 024 with a berserk unit that
    reacted there (exempt [7.2]); a berserk unit that reacted in 062, far from him; Fran in 113 and a
    berserk unit in 115, two squares from her, still to move. The free-movement die to roll: the walk drops the far unit's berserk status and equals the plain walk exactly; dropping
    the one still to move (it would no longer reach Fran) or the one in Peter's square (the panic check
    reads it when he shoots at it) would not."""
    st = free_state({"Peter": "024", "Fran": "113"},
                    [{"square": "024", "value": 5, "berserk": True}, {"square": "062", "value": 4, "berserk": True},
                     {"square": "115", "value": 6, "berserk": True}],
                    moves=0, reacted=("Z01", "Z02"), doors=CLOSED, eliminated=(3,))
    st = replace(st, zturn=replace(st.zturn, step="free_roll"), pending=Pending("chance", "roll:free", "7.0", "", 1))
    ctx = engine.context(st.board)
    _proves(st, ctx, "berserk dropped once moved", [_CalmWithTheCharacters])


def test_7_5_ruling_z1_a_berserk_status_still_to_be_moved_is_kept():
    """Ruling Z1 (berserk once moved), [7.0] 1, [7.5]: Fran entered 113; a unit in 073 and a berserk
    unit in 148, both two squares from her, react in that order. The walk equals the plain walk
    exactly; dropping the berserk unit's status once the first unit has reacted, before its own
    reaction (it would move one square and not reach Fran), would not."""
    st = build({"Fran": "113"}, [{"square": "073", "value": 3}, {"square": "148", "value": 6, "berserk": True}],
               doors=CLOSED, record=TurnRecord(("Fran",), entered=("113",)), phase="berserk",
               zturn=ZombieTurn(step="berserk_check"))
    ctx = engine.context(st.board)
    st = engine._advance(reaction.enter(st, ctx, []), ctx, [])
    assert st.pending.kind == "reaction" and st.zturn.queue == ("Z01", "Z02")
    _proves(st, ctx, wrong=[_CalmEveryone])


class _SetAsideEveryone(ZombieTurnWalk):
    """A wrong ruling Z1 (units set aside in reaction): the units near the queued ones set aside too,
    as if a unit's reaction read nothing of the squares it may move into [7.2] 3, [7.6]."""

    def _near_queue(self, t, queue):
        return frozenset()


def _zombie_reacts(s) -> bool:
    return s.pending is not None and s.pending.kind == "reaction" and s.pending.side == "zombie" and s.result is None


def _reaction_end(walk, s):
    """The position after the last reaction decision from `s` (as the walk calms each position on the
    way), every decision followed on the whole position."""
    while True:
        (a, _), = walk.branches(s)
        u, _ = engine.apply(s, walk.ctx, a)
        if not _zombie_reacts(u):
            return walk._calm(u)
        s = walk._calm(u)


def _reaction_end_set_aside(walk, s):
    """The same through ruling Z1 (units set aside in reaction): the decisions followed on the position
    set aside, the units put back (:meth:`ZombieTurnWalk._end_reaction`)."""
    return walk._end_reaction(s)[0], walk._set_aside(s)[1] is not None


def test_7_0_ruling_z1_the_squares_near_the_queued_units_are_those_they_may_move_into():
    """Ruling Z1 (units set aside in reaction) reads the squares a queued unit may move into within two
    moves through `Ctx.near2` (the squares from which a square is two moves away): the same squares,
    as every side of the map open one way is open the other [7.0]."""
    ctx = engine.context(build({"Fran": "113"}).board)
    moves = ctx.open_moves
    assert all(s in moves[n] for s in moves for n in moves[s])
    for q in moves:
        assert ctx.near2([q]) == {q, *moves[q], *(m for n in moves[q] for m in moves[n])}, q


@pytest.mark.parametrize("solitaire, seeds, turns", [(True, range(0, 12), 6), (False, range(0, 24), 10)])
def test_7_2_7_6_ruling_z1_units_set_aside_in_reaction_give_the_same_end_of_the_phase(solitaire, seeds, turns):
    """Ruling Z1 (units set aside in reaction), [7.0] 1, [7.2] 3, [7.5], [7.6]: at every reaction
    decision of the zombies in seeded games (solitaire: the [15.5] automaton against sensible humans;
    two-player: random sides, the walk's zombies by the solitaire rules, ruling Z3), the reaction
    decisions followed on the position without the units the phase cannot read, the units put back
    for the last one, end the phase in exactly the position the whole position's decisions end it in.
    Setting aside the units near the queued ones too (the squares they may move into) does not."""
    compared = aside = wrong = 0
    for seed in seeds:
        g = Game(seed=seed, solitaire=solitaire, human=sensible_human if solitaire else "random",
                 zombie=zombie_policy if solitaire else "random")
        while not g.over and g.state.turn <= turns:
            s = g.state
            if _zombie_reacts(s):
                ctx = engine.context(s.board)
                s = ZombieTurnWalk(s, ctx)._calm(s)  # the walk's positions are calmed (ruling Z1, berserk once moved)
                whole = _reaction_end(ZombieTurnWalk(s, ctx), s)
                got, used = _reaction_end_set_aside(ZombieTurnWalk(s, ctx), s)
                assert got == whole, (seed, s.turn)
                compared += 1
                aside += used
                try:
                    wrong += _reaction_end_set_aside(_SetAsideEveryone(s, ctx), s)[0] != whole
                except RuleViolation:  # the last decision, made without them, is illegal with them back
                    wrong += 1
            g.step()
    assert compared >= 20 and aside >= compared // 2 and wrong >= 1, (compared, aside, wrong)


class _ForgetStoppedAtOnce(ZombieTurnWalk):
    """A wrong ruling Z1 (stopped berserk forgotten): forgotten in the Berserk Phase itself, where a unit
    that has just stopped may not be checked again [10.1]."""

    def _calm(self, t):
        if t.zturn.ended_berserk:
            t = t.evolve(zturn=replace(t.zturn, ended_berserk=()))
        return super()._calm(t)


def test_10_1_ruling_z1_units_that_stopped_being_berserk_are_forgotten_after_the_phase():
    """Ruling Z1 (stopped berserk forgotten), [10.0], [10.1]: three berserk units roll to stay berserk
    (in 073 and 148, two squares from Fran who entered 113, and in 200, far off); the nearest unit that
    is neither berserk nor just stopped is then checked. Which units stopped is read there and nowhere
    after: the walk forgets it from the Reaction Movement Phase on, sets the unit in 200 aside while the
    others react, and equals the plain walk exactly; forgetting it in the Berserk Phase would not."""
    st = build({"Fran": "113"}, [{"square": "073", "value": 3, "berserk": True}, {"square": "148", "value": 6, "berserk": True},
                                 {"square": "200", "value": 2, "berserk": True}],
               doors=CLOSED, record=TurnRecord(("Fran",), entered=("113",)), phase="berserk",
               zturn=ZombieTurn(step="berserk_stay", queue=("Z01", "Z02", "Z03")))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.pending.kind == "roll:berserk_stay"
    _proves(st, ctx, "stopped berserk forgotten", [_ForgetStoppedAtOnce])
    walk = ZombieTurnWalk(st, ctx)
    walk_exact(st, walk)
    assert walk.used.get("units set aside in reaction", 0) > 0, walk.used


class _GiveBackStatusesOnly(ZombieTurnWalk):
    """A wrong ruling Z1 (held until the super-zombie roll): the units held back are not put back."""

    def give_back(self, s, carried):
        return super().give_back(s, tuple((k, v) for k, v in carried if not k.startswith("\x00")))


class _HoldFranInfection(ZombieTurnWalk):
    """A wrong ruling Z1 (held until the super-zombie roll): Fran's infection held as normal, as if
    [14.1] did not read it."""

    def hold(self, s):
        t, held = super().hold(s)
        fran = next((c for c in t.characters if c.name == "Fran"), None)
        if not held or fran is None or fran.status != "infected" or fran.name in t.zturn.super_rolls:
            return t, held
        chars = tuple(replace(c, status="normal") if c.name == "Fran" else c for c in t.characters)
        return t.evolve(characters=chars), tuple(sorted(held + (("Fran", "infected"),)))


def _held_position(fran: str, peter: str = "normal"):
    """Peter in the South entrance square 117 (its door open, the others closed: each unit drawn there
    attacks him [13.4]); Steve (infected, his super-zombie roll to come [11.0]) and Fran in 001 with a
    value-4 unit; units of values 2, 9 and 11 in the eliminated pool; the Zombie Entrance Table to roll."""
    st = build({"Peter": {"square": "117", "status": peter}, "Steve": {"square": "001", "status": "infected"},
                "Fran": {"square": "001", "status": fran}},
               [{"square": "001", "value": 4}, {"square": "150", "value": 2}], eliminated=(2, 9, 11),
               doors={"N": "closed", "E": "closed", "W": "closed"}, phase="generation",
               zturn=ZombieTurn(step="entrance", super_rolls=("Steve",)))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.pending.kind == "roll:entrance"
    return st, ctx


@pytest.mark.parametrize("fran, peter", [("normal", "normal"), ("stunned", "normal"), ("infected", "stunned")])
def test_11_0_14_1_ruling_z1_a_square_held_until_its_super_zombie_roll(fran, peter):
    """Ruling Z1 (held until the super-zombie roll), [11.0], [11.8], [13.4], [14.1]: while units are
    drawn at 117, the square 001 where Steve will roll matters only to the victory conditions; its unit
    and Fran's status (by what [14.1] reads) are held back and put back at the roll. The walk equals
    the plain walk exactly; putting back the statuses but not the unit (the super zombie's attack in
    001 [11.8] then has no unit beside it), or holding Fran's infection as normal (with Peter stunned, a
    draw's attack may kill him: the zombies then win at once), would not."""
    st, ctx = _held_position(fran, peter)
    # (Fran infected: Steve a super zombie means the zombies win at once [14.1], before any attack in 001)
    _proves(st, ctx, "held parts given back", [_HoldFranInfection] if fran == "infected" else [_GiveBackStatusesOnly])


class _HoldQueuedSquares(ZombieTurnWalk):
    """A wrong ruling Z1 (held after their attack): a square held while its attack is still to come."""

    def hold(self, s):
        if s.phase != "attack" or not s.zturn.queue:
            return super().hold(s)
        t, held = super().hold(s.evolve(zturn=replace(s.zturn, queue=())))
        return (t.evolve(zturn=s.zturn), held) if held else super().hold(s)


@pytest.mark.parametrize("steve", ["024", "069"])
def test_8_0_11_0_ruling_z1_a_square_held_once_its_attack_is_over(steve):
    """Ruling Z1 (held until the super-zombie roll) in the Zombie Attack Phase, [8.0], [11.0], [14.1]:
    Fran in 024 and Peter in 069, each with a unit, 024 attacked first; Steve, infected in an earlier
    Game-Turn (his super-zombie roll to come), with Fran or with Peter; the North door open. Once the
    attack in Steve's square is over, nothing reads it but [14.1] until his roll: it is held back
    through the other attack and the Zombie Generation Phase. The walk equals the plain walk exactly;
    holding his square while its attack is still to come (Steve with Peter) would not."""
    st = build({"Steve": {"square": steve, "status": "infected", "infected_turn": 0}, "Fran": "024", "Peter": "069"},
               [{"square": "024", "value": 4}, {"square": "069", "value": 3}], eliminated=(2,),
               doors={"E": "closed", "S": "closed", "W": "closed"}, record=TurnRecord(("Peter",)), turn=2)
    st, ctx = _attack_phase(st)
    assert st.attack.square == "024" and st.zturn.queue == ("069",)
    if steve == "024":
        _proves(st, ctx, "squares held after their attack")
    else:
        _proves(st, ctx, wrong=[_HoldQueuedSquares])


class _AttackBlindToTheRest(ZombieTurnWalk):
    """A wrong ruling Z1 (an attack followed once): what the victory conditions read of the characters
    away from the attack [14.1] left out of what an attack reads."""

    def _attack_key(self, s):
        k = super()._attack_key(s)
        return k[:5] + k[6:]


@pytest.mark.parametrize("value", [6, 12])
def test_8_0_14_1_ruling_z1_an_attack_followed_once_per_what_it_reads(value):
    """Ruling Z1 (an attack followed once), [8.0], [14.0], [14.1]: Peter already killed; Roger, stunned,
    attacked alone in 024, then Steve (stunned) and Fran in 099. Once Roger is killed a second loss wins
    at once for the zombies, and Fran's roll after Steve's is not made. Each attack is followed once
    per what it reads and written into the positions that reach it: the walk equals the plain walk
    exactly; leaving out what the victory conditions read of the characters elsewhere (Roger) would
    not."""
    st = build({"Peter": {"square": None, "status": "killed"}, "Roger": {"square": "024", "status": "stunned"},
                "Steve": {"square": "099", "status": "stunned"}, "Fran": "099"},
               [{"square": "024", "value": value}, {"square": "099", "value": value}], doors=CLOSED)
    st, ctx = _attack_phase(st)
    assert st.attack.square == "024" and st.zturn.queue == ("099",)
    plain = _proves(st, ctx, "attacks followed apart", wrong=[_AttackBlindToTheRest])
    # the game ends within the attack in 099 with Fran's status as it was, and goes on otherwise
    assert any(dict(k[0])["Roger"] == "killed" and dict(k[0])["Steve"] == "killed" and dict(k[0])["Fran"] == "normal"
               and k[3] == "zombie" for k in plain)
    assert any(dict(k[0])["Roger"] != "killed" and dict(k[0])["Fran"] != "normal" for k in plain)


class _AttackBlindToFran(ZombieTurnWalk):
    """A wrong ruling Z1 (an attack followed once): Fran elsewhere summed up like anyone in play, her
    infection [14.1] left out of what an attack reads."""

    def _attack_key(self, s):
        k = super()._attack_key(s)
        return k[:5] + ((k[5][0], ""),) + k[6:]


def test_14_1_ruling_z1_an_attack_reads_the_rest_as_the_victory_conditions_do():
    """Ruling Z1 (an attack followed once), [14.0], [14.1]: Fran alone in 024 is attacked first (her
    attack may infect her [8.8]), then Steve and Peter, both stunned, in 099. With Fran infected, the
    first of them killed ends the game at once [14.1]; with Fran in play it does not. The attack in
    099 is followed once per summary of the rest: the walk equals the plain walk exactly, and a summary
    blind to Fran's infection would not. Two positions whose characters elsewhere differ only in who
    of them is lost (Roger or Peter) read the attack alike."""
    st = build({"Fran": "024", "Steve": {"square": "099", "status": "stunned"},
                "Peter": {"square": "099", "status": "stunned"}},
               [{"square": "024", "value": 7}, {"square": "099", "value": 9}], doors=CLOSED)
    st, ctx = _attack_phase(st)
    assert st.attack.square == "024" and st.zturn.queue == ("099",)
    _proves(st, ctx, "attacks followed apart", wrong=[_AttackBlindToFran])
    # who is lost elsewhere is not read, how many is
    def attacked(lost):
        chars = {"Steve": "099", "Fran": "099", "Roger": "134", "Peter": "134"}
        chars[lost] = {"square": None, "status": "killed"}
        s, c = _attack_phase(build(chars, [{"square": "099", "value": 5}], doors=CLOSED))
        return ZombieTurnWalk(s, c)._attack_key(s)
    assert attacked("Roger") == attacked("Peter")
    s, c = _attack_phase(build({"Steve": "099", "Fran": "099", "Roger": "134", "Peter": "134"},
                               [{"square": "099", "value": 5}], doors=CLOSED))
    assert ZombieTurnWalk(s, c)._attack_key(s) != attacked("Peter")


class _AttackBlindToValues(ZombieTurnWalk):
    """A wrong ruling Z1 (an attack followed once): the attacking unit's value left out of what an
    attack reads [8.0] 4, [6.0]."""

    def _attack_key(self, s):
        k = super()._attack_key(s)
        return k[:4] + (k[4] and evolved(k[4], value=0),) + k[5:]


def test_8_0_13_4_ruling_z1_an_attack_is_shared_by_the_positions_that_read_it_alike():
    """Ruling Z1 (an attack followed once), [8.0], [13.4]: Fran in 004 at the open North door, Steve
    and Peter in 099, a unit in each square, two units in the eliminated pool. After the Zombie Attack
    Phase a unit drawn in 004 attacks Fran at once [13.4]; the positions that reach that attack differ
    in what the attack in 099 left, which it does not read: its ends are worked out once and shared.
    The walk equals the plain walk exactly; an attack taken not to read the attacking unit's value
    (the units drawn from the pool are worth 2 or 4) would not."""
    st = build({"Fran": "004", "Steve": "099", "Peter": "099"},
               [{"square": "004", "value": 3}, {"square": "099", "value": 5}], eliminated=(2, 4),
               doors={**CLOSED, "N": "open"})
    st, ctx = _attack_phase(st)
    _proves(st, ctx, "attacks followed once", wrong=[_AttackBlindToValues])


class _RollsBlindToStrength(ZombieTurnWalk):
    """A wrong ruling Z1 (the attack rolls followed once): the strength [8.0] 4 left out of what the
    attack rolls read (and out of the pending roll, whose words name it)."""

    def _roll_key(self, s):
        k = super()._roll_key(s)
        return (k[0].kind, k[1][:2] + k[1][3:]) + k[2:]


@pytest.mark.parametrize("pool", [(4, 5, 8), (3, 6, 7)])
def test_8_0_8_8_ruling_z1_the_attack_rolls_are_shared_by_the_values_of_one_strength(pool):
    """Ruling Z1 (the attack rolls followed once), [8.0] 4-5, [8.8], [13.4]: Peter and Fran in the North
    entrance square 004, its door open, the Zombie Entrance Table to roll; the units in the pool nobody
    has seen, so the value of one drawn there is drawn from them when it attacks (ruling K1). Once the
    number attacked is known, the rolls read the strength, not the value: the values that give one
    strength (4 and 5 between two characters; 6 and 7) share their rolls. The walk from what the humans
    know equals the plain walk exactly; rolls taken not to read the strength would not."""
    st = build({"Peter": "004", "Fran": "004", "Steve": "177"}, [{"square": "134", "value": 2}], eliminated=pool,
               doors={"E": "closed", "S": "closed", "W": "closed"}, phase="generation", zturn=ZombieTurn(step="entrance"))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.pending.kind == "roll:entrance"
    _proves(st, ctx, "attack rolls followed once", [_RollsBlindToStrength], public=True)


class _RollsBlindToTheRolled(ZombieTurnWalk):
    """A wrong ruling Z1 (the attack rolls followed once): the characters not to be rolled for left out
    of what the rolls still to make read (neither what the victory conditions read of them [14.1] nor
    whether one still shows the unit [5.4])."""

    def _roll_key(self, s):
        k = super()._roll_key(s)
        return (k[0], k[1][:4]) + k[2:5] + ((0, ""),) + k[6:]


@pytest.mark.parametrize("value", [9, 12])
def test_8_6_14_0_ruling_z1_the_rolls_left_read_the_rolled_only_as_the_victory_conditions_do(value):
    """Ruling Z1 (the attack rolls followed once), [8.6], [14.0], [14.1], [8.5]: Peter already killed;
    Roger, Steve and Fran, all stunned, attacked in 099 (each stun or infection kills [8.5]). The rolls
    left after the first read the character rolled for only as the victory conditions do: his roll
    leaving him alive changes nothing for the others' [8.6] (their rolls are followed once for all
    such), but killing him and then the second ends the game before the third roll [14.0]. The walk
    equals the plain walk exactly; rolls left taken not to read the characters already rolled for
    would not."""
    st = build({"Peter": {"square": None, "status": "killed"}, "Roger": {"square": "099", "status": "stunned"},
                "Steve": {"square": "099", "status": "stunned"}, "Fran": {"square": "099", "status": "stunned"}},
               [{"square": "099", "value": value}], doors=CLOSED)
    st, ctx = _attack_phase(st)
    _proves(st, ctx, "attack rolls followed once", wrong=[_RollsBlindToTheRolled])


class _PanicsBlindToTheShooters(ZombieTurnWalk):
    """A wrong ruling Z1 (the panic checks followed once): the shooters' statuses (and so their Panic
    Levels, normal or infected [8.4], [6.5]) left out of what the panic checks read."""

    def _panic_key(self, s):
        k = super()._panic_key(s)
        return k[:3] + (tuple(c.name for c in k[3]),) + k[4:]


@pytest.mark.parametrize("pool", [(3, 5, 8), (2, 6, 9)])
def test_6_5_8_1_ruling_z1_the_panic_checks_are_shared_by_the_attackers_values(pool):
    """Ruling Z1 (the panic checks followed once), [6.5], [8.1], [13.4], [11.0], [11.8]: Peter (infected in
    an earlier Game-Turn), Fran and Steve in the North entrance square 004, its door open; the units in
    the pool nobody has seen, so a unit drawn there attacks at once with a value drawn from them
    (ruling K1); then Peter's super-zombie roll, and the attack it may start. The characters' shots at
    the attacker begin with their panic checks, which read their Panic Levels and the shot's increase,
    not the attacker's value: they are followed once for every value. The walk from what the humans
    know equals the plain walk exactly; checks taken not to read the shooters' statuses would not."""
    st = build({"Peter": {"square": "004", "status": "infected", "infected_turn": 0}, "Fran": "004", "Steve": "004"},
               [{"square": "150", "value": 2}], eliminated=pool,
               doors={"E": "closed", "S": "closed", "W": "closed"}, phase="generation", turn=2,
               zturn=ZombieTurn(step="entrance", super_rolls=("Peter",)))
    ctx = engine.context(st.board)
    st = engine._advance(st, ctx, [])
    assert st.pending.kind == "roll:entrance"
    _proves(st, ctx, "panic checks followed once", [_PanicsBlindToTheShooters], public=True)


def test_15_0_hidden_zombie_draw_classes_equal_the_plain_walk():
    """Ruling Z2 before movement: a Hidden Zombie draw [15.2] from a pool with equal units, their names
    next to each other (grouped) and apart (not grouped); the main doors closed so the plain walk is
    small."""
    st = build({"Peter": "024", "Fran": "024"}, [{"uid": "Z05", "square": "097", "value": 4}, {"uid": "Z50", "square": "134", "value": 6}],
               doors=CLOSED, pending=Pending("human", "act", "5.0", ""), record=TurnRecord(("Peter",), ("024",)))
    pool = [{"uid": u, "value": 2, "pool": "eliminated"} for u in ("Z01", "Z02", "Z30")]
    st = replace(st, zombies=st.zombies + tuple(state_from_pieces(zombies=pool).zombies))
    st0, ctx = start_position(st)
    # follow the Hidden Zombie Table to a draw
    draws = [m for m in mid_turn_states(st0, 3) if m.pending.kind == "draw:eliminated" and m.phase == "hidden"]
    seed = 3
    while not draws:
        seed += 1
        draws = [m for m in mid_turn_states(st0, seed) if m.pending.kind == "draw:eliminated" and m.phase == "hidden"]
    m = draws[0]
    walk = ZombieTurnWalk(m, ctx)
    groups = walk.branches(m)
    assert sorted(q for _, q in groups) == [Fraction(1, 3), Fraction(2, 3)]  # Z01+Z02 together, Z30 apart (Z05 between)
    assert as_plain(walk_exact(m, walk)) == plain_walk(m)


def test_15_0_ruling_z3_two_player_fast_walk_equals_the_plain_walk():
    """Two-player positions, the zombies by the solitaire rules (ruling Z3): [15.4] and [15.6] by a die,
    no voluntary reveal; the same answer as the plain walk."""
    compared, used = _compare(range(3), False, every=3, budget=300)
    assert sum(compared.values()) >= 8, compared
    assert used.get("attacks followed apart", 0) > 0, used  # ruling Z1: [15.6] by a die there too
    odds = zombie_turn(random_position(1, False), fallback=None)
    assert odds.exact and odds.question == TWO_PLAYER_QUESTION and odds.two_player
    assert as_plain(odds.dist) == plain_walk(start_position(random_position(1, False))[0], public=True)


def test_15_0_ruling_z2_free_moves_do_not_depend_on_how_many_are_left():
    """Ruling Z2 (3), checked on the automaton itself: in Free Movement positions of seeded random
    positions and real solitaire games, a [15.5] choice that does not make room for a unit (priority
    2, ruling S-P2) is the same, and again makes no room, whatever the number of free moves left (1
    to 6); the walk shares it only then."""
    checked = counted = 0
    starts = [(seed, start_position(random_position(seed, seed % 2 == 0))[0]) for seed in range(12)]
    starts += [(seed, start_position(st)[0]) for seed, st in game_positions(range(2), max_turn=2)]
    for seed, st0 in starts:
        ctx = engine.context(st0.board)
        for m in mid_turn_states(st0, seed):
            if m.pending.kind != "free" or m.zturn.moves_left < 1:
                continue
            got = set()
            for k in range(1, 7):
                s = replace(m, zturn=replace(m.zturn, moves_left=k))
                legal = engine.legal_actions(s, ctx)
                a, counts = free_move_decision(s, legal, ctx)
                assert a == zombie_policy(s, legal, None)[0]
                got.add((a, counts))
            if any(c for _, c in got):
                counted += 1
                assert all(c for _, c in got), (seed, got)  # making room or not: the same for any number left
            else:
                assert len(got) == 1, (seed, got)
            checked += 1
    assert checked >= 20, checked


def test_15_5_ruling_s_p2_a_room_making_choice_is_the_same_on_the_same_side_of_what_it_measured():
    """Ruling S-P2, the walk's lower faces (ruling Z2 (5)): a choice that makes room for a unit reads
    the number of free moves left only as "does the chain fit": ``free_move_needs`` says against which
    numbers it measured. With 1 to 6 left, in Free Movement positions of real solitaire games (where
    units stand in open main-door squares), any two numbers on the same side of every one of them get
    the same choice; and some pairs do get different choices (the numbers are read)."""
    from dodnb.rules.solitaire import free_move_needs
    from dodnb.search.humans import random_human

    pairs = differ = 0
    for seed in (1036, 1039):  # (1001, 1004) before the seeded unit ids (issue 33)
        g = Game(seed=seed, solitaire=True, human=random_human, zombie=zombie_policy)
        while g.state.turn <= 8 and g.state.result is None:
            g.step()
        for st in [s for s, a in zip(g.history, g.actions) if isinstance(a, EndTurn) and 6 <= s.turn <= 8]:
            st0, ctx = start_position(st)
            turn = st.turn
            for m in mid_turn_states(st0, seed):
                if m.pending.kind != "free" or m.zturn.moves_left < 1:
                    continue
                got = {}
                for k in range(1, 7):
                    s = replace(m, zturn=replace(m.zturn, moves_left=k))
                    got[k] = free_move_needs(s, engine.legal_actions(s, ctx), ctx)
                    assert got[k][0] == free_move_decision(s, engine.legal_actions(s, ctx), ctx)[0]
                for k1, (a1, needs) in got.items():
                    if not needs:
                        continue
                    for k2, (a2, _) in got.items():
                        if k2 != k1 and all((k1 >= n) == (k2 >= n) for n in needs):
                            pairs += 1
                            assert a1 == a2, (seed, turn, k1, k2, needs)
                differ += len({a for a, _ in got.values()}) > 1
    assert pairs >= 10 and differ > 0, (pairs, differ)


def _plain_free_chain(s, ctx, walk):
    """The Zombie Free Movement Phase from `s` as the engine plays it, the [15.5] automaton's own
    choice at every step (nothing shared, nothing skipped), to the first position that is not a
    free-move decision; then in the canonical form after movement (ruling Z1, proven by the tests
    above; in a movement phase, a berserk status dropped once moved), with the zombies destroyed and
    units entered on the way."""
    d = e = 0
    while s.pending is not None and s.pending.kind == "free" and s.result is None:
        t, _ = engine.apply(s, ctx, zombie_policy(s, engine.legal_actions(s, ctx), None)[0])
        dd, ee = plain_counts(s, t)
        s, d, e = t, d + dd, e + ee
    return walk.canon(walk._calm(s)), d, e


@functools.lru_cache(maxsize=1)
def _free_movement_positions() -> tuple:
    out = []
    for seed, st in game_positions(range(6), max_turn=8):
        st0, ctx = start_position(st)
        out += [(m, ctx) for m in mid_turn_states(st0, seed) if m.pending.kind in ("roll:free", "free")]
    # no glass door is closed in those games: a berserk unit in 069 behind the closed glass door G01,
    # Peter three squares away in 025 seeing it through the door, the die used up [10.4]
    m = free_state({"Peter": "025"}, [{"square": "069", "value": 3, "berserk": True}], moves=0, doors={"G01": "closed"})
    out.append((m, engine.context(m.board)))
    return tuple(out)


def _free_movement_checks(walk_cls=ZombieTurnWalk):
    """Every Free Movement position met in the zombie turns of six real seeded solitaire games up to
    Game-Turn 8 (45 units on the map, too big for the plain walk of the whole turn): the walk's
    free movement against :func:`_plain_free_chain`. At the die [7.0] 2: the six faces' ends (ruling
    Z2 (5)); at a free-move decision: the end of the chain (ruling Z2 (6)). Returns (positions
    compared, positions that differ, shortcuts used)."""
    compared = differ = 0
    used: dict = {}
    for m, ctx in _free_movement_positions():
        walk = walk_cls(m, ctx)
        if m.pending.kind == "roll:free":
            fast = Counter(walk.children(m))
            plain: Any = Counter()
            for a, q in engine.chance_outcomes(m, ctx):
                end, d, e = _plain_free_chain(engine.apply(m, ctx, a)[0], ctx, walk)
                plain[(end, q, d, e)] += 1
        else:
            end, d, e = walk._follow(m)
            fast, plain = (walk.canon(end), d, e), _plain_free_chain(m, ctx, walk)
        compared += 1
        differ += fast != plain
        for k, v in walk.used.items():
            used[k] = used.get(k, 0) + v
    return compared, differ, used


def test_15_5_ruling_z2_free_movement_shortcuts_equal_the_automaton_in_real_games():
    """Rulings Z2 (5) and (6) on real positions: the six faces of the free-movement die read from one
    chain of the automaton's choices, and the rest of the phase skipped once no unit that may still
    move can reach a square the canonical form keeps, give exactly the canonical positions (and
    counts) of the automaton playing the phase out, face by face."""
    compared, differ, used = _free_movement_checks()
    assert compared >= 150 and differ == 0, (compared, differ)
    assert used.get("free-move faces sharing a chain", 0) >= 100, used
    assert used.get("free moves that cannot matter skipped", 0) >= 100, used
    # priority 2 making room (ruling S-P2): made again where the face's number may not fit its chain
    assert used.get("room-making choices made again", 0) > 0, used
    assert used.get("room-making choices kept for a lower face", 0) > 0, used
    assert used.get("free-move faces ending with the highest", 0) >= 10, used


class _SkipWithoutBerserkReach(ZombieTurnWalk):
    """A wrong ruling Z2 (6): berserk units taken to move one square, like the others [7.5]."""

    def _rest_inert(self, t):
        zs = tuple(evolved(z, berserk=False) for z in t.zombies)
        zt = evolved(t.zturn, moves_left=max(t.zturn.moves_left, 1))
        return super()._rest_inert(t.evolve(zombies=zs, zturn=zt))


class _SkipOnceTheDieIsUsed(ZombieTurnWalk):
    """A wrong ruling Z2 (6): the phase ended as soon as no free move is left (berserk units forgotten)."""

    def _rest_inert(self, t):
        return t.zturn.moves_left == 0 or super()._rest_inert(t)


class _SkipIgnoringCountedUnits(ZombieTurnWalk):
    """A wrong ruling Z2 (6): the units whose move counts against the die forgotten."""

    def _rest_inert(self, t):
        return super()._rest_inert(t.evolve(zturn=evolved(t.zturn, moves_left=0)))


class _SkipIgnoringGates(ZombieTurnWalk):
    """A wrong ruling Z2 (6): a unit next to an open main-door square taken never to enter it."""

    def _reach(self, t, free_humans, humans, gates):
        near1, near2, _, _, sights = super()._reach(t, free_humans, humans, gates)
        return near1, near2, frozenset(), frozenset(), sights


class _SkipIgnoringDoors(ZombieTurnWalk):
    """A wrong ruling Z2 (6): a berserk unit beside a closed glass door taken never to attack it."""

    def _reach(self, t, free_humans, humans, gates):
        near1, _, gates1, gates2, sights = super()._reach(t, free_humans, humans, gates)
        near2 = near1 | {sq for sq, ns in self.ctx.moves(t).items() if not near1.isdisjoint(ns)}
        return near1, near2, gates1, gates2, sights


class _TailOfAnyMoves(ZombieTurnWalk):
    """A wrong ruling Z2 (5): a lower face takes the highest face's end whatever the moves after its last."""

    def _inert_tail(self, steps, end, d, e):
        return 0


class _FacesIgnoringRoom(ZombieTurnWalk):
    """A wrong ruling Z2 (5): the faces share the chain even past a room-making choice (ruling S-P2)."""

    def _lower_face(self, steps, k, tail, top):
        return super()._lower_face([(x, a, used, False, d, e) for x, a, used, _, d, e in steps], k, tail, top)


@pytest.mark.parametrize("wrong", [_SkipWithoutBerserkReach, _SkipOnceTheDieIsUsed, _SkipIgnoringCountedUnits, _SkipIgnoringGates,
                                   _SkipIgnoringDoors, _TailOfAnyMoves, _FacesIgnoringRoom])
def test_15_5_the_free_movement_check_catches_a_wrong_shortcut(wrong):
    """The check above is not vacuous: each plausible mistake in rulings Z2 (5), (6) changes the
    answer in some of its positions."""
    compared, differ, _ = _free_movement_checks(wrong)
    assert differ > 0, (wrong.__name__, compared)


def test_15_5_ruling_s_p2_a_room_making_choice_is_not_shared_between_numbers_left():
    """A [15.5] priority 2 choice that makes room (ruling S-P2) reads the number of free moves left: in
    this position of a real game (seed 1039, random humans, Game-Turn 8) the automaton moves another
    unit with one move left than with two or more. The walk asked first with one move left, then with
    more, gives the automaton's own choice each time (the shared decisions once kept only one)."""
    from dodnb.search.humans import random_human

    g = Game(seed=1039, solitaire=True, human=random_human, zombie=zombie_policy)  # seed 1001 before the seeded unit ids (issue 33)
    while g.state.turn <= 8:
        g.step()
    st0, ctx = start_position(next(s for s, a in zip(g.history, g.actions) if isinstance(a, EndTurn) and s.turn == 8))
    checked = 0
    for m in mid_turn_states(st0, 0):
        if m.pending.kind != "free" or m.zturn.moves_left < 1:
            continue
        walk = ZombieTurnWalk(m, ctx)
        got = {}
        for k in range(1, 7):
            s = replace(m, zturn=replace(m.zturn, moves_left=k))
            got[k] = walk._free_decision(s)[0]
            assert got[k] == free_move_decision(s, engine.legal_actions(s, ctx), ctx)[0], (k, got[k])
        checked += len(set(got.values())) > 1
    assert checked > 0


def test_15_0_custom_policies_get_the_plain_walk():
    """Shortcuts are proven for the default policies only: with a custom human policy none is taken."""
    st, ctx = start_position(study(n_units=2))
    walk = ZombieTurnWalk(st, ctx, human=sensible_human)
    assert not walk.shortcuts
    assert walk_exact(st, walk) == exact_turn(st, ctx)
    assert not walk.used


# --------------------------------------------------------------------------------------------
# the odds object


def test_15_0_exact_odds_sum_to_one_and_name_every_character():
    odds = zombie_turn(study(), fallback=None)
    assert odds.exact and sum(p for _, p in odds.dist.items()) == 1
    for name in ("Peter", "Fran", "Steve"):
        assert sum(p for _, p in odds.status(name).items()) == 1
    assert odds.status("Steve").p("normal") == 1  # no unit can reach 177, and no hidden zombie can appear (empty pool [15.1])
    assert 0 < odds.status("Fran").p("normal") < 1
    assert P.zombie_turn(study(), fallback=None).dist == odds.dist  # the lazy export
    assert odds.question == SOLITAIRE_QUESTION and odds.kind == "exact" and odds.n == 0


def test_15_0_rows_say_what_each_number_is_the_probability_of():
    odds = zombie_turn(study(), fallback=None)
    rows = odds.rows()
    assert [r.name for r in rows] == ["Peter", "Fran", "Steve"] and all(r.in_play for r in rows)
    fran = rows[1]
    assert fran.now == "normal" and sum(fran.probs.values()) == 1
    for s, p in fran.probs.items():
        assert fran.intervals[s] == (float(p), float(p))  # exact: no interval
        assert "Fran" in fran.what[s] and "next Human Player-Turn" in fran.what[s]


def test_15_0_wilson_interval_never_claims_certainty():
    lo, hi = wilson(300, 300)
    assert hi == 1 and 0.98 < lo < 1  # not "100.0 % ± 0.0" from 300 runs
    lo, hi = wilson(0, 300)
    assert lo == 0 and 0 < hi < 0.02
    lo, hi = wilson(150, 300)
    assert lo < 0.5 < hi


def test_15_0_exact_equals_monte_carlo_within_its_intervals():
    """Fixed seed, n = 600: every status probability of Peter and Fran inside a 99.9 % Wilson interval
    of the sampled turns (the sampler draws each branch with its exact probability)."""
    st = study(n_units=3)
    odds = zombie_turn(st, fallback=None)
    n = 600
    rng = random.Random(2024)
    samples = [sample_zombie_turn(st, rng) for _ in range(n)]
    checked = 0
    for name in ("Peter", "Fran"):
        for status, p in odds.status(name).items():
            k = sum(dict(o.statuses)[name] == status for o in samples)
            lo, hi = wilson(k, n, z=3.29)
            assert lo <= float(p) <= hi, (name, status, k, p)
            checked += 1
    assert checked >= 4


def test_15_0_time_bound_gives_a_clear_error_or_a_labelled_estimate():
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    while g.state.phase == "human":
        g.step()
    start = [s for s in g.history if s.phase == "human" and s.pending and s.pending.kind == "act"][-1]
    with pytest.raises(TooBig) as err:
        zombie_turn(start, max_seconds=0, fallback=None)
    assert "budget" in str(err.value)
    mc = zombie_turn(start, max_seconds=0, n=60, seed=7)
    assert not mc.exact and mc.kind == "montecarlo" and mc.method.startswith("Monte Carlo (n = 60") and mc.n == 60
    assert "60" in mc.method_text and "95%" in mc.method_text
    assert sum(p for _, p in mc.dist.items()) == 1
    for r in mc.rows():
        for s, p in r.probs.items():
            lo, hi = r.intervals[s]
            assert lo < hi and lo <= float(p) <= hi  # an estimate never claims certainty
    again = zombie_turn(start, max_seconds=0, n=60, seed=7)
    assert again.dist == mc.dist  # seeded: the same estimate every time
    assert isinstance(mc, ZombieTurnOdds) and "±" not in str(mc)


def test_15_0_refusals_name_their_case():
    over = replace(study(), result=engine.Result("zombie", "14.1", "test"))
    with pytest.raises(ProbError) as err:
        zombie_turn(over)
    assert err.value.case == "14.0"
    with pytest.raises(ProbError) as err:
        zombie_turn(study(), fallback="guess")
    assert err.value.case == "15.0"


# --------------------------------------------------------------------------------------------
# the stepper's panel in notebook 05's game


def notebook_05_game():
    """The game of notebooks/05_step_through_a_game.ipynb, built as its cells build it: seed 7,
    solitaire, Steve and Fran shoot at 032, then the stack moves to 010 and 009 (the end of the first
    Human Player-Turn, as the notebook leaves it before ending the turn)."""
    import dodnb
    from dodnb.rules.actions import Activate, Move, Shoot

    game = dodnb.Game(seed=7, solitaire=True, human="ask", zombie=zombie_policy)
    game.apply(Activate(("Steve", "Fran")))
    game.apply(Shoot(("Steve", "Fran"), "032"))
    game.play()
    for square in ("010", "009"):
        game.apply(Move(square))
    return game


def test_15_0_notebook_05_threat_panel_is_exact_at_the_first_human_turns():
    """The presenter's threat (what the stepper's "What can the zombies do to me?" panel shows) at the
    end of the first Human Player-Turn of notebook 05's game and at the start of the second (where the
    notebook's stepper continues, the zombie turn played as the notebook plays it): exact, every row
    summing to 1, the panel's words saying so (no interval). The budget here is generous; the panel's
    own (`dodnb.search.hint.EXACT_SECONDS`, wall clock) is what benchmarks/bench_zombie_turn.py is about."""
    from dodnb.render.panels import threat_html
    from dodnb.search.hint import zombie_threat
    from dodnb.rules.actions import EndTurn
    from dodnb.search.humans import sensible_human

    game = notebook_05_game()
    seen = []
    for _ in range(2):
        odds = zombie_threat(game, max_seconds=120)
        assert odds.exact and odds.method == "exact", (game.state.turn, odds.method)
        assert all(sum(dist.values()) == 1 for _, _, dist in odds.rows)
        page = threat_html(odds)
        assert "Exact: every roll of the dice followed" in page and "–" not in page  # no estimate's interval
        seen.append(game.state.turn)
        game.apply(EndTurn())
        while not game.over and not (game.state.phase == "human" and game.pending.side == "human" and game.pending.kind == "act"):
            if game.pending is not None and game.pending.side == "human":
                game.apply(sensible_human(game.state, game.legal_actions(), None)[0])
            else:
                game.step()
    assert seen == [1, 2]


def test_15_0_counts_read_from_changed_pairs_equal_counts_by_name():
    """The walk's count of zombies destroyed and units entered in one engine step reads only the units
    and characters that changed; it equals the count by names (tests/prob/zombieturn/zturn_positions.py) on
    every step of whole seeded games, solitaire and two-player, and when the units are reordered."""
    from dodnb.prob.zombieturn.common import count_changes

    seen = Counter()
    for seed, solitaire in ((3, True), (4, True), (5, False)):
        g = Game(seed=seed, solitaire=solitaire, human="random", zombie="random")
        g.play()
        for s, t in zip(g.history, g.history[1:]):
            got = count_changes(s, t)
            assert got == plain_counts(s, t)
            seen[got] += 1
            if t.zombies is not s.zombies:
                shuffled = t.evolve(zombies=t.zombies[::-1])
                assert count_changes(s, shuffled) == plain_counts(s, shuffled)
    assert seen[(1, 0)] and seen[(0, 1)]  # both kinds of change were met


def test_15_0_the_walk_puts_the_garbage_collector_back_as_it_was():
    """`walk_exact` pauses the cyclic garbage collector while it works and puts it back as it found
    it: on, off, and after a budget error."""
    import gc

    st, ctx = start_position(issue_position("Z01"))
    was = gc.isenabled()
    try:
        for on in (True, False):
            (gc.enable if on else gc.disable)()
            walk_exact(st, ZombieTurnWalk(st, ctx))
            assert gc.isenabled() is on
        gc.enable()
        with pytest.raises(TooBig):
            walk_exact(st, ZombieTurnWalk(st, ctx), max_states=0)
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


# --------------------------------------------------------------------------------------------
# ruling Z1, counters nameless in movement


@functools.lru_cache(maxsize=1)
def _movement_nodes() -> tuple:
    """The positions the walk meets in the Berserk, Reaction and Free Movement Phases of the zombie
    turns that follow Game-Turns 3 to 5 of two real seeded solitaire games (the Hidden Zombie Table
    has put drawn counters on the map by then: positions that differ in which counter stands where),
    each with the children the walk gave it."""
    out = []
    seen = set()
    for seed, st in game_positions(range(2), max_turn=5):
        if st.turn < 3:
            continue
        st0, ctx = start_position(st)
        walk = ZombieTurnWalk(st0, ctx)
        met: list = []
        original = walk._nameless_children

        def spy(s, original=original, met=met):
            got = original(s)
            if got is not None:
                met.append((s, got))
            return got

        walk._nameless_children = spy
        walk_exact(st0, walk)
        for s, got in met:
            if s not in seen:
                seen.add(s)
                out.append((s, ctx, got, walk.used.get("movement shared by nameless counters", 0)))
    return tuple(out)


def _nameless_differ(nodes) -> tuple:
    """(nodes compared, nodes whose children worked out nameless differ from those worked out on the
    position itself, with every other shortcut of the walk)."""
    differ = 0
    for s, ctx, got, _ in nodes:
        named = ZombieTurnWalk(s, ctx)
        named.nameless = False
        differ += Counter(got) != Counter(named.children(s))
    return len(nodes), differ


def test_7_7_15_5_ruling_z1_counters_nameless_in_movement_give_the_named_children():
    """Ruling Z1 (counters nameless in movement), [7.7], [15.5]: at every position of the Berserk,
    Reaction and Free Movement Phases the walk met in real games, the children worked out once on the
    position with its units named after their squares and without values, then named again, are
    exactly those worked out on the position itself; and they were shared."""
    nodes = _movement_nodes()
    compared, differ = _nameless_differ(nodes)
    assert compared >= 100 and differ == 0, (compared, differ)
    assert {s.phase for s, *_ in nodes} >= {"berserk", "free"}, {s.phase for s, *_ in nodes}
    assert max(n for *_, n in nodes) > 0  # (the walks shared their movement)


def _tied_free_roll(names):
    """Peter in 024, two units beside him, each able to end its free move in his square alike
    (priority 1, ruling S-T1 (1)-(4)); the free-movement die about to be rolled [7.0] 2. `names`: the
    ids of the units in the higher and the lower of the two squares."""
    low, high = two_beside("024")
    st = free_state({"Peter": "024"}, [{"uid": names[0], "square": high, "value": 9},
                                       {"uid": names[1], "square": low, "value": 1}], moves=0)
    return replace(st, zturn=replace(st.zturn, step="free_roll"), pending=Pending("chance", "roll:free", "7.0", "", 1))


@pytest.mark.parametrize("names", [("Z01", "Z02"), ("Z02", "Z01")])
def test_7_7_ruling_s_t1_an_id_tie_break_would_make_the_nameless_counters_wrong(names, monkeypatch):
    """Ruling S-T1 (5) is what ruling Z1 (counters nameless in movement) stands on. Two units tied up
    to the last criterion, beside Peter: the nameless children equal the named ones, and which unit
    moves follows the squares. With the automaton breaking that tie by the counters' ids instead, the
    two differ for one naming: the nameless position's names follow the squares, the ids need not."""
    from dodnb.rules import solitaire as automaton

    def nameless_and_named():
        s = _tied_free_roll(names)
        ctx = engine.context(s.board)
        named = ZombieTurnWalk(s, ctx)
        named.nameless = False
        got = ZombieTurnWalk(s, ctx)._nameless_children(s)
        assert got is not None
        return Counter(got), Counter(named.children(s))

    got, want = nameless_and_named()
    assert got == want
    monkeypatch.setattr(automaton, "_seen_as", lambda m: ("", 0, m.who))
    monkeypatch.setattr(engine.context(load_board()), "choices", {})  # (no classification kept under the other order)
    got, want = nameless_and_named()
    assert (got == want) == (names == ("Z02", "Z01"))
