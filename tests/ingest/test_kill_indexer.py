"""Issue 5, load and faults: killing the indexer with SIGKILL at any moment leaves an index that opens and serves the
last complete generation, its worker processes do not outlive it, and the next run recovers.

Every run here is the real command (`python -m indexer DOCS --index DIR`) in a subprocess with its real worker
processes. The folder's content alternates between two versions, with a version word in every file, so that after
each kill the index can be checked to serve exactly one complete generation.


These runs index words only (--no-embeddings): the vectors' own kill and resume are in tests/ingest/test_embedding.py.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from indexer import Searcher
from indexer.settings import ENV_PREFIX
from indexer.store import storage

from support.folders import ROOT, run_cli, write

# The kill times come from this seed; set KILL_TEST_SEED to replay a failure or to try other moments.
SEED = int(os.environ.get("KILL_TEST_SEED", "5"))
KILLS = 20
FILES = 600  # about 1.5 s for one run on two cores: long enough for kills to land in every phase
VERSIONS = ("amberversion", "cobaltversion")  # different lengths: every file's size changes between versions
FILLER = ("Ordinary filler words that every page repeats, so that parsing takes a while. " * 12 + "\n\n") * 5
START, PROGRESS, ALL_PARSED = "the start", "the first progress line", "the last progress line"
ANCHORS = {PROGRESS: " files ", ALL_PARSED: f"{FILES:,}/{FILES:,} files"}  # in the run's stderr
WORKERS_GONE_SECONDS = 15.0  # hang guard: killed runs' workers notice at once (they check every second)


@dataclass
class Kill:
    number: int
    moment: str  # when it was sent, e.g. "0.42 s after the first progress line"
    pgid: int
    phase: str = ""
    before: str = ""  # the version served before the run
    written: str = ""  # the version in the folder during the run
    after: str = ""  # the version served after the kill


def _write_version(docs: Path, version: str) -> None:
    for n in range(FILES):
        text = f"# Page {n}\n\nThis page is the {version} of page {n}.\n\n{FILLER}"
        write(docs, f"part{n // 100}/page{n:04d}.md", text)


def _other(version: str) -> str:
    return VERSIONS[1 - VERSIONS.index(version)]


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(ENV_PREFIX)}


def _start(docs: Path, index_dir: Path, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """The real indexer command in its own process group, which its worker processes share."""
    with log.open("wb") as stderr:
        return subprocess.Popen(
            [sys.executable, "-m", "indexer", str(docs), "--index", str(index_dir), "--no-embeddings", *extra],
            cwd=ROOT,
            env=_clean_env(),
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _gone_by(pgid: int, deadline: float) -> bool:
    """Wait until no process of group `pgid` is left or time.monotonic() passes `deadline`; True if none is left."""
    while _group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _group_alive(pgid)


def _group_listing(pgid: int) -> str:
    """The processes of a group, with how long they have run (for failure messages)."""
    listing = subprocess.run(
        ["ps", "-ww", "-eo", "pid=,pgid=,etime=,stat=,args="], capture_output=True, text=True
    ).stdout
    return "\n".join(line for line in listing.splitlines() if line.split()[1] == str(pgid)) or "(none)"


def _cpu_ticks(pgid: int) -> int:
    """CPU time used so far by the processes of a group other than its leader (Linux /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # the process has just exited
        if int(fields[2]) == pgid and int(stat.parent.name) != pgid:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


def _wait_until_idle(pgid: int, timeout: float = 30.0) -> None:
    """Until the group's processes other than its leader have used no CPU for a second."""
    deadline = time.monotonic() + timeout
    before = _cpu_ticks(pgid)
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = _cpu_ticks(pgid)
        if now == before:
            return
        before = now
    raise AssertionError(f"the workers were still busy after {timeout:.0f} s")


def _wait_for_line(run: subprocess.Popen[bytes], log: Path, text: str) -> None:
    """Until the run has written `text` on stderr, or has exited."""
    _wait_for(lambda: text in log.read_text(errors="replace") or run.poll() is not None, f"{text!r} in {log.name}", 60)


def _wait_for(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def _phase(log_text: str, left_behind: bool) -> str:
    """Where a run was when it was killed: from its stderr (a progress line every tenth of the files) and from
    whether it had made its generation folder."""
    if "indexed into" in log_text:
        return "exiting (summary printed)"
    done = re.findall(r"(\d[\d,]*)/[\d,]+ files", log_text)
    if not done:
        return "starting workers (generation folder made)" if left_behind else "starting up (no generation folder)"
    if int(done[-1].replace(",", "")) == FILES:
        return "committing and publishing (every file parsed)"
    return "parsing"


def _timeline(docs: Path, index_dir: Path, log: Path) -> tuple[float, float, float]:
    """One whole run: seconds until its first progress line (a tenth of the files parsed), until every file was
    parsed, and until it exited."""
    started = time.monotonic()
    first = parsed = 0.0
    with (
        subprocess.Popen(
            [sys.executable, "-m", "indexer", str(docs), "--index", str(index_dir), "--no-embeddings"],
            cwd=ROOT,
            env=_clean_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        ) as run,
        log.open("w") as copy,
    ):
        assert run.stderr is not None
        for line in run.stderr:  # stderr is line-buffered: each line arrives when it is written
            copy.write(line)
            if " files " in line:
                first = first or time.monotonic() - started
                if f"{FILES:,}/{FILES:,} files" in line:
                    parsed = time.monotonic() - started
        returncode = run.wait(timeout=60)
    assert returncode == 0, log.read_text()
    ended = time.monotonic() - started
    assert 0 < first <= parsed < ended, (first, parsed, ended)
    return first, parsed, ended


def _served_version(index_dir: Path, context: str) -> str:
    """The version the index serves, after checking it serves exactly one complete generation of the folder."""
    snapshot = Searcher(index_dir).snapshot()
    assert snapshot.document_count() == FILES, f"{context}: {snapshot.document_count()} documents, not {FILES}"
    found = {v: {h.document.id for h in snapshot.search(v, limit=FILES + 10, snippets=False)} for v in VERSIONS}
    sizes = {v: len(ids) for v, ids in found.items()}
    complete = [v for v in VERSIONS if sizes[v] == FILES]
    assert len(complete) == 1 and sum(sizes.values()) == FILES, f"{context}: search finds a mix of versions {sizes}"
    version = complete[0]
    documents = snapshot.list_documents(limit=FILES + 10)
    assert len(documents) == FILES, context
    for doc in documents:
        text = snapshot.text(doc.id) or ""
        assert version in text and _other(version) not in text, f"{context}: {doc.id} has text {text[:80]!r}"
    return version


def test_sigkill_at_random_moments_always_leaves_the_last_complete_generation(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    rng = random.Random(SEED)
    tag = f"(seed {SEED}; rerun with KILL_TEST_SEED={SEED})"

    _write_version(docs, VERSIONS[0])
    assert run_cli(docs, "--index", index_dir, "--no-embeddings", "-q").returncode == 0
    _write_version(docs, VERSIONS[1])
    first, parsed, ended = _timeline(docs, index_dir, tmp_path / "timed.log")  # updates every file, as runs below do
    served = _served_version(index_dir, f"after the timed run {tag}")
    assert served == VERSIONS[1]

    # Spread the kills over the run: a few in each stretch of it (start-up; parsing; committing, publishing and
    # exiting, and a little beyond), each at a random moment of its share of the stretch. A stretch's moments count
    # from the line that starts it in the run's own stderr, so a slower or faster run still gets them right.
    stretches = [(START, 0.0, first, 6), (PROGRESS, first, parsed, 7), (ALL_PARSED, parsed, ended * 1.05, 7)]
    plan = [(anchor, (k + rng.random()) * (end - start) / n) for anchor, start, end, n in stretches for k in range(n)]
    assert len(plan) == KILLS
    rng.shuffle(plan)
    timeline = f"timed run: first progress line at {first:.2f} s, all parsed at {parsed:.2f} s, exit at {ended:.2f} s"

    kills: list[Kill] = []
    try:
        for number, (anchor, offset) in enumerate(plan, 1):
            written = _other(served)
            _write_version(docs, written)
            log = tmp_path / f"run-{number:02}.log"
            run = _start(docs, index_dir, log)
            kill = Kill(number, f"{offset:.2f} s after {anchor}", run.pid, before=served, written=written)
            kills.append(kill)
            where = f"kill {number}, {kill.moment} ({timeline}) {tag}"
            if anchor != START:
                _wait_for_line(run, log, ANCHORS[anchor])
            try:
                run.wait(timeout=offset)
            except subprocess.TimeoutExpired:
                os.kill(run.pid, signal.SIGKILL)  # a run that has just exited is not reaped yet: this is harmless
            returncode = run.wait(timeout=30)
            output = log.read_text(errors="replace")
            if returncode == -signal.SIGKILL:
                left_behind = any(index_dir.glob(f"{storage.TMP_PREFIX}*-{run.pid}"))
                kill.phase = _phase(output, left_behind)
            else:
                kill.phase = "finished before the kill"
                assert returncode == 0, f"{where}: the run failed on its own (exit status {returncode}):\n{output}"
            where += f", {kill.phase}"

            kill.after = _served_version(index_dir, where)
            assert kill.after in (served, written), where
            if kill.phase == "finished before the kill":
                assert kill.after == written, where
            served = kill.after

        deadline = time.monotonic() + WORKERS_GONE_SECONDS
        for kill in kills:
            assert _gone_by(kill.pgid, deadline), (
                f"worker processes of kill {kill.number} ({kill.moment}, {kill.phase}) are still running "
                f"{WORKERS_GONE_SECONDS:.0f} s after the last kill {tag}:\n{_group_listing(kill.pgid)}"
            )
    finally:
        for kill in kills:
            if _group_alive(kill.pgid):
                os.killpg(kill.pgid, signal.SIGKILL)

    summary = (
        timeline + "\n" + "\n".join(f"  {k.number:2}, {k.moment}: {k.phase}: {k.before} -> {k.after}" for k in kills)
    )
    killed_before_publishing = [k for k in kills if k.after == k.before]
    assert len(killed_before_publishing) >= KILLS // 2, f"most kills should land before publishing {tag}:\n{summary}"
    phases = {k.phase for k in kills}
    assert "parsing" in phases and len(phases) >= 3, f"kills landed in too few phases {tag}:\n{summary}"

    # A normal run afterwards recovers: it succeeds, cleans up what the killed runs left, and serves the newest version.
    newest = _other(served)
    _write_version(docs, newest)
    final = run_cli(docs, "--index", index_dir, "--no-embeddings")
    assert final.returncode == 0, f"the run after the kills failed {tag}:\n{summary}\n{final.stderr}"
    assert "Traceback" not in final.stderr
    assert "indexed into" in final.stderr
    assert _served_version(index_dir, f"after the final run {tag}") == newest
    names = sorted(p.name for p in index_dir.iterdir())
    generations = [n for n in names if n.startswith(storage.GEN_PREFIX)]
    assert set(names) - set(generations) == {storage.CURRENT, storage.LOCK}, names
    assert 1 <= len(generations) <= storage.KEEP_GENERATIONS, names


def test_run_killed_between_publishing_its_generation_and_switching_current_is_recovered(tmp_path: Path) -> None:
    """publish() renames tmp-N to gen-N, then replaces CURRENT: a kill in between leaves a complete gen-N that
    CURRENT does not name yet (and CURRENT.tmp naming it). Readers must keep the previous generation, and the next
    run must not trip over gen-N. The state is made by a real run into a copy of the index, then moved in place."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "page.md", f"# Page\n\nThis page is the {VERSIONS[0]}.\n")
    assert run_cli(docs, "--index", index_dir, "--no-embeddings").returncode == 0
    current = storage.current_generation(index_dir)
    assert current is not None
    write(docs, "page.md", f"# Page\n\nThis page is the {VERSIONS[1]}.\n")
    ahead = shutil.copytree(index_dir, tmp_path / "ahead")
    assert run_cli(docs, "--index", ahead, "--no-embeddings").returncode == 0
    orphan = storage.current_generation(ahead)
    assert orphan is not None and orphan.name != current.name
    shutil.copytree(orphan, index_dir / orphan.name)  # renamed into place ...
    (index_dir / f"{storage.CURRENT}.tmp").write_text(orphan.name + "\n")  # ... pointer written, not yet switched

    snapshot = Searcher(index_dir).snapshot()
    assert snapshot.folder == current
    assert [h.document.id for h in snapshot.search(VERSIONS[0])] == ["page.md"]

    write(docs, "other.md", "# Other\n\nA page added after the crash.\n")
    result = run_cli(docs, "--index", index_dir, "--no-embeddings")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    snapshot = Searcher(index_dir).snapshot()
    assert [h.document.id for h in snapshot.search(VERSIONS[1])] == ["page.md"]
    assert [h.document.id for h in snapshot.search("crash")] == ["other.md"]
    assert list(index_dir.glob(f"{storage.TMP_PREFIX}*")) == []


def test_workers_exit_when_the_run_is_killed_while_behind_on_their_results(tmp_path: Path) -> None:
    """The single writer can fall behind its workers: they finish every file while it still has results to read.
    Stopping the run (SIGSTOP) makes that certain; then it is killed. Its workers must still exit."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    for n in range(300):  # five batches of 64 files: all of them fit in the job queue at once
        write(docs, f"page{n:03}.md", f"# Page {n}\n\nThis page is the {VERSIONS[0]} of page {n}.\n\n{FILLER}")
    log = tmp_path / "run.log"
    run = _start(docs, index_dir, log, "--workers", "2")
    try:
        _wait_for(lambda: "files" in log.read_text(errors="replace"), "the run to report progress")
        os.kill(run.pid, signal.SIGSTOP)
        _wait_until_idle(run.pid)  # the workers finish their files; their results wait in the pipe for the run
        os.kill(run.pid, signal.SIGKILL)
        assert run.wait(timeout=30) == -signal.SIGKILL
        assert _gone_by(run.pid, time.monotonic() + WORKERS_GONE_SECONDS), (
            f"the killed run's worker processes are still running {WORKERS_GONE_SECONDS:.0f} s later:\n"
            f"{_group_listing(run.pid)}"
        )
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        if _group_alive(run.pid):
            os.killpg(run.pid, signal.SIGKILL)
    assert storage.current_generation(index_dir) is None
    result = run_cli(docs, "--index", index_dir, "--no-embeddings", "-q")
    assert result.returncode == 0, result.stderr
    assert len(Searcher(index_dir).snapshot().search(VERSIONS[0], limit=400)) == 300
