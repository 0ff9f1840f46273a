"""AsciiDoc files that are pieces of other pages: no page of their own in a folder of plain AsciiDoc.

Asciidoctor renders only the files a build names; a file that other documents include (`include::config/pull.adoc[]`)
is read where they include it. git's manual is so: 137 of its 944 `.adoc` files are untitled pieces that pages
include (config/pull.adoc, through config.adoc, in git-config's page), which, as pages of their own, came before
the pages that show them ('configure a pull to rebase by default' found config/pull.adoc first, a headless piece).

The rule, for a folder no site generator publishes (a site's generator has rules of its own: Antora's partials lie
outside its pages): an AsciiDoc file (`.adoc`, `.asciidoc`, or `.txt` where AsciiDoc Python's `asciidoc.conf` lies
beside it or above, as the loader reads it) with no document title (`= Title`, or a title underlined by `=`, at its
top) is a fragment when a page includes it, in full (no `tag=`, `tags=` or `lines=`), directly or through other
fragments, within includes.MAX_DEPTH includes, as the loader reads includes. A chapter that starts at a section
(`== Caching`, Hibernate's user guide) is one too: its book is the page Asciidoctor renders. A page is a file
indexed that is titled or that no AsciiDoc file indexed includes; so a file nobody includes stays a page, and so do
untitled files that include one another in a loop no page includes (their text would be in no page). A fragment is
still read where pages include it, and a change to it reads them again (includes.py remembers it).

The scan is cheap and bounded: each AsciiDoc file is read once, at most `max_bytes`, its include lines found by one
pattern over its bytes (at most includes.MAX_INCLUDES of them); targets naming an attribute the file does not
define itself (`{build_dir}`), or a URL, are no include here. Conditionals (`ifdef::`) are not decided: a file
included under one counts as included.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Iterable
from pathlib import Path

from indexer.ingest.scanner import Candidate
from indexer.loaders.asciidocreader import COMMENT_BLOCK
from indexer.loaders.includes import MAX_DEPTH, MAX_INCLUDES, folders_up

__all__ = ["REASON", "fragments"]

REASON = "an untitled AsciiDoc file that other pages include: no page of its own, read where they include it"
_ADOC = (".adoc", ".asciidoc")
# an include directive (not escaped), an attribute entry or a comment block's delimiter (inside one, neither of the
# others counts), as asciidocdirectives.py reads them, over a file's bytes
_LINE = re.compile(rb"^(?:include::([^\[\s]*)\[(.*)\]|:(\w[^:\n]*?):[ \t]*(.*?)|(/{4,}))[ \t]*\r?$", re.MULTILINE)
_REFERENCE = re.compile(r"\{([\w][\w-]*)\}")
_PARTIAL = re.compile(r"(?:^|,)[ \t]*(?:tags?|lines)[ \t]*=")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_PATH_CHARS = 4096  # a target longer than a path may be (PATH_MAX) names no file
_HEADER_LINES, _HEADER_BYTES = 200, 40_000  # looked at for a title: past them, a file counts as titled (a page)
_TITLE = re.compile(r"^(?:=|#)[ \t]+\S")  # `= Title`; `# Title`, Asciidoctor's Markdown-style one
_SKIPPED_ABOVE = re.compile(r"^(?://(?!/).*|:!?\w[^:]*:.*|\[.*\]|(?:ifn?def|ifeval|endif)::.*)?$")


def fragments(files: Iterable[Candidate], docs: Path, root: Path, max_bytes: int) -> set[str]:
    """The ids of the files in `files` (indexed from `docs`) that are fragments (see the module docstring);
    `root`: the folder included files may come from, where `asciidoc.conf` makes `.txt` files AsciiDoc."""
    adoc = [c for c in files if _is_asciidoc(c.id, docs, root)]
    includes: dict[str, list[str]] = {}
    titled: set[str] = set()
    for candidate in adoc:
        data = read_head(candidate.path, max_bytes)
        includes[candidate.id] = _included(data, candidate.id, docs)
        if _titled(data):
            titled.add(candidate.id)
    known = set(includes)
    included = {target for targets in includes.values() for target in targets if target in known}
    pages = [doc_id for doc_id in includes if doc_id in titled or doc_id not in included]
    return _reached(pages, includes, known - titled)


def _reached(pages: list[str], includes: dict[str, list[str]], untitled: set[str]) -> set[str]:
    """The untitled files that `pages` include, or files they include do, within MAX_DEPTH includes; each file is
    visited once (a loop ends there)."""
    depth = dict.fromkeys(pages, 0)
    queue = deque(pages)
    found: set[str] = set()
    while queue:
        doc_id = queue.popleft()
        if depth[doc_id] >= MAX_DEPTH:
            continue
        for target in includes.get(doc_id, ()):
            if target in untitled and target not in depth:
                depth[target] = depth[doc_id] + 1
                found.add(target)
                queue.append(target)
    return found


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


def read_head(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, at most `max_bytes` (the scan skipped larger files; one that grew since is cut); none when
    it cannot be read (the run's reading of it says what is wrong). sphinximages.py reads pages so too."""
    try:
        with open(path, "rb") as f:
            return f.read(max_bytes)
    except OSError:
        return b""


def _included(data: bytes, doc_id: str, docs: Path) -> list[str]:
    """The ids (paths from `docs`) of the files the file `doc_id` includes in full, as its bytes `data` name them
    (a target from `/` is one from `docs`, as includes.py places it)."""
    if b"include::" not in data:  # (most files: found at the speed of memory, as a pattern is not)
        return []
    attributes: dict[str, str] = {}
    found: list[str] = []
    folder = os.path.dirname(os.path.normpath(docs / doc_id))
    directives, comment = 0, False
    for match in _LINE.finditer(data):
        target, options, name, value, delimiter = (
            g.decode("utf-8", "replace") if g is not None else None for g in match.groups()
        )
        if delimiter is not None or comment:
            comment = comment != (delimiter is not None)
            continue
        if name is not None:
            if len(value or "") <= _PATH_CHARS:  # (a longer one names no file: not kept, nor put in a target)
                attributes[name.lower()] = value or ""
            continue
        directives += 1
        if directives > MAX_INCLUDES:  # past what the loader reads for one document
            break
        if target is None or _PARTIAL.search(options or ""):
            continue
        target = _REFERENCE.sub(lambda m: attributes.get(m.group(1).lower(), m.group(0)), target)
        if not target or len(target) > _PATH_CHARS or "{" in target or _URL.match(target) or "\x00" in target:
            continue
        full = os.path.normpath(os.path.join(str(docs) if target.startswith("/") else folder, target.lstrip("/")))
        found.append(os.path.relpath(full, docs).replace(os.sep, "/"))
    return found


def _titled(data: bytes) -> bool:
    """Whether the file starts with a document title, past blank lines, comments, attribute entries, block
    attribute lines and conditionals: `= Title` (or `# Title`), or a title underlined by `=` (git's manual pages:
    `git-pull(1)` over `===========`). One whose top cannot be told within _HEADER_LINES counts as titled."""
    head = data[:_HEADER_BYTES]
    lines = head.decode("utf-8", "replace").splitlines()[:_HEADER_LINES]
    comment = False
    for index, line in enumerate(line.rstrip() for line in lines):
        delimiter = bool(COMMENT_BLOCK.match(line))  # `////`: a comment block opens or closes
        if comment or delimiter:
            comment = comment != delimiter
            continue
        if _SKIPPED_ABOVE.match(line):
            continue
        under = lines[index + 1].rstrip() if index + 1 < len(lines) else ""
        underlined = len(under) >= 2 and set(under) == {"="} and abs(len(under) - len(line)) <= 1
        return bool(_TITLE.match(line)) or (underlined and line[0] not in " \t." and any(c.isalnum() for c in line))
    return len(lines) >= _HEADER_LINES or len(data) > len(head)  # (none but blanks, comments, entries: untitled)
