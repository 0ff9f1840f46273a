"""Search benchmark: the second half of `make bench` (or `.venv/bin/python -m tests.bench.search_bench [--write]
[--queries N] [--docs N] [--skip-index]`).

At 100,000 generated Markdown documents (corpus_gen.make_topic_corpus: about 100 MB recombined from the
collections in ../shared/eval), with those collections' 1,290 queries as the workload, it measures:
- indexing with the real command line: a full build (--rebuild) and a no-change re-run (median of --repeat);
  the index's size on disk;
- search latency through the function the search tool calls (connector.server.search_results), for the workload
  and for operator queries made from it (a phrase, title:, AND, a prefix*, words beside a filter, a filter alone);
- the same workload through a real stdio MCP server (`python -m connector`) and the SDK's client, and the
  server's memory;
- tantivy (BM25, en_stem) on the same documents and queries in this process, as the reference: in turns of
  TURN queries with the in-process pass, so that a host whose speed drifts (a shared one does, by a third within
  minutes here) slows both alike and their ratio holds.
Queries run one at a time, each after the last one's answer. The corpus and its index are kept in .bench/.
--write updates the "Search at 100,000 documents" section of BENCHMARKS.md (search_report.py writes the text).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import anyio
from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client

from connector.cli import settle
from connector.server import search_results
from connector.settings import ConnectorSettings
from indexer import Searcher
from tests.bench.benchmarks_md import BENCHMARKS_MD, write_section
from tests.bench.corpus_gen import Generated, load_queries, make_topic_corpus
from tests.bench.index_bench import Step, timed
from tests.bench.machine import BENCH_DIR, ROOT, cpu_seconds, machine_busy, wait_for_idle
from tests.bench.search_report import Latency, Results, ServerMemory, report
from tests.eval.reference import tantivy_ranker

SERVER_LOG = BENCH_DIR / "search-bench-server.log"
WARMUP = 50  # untimed queries before each timed pass: caches filled, code paths imported
STARTS = 7  # timed server starts, after one untimed one (which writes the bytecode a changed checkout lacks)
TURN = 100  # queries each engine runs before the other's turn, when two are measured side by side
SERVER_ENV = {"FASTMCP_SHOW_SERVER_BANNER": "false", "FASTMCP_CHECK_FOR_UPDATES": "off", "FASTMCP_LOG_LEVEL": "WARNING"}
_WORD = re.compile(r"[A-Za-z]+")
_QUESTION_WORDS = """what which where when with from that this there their these those have been were about would
also into such some other does done used using give given interested articles papers"""
_SKIP = frozenset(_QUESTION_WORDS.split())  # words of 4 letters and more that do not say what a query is about
Search = Callable[[str], int]  # runs one query, returns the number of results


def workload(count: int | None, seed: int, max_length: int) -> list[str]:
    """All queries of the collections in a seeded order (or the first `count` of it), cut to the tool's limit."""
    queries = [q[:max_length] for q in load_queries() if q.strip()]
    random.Random(f"search-workload:{seed}").shuffle(queries)
    return queries[:count] if count else queries


def operator_queries(queries: list[str], per_kind: int) -> dict[str, list[str]]:
    """From the workload's queries: a quoted pair of adjacent content words, `title:` with its longest word,
    two words joined by AND, the first four letters of its longest word as a prefix*, two words beside a filter
    that every document passes (`type:markdown`: the largest set of passages a filter can keep), and that filter
    alone without the documents that hold a word (a list of documents by id, no words scored)."""
    kinds: dict[str, list[str]] = {
        '"phrase"': [],
        "title:word": [],
        "word AND word": [],
        "prefix*": [],
        "words type:markdown": [],
        "type:markdown NOT word": [],
    }
    for query in queries:
        words = [w.lower() for w in _WORD.findall(query)]
        content = [w for w in words if len(w) >= 4 and w not in _SKIP]
        if len(content) < 2:
            continue
        pairs = [(a, b) for a, b in itertools.pairwise(words) if a in content and b in content]
        longest = max(content, key=len)
        made = {
            '"phrase"': f'"{pairs[0][0]} {pairs[0][1]}"' if pairs else "",
            "title:word": f"title:{longest}",
            "word AND word": f"{content[0]} AND {content[1]}",
            "prefix*": f"{longest[:4]}*",
            "words type:markdown": f"{content[0]} {content[1]} type:markdown",
            "type:markdown NOT word": f"type:markdown NOT {content[0]}",
        }
        for kind, text in made.items():
            if text and len(kinds[kind]) < per_kind:
                kinds[kind].append(text)
    return kinds


def measure(name: str, queries: list[str], search: Search, warmup: int = WARMUP) -> Latency:
    """Time `search` in this process on each query, after `warmup` untimed ones."""
    for query in queries[:warmup]:
        search(query)
    latency = Latency(name)
    busy, cpu, started = machine_busy(), cpu_seconds(resource.RUSAGE_SELF), time.perf_counter()
    for query in queries:
        t0 = time.perf_counter()
        found = search(query)
        latency.add(query, time.perf_counter() - t0, found)
    latency.wall = time.perf_counter() - started
    latency.cpu = cpu_seconds(resource.RUSAGE_SELF) - cpu
    latency.others = max(0.0, machine_busy() - busy - latency.cpu)
    return latency


def side_by_side(searches: list[tuple[str, Search]], queries: list[str], warmup: int = WARMUP) -> list[Latency]:
    """Time each of `searches` on every query, in turns of TURN queries (the first search's, the next one's, ...),
    after `warmup` untimed queries each. Each turn's CPU (this process, and the rest of the machine's) is
    counted to the search that ran it."""
    for _, search in searches:
        for query in queries[:warmup]:
            search(query)
    latencies = [Latency(name) for name, _ in searches]
    for start in range(0, len(queries), TURN):
        turn = queries[start : start + TURN]
        for latency, (_, search) in zip(latencies, searches, strict=True):
            busy, cpu, started = machine_busy(), cpu_seconds(resource.RUSAGE_SELF), time.perf_counter()
            for query in turn:
                t0 = time.perf_counter()
                found = search(query)
                latency.add(query, time.perf_counter() - t0, found)
            latency.wall += time.perf_counter() - started
            used = cpu_seconds(resource.RUSAGE_SELF) - cpu
            latency.cpu += used
            latency.others += max(0.0, machine_busy() - busy - used)
    return latencies


def in_process(
    index: Path, queries: list[str], operators: dict[str, list[str]], max_wait: float, reference: Search | None
) -> tuple[Latency, list[Latency], Latency | None]:
    """The workload through search_results as the search tool calls it (in turns with the `reference` search,
    when there is one), then each kind of operator query."""
    searcher = Searcher(index)
    settings = ConnectorSettings(index=index)
    settle()  # as the server does before it serves

    def search(query: str) -> int:
        return len(search_results(searcher, settings, query)["results"])

    wait_for_idle(max_wait)
    ours = ("`search_results`, in process", search)
    if reference is None:
        plain, tantivy = measure(ours[0], queries, ours[1]), None
    else:
        plain, tantivy = side_by_side([ours, ("tantivy (reference), in process", reference)], queries)
    print(f"  {plain.line()}", flush=True)
    if tantivy is not None:
        print(f"  {tantivy.line()}", flush=True)
    rows = []
    for kind, texts in operators.items():
        if texts:  # the process is warm by now: no warm-up, so a kind's first query counts as it comes
            rows.append(measure(f"`search_results`, operators: {kind}", texts, search, warmup=0))
            print(f"  {rows[-1].line()}, e.g. {texts[0]}", flush=True)
    return plain, rows, tantivy


def proc_status(pid: int) -> tuple[float, float, float]:
    """Peak and current resident memory (MB) and CPU seconds so far of a process, from /proc."""
    status = Path(f"/proc/{pid}/status").read_text()
    kb = {k: int(v.split()[0]) for k, v in (line.split(":", 1) for line in status.splitlines()) if k.startswith("Vm")}
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return kb["VmHWM"] * 1024 / 1e6, kb["VmRSS"] * 1024 / 1e6, cpu


def server_pid() -> int:
    """The stdio server the SDK started: this process's child running `-m connector`."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            argv = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue  # a process that ended meanwhile
        if ppid == os.getpid() and b"connector" in argv:
            return int(stat.parent.name)
    sys.exit("search_bench: the stdio server's process was not found")


async def over_stdio(index: Path, queries: list[str]) -> tuple[Latency, ServerMemory]:
    """The workload as `tools/call search` requests to `python -m connector --index DIR` over stdio; the
    server's stderr goes to SERVER_LOG, quoted when the server ends early or refuses."""
    args = ["-m", "connector", "--index", str(index), "--log-level", "warning"]
    params = StdioServerParameters(command=sys.executable, args=args, env=SERVER_ENV, cwd=ROOT)
    with SERVER_LOG.open("w", encoding="utf-8") as errlog:
        try:
            starts = [await start_time(params, errlog) for _ in range(STARTS + 1)][1:]
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await stdio_pass(session, queries, starts)
        except Exception as exc:
            if (error := mcp_error(exc)) is None:
                raise
            log = SERVER_LOG.read_text(encoding="utf-8").strip()[-2000:]
            sys.exit(f"search_bench: the stdio server failed ({error}); its stderr ({SERVER_LOG}):\n{log}")


async def start_time(params: StdioServerParameters, errlog: TextIO) -> float:
    """Seconds from spawning the server to its answer to `initialize`, as a client that just started it sees."""
    started = time.perf_counter()
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return time.perf_counter() - started


async def stdio_pass(session: ClientSession, queries: list[str], starts: list[float]) -> tuple[Latency, ServerMemory]:
    """Warm up, time each query, then read the server's CPU time and memory while it still runs."""
    pid = server_pid()
    for query in queries[:WARMUP]:
        await call_search(session, query)
    latency = Latency("MCP `tools/call search` over stdio")
    busy, server_cpu, started = machine_busy(), proc_status(pid)[2], time.perf_counter()
    for query in queries:
        t0 = time.perf_counter()
        found = await call_search(session, query)
        latency.add(query, time.perf_counter() - t0, found)
    latency.wall = time.perf_counter() - started
    peak, rss, server_cpu_after = proc_status(pid)
    latency.cpu = server_cpu_after - server_cpu
    latency.others = max(0.0, machine_busy() - busy - latency.cpu)
    return latency, ServerMemory(peak, rss, starts)


def mcp_error(exc: BaseException) -> MCPError | None:
    """The SDK's MCPError in `exc` (its task groups wrap it in exception groups), if there is one."""
    if isinstance(exc, MCPError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        return next((found for inner in exc.exceptions if (found := mcp_error(inner))), None)
    return None


async def call_search(session: ClientSession, query: str) -> int:
    result = await session.call_tool("search", {"query": query})
    text = "".join(getattr(item, "text", "") for item in result.content)
    if result.is_error:
        sys.exit(f"search_bench: the search tool failed on {query!r}: {text}")
    return len(json.loads(text)["results"])


def with_tantivy(corpus: Generated, max_wait: float) -> tuple[Search, float]:
    """tantivy's top 10 as a search (the number of results), over the same files (title + text), and the seconds
    it took to index them."""
    docs = {}
    for path in corpus.files:
        text = path.read_text(encoding="utf-8")
        title = next((line[2:] for line in text.splitlines() if line.startswith("# ")), "")
        docs[str(path.relative_to(corpus.folder))] = (title, text)
    wait_for_idle(max_wait)
    started = time.perf_counter()
    rank = tantivy_ranker(docs, k=10)
    build = time.perf_counter() - started
    del docs
    return (lambda query: len(rank(query))), build


def indexing(args: argparse.Namespace, corpus: Generated, index: Path) -> list[Step]:
    """A full build with --rebuild (once), then --repeat no-change re-runs, each through the real command line."""
    n, mb = len(corpus.files), corpus.bytes / 1e6
    full = Step("Full build (`--rebuild`)", f"{n:,} .md files, {mb:.1f} MB")
    runs = argparse.Namespace(repeat=1, max_wait=args.max_wait, workers=args.workers)
    timed(full, runs, corpus.folder, index, True, rf"\b{n} added")
    same = Step("No-change re-run", f"{n:,} .md files")
    runs.repeat = args.repeat
    timed(same, runs, corpus.folder, index, False, rf"\({n} unchanged")
    return [full, same]


def index_size(index: Path) -> dict[str, int]:
    """Bytes of the current generation (the folder INDEX/CURRENT names), per entry in it."""
    generation = index / (index / "CURRENT").read_text(encoding="ascii").strip()
    sizes = {}
    for entry in sorted(generation.iterdir()):
        files = [entry] if entry.is_file() else [p for p in entry.rglob("*") if p.is_file()]
        sizes[entry.name] = sum(p.stat().st_size for p in files)
    return sizes


def run(args: argparse.Namespace) -> Results:
    name = f"{args.docs // 1000}k" if args.docs % 1000 == 0 else str(args.docs)
    print(f"corpus and index in {BENCH_DIR} (generated once, then reused)", flush=True)
    corpus = make_topic_corpus(BENCH_DIR / f"topics-{name}", args.docs, args.seed)
    index = BENCH_DIR / f"index-topics-{name}"
    steps: list[Step] = []
    if not args.skip_index:
        steps = indexing(args, corpus, index)
    elif not (index / "CURRENT").is_file():
        sys.exit(f"search_bench: --skip-index, but there is no index in {index}; run once without it")
    settings = ConnectorSettings(index=index)
    queries = workload(args.queries, args.seed, settings.max_query_length)
    operators = operator_queries(queries, max(10, min(50, len(queries) // 10)))
    print(f"searching: {len(queries):,} queries, then {sum(map(len, operators.values()))} operator queries", flush=True)
    reference, tantivy_build = None, None
    if not args.no_tantivy:
        reference, tantivy_build = with_tantivy(corpus, args.max_wait)
        print(f"  tantivy built in {tantivy_build:.1f} s", flush=True)
    search, operator_rows, tantivy = in_process(index, queries, operators, args.max_wait, reference)
    del reference
    stdio, memory = None, None
    if not args.no_stdio:
        wait_for_idle(args.max_wait)
        stdio, memory = anyio.run(over_stdio, index, queries)
        print(f"  {stdio.line()}; server peak RSS {memory.peak_mb:,.0f} MB", flush=True)
    sizes = index_size(index)
    return Results(
        corpus,
        len(load_queries()),
        steps,
        sizes,
        search,
        operator_rows,
        stdio,
        memory,
        tantivy,
        tantivy_build,
        args.repeat,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.search_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=100_000, help="generated Markdown documents (default 100000)")
    parser.add_argument("--queries", type=int, default=0, help="a seeded sample of N queries (default: all 1,290)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the corpus and the query order (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="no-change re-runs; the median is quoted (default 3)")
    parser.add_argument("--workers", type=int, default=None, help="pass --workers N to the indexer")
    parser.add_argument("--skip-index", action="store_true", help="search the index left by an earlier run")
    parser.add_argument("--no-stdio", action="store_true", help="skip the stdio server")
    parser.add_argument("--no-tantivy", action="store_true", help="skip the tantivy reference")
    parser.add_argument(
        "--max-wait", type=float, default=120, help="before each timed step, wait up to this many s for an idle machine"
    )
    parser.add_argument("--write", action="store_true", help="update the search section of BENCHMARKS.md")
    args = parser.parse_args(argv)
    body = report(run(args))
    print("\n" + body)
    if args.write:
        intro = "Written by `make bench ARGS=--write` (tests/bench/search_bench.py)."
        write_section("search-bench", "Search at 100,000 documents", intro, body)
        print(f"\nwrote {BENCHMARKS_MD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
