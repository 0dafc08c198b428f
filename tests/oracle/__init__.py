"""The tests' oracle: what must hold in every position and across every action (invariants.py), used
by tests/rules and by the soaks (tests/soaks/). Test code, not shipped in the package."""
