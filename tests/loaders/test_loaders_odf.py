"""OpenDocument loaders, tested from a table of files written by odfpy and by hand: what their text must and must
not contain, which sections and pages they give, and how hostile files end."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from odf import dc, draw, meta, office, presentation, style, table, text
from odf.opendocument import OpenDocument, OpenDocumentPresentation, OpenDocumentSpreadsheet, OpenDocumentText

from indexer.errors import LoaderError
from indexer.loaders.odf import TABLE_CHARS

from support.folders import found, index, skipped, snapshot, write
from support.loaders import Content, assert_text, load, searchable


def saved(document: OpenDocument, title: str = "", creator: str = "") -> bytes:
    if title:
        document.meta.addElement(dc.Title(text=title))
    if creator:
        document.meta.addElement(meta.InitialCreator(text=creator))
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


@cache
def text_by_odfpy() -> bytes:
    doc = OpenDocumentText()
    doc.text.addElement(text.P(text="Opening zebracorn words."))
    doc.text.addElement(text.H(outlinelevel=1, text="Scope"))
    para = text.P(text="The scope covers unicornfish.")
    comment = office.Annotation()
    comment.addElement(text.P(text="commentsentinel"))
    para.addElement(comment)
    doc.text.addElement(para)
    doc.text.addElement(text.H(outlinelevel=2, text="Rates"))
    grid = table.Table(name="Rates")
    for cells in (["Grade", "Rate"], ["A", "12"]):
        row = table.TableRow()
        for value in cells:
            cell = table.TableCell()
            cell.addElement(text.P(text=value))
            row.addElement(cell)
        grid.addElement(row)
    doc.text.addElement(grid)
    return saved(doc, title="Handbook zebracorn", creator="Odile Writer")


@cache
def sheet_by_odfpy() -> bytes:
    doc = OpenDocumentSpreadsheet()
    sheet = table.Table(name="Stock")
    for values in (["Item", "Count"], ["zebracorn brush", "7"], ["comb", ""]):
        row = table.TableRow()
        for value in values:
            cell = table.TableCell()
            if value:
                cell.addElement(text.P(text=value))
            row.addElement(cell)
        sheet.addElement(row)
    sheet.addElement(table.TableRow(numberrowsrepeated=1_048_000))  # the empty rows a real sheet ends with
    doc.spreadsheet.addElement(sheet)
    return saved(doc)


@cache
def slides_by_odfpy() -> bytes:
    doc = OpenDocumentPresentation()
    layout = style.PageLayout(name="PL")
    doc.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Default", pagelayoutname=layout)
    doc.masterstyles.addElement(master)
    for number, (title, body, notes) in enumerate(
        [("Welcome", "Agenda today", "Greet the zebracorn team."), ("Results", "Sales of unicornfish rose", "")],
        start=1,
    ):
        page = draw.Page(name=f"page{number}", masterpagename=master)
        for kind, words in (("title", title), ("outline", body)):
            frame = draw.Frame(attributes={"class": kind}, width="20cm", height="3cm", x="1cm", y="1cm")
            box = draw.TextBox()
            box.addElement(text.P(text=words))
            frame.addElement(box)
            page.addElement(frame)
        if notes:
            note = presentation.Notes()
            frame = draw.Frame(attributes={"class": "notes"}, width="20cm", height="3cm", x="1cm", y="1cm")
            box = draw.TextBox()
            box.addElement(text.P(text=notes))
            frame.addElement(box)
            note.addElement(frame)
            page.addElement(note)
        doc.presentation.addElement(page)
    return saved(doc)


@cache
def diagram_by_odfpy() -> bytes:
    """A slide whose words are in shapes, not frames: a custom shape in a group and a line's label, as LibreOffice
    writes a drawn diagram (Python's PEP 605 calendars are such slides)."""
    doc = OpenDocumentPresentation()
    layout = style.PageLayout(name="PL")
    doc.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Default", pagelayoutname=layout)
    doc.masterstyles.addElement(master)
    page = draw.Page(name="calendar", masterpagename=master)
    group = draw.G()
    shape = draw.CustomShape(width="4cm", height="1cm", x="1cm", y="1cm")
    shape.addElement(text.P(text="Zebracorn release 3.9"))
    group.addElement(shape)
    page.addElement(group)
    line = draw.Line(x1="1cm", y1="3cm", x2="9cm", y2="3cm")
    line.addElement(text.P(text="06. 2019 unicornfish"))
    page.addElement(line)
    doc.presentation.addElement(page)
    return saved(doc)


ODF_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def odt_by_hand(body: str, prolog: str = "") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr(
            "content.xml",
            f'<?xml version="1.0"?>{prolog}<office:document-content {ODF_NS}><office:body><office:text>{body}'
            "</office:text></office:body></office:document-content>",
        )
    return out.getvalue()


HAND_BODY = (
    '<text:h text:outline-level="1">Handmade <text:span>zebracorn</text:span></text:h>'
    '<text:p>two<text:s text:c="3"/>spaces<text:tab/>tab<text:line-break/>next line</text:p>'
    "<text:list><text:list-item><text:p>list unicornfish item</text:p></text:list-item></text:list>"
    "<text:p>noted<text:note><text:note-body><text:p>footnotesentinel</text:p></text:note-body></text:note></text:p>"
)

NOISE = ["<text:", "office:", "urn:oasis", "Standard"]

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    ("handbook.odt", text_by_odfpy, ["Handbook zebracorn", "Opening zebracorn words.", "Scope",
     "The scope covers unicornfish.", "Rates", "Grade | Rate\nA | 12"], ["commentsentinel", *NOISE]),
    ("stock.ods", sheet_by_odfpy, ["Stock", "Item: zebracorn brush\nCount: 7", "Item: comb"], NOISE),
    ("talk.odp", slides_by_odfpy, ["Welcome", "Agenda today", "Notes:\nGreet the zebracorn team.", "Results",
     "Sales of unicornfish rose"], NOISE),
    ("calendar.odp", diagram_by_odfpy, ["Zebracorn release 3.9", "06. 2019 unicornfish"], NOISE),
    ("hand.odt", odt_by_hand(HAND_BODY), ["Handmade zebracorn", "two   spaces\ttab\nnext line",
     "list unicornfish item", "noted"], ["footnotesentinel", *NOISE]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_odf_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_odt_headings_sections_and_metadata() -> None:
    doc = load("handbook.odt", text_by_odfpy)
    assert (doc.format, doc.title) == ("odt", "Handbook zebracorn")
    assert [s.heading for s in doc.sections] == ["", "Scope", "Rates"]
    assert doc.front_matter["author"] == "Odile Writer"
    assert load("hand.odt", odt_by_hand(HAND_BODY)).title == "Handmade zebracorn"


def test_odp_slides_are_pages_and_ods_sheets_are_sections() -> None:
    deck = load("talk.odp", slides_by_odfpy)
    assert deck.pages == 2
    assert [(s.page, s.heading) for s in deck.sections] == [(1, "Welcome"), (2, "Results")]
    sheet = load("stock.ods", sheet_by_odfpy)
    assert [s.heading for s in sheet.sections] == ["Stock"]
    assert sheet.warnings == ()  # a million repeated empty rows are not rows


LAUGHS = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
HOSTILE: list[tuple[str, Content, str]] = [
    ("laughs.odt", odt_by_hand("<text:p>&b;</text:p>", LAUGHS), "not indexed: content.xml declares XML entities"),
    ("truncated.ods", lambda: sheet_by_odfpy()[:800], "not a readable spreadsheet"),
    ("empty.odp", b"PK\x05\x06" + bytes(18), "not a readable presentation: it has no content.xml"),  # an empty zip
    ("badxml.odt", odt_by_hand("<text:p>unclosed"), "not a readable text document: content.xml is not well-formed"),
]


@pytest.mark.parametrize(("filename", "content", "reason"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_hostile_odf_file_is_refused_with_its_reason(filename: str, content: Content, reason: str) -> None:
    with pytest.raises(LoaderError) as raised:
        load(filename, content)
    assert str(raised.value).startswith(reason)


TABLE_NS = 'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'


def test_a_long_cell_repeated_over_every_row_and_column_stays_bounded() -> None:
    """A few hundred bytes that repeat a 1,000-character cell over 500 columns and 10,000 rows would be 5 GB of
    text: the table is read up to its character budget, and the words after it are still read."""
    cell = (
        f'<table:table-cell table:number-columns-repeated="500"><text:p>{"zebracorn " * 100}</text:p>'
        "</table:table-cell>"
    )
    body = (f'<table:table {TABLE_NS}><table:table-row table:number-rows-repeated="10000">{cell}</table:table-row>'
            "</table:table>")  # fmt: skip
    doc = load("bomb.odt", odt_by_hand(body + "<text:p>after the table unicornfish</text:p>"))
    text = searchable(doc)
    assert "zebracorn" in text and "after the table unicornfish" in text
    assert len(text) < 3 * TABLE_CHARS


def test_counts_of_thousands_of_digits_are_read_as_large_counts() -> None:
    """A space count or a repeat count of 5,000 digits failed the document (Python reads no such number)."""
    digits = "9" * 5_000
    cell = f'<table:table-cell table:number-columns-repeated="{digits}"><text:p>zebracorn</text:p></table:table-cell>'
    body = (f'<table:table {TABLE_NS}><table:table-row table:number-rows-repeated="{digits}">{cell}</table:table-row>'
            f'</table:table><text:p>two<text:s text:c="{digits}"/>spaces unicornfish</text:p>')  # fmt: skip
    text = searchable(load("digits.odt", odt_by_hand(body)))
    assert "zebracorn" in text and f"two{' ' * 100}spaces unicornfish" in text
    assert len(text) < 3 * TABLE_CHARS


def test_a_nested_table_is_read_once() -> None:
    cell = "<table:table-cell><text:p>innerword</text:p></table:table-cell>"
    inner = f"<table:table><table:table-row>{cell}</table:table-row></table:table>"
    body = (f'<table:table {TABLE_NS}><table:table-row><table:table-cell><text:p>outerword</text:p>{inner}'
            "</table:table-cell></table:table-row></table:table>")  # fmt: skip
    assert searchable(load("nested.odt", odt_by_hand(body))).count("innerword") == 1


def test_odf_through_the_pipeline(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    builders: dict[str, Callable[[], bytes]] = {
        "a.odt": text_by_odfpy,
        "b.ods": sheet_by_odfpy,
        "c.odp": slides_by_odfpy,
    }
    for name, build in builders.items():
        write(docs, name, build())
    write(docs, "laughs.odt", odt_by_hand("<text:p>&b;</text:p>", LAUGHS))
    report = index(docs, index_dir)
    assert report.added == 3
    assert skipped(report)["laughs.odt"].startswith("not indexed: content.xml declares XML entities")
    assert found(index_dir, "type:odt zebracorn") == ["a.odt"]
    assert found(index_dir, "type:ods zebracorn") == ["b.ods"]
    assert snapshot(index_dir).search("unicornfish sales", limit=3)[0].part == "c.odp#page=2"
