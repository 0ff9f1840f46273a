"""bookdown books: which files are chapters, the HTML page each is served as, and the address the summary gives.
Each folder copies the shape of the bookdown manual's (inst/examples) or Advanced R's."""

from __future__ import annotations

from pathlib import Path

from support.folders import all_ids, document, index, skipped, write

INDEX = """---
title: "Authoring Books"
url: 'https\\://books.example/zebra/'
site: bookdown::bookdown_site
---

# Preface {-}

The zebracorn book.
"""


def manual(docs: Path, output: str) -> None:
    write(docs, "_bookdown.yml", "book_filename: zebra\n")
    write(docs, "_output.yml", output)
    write(docs, "index.Rmd", INDEX)
    write(docs, "01-introduction.Rmd", "# Introduction\n\nWhy books.\n\n## Get started {#get-started}\n\nGo.\n")
    write(docs, "03-formats.Rmd", "# Output **Formats**\n\n```{r}\n# not a heading\n```\n\nHTML and PDF.\n")
    write(docs, "07-tools.Rmd", "# (APPENDIX) Appendix {-}\n\n# Software Tools {#software-tools}\n\nR.\n")
    write(docs, "08-more.Rmd", "## More tools\n\nA section of the chapter before.\n")
    write(docs, "_common.Rmd", "```{r}\nlibrary(zebra)\n```\n")
    write(docs, "README.md", "# Zebra book\n\nHow to build it.\n")


def test_a_bookdown_books_chapters_are_served_at_their_headings_ids(docs: Path, index_dir: Path) -> None:
    """The bookdown manual's chapters were cited at their files (01-introduction.Rmd), its index.Rmd's `url` was
    taken for the page's own ("a front matter url that is a path"), and its README was indexed as a page."""
    manual(docs, "bookdown::gitbook:\n  split_by: section\nbookdown::pdf_book:\n  keep_tex: yes\n")
    report = index(docs, index_dir)
    assert report.served_at == "https://books.example/zebra/"
    unrendered = "no .Rmd file of the book's folder (whose name starts with no _): bookdown renders no page of it"
    assert skipped(report) == {"README.md": unrendered, "_common.Rmd": unrendered}
    report = index(docs, index_dir, base_url=report.served_at, url_extension="html")
    urls = {doc_id: document(index_dir, doc_id).url for doc_id in all_ids(index_dir)}
    assert urls == {
        "index.Rmd": "https://books.example/zebra/index.html",
        "01-introduction.Rmd": "https://books.example/zebra/introduction.html",
        "03-formats.Rmd": "https://books.example/zebra/output-formats.html",
        "07-tools.Rmd": "https://books.example/zebra/software-tools.html",
        "08-more.Rmd": "https://books.example/zebra/software-tools.html",
    }


def test_a_books_split_by_names_its_pages(docs: Path, index_dir: Path) -> None:
    """`chapter+number` puts the chapter's number before its id (not an unnumbered one's), `rmd` names a page by its
    file, `none` makes the whole book one page, book_filename's."""
    manual(docs, "bookdown::gitbook:\n  split_by: chapter+number\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "03-formats.Rmd").url == "https://books.example/2-output-formats.html"
    assert document(index_dir, "07-tools.Rmd").url == "https://books.example/3-software-tools.html"
    write(docs, "_output.yml", "bookdown::html_book:\n  split_by: rmd\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "03-formats.Rmd").url == "https://books.example/03-formats.html"
    write(docs, "_output.yml", "bookdown::gitbook:\n  split_by: none\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "03-formats.Rmd").url == "https://books.example/zebra.html"
    assert document(index_dir, "index.Rmd").url == "https://books.example/zebra.html"


def test_rmd_files_name_the_chapters_and_their_order(docs: Path, index_dir: Path) -> None:
    """Advanced R lists its chapters in _bookdown.yml (a comment leaving Connections.Rmd out) and splits its
    bs4_book by chapter; its README, CONTRIBUTING.md and unlisted drafts were indexed as pages."""
    write(docs, "_bookdown.yml", 'rmd_files:\n  [\n    "index.Rmd",\n    "Names-values.Rmd",\n'
          '#    "Connections.Rmd",\n    "Vectors.Rmd",\n  ]\n')  # fmt: skip
    write(docs, "_output.yml", "bookdown::bs4_book:\n  repo: https://github.com/x/y\n")
    write(docs, "index.Rmd", "---\ntitle: Advanced Zebra\n---\n\n# Welcome {-}\n\nHello.\n")
    write(docs, "Names-values.Rmd", "# Names and values {#names-values}\n\nBindings.\n")
    write(docs, "Vectors.Rmd", "# Vectors {#vectors-chap}\n\nAtomic zebracorns.\n")
    write(docs, "Connections.Rmd", "# Connections\n\nA draft.\n")
    report = index(docs, index_dir, base_url="https://adv.example/", drop_extensions=True)
    assert skipped(report) == {"Connections.Rmd": "not in _bookdown.yml's rmd_files: bookdown renders no page of it"}
    urls = {doc_id: document(index_dir, doc_id).url for doc_id in all_ids(index_dir)}
    assert urls == {
        "index.Rmd": "https://adv.example/",
        "Names-values.Rmd": "https://adv.example/names-values",
        "Vectors.Rmd": "https://adv.example/vectors-chap",
    }


def test_a_chapter_whose_heading_changes_is_served_at_its_new_page(docs: Path, index_dir: Path) -> None:
    """A page's URL comes from its heading, so a run after the heading changes cites the new page."""
    manual(docs, "bookdown::gitbook: default\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    write(docs, "03-formats.Rmd", "# Output Zebracorns {#zebra-formats}\n\nHTML and PDF.\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "03-formats.Rmd").url == "https://books.example/zebra-formats.html"
    assert document(index_dir, "07-tools.Rmd").url == "https://books.example/software-tools.html"


def test_a_book_without_bookdown_yml_is_known_by_its_index_rmd(docs: Path, index_dir: Path) -> None:
    """A book made from bookdown's template may keep no _bookdown.yml: its index.Rmd says it is a book."""
    write(docs, "index.Rmd", INDEX)
    write(docs, "01-intro.Rmd", "# Getting Started {#start}\n\nThe zebracorn way.\n")
    write(docs, "NOTES.md", "# Notes\n\nNot a chapter.\n")
    report = index(docs, index_dir)
    assert report.served_at == "https://books.example/zebra/"
    assert list(skipped(report)) == ["NOTES.md"]
    index(docs, index_dir, base_url=report.served_at, url_extension="html")
    assert document(index_dir, "01-intro.Rmd").url == "https://books.example/zebra/start.html"


def test_the_built_book_in_output_dir_is_no_page(docs: Path, index_dir: Path) -> None:
    """A book built into docs/ for GitHub Pages keeps its HTML pages beside its chapters: each chapter was indexed
    twice, once as its .Rmd and once as the page bookdown built of it."""
    manual(docs, "bookdown::gitbook: default\n")
    write(docs, "_bookdown.yml", 'output_dir: "docs"\n')
    write(docs, "docs/introduction.html", "<html><body><h1>Introduction</h1><p>Why books.</p></body></html>")
    write(docs, "_book/old.html", "<html><body><p>An older build.</p></body></html>")
    report = index(docs, index_dir)
    assert skipped(report)["docs/introduction.html"] == (
        "in docs/, where bookdown builds the book (output_dir, _book): no source of it"
    )
    assert skipped(report)["_book/old.html"] == (
        "in _book/, where bookdown builds the book (output_dir, _book): no source of it"
    )
    assert all_ids(index_dir) == ["01-introduction.Rmd", "03-formats.Rmd", "07-tools.Rmd", "08-more.Rmd", "index.Rmd"]


def test_an_rmd_files_that_names_no_files_leaves_the_folders_chapters(docs: Path, index_dir: Path) -> None:
    """`rmd_files: 5` names no file: bookdown's own list, the folder's .Rmd files, holds (it made no page of any)."""
    manual(docs, "bookdown::gitbook: default\n")
    write(docs, "_bookdown.yml", "rmd_files: 5\n")
    report = index(docs, index_dir)
    assert sorted(skipped(report)) == ["README.md", "_common.Rmd"]


def test_rmd_subdir_makes_the_rmd_files_of_subfolders_chapters(docs: Path, index_dir: Path) -> None:
    """A book that keeps its chapters in folders says `rmd_subdir: true` (or names them): each was skipped as no
    chapter, and its page was unknown."""
    write(docs, "_bookdown.yml", "rmd_subdir: true\noutput_dir: docs\n")
    write(docs, "index.Rmd", INDEX)
    write(docs, "part1/01-start.Rmd", "# Starting Out {#start}\n\nThe zebracorn begins.\n")
    write(docs, "part1/deeper/02-more.Rmd", "# More\n\nAnd goes on.\n")
    write(docs, "docs/built.Rmd", "# Built\n\nA copy.\n")
    write(docs, "_drafts/idea.Rmd", "# Idea\n\nLater.\n")
    report = index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert sorted(skipped(report)) == ["_drafts/idea.Rmd", "docs/built.Rmd"]
    assert document(index_dir, "part1/01-start.Rmd").url == "https://books.example/start.html"
    assert document(index_dir, "part1/deeper/02-more.Rmd").url == "https://books.example/more.html"
    write(docs, "_bookdown.yml", "rmd_subdir: part1/deeper\n")
    report = index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert "part1/01-start.Rmd" in skipped(report)
    assert document(index_dir, "part1/deeper/02-more.Rmd").url == "https://books.example/more.html"


def test_braces_that_are_no_attributes_are_part_of_a_chapters_id(docs: Path, index_dir: Path) -> None:
    """Pandoc reads `{dplyr}` in `# Using {dplyr}` as text (no attribute block): the page is using-dplyr.html, not
    using.html; closing #s before an attribute block are no part of the title."""
    write(docs, "_bookdown.yml", "book_filename: zebra\n")
    write(docs, "index.Rmd", INDEX)
    write(docs, "01-dplyr.Rmd", "# Using {dplyr}\n\nThe zebracorn verbs.\n")
    write(docs, "02-closed.Rmd", "# Closed ## {.unnumbered}\n\nNo number.\n")
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "01-dplyr.Rmd").url == "https://books.example/using-dplyr.html"
    assert document(index_dir, "02-closed.Rmd").url == "https://books.example/closed.html"


def test_a_chapter_past_a_megabyte_is_served_at_its_own_heading(docs: Path, index_dir: Path) -> None:
    """A chapter's heading is read from the head of its file: one past 1 MB was read as no text, so it had no
    heading and was served at the page of the chapter before it (commit 0361aa0 fixed this without a test)."""
    write(docs, "_bookdown.yml", "book_filename: zebra\n")
    write(docs, "index.Rmd", INDEX)
    write(docs, "01-big.Rmd", "# Big Data {#big}\n\n" + "The zebracorn grazes.\n\n" * 50_000)
    index(docs, index_dir, base_url="https://books.example/", url_extension="html")
    assert document(index_dir, "01-big.Rmd").url == "https://books.example/big.html"
