"""A chart or a SmartArt diagram on a slide is read for its words: a deck whose slide holds a chart alone is found
by the chart's title, axes, legend and categories (the numbers plotted stay out), one holding a diagram by its
boxes' words."""

from __future__ import annotations

import io
from pathlib import Path

import pptx
from lxml import etree
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.oxml import parse_xml
from pptx.util import Inches

from support.folders import index, skipped, snapshot, text_of, write


def chart_deck() -> bytes:
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])  # blank: no title, no text frame
    data = CategoryChartData()
    data.categories = ["Northwind", "Southpeak"]
    data.add_series("Zebracorn sales", (1234.5, 987.25))
    data.add_series("Unicornfish sales", (55.5, 66.75))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(6), Inches(4), data)
    chart = frame.chart  # type: ignore[attr-defined]
    chart.has_title = True
    chart.chart_title.text_frame.text = "Regional revenue 2024"
    chart.value_axis.has_title = True
    chart.value_axis.axis_title.text_frame.text = "Revenue in okapicoins"
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def test_a_slide_with_a_chart_alone_is_found_by_the_charts_words(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "board.pptx", chart_deck())
    report = index(docs, index_dir, embeddings=False)
    assert skipped(report) == {}
    assert text_of(index_dir, "board.pptx") == (
        "Slide 1\n\nChart: Regional revenue 2024\n"
        "Axes: Revenue in okapicoins\n"
        "Series: Zebracorn sales, Unicornfish sales\n"
        "Categories: Northwind, Southpeak"
    )
    for query in ("regional revenue", "okapicoins", "unicornfish", "southpeak"):
        assert [hit.document.id for hit in snapshot(index_dir).search(query, limit=3)] == ["board.pptx"], query


DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram"


def smartart_deck() -> bytes:
    """A slide holding a SmartArt process diagram alone, its words in a data part as PowerPoint writes one, and the
    same words again in the cached drawing part (which is not to be read twice)."""
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    box = '<dgm:pt modelId="{n}"><dgm:prSet/><dgm:t><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t></dgm:pt>'
    points = "".join(
        box.format(n=n, text=text) for n, text in enumerate(["Plan zebracorn", "Build", "Ship okapilight"])
    )
    data = f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{DRAWING}"><dgm:ptLst>{points}</dgm:ptLst></dgm:dataModel>'
    part = Part(PackURI("/ppt/diagrams/data1.xml"), CT.DML_DIAGRAM_DATA, slide.part.package, data.encode())
    data_id = slide.part.relate_to(part, RT.DIAGRAM_DATA)
    cached = f'<dsp:drawing xmlns:dsp="{DSP}" xmlns:a="{DRAWING}"><a:t>Plan zebracorn</a:t></dsp:drawing>'
    drawing = Part(PackURI("/ppt/diagrams/drawing1.xml"), CT.DML_DIAGRAM_DRAWING, slide.part.package, cached.encode())
    slide.part.relate_to(drawing, "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing")
    frame = (
        f'<p:graphicFrame xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="{DRAWING}" '
        f'xmlns:r="{REL}"><p:nvGraphicFramePr><p:cNvPr id="9" name="Diagram 1"/><p:cNvGraphicFramePr/><p:nvPr/>'
        '</p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic>'
        f'<a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" r:dm="{data_id}" r:lo="" r:qs="" r:cs=""/>'
        "</a:graphicData></a:graphic></p:graphicFrame>"
    )
    slide.shapes._spTree.append(parse_xml(frame))
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def test_a_smartart_diagram_is_read_for_its_boxes_once(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "roadmap.pptx", smartart_deck())
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert text_of(index_dir, "roadmap.pptx") == "Slide 1\n\nPlan zebracorn\nBuild\nShip okapilight"


def test_a_chart_shown_again_and_again_is_read_once(tmp_path: Path) -> None:
    """A chart's words are its part's, read once: a deck of 35 KB whose slide showed one chart (its series named
    with 170 KB) 400 times was 68 MB of text, each showing reading the part again."""
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["North", "South"]
    data.add_series("Okapilight units " * 10_000, (1.0, 2.0))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(4), Inches(3), data)
    for _ in range(400):
        slide.shapes._spTree.append(parse_xml(etree.tostring(frame._element)))
    out = io.BytesIO()
    deck.save(out)
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "again.pptx", out.getvalue())
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    text = text_of(index_dir, "again.pptx")
    assert text.count("Categories: North, South") == 1 and len(text) < 300_000
