"""Fenced code in Markdown source, as the passes that run before the Markdown parser (templates, dialects, MDX)
see it, line by line: a line that starts (at any indentation) with three or more backticks or tildes opens a
fence, and the next such line of the same character, at least as long, closes it."""

from __future__ import annotations

import re

__all__ = ["closes", "opens"]

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def opens(line: str) -> str | None:
    """The fence a line opens (its run of backticks or tildes), or None when it is no fence line."""
    marker = _FENCE.match(line)
    return marker.group(1) if marker else None


def closes(line: str, fence: str) -> bool:
    """Whether `line` closes the open `fence`."""
    marker = opens(line)
    return marker is not None and marker[0] == fence[0] and len(marker) >= len(fence)
