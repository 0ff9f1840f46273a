"""docs.sqlite: every document's metadata, full text and passage spans, plus what a run needs next time.

Written only by the indexer, inside a generation folder that no reader sees until it is published (DocStore);
the next run reads its state back (read_state). The search side reads it with the file opened immutable
(docreader.py), through the columns named here. `records` holds what only the indexer's next run reads (the
fragment scan's record of each AsciiDoc file: a megabyte at 12,000 files), kept out of `meta`, which every search
snapshot loads.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from indexer.model import Span

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY, format TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL,
    source TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, sha256 TEXT NOT NULL,
    pages INTEGER, headings TEXT NOT NULL, tags TEXT NOT NULL, access TEXT NOT NULL,
    front_matter TEXT NOT NULL, warnings TEXT NOT NULL, chars INTEGER NOT NULL, passages INTEGER NOT NULL,
    language TEXT NOT NULL DEFAULT '', version TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS documents_format ON documents (format, access);
CREATE TABLE IF NOT EXISTS texts (id TEXT PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS passages (
    doc_id TEXT NOT NULL, ordinal INTEGER NOT NULL, heading TEXT NOT NULL, page INTEGER,
    start INTEGER NOT NULL, end INTEGER NOT NULL, PRIMARY KEY (doc_id, ordinal)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS skipped (
    id TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, reason TEXT NOT NULL,
    by_design INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS records (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS includes (
    doc_id TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    PRIMARY KEY (doc_id, path)
) WITHOUT ROWID;
"""

DOC_COLUMNS = "id, format, title, url, source, size, mtime_ns, sha256, pages, headings, tags, access, chars, passages"
_PUT_COLUMNS = (
    "id, format, title, url, source, size, mtime_ns, sha256, pages, headings, tags, access, front_matter, warnings, "
    "chars, passages"
)
# Columns added since the first version of the table: (name, definition). A generation seeded from an older
# one gains them when the indexer opens it; a reader of an older generation reads them as "".
ADDED_COLUMNS = (("language", "TEXT NOT NULL DEFAULT ''"), ("version", "TEXT NOT NULL DEFAULT ''"))


@dataclass(frozen=True)
class Stamp:
    """What a run remembers of a file to tell, without reading it, that it has not changed."""

    size: int
    mtime_ns: int
    sha256: str = ""


@dataclass(frozen=True)
class DocRecord:
    """One parsed document as the indexer stores it."""

    id: str
    format: str
    title: str
    source: str
    size: int
    mtime_ns: int
    sha256: str
    pages: int | None
    headings: tuple[str, ...]
    tags: tuple[str, ...]
    access: tuple[str, ...]
    front_matter: Mapping[str, Any]
    warnings: tuple[str, ...]
    text: str
    spans: tuple[Span, ...]
    includes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # files it includes -> (size, mtime_ns)


@dataclass(frozen=True)
class Failure:
    """A file that is no document, and why. The next run carries it over, without reading it, while the file and
    what it included (or named, missing then) stay as they were."""

    stamp: Stamp
    reason: str
    by_design: bool = False  # no fault of the file: the site publishes no page for it (a draft)
    includes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # as DocRecord.includes


class DocStore:
    """Read-write access to a generation's docs.sqlite, for the indexer's single writer."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.executescript("PRAGMA journal_mode=DELETE; PRAGMA synchronous=NORMAL;" + _SCHEMA)
        have = self._have = table_columns(self._db)
        for name, definition in ADDED_COLUMNS:
            if name not in have:
                self._db.execute(f"ALTER TABLE documents ADD COLUMN {name} {definition}")
        if "by_design" not in table_columns(self._db, "skipped"):  # a copy of a generation written before it
            self._db.execute("ALTER TABLE skipped ADD COLUMN by_design INTEGER NOT NULL DEFAULT 0")
        self._db.execute("BEGIN")

    def set_meta(self, values: Mapping[str, str]) -> None:
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", values.items())

    def set_records(self, values: Mapping[str, str]) -> None:
        """Keep what the next run reads back (RunState.records), and nothing the search side loads."""
        self._db.executemany("INSERT OR REPLACE INTO records VALUES (?, ?)", values.items())

    def front_matters(self) -> Iterator[tuple[str, str, dict[str, Any], str]]:
        """(id, source path, front matter, title) of every document."""
        for doc_id, source, front_matter, title in self._db.execute(
            "SELECT id, source, front_matter, title FROM documents"
        ).fetchall():
            front = json.loads(front_matter)
            yield doc_id, source, front if isinstance(front, dict) else {}, title

    def ids(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT id FROM documents ORDER BY id")]

    def put(self, record: DocRecord, url: str, replace: bool = True) -> None:
        """Store a document; `replace=False` when the id is known to be new (a fresh build's every document). Its
        language and version are "" until set_edition() says otherwise."""
        if replace:
            self.delete(record.id)
        self._db.execute(
            f"INSERT INTO documents ({_PUT_COLUMNS}) VALUES ({', '.join('?' * 16)})",
            (
                record.id,
                record.format,
                record.title,
                url,
                record.source,
                record.size,
                record.mtime_ns,
                record.sha256,
                record.pages,
                _json(record.headings),
                _json(record.tags),
                _json(record.access),
                _json(dict(record.front_matter)),
                _json(record.warnings),
                len(record.text),
                len(record.spans),
            ),
        )
        self._db.execute("INSERT INTO texts VALUES (?, ?)", (record.id, record.text))
        self._db.executemany(
            "INSERT INTO passages VALUES (?, ?, ?, ?, ?, ?)",
            ((record.id, i, s.heading, s.page, s.start, s.end) for i, s in enumerate(record.spans)),
        )
        self._db.executemany(
            "INSERT INTO includes VALUES (?, ?, ?, ?)",
            ((record.id, path, size, mtime_ns) for path, (size, mtime_ns) in record.includes.items()),
        )

    def touch(self, doc_id: str, stamp: Stamp) -> None:
        """Record a new size and mtime for a document whose content did not change."""
        self._db.execute(
            "UPDATE documents SET size = ?, mtime_ns = ? WHERE id = ?", (stamp.size, stamp.mtime_ns, doc_id)
        )

    def set_url(self, doc_id: str, url: str) -> None:
        self._db.execute("UPDATE documents SET url = ? WHERE id = ?", (url, doc_id))

    def set_edition(self, doc_id: str, language: str, version: str) -> None:
        """A document's language and version (on a site that keeps several: editions.py)."""
        self._db.execute("UPDATE documents SET language = ?, version = ? WHERE id = ?", (language, version, doc_id))

    def delete(self, doc_id: str) -> None:
        for table, column in (("documents", "id"), ("texts", "id"), ("passages", "doc_id"), ("includes", "doc_id")):
            self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (doc_id,))

    def clear_failed(self) -> None:
        """Forget the previous run's failures (copied with its generation), and what they included, before a
        file that failed then is stored again as a document or a failure."""
        self._db.execute("DELETE FROM skipped")
        self._db.execute("DELETE FROM includes WHERE doc_id NOT IN (SELECT id FROM documents)")

    def add_failed(self, entries: Iterable[tuple[str, Failure]]) -> None:
        """Store this run's failures (after clear_failed()), with the files each included."""
        entries = list(entries)
        self._db.executemany(
            "INSERT INTO skipped (id, size, mtime_ns, reason, by_design) VALUES (?, ?, ?, ?, ?)",
            ((doc_id, f.stamp.size, f.stamp.mtime_ns, f.reason, f.by_design) for doc_id, f in entries),
        )
        self._db.executemany(
            "INSERT INTO includes VALUES (?, ?, ?, ?)",
            ((doc_id, path, size, mtime_ns) for doc_id, f in entries for path, (size, mtime_ns) in f.includes.items()),
        )

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM documents").fetchone()[0])

    def passage_count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM passages").fetchone()[0])

    def commit(self) -> None:
        self._db.execute("COMMIT")
        self._db.close()

    def close(self) -> None:
        """Give up: roll back what is not committed. Safe after commit(), which closes the database itself."""
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.ProgrammingError:  # already closed
            return
        self._db.close()


@dataclass(frozen=True)
class RunState:
    """What the last run left for the next one: settings, file stamps, and files that failed to load."""

    meta: dict[str, str]
    stamps: dict[str, Stamp]
    failed: dict[str, Failure]
    includes: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)  # id -> its includes' stamps
    # (a document's, or a failed file's)
    records: dict[str, str] = field(default_factory=dict)  # the `records` table: what only the indexer reads


def read_state(path: Path) -> RunState:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        stamps = {
            row[0]: Stamp(row[1], row[2], row[3])
            for row in db.execute("SELECT id, size, mtime_ns, sha256 FROM documents")
        }
        includes: dict[str, dict[str, tuple[int, int]]] = {}
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'includes'").fetchone():  # not before this version
            for doc_id, name, size, mtime_ns in db.execute("SELECT doc_id, path, size, mtime_ns FROM includes"):
                includes.setdefault(doc_id, {})[name] = (size, mtime_ns)
        records: dict[str, str] = {}
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'records'").fetchone():  # not before this version
            records = dict(db.execute("SELECT name, value FROM records").fetchall())
        failed: dict[str, Failure] = {}
        if "by_design" in table_columns(db, "skipped"):  # else written before failures kept their kind and includes:
            # none is carried over, each is read again, once
            failed = {
                row[0]: Failure(Stamp(row[1], row[2]), row[3], bool(row[4]), includes.get(row[0], {}))
                for row in db.execute("SELECT id, size, mtime_ns, reason, by_design FROM skipped")
            }
    finally:
        db.close()
    return RunState(meta, stamps, failed, includes, records)


def read_front_matters(path: Path, key: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(id, front matter) of the documents in a generation's docs.sqlite whose front matter may hold `key` (for
    the next run, as read_state())."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT id, front_matter FROM documents WHERE instr(front_matter, ?)", (json.dumps(key),))
        for doc_id, front_matter in rows:
            front = json.loads(front_matter)
            if isinstance(front, dict) and key in front:
                yield doc_id, front
    finally:
        db.close()


def table_columns(db: sqlite3.Connection, table: str = "documents") -> set[str]:
    """The names of a table's columns (a table written by an older indexer lacks the added ones)."""
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # json.dumps would make one per call


def _json(value: Any) -> str:
    if not value:  # most documents have no tags, groups or warnings
        return "{}" if isinstance(value, Mapping) else "[]"
    return _ENCODER.encode(value)
