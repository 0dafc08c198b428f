"""The tests are laid out like the package: a folder of tests/ per subpackage of dodnb (tests/rules
for dodnb/rules, tests/prob/othergames for dodnb/prob/othergames...), the tests of a top-level module
at the top (tests/test_i18n.py for dodnb/i18n.py); beside them only the folders that test no one
module: the real-browser test, the invariants oracle and the soaks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_A_MODULE = {"browser", "oracle", "soaks"}


def test_every_test_folder_mirrors_a_subpackage():
    folders = [p for p in (ROOT / "tests").rglob("*") if p.is_dir() and p.name != "__pycache__"
               and not (p.relative_to(ROOT / "tests").parts[0] in NOT_A_MODULE)]
    strays = [str(p.relative_to(ROOT)) for p in folders
              if not (ROOT / "dodnb" / p.relative_to(ROOT / "tests") / "__init__.py").exists()]
    assert strays == []


def test_every_subpackage_has_its_tests():
    packages = [p.parent.relative_to(ROOT / "dodnb") for p in (ROOT / "dodnb").rglob("__init__.py")
                if p.parent != ROOT / "dodnb" and "data" not in p.parent.relative_to(ROOT / "dodnb").parts]
    untested = [str(p) for p in packages if not list((ROOT / "tests" / p).glob("test_*.py"))]
    assert untested == []
