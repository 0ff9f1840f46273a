"""Spreadsheets as office suites and other tools save them: LibreOffice's rows padded with empty cells to column
1024 and Excel's stray formatted cell on the last row warn of nothing and lose nothing; a package whose zip spells
its parts' names otherwise (backslashes, another case) is read as Excel reads it; a password-protected OpenDocument
file and a Strict Open XML workbook say what they are instead of 'not well-formed XML' or 'no text'."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

import openpyxl

from support.folders import index, skipped, text_of, warnings_of, write

OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
MANIFEST = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"


def ods(content: bytes, manifest: str = "") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
        if manifest:
            archive.writestr("META-INF/manifest.xml", manifest)
    return out.getvalue()


def libreoffice_sheet() -> bytes:
    """Each row ends, as LibreOffice writes it, with an empty cell repeated to the 1024th column."""

    def row(*values: str) -> str:
        cells = "".join(f"<table:table-cell><text:p>{value}</text:p></table:table-cell>" for value in values)
        return f'<table:table-row>{cells}<table:table-cell table:number-columns-repeated="1022"/></table:table-row>'

    body = row("Item", "Count") + row("zebracorn brush", "7") + '<table:table-row table:number-rows-repeated="1048573">'
    body += '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    return ods(
        f'<office:document-content xmlns:office="{OFFICE}" xmlns:table="{TABLE}" xmlns:text="{TEXT}"><office:body>'
        f'<office:spreadsheet><table:table table:name="Stock">{body}</table:table></office:spreadsheet>'
        "</office:body></office:document-content>".encode()
    )


def locked_sheet() -> bytes:
    """content.xml encrypted by the office suite itself, as its manifest says: ciphertext, no zip flag."""
    manifest = (
        f'<manifest:manifest xmlns:manifest="{MANIFEST}"><manifest:file-entry manifest:full-path="content.xml" '
        'manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum="x"/></manifest:file-entry>'
        "</manifest:manifest>"
    )
    return ods(bytes(range(256)) * 4, manifest)


def excel_sheet_with_a_formatted_last_row() -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Item", "Cost"])
    sheet.append(["unicornfish", 3])
    sheet.cell(row=1_048_576, column=1).number_format = "0.00"  # a style, no value, on Excel's last row
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def strict_workbook() -> bytes:
    """A workbook as Excel saves it in Strict Open XML: its relationships in the purl.oclc.org namespace."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(
            "[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
        )
        archive.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
            'Id="rId1" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument" '
            'Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr("xl/workbook.xml", '<workbook xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"/>')
    return out.getvalue()


def test_office_suites_spreadsheets_read_whole_without_warnings(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "stock.ods", libreoffice_sheet())
    write(docs, "costs.xlsx", excel_sheet_with_a_formatted_last_row())
    report = index(docs, index_dir, embeddings=False)
    assert warnings_of(report, "stock.ods") == [] and warnings_of(report, "costs.xlsx") == []
    assert text_of(index_dir, "stock.ods") == "Stock\n\nItem: zebracorn brush\nCount: 7"
    assert text_of(index_dir, "costs.xlsx") == "Sheet\n\nItem: unicornfish\nCost: 3"


def test_a_locked_or_strict_spreadsheet_says_what_it_is(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "locked.ods", locked_sheet())
    write(docs, "strict.xlsx", strict_workbook())
    reasons = skipped(index(docs, index_dir, embeddings=False))
    assert reasons["locked.ods"].startswith("encrypted (password-protected): the spreadsheet's content is encrypted")
    assert reasons["strict.xlsx"].startswith("not a readable workbook: saved as Strict Open XML")


def respelt(data: bytes, spell: dict[str, str] | None = None, backslashes: bool = False) -> bytes:
    """The same package with its members' names spelt otherwise, as some Windows tools write them."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            name = (spell or {}).get(info.filename, info.filename)
            target.writestr(name.replace("/", "\\") if backslashes else name, source.read(info))
    return out.getvalue()


def plain_workbook(word: str) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Item", "Cost"])
    sheet.append([word, 3])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_a_package_whose_names_are_spelt_otherwise_is_read(tmp_path: Path) -> None:
    """OPC names are case-insensitive and forward-slashed; Excel opens either spelling, and so does the index."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "windows.xlsx", respelt(plain_workbook("zebracorn"), backslashes=True))
    write(
        docs,
        "cased.xlsx",
        respelt(plain_workbook("okapilight"), {"xl/worksheets/sheet1.xml": "xl/worksheets/Sheet1.XML"}),
    )
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert text_of(index_dir, "windows.xlsx") == "Sheet\n\nItem: zebracorn\nCost: 3"
    assert text_of(index_dir, "cased.xlsx") == "Sheet\n\nItem: okapilight\nCost: 3"


def test_sheets_whose_last_row_is_excels_last_are_read_at_once(tmp_path: Path) -> None:
    """A cell on Excel's last row leaves a gap of a million empty rows before it, which openpyxl fills (0.07 s):
    each gap row went through the whole of the row loop, 0.5 s a sheet, and a workbook of 13 KB and 20 such
    sheets took 11 s (220 sheets would pass the parse timeout). The last row is read all the same."""
    workbook = openpyxl.Workbook()
    first = workbook.active
    first["A1"], first["A2"], first["A1048576"] = "Name", "zebracorn", "okapilight"
    for n in range(1, 20):
        sheet = workbook.create_sheet(f"S{n}")
        sheet["A1"], sheet["A1048576"] = "Name", f"row{n}"
    out = io.BytesIO()
    workbook.save(out)
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "tall.xlsx", out.getvalue())
    started = time.monotonic()
    report = index(docs, index_dir, embeddings=False)
    assert time.monotonic() - started < 6
    assert skipped(report) == {} and warnings_of(report, "tall.xlsx") == []
    assert "Name: zebracorn\n\nName: okapilight" in text_of(index_dir, "tall.xlsx")
