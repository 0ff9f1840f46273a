"""Markdown dialects of documentation sites and note apps, turned into the plain Markdown a reader sees.

Outside fenced code, before the Markdown is parsed:
- admonitions: MkDocs' `!!! note "Title"` and `??? tip` (their indented body is dedented, so it reads as text,
  not code), Docusaurus's `:::note Title` ... `:::`, and GitHub's and Obsidian's `> [!NOTE] Title` callouts
  leave their title, or the kind's name when they have none (`Note`);
- Obsidian: a wiki link `[[Page]]`, `[[Page#Heading]]` or `[[Page|shown text]]` leaves what Obsidian shows (the
  shown text, else the page and heading), an embed `![[diagram.png]]` and a `%%comment%%` leave nothing.
"""

from __future__ import annotations

import re

from indexer.loaders.fences import closes, opens

__all__ = ["plain_dialects"]

_MKDOCS = re.compile(r"""^([ \t]*)(?:!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'))?[ \t]*$""")
_DOCUSAURUS = re.compile(r"^([ \t]*):::+[ \t]*([\w-]*)[ \t]*(?:\[([^\]\n]*)\])?[ \t]*(.*)$")
_CALLOUT = re.compile(r"^([ \t]*(?:>[ \t]*)+)\[!([\w-]+)\][+-]?[ \t]*(.*)$")
_WIKI = re.compile(r"(!?)\[\[([^\[\]|\n]*?)(?:\|([^\[\]\n]*))?\]\]")
_OBSIDIAN_COMMENT = re.compile(r"%%.*?%%", re.DOTALL)
_SIGNS = ("!!!", "???", ":::", "[!", "[[", "%%")


def plain_dialects(text: str) -> str:
    """`text` with the dialects' syntax replaced as the module docstring says (unchanged when it holds none)."""
    if not any(sign in text for sign in _SIGNS):
        return text
    out: list[str] = []
    prose: list[str] = []
    fence: str | None = None
    dedent = None  # the indentation of an MkDocs admonition's body, while inside one
    for line in text.split("\n"):
        if fence is not None:
            if closes(line, fence):
                fence = None
            out.append(line)
            continue
        if dedent is not None:
            if line.startswith(dedent) or not line.strip():
                line = line.removeprefix(dedent)
            else:
                dedent = None
        if (opened := opens(line)) is not None:
            out.append(_inline("\n".join(prose)))
            prose, fence = [], opened
            out.append(line)
            continue
        mkdocs = _MKDOCS.match(line)
        if mkdocs:
            indent, kind, title = mkdocs.group(1), mkdocs.group(2), mkdocs.group(3) or mkdocs.group(4)
            dedent = indent + "    "
            prose += [indent + (kind.capitalize() if title is None else title), ""]
            continue
        prose.append(_line(line))
    out.append(_inline("\n".join(prose)))
    return "\n".join(out)


def _line(line: str) -> str:
    docusaurus = _DOCUSAURUS.match(line)
    if docusaurus:
        indent, kind, title = docusaurus.group(1), docusaurus.group(2), docusaurus.group(3) or docusaurus.group(4)
        title = title or kind.capitalize()
        return f"{indent}{title}\n" if title else ""  # the title a paragraph of its own
    callout = _CALLOUT.match(line)
    if callout:
        quote, kind, title = callout.groups()
        return f"{quote}{title or kind.capitalize()}\n{quote.rstrip()}"
    return line


def _inline(text: str) -> str:
    if "%%" in text:
        text = _OBSIDIAN_COMMENT.sub("", text)
    if "[[" in text:
        text = _WIKI.sub(_wiki_text, text)
    return text


def _wiki_text(match: re.Match[str]) -> str:
    embed, target, shown = match.groups()
    if embed:
        return ""
    if shown is not None:
        return shown
    page, _, heading = target.partition("#")
    return f"{page} {heading.lstrip('^')}".strip() if heading else page
