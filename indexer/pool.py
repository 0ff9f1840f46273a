"""Running jobs across worker processes, each of which parses its files and builds a Whoosh segment.

Outcomes come back to the caller (the single writer) as they finish; the segments come back at the end.
Few files are run in the caller's own process: starting processes would cost more than it saves.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from indexer.errors import IndexWriteError
from indexer.jobs import Indexed, Job, Outcome, run_job
from indexer.passage_index import SegmentBuilder

BATCH_BYTES = 1_000_000  # a worker takes files in batches of about this many bytes
INLINE_BELOW = 32  # fewer jobs than this run in the caller's process
PARENT_CHECK_SECONDS = 1.0  # how often a worker checks that the run that started it is still alive


class JobRunner:
    """Iterate over it for outcomes; afterwards `segments` holds the segments the workers built."""

    def __init__(self, jobs: list[Job], folder: Path, workers: int, add_inline: Callable[[Indexed], None]) -> None:
        self._jobs = jobs
        self._folder = folder
        self._workers = max(1, min(workers, len(jobs) // 8 or 1))
        self._add_inline = add_inline
        self.segments: list[Any] = []

    def __iter__(self) -> Iterator[Outcome]:
        if len(self._jobs) < INLINE_BELOW or (self._workers == 1 and len(self._jobs) < 4 * INLINE_BELOW):
            for job in self._jobs:
                outcome = run_job(job)
                if isinstance(outcome, Indexed):
                    self._add_inline(outcome)
                yield outcome
            return
        yield from self._run_parallel()

    def _run_parallel(self) -> Iterator[Outcome]:
        ctx = multiprocessing.get_context("spawn")
        jobs_q: Any = ctx.Queue(maxsize=4 * self._workers)
        out_q: Any = ctx.Queue()
        procs = [
            ctx.Process(target=_worker, args=(self._folder, jobs_q, out_q), daemon=True) for _ in range(self._workers)
        ]
        for proc in procs:
            proc.start()
        stop = threading.Event()
        feeder = threading.Thread(target=_feed, args=(self._jobs, jobs_q, len(procs), stop), daemon=True)
        feeder.start()
        finished = 0
        try:
            while finished < len(procs):
                try:
                    kind, payload = out_q.get(timeout=0.5)
                except queue.Empty:
                    _check_alive(procs)
                    continue
                if kind == "outcomes":
                    yield from payload
                elif kind == "segments":
                    finished += 1
                    self.segments.extend(payload)
                else:
                    raise IndexWriteError(f"an indexing worker failed: {payload}")
        finally:
            stop.set()
            for proc in procs:
                proc.join(timeout=5 if finished == len(procs) else 0)
                if proc.is_alive():
                    proc.kill()
            feeder.join(timeout=1)


def _feed(jobs: list[Job], jobs_q: Any, workers: int, stop: threading.Event) -> None:
    batch: list[Job] = []
    size = 0
    for job in jobs:
        batch.append(job)
        size += job.stamp.size
        if size >= BATCH_BYTES or len(batch) >= 64:
            if not _put(jobs_q, batch, stop):
                return
            batch, size = [], 0
    if batch and not _put(jobs_q, batch, stop):
        return
    for _ in range(workers):
        if not _put(jobs_q, None, stop):
            return


def _put(jobs_q: Any, item: Any, stop: threading.Event) -> bool:
    while not stop.is_set():
        try:
            jobs_q.put(item, timeout=0.5)
            return True
        except queue.Full:
            continue
    return False


def _check_alive(procs: list[Any]) -> None:
    for proc in procs:
        if proc.exitcode not in (None, 0):
            raise IndexWriteError(f"an indexing worker process died (exit code {proc.exitcode})")


def _exit_with_parent() -> None:
    """Leave the moment the parent run is gone. A worker that has finished its jobs can otherwise wait forever at
    exit for its queue's feeder thread, blocked writing results into a pipe that nobody reads any more."""
    parent = multiprocessing.parent_process()
    while parent is None or parent.is_alive():
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def _worker(folder: Path, jobs_q: Any, out_q: Any) -> None:
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()
    # The segment's postings grow to millions of objects, which Python's cyclic collector would scan over and
    # over (a tenth of a worker's time). It runs once per batch instead, for that batch's garbage only: what
    # survives a batch is frozen, out of later collections' way.
    gc.disable()
    try:
        builder = SegmentBuilder(folder)
        while (batch := _next_batch(jobs_q)) is not None:
            outcomes = [run_job(job) for job in batch]
            for outcome in outcomes:
                if isinstance(outcome, Indexed):
                    builder.add(outcome.record)
            out_q.put(("outcomes", outcomes))
            del outcomes
            gc.collect()
            gc.freeze()
        out_q.put(("segments", builder.finish()))
    except Exception as exc:  # reported to the parent, which stops the run cleanly
        out_q.put(("error", f"{type(exc).__name__}: {exc}"))
        return
    # Done: once the segments are on their way, leave without tearing down the heap object by object (the
    # segment's postings, millions of them: half a second the run would wait for at its very end).
    out_q.close()
    out_q.join_thread()
    os._exit(0)


def _next_batch(jobs_q: Any) -> list[Job] | None:
    """The next batch of jobs, None at the end. Exits at once when the parent run is gone (killed):
    nothing else would ever stop a worker waiting on a queue that no one feeds any more."""
    parent = multiprocessing.parent_process()
    while parent is None or parent.is_alive():
        try:
            batch: list[Job] | None = jobs_q.get(timeout=PARENT_CHECK_SECONDS)
            return batch
        except queue.Empty:
            continue
    os._exit(1)  # not sys.exit: joining the queues' feeder threads could block on a pipe no one reads
