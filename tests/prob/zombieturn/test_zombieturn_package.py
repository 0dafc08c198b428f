"""The zombie-turn odds (issue 32, item 4): `dodnb.prob.zombieturn` split along its seams — no module
over 1,000 lines, no private name of it imported by another module (the package's own modules, the
rest of dodnb, the benchmarks, the tests), its modules importing one another without a cycle — and
the Wilson interval stated once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
PACKAGE = REPO / "dodnb" / "prob" / "zombieturn"
NAME = "dodnb.prob.zombieturn"
SEAMS = ("walker", "canonical", "movement", "nameless", "attacks", "exact", "montecarlo", "odds", "common")


def sources() -> list[Path]:
    return [p for d in ("dodnb", "benchmarks", "tests") for p in sorted((REPO / d).rglob("*.py"))]


def private_uses(path: Path, root: Path = REPO) -> list[str]:
    """Where `path` imports a private name from dodnb.prob.zombieturn or one of its modules, or reads
    one off a module of it bound by `import ... as x` / `from dodnb.prob import zombieturn`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = set()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == NAME or node.module.startswith(NAME + "."):
                out += [f"{path.relative_to(root)}:{node.lineno} imports {a.name}" for a in node.names if a.name.startswith("_")]
                aliases.update(a.asname or a.name for a in node.names if a.name in SEAMS)
            elif node.module == "dodnb.prob":
                aliases.update(a.asname or a.name for a in node.names if a.name == "zombieturn")
        elif isinstance(node, ast.Import):
            aliases.update(a.asname for a in node.names if a.asname and (a.name == NAME or a.name.startswith(NAME + ".")))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            out.append(f"{path.relative_to(root)}:{node.lineno} reads {node.value.id}.{node.attr}")
    return out


def test_the_package_has_its_seams_and_no_module_over_1000_lines():
    sizes = {p.stem: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.glob("*.py")}
    assert set(SEAMS) <= set(sizes), sorted(sizes)
    assert not (REPO / "dodnb" / "prob" / "zombieturn.py").exists()
    assert max(sizes.values()) < 1000, sizes


def test_no_private_name_of_the_zombie_turn_walk_is_imported_across_modules():
    found = [hit for p in sources() for hit in private_uses(p)]
    assert found == []


def test_the_private_name_check_finds_what_it_must(tmp_path):
    """The checker itself: each of these lines is reported, the public ones not."""
    text = ("from dodnb.prob.zombieturn import _Walk, zombie_turn\n"
            "from dodnb.prob.zombieturn.common import _hidden, step\n"
            "import dodnb.prob.zombieturn as zt\nzt._start(1)\nzt.zombie_turn(1)\n"
            "from dodnb.prob.zombieturn import walker\nwalker._strip(1)\n"
            "from dodnb.prob import zombieturn\nzombieturn._x\n")
    path = tmp_path / "probe.py"
    path.write_text(text, encoding="utf-8")
    got = private_uses(path, tmp_path)
    assert sorted(g.split(" ", 1)[1] for g in got) == [
        "imports _Walk", "imports _hidden", "reads walker._strip", "reads zombieturn._x", "reads zt._start"]


def test_the_package_modules_import_one_another_without_a_cycle():
    """Each module of the package imports its siblings by their own names (never the package itself,
    whose __init__ imports them all), and those imports form no cycle."""
    graph: dict = {}
    for p in PACKAGE.glob("*.py"):
        if p.stem == "__init__":
            continue
        deps = set()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for n in names:
                assert n != NAME, f"{p.name} imports the package itself"
                if n.startswith(NAME + "."):
                    deps.add(n[len(NAME) + 1:].split(".")[0])
        graph[p.stem] = deps
    done: set = set()

    def visit(m, path):
        assert m not in path, " -> ".join(path + (m,))
        if m in done:
            return
        for d in graph[m]:
            visit(d, path + (m,))
        done.add(m)

    for m in graph:
        visit(m, ())
    assert graph["walker"] >= {"canonical", "movement", "nameless", "attacks", "common"}


def test_every_public_name_is_still_importable_from_the_package():
    import dodnb.prob.zombieturn as zt

    for name in zt.__all__:
        assert getattr(zt, name) is not None, name
    from dodnb.prob.zombieturn import (  # noqa: F401  the names the notebooks, tests and docs use
        SOLITAIRE_QUESTION, STATUSES, TWO_PLAYER_QUESTION, CharacterOdds, TooBig, TurnOutcome, ZombieTurnOdds,
        ZombieTurnWalk, exact_turn, sample_zombie_turn, start_position, walk_exact, walk_once, wilson, zombie_turn,
    )


def test_the_wilson_interval_is_stated_once():
    import dodnb.experiments
    import dodnb.prob.stats
    import dodnb.prob.zombieturn

    assert dodnb.experiments.wilson is dodnb.prob.stats.wilson is dodnb.prob.zombieturn.wilson
    defs = [str(p.relative_to(REPO)) for p in sorted((REPO / "dodnb").rglob("*.py"))
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef) and node.name == "wilson"]
    assert defs == ["dodnb/prob/stats.py"]


@pytest.mark.parametrize("k, n, lo, hi", [(0, 300, 0.0, 0.0127), (300, 300, 0.9873, 1.0), (0, 0, 0.0, 1.0)])
def test_the_wilson_interval_ends(k, n, lo, hi):
    from dodnb.prob.stats import wilson

    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=1e-4) and got[1] == pytest.approx(hi, abs=1e-4)
