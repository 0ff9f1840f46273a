"""Writing the passage index of a generation: one writer, plus segments built by worker processes.

Whoosh allows one writer per index. Worker processes each build a segment of their own, as Whoosh's own
multiprocessing writer does, and hand it to the one writer, which applies deletions, merges small segments
and commits a single table of contents. Whoosh's private segment methods are used here and nowhere else.
Each passage's scored fields go, as the very postings Whoosh indexes, into the postings copy as well
(postings.py): a worker builds a postings segment beside its Whoosh segment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from whoosh import index

from indexer.groups import PUBLIC
from indexer.store import passage_owners
from indexer.store.docstore import DocRecord
from indexer.store.postings import FIELDS, PostingsBuilder
from indexer.store.postings_writer import PostingsWriter
from indexer.store.schema import build_schema, passage_body, section_heading
from indexer.store.segment_writer import PassageSegmentWriter
from indexer.store.storage import POSTINGS_DIR, WHOOSH_DIR

WRITER_MEMORY_MB = 1024  # the committing writer's pool, which only merges fill: above it, Whoosh spills runs to disk
MAX_SEGMENT_POSTINGS = 6_000_000  # a worker's segment is closed at this many postings: about 500 MB held


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
        body = passage_body(record.title, span.heading, record.text[span.start : span.end])
        fields = {**common, "ordinal": ordinal, "body": body}
        heading = section_heading(record.title, span.heading)
        if heading:
            fields["heading"] = heading
        yield fields


def _add(writer: PassageSegmentWriter, postings: PostingsBuilder | PostingsWriter, record: DocRecord) -> None:
    """Index a document's passages in Whoosh, and the same postings of their scored fields in the copy."""
    for fields in passage_fields(record):
        writer.add_document(**fields)
        postings.add(record.id, record.access, fields["ordinal"])


class PassageIndex:
    """The writer of one generation's passage index: `folder` holds whoosh/ and postings/."""

    def __init__(self, folder: Path, create: bool) -> None:
        self.folder = folder
        whoosh_dir = folder / WHOOSH_DIR
        ix = index.create_in(whoosh_dir, build_schema()) if create else index.open_dir(whoosh_dir)
        self._writer = PassageSegmentWriter(ix, copied=FIELDS, limitmb=WRITER_MEMORY_MB)
        self._postings = PostingsWriter(folder / POSTINGS_DIR)

    def delete(self, doc_id: str) -> None:
        self._writer.delete_by_term("doc_id", doc_id)
        self._postings.delete(doc_id)

    def add(self, record: DocRecord) -> None:
        _add(self._writer, self._postings, record)

    def commit(self, segments: list[tuple[Any, str | None]], drop: frozenset[str] = frozenset()) -> None:
        """Commit this writer's changes together with the (Whoosh, postings) segments worker processes built,
        without the passages of the documents in `drop` (added, then refused when their record was stored)."""
        writer = self._writer
        final = writer._merge_segments(None, None, None)
        if writer._added:
            final.append(writer._finalize_segment())
        else:
            writer._close_segment()
        final.extend(whoosh for whoosh, _ in segments)
        self._postings.commit(self._writer.field_postings(), [name for _, name in segments if name], drop)
        writer._commit_toc(final)
        writer._finish()
        if drop:  # rare: a second, small commit that marks their passages deleted in the new segments
            dropper = index.open_dir(self.folder / WHOOSH_DIR).writer()
            for doc_id in drop:
                dropper.delete_by_term("doc_id", doc_id)
            dropper.commit(merge=False)
        passage_owners.write_missing(self.folder / WHOOSH_DIR)  # what the new segments' passages are, for filters

    def cancel(self) -> None:
        if not self._writer.is_closed:
            self._writer.cancel()


class SegmentBuilder:
    """Builds new segments in a worker process, for PassageIndex.commit to take in. A segment's postings are
    held in memory until it is written, so a segment is closed, and the next one started, once it holds
    `max_postings` of them (about 80 bytes each)."""

    def __init__(
        self, folder: Path, max_postings: int = MAX_SEGMENT_POSTINGS, before_roll: Callable[[], None] | None = None
    ) -> None:
        """`before_roll` is called before a full segment is written out (a long step: seconds)."""
        self._folder = folder
        self._max_postings = max_postings
        self._before_roll = before_roll
        self._built: list[tuple[Any, str | None]] = []
        self._start()

    def _start(self) -> None:
        ix = index.open_dir(self._folder / WHOOSH_DIR)
        self._writer = PassageSegmentWriter(ix, copied=FIELDS, _lk=False)  # no merges: Whoosh's pool stays empty
        self._postings = PostingsBuilder(self._folder / POSTINGS_DIR)

    def add(self, record: DocRecord) -> None:
        _add(self._writer, self._postings, record)
        if self._writer.posting_count >= self._max_postings:
            if self._before_roll:
                self._before_roll()
            self._built.append(self._finish_segment())
            self._start()

    def finish(self) -> list[tuple[Any, str | None]]:
        """The finished (Whoosh segment, postings segment name) pairs; none when nothing was added."""
        if not self._writer._added:
            # Not cancel(): that destroys the temp folder (MAIN.tmp) every writer on this index shares,
            # under the feet of the parent's writer and the other workers. The empty segment's files
            # are left for the parent's commit to clean up.
            self._writer._close_segment()
            return self._built
        return [*self._built, self._finish_segment()]

    def _finish_segment(self) -> tuple[Any, str | None]:
        return self._writer._finalize_segment(), self._postings.finish(self._writer.field_postings())
