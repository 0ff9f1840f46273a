"""One cleaning step for every text a loader gives, before anything stores or indexes it.

Loaders hand on what files hold, and files hold anything: NUL bytes, lone UTF-16 surrogates (a PDF's
ToUnicode map can point at U+D800; SQLite and UTF-8 refuse them), terminal escape sequences, C0 and C1
control characters. clean_text() makes any str safe to store, to index and to send as JSON:
- carriage returns, vertical tabs and form feeds (page breaks) become newlines;
- lone surrogates become U+FFFD, the replacement character;
- ANSI escape sequences (colours in saved terminal output) and every other control character (C0 but tab
  and newline, DEL, C1) and the noncharacters U+FFFE and U+FFFF are removed;
- so are the invisible characters that sit inside words: the soft hyphen (HTML's `&shy;`: German docs write
  `Dokumentations&shy;framework`, which must be found as one word), the zero-width space, the word joiner and a
  byte-order mark past the start. (Zero-width joiners and non-joiners stay: some scripts and emoji need them.)
Text with none of these (nearly all) is returned as it is, after one scan.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_UNSAFE_CHAR = "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u200b\u2060\ufeff\ud800-\udfff\ufffe\uffff]"
_ANY_UNSAFE = re.compile(_UNSAFE_CHAR)  # one character class: the fastest scan for the common case, none
_UNSAFE = re.compile("\r\n|\x1b\\[[0-9;?]*[ -/]*[@-~]|" + _UNSAFE_CHAR)
_NEWLINES = frozenset({"\r\n", "\r", "\x0b", "\x0c"})


def clean_text(text: str) -> str:
    """`text` without the characters listed in the module docstring."""
    if _ANY_UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_replacement, text)


def _replacement(match: re.Match[str]) -> str:
    found = match.group()
    if found in _NEWLINES:
        return "\n"
    if "\ud800" <= found <= "\udfff":
        return "\ufffd"
    return ""


def clean_value(value: Any) -> Any:
    """A JSON-like value (front matter) with every string in it cleaned, keys included."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, Mapping):
        return {clean_text(str(k)): clean_value(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(clean_value(v) for v in value)
    if isinstance(value, list):
        return [clean_value(v) for v in value]
    return value
