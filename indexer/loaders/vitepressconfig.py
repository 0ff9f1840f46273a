"""The config of a VitePress site, as VitePress finds it: in its `.vitepress/` folder, `config/index.{js,ts,mjs,mts}`
first, else `config.{js,ts,mjs,mts}` (src/node/config.ts; Vue Router's and Pinia's keep theirs in config/index.ts,
which spreads a shared config into it: `...sharedConfig` from './shared'). Its literal values (jsconfig.py) are
read with those of the modules it imports from within `.vitepress/`, as one: what the site's detection needs
(srcDir, srcExclude, cleanUrls: ingest/vitepress.py), and what a page's reading needs: the source folder `@/`
names (vitepress.py) and the delimiters of its attribute blocks (`## Title %{#id}%` where the config sets
`markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } }`).

A page reads its site's config files as settings (includes.py: read again when one of them changes); one outside
where included files may come from (the site's `.vitepress/` above DOCS, when a folder of its pages is indexed)
is read all the same, for its values alone, as the site's detection reads it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TypeGuard

from indexer.loaders.includes import SETTINGS, folders_up, included_text, probe
from indexer.loaders.jsconfig import JsConfig, config_text, imported_modules

__all__ = ["CONFIGS", "FOLDER", "attribute_delimiters", "config_file", "site_config", "source_folder"]

FOLDER = ".vitepress"
# the names VitePress looks for, in its order (CommonJS ones last: VitePress reads none, older sites may have them)
CONFIGS = (
    *(name for ext in ("js", "ts", "mjs", "mts") for name in (f"config/index.{ext}", f"config.{ext}")),
    "config.cjs",
    "config.cts",
)
_DEFAULT_DELIMITERS = ("{", "}")
_MAX_DELIMITER = 10  # characters


def config_file(site: str | Path) -> str | None:
    """The config VitePress reads in the `.vitepress/` folder `site`; None when there is none."""
    return next((path for name in CONFIGS if os.path.isfile(path := os.path.join(site, name))), None)


def site_config(site: str | Path, read: Callable[[str], str]) -> JsConfig | None:
    """The literal values of the config in the `.vitepress/` folder `site` and of the modules it imports from
    within that folder, read as one; `read` gives a file's text ("" when it is not read). None when there is no
    config."""
    config = config_file(site)
    if config is None:
        return None
    text = read(config)
    modules = imported_modules(_values(text), config, str(site))
    return _values("\n;\n".join([text, *(read(module) for module in modules)])) if modules else _values(text)


def source_folder(page: Path) -> str | None:
    """The source folder of the VitePress site above the page (the folder holding `.vitepress/`, or the `srcDir`
    its config writes as a string, as a path from it: "" for that folder itself); None when there is none."""
    site = _site_of(page)
    if site is None:
        return None
    options = site_config(site, lambda path: _settings_text(page, path))
    src = options.option("srcDir", str) if options else None
    return os.path.dirname(site) if not src or os.path.isabs(src) else os.path.join(os.path.dirname(site), src)


def attribute_delimiters(page: Path) -> tuple[str, str] | None:
    """The delimiters of attribute blocks that the config of the VitePress site above the page sets in place of
    `{` and `}` (`markdown.attrs`: `leftDelimiter` and `rightDelimiter` in VitePress 1's markdown-it-attrs, `left`
    and `right` in VitePress 2's @mdit/plugin-attrs); None when the page lies in no VitePress site, or its site
    keeps the defaults."""
    site = _site_of(page)
    options = site_config(site, lambda path: _settings_text(page, path)) if site else None
    return _delimiters(options) if options else None


@lru_cache(maxsize=16)
def _delimiters(options: JsConfig) -> tuple[str, str] | None:
    """attribute_delimiters() of a config read (_values() gives every page of a site the same)."""
    found = {
        (attrs.get("leftDelimiter", attrs.get("left")), attrs.get("rightDelimiter", attrs.get("right")))
        for markdown in options.values("markdown")
        if isinstance(markdown, dict) and isinstance(attrs := markdown.get("attrs"), dict)
    }
    if len(found) != 1:
        return None
    left, right = found.pop()
    if not (_delimiter(left) and _delimiter(right)) or (left, right) == _DEFAULT_DELIMITERS:
        return None
    return left, right


def _delimiter(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= _MAX_DELIMITER and not any(c.isspace() for c in value)


def _site_of(page: Path) -> str | None:
    """The `.vitepress/` folder of the site above the page, up to its repository's root; None when there is none."""
    return next((site for folder in folders_up(page) if os.path.isdir(site := os.path.join(folder, FOLDER))), None)


def _settings_text(page: Path, path: str) -> str:
    """A file of the site's config, read for the page as settings (see the module docstring)."""
    if probe(path):
        relative = os.path.relpath(path, os.path.dirname(os.path.realpath(page)))
        return included_text(page, relative, use=SETTINGS) or ""
    return config_text(Path(path))


@lru_cache(maxsize=16)
def _values(text: str) -> JsConfig:
    """The config's text read, once: every page of the site reads the same."""
    return JsConfig(text)
