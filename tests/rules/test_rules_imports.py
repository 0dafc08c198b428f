"""Imports stay public (issue 32): no module takes another module's private name (`from X import
_name`, `X._name`). (That no module reaches itself again through its imports, rules/game and
rules/position once did, is tests/test_layers.py's test_no_import_cycles, over the whole package.)"""

from __future__ import annotations

import ast

from tests.test_layers import all_modules


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
