"""Writing the passage index of a generation: one writer, plus segments built by worker processes.

Whoosh allows one writer per index. Worker processes each build a segment of their own, as Whoosh's own
multiprocessing writer does, and hand it to the one writer, which applies deletions, merges small segments
and commits a single table of contents. Whoosh's private segment methods are used here and nowhere else.
Each passage's scored fields go, as the very postings Whoosh indexes, into the postings copy as well
(postings.py): a worker builds a postings segment beside its Whoosh segment.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from whoosh import index
from whoosh.codec.whoosh3 import LENGTHS_COLUMN
from whoosh.util.numeric import byte_to_length
from whoosh.writing import SegmentWriter

from indexer.access import PUBLIC
from indexer.docstore import DocRecord
from indexer.postings import FIELDS, FieldPostings, PostingsBuilder
from indexer.postings_writer import PostingsWriter
from indexer.schema import build_schema
from indexer.storage import POSTINGS_DIR, WHOOSH_DIR

WRITER_MEMORY_MB = 1024  # per writer: below this Whoosh sorts postings in memory, above it spills runs to disk


def passage_fields(record: DocRecord) -> Iterator[dict[str, Any]]:
    """The Whoosh fields of each passage of a document."""
    common: dict[str, Any] = {
        "doc_id": record.id,
        "title": record.title,
        "path": record.id,
        "title_exact": record.title.strip().lower(),
        "type": record.format,
    }
    if record.tags:
        common["tag"] = ",".join(record.tags)
    common["access"] = ",".join(record.access) if record.access else PUBLIC
    if not record.spans:  # no text (a scanned PDF): still findable by title and path
        yield {**common, "ordinal": 0}
        return
    for ordinal, span in enumerate(record.spans):
        # The body carries the passage's context: the document's title and the section's heading, so one BM25
        # saturation covers a word wherever it appears (scoring fields apart counts a title word twice).
        heading = span.heading if span.heading != record.title else ""  # an H1 is often the title itself
        body = "\n".join(part for part in (record.title, heading, record.text[span.start : span.end]) if part)
        fields = {**common, "ordinal": ordinal, "body": body}
        if heading:
            fields["heading"] = heading
        yield fields


class _FieldLengths:
    """A per-document reader whose field lengths are read once per field, not once per posting.

    Whoosh's segment flush asks for the field length of every posting it writes, through a column reader and
    a file-existence check each time: a third of the time it takes to write a segment.
    """

    def __init__(self, reader: Any, doc_count: int) -> None:
        self._reader = reader
        self._doc_count = doc_count
        self._lengths: dict[str, list[int] | None] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> int:
        lengths = self._lengths.get(fieldname, ())
        if lengths == ():
            lengths = self._load(fieldname)
        return lengths[docnum] if lengths is not None else default

    def _load(self, fieldname: str) -> list[int] | None:
        column = f"_{fieldname}_len"
        lengths = None
        if self._reader.has_column(column):
            values = self._reader.column_reader(column, LENGTHS_COLUMN)
            lengths = [byte_to_length(values[n]) for n in range(self._doc_count)]
        self._lengths[fieldname] = lengths
        return lengths

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


class _SegmentWriter(SegmentWriter):
    """Whoosh's SegmentWriter with a faster flush: the same files, written in about two thirds of the time."""

    def _flush_segment(self) -> None:
        self.perdocwriter.close()
        reader = self.per_document_reader() if self.codec.length_stats else None
        lengths = _FieldLengths(reader, self.docnum) if reader else None
        self.fieldwriter.add_postings(self.schema, lengths, self.pool.iter_postings())
        self.fieldwriter.close()
        if reader:
            reader.close()


def _add(writer: _SegmentWriter, postings: PostingsBuilder | PostingsWriter, record: DocRecord) -> None:
    """Index a document's passages in Whoosh, and the same postings of their scored fields in the copy."""
    schema = writer.schema
    for fields in passage_fields(record):
        writer.add_document(**fields)
        scored: FieldPostings = [
            [(term, freq) for term, freq, _, _ in schema[name].analyzed(fields[name])] if name in fields else []
            for name in FIELDS
        ]
        postings.add(record.id, record.access, fields["ordinal"], scored)


class PassageIndex:
    """The writer of one generation's passage index: `folder` holds whoosh/ and postings/."""

    def __init__(self, folder: Path, create: bool) -> None:
        self.folder = folder
        whoosh_dir = folder / WHOOSH_DIR
        ix = index.create_in(whoosh_dir, build_schema()) if create else index.open_dir(whoosh_dir)
        self._writer = _SegmentWriter(ix, limitmb=WRITER_MEMORY_MB)
        self._postings = PostingsWriter(folder / POSTINGS_DIR)

    def delete(self, doc_id: str) -> None:
        self._writer.delete_by_term("doc_id", doc_id)
        self._postings.delete(doc_id)

    def add(self, record: DocRecord) -> None:
        _add(self._writer, self._postings, record)

    def commit(self, segments: list[tuple[Any, str | None]]) -> None:
        """Commit this writer's changes together with the (Whoosh, postings) segments worker processes built."""
        writer = self._writer
        final = writer._merge_segments(None, None, None)
        if writer._added:
            final.append(writer._finalize_segment())
        else:
            writer._close_segment()
        final.extend(whoosh for whoosh, _ in segments)
        self._postings.commit([name for _, name in segments if name])
        writer._commit_toc(final)
        writer._finish()

    def cancel(self) -> None:
        if not self._writer.is_closed:
            self._writer.cancel()


class SegmentBuilder:
    """Builds one new segment in a worker process, for PassageIndex.commit to take in."""

    def __init__(self, folder: Path) -> None:
        self._writer = _SegmentWriter(index.open_dir(folder / WHOOSH_DIR), _lk=False, limitmb=WRITER_MEMORY_MB)
        self._postings = PostingsBuilder(folder / POSTINGS_DIR)

    def add(self, record: DocRecord) -> None:
        _add(self._writer, self._postings, record)

    def finish(self) -> tuple[Any, str | None] | None:
        """The finished (Whoosh segment, postings segment name), or None when nothing was added."""
        if not self._writer._added:
            # Not cancel(): that destroys the temp folder (MAIN.tmp) every writer on this index shares,
            # under the feet of the parent's writer and the other workers. The empty segment's files
            # are left for the parent's commit to clean up.
            self._writer._close_segment()
            return None
        return self._writer._finalize_segment(), self._postings.finish()
