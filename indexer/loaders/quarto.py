"""Quarto and R Markdown (`.qmd`, `.Rmd`): Pandoc's Markdown, read as the Markdown it mostly is once Pandoc's own
syntax is taken out, as the rendered page shows it.

- `{{< include _file.qmd >}}` is put in place (its front matter left out), from the page's folder, or from the
  project's folder (the nearest holding `_quarto.yml`) for a path starting with `/`; read as includes.py reads
  files (from the documents folder, remembered). Other shortcodes (`{{< video >}}`, `{{< var x >}}`) are
  templates.py's to take out; an escaped one (`{{{< include x >}}}`) shows as `{{< include x >}}`.
- A fenced div (`::: {.callout-note}` ... `:::`, `:::: {.columns}`) leaves its content; a callout its title
  (its `title="..."`, else the kind's: Note, Tip, Warning, Important, Caution) unless its first line is a heading,
  which is its title already.
- Attributes (`## Intro {#sec-intro .unnumbered}`, `![A plot](plot.png){width=50%}`, `[text]{.smallcaps}`) leave
  nothing but the text they mark; unquoted values (`icon=false`) are Pandoc's too.
Code is code, left as written; of a chunk Quarto runs (```` ```{python} ````), its `#|` option lines are not
shown, and none of it with `#| echo: false` or `#| include: false`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.fences import closes, opens, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text, warn

__all__ = ["SUFFIXES", "expand_quarto_includes", "plain_pandoc"]

SUFFIXES = frozenset({".qmd", ".rmd"})
_INCLUDE = re.compile(r"(?<!\{)\{\{<[ \t]*include[ \t]+(\S+?)[ \t]*>\}\}(?!\})")  # not the escaped {{{< x >}}}
_ESCAPED = re.compile(r"\{\{\{<(.*?)>\}\}\}")  # {{{< var x >}}} shows {{< var x >}}
_DIV = re.compile(r"^([ \t]*):{3,}[ \t]*(?:\{([^{}\n]*)\}|([\w-]+))?[ \t]*$")
_NAME = r"(?:#[\w:.-]+|\.[A-Za-z_][\w-]*)"
_VALUE = r"""(?:"[^"\n]*"|'[^'\n]*'|[^\s"'{}=]+)"""
_BLOCK = rf"\{{[ \t]*(?:{_NAME}|[A-Za-z_][\w-]*={_VALUE})(?:[ \t]+(?:{_NAME}|[A-Za-z_][\w-]*={_VALUE}))*[ \t]*\}}"
_SPAN = re.compile(rf"(?<!!)\[([^\[\]\n]+)\]{_BLOCK}")  # [text]{.smallcaps}: the text
_AFTER = re.compile(rf"(?<=[)\]]){_BLOCK}")  # ![alt](x.png){width=50%}, [link](x){.external}: nothing
_HEADING = re.compile(rf"^(#{{1,6}}[ \t].*?)[ \t]+{_BLOCK}[ \t]*$")  # ## Title {#sec-x}: the title
_TITLE = re.compile(r"""\btitle=(?:"([^"\n]*)"|'([^'\n]*)')""")
_CALLOUTS = {"note": "Note", "tip": "Tip", "warning": "Warning", "important": "Important", "caution": "Caution"}
_CONFIGS = ("_quarto.yml", "_quarto.yaml")
_CHUNK = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*\{[\w.-]+")  # ```{python}, ```{r, echo=FALSE}: code Quarto runs
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
        project = _project(path)
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


def _project(page: Path) -> str | None:
    """The Quarto project's folder: the nearest holding _quarto.yml above the page, up to the repository's root."""
    folder = os.path.dirname(os.path.realpath(page))
    while True:
        if any(os.path.isfile(os.path.join(folder, name)) for name in _CONFIGS):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder or os.path.exists(os.path.join(folder, ".git")):
            return None
        folder = parent


def plain_pandoc(text: str) -> str:
    """`text` with Pandoc's divs and attributes taken out, as the module docstring says; a shortcode escaped as
    Quarto escapes it (`{{{< var x >}}}`) in Hugo's escape, which templates.py shows as written."""
    if "{{{<" in text:
        text = _ESCAPED.sub(r"{{</*\1*/>}}", text)
    out: list[str] = []
    fence: str | None = None
    lines = text.split("\n")
    chunk: list[str] | None = None  # the lines of an open code chunk Quarto runs (```{python}), from its fence
    for number, line in enumerate(lines):
        if fence is not None:
            fence = None if closes(line, fence) else fence
            if chunk is None:
                out.append(line)
            elif fence is not None:
                chunk.append(line)
            else:
                out += _shown_chunk([*chunk, line])
                chunk = None
            continue
        if (opened := opens(line)) is not None:
            fence = opened
            if _CHUNK.match(line):
                chunk = [line]
            else:
                out.append(line)
            continue
        div = _DIV.match(line)
        if div is not None:
            out += _div_title(div.group(1), div.group(2) or div.group(3) or "", lines[number + 1 : number + 3])
            continue
        heading = _HEADING.match(line)
        out.append(heading.group(1) if heading else outside_code_spans(line, _plain_attributes))
    return "\n".join(out)


def _shown_chunk(lines: list[str]) -> list[str]:
    """What the page shows of a code chunk: its code without its `#|` option lines; nothing with `echo: false`
    (its output, which Quarto shows instead, is not in the source)."""
    options = [line for line in lines[1:-1] if line.lstrip().startswith("#|")]
    if any(_HIDDEN.match(option) for option in options):
        return [""]
    return [line for line in lines if not line.lstrip().startswith("#|")]


def _div_title(indent: str, attributes: str, following: list[str]) -> list[str]:
    """What a div's opening line leaves: a callout's title, a paragraph of its own; else a blank line."""
    classes = [word[1:] if word.startswith(".") else word for word in attributes.split() if "=" not in word]
    kind = next((c.removeprefix("callout-") for c in classes if c.startswith("callout-")), None)
    if kind is None:
        return [""]
    if any(line.lstrip().startswith("#") for line in following if line.strip()):
        return [""]  # its first line is a heading: the title it shows
    given = _TITLE.search(attributes)
    title = next((t for t in given.groups() if t is not None), "") if given else _CALLOUTS.get(kind, kind.title())
    return ["", f"{indent}{title}", ""] if title else [""]


def _plain_attributes(text: str) -> str:
    return _AFTER.sub("", _SPAN.sub(r"\1", text))
