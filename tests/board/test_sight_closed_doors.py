"""[6.4] closing solid doors: the table derived from the all-open one (only the doors' own rows are
looked at) equals the full all-pairs computation, for many sets of closed solid doors."""

import random

import dodnb
from dodnb.board import sighttable as sight


def test_6_4_closed_solid_doors_derived_table_equals_full_computation():
    b = dodnb.load_board()
    solid = sorted(d.id for d in b.doors.values() if d.kind == "solid")
    base = sight.sight_table(b)._rows
    rng = random.Random(64)
    for _ in range(12):
        closed = frozenset(rng.sample(solid, rng.randint(1, 8)))
        assert sight._close_doors(b, base, closed) == sight._compute_rows(b, closed), sorted(closed)
    assert sight._close_doors(b, base, frozenset(solid)) == sight._compute_rows(b, frozenset(solid))
