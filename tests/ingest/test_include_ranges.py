"""The line ranges of an include on hostile input: a range named over and over gives the file a bounded number of
times (AsciiDoc once, as Asciidoctor shows it; Sphinx and mdx_include at most REPEATS times, with a warning), and
line numbers of thousands of digits lose no page."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, skipped, text_of, warnings_of, write

LISTING = "".join(f"line {n} of the zebracorn listing\n" for n in range(1, 101))  # 100 lines, 3.2 KB
MANY = 3_000  # ranges on one include: each the whole file


def test_an_asciidoc_include_shows_each_line_once_however_often_its_ranges_name_it(docs: Path, tmp_path: Path) -> None:
    """`lines=1..-1;1..-1;...` repeated the file once per range (a page of 30 KB and a file of 4.6 KB gave 22.8 MB
    of text); Asciidoctor sorts the line numbers and shows each line once, in the file's order."""
    write(docs, "listing.txt", LISTING)
    ranges = ";".join(["1..-1"] * MANY)
    write(docs, "many.adoc", f"= Many\n\n----\ninclude::listing.txt[lines={ranges}]\n----\n")
    write(docs, "order.adoc", "= Order\n\n----\ninclude::listing.txt[lines=3;1..2;2;99..]\n----\n")
    report = index(docs, tmp_path / "index")
    many = text_of(tmp_path / "index", "many.adoc")
    assert many.count("zebracorn listing") == 100 and many.count("line 1 of") == 1
    order = text_of(tmp_path / "index", "order.adoc")
    assert "line 1 of the zebracorn listing\nline 2 of the zebracorn listing\nline 3 of" in order
    assert order.count("zebracorn") == 5 and order.rstrip().endswith("line 100 of the zebracorn listing")
    assert not warnings_of(report, "many.adoc") and not warnings_of(report, "order.adoc")


def test_a_literalinclude_whose_lines_repeat_the_file_gives_it_three_times_at_most(docs: Path, tmp_path: Path) -> None:
    """Sphinx shows `:lines:` in the order given, a range named twice twice: `1-,1-,...` gave a copy per range."""
    write(docs, "listing.txt", LISTING)
    ranges = ",".join(["1-"] * MANY)
    write(docs, "many.rst", f"Many\n====\n\n.. literalinclude:: listing.txt\n   :lines: {ranges}\n\nAfter narwhal.\n")
    write(docs, "twice.rst", "Twice\n=====\n\n.. literalinclude:: listing.txt\n   :lines: 2, 1, 2\n")
    report = index(docs, tmp_path / "index")
    many = text_of(tmp_path / "index", "many.rst")
    assert many.count("zebracorn listing") == 300 and "After narwhal." in many
    assert warnings_of(report, "many.rst") == [
        "listing.txt: its line ranges 1-,1-,1-,1-,1-,1-,1-,1-,1-,1-,1-,1-,1... name more than 3 times its 100 lines; "
        "cut there"
    ]
    twice = text_of(tmp_path / "index", "twice.rst")
    assert "line 2 of the zebracorn listing\nline 1 of the zebracorn listing\nline 2 of" in twice
    assert not warnings_of(report, "twice.rst")


def test_an_mdx_include_whose_ranges_repeat_the_file_gives_it_three_times_at_most(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "mkdocs.yml", "site_name: Walrus\nmarkdown_extensions:\n  - mdx_include\n")
    write(docs, "docs/listing.txt", LISTING)
    ranges = ",".join(["1-e"] * MANY)
    write(docs, "docs/many.md", f"# Many\n\n```\n{{! docs/listing.txt [ln:{ranges}] !}}\n```\n\nAfter narwhal.\n")
    write(docs, "docs/twice.md", "# Twice\n\n```\n{! docs/listing.txt [ln:2,1] !}\n```\n")
    report = index(docs, tmp_path / "index")
    many = text_of(tmp_path / "index", "docs/many.md")
    assert 200 < many.count("zebracorn listing") <= 300 and "After narwhal." in many
    assert any("name more than 3 times its 100 lines" in w for w in warnings_of(report, "docs/many.md"))
    twice = text_of(tmp_path / "index", "docs/twice.md")
    assert "line 2 of the zebracorn listing\n\n\nline 1 of the zebracorn listing" in twice
    assert "docs/twice.md" not in skipped(report)


DIGITS = "9" * 5_000  # more digits than Python reads as a number (4,300)
LAST = "line 100 of the zebracorn listing"


def test_line_numbers_of_thousands_of_digits_lose_no_page(tmp_path: Path) -> None:
    """mdx_include's `[ln:<5,000 digits>]` failed the page ("could not be indexed (ValueError: Exceeds the limit
    (4300 digits) ...)"), as did such numbers in mdBook's, pymdownx.snippets', markdown_include_variants' and
    VitePress' line ranges: a number past the file's end means its end."""
    site, docs = tmp_path / "site", tmp_path / "site" / "docs"
    extensions = "  - mdx_include\n  - markdown_include_variants\n  - pymdownx.snippets\n"
    write(site, "mkdocs.yml", f"site_name: Walrus\nmarkdown_extensions:\n{extensions}")
    write(docs, "listing.txt", LISTING)
    pages = {
        "mdx.md": f"{{! docs/listing.txt [ln:{DIGITS}] !}}\n\n{{! docs/listing.txt [ln:1-{DIGITS}] !}}\n",
        "variants.md": f"{{* docs/listing.txt ln[{DIGITS}] *}}\n\n{{* docs/listing.txt ln[1:{DIGITS}] *}}\n",
        "snippets.md": f'--8<-- "docs/listing.txt:1:{DIGITS}"\n\n--8<-- "docs/listing.txt:{DIGITS}"\n',
        "book.md": f"{{{{#include listing.txt:{DIGITS}}}}}\n\n{{{{#include listing.txt:1:{DIGITS}}}}}\n",
    }
    for name, body in pages.items():
        write(docs, name, f"# Page\n\n```\n{body}```\n\nAfter narwhal.\n")
    vitepress = tmp_path / "vitepress"
    write(vitepress, ".vitepress/config.ts", "export default {}\n")
    write(vitepress, "listing.txt", LISTING)
    write(vitepress, "page.md", f"# Page\n\n<!--@include: ./listing.txt{{1,{DIGITS}}}-->\n\nAfter narwhal.\n")
    report = index(docs, tmp_path / "index", includes_from=site)
    vitepress_report = index(vitepress, tmp_path / "vitepress-index")
    assert not skipped(report) and "page.md" not in skipped(vitepress_report)
    for name in pages:
        text = text_of(tmp_path / "index", name)
        assert LAST in text and "line 1 of" in text and "After narwhal." in text, (name, text[:300])
    text = text_of(tmp_path / "vitepress-index", "page.md")
    assert "line 1 of" in text and LAST in text and "After narwhal." in text


def test_sphinx_line_numbers_of_thousands_of_digits_are_past_the_files_end(docs: Path, tmp_path: Path) -> None:
    """Sphinx's `:lines:` and `:start-line:` of 5,000 digits (more than int() reads) meant no number at all: the
    first line, the whole file; now they are past the file's end, as a number of 4,000 digits already was, and
    an `:end-line:` of as many digits still ends the part at the file's end."""
    write(docs, "listing.txt", LISTING)
    pages = {
        "lines.rst": f".. literalinclude:: listing.txt\n   :lines: {DIGITS}\n",
        "start.rst": f".. include:: listing.txt\n   :start-line: {DIGITS}\n",
        "shorter.rst": f".. include:: listing.txt\n   :start-line: {DIGITS[:4_000]}\n",
        "end.rst": f".. include:: listing.txt\n   :end-line: {DIGITS}\n",
        "tail.rst": f".. literalinclude:: listing.txt\n   :lines: 99-{DIGITS}\n",
    }
    for name, body in pages.items():
        write(docs, name, f"Page\n====\n\n{body}\nAfter narwhal.\n")
    report = index(docs, tmp_path / "index")
    assert not skipped(report)
    for name in ("lines.rst", "start.rst", "shorter.rst"):
        assert text_of(tmp_path / "index", name) == "Page\n\nAfter narwhal.", name
    end = text_of(tmp_path / "index", "end.rst")
    assert end.count("zebracorn listing") == 100 and "After narwhal." in end
    tail = text_of(tmp_path / "index", "tail.rst")
    assert "line 99 of the zebracorn listing\nline 100 of the zebracorn listing" in tail
    assert tail.count("zebracorn listing") == 2
