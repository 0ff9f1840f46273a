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

import struct
import zlib
from array import array
from collections import defaultdict
from collections.abc import Sequence
from operator import sub
from typing import Any

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, WHOOSH3_HEADER_MAGIC, W3Codec
from whoosh.compat import dumps
from whoosh.system import pack_int, pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

from indexer.store.postings import FieldPostings
from indexer.store.schema import Posting

# A block whose pickle is shorter is stored as it is (compression level 0 in its header, which Whoosh's reader
# honours): zlib gains nothing on a few dozen bytes and costs more than the rest of the block's writing.
# Whoosh means to do the same below 20 bytes, but a slip in its writer compresses every block.
COMPRESS_FROM = 256
COMPRESSION = 1  # zlib's level for larger blocks: a quarter faster than Whoosh's 3, for blocks about 8% larger

# A term's postings in docnum order, laid flat: docnum, weight, encoded value, docnum, ... No tuple per posting:
# the flush takes the three columns apart with slices, and a segment holds millions of postings.
TermPostings = list[Any]


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
                column_bytes[docnum - base] = _length_byte(length)
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
            _write_field(writer, pack_ushort(writer._fieldid), field, terms, lengths, copy)
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
                    _copy(copy, tbytes, docnums, weights)
        reader = self.per_document_reader() if self.codec.length_stats else None
        lengths = _FieldLengths(reader, self.docnum) if reader else None
        self.fieldwriter.add_postings(self.schema, lengths, self.pool.iter_postings())
        self.fieldwriter.close()
        if reader:
            reader.close()


def _copy(copy: FieldPostings, term: bytes, docnums: Sequence[int], weights: Sequence[float]) -> None:
    """A term's postings, laid flat in the copy."""
    copy.terms.append(term)
    copy.counts.append(len(docnums))
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
    `copy` is given, the postings laid flat in it as well. The bytes go out in large writes, not a few per term."""
    postfile = writer._postfile
    limit, level = writer._postwriter._blocklimit, writer._postwriter._compression
    fixed_size = field.format.fixed_value_size()
    values_kind = _SOME_VALUES if fixed_size is None or fixed_size < 0 else _NO_VALUES if fixed_size == 0 else _FIXED
    offset = postfile.tell()
    chunks: list[bytes] = []
    held = 0
    entries: list[tuple[bytes, bytes]] = []
    for tbytes in sorted(terms):
        postings = terms[tbytes]
        docnums, weights, values = postings[0::3], postings[1::3], postings[2::3]
        count = len(docnums)
        start = offset
        chunks.append(WHOOSH3_HEADER_MAGIC)  # before a term's first block
        offset += len(WHOOSH3_HEADER_MAGIC)
        total_weight, max_weight, min_length, max_length = 0.0, 0.0, None, 0
        for first in range(0, count, limit):
            data, block_weight, block_max_weight, block_min_length, block_max_length = _block(
                docnums[first : first + limit],
                weights[first : first + limit],
                values[first : first + limit],
                lengths,
                values_kind,
                level,
                first + limit >= count,
            )
            chunks.append(data)
            offset += len(data)
            total_weight += block_weight
            max_weight = max(max_weight, block_max_weight)
            max_length = max(max_length, block_max_length)
            if min_length is None or (block_min_length is not None and block_min_length < min_length):
                min_length = block_min_length
        entries.append(
            (
                field_key + tbytes,
                _TERM_INFO.pack(
                    0,  # not inlined
                    total_weight,
                    count,
                    _length_byte(min_length),
                    _length_byte(max_length),
                    max_weight,
                    docnums[0],
                    docnums[-1],
                    start,
                    offset - start,
                ),
            )
        )
        if copy is not None:
            _copy(copy, tbytes, docnums, weights)
        held += offset - start
        if held >= _WRITE_BYTES:
            postfile.write(b"".join(chunks))
            chunks, held = [], 0
    postfile.write(b"".join(chunks))
    _add_terms(writer._tindex, entries)


# W3TermInfo.to_bytes() of a term whose postings are not inlined: its statistics, then where its blocks are.
_TERM_INFO = struct.Struct("!BfIBBfIIqi")
_KEY_VALUE_LENGTHS = struct.Struct("!ii")  # before each entry of Whoosh's hash file
_WRITE_BYTES = 1 << 20  # postings are written out in pieces of about this size
_SOME_VALUES, _NO_VALUES, _FIXED = range(3)  # how a field's format stores its values (fixed_value_size)


def _block(
    docnums: Sequence[int],
    block_weights: Sequence[float],
    values: Sequence[bytes],
    lengths: dict[int, int],
    values_kind: int,
    level: int,
    last: bool,
) -> tuple[bytes, float, float, int | None, int]:
    """At most a block limit of a term's postings, as W3PostingsWriter._write_block writes them: (the block's
    bytes, and its sum of weights, greatest weight, least and greatest field length for the term's statistics)."""
    weights = array("f", block_weights)
    present = list(filter(None, map(lengths.get, docnums))) if lengths else ()
    # Whoosh takes these from the lengths it stored as one byte each, and stores them as one byte again: the
    # same bytes as the exact lengths give.
    min_length = min(present) if present else None
    max_length = max(present) if present else 0
    max_weight = max(block_weights)
    if not max_weight > 0:  # Whoosh's starts at 0 and takes any greater weight
        max_weight = 0

    ids = tuple(map(sub, docnums, (0, *docnums[:-1])))
    uniform = weights.count(weights[0]) == len(weights)
    mini_weights = (None if weights[0] == 1.0 else weights[0]) if uniform else tuple(weights)
    if values_kind == _SOME_VALUES:
        mini_values: Any = tuple(filter(None, values))  # Whoosh keeps only non-empty values
    else:
        mini_values = None if values_kind == _NO_VALUES else b"".join(values)
    data = dumps((ids, mini_weights, mini_values), 2)
    if len(data) < COMPRESS_FROM:
        level = 0
    elif level:
        data = zlib.compress(data, level)
    head = dumps((len(docnums), docnums[-1], max_weight, level, _length_byte(min_length), _length_byte(max_length)), 2)
    size = len(head) + len(data)
    return pack_int(-size if last else size) + head + data, sum(weights), max_weight, min_length, max_length


_LENGTH_BYTES = [length_to_byte(length) for length in range(4096)]


def _length_byte(length: int | None) -> int:
    """length_to_byte(), looked up for the lengths passages have; 0 for none."""
    if length is None:
        return 0
    return _LENGTH_BYTES[length] if length < len(_LENGTH_BYTES) else int(length_to_byte(length))


def _add_terms(table: Any, entries: list[tuple[bytes, bytes]]) -> None:
    """Append (key, value) entries, keys ascending, to Whoosh's OrderedHashWriter in one write: what its add()
    does one entry at a time (the entry's lengths, key and value; the key's position and hash)."""
    if not entries:
        return
    if entries[0][0] <= table.lastkey:
        raise ValueError(f"keys must increase: {table.lastkey!r}..{entries[0][0]!r}")
    dbfile, hashfn, buckets, positions = table.dbfile, table.hashfn, table.buckets, table.index
    position = dbfile.tell()
    parts: list[bytes] = []
    for key, value in entries:
        positions.append(position)
        parts += (_KEY_VALUE_LENGTHS.pack(len(key), len(value)), key, value)
        hashed = hashfn(key)
        buckets[hashed & 255].append((hashed, position))
        position += _KEY_VALUE_LENGTHS.size + len(key) + len(value)
    dbfile.write(b"".join(parts))
    table.lastkey = entries[-1][0]


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
