"""Jekyll's includes put in place on a page of a Jekyll site, as Jekyll puts them when it builds the page:
`{% include integrations/config_flow.md %}` is the text of `_includes/integrations/config_flow.md` in the site's
source folder (the config's `source`, home-assistant.io's `source/`; its `includes_dir`), `{% include_relative
x.md %}` the file's beside the page. home-assistant.io's integration pages each include the section on how to
add the integration ("## Configuration", its steps); templates.py had taken the tag out, and the section with it.

- On a Jekyll site only (a `_config.yml` above the page, not Jupyter Book's: liquid.py's), outside code (fenced or
  a span: it shows the tag as written, as templates.py keeps it) and outside `{% raw %}` (jekyllrb.com's pages
  show `{% raw %}{% include footer.html %}{% endraw %}`). The config is parsed once while it is unchanged, and
  remembered for each page (includes.remember_settings()): a change to its `source` or `includes_dir` reads
  the pages again.
- The include's parameters (`{% include x.md name="Zigbee" %}`) fill its `{{ include.name }}` outputs (what
  that adds counts against the size limit, as the bytes read do: includes.grown()); a name
  written with a variable (`{{ page.x }}` in the path) is Liquid to run: left for templates.py to take out.
- Its `{{ include.name | default: page.title }}` is the parameter, else what the default names (filled in by
  liquid.py when it names a value); a capture on one line (`{% capture name %}{{ include.name }}{% endcapture
  %}`, as home-assistant.io's includes begin) stands for its value in the `{{ name }}` outputs after it.
- Its conditions are decided where they test its parameters and the page's front matter (liquidif.py).
- A one-line include in a sentence is a word of it (jekyllrb.com's version badges); any other stands in paragraphs
  of its own, an HTML file's lines unindented (kramdown reads an HTML block to its closing tag, CommonMark to a
  blank line, after which an indented `<tr>` is code).
- An included file's own includes are put in place too (includes.py stops past MAX_DEPTH); a file that is not
  there is a warning, as includes.py gives for every include, but on a site whose config names a theme (whose
  gem, not in the repository, has includes of its own: minimal-mistakes' `{% include toc %}`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.loaders.includes import deeper, grown, included_text, lies_outside, probe
from indexer.loaders.liquid import in_prose, jekyll_config, jekyll_folder, source_folder
from indexer.loaders.liquidif import decide_conditions
from indexer.loaders.sitefolders import site_folder

__all__ = ["expand_jekyll_includes"]

_TAG = re.compile(r"\{%-?[ \t]*include(_relative)?[ \t]+([^\s{}%]+)((?:[ \t][^\n%]{0,500})?)-?%\}")
_PARAMETER = re.compile(r"""([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')""")
_INCLUDE_OUTPUT = re.compile(
    r"\{\{-?[ \t]*include\.([\w-]+)(?:[ \t]*\|[ \t]*default:[ \t]*((?:page|site)(?:\.[\w-]+)+))?[ \t]*-?\}\}"
)
_CAPTURE = re.compile(
    r"[ \t]*\{%-?[ \t]*capture[ \t]+(\w+)[ \t]*-?%\}([^\n]{0,500}?)\{%-?[ \t]*endcapture[ \t]*-?%\}[ \t]*"
)
_OUTPUT = re.compile(r"\{\{-?[ \t]*(\w+)[ \t]*-?\}\}")


@dataclass(frozen=True)
class _Includes:
    folder: str  # the site's includes folder (`source/_includes`)
    themed: bool  # whether the config names a theme (`theme`, `remote_theme`): a gem with an _includes/ of its own


def expand_jekyll_includes(text: str, path: Path, page: Mapping[str, Any]) -> str:
    """`text` with its Jekyll includes in place (see the module docstring); unchanged off a Jekyll site."""
    if "{%" not in text or "include" not in text or not _TAG.search(text):
        return text
    includes = _includes_folder(path)
    if includes is None:
        return text
    return _expanded(text, path, includes, page)


def _expanded(text: str, path: Path, includes: _Includes, page: Mapping[str, Any]) -> str:
    return in_prose(text, "{%", lambda prose: _TAG.sub(lambda tag: _included(tag, path, includes, page), prose))


def _included(tag: re.Match[str], path: Path, includes: _Includes, page: Mapping[str, Any]) -> str:
    relative, name, rest = tag.group(1), tag.group(2), tag.group(3)
    folder = str(path.parent) if relative else includes.folder
    if not relative and includes.themed and _left_to_theme(os.path.normpath(os.path.join(folder, name))):
        return ""
    found = included_text(Path(folder), name, relative_to_folder=True)
    if found is None:
        return ""
    parameters = {m.group(1): m.group(2) or m.group(3) or "" for m in _PARAMETER.finditer(rest)}
    filled = _INCLUDE_OUTPUT.sub(lambda out: _parameter(out, parameters), found)
    if not grown(len(filled) - len(found), name):
        return ""
    with deeper():
        expanded = _expanded(decide_conditions(filled, parameters, page), path, includes, page)
    captured = _captured(expanded)
    if not grown(len(captured) - len(expanded), name):
        return ""
    return _placed(captured.strip("\n"), name, tag)


def _placed(text: str, name: str, tag: re.Match[str]) -> str:
    """The included text as it stands in the page: a line of it in a sentence (jekyllrb.com's "Since Jekyll {%
    include docs_version_badge.html version="4.0" %}, you can"), else paragraphs of their own; an HTML file's lines
    not indented (kramdown reads its block to the closing tag; indented after a line left blank by a Liquid tag
    taken out, `<tr>` read as code, shown as written)."""
    if tag.string[max(0, tag.start() - 200) : tag.start()].strip() and "\n" not in text:  # (not all before it)
        return text
    if name.lower().endswith((".html", ".htm")) and "<pre" not in text:
        text = "\n".join(line.lstrip() for line in text.split("\n"))
    return "\n" + text + "\n"


def _parameter(output: re.Match[str], parameters: dict[str, str]) -> str:
    """An include's parameter, else the output of its default (`{{ page.title }}`), else the output as written."""
    if output.group(1) in parameters:
        return parameters[output.group(1)]
    return "{{ " + output.group(2) + " }}" if output.group(2) else output.group(0)


def _captured(text: str) -> str:
    """`text` with its one-line captures taken out and their values in the `{{ name }}` outputs after them."""
    if "capture" not in text:
        return text
    values: dict[str, str] = {}
    out: list[str] = []
    for line in text.split("\n"):
        if (capture := _CAPTURE.fullmatch(line)) is not None:
            values[capture.group(1)] = capture.group(2).strip()
            continue
        if values and "{{" in line:
            line = _OUTPUT.sub(lambda output: values.get(output.group(1), output.group(0)), line)
        out.append(line)
    return "\n".join(out)


def _left_to_theme(path: str) -> bool:
    """Whether an include not in the site is left to its theme, which Jekyll reads after the site's _includes/
    (minimal-mistakes' `{% include toc %}` on each post, a warning on each): remembered, without a warning, as
    missing (includes.probe()); one that leaves the site is refused as any include is."""
    return not lies_outside(path) and not probe(path)


def _includes_folder(page: Path) -> _Includes | None:
    """The site's includes (`source/_includes`), or None when the page is on no Jekyll site."""
    site = jekyll_folder(page)
    if site is None:
        return None
    settings = jekyll_config(site)  # (remembered: a change to its `source` or `includes_dir` reads the page again)
    folder = os.path.join(source_folder(site, settings), site_folder(settings.get("includes_dir")) or "_includes")
    return _Includes(os.path.normpath(folder), bool(settings.get("theme") or settings.get("remote_theme")))
