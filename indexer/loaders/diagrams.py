"""The words of a SmartArt diagram (DrawingML's diagram data part): one line per box, in the diagram's own order.

SmartArt keeps its text in a part of its own (ppt/diagrams/data1.xml), not in the slide, so a deck read by its
shapes' text frames loses a process diagram's steps or an org chart's names. The data part's points (dgm:pt) hold
each box's text (dgm:t); the drawing part beside it (a rendering cached for old readers) holds the same words again
and is not read.
"""

from __future__ import annotations

from lxml import etree

from indexer.loaders.xmlparts import parse_part

__all__ = ["diagram_data_id", "diagram_text"]

_NS = {
    "dgm": "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
}
_DATA_ID = etree.XPath("a:graphic/a:graphicData/dgm:relIds/@r:dm", namespaces=_NS)
_POINT_TEXTS = etree.XPath("dgm:ptLst/dgm:pt/dgm:t", namespaces=_NS)
_PARAGRAPHS = etree.XPath("a:p", namespaces=_NS)
_RUNS = etree.XPath(".//a:t/text()", namespaces=_NS)
_MAX_LINES = 1000  # boxes: a diagram with more is no diagram a reader reads


def diagram_data_id(frame: object) -> str:
    """The relationship id of the data part of the SmartArt diagram a graphic frame (p:graphicFrame) shows, or ""."""
    found = _DATA_ID(frame)
    return str(found[0]) if isinstance(found, list) and found else ""


def diagram_text(data: bytes, kind: str) -> str:
    """Each box's text on a line (its paragraphs joined by spaces); a part that is not XML is a LoaderError."""
    model = parse_part(data, "a SmartArt diagram's data", kind)
    lines: list[str] = []
    for box in _POINT_TEXTS(model):
        line = " ".join(" ".join("".join(_RUNS(p)) for p in _PARAGRAPHS(box)).split())
        if line:
            lines.append(line)
        if len(lines) >= _MAX_LINES:
            break
    return "\n".join(lines)
