"""A site's editions: the translations and older or newer versions a documentation site keeps beside its pages,
and which of them an index holds.

A generator keeps each edition of its pages in a folder of its own, or names it in the pages' file names
(layouts.py finds which, from the generator's own files): Docusaurus its versions in `versioned_docs/version-X/`
and its translations in `i18n/<locale>/...`, Starlight its locales in `src/content/docs/<locale>/` (VitePress in
`<locale>/`), Hugo its
languages in a content folder each or in the file's name (`about.fr.md`), Nextra its locales in the file's name
(`api.zh-CN.mdx`). The site's default reader sees one edition: the version its plain URLs serve, in its default
language. An index holds that edition by default, as the reader sees it; --languages and --versions (a
Selection) name others. The rest is listed as skipped, by design, with the option that would index it, and each
page indexed knows its language and version (on a site that has several).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import PurePosixPath

ALL = "all"
CURRENT = "current"  # Docusaurus's name for the version in docs/, served as "next" while older versions exist


@dataclass(frozen=True)
class Area:
    """A folder of DOCS that holds one edition's pages (a Hugo language by file name: folder ""), or the pages of
    one of a Docusaurus site's content plugins."""

    folder: str  # "" or ending in "/"
    url: str  # the path the site serves the folder's pages under: "" (the root), else ending in "/"
    language: str = ""  # "" on a site of one language
    version: str = ""  # "" where the pages are not versioned
    latest: str = ""  # the version the site serves at its plain URLs, for these pages
    newer: bool = False  # a version newer than `latest` (Docusaurus's current docs: unreleased)
    unbuilt: str = ""  # why the generator builds no page of this folder ("" when it does)
    dated: bool = False  # a Docusaurus blog: a post whose name starts with a date is served in that date's folders
    numbered: bool = True  # whether the site strips names' number prefixes here (Docusaurus: numberPrefixParser)
    as_is: bool = False  # its files are served as they are, under `url` (Docusaurus's static/): no page rules


@dataclass(frozen=True)
class Place:
    """Where a file lies among a site's editions: its area, and its path inside it."""

    path: str  # the file's path inside its area, the one the site's path rules apply to
    area: Area


@dataclass(frozen=True)
class Selection:
    """Which editions to index (--languages, --versions): names in lower case; none: the site's default; ALL."""

    languages: frozenset[str] = frozenset()
    versions: frozenset[str] = frozenset()

    @classmethod
    def of(cls, languages: str, versions: str) -> Selection:
        """From the options' comma lists (as settings checked them)."""
        return cls(_names(languages), _names(versions))


@dataclass(frozen=True)
class Layout:
    """The editions a site keeps in DOCS: the folder of each, and the languages and versions they make."""

    generator: str  # "docusaurus", "starlight", "hugo", "mintlify", "nextra", "vitepress" (as option hints name it)
    areas: tuple[Area, ...]  # the longest folders first
    languages: tuple[str, ...] = ()  # the site's languages, its default first; () when it has one
    versions: tuple[str, ...] = ()  # the versions it builds, as the site names them
    outside: str = ""  # the language of the files in no area ("" where they are no page of any language)
    # a page named `x.<name>.md` is the page `x.md` of that name's area: Hugo's languages, Nextra's locales (as the
    # config writes them: `zh-CN`)
    by_name: tuple[tuple[str, Area], ...] = ()
    # why a Markdown page in no area is no page of the site (Docusaurus, whose content plugins are all known;
    # Starlight, indexed from its project's folder; any file, on Hugo's and Nextra's: see Site.unpublished_reason)
    strays: str = ""

    @property
    def key(self) -> str:
        """What tells this layout from another, for the index's meta (a change re-decides every file)."""
        return hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @property
    def default_language(self) -> str:
        return self.languages[0] if self.languages else ""

    def place(self, doc_id: str) -> Place:
        """The file's area (the first whose folder holds it), and its path inside it."""
        for area in self.areas:
            if doc_id.startswith(area.folder):
                return self._named(Place(doc_id[len(area.folder) :], area))
        return Place(doc_id, Area("", "", self.outside))

    def holds(self, doc_id: str) -> bool:
        """Whether the file lies in one of the areas' folders."""
        return any(doc_id.startswith(area.folder) for area in self.areas if area.folder)

    def _named(self, place: Place) -> Place:
        """A translation by file name: `about.fr.md` is the page `about.md` of the French site (Hugo), and
        `api.zh-CN.mdx` the page `api.mdx` of the zh-CN one (Nextra)."""
        if not self.by_name:
            return place
        pure = PurePosixPath(place.path)
        stem, _, code = pure.stem.rpartition(".")
        area = next((a for name, a in self.by_name if stem and name == code), None)
        if area is None:
            return place
        return Place(str(pure.with_name(stem + pure.suffix)), area)

    def left_out(self, doc_id: str, selection: Selection) -> str | None:
        """Why the file is not indexed: the generator builds no page of it, or its edition is not selected."""
        area = self.place(doc_id).area
        if area.unbuilt:
            return area.unbuilt
        if area.language and not _chosen(area.language, selection.languages, self.default_language):
            return self._language_reason(area.language, selection)
        if area.version and not _chosen(area.version, selection.versions, area.latest):
            return _version_reason(area, selection)
        return None

    def unknown(self, selection: Selection) -> list[str]:
        """What in the selection names no language or version of this site, said for the run's log."""
        notes = []
        for option, chosen, known in (
            ("--languages", selection.languages, self.languages),
            ("--versions", selection.versions, self.versions),
        ):
            names = {n.lower() for n in known} | ({"next"} if CURRENT in known else set())
            missing = sorted(chosen - names - {ALL})
            if missing:
                has = ", ".join(known) if known else "none"
                notes.append(f"{option} names {', '.join(missing)}, which this {self.generator} site does not "
                             f"have (it has: {has})")  # fmt: skip
        return notes

    def _language_reason(self, language: str, selection: Selection) -> str:
        if selection.languages:
            return f"in {language}: not among --languages {','.join(sorted(selection.languages))}"
        default = self.default_language
        return (
            f"a translation ({language}) of the site, whose language is {default}: --languages {default},{language} "
            "(or all) indexes it"
        )


def _names(text: str) -> frozenset[str]:
    return frozenset(name.strip().lower() for name in text.split(",") if name.strip())


def _chosen(name: str, chosen: frozenset[str], default: str) -> bool:
    if not chosen:
        return name == default
    name = name.lower()
    return ALL in chosen or name in chosen or (name == CURRENT and "next" in chosen)


def _version_reason(area: Area, selection: Selection) -> str:
    if selection.versions:
        return f"version {area.version}: not among --versions {','.join(sorted(selection.versions))}"
    kind = "the unreleased next version" if area.newer else "an older version"
    return (
        f"{kind} ({area.version}) of the docs; the site serves {area.latest} by default: --versions "
        f"{area.latest},{area.version} (or all) indexes it"
    )


def unknown_without_layout(selection: Selection) -> list[str]:
    """What to say of --languages or --versions on a site that keeps no editions this indexer knows of."""
    named = [option for option, chosen in (("--languages", selection.languages), ("--versions", selection.versions))
             if chosen]  # fmt: skip
    if not named:
        return []
    return [
        f"{' and '.join(named)} had no effect: no translations or versions were found in this folder (they are "
        "told apart on Docusaurus sites indexed from the folder of docusaurus.config.*, Starlight sites from that "
        "of astro.config.* or src/content/docs, multilingual Hugo sites from that of hugo.* or its content "
        "folder, Nextra sites with i18n locales from that of next.config.* or its pages folder, and VitePress "
        "sites with locales from that of .vitepress or its srcDir)"
    ]
