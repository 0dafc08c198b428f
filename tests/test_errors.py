"""One error base (issue 8): every error dodnb raises on purpose is a DodnbError, either a
RuleViolation (a rule the user broke: ``.case`` always set) or an InputError (malformed input:
``.case`` may be None); ``str(err)`` is ``"[case] detail"``; no code cuts another error's message."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest

import dodnb
import dodnb.prob as P
from dodnb.board import load_board
from dodnb.board.model import MapError, UnknownSquare, board_from_dict
from dodnb.board.sight import NoPath, NotInSight, SightError
from dodnb.errors import DodnbError, InputError, RuleViolation
from dodnb.prob import DistError, ProbError
from dodnb.prob.othergames._common import OtherGameInputError
from dodnb.rules import counters as counters_mod
from dodnb.rules.counters import DATA_PATH, CounterError, load_counters
from dodnb.rules.dice import Dice, DiceError
from dodnb.rules.tables import TableError, default_tables

REPO = Path(__file__).resolve().parents[1]
CASE = re.compile(r"^\d+(\.\d+)?$")

def _all_modules() -> list[str]:
    names = ["dodnb"]
    for info in pkgutil.walk_packages(dodnb.__path__, prefix="dodnb."):
        names.append(info.name)
    return sorted(names)


def public_error_classes() -> dict[str, type]:
    """Every public exception class defined (not just imported) in a dodnb module."""
    found = {}
    for name in _all_modules():
        module = importlib.import_module(name)
        for attr, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseException)
                and obj.__module__ == name
                and not attr.startswith("_")
            ):
                found[f"{name}.{obj.__qualname__}"] = obj
    return found


ERRORS = public_error_classes()


def test_the_walk_finds_the_known_classes():
    for cls in (MapError, UnknownSquare, SightError, NotInSight, NoPath, CounterError, TableError,
                DiceError, DistError, ProbError, OtherGameInputError, RuleViolation, InputError):
        assert f"{cls.__module__}.{cls.__qualname__}" in ERRORS


@pytest.mark.parametrize("qualname", sorted(ERRORS))
def test_every_public_error_class_is_a_dodnb_error(qualname):
    cls = ERRORS[qualname]
    assert issubclass(cls, DodnbError), f"{qualname} should derive from RuleViolation or InputError"
    assert issubclass(cls, ValueError)  # older code catching ValueError keeps working
    if cls is not DodnbError:
        # exactly one of the two siblings: a rules matter or malformed input, never both
        assert issubclass(cls, RuleViolation) != issubclass(cls, InputError), qualname


# --------------------------------------------------------------------------- constructors

#: One sample of each class, built as callers build it today, with the case it should carry.
SAMPLES = [
    (lambda: MapError("the map has no squares"), None, "the map has no squares"),
    (lambda: UnknownSquare("there is no square '999' [2.1]"), None, "there is no square '999' [2.1]"),
    (lambda: SightError("bad guns [6.8]"), None, "bad guns [6.8]"),
    (lambda: NotInSight("B is not within the sight of A [6.0], [6.4]: wall", sight=None), None,
     "B is not within the sight of A [6.0], [6.4]: wall"),
    (lambda: NoPath("no chain [2.1], [6.7]"), None, "no chain [2.1], [6.7]"),
    (lambda: CounterError("2.3", "unknown character 'Bob'"), "2.3", "unknown character 'Bob'"),
    (lambda: TableError("[8.8]", "attack strength must be at least 0"), "8.8", "attack strength must be at least 0"),
    (lambda: DiceError("at least one die must be rolled, got 0"), None, "at least one die must be rolled, got 0"),
    (lambda: DiceError("at least one die must be rolled, got 0", "6.6"), "6.6", "at least one die must be rolled, got 0"),
    (lambda: DistError("all weights are zero"), None, "all weights are zero"),
    (lambda: ProbError("6.8", "at least one character must shoot"), "6.8", "at least one character must shoot"),
    (lambda: OtherGameInputError("[ATZ 5.3] Rep must be a whole number from 1 to 6, got 7"), None,
     "[ATZ 5.3] Rep must be a whole number from 1 to 6, got 7"),
    (lambda: RuleViolation(" [5.4] ", "too many zombies in the square"), "5.4", "too many zombies in the square"),
    (lambda: InputError("a save file must be JSON"), None, "a save file must be JSON"),
]


@pytest.mark.parametrize("make,case,detail", SAMPLES)
def test_case_detail_and_message(make, case, detail):
    err = make()
    assert isinstance(err, DodnbError)
    assert err.case == case and err.detail == detail
    if err.case is not None:
        assert CASE.match(err.case)
        assert str(err) == f"[{err.case}] {detail}" and err.cite == f"[{err.case}]"
    else:
        assert str(err) == detail and err.cite == ""


@pytest.mark.parametrize("cls", [RuleViolation, ProbError, CounterError, TableError])
def test_classes_that_always_cite_refuse_a_missing_case(cls):
    with pytest.raises(TypeError):
        cls(None, "no Case")


def test_rule_violation_subclasses_normalise_their_case():
    for qualname, cls in ERRORS.items():
        if issubclass(cls, RuleViolation):
            err = cls("[6.8]", "x") if _takes_case_then_detail(cls) else None
            if err is not None:
                assert err.case == "6.8" and str(err) == "[6.8] x", qualname


def _takes_case_then_detail(cls: type) -> bool:
    params = list(inspect.signature(cls).parameters)
    return params[:2] in (["case", "detail"], ["case", "message"])


def test_unknown_square_is_still_a_key_error():
    err = UnknownSquare("there is no square '999'")
    assert isinstance(err, KeyError) and isinstance(err, InputError)
    assert str(err) == "there is no square '999'" == err.message  # not quoted as KeyError would


def test_a_fuller_dice_citation_keeps_the_case_number():
    err = DiceError("the dice script ran out", "6.0 step 1")
    assert err.case == "6.0" and str(err).startswith("[6.0] ") and "6.0 step 1" in err.detail


# --------------------------------------------------------------------------- real raises


def test_four_shot_dice_is_a_rule_violation_6_8():
    with pytest.raises(ProbError) as info:
        P.kill_chance(4, 0, 3)
    err = info.value
    assert isinstance(err, RuleViolation) and err.case == "6.8"
    assert str(err) == f"[6.8] {err.detail}" and not err.detail.startswith("[")


def test_rethrown_counter_error_keeps_its_detail_whole():
    with pytest.raises(ProbError) as info:
        P.shooter("Bob")
    err, cause = info.value, info.value.__cause__
    assert isinstance(cause, CounterError) and isinstance(cause, InputError)
    assert err.case == cause.case == "2.3"
    assert err.detail == cause.detail == "unknown character 'Bob': the characters are Peter, Roger, Steve and Fran"
    assert str(err) == str(cause)


def test_rethrown_table_error_keeps_its_detail_whole():
    with pytest.raises(ProbError) as info:
        P.panic_check("dragon", True)
    assert info.value.case == "6.5" and info.value.detail == info.value.__cause__.detail
    assert "]" in info.value.detail  # the detail cites [10.0], [11.5]: nothing was cut at the first "] "


def test_counters_file_with_a_bad_value(tmp_path):
    raw = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    raw["characters"]["Fran"]["normal"]["panic_level"] = -1
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(CounterError) as info:
        load_counters(p)
    err = info.value
    assert isinstance(err, InputError) and err.case == "6.5"
    assert err.detail == "Fran (normal) Panic Level must be at least 0, got -1"
    assert str(err) == "[6.5] Fran (normal) Panic Level must be at least 0, got -1"


def test_unreadable_counters_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{", encoding="utf-8")
    with pytest.raises(CounterError) as info:
        load_counters(p)
    assert info.value.case == "2.3" and info.value.detail.startswith(f"cannot read counters file {p}")


def test_table_lookup_out_of_range():
    with pytest.raises(TableError) as info:
        default_tables().attack_result(13, 3)
    assert info.value.case == "8.8" and info.value.detail == "Zombie Attack Table dice total (2d6) must be at most 12, got 13"


def test_unknown_square():
    with pytest.raises(UnknownSquare) as info:
        load_board().square("999")
    err = info.value
    assert isinstance(err, InputError) and isinstance(err, KeyError)
    assert err.case is None and "'999'" in err.detail and err.detail.endswith("[2.1]")
    assert str(err) == err.detail


def test_malformed_map_is_input_error():
    with pytest.raises(MapError) as info:
        board_from_dict({"format": "dodnb-map", "version": 1, "squares": [], "walls": [], "doors": []})
    assert isinstance(info.value, InputError) and info.value.case is None


def test_too_many_dice():
    with pytest.raises(DiceError) as info:
        Dice(seed=0).roll(move=0, dice=4, rolls_before=0, case="6.6")
    assert info.value.case == "6.6" and str(info.value).startswith("[6.6] no more than 3 dice")


def test_dist_error_has_no_case():
    with pytest.raises(DistError) as info:
        P.Dist({})
    assert isinstance(info.value, InputError) and not isinstance(info.value, RuleViolation)
    assert info.value.case is None


def test_other_game_error_keeps_its_section_in_the_text():
    from dodnb.prob.othergames._common import whole

    with pytest.raises(OtherGameInputError) as info:
        whole(7, "Rep", "ATZ 5.3", lo=1, hi=6)
    assert info.value.case is None
    assert str(info.value) == "[ATZ 5.3] Rep must be a whole number from 1 to 6, got 7"


# --------------------------------------------------------------------------- no message cutting


def test_no_module_cuts_an_error_message():
    offenders = [
        str(p.relative_to(REPO))
        for p in sorted((REPO / "dodnb").rglob("*.py"))
        if 'split("] "' in p.read_text(encoding="utf-8") or "split('] '" in p.read_text(encoding="utf-8")
    ]
    assert offenders == [], "re-raise with Error(exc.case, exc.detail) instead of cutting str(exc)"


# --------------------------------------------------------------------------- one vocabulary


def test_status_lists_come_from_the_vocabulary():
    from dodnb.prob import attacks
    from dodnb.rules import tables
    from dodnb.rules.vocab import CHARACTER_STATUSES, Status, TargetKind

    assert counters_mod.STATUSES == tuple(s.value for s in CHARACTER_STATUSES)
    assert all(type(s) is str for s in counters_mod.STATUSES)  # plain strings for Dist outcomes
    assert attacks.STATUS_ORDER == (*counters_mod.STATUSES, Status.KILLED.value)
    assert set(attacks.STATUS_ORDER) <= {s.value for s in Status}
    assert set(attacks.EFFECTS) - {"none"} <= {s.value for s in Status}
    assert tables.ATTACK_RESULTS == attacks.EFFECTS[:-1]
    assert set(tables._TARGET_ALIASES.values()) == {k.value for k in TargetKind}


def test_zombie_counter_is_the_printed_counter():
    c = counters_mod.default_counters()
    assert all(type(u) is counters_mod.ZombieCounter for u in c.units)
    assert not hasattr(counters_mod, "ZombieUnit")  # the unit in play is dodnb.rules.state.ZombieUnit
