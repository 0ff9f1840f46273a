"""The search benchmark's figures (search_bench.py measures them) and the Markdown it writes into BENCHMARKS.md."""

from __future__ import annotations

import os
import platform
import statistics
from dataclasses import dataclass, field
from datetime import date
from importlib.metadata import version

from tests.bench.corpus_gen import Generated
from tests.bench.index_bench import TARGET_MB_S, Step, verdict
from tests.bench.machine import git_commit

# Issue 16's targets at 100,000 documents
TARGET_P50_MS = 4.0  # in process, the workload
TARGET_P99_MS = 25.0
TARGET_STDIO_P50_MS = 6.0
TARGET_OPERATOR_P50_MS = 6.0  # in process, each kind of operator query
TARGET_READY_S = 1.0  # from spawning the stdio server to its answer to initialize
TARGET_RSS_MB = 1000.0


@dataclass
class Latency:
    """One timed pass over a list of queries: each query's seconds, and what the pass cost the machine."""

    name: str
    queries: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    found: int = 0  # queries with at least one result
    wall: float = 0.0
    cpu: float = 0.0  # CPU seconds of the process that searched (over stdio: the server)
    others: float = 0.0  # CPU seconds the rest of the machine used meanwhile (the client's included)

    def add(self, query: str, seconds: float, results: int) -> None:
        self.queries.append(query)
        self.seconds.append(seconds)
        self.found += results > 0

    def ms(self, percent: int) -> float:
        """The `percent` percentile in ms (linear between the two nearest measurements)."""
        if len(self.seconds) < 2:
            return 1000 * (self.seconds[0] if self.seconds else 0.0)
        return 1000 * statistics.quantiles(self.seconds, n=100, method="inclusive")[percent - 1]

    def line(self) -> str:
        """One line for the console while the benchmark runs."""
        return (
            f"{self.name}: {len(self.seconds)} queries, p50 {self.ms(50):,.1f} ms, p95 {self.ms(95):,.1f} ms, "
            f"p99 {self.ms(99):,.1f} ms, {len(self.seconds) / self.wall:,.1f} queries/s"
        )

    def row(self, target: str = "") -> str:
        n = len(self.seconds)
        return (
            f"| {self.name} | {n:,} | {self.found:,} | {self.ms(50):,.1f} | {self.ms(95):,.1f} | {self.ms(99):,.1f} | "
            f"{1000 * max(self.seconds):,.0f} | {n / self.wall:,.1f} | {1000 * self.cpu / n:,.1f} | "
            f"{self.others / self.wall:.2f} | {target} |"
        )


@dataclass(frozen=True)
class ServerMemory:
    peak_mb: float  # VmHWM after the run
    rss_mb: float  # VmRSS after the run
    starts: list[float]  # seconds from spawning the server to its answer to initialize, one per start

    @property
    def ready_s(self) -> float:
        return statistics.median(self.starts)


@dataclass(frozen=True)
class Results:
    corpus: Generated
    all_queries: int  # in the collections, of which the workload may be a sample
    steps: list[Step]  # indexing; empty with --skip-index
    index_bytes: dict[str, int]  # per entry of the current generation
    search: Latency
    operators: list[Latency]
    stdio: Latency | None
    memory: ServerMemory | None
    tantivy: Latency | None
    tantivy_build_s: float | None
    repeat: int


def _p50_target(latency: Latency, p50: float) -> str:
    return verdict(latency.ms(50) <= p50, f"p50 <= {p50:g} ms")


def _search_table(r: Results) -> list[str]:
    p99 = verdict(r.search.ms(99) <= TARGET_P99_MS, f"p99 <= {TARGET_P99_MS:g} ms")
    workload = f"{_p50_target(r.search, TARGET_P50_MS)}; {p99}"
    lines = [
        "| Search | Queries | With results | p50 (ms) | p95 (ms) | p99 (ms) | Max (ms) | Queries/s | CPU ms/query "
        "| Others (cores) | Target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        r.search.row(workload + _ratio(r.search, r.tantivy)),
    ]
    lines += [op.row(_p50_target(op, TARGET_OPERATOR_P50_MS)) for op in r.operators]
    if r.stdio:
        overhead = r.stdio.ms(50) - r.search.ms(50)
        target = _p50_target(r.stdio, TARGET_STDIO_P50_MS)
        lines.append(r.stdio.row(f"{target} (p50 {overhead:+,.1f} ms vs in process){_ratio(r.stdio, r.tantivy)}"))
    if r.tantivy:
        lines.append(r.tantivy.row("reference"))
    return lines


def _ratio(latency: Latency, tantivy: Latency | None) -> str:
    """How many times tantivy's p50 in the same run."""
    return f"; {latency.ms(50) / tantivy.ms(50):.1f}x tantivy's p50" if tantivy else ""


def _indexing_table(r: Results) -> list[str]:
    mb = r.corpus.bytes / 1e6
    lines = [
        "| Indexing | Median (s) | Runs (s) | CPU s | Others' CPU s | Throughput | Target |",
        "|---|---:|---|---:|---:|---|---|",
    ]
    if not r.steps:
        lines.append("| Full build, no-change re-run | not measured (--skip-index) |  |  |  |  |  |")
    for i, s in enumerate(r.steps):
        runs = ", ".join(f"{t:.2f}" for t in s.times)
        cpu, others = statistics.median(s.cpu), statistics.median(s.others)
        if i == 0:
            rate = f"{mb / s.median:.2f} MB/s of text ({mb / cpu:.2f} MB per CPU s)"
            target = verdict(mb / s.median >= TARGET_MB_S, f">= {TARGET_MB_S:g} MB/s")
        else:
            rate, target = f"{len(r.corpus.files) / s.median:,.0f} files checked/s", ""
        lines.append(f"| {s.name} | {s.median:.2f} | {runs} | {cpu:.1f} | {others:.1f} | {rate} | {target} |")
    if r.tantivy_build_s is not None:
        t = r.tantivy_build_s
        lines.append(
            f"| tantivy build, in memory (reference) | {t:.2f} | {t:.2f} |  |  | {mb / t:.2f} MB/s of text |  |"
        )
    return lines


def _slowest(r: Results, count: int = 3) -> str:
    """The slowest queries in process, for whoever makes search faster."""
    timed = [
        (t, q) for latency in (r.search, *r.operators) for t, q in zip(latency.seconds, latency.queries, strict=True)
    ]
    worst = sorted(timed, reverse=True)[:count]
    shown = [f"{1000 * t:,.0f} ms for `{_clip(q)}` ({_words(q)})" for t, q in worst]
    return f"Slowest in process: {'; '.join(shown)}."


def _words(query: str) -> str:
    n = len(query.split())
    return f"{n} word" if n == 1 else f"{n} words"


def _clip(query: str, chars: int = 80) -> str:
    text = " ".join(query.replace("`", "'").replace("|", "/").split())
    return text if len(text) <= chars else text[: chars - 3] + "..."


def _memory_and_size(r: Results) -> list[str]:
    total = sum(r.index_bytes.values())
    parts = ", ".join(f"{name} {size / 1e6:,.1f} MB" for name, size in r.index_bytes.items())
    lines = [f"Index on disk: **{total / 1e6:,.1f} MB** for {r.corpus.bytes / 1e6:,.1f} MB of text ({parts})."]
    if r.memory:
        m = r.memory
        lines.append(
            f"Server memory (the stdio server, after its run): peak RSS (VmHWM) **{m.peak_mb:,.0f} MB**, "
            f"RSS {m.rss_mb:,.0f} MB; {verdict(m.peak_mb <= TARGET_RSS_MB, f'peak <= {TARGET_RSS_MB:,.0f} MB')}. "
            f"From spawning it to its answer to `initialize`: **{m.ready_s:.2f} s**, the median of {len(m.starts)} "
            f"starts ({', '.join(f'{s:.2f}' for s in sorted(m.starts))}) after an untimed one; "
            f"{verdict(m.ready_s <= TARGET_READY_S, f'<= {TARGET_READY_S:g} s')}."
        )
    return lines


def report(r: Results) -> str:
    n, queries = len(r.corpus.files), len(r.search.seconds)
    sample = "all of them" if queries == r.all_queries else f"a seeded sample of {queries:,} of the {r.all_queries:,}"
    lines = [
        f"Measured {date.today().isoformat()} at commit {git_commit()}; {os.cpu_count()} CPUs (os.cpu_count()), "
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}.",
        f"Corpus: {n:,} generated Markdown documents, {r.corpus.bytes / 1e6:,.1f} MB, recombined from the "
        "collections in ../shared/eval: each takes one of their documents as its seed and mixes its sentences with "
        "those of documents of the same collection that share a word with it (tests/bench/corpus_gen.py). "
        f"Workload: the collections' queries, {sample}, cut to the search tool's 1,000 characters.",
        "",
        *_search_table(r),
        "",
        _slowest(r),
        "",
        *_indexing_table(r),
        "",
        *_memory_and_size(r),
        "",
        "Latency: wall time of one query, one at a time, after 50 untimed queries (the operators follow the "
        "workload in the same process, with no warm-up of their own). In process: "
        "`connector.server.search_results(Searcher(INDEX), ConnectorSettings(index=INDEX), query)`, the function "
        "the search tool calls (top 10 with snippets). Operators: the same, for queries made from the workload's "
        "words: a quoted pair of adjacent words, `title:` with its longest word, `word AND word`, `abcd*`, and "
        "`word word type:markdown` (a filter; its first query matches it in Whoosh), and `type:markdown NOT word` "
        "(the filter alone: documents listed by id). "
        "Over stdio: from the mcp SDK's `ClientSession.call_tool` to its parsed result, the server being "
        "`python -m connector --index INDEX` as a subprocess. tantivy: "
        f"tantivy-py {version('tantivy')}, one field (the title and the file's text), en_stem, BM25, top 10, "
        "punctuation removed from the query (tests/eval/reference.py), in turns of 100 queries with the "
        "in-process pass, in the same process, so that both meet the host at the same speed. CPU ms/query: "
        "CPU time of the process that searched (over stdio, the server) per query. Others: CPU time the rest of "
        "the machine used meanwhile, in cores (over stdio that includes the client); when well above 0 the "
        "latencies are pessimistic.",
        f"Indexing: wall time of `python -m indexer DOCS --index INDEX --no-embeddings [--rebuild] -q` (the words: "
        "searchable when it ends; hybrid_bench.py measures embedding); the no-change re-run's "
        f"median of {r.repeat}. Text MB: the files' bytes. Index size: the files of the current generation. "
        "MB = 10^6 bytes.",
        "",
        f"Targets (issue 16): in process p50 <= {TARGET_P50_MS:g} ms and p99 <= {TARGET_P99_MS:g} ms, each kind of "
        f"operator query p50 <= {TARGET_OPERATOR_P50_MS:g} ms; over stdio p50 <= {TARGET_STDIO_P50_MS:g} ms; server "
        f"ready <= {TARGET_READY_S:g} s and peak RSS <= {TARGET_RSS_MB / 1000:g} GB. The full build's "
        f">= {TARGET_MB_S:g} MB/s is the indexing benchmark's target (see Indexing, which reads it by ratios).",
    ]
    return "\n".join(lines)
