"""VitePress's Markdown file inclusion, put in place before a page is read, as VitePress puts it:
`<!--@include: ./parts/basics.md-->` is replaced by the text of the file it names (Vitest's CLI reference is one).

The path is relative to the page, or, starting with `@`, to the site's source folder (the folder holding
`.vitepress/`, or the `srcDir` its config writes as a string: vitepressconfig.py). Parts of a file, as VitePress
takes them: a line range at the end (`{3,}`, `{,10}`, `{2,4}`), after a region (`#name`: the lines between VS Code's
region markers, `<!-- #region name -->` or `// #region name`, each time it opens and closes; else the section under
the heading whose anchor is `name`, down to the next heading of its level or above). A Markdown file's front matter
is left out (but for a range alone, whose lines count from the file's first). The directive is put in place
anywhere, code blocks included, as VitePress does (which is how it shows part of a code file); an included file's
own directives are put in place too, up to includes.MAX_DEPTH deep. Files are read as includes are (includes.py).

Its code imports, on a page of a VitePress site: a line `<<< @/snippets/app.js#region{2,3 ts:line-numbers} [Title]`
(outside code) is the file as a code block, the part between the region's markers alone when it names one
(taken out of the indent its lines share, as VitePress does; the whole file when no such region is found), in the
language the braces name, else that of the file's extension, under its title (Vite's guide shows its GitHub
Pages workflow so). The path is the page's, or `@`'s as above.
"""

from __future__ import annotations

import os
import re
import textwrap
import unicodedata
from pathlib import Path

from indexer.loaders.fences import fence_for, in_code
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text, put_in_place, warn
from indexer.loaders.lineranges import line_number
from indexer.loaders.vitepressconfig import source_folder

__all__ = ["expand_vitepress_code_imports", "expand_vitepress_includes"]

_DIRECTIVE = re.compile(r"<!--\s*@include:\s*(.*?)\s*-->")
_RANGE = re.compile(r"\{(\d*),(\d*)\}$")
_REGION = re.compile(r"#([^\s{]+)$")
_REGION_START = re.compile(r"^\s*(?:<!--|//|#|/\*)\s*#?\s*region\b\s*(.*?)\s*(?:-->|\*/)?\s*$", re.IGNORECASE)
_REGION_END = re.compile(r"^\s*(?:<!--|//|#|/\*)\s*#?\s*end ?region\b\s*(.*?)\s*(?:-->|\*/)?\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_CUSTOM_ID = re.compile(r"\s*\{#([^}\s]+)\}\s*$")
_SLUG_SPECIAL = re.compile(r"""[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:"'\u201c\u201d\u2018\u2019<>,.?/]+""")
_MARKDOWN = frozenset({".md", ".markdown"})
_REGION_NAME = re.compile(r"[\w.-]+")  # letters, digits, _, - and ., as VitePress reads a region name
_LINE_NUMBERS = re.compile(r"[\d,-]+")  # the lines a code import highlights, in its braces


def expand_vitepress_includes(text: str, path: Path) -> str:
    """`text` with VitePress's include directives replaced by what they include ("" when that cannot be read)."""
    if "@include:" not in text:
        return text
    return _DIRECTIVE.sub(lambda match: _expansion(match.group(1), path), text)


def _expansion(target: str, path: Path) -> str:
    if not target:
        return ""
    span = _RANGE.search(target)
    target = target[: span.start()] if span else target
    region = _REGION.search(target)
    target = target[: region.start()] if region else target
    name = _from_source(target, path) if target.startswith("@") else target
    text = included_text(path, name, part=True) if name is not None else None
    if name is None or text is None:
        return ""
    if Path(name).suffix.lower() in _MARKDOWN and (region or not span):
        _, text, _ = split_front_matter(text)
    lines = text.split("\n")
    if region:
        part = _region(lines, region.group(1))
        if part is None:
            warn(f"{target[:120]}: no region or heading {region.group(1)[:60]} in it: not included")
            return ""
        lines = part
    if span:
        first, last = line_number(span.group(1) or "1"), line_number(span.group(2)) if span.group(2) else len(lines)
        lines = lines[max(first, 1) - 1 : last]
    with deeper():
        return expand_vitepress_includes(put_in_place("\n".join(lines), name), path.parent / name)


def expand_vitepress_code_imports(text: str, path: Path) -> str:
    """`text` with VitePress's code imports put in place as fenced code (see the module docstring), on a page of a
    VitePress site; nothing for a file that cannot be read (includes.py warns)."""
    if "<<<" not in text or source_folder(path) is None:
        return text
    lines = []
    for line, code in in_code(text.split("\n")):
        spec = line.strip()
        if code or not spec.startswith("<<<") or spec[3:4] not in (" ", "\t"):
            lines.append(line)
        else:
            lines.append(_code_import(spec[3:].strip(), line[: len(line) - len(line.lstrip())], path))
    return "\n".join(lines)


def _code_import(spec: str, indent: str, path: Path) -> str:
    """The code block a code import's `spec` (`./file.yaml#content{yaml} [Title]`) puts at `indent`, or ""."""
    title = lang = region = ""
    if spec.endswith("]") and "[" in spec:
        spec, title = spec[: spec.rfind("[")].rstrip(), spec[spec.rfind("[") + 1 : -1].replace("`", "").strip()
    if spec.endswith("}") and "{" in spec:
        spec, braces = spec[: spec.rfind("{")].rstrip(), spec[spec.rfind("{") + 1 : -1].split()
        lang = next((word.split(":")[0] for word in braces if not _LINE_NUMBERS.fullmatch(word)), "")
    if "#" in spec and _REGION_NAME.fullmatch(spec[spec.rfind("#") + 1 :]):
        spec, region = spec[: spec.rfind("#")], spec[spec.rfind("#") + 1 :]
    name = _from_source(spec, path) if spec.startswith("@") else spec
    code = included_text(path, name, part=True) if name else None
    if name is None or code is None:
        return ""
    lines = code.split("\n")
    part = _region(lines, region) if region else None
    code = textwrap.dedent(put_in_place("\n".join(part if part is not None else lines), name)).strip("\n")
    lang = (lang or os.path.splitext(name)[1][1:] or "txt").replace("`", "")
    fence = fence_for(code)
    info = f"{lang} [{title}]" if title else lang
    return "\n".join(indent + row if row else row for row in (f"{fence}{info}", *code.split("\n"), fence))


def _from_source(target: str, page: Path) -> str | None:
    """`@/x` (or `@x`) as a path from the page's folder: x in the site's source folder; None, said, when no
    `.vitepress/` folder lies above the page."""
    rest = target[2:] if target[1:2] in ("/", "\\") else target[1:]
    source = source_folder(page)
    if source is None:
        warn(f"{target[:120]}: no .vitepress/ folder above the page, whose source folder @ names: not included")
        return None
    return os.path.relpath(os.path.join(source, rest), os.path.dirname(os.path.realpath(page)))


def _region(lines: list[str], name: str) -> list[str] | None:
    """The lines of region `name` (each time it opens and closes), else those of the section under the heading
    whose anchor is `name`; None when the file holds neither."""
    kept: list[str] = []
    found, depth = False, 0  # depth within the region: regions nested in it, whose markers are its lines
    for line in lines:
        start = _REGION_START.match(line) if "egion" in line else None
        end = _REGION_END.match(line) if start is None and "egion" in line else None
        if depth == 0:
            if start is not None and start.group(1) == name:
                found, depth = True, 1
            continue
        depth += 1 if start is not None else -1 if end is not None else 0
        if depth > 0:
            kept.append(line)
    return kept if found else _section(lines, name)


def _section(lines: list[str], anchor: str) -> list[str] | None:
    """The lines under the heading whose anchor is `anchor`, down to the next heading of its level or above."""
    level, start = 0, -1
    for number, (line, code) in enumerate(in_code(lines)):
        heading = None if code else _HEADING.match(line)
        if heading is None:
            continue
        if start >= 0 and len(heading.group(1)) <= level:
            return lines[start:number]
        if start < 0 and _anchor(heading.group(2)) == anchor:
            level, start = len(heading.group(1)), number + 1
    return lines[start:] if start >= 0 else None


def _anchor(heading: str) -> str:
    """The id VitePress gives a heading: its `{#custom-id}`, else its text slugged."""
    custom = _CUSTOM_ID.search(heading)
    if custom:
        return custom.group(1)
    text = re.sub(r"<[^>]*>|`", "", heading)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    slug = _SLUG_SPECIAL.sub("-", re.sub(r"[\x00-\x1f]", "", text)).strip("-")
    return re.sub(r"-{2,}", "-", re.sub(r"^(\d)", r"_\1", slug)).lower()
