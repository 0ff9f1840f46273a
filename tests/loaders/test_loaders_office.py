"""Office loaders (Word, Excel, PowerPoint), tested from a table of files made by the real libraries and by a second
writer (XML zipped by hand, XlsxWriter): what their text must and must not contain, and how hostile files end."""

from __future__ import annotations

import datetime
import io
import random
import re
import tracemalloc
import zipfile
from pathlib import Path

import docx
import openpyxl
import pptx
import pytest
import xlsxwriter
from docx.enum.section import WD_SECTION
from pptx.util import Inches

from indexer.errors import LoaderError
from indexer.loaders.containers import open_container
from indexer.loaders.xlsx import MAX_ROWS

from support.folders import document, found, index, skipped, snapshot, write
from support.loaders import Content, assert_text, load, python_lines, searchable

CT = "[Content_Types].xml"
RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>'
)
OFFICE_DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def saved(document_or_workbook: object) -> bytes:
    out = io.BytesIO()
    document_or_workbook.save(out)  # type: ignore[attr-defined]
    return out.getvalue()


def word_by_python_docx() -> bytes:
    d = docx.Document()
    d.core_properties.title = "Travel policy zebracorn"
    d.core_properties.author = "Ada Author"
    d.core_properties.keywords = "travel, expenses"
    d.add_paragraph("Opening words before any heading.")
    d.add_heading("Booking trains", level=1)
    para = d.add_paragraph("Book second class unicornfish tickets.")
    d.add_comment(para.runs, text="commentsentinel remark", author="Reviewer")
    d.add_heading("Limits", level=2)
    table = d.add_table(rows=2, cols=2)
    for cell, text in zip(table._cells, ["City", "Nightly limit", "Paris", "180 EUR"], strict=True):
        cell.text = text
    d.sections[0].header.paragraphs[0].text = "headersentinel"
    d.sections[0].footer.paragraphs[0].text = "footersentinel"
    d.add_section(WD_SECTION.NEW_PAGE)
    d.add_paragraph("After the section break.")
    return saved(d)


def ooxml(members: dict[str, str | bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


def word_by_hand(body: str, extra: dict[str, str | bytes] | None = None, main_type: str = "document") -> bytes:
    """A minimal Word file written without python-docx: the second writer of the table."""
    content_type = (
        "application/vnd.ms-word.document.macroEnabled.main+xml"
        if main_type == "macro"
        else "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
    )
    return ooxml(
        {
            CT: '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
            f'<Override PartName="/word/document.xml" ContentType="{content_type}"/></Types>',
            "_rels/.rels": RELS.format(f'<Relationship Id="rId1" Type="{OFFICE_DOC}" Target="word/document.xml"/>'),
            "word/document.xml": f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}">'
            f"<w:body>{body}</w:body></w:document>",
            **(extra or {}),
        }
    )


def paragraph(text: str, style: str = "") -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f"<w:p>{props}<w:r><w:t>{text}</w:t></w:r></w:p>"


HAND_WORD = paragraph("Handmade zebracorn memo.") + "<w:p><w:r><w:t>second </w:t></w:r><w:r><w:t>run</w:t></w:r></w:p>"

MACRO_SOURCE = b'Attribute VB_Name = "Module1"\r\nSub AutoOpen()\r\n  Shell "macrosentinel.exe"\r\nEnd Sub\r\n'


def word_with_macros() -> bytes:
    return word_by_hand(
        paragraph("Macro document unicornfish text."),
        extra={
            "word/_rels/document.xml.rels": RELS.format(
                '<Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
                'Target="vbaProject.bin"/>'
            ),
            "word/vbaProject.bin": MACRO_SOURCE,
        },
        main_type="macro",
    )


def workbook_by_openpyxl() -> bytes:
    wb = openpyxl.Workbook()
    sheet = wb.active
    assert sheet is not None
    sheet.title = "Price list"
    sheet.append(["Item", "Price", "Since"])
    sheet.append(["zebracorn saddle", 120.5, datetime.date(2024, 3, 1)])
    sheet.append(["bridle", 40, None])
    sheet["D3"] = "=B2+B3"  # no cached value: a formula's source is never text
    notes = wb.create_sheet("Notes")
    notes["A1"] = "Prices exclude unicornfish tax."
    wb.properties.title = "Tack price list"
    wb.properties.creator = "Bea Builder"
    return saved(wb)


def workbook_by_xlsxwriter(rows: int = 3, constant_memory: bool = False, macros: bool = False) -> bytes:
    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"in_memory": not constant_memory, "constant_memory": constant_memory})
    if macros:
        book.add_vba_project(io.BytesIO(MACRO_SOURCE), is_stream=True)
    sheet = book.add_worksheet("Inventory")
    sheet.write_row(0, 0, ["Part", "Count"])
    for n in range(1, rows + 1):
        sheet.write_row(n, 0, [f"part{n}", n])
    sheet.write_formula(1, 3, "=1+1", None, 2)
    book.add_worksheet("Empty")
    book.close()
    return out.getvalue()


def deck_by_python_pptx() -> bytes:
    deck = pptx.Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[1])
    assert first.shapes.title is not None
    first.shapes.title.text = "Quarterly review"
    first.placeholders[1].text = "Revenue grew\nCosts fell"
    first.notes_slide.notes_text_frame.text = "Mention the zebracorn launch."  # type: ignore[union-attr]
    second = deck.slides.add_slide(deck.slide_layouts[5])
    assert second.shapes.title is not None
    second.shapes.title.text = "Regional numbers"
    table = second.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
    for (row, col), text in zip(
        [(0, 0), (0, 1), (1, 0), (1, 1)], ["Region", "Sales", "North", "unicornfish"], strict=True
    ):
        table.cell(row, col).text = text
    deck.slides.add_slide(deck.slide_layouts[6])  # blank: counted, not a section
    return saved(deck)


S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def workbook_by_hand() -> bytes:
    """A workbook written without a library: inline strings, no shared strings or styles part."""
    cells = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>zebracorn feed</t></is></c><c r="B2"><v>3</v></c></row>'
    )
    return ooxml(
        {
            CT: '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
            "_rels/.rels": RELS.format(f'<Relationship Id="rId1" Type="{OFFICE_DOC}" Target="xl/workbook.xml"/>'),
            "xl/workbook.xml": f'<workbook xmlns="{S_NS}" xmlns:r="{R_NS}">'
            '<sheets><sheet name="Feed" sheetId="1" r:id="rId1"/></sheets></workbook>',
            "xl/_rels/workbook.xml.rels": RELS.format(
                '<Relationship Id="rId1" Target="worksheets/sheet1.xml" '
                'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"/>'
            ),
            "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{S_NS}"><sheetData>{cells}</sheetData></worksheet>',
        }
    )


P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def deck_by_hand() -> bytes:
    """A one-slide deck written without python-pptx: the second writer of the table."""
    shape = (
        '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Box"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/>'
        "<p:txBody><a:bodyPr/><a:p><a:r><a:t>Handmade zebracorn slide</a:t></a:r></a:p></p:txBody></p:sp>"
    )
    return ooxml(
        {
            CT: '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/ppt/presentation.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>'
            '<Override PartName="/ppt/slides/slide1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
            "_rels/.rels": RELS.format(f'<Relationship Id="rId1" Type="{OFFICE_DOC}" Target="ppt/presentation.xml"/>'),
            "ppt/presentation.xml": f'<p:presentation xmlns:p="{P_NS}" xmlns:r="{R_NS}">'
            '<p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst></p:presentation>',
            "ppt/_rels/presentation.xml.rels": RELS.format(
                '<Relationship Id="rId2" Target="slides/slide1.xml" '
                'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"/>'
            ),
            "ppt/slides/slide1.xml": f'<p:sld xmlns:p="{P_NS}" xmlns:a="{A_NS}" xmlns:r="{R_NS}"><p:cSld><p:spTree>'
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f"{shape}</p:spTree></p:cSld></p:sld>",
        }
    )


XML_NOISE = ["<w:", "<a:", "<p:", "xmlns", "Heading1", "Heading 1", "ListParagraph", "Normal"]

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    # filename, content, must_include, must_not_include
    (
        "policy.docx",
        word_by_python_docx,
        [
            "Travel policy zebracorn",
            "Opening words",
            "Booking trains",
            "unicornfish tickets",
            "Limits",
            "City | Nightly limit",
            "Paris | 180 EUR",
            "After the section break.",
        ],
        ["headersentinel", "footersentinel", "commentsentinel", *XML_NOISE],
    ),
    ("memo.docx", word_by_hand(HAND_WORD), ["Handmade zebracorn memo.", "second run"], XML_NOISE),
    ("macros.docm", word_with_macros, ["Macro document unicornfish text."], ["macrosentinel", "AutoOpen", "VB_Name"]),
    (
        "prices.xlsx",
        workbook_by_openpyxl,
        [
            "Tack price list",
            "Price list",
            "Item: zebracorn saddle\nPrice: 120.5\nSince: 2024-03-01",
            "Item: bridle\nPrice: 40",
            "Notes",
            "Prices exclude unicornfish tax.",
        ],
        ["=B2+B3", "B2+B3", "None", "<c ", "<row"],
    ),
    ("feed.xlsx", workbook_by_hand, ["Feed", "Name: zebracorn feed\nQty: 3"], ["inlineStr", "<t>"]),
    (
        "stock.xlsm",
        lambda: workbook_by_xlsxwriter(macros=True),
        ["Inventory", "Part: part1\nCount: 1\nD: 2", "Part: part3"],
        ["=1+1", "macrosentinel", "AutoOpen"],
    ),
    (
        "review.pptx",
        deck_by_python_pptx,
        [
            "Quarterly review",
            "Revenue grew\nCosts fell",
            "Mention the zebracorn launch.",
            "Regional numbers",
            "Region | Sales",
            "North | unicornfish",
        ],
        ["Click to add", *XML_NOISE],
    ),
    ("handmade.pptx", deck_by_hand, ["Handmade zebracorn slide"], XML_NOISE),
]


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_office_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_word_headings_become_sections_and_properties_become_metadata() -> None:
    doc = load("policy.docx", word_by_python_docx)
    assert doc.format == "docx"
    assert doc.title == "Travel policy zebracorn"
    assert [s.heading for s in doc.sections] == ["", "Booking trains", "Limits"]
    assert doc.front_matter["author"] == "Ada Author"
    assert doc.front_matter["tags"] == ["travel", "expenses"]
    assert "created" in doc.front_matter


def test_word_title_falls_back_to_the_first_heading() -> None:
    doc = load("memo.docx", word_by_hand(paragraph("Intro") + paragraph("Scope zebracorn", "Heading2")))
    assert doc.title == ""  # a style id, not a name: no styles part, so the pipeline titles it from the file name
    d = docx.Document()
    d.add_heading("Scope zebracorn", level=1)
    d.add_paragraph("Body.")
    assert load("memo.docx", saved(d)).title == "Scope zebracorn"


def test_each_slide_is_a_page_titled_by_its_title_with_its_notes() -> None:
    doc = load("review.pptx", deck_by_python_pptx)
    assert doc.pages == 3
    assert [(s.page, s.heading) for s in doc.sections] == [(1, "Quarterly review"), (2, "Regional numbers")]
    assert doc.title == "Quarterly review"
    assert "Notes:\nMention the zebracorn launch." in doc.sections[0].text


def test_each_sheet_is_a_section_named_after_it() -> None:
    doc = load("prices.xlsx", workbook_by_openpyxl)
    assert [s.heading for s in doc.sections] == ["Price list", "Notes"]
    assert doc.front_matter["author"] == "Bea Builder"


def test_a_long_sheet_is_cut_with_a_warning() -> None:
    doc = load("big.xlsx", workbook_by_xlsxwriter(rows=MAX_ROWS + 50, constant_memory=True))
    text = searchable(doc)
    assert f"Part: part{MAX_ROWS}\n" in text
    assert f"part{MAX_ROWS + 1}\n" not in text
    assert any("sheet 'Inventory' cut after" in w for w in doc.warnings)


@pytest.mark.parametrize(
    ("filename", "content"),
    [("macros.docm", word_with_macros), ("stock.xlsm", lambda: workbook_by_xlsxwriter(macros=True))],
)
def test_macros_are_left_out_with_a_warning(filename: str, content: Content) -> None:
    assert any("macros left out" in w for w in load(filename, content).warnings)


def billion_laughs() -> bytes:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10 if n > 1 else "&lol;" * 10}">' for n in range(1, 10)
    )
    document = (
        f'<?xml version="1.0"?><!DOCTYPE w:document [{entities}]><w:document xmlns:w="{W_NS}"><w:body>'
        "<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
    )
    data = word_by_hand("")
    members = {
        i.filename: zipfile.ZipFile(io.BytesIO(data)).read(i) for i in zipfile.ZipFile(io.BytesIO(data)).infolist()
    }
    members["word/document.xml"] = document.encode()
    return ooxml(members)


def external_entity() -> bytes:
    document = (
        f'<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        f'<w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>'
    )
    return word_by_hand("", extra={"word/document.xml": document})


def entity_in_a_renamed_part() -> bytes:
    """A worksheet part under a name no XML file has: the package's relationships find it all the same."""
    data = workbook_by_openpyxl()
    archive = zipfile.ZipFile(io.BytesIO(data))
    members = {i.filename: archive.read(i) for i in archive.infolist()}
    sheet = members.pop("xl/worksheets/sheet1.xml").decode()
    declaration, _, rest = sheet.rpartition("?>")  # the XML declaration, if there is one, stays first
    dtd = '<!DOCTYPE worksheet [<!ENTITY e "entitysentinel">]>'
    members["xl/worksheets/sheet1.dat"] = (declaration + "?>" if declaration else "") + dtd + rest
    for name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
        members[name] = members[name].replace(b"worksheets/sheet1.xml", b"worksheets/sheet1.dat")
    return ooxml(members)


def lzma_damaged() -> bytes:
    """A member compressed with LZMA (zip method 14) whose compressed bytes are damaged."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_LZMA) as archive:
        archive.writestr("word/document.xml", f'<w:document xmlns:w="{W_NS}">' + "words " * 5000 + "</w:document>")
    data = bytearray(out.getvalue())
    at = data.find(b"word/document.xml") + len("word/document.xml")
    data[at + 20 : at + 40] = bytes(b ^ 0xFF for b in data[at + 20 : at + 40])
    return bytes(data)


def zip_bomb() -> bytes:
    return word_by_hand(paragraph("tiny"), extra={"word/media/image1.png": bytes(64 * 1024 * 1024)})


def flag_encrypted(data: bytes) -> bytes:
    """The archive with every member marked encrypted (zipfile cannot write encrypted members)."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = out.find(signature)
        while at >= 0:
            out[at + offset] |= 0x1
            at = out.find(signature, at + 4)
    return bytes(out)


OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
OLE = OLE_MAGIC + bytes(1024) + "EncryptedPackage".encode("utf-16-le") + bytes(1024)  # MS-OFFCRYPTO's stream
WORD_97 = OLE_MAGIC + bytes(1024) + "WordDocument".encode("utf-16-le") + bytes(1024)  # a .doc renamed .docx

HOSTILE = [
    # filename, content, the start of the reason
    ("laughs.docx", billion_laughs, "not indexed: word/document.xml declares XML entities"),
    ("xxe.docx", external_entity, "not indexed: word/document.xml declares XML entities"),
    ("renamed.xlsx", entity_in_a_renamed_part, "not indexed: xl/worksheets/sheet1.dat declares XML entities"),
    ("lzma.docx", lzma_damaged, "not a readable Word document: word/document.xml is damaged"),
    ("bomb.docx", zip_bomb, "not indexed: word/media/image1.png expands more than"),
    ("locked.docx", OLE, "encrypted (password-protected)"),
    ("locked.xlsx", OLE, "encrypted (password-protected)"),
    ("locked.pptx", OLE, "encrypted (password-protected)"),
    ("renamed.docx", WORD_97, "not a readable Word document: an old binary Office file (as .doc, .xls and .ppt are)"),
    ("drm.docx", lambda: flag_encrypted(word_by_hand(HAND_WORD)), "encrypted (password-protected or DRM)"),
    ("truncated.docx", lambda: word_by_python_docx()[:5000], "not a readable Word document"),
    ("truncated.xlsx", lambda: workbook_by_openpyxl()[:3000], "not a readable workbook"),
    ("truncated.pptx", lambda: deck_by_python_pptx()[:9000], "not a readable presentation"),
    ("plain.docx", b"just text, not a zip", "not a readable Word document: not a zip archive"),
    ("nobody.docx", lambda: ooxml({"readme.txt": "no parts"}), "not a readable Word document"),
]


@pytest.mark.parametrize(("filename", "content", "reason"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_hostile_office_file_is_refused_with_its_reason(filename: str, content: Content, reason: str) -> None:
    with pytest.raises(LoaderError) as raised:
        load(filename, content)
    assert str(raised.value).startswith(reason)


def test_a_macro_part_is_never_read_not_even_for_its_relationships() -> None:
    """Macros are emptied unread, so the bomb checks pass them by; partnames.py then read every `_rels/*.rels` for
    the part names a package refers to, a macro folder's too: a `Scripts/_rels/x.rels` of 64 MB of zeros (64 KB
    in the zip, past MAX_RATIO) was expanded whole, as one of 64 GB would have been."""
    bomb = word_by_hand(HAND_WORD, extra={"Scripts/_rels/x.rels": bytes(64 * 1024 * 1024)})
    tracemalloc.start()
    try:
        doc = load("bomb.docx", bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "Handmade zebracorn memo." in searchable(doc)
    assert any("macros left out" in w for w in doc.warnings)
    assert peak < 16 * 1024 * 1024


def test_the_copy_of_a_macro_file_handed_to_its_library_stays_compressed() -> None:
    """A file with macros is handed on as a copy with its macros emptied; the copy's members were written stored,
    not deflated, so a 4 MB workbook-sized part held in memory whole where the file itself was 1 MB."""
    words = random.Random(7).choices(["zebracorn", "meadow", "herd", "pasture", "graze", "fence"], k=600_000)
    part = ("<notes>" + " ".join(words) + "</notes>").encode()
    data = word_by_hand(
        paragraph("Macro document unicornfish text."),
        extra={"word/vbaProject.bin": MACRO_SOURCE, "customXml/notes.xml": part},
        main_type="macro",
    )
    opened = open_container(data, "Word document", {})
    assert opened.macros
    assert len(opened.data) < 2 * len(data) < len(part)


def test_a_backslash_copy_of_a_part_does_not_replace_the_part() -> None:
    """A member named with backslashes is renamed to the part name it stands for (partnames.py), but not onto a
    member that has that name already: `word\\document.xml` beside `word/document.xml`, written after it,
    replaced it in the archive handed on, and the document showed the copy's text instead of its own."""
    shadow = paragraph("The shadowfern copy.")
    copy = f'<?xml version="1.0"?><w:document xmlns:w="{W_NS}"><w:body>{shadow}</w:body></w:document>'
    doc = load("twice.docx", word_by_hand(HAND_WORD, extra={"word\\document.xml": copy}))
    assert "Handmade zebracorn memo." in searchable(doc)
    assert "shadowfern" not in searchable(doc)


def test_office_files_through_the_pipeline(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "deck.pptx", deck_by_python_pptx())
    write(docs, "policy.docx", word_by_python_docx())
    write(docs, "prices.xlsx", workbook_by_openpyxl())
    write(docs, "laughs.docx", billion_laughs())
    write(docs, "locked.xlsx", OLE)
    report = index(docs, index_dir)
    assert report.added == 3
    reasons = skipped(report)
    assert reasons["laughs.docx"].startswith("not indexed: word/document.xml declares XML entities")
    assert reasons["locked.xlsx"].startswith("encrypted (password-protected)")
    assert report.unread == ()  # every office file was taken by a loader
    hits = snapshot(index_dir).search("unicornfish north", limit=5)
    assert hits[0].part == "deck.pptx#page=2"
    assert document(index_dir, "deck.pptx").pages == 3
    assert set(found(index_dir, "unicornfish")) == {"deck.pptx", "policy.docx", "prices.xlsx"}
    assert found(index_dir, "type:docx unicornfish") == ["policy.docx"]
    assert found(index_dir, "type:word unicornfish") == ["policy.docx"]
    assert found(index_dir, "type:xlsx unicornfish") == ["prices.xlsx"]
    assert found(index_dir, "type:pptx unicornfish") == ["deck.pptx"]
    assert document(index_dir, "policy.docx").title == "Travel policy zebracorn"


def test_office_files_take_access_groups_and_incremental_runs_like_any_file(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, ".docsearchaccess", "*.xlsx finance\n")
    write(docs, "prices.xlsx", workbook_by_openpyxl())
    write(docs, "deck.pptx", deck_by_python_pptx())
    assert index(docs, index_dir).added == 2
    assert document(index_dir, "prices.xlsx").access == ("finance",)
    assert document(index_dir, "deck.pptx").access == ()
    again = index(docs, index_dir)
    assert (again.added, again.updated, again.unchanged, again.generation) == (0, 0, 2, None)
    write(docs, "deck.pptx", deck_by_hand())
    assert index(docs, index_dir).updated == 1
    assert found(index_dir, "handmade") == ["deck.pptx"]


CORPUS_OFFICE = Path(__file__).resolve().parents[2] / "corpus" / "office"


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS_OFFICE.iterdir()))
def test_the_bundled_office_documents_load_without_warnings(name: str) -> None:
    doc = load(name, (CORPUS_OFFICE / name).read_bytes())  # written by tests/build_corpus_office.py
    assert doc.title
    assert doc.sections
    assert doc.warnings == ()


def test_a_sheet_that_claims_to_be_the_largest_possible_costs_what_its_rows_do() -> None:
    """openpyxl pads every row to the size a sheet states: a 300-row sheet that claims 16,384 columns and a million
    rows is read with the work of its own cells (Python lines run: a measure that machine load leaves alone)."""
    honest = workbook_by_xlsxwriter(rows=300)
    archive = zipfile.ZipFile(io.BytesIO(honest))
    members = {info.filename: archive.read(info) for info in archive.infolist()}
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = re.sub(
        rb'<dimension ref="[^"]*"/>', b'<dimension ref="A1:XFD1048576"/>', sheet
    )
    assert python_lines("claims.xlsx", ooxml(members)) < 2 * python_lines("honest.xlsx", honest)
