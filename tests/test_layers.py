"""Layering: the functional core (dodnb.board, dodnb.rules, dodnb.prob) imports nothing from the
widget side (ipywidgets, ipycanvas, IPython.display, dodnb.widgets, dodnb.render).

Two independent checks, so that neither a lazy import inside a function nor an import hidden in a
third-party module slips through:
- dynamic: each module is imported alone in a fresh interpreter and sys.modules is inspected;
- static: every source file is parsed and every import statement (at any depth, relative imports
  resolved, importlib.import_module / __import__ with a literal name) is checked.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORE = ("dodnb.board", "dodnb.rules", "dodnb.prob", "dodnb.exercises")
FORBIDDEN = ("ipywidgets", "ipycanvas", "IPython.display", "dodnb.widgets", "dodnb.render")


def is_forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def module_name(path: Path, root: Path = REPO) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def core_files(root: Path = REPO, packages=CORE) -> list[Path]:
    files = []
    for package in packages:
        files += sorted((root / package.replace(".", "/")).rglob("*.py"))
    return files


def core_modules() -> list[str]:
    return [module_name(p) for p in core_files()]


# --- static scan ---------------------------------------------------------------------------


DISPLAY_HOOK_ALLOWED: tuple[str, ...] = ()  # none left: core objects ask dodnb.display (the facade installs the painter)


def display_hook_lines(tree: ast.AST) -> set[int]:
    """Lines inside IPython display methods (`_repr_svg_`, `_repr_html_`, ...).

    Kept for a narrow exception to the layering rule, should one be needed again (DISPLAY_HOOK_ALLOWED):
    today none is allowed, as core objects ask `dodnb.display` for their pictures
    (docs/ARCHITECTURE.md)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("_repr_") and node.name.endswith("_"):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def imported_names(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `source`, including `from X import y` as X.y.

    Lazy imports of the pure SVG writer inside a display method are left out (see display_hook_lines)."""
    tree = ast.parse(source)
    hooks = display_hook_lines(tree)
    return [
        (line, name)
        for line, name in _all_imported_names(tree, module, is_package)
        if not (line in hooks and any(name == a or name.startswith(a + ".") for a in DISPLAY_HOOK_ALLOWED))
    ]


def _all_imported_names(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module
            found.append((node.lineno, target))
            found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names if alias.name != "*"]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def forbidden_imports(path: Path, root: Path = REPO) -> list[str]:
    module = module_name(path, root)
    names = imported_names(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    return [f"{path.relative_to(root)}:{line} imports {name}" for line, name in names if is_forbidden(name)]


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_core_source_has_no_widget_import(path):
    assert forbidden_imports(path) == []


def test_static_scan_finds_every_kind_of_forbidden_import(tmp_path):
    """The scanner itself: each of these lines must be reported."""
    pkg = tmp_path / "dodnb" / "rules"
    pkg.mkdir(parents=True)
    bad = {
        "import ipywidgets": "ipywidgets",
        "import ipycanvas.canvas as c": "ipycanvas.canvas",
        "from IPython import display": "IPython.display",
        "from IPython.display import HTML": "IPython.display",
        "from dodnb import render": "dodnb.render",
        "from ..widgets import mapview": "dodnb.widgets",
        "from ..render.scene import Scene": "dodnb.render.scene",
        "def f():\n    from dodnb.widgets import MapView": "dodnb.widgets",
        "import importlib\nimportlib.import_module('ipycanvas')": "ipycanvas",
        "def draw():\n    from dodnb.render.svg import board_svg": "dodnb.render.svg",
        "class B:\n    def _repr_svg_(self):\n        from dodnb.widgets import MapView": "dodnb.widgets",
        "class B:\n    def _repr_svg_(self):\n        from dodnb.render.svg import board_svg": "dodnb.render.svg",
    }
    for i, (source, expected) in enumerate(bad.items()):
        path = pkg / f"m{i}.py"
        path.write_text(source + "\n")
        reports = forbidden_imports(path, tmp_path)
        assert any(expected in r for r in reports), (source, reports)
    ok = pkg / "ok.py"
    ok.write_text(
        "from ..board import geometry\nimport IPython\nfrom fractions import Fraction\nfrom dodnb.display import show\n"
        "class B:\n    def _repr_svg_(self):\n        return show(self, 'image/svg+xml')\n"
    )
    assert forbidden_imports(ok, tmp_path) == []


# --- dynamic check -------------------------------------------------------------------------

PROBE = textwrap.dedent(
    """
    import importlib, json, sys
    importlib.import_module(sys.argv[1])
    print(json.dumps(sorted(sys.modules)))
    """
)


def loaded_after_import(module: str, extra_path: Path | None = None) -> tuple[int, str, list[str]]:
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(extra_path), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, module],
        capture_output=True, text=True, timeout=120, env=env, cwd=extra_path or REPO,
    )  # fmt: skip
    lines = proc.stdout.strip().splitlines()
    return proc.returncode, proc.stderr, json.loads(lines[-1]) if proc.returncode == 0 and lines else []


PROBE_ALL = textwrap.dedent(
    """
    import importlib, json, sys
    for name in sys.argv[1:]:
        importlib.import_module(name)
    print(json.dumps(sorted(sys.modules)))
    """
)


def loaded_after_importing_all(modules: list[str]) -> tuple[int, str, list[str]]:
    """Every core module imported in one fresh interpreter (nothing else): what is loaded then."""
    proc = subprocess.run(
        [sys.executable, "-c", PROBE_ALL, *modules],
        capture_output=True, text=True, timeout=300, env=dict(os.environ), cwd=REPO,
    )  # fmt: skip
    lines = proc.stdout.strip().splitlines()
    return proc.returncode, proc.stderr, json.loads(lines[-1]) if proc.returncode == 0 and lines else []


def test_importing_core_modules_loads_no_widget_module():
    """Import every core module in one fresh interpreter: no widget module may be loaded then. A
    forbidden import by any of them shows in the union, so one interpreter sees it; only when one
    does is each module imported alone, to name the culprit."""
    modules = core_modules()
    code, stderr, loaded = loaded_after_importing_all(modules)
    assert code == 0, f"importing the core modules failed:\n{stderr}"
    bad = [m for m in loaded if is_forbidden(m)]
    if bad:
        culprits = {}
        for module in modules:
            _, _, alone = loaded_after_import(module)
            hits = [m for m in alone if is_forbidden(m)]
            if hits:
                culprits[module] = hits
        pytest.fail(f"core modules load widget modules: {culprits or bad}")


def test_dynamic_check_sees_an_indirect_widget_import(tmp_path):
    """The probe itself: a module that imports ipywidgets through another module must show it."""
    (tmp_path / "layer_probe_a.py").write_text("import layer_probe_b\n")
    (tmp_path / "layer_probe_b.py").write_text("def f():\n    pass\nimport ipywidgets\n")
    code, stderr, loaded = loaded_after_import("layer_probe_a", tmp_path)
    assert code == 0, stderr
    assert "ipywidgets" in loaded and is_forbidden("ipywidgets")
    env_path = os.environ.get("PYTHONPATH")
    try:  # the all-at-once probe sees it too, among other modules
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env_path]))
        code, stderr, loaded = loaded_after_importing_all(["fractions", "layer_probe_a", "json"])
    finally:
        if env_path is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = env_path
    assert code == 0, stderr
    assert "ipywidgets" in loaded
    assert not is_forbidden("ipywidgetsx") and not is_forbidden("IPython")


def test_core_packages_exist():
    """The parametrised checks above are only meaningful if they found the packages."""
    for package in CORE:
        assert package in core_modules(), package


RENDER_FORBIDDEN = ("ipywidgets", "ipycanvas", "IPython.display", "dodnb.widgets")


@pytest.mark.parametrize("path", sorted((REPO / "dodnb" / "render").rglob("*.py")), ids=lambda p: p.name)
def test_render_layer_is_pure(path):
    """dodnb.render (scenes, SVG) draws with strings only: no widget or IPython display import, so
    the core's display methods may use it without pulling widget code in."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = _all_imported_names(tree, module_name(path), path.name == "__init__.py")
    bad = [f"{line}: {n}" for line, n in names if any(n == f or n.startswith(f + ".") for f in RENDER_FORBIDDEN)]
    assert bad == []


# --- the whole order: data -> board -> rules -> prob -> render -> widgets ---------------------
#
# Each layer imports only from itself and the layers below it (docs/ARCHITECTURE.md). dodnb.errors
# (the error base every layer raises from) sits with data at the bottom; the package itself
# (dodnb/__init__.py, the convenience facade) sits on top and no layer may import it. The one
# exception would be a display hook above (DISPLAY_HOOK_ALLOWED, empty today).

LAYER_ORDER = ("data", "board", "rules", "prob", "render", "widgets")
BOTTOM = ("errorbase", "errors", "i18n", "display")  # i18n: the catalogues (imports errorbase); display: the core's picture hook
#: Top-level modules that belong to a layer: dodnb.experiments plays many games and counts (rules + prob);
#: dodnb.search, the search player and its evaluation, builds on rules and prob and sits with them;
#: dodnb.labserver, a setting of the Jupyter server the widgets talk through, sits with the widgets.
MODULE_LAYER = {"experiments": "prob", "search": "prob", "exercises": "prob", "labserver": "widgets"}


def layer_rank(module: str) -> int | None:
    """0 data/errors, 1 board, ... 5 widgets; None for the facade `dodnb` itself."""
    parts = module.split(".")
    if parts == ["dodnb"]:
        return None
    top = parts[1]
    if top in BOTTOM:
        return 0
    if top in MODULE_LAYER:
        return LAYER_ORDER.index(MODULE_LAYER[top])
    if top in LAYER_ORDER:
        return LAYER_ORDER.index(top)
    raise AssertionError(f"{module} is in no layer: add its package to LAYER_ORDER (docs/ARCHITECTURE.md)")


def all_modules(root: Path = REPO) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / "dodnb").rglob("*.py"))}


def dodnb_imports(path: Path, root: Path, known: set[str], display_hooks: bool = False) -> list[tuple[int, str]]:
    """(line, dodnb module) for every import of dodnb code in `path`, at any depth, each resolved to
    the module it loads (`from dodnb.render import svg` -> dodnb.render.svg); lazy render imports in
    display methods left out (the documented exception) unless `display_hooks`."""
    module = module_name(path, root)
    source = path.read_text(encoding="utf-8")
    if display_hooks:
        names = _all_imported_names(ast.parse(source), module, path.name == "__init__.py")
    else:
        names = imported_names(source, module, path.name == "__init__.py")
    ours = [(line, name) for line, name in names if name == "dodnb" or name.startswith("dodnb.")]
    # `from dodnb import errors` reads as dodnb and dodnb.errors: the package itself is not loaded
    # for its own sake when a submodule is named on the same line
    submodules = {(line, name.rpartition(".")[0]) for line, name in ours if name in known}
    out = []
    for line, name in ours:
        if (line, name) in submodules:
            continue
        while name not in known and "." in name:
            name = name.rpartition(".")[0]
        if (line, name) not in out:
            out.append((line, name))
    return out


def upward_imports(root: Path = REPO) -> list[str]:
    modules = all_modules(root)
    known = set(modules)
    bad = []
    for module, path in modules.items():
        rank = layer_rank(module)
        if rank is None:
            continue  # the facade may import every layer
        for line, target in dodnb_imports(path, root, known):
            target_rank = layer_rank(target)
            if target_rank is None or target_rank > rank:
                bad.append(f"{path.relative_to(root)}:{line} ({LAYER_ORDER[rank]}) imports {target}")
    return bad


def test_every_layer_imports_only_from_below():
    assert upward_imports() == []


def test_layer_check_reports_upward_imports(tmp_path):
    """The checker itself: each of these must be reported, the downward ones not."""
    files = {
        "dodnb/__init__.py": "from dodnb.widgets.w import W\n",
        "dodnb/errors.py": "",
        "dodnb/board/__init__.py": "",
        "dodnb/board/m.py": "from dodnb.errors import E\nclass B:\n    def _repr_svg_(self):\n        from dodnb.render.s import f\n",
        "dodnb/rules/__init__.py": "",
        "dodnb/rules/r.py": "from dodnb.board import m\ndef f():\n    import dodnb.prob.p\n",
        "dodnb/prob/__init__.py": "",
        "dodnb/prob/p.py": "from ..render import s\n",
        "dodnb/render/__init__.py": "",
        "dodnb/render/s.py": "from dodnb.prob.p import x\nimport dodnb\n",
        "dodnb/widgets/__init__.py": "",
        "dodnb/widgets/w.py": "from dodnb.render.s import f\nfrom dodnb import errors\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    bad = upward_imports(tmp_path)
    assert any("rules/r.py:3" in b and "dodnb.prob.p" in b for b in bad), bad  # lazy, still upward
    assert any("prob/p.py:1" in b and "dodnb.render.s" in b for b in bad), bad  # relative import
    assert any("render/s.py:2" in b and b.endswith("imports dodnb") for b in bad), bad  # the facade
    assert any("board/m.py:4" in b and "dodnb.render.s" in b for b in bad), bad  # even in a display method
    assert len(bad) == 4, bad  # downward imports and the facade's own are fine


def import_graph(root: Path = REPO) -> dict[str, set[str]]:
    """Each dodnb module -> the dodnb modules it imports, at any depth: module-level, lazy inside a
    function and inside a display method alike (a cycle through a lazy import is still a cycle: the
    two modules cannot be understood, tested or moved apart)."""
    modules = all_modules(root)
    known = set(modules)
    return {m: {t for _, t in dodnb_imports(p, root, known, display_hooks=True) if t != m} for m, p in modules.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_no_import_cycles():
    """No dodnb module reaches itself again through its imports, lazy ones and display methods
    included (strongly connected components of the import graph): each layer's modules can be read,
    tested and moved from the bottom up."""
    graph = import_graph()
    assert "dodnb.render.present" in graph and "dodnb.board.model" in graph  # the scan found the package
    cycles = import_cycles(graph)
    assert cycles == [], "\n".join(" <-> ".join(c) for c in cycles)


def test_cycle_check_finds_lazy_and_display_cycles(tmp_path):
    """The checker itself: a cycle through a lazy import, one through a display method and a
    three-module ring are each found; imports that only point down are not."""
    files = {
        "dodnb/__init__.py": "",
        "dodnb/errors.py": "def f():\n    from dodnb import i18n\n",
        "dodnb/i18n.py": "from dodnb.errors import E\n",
        "dodnb/board/__init__.py": "",
        "dodnb/board/m.py": "class B:\n    def _repr_svg_(self):\n        from dodnb.render.s import f\n",
        "dodnb/render/__init__.py": "",
        "dodnb/render/s.py": "from dodnb.board.m import B\n",
        "dodnb/prob/__init__.py": "",
        "dodnb/prob/a.py": "from dodnb.prob import b\n",
        "dodnb/prob/b.py": "from . import c\n",
        "dodnb/prob/c.py": "import dodnb.prob.a\n",
        "dodnb/prob/d.py": "from dodnb.prob import a\nfrom dodnb import errors\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert import_cycles(import_graph(tmp_path)) == [
        ["dodnb.board.m", "dodnb.render.s"],
        ["dodnb.errors", "dodnb.i18n"],
        ["dodnb.prob.a", "dodnb.prob.b", "dodnb.prob.c"],
    ]


def test_benchmarks_import_nothing_from_tests():
    """benchmarks/ measures the package: it imports no test code (the oracle and the soaks that need it
    live under tests/), and the oracle is not shipped inside dodnb."""
    bad = []
    for path in sorted((REPO / "benchmarks").rglob("*.py")):
        names = _all_imported_names(ast.parse(path.read_text(encoding="utf-8")), f"benchmarks.{path.stem}", False)
        bad += [f"{path.relative_to(REPO)}:{line} imports {n}" for line, n in names if n == "tests" or n.startswith("tests.")]
    assert bad == []
    assert "dodnb.rules.invariants" not in all_modules() and (REPO / "tests" / "oracle" / "invariants.py").exists()
