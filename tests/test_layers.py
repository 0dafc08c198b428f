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
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORE = ("dodnb.board", "dodnb.rules", "dodnb.prob")
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


DISPLAY_HOOK_ALLOWED = ("dodnb.render",)


def display_hook_lines(tree: ast.AST) -> set[int]:
    """Lines inside IPython display methods (`_repr_svg_`, `_repr_html_`, ...).

    The one narrow exception to the layering rule (docs/ARCHITECTURE.md): a core object may build
    its own notebook picture by importing the pure SVG writer (`dodnb.render`, itself free of widget
    code) lazily inside such a method. Importing the core module still loads no rendering module
    (the dynamic check below proves it), and widget modules stay forbidden everywhere."""
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
    }
    for i, (source, expected) in enumerate(bad.items()):
        path = pkg / f"m{i}.py"
        path.write_text(source + "\n")
        reports = forbidden_imports(path, tmp_path)
        assert any(expected in r for r in reports), (source, reports)
    ok = pkg / "ok.py"
    ok.write_text(
        "from ..board import geometry\nimport IPython\nfrom fractions import Fraction\n"
        "class B:\n    def _repr_svg_(self):\n        from dodnb.render.svg import board_svg\n        return board_svg(self)\n"
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


@lru_cache(maxsize=1)
def all_core_imports() -> dict[str, tuple[int, str, list[str]]]:
    """Each core module imported alone in its own interpreter (a few at a time)."""
    modules = core_modules()
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(zip(modules, pool.map(loaded_after_import, modules)))


@pytest.mark.parametrize("module", core_modules())
def test_importing_core_module_loads_no_widget_module(module):
    code, stderr, loaded = all_core_imports()[module]
    assert code == 0, f"importing {module} failed:\n{stderr}"
    assert [m for m in loaded if is_forbidden(m)] == []


def test_dynamic_check_sees_an_indirect_widget_import(tmp_path):
    """The probe itself: a module that imports ipywidgets through another module must show it."""
    (tmp_path / "layer_probe_a.py").write_text("import layer_probe_b\n")
    (tmp_path / "layer_probe_b.py").write_text("def f():\n    pass\nimport ipywidgets\n")
    code, stderr, loaded = loaded_after_import("layer_probe_a", tmp_path)
    assert code == 0, stderr
    assert "ipywidgets" in loaded and is_forbidden("ipywidgets")
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
