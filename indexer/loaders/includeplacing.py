"""What one page's includes cost it, past the bytes read (includes.py's size limit): the text of each file kept
for the page, the parses of that text kept for it, and the characters the includes put in it.

- A file is read and decoded once for a page, however many includes name it (Placing.texts): 200 includes of a
  ten-line anchor of a 300 kB file read and decoded it 200 times (11 s).
- A loader that goes through a file's text to find its part (mdBook's anchors) does so once for the page
  (parsed_once()), so that each include costs the lines of its own part.
- What the includes put in the page, at every depth, is at most MAX_PLACED characters: past it, the include that
  passes keeps what fits, up to its last whole line, and the rest are left out, with a warning (Placing.put()).
  A loader that shows a part of a file (mdBook's anchors, Sphinx's `:lines:`) asks included_text() for the text
  with `part=True` and puts its part in place itself: 200 includes of a 300 kB anchor made a page of 50 MB that
  took 38 s and 590 MB. ingest/fragments.py counts the same limit, in bytes of whole files (never less than the
  loaders count), so that it never takes for a fragment a file that a page's loader leaves out.

includes.py keeps one Placing in each page's Reading, and its public put_in_place(), put_lines_in_place() and
parsed_once() hand the page's to these methods.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

__all__ = ["MAX_PLACED", "Placing"]

T = TypeVar("T")
# characters the includes of one page put in it, at every depth: half what a record keeps (records.py), as a page
# of 10,000,000 takes 15 to 30 s to read. The Rust book's largest page puts 12,500 in place from 30 includes;
# Hibernate's user guide, one AsciiDoc page, 1,100,000 from 268.
MAX_PLACED = 5_000_000


@dataclass
class Placing:
    """One page's includes: the text of each file read (by its path from the documents folder), the parses of
    those texts, and the characters put in the page so far (past MAX_PLACED once one did not fit)."""

    texts: dict[str, str] = field(default_factory=dict)
    parsed: dict[tuple[int, Any, tuple[Hashable, ...]], tuple[str, Any]] = field(default_factory=dict)
    placed: int = 0

    @property
    def full(self) -> bool:
        """Whether an include did not fit: no more of any file is put in place."""
        return self.placed > MAX_PLACED

    def parsed_once(self, text: str, parse: Callable[..., T], args: tuple[Hashable, ...]) -> T:
        """parse(text, *args), once for the page, for a text of `texts` (the same string each time the file is
        named). What it gives is shared: read it, never change it."""
        key = (id(text), parse, args)
        if key not in self.parsed:
            self.parsed[key] = (text, parse(text, *args))  # (the text kept: its id names no other string meanwhile)
        return cast(T, self.parsed[key][1])

    def put(self, text: str, shown: str, warn: Callable[[str], None]) -> str:
        """`text`, from the file `shown` names, as an include puts it in the page: what fits of MAX_PLACED
        characters, up to its last whole line, with a warning the first time one does not fit."""
        room = MAX_PLACED - self.placed
        if len(text) <= room:
            self.placed += len(text)
            return text
        if room >= 0:  # (the first include that does not fit)
            warn(
                f"the page's includes put more than {MAX_PLACED:,} characters in it: {shown} is cut there, and "
                "the includes after it are left out"
            )
        self.placed = MAX_PLACED + 1
        return text[: text.rfind("\n", 0, max(room, 0)) + 1]

    def put_lines(self, lines: list[str], shown: str, warn: Callable[[str], None]) -> list[str]:
        """put() for a part of a file that is a list of lines."""
        kept = self.put("\n".join(lines), shown, warn)
        return lines if len(kept) == sum(map(len, lines)) + len(lines) - 1 else kept.split("\n")[:-1]
