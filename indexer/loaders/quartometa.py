"""A Quarto page's metadata, as its shortcodes and its conditional content read it.

- `{{< meta key >}}`: the page's front matter, then the `_metadata.yml` of its folder and of each folder above it
  up to the project's (the nearest holding `_quarto.yml`), then the project's config: `_quarto.yml` under the
  `_quarto-<profile>.yml` of its default profiles (`profile: default:`, else the first of each `profile: group:`),
  as `quarto render` merges them when no profile is given. Included files take the including page's metadata.
- `{{< var key >}}`: the project's `_variables.yml`.
- `{{< kbd Ctrl-S >}}` shows its keys; `{{< kbd mac=Command-S win=Ctrl-S >}}`, whose page shows the reader's own
  system's, each different one: `Command-S / Ctrl-S`.
Keys are dotted (`provider.name`; `author.1`, the first of a list; `field\\.with\\.dots`, a key holding dots). A key
that nothing defines, or whose value is no text, number, boolean or date, shows nothing: Quarto shows `?meta:key`,
but such a key is more often one the indexer cannot see (set by a filter or an extension) than one the site lacks,
and its name would put words in the page that the page does not show.

Content of the class `.hidden` (Quarto's way to define TeX macros for MathJax) shows nothing. Conditional content
(`.content-visible`, `.content-hidden`) is read as the HTML site shows it: `when-format` and
`unless-format` against HTML, `when-meta` and `unless-meta` against the metadata (true only for a boolean true, as
Quarto tests it: a key missing is false); a profile condition (`when-profile`), which depends on how the site is
built, never hides anything.

The files are read as includes are (includes.py, for the settings they give: remembered, so that a change reads
the page again), and only when the page asks for a value.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.includes import SETTINGS, folders_up, included_text
from indexer.loaders.yamlread import read_yaml

__all__ = ["Metadata", "fill_shortcodes", "project_folder", "visible"]

_CONFIGS = ("_quarto.yml", "_quarto.yaml")
_METADATA = ("_metadata.yml", "_metadata.yaml")
_VARIABLES = ("_variables.yml", "_variables.yaml")
_MISSING = object()
_SHORTCODE = re.compile(r"(?<!\{)\{\{<[ \t]*(meta|var|kbd)[ \t]+([^\n]*?)[ \t]*>\}\}")
_ARGUMENT = re.compile(r"""(?:([\w-]+)=)?("[^"]*"|'[^']*'|\S+)""")
_KEY_DOT = re.compile(r"(?<!\\)\.")
_CLASS = re.compile(r"(?:^|\s)\.?(content-visible|content-hidden)(?=\s|$)")
_HIDDEN = re.compile(r"(?:^|\s)\.hidden(?=\s|$)")  # Quarto's CSS: `.hidden {display: none}`
_CONDITION = re.compile(r"""\b(when|unless)-(format|meta|profile)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))""")
_HTML_FORMATS = frozenset({"html", "html:js"})  # what Quarto's is_format() is true of on an HTML page


class Metadata:
    """What `{{< meta >}}` and `{{< var >}}` read on one page (see the module docstring); its files are read once,
    on the first lookup."""

    def __init__(self, page: Path, front_matter: Mapping[str, Any]) -> None:
        self.page, self.front_matter = page, front_matter
        self._layers: list[tuple[Path, Any]] | None = None  # each file and its values, the page's front matter first
        self._variables: Any = _MISSING

    def meta(self, key: str) -> Any:
        """The value of a dotted key, from the first layer that defines it; _MISSING when none does."""
        return self.located(key)[0]

    def located(self, key: str) -> tuple[Any, Path]:
        """The value of a dotted key and the file that gives it (the page itself for its front matter), against
        which a path it names is read (`bibliography: refs.bib` in _quarto.yml is the project's); (_MISSING, the
        page) when no layer defines it."""
        if self._layers is None:
            self._layers = [(self.page, self.front_matter), *self._project_layers()]
        keys = _keys(key)
        found = ((v, file) for file, layer in self._layers if (v := _lookup(layer, keys)) is not _MISSING)
        return next(found, (_MISSING, self.page))

    def var(self, key: str) -> Any:
        if self._variables is _MISSING:
            project = project_folder(self.page)
            self._variables = self._file(project, _VARIABLES)[1] if project else None
        return _lookup(self._variables, _keys(key))

    def _project_layers(self) -> list[tuple[Path, Any]]:
        project = project_folder(self.page)
        if project is None:
            return []
        layers, folder = [], os.path.dirname(os.path.realpath(self.page))
        while True:  # the page's folder, then each above it up to the project's, which holds it
            layers.append(self._file(folder, _METADATA))
            if folder == project or not folder.startswith(project + os.sep):
                break
            folder = os.path.dirname(folder)
        config = self._file(project, _CONFIGS)
        profiles = [self._file(project, (f"_quarto-{name}.yml",)) for name in _default_profiles(config[1])]
        return [*layers, *reversed(profiles), config]

    def _file(self, folder: str, names: tuple[str, ...]) -> tuple[Path, Any]:
        """A YAML file of the project and its values, parsed (None when there is none or it cannot be read)."""
        for name in names:
            full = os.path.join(folder, name)
            if os.path.isfile(full):
                relative = os.path.relpath(full, self.page.parent)
                return self.page.parent / relative, _parsed(included_text(self.page, relative, use=SETTINGS) or "")
        return Path(folder, names[0]), None


def fill_shortcodes(text: str, metadata: Metadata) -> str:
    """`text` with its meta, var and kbd shortcodes replaced by what they show (in code too, as Quarto does; an
    escaped one, which plain_pandoc has made Hugo's `{{</* x */>}}`, is left)."""
    if "{{<" not in text:
        return text
    return _SHORTCODE.sub(lambda m: _shown(m.group(1), m.group(2), metadata), text)


def visible(attributes: str, metadata: Metadata) -> bool:
    """Whether a div, span or code block with these attributes shows on the HTML page (see the module docstring)."""
    if _HIDDEN.search(attributes):
        return False
    kind = _CLASS.search(attributes)
    if kind is None:
        return True
    tests: dict[str, Callable[[str], bool]] = {
        "format": lambda name: name in _HTML_FORMATS,
        "meta": lambda key: metadata.meta(key) is True,
    }
    match = True
    for when, what, *values in _CONDITION.findall(attributes):
        test = tests.get(what)
        if test is None:
            return True  # a profile: the content is kept
        match = match and (when == "unless") != test("".join(values))
    return match if kind.group(1) == "content-visible" else not match


def project_folder(page: Path) -> str | None:
    """The Quarto project's folder: the nearest holding _quarto.yml above the page, up to the repository's root."""
    return next((f for f in folders_up(page) if any(os.path.isfile(os.path.join(f, n)) for n in _CONFIGS)), None)


def _shown(name: str, arguments: str, metadata: Metadata) -> str:
    if name == "kbd":
        keys = [value.strip("\"'") for _, value in _ARGUMENT.findall(arguments)]
        return " / ".join(dict.fromkeys(key for key in keys if key))
    key = arguments.split()[0].strip("\"'") if arguments.split() else ""
    value = metadata.meta(key) if name == "meta" else metadata.var(key)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value).strip() if isinstance(value, str | int | float | dt.date) else ""


@functools.lru_cache(maxsize=16)
def _parsed(text: str) -> Any:
    """A YAML file's values (never changed: the pages of a project share them), or None."""
    return read_yaml(text)


def _keys(key: str) -> list[str]:
    return [part.replace("\\.", ".").replace("\\", "") for part in _KEY_DOT.split(key)]


def _lookup(value: Any, keys: list[str]) -> Any:
    """The value under a path of keys (a number picks an item of a list, from 1), or _MISSING."""
    for key in keys:
        if isinstance(value, Mapping) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and 1 <= int(key) <= len(value):
            value = value[int(key) - 1]
        else:
            return _MISSING
    return value


def _default_profiles(config: Any) -> list[str]:
    """The profiles `quarto render` uses when none is given: `profile: default:`, else each group's first."""
    profile = config.get("profile") if isinstance(config, Mapping) else None
    if not isinstance(profile, Mapping):
        return []
    default = profile.get("default")
    if isinstance(default, str):
        return [name.strip() for name in default.split(",") if name.strip()]
    if isinstance(default, list):
        return [name for name in default if isinstance(name, str)]
    groups = profile.get("group")
    groups = groups if isinstance(groups, list) and groups and isinstance(groups[0], list) else [groups or []]
    return [group[0] for group in groups if isinstance(group, list) and group and isinstance(group[0], str)]
