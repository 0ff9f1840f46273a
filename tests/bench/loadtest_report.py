"""The report of `make loadtest` (loadtest.py): Markdown for the "Load over HTTP" section of BENCHMARKS.md."""

from __future__ import annotations

import os
import platform
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from tests.bench.corpus_gen import Generated
from tests.bench.load_client import PROTOCOL_VERSION, TIMEOUT_S
from tests.bench.machine import git_commit

if TYPE_CHECKING:
    from tests.bench.loadtest import Run

HEALTHZ_TIMEOUT_S = 5.0


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest rank: the smallest value with at least p% of the values at or below it."""
    rank = max(1, -(-len(sorted_values) * p // 100))
    return sorted_values[int(rank) - 1]


def latency_row(name: str, samples: list[tuple[float, float]], failed: int | None, duration: float | None) -> str:
    """One row: completed and failed requests, throughput (blank without a duration), latency percentiles."""
    xs = sorted(seconds for _, seconds in samples)
    failures = "" if failed is None else str(failed)
    if not xs:
        return f"| {name} | 0 | {failures} | | | | | |"
    rate = f"{len(xs) / duration:,.1f}" if duration else ""
    ms = " | ".join(f"{percentile(xs, p) * 1000:,.0f}" for p in (50, 95, 99, 100))
    return f"| {name} | {len(xs):,} | {failures} | {rate} | {ms} |"


def report(run: Run, corpus: Generated, clients: int, seconds: float, server_args: list[str], poll_s: float) -> str:
    """The section's Markdown: setup, latency table, rewrite table, totals, how it was measured, failures."""
    extended = ""
    if run.duration > seconds + 5:
        extended = f" (past {seconds:g} s: the clients went on until the last new generation had been served for 5 s)"
    command = " ".join(["python -m connector --index DIR --transport http --port P", *server_args])
    session = "MCP handshake (a stateless server opens no session)" if "--stateless" in server_args else "MCP session"
    intro = [
        f"Measured {date.today().isoformat()} at commit {git_commit()}; {os.cpu_count()} CPUs (os.cpu_count()), "
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}; the server, the clients "
        "and the indexer share these CPUs.",
        f"{clients} clients for {run.duration:.1f} s{extended}, each with its own HTTP connection and {session} "
        f"(initialize with protocol {PROTOCOL_VERSION}, notifications/initialized), then in a loop: `search` with "
        f"a query of 1-6 words of the corpus, `fetch` of one of its results. Index: {len(corpus.files):,} "
        f"generated Markdown documents ({corpus.bytes / 1e6:.1f} MB). Server: `{command}`; clients: asyncio in one "
        "process, one keep-alive HTTP/1.1 connection each (tests/bench/load_http.py).",
    ]
    notes = [
        "Latency: from sending the request to its parsed response, measured in the clients' process (which "
        "competes for the cores with the server and, during rewrites, the indexer); only completed requests. "
        "Throughput: completed requests per second of the run (or of the time the indexer ran, or did not, for "
        "the rows split by what finished then). Other programs: the rest of the machine's CPU use in the same "
        "time (/proc/stat), for example other test runs; when high, every figure is pessimistic. Rewrite times: "
        "s since the clients started; published is when CURRENT named the new generation, served from is the "
        f"first /healthz that reported it (polled every {poll_s:g} s). Changed files: a sentence appended. "
        "A request fails on an HTTP status other than 200, a transport error, a JSON-RPC error, isError, a "
        f"result that is not one text item of JSON in the contract's shape, or no response within {TIMEOUT_S:g} s.",
    ]
    tables = [*latency_table(run), "", *rewrite_table(run), "", totals(run)]
    return "\n".join([*intro, "", *tables, "", *notes, *failure_lines(run)])


def latency_table(run: Run) -> list[str]:
    """Per method, and search and fetch together: over the whole run, and split by whether the indexer ran."""
    samples, d = run.tally.samples, run.duration
    failed = {m: sum(f.method == m for f in run.tally.failures) for m in ("search", "fetch", "handshake")}
    both = samples["search"] + samples["fetch"]
    spans = [(rw.started, rw.started + rw.seconds) for rw in run.rewrites if rw.started is not None and rw.seconds]
    busy = sum(end - start for start, end in spans)
    during = [s for s in both if any(start <= s[0] <= end for start, end in spans)]
    outside = [s for s in both if not any(start <= s[0] <= end for start, end in spans)]
    return [
        "| Requests | Completed | Failed | Throughput (req/s) | p50 (ms) | p95 (ms) | p99 (ms) | Max (ms) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        latency_row("`search` (tools/call)", samples["search"], failed["search"], d),
        latency_row("`fetch` (tools/call)", samples["fetch"], failed["fetch"], d),
        latency_row("**search and fetch**", both, failed["search"] + failed["fetch"], d),
        latency_row(f"search and fetch, while the indexer ran ({busy:.0f} s)", during, None, busy),
        latency_row(f"search and fetch, while it did not ({d - busy:.0f} s)", outside, None, d - busy),
        latency_row("handshake (initialize, initialized)", samples["handshake"], failed["handshake"], None),
    ]


def rewrite_table(run: Run) -> list[str]:
    lines = [
        "| Index rewrite | Files changed | Indexer started (s) | Indexer wall (s) | Published (s) | Generation "
        "| Served from (s) | Indexer summary |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for rw in run.rewrites:
        cells = [rw.started, rw.seconds, rw.published, rw.generation, rw.served]
        shown = " | ".join(f"{c:.1f}" if isinstance(c, float) else "" if c is None else str(c) for c in cells)
        summary = " ".join(rw.summary.split()).replace("|", "/")
        lines.append(f"| {rw.name} | {len(rw.changed):,} | {shown} | {summary} |")
    return lines


def totals(run: Run) -> str:
    cpu = ", ".join(f"{name} {s:.0f} s" for name, s in run.cpu.items())
    answered = sorted(latency for _, latency in run.health if latency is not None)
    slowest = f", the slowest in {answered[-1]:.1f} s" if answered else ""
    unanswered = len(run.health) - len(answered)
    markers = "found them" if run.markers_ok else "**did not find them all**"
    return (
        f"**Failed requests: {len(run.tally.failures)}.** Searches without results (so no fetch): "
        f"{run.tally.empty_searches:,}. Generations served (/healthz): {', '.join(map(str, sorted(run.seen)))}; "
        f"after the run, a search for a word that only each rewrite's changed files contain {markers}. "
        f"/healthz polls: {len(run.health):,}, {unanswered} unanswered within {HEALTHZ_TIMEOUT_S:g} s{slowest}. "
        f"Server memory: peak RSS {run.server.get('peak_rss_mb', 0):.0f} MB (VmHWM; with workers, the sum over its "
        f"processes), {run.server.get('rss_mb', 0):.0f} MB at the end. CPU time during the run: {cpu}, of "
        f"{(os.cpu_count() or 1) * run.duration:.0f} CPU s available."
    )


def failure_lines(run: Run, shown: int = 5) -> list[str]:
    if not (run.tally.failures or run.problems):
        return []
    lines = ["", "Failures:", ""]
    counts: dict[tuple[str, str], int] = {}
    for f in run.tally.failures:
        counts[f.method, f.reason] = counts.get((f.method, f.reason), 0) + 1
    lines += [f"- {n} x {method}: {reason}" for (method, reason), n in sorted(counts.items())]
    for f in run.tally.failures[:shown]:
        lines.append(f"- at {f.at:.1f} s, client {f.client}, {f.method}: {' '.join(f.detail.split())[:1000]}")
    lines += [f"- {problem}" for problem in run.problems]
    return lines


def server_log_notes(log: Path, limit: int = 20) -> list[str]:
    """The server log's warnings, errors and tracebacks (first `limit` lines of them)."""
    words = ("WARNING", "ERROR", "CRITICAL", "Traceback", "Exception")
    return [line for line in log.read_text(errors="replace").splitlines() if any(w in line for w in words)][:limit]
