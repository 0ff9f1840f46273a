"""A Hugo page whose text is a command's reference in the site's data: Docker's CLI reference.

Docker's docs hold 350 pages such as `content/reference/cli/docker/container/run.md` whose body is only a
comment; their front matter names a data file (`datafolder: engine-cli`, `datafile: docker_container_run`) that
the site's `cli` layout shows: the YAML that docker/cli-docs-tool writes, with the command's `short`
description, `usage`, `aliases`, `long` description, `options` and `examples`. Each of those pages was
skipped as "no text", and `docker run --publish` was found nowhere.

Such a page reads as that layout shows it: a table of the description, usage and aliases, then the page's own
text, a warning when the command is deprecated, "Description" (the long text, Markdown), "Options" (a row per
option not hidden: `-p, --publish`, its default unless an empty one, its description under its badges: "API
1.43+", "Deprecated", "experimental"), "Examples" (Markdown), and on a section's page (`_index.md`)
"Subcommands", each command its data names (`cname`, `clink`) with its own short description.

The data file is `<datafolder>/<datafile>` (`.yaml`, `.yml`, `.json`, `.toml`) in the site's `data/` folder, or
in a folder a module mounts there: the site's own `module.mounts` (`source`, relative to the site), or an
import's from its vendored copy (`_vendor/<path>/<source>`, as `hugo mod vendor` keeps it: Docker's Compose,
Scout and MCP references come so). Only a file of cli-docs-tool's shape (a mapping with a `command` and a
`usage`, `short` or `long`) is shown; any other leaves the page as it is. Files are read as includes are
(includes.py: remembered, so that a change reads the page again; outside the documents folder, refused with
the usual warning naming --includes-from).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.hugomodules import mappings, module_mounts
from indexer.loaders.hugoparams import hugo_site, parsed_values, site_mains
from indexer.loaders.includes import included_text, lies_outside, probe, refuse

__all__ = ["expand_cli_reference"]

MAX_SUBCOMMANDS = 200  # subcommands listed on a section's page (`docker` itself has about 60)
MAX_OPTIONS = 1_000
_NAME = re.compile(r"[\w][\w.-]{0,200}")  # a data file's or folder's name: one part of a path, no `..`
_SUFFIXES = (".yaml", ".yml", ".json", ".toml")
_EMPTY_DEFAULTS = frozenset({"[]", "map[]", "false", "0", "0s", "default", "''", '""'})  # the layout's skipDefault
_BADGES = (("deprecated", "Deprecated"), ("experimental", "experimental (daemon)"))
_BADGES_CLI = (("experimentalcli", "experimental (CLI)"), ("kubernetes", "Kubernetes"), ("swarm", "Swarm"))


def expand_cli_reference(body: str, path: Path, front_matter: Mapping[str, Any]) -> str:
    """`body` within the reference its front matter's `datafile` names (see the module docstring); `body` as it
    is on a page that names none, or none of cli-docs-tool's shape."""
    name, folder = front_matter.get("datafile"), front_matter.get("datafolder") or ""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or not isinstance(folder, str):
        return body
    if folder and not _NAME.fullmatch(folder):
        return body
    site = hugo_site(path)
    if site is None:
        return body
    folders = _data_folders(path, site, folder)
    data = _data(path, folders, name)
    if data is None:
        return body
    title = front_matter.get("title") if isinstance(front_matter.get("title"), str) else data["command"]
    parts = [_summary(data, str(title)), body.strip(), *_notes(data), *_described(data)]
    if path.stem == "_index":
        parts.append(_subcommands(path, folders, data))
    return "\n\n".join(part for part in parts if part) + "\n"


def _data_folders(page: Path, site: str, folder: str) -> list[str]:
    """The folders on disk that may hold the data folder `folder` ("" for data/ itself): the site's module
    mounts' and its imports' targets under data/ first (hugomodules.py), then its own data/ folder."""
    found: list[str] = []
    for main in site_mains(page, site):
        for mount in module_mounts(main):
            below = mount.target.split("/")
            if below[0] == "data" and below[1:] in ([], [folder] if folder else []):
                found.append(os.path.join(site, mount.source, folder if len(below) == 1 else ""))
    found.append(os.path.join(site, "data", folder))
    return list(dict.fromkeys(os.path.normpath(f) for f in found))


def _data(page: Path, folders: list[str], name: str) -> dict[str, Any] | None:
    """The data file `name` of the first folder that holds one, parsed, when it is of cli-docs-tool's shape."""
    for folder in folders:
        for suffix in _SUFFIXES:
            candidate = os.path.join(folder, name + suffix)
            if probe(candidate):
                text = included_text(page, os.path.relpath(candidate, page.parent), part=True)  # (parsed)
                parsed = parsed_values(text, suffix) if text is not None else None
                return parsed if _is_reference(parsed) else None
            if lies_outside(candidate):
                refuse(candidate, os.path.relpath(candidate, page.parent))
                return None
    return None


def _is_reference(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("command"), str)
        and any(isinstance(value.get(key), str) for key in ("usage", "short", "long"))
    )


def _summary(data: Mapping[str, Any], title: str) -> str:
    """The layout's first table: the command's description, usage and aliases (the page's own title left out)."""
    rows = []
    if short := _text(data.get("short")):
        rows.append(f"| Description | {_cell(short)} |")
    if usage := _text(data.get("usage")):
        rows.append(f"| Usage | {_code(usage)} |")
    if aliases := _text(data.get("aliases")):
        names = [a.strip() for a in aliases.split(",") if a.strip() and a.strip() != title]
        if names:
            rows.append("| Aliases | " + " ".join(_code(a) for a in names) + " |")
    return "| | |\n| --- | --- |\n" + "\n".join(rows) if rows else ""


def _notes(data: Mapping[str, Any]) -> list[str]:
    notes = []
    if data.get("deprecated") is True:
        notes.append("> [!WARNING]\n> This command is deprecated\n>\n> It may be removed in a future Docker version.")
    if data.get("experimental") is True or data.get("experimentalcli") is True:
        notes.append("**This command is experimental.**")
    return notes


def _described(data: Mapping[str, Any]) -> list[str]:
    """The layout's Description, Options and Examples, each under its heading."""
    parts = []
    if long := _text(data.get("long")):
        parts.append(f"## Description\n\n{long}")
    options = [o for o in mappings(data.get("options"))[:MAX_OPTIONS] if o.get("hidden") is not True]
    rows = [_option(o) for o in options if isinstance(o.get("option"), str)]
    if rows:
        parts.append("## Options\n\n| Option | Default | Description |\n| --- | --- | --- |\n" + "\n".join(rows))
    if examples := _text(data.get("examples")):
        parts.append(f"## Examples\n\n{examples}")
    return parts


def _option(option: Mapping[str, Any]) -> str:
    short = _text(option.get("shorthand"))
    name = (f"-{short}, " if short else "") + f"--{option['option']}"
    default = _text(option.get("default_value"))
    default = "" if not default or default in _EMPTY_DEFAULTS else _code(default)
    badges = [f"API {api}+"] if (api := _text(option.get("min_api_version"))) else []
    badges += [label for key, label in (*_BADGES, *_BADGES_CLI) if option.get(key) is True]
    description = " ".join([*(f"[{b}]" for b in badges), _cell(_text(option.get("description")))]).strip()
    return f"| {_code(name)} | {default} | {description} |"


def _subcommands(page: Path, folders: list[str], data: Mapping[str, Any]) -> str:
    """A section's Subcommands: each command the data names, with its short description from its own file."""
    names, links = _listed_text(data.get("cname")), _listed_text(data.get("clink"))
    rows = []
    for command, link in list(zip(names, links, strict=False))[:MAX_SUBCOMMANDS]:
        stem, _, suffix = link.rpartition(".")
        child = _data(page, folders, stem) if _NAME.fullmatch(stem) and f".{suffix}" in _SUFFIXES else None
        short = _text(child.get("short")) if child else ""
        rows.append(f"| {_code(command)} | {_cell(short)} |")
    return "## Subcommands\n\n| Command | Description |\n| --- | --- |\n" + "\n".join(rows) if rows else ""


def _listed_text(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _text(value: Any) -> str:
    return str(value).strip() if isinstance(value, str | int | float) and not isinstance(value, bool) else ""


def _cell(text: str) -> str:
    """Text as one cell of a Markdown table: its lines joined, its pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str) -> str:
    """Text as inline code in a table cell, with enough backticks around it."""
    text = _cell(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
