"""Texinfo's blocks (`@example` ... `@end example`): which are shown, which are read raw, and what an @item in
the innermost list starts its line with.

What the HTML manual leaves out is hidden: @iftex, @ifinfo, @ifnothtml, @ifdocbook..., raw @tex/@latex/@html...,
@menu, @direntry, @titlepage, @macro bodies, @ignore, and @ifset/@ifclear as the flags decide. A hidden block
still counts its nested blocks, so that their @end lines close the right one. @ignore, @verbatim, @macro and raw
formats are read raw: nothing inside them is a command but their own @end (nested @ignore counts). An @end names
the block it closes: it closes the innermost of that name among the _SEARCHED innermost, else nothing (a stray
@end costs no walk down a deep stack).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Blocks"]

_HIDDEN = frozenset({"iftex", "ifinfo", "ifnothtml", "ifdocbook", "iflatex", "ifxml", "ifplaintext", "menu",
                     "direntry", "detailmenu", "titlepage", "documentdescription", "nodedescriptionblock"})  # fmt: skip
_RAW_HIDDEN = frozenset({"ignore", "tex", "latex", "html", "docbook", "xml", "macro", "rmacro", "linemacro"})
_RAW_SHOWN = frozenset({"verbatim"})
_SHOWN = frozenset({"ifhtml", "ifnottex", "ifnotinfo", "ifnotdocbook", "ifnotlatex", "ifnotxml", "ifnotplaintext",
                    "example", "smallexample", "lisp", "smalllisp", "display", "smalldisplay", "format",
                    "smallformat", "quotation", "smallquotation", "cartouche", "group", "indentedblock",
                    "smallindentedblock", "flushleft", "flushright", "raggedright", "float", "copying", "itemize",
                    "enumerate", "table", "ftable", "vtable", "multitable", "titlepage_", "sidebar", "displaymath",
                    "ifcommanddefined", "ifcommandnotdefined", "nodedescription"})  # fmt: skip
_DEF_LINES = frozenset({"definfoenclose", "defline", "deftypeline"})  # def... lines that open no block
_SEARCHED = 8
_END = re.compile(r"[ \t]*@end[ \t]+([A-Za-z]+)")
_TAB = re.compile(r"@tab(?![A-Za-z0-9])")
_OPEN = re.compile(r"[ \t]*@([A-Za-z]+)(?![A-Za-z0-9{])")


@dataclass
class _Block:
    name: str
    shown: bool
    count: int = 0  # items so far, in an enumerate
    start: str = "1"


@dataclass
class Blocks:
    """The open blocks, innermost last; counts kept so that each question is answered without a walk."""

    stack: list[_Block] = field(default_factory=list)
    hidden: int = 0
    title_page: int = 0
    copying: int = 0
    raw: str = ""  # the raw block being read ("ignore", "verbatim"...), or ""
    raw_depth: int = 0  # @ignore within @ignore

    def opens(self, name: str, rest: str, values: dict[str, str]) -> bool:
        """Open the block `name` starts, if it starts one; True when the line is nothing but that."""
        if name in _RAW_HIDDEN or name in _RAW_SHOWN:
            self._push(_Block(name, name in _RAW_SHOWN))
            self.raw, self.raw_depth = name, 1
            return True
        if name in ("ifset", "ifclear"):
            flag = rest.split()[0] if rest.split() else ""
            self._push(_Block(name, (flag in values) == (name == "ifset")))
            return True
        if name in _HIDDEN or name in _SHOWN:
            self._push(_Block(name, name not in _HIDDEN, start=rest.strip() or "1"))
            return True
        if name.startswith("def") and not name.endswith(("x", "index")) and name not in _DEF_LINES:
            self._push(_Block(name, True))  # its line is its first text: "Command name args"
        return False

    def closes_raw(self, line: str) -> bool:
        """Whether `line`, read inside a raw block, ends it (an @ignore nested in one counts)."""
        if "@" not in line:
            return False
        if self.raw == "ignore" and (opened := _OPEN.match(line)) and opened.group(1) == "ignore":
            self.raw_depth += 1
            return False
        ended = _END.match(line)
        if ended is None or ended.group(1) != self.raw:
            return False
        self.raw_depth -= 1
        if self.raw_depth:
            return False
        self.close(self.raw)
        self.raw = ""
        return True

    def close(self, name: str) -> None:
        """Close the innermost block named `name`, and those inside it (left open by mistake)."""
        for depth in range(len(self.stack) - 1, max(-1, len(self.stack) - 1 - _SEARCHED), -1):
            if self.stack[depth].name == name:
                while len(self.stack) > depth:
                    self._pop()
                return

    def unclosed_hidden(self) -> str:
        """The outermost hidden block still open at the end of the manual ("" for none): all after it was left out."""
        return next((block.name for block in self.stack if not block.shown), "") if self.hidden else ""

    def shown(self) -> bool:
        return not self.hidden

    def in_title_page(self) -> bool:
        return bool(self.title_page)

    def in_copying(self) -> bool:
        return bool(self.copying)

    def item(self, rest: str) -> str:
        """The line an @item (@itemx, @headitem) starts, by the innermost list."""
        lists = ("itemize", "enumerate", "table", "ftable", "vtable", "multitable")
        block = next((b for b in reversed(self.stack[-_SEARCHED:]) if b.name in lists), None)
        if block is not None and block.name == "multitable":
            return " @tab ".join(cell.strip() for cell in _TAB.split(rest))
        if block is None or block.name not in ("itemize", "enumerate"):
            return rest
        if block.name == "itemize":
            return "- " + rest
        block.count += 1
        start = block.start
        if start.isdigit():
            marker = str(int(start[:6]) + block.count - 1)
        elif len(start) == 1 and start.isascii() and start.isalpha():
            marker = _letters(ord(start.lower()) - ord("a") + block.count, start.isupper())
        else:
            marker = str(block.count)
        return f"{marker}. {rest}"

    def _push(self, block: _Block) -> None:
        self.stack.append(block)
        self.hidden += not block.shown
        self.title_page += block.name == "titlepage"
        self.copying += block.name == "copying"

    def _pop(self) -> None:
        block = self.stack.pop()
        self.hidden -= not block.shown
        self.title_page -= block.name == "titlepage"
        self.copying -= block.name == "copying"


def _letters(number: int, upper: bool) -> str:
    """The letters of item `number` (1 a, 26 z, 27 aa), as the HTML manual's list counts past z: a list of a
    million items has letters, not characters past Unicode's end."""
    letters = ""
    while number > 0:
        number, left = divmod(number - 1, 26)
        letters = chr(ord("A" if upper else "a") + left) + letters
    return letters
