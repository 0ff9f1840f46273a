"""The Rails Guides' source folder (rails/rails guides/source): Markdown guides beside the list of them
(documents.yaml) and the ERB layout the guides' generator renders each in, as guide.html on
guides.rubyonrails.org."""

from __future__ import annotations

from pathlib import Path

from support.folders import Main, document, write

DOCUMENTS = """-
  name: Models
  documents:
    -
      name: Active Record Basics
      url: active_record_basics.html
      description: Active Record allows your models to interact with the application's database.
"""

GUIDE = """**DO NOT READ THIS FILE ON GITHUB, GUIDES ARE PUBLISHED ON <https://guides.rubyonrails.org>.**

Active Record Basics
====================

This guide is an introduction to Active Record.
"""


def test_the_summary_names_the_rails_guides_and_the_option_for_their_urls(docs: Path, indexer_main: Main) -> None:
    """Indexed with no --base-url, the guides were cited by file:// URLs and the summary said nothing of the
    site's .html pages."""
    write(docs, "documents.yaml", DOCUMENTS)
    write(docs, "layout.html.erb", "<html><body><%= yield %></body></html>\n")
    write(docs, "active_record_basics.md", GUIDE)
    index = docs.parent / "index"
    ran = indexer_main(docs, "--index", index, "--no-embeddings")
    assert (
        "DOCS is built with Rails Guides: --base-url https://SITE --url-extension html cites them as the site does"
        in ran.err
    )
    indexer_main(docs, "--index", index, "--no-embeddings", "--base-url", "https://guides.rubyonrails.org/",
                 "--url-extension", "html")  # fmt: skip
    assert document(index, "active_record_basics.md").url == "https://guides.rubyonrails.org/active_record_basics.html"


def test_a_folder_with_a_documents_yaml_alone_is_no_rails_guides(docs: Path, indexer_main: Main) -> None:
    write(docs, "documents.yaml", DOCUMENTS)
    write(docs, "active_record_basics.md", GUIDE)
    ran = indexer_main(docs, "--index", docs.parent / "index", "--no-embeddings")
    assert "Rails Guides" not in ran.err


def test_the_repository_root_is_told_of_the_guides_below_it(tmp_path: Path, indexer_main: Main) -> None:
    """rails/rails indexed from its root: 182 READMEs, changelogs and test fixtures, and nothing said of where the
    guides are."""
    root = tmp_path / "rails"
    write(root, "README.md", "# Welcome to Rails\n\nA web framework.\n")
    write(root, "activerecord/CHANGELOG.md", "*   Fix a bug.\n")
    write(root, "guides/source/documents.yaml", DOCUMENTS)
    write(root, "guides/source/layout.html.erb", "<html><body><%= yield %></body></html>\n")
    write(root, "guides/source/active_record_basics.md", GUIDE)
    ran = indexer_main(root, "--index", tmp_path / "index", "--no-embeddings")
    assert "but guides/source/ holds a site (Rails Guides): index that folder for its pages" in ran.err
