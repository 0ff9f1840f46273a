"""Jekyll's Liquid outputs filled in with what they name, on a page of a Jekyll site: `{{ page.title }}` from the
page's front matter, `{{ site.version }}` from the site's `_config.yml`, `{{ site.data.ruby.min_version }}` from
`_data/ruby.yml` (`.yaml`, `.json`). jekyllrb.com's installation page read "Ruby version **** or higher" where
the site shows "Ruby version 2.7.0 or higher".

The site is the nearest folder above the page holding `_config.yml` (not beside Jupyter Book's `_toc.yml`), up to
the repository's root. Its files are read as includes are (includes.py, for the settings they give: remembered,
so that a change reads the pages again). An output with a filter (`{{ site.url | append: x }}`), or one whose
name holds no text value, is left for templates.py to take out (but `default:` with a quoted value, which
stands for a value that is missing or empty); so is everything in code, which shows templates
as written.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.fences import closes, opens, outside_code_spans
from indexer.loaders.includes import SETTINGS, folders_up, included_text
from indexer.loaders.yamlread import read_yaml

__all__ = ["CONFIGS", "fill_liquid", "jekyll_folder"]

_OUTPUT = re.compile(
    r"\{\{-?[ \t]*((?:page|site)(?:\.[\w-]+)+)"
    r"""(?:[ \t]*\|[ \t]*default:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'))?[ \t]*-?\}\}"""
)
CONFIGS = ("_config.yml", "_config.yaml")
_DATA = (".yml", ".yaml", ".json")


def fill_liquid(text: str, path: Path, front_matter: Mapping[str, Any]) -> str:
    """`text` with the Liquid outputs it can fill in filled in (see the module docstring)."""
    if "{{" not in text or not _OUTPUT.search(text):
        return text
    site = jekyll_folder(path)
    if site is None:
        return text
    values = _Values(path, site, front_matter)
    out: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        if fence is not None:
            fence = None if closes(line, fence) else fence
        elif (opened := opens(line)) is not None:
            fence = opened
        elif "{{" in line:
            line = outside_code_spans(line, lambda prose: _OUTPUT.sub(values.fill, prose))
        out.append(line)
    return "\n".join(out)


class _Values:
    def __init__(self, page: Path, site: str, front_matter: Mapping[str, Any]) -> None:
        self.page, self.site, self.front_matter = page, site, front_matter
        self._read: dict[str, Any] = {}

    def fill(self, match: re.Match[str]) -> str:
        scope, *keys = match.group(1).split(".")
        if scope == "page":
            value: Any = self.front_matter
        elif keys and keys[0] == "data" and len(keys) > 1:
            value, keys = self._file(os.path.join("_data", keys[1]), _DATA), keys[2:]
        else:
            value = self._file("_config", (".yml", ".yaml"))
        for key in keys:
            value = value.get(key) if isinstance(value, Mapping) else None
        default = match.group(2) if match.group(2) is not None else match.group(3)
        if default is not None and (value is None or value is False or value == ""):
            return default  # `{{ page.kind | default: "integration" }}`, as Liquid's filter gives it
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            return match.group(0)
        return str(value)

    def _file(self, stem: str, suffixes: tuple[str, ...]) -> Any:
        if stem not in self._read:
            self._read[stem] = None
            for suffix in suffixes:
                full = os.path.join(self.site, stem + suffix)
                if os.path.isfile(full):
                    text = included_text(self.page, os.path.relpath(full, self.page.parent), use=SETTINGS) or ""
                    self._read[stem] = _parsed(text, suffix)
                    break
        return self._read[stem]


def _parsed(text: str, suffix: str) -> Any:
    try:
        return json.loads(text) if suffix == ".json" else read_yaml(text)
    except (ValueError, RecursionError):
        return None


def jekyll_folder(page: Path) -> str | None:
    """The Jekyll site's folder: the nearest holding _config.yml above the page, up to the repository's root."""
    for folder in folders_up(page):
        if any(os.path.isfile(os.path.join(folder, name)) for name in CONFIGS):
            return None if os.path.exists(os.path.join(folder, "_toc.yml")) else folder
    return None
