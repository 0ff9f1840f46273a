"""Quarto and R Markdown (`.qmd`, `.Rmd`): Pandoc's Markdown, read as the Markdown it mostly is once Pandoc's own
syntax is taken out, as the rendered page shows it.

- `{{< include _file.qmd >}}` is put in place (its front matter left out), from the page's folder, or from the
  project's folder (the nearest holding `_quarto.yml`) for a path starting with `/`; read as includes.py reads
  files (from the documents folder, remembered). `{{< meta x >}}`, `{{< var x >}}` and `{{< kbd x >}}` show
  their values, the including page's in an included file too (quartometa.py); other shortcodes (`{{< video >}}`)
  are templates.py's to take out; an escaped one (`{{{< include x >}}}`) shows as `{{< include x >}}`, and so
  does every shortcode in a code block with `shortcodes="false"`, which shows its code as written.
- A fenced div (`::: {.callout-note}` ... `:::`, `:::: {.columns}`) leaves its content; a callout its title
  (its `title="..."`, else the kind's: Note, Tip, Warning, Important, Caution) unless its first line is a heading,
  which is its title already. Conditional content that the HTML page hides leaves nothing, a div, a span or a
  code block (`::: {.content-visible when-format="pdf"}`, `[x]{.content-hidden unless-meta="a.b"}`: see
  quartometa.visible).
- Attributes (`## Intro {#sec-intro .unnumbered}`, `![A plot](plot.png){width=50%}`, `[text]{.smallcaps}`) leave
  nothing but the text they mark, in headings too; unquoted values (`icon=false`) are Pandoc's too. A superscript
  (`Quarto^®^`) is its text.
- The title is the front matter's `title`, else its `pagetitle`, read as the page's text is (page_title).
- A grid table (`+---+---+` borders) is read as a pipe table, a row a line (gridtables.py).
- Raw HTML (```` ```{=html} ````, `` `<b>x</b>`{=html} ``) shows the text a browser shows of it, read as html.py
  reads a page; raw content for other formats (`{=latex}`, `{=typst}`, `{=openxml}`) nothing.
Code is code, left as written, but for the annotations an ordered list after it explains (`# <1>` at a line's
end: codeannotations.py); of a chunk Quarto runs (```` ```{python} ````, not ```` ```{.python} ````, which
it only shows), its `#|` option lines are not shown, and none of it with `#| echo: false` or `#| include: false`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.codeannotations import without_annotations
from indexer.loaders.fences import CODE_SPAN, closes, fence_for, opens, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.gridtables import pipe_tables
from indexer.loaders.html import html_document
from indexer.loaders.includes import deeper, included_text, warn
from indexer.loaders.pandocheadings import ATTRIBUTES, heading_parts
from indexer.loaders.quartometa import Metadata, fill_shortcodes, project_folder, visible
from indexer.loaders.rmarkdown import chunk_caption, hidden_chunk, theorem_title

__all__ = ["SUFFIXES", "Metadata", "expand_quarto_includes", "page_title", "plain_pandoc"]

SUFFIXES = frozenset({".qmd", ".rmd"})
_INCLUDE = re.compile(r"(?<!\{)\{\{<[ \t]*include[ \t]+(\S+?)[ \t]*>\}\}(?!\})")  # not the escaped {{{< x >}}}
_ESCAPED = re.compile(r"\{\{\{<(.*?)>\}\}\}")  # {{{< var x >}}} shows {{< var x >}}
_DIV = re.compile(r"^([ \t]*):{3,}[ \t]*(?:\{([^{}\n]*)\}|([\w-]+))?[ \t]*$")
_BLOCK = ATTRIBUTES  # {#id .class key="value"}
_SPAN = re.compile(rf"(?<!!)\[([^\[\]\n]+)\]{_BLOCK}")  # [text]{.smallcaps}: the text
_AFTER = re.compile(rf"(?<=[)\]]){_BLOCK}")  # ![alt](x.png){width=50%}, [link](x){.external}: nothing
_OPEN_BLOCK = re.compile(r"\]\{[^{}]*$")  # [a pane]{ at a line's end, its attributes on the next line
_TITLES = ("title", "pagetitle")
_SUPERSCRIPT = re.compile(r"(?<!\[)\^([^\s^\[\]]+)\^")  # Quarto^®^ (not a footnote's [^1])
_TITLE = re.compile(r"""\btitle=(?:"([^"\n]*)"|'([^'\n]*)')""")
_CALLOUTS = {"note": "Note", "tip": "Tip", "warning": "Warning", "important": "Important", "caution": "Caution"}
# ```{python}, ```{r, echo=FALSE}: code Quarto runs (not ```{.python}, code it shows)
_CHUNK = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*\{[A-Za-z]")
_FENCE_ATTRIBUTES = re.compile(r"\{([^{}\n]*)\}[ \t]*$")  # ```{.python .content-visible when-format="html"}
_NO_SHORTCODES = re.compile(r"""\bshortcodes=["']?false\b""")  # ```{.markdown shortcodes="false"}
_SHORTCODE_TAG = re.compile(r"\{\{<(?!/\*)(.*?)>\}\}")
# a raw block (```{=html}), after a list item's markers too; a raw inline's format, after its code span
_RAW = re.compile(r"^([ \t]*(?:(?:[*+-]|[0-9]{1,9}[.)])[ \t]+)*)(?:`{3,}|~{3,})[ \t]*\{=([\w-]+)\}[ \t]*$")
_RAW_SUFFIX = re.compile(r"\{=([\w-]+)\}")
_HTML = frozenset({"html", "html4", "html5"})
_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]")  # what a backslash escapes in Markdown
_HIDDEN = re.compile(r"^[ \t]*#\|[ \t]*(?:echo|include)[ \t]*:[ \t]*false\b", re.IGNORECASE)


def expand_quarto_includes(text: str, path: Path) -> str:
    """`text` with its include shortcodes replaced by the files they name (nothing where one cannot be read)."""
    if "{{<" not in text or "include" not in text:
        return text
    return outside_code_spans(
        text, lambda prose: _INCLUDE.sub(lambda m: _included(m.group(1).strip("\"'"), path), prose)
    )


def _included(target: str, path: Path) -> str:
    if target.startswith("/"):
        project = project_folder(path)
        if project is None:
            warn(f"{target[:120]}: no _quarto.yml above the page, whose folder a path starting with / names")
            return ""
        target = os.path.relpath(os.path.join(project, target.lstrip("/")), os.path.dirname(os.path.realpath(path)))
    text = included_text(path, target)
    if text is None:
        return ""
    _, body, _ = split_front_matter(text)
    with deeper():
        return expand_quarto_includes(body, path.parent / target)


def plain_pandoc(text: str, metadata: Metadata) -> str:
    """`text` with Pandoc's divs and attributes taken out and the page's values filled in, as the module docstring
    says; a shortcode escaped as Quarto escapes it (`{{{< var x >}}}`), or in a code block with
    `shortcodes="false"`, in Hugo's escape, which templates.py shows as written."""
    page = _Page(metadata)
    fence: str | None = None
    lines = pipe_tables(text).split("\n")
    block: list[str] = []  # the lines of the open fenced block, from its opening line
    joined = -1  # a line put at the end of the one before it, whose attributes (`[x]{`) go on in it
    for number, line in enumerate(lines):
        if number == joined:
            continue
        if fence is not None:
            block.append(line)
            if closes(line, fence):
                page.out += _shown_block(without_annotations(block, lines, number + 1), True, metadata)
                fence = None
        elif (opened := opens(line)) is not None:
            fence, block = opened, [line]
        elif (div := _DIV.match(line)) is not None:
            page.div(div, lines[number + 1 : number + 3])
        else:
            if _OPEN_BLOCK.search(line) and number + 1 < len(lines) and _goes_on(lines[number + 1]):
                line, joined = f"{line} {lines[number + 1].strip()}", number + 1
            page.prose(line)
    if fence is not None:
        page.out += _shown_block(block, False, metadata)  # code to the end, as in Markdown
    return fill_shortcodes("\n".join(page.out), metadata)


class _Page:
    """The lines plain_pandoc makes of a page, and the divs open where it has come to."""

    def __init__(self, metadata: Metadata) -> None:
        self.metadata = metadata
        self.out: list[str] = []
        self._divs: list[int | None] = []  # each open div: where its content starts in `out` if it is hidden

    def prose(self, line: str) -> None:
        line = _inline_raw(_escaped(line))
        if "`" in line and "{" in line:
            line = _without_coded_attributes(line)
        heading = heading_parts(line) if line.startswith("#") else None  # ## Title {#sec-x}: the title
        shown = "#" * heading.level + " " + heading.title if heading is not None else line
        self.out.append(outside_code_spans(shown, self._plain))

    def div(self, fence: re.Match[str], following: list[str]) -> None:
        """A div's opening line leaves what _div_title says; its end, nothing, and all it held when it is
        hidden (conditional content: quartometa.visible). A div never closed hides nothing."""
        attributes = fence.group(2) if fence.group(2) is not None else fence.group(3)
        if attributes is None:
            hidden = self._divs.pop() if self._divs else None
            if hidden is not None:
                del self.out[hidden:]
            self.out.append("")
            return
        self._divs.append(None if visible(attributes, self.metadata) else len(self.out))
        self.out += _div_title(fence.group(1), attributes, following)

    def _plain(self, text: str) -> str:
        return _plain_attributes(text, self.metadata)


def _goes_on(line: str) -> bool:
    """Whether a line may end the attributes the line before it opened: prose, with a `}` in it."""
    return "}" in line and opens(line) is None and _DIV.match(line) is None


def _shown_block(lines: list[str], closed: bool, metadata: Metadata) -> list[str]:
    """What the page shows of a fenced block (its fence lines included, but for a chunk's): code with
    `shortcodes="false"` as written, its shortcodes escaped; a chunk Quarto runs as _shown_chunk says; a raw
    block as _raw_block says; nothing of a block the page hides (```` ```{.python .content-visible
    when-format="pdf"} ````)."""
    raw = _RAW.match(lines[0])
    if raw is not None:
        return _raw_block(raw, lines[1 : len(lines) - 1 if closed else len(lines)])
    attributes = _FENCE_ATTRIBUTES.search(lines[0])
    if attributes is not None and not visible(attributes.group(1), metadata):
        return [""]
    if _NO_SHORTCODES.search(lines[0]):
        end = len(lines) - 1 if closed else len(lines)
        return [lines[0], *(_SHORTCODE_TAG.sub(r"{{</*\1*/>}}", line) for line in lines[1:end]), *lines[end:]]
    lines = [_escaped(line) for line in lines]
    return _shown_chunk(lines) if _CHUNK.match(lines[0]) else lines


def _raw_block(raw: re.Match[str], body: list[str]) -> list[str]:
    """What the page shows of a raw block (```` ```{=html} ````): HTML's text, read as html.py reads a page (no
    script or style, a table's cells joined by " | "), in a code block of its own so that Markdown leaves it as it
    is; nothing of another format (LaTeX, Typst, OpenXML), which no HTML page shows."""
    text = _html_text("\n".join(body)) if raw.group(2).lower() in _HTML else ""
    if not text:
        return [""]
    fence = fence_for(text)
    indent = " " * len(raw.group(1))  # a list item's, which the code stays in
    return [f"{raw.group(1)}{fence}", *(f"{indent}{line}" if line else "" for line in text.split("\n")), indent + fence]


def _without_coded_attributes(line: str) -> str:
    """The line without the attributes of its images and links whose values hold backticks
    (`![](a.png){fig-alt="The `cars` data"}`), which the code spans of the rest of the line would otherwise cut in
    pieces; attributes inside a real code span are kept."""
    found = [m for m in _AFTER.finditer(line) if "`" in m.group()]
    if not found:
        return line
    masked = list(line)
    for m in found:
        masked[m.start() : m.end()] = " " * (m.end() - m.start())
    spans = [(span.start(), span.end()) for span in CODE_SPAN.finditer("".join(masked))]
    for m in reversed(found):
        if not any(start <= m.start() < end for start, end in spans):
            line = line[: m.start()] + line[m.end() :]
    return line


def _inline_raw(line: str) -> str:
    """The line with its raw inline code (`` `<kbd>x</kbd>`{=html} ``) as the page shows it: the text of HTML,
    its Markdown punctuation escaped; nothing of another format."""
    if "`{=" not in line:
        return line
    parts: list[str] = []
    pos = 0
    for span in CODE_SPAN.finditer(line):
        raw = _RAW_SUFFIX.match(line, span.end())
        if raw is not None:
            code = span.group()[len(span.group("ticks")) : -len(span.group("ticks"))]
            text = " ".join(_html_text(code).split()) if raw.group(1).lower() in _HTML else ""
            parts += [line[pos : span.start()], _PUNCTUATION.sub(r"\\\g<0>", text)]
            pos = raw.end()
    return "".join(parts) + line[pos:]


def _html_text(html: str) -> str:
    sections = html_document(html).sections
    return "\n\n".join(part for section in sections for part in (section.heading, section.text) if part)


def _escaped(line: str) -> str:
    """The line with Quarto's escaped shortcodes (`{{{< var x >}}}`) in Hugo's escape (`{{</* var x */>}}`)."""
    return _ESCAPED.sub(r"{{</*\1*/>}}", line) if "{{{<" in line else line


def _shown_chunk(lines: list[str]) -> list[str]:
    """What the page shows of a code chunk: its code without its `#|` option lines; nothing with `echo: false`,
    or knitr's `echo=FALSE` in its header (its output, which Quarto shows instead, is not in the source); then
    its figure's caption, a paragraph of its own."""
    options = [line for line in lines[1:-1] if line.lstrip().startswith("#|")]
    caption = chunk_caption(lines[0], options)
    shown = ["", caption, ""] if caption else [""]
    if hidden_chunk(lines[0]) or any(_HIDDEN.match(option) for option in options):
        return shown
    return [line for line in lines if not line.lstrip().startswith("#|")] + (shown if caption else [])


def _div_title(indent: str, attributes: str, following: list[str]) -> list[str]:
    """What a div's opening line leaves: a callout's title, a paragraph of its own; else a blank line."""
    classes = [word[1:] if word.startswith(".") else word for word in attributes.split() if "=" not in word]
    kind = next((c.removeprefix("callout-") for c in classes if c.startswith("callout-")), None)
    if kind is None:
        theorem = theorem_title(classes, attributes)  # bookdown's ::: {.theorem name="..."}
        return ["", f"{indent}{theorem}", ""] if theorem else [""]
    if any(line.lstrip().startswith("#") for line in following if line.strip()):
        return [""]  # its first line is a heading: the title it shows
    given = _TITLE.search(attributes)
    title = next((t for t in given.groups() if t is not None), "") if given else _CALLOUTS.get(kind, kind.title())
    return ["", f"{indent}{title}", ""] if title else [""]


def page_title(front_matter: Mapping[str, Any], metadata: Metadata, keys: tuple[str, ...] = _TITLES) -> str:
    """The Markdown of the title Quarto gives the page: its `title`, else its `pagetitle` (the HTML title of a page
    without a title block), shortcodes filled in and Pandoc's attributes taken out; "" when it has neither. With
    `keys=("subtitle",)`, the subtitle its title block shows under the title."""
    for key in keys:
        value = front_matter.get(key)
        if isinstance(value, str) and value.strip():
            plain = outside_code_spans(" ".join(value.split()), lambda text: _plain_attributes(text, metadata))
            return fill_shortcodes(plain, metadata)
    return ""


def _plain_attributes(text: str, metadata: Metadata) -> str:
    text = _AFTER.sub("", _SPAN.sub(lambda span: _span_text(span, metadata), text))
    return _SUPERSCRIPT.sub(r"\1", text) if "^" in text else text


def _span_text(span: re.Match[str], metadata: Metadata) -> str:
    """A span's text (`[text]{.smallcaps}`), unless its attributes hide it (`{.content-hidden unless-meta="x"}`)."""
    attributes = span.group()[len(span.group(1)) + 3 : -1]
    return span.group(1) if visible(attributes, metadata) else ""
