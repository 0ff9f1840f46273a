"""One indexing worker process: it takes batches of jobs, runs them, adds what they give to its own segment, and
sends back each batch's outcomes, then, at the end, its segments.

It tells the run, through a small array in shared memory, what it is doing and by when it should be done: the
deadline of its current step, and the batch and position of the file it is on (IDLE between batches). The run
(pool.py) reads it to find a worker that is stuck, and, when a worker dies, the file it was on.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from indexer.ingest.jobs import Failed, Indexed, Job, Outcome, run_job
from indexer.store.docstore import Stamp
from indexer.store.passage_index import SegmentBuilder

PARENT_CHECK_SECONDS = 1.0  # how often a worker checks that the run that started it is still alive
# A worker that misses the deadline of its current step is taken for stuck (only with a time limit, --parse-timeout):
STUCK_GRACE = 2.0  # reading and parsing one file: the time limit plus this (the limit's own timer ends it first)
ADD_SECONDS_PER_CHAR = 1e-5  # adding its passages to the segment: as long again, plus a second per 100,000 characters
ROLL_SECONDS = 600.0  # writing out a full segment (millions of postings)
START_SECONDS = 60.0  # starting up
IDLE = -1.0  # the batch number of a worker between batches


def added(outcome: Outcome, add: Callable[[Indexed], None]) -> Outcome:
    """Add an indexed file's passages with `add`; a failure there is that file's failure (Failed, marked
    partial: some of its passages may already be in the segment, for the writer to drop)."""
    if not isinstance(outcome, Indexed):
        return outcome
    try:
        add(outcome)
    except Exception as exc:
        record = outcome.record
        reason = f"could not be indexed ({type(exc).__name__}: {exc})"[:300]
        return Failed(record.id, Stamp(record.size, record.mtime_ns), reason, partial=True, includes=record.includes)
    return outcome


def _exit_with_parent() -> None:
    """Leave the moment the parent run is gone. A worker that has finished its jobs can otherwise wait forever at
    exit, blocked writing results into a pipe that nobody reads any more."""
    parent = multiprocessing.parent_process()
    while parent is None or parent.is_alive():
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def work(folder: Path, inbox: Any, outbox: Connection, state: Any, limit: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked by _Crew._start until now
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()
    # The segment's postings grow to millions of objects, which Python's cyclic collector would scan over and
    # over (a tenth of a worker's time). It runs once per batch instead, for that batch's garbage only: what
    # survives a batch is frozen, out of later collections' way.
    gc.disable()
    step = limit + STUCK_GRACE

    def rolling() -> None:
        state[1] = IDLE  # a long step that is no file's fault
        state[0] = time.monotonic() + ROLL_SECONDS

    def add(outcome: Indexed) -> None:
        state[0] = time.monotonic() + step + len(outcome.record.text) * ADD_SECONDS_PER_CHAR
        builder.add(outcome.record)

    try:
        builder = SegmentBuilder(folder, before_roll=rolling)
        state[0] = time.monotonic() + step
        while (item := _next_batch(inbox)) is not None:
            number, batch = item
            outcomes = []
            for position, job in enumerate(batch):
                state[0] = time.monotonic() + step
                state[2] = position
                state[1] = number
                outcomes.append(added(run_job(job), add))
            state[1] = IDLE
            outbox.send(("outcomes", (number, outcomes)))
            state[0] = time.monotonic() + step  # by when it should be on the next batch, if one waits
            del outcomes
            gc.collect()
            gc.freeze()
        outbox.send(("segments", builder.finish()))
    except Exception as exc:  # reported to the parent, which stops the run cleanly
        outbox.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    # Done: once the segments are sent, leave without tearing down the heap object by object (the segment's
    # postings, millions of them: half a second the run would wait for at its very end).
    outbox.close()
    os._exit(0)


def _next_batch(inbox: Any) -> tuple[int, list[Job]] | None:
    """The next batch of jobs, None at the end. Exits at once when the parent run is gone (killed):
    nothing else would ever stop a worker waiting on a queue that no one feeds any more."""
    parent = multiprocessing.parent_process()
    while parent is None or parent.is_alive():
        try:
            item: tuple[int, list[Job]] | None = inbox.get(timeout=PARENT_CHECK_SECONDS)
            return item
        except queue.Empty:
            continue
    os._exit(1)
