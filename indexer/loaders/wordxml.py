"""The text a reader of a Word document sees, read from its WordprocessingML (python-docx's parsed body).

python-docx's `iter_inner_content()` and `Paragraph.text` see a paragraph's direct runs and hyperlinks alone, so
they lose the text Word shows inside other wrappers: a content control (w:sdt, which templates put around a cover
page's title, a form's fields), a tracked insertion (w:ins), a simple field's result (w:fldSimple, a date), a smart
tag, and a text box (w:txbxContent). Here the body is walked as Word lays it out instead:

- paragraphs and tables in order, content controls and custom XML opened at every level;
- a paragraph's text: its w:t, tabs and breaks, wherever they sit, but deleted or moved-away text (w:del,
  w:moveFrom), field codes (w:instrText) and the fallback copy of a drawing (mc:Fallback, the same text box again
  for old readers);
- a text box's paragraphs right after the paragraph that anchors it;
- the charts and SmartArt diagrams a paragraph shows (`graphics`: their words are in parts of their own).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["TABLE", "blocks", "graphics", "paragraph_style", "paragraph_text", "table_rows"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_P, TABLE, _ROW, _CELL = f"{_W}p", f"{_W}tbl", f"{_W}tr", f"{_W}tc"
_TEXT, _TAB, _BREAKS, _HYPHEN = f"{_W}t", f"{_W}tab", frozenset({f"{_W}br", f"{_W}cr"}), f"{_W}noBreakHyphen"
_TEXT_BOX = f"{_W}txbxContent"
_WRAPPERS = frozenset({f"{_W}sdt", f"{_W}sdtContent", f"{_W}customXml", f"{_W}ins", f"{_W}moveTo", f"{_W}smartTag"})
# Never text a reader sees: removed by a tracked change, a field's code, properties, the drawing's fallback copy.
_NOT_SHOWN = frozenset(
    {f"{_W}del", f"{_W}moveFrom", f"{_W}delText", f"{_W}instrText", f"{_W}pPr", f"{_W}rPr", f"{_W}sdtPr",
     f"{_MC}Fallback", _TEXT_BOX}
)  # fmt: skip
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_CHART = "{http://schemas.openxmlformats.org/drawingml/2006/chart}chart"
_DIAGRAM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}relIds"
_MAX_DEPTH = 64  # nesting past this (tables in tables in controls...) is no document Word writes


def blocks(container: Any, depth: int = 0) -> Iterator[Any]:
    """The paragraphs (w:p) and tables (w:tbl) of a body, a cell or a text box, in reading order."""
    if depth > _MAX_DEPTH:
        return
    for child in container:
        if child.tag == _P:
            yield child
            for box in _descendants_of(child, {_TEXT_BOX}, stop=set()):
                yield from blocks(box, depth + 1)
        elif child.tag == TABLE:
            yield child
        elif child.tag in _WRAPPERS:
            yield from blocks(child, depth + 1)


def paragraph_text(paragraph: Any) -> str:
    """What the paragraph shows: its text, tabs and line breaks, tracked insertions in, deletions out."""
    return "".join(_shown(paragraph, _reading))


def paragraph_style(paragraph: Any) -> str:
    """The paragraph's style id (w:pPr/w:pStyle), or ""."""
    props = paragraph.find(f"{_W}pPr")
    style = props.find(f"{_W}pStyle") if props is not None else None
    return (style.get(f"{_W}val") or "") if style is not None else ""


def table_rows(table: Any) -> Iterator[list[str]]:
    """Each row's cells' text, a cell's paragraphs (and those of a table inside it) joined by spaces."""
    for row in _descendants_of(table, {_ROW}, stop={TABLE}):
        cells = _descendants_of(row, {_CELL}, stop={TABLE})
        paragraphs = (_descendants_of(cell, {_P}, stop=set()) for cell in cells)  # a nested table's too
        yield [" ".join(" ".join(paragraph_text(p) for p in found).split()) for found in paragraphs]


def graphics(paragraph: Any) -> list[tuple[str, str]]:
    """The charts ("chart", its part's relationship id) and SmartArt diagrams ("diagram", its data part's) that the
    paragraph shows, in order; not those of its text boxes (read with their own paragraphs) or fallbacks."""
    found = []
    for element in _descendants_of(paragraph, {_CHART, _DIAGRAM}, stop=set()):
        kind, rid = ("chart", element.get(f"{_R}id")) if element.tag == _CHART else ("diagram", element.get(f"{_R}dm"))
        if rid:
            found.append((kind, str(rid)))
    return found


def _reading(element: Any) -> str | None:
    tag = element.tag
    if tag == _TEXT:
        return str(element.text or "")
    if tag == _TAB:
        return "\t"
    if tag in _BREAKS:
        return "\n"
    if tag == _HYPHEN:
        return "-"
    return None


def _shown(element: Any, read: Any) -> Iterator[str]:
    """`read` of each element under `element` in document order, past what is not shown; iterative, so a deep
    document cannot exhaust the stack."""
    stack = [iter(element)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif child.tag not in _NOT_SHOWN:
            text = read(child)
            if text is not None:
                yield text
            elif len(stack) < _MAX_DEPTH:
                stack.append(iter(child))


def _descendants_of(element: Any, wanted: set[str], stop: set[str]) -> list[Any]:
    """The `wanted` elements under `element` (not under one another), not looking inside `stop` elements or what is
    not shown."""
    found: list[Any] = []
    stack = [iter(element)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif child.tag in wanted:
            found.append(child)
        elif child.tag not in stop and child.tag not in _NOT_SHOWN and len(stack) < _MAX_DEPTH:
            stack.append(iter(child))
    return found
