"""A Mintlify site (the folder with `docs.json`, or the older `mint.json`): which of its files are pages, as
Mintlify builds them.

Files in the site's `snippets/` folder are snippets, never pages: a page imports them (`import Note from
"/snippets/note.mdx"`: jsx.py puts them in place). Its OpenAPI specs are no pages either: their operations are
the API pages that name them (openapi.py). Mintlify leaves out README.md, LICENSE.md, CHANGELOG.md and
CONTRIBUTING.md, and what its `.mintignore` names (gitignore syntax). A `docs.json` is Mintlify's when it says so
(its `$schema`, or a `navigation` and a `theme`): the name is common.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pathspec

from indexer.ingest.patterns import PatternError, compile_lines
from indexer.ingest.siteconfig import config_mapping
from indexer.loaders.jsconfig import config_text

CONFIGS = ("docs.json", "mint.json")
SNIPPETS = "snippets/"
_LEFT_OUT = frozenset({"readme.md", "license.md", "changelog.md", "contributing.md"})


@dataclass(frozen=True)
class MintlifySite:
    """What a Mintlify site makes no page of, among the files of DOCS (see the module docstring)."""

    inside: str  # DOCS's path in the site's folder ("" when DOCS is that folder), ending in "/"
    ignore: tuple[str, ...]  # .mintignore's lines
    _spec: pathspec.PathSpec | None = field(default=None, compare=False, repr=False)

    @property
    def key(self) -> str:
        return "mintlify-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def unpublished(self, doc_id: str) -> str | None:
        path = self.inside + doc_id
        if path.startswith(SNIPPETS):
            return "in Mintlify's snippets/ folder: no page of its own, read where a page imports it"
        if path.rsplit("/", 1)[-1].lower() in _LEFT_OUT:
            return "a README, LICENSE, CHANGELOG or CONTRIBUTING file, which Mintlify leaves out: no page of the site"
        if path.lower().endswith((".json", ".yaml", ".yml")):  # (no other such file is read: only specs)
            return "an OpenAPI spec of the site: its operations are the API pages that name them, no page of its own"
        if self._spec is not None and self._spec.match_file(path):
            return "excluded by the site's .mintignore: no page of the site"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


def mintlify_site(folder: Path, docs: Path) -> MintlifySite | None:
    """The Mintlify site whose config lies in `folder` (DOCS or a folder above it); None when it has none."""
    config = next((folder / name for name in CONFIGS if (folder / name).is_file()), None)
    if config is None or (config.name == "docs.json" and not _mintlify_json(config)):
        return None
    inside = os.path.relpath(docs, folder).replace(os.sep, "/")
    inside = "" if inside == "." else inside + "/"
    lines = tuple(config_text(folder / ".mintignore").splitlines())
    try:
        spec = compile_lines(list(lines), ".mintignore") if lines else None
    except PatternError:
        spec = None  # a pattern Mintlify could not read either: nothing is left out for it
    return MintlifySite(inside, lines, spec)


def _mintlify_json(config: Path) -> bool:
    data = config_mapping(config)
    schema = data.get("$schema")
    return (isinstance(schema, str) and "mintlify" in schema) or ("navigation" in data and "theme" in data)
