"""Site generators' syntax on hostile input (a sweep of the loaders added last): a tag never closed, a run of one
character, a header of thousands of parts. Each page is read with its text, at a linear parse's speed."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, skipped, text_of, write


def test_an_mdbook_include_never_closed_on_a_long_line_leaves_the_page_and_its_other_includes(tmp_path: Path) -> None:
    """`{{#include aaa...` never closed was matched every way its target and the rest could split the line:
    minutes for a line of 100,000 characters; of 200,000, past the parse limit, the page was skipped."""
    book = tmp_path / "book"
    write(book, "book.toml", "[book]\ntitle = 'b'\n")
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Page](page.md)\n")
    write(book, "src/listing.rs", "fn okapi_listing() {}\n")
    write(book, "src/page.md", "# Page\n\nzebracorn {{#include " + "a" * 200_000 + "\n\n{{#include listing.rs}}\n")
    report = index(book, tmp_path / "index")
    assert "src/page.md" not in skipped(report)
    text = text_of(tmp_path / "index", "src/page.md")
    assert "zebracorn {{#include aaaa" in text and "fn okapi_listing() {}" in text
