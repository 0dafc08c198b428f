"""Inside dodnb.rules imports point one way and stay public (issue 32): no module reaches itself again
through its imports (lazy ones included: rules/game and rules/position once did), and no module takes
another module's private name (`from X import _name`, `X._name`)."""

from __future__ import annotations

import ast

from tests.test_layers import REPO, all_modules, dodnb_imports


def _rules_graph() -> dict[str, set[str]]:
    modules = all_modules()
    known = set(modules)
    return {
        m: {t for _, t in dodnb_imports(p, REPO, known) if t != m and t.startswith("dodnb.rules.")}
        for m, p in modules.items()
        if m.startswith("dodnb.rules.")
    }


def _cycle_from(graph: dict[str, set[str]], start: str):
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in graph.get(node, ()):
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return None


def test_rules_modules_have_no_import_cycles():
    graph = _rules_graph()
    assert {"dodnb.rules.game", "dodnb.rules.position", "dodnb.rules.state", "dodnb.rules.knowledge"} <= set(graph)
    assert "dodnb.rules.game" in graph["dodnb.rules.position"]  # Position.game() builds a Game (lazily: still counted)
    cycles = [c for c in (_cycle_from(graph, m) for m in sorted(graph)) if c]
    assert cycles == [], " ; ".join(" -> ".join(c) for c in cycles)


def test_the_cycle_check_sees_a_lazy_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycle_from(graph, "a") == ["a", "b", "c", "a"] and _cycle_from(graph, "d") is None


def private_imports(path, module: str, modules: set[str]) -> list[str]:
    """`from dodnb.X import _name` and `dodnb.X._name` (through an imported module) in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dodnb"):
            for a in node.names:
                full = f"{node.module}.{a.name}"
                if full in modules:
                    aliases[a.asname or a.name] = full
                elif a.name.startswith("_") and not a.name.startswith("__") and node.module != module:
                    bad.append(f"{module}:{node.lineno} from {node.module} import {a.name}")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and a.name in modules:
                    aliases[a.asname] = a.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name) and aliases.get(node.value.id, module) != module):
            bad.append(f"{module}:{node.lineno} {aliases[node.value.id]}.{node.attr}")
    return bad


def test_rules_modules_import_no_private_name():
    modules = all_modules()
    bad = [b for m, p in modules.items() if m.startswith("dodnb.rules.") for b in private_imports(p, m, set(modules))]
    assert bad == []


def test_the_private_name_check_sees_both_forms(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("from dodnb.rules.game import _policy, Game\nfrom dodnb.rules import engine\nengine._advance(1)\nengine.apply(1)\n")
    got = private_imports(f, "dodnb.rules.m", {"dodnb.rules.engine", "dodnb.rules.game"})
    assert got == ["dodnb.rules.m:1 from dodnb.rules.game import _policy", "dodnb.rules.m:3 dodnb.rules.engine._advance"]


def test_no_module_of_dodnb_imports_a_private_name():
    """The whole package, not only dodnb.rules (issue 32): a name starting with one underscore stays
    in its module; what two modules share has a public name (search.player once took the human
    players' `_goal` and `_next_step` from rules.solitaire)."""
    modules = all_modules()
    assert "dodnb.search.player" in modules and "dodnb.widgets.stepper" in modules
    bad = [b for m, p in sorted(modules.items()) for b in private_imports(p, m, set(modules))]
    assert bad == []
