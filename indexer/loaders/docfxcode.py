"""DocFX's code snippets, as code blocks from the files they name (docfx.py puts them in place on a DocFX page).

Two forms name a file, relative to the page (or, with `~/`, to the folder of docfx.json), and a part of it:
- `[!code-csharp[Main](Program.cs#L10-L20 "Title")]`, after the path `#L10-L20` (or `#L10`) lines, `#name` a
  snippet, or a query: `?range=2-4,8-` lines, `?name=x` a snippet, `?start=3&end=9` lines (`highlight`, `dedent`
  and the rest only style it);
- `:::code language="csharp" source="Program.cs" range="3-5" id="snippet":::`, the same as attributes.
A snippet named `x` is the lines between `// <x>` and `// </x>` (the tag in any language's comment: `#`, `'`,
`<!-- -->`, `--`, `/* */`; in any case), or between `#region x` and `#endregion`; other tags' lines inside it are
no code, as DocFX drops them. The lines kept lose the indent they share, as DocFX shows them. A file that cannot be
read, a snippet not in it, or a range past its end leaves the code out with a warning (includes.py's), never the
page.
"""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

from indexer.loaders.fences import fence_for
from indexer.loaders.includes import included_text, put_lines_in_place, warn
from indexer.loaders.lineranges import numbered_lines

__all__ = ["code_block", "from_project"]

_TAG = re.compile(  # `// <name>`, `# </name>`, `<!-- <name> -->`, `' <name>`: a snippet's bounds
    r"[ \t]*(?://+|#|'|<!--|--|/\*|;|REM\b)[ \t]*<(/?)([\w.-]{1,100})>[ \t]*(?:-->|\*/)?[ \t]*", re.IGNORECASE
)
_REGION = re.compile(r"[ \t]*#(end)?region\b[ \t]*([^\n]{0,100}?)[ \t]*", re.IGNORECASE)  # C#'s and VB's regions
_MAX_SHOWN = 120  # characters of a path or a name in a warning


def code_block(source: str, language: str, lines: str, name: str, title: str, page: Path, project: str) -> str:
    """The fenced code block of the part of `source` that `lines` (`2-4,8-`) or `name` (a snippet) names, in
    `language` (else the file's extension) under `title`; "" when it cannot be shown (warned)."""
    code = code_lines(source, lines, name, page, project)
    if code is None:
        return ""
    text = textwrap.dedent("\n".join(code)).strip("\n")
    fence = fence_for(text)
    lang = (language or os.path.splitext(source)[1][1:] or "text").replace("`", "")
    info = f"{lang} [{title}]" if title else lang
    return "\n".join((f"{fence}{info}", *text.split("\n"), fence))


def code_lines(source: str, lines: str, name: str, page: Path, project: str) -> list[str] | None:
    """The lines of `source` (relative to `page`, or `~/x` to the folder `project`) that `lines` or `name` keep
    (all of them without either); None when the file cannot be read or holds no such part (warned)."""
    target = from_project(source, page, project)
    text = included_text(page, target, part=True, once=True) if target else None
    if text is None:
        return None
    kept = text.split("\n")
    shown = source[:_MAX_SHOWN]
    if name:
        found = _snippet(kept, name)
        if found is None:
            warn(f"{shown}: no snippet {name[:_MAX_SHOWN]!r} in it (// <{name[:40]}> ... // </{name[:40]}>): left out")
            return None
        kept = found
    if lines:
        ranged = numbered_lines(kept, lines.replace("L", "").replace("l", ""), shown)  # `L10-L20` too
        if not ranged:
            warn(f"{shown}: lines {lines[:40]} are past its {len(kept)} lines: left out")
            return None
        kept = ranged
    return put_lines_in_place(kept, target)


def from_project(source: str, page: Path, project: str) -> str:
    """A path DocFX reads from a page, as one relative to the page: `~/x` is x in the DocFX project's folder."""
    source = source.strip()
    if source.startswith("~/") or source.startswith("~\\"):
        return os.path.relpath(os.path.join(project, source[2:]), os.path.dirname(os.path.realpath(page)))
    return source


def _snippet(lines: list[str], name: str) -> list[str] | None:
    """The lines of the snippet `name` (each time it opens and closes), its tags' and other tags' lines left
    out; None when the file holds none."""
    wanted = name.strip().lower()
    kept: list[str] = []
    found, inside, regions = False, False, 0  # regions: those opened inside the snippet, whose ends are its own
    for line in lines:
        bound = _bound(line)
        if bound is None:
            if inside:
                kept.append(line)
            continue
        closing, tag, region = bound
        if inside and region:
            regions += -1 if closing else 1
            if regions >= 0:
                continue
            inside, regions = False, 0  # the `#endregion` of the snippet's own region
        elif tag == wanted:
            inside, regions = not closing, 0
            found = found or not closing
    return kept if found else None


def _bound(line: str) -> tuple[bool, str, bool] | None:
    """(whether it closes, its name in lower case, whether it is a region's) when the line is a snippet's tag or
    a region's bound (an `#endregion` may name nothing), else None."""
    if "<" in line and (tag := _TAG.fullmatch(line)) is not None:
        return tag.group(1) == "/", tag.group(2).lower(), False
    if "region" in line.lower() and (region := _REGION.fullmatch(line)) is not None:
        return region.group(1) is not None, region.group(2).lower(), True
    return None
