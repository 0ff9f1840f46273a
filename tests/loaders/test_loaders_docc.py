"""Pages of a DocC documentation catalog (The Swift Programming Language's and swift-docc's own shapes): directives
show what a reader sees, `<doc:x>` links show the titles of the pages and sections they name, symbol links the
symbol's name."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from indexer.loaders.includes import reading

from support.folders import document, found, index, snapshot, text_of, write
from support.loaders import load, python_lines, searchable

THE_BASICS = """# The Basics

Work with common kinds of data and write basic syntax.

@Metadata {
  @PageImage(purpose: icon, source: "basics-icon")
  @Available(Swift, introduced: "5.0")
}

@Comment {
  A writers' note the page never shows: quokkafish.
}

Swift provides collection types, as described in <doc:CollectionTypes>.
For the rules, see <doc:Declarations#Constant-Declaration> and <doc:NoSuchPage#Some-Section>.
Call ``Zebra/Sloth/eat(_:)-3x7qv`` to feed ``Zebra/Sloth``.

@TabNavigator {
    @Tab("Optional Binding") {
        ## Unwrapping with if let

        Use `if let` to unwrap an optional zebracorn.

        ```swift
        if let name = optionalName {
        }
        ```
    }
}

@Image(source: "chart", alt: "A chart of optional unicornfish.")

```markdown
@Metadata {
    @TechnologyRoot
}
See <doc:CollectionTypes>.
```

Write `<doc:CollectionTypes>` to link to a page.
"""

COLLECTIONS = "# Collection Types\n\nArrays, sets and dictionaries.\n"
DECLARATIONS = """# Declarations

```swift
# Not a heading
```

## Constant Declaration

A constant declaration.
"""
SYMBOL = """# ``Zebra``

@Metadata {
    @DisplayName("Zebra Kit")
}

The zebra framework.
"""


@pytest.fixture
def catalog(docs: Path) -> Path:
    folder = docs / "TSPL.docc"
    write(folder, "LanguageGuide/TheBasics.md", THE_BASICS)
    write(folder, "LanguageGuide/CollectionTypes.md", COLLECTIONS)
    write(folder, "ReferenceManual/Declarations.md", DECLARATIONS)
    write(folder, "Zebra.md", SYMBOL)
    return folder


def test_directives_show_what_a_reader_sees(catalog: Path, index_dir: Path) -> None:
    index(catalog, index_dir)
    text = text_of(index_dir, "LanguageGuide/TheBasics.md")
    for unwanted in ("@Metadata", "@PageImage", "@Comment", "quokkafish", "@TabNavigator", "@Tab(", "@Image"):
        assert unwanted not in text.split("unicornfish.")[0], unwanted  # (the code below shows the syntax)
    assert "Optional Binding" in text  # the tab's name
    assert "A chart of optional unicornfish." in text  # the image's alt text
    assert found(index_dir, "quokkafish") == []


def test_a_tabs_indented_content_is_text_and_headings_not_code(catalog: Path, index_dir: Path) -> None:
    """Indented eight spaces in its @Tab, the heading read as an indented code block, not a section."""
    index(catalog, index_dir)
    assert "Unwrapping with if let" in document(index_dir, "LanguageGuide/TheBasics.md").headings
    text = text_of(index_dir, "LanguageGuide/TheBasics.md")
    assert "if let name = optionalName {\n}" in text


def test_doc_links_show_the_titles_of_pages_and_sections(catalog: Path, index_dir: Path) -> None:
    index(catalog, index_dir)
    text = text_of(index_dir, "LanguageGuide/TheBasics.md")
    assert "as described in Collection Types." in text
    assert "see Constant Declaration and Some Section." in text
    assert "doc:" not in text.split("unicornfish.")[0]


def test_doc_links_by_path_and_by_url_find_the_page_by_its_name(catalog: Path, index_dir: Path) -> None:
    """The forms the module promises: a path from /documentation, a doc:// URL with the bundle's id, a name in the
    case DocC writes it in URLs."""
    links = "<doc:/documentation/TSPL/CollectionTypes>, <doc://org.swift.tspl/documentation/TSPL/Declarations>"
    write(catalog, "Links.md", f"# Links\n\nSee {links} and <doc:declarations#constant-declaration>.\n")
    index(catalog, index_dir)
    assert "See Collection Types, Declarations and Constant Declaration." in text_of(index_dir, "Links.md")


def test_symbol_links_show_the_symbols_name(catalog: Path, index_dir: Path) -> None:
    index(catalog, index_dir)
    text = text_of(index_dir, "LanguageGuide/TheBasics.md")
    assert "Call eat(_:) to feed Sloth." in text


def test_a_symbol_pages_title_is_its_display_name(catalog: Path, index_dir: Path) -> None:
    index(catalog, index_dir)
    assert document(index_dir, "Zebra.md").title == "Zebra Kit"
    assert "@DisplayName" not in text_of(index_dir, "Zebra.md")


def test_directive_syntax_in_code_is_shown_as_written(catalog: Path, index_dir: Path) -> None:
    """A page that documents DocC shows its syntax in code blocks and code spans."""
    index(catalog, index_dir)
    text = text_of(index_dir, "LanguageGuide/TheBasics.md")
    assert "@Metadata {\n    @TechnologyRoot\n}\nSee <doc:CollectionTypes>." in text
    assert "Write <doc:CollectionTypes> to link to a page." in text


def test_a_changed_title_reads_the_linking_page_again(catalog: Path, index_dir: Path) -> None:
    index(catalog, index_dir)
    write(catalog, "LanguageGuide/CollectionTypes.md", "# Arrays and Zebras\n\nArrays.\n")
    index(catalog, index_dir)
    assert "as described in Arrays and Zebras." in text_of(index_dir, "LanguageGuide/TheBasics.md")


def test_a_link_to_a_page_not_there_shows_its_title_once_the_page_comes(catalog: Path, index_dir: Path) -> None:
    """The linking page is read again when the page it names comes, in whichever folder of the catalog: it kept
    showing the name written, "Some Section", until it was edited itself. Until then, a run with nothing changed
    reads nothing again (the catalog, indexed itself and among the folders watched, counted as outside it)."""
    index(catalog, index_dir)
    assert index(catalog, index_dir).updated == 0
    write(catalog, "ReferenceManual/NoSuchPage.md", "# No Such Page\n\n## Some section!\n\nText.\n")
    index(catalog, index_dir)
    assert "see Constant Declaration and Some section!." in text_of(index_dir, "LanguageGuide/TheBasics.md")


def test_three_hyphens_in_prose_are_an_em_dash(docs: Path, index_dir: Path) -> None:
    """swift-markdown's smart punctuation, which DocC keeps on: TSPL writes its em dashes so (26 of them)."""
    write(
        docs / "B.docc",
        "a.md",
        "# A\n\nPass an empty string --- for example, `x --- y`.\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    )
    index(docs / "B.docc", index_dir)
    text = text_of(index_dir, "a.md")
    assert "Pass an empty string \u2014 for example, x --- y." in text
    assert "1 | 2" in text  # (the table's delimiter row is left alone)


def test_a_term_lists_items_show_their_terms_without_the_keyword(docs: Path, index_dir: Path) -> None:
    page = (
        "# A\n\n- term Peer macros: Write `peer` first.\n- term `Member` macros: Write member.\n- terminal: a word.\n"
    )
    write(docs / "B.docc", "a.md", page)
    index(docs / "B.docc", index_dir)
    text = text_of(index_dir, "a.md")
    assert "Peer macros: Write peer first.\nMember macros: Write member.\nterminal: a word." in text


def test_outside_a_catalog_the_page_is_left_as_written(docs: Path, index_dir: Path) -> None:
    write(docs, "notes.md", "# Notes\n\n@Metadata {\n  @TechnologyRoot\n}\n\nSee <doc:Other>.\n")
    index(docs, index_dir)
    text = snapshot(index_dir).text("notes.md") or ""
    assert "@Metadata" in text and "doc:Other" in text


def test_an_unclosed_directive_keeps_its_text(docs: Path) -> None:
    page = write(docs / "A.docc", "a.md", "# A\n\n@Row {\n    @Column {\n        Never closed zebracorn.\n")
    assert "Never closed zebracorn." in searchable(load(str(page), page.read_bytes()))


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: "@" * (100 * n) + "\n", id="at-signs"),
        pytest.param(lambda n: "@A(" * n + "\n", id="unclosed-arguments"),
        pytest.param(lambda n: '@A("' + "(" * n + "\n", id="quoted-parentheses"),
        pytest.param(lambda n: "@A {\n" * n + "x\n" + "}\n" * n, id="deep-blocks"),
        pytest.param(lambda n: "<doc:" * n + "\n" + "<doc:x> " * n + "\n", id="doc-links"),
        pytest.param(lambda n: "``" * n + "\n" + "``a/b-c1234`` " * n + "\n", id="symbol-links"),
        pytest.param(lambda n: "-" * (10 * n) + " x\n" + "a --- b <!--- c " * n + "\n", id="dashes"),
        pytest.param(lambda n: "- term " + " " * (10 * n) + "x\n" + "- term a\n" * n, id="term-lists"),
    ],
)
def test_hostile_docc_pages_take_linear_work(docs: Path, make: object) -> None:
    assert callable(make)
    page = str(docs / "Book.docc" / "a.md")
    (docs / "Book.docc").mkdir()
    small = python_lines(page, ("# A\n\n" + make(1000)).encode())
    large = python_lines(page, ("# A\n\n" + make(2000)).encode())
    assert large < 2.6 * small, (small, large)


@pytest.mark.parametrize(
    ("page", "shown"),
    [
        pytest.param("# Zebracorn" + " " * 100_000 + "okapi\n", "Zebracorn", id="title-blanks"),
        pytest.param("# A\n\n- term" + " \t" * 50_000 + "zebracorn okapi\n", "zebracorn okapi", id="term-blanks"),
        pytest.param("# A\n\nSee <doc:b#Zebracorn-okapi>.\n", "See Zebracorn", id="section-blanks"),
    ],
)
def test_docc_lines_full_of_blanks_are_read_in_linear_time(docs: Path, page: str, shown: str) -> None:
    """Regular expressions that tried a run of blanks at each of its characters (a heading's before its closing
    `#`s, a term's before the colon it looked for): a minute for 100,000 blanks. Timed, as the count of Python
    lines does not see a regular expression's work."""
    catalog = docs / "Book.docc"
    write(catalog, "b.md", "# B\n\n## Zebracorn" + " " * 100_000 + "okapi\n")
    path = write(catalog, "a.md", page)
    with reading(docs, 50_000_000):
        started = time.perf_counter()
        text = searchable(load(str(path), path.read_bytes()))
        took = time.perf_counter() - started
    assert took < 5, took
    assert shown in text and "okapi" in text
