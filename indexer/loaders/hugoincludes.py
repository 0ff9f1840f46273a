"""A Hugo site's own include shortcodes, put in place as the built page shows them: GoReleaser's
`{{% g_include file="includes/repository.md" %}}` puts the same repository settings into seven publishers' pages
(Homebrew, Scoop, Winget, Nix...), inside their YAML examples, and the pull-request notes after them.

A shortcode is an include when the site's own template for it (`layouts/_shortcodes/NAME.html`, or the older
`layouts/shortcodes/`) hands what its call gives to `GetPage` or `readFile` and shows that page's content
(hugoreads.py: `.Get "file"`, `with .Get 0` ... `GetPage .`, a `printf` path made of it): the file named is
looked for as `GetPage` finds a page, in the site's content folders (hugoparams.content_folders: gohugo.io
mounts `content/en`, and its `{{% include "/_common/gomodules-info.md" %}}` is in 214 pages; with `.md` added when
it has no suffix, else as the folder's `index.md` or `_index.md`), else from the site's folder, as `readFile`
reads it. A template that reads no argument but one file it names (grpc.io's why-grpc:
`{{ readFile "includes/why-grpc.md" | markdownify }}`, the "Why use gRPC?" section of its 12 tutorials) puts that
file in place wherever it is called; one that shows nothing but one of its call's arguments in HTML tags
(Docker's `release-date`: `<em>{{ .Get "date" }}</em>`, under each of 390 releases' headings) shows that
argument. The file's text replaces the shortcode as written, without its front matter, so a snippet indented
for a code block lands in it; its own include shortcodes are put in place too. Any other
shortcode, a theme's or a module's whose template the indexer does not see, is left to templates.py, which takes
it out. The site is the one hugoparams.py finds; templates and files are read as includes are (includes.py:
remembered, so that a change reads the page again). A template or a file outside the documents folder (or
--includes-from's) is not read, and the page's warning says so (for a template, only where a call's arguments
name a file: indexed from its `content/`, a site's version and badge shortcodes would otherwise warn on half its
pages); a file named but not found is a warning too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.hugoparams import content_folders, hugo_site
from indexer.loaders.hugoreads import Reads, template_reads
from indexer.loaders.includes import SETTINGS, deeper, included_text, lies_outside, probe, refuse, warn
from indexer.loaders.shortcodes import shortcode_arguments

__all__ = ["expand_hugo_includes"]

# a call: its name, then up to its closing `>}}` (its arguments, and the spaces before it, which they ignore); no
# quantifier gives back what it took but the arguments', so a tag never closed costs 400 steps, however long its
# name or the spaces after it (a `[ \t]*` before the closing took 400 times the spaces: 1M of them, 3.8 s)
_CALL = re.compile(r"\{\{([<%])[ \t]*+(?P<name>[A-Za-z][\w-]*+)(?P<arguments>[^\n]{0,400}?)[>%]\}\}")
_READ_FILE = re.compile(r"""\breadFile[ \t]+(?:"([^"\n{}]+)"|`([^`\n{}]+)`)""")  # a file named in the template
_GETS_ANY = re.compile(r"\.(?:Get|Inner|Params)\b")  # a template that reads its call: not one fixed file
_TEMPLATE_FOLDERS = ("layouts/_shortcodes", "layouts/shortcodes")
# a template that shows nothing but one argument of its call, in HTML tags (Docker's release-date:
# `<em class="...">{{ .Get "date" }}</em>`); possessive, so that no tag or space is tried again
_SHOWS_ARGUMENT = re.compile(
    r"""\s*+(?:<[^<>{}]*+>\s*+)*+\{\{-?+[ \t]*+\.Get[ \t]++(?:"([\w-]++)"|`([\w-]++)`|(\d++))[ \t]*+-?+\}\}"""
    r"\s*+(?:<[^<>{}]*+>\s*+)*+"
)
_FILE_LIKE = re.compile(r"[\w-]/[\w.-]|\.(?:md|markdown|html?|ya?ml|json|toml|txt)$", re.IGNORECASE)


def expand_hugo_includes(text: str, path: Path) -> str:
    """`text` with the calls of its Hugo site's include shortcodes replaced by the files they name."""
    if "{{" not in text:
        return text
    site = hugo_site(path)
    if site is None:
        return text
    return _Site(Path(site)).expand(text, path)


class _Site:
    """A Hugo site's include shortcodes: for each name looked at, the argument naming the file, or None."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.arguments: dict[str, Reads | None] = {}
        self.fixed: dict[str, str] = {}  # shortcode -> the one file its template reads whatever the call says
        self.shows: dict[str, str] = {}  # shortcode -> the argument that is all its template shows
        self.outside: dict[str, Path] = {}  # shortcode -> its template, which lies outside the reading root
        self.contents: list[str] | None = None  # its content folders, the page's own first (read when needed)

    def expand(self, text: str, page: Path) -> str:
        out: list[str] = []
        pos = 0
        for call in _CALL.finditer(text):
            name = call["name"]
            argument = self._argument(name, page)
            if name in self.shows:  # its template shows one of its arguments
                out += [text[pos : call.start()], shortcode_arguments(call["arguments"]).get(self.shows[name], "")]
                pos = call.end()
                continue
            if argument is None:
                if name in self.outside and _names_a_file(shortcode_arguments(call["arguments"])):
                    template = self.outside.pop(name)  # once: it may be an include
                    refuse(template, os.path.relpath(template, page.parent))
                continue
            target = self.fixed.get(name) or argument.target(shortcode_arguments(call["arguments"]))
            included = self._file(call["name"], target, page) if target else None
            if included is None:
                continue
            out += [text[pos : call.start()], included]
            pos = call.end()
        return "".join(out) + text[pos:] if out else text

    def _argument(self, name: str, page: Path) -> Reads | None:
        """How a shortcode's call names the file it includes; None when it is no include of the site's."""
        if name not in self.arguments:
            self.arguments[name] = None
            for folder in _TEMPLATE_FOLDERS:
                template = self.folder / folder / f"{name}.html"
                if probe(str(template)):
                    source = included_text(page, os.path.relpath(template, page.parent), use=SETTINGS) or ""
                    files = _READ_FILE.findall(source)
                    self.arguments[name] = template_reads(source)
                    if self.arguments[name] is None and len(files) == 1 and not _GETS_ANY.search(source):
                        self.fixed[name] = "".join(files[0])
                        self.arguments[name] = Reads("")
                    if self.arguments[name] is None and (shown := _SHOWS_ARGUMENT.fullmatch(source)):
                        self.shows[name] = "".join(shown.groups(""))
                    break
                if lies_outside(str(template)):  # said only where a call names a file (see expand())
                    self.outside[name] = template
                    break
        return self.arguments[name]

    def _file(self, name: str, target: str, page: Path) -> str | None:
        """The text of the file `target` names (in a call of the shortcode `name`), without its front matter, its
        own includes put in place; None, with a warning, when there is none to read."""
        relative = target.lstrip("/")
        candidates: list[Path] = []
        if self.contents is None:
            self.contents = content_folders(page, str(self.folder))
        for folder in self.contents:
            content = self.folder / folder
            candidates.append(content / relative)
            if not Path(relative).suffix:
                candidates += [content / f"{relative}.md", *(content / relative / n for n in ("index.md", "_index.md"))]
        candidates.append(self.folder / relative)
        found = next((c for c in candidates if probe(str(c))), None)
        if found is None:
            outside = next((c for c in candidates if lies_outside(str(c))), None)
            if outside is not None:
                refuse(outside, os.path.relpath(outside, page.parent))
            else:
                shown = target if len(target) <= 120 else target[:117] + "..."
                warn(f"{name} shortcode: included file {shown} not found in the site's content folder or its own")
            return None
        text = included_text(page, os.path.relpath(found, page.parent))
        if text is None:
            return None
        _, body, _ = split_front_matter(text)
        with deeper():
            return self.expand(body.lstrip("\n"), found)


def _names_a_file(arguments: dict[str, str]) -> bool:
    """Whether a call's arguments look like they name a file (`file="includes/x.md"`, `"snippets/intro"`; a URL
    does not): a call of a shortcode whose template cannot be read is refused with a warning only then, as it may
    be an include; a site's other shortcodes (a version, a button, a tab), used on most pages, say nothing."""
    return any("://" not in value and _FILE_LIKE.search(value) for value in arguments.values())
