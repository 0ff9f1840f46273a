"""A project's pages read once for the names they define (Sphinx's labels, DocFX's uids; or named by their files'
names alone, DocC's articles), remembered per project and read again at most so often: a name not found may be
defined by a page that came since, in a run that watches the folder (sphinxrefs.py, docfxuids.py, docc.py). A
page that names one not found may have the folders walked remembered with it (watch()), to be read again when a
page comes to one of them. The index's folder is not walked when it lies among the pages: its generations change
on every run, which would read such a page again every time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from indexer.loaders.includes import Reading, probe_folder, reading_state
from indexer.loaders.regular import read_regular

__all__ = ["Scan", "defined", "watch"]

MAX_SCAN_BYTES = 200_000_000  # of a project's pages read for what they define: its pages are a few megabytes
MAX_WATCHED = 200  # folders remembered with a page that names what none defines (The Swift book's pages lie in 6)


@dataclass(frozen=True)
class Scan:
    """What a kind of definition is read from: pages of these suffixes (in any case), in folders not hidden and
    not `skipped`, each up to `head` bytes, whose names `names` gives; walked again `rescan` seconds (or 20
    times the last walk's time) after the last walk. With `named`, a page's names are those of its path (DocC's
    `<doc:TheBasics>` names TheBasics.md), and nothing is read."""

    suffixes: tuple[str, ...]
    skipped: frozenset[str]
    head: int
    names: Callable[[bytes], Iterable[str]]
    rescan: float = 10.0
    named: Callable[[str], Iterable[str]] | None = None


@dataclass
class _Walked:
    found: dict[str, str] = field(default_factory=dict)  # name -> the page that defines it first
    folders: list[str] = field(default_factory=list)  # those walked, in the walk's order
    mtimes: list[float] = field(default_factory=list)  # theirs, as the walk found them
    read_at: float = 0.0
    took: float = 0.0
    started: float = 0.0  # the wall-clock times the walk started and ended, as folders' mtimes are
    ended: float = 0.0
    watcher: Reading | None = None  # the page watch() looked at the folders for last


_WALKED: dict[tuple[int, str], _Walked] = {}


def defined(scan: Scan, folder: str) -> dict[str, str]:
    """Name -> the first page under `folder` (folders and files in sorted order) that defines it, as `scan` reads
    them; at most MAX_SCAN_BYTES read in all."""
    walked = _WALKED.setdefault((id(scan), folder), _Walked())
    if walked.read_at and time.monotonic() - walked.read_at < max(scan.rescan, 20 * walked.took):
        return walked.found
    started, walked.started = time.monotonic(), time.time()
    walked.found, walked.folders = _walk(scan, folder)
    walked.mtimes = [_mtime(walked_folder) for walked_folder in walked.folders[:MAX_WATCHED]]
    walked.read_at, walked.took, walked.ended = time.monotonic(), time.monotonic() - started, time.time()
    return walked.found


def watch(scan: Scan, folder: str) -> dict[str, str]:
    """For the page being read, which names what no page under `folder` defines (defined()): the names again,
    walked again if a folder walked has changed since (a page that came, in a run that watches DOCS: the page
    that names it is read again at once); and those folders, up to MAX_WATCHED, remembered with the page
    (includes.probe_folder: a page added to one changes its mtime), to read it again when a page comes."""
    walked = _WALKED.get((id(scan), folder))
    if walked is None:
        return {}
    if (state := reading_state()) is None or walked.watcher is state:  # (once for a page: a stat of each folder)
        return walked.found
    walked.watcher = state
    if any(_changed(walked, at) for at in range(len(walked.mtimes))):
        walked.read_at = 0.0
        defined(scan, folder)
    for walked_folder in walked.folders[:MAX_WATCHED]:
        probe_folder(walked_folder)
    return walked.found


def _changed(walked: _Walked, at: int) -> bool:
    """Whether the folder walked.folders[at] has changed since the walk: its mtime is not as the walk found it, or
    lies within the walk (a page added after the folder was listed). Not whether it lies after the walk started:
    a folder's mtime in the future (a tarball from a clock ahead, `touch -d tomorrow`) made every page that names
    a label no page defines walk the project again, 600 pages of 30 folders 15.6 s, not 3.4 s."""
    now = _mtime(walked.folders[at])
    return now != walked.mtimes[at] or walked.started <= now <= walked.ended


def _mtime(folder: str) -> float:
    try:
        return os.stat(folder).st_mtime
    except OSError:
        return -1.0  # (gone: changed, unless gone when walked)


def _is(folder: str, real: str) -> bool:
    """Whether `folder` is the folder whose real path is `real`."""
    return os.path.basename(folder) == os.path.basename(real) and os.path.realpath(folder) == real


def _walk(scan: Scan, folder: str) -> tuple[dict[str, str], list[str]]:
    """What defined() returns, and the folders walked."""
    found: dict[str, str] = {}
    walked: list[str] = []
    budget = MAX_SCAN_BYTES
    index = state.index if (state := reading_state()) is not None else ""  # (its generations change every run)
    for current, folders, files in os.walk(folder):
        folders[:] = sorted(
            f
            for f in folders
            if not f.startswith(".") and f not in scan.skipped and not (index and _is(os.path.join(current, f), index))
        )
        walked.append(current)
        for name in sorted(files):
            if not name.lower().endswith(scan.suffixes) or budget <= 0:
                continue
            path = os.path.join(current, name)
            if scan.named is not None:
                for defined_name in scan.named(path):
                    found.setdefault(defined_name, path)
                continue
            try:
                data = read_regular(path, min(budget, scan.head))
            except OSError:
                continue
            budget -= len(data)
            for defined_name in scan.names(data):
                found.setdefault(defined_name, path)
    return found, walked
