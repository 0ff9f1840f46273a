"""Path patterns in gitignore syntax, as the folder's ignore and access files write them, compiled one line at a
time so that a bad one is reported with its file, line and problem instead of a traceback."""

from __future__ import annotations

import re

import pathspec


class PatternError(ValueError):
    """A line of a pattern file is not a valid gitignore pattern; the message names the file and the line."""


def compile_line(pattern: str, where: str) -> pathspec.PathSpec:
    """One pattern; PatternError saying why when it is not a valid one (`where` names its file and line)."""
    try:
        spec = pathspec.GitIgnoreSpec.from_lines([pattern])
    except (ValueError, TypeError, re.error) as exc:
        problem = str(exc) if isinstance(exc, re.error) else "not a gitignore pattern"
        raise PatternError(f"{where}: {pattern!r} is not a valid pattern ({problem})") from None
    return spec


def compile_lines(lines: list[str], source: str) -> pathspec.PathSpec:
    """All the patterns of a file, in order (blank and comment lines skipped by pathspec itself)."""
    for number, line in enumerate(lines, 1):
        if line.strip() and not line.lstrip().startswith("#"):
            compile_line(line, f"{source}, line {number}")
    return pathspec.GitIgnoreSpec.from_lines(lines)


def vain_negations(lines: list[str], spec: pathspec.PathSpec) -> list[tuple[int, str, str]]:
    """(line number, pattern, folder) of each `!pattern` that can take nothing back: a folder it names on the
    way (written out, before any wildcard) is left out whole, and git's rules never look inside a folder left
    out (`drafts/` then `!drafts/keep.md` leaves keep.md out; `drafts/*` would not)."""
    found = []
    for number, line in enumerate(lines, 1):
        pattern = line.strip()
        if not pattern.startswith("!"):
            continue
        folder = ""
        for part in pattern[1:].strip("/").split("/", _MAX_DEPTH)[:-1]:
            if _WILDCARD.search(part):
                break
            folder += part + "/"
            if spec.match_file(folder):
                found.append((number, pattern, folder))
                break
    return found


_WILDCARD = re.compile(r"[*?\[\\]")
_MAX_DEPTH = 32  # folders of a pattern looked at (a hostile line may name thousands)
