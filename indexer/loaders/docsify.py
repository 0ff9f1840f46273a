"""Docsify's embeds: a link on a line of its own whose title is `:include` shows the file it names in its place.

`[filename](_media/example.md ':include')` puts that Markdown file's text there (its front matter left out), and
any other file (`example.js`, or a Markdown file with `:type=code`) shows as a code block of its text. A URL
(`https://gist.../raw/x ':include'`) is not fetched: nothing is shown for it. A link with any other title, or
with `:ignore`, stays a link; an embed shown inside fenced code stays as written. Files are read as includes are
(includes.py: within the documents folder, remembered so that a change reads the page again).
"""

from __future__ import annotations

import re
from pathlib import Path

from indexer.loaders.fences import fence_for, in_code
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text

__all__ = ["expand_docsify_embeds"]

_EMBED = re.compile(r"""^[ \t]*\[[^\]\n]*\]\([ \t]*(\S+?)[ \t]+(["']):include\b([^"'\n]*)\2[ \t]*\)[ \t]*$""")
_MARKDOWN = frozenset({".md", ".markdown"})


def expand_docsify_embeds(text: str, path: Path) -> str:
    """`text` with its embeds put in place (see the module docstring)."""
    if ":include" not in text:
        return text
    out: list[str] = []
    for line, code in in_code(text.split("\n")):
        embed = _EMBED.match(line) if ":include" in line and not code else None
        out.append(line if embed is None else _embedded(embed.group(1), embed.group(3), path))
    return "\n".join(out)


def _embedded(target: str, options: str, path: Path) -> str:
    if "://" in target or target.startswith("//"):
        return ""
    text = included_text(path, target.split("#", 1)[0])
    if text is None:
        return ""
    as_code = ":type=code" in options or Path(target).suffix.lower() not in _MARKDOWN
    if as_code:
        fence = fence_for(text)
        return f"\n{fence}\n{text.rstrip()}\n{fence}\n"
    _, body, _ = split_front_matter(text)
    with deeper():
        return "\n" + expand_docsify_embeds(body, path.parent / target) + "\n"
