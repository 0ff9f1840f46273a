"""The man macro package (man(7): `.TH`, `.SH`, `.TP`, `.BR` ...) as text: what `man` shows on a terminal.

`.SH` and `.SS` head the page's sections (one without words heads with its next line); `.TP` puts its tag (the next
line) on a line of its own above its paragraph, `.IP` its tag before it; the alternating-font macros (`.BR
open (2)`) join their words as the fonts did, without spaces, the others with them; `.UR`/`.UE` show the text and
then the address in angle brackets, as man does; pod2man's `.Vb`/`.Ve` are no-fill code, `.Sp` a paragraph.
"""

from __future__ import annotations

from indexer.loaders.roff import arguments, inline_each
from indexer.loaders.roffpage import Driver

__all__ = ["ManMacros"]

_JOINED = frozenset({"BR", "BI", "IB", "IR", "RB", "RI"})
_SPACED = frozenset({"B", "I", "SM", "SB", "CW", "CR"})
_PARAGRAPH = frozenset({"PP", "LP", "P", "HP", "YS"})


class ManMacros(Driver):
    """A man(7) page's lines read as text; `name` and `section` from its `.TH`."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.name = ""
        self.section = ""
        self.pending = ""  # "SH" or "SS": the next line is a heading; "tag": it is a .TP's tag
        self.address = ""  # of the .UR or .MT being read

    def text(self, words: str) -> None:
        if self.pending in ("SH", "SS"):
            if words.strip():
                self.out.heading(words, 1 if self.pending == "SH" else 2)
                self.pending = ""
            return
        self.out.text(words)
        if self.pending == "tag" and words.strip():
            self.out.line_break()
            self.pending = ""

    def macro(self, name: str, rest: str) -> None:
        args = inline_each(arguments(rest), self.strings)
        if name == "TH":
            self.name, self.section = [*args, "", ""][:2]
        elif name in ("SH", "SS"):
            self.out.set_fill(True)
            self.pending = name
            if args:
                self.text(" ".join(args))
        elif name in _PARAGRAPH:
            self.out.paragraph()
        elif name in ("TP", "TQ"):
            (self.out.paragraph if name == "TP" else self.out.line_break)()
            self.pending = "tag"
        elif name == "IP":
            self.out.paragraph()
            if args and args[0].strip():
                self.out.text(args[0])
        elif name in ("RS", "RE", "in"):
            self.out.line_break()
        elif name in _JOINED:
            self.text("".join(args))
        elif name in _SPACED:
            if args:
                self.text(" ".join(args))
        else:
            self.link_or_synopsis(name, args)

    def link_or_synopsis(self, name: str, args: list[str]) -> None:
        """`.UR`/`.UE`, `.MT`/`.ME` and the synopsis macros (`.SY`, `.OP`); anything else is dropped."""
        if name in ("UR", "MT"):
            self.address = args[0] if args else ""
        elif name in ("UE", "ME") and self.address:
            self.text(f"<{self.address}>")
            self.out.joined = True
            self.text("".join(args))
            self.out.joined = False
            self.address = ""
        elif name == "SY":
            self.out.paragraph()
            self.text(" ".join(args))
        elif name == "OP":
            self.text("[" + " ".join(args) + "]")
