"""ExDoc, which publishes an Elixir project's guides on hexdocs.pm: a project is known by its mix.exs, whose `docs`
name `extras` (the guides: Markdown, cheatsheets and Livebook notebooks) and whose dependencies hold `:ex_doc`.

ExDoc serves every extra from the docs' root, by its file's name alone: `guides/introduction/overview.md` is
`overview.html`, `README.md` is `readme.html` (its id: the name without its extension, each run of characters
other than letters, digits and `_` a `-`, lowercased). Read by the rules all generators share, a page in a
folder was given a URL under that folder (`https://hexdocs.pm/phoenix/introduction/overview.html`), which
hexdocs.pm does not serve. The project's `app: :name` gives the address the summary suggests
(`https://hexdocs.pm/name/`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.loaders.jsconfig import config_text

__all__ = ["CONFIG", "ExDocSite", "exdoc_site"]

CONFIG = "mix.exs"
_PAGES = frozenset({".md", ".cheatmd", ".livemd"})  # what ExDoc reads as extras
_EX_DOC = re.compile(r"\{\s*:ex_doc\b")  # the dependency: `{:ex_doc, "~> 0.34", only: :dev}`
_EXTRAS = re.compile(r"\bextras\s*:")
_APP = re.compile(r"\bapp\s*:\s*:([a-z_][a-z0-9_]*)")
_NOT_ID = re.compile(r"[^\w]+")


@dataclass(frozen=True)
class ExDocSite:
    """What an ExDoc project's mix.exs says of its pages' paths (site.SiteConfig)."""

    app: str = ""  # `app: :phoenix`: hexdocs.pm serves the docs under its name

    @property
    def key(self) -> str:
        return f"exdoc:{self.app}"

    def unpublished(self, doc_id: str) -> str | None:
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """An extra's path from the docs' root: its id (the module docstring) and `extension`; None for any other
        file, or when pages keep their files' paths (no --url-extension)."""
        pure = PurePosixPath(doc_id)
        if not pages or pure.suffix.lower() not in _PAGES:
            return None
        return (_NOT_ID.sub("-", pure.stem).strip("-").lower() or pure.stem) + extension

    @property
    def served_at(self) -> str:
        return f"https://hexdocs.pm/{self.app}/" if self.app else ""


def exdoc_site(folder: Path) -> ExDocSite | None:
    """The ExDoc project whose mix.exs is in `folder`, or None: no mix.exs, or one that names no extras or does not
    depend on ex_doc (an Elixir project whose guides ExDoc does not publish)."""
    text = config_text(folder / CONFIG)
    if not text or _EX_DOC.search(text) is None or _EXTRAS.search(text) is None:
        return None
    app = _APP.search(text)
    return ExDocSite(app.group(1) if app else "")
