"""Vue's API preference: Vue's docs (vuejs.org and its translations, on @vue/theme) write much of a page twice,
once for the Options API and once for the Composition API, in `<div class="options-api">` and
`<div class="composition-api">` blocks (and `<span>`s of the same classes inside a sentence: "the
<span class="options-api">`emits` option</span><span class="composition-api">`defineEmits()` macro</span>"), and
the theme shows the one its reader chose. Both are kept here; each is labelled so that whoever reads the text can
tell which API it is about: a block's first heading and those inside it end in "(Options API)", a block that opens
with text has "Options API:" on a line above it (and the text after such blocks, shown whichever the reader
chose, "Both APIs:" unless a heading comes first), a span ends in "(Options API)" (unless its text is that name:
"your current preference is Options API / Composition API"), with "/" between the two styles' spans. A heading
in a block loses the `*` (Options) or `**` (Composition) that Vue's own markdown-it plugin takes off the
headings of each style.

ApiStyles follows the elements open from the first labelled one down, as the renderer (mdtext.py) feeds it raw
HTML's tags, each with where it falls in the fragment's text; at most MAX_OPEN of them, so a page of tags never
closed holds no more. The renderer then has it label what the fragment opened and closed: spans in a line
(label_spans), blocks (label_blocks), and the heading or text that comes next (heading_label, above_text).
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
        # the fragment's (label, opened, where in its text, the style open before it)
        self._marks: list[tuple[str, bool, int, str]] = []
        self._pending = ""  # the style of a block opened with no text yet: its label goes above its first
        self._after = False  # a block of a style with text has closed: the text that follows is both styles'
        self._labelled = False  # the text read now is a fragment's whose labels label_blocks put in

    @property
    def label(self) -> str:
        """The style of the innermost labelled element open, or ""."""
        return next((label for _, label in reversed(self._open) if label), "")

    def heading_label(self) -> str:
        """The style a heading read now is of (its block's, open), or ""."""
        label, self._pending, self._after = self.label or self._pending, "", False
        return label

    def above_text(self) -> str:
        """The line to put above a text read now: "Options API:" for the first text of a block of that style,
        "Both APIs:" for the first after such blocks (shared by both; a heading in between needs none), or ""."""
        if self._labelled:
            self._labelled = False
            return ""
        return self._above(self.label)

    def _above(self, open_now: str) -> str:
        """above_text() where `open_now` is the style open."""
        above = f"{self._pending}:" if self._pending else "Both APIs:" if self._after and not open_now else ""
        self._pending, self._after = "", False
        return above

    def begin(self) -> None:
        """A fragment of raw HTML starts: its tags are noted afresh."""
        self._marks = []

    def tag(self, tag: StartTag | EndTag, at: int) -> None:
        """Note `tag`, which falls at `at` in the fragment's text."""
        before = self.label
        label = self.start(tag) if isinstance(tag, StartTag) else self.end(tag)
        if label:
            self._marks.append((label, isinstance(tag, StartTag), at, before))

    def label_spans(self, parts: list[str], spans: list[tuple[str, int]]) -> None:
        """A span of a style that the fragment just read closes (in the line whose text is `parts`, `spans` the
        spans open in it: label, where their text starts; "" and where the last one ended) ends in its label:
        "`emits` option (Options API)" (but one whose text is its label: "your preference is Options API"); a
        span right after another is the other style's words for the same thing: "/" between them."""
        for label, opened, _, _ in self._marks:
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
        """The blocks of a style in the fragment whose text is `parts`: a label above each one's text (and
        "Both APIs:" above text after them) there; a block with no text there has its label above the first text
        that follows (or on the heading that does: above_text, heading_label)."""
        if not self._marks:
            return
        bounds = [at for _, _, at, _ in self._marks] + [len(parts)]
        opens = [before for _, _, _, before in self._marks[1:]] + [self.label]  # the style open after each
        places = []
        if "".join(parts[: bounds[0]]).strip() and (above := self._above(self._marks[0][3])):
            places.append((0, f"{above}\n"))  # the fragment's text before its first block's
        for (label, opened, at, _), end, open_after in zip(self._marks, bounds[1:], opens, strict=True):
            followed = bool("".join(parts[at:end]).strip())
            if opened:
                self._pending, self._after = ("", False) if followed else (label, self._after)
                line = f"{label}:" if followed else ""
            else:
                if self._pending == label:  # a block with no text (a lesson's link alone): nothing
                    self._pending = ""
                else:
                    self._after = True
                line = self._above(open_after) if followed else ""
            if line:
                places.append((at, f"\n{line}\n"))
        for at, line in reversed(places):
            parts.insert(at, line)
        self._labelled = bool("".join(parts).strip())

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
