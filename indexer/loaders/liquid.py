"""Jekyll's Liquid outputs filled in with what they name, on a page of a Jekyll site: `{{ page.title }}` from the
page's front matter, `{{ site.version }}` from the site's `_config.yml`, `{{ site.data.ruby.min_version }}` from
`_data/ruby.yml` (`.yaml`, `.json`). jekyllrb.com's installation page read "Ruby version **** or higher" where
the site shows "Ruby version 2.7.0 or higher".

The site is the nearest folder above the page holding `_config.yml` (not beside Jupyter Book's `_toc.yml`), up to
the repository's root; its `_data/` is in the folder of its pages (the config's `source`, home-assistant.io's
`source/`; its `data_dir`). The config is parsed once while it is unchanged and remembered for each page
(includes.remember_settings(): read even above DOCS, as the site's detection reads it, when DOCS is the `source`
folder); data files are read as includes are (for the settings they give). A change to either reads the pages
again. An output with a filter (`{{ site.url | append: x }}`), or one whose
name holds no text value, is left for templates.py to take out (but `default:` with a quoted value, which
stands for a value that is missing or empty); so is everything in code, which shows templates
as written.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.fences import closes, opens, outside_code_spans
from indexer.loaders.includes import SETTINGS, folders_up, included_text, remember_settings
from indexer.loaders.sitefolders import site_folder
from indexer.loaders.unchanged import kept_yaml_config
from indexer.loaders.yamlread import read_yaml

__all__ = ["fill_liquid", "in_prose", "jekyll_config", "jekyll_folder", "source_folder"]

_OUTPUT = re.compile(
    r"\{\{-?[ \t]*((?:page|site)(?:\.[\w-]+)+)"
    r"""(?:[ \t]*\|[ \t]*default:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'))?[ \t]*-?\}\}"""
)
_RAW = re.compile(r"\{%-?[ \t]*(end)?raw[ \t]*-?%\}")
_CONFIGS = ("_config.yml", "_config.yaml")
_DATA = (".yml", ".yaml", ".json")


def fill_liquid(text: str, path: Path, front_matter: Mapping[str, Any]) -> str:
    """`text` with the Liquid outputs it can fill in filled in (see the module docstring)."""
    if "{{" not in text or not _OUTPUT.search(text):
        return text
    site = jekyll_folder(path)
    if site is None:
        return text
    values = _Values(path, site, front_matter)
    return in_prose(text, "{{", lambda prose: _OUTPUT.sub(values.fill, prose))


def in_prose(text: str, sign: str, change: Callable[[str], str]) -> str:
    """`text` with `change` made to its prose, as Jekyll's Liquid reads it: on the lines holding `sign`, outside
    fenced code, code spans and `{% raw %}` ... `{% endraw %}` (which may span lines); what those hold is shown
    as written (jekyllrb.com's pages show `{% raw %}{{ page.title }}{% endraw %}`)."""
    out: list[str] = []
    fence: str | None = None
    raw = False  # inside `{% raw %}`
    for line in text.split("\n"):
        if fence is not None:
            fence = None if closes(line, fence) else fence
        elif (opened := opens(line)) is not None:
            fence = opened
        elif sign in line or "{%" in line:  # (a raw block opens and closes on a line holding "{%")
            line, raw = _outside_raw(line, raw, lambda prose: outside_code_spans(prose, change))
        out.append(line)
    return "\n".join(out)


def _outside_raw(line: str, raw: bool, change: Callable[[str], str]) -> tuple[str, bool]:
    """`line` with `change` made outside `{% raw %}` ... `{% endraw %}`; whether a raw block is open after it."""
    parts: list[str] = []
    pos = 0
    for marker in _RAW.finditer(line):
        parts += [line[pos : marker.start()] if raw else change(line[pos : marker.start()]), marker.group()]
        raw, pos = marker.group(1) is None, marker.end()
    parts.append(line[pos:] if raw else change(line[pos:]))
    return "".join(parts), raw


class _Values:
    """The values a page's outputs name; the site's settings looked up once a page (each look-up stats the config
    and remembers it for the page: 0.1 ms, 4 s for a page of 40,000 outputs)."""

    def __init__(self, page: Path, site: str, front_matter: Mapping[str, Any]) -> None:
        self.page, self.site, self.front_matter = page, site, front_matter
        self._read: dict[str, Any] = {}
        self._site_settings: tuple[Mapping[str, Any], str] | None = None

    def _settings(self) -> tuple[Mapping[str, Any], str]:
        """The site's settings and its data folder (`source/_data`)."""
        if self._site_settings is None:
            settings = jekyll_config(self.site)
            folder = site_folder(settings.get("data_dir")) or "_data"
            self._site_settings = settings, os.path.join(source_folder(self.site, settings), folder)
        return self._site_settings

    def fill(self, match: re.Match[str]) -> str:
        scope, *keys = match.group(1).split(".")
        if scope == "page":
            value: Any = self.front_matter
        elif keys and keys[0] == "data" and len(keys) > 1:
            value, keys = self._data(keys[1]), keys[2:]
        else:
            value = self._settings()[0]
        for key in keys:
            value = value.get(key) if isinstance(value, Mapping) else None
        default = match.group(2) if match.group(2) is not None else match.group(3)
        if default is not None and (value is None or value is False or value == ""):
            return default  # `{{ page.kind | default: "integration" }}`, as Liquid's filter gives it
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            return match.group(0)
        return str(value)

    def _data(self, name: str) -> Any:
        """The values of `_data/NAME.yml` (.yaml, .json) in the site's source folder; None when there is none."""
        if name not in self._read:
            self._read[name] = None
            for suffix in _DATA:
                full = os.path.join(self._settings()[1], name + suffix)
                if os.path.isfile(full):
                    text = included_text(self.page, os.path.relpath(full, self.page.parent), use=SETTINGS) or ""
                    self._read[name] = _parsed(text, suffix)
                    break
        return self._read[name]


def _parsed(text: str, suffix: str) -> Any:
    try:
        return json.loads(text) if suffix == ".json" else read_yaml(text)
    except (ValueError, RecursionError):
        return None


def jekyll_folder(page: Path) -> str | None:
    """The Jekyll site's folder: the nearest holding _config.yml above the page, up to the repository's root."""
    for folder in folders_up(page):
        if any(os.path.isfile(os.path.join(folder, name)) for name in _CONFIGS):
            return None if os.path.exists(os.path.join(folder, "_toc.yml")) else folder
    return None


def jekyll_config(site: str) -> Mapping[str, Any]:
    """The settings of the `_config.yml` in the site's folder `site` ({} when it cannot be read), remembered for
    the page being read (a change to it reads the page again) and parsed once while it keeps its mtime and size."""
    config = next((os.path.join(site, n) for n in _CONFIGS if os.path.isfile(os.path.join(site, n))), None)
    if config is None:
        return {}
    remember_settings(config)
    return kept_yaml_config(config)


def source_folder(site: str, settings: Mapping[str, Any]) -> str:
    """The folder of the site's pages, `_includes/` and `_data/`: the config's `source` (the site's by default)."""
    return os.path.normpath(os.path.join(site, site_folder(settings.get("source"))))
