"""DocFX sites: dotnet/docfx's docs/ (served as .html at https://dotnet.github.io/docfx, the address its docfx.json's
sitemap gives) and Microsoft Learn's repositories (dotnet/docs-maui: pages without an extension, `includes/`
excluded by docfx.json's build.content)."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest

from indexer import IndexerSettings, update_index
from indexer.ingest.sitedetect import SITE_CONFIGS
from indexer.loaders.docfxproject import OTHER_CONFIGS
from indexer.loaders.jsconfig import MAX_CONFIG_BYTES

from support.folders import Main, all_ids, document, found, snapshot, text_of, write

DOCFX_JSON = """\ufeff{
  "build": {
    "content": [{"files": ["**/*.{md,yml}"], "exclude": ["_site/**", "**/includes/**"]},
                {"files": ["**/*.md"], "src": "../guides", "dest": "guides"}],
    "sitemap": {"baseUrl": "https://dotnet.github.io/docfx"}
  }
}
"""


def test_a_docfx_site_is_told_and_served_as_html(tmp_path: Path, indexer_main: Main) -> None:
    """dotnet/docfx's docs/ indexed as a user would: its pages were cited by file:// URLs and the summary said
    nothing of DocFX or of the address docfx.json gives; an include excluded by build.content was a document of
    its own, found before the page that shows it."""
    docs = tmp_path / "repo" / "docs"
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "index.md", "# Quick Start\n\nBuild a zebracorn site.\n")
    write(docs, "docs/markdown.md", "# Markdown\n\n[!INCLUDE [block](includes/block.md)]\n")
    write(docs, "docs/includes/block.md", "Unicornfish text.\n")
    write(docs, "docs/toc.md", "# [Markdown](markdown.md)\n## [Tabs](tabs.md)\n")
    index = tmp_path / "index"
    ran = indexer_main(docs, "--index", index, "--no-embeddings")
    assert (
        "the site's config says it is served at https://dotnet.github.io/docfx/: --base-url "
        "https://dotnet.github.io/docfx/ --url-extension html cites them as the site does"
    ) in ran.err
    indexer_main(docs, "--index", index, "--no-embeddings", "--base-url", "https://dotnet.github.io/docfx/",
                 "--url-extension", "html")  # fmt: skip
    assert document(index, "docs/markdown.md").url == "https://dotnet.github.io/docfx/docs/markdown.html"
    assert document(index, "index.md").url == "https://dotnet.github.io/docfx/index.html"
    assert all_ids(index) == ["docs/markdown.md", "index.md"]
    assert "docs/toc.md: DocFX's table of contents (toc.md, the site's navigation): no page" in ran.err
    assert found(index, "unicornfish") == ["docs/markdown.md"]


def test_a_learn_repository_is_served_without_extensions(tmp_path: Path, indexer_main: Main) -> None:
    """A Microsoft Learn repository (.openpublishing.publish.config.json at its root) serves `fundamentals/
    shell.md` at `fundamentals/shell` and an index page at its folder; a group's `src`/`dest` moves its pages."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write(root, ".openpublishing.publish.config.json", '{"docsets_to_publish": []}')
    docs = root / "docs"
    write(docs, "docfx.json", '{"build": {"content": [{"files": ["**/*.md"], "src": "articles", "dest": "maui"}]}}')
    write(docs, "articles/fundamentals/shell.md", "---\ntitle: Shell\n---\n\nZebracorn shell.\n")
    write(docs, "articles/index.md", "# Home\n\nWelcome.\n")
    write(docs, "README.md", "# Readme\n\nNot published.\n")
    write(docs, "articles/snippets/App/Resources/Raw/AboutAssets.txt", "Any raw assets you want deployed.\n")
    index = tmp_path / "index"
    ran = indexer_main(docs, "--index", index, "--no-embeddings")
    assert "DOCS is built with DocFX (Microsoft Learn): --base-url https://SITE --drop-extensions cites them" in ran.err
    report = indexer_main(docs, "--index", index, "--no-embeddings", "--base-url", "https://learn.microsoft.com/",
                          "--drop-extensions")  # fmt: skip
    assert "README.md: not in docfx.json's build.content" in report.err
    assert "AboutAssets.txt: not in docfx.json's build.content or build.resource: not on the site" in report.err
    assert (
        document(index, "articles/fundamentals/shell.md").url == "https://learn.microsoft.com/maui/fundamentals/shell"
    )
    assert document(index, "articles/index.md").url == "https://learn.microsoft.com/maui/"
    assert all_ids(index) == ["articles/fundamentals/shell.md", "articles/index.md"]


def test_the_repository_root_is_told_of_the_docfx_site_below_it(tmp_path: Path, indexer_main: Main) -> None:
    root = tmp_path / "docfx"
    (root / ".git").mkdir(parents=True)
    write(root, "README.md", "# docfx\n\nA documentation generator.\n")
    write(root, "docs/docfx.json", DOCFX_JSON)
    write(root, "docs/index.md", "# Quick Start\n\nBuild a site.\n")
    ran = indexer_main(root, "--index", tmp_path / "index", "--no-embeddings")
    assert "but docs/ holds a site (DocFX): index that folder for its pages" in ran.err


def test_a_redirect_stub_is_told_as_one(tmp_path: Path, indexer_main: Main) -> None:
    """dotnet/docfx keeps 13 files where its tutorials were, a front matter `redirect_url:` and no text: the summary
    said "no text" of each, as of a page left empty by mistake. A page with text and a redirect stays a page."""
    docs = tmp_path / "docs"
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "tutorial/intro_toc.md", "---\nredirect_url: ../docs/table-of-contents.html\n---\n")
    write(
        docs, "docs/table-of-contents.md", "---\nredirect_url: elsewhere.html\n---\n# Table of Contents\n\nZebracorn.\n"
    )
    ran = indexer_main(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert (
        "tutorial/intro_toc.md: a redirect (its front matter sends the reader to ../docs/table-of-contents.html): "
        "no page"
    ) in ran.err
    assert all_ids(tmp_path / "index") == ["docs/table-of-contents.md"]


def test_a_docfx_json_glob_of_many_stars_is_read_in_linear_time(tmp_path: Path, indexer_main: Main) -> None:
    """`*a*a*a...b` was a regular expression that failed on a long name of a's only after trying every way to
    split it (hours), so a glob of more than four runs of `*` was dropped, and the files an exclude glob named were
    published; now such a glob excludes what it names, and fails on the other name at once."""
    docs = tmp_path / "docs"
    bomb = "**/" + "*a" * 40 + "*b.md"
    content = {"files": ["**/*.md"], "exclude": [bomb]}
    write(docs, "docfx.json", json.dumps({"build": {"content": [content]}}))
    write(docs, "a" * 100 + "/" + "a" * 150 + ".md", "# Zebracorn\n\nText.\n")
    write(docs, "a" * 100 + "/" + "a" * 150 + "b.md", "# Unicornfish\n\nText.\n")
    started = time.monotonic()
    indexer_main(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert time.monotonic() - started < 30
    assert found(tmp_path / "index", "zebracorn") == ["a" * 100 + "/" + "a" * 150 + ".md"]
    assert found(tmp_path / "index", "unicornfish") == []


def test_docfx_pages_yield_to_every_other_generator_the_sites_detection_knows() -> None:
    """docfx.py finds a page's project on its own (loaders never import ingest), stopping where another generator's
    config lies: the names it knows are those sitedetect looks for, or a site of a new generator under a docfx.json
    would be read as DFM."""
    assert SITE_CONFIGS - {"docfx.json"} == OTHER_CONFIGS  # Jekyll's, Antora's and Zola's too


COMMENTED_JSON = """{
  // the pages: Learn's repositories comment their docfx.json as DocFX's reader allows
  "build": {
    "content": [
      {"files": ["**/*.md", "**/*.yml",], "src": "articles", "dest": "maui", /* a trailing comma, as DocFX takes */
       "exclude": ["**/drafts/**", "**/includes/**"],},
    ],
    "globalMetadata": {"feedback_url": "https://github.com/dotnet/docs-maui//issues", "glob": "/* not a comment */"},
    "sitemap": {"baseUrl": "https://learn.microsoft.com/dotnet"},
  },
}
"""


def test_a_docfx_json_with_comments_and_trailing_commas_is_read(tmp_path: Path, indexer_main: Main) -> None:
    """A docfx.json with `//` and `/* */` comments and trailing commas, which DocFX reads, was read as {}: its
    groups, excludes and address were lost, a draft and a README were pages served at their files' paths. A
    string holding `//` or `/*` (a URL) stays as written."""
    docs = tmp_path / "docs"
    write(docs, "docfx.json", COMMENTED_JSON)
    write(docs, "articles/shell.md", "# Shell\n\nZebracorn shell.\n")
    write(docs, "articles/drafts/next.md", "# Next\n\nUnicornfish draft.\n")
    write(docs, "README.md", "# Readme\n\nNot published.\n")
    index = tmp_path / "index"
    ran = indexer_main(docs, "--index", index, "--no-embeddings")
    assert "--base-url https://learn.microsoft.com/dotnet/ --url-extension html" in ran.err
    assert "is not JSON" not in ran.err
    assert all_ids(index) == ["articles/shell.md"]
    indexer_main(docs, "--index", index, "--no-embeddings", "--base-url", "https://learn.microsoft.com/dotnet/",
                 "--url-extension", "html")  # fmt: skip
    assert document(index, "articles/shell.md").url == "https://learn.microsoft.com/dotnet/maui/shell.html"


def test_a_docfx_json_that_is_not_json_is_named_in_a_warning(
    tmp_path: Path, indexer_main: Main, caplog: pytest.LogCaptureFixture
) -> None:
    """A docfx.json DocFX cannot read either (a comma left out) was silently read as {}: the run now says so,
    naming the file, and indexes its pages at their paths."""
    docs = tmp_path / "docs"
    write(docs, "docfx.json", '{"build": {"content": [{"files": ["**/*.md"]}] "sitemap": {}}}')
    write(docs, "shell.md", "# Shell\n\nZebracorn shell.\n")
    with caplog.at_level(logging.WARNING):
        indexer_main(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert f"{docs / 'docfx.json'} is not JSON DocFX reads (Expecting ',' delimiter" in caplog.text
    assert caplog.text.count("is not JSON DocFX reads") == 1
    assert found(tmp_path / "index", "zebracorn") == ["shell.md"]


def test_a_docfx_json_too_large_to_read_is_named_with_its_limit(
    tmp_path: Path, indexer_main: Main, caplog: pytest.LogCaptureFixture
) -> None:
    """A docfx.json over the limit of a config read is not read; the warning said "Expecting value", as if the
    file were empty: it now gives the limit."""
    docs = tmp_path / "docs"
    padding = " " * (MAX_CONFIG_BYTES + 1)
    write(docs, "docfx.json", '{"build": {"content": [{"files": ["**/*.md"]}]}}' + padding)
    write(docs, "shell.md", "# Shell\n\nZebracorn shell.\n")
    with caplog.at_level(logging.WARNING):
        indexer_main(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert f"{docs / 'docfx.json'} is not JSON DocFX reads (larger than {MAX_CONFIG_BYTES:,} bytes)" in caplog.text
    assert found(tmp_path / "index", "zebracorn") == ["shell.md"]


HUB_YML = """### YamlMime:Hub
title: Zebracorn documentation
summary: Build zebracorn apps for every platform.
brand: dotnet
metadata:
  title: Zebracorn docs
  description: The home of the zebracorn docs.
highlightedContent:
  items:
    - title: What is Zebracorn?
      itemType: overview
      url: what-is.md
conceptualContent:
  sections:
    - title: Common tasks
      items:
        - title: Upgrade from Unicornfish
          summary: Run your old projects after an upgrade.
          links:
            - url: migration/index.md
              itemType: concept
              text: Upgrade guide for narwhals
"""
LANDING_YML = """### YamlMime:Landing

title: Zebracorn - what's new?
summary: Use this page to find the latest changes.
metadata:
  title: What's new in zebracorn docs
landingContent:
- title: Related pages
  linkLists:
  - linkListType: whats-new
    links:
    - text: Release notes of quokkas
      url: https://github.com/example/releases
"""
FAQ_YML = """### YamlMime:FAQ
metadata:
  title: Zebracorn FAQ
title: Frequently asked questions
sections:
  - name: Licensing
    questions:
      - question: Is it free?
        answer: Yes, see <xref:Contoso.Licence> for the axolotl terms.
additionalContent: |
  ## Still stuck?
  Ask the capybara forum.
"""


def test_learns_yaml_pages_are_documents_at_their_folders(tmp_path: Path, indexer_main: Main) -> None:
    """Learn's home, what's-new and FAQ pages are YAML (`### YamlMime:Hub`, `Landing`, `FAQ`): they were no
    documents at all, so "what's new" found no page. Each is a document titled as Learn shows it, its text what
    the reader sees (titles, summaries, links' text; no keys, no urls), served at its folder (`whats-new/`);
    toc.yml and Learn's other YAML files (zone pivot groups) stay unread."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write(root, ".openpublishing.publish.config.json", "{}")
    docs = root / "docs"
    write(docs, "docfx.json", '{"build": {"content": [{"files": ["**/*.md", "**/*.yml"], "dest": "zebra"}]}}')
    write(docs, "index.yml", HUB_YML)
    write(docs, "whats-new/index.yml", LANDING_YML)
    write(docs, "faq.yml", FAQ_YML)
    write(docs, "toc.yml", "- name: Overview\n  href: index.yml\n")
    write(docs, "zone-pivot-groups.yml", "### YamlMime:ZonePivotGroups\ngroups:\n- id: platforms\n  title: Wombats\n")
    index = tmp_path / "index"
    indexer_main(docs, "--index", index, "--no-embeddings", "--base-url", "https://learn.microsoft.com/",
                 "--drop-extensions")  # fmt: skip
    assert all_ids(index) == ["faq.yml", "index.yml", "whats-new/index.yml"]
    home, new, faq = (document(index, i) for i in ("index.yml", "whats-new/index.yml", "faq.yml"))
    assert (home.title, home.url) == ("Zebracorn docs", "https://learn.microsoft.com/zebra/")
    assert (new.title, new.url) == ("What's new in zebracorn docs", "https://learn.microsoft.com/zebra/whats-new/")
    assert faq.title == "Zebracorn FAQ"
    assert faq.url == "https://learn.microsoft.com/zebra/faq"
    assert found(index, "narwhals") == ["index.yml"]
    assert found(index, "quokkas") == ["whats-new/index.yml"]
    assert found(index, "axolotl") == ["faq.yml"]
    assert found(index, "capybara") == ["faq.yml"]
    assert found(index, "wombats") == []
    text = snapshot(index).text("index.yml") or ""
    assert "Zebracorn documentation\n\nBuild zebracorn apps for every platform.\n\nWhat is Zebracorn?" in text
    assert "Common tasks\n\nUpgrade from Unicornfish\n\nRun your old projects after an upgrade." in text
    assert not any(word in text for word in ("itemType", "migration/index.md", "url", "dotnet", "conceptual"))
    assert "What's new\n\nRelease notes of quokkas" in (snapshot(index).text("whats-new/index.yml") or "")
    assert "Is it free?\n\nYes, see Licence for the axolotl terms." in (snapshot(index).text("faq.yml") or "")


def test_a_docfx_json_added_beside_pages_read_before_makes_them_dfm(tmp_path: Path) -> None:
    """Which folders hold a docfx.json is remembered while their entries stay the same: one added after a
    first run (in the same process) is seen, and the pages read again show DFM."""
    docs = tmp_path / "repo" / "docs"
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    write(docs, "guide/page.md", "# Page\n\n[!INCLUDE [shared](../includes/shared.md)]\n")
    write(docs, "includes/shared.md", "Zebracorn shared text.\n")
    index_dir = tmp_path / "index"
    update_index(docs, IndexerSettings(index=index_dir, embeddings=False))
    assert "[!INCLUDE" in text_of(index_dir, "guide/page.md")
    write(docs, "docfx.json", '{"build": {"content": [{"files": ["guide/**/*.md"]}]}}')
    update_index(docs, IndexerSettings(index=index_dir, embeddings=False))
    assert "Zebracorn shared text." in text_of(index_dir, "guide/page.md")
