"""POD's formatting codes reduced to the text perldoc shows: `B<bold>`, `I<x>`, `C<code>`, `F<file>` and `S<x>` are
their text, `X<entry>` and `Z<>` nothing, `E<gt>` ">", `E<eacute>` "é", `E<0x263A>` "☺", and `L<...>` a link's
text: `L<text|Target>` "text", `L<Module::Name>` "Module::Name", `L<Module/section>` `"section" in Module`,
`L</section>` `"section"`, `L<https://example.org>` the address.

A code opens at a capital letter and `<` anywhere (as Pod::Simple reads them: `FOO<x>` holds the code `O<x>`, shown
as written, since O is no code). A single `<` closes at the first `>`; `C<< $a->b >>` (two or more `<`, then
blanks) closes at blanks and as many `>`, so the `>` of `->` inside it is text. One left-to-right pass over the
tokens (`X<...`, a run of blanks with the `>`s after it, a run of `>`) with an explicit stack: nesting of any depth
costs no recursion, and no character is looked at twice. Codes that only style their text put it straight into
the text around them; only `L`, `E`, `X` and `Z` keep a buffer of their own, and past _MAX_BUFFERED of those open
at once the rest style only. Codes left open at the paragraph's end close there.
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import dataclass, field

__all__ = ["reduce_codes"]

_TOKEN = re.compile(r"[A-Z]<+|\s+>*|>+")  # each alternative fails at its first character or takes its whole run
_STYLES = frozenset("BICFS")  # their text is shown as it is
_BUFFERED = frozenset("LEXZ")  # their text is rearranged (L, E) or dropped (X, Z)
_MAX_BUFFERED = 32
_BAR, _SLASH = "\ue000", "\ue001"  # E<verbar> and E<sol> in a link: text, not the link's separators
_ESCAPES = {"lt": "<", "gt": ">", "verbar": _BAR, "sol": _SLASH, "apos": "'", "quot": '"', "amp": "&"}
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?!:)\S+\Z")  # L<https://...>, L<mailto:x@y> (Module::Name is none)
_NUMBER = re.compile(r"0[xX][0-9A-Fa-f]{1,8}|0[0-7]{1,11}|[0-9]{1,10}")


@dataclass
class _Frame:
    """An open code: its letter, how many `<` opened it (1: a single-angle code), and its own text if buffered."""

    letter: str
    angles: int
    text: list[str] | None = None  # None: its text goes to the text around it


@dataclass
class _Out:
    """Where the pass writes: the innermost buffered code's text, or the result."""

    result: list[str] = field(default_factory=list)
    stack: list[_Frame] = field(default_factory=list)
    buffers: list[list[str]] = field(default_factory=list)

    def write(self, text: str) -> None:
        if text:
            (self.buffers[-1] if self.buffers else self.result).append(text)

    def open(self, letter: str, angles: int) -> None:
        buffered = letter in _BUFFERED and len(self.buffers) < _MAX_BUFFERED
        frame = _Frame(letter, angles, [] if buffered else None)
        self.stack.append(frame)
        if frame.text is not None:
            self.buffers.append(frame.text)
        elif letter not in _STYLES and letter not in _BUFFERED:
            self.write(letter + "<" * angles + (" " if angles > 1 else ""))  # no code: shown as written

    def close(self) -> None:
        frame = self.stack.pop()
        if frame.text is None:
            if frame.letter not in _STYLES and frame.letter not in _BUFFERED:
                self.write((" " if frame.angles > 1 else "") + ">" * frame.angles)
            return
        self.buffers.pop()
        self.write(_shown(frame.letter, "".join(frame.text)))

    def angles_closed(self, run: int) -> None:
        """A run of `>` with no blank before it: each closes the innermost single-angle code, else is text."""
        while run and self.stack and self.stack[-1].angles == 1:
            self.close()
            run -= 1
        self.write(">" * run)


def reduce_codes(text: str) -> str:
    """`text` (one paragraph) with its formatting codes reduced; see the module docstring."""
    if "<" not in text:
        return text
    out = _Out()
    position = 0
    after_opening = -1  # where a multi-angle code's opening ends: the blanks there are part of it
    for token in _TOKEN.finditer(text):
        word, start = token.group(), token.start()
        if word[0].isspace() and word[-1] != ">":  # blanks: text, unless they end a multi-angle code's opening
            if start == after_opening:
                out.write(text[position:start])
                position = token.end()
            continue
        out.write(text[position:start])
        position = token.end()
        if word[0] == ">":
            out.angles_closed(len(word))
            continue
        if word[0].isspace():
            _blanks_then_angles(out, word, dropped=start == after_opening)
            continue
        angles = len(word) - 1
        if angles > 1 and position < len(text) and text[position].isspace():
            out.open(word[0], angles)
            after_opening = position
        else:
            out.open(word[0], 1)
            out.write("<" * (angles - 1))
    out.write(text[position:])
    while out.stack:
        out.close()
    return "".join(out.result).replace(_BAR, "|").replace(_SLASH, "/")


def _blanks_then_angles(out: _Out, word: str, dropped: bool) -> None:
    """Blanks and the `>`s after them: the end of the innermost code if it opened with as many `<` or fewer
    (the extra `>`s then close what they close); else text, the `>`s closing single-angle codes."""
    blanks = word.rstrip(">")
    run = len(word) - len(blanks)
    top = out.stack[-1] if out.stack else None
    if top is not None and 1 < top.angles <= run:
        out.close()
        out.angles_closed(run - top.angles)
        return
    if not dropped:
        out.write(blanks)
    if top is not None and top.angles > 1:
        out.write(">" * run)  # fewer than it needs: text
    else:
        out.angles_closed(run)


def _shown(letter: str, text: str) -> str:
    """What a buffered code shows, given its text."""
    if letter in "XZ":
        return ""
    if letter == "E":
        return _escape(text.strip())
    return _link(" ".join(text.split()))


def _escape(name: str) -> str:
    """E<name>: its character; as written when no character has that name or number."""
    if name in _ESCAPES:
        return _ESCAPES[name]
    if _NUMBER.fullmatch(name):
        base = 16 if name[:2] in ("0x", "0X") else 8 if name.startswith("0") and len(name) > 1 else 10
        code = int(name[2:] if base == 16 else name, base)
        return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else f"E<{name}>"
    named = html.entities.name2codepoint.get(name)
    return chr(named) if named is not None else f"E<{name}>"


def _link(text: str) -> str:
    """L<...>: the text given before `|`, an address, or the target named as perldoc names it."""
    if "|" in text:
        return text.split("|", 1)[0].strip()
    name, slash, section = text.partition("/")
    if not slash or _URL.match(text):
        return text  # L<Module::Name>, L<perlfunc(1)>, L<"section"> (an old form), an address
    section = section.strip()
    if len(section) > 1 and section[0] == section[-1] == '"':
        section = section[1:-1]
    if not section:
        return name.strip()
    return f'"{section}" in {name.strip()}' if name.strip() else f'"{section}"'
