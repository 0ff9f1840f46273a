"""Running jobs across worker processes, each of which parses its files and builds a Whoosh segment.

Outcomes come back to the caller (the single writer) as they finish; the segments come back at the end.
Few files are run in the caller's own process: starting processes would cost more than it saves.

A worker that dies (killed, out of memory, a crash in a library) or that stays on one file past the time
limit (stuck where the timer cannot reach: a C library's loop) costs the run only that file: the file it was
on is reported failed with the reason, a new worker takes its place, and the files whose passages were lost
with its unfinished segment are indexed again by the others. Each worker has its own pipes, so a death
mid-message never blocks the rest, and every path out of the run stops every worker.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from indexer.errors import IndexWriteError
from indexer.ingest.jobs import Failed, Indexed, Job, Outcome, run_job
from indexer.ingest.worker import IDLE, START_SECONDS, STUCK_GRACE, added, work

log = logging.getLogger(__name__)

BATCH_BYTES = 1_000_000  # a worker takes files in batches of about this many bytes
BATCH_FILES = 64
AHEAD = 2  # batches handed to a worker before it reports on the first
INLINE_BELOW = 32  # fewer jobs than this run in the caller's process

MAX_RETRIES = 2  # times a file is indexed again after a worker died with its passages


class JobRunner:
    """Iterate over it for outcomes; afterwards `segments` holds the segments the workers built."""

    def __init__(self, jobs: list[Job], folder: Path, workers: int, add_inline: Callable[[Indexed], None]) -> None:
        self._jobs = jobs
        self._folder = folder
        self._workers = max(1, min(workers, len(jobs) // 8 or 1))
        self._add_inline = add_inline
        self.segments: list[Any] = []

    def __iter__(self) -> Generator[Outcome, None, None]:
        if len(self._jobs) < INLINE_BELOW or (self._workers == 1 and len(self._jobs) < 4 * INLINE_BELOW):
            for job in self._jobs:
                yield added(run_job(job), self._add_inline)
            return
        limit = max((job.time_limit for job in self._jobs), default=0.0)
        crew = _Crew(self._folder, self._workers, self.segments, limit)
        try:
            yield from crew.run(self._jobs)
        finally:
            crew.stop()


@dataclass
class _Worker:
    process: Any
    inbox: Any  # a multiprocessing Queue of batches, None at the end
    outbox: Connection  # the worker's messages
    state: Any  # shared doubles: deadline of its current step, batch number, position in it (IDLE between batches)
    sent: dict[int, list[Job]] = field(default_factory=dict)  # batches handed over, not reported yet
    kept: list[Job] = field(default_factory=list)  # files it indexed, whose passages are in its unfinished segment
    ending: bool = False  # told that no more work comes
    gone: bool = False  # its pipe closed: it died


class _Crew:
    """The worker processes of one run, and what each one holds."""

    def __init__(self, folder: Path, size: int, segments: list[Any], limit: float) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._folder = folder
        self._limit = limit  # seconds one file may take to read and parse; 0: no limit, no watch for stuck workers
        self._segments = segments
        self._workers: list[_Worker] = [self._start() for _ in range(size)]
        self._todo: deque[list[Job]] = deque()
        self._retries: dict[str, int] = {}
        self._replaced = 0
        self._max_replacements = 2 * size + 8
        self._next_batch = 0

    def _start(self) -> _Worker:
        inbox = self._ctx.Queue()
        inbox.cancel_join_thread()  # never wait at exit to hand batches to a worker that is gone
        reader, writer = self._ctx.Pipe(duplex=False)
        state = self._ctx.RawArray("d", [time.monotonic() + START_SECONDS, IDLE, 0.0])
        process = self._ctx.Process(target=work, args=(self._folder, inbox, writer, state, self._limit), daemon=True)
        # Ctrl-C is the run's to handle: the new process starts with it blocked (and then ignores it), so one that
        # comes while it starts up prints no traceback; here it waits until the process is started.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        writer.close()  # the worker's copy is the only one left: its end means the worker is gone
        return _Worker(process, inbox, reader, state)

    def run(self, jobs: list[Job]) -> Iterator[Outcome]:
        fresh = _batches(jobs)
        while self._workers:
            self._hand_out(fresh)
            ready = wait([w.outbox for w in self._workers], timeout=0.5)
            for worker in [w for w in self._workers if w.outbox in ready]:
                yield from self._receive(worker)
            yield from self._check()

    def _hand_out(self, fresh: Iterator[list[Job]]) -> None:
        """Keep every worker AHEAD batches ahead; tell each that no more comes once everything is handed out and
        reported on."""
        for worker in self._workers:
            while not worker.ending and len(worker.sent) < AHEAD:
                batch = self._todo.popleft() if self._todo else next(fresh, None)
                if batch is None:
                    break
                if not worker.sent:  # it may have waited idle past its deadline: it has from now on
                    worker.state[0] = max(worker.state[0], time.monotonic() + self._limit + STUCK_GRACE)
                self._next_batch += 1
                worker.sent[self._next_batch] = batch
                worker.inbox.put((self._next_batch, batch))
        if self._todo or any(w.sent for w in self._workers):
            return
        for worker in self._workers:
            if not worker.ending:  # it asked for a batch above and got none: there is no more
                worker.ending = True
                worker.inbox.put(None)

    def _receive(self, worker: _Worker) -> Iterator[Outcome]:
        try:
            kind, payload = worker.outbox.recv()
        except (EOFError, OSError):  # its end of the pipe closed: the worker is gone, perhaps mid-message
            worker.gone = True
            return
        if kind == "outcomes":
            number, outcomes = payload
            jobs = {job.id: job for job in worker.sent.pop(number, [])}
            worker.kept.extend(jobs[o.id] for o in outcomes if isinstance(o, Indexed) and o.id in jobs)
            yield from outcomes
        elif kind == "segments":
            self._segments.extend(payload)
            self._workers.remove(worker)
            worker.process.join(timeout=5)
        else:
            raise IndexWriteError(f"an indexing worker failed: {payload}")

    def _check(self) -> Iterator[Outcome]:
        """Replace the workers that died, or that missed their step's deadline with work waiting; report the file
        each was on."""
        now = time.monotonic()
        for worker in list(self._workers):
            deadline, number, position = worker.state[:]
            stuck = self._limit > 0 and bool(worker.sent) and now > deadline
            if stuck:
                worker.process.kill()
            elif not worker.gone and (worker.process.is_alive() or worker.outbox.poll()):
                continue  # alive, or dead with messages still to read
            worker.process.join(timeout=5)
            culprit = self._culprit(worker, number, position)
            if not stuck:
                cause = _death(worker.process)
            elif culprit is not None:
                cause = f"took longer than {self._limit:g} s to parse (--parse-timeout)"
            else:
                cause = "stopped answering"
            yield from self._replace(worker, culprit, cause, stuck)

    @staticmethod
    def _culprit(worker: _Worker, number: float, position: float) -> Job | None:
        """The file a worker was on when it died, if it was on one."""
        batch = worker.sent.get(int(number)) if number != IDLE else None
        return batch[int(position)] if batch and int(position) < len(batch) else None

    def _replace(self, worker: _Worker, culprit: Job | None, cause: str, stuck: bool) -> Iterator[Outcome]:
        """Report or retry what a dead or stuck worker held, and start another in its place."""
        self._workers.remove(worker)
        _close(worker)
        again = [j for batch in worker.sent.values() for j in batch if j is not culprit] + worker.kept
        log.warning("an indexing process %s; %d file(s) are indexed again", cause, len(again))
        if culprit is not None:
            if stuck:
                yield Failed(culprit.id, culprit.stamp, f"{cause}; its indexing process was stopped")
            elif self._retry(culprit, limit=1):
                self._todo.append([culprit])  # alone: if it kills a worker again, it is the cause
            else:
                yield Failed(culprit.id, culprit.stamp, f"its indexing process {cause} while reading it, twice")
        for job in again:
            if self._retry(job, limit=MAX_RETRIES):
                self._todo.append([job])
            else:
                yield Failed(job.id, job.stamp, f"indexing processes died {MAX_RETRIES + 1} times while it was indexed")
        self._replaced += 1
        if self._replaced > self._max_replacements:
            raise IndexWriteError(f"indexing processes keep dying (the last one {cause}); the run was stopped")
        self._workers.append(self._start())

    def _retry(self, job: Job, limit: int) -> bool:
        """Count one more try of `job`; whether it may have it."""
        tries = self._retries[job.id] = self._retries.get(job.id, 0) + 1
        return tries <= limit

    def stop(self) -> None:
        """Stop every worker still running (the run ended early, or failed)."""
        for worker in self._workers:
            worker.process.kill()
        for worker in self._workers:
            worker.process.join(timeout=5)
            _close(worker)
        self._workers.clear()


def _close(worker: _Worker) -> None:
    """Let go of a gone worker's pipes (its queue's feeder thread may be blocked writing to it)."""
    worker.outbox.close()
    worker.inbox.close()


def _batches(jobs: list[Job]) -> Iterator[list[Job]]:
    batch: list[Job] = []
    size = 0
    for job in jobs:
        batch.append(job)
        size += job.stamp.size
        if size >= BATCH_BYTES or len(batch) >= BATCH_FILES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _death(process: Any) -> str:
    code = process.exitcode
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        hint = " (out of memory?)" if -code == signal.SIGKILL else ""
        return f"was killed by {name}{hint}"
    return f"exited with status {code}"
