"""Where the time of one query goes: `python -m tests.bench.search_phases [--index DIR] [--queries N]
[--before ROOT --before-index DIR]`.

Each phase of the search tool's function is timed by wrapping the function that does it, in the process that
searches: parsing the query, the first ranking (BM25 over the postings copy, or Whoosh), choosing feedback's words,
the second ranking (with them), reading documents and passages from docs.sqlite, snippets, and the tool's JSON.
What no phase covers (hit assembly, the plan, Python's calls between them) is "the rest". With --before, the same
is measured for another checkout of the code (ROOT, a git worktree of an older commit) on an index it built, in a
process of its own, the two taking turns query by query in chunks, so that both see the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.machine import BENCH_DIR, ROOT

PHASES = ("parse", "first ranking", "feedback words", "second ranking", "docs.sqlite reads", "snippets", "JSON")
CHUNK = 100  # queries per turn: fewer turns, less of each process's caches lost to the other


def _instrument() -> tuple[dict[str, float], Callable[[], None]]:
    """Wrap the functions of each phase (of whichever version of the code is imported): the seconds each phase
    of the query being run took, and what clears them before the next query. A phase inside another (an older
    feedback read its passages from docs.sqlite) counts for itself only, so that the phases add up."""
    import connector.contract as contract
    import connector.server as server
    import indexer.search.searcher as searcher

    try:
        from indexer.store.docreader import DocReader
    except ImportError:  # a checkout from before docs.sqlite's reader had a module of its own
        from indexer.store.docstore import DocReader  # type: ignore[attr-defined,no-redef]

    spent: dict[str, float] = defaultdict(float)
    rankings = [0]
    running: list[str] = []  # the phases under way, innermost last

    def timed(owner: Any, name: str, phase: str | Callable[[], str]) -> None:
        original = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            label = phase if isinstance(phase, str) else phase()
            running.append(label)
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                took = time.perf_counter() - started
                running.pop()
                spent[label] += took
                if running:
                    spent[running[-1]] -= took

        setattr(owner, name, wrapper)

    def ranking() -> str:
        rankings[0] += 1
        return "first ranking" if rankings[0] == 1 else "second ranking"

    def reset() -> None:
        spent.clear()
        running.clear()
        rankings[0] = 0

    timed(searcher, "parse_query", "parse")
    # one ranking: `_lexical` (before 3c9dd1f it was `_ranked`, which now fuses the lexical and dense rankings)
    timed(searcher.Snapshot, "_lexical" if hasattr(searcher.Snapshot, "_lexical") else "_ranked", ranking)
    timed(searcher.Snapshot, "_feedback_words", "feedback words")
    for name in ("make_snippets", "make_snippet"):
        if hasattr(searcher, name):
            timed(searcher, name, "snippets")
    for name in ("documents", "passages_with_text", "passage"):
        timed(DocReader, name, "docs.sqlite reads")
    timed(server, "search_payload", "JSON")
    timed(contract, "as_text", "JSON")
    return spent, reset


def worker(index: Path, count: int) -> None:
    """Run in a process of its own: time each query's phases, a chunk at a time, as the parent asks."""
    spent, reset = _instrument()
    from connector.contract import as_text
    from connector.server import search_results
    from connector.settings import ConnectorSettings
    from indexer import Searcher
    from tests.bench.search_bench import WARMUP, workload

    searcher, settings = Searcher(index), ConnectorSettings(index=index)
    queries = workload(None, 1, settings.max_query_length)
    for query in queries[:WARMUP]:
        search_results(searcher, settings, query)
    print("ready", flush=True)
    for line in sys.stdin:
        start, end = map(int, line.split())
        out = []
        for query in queries[WARMUP + start : WARMUP + min(end, count)]:
            reset()
            started = time.perf_counter()
            as_text(search_results(searcher, settings, query))
            phases = {phase: spent.get(phase, 0.0) for phase in PHASES}
            phases["total"] = time.perf_counter() - started
            out.append(phases)
        print(json.dumps(out), flush=True)


def measure(roots: list[tuple[Path, Path]], count: int) -> list[list[dict[str, float]]]:
    """Each (code root, index) in a process of its own, taking turns a chunk of queries at a time."""
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", "--index", str(index), "--queries", str(count)],
            env={**os.environ, "PYTHONPATH": str(root)},  # that checkout's packages, not the installed ones
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for root, index in roots
    ]
    for proc in procs:
        if proc.stdout is None or proc.stdout.readline().strip() != "ready":
            sys.exit("search_phases: a worker did not start")
    results: list[list[dict[str, float]]] = [[] for _ in procs]
    for start in range(0, count, CHUNK):
        for proc, found in zip(procs, results, strict=True):
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(f"{start} {start + CHUNK}\n")
            proc.stdin.flush()
            found += json.loads(proc.stdout.readline())
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    return results


def table(names: list[str], results: list[list[dict[str, float]]]) -> str:
    """Medians per query in ms, phase by phase; "the rest" is the total less the phases (their median sum)."""
    lines = ["| Phase | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for phase in (*PHASES, "the rest", "total"):
        cells = []
        for found in results:
            if phase == "the rest":
                value = statistics.median(q["total"] - sum(q[p] for p in PHASES) for q in found)
            else:
                value = statistics.median(q[phase] for q in found)
            cells.append(f"{1000 * value:.2f}")
        lines.append(f"| {phase} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.search_phases", description=__doc__.split("\n")[0])
    parser.add_argument("--index", type=Path, default=BENCH_DIR / "index-topics-100k")
    parser.add_argument("--queries", type=int, default=600)
    parser.add_argument("--before", type=Path, help="another checkout of the code (an older commit's worktree)")
    parser.add_argument("--before-index", type=Path, help="the index that checkout built")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.index, args.queries)
        return 0
    roots = [(ROOT, args.index.resolve())]
    names = ["this checkout"]
    if args.before:
        roots.insert(0, (args.before.resolve(), (args.before_index or args.index).resolve()))
        names.insert(0, f"before ({args.before.name})")
    print(table(names, measure(roots, args.queries)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
