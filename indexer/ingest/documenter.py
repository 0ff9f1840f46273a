"""A Documenter.jl project (Julia's documentation generator), known by its `docs/make.jl`: what that script says
of the site, read from its text (it is Julia, never run).

- A `make.jl` is Documenter's when it calls `makedocs(` (a Julia package's other build scripts are named so too).
- Its pages are those of its `source` folder ("src" by default; a literal `source = "pages"` names another),
  served from the site's root: indexed from the folder of make.jl, `src/man/guide.md` is `man/guide/`.
- Documenter.HTML's `prettyurls` (true by default; the documentation's own make.jl turns it off only for a local
  build, `prettyurls = !("local" in ARGS)`, which is not literally false) serves a page as a folder,
  `man/guide.md` at `man/guide/` and `lib/index.md` at `lib/`; written `prettyurls = false`, at `man/guide.html`.
- Its `canonical = "https://documenter.juliadocs.org/stable/"` is the address the site is served at, which the
  summary gives as --base-url (not when it is no literal http(s) address).
Reading the script is linear: a few patterns, none of which can backtrack over a line.
"""

from __future__ import annotations

import re
from pathlib import Path

from indexer.ingest.siteconfig import site_address, site_folder
from indexer.loaders.jsconfig import config_text
from indexer.loaders.juliadocs import calls_makedocs

__all__ = ["CONFIG", "DocumenterProject", "documenter_project"]

CONFIG = "make.jl"
_SOURCE = re.compile(r"(?<![\w.])source[ \t]*=[ \t]*\"([^\"\n$\\]*)\"")
_UGLY = re.compile(r"(?<![\w.])prettyurls[ \t]*=[ \t]*false(?![\w.])")
_CANONICAL = re.compile(r"(?<![\w.])canonical[ \t]*=[ \t]*\"(https?://[^\"\s$\\]+)\"")
_COMMENT = re.compile(r"#[^\n]*")  # a line's comment (`# prettyurls = false` turned off), or a `#=` block's first line


class DocumenterProject:
    """What a Documenter project's make.jl says of its site (see the module's docstring)."""

    def __init__(self, script: str) -> None:
        source = _SOURCE.search(script)
        self.source = (site_folder(source.group(1)) if source else "") or "src/"  # "src/": the pages' folder
        self.pretty = _UGLY.search(script) is None
        canonical = _CANONICAL.search(script)
        self.canonical = site_address(canonical.group(1)) if canonical else ""


def documenter_project(config: Path) -> DocumenterProject | None:
    """The project whose make.jl is `config`, None when that file calls no `makedocs(` (or cannot be read)."""
    script = _COMMENT.sub("", config_text(config)) if config.is_file() else ""
    return DocumenterProject(script) if calls_makedocs(script) else None
