"""A page that names no title of its own is titled as its site's navigation titles it: MkDocs' `nav:`, mdBook's
SUMMARY.md. Found on real sites: 64 of pydantic's 89 pages have no level-1 heading, and were titled by their
first section ("Optional dependencies" for Installation, "arguments_type" for Validation Errors); a chapter of the
Rust book with no heading above level 3 was titled by that heading. A page's own title still wins."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, index, snapshot, write

NAV = """site_name: Zebracorn docs
nav:
  - Home: index.md
  - Installation: install.md
  - Concepts:
      - Models: concepts/models.md
      - concepts/fields.md
      - Strict Mode: concepts/strict.md
  - Blog: https://example.com/blog
"""


def test_mkdocs_nav_titles_pages_that_name_none(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "mkdocs.yml", NAV)
    write(site, "docs/index.md", "Welcome to the zebracorn docs.\n")
    write(site, "docs/install.md", "Install it:\n\n## Optional dependencies\n\nemail\n")
    write(site, "docs/concepts/models.md", "# Basic model usage\n\nText.\n")
    write(site, "docs/concepts/fields.md", "Intro.\n\n## The annotated pattern\n\nText.\n")
    write(site, "docs/concepts/strict.md", "---\ntitle: Strict mode, in depth\n---\n\n## As a parameter\n\nText.\n")
    for docs, prefix in ((site, "docs/"), (site / "docs", "")):
        index(docs, tmp_path / "index", rebuild=True)
        titles = {
            doc_id: document(tmp_path / "index", prefix + doc_id).title
            for doc_id in ("index.md", "install.md", "concepts/models.md", "concepts/fields.md", "concepts/strict.md")
        }
        assert titles == {
            "index.md": "Home",
            "install.md": "Installation",
            "concepts/models.md": "Basic model usage",  # its own heading
            "concepts/fields.md": "The annotated pattern",  # listed without a title: as before
            "concepts/strict.md": "Strict mode, in depth",  # its front matter
        }


def test_an_edited_nav_retitles_its_pages_on_the_next_run(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "mkdocs.yml", NAV)
    write(site, "docs/install.md", "Install it:\n\n## Optional dependencies\n\nemail\n")
    write(site, "docs/concepts/models.md", "Models.\n\n## Fields\n\nText.\n")
    index(site, tmp_path / "index")
    write(site, "mkdocs.yml", NAV.replace("Installation: install.md", "Getting started: install.md"))
    report = index(site, tmp_path / "index")
    assert report.updated == 2  # each page reads mkdocs.yml (snippets' auto_append, say): both are read again
    assert document(tmp_path / "index", "docs/install.md").title == "Getting started"
    assert document(tmp_path / "index", "docs/concepts/models.md").title == "Models"


def test_a_translation_that_inherits_the_nav_is_titled_by_it_and_retitled_when_it_changes(tmp_path: Path) -> None:
    """fastapi's docs/fr/mkdocs.yml says only `INHERIT: ../en/mkdocs.yml`: the nav it inherits titles the pages
    of its own docs/, and an edit to the inherited file retitles them on the next run, as one to its own does."""
    write(tmp_path, "en/mkdocs.yml", NAV)
    write(tmp_path, "fr/mkdocs.yml", "INHERIT: ../en/mkdocs.yml\n")
    write(tmp_path, "fr/docs/install.md", "Installez-le :\n\n## Dependances optionnelles\n\nemail\n")
    write(tmp_path, "fr/docs/concepts/models.md", "Modeles.\n\n## Champs\n\nTexte.\n")
    index(tmp_path / "fr", tmp_path / "index")
    assert document(tmp_path / "index", "docs/install.md").title == "Installation"
    assert document(tmp_path / "index", "docs/concepts/models.md").title == "Models"
    write(tmp_path, "en/mkdocs.yml", NAV.replace("Installation: install.md", "Getting started: install.md"))
    report = index(tmp_path / "fr", tmp_path / "index")
    assert report.updated == 1
    assert document(tmp_path / "index", "docs/install.md").title == "Getting started"


def test_an_mdbook_indexed_from_its_src_folder_has_its_chapter_names_and_its_listings(tmp_path: Path) -> None:
    """Indexed from src/, the Rust book's listings (../listings/, beside src/ in the book's folder) were left out
    with a warning each (675), and 17% of its text with them."""
    book = tmp_path / "book"
    write(book, "book.toml", '[book]\ntitle = "The Book"\n')
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Futures](ch17.md)\n    - [Working With `Any` Futures](ch17-03.md)\n")
    write(book, "src/ch17.md", "# Async\n\nIntro.\n")
    write(book, "src/ch17-03.md", "### Yielding Control\n\n{{#include ../listings/ch17/main.rs}}\n")
    write(book, "listings/ch17/main.rs", "fn zebracorn() {}\n")
    report = index(book / "src", tmp_path / "index")
    assert not report.warnings
    assert document(tmp_path / "index", "ch17-03.md").title == "Working With Any Futures"
    assert document(tmp_path / "index", "ch17.md").title == "Async"
    assert "fn zebracorn() {}" in (snapshot(tmp_path / "index").text("ch17-03.md") or "")
