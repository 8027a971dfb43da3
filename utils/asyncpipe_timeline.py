#!/usr/bin/env python3
# ===- asyncpipe_timeline.py - Draw host-runtime traces as a timeline ------===#
#
# Part of the AsyncPipe project.
#
# ===----------------------------------------------------------------------===#
"""Draws one or more traces of the AsyncPipe host runtime (ASYNCPIPE_TRACE)
as an SVG timeline, one panel per trace, on one time scale: for each group
of copies (the copies before a mark) a bar from its first issue to its last
completion, and below them when the program waited and when it computed.

Compute is the time from a wait's return to the thread's next runtime call.
Run the program under ASYNCPIPE_POLICY=lazy, where a copy completes only when
a wait forces it, so a group's bar shows how long the synchronization lets it
stay in flight.

  asyncpipe_timeline.py -o timeline.svg stock=stock.trace pipelined=pipe.trace

Prints, per trace, one summary line:
  <label>: <G> groups, <N> compute spans, <K> with a copy in flight, at most
  <M> groups in flight
"""

import argparse
import html
import sys
from dataclasses import dataclass, field


@dataclass
class Span:
    start: int
    end: int


@dataclass
class Trace:
    label: str
    groups: list = field(default_factory=list)  # Span per group of copies
    computes: list = field(default_factory=list)
    waits: list = field(default_factory=list)
    end: int = 0


def parse(label, path):
    """Reads the first thread that issued a copy."""
    events = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            parts = line.split()
            if len(parts) != 5 or parts[0] not in "ICMWRE":
                sys.exit(f"{path}:{number}: not a trace line: {line.rstrip()}")
            events.append((parts[0], int(parts[1]), int(parts[2]),
                           int(parts[3]), int(parts[4])))
    threads = [e[2] for e in events if e[0] == "I"]
    if not threads:
        sys.exit(f"{path}: no copy was issued (was ASYNCPIPE_TRACE set?)")
    thread = threads[0]
    trace = Trace(label)
    issued = {}  # copy -> issue time, for copies of the open group
    open_group = []  # copies issued since the last mark
    group_of = {}  # copy -> index of its group
    completed = {}
    wait_start = compute_start = None
    for kind, time, tid, copy, _ in events:
        if kind == "E":
            trace.end = max(trace.end, time)
        if tid != thread and kind != "E":
            continue
        if compute_start is not None and kind in "ICMWE":
            trace.computes.append(Span(compute_start, time))
            compute_start = None
        if kind == "I":
            if copy == 0:  # eager: complete at once
                copy = -len(issued) - 1
                completed[copy] = time
            issued[copy] = time
            open_group.append(copy)
        elif kind == "C":
            completed[copy] = time
        elif kind == "M":
            if open_group:
                for c in open_group:
                    group_of[c] = len(trace.groups)
                trace.groups.append(
                    Span(min(issued[c] for c in open_group), time))
            open_group = []
        elif kind == "W":
            wait_start = time
        elif kind == "R":
            if wait_start is not None:
                trace.waits.append(Span(wait_start, time))
            wait_start = None
            compute_start = time
        trace.end = max(trace.end, time)
    # A group lasts until its last copy completes.
    for c, g in group_of.items():
        trace.groups[g].end = max(trace.groups[g].end,
                                  completed.get(c, trace.end))
    return trace


def in_flight_during(trace, span):
    return sum(1 for g in trace.groups if g.start < span.end and g.end > span.start)


def summary(trace):
    busy = [s for s in trace.computes if in_flight_during(trace, s) > 0]
    most = max([in_flight_during(trace, Span(g.start, g.start + 1))
                for g in trace.groups] + [0])
    return (f"{trace.label}: {len(trace.groups)} groups, "
            f"{len(trace.computes)} compute spans, {len(busy)} with a copy in "
            f"flight, at most {most} groups in flight")


def assign_rows(spans):
    """Greedy interval colouring: a group reuses the first free row."""
    rows_end, rows = [], []
    for s in spans:
        for r, end in enumerate(rows_end):
            if end <= s.start:
                rows_end[r] = s.end
                rows.append(r)
                break
        else:
            rows_end.append(s.end)
            rows.append(len(rows_end) - 1)
    return rows, max(len(rows_end), 1)


def svg(traces):
    width, left, row_h, gap = 900, 120, 16, 34
    scale = (width - left - 20) / max(max(t.end for t in traces), 1)
    out, y = [], 10

    def rect(x0, x1, yy, colour, title):
        w = max((x1 - x0) * scale, 1.0)
        out.append(f'<rect x="{left + x0 * scale:.1f}" y="{yy}" width="{w:.1f}" '
                   f'height="{row_h - 3}" fill="{colour}"><title>{title}</title></rect>')

    def text(x, yy, s, extra=""):
        out.append(f'<text x="{x}" y="{yy}" font-family="sans-serif" '
                   f'font-size="12"{extra}>{html.escape(s)}</text>')

    for t in traces:
        text(10, y + 12, t.label, ' font-weight="bold"')
        text(left, y + 12, summary(t).split(": ", 1)[1], ' fill="#555"')
        y += row_h + 4
        rows, nrows = assign_rows(t.groups)
        for i, (g, r) in enumerate(zip(t.groups, rows)):
            rect(g.start, g.end, y + r * row_h, "#4a7fd6", f"group {i} in flight")
        text(10, y + 12, "copies in flight")
        y += nrows * row_h + 2
        for s in t.waits:
            rect(s.start, s.end, y, "#d9534f", "waiting")
        text(10, y + 12, "waiting")
        y += row_h
        for s in t.computes:
            rect(s.start, s.end, y, "#5cb85c", "computing")
        text(10, y + 12, "computing")
        y += row_h + gap
    header = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
              f'height="{y}" viewBox="0 0 {width} {y}">')
    return "\n".join([header, f'<rect width="{width}" height="{y}" fill="white"/>']
                     + out + ["</svg>", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", required=True, help="SVG file to write")
    ap.add_argument("traces", nargs="+", metavar="LABEL=TRACE")
    args = ap.parse_args()
    traces = []
    for arg in args.traces:
        label, sep, path = arg.partition("=")
        if not sep:
            ap.error(f"'{arg}' is not LABEL=TRACE")
        traces.append(parse(label, path))
    with open(args.output, "w") as f:
        f.write(svg(traces))
    for t in traces:
        print(summary(t))


if __name__ == "__main__":
    main()
