"""docs.sqlite as the search side reads it: a published generation's file, opened immutable, one reader per
thread. Its documents (metadata for results, resources and the edition filters), full texts and passages (for
fetch, snippets and feedback). The indexer's side, and the schema, are docstore.py's.
"""

from __future__ import annotations

import json
import sqlite3
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

from indexer.groups import Groups
from indexer.model import Document, Passage
from indexer.store.docstore import ADDED_COLUMNS, DOC_COLUMNS, table_columns

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
KEPT = 4096  # documents, and passages with their text, that a reader remembers (the most recently read)


class DocReader:
    """Read-only access to a published generation's docs.sqlite. One per thread. A generation's file never
    changes, so the documents and passages that searches show are remembered: agents search around one topic, and
    a third of the benchmark's results were read before (about 30 us a document, 20 a passage)."""

    def __init__(self, path: Path) -> None:
        uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
        self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        have = self._have = table_columns(self._db)
        added = ", ".join(name if name in have else f"'' AS {name}" for name, _ in ADDED_COLUMNS)
        self._columns = f"{DOC_COLUMNS}, {added}"  # an older generation's table lacks the added columns
        self._documents: _Kept[str, Document] = _Kept()
        self._passages: _Kept[tuple[str, int], tuple[Passage, str]] = _Kept()

    def meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def document(self, doc_id: str) -> Document | None:
        row = self._db.execute(f"SELECT {self._columns} FROM documents WHERE id = ?", (doc_id,)).fetchone()
        return _document(row) if row else None

    def documents(self, ids: Iterable[str]) -> dict[str, Document]:
        found, missing = self._documents.get(ids)
        for chunk in (missing[i : i + 500] for i in range(0, len(missing), 500)):
            marks = ",".join("?" * len(chunk))
            for row in self._db.execute(f"SELECT {self._columns} FROM documents WHERE id IN ({marks})", chunk):
                found[row[0]] = self._documents.put(row[0], _document(row))
        return found

    def list_documents(self, after: str, limit: int, groups: Groups = None) -> list[Document]:
        """Documents `groups` may see (see visible()) in id order, starting after the id `after` ("" first)."""
        clause, params = _visible_clause(groups)
        rows = self._db.execute(
            f"SELECT {self._columns} FROM documents WHERE id > ? AND {clause} ORDER BY id LIMIT ?",
            (after, *params, limit),
        )
        return [_document(row) for row in rows]

    def editions(self, ids: Iterable[str]) -> dict[str, tuple[str, str, str]]:
        """(url, language, version) of the documents `ids` names that exist."""
        ids = list(ids)
        if "version" not in self._have:
            return {}
        found: dict[str, tuple[str, str, str]] = {}
        for chunk in (ids[i : i + 500] for i in range(0, len(ids), 500)):
            marks = ",".join("?" * len(chunk))
            query = f"SELECT id, url, language, version FROM documents WHERE id IN ({marks})"
            found.update((row[0], (row[1], row[2], row[3])) for row in self._db.execute(query, chunk))
        return found

    def has_versions(self) -> bool:
        """Whether a document of the generation belongs to one of several versions of its site."""
        if "version" not in self._have:
            return False
        return self._db.execute("SELECT 1 FROM documents WHERE version != '' LIMIT 1").fetchone() is not None

    def edition_ids(self, field: str, name: str) -> frozenset[str]:
        """The ids of the documents whose `field` ("language" or "version") is `name`, in any case."""
        if field not in ("language", "version") or field not in self._have:
            return frozenset()
        rows = self._db.execute(f"SELECT id FROM documents WHERE lower({field}) = ?", (name.lower(),))
        return frozenset(row[0] for row in rows)

    def text(self, doc_id: str) -> str | None:
        row = self._db.execute("SELECT text FROM texts WHERE id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def slice(self, doc_id: str, start: int, end: int) -> str:
        row = self._db.execute(
            "SELECT substr(text, ?, ?) FROM texts WHERE id = ?", (start + 1, max(0, end - start), doc_id)
        ).fetchone()
        return row[0] if row else ""

    def passages(self, doc_id: str) -> list[Passage]:
        rows = self._db.execute(
            "SELECT ordinal, heading, page, start, end FROM passages WHERE doc_id = ? ORDER BY ordinal",
            (doc_id,),
        )
        return [Passage(doc_id, *row) for row in rows]

    def passage(self, doc_id: str, ordinal: int) -> Passage | None:
        row = self._db.execute(
            "SELECT ordinal, heading, page, start, end FROM passages WHERE doc_id = ? AND ordinal = ?",
            (doc_id, ordinal),
        ).fetchone()
        return Passage(doc_id, *row) if row else None

    def passages_with_text(self, refs: Iterable[tuple[str, int]]) -> dict[tuple[str, int], tuple[Passage, str]]:
        """(doc id, ordinal) -> (that passage, its text), for those of `refs` that exist. One primary-key query
        per passage: faster than any one query for all of them (a row-value IN makes SQLite scan the table)."""
        found, missing = self._passages.get(refs)
        for doc_id, ordinal in missing:
            row = self._db.execute(
                "SELECT p.heading, p.page, p.start, p.end, substr(t.text, p.start + 1, p.end - p.start)"
                " FROM passages p JOIN texts t ON t.id = p.doc_id WHERE p.doc_id = ? AND p.ordinal = ?",
                (doc_id, ordinal),
            ).fetchone()
            if row is not None:
                heading, page, start, end, text = row
                passage = Passage(doc_id, ordinal, heading, page, start, end)
                found[doc_id, ordinal] = self._passages.put((doc_id, ordinal), (passage, text))
        return found

    def all_passages(self) -> Iterator[tuple[str, int, str, str, str, tuple[str, ...]]]:
        """(doc id, ordinal, document title, heading, text, document groups) of every passage, in id order."""
        rows = self._db.execute(
            "SELECT p.doc_id, p.ordinal, d.title, p.heading, substr(t.text, p.start + 1, p.end - p.start), d.access"
            " FROM passages p JOIN documents d ON d.id = p.doc_id JOIN texts t ON t.id = p.doc_id"
            " ORDER BY p.doc_id, p.ordinal"
        )
        for doc_id, ordinal, title, heading, text, access in rows:
            yield doc_id, ordinal, title, heading, text, tuple(json.loads(access))

    def formats(self, groups: Groups = None) -> list[tuple[str, int]]:
        """(format, how many documents `groups` may see are of it), the most common first: from an index of the
        documents by format and access (11 ms at 100,000 documents; a scan of their table, 0.1 to 0.7 s)."""
        clause, params = _visible_clause(groups)
        query = f"SELECT format, count(*) FROM documents WHERE {clause} GROUP BY format ORDER BY count(*) DESC, format"
        return [(fmt, int(n)) for fmt, n in self._db.execute(query, params)]

    def count(self, groups: Groups = None) -> int:
        clause, params = _visible_clause(groups)
        return int(self._db.execute(f"SELECT count(*) FROM documents WHERE {clause}", params).fetchone()[0])

    def close(self) -> None:
        self._db.close()


def _visible_clause(groups: Groups) -> tuple[str, tuple[str, ...]]:
    """The SQL condition on `documents` that visible() states, with its parameters."""
    if groups is None:
        return "1", ()
    names = tuple(sorted(groups))
    marks = ",".join("?" * len(names))
    exists = f" OR EXISTS (SELECT 1 FROM json_each(documents.access) WHERE value IN ({marks}))" if names else ""
    return f"(access = '[]'{exists})", names


def _document(row: tuple[Any, ...]) -> Document:
    (doc_id, fmt, title, url, source, size, mtime_ns, sha256, pages, headings, tags, access, chars, n, lang, ver) = row
    return Document(
        id=doc_id,
        title=title,
        url=url,
        format=fmt,
        source=source,
        size=size,
        modified=mtime_ns / 1e9,
        sha256=sha256,
        pages=pages,
        headings=tuple(json.loads(headings)),
        tags=tuple(json.loads(tags)),
        access=tuple(json.loads(access)),
        chars=chars,
        passages=n,
        language=lang,
        version=ver,
    )


class _Kept(Generic[K, V]):
    """The KEPT values read most recently, by key."""

    def __init__(self) -> None:
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, keys: Iterable[K]) -> tuple[dict[K, V], list[K]]:
        """The values kept of `keys`, and the keys of those that are not (each once, in order)."""
        found: dict[K, V] = {}
        missing: dict[K, None] = {}
        for key in keys:
            value = self._values.get(key)
            if value is None:
                missing[key] = None
            else:
                self._values.move_to_end(key)
                found[key] = value
        return found, list(missing)

    def put(self, key: K, value: V) -> V:
        self._values[key] = value
        if len(self._values) > KEPT:
            self._values.popitem(last=False)
        return value
