"""`zombie_turn` from what the humans know (ruling K1 in docs/RULINGS.md): the value of a counter nobody
has seen is drawn from the counters nobody has seen when its unit is revealed. Proven three ways: equal
to the plain walk drawing at the reveal (tests/prob/zombieturn/zturn_positions.py); equal to the average
of the onlooker's answer over every deal of the unseen values (the definition); unchanged by swaps no
player can notice (tests/oracle/swaps.py), on positions from seeded solitaire games and hand-built
ones — and each kind of swap catches the old answer (the values under the counters) put back."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

import dodnb.prob.zombieturn.odds as odds_module
from dodnb.prob.enumerate import TooBig
from dodnb.prob.zombieturn import ZombieTurnWalk, start_position, walk_exact, zombie_turn
from dodnb.prob.zombieturn.common import evolved
from dodnb.rules.knowledge import UNKNOWN, conceal, never_seen, reveal_needed
from dodnb.rules.state import Pending
from tests.oracle.swaps import KINDS, pairs, swap, swapped, turn_starts
from tests.prob.zombieturn.zturn_positions import TooLong, mid_turn_states, plain_walk
from tests.rules.solitaire_helpers import build

CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}
ACT = Pending("human", "act", "5.0", "")


def around(values=(9, 7, 11), elim=()):
    """Peter and Fran in 024, never-seen units in 099, 097 (berserk) and 134; Steve in 177."""
    squares = ["099", "097", "134"]
    return build({"Peter": "024", "Fran": "024", "Steve": "177"},
                 [{"square": s, "value": values[i], "berserk": i == 1} for i, s in enumerate(squares)],
                 eliminated=elim, doors=CLOSED, pending=ACT)


def at_the_door(stunned=False):
    """Peter in the north main-door square 004, its door open; a never-seen unit far off (value 2) and a
    never-seen counter in the eliminated pool (value 9): a unit drawn there attacks him [13.4]
    (`stunned`: he cannot fire first [8.1], so the engine counts the value in at once [8.0] 2)."""
    peter = {"square": "004", "status": "stunned"} if stunned else "004"
    return build({"Peter": peter, "Steve": "177"}, [{"square": "134", "value": 2}], eliminated=(9,),
                 doors={"E": "closed", "S": "closed", "W": "closed"}, pending=ACT)


def drawn_beside():
    """Peter in 024 beside a unit drawn face down from the pool (candidates: a seen 4 or one nobody has
    seen), never seen itself (value 11); a never-seen unit far off (value 1)."""
    return build({"Peter": "024", "Steve": "177"},
                 [{"square": "099", "value": 11, "candidates": (4, UNKNOWN)}, {"square": "134", "value": 1}],
                 doors=CLOSED, pending=ACT)


HAND = {"map": around, "pool": at_the_door, "drawn": drawn_beside}


def _answer(st, knowledge="humans"):
    return dict(zombie_turn(st, fallback=None, knowledge=knowledge).dist.items())


# ----------------------------------------------------------------------------- the plain walk


@pytest.mark.parametrize("make", [around, at_the_door, lambda: at_the_door(stunned=True), drawn_beside,
                                  lambda: around((1, 1, 5), elim=(3,))])
def test_k1_the_fast_walk_equals_the_plain_walk_drawing_at_the_reveal(make):
    """Every position met in the zombie turn of a hand-built position: the fast walk of the concealed
    position (values drawn where an attack, shot or glass door reads them) equals the plain walk that
    draws each as soon as its unit shows; values are drawn in both."""
    st0, ctx = start_position(make())
    compared = drawn = 0
    for m in mid_turn_states(st0, 1, every=4) + [st0]:
        try:
            plain = plain_walk(m, max_nodes=1500, public=True)
        except TooLong:
            continue
        c = conceal(m)
        walk = ZombieTurnWalk(c, ctx)
        assert {tuple(k): p for k, p in walk_exact(c, walk).items()} == plain, (m.phase, m.pending)
        compared += 1
        drawn += walk.used.get("values drawn at a reveal", 0)
    assert compared >= 2 and drawn > 0, (compared, drawn)


def test_k1_the_answer_is_the_average_over_every_deal_of_the_unseen_values():
    """The definition: what the humans can know is the onlooker's answer averaged over every way the
    values nobody has seen could lie under those counters, each deal equally likely [3.0], [2.3]."""
    for st in (around(), around((1, 1, 5), elim=(3,)), at_the_door(), at_the_door(stunned=True)):
        blind = [z.uid for z in st.zombies if never_seen(z)]
        values = [st.unit(u).value for u in blind]
        deals = [d for d in set(permutations(values))]
        total: dict = {}
        for d in deals:
            dealt = st
            zs = tuple(z if z.uid not in blind else _with(z, d[blind.index(z.uid)]) for z in st.zombies)
            dealt = st.evolve(zombies=zs)
            for k, p in _answer(dealt, "onlooker").items():
                total[k] = total.get(k, 0) + p / len(deals)
        assert _answer(st) == total
        assert _answer(st, "onlooker") != total  # (the positions are ones where the deal matters)


def _with(z, v):
    from dataclasses import replace

    return replace(z, value=v)


# ----------------------------------------------------------------------------- swaps no player can notice


def test_k1_swaps_no_player_can_notice_change_no_zombie_turn_answer():
    """Positions at the start of Game-Turns 2-5 of six seeded solitaire games: for each kind of swap,
    the public position is the same (so is every answer read from it), and the exact answer is
    compared wherever the walk is quick; and on the hand-built positions, each kind."""
    checked = {k: 0 for k in KINDS}
    walked = 0
    for seed, st in turn_starts(tuple(range(6))):
        base = None
        for kind, other in swapped(st, n=2):
            assert conceal(start_position(other)[0]) == conceal(start_position(st)[0]), (seed, st.turn, kind)
            checked[kind] += 1
            if walked < 6:
                try:
                    base = base or _answer_quick(st)
                    assert _answer_quick(other) == base, (seed, st.turn, kind)
                    walked += 1
                except TooBig:
                    pass
    assert min(checked.values()) >= 10 and walked >= 3, (checked, walked)
    for kind, make in HAND.items():
        st = make()
        (a, b), = pairs(st, kind, 1)
        assert _answer(swap(st, a, b)) == _answer(st), kind


def _answer_quick(st):
    return dict(zombie_turn(st, fallback=None, max_seconds=3).dist.items())


@pytest.mark.parametrize("kind", KINDS)
def test_k1_each_kind_of_swap_catches_the_values_under_the_counters(kind, monkeypatch):
    """The leak put back: zombie_turn reading the values under the counters (no concealing) changes
    its answer under each kind of swap — the metamorphic check above would fail."""
    monkeypatch.setattr(odds_module, "conceal", lambda st: st)
    st = HAND[kind]()
    (a, b), = pairs(st, kind, 1)
    assert _answer(swap(st, a, b)) != _answer(st)


class _UrnKept(ZombieTurnWalk):
    """The walk with the urn kept in the position (the shortcut undone): what follows a draw is
    followed apart for every urn."""

    def set_urn_aside(self, s):
        return s, ()


class _UrnNeverGivenBack(ZombieTurnWalk):
    """The shortcut without its stage ends: the urn set aside and never given back where a value is
    drawn."""

    def needs_urn(self, s):
        return False


class _StageAtEveryDraw(_UrnKept):
    """A stage of the walk ending at every value drawn, the urn kept in the position: stages that end
    anywhere must give the same odds."""

    def needs_urn(self, s):
        return self.public and reveal_needed(s, shown=False) is not None


def _end_of_human_turn(seed: int, turn: int):
    from dodnb.rules.actions import EndTurn
    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.search.humans import sensible_human

    g = Game(seed=seed, solitaire=True, human=sensible_human, zombie=zombie_policy)
    while not g.over and g.state.turn <= turn:
        g.step()
    return next(st for st, a in zip(g.history, g.actions) if isinstance(a, EndTurn) and st.turn == turn)


def test_k1_the_urn_carried_with_the_probability_gives_the_walk_that_keeps_it():
    """Ruling K1, the zombie turn's walk: after movement the urn of unseen values rides with the
    probability and is given back where the next value is drawn, a stage of the walk ending there
    (`set_urn_aside`, `needs_urn`, `give_back`), so what follows a draw is followed once for every urn.
    From the mid-turn positions of a real game (Peter and Roger in the north main-door square, Steve
    and Fran beside it: two attacks drawn, then units drawn at the door), the odds equal those of the
    walk that keeps the urn in the position, Fraction for Fraction, and of the plain walk where it is
    small enough; the shortcut was taken."""
    st0, ctx = start_position(_end_of_human_turn(1000, 2))
    compared = carried = plain_too = 0
    for m in mid_turn_states(st0, 2, every=3):
        if m.phase.value not in ("attack", "generation"):
            continue
        c = conceal(m)
        walk = ZombieTurnWalk(c, ctx)
        got = dict(walk_exact(c, walk).items())
        assert got == dict(walk_exact(c, _UrnKept(c, ctx)).items()), (m.phase, m.pending)
        compared += 1
        here = walk.used.get("urn carried with the probability", 0)
        carried += here
        if m.phase.value == "generation" and here:  # (the plain walk of the earlier ones is too long)
            plain = plain_walk(m, max_nodes=30000, public=True)
            assert {tuple(k): p for k, p in got.items()} == plain
            plain_too += 1
    assert compared >= 3 and carried > 0 and plain_too >= 1, (compared, carried, plain_too)


def test_k1_the_urn_set_aside_must_be_given_back_where_a_value_is_drawn():
    """The stage ends of the shortcut above: without them a value would be drawn from an urn that is
    not there — the walk fails (no counter left to draw) or gives other odds; the test catches it."""
    st0, ctx = start_position(_end_of_human_turn(1000, 3))
    m = next(m for m in mid_turn_states(st0, 1, every=3) if m.phase.value == "berserk")
    c = conceal(m)
    got = dict(walk_exact(c, ZombieTurnWalk(c, ctx)).items())
    assert got == dict(walk_exact(c, _UrnKept(c, ctx)).items())
    try:
        broken = dict(walk_exact(c, _UrnNeverGivenBack(c, ctx)).items())
    except (ValueError, IndexError):
        return
    assert broken != got


def test_k1_stages_ending_at_every_draw_give_the_same_odds():
    """The exact walk's stages (`exact._stage`): ending one at every value drawn, with the urn kept in
    the position, changes no odds. Mid-turn positions of a real game where Fran, infected, will roll
    for a super zombie [11.0] (parts held until her roll, ruling Z1) while the attacks still draw
    values: a draw's stage then starts beside the super-zombie rolls reached with it, and a position
    met there equal to one of them must still end its stage (a start merged with it once lost what it
    carried: 6 of these positions gave other odds)."""
    st0, ctx = start_position(_end_of_human_turn(1000, 3))
    compared = 0
    for seed in (1, 2):
        for m in mid_turn_states(st0, seed, every=1):
            if m.phase.value != "attack":
                continue
            c = conceal(m)
            got = dict(walk_exact(c, ZombieTurnWalk(c, ctx)).items())
            assert got == dict(walk_exact(c, _StageAtEveryDraw(c, ctx)).items()), (seed, m.pending)
            compared += 1
    assert compared >= 6, compared


class _FireBlindToBerserk(ZombieTurnWalk):
    """A wrong ruling Z1 (the panic checks followed once): whether the attacker is berserk left out of
    what the characters' choice to shoot at it reads, although the shot's panic checks are harder
    against a berserk unit [10.6]."""

    def _panic_key(self, s):
        k = super()._panic_key(s)
        return k[:4] + (k[4] and evolved(k[4], berserk=False),) + k[5:]


@pytest.mark.parametrize("values", [(9, 7, 11), (1, 1, 5)])
def test_k1_10_6_the_shots_at_a_berserk_attacker_are_not_shared_with_a_plain_one(values):
    """Ruling Z1 (the panic checks followed once) from what the humans know, [8.1], [6.5], [10.6]:
    Peter and Fran in 024 with never-seen units around them, one of them berserk (`around`). The
    characters' shots at whichever unit attacks them are walked once for every value it may show,
    but a berserk attacker's apart: the panic checks of a shot at it are harder. The fast walk equals
    the plain walk drawing at the reveal; a walk sharing them between berserk and plain attackers
    does not."""
    st0, ctx = start_position(around(values))
    plain = plain_walk(st0, public=True)
    c = conceal(st0)
    walk = ZombieTurnWalk(c, ctx)
    assert {tuple(k): p for k, p in walk_exact(c, walk).items()} == plain
    assert walk.used.get("panic checks followed once", 0) > 0, walk.used
    assert {tuple(k): p for k, p in walk_exact(c, _FireBlindToBerserk(c, ctx)).items()} != plain

