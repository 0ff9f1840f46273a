"""Whoosh's segment writer for the passage schema, writing Whoosh's own bytes in a fraction of its time.

Whoosh puts every posting in a pool as a tuple, sorts the pool when the segment is flushed, and hands the
postings one at a time through three layers of calls to its block writer, which looks up each one's field
length on the way: most of the time indexing takes. Here each field keeps its terms' postings in a dict, in
document order as they come, with its documents' field lengths beside them; the flush sorts the terms and
writes each term's blocks whole, in Whoosh's format (pickled blocks of at most the codec's block limit, with
their statistics; only the compression differs, see COMPRESS_FROM). tests/test_segment_writer.py holds what a
reader sees to what Whoosh's own writer gives. A segment that takes in other segments (a merge: add_reader fills
Whoosh's pool) is written Whoosh's way.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Sequence
from operator import sub
from typing import Any

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, WHOOSH3_HEADER_MAGIC, W3Codec, W3TermInfo
from whoosh.compat import dumps
from whoosh.system import pack_int, pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

from indexer.postings import FieldPostings
from indexer.schema import Posting

# A block whose pickle is shorter is stored as it is (compression level 0 in its header, which Whoosh's reader
# honours): zlib gains nothing on a few dozen bytes and costs more than the rest of the block's writing.
# Whoosh means to do the same below 20 bytes, but a slip in its writer compresses every block.
COMPRESS_FROM = 256
COMPRESSION = 1  # zlib's level for larger blocks: a quarter faster than Whoosh's 3, for blocks about 8% larger

TermPostings = list[tuple[int, float, bytes]]  # (docnum, weight, encoded value) in docnum order


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

    def field_postings(self) -> list[FieldPostings]:
        """The postings of the `copied` fields, in that order, once the segment is flushed."""
        return list(self._copied.values())

    def add_document(self, **fields: Any) -> None:
        self._check_state()
        schema, perdoc, docnum = self.schema, self.perdocwriter, self.docnum
        perdoc.start_doc(docnum)
        for name in sorted(fields):
            value = fields[name]
            field = schema[name]
            length = 0
            if field.indexed:
                last = self._last.get(name)
                if last is None or last[0] != value:
                    last = self._last[name] = (value, list(field.index(value)))
                terms = self._terms.setdefault(name, {})
                for tbytes, freq, weight, vbytes in last[1]:
                    postings = terms.get(tbytes)
                    if postings is None:
                        terms[tbytes] = postings = []
                    postings.append((docnum, weight, vbytes))
                    length += freq
                self.posting_count += len(last[1])
                if not field.scorable:
                    length = 0
                elif length:
                    self._lengths.setdefault(name, {})[docnum] = length
            if field.stored or length:  # otherwise Whoosh's add_field does nothing
                perdoc.add_field(name, field, value if field.stored else None, length)
            if field.column_type:
                perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def _flush_segment(self) -> None:
        self.perdocwriter.close()
        if self.pool.fieldnames:  # segments merged in: their postings are in Whoosh's pool, so ours join them
            self._flush_pooled()
            return
        writer = self.fieldwriter
        for name in sorted(self._terms):
            field = self.schema[name]
            writer.start_field(name, field)
            terms, lengths, copy = self._terms[name], self._lengths.get(name, {}), self._copied.get(name)
            _write_field(writer, pack_ushort(writer._fieldid), field, terms, lengths, copy)
            writer.finish_field()
        writer.close()

    def _flush_pooled(self) -> None:
        add = self.pool.add
        for name, terms in self._terms.items():
            copy = self._copied.get(name)
            for tbytes in sorted(terms):
                postings = terms[tbytes]
                for docnum, weight, vbytes in postings:
                    add((name, tbytes, docnum, weight, vbytes))
                if copy is not None:
                    _copy(copy, tbytes, postings)
        reader = self.per_document_reader() if self.codec.length_stats else None
        lengths = _FieldLengths(reader, self.docnum) if reader else None
        self.fieldwriter.add_postings(self.schema, lengths, self.pool.iter_postings())
        self.fieldwriter.close()
        if reader:
            reader.close()


def _copy(copy: FieldPostings, term: bytes, postings: TermPostings) -> None:
    docnums, weights, _ = zip(*postings, strict=True)
    copy.terms.append(term)
    copy.counts.append(len(postings))
    copy.passages.extend(docnums)
    copy.weights.extend(weights)


def _write_field(
    writer: Any,
    field_key: bytes,
    field: Any,
    terms: dict[bytes, TermPostings],
    lengths: dict[int, int],
    copy: FieldPostings | None,
) -> None:
    """Each term's postings and its entry in the terms table, as Whoosh's W3FieldWriter writes them; and, when
    `copy` is given, the postings laid flat in it as well."""
    postfile, table = writer._postfile, writer._tindex
    limit, level = writer._postwriter._blocklimit, writer._postwriter._compression
    fixed_size = field.format.fixed_value_size()
    for tbytes in sorted(terms):
        postings = terms[tbytes]
        info = W3TermInfo()
        start = postfile.tell()
        postfile.write(WHOOSH3_HEADER_MAGIC)  # before a term's first block
        for first in range(0, len(postings), limit):
            block = postings[first : first + limit]
            _write_block(postfile, info, block, lengths, fixed_size, level, last=first + limit >= len(postings))
        info.set_extent(start, postfile.tell() - start)
        table.add(field_key + tbytes, info.to_bytes())
        if copy is not None:
            _copy(copy, tbytes, postings)


def _write_block(
    postfile: Any,
    info: W3TermInfo,
    block: TermPostings,
    lengths: dict[int, int],
    fixed_size: int | None,
    level: int,
    last: bool,
) -> None:
    """One block of a term's postings, and its share of the term's statistics (W3PostingsWriter._write_block)."""
    docnums, block_weights, values = zip(*block, strict=True)
    weights = array("f", block_weights)
    present = list(filter(None, map(lengths.get, docnums)))
    # Whoosh takes these from the lengths it stored as one byte each, and stores them as one byte again: the
    # same bytes as the exact lengths give.
    min_length = min(present) if present else None
    max_length = max(present) if present else 0
    max_weight = max(block_weights)
    if not max_weight > 0:  # Whoosh's starts at 0 and takes any greater weight
        max_weight = 0

    info._weight += sum(weights)
    info._df += len(block)
    if info._minlength is None:
        info._minlength = min_length
    elif min_length is not None:
        info._minlength = min(info._minlength, min_length)
    info._maxlength = max(info._maxlength, max_length)
    info._maxweight = max(info._maxweight, max_weight)
    if info._minid is None:
        info._minid = docnums[0]
    info._maxid = docnums[-1]

    ids = tuple(map(sub, docnums, (0, *docnums[:-1])))
    uniform = weights.count(weights[0]) == len(weights)
    mini_weights = (None if weights[0] == 1.0 else weights[0]) if uniform else tuple(weights)
    if fixed_size is None or fixed_size < 0:
        mini_values: Any = tuple(filter(None, values))  # Whoosh keeps only non-empty values
    else:
        mini_values = None if fixed_size == 0 else b"".join(values)
    data = dumps((ids, mini_weights, mini_values), 2)
    if len(data) < COMPRESS_FROM:
        level = 0
    elif level:
        data = zlib.compress(data, level)
    stats = (len(docnums), docnums[-1], max_weight, level, length_to_byte(min_length), length_to_byte(max_length))
    head = dumps(stats, 2)
    size = len(head) + len(data)
    postfile.write(pack_int(-size if last else size) + head + data)


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
