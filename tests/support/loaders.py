"""Helpers for the loader tests: load a file held in memory with the loader the registry picks for its name."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from indexer.loaders import HEAD_BYTES, loader_for
from indexer.model import ParsedDoc

Content = bytes | Callable[[], bytes]


def load(filename: str, content: Content) -> ParsedDoc:
    path = Path(filename)
    data = content() if callable(content) else content
    loader = loader_for(path, data[:HEAD_BYTES])  # as the run picks it: by name, else by its first bytes
    assert loader is not None, f"no loader for {filename}"
    return loader.load(path, data)


def searchable(doc: ParsedDoc) -> str:
    """Everything a loader hands on as text: title, headings and section bodies."""
    return "\n".join([doc.title, *doc.headings, *(section.text for section in doc.sections)])


def assert_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    """The file's searchable text holds every `must_include` and none of `must_not_include`."""
    text = searchable(load(filename, content))
    for wanted in must_include:
        assert wanted in text, f"{wanted!r} is missing from the text of {filename}: {text[:2000]!r}"
    for unwanted in must_not_include:
        assert unwanted not in text, f"{unwanted!r} is in the text of {filename}: {text[:2000]!r}"


def python_lines(filename: str, content: bytes) -> int:
    """How many lines of Python run while `filename` is loaded: a measure of work that machine load leaves alone."""
    return lines_run(lambda: load(filename, content))


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of Python run while `call` runs (see python_lines)."""
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count
