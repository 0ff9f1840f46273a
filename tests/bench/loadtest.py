"""Load test: `make loadtest` (or `.venv/bin/python -m tests.bench.loadtest [--clients 50] [--seconds 60]
[--docs 20000] [--write]`).

The real server (`python -m connector --transport http`) runs as a subprocess on a free loopback port, serving an
index of generated Markdown documents (corpus_gen.py; generated once into .bench/ and copied, so the copy can be
changed). In this process, --clients simulated MCP clients (load_client.py: asyncio streams) search and fetch for
--seconds, while the real indexer rewrites the index twice: at about 1/4 of the run an incremental run after 2% of
the files changed, at about 1/2 a full --rebuild after another 2% changed (these runs and the first build index
the words only: --no-embeddings). /healthz shows when the server switched to each new generation; a search for a
word that only the changed files contain shows it serves their new text.
When the indexer is not done by --seconds, the clients go on until the server has served its last generation for
5 s. Exit status 1 when any request failed or the server did not switch. --write updates the "Load over HTTP"
section of BENCHMARKS.md.

The server runs as a shared deployment does: with authentication (a tokens file with one bearer token per client,
made with connector.tokens.TokensFile) and its default per-client limits, so each client has its own budget; and
as --workers processes (default 2, one per core here) without sessions (--stateless), since a session lives in one
process. --workers 1 serves one process with sessions, as `make serve` does.
--no-tokens runs it without authentication; then every client comes from 127.0.0.1 and counts as one client,
so the per-address limits must be lifted with --server-arg.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx

from connector.tokens import TokensFile
from tests.bench.benchmarks_md import BENCHMARKS_MD, write_section
from tests.bench.corpus_gen import Generated, make_markdown_corpus
from tests.bench.load_client import McpClient, Tally, client_headers, corpus_queries, run_client
from tests.bench.loadtest_report import HEALTHZ_TIMEOUT_S, report, server_log_notes
from tests.bench.machine import BENCH_DIR, ROOT, cpu_seconds, machine_busy, wait_for_idle

SERVER_ARGS = ["--log-level", "warning"]  # before --server-arg; an info log writes a line per request
CHANGED_PERCENT = 2
HEALTHZ_EVERY_S = 0.25
AFTER_LAST_SWITCH_S = 5.0  # when the last rewrite ends late, the clients go on this long on its generation


@dataclass
class Rewrite:
    """One rewrite of the index while the clients run; times in s since the clients started."""

    at: float  # planned start
    rebuild: bool
    marker: str  # a word that only the files this rewrite changes contain
    changed: list[Path] = field(default_factory=list)
    started: float | None = None
    seconds: float | None = None  # the indexer's wall time
    published: float | None = None  # when CURRENT named the new generation
    generation: int | None = None
    served: float | None = None  # the first /healthz that reported it
    summary: str = ""

    @property
    def name(self) -> str:
        return "`--rebuild`" if self.rebuild else "incremental"


def clean_env() -> dict[str, str]:
    """This environment without DOCSEARCH_* settings (the command lines say everything), fastmcp kept quiet."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCSEARCH_")}
    return {**env, "FASTMCP_SHOW_SERVER_BANNER": "false", "FASTMCP_CHECK_FOR_UPDATES": "off"}


def prepare(args: argparse.Namespace) -> tuple[Generated, Path, Path]:
    """The generated corpus (cached), a fresh copy of it that the rewrites may change, and its index."""
    name = f"corpus-{args.docs // 1000}k" if args.docs % 1000 == 0 else f"corpus-{args.docs}"
    corpus = make_markdown_corpus(BENCH_DIR / name, args.docs, args.seed)
    work = BENCH_DIR / f"loadtest-{args.docs}"
    docs, index = work / "docs", work / "index"
    shutil.rmtree(docs, ignore_errors=True)
    shutil.copytree(corpus.folder, docs)  # modification times kept: the next index run reads only what differs
    started = time.perf_counter()
    proc = subprocess.run(
        indexer_command(docs, index, False), cwd=ROOT, env=clean_env(), capture_output=True, text=True
    )
    if proc.returncode != 0:
        sys.exit(f"indexer failed ({proc.returncode}):\n{proc.stderr}")
    print(f"index {index}: {proc.stderr.strip()} ({time.perf_counter() - started:.1f} s)", flush=True)
    return corpus, docs, index


def indexer_command(docs: Path, index: Path, rebuild: bool) -> list[str]:
    """The indexer run that builds or rewrites the index: words only (--no-embeddings), as this test always
    measured; embedding every passage takes hours of CPU, and lexical ranking is what the clients exercise."""
    rebuild_arg = ["--rebuild"] * rebuild
    return [sys.executable, "-m", "indexer", str(docs), "--index", str(index), "-q", "--no-embeddings", *rebuild_arg]


def generation_of(index: Path) -> tuple[int, float]:
    """The number of the generation CURRENT names, and when it was made to name it (time.time())."""
    pointer = index / "CURRENT"
    return int(pointer.read_text(encoding="ascii").strip().rsplit("-", 1)[1]), pointer.stat().st_mtime


class Server:
    """`python -m connector --transport http` on a free loopback port, its stderr in `log`."""

    def __init__(self, index: Path, args: list[str], log: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.args = args
        self.command = [sys.executable, "-m", "connector", "--index", str(index), "--transport", "http",
                        "--port", str(self.port), *args]  # fmt: skip
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        with self.log.open("wb") as err:
            self.process = subprocess.Popen(self.command, cwd=ROOT, env=clean_env(), stdout=err, stderr=err)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"the server exited with {self.process.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.__exit__()
        sys.exit(f"the server did not answer /healthz within 60 s; its log: {self.log}")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def proc_status(self) -> dict[str, float]:
        """Resident memory (MB: the sum of each process's peak, and of their current) and CPU seconds so far of the
        server's processes (with --workers, the supervisor and its workers), from /proc (empty elsewhere). Pages
        the processes share, such as the index's memory maps, count in each."""
        assert self.process is not None
        peak = rss = cpu = 0.0
        try:
            for pid in process_tree(self.process.pid):
                status = Path(f"/proc/{pid}/status").read_text()
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                kb = {line.split(":")[0]: int(line.split()[1]) for line in status.splitlines() if line.startswith("Vm")}
                peak, rss = peak + kb["VmHWM"] / 1024, rss + kb["VmRSS"] / 1024
                cpu += (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
        except (OSError, KeyError):
            return {}
        return {"peak_rss_mb": peak, "rss_mb": rss, "cpu_s": cpu}


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants (from /proc: each process's parent)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # a process that ended meanwhile
        parents.setdefault(parent, []).append(int(stat.parent.name))
    tree, pending = [], [pid]
    while pending:
        tree.append(pending.pop())
        pending += parents.get(tree[-1], [])
    return tree


async def rewrite_index(rewrites: list[Rewrite], docs: Path, index: Path, files: list[Path], tally: Tally) -> None:
    """Change some files and run the indexer, for each rewrite in turn (never before its planned time)."""
    rng = random.Random("loadtest-rewrites")
    wall0 = time.time() - (time.monotonic() - tally.started)
    for rw in rewrites:
        await asyncio.sleep(max(0.0, tally.started + rw.at - time.monotonic()))
        rw.changed = rng.sample(files, max(1, len(files) * CHANGED_PERCENT // 100))
        for path in rw.changed:
            with path.open("a", encoding="utf-8") as f:
                f.write(f"\nRevised during the load test: {rw.marker} was checked again.\n")
        rw.started = time.monotonic() - tally.started
        command = indexer_command(docs, index, rw.rebuild)
        proc = await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, env=clean_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _, err = await proc.communicate()
        rw.seconds = time.monotonic() - tally.started - rw.started
        rw.summary = err.decode(errors="replace").strip().replace(str(index), "DIR")
        if proc.returncode != 0:
            rw.summary = f"indexer failed ({proc.returncode}): {rw.summary}"
            return
        rw.generation, mtime = generation_of(index)
        rw.published = mtime - wall0


async def watch_generations(base: str, run: Run, stop: asyncio.Event) -> None:
    """Poll /healthz: when each generation was first reported, and how long each poll took (None: no answer)."""
    async with httpx.AsyncClient(timeout=HEALTHZ_TIMEOUT_S) as http:
        while not stop.is_set():
            started = time.monotonic()
            at = started - run.tally.started
            try:
                generation = (await http.get(base + "/healthz")).json()["generation"]
                run.seen.setdefault(generation, at)
                run.health.append((at, time.monotonic() - started))
            except (httpx.HTTPError, ValueError, KeyError) as exc:
                run.health.append((at, None))
                print(f"  /healthz at {at:.1f} s: {type(exc).__name__} {exc}", flush=True)
            await asyncio.sleep(HEALTHZ_EVERY_S)


async def check_markers(url: str, headers: dict[str, str], rewrites: list[Rewrite], docs: Path) -> list[str]:
    """After the run: a search for each rewrite's marker finds the files it changed (the new text is served)."""
    problems = []
    client = McpClient(url, 0, headers)
    try:
        await client.initialize()
        for rw in rewrites:
            results = await client.search(rw.marker)
            changed = {p.relative_to(docs).as_posix() for p in rw.changed}
            if not results or not {r["id"] for r in results} <= changed:
                problems.append(f"search {rw.marker!r} found {[r['id'] for r in results]}, not the files it changed")
    except Exception as exc:
        problems.append(f"marker check failed: {type(exc).__name__}: {exc}")
    finally:
        await client.close()
    return problems


@dataclass
class Run:
    """What one load test saw."""

    tally: Tally
    rewrites: list[Rewrite]
    seen: dict[int, float]  # generation -> first reported by /healthz (s since the clients started)
    duration: float = 0.0
    problems: list[str] = field(default_factory=list)  # besides failed requests
    markers_ok: bool = False  # searches for the rewrites' marker words found the changed files
    health: list[tuple[float, float | None]] = field(default_factory=list)  # /healthz polls: (at, seconds)
    server: dict[str, float] = field(default_factory=dict)  # proc_status() at the end
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds during the run, by process


async def run_load(args: argparse.Namespace, server: Server, queries: list[str], docs: Path, index: Path) -> Run:
    files = sorted(docs.rglob("*.md"))
    quarter, half = args.seconds / 4, args.seconds / 2
    run = Run(Tally(), [Rewrite(quarter, False, "loadtestmarkerone"), Rewrite(half, True, "loadtestmarkertwo")], {})
    url = server.base + "/mcp"
    clients = [McpClient(url, n, headers_of(args, n)) for n in range(1, args.clients + 1)]
    stop = asyncio.Event()
    cpu_before = (server.proc_status().get("cpu_s", 0.0), cpu_seconds(resource.RUSAGE_SELF),
                  cpu_seconds(resource.RUSAGE_CHILDREN), machine_busy())  # fmt: skip
    run.tally.started = time.monotonic()
    tasks = [asyncio.create_task(run_client(c, queries, run.tally, stop)) for c in clients]
    watcher = asyncio.create_task(watch_generations(server.base, run, stop))
    rewriter = asyncio.create_task(rewrite_index(run.rewrites, docs, index, files, run.tally))
    await asyncio.sleep(args.seconds)
    if not rewriter.done():
        print(f"  the indexer is still running at {args.seconds:g} s: the clients go on", flush=True)
    await rewriter
    last = run.rewrites[-1].generation
    deadline = time.monotonic() + 10
    while last is not None and last not in run.seen and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    if last in run.seen:  # some requests on the last generation too
        await asyncio.sleep(max(0.0, run.tally.started + run.seen[last] + AFTER_LAST_SWITCH_S - time.monotonic()))
    stop.set()
    await asyncio.gather(*tasks, watcher)
    run.duration = time.monotonic() - run.tally.started
    run.server = server.proc_status()
    run.cpu = {
        "server": run.server.get("cpu_s", 0.0) - cpu_before[0],
        "load generator": cpu_seconds(resource.RUSAGE_SELF) - cpu_before[1],
        "indexer": cpu_seconds(resource.RUSAGE_CHILDREN)
        - cpu_before[2],  # its runs were waited for; the server not yet
    }
    run.cpu["other programs"] = max(0.0, machine_busy() - cpu_before[3] - sum(run.cpu.values()))
    await asyncio.gather(*(c.close() for c in clients))
    marker_problems = await check_markers(url, headers_of(args, 1), run.rewrites, docs)
    run.markers_ok = not marker_problems
    run.problems = check_rewrites(run) + marker_problems
    return run


def check_rewrites(run: Run) -> list[str]:
    """Each rewrite published a newer generation, and the server reported it on /healthz."""
    problems, previous = [], min(run.seen, default=0)
    for number, rw in enumerate(run.rewrites, start=1):
        if rw.generation is None:
            problems.append(f"rewrite {number} published nothing: {rw.summary}")
            continue
        rw.served = run.seen.get(rw.generation)
        if rw.generation <= previous:
            problems.append(f"rewrite {number} published generation {rw.generation}, not newer than {previous}")
        if rw.served is None:
            problems.append(f"the server never reported generation {rw.generation} on /healthz")
        previous = rw.generation
    return problems


def headers_of(args: argparse.Namespace, number: int) -> dict[str, str]:
    headers = client_headers(number, args.header)
    if args.tokens:
        headers["Authorization"] = f"Bearer {args.tokens[number - 1]}"
    return headers


def make_tokens(folder: Path, clients: int) -> tuple[Path, list[str]]:
    """A fresh tokens file with one token per client."""
    path = folder / "tokens.json"
    path.unlink(missing_ok=True)
    tokens = TokensFile(path)
    return path, [tokens.add(f"client-{n}", ()) for n in range(1, clients + 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.loadtest", description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent MCP clients (default 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the clients run (default 60)")
    parser.add_argument("--docs", type=int, default=20_000, help="generated Markdown documents (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated corpus and the queries")
    parser.add_argument(
        "--workers", type=int, default=2, help="server processes, without sessions when more than one (default 2)"
    )
    parser.add_argument(
        "--server-arg", action="append", default=[], metavar="ARG",
        help="one more server command-line argument, e.g. --server-arg=--stateless (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--header", action="append", default=[], metavar="'NAME: VALUE'",
        help="an HTTP header every client sends; {client} is its number, e.g. 'Authorization: Bearer t-{client}'",
    )  # fmt: skip
    parser.add_argument(
        "--max-wait", type=float, default=120, help="before the run, wait up to this many s for an idle machine"
    )
    parser.add_argument("--no-tokens", action="store_true", help="serve without authentication (see above)")
    parser.add_argument("--write", action="store_true", help="update the Load over HTTP section of BENCHMARKS.md")
    args = parser.parse_args(argv)
    args.tokens = []

    corpus, docs, index = prepare(args)
    queries = corpus_queries(sorted(docs.rglob("*.md")), 5000, args.seed)
    log = docs.parent / "server.log"
    wait_for_idle(args.max_wait)
    workers = ["--stateless", "--workers", str(args.workers)] if args.workers > 1 else []
    server_args = [*SERVER_ARGS, *workers, *args.server_arg]
    if not args.no_tokens:
        tokens_file, args.tokens = make_tokens(docs.parent, args.clients)
        server_args += ["--tokens-file", str(tokens_file)]
    with Server(index, server_args, log) as server:
        print(f"server on {server.base}, log in {log}; {args.clients} clients for {args.seconds:g} s", flush=True)
        run = asyncio.run(run_load(args, server, queries, docs, index))
    shown = [arg if not arg.endswith("tokens.json") else "TOKENS_FILE" for arg in server.args]
    body = report(run, corpus, args.clients, args.seconds, shown, HEALTHZ_EVERY_S)
    print("\n" + body)
    notes = server_log_notes(log)
    print(f"\nserver log {log}: " + ("\n  ".join(["", *notes]) if notes else "no warnings or errors"))
    ok = not (run.tally.failures or run.problems)
    if args.write and ok:
        intro = "Written by `make loadtest ARGS=--write` (tests/bench/loadtest.py)."
        write_section("loadtest", "Load over HTTP", intro, body)
        print(f"\nwrote {BENCHMARKS_MD.relative_to(ROOT)}")
    elif args.write:
        print("\nBENCHMARKS.md not written: the run failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
