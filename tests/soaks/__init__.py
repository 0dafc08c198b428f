"""Soaks: long runs of the tests' checks, run by hand as scripts (pytest collects nothing here: no
file is named test_*). From the repository root:

    python tests/soaks/soak.py --games 10000          # random games, every invariant after every action
    python tests/soaks/soak_legal_check.py --games 500 # legal_actions and check agree on random positions
    python tests/soaks/soak_zombie_turn.py --seconds 600 --seed 1   # the fast zombie-turn walk vs the plain one

They use the oracle (tests/oracle/invariants.py) and the tests' position builders; the timings of
the package are in benchmarks/, which imports nothing from tests/.
"""
