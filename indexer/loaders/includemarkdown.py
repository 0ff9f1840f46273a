"""mkdocs-include-markdown-plugin's directives, put in place before a page is read, as the plugin puts files when
its MkDocs site is built; only in a project whose config names the plugin (`include-markdown` in `plugins`, a
list or a mapping, with what `INHERIT` gives), elsewhere `{% include %}` is a Liquid tag (templates.py).

- `{% include-markdown "path" %}` (Traefik's docs pull a shared notice into 53 pages so) and `{% include "path"
  %}` (a file of any kind, most often inside a code fence) are the file's text, anywhere in the page, code
  blocks included, over several lines too (`{%\\n  include-markdown "x.md"\\n  start="<!--a-->"\\n%}`), single
  or double quotes, `\\"` escaped.
- Paths as the plugin takes them: `./x` and `../x` from the page's folder, `/x` from the file system's root, any
  other from the site's docs_dir. A URL is not downloaded, and a glob (`*`, `?`, `[`, `{`) is not expanded,
  each with a warning.
- Options: `start` and `end` (Python escapes such as `\\n` read; with both, each part between a start and the
  next end), `heading-offset` (headings outside code go that many levels down, or up when negative),
  `preserve-includer-indent` (true: the lines after the first are indented as the text before the directive is
  long), `dedent`, `trailing-newlines` and `recursive` (an included file's own directives, from its folder);
  their defaults from the plugin's options in mkdocs.yml, which also name other tags (`opening_tag`,
  `closing_tag`) and directives (`directives: {include-markdown: imd}`). `comments` and `rewrite-relative-urls`
  change nothing a reader sees.
A delimiter the file does not hold is a warning, as in the plugin (`start` then includes nothing, `end` the rest).
Files are read through includes.py: from the documents folder or --includes-from only, remembered for the next run.
"""

from __future__ import annotations

import codecs
import re
import textwrap
import warnings
from pathlib import Path
from typing import Any

from indexer.loaders.fences import in_code
from indexer.loaders.includes import deeper, folders_up, included_text, put_in_place, warn
from indexer.loaders.mkdocsyml import mkdocs_settings, plugin_entries, site_configs

__all__ = ["expand_include_markdown"]

PLUGIN = "include-markdown"
_QUOTED = r"""(?:"((?:[^"\\]|\\.)+)"|'((?:[^'\\]|\\.)+)')"""
_MAX_ARGUMENTS = 2_000  # characters of a directive's options: an unclosed tag is not looked past that
_MAX_TARGET = 2_000  # characters of the path a directive names: an unclosed quote is not looked past that
_TARGET = rf"""(?:"(?P<double>(?:[^"\\]|\\.){{1,{_MAX_TARGET}}})"|'(?P<single>(?:[^'\\]|\\.){{1,{_MAX_TARGET}}})')"""
_GLOB = re.compile(r"[*?[{]")
_HEADING = re.compile(r"^(#{1,6})(?=[ \t]|$)")
_BOOLEANS = ("preserve-includer-indent", "dedent", "trailing-newlines", "recursive")
_DEFAULTS: dict[str, Any] = {
    "preserve-includer-indent": True, "dedent": False, "trailing-newlines": True, "recursive": True,
    "heading-offset": 0, "start": None, "end": None,
}  # fmt: skip


def expand_include_markdown(text: str, path: Path) -> str:
    """`text` with the directives of mkdocs-include-markdown-plugin replaced by what they include, when the
    page's MkDocs project names the plugin; else `text` as it is."""
    if "include" not in text:
        return text
    site = _site(path)
    if site is None:
        return text
    docs_dir, options = site
    return _Includer(docs_dir, options).expand(text, path)


class _Includer:
    """The plugin's directives for one site: its tags, its directives' names and its defaults."""

    def __init__(self, docs_dir: Path, options: dict[str, Any]) -> None:
        self.docs_dir = docs_dir
        self.defaults = dict(_DEFAULTS)
        for name in _DEFAULTS:
            value = options.get(name.replace("-", "_"))
            if type(value) is type(_DEFAULTS[name]) or (name in ("start", "end") and isinstance(value, str)):
                self.defaults[name] = value  # (`heading_offset: true` is no offset: a bool is no int here)
        opening, closing = options.get("opening_tag"), options.get("closing_tag")
        names = options.get("directives")
        names = names if isinstance(names, dict) else {}
        self.kinds = {str(names.get(kind, kind)): kind for kind in ("include", PLUGIN)}  # PLUGIN's when the same
        self.tag = re.compile(
            re.escape(opening if isinstance(opening, str) else "{%") + r"\s*(?P<name>"
            + "|".join(re.escape(name) for name in sorted(self.kinds, key=len, reverse=True))
            + r")\s+" + _TARGET + rf"(?P<arguments>.{{0,{_MAX_ARGUMENTS}}}?)"
            + re.escape(closing if isinstance(closing, str) else "%}"),
            re.DOTALL,
        )  # fmt: skip

    def expand(self, text: str, page: Path) -> str:
        """`text` (of the file `page`) with its directives replaced, in one pass as the plugin replaces them: what
        one puts in place is not looked at again, but where the directive asks for it (`recursive`), from the
        folder of the file it names (_file())."""
        out: list[str] = []
        pos = 0
        for match in self.tag.finditer(text):
            line_start = text.rfind("\n", pos, match.start()) + 1 or pos  # what stands before it on its line
            kind = self.kinds[match["name"]]
            out += [text[pos:line_start], self._replace(match, kind, page, text[line_start : match.start()])]
            pos = match.end()
        return "".join(out) + text[pos:] if out else text

    def _replace(self, match: re.Match[str], kind: str, page: Path, before: str) -> str:
        target = _unescaped(match["double"] or match["single"] or "")
        options = _options(match["arguments"], self.defaults)
        included = self._file(target, page, options)
        if included is None:
            return before
        if kind == PLUGIN and options["heading-offset"]:
            included = _offset_headings(included, int(options["heading-offset"]))
        if options["dedent"]:
            included = textwrap.dedent(included)
        lines = included.split("\n")
        if options["preserve-includer-indent"]:
            lines = [lines[0], *(" " * len(before) + line if line else line for line in lines[1:])]
        return before + "\n".join(lines)

    def _file(self, target: str, page: Path, options: dict[str, Any]) -> str | None:
        shown = target[:120]
        if target.lower().startswith(("http://", "https://")):
            warn(f"include-markdown {shown} is a URL: not downloaded (the indexer works offline)")
            return None
        if _GLOB.search(target):
            warn(f"include-markdown {shown} is a glob: not expanded, nothing included")
            return None
        if target.startswith(("./", "../")):
            text = included_text(page, target, part=True)
            base = page.parent / target
        elif target.startswith("/"):
            text = included_text(Path("/"), target.lstrip("/"), relative_to_folder=True, part=True)
            base = Path(target)
        else:
            text = included_text(self.docs_dir, target, relative_to_folder=True, part=True)
            base = self.docs_dir / target
        if text is None:
            return None
        text = put_in_place(_between(text, options["start"], options["end"], shown), target)
        if options["recursive"] and "include" in text:
            with deeper():
                text = self.expand(text, base)
        return text if options["trailing-newlines"] else text.rstrip("\n")


def _site(page: Path) -> tuple[Path, dict[str, Any]] | None:
    """(the docs_dir of the page's MkDocs site, the plugin's options) when its config names the plugin."""
    for folder in folders_up(page):
        configs = site_configs(Path(folder))
        if not configs:
            continue
        settings = mkdocs_settings(configs[0])
        options = next((options for name, options in plugin_entries(settings) if name == PLUGIN), None)
        if options is None:
            return None
        docs = settings.get("docs_dir", "docs")
        return Path(folder) / (docs if isinstance(docs, str) else "docs"), options
    return None


def _options(arguments: str, defaults: dict[str, Any]) -> dict[str, Any]:
    """A directive's options over the site's defaults: strings in quotes, booleans, the heading offset."""
    options = dict(defaults)
    for name in ("start", "end"):
        found = re.search(rf"(?<![\w-]){name}=" + _QUOTED, arguments)
        if found:
            options[name] = _unescaped(found.group(1) or found.group(2) or "")
    for name in _BOOLEANS:
        found = re.search(rf"(?<![\w-]){name}=(true|false)\b", arguments)
        if found:
            options[name] = found.group(1) == "true"
    offset = re.search(r"(?<![\w-])heading-offset=(-?\d{1,2})\b", arguments)
    if offset:
        options["heading-offset"] = int(offset.group(1))
    return options


def _unescaped(value: str) -> str:
    return value.replace('\\"', '"').replace("\\'", "'")


def _between(text: str, start: str | None, end: str | None, shown: str) -> str:
    """The part of an included file its `start` and `end` delimiters mark, as the plugin cuts it."""
    start, end = _escapes(start), _escapes(end)
    if start and start not in text:
        warn(f"include-markdown {shown}: delimiter start {start[:60]!r} not found in the file")
    if end and end not in text:
        warn(f"include-markdown {shown}: delimiter end {end[:60]!r} not found in the file")
    if start and end:  # each stretch from a start to the first end after it
        parts = text.split(start)[1:] if start in text else [text]
        return "".join(part.split(end, 1)[0] for part in parts)
    if start:
        return text.split(start, 1)[1] if start in text else ""
    if end:
        return text.split(end, 1)[0]
    return text


def _escapes(value: str | None) -> str | None:
    """A delimiter with its Python escapes read (`\\n` a line break), as the plugin reads them."""
    if not value:
        return value
    with warnings.catch_warnings():  # an escape Python does not know (`\\d`) warns, and will fail: kept as written
        warnings.simplefilter("error")
        try:
            return codecs.decode(value.encode("latin-1", "backslashreplace"), "unicode_escape")
        except (UnicodeDecodeError, DeprecationWarning):
            return value


def _offset_headings(text: str, offset: int) -> str:
    """`text` with its `#` headings outside code `offset` levels deeper (fewer `#` when negative)."""
    lines: list[str] = []
    for line, code in in_code(text.split("\n")):
        heading = None if code else _HEADING.match(line)
        if heading is not None:
            level = min(max(len(heading.group(1)) + offset, 1), 6)
            line = "#" * level + line[heading.end() :]
        lines.append(line)
    return "\n".join(lines)
