"""An mdBook renders the chapters its SUMMARY.md links and nothing else: a Markdown file in src/ that no chapter
links is no page (its URL would be a 404), skipped with the reason, and becomes one when SUMMARY.md comes to link it."""

from __future__ import annotations

from pathlib import Path

from support.folders import all_ids, document, index, skipped, write

SUMMARY = """# Summary

[Foreword](foreword.md)

# Guide

- [Getting started](<getting started.md>)
- [Closures (and captures)](closures_(captures).md)
    - [Escaped](nested/esc\\_aped.md)
- [Draft chapter]()
- [Elsewhere](https://example.com/x.md)
"""


def _book(root: Path) -> Path:
    book = root / "book"
    write(book, "book.toml", "[book]\ntitle = 'Zebracorns'\n")
    write(book, "src/SUMMARY.md", SUMMARY)
    for page in ("foreword.md", "getting started.md", "closures_(captures).md", "nested/esc_aped.md"):
        write(book, f"src/{page}", f"# {page}\n\nZebracorn text.\n")
    write(book, "src/notes.md", "# Notes to self\n\nNot in the book.\n")
    write(book, "src/old/chapter.md", "# Old chapter\n\nLeft behind.\n")
    return book


def test_a_file_no_chapter_links_is_no_page(tmp_path: Path) -> None:
    """Links as CommonMark reads them count: angle brackets, parentheses in the path, escapes; a draft chapter and a
    URL name no file."""
    book = _book(tmp_path)
    report = index(book, tmp_path / "index", embeddings=False)
    assert all_ids(tmp_path / "index") == [
        "src/closures_(captures).md",
        "src/foreword.md",
        "src/getting started.md",
        "src/nested/esc_aped.md",
    ]
    reasons = skipped(report)
    assert reasons["src/notes.md"] == "no chapter of the book's SUMMARY.md links it: mdBook renders no page for it"
    assert "src/old/chapter.md" in reasons


def test_a_file_becomes_a_page_when_summary_links_it_and_stops_when_it_no_longer_does(tmp_path: Path) -> None:
    book = _book(tmp_path)
    index(book, tmp_path / "index", embeddings=False)
    write(book, "src/SUMMARY.md", SUMMARY + "- [Notes](notes.md)\n")
    index(book, tmp_path / "index", embeddings=False)
    assert document(tmp_path / "index", "src/notes.md").title == "Notes to self"
    write(book, "src/SUMMARY.md", SUMMARY)
    index(book, tmp_path / "index", embeddings=False)
    assert "src/notes.md" not in all_ids(tmp_path / "index")


def test_indexed_from_src_the_rule_holds_and_a_summary_that_links_nothing_leaves_every_file(tmp_path: Path) -> None:
    book = _book(tmp_path)
    index(book / "src", tmp_path / "index", embeddings=False)
    assert "notes.md" not in all_ids(tmp_path / "index")
    assert "foreword.md" in all_ids(tmp_path / "index")
    write(book, "src/SUMMARY.md", "# Summary\n\nNothing linked yet.\n")
    index(book / "src", tmp_path / "index2", embeddings=False)
    assert "notes.md" in all_ids(tmp_path / "index2")


def test_a_chapter_without_a_title_of_its_own_is_named_as_summary_names_it(tmp_path: Path) -> None:
    """Names read as CommonMark reads them: code and emphasis marks go, an underscore inside a word stays (the
    pattern that read SUMMARY.md before made 'snake_case' 'snakecase'), and a path in angle brackets is found."""
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\ntitle = 'Zebracorns'\n")
    summary = "# Summary\n\n- [The `snake_case` *names*](names.md)\n- [Spaced](<spaced name.md>)\n"
    write(book, "src/SUMMARY.md", summary)
    write(book, "src/names.md", "Zebracorns are named in snake case.\n\n## Details\n\nMore.\n")
    write(book, "src/spaced name.md", "Zebracorn text.\n")
    index(book, tmp_path / "index", embeddings=False)
    assert document(tmp_path / "index", "src/names.md").title == "The snake_case names"
    assert document(tmp_path / "index", "src/spaced name.md").title == "Spaced"


def test_a_chapter_path_is_read_as_mdbook_reads_it_percent_20_alone_a_space(tmp_path: Path) -> None:
    """mdBook reads back `%20` alone: `[C#](C%23.md)` is the file C%23.md, which was skipped as unlinked when
    every escape was read back (as C#.md), and `café.md` is found as written (markdown-it had escaped it)."""
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\ntitle = 'Zebracorns'\n")
    summary = "# Summary\n\n- [C sharp](C%23.md)\n- [Café](café.md)\n- [Spaced](spaced%20name.md)\n"
    write(book, "src/SUMMARY.md", summary)
    for page in ("C%23.md", "C#.md", "café.md", "spaced name.md"):
        write(book, f"src/{page}", "Zebracorn text.\n")
    report = index(book, tmp_path / "index", embeddings=False)
    assert all_ids(tmp_path / "index") == ["src/C%23.md", "src/café.md", "src/spaced name.md"]
    assert "src/C#.md" in skipped(report)


def test_the_books_404_page_is_skipped_as_the_sites_page_for_a_missing_address(tmp_path: Path) -> None:
    """mdBook renders src/404.md as 404.html though SUMMARY.md lists it not: no chapter, nor a page to find."""
    book = _book(tmp_path)
    write(book, "src/404.md", "# Document not found (404)\n\nThis URL is invalid, sorry.\n")
    reasons = skipped(index(book, tmp_path / "index", embeddings=False))
    assert reasons["src/404.md"].startswith("the site's page for an address it does not serve (404)")
