"""The words of an Office chart (DrawingML's c:chartSpace): what a reader sees written on it.

A slide that holds only a chart says what it is about in the chart's title, its axes' titles, its series' names
(the legend) and its categories; none of them is in a shape's text frame, so a deck read by its text frames alone
loses them. The numbers plotted are left out: they are data, not words anyone searches for. Read from the chart's
XML, not from python-pptx's chart API, which raises on kinds of chart it does not model (a 3-D area chart's series).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

__all__ = ["chart_text", "first_showing"]

_C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_NS = {"c": _C, "a": _A}
_MAX_NAMES = 100  # series or categories: a chart with more is a table, and its words are cut there

# Compiled with their namespaces: python-pptx's elements replace lxml's xpath() with one that takes no namespaces.
_CHART = etree.XPath("c:chart", namespaces=_NS)
_TITLE = etree.XPath("c:title", namespaces=_NS)
_AXIS_TITLES = etree.XPath("c:plotArea/*/c:title", namespaces=_NS)
_SERIES = etree.XPath("c:plotArea/*/c:ser", namespaces=_NS)
_SERIES_NAME = etree.XPath("c:tx//c:v/text()", namespaces=_NS)
_CATEGORIES = etree.XPath("c:cat//c:strCache/c:pt/c:v/text()", namespaces=_NS)
_RUNS = etree.XPath(".//a:t/text()", namespaces=_NS)


def chart_text(chart_space: Any) -> str:
    """`Chart: title`, then `Axes:`, `Series:` and `Categories:` lines, each only when the chart has such words."""
    charts = _CHART(chart_space)
    if not charts:
        return ""
    chart = charts[0]
    titles = _TITLE(chart)
    title = _words(_RUNS(titles[0])) if titles else ""
    series = _SERIES(chart)
    names = {
        "Axes": _distinct([_words(_RUNS(axis)) for axis in _AXIS_TITLES(chart)]),
        "Series": _distinct([_words(_SERIES_NAME(one)) for one in series]),
        "Categories": _distinct(_CATEGORIES(series[0])) if series else [],
    }
    lines = [f"Chart: {title}"] if title else []
    lines += [f"{label}: " + ", ".join(found) for label, found in names.items() if found]
    return "\n".join(lines)


def _words(texts: list[Any]) -> str:
    return " ".join(" ".join(str(text) for text in texts).split())


def _distinct(names: list[Any]) -> list[str]:
    kept = dict.fromkeys(" ".join(str(name).split()) for name in names)
    return [name for name in kept if name][:_MAX_NAMES]


def first_showing(part: Any, shown: set[str]) -> bool:
    """Whether a chart's (or a SmartArt diagram's) part is shown here for the first time in its document (`shown`:
    the part names read so far, this one added): its words are read once, however often the document shows it.
    A Word file of 2 KB that showed one chart with a 200 KB title 400 times was 80 MB of text; a 35 KB deck, 68 MB."""
    name = str(part.partname)
    if name in shown:
        return False
    shown.add(name)
    return True
