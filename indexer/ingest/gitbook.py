"""A GitBook space synced from Git (`.gitbook.yaml`, or a `SUMMARY.md` with no mdBook's `book.toml` beside it):
which of its files are pages, and the path GitBook serves each at.

`.gitbook.yaml` may move the space's root (`root: ./docs/`) and rename its README and SUMMARY (`structure:
{readme: ..., summary: ...}`). SUMMARY.md is the table of contents: no page, and GitBook publishes the Markdown
pages it links to, no others. A README is its folder's page (`guides/README.md` is `guides/`, the root's the
space's home); any other page is served at its path without `.md`.

A repository may hold a whole GitBook site of several spaces: its `docs.yaml` (GitBook's Git Sync site config,
`site: structure:`) lists sections, in section groups or not, and their spaces, each synced from a folder
(`content: directory: ./developers`). Each such folder is a space as above, served under its section's path and
its own (a default section's or space's path is left out: GitBook's docs serve `documentation/` at the site's
root, `developers/` under `developers/`); a file in no space's folder is no page of the site.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from indexer.ingest.siteconfig import MAX_NAMES, lowered, site_folder, yaml_config
from indexer.loaders.jsconfig import config_text

CONFIG = ".gitbook.yaml"
SITE_CONFIG = "docs.yaml"  # a site of several spaces
# a link's target: no brackets in it, or a line of `](` took a search to its end from each (100 KB: 12 s)
_LINK = re.compile(r"\]\(\s*<?([^()<>\[\]\s]+\.md)>?(?:\s+\"[^\"]*\")?\s*\)", re.IGNORECASE)
MAX_ENTRIES = 100 * MAX_NAMES
_MAX_KEYS = 100  # keys of one entry of a docs.yaml structure
_MAX_PATH = 1_000  # characters of a path in it


@dataclass(frozen=True)
class GitBookSite:
    """What a GitBook space's files are (see the module docstring), by their paths in DOCS."""

    root: str  # the space's root in DOCS ("" or ending in "/")
    readme: str  # the name of a folder's page ("README.md")
    summary: str  # the table of contents' path from the root ("SUMMARY.md")
    listed: frozenset[str] | None  # the pages the table of contents links to, from the root; None: not read

    @property
    def key(self) -> str:
        """What tells this space's rules from others', the same in every process: the listed pages sorted, since a
        frozenset's order follows the process's string hashing (a key that changed every run remade every URL)."""
        listed = sorted(self.listed) if self.listed is not None else None
        return "gitbook-" + hashlib.sha256(repr({**vars(self), "listed": listed}).encode()).hexdigest()[:16]

    def unpublished(self, doc_id: str) -> str | None:
        if not doc_id.startswith(self.root):
            return f"outside the GitBook space's root ({self.root}, .gitbook.yaml's root): no page of the space"
        path = doc_id[len(self.root) :]
        if path == self.summary:
            return "GitBook's table of contents (SUMMARY.md): no page of its own"
        if self.listed is not None and path.lower().endswith(".md") and path not in self.listed:
            return f"not in {self.summary}: GitBook publishes the pages its table of contents links to, no others"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """A Markdown page's path on the space: its folder for a README, else its path without `.md`."""
        pure = PurePosixPath(doc_id[len(self.root) :] if doc_id.startswith(self.root) else doc_id)
        if not pages or pure.suffix.lower() != ".md":
            return None
        folder = "" if str(pure.parent) == "." else f"{pure.parent}/"
        if pure.name.lower() == self.readme.lower():
            return folder
        return f"{folder}{pure.stem}{extension}"


@dataclass(frozen=True)
class GitBookSpaces:
    """The spaces of a GitBook site (docs.yaml): (the space's folder in DOCS, "" or ending in "/"; the path the
    site serves it under, likewise; the space's rules), the deepest folder first."""

    spaces: tuple[tuple[str, str, GitBookSite], ...]

    @property
    def key(self) -> str:
        keys = [(folder, served, space.key) for folder, served, space in self.spaces]
        return "gitbook-site-" + hashlib.sha256(repr(keys).encode()).hexdigest()[:16]

    def _space(self, doc_id: str) -> tuple[str, str, GitBookSite] | None:
        return next((entry for entry in self.spaces if doc_id.startswith(entry[0])), None)

    def unpublished(self, doc_id: str) -> str | None:
        found = self._space(doc_id)
        if found is None:
            return "in none of the folders of the GitBook site's spaces (docs.yaml): no page of the site"
        folder, _, space = found
        return space.unpublished(doc_id[len(folder) :])

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        found = self._space(doc_id)
        if found is None:
            return None
        folder, served, space = found
        path = space.path(doc_id[len(folder) :], front_matter, pages, extension)
        return None if path is None else served + path


def is_gitbook(folder: Path) -> bool:
    """Whether `folder` is a GitBook space's (or site's: its docs.yaml): its .gitbook.yaml, or a SUMMARY.md and a
    README.md with no mdBook's book.toml beside them or above (an mdBook keeps its SUMMARY.md in src/)."""
    if (folder / CONFIG).is_file() or _site_structure(folder):
        return True
    if not (folder / "SUMMARY.md").is_file() or not (folder / "README.md").is_file():
        return False
    return not (folder / "book.toml").exists() and not (folder.parent / "book.toml").exists()


def gitbook_site(folder: Path, docs: Path) -> GitBookSite | GitBookSpaces:
    """The site whose docs.yaml lies in `folder` (DOCS or a folder above it), when it has one that lists spaces
    synced from folders; else the space whose `.gitbook.yaml` or SUMMARY.md lies there."""
    spaces = []
    for directory, served in _spaces(_site_structure(folder)):
        inside = os.path.relpath(folder / directory, docs).replace(os.sep, "/")
        if inside == "." or not inside.startswith(".."):  # a space that DOCS holds: its folder in DOCS
            space = _space(folder / directory, folder / directory)  # its rules for the paths inside it
            spaces.append(("" if inside == "." else inside + "/", served, space))
    if spaces:
        return GitBookSpaces(tuple(sorted(spaces, key=lambda entry: -len(entry[0]))))
    return _space(folder, docs)


def _site_structure(folder: Path) -> list[Any]:
    """The `site: structure:` of a GitBook docs.yaml in `folder` ([] for none)."""
    if not (folder / SITE_CONFIG).is_file():
        return []
    structure = lowered(lowered(yaml_config(folder / SITE_CONFIG)).get("site")).get("structure")
    return structure if isinstance(structure, list) else []


def _spaces(structure: list[Any]) -> list[tuple[str, str]]:
    """(the folder a space is synced from, the path the site serves it under) of each space of a docs.yaml
    structure, from its first MAX_ENTRIES entries (YAML's aliases can make a list of a few lines hold millions); a
    folder listed again is the first's (GitBookSpaces finds a page's space by its folder)."""
    spaces: dict[str, str] = {}
    for space in itertools.islice(_visits(structure, "", 0), MAX_ENTRIES):
        if space is not None and len(spaces) < MAX_NAMES:
            spaces.setdefault(*space)
    return list(spaces.items())


def _visits(entries: object, served: str, depth: int) -> Iterator[tuple[str, str] | None]:
    """One item per entry of a structure looked at, in order: a space's (folder, served path), else None.
    Section groups hold sections, sections hold spaces; a default one's path is left out."""
    for entry in map(_small, entries if isinstance(entries, list) and depth < 4 else []):
        path = "" if entry.get("default") is True else _folder(entry.get("path"))
        if entry.get("type") == "space":
            directory = _folder(_small(entry.get("content")).get("directory"))
            yield (directory, served + path) if directory else None  # a space kept in GitBook alone has none
        else:
            yield None
            yield from _visits(entry.get("children"), served + path, depth + 1)


def _small(value: object) -> dict[str, Any]:
    """A mapping of a docs.yaml structure, its keys in lower case; {} for anything else, or one of more keys than
    GitBook writes (an alias of it in every entry would be copied every time)."""
    return lowered(value) if isinstance(value, dict) and len(value) <= _MAX_KEYS else {}


def _folder(value: object) -> str:
    """site_folder() of a path of a docs.yaml structure, "" for one longer than any folder's path."""
    return site_folder(value) if isinstance(value, str) and len(value) <= _MAX_PATH else ""


def _space(folder: Path, docs: Path) -> GitBookSite:
    """The space whose `.gitbook.yaml` or SUMMARY.md lies in `folder`."""
    settings = lowered(yaml_config(folder / CONFIG)) if (folder / CONFIG).is_file() else {}
    root = site_folder(settings.get("root"))
    structure = lowered(settings.get("structure"))
    readme = _name(structure.get("readme"), "README.md")
    summary = _name(structure.get("summary"), "SUMMARY.md")
    space = folder / root
    inside = os.path.relpath(space, docs).replace(os.sep, "/")
    root_in_docs = "" if inside == "." or inside.startswith("..") else inside + "/"
    if inside != "." and inside.startswith(".."):  # DOCS is a folder of the space: its paths are not SUMMARY's
        return GitBookSite("", readme, summary, None)
    text = config_text(space / summary)
    listed = None
    if text:
        links = (unquote(m.group(1)).removeprefix("./") for m in _LINK.finditer(text))
        listed = frozenset(os.path.normpath(link).replace(os.sep, "/") for link in list(links)[:MAX_ENTRIES])
    return GitBookSite(root_in_docs, readme, summary, listed)


def _name(value: object, default: str) -> str:
    name = site_folder(value).rstrip("/")
    return name or default
