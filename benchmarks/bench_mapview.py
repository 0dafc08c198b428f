"""MapView costs on the Python side (the browser's own drawing is measured by the browser test).

Prints: scene build time, full redraw time and draw calls (all inside one hold_canvas batch), and
the time of one hover that changes square (outline redraw + info text) versus one that does not.
Run: .venv/bin/python benchmarks/bench_mapview.py
"""

import statistics
import time

import dodnb
from dodnb.render.scene import board_scene
from dodnb.widgets import MapView


def ms(fn, repeat=20):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return min(times), statistics.median(times)


board = dodnb.load_board()
view = MapView(board)
ids = board.ids
print("dodnb MapView benchmark (Python side, no browser attached)")
print(f"board shapes                    {len(view.scene.layer('board'))}")
print(f"draw calls for the whole board  {view.draw_calls} (one hold_canvas message)")
b, m = ms(lambda: board_scene(board))
print(f"scene build                     {b:.2f} ms best, {m:.2f} ms median")
b, m = ms(view.redraw)
print(f"full redraw (all 4 layers)      {b:.2f} ms best, {m:.2f} ms median")
state = {"i": 0}


def hover_new():
    state["i"] = (state["i"] + 1) % len(ids)
    view.hover(ids[state["i"]])


b, m = ms(hover_new, 200)
print(f"hover onto a new square         {b:.3f} ms best, {m:.3f} ms median")
b, m = ms(lambda: view.hover(view.hovered), 200)
print(f"hover within the same square    {b:.4f} ms best, {m:.4f} ms median (no redraw)")
