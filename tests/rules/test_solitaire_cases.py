"""Solitaire Dawn of the Dead [15.0]-[15.8]: one test (at least) per Case, on hand-built positions
or seeded games. The automaton's rulings are in docs/rulings/solitaire.md."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from dodnb.board.model import load_board
from dodnb.rules import engine
from dodnb.rules.actions import BreakDoor, EndPhase, EndTurn, Roll, SuperMove, ZMove
from dodnb.rules.game import Game
from dodnb.rules import solitaire
from dodnb.rules.solitaire import (
    INF, free_move_action, free_move_choice, free_move_plan, reaction_choice, steps_from,
    super_reaction_choice, weighted_from, zombie_policy,
)
from dodnb.search.humans import random_human, sensible_human
from dodnb.rules.setup import initial_state
from dodnb.rules.state import Pending
from tests.rules.solitaire_helpers import build, choose, free_state, run_free_phase, two_beside

MAIN_SQUARES = ("004", "093", "117", "212")


def ctx_of(st):
    return engine.context(st.board)


# ---------------------------------------------------------------------------------- [15.1]

def test_15_1_hidden_zombies_are_not_assigned_but_mixed_with_the_eliminated_units():
    st = initial_state(seed=4, solitaire=True)
    assert st.hidden_squares == ()
    pools = Counter(z.pool for z in st.zombies)
    assert pools == {"map": 45, "eliminated": 5}
    two = initial_state(seed=4)
    assert Counter(z.pool for z in two.zombies) == {"map": 45, "hidden": 5} and len(two.hidden_squares) == 5


# ---------------------------------------------------------------------------------- [15.2] [15.8]

def test_15_2_the_hidden_zombie_table_comes_before_the_berserk_phase_two_dice():
    g = Game(seed=5, solitaire=True, human="ask", zombie=zombie_policy)
    g.apply(EndTurn())
    assert g.phase == "hidden" and g.pending.kind == "roll:column" and g.pending.case == "15.8"
    assert [p for _, p in g.chance_outcomes()] == [Fraction(1, 6)] * 6
    g.apply(Roll(2))
    assert g.pending.kind == "roll:row"
    g.apply(Roll(6))  # column 1-3, row 6: '-' no hidden zombie [15.8]
    assert g.phase != "hidden"
    assert any(e.key == "hidden_table" and "no hidden zombie" in e.text() for e in g.log)


def test_15_8_the_table_gives_each_digit_once_and_two_blanks():
    t = ctx_of(build({"Peter": "024"})).tables
    cells = [t.hidden_zombie(c, r) for c in (1, 4) for r in range(1, 7)]
    assert sorted(d for d in cells if d is not None) == list(range(10))
    assert cells.count(None) == 2
    assert t.hidden_zombie(3, 1) == t.hidden_zombie(1, 1) and t.hidden_zombie(6, 4) == t.hidden_zombie(4, 4)  # 1-3 | 4-6


def brute_nearest(st, digit):
    """Independent oracle for [15.2], [15.3]: BFS by hand over passable sides from the movers' squares."""
    ctx = ctx_of(st)
    src = sorted({st.character(n).square for n in st.record.actors})
    dist = {s: 0 for s in src}
    frontier = list(src)
    while frontier:
        nxt = []
        for s in frontier:
            for n in st.board.moves_from(s, st.doors):
                if n not in dist:
                    dist[n] = dist[s] + 1
                    nxt.append(n)
        frontier = nxt
    ok = [s for s in dist if s.endswith(str(digit)) and st.board.square(s).kind != "hall" and not st.zombie_occupied(s)]
    best = min(dist[s] for s in ok)
    return {s for s in ok if dist[s] == best}, ctx


@pytest.mark.parametrize("digit", range(10))
def test_15_2_placement_in_the_nearest_square_ending_in_the_digit(digit):
    st = replace(build({"Peter": "024", "Fran": "177"}), record=replace(build({"Peter": "024"}).record, actors=("Peter",)))
    nearest, ctx = brute_nearest(st, digit)
    got = engine.solitaire_hidden_square(st, ctx, digit)
    assert got in nearest  # distance in Movement Points from the character who just moved


def test_15_3_not_a_hall_square_not_a_zombie_square_but_a_character_square_is_allowed():
    st = build({"Peter": "177"})
    st = replace(st, record=replace(st.record, actors=("Peter",)))
    ctx = ctx_of(st)
    assert engine.solitaire_hidden_square(st, ctx, 7) == "177"  # the character's own square [15.3]
    for digit in range(10):
        sq = engine.solitaire_hidden_square(st, ctx, digit)
        assert sq is None or not st.board.square(sq).is_hall
    # occupy the nearest square ending in 4 with a unit: the next nearest is used [15.3]
    first = engine.solitaire_hidden_square(st, ctx, 4)
    st2 = replace(build({"Peter": "177"}, [{"square": first}]), record=st.record)
    second = engine.solitaire_hidden_square(st2, ctx, 4)
    assert second != first and second.endswith("4")
    d = engine.mp_distances(st, ctx, ["177"])
    assert d[second] >= d[first]


# ---------------------------------------------------------------------------------- [15.4]

def test_15_4_the_unit_nearest_the_characters_who_moved_is_checked():
    st = build({"Peter": "024", "Fran": "177"}, [{"square": "097"}, {"square": "173"}], phase="berserk")
    st = replace(st, record=replace(st.record, actors=("Peter",)))
    assert engine.solitaire_berserk_candidates(st, ctx_of(st)) == ["Z01"]  # 097 is 2 from 024; 173 is 1 from Fran, who did not move
    st = replace(st, record=replace(st.record, actors=("Fran",)))
    assert engine.solitaire_berserk_candidates(st, ctx_of(st)) == ["Z02"]


def test_15_4_equally_near_units_are_picked_by_die():
    g = Game(state=replace(build({"Peter": "024"}, [{"square": "099"}, {"square": "134"}], phase="berserk",
                                 record=replace(build({"Peter": "024"}).record, actors=("Peter",))), pending=None),
             human="ask", zombie=zombie_policy)
    assert g.pending.kind == "pick:tie" and g.pending.case == "15.4"
    outs = g.chance_outcomes()
    assert sorted(a.uid for a, _ in outs) == ["Z01", "Z02"] and all(p == Fraction(1, 2) for _, p in outs)


# ---------------------------------------------------------------------------------- [15.5] priorities

def test_15_5_priority_1_a_unit_that_can_end_in_a_character_square_moves_first():
    st = free_state({"Peter": "024"}, [{"square": "097"}, {"square": "099"}], moves=1)
    a, note = choose(st)
    assert a == ZMove("Z02", ("024",)) and "priority 1" in note


def test_15_5_priority_1_a_berserk_unit_two_squares_away_also_qualifies_and_costs_no_move():
    st = free_state({"Peter": "024"}, [{"square": "097", "berserk": True}, {"square": "099"}], moves=1)
    moves, end = run_free_phase(st)
    assert [n for _, n in moves[:2]] and all("priority 1" in n for _, n in moves[:1])
    ends = {a.path[-1] for a, _ in moves if isinstance(a, ZMove)}
    assert "024" in ends


def test_15_5_priority_2_a_unit_leaves_an_open_main_door_square_before_units_in_sight_move():
    st = free_state({"Peter": "117"}, [{"square": "004"}, {"square": "194"}], moves=2)
    moves, _ = run_free_phase(st)
    # Z02 (194) reaches Peter's square: priority 1; then Z01 leaves the North door square: priority 2
    assert "priority 1" in moves[0][1] and moves[0][0].uid == "Z02"
    assert "priority 2" in moves[1][1] and moves[1][0].uid == "Z01"


def test_15_5_priority_2_not_for_a_closed_main_door():
    st = free_state({"Peter": "117"}, [{"square": "004"}], moves=1, doors={"N": "closed"})
    a, note = choose(st)
    assert "priority 2" not in note


def test_15_5_priority_2_the_fewest_units_make_room_for_a_boxed_in_unit():
    st = free_state({"Peter": "117"}, [{"square": "004"}, {"square": "011"}, {"square": "012"}, {"square": "033"}], moves=2)
    moves, end = run_free_phase(st)
    assert "makes room" in moves[0][1] and "priority 2" in moves[0][1]
    assert moves[1][0].uid == "Z01" and "leaves the open main door" in moves[1][1]
    assert end.zombie_in("004") is None
    # one free move only: the chain (two moves) cannot be completed, so it is not started (ruling S-P2)
    one = free_state({"Peter": "117"}, [{"square": "004"}, {"square": "011"}, {"square": "012"}, {"square": "033"}], moves=1)
    assert all("priority 2" not in n for _, n in run_free_phase(one)[0])


def test_15_5_priority_3_a_unit_in_sight_moves_toward_the_character_before_priority_4_or_5():
    st = free_state({"Peter": "024"}, [{"square": "162"}, {"square": "097"}], moves=1)
    a, note = choose(st)
    assert a.uid == "Z02" and "priority 3" in note
    d = steps_from(st, ctx_of(st), "024")
    assert d[a.path[-1]] < d["097"]


def test_15_5_priority_3_toward_the_closest_character_in_sight():
    for near, far in (("Roger", "Peter"), ("Peter", "Roger")):
        st = free_state({near: "024", far: "130"}, [{"square": "097"}], moves=1)
        ctx = ctx_of(st)
        assert steps_from(st, ctx, "024")["097"] < steps_from(st, ctx, "130")["097"]
        assert all("097" in ctx.sight(st).visible_from(sq) for sq in ("024", "130"))
        a, note = choose(st)
        assert f"sight of {near}" in note and steps_from(st, ctx, "024")[a.path[-1]] == 1


def test_15_5_priority_4_a_move_that_ends_within_sight():
    st = free_state({"Peter": "024"}, [{"square": "188"}, {"square": "082"}], moves=1)
    a, note = choose(st)
    vis = ctx_of(st).sight(st).visible_from("024")
    assert "188" not in vis and "082" not in vis
    assert a == ZMove("Z02", ("062",)) and "priority 4" in note and "062" in vis


def test_15_5_priority_5_the_closest_unit_counting_store_squares_double_moves_toward_the_character():
    st = free_state({"Peter": "024"}, [{"square": "188"}, {"square": "016"}], moves=1)
    ctx = ctx_of(st)
    w = weighted_from(st, ctx, "024")
    vis = ctx.sight(st).visible_from("024")
    plan = free_move_plan(st)
    assert plan and all(p == 5 for p, _, _ in plan)  # neither can get into sight in one move
    a, note = choose(st)
    closest = min(("Z01", "188"), ("Z02", "016"), key=lambda t: (w[t[1]], t[0]))
    assert a.uid == closest[0] and "priority 5" in note
    assert w[a.path[-1]] < w[st.unit(a.uid).square] and a.path[-1] not in vis


def brute_weighted(st, target):
    """Oracle for the [15.5] priority 5 count: hall (and service) squares 1, store squares 2, by relaxation."""
    ids = st.board.ids
    d = {s: INF for s in ids}
    d[target] = 0
    changed = True
    while changed:
        changed = False
        for s in ids:
            for n in st.board.moves_from(s, st.doors):
                c = d[n] + (2 if st.board.square(n).is_store else 1)
                if c < d[s]:
                    d[s] = c
                    changed = True
    return d


def test_15_5_priority_5_distance_matches_a_brute_force_count():
    st = build({"Peter": "115"})
    w = weighted_from(st, ctx_of(st), "115")
    b = brute_weighted(st, "115")
    assert {s: w.get(s, INF) for s in st.board.ids} == b


def find_main_door_trap():
    """A unit beside a main-door square whose every way toward Peter (priority 5) enters that square."""
    base = build({"Peter": "024"})
    ctx = ctx_of(base)
    for target in ("024", "115", "177", "062", "212", "093", "117", "004"):
        for m in MAIN_SQUARES:
            for u in ctx.moves(base)[m]:
                st = free_state({"Peter": target}, [{"square": u}], moves=1)
                if u in ctx.sight(st).visible_from(target) or target == m:
                    continue
                w = weighted_from(st, ctx, target)
                closer = [n for n in ctx.moves(st)[u] if w.get(n, INF) < w[u]]
                vis = ctx.sight(st).visible_from(target)
                if closer == [m] and not any(n in vis for n in ctx.moves(st)[u] if n not in MAIN_SQUARES):
                    return st, u, m
    return None


def test_15_5_main_door_exception_a_priority_5_move_into_a_main_door_square_is_not_made():
    found = find_main_door_trap()
    assert found is not None, "the map has no such position (search the test's candidates)"
    st, u, m = found
    a, note = choose(st)
    assert a == EndPhase() or a.path[-1] != m  # the move is not conducted [15.5] Note


def test_15_5_units_moved_in_reaction_are_not_moved_freely():
    st = free_state({"Peter": "024"}, [{"square": "099"}, {"square": "097"}], moves=2, reacted=("Z01",))
    moves, _ = run_free_phase(st)
    assert all(a.uid != "Z01" for a, _ in moves if isinstance(a, ZMove))


def test_15_5_tie_break_free_movers_first_then_nearest_then_most_vulnerable():
    # two units can reach a character square; the berserk one does not count against the die (S-T1)
    st = free_state({"Peter": "024"}, [{"square": "099"}, {"square": "135", "berserk": True}], moves=1)
    a, note = choose(st)
    assert a.uid == "Z02" and "priority 1" in note
    # same footing: the stunned character's square first (a second hit kills him [8.5])
    for stunned, square in (("Peter", "024"), ("Roger", "097")):
        chars = {"Peter": "024", "Roger": "097"}
        chars[stunned] = {"square": square, "status": "stunned"}
        st = free_state(chars, [{"square": "099"}], moves=1)  # 099 is beside both squares
        assert {"024", "097"} <= set(ctx_of(st).moves(st)["099"])
        a, note = choose(st)
        assert a.path == (square,) and "priority 1" in note


def test_15_5_every_decision_names_its_priority_in_the_log():
    g = Game(seed=11, solitaire=True, human=sensible_human, zombie=zombie_policy)
    while g.state.turn < 4 and not g.over:
        g.step()
    notes = [e for e in g.log if e.key == "policy_choice" and e.data["side"] == "zombie"]
    assert notes and all(e.case == "15.5" for e in notes)
    assert any("priority" in e.data["why"] for e in notes)


def test_15_5_the_automaton_never_skips_a_higher_priority_in_seeded_games():
    """Invariants checked at every free decision of 12 seeded games, against independent checks:
    a move ending in a character square is always taken first (priority 1); a priority 4 or 5 move
    never ends in a main door square; the phase ends only when no unit can get nearer a character."""
    checked = 0
    for seed in range(12):
        g = Game(seed=seed, solitaire=True, human=sensible_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= 12:
            st = g.state
            if st.pending.kind == "free":
                legal = g.legal_actions()
                a, note = zombie_policy(st, legal, None)
                humans = st.human_squares()
                p1 = [x for x in legal if isinstance(x, (ZMove, SuperMove)) and x.path and x.path[-1] in humans]
                if p1:
                    assert a in p1 and "priority 1" in note
                if "priority 4" in note or "priority 5" in note:
                    assert a.path[-1] not in MAIN_SQUARES
                if a == EndPhase():
                    ctx = g.ctx
                    for x in legal:
                        if isinstance(x, ZMove) and x.path and x.path[-1] not in MAIN_SQUARES:
                            z = st.unit(x.uid)
                            near = min(weighted_from(st, ctx, c.square).get(x.path[-1], INF) - weighted_from(st, ctx, c.square).get(z.square, INF)
                                       for c in st.characters if c.in_play)
                            in_sight = any(z.square in ctx.sight(st).visible_from(c.square) for c in st.characters if c.in_play)
                            assert near >= 0 or in_sight, (seed, x, note)
                checked += 1
            g.step()
    assert checked > 50


def test_15_5_cached_free_choice_equals_the_whole_plan_in_seeded_games():
    """The fast free move (each mover classified on its own, cached on the mover, its legal actions,
    the characters and the doors) is the first entry of the whole plan, built priority by priority as
    [15.5] reads (with priority 2's room-making), at every free decision of seeded games; the cache
    is hit, so positions really share their classifications."""
    choices = engine.context(load_board()).choices  # kept by the rules object
    choices.clear()
    checked = ends = 0
    for seed, g, st, legal in _zombie_decisions(range(6)):
        if st.pending.kind == "free":
            a, note = free_move_choice(st, legal, g.ctx)
            plan = free_move_plan(st, legal, g.ctx)
            if plan:
                assert (a, note) == plan[0][1:], (seed, a, plan[0])
                assert note.params == plan[0][2].params
            else:
                assert a == EndPhase()
                ends += 1
            assert free_move_action(st, legal, g.ctx) == a
            checked += 1
    assert checked > 300 and ends > 10
    assert len(choices) < checked * 15  # shared: not one entry per mover (about 40) per decision


def test_15_5_the_note_free_action_is_the_automaton_choice_in_seeded_games():
    """`solitaire.zombie_action` (what the zombie-turn walk asks: no note written) gives the action of
    `zombie_policy` at every zombie decision of seeded solitaire games: free moves [15.5], reaction
    moves (ruling S-R1) and super zombies' reactions (ruling S-R2)."""
    kinds: Counter = Counter()
    for seed, g, st, legal in _zombie_decisions(range(4)):
        assert solitaire.zombie_action(st, legal, g.ctx) == zombie_policy(st, legal)[0], (seed, st.pending.kind)
        kinds[st.pending.kind] += 1
    assert kinds["free"] > 100 and kinds["reaction"] > 10, kinds


def _zombie_decisions(seeds):
    """(seed, game, state, legal actions) at every zombie decision of seeded solitaire games up to
    Game-Turn 10, sensible and random humans against the automaton."""
    for seed in seeds:
        for human in (sensible_human, random_human):
            g = Game(seed=seed, solitaire=True, human=human, zombie=zombie_policy)
            while not g.over and g.state.turn <= 10:
                if g.state.pending.side == "zombie":
                    yield seed, g, g.state, g.legal_actions()
                g.step()


def test_15_5_reaction_ties_and_a_blocked_berserk_unit_attacks_the_glass_door():
    st = build({"Peter": "024"}, [{"square": "097"}])
    st = replace(st, phase="reaction", pending=Pending("zombie", "reaction", "7.0", "", who="Z01"))
    a, note = reaction_choice(st, [BreakDoor("Z01", "G1"), ZMove("Z01", ())])
    assert a == BreakDoor("Z01", "G1") and "S-R1" in note
    a, note = reaction_choice(st, [ZMove("Z01", ("100",)), ZMove("Z01", ("099",))])
    d = steps_from(st, ctx_of(st), "024")
    assert d[a.path[-1]] == min(d["099"], d["100"])


def test_15_5_a_super_zombie_reacts_only_to_reach_a_character():
    st = build({"Peter": "024", "Roger": {"square": "097", "status": "super"}})
    legal = [EndPhase(), SuperMove("Roger", ("099",)), SuperMove("Roger", ("099", "024"))]
    a, note = super_reaction_choice(st, legal)
    assert a == SuperMove("Roger", ("099", "024"))
    a, note = super_reaction_choice(st, legal[:2])
    assert a == EndPhase() and "S-R2" in note


# ---------------------------------------------------------------------------------- [15.6]

def test_15_6_a_die_decides_how_many_characters_are_attacked():
    st = build({"Peter": "024", "Roger": "024"}, [{"square": "024", "value": 6}], phase="attack")
    from dodnb.rules.state import Attack

    st = replace(st, attack=Attack("024", "count"), pending=None)
    g = Game(state=st, human="ask", zombie=zombie_policy)
    assert g.pending.kind == "pick:count" and g.pending.case == "15.6"
    assert [(a.total, p) for a, p in g.chance_outcomes()] == [(1, Fraction(1, 2)), (2, Fraction(1, 2))]


# ---------------------------------------------------------------------------------- [15.7]

def test_15_7_a_super_zombie_stacking_with_a_unit_does_not_reveal_its_value():
    for solitaire, shown in ((True, False), (False, True)):
        st = build({"Peter": "115", "Roger": {"square": "024", "status": "super"}}, [{"square": "099"}])
        st = replace(st, solitaire=solitaire, phase="free", record=replace(st.record, actors=("Peter",)),
                     zturn=replace(st.zturn, step="free_moves", moves_left=1),
                     pending=Pending("zombie", "free", "7.0", ""))
        new, _ = engine.apply(st, ctx_of(st), SuperMove("Roger", ("099",)))
        assert new.unit("Z01").face_up is shown and new.unit("Z01").seen is shown


# ---------------------------------------------------------------------------------- ruling S-T1 (5)

@pytest.mark.parametrize("names", [("Z01", "Z02"), ("Z02", "Z01"), ("Z49", "Z03")])
def test_15_5_ruling_s_t1_a_tie_is_broken_by_the_square_never_by_the_counters_id(names):
    """[15.5], [7.7] (ruling S-T1 (5)): two units meeting priority 1 alike (same footing, same end, same
    character): the one in the lower square moves, whatever the counters are (their ids would tell
    their values apart, which the zombie side may not inspect)."""
    low, high = two_beside("024")
    st = free_state({"Peter": "024"}, [{"uid": names[0], "square": high, "value": 9},
                                       {"uid": names[1], "square": low, "value": 1}], moves=1)
    a, note = choose(st)
    assert isinstance(a, ZMove) and st.unit(a.uid).square == low and a.path == ("024",) and "priority 1" in note


@pytest.mark.parametrize("names", [("Z01", "Z02"), ("Z02", "Z01")])
def test_15_4_ruling_s_t1_equally_near_units_are_listed_by_square(names):
    """[15.4] (ruling S-T1): the units the tie die picks among, in the order of their squares."""
    low, high = two_beside("024")
    st = build({"Peter": "024"}, [{"uid": names[0], "square": high}, {"uid": names[1], "square": low}], phase="berserk")
    st = replace(st, record=replace(st.record, actors=("Peter",)))
    got = engine.solitaire_berserk_candidates(st, ctx_of(st))
    assert [st.unit(u).square for u in got] == [low, high]


@pytest.mark.parametrize("names", [("Z01", "Z02"), ("Z02", "Z01")])
def test_7_2_ruling_s_t1_equally_near_units_react_in_the_order_of_their_squares(names):
    """[7.0] 1, [7.2] 3 (rulings E10, S-T1): units equally near the characters are queued to react in the
    order of their squares, whatever their ids."""
    from dodnb.rules.phases import reaction
    low, high = two_beside("024")
    st = build({"Peter": "024"}, [{"uid": names[0], "square": high}, {"uid": names[1], "square": low}], phase="berserk")
    st = replace(st, record=replace(st.record, actors=("Peter",), entered=("024",)))
    got = reaction.enter(st, ctx_of(st), [])
    assert [st.unit(u).square for u in got.zturn.queue] == [low, high]
