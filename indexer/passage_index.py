"""Writing the Whoosh passage index of a generation: one writer, plus segments built by worker processes.

Whoosh allows one writer per index. Worker processes each build a segment of their own, as Whoosh's own
multiprocessing writer does, and hand it to the one writer, which applies deletions, merges small segments
and commits a single table of contents. Whoosh's private segment methods are used here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from whoosh import index
from whoosh.writing import SegmentWriter

from indexer.docstore import DocRecord
from indexer.schema import build_schema

WRITER_MEMORY_MB = 256


def passage_fields(record: DocRecord) -> Iterator[dict[str, Any]]:
    """The Whoosh fields of each passage of a document."""
    common: dict[str, Any] = {
        "doc_id": record.id,
        "title": record.title,
        "path": record.id,
        "path_exact": record.id,
        "title_exact": record.title.strip().lower(),
        "type": record.format,
    }
    if record.tags:
        common["tag"] = ",".join(record.tags)
    if record.access:
        common["access"] = ",".join(record.access)
    if not record.spans:  # no text (a scanned PDF): still findable by title and path
        yield {**common, "pid": f"{record.id}#0"}
        return
    for ordinal, span in enumerate(record.spans):
        fields = {**common, "pid": f"{record.id}#{ordinal}", "body": record.text[span.start : span.end]}
        if span.heading:
            fields["heading"] = span.heading
        yield fields


class PassageIndex:
    """The writer of one generation's Whoosh index."""

    def __init__(self, folder: Path, create: bool) -> None:
        self.folder = folder
        ix = index.create_in(folder, build_schema()) if create else index.open_dir(folder)
        self._writer = ix.writer(limitmb=WRITER_MEMORY_MB)

    def delete(self, doc_id: str) -> None:
        self._writer.delete_by_term("doc_id", doc_id)

    def add(self, record: DocRecord) -> None:
        for fields in passage_fields(record):
            self._writer.add_document(**fields)

    def commit(self, segments: list[Any]) -> None:
        """Commit this writer's changes together with segments that worker processes built."""
        writer = self._writer
        final = writer._merge_segments(None, None, None)
        if writer._added:
            final.append(writer._finalize_segment())
        else:
            writer._close_segment()
        final.extend(segments)
        writer._commit_toc(final)
        writer._finish()

    def cancel(self) -> None:
        if not self._writer.is_closed:
            self._writer.cancel()


class SegmentBuilder:
    """Builds one new segment in a worker process, for PassageIndex.commit to take in."""

    def __init__(self, folder: Path) -> None:
        self._writer = SegmentWriter(index.open_dir(folder), _lk=False, limitmb=WRITER_MEMORY_MB)

    def add(self, record: DocRecord) -> None:
        for fields in passage_fields(record):
            self._writer.add_document(**fields)

    def finish(self) -> Any:
        """The finished segment, or None when nothing was added."""
        if not self._writer._added:
            # Not cancel(): that destroys the temp folder (MAIN.tmp) every writer on this index shares,
            # under the feet of the parent's writer and the other workers. The empty segment's files
            # are left for the parent's commit to clean up.
            self._writer._close_segment()
            return None
        return self._writer._finalize_segment()
