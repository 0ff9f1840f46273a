"""MyST Markdown (Sphinx with myst-parser, Jupyter Book): its directives and roles read as the built page shows them.

Outside fenced code, before the Markdown is parsed:
- a directive, fenced by backticks or colons (```` ```{note} ````, `:::{admonition} Title`), leaves its title (its
  argument; without one, an admonition's kind as Sphinx titles it: `Note`, `See also`; autodoc's
  `{autofunction} pkg.name` its object's name; none for `only`, `module` and the others whose argument Sphinx
  does not show) and its body as prose, nested directives read the same way; code directives (`code-block`,
  `code-cell`, `doctest`...: sphinx.py) and `math` stay code, under their `:caption:` (a code cell tagged
  `remove-cell` or `remove-input` leaves nothing, as MyST-NB builds it); `eval-rst` is read as the
  reStructuredText it holds (rst.py); a `list-table` whose cells are a line each is a table of rows; an image
  leaves its alt text, a figure its alt text and caption; what is not text (`toctree`, `raw`, `index`...) leaves
  nothing, and no directive here reads a file (`include` and `literalinclude` were put in place before:
  sphinxfiles.py; one whose file could not be read leaves nothing). Options (`:caption: x`, `:     more of it`
  on the lines after, a `---` YAML block) leave nothing, but for those Sphinx shows of an object: a confval's
  `Type:` and `Default:` lines, an attribute's type and value after its name;
- a role leaves what it shows: {ref}`the guide <guide-label>` is "the guide", {math}`a^2` is "a^2", and
  {attr}`object.__dict__` the code `object.__dict__` (the roles Sphinx shows as code); in a code span it stays
  as written;
- display math, `$$ ... $$` and amsmath's `\\begin{align}` ... `\\end{align}` at a line's start, is kept as written,
  as code (Markdown would take its backslashes: `\\,dx` read `,dx`);
- a link without text, `[](cross-reference.md)` or `[](#label)`, shows what MyST fills it with: the title of the
  page it names, or of the section its label stands above (read as Sphinx's references are: sphinxrefs.py), or
  its URL; one whose target is not found shows the target;
- a target line `(label)=` and a comment line `% note to self` leave nothing (on a page that shows MyST's signs,
  a directive, a role or a target: elsewhere a line may well start with a per cent sign).
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from indexer.loaders.autodoc import autodoc_rst, myst_page, set_current_module
from indexer.loaders.fences import CODE_SPAN_PATTERN, closes, fence_for, opens
from indexer.loaders.rst import rst_as_markdown
from indexer.loaders.sphinx import (
    ADMONITION_TITLES,
    BODY_DIRECTIVES,
    CODE_DIRECTIVES,
    EMPTY_DIRECTIVES,
    OPTION_LINES,
    SIGNATURE_OPTIONS,
    VERSION_LABELS,
    only_shown,
    role_text,
)
from indexer.loaders.sphinxrefs import doc_title, ref_title, toctree_titles

__all__ = ["plain_myst"]

# a directive's opening line; a name starts with a letter (Pandoc's ```{.python} is code with attributes)
_DIRECTIVE = re.compile(r"^([ \t]*)(`{3,}|~{3,}|:{3,})\{([A-Za-z][\w:.-]*)\}[ \t]*(.*)$")
_OPTION = re.compile(r"^[ \t]*:([\w-]+):(?:[ \t]+(.*))?$")
# a sign that a page is MyST: a directive's fence, a role, a target
_SIGN = re.compile(r"^[ \t]*(?:`{3,}|:{3,})\{[A-Za-z]|\{[\w:.-]+\}`|^[ \t]*\([^\s()]+\)=[ \t]*$", re.MULTILINE)
_COMMENT = re.compile(r"^[ \t]*%(?:[ \t]|$)")  # `% a comment`: MyST shows nothing of it
_TARGET = re.compile(r"^[ \t]*\([^\s()]+\)=[ \t]*$")  # `(label)=`, `(syntax/directives)=`
_OPEN_ROLE = re.compile(r"\{[\w:.-]+\}`")  # a role that _ROLE left unshown: its text does not close on its line
MAX_ROLE_LINES = 4  # lines more a role's text may go on over
# a role, or a code span (which shows a role's syntax as written: ``{ref}`x` ``)
_ROLE = re.compile(rf"\{{(?P<role>[\w:.-]+)\}}(?P<quote>`+)(?P<text>.+?)(?P=quote)(?!`)|{CODE_SPAN_PATTERN}")
# roles Sphinx shows as code (`object.__dict__`): their text stays a code span, so Markdown keeps it as written
_LITERAL_ROLES = frozenset({"attr", "class", "func", "meth", "mod", "obj", "data", "const", "exc", "type", "member",
                            "var", "macro", "struct", "enum", "code", "literal", "file", "samp", "command", "envvar",
                            "option", "program", "kbd"})  # fmt: skip
_CODE = CODE_DIRECTIVES | {"math"}
# a code cell's tags that leave nothing of it on a MyST-NB page, whose outputs a Markdown source never holds
_HIDDEN_CELL = re.compile(r"(?<![\w-])remove[-_](?:cell|input)(?![\w-])")
_BEGIN = re.compile(r"^[ \t]{0,3}\\begin\{([A-Za-z]+\*?)\}")  # amsmath's display math at a line's start
MAX_MATH_LINES = 200
_EMPTY_LINK = re.compile(rf"(?<!!)\[\]\((?P<target>[^()\s]{{1,500}})\)|{CODE_SPAN_PATTERN}")  # `[](target)`
_URL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
_ROW = re.compile(r"^[ \t]*[*+-][ \t]+[*+-][ \t]+(.*)$")  # a list-table's row, with its first cell: `* - a`
_CELL = re.compile(r"^[ \t]+[*+-][ \t]+(.*)$")  # its next cells: `  - b`
_IMAGES = frozenset({"image", "figure"})
MAX_DEPTH = 20  # directives nested deeper are read as prose without looking for more inside them


def plain_myst(text: str, path: Path | None = None) -> str:
    """`text` with MyST's syntax replaced as the module docstring says (unchanged when it holds none); `path`, the
    page, is where the reStructuredText of an eval-rst directive includes files from."""
    if "{" not in text and ")=" not in text and "[](" not in text and "$$" not in text:
        return text
    comments = _SIGN.search(text) is not None
    with myst_page():
        return "\n".join(_lines(text.split("\n"), 0, path, comments))


def _lines(lines: list[str], depth: int, path: Path | None = None, comments: bool = False) -> list[str]:
    out: list[str] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if fence is not None:
            if closes(line, fence):
                fence = None
            out.append(line)
            continue
        if line.lstrip().startswith("$$") or _BEGIN.match(line):
            end = _math_end(lines, i - 1)
            if end is not None:  # display math: kept as written (Markdown would take its backslashes)
                out += ["```math", *lines[i - 1 : end + 1], "```"]
                i = end + 1
                continue
        directive = _DIRECTIVE.match(line) if depth < MAX_DEPTH else None
        if directive:
            indent, marker, name, argument = directive.groups()
            end = _closing(lines, i, marker, depth + 1)
            out += _directive(indent, name.lower(), argument.strip(), lines[i:end], depth, path, comments)
            i = end + 1
            continue
        if (opened := opens(line)) is not None:
            fence = opened
            out.append(line)
            continue
        if _TARGET.match(line) or (comments and _COMMENT.match(line)):
            continue
        if "}`" in line:
            line, i = _with_roles(line, lines, i)
        out.append(_EMPTY_LINK.sub(_link_text, line) if "[](" in line else line)
    return out


def _with_roles(line: str, lines: list[str], i: int) -> tuple[str, int]:
    """A line with its roles shown, and the index of the line after it. A role whose text goes on over the next
    lines of its paragraph (wrapped prose: {ref}`documented in the command docstring` then `<documenting-arguments>`
    on the next line) takes them in, joined by a space as Markdown joins a paragraph's lines, up to MAX_ROLE_LINES;
    one still open then is left as written."""
    shown = _ROLE.sub(_role_text, line)
    joined, at = line, i
    while _OPEN_ROLE.search(shown) and at - i < MAX_ROLE_LINES and at < len(lines) and _prose(lines[at]):
        joined = f"{joined} {lines[at].strip()}"
        at += 1
        shown = _ROLE.sub(_role_text, joined)
    if at > i and _OPEN_ROLE.search(shown):
        return _ROLE.sub(_role_text, line), i
    return shown, at


def _prose(line: str) -> bool:
    """Whether a line goes on a paragraph: not blank, not a fence, a directive or a target."""
    return bool(line.strip()) and opens(line) is None and not _DIRECTIVE.match(line) and not _TARGET.match(line)


def _closing(lines: list[str], start: int, marker: str, depth: int) -> int:
    """The index of the line that closes a directive opened by `marker` (len(lines) if none does): a line of that
    character alone, at least as long, outside the code fences and directives nested in it (up to MAX_DEPTH
    deep: deeper openers are lines like any other)."""
    at = start
    while at < len(lines):
        line = lines[at]
        stripped = line.strip()
        if stripped and set(stripped) == {marker[0]} and len(stripped) >= len(marker):
            return at
        if depth < MAX_DEPTH and (nested := _DIRECTIVE.match(line)) is not None:
            at = _closing(lines, at + 1, nested.group(2), depth + 1) + 1
            continue
        if (opened := opens(line)) is not None:  # a code fence: its lines are code, whatever they look like
            at += 1
            while at < len(lines) and not closes(lines[at], opened):
                at += 1
        at += 1
    return len(lines)


def _directive(
    indent: str, name: str, argument: str, body: list[str], depth: int, path: Path | None, comments: bool = False
) -> list[str]:
    if name == "eval-rst":  # its body is reStructuredText, options and all
        return [*textwrap.indent(rst_as_markdown(textwrap.dedent("\n".join(body)), path), indent).split("\n"), ""]
    options, content = _options(body)
    if name in ("module", "currentmodule", "py:module", "py:currentmodule"):
        set_current_module(argument)  # the module eval-rst's autodoc directives name objects in, from here
    if path is not None and (rst := autodoc_rst(name, argument, options, content, path)) is not None:
        return [*textwrap.indent(rst_as_markdown(rst), indent).split("\n"), ""]  # from the source (autodoc.py)
    if name == "toctree":  # the pages it lists, by their titles, as Sphinx shows it where it stands
        titles = toctree_titles(content, options)
        caption = [indent + options["caption"], ""] if titles and options.get("caption") else []
        return [*caption, *(f"{indent}- {title}" for title in titles), ""]
    if name in EMPTY_DIRECTIVES or (name == "only" and not only_shown(argument)):  # `only` for another format
        return []
    if name == "code-cell" and _HIDDEN_CELL.search(options.get("tags", "")):  # MyST-NB shows no such cell
        return []
    if name in _CODE:
        while content and not content[0].strip():
            content = content[1:]  # the blank line after the options
        language = options.get("language", "") if name != "math" else ""
        language = language or (argument.split()[0] if argument and name != "math" else "")
        fence = fence_for("\n".join(content))
        caption = [indent + options["caption"], ""] if options.get("caption") else []  # Sphinx shows it above
        return [*caption, f"{indent}{fence}{language}", *content, f"{indent}{fence}"]
    shown: list[str] = []
    if name in _IMAGES:
        if options.get("alt"):
            shown += [indent + options["alt"], ""]
        if name == "image":
            return shown
    elif name == "list-table" and (rows := _table_rows(content)) is not None:
        caption = [indent + argument, ""] if argument else []
        return [*caption, *(indent + row for row in rows), ""]
    elif name in VERSION_LABELS:
        shown += [f"{indent}{VERSION_LABELS[name]} {argument}".rstrip(), ""]
    elif name not in BODY_DIRECTIVES:
        shown += _title(indent, name, argument, options)
    return [*shown, *_lines(content, depth + 1, path, comments), ""]


def _title(indent: str, name: str, argument: str, options: dict[str, str]) -> list[str]:
    """A directive's title (its argument, else its name), with the options Sphinx shows of an object: after its
    signature, then a line each under it (sphinx.py)."""
    shown = (form.format(options[key]) for key, form in SIGNATURE_OPTIONS.get(name, ()) if options.get(key))
    title = argument + "".join(shown) if argument else ADMONITION_TITLES.get(name.split(":")[-1], "")
    fields = [f"{indent}{label}: {options[key]}" for key, label in OPTION_LINES.get(name, ()) if options.get(key)]
    lines = [*(f"{field}\\" for field in fields[:-1]), *fields[-1:], ""] if fields else []  # hard breaks: a line each
    return [_ROLE.sub(_role_text, line) for line in [*([indent + title, ""] if title else []), *lines]]


def _table_rows(content: list[str]) -> list[str] | None:
    """A list-table's rows as a Markdown table (`| a | b |`), read as a table's rows are; None when a cell holds
    more than a line of text (code, a list): its lines are read as the list they are written as."""
    rows: list[list[str]] = []
    for line in content:
        stripped = line.strip()
        if not stripped:
            continue
        row = _ROW.match(line)
        if row is not None:
            rows.append([row.group(1).strip()])
        elif rows and (cell := _CELL.match(line)) is not None:
            rows[-1].append(cell.group(1).strip())
        else:
            return None  # a cell's second line, or what no row holds
    if not rows:
        return None
    width = max(len(row) for row in rows)
    cells = [[_ROLE.sub(_role_text, c).replace("|", "\\|") for c in row] + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(row) + " |" for row in cells]
    return [lines[0], "|" + "---|" * width, *lines[1:]]


def _options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's options (`:key: value` lines, or a `---` YAML block, at its start) and the rest."""
    options: dict[str, str] = {}
    at = 0
    if body and body[0].strip() == "---":
        closing = next((n for n in range(1, len(body)) if body[n].strip() == "---"), None)
        if closing is not None:
            for line in body[1:closing]:
                key, _, value = line.partition(":")
                options[key.strip().lower()] = value.strip()
            at = closing + 1
    key = ""
    while at < len(body):
        option = _OPTION.match(body[at])
        if option is not None:
            key = option.group(1).lower()
            options[key] = (option.group(2) or "").strip()
        elif key and body[at].lstrip().startswith(":"):  # `:     more of it`: a value that goes on (YAML's `|`)
            more = body[at].lstrip()[1:].strip()
            options[key] = more if options[key] in ("|", ">", "|-", ">-") else f"{options[key]} {more}".strip()
        else:
            break
        at += 1
    return options, body[at:]


def _math_end(lines: list[str], start: int) -> int | None:
    """The last line of the display math that starts at lines[start] (`$$ ... $$`, or amsmath's `\\begin{align}`
    ... `\\end{align}`), at most MAX_MATH_LINES on; None when it does not end there."""
    first = lines[start].strip()
    begin = _BEGIN.match(lines[start])
    if begin is None and len(first) > 2 and first.endswith("$$"):
        return start  # `$$ x^2 $$` on one line
    closing = f"\\end{{{begin.group(1)}}}" if begin else "$$"
    for at in range(start + 1, min(len(lines), start + MAX_MATH_LINES)):
        stripped = lines[at].strip()
        if not stripped and not begin:
            return None  # a paragraph ends first: not math
        if stripped.endswith(closing) or stripped.startswith(closing):  # (`$$ (label)`: MyST's label after it)
            return at
    return None


def _link_text(match: re.Match[str]) -> str:
    """A link without text with the text MyST gives it (see the module docstring); a code span as it is."""
    target = match.group("target")
    if target is None:
        return match.group()
    if _URL.match(target):  # a URL, or MyST's xref:project/page, doi:...: shown as written (xref: without it)
        shown = target.removeprefix("xref:")
        return f"[{shown}]({target})"
    page, _, label = target.partition("#")
    found = ref_title(label) if label and not page else None
    if found is None and page:
        found = doc_title(re.sub(r"\.(?:md|ipynb|rst|myst)$", "", page, flags=re.IGNORECASE))
    shown = found or label or page
    return f"[{shown.replace('[', '(').replace(']', ')')}]({target})"


def _role_text(match: re.Match[str]) -> str:
    """What a role shows (sphinx.role_text), as a code span for the roles Sphinx shows as code; a code span as
    it is."""
    if match.group("role") is None:
        return match.group()
    shown = role_text(match.group("text"), match.group("role"))
    if match.group("role").split(":")[-1].lower() not in _LITERAL_ROLES or not shown:
        return shown
    ticks = fence_for(shown, shortest=1)
    return f"{ticks} {shown} {ticks}" if "`" in shown else f"`{shown}`"
