"""A chart on a slide is read for its words: a deck whose slide holds a chart alone is found by the chart's title,
axes, legend and categories, and the numbers plotted stay out."""

from __future__ import annotations

import io
from pathlib import Path

import pptx
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
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
