"""Which text of an HTML page a reader sees: what html.py's parser hides, element by element.

- Script, style, noscript, template and iframe content is never shown.
- A ruby annotation (<rt>, and the <rp> parentheses old browsers show) is drawn above its word, not in the line:
  '山路<rt>やまみち</rt>を' reads '山路を', or every annotated word is split by its reading. Its end tag is
  optional, so it ends at the next annotation, base or </ruby>, or at any block's edge. Outside a <ruby> an <rt>
  is an element like any (browsers show its text, and end it with its parent): it hid the rest of its block.
- Inline SVG shows the words of its <text> elements (a fixed-layout book converted from PDF sets every line so:
  IDPF's 'Sous le vent'), a line each, and a line for each <tspan> set at another height; nothing else: not its
  styles, titles, descriptions or metadata.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

__all__ = ["Shown"]

_HIDDEN = frozenset({"script", "style", "noscript", "template", "iframe"})
_ANNOTATIONS = frozenset({"rt", "rp"})
_RUBY_EDGES = frozenset({"rt", "rp", "rb", "rtc", "ruby"})

Seen = Literal["shown", "hidden", "line"]  # how the parser takes a tag: as usual, not at all, as a line's end


class Shown:
    """Follows a page's tags; `text` says whether the text that comes now is shown."""

    def __init__(self, blocks: frozenset[str]) -> None:
        self._blocks = blocks  # the elements whose edges end a ruby annotation left open
        self._hidden = ""  # the outermost element whose content is hidden
        self._hidden_depth = 0
        self._annotation = False
        self._ruby_depth = 0
        self._svg_depth = 0
        self._svg_text_depth = 0
        self._svg_y: str | None = None  # the y of the last <tspan> of the SVG <text> being read

    @property
    def text(self) -> bool:
        if self._hidden_depth or self._annotation:
            return False
        return not self._svg_depth or self._svg_text_depth > 0

    @property
    def in_svg(self) -> bool:
        """Whether an SVG is open: inside it, as in any foreign content, `<text .../>` closes its element."""
        return self._svg_depth > 0

    @property
    def unclosed(self) -> str:
        """The element whose content was hidden when the page ended, if any (a <script> never closed)."""
        if self._hidden_depth:
            return self._hidden
        return "svg" if self._svg_depth else ""

    def start(self, tag: str, attrs: Mapping[str, str]) -> Seen:
        if tag in _HIDDEN:
            self._hidden = self._hidden if self._hidden_depth else tag
            self._hidden_depth += 1
        if self._hidden_depth:
            return "hidden"
        if tag == "svg" or self._svg_depth:
            self._svg_depth += tag == "svg"
            self._svg_text_depth += tag == "text"
            return self._svg_line(tag, attrs.get("y"))
        self._ruby_depth += tag == "ruby"
        if tag in _RUBY_EDGES or tag in self._blocks:
            self._annotation = tag in _ANNOTATIONS and self._ruby_depth > 0
        return "shown"

    def _svg_line(self, tag: str, y: str | None) -> Seen:
        """ "line" for a <tspan> set lower or higher than the one before it in its <text>: a line of its own."""
        if tag == "text":
            self._svg_y = None
        elif tag == "tspan" and y is not None:
            moved, self._svg_y = self._svg_y is not None and y != self._svg_y, y
            return "line" if moved else "hidden"
        return "hidden"

    def end(self, tag: str) -> Seen:
        if tag in _HIDDEN and self._hidden_depth:
            self._hidden_depth -= 1
            return "hidden"
        if self._hidden_depth:
            return "hidden"
        if self._svg_depth:
            if tag == "text" and self._svg_text_depth:
                self._svg_text_depth -= 1
                return "line"
            self._svg_depth -= tag == "svg"
            if not self._svg_depth:  # a <text> left open ends with its drawing: the next <svg> shows no title
                self._svg_text_depth, self._svg_y = 0, None
            return "hidden"
        self._ruby_depth -= tag == "ruby" and self._ruby_depth > 0
        if tag in _RUBY_EDGES or tag in self._blocks:
            self._annotation = False
        return "shown"
