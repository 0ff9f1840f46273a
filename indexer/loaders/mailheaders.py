"""E-mail header fields as the email package parses them (mail.py's policy), in bounded time and memory.

The package parses a field's value each time it is asked for, in Python, at up to 35 microseconds a separator
(a Content-Type of 10,000 empty parameters, `;;;;...`, takes 0.4 s and 9 MB of parse tree), and it asks for a
part's Content-Type and Content-Disposition again on each walk over the message's parts. So:
- a field is read up to MAX_HEADER characters (a mailing list's To and Cc hold some hundred addresses);
- a parse is kept, without its parse tree and defects, which nothing here reads (they only serve to write a
  message out again): 3 kB for that Content-Type instead of 9 MB, so thousands are kept, and a message of
  hundreds of parts is parsed once, not once a walk (200 parts of their own 1,000-character Content-Types took
  6.8 s, three parses each);
- one file's MIME fields (Content-Type, Content-Disposition, Content-Transfer-Encoding, the message's own and
  its parts') are charged the parser's work they hold, in tokens: a separator (`;`, a quote, a parenthesis, a
  backslash, `,@<>[]:`, an encoded word's `=?`, a run of white space) is 10 to 35 microseconds of parsing, some
  characters after a stray quote or parenthesis are parsed one by one at up to 1.4 microseconds, so
  CHARS_A_TOKEN characters are a token too; the other characters cost some hundredths (10,000-character fields:
  a percent-encoded file name takes 2 ms, `;` 0.3 s, quotes 0.3 s, parentheses 0.2 s, space-separated words 60 ms,
  100 quotes and 9,900 letters 14 ms). A field longer than LONG_FIELD characters is charged its tokens beyond
  FREE_TOKENS (header_budget()); once the file's MAX_TOKENS are spent, such fields are read only up to
  LONG_FIELD characters, which hold a real field's type, charset, boundary and file name. A message of 200
  parts, each with its own 10,000-character Content-Type of `;`, took 120 s and more, a mailbox of 100 messages
  with their own 28 s. Real mail is never charged: its fields hold up to 16 separators (CPython's e-mail test
  data, a list archive of 5,000 messages), and up to 22 tokens, as do fields of 250 to 420 characters that name
  a Japanese file in RFC 2231's percent-encoding or in encoded words (a budget of characters cut those of a
  mailbox of 200 messages from its 39th on).
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
    "CHARS_A_TOKEN",
    "FREE_TOKENS",
    "LONG_FIELD",
    "MAX_HEADER",
    "MAX_TOKENS",
    "POLICY",
    "HeaderBudget",
    "cut_by_budget",
    "cut_warning",
    "header_budget",
]

MAX_HEADER = 10_000  # characters of a header field that are read
LONG_FIELD = 200  # characters a longer MIME field is read up to once its file's MAX_TOKENS are spent
CHARS_A_TOKEN = 25  # characters that count as one token of parsing, as a separator does (module docstring)
FREE_TOKENS = 100  # tokens a MIME field holds free of charge (real ones some 20)
MAX_TOKENS = 30_000  # tokens one file's long MIME fields may hold beyond FREE_TOKENS each and be read whole (~1 s)
_MIME_FIELDS = frozenset({"content-type", "content-disposition", "content-transfer-encoding"})
_PARENTHESES = re.compile(r"[()]")
_SEPARATORS = ';"()\\,@<>[]:'  # what the email package's parser works on, with `=?` and runs of white space
_SPACES = re.compile(r"\s+")


class HeaderBudget:
    """What is left of one file's MAX_TOKENS, and how many long MIME fields were cut once it was spent. A
    field is judged once, the first time it is parsed, so that every walk over the message sees it alike."""

    def __init__(self, tokens: int = MAX_TOKENS) -> None:
        self.left = tokens
        self.cut = 0  # distinct long fields read only up to LONG_FIELD characters
        self._limits: dict[int, int] = {}  # hash of a long field's value -> the characters of it that are read

    def limit(self, value: str) -> int:
        """How many characters of the MIME field `value` are read."""
        if len(value) <= LONG_FIELD:
            return MAX_HEADER
        key = hash(value)
        if key not in self._limits:
            charge = max(0, _tokens(value[:MAX_HEADER]) - FREE_TOKENS)
            whole = charge <= self.left
            self.left -= charge if whole else 0
            self.cut += not whole
            self._limits[key] = MAX_HEADER if whole else LONG_FIELD
        return self._limits[key]

    def was_cut(self, value: str) -> bool:
        """Whether the MIME field `value` was judged and read only up to LONG_FIELD characters."""
        return len(value) > LONG_FIELD and self._limits.get(hash(value)) == LONG_FIELD


def _tokens(value: str) -> int:
    """The parser's work on `value` (module docstring): its separators, and a token for each CHARS_A_TOKEN
    characters; counted in C, a field of 10,000 separators in a tenth of a millisecond."""
    separators = sum(map(value.count, _SEPARATORS)) + value.count("=?") + len(_SPACES.findall(value))
    return separators + len(value) // CHARS_A_TOKEN


def cut_warning(cut: int) -> list[str]:
    """The warning for `cut` long MIME fields read only up to LONG_FIELD characters ([] for none)."""
    if not cut:
        return []
    fields = "field was" if cut == 1 else f"{cut:,} fields were"
    return [
        f"its MIME headers (Content-Type, Content-Disposition, Content-Transfer-Encoding) hold more than "
        f"{MAX_TOKENS:,} tokens beyond the first {FREE_TOKENS} of each (a ';', quote, parenthesis or space is one, "
        f"and so are {CHARS_A_TOKEN} characters): {fields} read only up to their first {LONG_FIELD} characters"
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
    MAX_TOKENS (module docstring). Outside one, fields are read up to MAX_HEADER characters."""
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
