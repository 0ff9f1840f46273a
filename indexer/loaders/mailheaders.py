"""E-mail header fields as the email package parses them (mail.py's policy), in bounded time and memory.

The package parses a field's value each time it is asked for, in Python, at 5 to 40 microseconds a character
(a Content-Type of 10,000 empty parameters, `;;;;...`, takes 0.4 s and 9 MB of parse tree), and it asks for a
part's Content-Type and Content-Disposition again on each walk over the message's parts. So:
- a field is read up to MAX_HEADER characters (a mailing list's To and Cc hold some hundred addresses);
- a parse is kept, without its parse tree and defects, which nothing here reads (they only serve to write a
  message out again): 3 kB for that Content-Type instead of 9 MB, so thousands are kept, and a message of
  hundreds of parts is parsed once, not once a walk (200 parts of their own 1,000-character Content-Types took
  6.8 s, three parses each);
- one file's MIME fields (Content-Type, Content-Disposition, Content-Transfer-Encoding, the message's own and
  its parts') longer than LONG_FIELD characters are read up to MAX_HEADER characters until they add up to
  MAX_LONG_FIELDS characters (header_budget()), then only up to LONG_FIELD, which holds a real field's type,
  charset, boundary and file name: a message of 200 parts, each with its own 10,000-character Content-Type,
  took 120 s and more, a mailbox of 100 messages with their own 28 s. Real mail never comes near: a field is
  some dozens of characters, a long file name's some hundred.
"""

from __future__ import annotations

import contextlib
import email.policy
import functools
import re
from collections.abc import Iterator
from contextvars import ContextVar
from email.policy import EmailPolicy
from typing import Any

__all__ = [
    "LONG_FIELD",
    "MAX_HEADER",
    "MAX_LONG_FIELDS",
    "POLICY",
    "HeaderBudget",
    "cut_by_budget",
    "cut_warning",
    "header_budget",
]

MAX_HEADER = 10_000  # characters of a header field that are read
LONG_FIELD = 200  # characters of a MIME field past which it counts toward a file's MAX_LONG_FIELDS
MAX_LONG_FIELDS = 20_000  # characters of one file's long MIME fields read whole (up to MAX_HEADER each)
_MIME_FIELDS = frozenset({"content-type", "content-disposition", "content-transfer-encoding"})
_PARENTHESES = re.compile(r"[()]")


class HeaderBudget:
    """What is left of one file's MAX_LONG_FIELDS, and how many long MIME fields were cut once it was spent. A
    field is judged once, the first time it is parsed, so that every walk over the message sees it alike."""

    def __init__(self, chars: int = MAX_LONG_FIELDS) -> None:
        self.left = chars
        self.cut = 0  # distinct long fields read only up to LONG_FIELD characters
        self._limits: dict[int, int] = {}  # hash of a long field's value -> the characters of it that are read

    def limit(self, value: str) -> int:
        """How many characters of the MIME field `value` are read."""
        if len(value) <= LONG_FIELD:
            return MAX_HEADER
        key = hash(value)
        if key not in self._limits:
            read = min(len(value), MAX_HEADER)
            whole = read <= self.left
            self.left -= read if whole else 0
            self.cut += not whole
            self._limits[key] = MAX_HEADER if whole else LONG_FIELD
        return self._limits[key]

    def was_cut(self, value: str) -> bool:
        """Whether the MIME field `value` was judged and read only up to LONG_FIELD characters."""
        return len(value) > LONG_FIELD and self._limits.get(hash(value)) == LONG_FIELD


def cut_warning(cut: int) -> list[str]:
    """The warning for `cut` long MIME fields read only up to LONG_FIELD characters ([] for none)."""
    if not cut:
        return []
    fields = "field was" if cut == 1 else f"{cut:,} fields were"
    return [
        f"its MIME headers (Content-Type, Content-Disposition, Content-Transfer-Encoding) of more than {LONG_FIELD} "
        f"characters pass {MAX_LONG_FIELDS:,} characters in all: {fields} read only up to their first {LONG_FIELD} "
        "characters"
    ]


_BUDGET: ContextVar[HeaderBudget | None] = ContextVar("header_budget", default=None)


def cut_by_budget(name: str, value: str) -> bool:
    """Whether the field `name: value` was read only up to LONG_FIELD characters, as the file's budget spent
    (cut_warning() says so for all of them): not up to MAX_HEADER, as any other field is."""
    budget = _BUDGET.get()
    return budget is not None and name.lower() in _MIME_FIELDS and budget.was_cut(value)


@contextlib.contextmanager
def header_budget() -> Iterator[HeaderBudget]:
    """Around the reading of one file of mail (a saved message, a mailbox): its long MIME fields share one
    MAX_LONG_FIELDS (module docstring). Outside one, fields are read up to MAX_HEADER characters."""
    budget = HeaderBudget()
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


class _BoundedPolicy(EmailPolicy):
    """The email package's default policy, a field's value parsed within the bounds of the module docstring."""

    def header_fetch_parse(self, name: str, value: str) -> Any:
        if not isinstance(value, str):
            return value
        budget = _BUDGET.get()
        limit = budget.limit(value) if budget is not None and name.lower() in _MIME_FIELDS else MAX_HEADER
        return _parsed_header(name, value[:limit])


POLICY = _BoundedPolicy()


def _parsed_header(name: str, value: str) -> Any:
    """A header field's value parsed, and kept: the last 4,096 of LONG_FIELD characters or fewer (up to 10 kB
    each: 4,096 Tos of 40 short addresses keep 43 MB; there are so many that a message's MAX_PARTS parts, with a
    Content-Type and a Content-Disposition of their own, are parsed once, not once a walk), and the last 64
    longer ones (up to 220 kB each: 64 Tos of 600 addresses keep 14 MB)."""
    return _parsed_short(name, value) if len(value) <= LONG_FIELD else _parsed_long(name, value)


def _parsed(name: str, value: str) -> Any:
    """A header field's value parsed (shared by each message that holds it: a header is never changed here),
    without its parse tree and defects. Comments nested past Python's recursion limit (`((((...`, which the
    package's parser reads by recursion, failing the message as "nested too deeply") are read as their text."""
    try:
        header = email.policy.default.header_fetch_parse(name, value)
    except RecursionError:
        header = email.policy.default.header_fetch_parse(name, _PARENTHESES.sub(" ", value))
    header._parse_tree = None  # (read by fold() only: a message is never written out here)
    header._defects = ()
    return header


_parsed_short = functools.lru_cache(maxsize=4096)(_parsed)
_parsed_long = functools.lru_cache(maxsize=64)(_parsed)
