"""The protocol every document loader follows, and how a loader words a library's error."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from indexer.model import ParsedDoc


class Loader(Protocol):
    """Turns the bytes of one file into a ParsedDoc, or raises LoaderError saying why it cannot."""

    format: str
    suffixes: frozenset[str]  # lower-case, with the dot: {".md", ".markdown"}

    def load(self, path: Path, data: bytes) -> ParsedDoc: ...


def describe(exc: BaseException) -> str:
    """A library's exception as one short line, for the reason a file was skipped."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    return message if len(message) <= 160 else message[:157] + "..."
