"""What a page's includes may cost: each file read once for the page, a part of it (an mdBook anchor) costing its
own lines, and what they put in the page bounded (includeplacing.MAX_PLACED), the page kept with what fits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from indexer.ingest import fragments
from indexer.loaders import includeplacing
from indexer.loaders.includes import reading

from support.folders import index, skipped, text_of, warnings_of, write
from support.loaders import load, searchable

FILLER = "".join(f"fn filler_{n}() {{ let x = {n}; }} // café\n" for n in range(9_000))  # 350 kB


def _book(folder: Path, listing: str, page: str) -> Path:
    write(folder, "book.toml", "[book]\ntitle = 'b'\n")
    write(folder, "src/SUMMARY.md", "# Summary\n\n- [Page](page.md)\n")
    write(folder, "src/big.rs", listing.encode("cp1252"))  # (read as text of unknown encoding: 50 ms a read)
    return write(folder, "src/page.md", page)


def test_two_hundred_includes_of_an_anchor_of_a_large_file_are_all_put_in_place(tmp_path: Path) -> None:
    """Each include read the whole file again (350 kB, and decoded it again: 11 s for 200) and counted it against
    the page's 50 MB of includes: past 143 of them, the rest were left out with 'pass the size limit'."""
    anchor = "// ANCHOR: here\nfn okapi() {} // café\n// ANCHOR_END: here\n"
    includes_ = "".join("```rust\n{{#include big.rs:here}}\n```\n\n" for _ in range(200))
    _book(tmp_path / "book", anchor + FILLER, f"# Page\n\nzebracorn\n\n{includes_}quokkafish\n")
    report = index(tmp_path / "book", tmp_path / "index")
    assert not warnings_of(report, "src/page.md")
    text = text_of(tmp_path / "index", "src/page.md")
    assert text.count("fn okapi() {} // café") == 200 and "filler" not in text and text.endswith("quokkafish")


def test_a_page_whose_includes_pass_the_limit_keeps_what_fits_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 includes of a 300 kB anchor made a page of 50 MB (38 s, 590 MB; slower, past the parse limit, the page
    was lost); includes of includes multiply: 100 of a page of 20 such includes. The limit, 5,000,000 characters,
    is lowered here to keep the test fast."""
    monkeypatch.setattr(includeplacing, "MAX_PLACED", 1_000_000)
    listing = "// ANCHOR: here\n" + FILLER + "// ANCHOR_END: here\n"
    page = _book(tmp_path, listing, "# Page\n\nzebracorn\n\n" + "{{#include mid.md}}\n" * 100 + "\nquokkafish\n")
    write(tmp_path, "src/mid.md", "```rust\n" + "{{#include big.rs:here}}\n" * 20 + "```\n")
    with reading(tmp_path, 50_000_000) as state:
        doc = load(str(page), page.read_bytes())
    assert state.warnings == [
        "the page's includes put more than 1,000,000 characters in it: big.rs:here is cut there, and the includes "
        "after it are left out"
    ]
    text = searchable(doc)
    assert text.count("fn filler_8999()") == 2 and text.count("fn filler_0()") == 3
    assert text.startswith("Page\nPage\nzebracorn\n\nfn filler_0()")
    assert text.endswith("fn filler_5397() { let x = 5397; } // café\n\nquokkafish")  # (the last line kept whole)


def test_a_page_that_includes_itself_twice_is_kept_within_the_limit(tmp_path: Path) -> None:
    """Twice a level, ten levels deep: 2,000 copies of the page."""
    page = "# Page\n\nzebracorn " + "okapi " * 1_000 + "\n\n{{#include page.md}}\n{{#include page.md}}\n\nquokkafish\n"
    _book(tmp_path / "book", "", page)
    report = index(tmp_path / "book", tmp_path / "index")
    assert "src/page.md" not in skipped(report)
    assert "includes nested more than 10 deep (a file that includes itself?): page.md left out" in warnings_of(
        report, "src/page.md"
    )
    assert text_of(tmp_path / "index", "src/page.md").startswith("Page\n\nzebracorn okapi")


def test_a_tag_include_of_a_file_with_a_long_line_of_tag_markers_keeps_its_region(tmp_path: Path) -> None:
    """The tag regex went from each `tag::` of a line to its end again: a line of 20,000 took 15 s an include,
    and three such includes passed the parse limit (the page lost)."""
    docs = tmp_path / "docs"
    write(docs, "code.rb", "tag::" * 20_000 + "\n# tag::main[]\nputs 'okapi'\n# end::main[]\nputs 'filler'\n")
    includes_ = "".join(f"[source,ruby]\n----\ninclude::code.rb[tag=main]\n----\n\nstep {n}\n\n" for n in range(3))
    write(docs, "page.adoc", f"= Page\n\nzebracorn\n\n{includes_}")
    report = index(docs, tmp_path / "index", parse_timeout=10)
    assert not skipped(report) and not warnings_of(report, "page.adoc")
    text = text_of(tmp_path / "index", "page.adoc")
    assert text.count("puts 'okapi'") == 3 and "filler" not in text and "tag::tag::" not in text


def test_a_piece_past_the_limit_behind_a_file_the_scan_does_not_take_keeps_a_page_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's loader cuts at the limit in a `.java` file of examples and leaves the untitled piece after it
    out; the fragments' scan counted that file as 0 bytes (not one it indexes), took the piece for a fragment,
    and its text was in no page. The limit, 5,000,000 characters, is lowered here to keep the test fast."""
    monkeypatch.setattr(includeplacing, "MAX_PLACED", 100_000)
    monkeypatch.setattr(fragments, "MAX_PLACED", 100_000)
    docs = tmp_path / "docs"
    write(docs, "Big.java", "".join(f"int filler{n} = {n}; // padding\n" for n in range(4_000)))  # 130 kB
    write(docs, "page.adoc", "= Page\n\nzebracorn\n\n----\ninclude::Big.java[]\n----\n\ninclude::piece.adoc[]\n")
    write(docs, "piece.adoc", "== Piece\n\nokapi\n")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "page.adoc") == [
        "the page's includes put more than 100,000 characters in it: Big.java is cut there, and the includes "
        "after it are left out"
    ]
    assert "piece.adoc" not in skipped(report)
    assert "okapi" in text_of(tmp_path / "index", "piece.adoc")
    page = text_of(tmp_path / "index", "page.adoc")
    last = page[page.rindex("int filler") :].split("\n")[0]  # the include is cut after a whole line
    assert "okapi" not in page and re.fullmatch(r"int filler(\d+) = \1; // padding", last)


def test_a_piece_past_the_size_limit_of_repeated_partial_includes_keeps_a_page_of_its_own(tmp_path: Path) -> None:
    """An AsciiDoc include goes through its file's text each time, so each one counts the file against the size
    limit (1 MB here): the third `tag=` include of a 400 kB file, and the piece after it, are left out. The
    fragments' scan counted the file once, took the piece for a fragment, and its text was in no page."""
    docs = tmp_path / "docs"
    write(docs, "code.rb", "# tag::main[]\nputs 'okapi'\n# end::main[]\n" + "# padding padding padding\n" * 15_400)
    page = "----\ninclude::code.rb[tag=main]\n----\n\n" * 3
    write(docs, "page.adoc", f"= Page\n\nzebracorn\n\n{page}include::piece.adoc[]\n")
    write(docs, "piece.adoc", "== Piece\n\n" + "quokkafish " * 30_000 + "\n")
    report = index(docs, tmp_path / "index", max_file_size=1.0)
    assert [w for w in warnings_of(report, "page.adoc") if "size limit" in w] == [
        "included file code.rb cannot be read: the document's includes together pass the size limit (1 MB)",
        "included file piece.adoc cannot be read: the document's includes together pass the size limit (1 MB)",
    ]
    assert "piece.adoc" not in skipped(report)
    assert "quokkafish" in text_of(tmp_path / "index", "piece.adoc")
