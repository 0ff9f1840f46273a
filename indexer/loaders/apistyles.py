"""Vue's API preference: Vue's docs (vuejs.org and its translations, on @vue/theme) write much of a page twice,
once for the Options API and once for the Composition API, in `<div class="options-api">` and
`<div class="composition-api">` blocks (and `<span>`s of the same classes inside a sentence: "the
<span class="options-api">`emits` option</span><span class="composition-api">`defineEmits()` macro</span>"), and
the theme shows the one its reader chose. Both are kept here; each is labelled so that whoever reads the text can
tell which API it is about: a block's first heading and those inside it end in "(Options API)", a block that opens
with text has "Options API:" on a line above it, a span ends in "(Options API)" (unless its text is that name:
"your current preference is Options API / Composition API"), with "/" between the two styles' spans. A heading
in a block loses the `*` (Options) or `**` (Composition) that Vue's own markdown-it plugin takes off the
headings of each style.

ApiStyles follows the elements open from the first labelled one down, as the renderer (mdtext.py) feeds it raw
HTML's tags, each with where it falls in the fragment's text; at most MAX_OPEN of them, so a page of tags never
closed holds no more. The renderer then has it label what the fragment opened and closed: spans in a line
(label_spans), blocks (label_blocks), and the heading or text that comes next (`pending`, `label`).
"""

from __future__ import annotations

from indexer.loaders.htmlscan import EndTag, StartTag

__all__ = ["LABELS", "ApiStyles", "labelled_heading"]

LABELS = {"options-api": "Options API", "composition-api": "Composition API"}
MAX_OPEN = 64
# elements that never hold anything, so never close (a component's `<VueSchoolLink ... />` closes itself)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track"})


def labelled_heading(heading: str, label: str) -> str:
    """A heading of an API style's block as a reader should see it: its style mark off, its style's name on."""
    text = heading.rstrip()
    if text.endswith("*"):  # Vue's plugin takes `*` (Options API) or `**` (Composition API) off
        text = text[:-2] if text.endswith("**") else text[:-1]
    return f"{text.rstrip()} ({label})"


class ApiStyles:
    """The API style of the raw HTML's elements open at a point of a page (see the module docstring)."""

    def __init__(self) -> None:
        self._open: list[tuple[str, str]] = []  # (element, its style's label or "") from the first labelled one
        self._marks: list[tuple[str, bool, int]] = []  # the fragment's (label, opened, where in its text)
        self.pending = ""  # the style of a block opened with no text yet: its label goes above its first

    @property
    def label(self) -> str:
        """The style of the innermost labelled element open, or ""."""
        return next((label for _, label in reversed(self._open) if label), "")

    def begin(self) -> None:
        """A fragment of raw HTML starts: its tags are noted afresh."""
        self._marks = []

    def tag(self, tag: StartTag | EndTag, at: int) -> None:
        """Note `tag`, which falls at `at` in the fragment's text."""
        label = self.start(tag) if isinstance(tag, StartTag) else self.end(tag)
        if label:
            self._marks.append((label, isinstance(tag, StartTag), at))

    def label_spans(self, parts: list[str], spans: list[tuple[str, int]]) -> None:
        """A span of a style that the fragment just read closes (in the line whose text is `parts`, `spans` the
        spans open in it: label, where their text starts; "" and where the last one ended) ends in its label:
        "`emits` option (Options API)" (but one whose text is its label: "your preference is Options API"); a
        span right after another is the other style's words for the same thing: "/" between them."""
        for label, opened, _ in self._marks:
            ended = spans.pop()[1] if spans and not spans[-1][0] else None
            if opened:
                if ended is not None and not "".join(parts[ended:]).strip():
                    parts.append("/ ")
                spans.append((label, len(parts)))
            elif spans and spans[-1][0] == label:
                text = "".join(parts[spans.pop()[1] :]).strip()
                if text and text.casefold() != label.casefold():
                    parts.append(f" ({label})")
                spans.append(("", len(parts)))

    def label_blocks(self, parts: list[str]) -> None:
        """A block of a style in the fragment whose text is `parts`: its label above its text there, else
        `pending` for the first text that follows (or the heading that does)."""
        places = []
        for label, opened, at in self._marks:
            if not opened:
                self.pending = "" if self.pending == label else self.pending  # a block with no text
            elif "".join(parts[at:]).strip():
                places.append((at, f"\n{label}:\n"))
                self.pending = ""
            else:
                self.pending = label
        for at, line in reversed(places):
            parts.insert(at, line)

    def start(self, tag: StartTag) -> str:
        """The style `tag` opens an element of, or ""."""
        if tag.self_closing or tag.name in _VOID or len(self._open) >= MAX_OPEN:
            return ""
        label = next((LABELS[name] for name in tag.attrs.get("class", "").split() if name in LABELS), "")
        if label or self._open:
            self._open.append((tag.name, label))
        return label

    def end(self, tag: EndTag) -> str:
        """The style of the element `tag` closes, or "" (also when it closes none that start() was given)."""
        for depth in range(len(self._open) - 1, -1, -1):
            if self._open[depth][0] == tag.name:
                label = self._open[depth][1]
                del self._open[depth:]
                return label
        return ""
