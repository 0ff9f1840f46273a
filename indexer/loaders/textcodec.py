"""Turning the bytes of a text file into a str: BOMs, legacy 8-bit text, binary detection, newlines.

The rules, in order:

1. A byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE) decides the encoding; the BOM is dropped.
2. Without a BOM, NUL bytes or a high share of control characters in the first 8 KiB mean binary
   content, and LoaderError("binary content in a text file") is raised.
3. An `encoding` hint (e.g. an HTML page's declared charset) is tried strictly, read as browsers read it (gb2312
   as GB18030, euc-kr as cp949: codec_for), unless the rules below already cover it (UTF-8, cp1252 and the
   Latin-1/ASCII labels browsers read as cp1252).
4. Strict UTF-8; failing that, Windows-1252, with Latin-1 for the five bytes cp1252 leaves undefined,
   so decoding never fails.

CRLF and lone CR become "\\n".
"""

from __future__ import annotations

import codecs

from indexer.errors import LoaderError

__all__ = ["codec_for", "decode_text"]

_BOMS: tuple[tuple[bytes, str], ...] = (  # UTF-32 first: its LE BOM starts with UTF-16 LE's
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

_SNIFF_BYTES = 8192
_MAX_CONTROL_SHARE = 0.10
# Control bytes that plain text does not contain: all C0 bytes but \t \n \v \f \r and ESC (ANSI colours).
_CONTROL_BYTES = frozenset(range(32)) - {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B}

# Latin-1 maps each byte to the code point of the same number; this table then moves 0x80-0x9F to
# the characters cp1252 puts there, leaving the five bytes cp1252 does not define as they are.
_CP1252_FIXUPS = {byte: char for byte in range(0x80, 0xA0) if (char := bytes([byte]).decode("cp1252", errors="ignore"))}

# Hints the default rules already cover better: browsers read the Latin-1 and ASCII labels as cp1252
# (and a UTF-8 file mislabelled with them is common); BOM-less UTF-16/32 has NULs, so is binary here.
_DEFAULT_RULE_ALIASES = frozenset(
    {"utf-8", "cp1252", "iso8859-1", "ascii"}
    | {f"utf-{bits}{order}" for bits in (16, 32) for order in ("", "-le", "-be")}
)


# What browsers decode text under these labels with (the WHATWG Encoding Standard): each a superset of the label's
# own table, since mail and pages labelled "gb2312" or "euc-kr" are written by tools that use the superset; the
# label's own codec fails on, or turns into U+FFFD, every character outside its table ("朱镕基" labelled gb2312).
_LABEL_CODECS = {"x-gbk": "gb18030", "gb_2312-80": "gb18030", "x-sjis": "cp932", "windows-874": "cp874"}
_SUPERSET_CODECS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "euc_kr": "cp949",
    "shift_jis": "cp932",
    "big5": "big5hkscs",
    "tis-620": "cp874",
    "iso8859-11": "cp874",
    "iso8859-9": "cp1254",
}

_NO_CHARSETS = frozenset({"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined"})


def codec_for(label: str | None) -> str | None:
    """The Python codec to decode text declared as `label` with, as browsers do; None for an unknown label, or
    one that names no character set: Python's codecs include base64, hex and zlib (bytes to bytes, which
    bytes.decode refuses with a LookupError), rot13 (text to text), and idna, punycode and unicode_escape,
    which read escapes or domain names rather than characters and fail with errors="replace" (a mail or a page
    labelled `charset=hex` failed as a whole)."""
    if not label:
        return None
    label = label.strip().lower()
    try:
        info = codecs.lookup(_LABEL_CODECS.get(label, label))
    except LookupError:
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NO_CHARSETS:
        return None
    return _SUPERSET_CODECS.get(info.name, info.name)


def decode_text(data: bytes, encoding: str | None = None) -> str:
    """Decode a text file's bytes to a str with "\\n" newlines; raise LoaderError on binary content."""
    text = _decode_with_bom(data)
    if text is None:
        if is_binary(data):
            raise LoaderError("binary content in a text file")
        text = _decode_with_hint(data, encoding)
        if text is None:
            text = _decode_utf8_or_cp1252(data)
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


_CONTROL_BYTES_DELETE = bytes(sorted(_CONTROL_BYTES))


def is_binary(data: bytes) -> bool:
    """True when the bytes (without a BOM) look like binary data rather than text."""
    if b"\x00" in data:
        return True
    sample = data[:_SNIFF_BYTES]
    if not sample:
        return False
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES_DELETE))
    return controls / len(sample) > _MAX_CONTROL_SHARE


def _decode_with_bom(data: bytes) -> str | None:
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(codec, errors="replace")
    return None


def _decode_with_hint(data: bytes, encoding: str | None) -> str | None:
    name = codec_for(encoding)
    if name is None or name in _DEFAULT_RULE_ALIASES:
        return None
    try:
        return data.decode(name)
    except UnicodeDecodeError:
        return None


def _decode_utf8_or_cp1252(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _decode_cp1252(data)


def _decode_cp1252(data: bytes) -> str:
    return data.decode("latin-1").translate(_CP1252_FIXUPS)
