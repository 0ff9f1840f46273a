"""What the fragment scan (fragments.py) keeps of each AsciiDoc file, and the record of it a run leaves for the
next: whether the file starts with a document title, and its lines that may change what it includes (include and
conditional directives, attribute entries, comment blocks' delimiters), found by one pattern over its bytes. A
file whose size and mtime did not change since the last run is not read again (scan_file()).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from indexer.ingest.scanner import Candidate
from indexer.loaders.asciidocreader import COMMENT_BLOCK, DIRECTIVE, include_options
from indexer.loaders.regular import read_regular

__all__ = ["PARTIAL", "PATH_CHARS", "Scanned", "read_head", "read_scan_record", "scan_file", "scan_record"]

# the lines that may change what a file includes, as asciidocreader.py reads them: include and conditional
# directives, attribute entries (`:` first), comment blocks' delimiters (indented too: the reader strips them);
# found over a file's bytes
_LINE = re.compile(rb"^(?:(?:include|ifn?def|ifeval|endif)::|:|[ \t]*/{4,}[ \t]*\r?$).*", re.MULTILINE)
_MAX_LINES = 10_000  # directive lines kept of one file: the rest names nothing (beyond MAX_INCLUDES, or a bomb)
_LINE_CHARS = 8_192  # of a directive line kept: a longer target or value names no file (PATH_MAX) cut or not;
# a directive's shape is kept (_cut)
PATH_CHARS = 4096  # a target longer than a path may be (PATH_MAX) names no file
PARTIAL = frozenset({"tag", "tags", "lines"})  # an include's options that take only some of the file
_HEADER_LINES, _HEADER_BYTES = 200, 40_000  # looked at for a title: past them, a file counts as titled (a page)
_TITLE = re.compile(r"^(?:=|#)[ \t]+\S")  # `= Title`; `# Title`, Asciidoctor's Markdown-style one
_SKIPPED_ABOVE = re.compile(r"^(?://(?!/).*|:!?\w[^:]*:.*|\[.*\]|(?:ifn?def|ifeval|endif)::.*)?$")
_RECORD_VERSION = 2  # of scan_record()'s JSON, raised when what Scanned keeps changes (_LINE, _titled): a record of
# another version is not read


@dataclass(frozen=True)
class Scanned:
    """What the scan keeps of one AsciiDoc file, as it was (its size and mtime): whether it starts with a title,
    and its lines that may change what it includes (_LINE)."""

    size: int
    mtime_ns: int
    titled: bool
    lines: tuple[str, ...]


def scan_file(candidate: Candidate, before: Scanned | None, max_bytes: int) -> Scanned:
    """What the scan keeps of the file `candidate`: `before` when its size and mtime are those it was kept at."""
    if before is not None and (before.size, before.mtime_ns) == (candidate.size, candidate.mtime_ns):
        return before
    data = read_head(candidate.path, max_bytes).removeprefix(b"\xef\xbb\xbf")
    return Scanned(candidate.size, candidate.mtime_ns, _titled(data), _directive_lines(data))


def _directive_lines(data: bytes) -> tuple[str, ...]:
    """The lines of a file's bytes `data` that may change what it includes (_LINE), at most _MAX_LINES."""
    if b"include::" not in data and b"\n:" not in data and not data.startswith(b":"):
        return ()  # (most files: found at the speed of memory, as a pattern is not; their entries change nothing)
    lines = []
    for match in _LINE.finditer(data):
        lines.append(_cut(match.group().decode("utf-8", "replace").rstrip()))
        if len(lines) >= _MAX_LINES:
            break
    return tuple(lines)


def _cut(line: str) -> str:
    """A directive line as the scan keeps it: at most about _LINE_CHARS, a directive still one (cut short, an
    `ifdef::` that lost its `]` was text to the scan, and the `endif::` after it closed the conditional above:
    the scan counted includes the loader left out). A long include keeps what decides: its target, too long to
    name a file if it was, and whether it takes all of the file."""
    if len(line) <= _LINE_CHARS:
        return line
    directive = DIRECTIVE.match(line)
    if directive is None:
        return line[:_LINE_CHARS]
    escaped, name, target, text = directive.groups()
    if name == "include":
        text = "" if not include_options(text).keys() & PARTIAL else "lines=1"
    return f"{escaped}{name}::{target[: PATH_CHARS + 1]}[{text[:PATH_CHARS]}]"


def scan_record(scanned: Mapping[str, Scanned], docs: Path) -> str:
    """What the scan kept (fragments()), as the index keeps it for the next run (JSON; docstore's `records`,
    which the search side does not load)."""
    files = {doc_id: [s.size, s.mtime_ns, s.titled, list(s.lines)] for doc_id, s in sorted(scanned.items())}
    return json.dumps({"version": _RECORD_VERSION, "docs": str(docs), "files": files}, ensure_ascii=False)


def read_scan_record(text: str, docs: Path) -> dict[str, Scanned]:
    """What the last run's scan kept (scan_record()); none when it was of another folder, written by another
    version, or cannot be read (every file is then read again)."""
    try:
        record = json.loads(text) if text else {}
        if not isinstance(record, dict) or record.get("version") != _RECORD_VERSION or record.get("docs") != str(docs):
            return {}
        return {
            str(doc_id): Scanned(int(size), int(mtime_ns), bool(titled), tuple(str(line) for line in lines))
            for doc_id, (size, mtime_ns, titled, lines) in record["files"].items()
        }
    except (ValueError, TypeError, KeyError, AttributeError):
        return {}


def read_head(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, at most `max_bytes` (the scan skipped larger files; one that grew since is cut); none when
    it cannot be read (the run's reading of it says what is wrong). sphinximages.py reads pages so too."""
    try:
        return read_regular(path, max_bytes)
    except OSError:
        return b""


def _titled(data: bytes) -> bool:
    """Whether the file starts with a document title, past blank lines, comments, attribute entries, block
    attribute lines and conditionals: `= Title` (or `# Title`), or a title underlined by `=` (git's manual pages:
    `git-pull(1)` over `===========`). One whose top cannot be told within _HEADER_LINES counts as titled."""
    head = data[:_HEADER_BYTES]
    lines = head.decode("utf-8", "replace").splitlines()[:_HEADER_LINES]
    comment = False
    for index, line in enumerate(line.rstrip() for line in lines):
        delimiter = bool(COMMENT_BLOCK.match(line.strip()))  # `////`: a comment block opens or closes
        if comment or delimiter:
            comment = comment != delimiter
            continue
        if _SKIPPED_ABOVE.match(line):
            continue
        under = lines[index + 1].rstrip() if index + 1 < len(lines) else ""
        underlined = len(under) >= 2 and set(under) == {"="} and abs(len(under) - len(line)) <= 1
        return bool(_TITLE.match(line)) or (underlined and line[0] not in " \t." and any(c.isalnum() for c in line))
    return len(lines) >= _HEADER_LINES or len(data) > len(head)  # (none but blanks, comments, entries: untitled)
