"""One file's trip through the pipeline: read, hash, parse, cut into passages. Runs in any process."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import logging
import os
import re
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from indexer.access import document_groups
from indexer.docstore import DocRecord, Stamp
from indexer.errors import LoaderError
from indexer.loaders import loader_for
from indexer.passages import assemble

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Job:
    id: str
    path: str
    stamp: Stamp  # size and mtime from the scan; sha256 of the indexed version, "" when new
    max_size: int
    time_limit: float = 0.0  # seconds one file may take to parse; 0 = no limit
    file_groups: tuple[str, ...] = ()  # the access file's groups for this path


@dataclass(frozen=True)
class Indexed:
    record: DocRecord

    @property
    def id(self) -> str:
        return self.record.id


@dataclass(frozen=True)
class Unchanged:
    """Size or mtime changed but the content did not (same hash): nothing to re-index."""

    id: str
    stamp: Stamp


@dataclass(frozen=True)
class Failed:
    id: str
    stamp: Stamp
    reason: str


Outcome = Indexed | Unchanged | Failed


def run_job(job: Job) -> Outcome:
    """Never raises for a bad file: every problem becomes a Failed outcome with a reason."""
    stamp = Stamp(job.stamp.size, job.stamp.mtime_ns)
    try:
        data = _read(Path(job.path), job.max_size)
    except OSError as exc:
        return Failed(job.id, stamp, _os_reason(exc))
    sha256 = hashlib.sha256(data).hexdigest()
    stamp = Stamp(len(data), job.stamp.mtime_ns, sha256)
    if sha256 == job.stamp.sha256:
        return Unchanged(job.id, stamp)
    loader = loader_for(PurePosixPath(job.id))
    if loader is None:
        return Failed(job.id, stamp, "no loader for this file type")
    try:
        with _time_limit(job.time_limit):
            parsed = loader.load(Path(job.path), data)
    except _TimedOut:
        return Failed(job.id, stamp, f"took longer than {job.time_limit:g} s to parse (--parse-timeout)")
    except LoaderError as exc:
        return Failed(job.id, stamp, exc.reason)
    except Exception as exc:  # a loader bug or a library failure must not stop the run
        log.debug("loader failed on %s", job.id, exc_info=True)
        return Failed(job.id, stamp, f"could not be parsed ({type(exc).__name__}: {exc})"[:300])
    text, spans = assemble(parsed.sections)
    title = parsed.title.strip() or _title_from_name(job.id)
    if not text.strip() and parsed.format != "pdf":
        return Failed(job.id, stamp, "no text")
    front = dict(parsed.front_matter)
    try:
        access = document_groups(front, job.file_groups)
    except LoaderError as exc:
        return Failed(job.id, stamp, exc.reason)
    return Indexed(
        DocRecord(
            id=job.id,
            format=parsed.format,
            title=title,
            source=job.path,
            size=stamp.size,
            mtime_ns=stamp.mtime_ns,
            sha256=sha256,
            pages=parsed.pages,
            headings=parsed.headings,
            tags=_strings(front.get("tags")),
            access=access,
            front_matter=front,
            warnings=parsed.warnings,
            text=text,
            spans=tuple(spans),
        )
    )


class _TimedOut(BaseException):
    """A file took longer to parse than its time limit. A BaseException, like KeyboardInterrupt, so that a
    loader's broad `except Exception` around a library call cannot swallow it."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block after `seconds` with _TimedOut, so that no file can hang a run.

    Uses the interval timer, which only the main thread of a process may set; elsewhere (a watch loop in a
    thread of a larger program) the block runs unbounded.
    """
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _TimedOut

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _read(path: Path, max_size: int) -> bytes:
    with path.open("rb") as f:
        # A read of the limit would allocate the limit (50 MB by default) for every file: read what the file
        # holds, and on up to the limit only if it grew in the meantime.
        expected = os.fstat(f.fileno()).st_size
        data = f.read(min(expected, max_size) + 1)
        if len(data) > expected:
            data += f.read(max_size + 1 - len(data))
    if len(data) > max_size:
        raise OSError(errno.EFBIG, "file grew past the size limit while being read")
    return data


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.EACCES:
        return "permission denied"
    if exc.errno == errno.ENOENT:
        return "file disappeared before it could be read"
    return f"cannot be read: {exc.strerror or exc}"


def _title_from_name(doc_id: str) -> str:
    """ "guides/getting_started-v2.md" -> "Getting started v2"."""
    stem = PurePosixPath(doc_id).stem
    words = re.sub(r"[_\-.]+", " ", stem).strip() or stem
    return words[:1].upper() + words[1:]


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple):
        return ()
    return tuple(str(v).strip() for v in value if str(v).strip())
