"""Python-side time of one hover update of the line-of-sight explorer: prints figures, asserts nothing.

    python benchmarks/bench_los_widget.py            # in this process, then inside a real ipykernel
    python benchmarks/bench_los_widget.py --local    # in this process only

One update = what a mouse move onto a new square costs the kernel: MapView's hover layer, the sight
line [6.4], the shot modifiers [6.7], the kill chance, the overlay shapes, the panel HTML and the
canvas drawing calls (one hold_canvas batch). Target: < 30 ms.

In this process the widgets have no frontend (their messages go nowhere); inside a kernel the
messages are really serialised and sent on the kernel's iopub channel (no browser attached), which
is the figure that matters in JupyterLab. The browser's own drawing time is not included.
"""

from __future__ import annotations

import statistics
import sys
import textwrap
import time

CODE = textwrap.dedent(
    """
    import statistics, time
    import dodnb
    from dodnb.widgets.los import LOSExplorer

    def run():
        board = dodnb.load_board()
        ids = board.ids
        out = {}
        t = time.perf_counter()
        ex = LOSExplorer(board)
        out["build explorer (ms)"] = [(time.perf_counter() - t) * 1000]
        scenarios = [
            ("shooter 024, plain", "024", (), {}, False),
            ("shooter 024, 'sees' shading on", "024", (), {}, True),
            ("shooter 098, 3 pieces, 2 doors closed", "098", ("099", "114", "168"), {"G14": "closed", "S08": "closed"}, False),
            ("shooter 177, shading on, pieces", "177", ("148", "149"), {}, True),
        ]
        for name, shooter, pieces, doors, seen in scenarios:
            ex.set_pieces(pieces)
            for d in list(ex.door_states):
                ex.set_door(d, "open")
            for d, s in doors.items():
                ex.set_door(d, s)
            ex.show_seen(seen)
            ex.set_shooter(shooter)
            times = []
            for sid in ids:  # a sweep over every square of the map, as a mouse would
                t = time.perf_counter()
                ex.hover(sid)
                times.append((time.perf_counter() - t) * 1000)
            out[name] = times
        return out

    def report(out):
        for name, ts in out.items():
            ts = sorted(ts)
            if len(ts) == 1:
                print(f"  {name:<40} {ts[0]:7.2f}")
                continue
            p95 = ts[int(0.95 * (len(ts) - 1))]
            print(f"  {name:<40} median {statistics.median(ts):6.2f} ms  p95 {p95:6.2f} ms  max {ts[-1]:6.2f} ms  ({len(ts)} hovers)")

    report(run())
    """
)


def local() -> None:
    print("In this process (no frontend):")
    exec(compile(CODE, "bench_los_widget", "exec"), {"__name__": "bench"})


def in_kernel() -> None:
    try:
        from jupyter_client.manager import start_new_kernel
    except ImportError:  # pragma: no cover
        print("jupyter_client not installed: kernel figures skipped")
        return
    print("Inside an ipykernel (messages serialised and sent on iopub):")
    t = time.perf_counter()
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        lines: list[str] = []

        def hook(msg):
            if msg["msg_type"] == "stream":
                lines.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                lines.append("\n".join(msg["content"]["traceback"]))

        kc.execute_interactive(CODE, output_hook=hook, timeout=600)
        sys.stdout.write("".join(lines))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    print(f"  (kernel start + run: {time.perf_counter() - t:.1f} s)")


if __name__ == "__main__":
    local()
    if "--local" not in sys.argv:
        in_kernel()
