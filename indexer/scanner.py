"""Walking the documents folder: which files to index, which to leave out, and why.

Hidden files and folders, common junk (node_modules, __pycache__, build output) and whatever the folder's
ignore file (gitignore syntax) names are left out silently; so are files no loader takes. Files that should
have been indexed but cannot be (broken or looping symlinks, over the size limit, empty, unreadable
folders) are returned as skipped, with the reason.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from indexer.loaders import SUFFIXES
from indexer.model import SkippedFile

IGNORE_FILE = ".docsearchignore"
JUNK_DIRS = frozenset(
    {"node_modules", "__pycache__", "bower_components", "site-packages", "build", "dist", "_build", "target"}
)


@dataclass(frozen=True)
class Candidate:
    """A file to index: its id and what stat says of it."""

    id: str
    path: Path
    size: int
    mtime_ns: int


@dataclass
class Scan:
    files: list[Candidate] = field(default_factory=list)
    skipped: list[tuple[SkippedFile, int, int]] = field(default_factory=list)  # with size and mtime_ns


def scan(root: Path, max_size: int, exclude: Path | None = None) -> Scan:
    """Every indexable file under `root`, in id order. `exclude` is a folder never to enter (the index)."""
    result = Scan()
    spec = _ignore_spec(root)
    excluded = {os.path.realpath(exclude)} if exclude else set()
    visited = {os.path.realpath(root)}
    stack = [(root, "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listing = sorted(entries, key=lambda e: e.name)
        except OSError as exc:
            result.skipped.append((SkippedFile(prefix or ".", f"folder cannot be read: {exc.strerror}"), 0, 0))
            continue
        for entry in listing:
            _visit(entry, prefix, spec, max_size, visited | excluded, stack, result)
    result.files.sort(key=lambda c: c.id)
    result.skipped.sort(key=lambda s: s[0].id)
    return result


def _visit(
    entry: os.DirEntry[str],
    prefix: str,
    spec: pathspec.PathSpec | None,
    max_size: int,
    visited: set[str],
    stack: list[tuple[Path, str]],
    result: Scan,
) -> None:
    name = entry.name
    rel = f"{prefix}{name}"
    if name.startswith("."):
        return
    if _bad_name(rel):
        shown = rel.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        result.skipped.append((SkippedFile(shown, "file name is not valid UTF-8"), 0, 0))
        return
    try:
        info = os.stat(entry.path)  # follows symlinks
    except OSError as exc:
        if entry.is_symlink():
            reason = "symbolic link loop" if exc.errno == 40 else "broken symbolic link"
            if _wanted(rel, spec, is_dir=False) and Path(name).suffix.lower() in SUFFIXES:
                result.skipped.append((SkippedFile(rel, reason), 0, 0))
        return
    if stat.S_ISDIR(info.st_mode):
        real = os.path.realpath(entry.path)
        if name in JUNK_DIRS or name.endswith(".egg-info") or not _wanted(rel, spec, is_dir=True):
            return
        if real in visited:  # a symlink back into a folder already walked: a loop or a second copy
            if entry.is_symlink():
                result.skipped.append((SkippedFile(rel + "/", "symbolic link loop"), 0, 0))
            return
        visited.add(real)
        stack.append((Path(entry.path), rel + "/"))
        return
    if not stat.S_ISREG(info.st_mode) or Path(name).suffix.lower() not in SUFFIXES:
        return
    if not _wanted(rel, spec, is_dir=False):
        return
    if info.st_size > max_size:
        limit = f"{max_size / 1_000_000:g} MB"
        reason = f"larger than the {limit} limit (--max-file-size)"
        result.skipped.append((SkippedFile(rel, reason), info.st_size, info.st_mtime_ns))
    elif info.st_size == 0:
        result.skipped.append((SkippedFile(rel, "empty file"), 0, info.st_mtime_ns))
    else:
        result.files.append(Candidate(rel, Path(entry.path), info.st_size, info.st_mtime_ns))


def _wanted(rel: str, spec: pathspec.PathSpec | None, is_dir: bool) -> bool:
    return spec is None or not spec.match_file(rel + "/" if is_dir else rel)


def _bad_name(rel: str) -> bool:
    """A name that is not valid UTF-8 cannot be an id (it could not be sent to a client)."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _ignore_spec(root: Path) -> pathspec.PathSpec | None:
    try:
        lines = (root / IGNORE_FILE).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)
