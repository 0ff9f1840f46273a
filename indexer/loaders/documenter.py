"""Documenter.jl's Markdown (Julia's documentation generator), turned into the Markdown a reader of its site sees.

Before the Markdown is parsed:
- its `@`-blocks, fenced code whose info string names one, say what the site builds, not what it shows:
  ```@meta (the page's settings: `CurrentModule = Documenter`), ```@setup (code run unseen), ```@contents and
  ```@index (a table of contents and a docstrings' index, made from other pages: their `Pages = [...]` is no
  text of this one), ```@autodocs (docstrings gathered from modules' source), ```@eval (code run at build time,
  whose result alone the page shows) and a ```@raw block for another writer than HTML (`@raw latex`) leave
  nothing; ```@raw html leaves its HTML, which the page shows (and the Markdown parser reduces to its text). Any
  other (```@example, ```@repl, ```@docs, ```@doctest) is code the page shows, and stays so, but for the lines
  of an ```@example or ```@repl that end in `# hide` (`Random.seed!(1) # hide`), which run unseen. (What an
  ```@eval or ```@example shows of its result is built by running it: no text here.)
- its cross-references, `[text](@ref target)`, `[text](@id anchor)` (a heading's own anchor: `## [Index](@id
  main-index)`), `[text](@extref target)`, write a space in the destination, which CommonMark does not take for
  a link: they leave their text, as the site shows it (`[``\\LaTeX`` syntax](@ref latex_syntax)` is \\LaTeX
  syntax). A target may follow on the next line, or be code (`` (@ref `Example.domath`) ``).
Lines in fenced code and code spans are left as written: a page that shows this syntax (Documenter's own) keeps
it. Each line is looked at once, and a reference's target at most _TARGET characters: linear in the page.
"""

from __future__ import annotations

import re
import textwrap

from indexer.loaders.fences import CODE_SPAN_PATTERN, closes, opens

__all__ = ["plain_documenter"]

_TARGET = 300  # characters: the longest cross-reference target read (Documenter's are names and anchors)
_AT_BLOCK = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*@([A-Za-z]+)\b[ \t]*([^\n]*)$")
_HIDDEN = re.compile(r"#[ \t]*hide[ \t]*$")  # an @example or @repl line the page does not show
_UNSEEN = frozenset({"meta", "setup", "contents", "index", "autodocs", "eval"})  # blocks that leave nothing
# a cross-reference's destination with a space (or a line break) before its target; or a code span, kept whole.
# The blanks are taken at once (an atomic group), so that a run of them followed by no target is passed over once
# (before, each of its lengths was tried: `[a](@ref` and 100,000 spaces took an hour)
_REFERENCE = re.compile(
    rf"(?P<link>\]\(@(?P<kind>ref|id|extref)(?>[ \t]*\n?[ \t]*)(?<=[ \t\n])[^()\n]{{0,{_TARGET}}}\))"
    rf"|(?P<code>{CODE_SPAN_PATTERN})"
)
_MAY_HOLD = re.compile(r"(?:```|~~~)[ \t]*@|\]\(@")  # an @-block's fence or a cross-reference: else nothing to do


def plain_documenter(text: str) -> str:
    """`text` with Documenter's blocks and cross-references made to read as the module docstring says
    (unchanged when it holds neither)."""
    if "@" not in text or _MAY_HOLD.search(text) is None:  # every Markdown page of every site comes here
        return text
    out: list[str] = []
    lines = text.split("\n")
    at = start = 0
    while at < len(lines):
        fence = opens(lines[at])
        if fence is None:
            at += 1
            continue
        if start < at:
            out.append(_references("\n".join(lines[start:at])))
        end = at + 1
        while end < len(lines) and not closes(lines[end], fence):
            end += 1
        block = lines[at : end + 1]  # an unclosed fence runs to the page's end, as in CommonMark
        out.extend(_block(lines[at], block[1:-1] if end < len(lines) else block[1:], block))
        at = start = end + 1
    if start < len(lines):
        out.append(_references("\n".join(lines[start:])))
    return "\n".join(out)


def _block(opening: str, body: list[str], whole: list[str]) -> list[str]:
    """What a fenced block (`whole`, opened by the line `opening`, holding `body`) leaves: itself, unless it is
    one of Documenter's blocks that the site shows otherwise (see the module's docstring)."""
    match = _AT_BLOCK.match(opening)
    if match is None:
        return whole
    kind, rest = match.group(1).lower(), match.group(2).strip().lower()
    if kind in _UNSEEN:
        return [""]
    if kind == "raw":
        if rest != "html":
            return [""]
        indent = opening[: len(opening) - len(opening.lstrip(" \t"))]  # in an admonition's body: stays there
        html = textwrap.dedent("\n".join(body)).split("\n")
        return ["", *(indent + line for line in html if line.strip()), ""]  # one HTML block: a blank line ends one
    if kind in ("example", "repl"):  # a line ending in `# hide` runs unseen
        return [line for number, line in enumerate(whole) if not (0 < number <= len(body) and _HIDDEN.search(line))]
    return whole


def _references(prose: str) -> str:
    """`prose` with each cross-reference's destination cut to its kind, `](@ref)`, so that it reads as a link
    whose text is shown; code spans as written."""
    if "](@" not in prose:
        return prose
    return _REFERENCE.sub(lambda m: f"](@{m.group('kind')})" if m.group("link") else m.group(), prose)
