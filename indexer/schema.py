"""The Whoosh schema of the passage index, and the fast indexing path of its text fields.

One Whoosh document per passage: its document's id, title and path, its section heading and its text.
"""

from __future__ import annotations

from typing import Any

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from indexer.analysis import TextAnalyzer, path_analyzer

# Bump when the schema or the analysis changes: an index with another version is rebuilt in full.
SCHEMA_VERSION = 7

Posting = tuple[bytes, int, float, bytes]  # (term, frequency, weight, encoded positions)


class FastText(TEXT):
    """A TEXT field indexed through TextAnalyzer.postings(), skipping Whoosh's per-token objects."""

    _last: tuple[str, list[Posting]] | None = None  # a document's title repeats on each of its passages

    def __getstate__(self) -> dict[str, Any]:
        # Whoosh pickles the schema into each table of contents: leave the memo out of it.
        return {k: v for k, v in self.__dict__.items() if k != "_last"}

    def index(self, value: Any, **kwargs: Any) -> list[Posting]:
        if not isinstance(self.analyzer, TextAnalyzer) or not isinstance(value, str):
            return list(super().index(value, **kwargs))
        return self.analyzed(value)

    def analyzed(self, value: str) -> list[Posting]:
        """The postings of a value, as index() gives them to Whoosh; the last value's are kept, so the
        postings copy (postings.py) reads the very postings Whoosh just indexed without analyzing twice."""
        if self._last is not None and self._last[0] == value:
            return self._last[1]
        encode = self.format.encode
        boost = self.format.field_boost
        postings = [
            (term.encode("utf-8"), len(poses), len(poses) * boost, encode(poses))
            for term, poses in self.analyzer.postings(value).items()
        ]
        self._last = (value, postings)
        return postings


def build_schema() -> Schema:
    text = TextAnalyzer()
    return Schema(
        doc_id=ID(stored=True, sortable=True),  # the document's id; also what path=... matches
        ordinal=STORED,  # the passage's number within its document
        title=FastText(analyzer=text, phrase=True),
        heading=FastText(analyzer=text, phrase=True),
        body=FastText(analyzer=text, phrase=True),
        path=TEXT(analyzer=path_analyzer(), phrase=True),
        title_exact=ID,  # the whole title, lower-cased, for title=...
        type=ID,  # markdown | pdf | text | html
        tag=KEYWORD(lowercase=True, commas=True, scorable=True),
        access=KEYWORD(commas=True),  # groups allowed to see the document, or access.PUBLIC for everyone
    )
