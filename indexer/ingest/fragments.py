"""AsciiDoc files that are pieces of other pages: no page of their own in a folder of plain AsciiDoc.

Asciidoctor renders only the files a build names; a file that other documents include (`include::config/pull.adoc[]`)
is read where they include it. git's manual is so: 137 of its 944 `.adoc` files are untitled pieces that pages
include (config/pull.adoc, through config.adoc, in git-config's page), which, as pages of their own, came before
the pages that show them ('configure a pull to rebase by default' found config/pull.adoc first, a headless piece).

The rule, for a folder no site generator publishes (a site's generator has rules of its own: Antora's partials lie
outside its pages): an AsciiDoc file (`.adoc`, `.asciidoc`, or `.txt` where AsciiDoc Python's `asciidoc.conf` lies
beside it or above, as the loader reads it) with no document title (`= Title`, or a title underlined by `=`, at its
top) is a fragment when a page includes it, in full (no `tag=`, `tags=` or `lines=`), directly or through other
fragments, as the loader reads the page. A chapter that starts at a section (`== Caching`, Hibernate's user guide)
is one too: its book is the page Asciidoctor renders. A page is a file indexed that is titled or that no AsciiDoc
file indexed includes; so a file nobody includes stays a page, and so do untitled files that include one another
in a loop no page includes (their text would be in no page). A fragment is still read where pages include it, and
a change to it reads them again (includes.py remembers it).

Each file is read as the loader reads it, through the loader's own reader (asciidocreader.py): attribute entries
count from their line on (`:!name:` unsets; a value's references are filled in), through the files a page
includes too; `ifdef::`/`ifndef::`/`ifeval::` are decided by them, from the attributes a document starts with;
no directive runs in a comment block; an include's target has its references filled in, and one still naming an
attribute nothing defined (`{build_dir}`), or a URL, is no include; includes go MAX_DEPTH deep, MAX_INCLUDES and
the size limit of all of them together for one page, as includes.py reads them, and MAX_PLACED (includeplacing.py),
counted in bytes of whole files, those the scan does not take too: never less than the loader counts, so that a
file past it, which the loader leaves out, stays a page. Only the AsciiDoc files indexed are followed (an included
`.asc` file's own includes are not), and only their first directive lines (fragmentfiles.py).

The scan is cheap: each AsciiDoc file is read once, at most `max_bytes`, and what decides is kept (fragmentfiles.py:
whether it is titled, its directive lines); a run hands back what the last one kept, and a file whose size and mtime
did not change is not read again. The attribute entries no include or conditional reads are left out once per run,
and one page's reading goes through at most _MAX_READ lines.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from indexer.ingest.fragmentfiles import PARTIAL, PATH_CHARS, Scanned, scan_file
from indexer.ingest.scanner import Candidate
from indexer.loaders.asciidocattributes import REFERENCE, entry, filled_target
from indexer.loaders.asciidocdirectives import antora_attributes, starting_attributes
from indexer.loaders.asciidocreader import DIRECTIVE, URL, include_options, read_lines
from indexer.loaders.includeplacing import MAX_PLACED
from indexer.loaders.includes import MAX_DEPTH, MAX_INCLUDES, folders_up

__all__ = ["REASON", "fragments"]

log = logging.getLogger(__name__)

REASON = "an untitled AsciiDoc file that other pages include: no page of its own, read where they include it"
_ADOC = (".adoc", ".asciidoc")
_MAX_READ = 100_000  # kept lines one page's reading goes through, its includes' too: past them it follows no
# more (a file of 9,000 entries included 1,000 times took 3 s, each run); the files it would have found stay pages


def fragments(
    files: Iterable[Candidate], docs: Path, root: Path, max_bytes: int, known: Mapping[str, Scanned] | None = None
) -> tuple[set[str], dict[str, Scanned]]:
    """The ids of the files in `files` (indexed from `docs`) that are fragments (see the module docstring), and
    what the scan kept of each AsciiDoc file; `known`: what the last run kept, used for a file of the same size
    and mtime instead of reading it. `root`: the folder included files may come from, where `asciidoc.conf` makes
    `.txt` files AsciiDoc."""
    files = list(files)
    known = known or {}
    scanned = {c.id: scan_file(c, known.get(c.id), max_bytes) for c in files if _is_asciidoc(c.id, docs, root)}
    sizes = {c.id: c.size for c in files}
    lines = _used_lines(scanned)
    reached = {doc_id: _Reading(lines, sizes, docs, max_bytes).included(doc_id) for doc_id in scanned}
    included = set().union(*reached.values())
    titled = {doc_id for doc_id, found in scanned.items() if found.titled}
    pages = [doc_id for doc_id in scanned if doc_id in titled or doc_id not in included]
    return {doc_id for page in pages for doc_id in reached[page] if doc_id not in titled}, scanned


class _Reading:
    """One document read as the loader reads it (asciidocdirectives.preprocess), through the directive lines
    the scan kept (_used_lines()): the AsciiDoc files it includes in full."""

    def __init__(self, lines: Mapping[str, tuple[str, ...]], sizes: dict[str, int], docs: Path, max_bytes: int) -> None:
        self.lines, self.sizes, self.docs, self.max_bytes = lines, sizes, docs, max_bytes
        # includes read, and their files' bytes (includes.py's Reading.count, total: the AsciiDoc loader goes
        # through a file's text at each include, so a file named again counts again); `total` stands for what the
        # includes put in the page too (includeplacing.py's MAX_PLACED): whole files' bytes, never fewer
        self.count, self.total = 0, 0
        self.read = 0  # lines gone through (_MAX_READ)
        self.found: set[str] = set()

    def included(self, doc_id: str) -> set[str]:
        """The AsciiDoc files the scan kept that the document `doc_id` includes in full (the lines a partial
        include takes are not read here: their includes and entries are not followed)."""
        page = self.docs / doc_id
        given, locked = antora_attributes(page)
        self._run(doc_id, 0, starting_attributes(page, given), locked)
        if self.read > _MAX_READ:
            log.warning("%s: its includes hold more than %s lines of directives and attribute entries: those "
                        "past them are not looked at, and the files they include stay pages", doc_id,
                        f"{_MAX_READ:,}")  # fmt: skip
        return self.found

    def _budget(self, lines: Iterable[str]) -> Iterator[str]:
        """`lines` until the document's reading has gone through _MAX_READ lines."""
        for line in lines:
            self.read += 1
            if self.read > _MAX_READ:
                return
            yield line

    def _run(self, doc_id: str, depth: int, attributes: dict[str, str], locked: frozenset[str]) -> None:
        if self.read > _MAX_READ:
            return
        for _, _, directive in read_lines(self._budget(self.lines[doc_id]), attributes, locked):
            if directive is None or depth >= MAX_DEPTH or self.count >= MAX_INCLUDES:
                continue  # (past either limit the loader reads no more; the entries still count)
            target = _target(filled_target(directive.group(3), attributes), doc_id, self.docs)
            if target is None:
                continue
            self.count += 1
            if not target:
                continue
            size = self._size(target)
            if size > self.max_bytes - self.total:  # past the size limit of a document's includes: not read
                continue
            self.total += size
            if self.total > MAX_PLACED:  # (past it, the loader keeps a part of the file at most)
                continue
            if target in self.lines and _in_full(directive.group(4)):
                self.found.add(target)
                self._run(target, depth + 1, attributes, locked)

    def _size(self, target: str) -> int:
        """The size of the file `target` (an id), also of one the scan did not take (a `.java` file of examples,
        one above the documents folder): counted as the loader counts what it reads and puts in place, or a
        fragment after 5 MB of code would be taken for one that the page's loader leaves out, and be lost. Kept
        in `sizes`, which each page's reading shares; 0 for a file that is not there."""
        if target not in self.sizes:
            try:
                self.sizes[target] = os.stat(self.docs / target).st_size
            except (OSError, ValueError):
                self.sizes[target] = 0
        return self.sizes[target]


def _used_lines(scanned: Mapping[str, Scanned]) -> dict[str, tuple[str, ...]]:
    """Each file's kept lines without the attribute entries that change no include: those of names no include's
    target and no conditional reads, nor the value of an entry of a name one reads (followed to its end). A page
    reads its includes' entries as its own (the loader does), so an attributes file of 200 entries that 3,000
    pages include was 600,000 entries applied each run (4.4 s), most of them read by nothing."""
    read: set[str] = set()
    values: dict[str, set[str]] = {}  # the names each name's values read
    for kept in scanned.values():
        for line in kept.lines:
            if line.startswith(":"):
                if (found := entry(line)) is not None:
                    values.setdefault(found[0], set()).update(_references(found[1]))
            elif (directive := DIRECTIVE.match(line)) is not None and not directive.group(1):
                read |= _read_by(directive.group(2), directive.group(3), directive.group(4))
    pending = list(read)
    while pending:
        more = values.get(pending.pop(), set()) - read
        read |= more
        pending += more
    return {doc_id: tuple(line for line in kept.lines if _used(line, read)) for doc_id, kept in scanned.items()}


def _read_by(name: str, target: str, text: str) -> set[str]:
    """The attributes a directive reads: those its target names (an include's references, a conditional's names)
    and an `ifeval::`'s expression."""
    if name in ("ifdef", "ifndef"):
        return {n.strip().lower() for n in re.split(r"[+,]", target)}
    return _references(text if name == "ifeval" else target)


def _references(text: str) -> set[str]:
    return {name.lower() for name in REFERENCE.findall(text)} if "{" in text else set()


def _used(line: str, read: set[str]) -> bool:
    """Whether a kept line may change what a reading includes: any but an attribute entry of a name not `read`
    (or a line of `:` first that is no entry)."""
    if not line.startswith(":"):
        return True
    found = entry(line)
    return found is not None and found[0] in read


@functools.lru_cache(maxsize=1 << 16)  # (a page's includes are read for each page that includes it)
def _target(target: str, doc_id: str, docs: Path) -> str | None:
    """The id (path from `docs`) of the file an include in the file `doc_id` names, its attribute references
    filled in (a target from `/` is one from `docs`, as includes.py places it); None for one the loader does not
    try (a URL, a reference to an attribute not defined, an Antora resource id), "" for one it tries, and counts
    among a page's includes, that names no file (none, or longer than a path may be)."""
    if URL.match(target) or REFERENCE.search(target) or "$" in target:
        return None
    if not target or len(target) > PATH_CHARS or "\x00" in target:
        return ""
    folder = str(docs) if target.startswith("/") else os.path.dirname(os.path.normpath(docs / doc_id))
    full = os.path.normpath(os.path.join(folder, target.lstrip("/")))
    return os.path.relpath(full, docs).replace(os.sep, "/")


@functools.lru_cache(maxsize=1 << 12)
def _in_full(options: str) -> bool:
    """Whether an include with `options` takes all of the file (no `tag=`, `tags=` or `lines=`)."""
    return not include_options(options).keys() & PARTIAL


def _is_asciidoc(doc_id: str, docs: Path, root: Path) -> bool:
    name = doc_id.lower()
    if name.endswith(_ADOC):
        return True
    return name.endswith(".txt") and _asciidoc_conf_above(docs / doc_id, root)


def _asciidoc_conf_above(page: Path, root: Path) -> bool:
    """Whether `asciidoc.conf` lies in the page's folder or one above it, within `root` and the page's repository,
    as the loader looks for it (text.py's _asciidoc_project: the same folders_up())."""
    top = os.path.realpath(root)
    for folder in folders_up(page):
        if not (folder == top or folder.startswith(top.rstrip(os.sep) + os.sep)):
            return False
        if os.path.isfile(os.path.join(folder, "asciidoc.conf")):
            return True
    return False
