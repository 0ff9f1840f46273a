"""Files that a document pulls into itself (mdBook's `{{#include}}`, Sphinx's `include` and `literalinclude`): read
for the loaders, safely, and remembered so that the document is read again when one of them changes.

The run opens a reading() context around each document's loader. Inside it, included_text() reads a file named
relative to the including file (or, starting with "/", to the documents folder, as Sphinx reads it):
- only inside the documents folder, or the folder above it that --includes-from names: a path that leaves it,
  or a link out of it (unless links may be followed), is refused (and remembered as OUTSIDE, so that the page is
  read again when --includes-from comes to hold it, or stops holding what it read);
- a regular file of at most the size limit, all the files a document reads together too (each read once for
  the document, however many includes name it), at most MAX_DEPTH includes deep (a file that includes itself
  stops there) and MAX_INCLUDES in all (a file that includes itself twice, ten deep, would be read a thousand
  times; ten times, ten billion);
- what the includes put in the page, at every depth, at most MAX_PLACED characters (includeplacing.py: the
  include that passes keeps what fits, up to its last whole line; put_in_place()): 200 includes of a ten-line
  anchor of a 300 kB file read the file 200 times (60 MB), past the size limit, and left the last 57 out;
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
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from indexer.errors import LoaderError
from indexer.loaders.includefiles import MISSING, OUTSIDE, UNREADABLE, read_file, stamp_now, within
from indexer.loaders.includeplacing import Placing
from indexer.loaders.sitefolders import project_folders
from indexer.loaders.textcodec import decode_text

__all__ = [
    "MAX_DEPTH",
    "MAX_INCLUDES",
    "MISSING",
    "OUTSIDE",
    "SETTINGS",
    "TEXT",
    "TITLE",
    "UNREADABLE",
    "Reading",
    "deeper",
    "folders_up",
    "grown",
    "included_text",
    "lies_outside",
    "parsed_once",
    "probe",
    "probe_folder",
    "put_in_place",
    "put_lines_in_place",
    "reading",
    "reading_folder",
    "reading_root",
    "reading_state",
    "refuse",
    "remember_settings",
    "stamp_now",
    "warn",
    "within",
]

T = TypeVar("T")
MAX_DEPTH = 10  # includes within includes (mdBook stops at 10 too)
MAX_INCLUDES = 2_000  # files read for one document (a page of the Rust book reads at most 30)
TEXT, TITLE, SETTINGS = "text", "title", "settings"  # what a document shows of a file it reads (included_text)


@dataclass
class Reading:
    """One document's includes: where they may come from, and what was read."""

    folder: str  # the documents folder's real path
    max_size: int  # bytes, of one file and of all of them together
    root: str  # the real path of the folder included files may come from: `folder`, or one above it
    follow_symlinks: bool = False
    files: dict[str, tuple[int, int]] = field(default_factory=dict)  # path in the folder -> stamp_now()'s stamp
    included: set[str] = field(default_factory=set)  # of `files`, those whose text was put in place
    titled: set[str] = field(default_factory=set)  # of `files`, those whose title was shown (sphinxrefs.py)
    titles: bool = True  # whether the titles of other pages may be shown
    generator: str = ""  # the generator that builds the document's site (Site.name; "" for none known): its syntax
    index: str = ""  # the real path of the index's folder (--index), which holds no page even inside `folder`
    warnings: list[str] = field(default_factory=list)
    site_wide: set[str] = field(default_factory=set)  # of `warnings`, those about files the site adds to every page
    outside: int = 0  # files named outside `root` (each once): one warning says how many (refuse())
    first_outside: str = ""
    outside_paths: set[str] = field(default_factory=set)  # the absolute paths of the files refused there (refuse()),
    # that the summary may say which folder holds (sitereport.holding)
    refused: str = ""  # that warning, as it stands in `warnings`
    depth: int = 0
    total: int = 0  # bytes read so far
    count: int = 0  # includes read so far
    placing: Placing = field(default_factory=Placing)  # texts read, their parses, characters put in the page

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def refuse(self, path: str, shown: str) -> None:
        """A warning that the file `shown` names, at `path` (absolute), lies outside where included files may come
        from: one for the page, however many it names (FastAPI's pages include dozens of examples from
        ../../docs_src); and `path` kept for the summary, which names the folder --includes-from may give. Every
        refusal comes here (the Hugo includes' and the fiddles' too), so none goes uncounted, nor counted twice: a
        file named again (three anchors of one example) is no "1 more"."""
        if path in self.outside_paths:
            return
        self.outside += 1
        self.outside_paths.add(path)
        where = "the documents folder" if self.root == self.folder else f"{self.root} (--includes-from)"
        hint = " (give --includes-from a folder that holds both)" if self.root == self.folder else ""
        more = f" and {self.outside - 1} more are" if self.outside > 1 else " is"
        message = f"{self.first_outside or shown}{more} outside {where}: not included{hint}"
        self.first_outside = self.first_outside or shown
        if self.outside > 1:
            self.warnings[self.warnings.index(self.refused)] = message
        else:
            self.warnings.append(message)
        self.refused = message


_READING: ContextVar[Reading | None] = ContextVar("reading", default=None)


@contextlib.contextmanager
def reading(
    folder: str | Path,
    max_size: int,
    follow_symlinks: bool = False,
    root: str | Path = "",
    titles: bool = True,
    generator: str = "",
    index: str | Path = "",
) -> Iterator[Reading]:
    """Let the loaders called inside read the files their documents include (see the module docstring), from
    `folder` or, when given, from the folder `root` that holds it (--includes-from); with `titles`, the pages
    whose titles their references show too (sphinxrefs.py); `generator`, the site's (templates.py); `index`, the
    index's folder, which a walk of the project's folders passes by (pagescan.py)."""
    real = os.path.realpath(folder)
    top = os.path.realpath(root) if root else real
    shelf = os.path.realpath(index) if index else ""
    state = Reading(real, max_size, top, follow_symlinks, titles=titles, generator=generator, index=shelf)
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


def grown(extra: int, shown: str) -> bool:
    """Whether the included file `shown` may grow by `extra` characters as it is put in place (a Jekyll include's
    parameters filled in, each output a 500-character value): counted with the bytes read against the size limit,
    so that a file of many outputs is not thirty times its size; a warning when it may not."""
    state = _READING.get()
    if state is None or extra <= 0:
        return True
    if state.total + extra > state.max_size:
        limit = state.max_size / 1e6
        state.warn(f"included file {shown} passes the size limit once its values are filled in ({limit:g} MB)")
        return False
    state.total += extra
    return True


def reading_state() -> Reading | None:
    """The reading() context of the document being read, None outside one: what a loader looks up once a
    document may be kept for it (mkdocsyml.py's project)."""
    return _READING.get()


def reading_folder() -> str | None:
    """The real path of the documents folder whose document is being read; None outside a reading() context."""
    state = _READING.get()
    return None if state is None else state.folder


def reading_root() -> str | None:
    """The real path of the folder included files may come from (the documents folder, or the one --includes-from
    names); None outside a reading() context."""
    state = _READING.get()
    return None if state is None else state.root


def probe(path: str) -> bool:
    """Whether the file `path` (absolute) is there to be read, inside the folder included files may come from: a
    candidate of several, looked at before one is read with included_text(). One that is not is remembered
    without a warning, as missing or as outside, so that the page is read again when it comes (or when
    --includes-from comes to hold it)."""
    state = _READING.get()
    if state is None or "\x00" in path:  # (realpath() fails on it)
        return False
    joined = os.path.normpath(path)
    relative = os.path.relpath(joined, state.folder).replace(os.sep, "/")
    if not within(state.root, joined, state.follow_symlinks):
        state.files.setdefault(relative, OUTSIDE)
        return False
    if not os.path.isfile(joined):
        state.files.setdefault(relative, MISSING)
        return False
    return True


def remember_settings(path: str | Path) -> None:
    """Remember the file `path` (absolute), which a loader reads on its own for the settings it gives the document
    being read (a site's config, parsed once for all its pages: mkdocsyml.py), as included_text() remembers what
    it reads with SETTINGS: so that a change to it reads the document again. Called before the file is read (a
    change in between reads the document again, rather than never). One outside where included files may come
    from (a mkdocs.yml above DOCS) is remembered as OUTSIDE, without a warning: the loader reads it all the same,
    as the site's detection does. Nothing outside a reading() context."""
    state = _READING.get()
    if state is None:
        return
    absolute = os.path.abspath(path)  # its folder's real path, as _placed() finds an included file
    joined = os.path.join(os.path.realpath(os.path.dirname(absolute)), os.path.basename(absolute))
    relative = os.path.relpath(joined, state.folder).replace(os.sep, "/")
    if relative not in state.files:
        state.files[relative] = stamp_now(joined, state.root, state.follow_symlinks)


def probe_folder(path: str) -> bool:
    """Whether the folder `path` (absolute) is there to be listed, inside the folder included files may come
    from: a candidate of several, as probe()'s. Each is remembered as stamp_now() finds it, outside, missing or
    there by its mtime (which changes when an entry is added, removed or renamed), so that the page is read
    again when a folder comes, or what it holds changes."""
    state = _READING.get()
    if state is None or "\x00" in path:
        return False
    joined = os.path.normpath(path)
    relative = os.path.relpath(joined, state.folder).replace(os.sep, "/")
    stamp = state.files.setdefault(relative, stamp_now(joined, state.root, state.follow_symlinks))
    return stamp not in (OUTSIDE, MISSING) and os.path.isdir(joined)


def lies_outside(path: str) -> bool:
    """Whether `path` (absolute), a candidate probe() turned down, is there but outside the folder included files
    may come from: then the user is told (refuse()), as of a file included_text() refuses."""
    state = _READING.get()
    if state is None or "\x00" in path:
        return False
    joined = os.path.normpath(path)
    return not within(state.root, joined, state.follow_symlinks) and os.path.exists(joined)


def refuse(path: str | Path, shown: str) -> None:
    """A warning that `shown`, a file or folder named, which is `path` (absolute: a candidate lies_outside()
    found), lies outside where included files may come from, in the words and the one line of Reading.refuse(),
    which keeps the path for the summary (dropped outside a reading() context)."""
    state = _READING.get()
    if state is not None:
        state.refuse(os.path.normpath(path), _shown(shown))


def warn(message: str) -> None:
    """A warning for the document being read (dropped outside a reading() context)."""
    state = _READING.get()
    if state is not None:
        state.warn(message)


def included_text(
    including: Path,
    target: str,
    relative_to_folder: bool = False,
    use: str = TEXT,
    part: bool = False,
    once: bool = False,
) -> str | None:
    """The text of the file `target` names, relative to the file `including` (or, with `relative_to_folder`, to
    the folder `including`), or None (with a warning) when it is not read. `use` says what of it the document
    shows: its TEXT (access-checked: Reading.included), a page's TITLE (Reading.titled; None when no titles may
    be shown: Reading.titles), or nothing but what its SETTINGS decide (a Hugo cascade: only remembered). TEXT
    is put in place whole (put_in_place(): what fits), unless the caller takes a `part` of it and
    puts that in place itself. A file named again is not read again, but counts against the size limit again,
    as the caller goes through it again, unless it parses the text `once` (parsed_once()) for the document."""
    state = _READING.get()
    shown = _shown(target)
    if state is None or (use == TITLE and not state.titles):
        return None
    if state.depth >= MAX_DEPTH:
        state.warn(f"includes nested more than {MAX_DEPTH} deep (a file that includes itself?): {shown} left out")
        return None
    if state.count >= MAX_INCLUDES:
        state.warn(f"more than {MAX_INCLUDES:,} includes (a file that includes itself?): the rest left out")
        return None
    if use == TEXT and state.placing.full:  # (no more of any file is put in place)
        return None
    state.count += 1
    placed = _placed(state, including / "_" if relative_to_folder else including, target)
    if placed is None:
        state.warn(f"{shown} is no file name: not included")
        return None
    relative, path = placed
    if not within(state.root, path, state.follow_symlinks):
        state.files[relative] = OUTSIDE  # so that the page is read again if --includes-from comes to hold it
        state.refuse(path, shown)
        return None
    text = state.placing.texts.get(relative)
    if text is not None and not once and state.files[relative][0] > state.max_size - state.total:
        limit = state.max_size / 1e6
        state.warn(f"included file {shown} cannot be read: the document's includes together pass the size limit "
                   f"({limit:g} MB)")  # fmt: skip
        return None
    if text is not None:
        state.total += 0 if once else state.files[relative][0]
    elif (text := _text(state, relative, path, shown)) is None:
        return None
    if use != SETTINGS:
        (state.titled if use == TITLE else state.included).add(relative)
    return put_in_place(text, target) if use == TEXT and not part else text


def _text(state: Reading, relative: str, path: str, shown: str) -> str | None:
    """The file's text, read and remembered for the document (Placing.texts); None with a warning."""
    try:
        data, size, mtime_ns = read_file(path, state.max_size - state.total, state.max_size)
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
    state.placing.texts[relative] = text
    return text


def parsed_once(text: str, parse: Callable[..., T], *args: Hashable) -> T:
    """parse(text, *args), once for the document being read, for the text of a file included_text() gave (it
    gives a file's text as the same string each time it is named): 200 includes of anchors of one file go
    through the file once. What it gives is shared: read it, never change it. Outside a reading() context,
    parsed each time."""
    state = _READING.get()
    return parse(text, *args) if state is None else state.placing.parsed_once(text, parse, args)


def put_in_place(text: str, target: str) -> str:
    """`text`, from the file `target` names, as an include puts it in the page: what fits of MAX_PLACED
    characters (includeplacing.py), up to its last whole line, with a warning the first time one does not fit."""
    state = _READING.get()
    return text if state is None else state.placing.put(text, _shown(target), state.warn)


def put_lines_in_place(lines: list[str], target: str) -> list[str]:
    """put_in_place() for a part of a file that is a list of lines."""
    state = _READING.get()
    return lines if state is None else state.placing.put_lines(lines, _shown(target), state.warn)


def _shown(target: str) -> str:
    """A file's name as a warning shows it: at most 120 characters."""
    return target if len(target) <= 120 else target[:117] + "..."


def _placed(state: Reading, including: Path, target: str) -> tuple[str, str] | None:
    """Where `target` is: its path from the documents folder ("/" between names; "../CHANGES.rst" for one above
    it) and its full path; None for what names no file."""
    if not target or "\x00" in target:
        return None
    base = state.folder if target.startswith("/") else os.path.dirname(os.path.realpath(including))
    joined = os.path.normpath(os.path.join(base, target.lstrip("/")))
    return os.path.relpath(joined, state.folder).replace(os.sep, "/"), joined


def folders_up(page: Path) -> Iterator[str]:
    """The folder of a page (its real path), then each folder above it where a site's config or a project's file
    that the page depends on may lie (docusaurus.config.*, tsconfig.json, _quarto.yml, _config.yml), by the rules
    of the site's detection (sitefolders.py): up to its repository's root (the folder holding `.git`: beyond it
    lies another project), never into the user's home folder or above, another file system, a folder of another
    user or one that anyone may write to (/tmp: anyone could leave a _config.yml there)."""
    return project_folders(os.path.dirname(os.path.realpath(page)))
