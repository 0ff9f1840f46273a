"""Walking the documents folder: which files to index, which to leave out, and why.

Hidden files and folders, common junk (node_modules, __pycache__, build output) and whatever the folder's
ignore file (gitignore syntax) names are left out silently; files no loader takes are counted by type. Files that should
have been indexed but cannot be (broken or looping symlinks, over the size limit, empty, unreadable
folders) are returned as skipped, with the reason.

A folder is walked once, by its real path: symbolic links to folders inside DOCS are walked last, and one whose
folder was walked already is skipped, by design, as a link to that folder (Spring Security's
`modules/ROOT/examples/docs-src` links to `src/`, which its pages include from), or as a loop when it links to a
folder that holds it.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pathspec

from indexer.errors import IgnoreFileError
from indexer.ingest.patterns import PatternError, compile_lines, vain_negations
from indexer.ingest.sitedetect import MARKER_FILES, site_configs_among
from indexer.loaders import HEAD_BYTES, indexable
from indexer.loaders.regular import read_regular
from indexer.model import SkippedFile

IGNORE_FILE = ".docsearchignore"
log = logging.getLogger(__name__)
JUNK_DIRS = frozenset({"node_modules", "__pycache__", "bower_components", "site-packages", "_build"})
# a build's output, as a rule (Sphinx's build/html, a site's build/ or dist/, Cargo's target/), unless it holds the
# sources of pages and none of a build's own files: Read the Docs keeps its build guides in guides/build/*.rst
OUTPUT_DIRS = frozenset({"build", "dist", "target"})
_PAGE_SOURCES = frozenset({".md", ".mdx", ".markdown", ".rst", ".txt", ".qmd", ".rmd", ".adoc", ".ipynb"})
_BUILT = frozenset({"index.html", ".buildinfo", "CACHEDIR.TAG", "doctrees", ".doctrees", "html"})
_FOLDERS_LOOKED_INTO = 50  # of a build-named folder with no page source of its own, for some in the folders below


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
    unread: Counter[str] = field(default_factory=Counter)  # files no loader takes, by suffix ("" for none)
    markers: set[str] = field(default_factory=set)  # names of sitedetect.MARKER_FILES found (what built the site)
    configs: set[str] = field(default_factory=set)  # paths of site configs (sitedetect.site_configs_among)


def scan(root: Path, max_size: int, exclude: Path | None = None, follow_symlinks: bool = False) -> Scan:
    """Every indexable file under `root`, in id order. `exclude` is a folder never to enter (the index). A
    symbolic link whose target lies outside `root` is listed as skipped unless `follow_symlinks`."""
    walk = _Walk(root, _ignore_spec(root), max_size, follow_symlinks)
    if exclude:
        walk.walked[os.path.realpath(exclude)] = None
    stack = [(root, "")]
    while stack or walk.links:
        if not stack:
            stack += walk.linked(*walk.links.pop(0))
            continue
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listing = sorted(entries, key=lambda e: e.name)
        except OSError as exc:
            walk.skip(prefix or ".", f"folder cannot be read: {exc.strerror}")
            continue
        # hidden ones too (.vitepress/), ignored or not: loaders look for them all
        walk.result.configs.update(prefix + name for name in site_configs_among([e.name for e in listing]))
        for entry in listing:
            subfolder = walk.visit(entry, prefix)
            if subfolder is not None:
                stack.append(subfolder)
    walk.result.files.sort(key=lambda c: c.id)
    walk.result.skipped.sort(key=lambda s: s[0].id)
    return walk.result


class _Walk:
    """One scan's rules and findings."""

    def __init__(self, root: Path, spec: pathspec.PathSpec | None, max_size: int, follow_symlinks: bool) -> None:
        self.root = os.path.realpath(root)
        self.spec = spec
        self.max_size = max_size
        self.follow_symlinks = follow_symlinks
        # the real path of each folder walked -> the id it was walked by; the index's folder, never entered: None
        self.walked: dict[str, str | None] = {self.root: ""}
        self.links: list[tuple[Path, str]] = []  # symbolic links to folders inside the root, walked last
        self.result = Scan()

    def skip(self, rel: str, reason: str, size: int = 0, mtime_ns: int = 0, by_design: bool = False) -> None:
        self.result.skipped.append((SkippedFile(rel, reason, by_design), size, mtime_ns))

    def linked(self, link: Path, shown: str) -> list[tuple[Path, str]]:
        """The folder a symbolic link leads to, to walk by the link's id (path, id prefix); none, skipped with the
        reason, when it holds the link (a loop) or was walked already (by its real path, or by another link)."""
        real = os.path.realpath(link)
        if inside(os.path.realpath(link.parent), real):
            self.skip(shown, "symbolic link loop")
        elif real not in self.walked:
            self.walked[real] = shown
            return [(link, shown)]
        elif (at := self.walked[real]) is None:
            self.skip(shown, "links to the index's folder")
        else:
            self.skip(shown, f"links to a folder indexed already: {at or './'}", by_design=True)
        return []

    def visit(self, entry: os.DirEntry[str], prefix: str) -> tuple[Path, str] | None:
        """Take in one entry of a folder; a subfolder to walk is returned as (path, id prefix)."""
        name = entry.name
        rel = f"{prefix}{name}"
        if name.startswith("."):
            return None
        if _bad_name(rel):
            self.skip(rel.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), "file name is not valid UTF-8")
            return None
        try:
            info = os.stat(entry.path)  # follows symlinks
        except OSError as exc:
            if entry.is_symlink() and indexable(rel, lambda: b"") and _wanted(rel, self.spec, is_dir=False):
                self.skip(rel, "symbolic link loop" if exc.errno == errno.ELOOP else "broken symbolic link")
            return None
        is_dir = stat.S_ISDIR(info.st_mode)
        if is_dir and (name in JUNK_DIRS or name.endswith(".egg-info") or (name in OUTPUT_DIRS and _built(entry.path))):
            return None
        if not (is_dir or stat.S_ISREG(info.st_mode)) or not _wanted(rel, self.spec, is_dir=is_dir):
            return None
        if not is_dir and not indexable(rel, partial(_head, entry.path)):  # (its first bytes read last, if at all)
            self.result.unread[Path(name).suffix.lower()] += 1
            if name in MARKER_FILES:
                self.result.markers.add(name)
            return None
        shown = rel + "/" if is_dir else rel
        real = os.path.realpath(entry.path) if is_dir or entry.is_symlink() else ""
        if real and not self.follow_symlinks and not inside(real, self.root):
            self.skip(shown, "symbolic link points outside the folder (--follow-symlinks to index it)")
            return None
        if is_dir:
            if entry.is_symlink():  # walked after the folders' own (linked()), a folder outside when followed too
                self.links.append((Path(entry.path), shown))
                return None
            if real in self.walked:  # the index's folder
                return None
            self.walked[real] = shown
            return Path(entry.path), shown
        self._file(entry, rel, info)
        return None

    def _file(self, entry: os.DirEntry[str], rel: str, info: os.stat_result) -> None:
        if info.st_size > self.max_size:
            limit = f"{self.max_size / 1_000_000:g} MB"
            self.skip(rel, f"larger than the {limit} limit (--max-file-size)", info.st_size, info.st_mtime_ns)
        elif info.st_size == 0:
            self.skip(rel, "empty file", 0, info.st_mtime_ns)
        else:
            self.result.files.append(Candidate(rel, Path(entry.path), info.st_size, info.st_mtime_ns))


def _head(path: str) -> bytes:
    """A regular file's first HEAD_BYTES bytes; none for anything else or what cannot be read (then it is no
    document of a loader that needs them to tell). Opened without blocking: a named pipe has no writer."""
    try:
        return read_regular(path, HEAD_BYTES)
    except OSError:
        return b""


def inside(path: str, root: str) -> bool:
    """Whether the real path `path` is `root` or lies under it."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


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
    path = root / IGNORE_FILE
    try:
        lines = read_regular(path).decode("utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return None
    except OSError as exc:  # (a named pipe, a folder, no permission: said, as the files it names are not left out)
        log.warning("%s cannot be read (%s): no file is left out by it", path, exc.strerror or exc)
        return None
    try:
        spec = compile_lines(lines, str(path))
    except PatternError as exc:
        raise IgnoreFileError(str(exc)) from None
    for number, pattern, folder in vain_negations(lines, spec):
        log.warning("%s, line %d: %s takes back nothing: %s is left out whole, and nothing inside a folder left out "
                    "is looked at (write %s* to leave out what it holds instead)", path, number, pattern, folder,
                    folder)  # fmt: skip
    return spec


def _built(folder: str, depth: int = 1) -> bool:
    """Whether a folder named build, dist or target holds a build's output rather than pages' sources: it has
    no Markdown, reStructuredText or other page source of its own or in a folder right below it (a site's
    section `build/` of `docker/`, `podman/`: Docker's docs have one), or has a build's own files beside them."""
    try:
        with os.scandir(folder) as entries:
            listed = [(entry.name, entry.is_dir()) for entry in entries]
    except OSError:
        return True
    if any(name in _BUILT for name, _ in listed):
        return True
    if any(os.path.splitext(name)[1].lower() in _PAGE_SOURCES for name, _ in listed if name != "readme.txt"):
        return False
    below = [name for name, is_dir in listed if is_dir and not name.startswith(".")][:_FOLDERS_LOOKED_INTO]
    return depth <= 0 or all(_built(os.path.join(folder, name), depth - 1) for name in below)
