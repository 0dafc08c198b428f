"""Packaging and set-up checks: pyproject.toml and environment.yml agree, the README's first screen
gives exactly the two set-up commands, CI runs `make test`, the nbval sanitize file is valid."""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

REPO = Path(__file__).resolve().parents[1]
FIRST_SCREEN = 24  # lines: what a terminal or the top of a GitHub page shows without scrolling
# conda-forge names that differ from PyPI's, conda -> PyPI
CONDA_TO_PYPI = {"playwright-python": "playwright"}


def normalise(name: str) -> str:
    """PEP 503 normal form: case-insensitive, runs of - _ . are one '-'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pyproject() -> dict:
    with open(REPO / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def pyproject_requirements() -> dict[str, SpecifierSet]:
    """Runtime dependencies and every extra, by normalised name."""
    project = pyproject()["project"]
    lines = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        lines += extra
    found: dict[str, SpecifierSet] = {}
    for line in lines:
        req = Requirement(line)
        name = normalise(req.name)
        if name in found and found[name] != req.specifier:
            raise AssertionError(f"pyproject.toml: {req.name} has two version ranges: {found[name]} and {req.specifier}")
        found[name] = req.specifier
    return found


def parse_conda_spec(spec: str) -> tuple[str, SpecifierSet]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*([<>=!~].*)?", spec)
    assert match, f"environment.yml: cannot read the dependency {spec!r}"
    name, version = match.group(1), (match.group(2) or "").replace(" ", "")
    return normalise(CONDA_TO_PYPI.get(name, name)), SpecifierSet(version)


def environment() -> dict:
    with open(REPO / "environment.yml") as f:
        return yaml.safe_load(f)


def conda_requirements() -> tuple[dict[str, SpecifierSet], list]:
    conda, pip_section = {}, []
    for item in environment()["dependencies"]:
        if isinstance(item, dict):
            pip_section += item.get("pip", [])
            continue
        name, spec = parse_conda_spec(item)
        assert name not in conda, f"environment.yml lists {name} twice"
        conda[name] = spec
    return conda, pip_section


def test_environment_uses_conda_forge():
    assert environment()["channels"] == ["conda-forge"]


def test_environment_lists_the_same_packages_as_pyproject():
    conda, _ = conda_requirements()
    conda.pop("pip", None)
    python = conda.pop("python", None)
    wanted = pyproject_requirements()
    missing = sorted(set(wanted) - set(conda))
    extra = sorted(set(conda) - set(wanted))
    assert not missing and not extra, f"only in pyproject.toml: {missing}; only in environment.yml: {extra}"
    differ = {name: (str(wanted[name]), str(conda[name])) for name in wanted if wanted[name] != conda[name]}
    assert not differ, f"version ranges differ (pyproject, environment.yml): {differ}"
    assert python == SpecifierSet(pyproject()["project"]["requires-python"]), python


def test_environment_pip_section_only_installs_the_project_itself():
    _, pip_section = conda_requirements()
    assert pip_section == ["-e ."], pip_section


def test_requirement_comparison_catches_a_difference():
    """The comparison above must see renamed packages and changed ranges (guards against a vacuous pass)."""
    assert parse_conda_spec("playwright-python >=1.40") == ("playwright", SpecifierSet(">=1.40"))
    assert parse_conda_spec("Py_YAML >=6") == ("py-yaml", SpecifierSet(">=6"))
    assert parse_conda_spec("ipycanvas >=0.13.2,<0.15")[1] != SpecifierSet(">=0.13.2")
    assert normalise("JupyterLab_Server") == normalise("jupyterlab.server") == "jupyterlab-server"


def readme_first_screen_commands() -> list[str]:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN]
    commands, in_code = [], False
    for line in lines:
        if line.strip().startswith("```"):
            in_code = not in_code
            continue
        if in_code and line.strip():
            commands.append(line.strip().removeprefix("$ "))
    assert not in_code, "README.md: a code block in the first screen is not closed within it"
    return commands


def test_readme_first_screen_has_exactly_the_two_setup_commands():
    head = (REPO / "README.md").read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN]
    assert any(re.match(r"#+\s*Set-up\b", line) for line in head), "README.md: no 'Set-up' heading in the first screen"
    assert readme_first_screen_commands() == ["make lab", "make test"]


def test_makefile_has_the_two_targets():
    makefile = (REPO / "Makefile").read_text()
    for target in ("lab", "test"):
        assert re.search(rf"^{target}:", makefile, re.MULTILINE), f"Makefile: no '{target}' target"


def test_ci_runs_make_test_and_nothing_else():
    script = REPO / ".ci" / "run"
    lines = script.read_text().splitlines()
    assert lines[0] in ("#!/usr/bin/env bash", "#!/bin/bash"), lines[0]
    commands = [line.strip() for line in lines[1:] if line.strip() and not line.strip().startswith("#")]
    assert "set -euo pipefail" in commands
    assert "make test" in commands or "exec make test" in commands, commands
    others = [c for c in commands if c not in ("set -euo pipefail", "make test", "exec make test")]
    assert all(c.startswith("cd ") for c in others), f".ci/run does more than `make test`: {others}"


def test_nbval_sanitize_file_is_valid():
    cfg = configparser.ConfigParser(interpolation=None)
    assert cfg.read(REPO / "tests" / "nbval_sanitize.cfg"), "tests/nbval_sanitize.cfg missing"
    assert cfg.sections()
    for name in cfg.sections():
        assert set(cfg[name]) == {"regex", "replace"}, name
        re.compile(cfg[name]["regex"])
    makefile = (REPO / "Makefile").read_text()
    assert "--nbval-sanitize-with tests/nbval_sanitize.cfg" in makefile


def test_nbval_sanitize_rules_do_what_they_say():
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(REPO / "tests" / "nbval_sanitize.cfg")

    def sanitize(text):
        for name in cfg.sections():
            text = re.sub(cfg[name]["regex"], cfg[name]["replace"], text)
        return text

    assert sanitize("<Foo at 0x7f3a2b1c9d40>") == sanitize("<Foo at 0x55d0e1f2a3b4>")
    assert sanitize(" 40%|████| 4/10 [00:01<00:02, 3.91it/s]") == sanitize(" 40%|████| 4/10 [00:02<00:03, 2.01it/s]")
    assert sanitize("12.3 ms ± 1.1 ms per loop (mean ± std. dev.)") == sanitize("9.8 ms ± 0.4 ms per loop (x)")
    assert sanitize("P(kill) = 5/12") == "P(kill) = 5/12"  # exact results are not touched
