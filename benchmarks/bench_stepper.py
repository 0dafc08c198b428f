"""Game stepper costs on the Python side (the browser's own drawing is measured by the browser test,
tests/browser/test_lab.py::test_stepper_plays_a_turn, which prints the Step-to-canvas median).

Prints, for a watched solitaire game (seed 7; policies play both sides):
* one Step with its redraw (engine step + panels + map tokens and overlay), median over the first
  steps of the game, and the canvas commands and messages each sends;
* a full undo (back to the start with the history slider: one refresh) and the same for redo;
* one learner's move (click on a square) with its redraw.
Canvas commands are counted where ipycanvas queues them (its shared canvas manager).
Run: .venv/bin/python benchmarks/bench_stepper.py
"""

import statistics
import time

import ipycanvas.canvas as cv

from dodnb.rules.actions import Move
from dodnb.widgets.stepper import GameStepper

STEPS = 60


class Counter:
    """Counts canvas commands (queued or sent) and messages sent to the browser."""

    def __init__(self):
        self.commands = 0
        self.messages = 0
        m = cv._CANVAS_MANAGER
        self._send, self._custom = m.send_command, m._send_custom

        def send_command(canvas, command, buffers=[]):
            self.commands += 1
            return self._send(canvas, command, buffers)

        def custom(commands, buffers=[]):
            self.messages += 1
            return self._custom(commands, buffers)

        m.send_command, m._send_custom = send_command, custom

    def take(self):
        out = (self.commands, self.messages)
        self.commands = self.messages = 0
        return out

    def close(self):
        cv._CANVAS_MANAGER.send_command, cv._CANVAS_MANAGER._send_custom = self._send, self._custom


t = time.perf_counter()
s = GameStepper(seed=7, play="none")
build = (time.perf_counter() - t) * 1000
count = Counter()
count.take()
step_ms, step_cmds, step_msgs = [], [], []
for _ in range(STEPS):
    if s.game.over:
        break
    t = time.perf_counter()
    s.step()
    step_ms.append((time.perf_counter() - t) * 1000)
    c, m = count.take()
    step_cmds.append(c)
    step_msgs.append(m)
n = len(s.game.actions)
t = time.perf_counter()
s.history.value = 0  # the history slider: undo everything, one refresh
undo_ms = (time.perf_counter() - t) * 1000
undo_cmds, undo_msgs = count.take()
t = time.perf_counter()
s.history.value = n  # and redo everything (the cursor moves: the states are kept)
redo_ms = (time.perf_counter() - t) * 1000
redo_cmds, redo_msgs = count.take()

learner = GameStepper(seed=7)
learner.click(learner.game.state.character("Peter").square)
to = next(a.to for a in learner.choices if isinstance(a, Move))
count.take()
t = time.perf_counter()
learner.click(to)
move_ms = (time.perf_counter() - t) * 1000
move_cmds, move_msgs = count.take()
count.close()

print("dodnb game stepper benchmark (Python side, no browser attached)")
print(f"build the stepper                 {build:.0f} ms")
print(f"one Step with redraw              {statistics.median(step_ms):.1f} ms median, {max(step_ms):.1f} ms max over {len(step_ms)} steps")
print(f"  canvas commands per Step        {statistics.median(step_cmds):.0f} median ({min(step_cmds)}-{max(step_cmds)}), "
      f"in {max(step_msgs)} message{'s' if max(step_msgs) != 1 else ''}")
print(f"full undo ({n} actions, slider)   {undo_ms:.1f} ms, {undo_cmds} canvas commands in {undo_msgs} message(s)")
print(f"full redo ({n} actions, slider)   {redo_ms:.1f} ms, {redo_cmds} canvas commands in {redo_msgs} message(s)")
print(f"a learner's move (click)          {move_ms:.1f} ms, {move_cmds} canvas commands in {move_msgs} message(s)")
