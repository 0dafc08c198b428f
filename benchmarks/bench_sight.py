"""Line-of-sight speed on the shipped mall [6.4]: prints figures, asserts nothing.

    python benchmarks/bench_sight.py

Cold all-pairs time: sight_table() on a freshly loaded board (no cache: grid, numpy pass over
every pair, door passages, token masks). Target: <= 0.5 s on one core.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from importlib import resources

from dodnb.board.model import board_from_dict
from dodnb.board.sight import line_of_sight
from dodnb.board.sighttable import sight_table, visible_from


def fresh_board():
    text = resources.files("dodnb.data").joinpath("mall.json").read_text(encoding="utf-8")
    return board_from_dict(json.loads(text), source="benchmark")


def per_call(fn, calls) -> float:
    t = time.perf_counter()
    for args in calls:
        fn(*args)
    return (time.perf_counter() - t) / len(calls)


def main() -> None:
    cold = []
    for _ in range(5):
        board = fresh_board()
        t = time.perf_counter()
        table = sight_table(board)
        cold.append(time.perf_counter() - t)
    ids = sorted(board.squares)
    rng = random.Random(64)
    pairs = [tuple(rng.sample(ids, 2)) for _ in range(20_000)]
    tokens = rng.sample(ids, 12)

    cached_query = per_call(lambda a, b: sight_table(board).visible(a, b), pairs)
    cached_tokens = per_call(lambda a, b: sight_table(board).visible(a, b, tokens), pairs[:5000])
    from_query = per_call(lambda a, b: visible_from(board, a, tokens), pairs[:5000])
    exact = per_call(lambda a, b: line_of_sight(board, a, b), pairs[:5000])

    print("dodnb line of sight benchmark (shipped mall)")
    print(f"squares                          {len(ids)}")
    print(f"pairs (unordered, a != b)        {table.pairs}")
    print(f"visible pairs (no tokens)        {table.n_visible}")
    print(f"cold all-pairs sight_table       {min(cold) * 1000:.1f} ms best, {statistics.median(cold) * 1000:.1f} ms median of 5 (target <= 500 ms)")
    print(f"cached single query              {cached_query * 1e6:.2f} us  (sight_table(board).visible(a, b))")
    print(f"cached query with 12 tokens      {cached_tokens * 1e6:.2f} us")
    print(f"visible_from(a, tokens), cached  {from_query * 1e6:.2f} us")
    print(f"exact line_of_sight (full result){exact * 1e6:8.2f} us per call")


if __name__ == "__main__":
    main()
