"""One file's trip through the pipeline: read, hash, parse, then make its record (records.py). Runs in any process."""

from __future__ import annotations

import _weakrefset
import contextlib
import errno
import gc
import hashlib
import logging
import os
import signal
import stat
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path, PurePosixPath
from types import FrameType
from typing import Any

from indexer.errors import LoaderError, NotAPage
from indexer.ingest.access import AccessRules
from indexer.ingest.hugobuild import unrendered
from indexer.ingest.records import make_record
from indexer.ingest.scanner import inside
from indexer.ingest.zola import unrendered as zola_unrendered
from indexer.loaders import HEAD_BYTES, loader_for
from indexer.loaders.includes import Reading, reading
from indexer.model import ParsedDoc
from indexer.store.docstore import DocRecord, Stamp

log = logging.getLogger(__name__)

_RETRY_SECONDS = 0.05  # the time limit's timer, again, while a block that outlived it still runs


@dataclass(frozen=True)
class Job:
    id: str
    path: str
    stamp: Stamp  # size and mtime from the scan; sha256 of the indexed version, "" when new
    max_size: int
    time_limit: float = 0.0  # seconds one file may take to parse; 0 = no limit
    file_groups: tuple[str, ...] = ()  # the access file's groups for this path
    root: str = ""  # the folder's real path: the file must resolve inside it; "" when links may leave it
    folder: str = ""  # the documents folder, where the files a document includes are read from ("": none read)
    rules: AccessRules = field(default_factory=AccessRules)  # the access file, for the groups of included files
    drafts: str = ""  # who publishes no page of it as a draft (front matter `draft: true`): Site.drafts_of
    includes_from: str = ""  # the folder above `folder` that included files may come from too (--includes-from)
    nav_title: str = ""  # the title the site's navigation gives the page, for when it names none itself
    named_after: str = ""  # else the name it is titled by, when not its file's (Site.page_name: its folder's)
    generator: str = ""  # the site's generator (Site.name), whose syntax loaders read (templates.py)
    read_as: str = ""  # the suffix of the format its site reads it in, when not its own (Django's .txt: ".rst")
    index: str = ""  # the index's folder (--index): inside `folder`, a walk of the pages' folders passes it by


@dataclass(frozen=True)
class Indexed:
    record: DocRecord
    outside: frozenset[str] = frozenset()  # the files it includes that were refused as outside (Reading.outside_paths)

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
    partial: bool = False  # some of its passages were added before it failed: the writer drops them
    by_design: bool = False  # no fault of the file: the site publishes no page for it (a draft)
    includes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # what it included, or named, before it
    # failed (as DocRecord.includes): a change to one of them reads it again (what was missing may be there now)
    outside: frozenset[str] = frozenset()  # as Indexed.outside: a page whose one include was refused has no text


Outcome = Indexed | Unchanged | Failed


def run_job(job: Job) -> Outcome:
    """Never raises for a bad file: whatever goes wrong with it (reading, parsing, cleaning) becomes a Failed
    outcome with a reason. The time limit covers reading the file as well as parsing it."""
    stamp = Stamp(job.stamp.size, job.stamp.mtime_ns)
    read: Reading | None = None
    by_design = False
    try:
        with _time_limit(job.time_limit):
            data = _read(job)
            stamp = Stamp(len(data), job.stamp.mtime_ns, hashlib.sha256(data).hexdigest())
            if stamp.sha256 == job.stamp.sha256:
                return Unchanged(job.id, stamp)
            parsed, read, unbuilt = _parse(job, data)
            if read is not None and any(job.rules.groups_for(path) for path in read.titled):
                parsed, read, unbuilt = _parse(job, data, titles=False)  # a title some of its callers may not see
        if job.drafts and is_draft(parsed.front_matter):
            unbuilt = f"a draft (front matter draft: true), which {job.drafts} does not publish"
        if unbuilt:
            return Failed(job.id, stamp, unbuilt, by_design=True, includes=dict(read.files) if read else {})
        if read is not None and read.warnings:
            parsed = replace(parsed, warnings=(*parsed.warnings, *read.warnings))
        try:
            files_read = read.files if read else None
            record = make_record(
                job.id, job.path, stamp, parsed, job.file_groups, files_read, job.nav_title, job.named_after
            )
        except LoaderError as exc:  # "no text": say why, when an include that was its text could not be read
            why = next((w for w in read.warnings if w not in read.site_wide), "") if read else ""  # (not the site's)
            raise LoaderError(f"{exc.reason} ({why})" if why else exc.reason) from None
        _check_includes(record, job.rules, read.included if read else set())
        return Indexed(record, frozenset(read.outside_paths) if read else frozenset())
    except _TimedOut:
        reason = f"took longer than {job.time_limit:g} s to parse (--parse-timeout)"
    except LoaderError as exc:  # NotAPage: no fault of the file's, as a page the site does not publish
        reason, by_design = exc.reason, isinstance(exc, NotAPage)
    except OSError as exc:
        reason = _os_reason(exc)
    except Exception as exc:  # a loader bug, a library failure, memory: this file's failure, not the run's
        log.debug("indexing %s failed", job.id, exc_info=True)
        reason = f"could not be indexed ({type(exc).__name__}: {exc})"[:300]
    includes = dict(read.files) if read else {}
    outside = frozenset(read.outside_paths) if read and not by_design else frozenset()  # (a page not published)
    return Failed(job.id, stamp, reason, by_design=by_design, includes=includes, outside=outside)


def is_draft(front_matter: Mapping[str, Any]) -> bool:
    """Whether front matter marks a draft, as Hugo and Docusaurus read it: `draft: true` (or the text 'true')."""
    draft = front_matter.get("draft")
    return draft is True or (isinstance(draft, str) and draft.strip().lower() == "true")


def _check_includes(record: DocRecord, rules: AccessRules, included: set[str]) -> None:
    """LoaderError when a document includes a file (`included`: those whose text it holds) that the access file
    shows to fewer callers than may see the document: its text would reach callers who may not read that file."""
    for path in record.includes:
        groups = rules.groups_for(path) if path in included else ()
        if groups and not (record.access and set(record.access) <= set(groups)):
            raise LoaderError(
                f"includes {path}, which the access file shows only to {', '.join(groups)}: give this document "
                "the same access (front matter or access file), or include another file"
            )


def _parse(job: Job, data: bytes, titles: bool = True) -> tuple[ParsedDoc, Reading | None, str | None]:
    """The document read, what it read of other files (None when none may be read), and why Hugo or Zola renders
    no page of it, on such a site (hugobuild.py, zola.py; None when it renders one)."""
    if not job.folder:
        return _load(job, data), None, None
    with reading(job.folder, job.max_size, not job.root, job.includes_from, titles, job.generator, job.index) as read:
        parsed = _load(job, data)
        if job.drafts == "zola":
            return parsed, read, zola_unrendered(Path(job.path), job.id, parsed.front_matter)
        return parsed, read, unrendered(Path(job.path), parsed.front_matter) if job.drafts == "hugo" else None


def _load(job: Job, data: bytes) -> ParsedDoc:
    name = PurePosixPath(job.id)
    loader = loader_for(name.with_suffix(job.read_as) if job.read_as else name, data[:HEAD_BYTES])
    if loader is None:
        raise LoaderError("no loader for this file type")
    return loader.load(Path(job.path), data)


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

    def expire(signum: int, frame: FrameType | None) -> None:
        # An exception raised where Python cannot pass it on (a garbage collector callback, a __del__, a weak
        # reference's callback) is printed and dropped, and with it the time limit: so the timer fires again soon,
        # until the block is left, and raises only outside such a callback.
        signal.setitimer(signal.ITIMER_REAL, _RETRY_SECONDS)
        if not _in_callback(frame):
            raise _TimedOut

    previous, hook = signal.signal(signal.SIGALRM, expire), sys.unraisablehook
    sys.unraisablehook = partial(_unless_timed_out, hook)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = hook


def _unless_timed_out(hook: Callable[[Any], object], unraisable: Any) -> None:
    """Python's hook for an exception it cannot pass on (sys.unraisablehook), but for the time limit's, which
    it drops where _in_callback() did not know the code for a callback: a weak reference's callback is a function
    of any module (`weakref.ref(obj, on_death)`), and Python printed the dropped exception (pytest made it an
    error). The callback is cut short, as any code the limit interrupts; the timer, set again, ends the block."""
    if not isinstance(unraisable.exc_value, _TimedOut):
        hook(unraisable)


_WEAKREF_FILES = frozenset({weakref.__file__, _weakrefset.__file__})  # where weak references' callbacks run


def _in_callback(frame: FrameType | None) -> bool:
    """Whether the signal came while Python ran code whose exceptions it cannot pass on: a garbage collector
    callback (some libraries install one), a `__del__`, or a weak reference's callback (a WeakKeyDictionary's
    entry removed as its key dies, a weakref.finalize), all of which run in weakref.py, or a WeakSet's, in
    _weakrefset.py."""
    codes = {getattr(callback, "__code__", None) for callback in gc.callbacks}
    while frame is not None:
        code = frame.f_code
        if code in codes or code.co_name == "__del__" or code.co_filename in _WEAKREF_FILES:
            return True
        frame = frame.f_back
    return False


def _read(job: Job) -> bytes:
    """The file's bytes. Opened without blocking and checked to be a regular file once open (a file replaced by
    a FIFO or a device after the scan would block or never end); inside the folder unless links may leave it."""
    if job.root and not inside(os.path.realpath(job.path), job.root):
        raise LoaderError("symbolic link points outside the folder (--follow-symlinks to index it)")
    fd = os.open(job.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LoaderError("not a regular file (a FIFO, socket or device)")
        # A read of the limit would allocate the limit (50 MB by default) for every file: read what the file
        # holds, and on up to the limit only if it grew in the meantime.
        data = f.read(min(info.st_size, job.max_size) + 1)
        if len(data) > info.st_size:
            data += f.read(job.max_size + 1 - len(data))
    if len(data) > job.max_size:
        raise OSError(errno.EFBIG, "file grew past the size limit while being read")
    return data


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.EACCES:
        return "permission denied"
    if exc.errno == errno.ENOENT:
        return "file disappeared before it could be read"
    return f"cannot be read: {exc.strerror or exc}"
