"""The search tool over stdio, this checkout against another, taking turns: `python -m tests.bench.stdio_turns
--before ROOT [--before-index DIR] [--index DIR] [--queries N]`.

A change to the protocol's side of a search (the transport, the dispatch) moves its round trip by tenths of a
millisecond, less than this machine's speed moves it between two runs; so both servers run at once, spawned by one
client, and each query goes to one then the other (in alternating order), so that both meet the machine at the same
speed. Each server is `python -m connector --index DIR` with its checkout's packages (PYTHONPATH); a `ping` after
each search times the protocol alone. Printed: each server's p50 and mean of the search and of the ping, and the
median of the paired differences (before - this checkout), query by query.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from contextlib import AsyncExitStack
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.bench.machine import BENCH_DIR, ROOT
from tests.bench.search_bench import SERVER_ENV, WARMUP, call_search, workload


async def _session(stack: AsyncExitStack, root: Path, index: Path) -> ClientSession:
    args = ["-m", "connector", "--index", str(index), "--log-level", "warning"]
    env = {**os.environ, **SERVER_ENV, "PYTHONPATH": str(root)}
    params = StdioServerParameters(command=sys.executable, args=args, cwd=root, env=env)
    read, write = await stack.enter_async_context(stdio_client(params))
    session = await stack.enter_async_context(ClientSession(read, write))
    await session.initialize()
    return session


async def run(servers: dict[str, tuple[Path, Path]], count: int) -> dict[str, dict[str, list[float]]]:
    """Seconds of each search and each ping, per server, query by query."""
    queries = workload(None, 2, 1000)
    timings: dict[str, dict[str, list[float]]] = {name: {"search": [], "ping": []} for name in servers}
    async with AsyncExitStack() as stack:
        sessions = {name: await _session(stack, root, index) for name, (root, index) in servers.items()}
        for query in queries[:WARMUP]:
            for session in sessions.values():
                await call_search(session, query)
        for n, query in enumerate(queries[WARMUP : WARMUP + count]):
            turn = list(sessions.items())
            for name, session in turn if n % 2 else turn[::-1]:
                started = time.perf_counter()
                await call_search(session, query)
                searched = time.perf_counter()
                await session.send_ping()
                timings[name]["search"].append(searched - started)
                timings[name]["ping"].append(time.perf_counter() - searched)
    return timings


def report(timings: dict[str, dict[str, list[float]]]) -> str:
    lines = ["| Server | search p50 (ms) | search mean (ms) | ping p50 (ms) |", "|---|---:|---:|---:|"]
    for name, found in timings.items():
        search, ping = found["search"], found["ping"]
        lines.append(
            f"| {name} | {1000 * statistics.median(search):.2f} | {1000 * statistics.mean(search):.2f} "
            f"| {1000 * statistics.median(ping):.2f} |"
        )
    before, after = timings["before"]["search"], timings["this checkout"]["search"]
    paired = statistics.median(b - a for b, a in zip(before, after, strict=True))
    lines.append(f"\nPaired, query by query: before - this checkout, median {1000 * paired:+.2f} ms")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.stdio_turns", description=__doc__.split("\n")[0])
    parser.add_argument("--index", type=Path, default=BENCH_DIR / "index-topics-100k")
    parser.add_argument("--before", type=Path, required=True, help="another checkout of the code (a git worktree)")
    parser.add_argument("--before-index", type=Path, help="the index that checkout reads (default: --index)")
    parser.add_argument("--queries", type=int, default=600)
    args = parser.parse_args()
    servers = {"before": (args.before, args.before_index or args.index), "this checkout": (ROOT, args.index)}
    for root, index in servers.values():
        if not (index / "CURRENT").is_file():
            sys.exit(f"stdio_turns: no index at {index} (make bench builds {BENCH_DIR / 'index-topics-100k'})")
        if not (root / "connector").is_dir():
            sys.exit(f"stdio_turns: {root} holds no checkout of the code")
    print(report(asyncio.run(run(servers, args.queries))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
