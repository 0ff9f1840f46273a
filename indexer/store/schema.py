"""The Whoosh schema of the passage index, and the fast indexing path of its text fields.

One Whoosh document per passage: its document's id, title and path, its section heading and its text.
"""

from __future__ import annotations

from typing import Any

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from indexer.text.analysis import TextAnalyzer, path_analyzer

# Bump when the schema or the analysis changes: an index with another version is rebuilt in full.
SCHEMA_VERSION = 9

Posting = tuple[bytes, int, float, bytes]  # (term, frequency, weight, encoded positions)


class FastText(TEXT):
    """A TEXT field indexed through TextAnalyzer.postings(), skipping Whoosh's per-token objects."""

    def index(self, value: Any, **kwargs: Any) -> list[Posting]:
        if not isinstance(self.analyzer, TextAnalyzer) or not isinstance(value, str):
            return list(super().index(value, **kwargs))
        encode = self.format.encode
        boost = self.format.field_boost
        postings = []
        for term, poses in self.analyzer.postings(value).items():
            freq = len(poses)
            if freq == 1:  # most words of a passage: their encoding is looked up, not pickled again
                vbytes = _ONE_POSITION.get(poses[0])
                if vbytes is None:
                    vbytes = _ONE_POSITION[poses[0]] = encode(poses)
            else:
                vbytes = encode(poses)
            postings.append((term.encode("utf-8"), freq, freq * boost, vbytes))
        return postings


_ONE_POSITION: dict[int, bytes] = {}  # position -> the Positions format's encoding of that one position


def build_schema() -> Schema:
    text = TextAnalyzer()
    return Schema(
        doc_id=ID(stored=True),  # the document's id; also what path=... matches
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


def section_heading(title: str, heading: str) -> str:
    """A passage's heading as it is indexed: none when it only repeats the document's title, as an H1 often does."""
    return "" if heading == title else heading


def passage_body(title: str, heading: str, text: str) -> str:
    """What a passage's body field holds: its document's title, its section's heading (section_heading()) and
    its text, so that one BM25 saturation covers a word wherever it is (scoring the title and heading fields
    apart counts a title word twice)."""
    return "\n".join(part for part in (title, section_heading(title, heading), text) if part)
