"""The option tables of quarto.org's reference pages, which a Lua filter of the site writes from JSON files.

quarto-web's `docs/reference/_metadata.yml` runs the filter `reference.lua` on every reference page: after the
page's own text it writes, for each group of `<page>.json` beside it (`formats/html.qmd` reads `html.json`: a list
of `{title, description?, level?, options: [{name, description}]}`), a heading, the group's description and a
table of its options; on the project pages (`projects/`), each empty div `::: {#table-website}` gets the table of
`website.json` (a list of options). Read without it, the 37 pages held a line or two, and none of the options
(`code-fold`, `toc-depth`...) a reader looks them up for. Here the same tables are written as Markdown, each
option a row: its name as code, its description on one line. Only where the page's metadata names a filter called
`reference.lua`, and only from a JSON file of that shape; the files are read as includes are (a change reads the
page again).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from indexer.loaders.includes import included_text, probe
from indexer.loaders.quartometa import Metadata

__all__ = ["reference_tables"]

_FILTER = "reference.lua"
_TABLE_DIV = re.compile(r"^:::+[ \t]*\{#table-([\w-]{1,100})[^\n]{0,200}\}[ \t]*\n(?=:::+[ \t]*$)", re.MULTILINE)
MAX_OPTIONS = 2_000  # groups of one page, rows of one table (the JSON file, an include, bounds their product)


def reference_tables(body: str, path: Path, metadata: Metadata) -> str:
    """`body` with the tables quarto.org's reference filter gives it (see the module docstring)."""
    if not _runs_the_filter(metadata.meta("filters")):
        return body
    if "/reference/projects/" in path.as_posix():  # the filter's own test: the project pages fill their divs
        return _TABLE_DIV.sub(lambda m: m.group() + _table(_json(path, f"{m.group(1)}.json")) + "\n", body)
    groups = _json(path, f"{path.stem}.json")
    parts = [body]
    for group in groups[:MAX_OPTIONS] if isinstance(groups, list) else []:
        if not isinstance(group, dict) or not isinstance(group.get("title"), str):
            continue
        level = group.get("level")
        level = level if isinstance(level, int) and 1 <= level <= 6 else 2  # a heading's, as the filter writes it
        parts.append(f"{'#' * level} {_one_line(group['title'])}")
        if isinstance(group.get("description"), str) and group["description"].strip():
            parts.append(group["description"].strip())
        parts.append(_table(group.get("options")))
    return "\n\n".join(part for part in parts if part) + "\n"


def _runs_the_filter(filters: Any) -> bool:
    listed = filters if isinstance(filters, list) else [filters]
    return any(isinstance(f, str) and Path(f.strip()).name == _FILTER for f in listed)


def _json(path: Path, name: str) -> Any:
    """The JSON file `name` beside the page, parsed; None when there is none (the filter writes nothing then, as for
    the reference's index pages: no warning) or it cannot be read."""
    if not probe(str(path.parent / name)):
        return None
    text = included_text(path, name, part=True)  # (parsed, not shown as written)
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _table(options: Any) -> str:
    """The options as a Markdown table, a row each (a name as code, its description on one line); "" for none."""
    rows = [
        f"| `{_one_line(o['name'])}` | {_one_line(str(o.get('description') or ''))} |"
        for o in (options[:MAX_OPTIONS] if isinstance(options, list) else [])
        if isinstance(o, dict) and isinstance(o.get("name"), str) and "`" not in o["name"]
    ]
    return "\n".join(["| Option | Description |", "| --- | --- |", *rows]) if rows else ""


def _one_line(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")
