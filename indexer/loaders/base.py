"""The protocol every document loader follows."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from indexer.model import ParsedDoc


class Loader(Protocol):
    """Turns the bytes of one file into a ParsedDoc, or raises LoaderError saying why it cannot."""

    format: str
    suffixes: frozenset[str]  # lower-case, with the dot: {".md", ".markdown"}

    def load(self, path: Path, data: bytes) -> ParsedDoc: ...
