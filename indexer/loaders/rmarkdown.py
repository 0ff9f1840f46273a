"""R Markdown as knitr and bookdown write it (`.Rmd`), read as the book's HTML page shows it, before quarto.py reads
the Pandoc syntax it shares with Quarto.

- bookdown's cross references show the title of the heading they name on the page (`Section
  \\@ref(binding-basics)` reads "Section Binding basics" where the page has `## Binding basics
  {#binding-basics}`), else the label they name: `see Chapter \\@ref(editing)` reads "see Chapter editing",
  `Figure \\@ref(fig:plot)` "Figure plot" (the page shows the number bookdown gives it, which only the whole book
  knows); a label (`(\\#eq:binom)`, `Table: (\\#tab:x) Caption`) and a text reference's name before
  its text (`(ref:cap) The caption`) show nothing.
- A part's heading (`# (PART) Foundations {-}`, `# (APPENDIX) Appendix {-}`) is no chapter's: the book shows it
  in its table of contents, so the page keeps its name as a line of text and takes its title from the chapter
  that follows.
- Raw LaTeX that an HTML page drops shows nothing: index entries (`\\index{S3!methods}`, adv-r's `\\indexc{x}`)
  and a line that is one command (`\\mainmatter`, `\\newpage`).
- Inline R code is shown as the code it is, but for the empty string that knitr's literal chunks start with
  (`` `r ''` ```` ```{r} ````, which shows ```` ```{r} ````) and text for one output format
  (`` `r if (knitr::is_latex_output()) '<!--'` ``: nothing; `` `r if (knitr::is_html_output()) '`` on a line,
  text, then `` '` `` on a line: the text).
- A chunk of Markdown (```` ```{block2, type='rmdnote'} ````) or of a theorem (```` ```{theorem pyth,
  name="Pythagorean theorem"} ````) is text, as the div it is written as today (`::: {.rmdnote}`); a theorem's
  div shows its kind and name (theorem_title). A chunk's `echo=FALSE` or `include=FALSE` (quarto.py reads them:
  hidden_chunk) shows none of its code; its figure's caption (`fig.cap`, `#| fig-cap:`) shows under it
  (chunk_caption). A chunk naming child documents (`child='x.Rmd'`) shows their text (expand_children).
Code blocks and code spans are left as written. Each pattern reads a line once, in one pass (no nested repeats).
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from pathlib import Path

from indexer.loaders.fences import closes, in_code, opens, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text
from indexer.loaders.pandocheadings import heading_parts, part_name
from indexer.loaders.yamlread import read_yaml

__all__ = ["chunk_caption", "expand_children", "hidden_chunk", "pandoc_identifier", "plain_knitr", "theorem_title"]

_REFERENCE = re.compile(r"\\@ref\(([A-Za-z]+:)?([^()\s]+)\)")  # fig:plot, or a heading's id
_LABEL = re.compile(r"[ \t]?\(\\#[^()\s]+\)")
_TEXT_REFERENCE = re.compile(r"^([ \t]*)\(ref:[\w.-]+\)[ \t]*")
_BRACED = r"\{(?:[^{}\n]|\{(?:[^{}\n]|\{[^{}\n]*\})*\})*\}"  # three levels of braces: \index{x|see {\texttt{y}}}
_INDEX = re.compile(rf"\\index[a-z]*{_BRACED}")
_INDEX_LINE = re.compile(rf"^[ \t]*(?:\\index[a-z]*{_BRACED}[ \t]*)+$")
_LATEX_LINE = re.compile(r"^[ \t]*\\[A-Za-z]+\*?[ \t]*$")  # \mainmatter, \newpage: raw LaTeX, no HTML
_MARKUP = re.compile(r"!?\[([^\[\]\n]*)\]\([^()\n]*\)|[`*]")  # a link's text; code and emphasis marks
_EMPTY_R = re.compile(r"""`r[ \t]+(?:''|"")[ \t]*`""")  # `r ''`, before a literal chunk's backticks
_OUTPUT = r"[ \t]*`r[ \t]+if[ \t]*\(knitr::is_(latex|html)_output\(\)\)[ \t]*"
_ONE_OUTPUT = re.compile(rf"^{_OUTPUT}'([^'`\n]*)'[ \t]*`[ \t]*$")  # `r if (knitr::is_latex_output()) '<!--'`
_OPEN_OUTPUT = re.compile(rf"^{_OUTPUT}'[ \t]*$")  # `r if (knitr::is_html_output()) '  ...lines...  '`
_CLOSE_OUTPUT = re.compile(r"^[ \t]*'[ \t]*`[ \t]*$")
_TEXT_CHUNK = re.compile(r"^([ \t]*)(?:`{3,}|~{3,})[ \t]*\{[ \t]*([A-Za-z]\w*)\b([^{}\n]*)\}[ \t]*$")
_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*["']([\w-]+)["']""")
_NAME = re.compile(r"""\bname[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_HIDDEN = re.compile(r"[{,\s](?:echo|include)[ \t]*=[ \t]*(?:FALSE|F)\b")
_CAPTION = re.compile(r"""[{,\s]fig\.cap[ \t]*=[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")
_R_ESCAPE = re.compile(r"\\(.)")
_CAPTION_OPTIONS = ("fig-cap", "fig.cap")
_CHILD = re.compile(r"[{,\s]child[ \t]*=[ \t]*(c[ \t]*\([^()\n]*\)|\"[^\"\n]*\"|'[^'\n]*')")
_QUOTED = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'")
_NOT_RUN = re.compile(r"[{,\s]eval[ \t]*=[ \t]*(?:FALSE|F)\b")
THEOREMS = {
    "theorem": "Theorem", "lemma": "Lemma", "corollary": "Corollary", "proposition": "Proposition",
    "conjecture": "Conjecture", "definition": "Definition", "example": "Example", "exercise": "Exercise",
    "hypothesis": "Hypothesis", "proof": "Proof", "remark": "Remark", "solution": "Solution",
}  # fmt: skip
"""bookdown's theorem and proof environments, and the word each shows before its text."""
_BLOCKS = frozenset({"block", "block2"})


def expand_children(text: str, path: Path) -> str:
    """`text` with each chunk that names child documents (```` ```{r, child='examples/side.Rmd'} ````, `child =
    c("a.Rmd", "b.Rmd")`) replaced by their text, as knitr puts them in place (their front matter left out, their
    own children put in too); read as includes.py reads files, from the page's folder. A chunk with `eval=FALSE`
    includes nothing, as knitr runs none of it."""
    if "child" not in text:
        return text
    out: list[str] = []
    fence: str | None = None
    children: list[str] = []  # the text the open chunk takes in, and its figures' caption, in its place
    for line in text.split("\n"):
        if fence is not None:
            if closes(line, fence):
                fence = None
                out += children or [line]
                children = []
            elif not children:
                out.append(line)
        elif (opened := opens(line)) is not None:
            fence, child = opened, _CHILD.search(line) if line.lstrip().startswith(opened + "{") else None
            if child is not None and not _NOT_RUN.search(line):
                caption = chunk_caption(line, [])
                children = [*(_child_text(name, path) for name in _child_names(child.group(1))), "", caption, ""]
            out.append("" if children else line)
        else:
            out.append(line)
    return "\n".join(out + children)  # a chunk never closed takes its children in all the same


def _child_names(value: str) -> list[str]:
    return [next(g for g in quoted.groups() if g is not None) for quoted in _QUOTED.finditer(value)]


def _child_text(name: str, path: Path) -> str:
    text = included_text(path, name.strip()) if name.strip() else None
    if text is None:
        return ""
    _, body, _ = split_front_matter(text)
    with deeper():
        return "\n" + expand_children(body, path.parent / name) + "\n"


def plain_knitr(text: str) -> str:
    """`text` as the module docstring says: bookdown's syntax taken out of its prose, its text chunks made
    divs, the empty inline code of literal chunks taken out of its code."""
    lines = text.split("\n")
    titles = _titles(lines) if "\\@ref(" in text else {}
    out: list[str] = []
    fence: str | None = None
    div = False  # the open fence is a text chunk's, which closes as a div
    output: str | None = None  # the format whose lines a multi-line `r if (knitr::is_html_output()) '` holds
    for line in lines:
        line = _EMPTY_R.sub("", line) if "`r" in line else line
        if output is not None:
            output = None if _CLOSE_OUTPUT.match(line) else output
            out.append(_prose(line, titles) if output == "html" else "")
        elif fence is None and (opening := _OPEN_OUTPUT.match(line)) is not None:
            output = opening.group(1)
            out.append("")
        elif fence is not None:
            if closes(line, fence):
                out.append(":::" if div else line)
                fence = None
            else:
                out.append(_prose(line, titles) if div else line)
        elif (opened := opens(line)) is not None:
            fence, chunk = opened, _TEXT_CHUNK.match(line)
            div = chunk is not None and (chunk.group(2) in _BLOCKS or chunk.group(2) in THEOREMS)
            out.append(_div(chunk) if chunk is not None and div else line)
        else:
            out.append(_prose(line, titles))
    return "\n".join(out)


def _titles(lines: list[str]) -> dict[str, str]:
    """The title of each heading of the page by its id: its own (`## Binding basics {#binding-basics}`), else the
    one Pandoc makes (`## Signalling conditions` is `signalling-conditions`); a given id wins."""
    given: dict[str, str] = {}
    made: dict[str, str] = {}
    for line, code in in_code(lines):
        heading = None if code else heading_parts(line)
        if heading is not None and heading.ids:
            given[heading.ids[0]] = heading.title
        elif heading is not None and heading.title:
            made.setdefault(pandoc_identifier(heading.title), heading.title)
    return {**made, **given}


def _div(chunk: re.Match[str]) -> str:
    """The div a text chunk is: its `type` for a block, the engine's name for a theorem, and its `name`."""
    engine, options = chunk.group(2), chunk.group(3)
    kind = _TYPE.search(options) if engine in _BLOCKS else None
    classes = f".{kind.group(1)}" if kind else "" if engine in _BLOCKS else f".{engine}"
    named = _NAME.search(options)
    name = next((n for n in named.groups() if n is not None), "").replace('"', "'") if named else ""
    attributes = " ".join(part for part in (classes, f'name="{name}"' if name else "") if part)
    return f"{chunk.group(1)}::: {{{attributes}}}" if attributes else f"{chunk.group(1)}::: {{.block}}"


def _prose(line: str, titles: dict[str, str]) -> str:
    if "\\" not in line and "(" not in line and "`r" not in line:
        return line
    if _INDEX_LINE.match(line) or _LATEX_LINE.match(line):
        return ""
    if (one := _ONE_OUTPUT.match(line)) is not None:
        return one.group(2) if one.group(1) == "html" else ""
    heading = heading_parts(line) if line.startswith("#") else None
    if heading is not None and (name := part_name(heading)) is not None:  # its name, without its attributes ({-})
        return name
    return outside_code_spans(_TEXT_REFERENCE.sub(r"\1", line), lambda text: _plain(text, titles))


def _plain(text: str, titles: dict[str, str]) -> str:
    if "\\" not in text:
        return text
    text = _REFERENCE.sub(lambda ref: ref.group(2) if ref.group(1) else titles.get(ref.group(2), ref.group(2)), text)
    return _INDEX.sub("", _LABEL.sub("", text))


def hidden_chunk(header: str) -> bool:
    """Whether a chunk's header line (```` ```{r plot, echo=FALSE} ````) hides its code: `echo` or `include`
    FALSE (or F)."""
    return _HIDDEN.search(header) is not None


def chunk_caption(header: str, options: list[str]) -> str:
    """The caption of the figure a chunk makes, which the page shows under it: its header's `fig.cap = "..."`
    (knitr's), else its `#| fig-cap:` option (Quarto's, YAML: `>` and a caption on the lines below too); "" for
    none, or for a text reference (`(ref:cap)`: the page shows its text where it is written)."""
    found = _CAPTION.search(header) if "fig.cap" in header else None
    if found is not None:
        caption = _R_ESCAPE.sub(r"\1", next(group for group in found.groups() if group is not None))
    elif any("fig" in option for option in options):
        values = read_yaml(textwrap.dedent("\n".join(option.lstrip()[2:] for option in options)))
        value = next((values[k] for k in _CAPTION_OPTIONS if k in values), "") if isinstance(values, dict) else ""
        caption = " ".join(v for v in value if isinstance(v, str)) if isinstance(value, list) else value
    else:
        return ""
    caption = " ".join(caption.split()) if isinstance(caption, str) else ""
    return "" if caption.startswith("(ref:") else caption


def theorem_title(classes: list[str], attributes: str) -> str | None:
    """What a theorem's div (`::: {.theorem name="Pythagorean theorem"}`) shows before its text: its kind's word
    and its name, "Theorem (Pythagorean theorem)"; None for a div of another kind."""
    kind = next((THEOREMS[c] for c in classes if c in THEOREMS), None)
    if kind is None:
        return None
    named = _NAME.search(attributes)
    name = next((n for n in named.groups() if n is not None), "") if named else ""
    return f"{kind} ({name})" if name else kind


def pandoc_identifier(title: str) -> str:
    """The id Pandoc gives a heading (its auto_identifiers): its text without markup, lowercased, punctuation but
    `_`, `-` and `.` taken out, spaces made hyphens, everything before its first letter left out; `section`
    when nothing is left."""
    text = _MARKUP.sub(lambda m: m.group(1) or "", title).lower()
    kept = "".join(c for c in text if c.isalnum() or c in "_-." or c.isspace() or unicodedata.category(c) == "Mn")
    words = "-".join(kept.split())
    start = next((i for i, c in enumerate(words) if c.isalpha()), len(words))
    return words[start:] or "section"
