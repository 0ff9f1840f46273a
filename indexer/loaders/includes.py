"""Files that a document pulls into itself (mdBook's `{{#include}}`, Sphinx's `include` and `literalinclude`): read
for the loaders, safely, and remembered so that the document is read again when one of them changes.

The run opens a reading() context around each document's loader. Inside it, included_text() reads a file named
relative to the including file (or, starting with "/", to the documents folder, as Sphinx reads it):
- only inside the documents folder: a path that leaves it, or a link out of it (unless links may be followed),
  is refused;
- a regular file of at most the size limit, all of a document's includes together too, at most MAX_DEPTH
  includes deep (a file that includes itself stops there) and MAX_INCLUDES in all (a file that includes itself
  twice, ten deep, would be read a thousand times; ten times, ten billion);
- every file named is remembered (`files`), for the next run to tell whether it changed: one read, or too large
  to read, by its size and mtime; one missing as MISSING; one there but not readable (a folder, a FIFO, a file
  without read permission) as UNREADABLE with its mtime (see stamp_now()).
What cannot be read leaves a warning for the document, and the directive is dropped. Outside a context (a loader
called on its own, with no run to say where the documents folder is) nothing is read and the directive is
dropped.

Whether callers of the document may see what it includes is the run's to check (jobs.py), as the access file is.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from indexer.errors import LoaderError
from indexer.loaders.textcodec import decode_text

__all__ = [
    "MAX_DEPTH",
    "MAX_INCLUDES",
    "MISSING",
    "UNREADABLE",
    "Reading",
    "deeper",
    "included_text",
    "reading",
    "reading_folder",
    "stamp_now",
    "warn",
]

MAX_DEPTH = 10  # includes within includes (mdBook stops at 10 too)
MAX_INCLUDES = 2_000  # files read for one document (a page of the Rust book reads at most 30)
MISSING = (-1, -1)  # the size and mtime remembered of a file named but not there
UNREADABLE = -2  # the size remembered (with its mtime) of a file named that is there but cannot be read


@dataclass
class Reading:
    """One document's includes: where they may come from, and what was read."""

    folder: str  # the documents folder's real path
    max_size: int  # bytes, of one file and of all of them together
    follow_symlinks: bool = False
    files: dict[str, tuple[int, int]] = field(default_factory=dict)  # path in the folder -> stamp_now()'s stamp
    included: set[str] = field(default_factory=set)  # of `files`, those whose text was put in place
    warnings: list[str] = field(default_factory=list)
    depth: int = 0
    total: int = 0  # bytes read so far
    count: int = 0  # includes read so far

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)


_READING: ContextVar[Reading | None] = ContextVar("reading", default=None)


@contextlib.contextmanager
def reading(folder: str | Path, max_size: int, follow_symlinks: bool = False) -> Iterator[Reading]:
    """Let the loaders called inside read the files their documents include (see the module docstring)."""
    state = Reading(os.path.realpath(folder), max_size, follow_symlinks)
    token = _READING.set(state)
    try:
        yield state
    finally:
        _READING.reset(token)


@contextlib.contextmanager
def deeper() -> Iterator[None]:
    """Around the expansion of an included file's own includes: one level deeper (included_text() refuses past
    MAX_DEPTH)."""
    state = _READING.get()
    if state is not None:
        state.depth += 1
    try:
        yield
    finally:
        if state is not None:
            state.depth -= 1


def reading_folder() -> str | None:
    """The real path of the documents folder whose document is being read; None outside a reading() context."""
    state = _READING.get()
    return None if state is None else state.folder


def warn(message: str) -> None:
    """A warning for the document being read (dropped outside a reading() context)."""
    state = _READING.get()
    if state is not None:
        state.warn(message)


def included_text(including: Path, target: str, relative_to_folder: bool = False) -> str | None:
    """The text of the file `target` names, relative to the file `including` (or, with `relative_to_folder`, to
    the folder `including`), or None (with a warning) when it is not read."""
    state = _READING.get()
    shown = target if len(target) <= 120 else target[:117] + "..."
    if state is None:
        return None
    if state.depth >= MAX_DEPTH:
        state.warn(f"includes nested more than {MAX_DEPTH} deep (a file that includes itself?): {shown} left out")
        return None
    if state.count >= MAX_INCLUDES:
        state.warn(f"more than {MAX_INCLUDES:,} includes (a file that includes itself?): the rest left out")
        return None
    state.count += 1
    relative = _in_folder(state, including / "_" if relative_to_folder else including, target)
    if relative is None:
        state.warn(f"{shown} is outside the documents folder: not included (index the folder that holds both)")
        return None
    path = os.path.join(state.folder, relative)
    try:
        data, size, mtime_ns = _read(path, state.max_size - state.total, state)
    except FileNotFoundError:
        state.files[relative] = MISSING
        state.warn(f"included file {shown} does not exist")
        return None
    except (OSError, LoaderError) as exc:
        state.files[relative] = stamp_now(path)  # so that the page is read again once the file is mended
        reason = exc.reason if isinstance(exc, LoaderError) else (exc.strerror or str(exc))
        state.warn(f"included file {shown} cannot be read: {reason}")
        return None
    state.files[relative] = (size, mtime_ns)
    state.total += len(data)
    try:
        text = decode_text(data)
    except LoaderError as exc:
        state.warn(f"included file {shown} cannot be read: {exc.reason}")
        return None
    state.included.add(relative)
    return text


def stamp_now(path: str | Path) -> tuple[int, int]:
    """What a run remembers of a file that a document names, as it is now: a regular file that may be read, its
    size and mtime; anything else there (a folder, a FIFO, a file without read permission), UNREADABLE and its
    mtime (mending a permission changes no size or mtime); nothing there, MISSING. Any change to the file that
    could change what the document holds changes it, and a file read is remembered as it was read."""
    try:
        info = os.stat(path)
    except OSError:
        return MISSING
    if not stat.S_ISREG(info.st_mode) or not os.access(path, os.R_OK):
        return UNREADABLE, info.st_mtime_ns
    return info.st_size, info.st_mtime_ns


def _in_folder(state: Reading, including: Path, target: str) -> str | None:
    """The path of `target` in the documents folder ("/" between names), or None when it lies outside."""
    if not target or "\x00" in target:
        return None
    base = state.folder if target.startswith("/") else os.path.dirname(os.path.realpath(including))
    joined = os.path.normpath(os.path.join(base, target.lstrip("/")))
    real = joined if state.follow_symlinks else os.path.realpath(joined)
    root = state.folder.rstrip(os.sep) + os.sep
    if not real.startswith(root) or not joined.startswith(root):
        return None
    return os.path.relpath(joined, state.folder).replace(os.sep, "/")


def _read(path: str, budget: int, state: Reading) -> tuple[bytes, int, int]:
    """A regular file's bytes, size and mtime; no more than `budget` bytes (what is left of the size limit)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LoaderError("not a regular file")
        if info.st_size > budget:
            limit = state.max_size / 1e6
            raise LoaderError(f"the document's includes together pass the size limit ({limit:g} MB)")
        data = f.read(budget + 1)
    if len(data) > budget:
        raise LoaderError("the file grew past the size limit while being read")
    return data, info.st_size, info.st_mtime_ns
