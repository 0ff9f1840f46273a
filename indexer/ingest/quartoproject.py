"""A Quarto project (the folder with _quarto.yml): which of its files it renders, as its config says.

Quarto renders every .qmd, .ipynb, .md and .Rmd file of the project but those whose name or folder starts with
`.` or `_`, READMEs and the files that instruct AI assistants (`CLAUDE.md`, `AGENTS.md`): unpublished.py says so for
every Quarto project. A `project: render:` list in _quarto.yml renders the files its globs name instead (`*.qmd`,
`section*.qmd`, at any depth unless the glob starts with `/`), save those a `!` glob takes back (`!ignored.qmd`,
`!drafts/`, a folder).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from indexer.ingest.pathglob import path_glob
from indexer.ingest.siteconfig import listed, yaml_config

__all__ = ["QuartoProject", "quarto_project"]

MAX_GLOBS = 1_000
_INPUTS = (".qmd", ".ipynb", ".md", ".rmd")  # what Quarto renders


@dataclass(frozen=True)
class QuartoProject:
    """What a _quarto.yml's `project: render:` says of the files of DOCS (see the module docstring)."""

    inside: str  # DOCS's path in the project's folder ("" when DOCS is that folder), ending in "/"
    render: tuple[str, ...]  # the render list's globs, as written

    @property
    def key(self) -> str:
        return "quarto-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _globs(self) -> tuple[tuple[str, bool, re.Pattern[str]], ...]:
        globs = []
        for glob in self.render:
            back = glob.startswith("!")
            body = glob[1:] if back else glob
            folder = body.endswith("/")
            body = body.strip("/") if body.startswith("/") else body.rstrip("/")
            anchored = glob.lstrip("!").startswith("/")
            pattern = ("" if anchored else r"(?:.*/)?") + path_glob(body).pattern + (r"/.*" if folder else "")
            globs.append((glob, back, re.compile(pattern)))
        return tuple(globs)

    def unpublished(self, doc_id: str) -> str | None:
        """Why Quarto renders no page of `doc_id` by the render list, or None (for any file it renders no page
        of anyway, such as a PDF)."""
        if not doc_id.lower().endswith(_INPUTS):
            return None
        path = self.inside + doc_id
        listed_by = next((g for g, back, p in self._globs if not back and p.fullmatch(path)), None)
        if listed_by is None:
            return "not in _quarto.yml's render list (project: render): Quarto renders no page of it"
        taken_back = next((g for g, back, p in self._globs if back and p.fullmatch(path)), None)
        if taken_back is not None:
            return f"left out by _quarto.yml's render list ({taken_back}): Quarto renders no page of it"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


def quarto_project(config: Path, docs: Path) -> QuartoProject | None:
    """The render list of the Quarto project whose _quarto.yml is `config`, for DOCS (at or below its folder);
    None when it has none."""
    project = yaml_config(config).get("project")
    render = [g.strip() for g in listed(project.get("render")) if isinstance(g, str) and g.strip()][:MAX_GLOBS] if (
        isinstance(project, dict)
    ) else []  # fmt: skip
    if not render:
        return None
    folder, docs = config.parent.resolve(), docs.resolve()
    if not docs.is_relative_to(folder):
        return None
    inside = docs.relative_to(folder).as_posix()
    return QuartoProject("" if inside == "." else inside + "/", tuple(render))
