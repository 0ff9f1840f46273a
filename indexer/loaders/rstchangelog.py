"""The changelog extension's directives (`changelog`, used by SQLAlchemy, Alembic, Mako and dogpile), read as its
pages show them, on a page whose conf.py names the extension (another extension may have a `changelog` directive
of its own: there it reads as prose, as any directive docutils does not know; rstblocks.py looks them up here).

- `.. changelog::` is a release: its `:version:` a line, then `Released: <date>` (or "no release date" for one
  not yet released), then its changes. Read as prose, as any directive docutils does not know, it lost both:
  SQLAlchemy's 2.1 changelog did not say which release a change came in.
- `.. change::` is one change: its `:tags:` in brackets before its text ("[orm] [bug] Fixed ..."), then
  "References: #123" for its `:tickets:` and pull requests, as the extension writes them.
- `changelog_imports` shows nothing (sphinx.EMPTY_DIRECTIVES), and its `:ticket:` role is "#123" (sphinx.py).
The notes a release reads from a folder (`:include_notes_from:`) are not read: files in that folder are no pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

from indexer.loaders.sphinxproject import project

__all__ = ["EXTENSION", "AnyOptions", "Option", "changelog_directive", "changelog_in_use"]

EXTENSION = "changelog"  # its name in conf.py's `extensions`

_LIST = re.compile(r"\s*,\s*")

Option = Callable[[str], Any]  # how docutils reads an option's value


class AnyOptions(dict[str, Option]):
    """An option spec that takes every option, as written: Sphinx's directives have many, and the changelog
    extension's take theirs (`:changeset:`, `:title:`...) and any it adds. Not empty, or docutils would read no
    options at all (rstblocks.py's directives use it too)."""

    def __missing__(self, key: str) -> Option:
        return directives.unchanged


def changelog_in_use() -> bool:
    """Whether the page's project names the extension in its conf.py: its directives and its `:ticket:` role
    (sphinx.role_text) are the extension's then, and another extension's (or unknown) elsewhere."""
    settings = project()
    return settings is not None and EXTENSION in settings.extensions


def _listed(value: object) -> list[str]:
    return [item for item in _LIST.split(str(value or "").strip()) if item]


class Release(Directive):
    """`.. changelog::`: the release's version and date as lines, then its changes."""

    has_content = True
    option_spec: ClassVar[dict[str, Option] | None] = AnyOptions(version=directives.unchanged)

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        version = str(self.options.get("version") or "").strip()
        if version:
            container += nodes.paragraph("", version)
        released = str(self.options.get("released") or "").strip()
        container += nodes.paragraph("", f"Released: {released}" if released else "no release date")
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


class Change(Directive):
    """`.. change::`: its tags in brackets before its text, its tickets and pull requests after it."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Option] | None] = AnyOptions(tags=directives.unchanged)

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, container)
        tags = " ".join(f"[{tag}]" for tag in _listed(self.options.get("tags")))
        first = container.children[0] if container.children else None
        if tags and isinstance(first, nodes.paragraph):
            first.insert(0, nodes.Text(f"{tags} "))
        elif tags:
            container.insert(0, nodes.paragraph("", tags))
        references = [f"#{ticket}" for ticket in _listed(self.options.get("tickets"))]
        references += [f"pull request {request}" for request in _listed(self.options.get("pullreq"))]
        if references:
            container += nodes.paragraph("", f"References: {', '.join(references)}")
        return [container]


_DIRECTIVES: dict[str, type[Directive]] = {"changelog": Release, "change": Change}


def changelog_directive(name: str) -> type[Directive] | None:
    """The extension's directive of that name, on a page of a project whose conf.py names the extension."""
    found = _DIRECTIVES.get(name.lower())
    return found if found is not None and changelog_in_use() else None
