"""PowerPoint (.pptx, .pptm): each slide a Section and a page, read with python-pptx.

Slide N is page N (`deck.pptx#page=N`); its Section's heading is the slide's title (else "Slide N") and its text
the text of its shapes in order (groups opened, tables one line per row with cells joined by " | ", a chart's
title, axes, series and categories: charts.py; a SmartArt diagram's boxes: diagrams.py), then its
speaker notes after a "Notes:" line. Slides without any text are left out but still counted. Title: the core
properties' title, else the first slide's title. Author and dates go to front matter, keywords to tags. A
.pptm's macros are never read (containers.py), only its text.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.charts import chart_text, first_showing
from indexer.loaders.containers import open_container
from indexer.loaders.diagrams import diagram_data_id, diagram_text
from indexer.loaders.officemeta import one_line, ooxml_properties, quiet
from indexer.model import ParsedDoc, Section

if TYPE_CHECKING:
    from pptx.presentation import Presentation
    from pptx.slide import Slide

__all__ = ["PptxLoader"]

_MAX_GROUP_DEPTH = 32


class PptxLoader:
    """Loads .pptx and .pptm files; see the module docstring for what becomes a Section."""

    format = "pptx"
    suffixes = frozenset({".pptx", ".pptm"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        with quiet():
            return self._read(data)

    def _read(self, data: bytes) -> ParsedDoc:
        container = open_container(data, "presentation")
        deck = _open(container.data)
        sections: list[Section] = []
        first_title = ""
        try:
            slides = list(deck.slides)
            shown: set[str] = set()  # the chart and diagram parts whose words are in the text already
            for number, slide in enumerate(slides, start=1):
                title, text = _slide(slide, shown)
                first_title = first_title or title
                if text or title:
                    sections.append(Section(text=text or title, heading=title or f"Slide {number}", page=number))
        except Exception as exc:  # python-pptx raises many kinds of error on a damaged slide
            raise LoaderError(f"not a readable presentation: {describe(exc)}") from exc
        title, front = ooxml_properties(deck)
        return ParsedDoc(
            format=self.format,
            title=title or first_title,
            sections=tuple(sections),
            pages=len(slides),
            front_matter=front,
            warnings=container.warnings,
        )


def _open(data: bytes) -> Presentation:
    import pptx  # here: python-pptx loads lxml and its part classes, for runs without decks

    try:
        return pptx.Presentation(io.BytesIO(data))
    except Exception as exc:  # a missing part, a bad relationship, XML that does not parse
        raise LoaderError(f"not a readable presentation: {describe(exc)}") from exc


def _slide(slide: Slide, shown: set[str]) -> tuple[str, str]:
    """A slide's title and its text: shapes in order, the title not repeated, then the speaker notes (`shown`:
    the chart and diagram parts read already, whose words are not read again)."""
    title_shape = slide.shapes.title
    title = one_line(title_shape.text_frame.text) if title_shape is not None and title_shape.has_text_frame else ""
    title_id = title_shape.shape_id if title_shape is not None else None
    blocks = [text for shape in slide.shapes if shape.shape_id != title_id for text in _shape_text(shape, 0, shown)]
    if slide.has_notes_slide:
        frame = slide.notes_slide.notes_text_frame
        notes = frame.text.strip() if frame is not None else ""
        if notes:
            blocks.append(f"Notes:\n{notes}")
    return title, "\n\n".join(b for b in blocks if b)


def _shape_text(shape: Any, depth: int, shown: set[str]) -> Iterator[str]:
    if getattr(shape, "has_text_frame", False):
        yield "\n".join(line.strip() for line in shape.text_frame.text.splitlines() if line.strip())
    elif getattr(shape, "has_table", False):
        rows = (" | ".join(c for c in (one_line(cell.text) for cell in row.cells) if c) for row in shape.table.rows)
        yield "\n".join(r for r in rows if r)
    elif getattr(shape, "has_chart", False):
        yield _chart(shape, shown)
    elif hasattr(shape, "shapes") and depth < _MAX_GROUP_DEPTH:  # a group
        for inner in shape.shapes:
            yield from _shape_text(inner, depth + 1, shown)
    else:
        yield _diagram(shape, shown)


def _chart(shape: Any, shown: set[str]) -> str:
    try:
        if not first_showing(shape.chart_part, shown):
            return ""
        return chart_text(shape.chart._chartSpace)  # the chart part's XML: charts.py reads it, not python-pptx
    except Exception:  # a missing or damaged chart part: the slide's other text still counts
        return ""


def _diagram(shape: Any, shown: set[str]) -> str:
    """A SmartArt diagram's text (diagrams.py); "" for any other graphic frame, or one whose data part is missing
    or damaged (the slide's other text still counts)."""
    element = getattr(shape, "element", None)
    data_id = diagram_data_id(element) if element is not None else ""
    if not data_id:
        return ""
    try:
        part = shape.part.related_part(data_id)
        return diagram_text(part.blob, "presentation") if first_showing(part, shown) else ""
    except (KeyError, LoaderError):
        return ""
