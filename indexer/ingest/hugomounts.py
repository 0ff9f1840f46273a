"""Pages a Hugo site takes from the modules it imports, as `hugo mod vendor` keeps them in `_vendor/`.

Docker's docs mount files of other repositories into their content: BuildKit's Dockerfile reference
(`frontend/dockerfile/docs/reference.md` as `content/reference/dockerfile.md`), its build checks (a folder, as
`content/reference/build-checks`), the CLI's `docs/reference/run.md` (the guide to `docker run`), Buildx's Bake
reference... (`module: imports: [{path: github.com/moby/buildkit, mounts: [{source, target}]}]`), and commit the
vendored copies at `_vendor/<path>/<source>`. Indexed from the site's folder, those files lay outside its
`content/` folder and were no pages: "dockerfile COPY instruction" found no Dockerfile reference.

A file of a vendored import's mount whose target is the content folder or a path in it is a page of the site,
served where its target puts it (then by the site's permalinks, hugopermalinks.py): a mount of a file is that
page, a mount of a folder holds its files below that target, each kept or left out by the mount's
`includeFiles` and `excludeFiles` globs (matched as Hugo matches them, against its path from the mounted
folder's root: `*.md` names the folder's own files, `**.md` any; pathglob.py's reading), and only
those of Hugo's content formats (Markdown, HTML, AsciiDoc, Org, Pandoc, reStructuredText): the Engine API's
OpenAPI specs Docker mounts beside its API pages are their resources, 23 versions of one API. Only a
site indexed from its own folder, with one language, and only what lies in DOCS's `_vendor/` is read: a module
Hugo would fetch is not here to read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from indexer.ingest.pathglob import path_glob
from indexer.loaders.hugomodules import config_value, module_mounts

__all__ = ["CONTENT_SUFFIXES", "Mount", "mounted_path", "served_path", "vendored_mounts"]

# the files Hugo makes pages of (its content formats); any other in the content is a page's resource
CONTENT_SUFFIXES = frozenset(
    {".md", ".mdown", ".markdown", ".html", ".htm", ".adoc", ".asciidoc", ".ad", ".org", ".pandoc", ".pdc", ".rst"}
)
MAX_GLOBS = 50  # globs of one mount


@dataclass(frozen=True)
class Mount:
    """A vendored module's mount into the content: `source`, the file or folder in DOCS (`_vendor/...`, no slash
    at its end); `target`, where it goes in the content folder ("" for the content folder itself); its globs."""

    source: str
    target: str
    includes: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()

    def placed(self, doc_id: str) -> str | None:
        """Where the file `doc_id` is in the content folder, when this mount brings it there; else None."""
        if doc_id == self.source:
            return self.target
        if not doc_id.startswith(self.source + "/"):
            return None
        below = doc_id[len(self.source) + 1 :]
        if PurePosixPath(below).suffix.lower() not in CONTENT_SUFFIXES:
            return None  # a resource of a page (Docker's Engine API specs, which its API pages render), no page
        if self.includes and not any(_matches(below, glob) for glob in self.includes):
            return None
        if any(_matches(below, glob) for glob in self.excludes):
            return None
        return f"{self.target}/{below}" if self.target else below

    def source_of(self, content_path: str) -> str | None:
        """The file in DOCS this mount brings to `content_path` (a path in the content folder), if any."""
        if content_path == self.target:
            return self.source
        if self.target and not content_path.startswith(self.target + "/"):
            return None
        below = content_path[len(self.target) + 1 :] if self.target else content_path
        return f"{self.source}/{below}" if self.placed(f"{self.source}/{below}") is not None else None


def _matches(path: str, glob: str) -> bool:
    """Whether the file at `path` in a mounted folder matches one of a mount's globs as Hugo matches them (its
    FilenameFilter): from the folder's root (`*.md` its own files, `**.md` any), `/**/` also as `/`, in any case."""
    return any(pattern.fullmatch("/" + path.lower()) for pattern in _hugo_glob(glob))


@functools.lru_cache(maxsize=256)
def _hugo_glob(glob: str) -> tuple[re.Pattern[str], ...]:
    rooted = "/" + glob.lower().lstrip("/")
    return tuple(path_glob(written) for written in dict.fromkeys((rooted, rooted.replace("/**/", "/"))))


def mounted_path(mounts: tuple[Mount, ...], doc_id: str) -> str | None:
    """The path in the content folder of the file `doc_id`, which a mount brings there; None for none."""
    return next((placed for mount in mounts if (placed := mount.placed(doc_id)) is not None), None)


def served_path(content_path: str, lower: bool, front_matter: Mapping[str, Any]) -> str:
    """Where Hugo serves a page at `content_path` in its content folder, by default: its folders and name (or
    its front matter's `slug`), a section's or a bundle's index page at its folder's path, with a slash at its
    end (the shared rules, urls.py, see the file's own path, in `_vendor/`)."""
    pure = PurePosixPath(content_path)
    slug = front_matter.get("slug")
    name = slug.strip() if isinstance(slug, str) and slug.strip() and "/" not in slug else pure.stem
    parts = list(pure.parent.parts) + ([] if pure.stem in ("_index", "index") else [name])
    path = "".join(f"{part}/" for part in parts if part not in ("", "."))
    return path.lower() if lower else path


def vendored_mounts(settings: Mapping[str, Any]) -> tuple[Mount, ...]:
    """The mounts into the content of the modules a Hugo config (`settings`) imports, as `_vendor/` keeps them."""
    found = []
    for mount in module_mounts(settings):
        parts = mount.target.split("/")
        if mount.vendored and parts[0] == "content":
            globs = (
                _globs(config_value(mount.settings, "includefiles")),
                _globs(config_value(mount.settings, "excludefiles")),
            )
            found.append(Mount(mount.source, "/".join(parts[1:]), *globs))
    return tuple(found)


def _globs(value: Any) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return tuple(v for v in values if isinstance(v, str) and v.strip())[:MAX_GLOBS]
