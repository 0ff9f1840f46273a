"""A Word document's text as Word shows it: content controls (a template's cover page, a form's fields), tracked
insertions, a field's result, text boxes and a table inside a table are read; tracked deletions, field codes and the
fallback copy of a text box are not."""

from __future__ import annotations

import io
from pathlib import Path

import docx
from docx.oxml import parse_xml

from support.folders import index, skipped, snapshot, text_of, write

NAMESPACES = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)


def run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


BLOCKS = [
    # a cover page's title in a block-level content control
    f"<w:sdt {NAMESPACES}><w:sdtPr><w:alias w:val='Title'/></w:sdtPr><w:sdtContent>"
    f"<w:p>{run('Zebracorn annual review')}</w:p></w:sdtContent></w:sdt>",
    # a form field: an inline content control
    f"<w:p {NAMESPACES}>{run('Owner: ')}<w:sdt><w:sdtPr/><w:sdtContent>{run('Ada Okapilight')}</w:sdtContent>"
    "</w:sdt></w:p>",
    # a tracked change: the insertion is shown, the deletion is not
    f"<w:p {NAMESPACES}>{run('Budget is ')}<w:del w:id='1' w:author='r'><w:r><w:delText>oldsentinel</w:delText></w:r>"
    f"</w:del><w:ins w:id='2' w:author='r'>{run('unicornfish')}</w:ins>{run(' euros.')}</w:p>",
    # a field: its result is shown, its code is not
    f"<w:p {NAMESPACES}>{run('Printed ')}<w:r><w:fldChar w:fldCharType='begin'/></w:r>"
    f"<w:r><w:instrText>DATE codesentinel</w:instrText></w:r><w:r><w:fldChar w:fldCharType='separate'/></w:r>"
    f"{run('2024-05-01')}<w:r><w:fldChar w:fldCharType='end'/></w:r></w:p>",
    # a text box, written twice as Word writes it: for new readers, and a VML fallback for old ones
    f"<w:p {NAMESPACES}>{run('See the box.')}<w:r><mc:AlternateContent><mc:Choice Requires='wps'><w:drawing>"
    f"<w:txbxContent><w:p>{run('Quokkaflare callout')}</w:p></w:txbxContent></w:drawing></mc:Choice>"
    f"<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent><w:p>{run('Quokkaflare callout')}</w:p>"
    f"</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>",
]


def word() -> bytes:
    document = docx.Document()
    body = document.element.body
    for block in BLOCKS:
        body.insert(len(body) - 1, parse_xml(block))  # before the section properties, which end the body
    outer = document.add_table(rows=1, cols=2)
    outer.cell(0, 0).text = "Region"
    inner = outer.cell(0, 1).add_table(rows=1, cols=2)
    inner.cell(0, 0).text = "North"
    inner.cell(0, 1).text = "Narwhalbean"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_word_text_is_read_as_word_shows_it(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "review.docx", word())
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert text_of(index_dir, "review.docx") == (
        "Zebracorn annual review\n\n"
        "Owner: Ada Okapilight\n\n"
        "Budget is unicornfish euros.\n\n"
        "Printed 2024-05-01\n\n"
        "See the box.\n\n"
        "Quokkaflare callout\n\n"
        "Region | North Narwhalbean"
    )
    for word_ in ("zebracorn", "okapilight", "unicornfish", "quokkaflare", "narwhalbean"):
        assert [hit.document.id for hit in snapshot(index_dir).search(word_, limit=3)] == ["review.docx"], word_
