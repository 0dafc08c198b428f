"""What a roll decides (`Node.result`, `engine.roll_classes`): at every dice node whose rule names
its result — a shot [6.0] step 5, a panic check [6.5], the Zombie Attack Table [8.8], the berserk dice
[10.0], a glass-door attack [10.5], the super-zombie roll [11.0], the Zombie Entrance Table [13.5],
the Hidden Zombie Table's second die [15.2] — two totals with the same result give the same position,
and totals with different results do not always (the classes are not merged too far). Checked by
applying every total, on every such node met in seeded random games, solitaire and two-player."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from dodnb.board.model import load_board
from dodnb.rules import engine
from dodnb.rules.game import Game
from dodnb.rules.phases import NODES
from dodnb.rules.vocab import PendingKind

WITH_RESULT = {k for k, n in NODES.items() if n.result is not None}


def _dice_nodes(seeds, solitaire):
    """Every position of seeded random games waiting on a roll whose node names its result."""
    for seed in seeds:
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        g.play(max_steps=3000)
        for st in g.history:
            if st.pending is not None and st.pending.kind in WITH_RESULT:
                yield st


def test_rule_results_are_declared_for_the_threshold_rolls():
    """[6.0], [6.5], [8.8], [10.0], [10.5], [11.0], [13.5], [15.2]: the nodes that say what their roll decides."""
    assert {PendingKind.ROLL_SHOT, PendingKind.ROLL_PANIC, PendingKind.ROLL_ATTACK, PendingKind.ROLL_BERSERK_STAY,
            PendingKind.ROLL_BERSERK_GO, PendingKind.ROLL_GLASS, PendingKind.ROLL_SUPER, PendingKind.ROLL_ENTRANCE,
            PendingKind.ROLL_ROW} == WITH_RESULT


def test_6_0_8_8_10_0_totals_of_one_result_give_one_position():
    """Every total applied: equal results, equal positions; the classes' probabilities sum to 1 and
    each class's totals are exactly those of one result."""
    seen: Counter = Counter()
    split: Counter = Counter()
    for solitaire in (True, False):
        for st in _dice_nodes(range(6), solitaire):
            ctx = engine.context(st.board)
            classes = engine.roll_classes(st, ctx)
            assert classes is not None
            assert sum(q for _, q in classes) == 1
            outs = dict(engine.chance_outcomes(st, ctx))
            assert sorted(a.total for acts, _ in classes for a in acts) == sorted(a.total for a in outs)
            ends = []
            for acts, q in classes:
                assert q == sum((outs[a] for a in acts), Fraction(0))
                after = {engine.apply(st, ctx, a)[0] for a in acts}
                assert len(after) == 1, (st.pending.kind, [a.total for a in acts])
                ends.append(after.pop())
            seen[st.pending.kind] += 1
            if len(set(ends)) > 1:
                split[st.pending.kind] += 1
    # the rolls met in these games, each of them both ways somewhere
    for kind in (PendingKind.ROLL_SHOT, PendingKind.ROLL_PANIC, PendingKind.ROLL_ATTACK, PendingKind.ROLL_BERSERK_GO,
                 PendingKind.ROLL_BERSERK_STAY, PendingKind.ROLL_ENTRANCE, PendingKind.ROLL_ROW):
        assert seen[kind] > 0 and split[kind] > 0, (kind, seen, split)


def test_10_0_berserk_dice_fall_into_two_classes():
    """[10.0] 1d6: 4 or less goes (or stays) berserk, 5 or 6 not: two classes, 4/6 and 2/6."""
    for solitaire in (True, False):
        for st in _dice_nodes(range(6), solitaire):
            if st.pending.kind in (PendingKind.ROLL_BERSERK_GO, PendingKind.ROLL_BERSERK_STAY):
                classes = engine.roll_classes(st)
                assert [([a.total for a in acts], q) for acts, q in classes] == [([1, 2, 3, 4], Fraction(2, 3)), ([5, 6], Fraction(1, 3))]
                return
    raise AssertionError("no berserk roll met")


def test_roll_classes_elsewhere_are_none():
    """A decision, a draw, or a roll whose total is itself the result (the free-movement die [7.0] 2)."""
    g = Game(seed=1, human="random", zombie="random", solitaire=True)
    g.play(max_steps=600)
    kinds = set()
    for st in g.history:
        if st.pending is not None and st.pending.kind not in WITH_RESULT:
            assert engine.roll_classes(st) is None
            kinds.add(st.pending.kind)
    assert PendingKind.ROLL_FREE in kinds and any(not k.startswith("roll:") for k in kinds)


def test_6_0_8_8_classes_kept_per_result_function_equal_the_grouping_worked_out_afresh():
    """`roll_classes` keeps its grouping per result function (its code and the values it closed over:
    a shot's reduction and the target's value [6.0], a panic level [6.5], an attack's strength [8.8]...);
    on every dice node of seeded games the kept answer equals the grouping worked out afresh from the
    node's own result function, and positions do share kept answers."""
    engine.context(load_board()).roll_classes.clear()  # kept by the rules object
    n = 0
    for solitaire in (True, False):
        for st in _dice_nodes(range(4), solitaire):
            ctx = engine.context(st.board)
            kept = engine.roll_classes(st, ctx)
            fresh = engine._roll_classes(engine.chance_outcomes(st, ctx), NODES[st.pending.kind].result(st, ctx), st.pending.dice)
            assert kept == fresh, st.pending.kind
            n += 1
    kept = engine.context(load_board()).roll_classes
    assert 0 < len(kept) < n / 4, (len(kept), n)


def test_10_0_classes_kept_for_one_set_of_tables_are_not_given_to_another():
    """A roll decided by a table's own method ([10.0] the berserk die, `Tables.goes_berserk`) is kept
    per tables object: a Ctx whose tables make a unit go berserk only on 1 or 2 gets its own classes,
    whichever Ctx asked first."""
    from dataclasses import replace

    from dodnb.rules.context import Ctx
    from dodnb.rules.tables import default_tables

    st = next(s for s in _dice_nodes(range(6), True) if s.pending.kind == PendingKind.ROLL_BERSERK_GO)
    plain = engine.context(st.board)
    strict = Ctx(st.board, tables=replace(default_tables(), berserk_goes_at_most=2))
    for first, second in ((plain, strict), (strict, plain)):
        plain.roll_classes.clear()
        strict.roll_classes.clear()
        got = {id(c): [[a.total for a in acts] for acts, _ in engine.roll_classes(st, c)] for c in (first, second)}
        assert got[id(plain)] == [[1, 2, 3, 4], [5, 6]]
        assert got[id(strict)] == [[1, 2], [3, 4, 5, 6]]
