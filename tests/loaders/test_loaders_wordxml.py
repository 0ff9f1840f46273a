"""A Word document's text as Word shows it: content controls (a template's cover page, a form's fields), tracked
insertions, a field's result, text boxes, a table inside a table and the words of charts and SmartArt diagrams are
read; tracked deletions, field codes, the numbers plotted and the fallback copy of a text box are not."""

from __future__ import annotations

import io
from pathlib import Path

import docx
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
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


C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
DGM_NS = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

CHART = (
    f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}"><c:chart><c:title><c:tx><c:rich><a:p><a:r>'
    "<a:t>Quarterly zebracorn sales</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser>"
    '<c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>Okapilight units</c:v></c:pt></c:strCache></c:strRef></c:tx>'
    '<c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>North</c:v></c:pt><c:pt idx="1"><c:v>South</c:v></c:pt>'
    '</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>1234.5</c:v></c:pt>'
    "</c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>"
)
DIAGRAM = (
    f'<dgm:dataModel xmlns:dgm="{DGM_NS}" xmlns:a="{A_NS}"><dgm:ptLst>'
    '<dgm:pt modelId="1"><dgm:t><a:p><a:r><a:t>Plan quokkaflare</a:t></a:r></a:p></dgm:t></dgm:pt>'
    '<dgm:pt modelId="2"><dgm:t><a:p><a:r><a:t>Ship</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>'
)


def graphic(uri: str, reference: str) -> str:
    return (
        f'<w:p {NAMESPACES} xmlns:a="{A_NS}" xmlns:r="{R_NS}"><w:r><w:drawing><a:graphic><a:graphicData uri="{uri}">'
        f"{reference}</a:graphicData></a:graphic></w:drawing></w:r></w:p>"
    )


def word_with_graphics() -> bytes:
    document = docx.Document()
    document.add_paragraph("Report narwhalbean.")
    part = document.part
    chart = Part(PackURI("/word/charts/chart1.xml"), CT.DML_CHART, CHART.encode(), part.package)
    data = Part(PackURI("/word/diagrams/data1.xml"), CT.DML_DIAGRAM_DATA, DIAGRAM.encode(), part.package)
    chart_id, data_id = part.relate_to(chart, RT.CHART), part.relate_to(data, RT.DIAGRAM_DATA)
    body = document.element.body
    for block in (
        graphic(C_NS, f'<c:chart xmlns:c="{C_NS}" r:id="{chart_id}"/>'),
        graphic(DGM_NS, f'<dgm:relIds xmlns:dgm="{DGM_NS}" r:dm="{data_id}" r:lo="" r:qs="" r:cs=""/>'),
    ):
        body.insert(len(body) - 1, parse_xml(block))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_a_charts_and_a_diagrams_words_are_read_where_they_stand(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "report.docx", word_with_graphics())
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert text_of(index_dir, "report.docx") == (
        "Report narwhalbean.\n\n"
        "Chart: Quarterly zebracorn sales\nSeries: Okapilight units\nCategories: North, South\n\n"
        "Plan quokkaflare\nShip"
    )


def test_a_chart_shown_again_and_again_is_read_once(tmp_path: Path) -> None:
    """A chart's words are its part's, read once: a document that shows one chart titled with 200 KB (zipped, next
    to nothing) 400 times was 80 MB of text (each showing read the part again; a 2 KB file can do it), 40,000 times
    would have been 8 GB."""
    document = docx.Document()
    document.add_paragraph("Report narwhalbean.")
    title = "Quarterly zebracorn sales " * 8_000
    chart = Part(
        PackURI("/word/charts/chart1.xml"),
        CT.DML_CHART,
        CHART.replace("Quarterly zebracorn sales", title).encode(),
        document.part.package,
    )
    chart_id = document.part.relate_to(chart, RT.CHART)
    body = document.element.body
    for _ in range(400):
        body.insert(len(body) - 1, parse_xml(graphic(C_NS, f'<c:chart xmlns:c="{C_NS}" r:id="{chart_id}"/>')))
    out = io.BytesIO()
    document.save(out)
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "again.docx", out.getvalue())
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    text = text_of(index_dir, "again.docx")
    assert text.count("Series: Okapilight units") == 1 and len(text) < 300_000
