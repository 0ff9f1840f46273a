"""Writing one field's postings as Whoosh's segment files hold them: each term's blocks (pickled, at most the
codec's block limit, with their statistics), its term info in the terms table, and the same postings into the
postings copy. The segment writer (segment_writer.py) hands each field's terms over once, sorted."""

from __future__ import annotations

import struct
import zlib
from array import array
from collections.abc import Sequence
from operator import sub
from typing import Any

from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC
from whoosh.compat import dumps
from whoosh.system import pack_int
from whoosh.util.numeric import length_to_byte

from indexer.store.positions import extend_positions
from indexer.store.postings import FieldPostings

# A block whose pickle is shorter is stored as it is (compression level 0 in its header, which Whoosh's reader
# honours): zlib gains nothing on a few dozen bytes and costs more than the rest of the block's writing.
# Whoosh means to do the same below 20 bytes, but a slip in its writer compresses every block.
COMPRESS_FROM = 256
COMPRESSION = 1  # zlib's level for larger blocks: a quarter faster than Whoosh's 3, for blocks about 8% larger

# A term's postings in docnum order, laid flat: docnum, weight, encoded value, docnum, ... No tuple per posting:
# the flush takes the three columns apart with slices, and a segment holds millions of postings.
TermPostings = list[Any]


def copy_postings(
    copy: FieldPostings, term: bytes, docnums: Sequence[int], weights: Sequence[float], values: Sequence[bytes]
) -> None:
    """A term's postings, laid flat in the copy, with the positions their values encode."""
    copy.terms.append(term)
    copy.counts.append(len(docnums))
    copy.passages.extend(docnums)
    copy.weights.extend(weights)
    extend_positions(copy.positions, values)


def write_field(
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
                    length_byte(min_length),
                    length_byte(max_length),
                    max_weight,
                    docnums[0],
                    docnums[-1],
                    start,
                    offset - start,
                ),
            )
        )
        if copy is not None:
            copy_postings(copy, tbytes, docnums, weights, values)
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
    head = dumps((len(docnums), docnums[-1], max_weight, level, length_byte(min_length), length_byte(max_length)), 2)
    size = len(head) + len(data)
    return pack_int(-size if last else size) + head + data, sum(weights), max_weight, min_length, max_length


_LENGTH_BYTES = [length_to_byte(length) for length in range(4096)]


def length_byte(length: int | None) -> int:
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
