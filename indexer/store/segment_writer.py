"""Whoosh's segment writer for the passage schema, writing Whoosh's own bytes in a fraction of its time.

Whoosh puts every posting in a pool as a tuple, sorts the pool when the segment is flushed, and hands the
postings one at a time through three layers of calls to its block writer, which looks up each one's field
length on the way: most of the time indexing takes. Here each field keeps its terms' postings in a dict, in
document order as they come, with its documents' field lengths beside them; the flush sorts the terms and
writes each term's blocks whole, in Whoosh's format (pickled blocks of at most the codec's block limit, with
their statistics; only the compression differs, see COMPRESS_FROM). tests/store/test_segment_writer.py holds what a
reader sees to what Whoosh's own writer gives. A segment that takes in other segments (a merge: add_reader fills
Whoosh's pool) is written Whoosh's way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3Codec
from whoosh.system import pack_ushort
from whoosh.util.numeric import byte_to_length
from whoosh.writing import SegmentWriter

from indexer.store.postings import FieldPostings
from indexer.store.schema import Posting
from indexer.store.segment_blocks import COMPRESSION, TermPostings, copy_postings, length_byte, write_field


class PassageSegmentWriter(SegmentWriter):
    """A SegmentWriter for fields without boosts, vectors or separate spelling words (the passage schema)."""

    def __init__(self, ix: Any, copied: Sequence[str] = (), **kwargs: Any) -> None:
        """`copied`: the fields whose postings field_postings() gives after the flush."""
        super().__init__(ix, codec=W3Codec(compression=COMPRESSION), **kwargs)
        self._terms: dict[str, dict[bytes, TermPostings]] = {}
        self._lengths: dict[str, dict[int, int]] = {}  # field -> docnum -> length in words (if scorable)
        self._last: dict[str, tuple[Any, list[Posting]]] = {}  # field -> last value, its postings (a title repeats)
        self._copied = {name: FieldPostings(lengths=self._lengths.setdefault(name, {})) for name in copied}
        self.posting_count = 0  # postings held in memory until the flush
        self._lengths_written: dict[str, int] = {}  # field -> how many of its lengths are in Whoosh's columns

    def field_postings(self) -> list[FieldPostings]:
        """The postings of the `copied` fields, in that order, once the segment is flushed."""
        return list(self._copied.values())

    def add_document(self, **fields: Any) -> None:
        self._check_state()
        schema, perdoc, docnum = self.schema, self.perdocwriter, self.docnum
        # Every field is analysed before anything is written: text that fails analysis leaves no trace.
        names = sorted(fields)
        analysed = [self._postings(name, fields[name]) if schema[name].indexed else () for name in names]
        perdoc.start_doc(docnum)
        for name, postings in zip(names, analysed, strict=True):
            value = fields[name]
            field = schema[name]
            length = 0
            if field.indexed:
                terms = self._terms.get(name)
                if terms is None:
                    terms = self._terms[name] = defaultdict(list)
                for tbytes, freq, weight, vbytes in postings:
                    terms[tbytes] += (docnum, weight, vbytes)  # TermPostings
                    length += freq
                self.posting_count += len(postings)
                if not field.scorable:
                    length = 0
                elif length:
                    self._lengths.setdefault(name, {})[docnum] = length
            if field.stored:  # the length goes in later, with every other document's (_write_lengths)
                perdoc.add_field(name, field, value, 0)
            if field.column_type:
                perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def _postings(self, name: str, value: Any) -> list[Posting]:
        """A field value's postings; the last value of each field is remembered (a title repeats)."""
        last = self._last.get(name)
        if last is None or last[0] != value:
            last = self._last[name] = (value, list(self.schema[name].index(value)))
        return last[1]

    def add_reader(self, reader: Any) -> None:
        self._write_lengths()  # Whoosh writes the merged documents' lengths after ours, in document order
        super().add_reader(reader)

    def _write_lengths(self) -> None:
        """Put the field lengths of the documents added since the last call in Whoosh's length columns, as its
        per-document writer's add_field() would have done one document at a time: a byte per document (0 for
        none) up to the last one with a length, and the field's total."""
        perdoc = self.perdocwriter
        for name, lengths in self._lengths.items():
            written = self._lengths_written.get(name, 0)
            if len(lengths) == written:
                continue
            items = list(lengths.items())[written:]  # in document order, as they were added
            self._lengths_written[name] = len(lengths)
            column_name = f"_{name}_len"
            if not perdoc._has_column(column_name):
                perdoc._create_column(column_name, LENGTHS_COLUMN)
            column = perdoc._get_column(column_name)
            base = column._count  # the documents before it have their byte
            column_bytes = bytearray(items[-1][0] + 1 - base)
            for docnum, length in items:
                column_bytes[docnum - base] = length_byte(length)
            column._dbfile.write(bytes(column_bytes))
            column._count = items[-1][0] + 1
            perdoc._fieldlengths[name] += sum(length for _, length in items)

    def _flush_segment(self) -> None:
        self._write_lengths()
        self.perdocwriter.close()
        if self.pool.fieldnames:  # segments merged in: their postings are in Whoosh's pool, so ours join them
            self._flush_pooled()
            return
        writer = self.fieldwriter
        for name in sorted(self._terms):
            field = self.schema[name]
            writer.start_field(name, field)
            terms, lengths, copy = self._terms[name], self._lengths.get(name, {}), self._copied.get(name)
            write_field(writer, pack_ushort(writer._fieldid), field, terms, lengths, copy)
            writer.finish_field()
        writer.close()

    def _flush_pooled(self) -> None:
        add = self.pool.add
        for name, terms in self._terms.items():
            copy = self._copied.get(name)
            for tbytes in sorted(terms):
                postings = terms[tbytes]
                docnums, weights, values = postings[0::3], postings[1::3], postings[2::3]
                for docnum, weight, vbytes in zip(docnums, weights, values, strict=True):
                    add((name, tbytes, docnum, weight, vbytes))
                if copy is not None:
                    copy_postings(copy, tbytes, docnums, weights, values)
        reader = self.per_document_reader() if self.codec.length_stats else None
        lengths = _FieldLengths(reader, self.docnum) if reader else None
        self.fieldwriter.add_postings(self.schema, lengths, self.pool.iter_postings())
        self.fieldwriter.close()
        if reader:
            reader.close()


class _FieldLengths:
    """A per-document reader whose field lengths are read once per field, not once per posting (Whoosh's
    flush of a pool asks for each posting's, through a column reader and a file-existence check each time)."""

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
