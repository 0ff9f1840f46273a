"""Shortcodes of gohugo.io's own, shown as its templates show them.

Its configuration reference: `{{< code-toggle config=pagination />}}` shows the default settings of
a section of Hugo's config, which the site keeps in `data/docs.yaml` (its `config:` mapping, as `hugo config`
prints it), and `{{< code-toggle dataKey=chroma.lexers />}}` a section of that file itself. Its 43 reference
pages read "This is the default configuration:" and then nothing.

Each such call (with no body of its own) is written out as the code-toggle with a body that its template makes:
the section as YAML (the first of the three formats the site shows), under its key path unless the call says
`skipHeader=true`, its file name `hugo` (or the `file=` given, else the data key). shortcodes.py then shows it
as code, as it shows every code-toggle. The data file is the one in the page's Hugo site (hugoparams.py), read
as an include is (includes.py: remembered, so that a change reads the page again); a site without one is left
as it is; a section the file lacks is a warning, as it stops Hugo's build.

Its feature states: `{{< new-in 0.140.0 />}}` shows a badge "New in v0.140.0" (157 of them), and
`{{< deprecated-in 0.156.0 >}}Use hugo.Sites instead.{{< /deprecated-in >}}` a box headed "Deprecated in
v0.156.0" (40): the text said "Use the hugo.Sites function instead." and never that the method is deprecated.
Both only where the site's own layouts define the shortcode (`layouts/_shortcodes/new-in.html`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import yaml

from indexer.loaders.hugoparams import hugo_site, parsed_values
from indexer.loaders.includes import included_text, lies_outside, probe, refuse, warn
from indexer.loaders.shortcodes import shortcode_arguments

__all__ = ["expand_gohugo_shortcodes"]

# a code-toggle closed in its own tag, its arguments bounded: no quantifier gives back more than 400 characters
_CALL = re.compile(r"\{\{<[ \t]*+code-toggle\b(?P<arguments>[^\n>]{0,400}?)/[ \t]*+>\}\}")
# a feature state's tag and its version; possessive, so that no part is tried again in another split
_FEATURE_STATE = re.compile(
    r"\{\{[<%][ \t]*+(new-in|deprecated-in)[ \t]++v?+([0-9][\w.-]{0,40}+)[ \t]*+(/?)[ \t]*+[>%]\}\}"
)
_LABELS = {"new-in": "New in", "deprecated-in": "Deprecated in"}
_TEMPLATE_FOLDERS = ("layouts/_shortcodes", "layouts/shortcodes")
_SUFFIXES = (".yaml", ".yml", ".toml", ".json")
_MAX_SHOWN = 200_000  # characters of one section shown: the whole file is 120 KB
_MAX_PAGE_SHOWN = 1_000_000  # characters of sections shown on one page (200 calls of a 220 KB one: 44 MB, 36 s)


def expand_gohugo_shortcodes(text: str, path: Path) -> str:
    """`text` with gohugo.io's code-toggles of its data written out and its feature states labelled."""
    return _label_feature_states(_expand_config_examples(text, path), path)


def _label_feature_states(text: str, path: Path) -> str:
    """Each `new-in` and `deprecated-in` tag of the site's own shortcodes replaced by the label it shows, a
    paragraph of its own above the text it holds."""
    if "-in" not in text:
        return text
    defined: dict[str, bool] = {}
    site = None

    def label(match: re.Match[str]) -> str:
        nonlocal site
        name = match.group(1)
        if name not in defined:
            site = site or hugo_site(path) or ""
            defined[name] = bool(site) and any(
                probe(os.path.join(site, folder, f"{name}.html")) for folder in _TEMPLATE_FOLDERS
            )
        if not defined[name]:
            return match.group(0)
        shown = f"{_LABELS[name]} v{match.group(2)}"
        return shown if match.group(3) or not text.startswith("\n", match.end()) else shown + "\n"

    return _FEATURE_STATE.sub(label, text)


def _expand_config_examples(text: str, path: Path) -> str:
    """`text` with each code-toggle that shows a section of the site's data written out with that section."""
    if "code-toggle" not in text:
        return text
    data: Any = None
    out: list[str] = []
    pos = total = 0
    for call in _CALL.finditer(text):
        arguments = shortcode_arguments(call["arguments"])
        keys = arguments.get("config") or arguments.get("dataKey") or ""
        if not keys:
            continue
        if total > _MAX_PAGE_SHOWN:
            warn(
                f"code-toggle shortcodes past {_MAX_PAGE_SHOWN:,} characters of the site's data: the rest show nothing"
            )
            break
        data = _site_data(path) if data is None else data
        if data is False:
            return text
        shown = _section(data, keys, arguments)
        if shown is None:
            continue
        total += len(shown)
        title = arguments.get("file") or ("hugo" if "config" in arguments else keys)
        out += [text[pos : call.start()], f"{{{{< code-toggle file={title} >}}}}\n{shown}{{{{< /code-toggle >}}}}"]
        pos = call.end()
    return "".join(out) + text[pos:] if out else text


def _site_data(page: Path) -> Any:
    """The values of the page's Hugo site's `data/docs.*`; False when there is none to read."""
    site = hugo_site(page)
    if site is None:
        return False
    for suffix in _SUFFIXES:
        candidate = os.path.join(site, "data", "docs" + suffix)
        if probe(candidate):
            text = included_text(page, os.path.relpath(candidate, page.parent))
            parsed = parsed_values(text, suffix) if text is not None else None
            return parsed if isinstance(parsed, dict) else False
        if lies_outside(candidate):
            refuse(candidate, os.path.relpath(candidate, page.parent))
            return False
    return False


def _section(data: Any, keys: str, arguments: dict[str, str]) -> str | None:
    """The section `keys` names (of the config's defaults, or with dataKey of the file), as YAML; None, with a
    warning, when the file lacks it."""
    path = keys.split(".")
    value = data.get("config") if "config" in arguments and isinstance(data, dict) else data
    for key in path:  # in any case, as Hugo finds them (the call's markup.asciidocExt is the file's asciiDocExt)
        found = next((k for k in value if str(k).lower() == key.lower()), None) if isinstance(value, dict) else None
        if found is None or not isinstance(value, dict):
            warn(f"code-toggle shortcode: no {keys} in the site's data/docs file: shown as nothing")
            return None
        value = value[found]
    if arguments.get("skipHeader", "").lower() != "true":
        for key in reversed(path):
            value = {key: value}
    try:
        shown = yaml.safe_dump(value, default_flow_style=False, sort_keys=False, allow_unicode=True)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    return shown[:_MAX_SHOWN]
