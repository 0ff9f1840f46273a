"""Files that documents name, on disk (includes.py): where one lies, what a run remembers of it, its bytes.

A run remembers each file a document names by stamp_now()'s stamp, for the next run to tell whether it changed:
a regular file by its size and mtime; one missing as MISSING; one there but not readable (a folder, a FIFO, a file
without read permission) as UNREADABLE with its mtime; one outside where included files may come from as OUTSIDE.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from indexer.errors import LoaderError

__all__ = ["MISSING", "OUTSIDE", "UNREADABLE", "read_file", "stamp_now", "within"]

MISSING = (-1, -1)  # the size and mtime remembered of a file named but not there
UNREADABLE = -2  # the size remembered (with its mtime) of a file named that is there but cannot be read
OUTSIDE = (-3, -3)  # what is remembered of a file named that lies outside where included files may come from


def stamp_now(path: str | Path, root: str | Path = "", follow_symlinks: bool = False) -> tuple[int, int]:
    """What a run remembers of a file that a document names, as it is now: outside `root` (where included files
    may come from, when given), OUTSIDE; a regular file that may be read, its size and mtime; anything else there
    (a folder, a FIFO, a file without read permission), UNREADABLE and its mtime (mending a permission changes no
    size or mtime); nothing there, MISSING. Any change to the file that could change what the document holds
    changes it, and a file read is remembered as it was read. (`root` itself is not outside it: a folder probed.)"""
    normal = os.path.normpath(path)
    if root and normal != os.path.normpath(root) and not within(str(root), normal, follow_symlinks):
        return OUTSIDE
    try:
        info = os.stat(path)
    except OSError:
        return MISSING
    if not stat.S_ISREG(info.st_mode) or not os.access(path, os.R_OK):
        return UNREADABLE, info.st_mtime_ns
    return info.st_size, info.st_mtime_ns


def within(root: str, path: str, follow_symlinks: bool = False) -> bool:
    """Whether the file `path` (absolute, normalized) lies inside the folder `root`, and so does the file it is
    (a link out of it does not, unless links may be followed)."""
    inside = root.rstrip(os.sep) + os.sep
    return path.startswith(inside) and (follow_symlinks or os.path.realpath(path).startswith(inside))


def read_file(path: str, budget: int, max_size: int) -> tuple[bytes, int, int]:
    """A regular file's bytes, size and mtime; no more than `budget` bytes (what is left of the size limit,
    `max_size`); LoaderError for what is no regular file or does not fit, OSError for what cannot be read."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LoaderError("not a regular file")
        if info.st_size > budget:
            limit = max_size / 1e6
            raise LoaderError(f"the document's includes together pass the size limit ({limit:g} MB)")
        data = f.read(budget + 1)
    if len(data) > budget:
        raise LoaderError("the file grew past the size limit while being read")
    return data, info.st_size, info.st_mtime_ns
