"""A Docusaurus site's versions and translations: indexed from the site's folder, the index holds what its
default reader sees (the version served at /docs/, in the default language); --versions and --languages add
the others, at the URLs the site serves them; what is left out is listed as skipped, and a change of options
or of the site (a new release in versions.json) brings the index in line on the next run. Each case is a small
site folder indexed by the real pipeline or command line."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import pytest

from indexer.store import storage

from support.folders import Main, all_ids, document, found, index, skipped, snapshot, whoosh_snapshot, write

BASE = {"base_url": "https://site.example/", "drop_extensions": True}
CONFIG = "export default {\n  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, // locales: ['de']\n};\n"
DEFAULT_IDS = ["blog/welcome.md", "src/pages/about.md", "versioned_docs/version-2.0/intro.md"]
TRANSLATION = "a translation (fr) of the site, whose language is en: --languages en,fr (or all) indexes it"


def page(word: str, front: str = "") -> str:
    return (f"---\n{front}---\n" if front else "") + f"# A page\n\nWords and {word}.\n"


def docusaurus_site(site: Path) -> None:
    """A site in the shape of react-native-website: docs/ is the next version, versions.json lists 2.0 (the
    latest, served at /docs/) and 1.0, and i18n/ holds French (listed in the config) and German (not listed)."""
    write(site, "docusaurus.config.js", CONFIG)
    write(site, "versions.json", json.dumps(["2.0", "1.0"]))
    write(site, "docs/intro.md", page("nextword"))
    write(site, "versioned_docs/version-2.0/intro.md", page("latestword"))
    write(site, "versioned_docs/version-1.0/intro.md", page("oldword"))
    write(site, "versioned_docs/version-1.0/01-guides/02-install.md", page("installword"))
    write(site, "versioned_docs/version-1.0/moved.md", page("slugword", "slug: /start\n"))
    write(site, "versioned_docs/version-0.9/gone.md", page("goneword"))  # not in versions.json: never built
    write(site, "i18n/fr/docusaurus-plugin-content-docs/current/intro.md", page("frnextword"))
    write(site, "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md", page("frenchword"))
    write(site, "i18n/fr/docusaurus-plugin-content-blog/welcome.md", page("frblogword"))
    write(site, "i18n/de/docusaurus-plugin-content-docs/current/intro.md", page("germanword"))
    write(site, "blog/welcome.md", page("blogword"))
    write(site, "src/pages/about.md", page("aboutword"))


def test_by_default_a_docusaurus_site_holds_its_latest_version_in_its_language(tmp_path: Path) -> None:
    docusaurus_site(tmp_path / "site")
    report = index(tmp_path / "site", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == DEFAULT_IDS
    assert skipped(report) == {
        "docs/intro.md": "the unreleased next version (current) of the docs; the site serves 2.0 by default: "
        "--versions 2.0,current (or all) indexes it",
        "versioned_docs/version-1.0/01-guides/02-install.md": "an older version (1.0) of the docs; the site serves "
        "2.0 by default: --versions 2.0,1.0 (or all) indexes it",
        "versioned_docs/version-1.0/intro.md": "an older version (1.0) of the docs; the site serves 2.0 by default: "
        "--versions 2.0,1.0 (or all) indexes it",
        "versioned_docs/version-1.0/moved.md": "an older version (1.0) of the docs; the site serves 2.0 by default: "
        "--versions 2.0,1.0 (or all) indexes it",
        "versioned_docs/version-0.9/gone.md": "version 0.9 of the docs (versioned_docs/): versions.json does not "
        "list it, so Docusaurus builds no page of it",
        "i18n/fr/docusaurus-plugin-content-docs/current/intro.md": TRANSLATION,
        "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md": TRANSLATION,
        "i18n/fr/docusaurus-plugin-content-blog/welcome.md": TRANSLATION,
        "i18n/de/docusaurus-plugin-content-docs/current/intro.md": "in a locale (de) that the config's i18n.locales "
        "does not list: Docusaurus builds no page of it",
    }
    assert all(item.by_design for item in report.skipped)
    assert document(tmp_path / "index", "versioned_docs/version-2.0/intro.md").url == "https://site.example/docs/intro"
    assert document(tmp_path / "index", "src/pages/about.md").url == "https://site.example/about"
    assert found(tmp_path / "index", "oldword OR frenchword OR nextword") == []


def test_every_version_and_language_at_the_url_the_site_serves_it(tmp_path: Path) -> None:
    docusaurus_site(tmp_path / "site")
    report = index(tmp_path / "site", tmp_path / "index", languages="all", versions="all", **BASE)
    assert sorted(skipped(report)) == [
        "i18n/de/docusaurus-plugin-content-docs/current/intro.md",  # not built by the site: no URL to cite
        "versioned_docs/version-0.9/gone.md",
    ]
    expected = {
        "docs/intro.md": ("docs/next/intro", "en", "current"),
        "versioned_docs/version-2.0/intro.md": ("docs/intro", "en", "2.0"),
        "versioned_docs/version-1.0/intro.md": ("docs/1.0/intro", "en", "1.0"),
        "versioned_docs/version-1.0/01-guides/02-install.md": ("docs/1.0/guides/install", "en", "1.0"),
        "versioned_docs/version-1.0/moved.md": ("docs/1.0/start", "en", "1.0"),  # a slug /x is from the version
        "i18n/fr/docusaurus-plugin-content-docs/current/intro.md": ("fr/docs/next/intro", "fr", "current"),
        "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md": ("fr/docs/intro", "fr", "2.0"),
        "i18n/fr/docusaurus-plugin-content-blog/welcome.md": ("fr/blog/welcome", "fr", ""),
        "blog/welcome.md": ("blog/welcome", "en", ""),
        "src/pages/about.md": ("about", "en", ""),
    }
    docs = {doc_id: document(tmp_path / "index", doc_id) for doc_id in all_ids(tmp_path / "index")}
    assert {
        i: (d.url.removeprefix("https://site.example/"), d.language, d.version) for i, d in docs.items()
    } == expected


def test_a_search_over_every_version_shows_one_copy_of_each_page_unless_it_names_a_version(tmp_path: Path) -> None:
    """With --versions all, Jest's ECMAScript Modules page came first, second and third (30.4, 30.0, 29.7): a
    page's copies in several versions are one result now, the newest version's, unless the query names one."""
    docusaurus_site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index", versions="all", **BASE)
    searched = snapshot(tmp_path / "index")
    urls = [hit.document.url.removeprefix("https://site.example/") for hit in searched.search("words", limit=20)]
    assert sorted(urls) == ["about", "blog/welcome", "docs/1.0/guides/install", "docs/1.0/start", "docs/intro"]
    older = [hit.document.url for hit in searched.search("words version:1.0", limit=20)]
    assert sorted(u.removeprefix("https://site.example/") for u in older) == [
        "docs/1.0/guides/install", "docs/1.0/intro", "docs/1.0/start",
    ]  # fmt: skip
    pages = [searched.search("words", limit=2, offset=n) for n in (0, 2, 4)]
    assert sorted(hit.document.url for page in pages for hit in page) == sorted(
        "https://site.example/" + url for url in urls
    )  # paging through them shows each once


def test_with_many_versions_every_page_is_still_found_once(tmp_path: Path) -> None:
    """Twelve versions of twenty pages: the copies of a few pages filled the ranked window, so a search gave four
    pages, then nothing past them."""
    site = tmp_path / "site"
    versions = [f"{n}.0" for n in range(12, 0, -1)]
    write(site, "docusaurus.config.js", "export default {};\n")
    write(site, "versions.json", json.dumps(versions))
    for version in versions:
        for n in range(20):
            words = " ".join(["words"] * (n + 1))  # a different score for each page
            write(site, f"versioned_docs/version-{version}/p{n:02}.md", f"# Page {n}\n\n{words} of {version}.\n")
    index(site, tmp_path / "index", versions="all", **BASE)
    searched = snapshot(tmp_path / "index")
    shown = [hit.document.url for offset in range(0, 20, 10) for hit in searched.search("words", 10, offset)]
    assert len(shown) == 20 and len(set(shown)) == 20
    assert all(url.startswith("https://site.example/docs/p") for url in shown)  # 12.0, the newest, at /docs/


def test_a_version_or_language_named_alone_is_all_that_is_indexed_of_its_kind(tmp_path: Path) -> None:
    docusaurus_site(tmp_path / "site")
    report = index(tmp_path / "site", tmp_path / "index", languages="fr", versions="1.0,next")
    assert all_ids(tmp_path / "index") == [
        "i18n/fr/docusaurus-plugin-content-blog/welcome.md",
        "i18n/fr/docusaurus-plugin-content-docs/current/intro.md",
    ]
    reasons = skipped(report)
    assert reasons["versioned_docs/version-1.0/intro.md"] == "in en: not among --languages fr"
    assert reasons["i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md"] == (
        "version 2.0: not among --versions 1.0,next"
    )


def test_changing_the_options_adds_and_removes_pages_without_reading_the_others_again(tmp_path: Path) -> None:
    site, index_dir = tmp_path / "site", tmp_path / "index"
    docusaurus_site(site)
    index(site, index_dir, **BASE)
    wider = index(site, index_dir, languages="all", **BASE)
    assert (wider.added, wider.updated, wider.removed) == (2, 0, 0)  # French: the docs of 2.0, the blog
    assert found(index_dir, "frenchword") == ["i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md"]
    assert found(index_dir, "frnextword") == []  # the next version is still left out
    narrower = index(site, index_dir, **BASE)
    assert (narrower.added, narrower.updated, narrower.removed, narrower.bytes_read) == (0, 0, 2, 0)
    assert all_ids(index_dir) == DEFAULT_IDS
    assert found(index_dir, "frenchword") == []
    assert index(site, index_dir, **BASE).generation is None  # nothing more to do


def test_a_new_release_in_versions_json_moves_the_latest_version(tmp_path: Path) -> None:
    """Releasing 3.0 (versions.json gains it, versioned_docs/version-3.0 appears): 3.0 is served at /docs/ and
    indexed by default, 2.0 is an older version; kept with --versions all, its URL and version are remade."""
    site, index_dir = tmp_path / "site", tmp_path / "index"
    docusaurus_site(site)
    index(site, index_dir, versions="all", **BASE)
    assert document(index_dir, "versioned_docs/version-2.0/intro.md").url == "https://site.example/docs/intro"
    write(site, "versions.json", json.dumps(["3.0", "2.0", "1.0"]))
    write(site, "versioned_docs/version-3.0/intro.md", page("newestword"))
    report = index(site, index_dir, versions="all", **BASE)
    assert (report.added, report.updated, report.removed) == (1, 0, 0)
    moved = document(index_dir, "versioned_docs/version-2.0/intro.md")
    assert (moved.url, moved.version) == ("https://site.example/docs/2.0/intro", "2.0")
    assert document(index_dir, "versioned_docs/version-3.0/intro.md").url == "https://site.example/docs/intro"
    default = index(site, index_dir, **BASE)
    assert default.removed == 5  # current, 2.0 and 1.0's three pages
    assert found(index_dir, "latestword OR newestword") == ["versioned_docs/version-3.0/intro.md"]


def test_the_config_decides_the_latest_version_and_the_versions_built(tmp_path: Path) -> None:
    """A literal lastVersion serves that version at /docs/; a literal onlyIncludeVersions builds those alone. An
    expression (lastVersion: isDev ? ...) is not read: the first of versions.json is the latest."""
    site = tmp_path / "site"
    docusaurus_site(site)
    write(site, "docusaurus.config.js", "export default { presets: [['classic', { docs: {\n"
          "  lastVersion: 'current', onlyIncludeVersions: ['current', '2.0'] } }]] };\n")  # fmt: skip
    report = index(site, tmp_path / "i1", versions="all", **BASE)
    assert document(tmp_path / "i1", "docs/intro.md").url == "https://site.example/docs/intro"
    assert document(tmp_path / "i1", "versioned_docs/version-2.0/intro.md").url == "https://site.example/docs/2.0/intro"
    assert "onlyIncludeVersions" in skipped(report)["versioned_docs/version-1.0/intro.md"]
    write(site, "docusaurus.config.js", "export default { docs: { lastVersion: isDev ? 'current' : '1.0' } };\n")
    index(site, tmp_path / "i2", **BASE)
    assert all_ids(tmp_path / "i2")[-1] == "versioned_docs/version-2.0/intro.md"


def test_a_docs_folder_of_a_versioned_site_is_indexed_as_before(tmp_path: Path) -> None:
    """Editions are told apart only from the site's folder: indexing website/docs (or one version's folder)
    indexes every file in it, at the URLs the base URL gives, as it always did."""
    docusaurus_site(tmp_path / "website")
    write(tmp_path, "website/docs/01-guide.md", page("guideword"))
    report = index(tmp_path / "website/docs", tmp_path / "index", base_url="https://site.example/docs/",
                   drop_extensions=True)  # fmt: skip
    assert all_ids(tmp_path / "index") == ["01-guide.md", "intro.md"] and not report.skipped
    assert document(tmp_path / "index", "01-guide.md").url == "https://site.example/docs/guide"
    assert document(tmp_path / "index", "intro.md").language == ""


def test_an_index_written_before_editions_gains_them_on_its_next_run(tmp_path: Path) -> None:
    """An index whose docs.sqlite has no language or version columns is read (as "") and, on the next run,
    carries them: nothing is lost, and the pages the site does not show by default leave it."""
    site, index_dir = tmp_path / "site", tmp_path / "index"
    docusaurus_site(site)
    index(site, index_dir, languages="all", versions="all")
    current = storage.current_generation(index_dir)
    assert current is not None
    with sqlite3.connect(current / storage.DOCSTORE) as db:
        db.execute("ALTER TABLE documents DROP COLUMN language")
        db.execute("ALTER TABLE documents DROP COLUMN version")
        db.execute("DELETE FROM meta WHERE key = 'editions'")
    assert document(index_dir, "docs/intro.md").version == ""
    report = index(site, index_dir, languages="all", versions="all")
    assert (report.added, report.updated, report.removed, report.generation) == (0, 0, 0, 2)
    assert (document(index_dir, "docs/intro.md").language, document(index_dir, "docs/intro.md").version) == (
        "en",
        "current",
    )


def test_the_summary_puts_many_pages_of_one_version_on_one_line(tmp_path: Path, indexer_main: Main) -> None:
    site = tmp_path / "site"
    docusaurus_site(site)
    for n in range(12):
        write(site, f"versioned_docs/version-1.0/api/page{n}.md", page(f"apiword{n}"))
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert (
        "    15 files: an older version (1.0) of the docs; the site serves 2.0 by default: --versions 2.0,1.0 (or all) "
        "indexes it (e.g. versioned_docs/version-1.0/01-guides/02-install.md" in ran.err
    )
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings", "--versions", "all")
    assert ran.code == 0, ran.err
    assert "16 added" in ran.err  # the next version's page, 1.0's fifteen


def test_languages_and_versions_come_from_the_command_line_or_the_environment(
    tmp_path: Path, indexer_main: Main, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    site, index_dir = tmp_path / "site", tmp_path / "index"
    docusaurus_site(site)
    monkeypatch.setenv("DOCSEARCH_LANGUAGES", "fr,en")
    ran = indexer_main(site, "--index", index_dir, "--no-embeddings", "--versions", "2.0")
    assert ran.code == 0, ran.err
    assert "i18n/fr/docusaurus-plugin-content-docs/version-2.0/intro.md" in all_ids(index_dir)
    for option, value, message in (("--languages", "en,all", "give it alone"), ("--versions", "2.0/x", "like 2.x")):
        with pytest.raises(SystemExit) as caught:
            indexer_main(site, "--index", index_dir, option, value)
        assert caught.value.code == 2
        assert message in capsys.readouterr().err


def test_a_name_the_site_does_not_have_is_said_in_the_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    docusaurus_site(tmp_path / "site")
    write(tmp_path, "plain/page.md", page("plainword"))
    with caplog.at_level(logging.WARNING):
        index(tmp_path / "site", tmp_path / "i1", languages="es", versions="2.0")
        index(tmp_path / "plain", tmp_path / "i2", languages="all")
    assert "--languages names es, which this docusaurus site does not have (it has: en, fr)" in caplog.text
    assert "--versions names" not in caplog.text
    assert "--languages had no effect" in caplog.text
    assert all_ids(tmp_path / "i2") == ["page.md"]


@pytest.mark.parametrize(
    ("versions", "served"),
    [(["2.0"], "docs/next/"), ([], "docs/")],
)
def test_the_summary_names_the_docs_a_site_reads_from_outside_its_folder(
    tmp_path: Path, indexer_main: Main, versions: list[str], served: str
) -> None:
    """Jest and Prettier keep their site in website/ and its docs (the version Docusaurus calls current) in docs/
    beside it (`path: '../docs'`): indexed from website/, those pages were left out with nothing said, even with
    --versions next or all, and on a site without versions (Redux) the index held no docs at all. Without
    --base-url, the address the config names is the one to give (Redux's was told `https://SITE/`)."""
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {presets: [['classic', {docs: {path: "
          "'../docs'}}]]};\n")  # fmt: skip
    write(tmp_path, "repo/website/versions.json", json.dumps(versions))
    for version in versions:
        write(tmp_path, f"repo/website/versioned_docs/version-{version}/intro.md", page("releasedword"))
    write(tmp_path, "repo/website/blog/welcome.md", page("blogword"))
    write(tmp_path, "repo/docs/intro.md", page("nextword"))
    ran = indexer_main(tmp_path / "repo/website", "--index", tmp_path / "index", "--no-embeddings", "--versions",
                       "all", "--base-url", "https://site.example/", "--drop-extensions")  # fmt: skip
    assert ran.code == 0, ran.err
    assert found(tmp_path / "index", "nextword") == []
    assert (
        f"the site's docs plugin reads ../docs, outside DOCS: its pages, served at /{served}, are not in this "
        f"index; index that folder for them (--base-url https://site.example/{served})" in ran.err
    )
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {url: 'https://jest.example', baseUrl: "
          "'/x/', presets: [['classic', {docs: {path: '../docs'}}]]};\n")  # fmt: skip
    ran = indexer_main(tmp_path / "repo/website", "--index", tmp_path / "index", "--no-embeddings")
    assert f"not in this index; index that folder for them (--base-url https://jest.example/x/{served})" in ran.err
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {presets: [['classic', {}]]};\n")
    ran = indexer_main(tmp_path / "repo/website", "--index", tmp_path / "index", "--no-embeddings")
    assert "outside DOCS" not in ran.err


@pytest.mark.parametrize(
    ("option", "ids", "reason"),
    [
        (
            "includeCurrentVersion: false",
            ["versioned_docs/version-1.0/intro.md", "versioned_docs/version-2.0/intro.md"],
            "version current of the docs (docs/): the config leaves it out (includeCurrentVersion or "
            "onlyIncludeVersions), so Docusaurus builds no page of it",
        ),
        (
            "disableVersioning: true",
            ["docs/intro.md"],
            "version 2.0 of the docs (versioned_docs/): the config disables versioning (disableVersioning: true), "
            "so Docusaurus builds no page of it",
        ),
    ],
)
def test_what_the_config_does_not_build_is_skipped_whatever_the_options(
    tmp_path: Path, option: str, ids: list[str], reason: str
) -> None:
    site = tmp_path / "site"
    write(site, "docusaurus.config.js", f"export default {{ docs: {{ {option} }} }};\n")
    write(site, "versions.json", json.dumps(["2.0", "1.0"]))
    for folder in ("docs", "versioned_docs/version-2.0", "versioned_docs/version-1.0"):
        write(site, f"{folder}/intro.md", page("introword"))
    report = index(site, tmp_path / "index", versions="all", **BASE)
    assert all_ids(tmp_path / "index") == ids
    assert reason in skipped(report).values()
    assert document(tmp_path / "index", ids[-1]).url == "https://site.example/docs/intro"


def test_the_docs_folder_is_the_version_the_build_copies_it_into(tmp_path: Path) -> None:
    """pnpm.io builds no current version and keeps no folder of the version it serves by default: its build copies
    docs/ into versioned_docs/version-11.x first. Read as the current version, which the config leaves out, every
    page of its docs was skipped; they are that version, served at the docs' route, and the older one stays out
    by default."""
    site = tmp_path / "site"
    config = "export default { docs: { includeCurrentVersion: false, lastVersion: LAST } };\n"  # LAST: no literal
    write(site, "docusaurus.config.js", config)
    write(site, "versions.json", json.dumps(["11.x", "10.x"]))
    write(site, "docs/cli/add.md", page("newestword"))
    write(site, "versioned_docs/version-10.x/cli/add.md", page("olderword"))
    report = index(site, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["docs/cli/add.md"]
    assert document(tmp_path / "index", "docs/cli/add.md").url == "https://site.example/docs/cli/add"
    assert document(tmp_path / "index", "docs/cli/add.md").version == "11.x"
    assert "versioned_docs/version-10.x/cli/add.md" in skipped(report)
    write(site, "versioned_docs/version-11.x/cli/add.md", page("copiedword"))  # the build's copy, left behind
    index(site, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["versioned_docs/version-11.x/cli/add.md"]


V1 = {f"versioned_docs/version-1.0/{p}" for p in ("intro.md", "01-guides/02-install.md", "moved.md")}
FR = "i18n/fr/docusaurus-plugin-content-"
EDITION_QUERIES = [
    ("words version:1.0", V1),
    ("words version:next", {"docs/intro.md", f"{FR}docs/current/intro.md"}),
    ("words version:current lang:en", {"docs/intro.md"}),
    ("words lang:fr", {f"{FR}docs/version-2.0/intro.md", f"{FR}blog/welcome.md"}),  # one version of each page
    ("language:FR version:2.0", {f"{FR}docs/version-2.0/intro.md"}),
    ("lang:fr", {f"{FR}docs/version-2.0/intro.md", f"{FR}blog/welcome.md"}),  # filters alone: by id
    ("version:1.0 type:markdown", V1),
    (
        "words NOT lang:fr NOT version:1.0",
        {"docs/intro.md", "versioned_docs/version-2.0/intro.md", "blog/welcome.md", "src/pages/about.md"},
    ),
    ("words version:9.9", set()),
]


@pytest.mark.parametrize(("query", "expected"), EDITION_QUERIES, ids=[q for q, _ in EDITION_QUERIES])
def test_a_search_keeps_to_the_languages_and_versions_it_names(tmp_path: Path, query: str, expected: set[str]) -> None:
    """An index of every edition answers `version:1.0` or `lang:fr` with that edition's pages alone, on the postings
    path as Whoosh does; `version:next` is Docusaurus's name for the current docs."""
    docusaurus_site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index", languages="all", versions="all", **BASE)
    fast = [(h.document.id, h.score) for h in snapshot(tmp_path / "index").search(query, limit=20)]
    whoosh = [(h.document.id, h.score) for h in whoosh_snapshot(tmp_path / "index").search(query, limit=20)]
    assert {doc_id for doc_id, _ in fast} == expected
    assert [doc_id for doc_id, _ in fast] == [doc_id for doc_id, _ in whoosh]
    assert [score for _, score in fast] == pytest.approx([score for _, score in whoosh], rel=1e-9)


def test_a_site_of_one_edition_has_no_language_or_version_to_filter_by(tmp_path: Path) -> None:
    write(tmp_path / "docs", "intro.md", page("introword"))
    index(tmp_path / "docs", tmp_path / "index")
    assert found(tmp_path / "index", "introword") == ["intro.md"]
    assert found(tmp_path / "index", "introword lang:en") == []
    assert found(tmp_path / "index", "introword NOT version:1.0") == ["intro.md"]
