"""The rules object (issue 32, item 2): a game's `Ctx` owns its board, counters, tables and every
cache that depends on them; its states refer to it (`GameState.ctx`), so its policies and searches
see it; no module of dodnb.rules or dodnb.board keeps a cache keyed by a board or a Ctx; `apply`
trusts no action by identity alone."""

from __future__ import annotations

import ast
import pickle
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from dodnb.board.model import load_board
from dodnb.errors import RuleViolation
from dodnb.rules import engine
from dodnb.rules.actions import Move
from dodnb.rules.context import Ctx, default_rules
from dodnb.rules.game import Game
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.tables import default_tables
from dodnb.search.humans import kill_estimate, sensible_human
from tests.rules.test_tables_single_source import EDITED, _position, p_at_least

REPO = Path(__file__).resolve().parents[2]

#: The module-level memos allowed in dodnb.rules and dodnb.board, each independent of any board,
#: counters or tables (the comment beside each says why); everything else lives in the rules object
#: (`Ctx`) or, for the board's own geometry, in the board (`Board.memo`).
BOARD_INDEPENDENT = {
    "dodnb/board/model.py:_CACHE",  # the loader's memo: a map file read once by its name
    "dodnb/rules/vocab.py:_KIND_SIDE",  # enum table: a pending kind -> its side
    "dodnb/rules/phases/__init__.py:NODES",  # the registry of nodes, filled once at import
    "dodnb/rules/actions.py:_LAYOUT",  # an action class -> its field names and defaults
    "dodnb/rules/phases/base.py:_PENDINGS",  # interning of immutable Pending records
    "dodnb/rules/phases/base.py:_dice_outcomes",  # n dice -> their totals as outcomes (dice only)
    "dodnb/rules/phases/berserk.py:_CHECKS",  # interning of BerserkCheck actions by unit id
    "dodnb/rules/phases/reaction.py:_ORDERED",  # a set of square ids -> the ids sorted
    "dodnb/rules/core.py:ways",  # dice arithmetic
    "dodnb/rules/core.py:_roll_outcomes",  # dice arithmetic
    "dodnb/rules/core.py:attacked_count_faces",  # the [15.6] die's faces for n characters
    "dodnb/rules/core.py:attacked_count_odds",  # the same as odds
    "dodnb/rules/state.py:_UNITS_HASH",  # a units tuple -> its hash
    "dodnb/rules/knowledge.py:_SETTLED",  # units tuples already settled for their characters
    "dodnb/rules/tables.py:_default_tables",  # the shipped tables, read once
    "dodnb/rules/counters.py:_default_counters",  # the shipped counters, read once
    "dodnb/rules/context.py:default_rules",  # the one default rules object (shipped board, counters, tables)
}

_EMPTY_CALLS = {"dict", "list", "set", "OrderedDict", "WeakKeyDictionary", "WeakValueDictionary", "defaultdict"}


def _is_cache_value(v: ast.expr) -> bool:
    """An empty container, a list of Nones, or a memo object built at module level."""
    if isinstance(v, ast.Dict):
        return not v.keys
    if isinstance(v, (ast.List, ast.Set)):
        return all(isinstance(e, ast.Constant) and e.value is None for e in v.elts)
    if isinstance(v, ast.BinOp) and isinstance(v.op, ast.Mult):
        return _is_cache_value(v.left)
    if isinstance(v, ast.Call):
        f = v.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        return (name in _EMPTY_CALLS and not v.args) or name.lstrip("_") in ("Last", "Listing")
    return False


def module_caches(root: Path, packages=("dodnb/rules", "dodnb/board")) -> set[str]:
    """`path:name` of every module-level cache: an empty dict/list/set (or weak dict, or list of
    Nones) bound at module level, or a module-level function under lru_cache / cache."""
    found = set()
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _is_cache_value(node.value):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    found |= {f"{rel}:{t.id}" for t in targets if isinstance(t, ast.Name)}
                elif isinstance(node, ast.FunctionDef):
                    for d in node.decorator_list:
                        d = d.func if isinstance(d, ast.Call) else d
                        name = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", "")
                        if name in ("lru_cache", "cache"):
                            found.add(f"{rel}:{node.name}")
    return found


def test_no_module_level_cache_in_rules_or_board_but_the_board_independent_memos():
    assert module_caches(REPO) == BOARD_INDEPENDENT


def test_the_cache_scan_finds_every_form(tmp_path):
    (tmp_path / "dodnb" / "rules").mkdir(parents=True)
    (tmp_path / "dodnb" / "board").mkdir(parents=True)
    (tmp_path / "dodnb" / "rules" / "m.py").write_text(
        "import weakref\nfrom functools import lru_cache\n_A = {}\n_B: dict = {}\n_C = [None] * 7\n_D = _Last()\n"
        "_E = weakref.WeakKeyDictionary()\nTABLE = {'a': 1}\n\n@lru_cache(maxsize=None)\ndef f(n):\n    return n\n"
        "def g():\n    local = {}\n")
    (tmp_path / "dodnb" / "board" / "s.py").write_text("_GRIDS = dict()\nWORDS = ('a',)\n")
    assert module_caches(tmp_path) == {f"dodnb/rules/m.py:{n}" for n in ("_A", "_B", "_C", "_D", "_E", "f")} | {"dodnb/board/s.py:_GRIDS"}


# --- the rules object reaches every state, policy and search of its game -----------------------


def _edited_tables():
    """The tables edited as tests/rules/test_tables_single_source.py edits them (a square away costs 2
    [6.7], an open door 3...), through the public loader."""
    return EDITED


def test_a_game_s_policies_see_its_rules_object_and_its_tables():
    tables = _edited_tables()
    seen = []

    def recorder(state, legal, rng):
        seen.append((state.ctx, state.ctx.tables))
        return sensible_human(state, legal, rng)

    g = Game(seed=5, solitaire=True, tables=tables, human=recorder, zombie=zombie_policy)
    assert g.ctx.tables is tables and g.state.ctx is g.ctx and g.start.ctx is g.ctx
    for _ in range(80):
        if g.over:
            break
        g.step()
        assert g.state.ctx is g.ctx
    assert seen and all(ctx is g.ctx and t is tables for ctx, t in seen)
    plain = Game(seed=5, solitaire=True)
    assert plain.ctx is default_rules() and plain.state.ctx is plain.ctx
    assert g.start.ctx is not plain.ctx and g.start == plain.start  # the rules object is not compared


def test_sensible_human_s_kill_estimate_follows_the_game_s_chart():
    """Peter at a seen value-2 unit two squares away [6.0], [6.7]: the estimate the human players and
    the search shoot by reads the chart of the state's own rules object (counted here face by face)."""
    estimates = {}
    for name, tables in (("stock", None), ("edited", EDITED)):
        g = Game(position=_position("113", "115"), tables=tables, human=None, zombie=None)
        st = g.state
        assert st.ctx is g.ctx and (tables is None or st.ctx.tables is tables)
        estimates[name] = kill_estimate(st, st.ctx, ["Peter"], "113", "115")
    assert estimates["stock"] == p_at_least(2, 2 + 2 * 1)  # 2 squares away, 1 each
    assert estimates["edited"] == p_at_least(2, 2 + 2 * 2)  # 2 squares away, 2 each
    picked = {}
    for name, tables in (("stock", None), ("edited", EDITED)):
        g = Game(position=_position("113", "115"), tables=tables, human=None, zombie=None)
        action, note = sensible_human(g.state, g.legal_actions(), None)
        picked[name] = note.params.get("percent")
    assert picked == {"stock": round(100 * float(estimates["stock"])), "edited": round(100 * float(estimates["edited"]))}


def test_states_pickle_and_serialise_without_their_caches():
    g = Game(seed=2, solitaire=True, tables=_edited_tables())
    st = g.state
    back = pickle.loads(pickle.dumps(st))
    assert back == st and hash(back) == hash(st)
    assert isinstance(back.ctx, Ctx) and back.ctx.tables == g.ctx.tables and back.ctx.choices == {}
    assert "ctx" not in st.to_dict()
    again = type(st).from_dict(st.to_dict(), ctx=g.ctx)
    assert again == st and again.ctx is g.ctx


def test_apply_trusts_an_equal_listed_action_and_checks_any_other():
    """`apply` skips `check` only for an action equal to one the rules object listed for this very
    state: an equal copy of a listed move is taken; a listed move offered at another state is
    checked in full (and refused, naming its Case, the state untouched)."""
    from dodnb.rules.actions import Activate

    g = Game(seed=3, human="ask")
    st, ctx = g.state, g.ctx
    act = next(a for a in engine.legal_actions(st, ctx) if isinstance(a, Activate))
    copy = Activate(act.stack, act.carrier, act.carried)
    assert copy == act and copy is not act and ctx.last_legal.listed(st, copy)
    st2, _ = engine.apply(st, ctx, copy)
    mv = next(a for a in engine.legal_actions(st2, ctx) if isinstance(a, Move))
    assert ctx.last_legal.listed(st2, mv) and ctx.last_legal.listed(st2, Move(mv.to))
    assert not ctx.last_legal.listed(st, mv)  # listed for another state: not trusted
    with pytest.raises(RuleViolation) as err:
        engine.apply(st, ctx, mv)
    assert err.value.case
    assert g.state is st
