"""The mdoc macro package (mdoc(7), the BSDs' and OpenSSH's pages: `.Sh`, `.Nm`, `.Fl`, `.Op` ...) as the text
mandoc shows on a terminal.

A line's macros are called in turn, each on the words up to the next macro: `.Op Fl b Ar bind_address` reads
`[-b bind_address]`, `.Xr ssh_config 5` `ssh_config(5)`, `.Pq`/`.Dq`/`.Sq`/`.Op` enclose the rest of the line
(its closing punctuation left after them), `.Ns` joins what follows without a space, a lone `.` `,` `)` attaches
to the word before it and `(` to the one after. Lists (`.Bl`/`.It`/`.El`): an item's head on a line above its
text, bullets and numbers before it, a column list's cells joined by " | "; `.Bd -literal` and `.Dl` are code;
`.Ex -std` and `.Rv -std` say what mandoc says. A macro not known is dropped with its words.
"""

from __future__ import annotations

from indexer.loaders.roff import arguments, inline
from indexer.loaders.roffpage import Driver

__all__ = ["MAX_NESTING", "MdocMacros"]

MAX_NESTING = 16  # enclosing macros within each other on a line (mandoc's pages nest 3 or 4)

_ENCLOSING = {"Pq": "()", "Dq": "“”", "Sq": "\u2018\u2019", "Qq": '""', "Op": "[]", "Aq": "⟨⟩", "Bq": "[]", "Brq": "{}",
              "Ql": "\u2018\u2019"}  # fmt: skip
_OPENING = {"Oo": "[", "Po": "(", "Do": "“", "So": "\u2018", "Qo": '"', "Ao": "⟨", "Bo": "[", "Bro": "{", "Eo": ""}
_CLOSING = {"Oc": "]", "Pc": ")", "Dc": "”", "Sc": "\u2019", "Qc": '"', "Ac": "⟩", "Bc": "]", "Brc": "}", "Ec": ""}
_WORDS = frozenset({"Ar", "Cm", "Ic", "Ev", "Dv", "Er", "Li", "Em", "Sy", "No", "Ad", "Ms", "Mt", "An", "Cd", "Ft",
                    "Ot", "Vt", "Va", "Fa", "Tn", "Lb", "Sx", "Pa", "Nm", "Fl", "Xr", "Fn", "Lk", "Ta", "Ns", "Ap",
                    "Pf", "Bsx", "Bx", "Dx", "Fx", "Nx", "Ox", "Ux", "At", "St", "Xo", "Xc", "Tg", "Sm"})  # fmt: skip
_CALLABLE = _WORDS | _ENCLOSING.keys() | _OPENING.keys() | _CLOSING.keys()
_SYSTEMS = {"Bsx": "BSD/OS", "Dx": "DragonFly", "Fx": "FreeBSD", "Nx": "NetBSD", "Ox": "OpenBSD", "Ux": "UNIX",
            "At": "AT&T UNIX"}  # fmt: skip
_STANDARDS = {"-p1003.1": "IEEE Std 1003.1 (“POSIX.1”)", "-isoC": "ISO/IEC 9899:1990 (“ISO C90”)",
              "-isoC-99": "ISO/IEC 9899:1999 (“ISO C99”)", "-ansiC": "ANSI X3.159-1989 (“ANSI C89”)"}  # fmt: skip
_CLOSE_MARKS = frozenset({".", ",", ";", ":", "?", "!", ")", "]"})
_OPEN_MARKS = frozenset({"(", "["})
_LINE_FIRST = frozenset({"Nm", "Fn", "Ft", "Fd", "In", "Fo"})  # in SYNOPSIS, each on a line of its own


class _Words:
    """Words with the spaces mandoc puts between them, no more of them than `budget` characters: a line's words
    are its own, but a bare `Nm` repeats the page's name (a line of 100,000 `Nm` once made a gigabyte)."""

    def __init__(self, spacing: bool, budget: int) -> None:
        self.parts: list[str] = []
        self.glued = False  # the next word follows without a space
        self.spacing = spacing  # False between .Sm off and .Sm on: no word has a space before it
        self.left = budget

    def add(self, word: str, space: bool = True) -> None:
        self.left -= len(word) + 1
        if self.left < 0:
            return
        spaced = self.parts and space and not self.glued and self.spacing
        self.parts.append(" " + word if spaced else word)  # joined once, at the end (text())
        self.glued = False

    def word(self, raw: str, spaced: bool = True) -> None:
        if raw in _CLOSE_MARKS:
            self.add(raw, space=False)
        else:
            self.add(inline(raw), space=spaced)
            self.glued = raw in _OPEN_MARKS

    def text(self) -> str:
        return "".join(self.parts)


class MdocMacros(Driver):
    """An mdoc(7) page's lines read as text; `name` (its first `.Nm`) and `section` from its `.Dt`."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.name = ""
        self.section = ""
        self.heading = ""
        self.lists: list[str] = []  # the type of each open .Bl
        self.items: list[int] = []  # the items of each so far
        self.spacing = True  # .Sm off: words without spaces
        self.unspaced = False  # words were written since .Sm off (the first has its space)
        self.function: list[str] | None = None  # .Fo name, then its .Fa arguments, to .Fc
        self.head_open = False  # an .It head continued by .Xo to .Xc
        self.nesting = 0  # enclosing macros (.Op, .Dq ...) being read within each other

    def text(self, words: str) -> None:
        if not self.spacing:
            self.out.joined = self.out.joined or self.unspaced
            self.unspaced = True
        self.out.text(words)

    def text_line(self, line: str) -> None:
        if not line.strip():
            self.out.paragraph()
            return
        super().text_line(line)

    def macro(self, name: str, rest: str) -> None:
        args = arguments(rest)
        if name == "Dt":
            self.section = inline(args[1]) if len(args) > 1 else ""
        elif name in ("Sh", "Ss"):
            self.out.set_fill(True)
            self.heading = inline(" ".join(args))
            self.out.heading(self.heading, 1 if name == "Sh" else 2)
        elif name in ("Pp", "Lp"):
            self.out.paragraph()
        elif name == "Nd":
            self.text("— " + self.phrase(args))
        elif name in ("Bl", "El", "It"):
            self.listing(name, args)
        elif name in ("Bd", "Ed", "Dl", "D1"):
            self.display(name, args)
        elif name in ("Rs", "Re") or name.startswith("%"):
            self.reference(name, args)
        elif name in ("Fo", "Fa", "Fc") and (name == "Fo" or self.function is not None):
            self.function_call(name, args)
        elif name in ("Ex", "Rv"):
            self.standard_text(name, args)
        elif name == "In":
            self.out.line_break()
            self.text(f"#include <{inline(args[0]) if args else ''}>")
        elif name in _CALLABLE or name == "Fd":
            self.call_line(name, args)

    def call_line(self, name: str, args: list[str]) -> None:
        if name == "Nm" and not self.name and args:
            self.name = inline(args[0])
        if name in _LINE_FIRST and self.heading == "SYNOPSIS" and not self.head_open:
            self.out.line_break()
        if name == "Sm":
            self.spacing = args[0] != "off" if args else not self.spacing
            self.unspaced = False
            return
        words = self.phrase([name, *args])
        self.text(words)
        if name == "Xc" or (self.head_open and "Xc" in args):
            self.head_open = False
            self.out.line_break()

    def phrase(self, tokens: list[str]) -> str:
        """The words of a macro line's tokens, each macro called on the words up to the next one."""
        words = _Words(self.spacing, sum(map(len, tokens)) + 10_000)  # as inline() bounds strings
        at = 0
        while at < len(tokens):
            token = tokens[at]
            if token in _CALLABLE:
                at = self.call(token, tokens, at + 1, words)
            else:
                words.word(token)
                at += 1
        return words.text()

    def call(self, name: str, tokens: list[str], at: int, words: _Words) -> int:
        """One macro on `tokens` from `at`: the index after the words it took."""
        end = at
        stops = _CLOSE_MARKS if name == "Fl" else _CLOSE_MARKS | {"|"}  # `Fl c | s`: -c | -s, as mandoc shows it
        while end < len(tokens) and tokens[end] not in _CALLABLE and tokens[end] not in stops:
            end += 1
        own = [inline(token) for token in tokens[at:end]]
        if name in _ENCLOSING:
            last = len(tokens)
            while last > at and tokens[last - 1] in _CLOSE_MARKS:
                last -= 1
            words.add(_ENCLOSING[name][0])
            words.glued = True
            self.nesting += 1
            inner = tokens[at:last]
            # past MAX_NESTING enclosures (a line of `Op Op Op ...`), the words as they stand: each would copy the rest
            words.add(self.phrase(inner) if self.nesting <= MAX_NESTING else _plain(inner))
            self.nesting -= 1
            words.add(_ENCLOSING[name][1], space=False)
            return last
        if name in _OPENING:
            words.add(_OPENING[name])
            words.glued = True
            return at
        if name in _CLOSING:
            words.add(_CLOSING[name], space=False)
            return at
        if name in ("Ns", "Ap", "Pf"):
            words.glued = name != "Pf"
            if name == "Ap":
                words.add("'", space=False)
                words.glued = True
            elif name == "Pf" and own:
                words.add(own[0])
                words.glued = True
                return at + 1
            return at
        for word in self.own_words(name, own):
            words.add(word)
        return end

    def own_words(self, name: str, own: list[str]) -> list[str]:
        """What a macro shows of its own words."""
        if name == "Fl":
            return [word if word == "|" else "-" + word for word in own] or ["-"]
        if name == "Xr":
            return [f"{own[0]}({own[1]})", *own[2:]] if len(own) > 1 else own
        if name == "Fn":
            return [f"{own[0]}({', '.join(own[1:])})"] if own else []
        if name in _SYSTEMS:
            return [" ".join([_SYSTEMS[name], *own])]
        if name == "Bx":
            return [own[0] + "BSD", *own[1:]] if own else ["BSD"]
        if name == "St":
            return [_STANDARDS.get(own[0], own[0]), *own[1:]] if own else []
        if name == "Lk" and len(own) > 1:
            return [" ".join(own[1:]) + ":", own[0]]
        defaults = {"Ar": ["file ..."], "Pa": ["~"], "Nm": [self.name] if self.name else []}
        if name in ("Xo", "Xc", "Tg", "Ta", "Sm"):
            return own if name != "Tg" else []
        return own or defaults.get(name, [])

    def listing(self, name: str, args: list[str]) -> None:
        """`.Bl`, `.It`, `.El`: each item a paragraph, its head (a tag, a bullet, a number) first."""
        if name == "Bl":
            self.out.paragraph()
            kind = next((arg[1:] for arg in args if arg[1:] in _LIST_TYPES), "tag")
            self.lists.append(kind)
            self.items.append(0)
            return
        if name == "El":
            self.out.paragraph()
            if self.lists:
                self.lists.pop()
                self.items.pop()
            return
        kind = self.lists[-1] if self.lists else "tag"
        if self.items:
            self.items[-1] += 1
        if kind == "column":
            self.out.line_break()
            cells = " ".join(args).replace("\t", " Ta ").split(" Ta ")
            self.text(" | ".join(cell for cell in (self.phrase(arguments(c)) for c in cells) if cell))
            self.out.line_break()
            return
        self.out.paragraph()
        marks = {"bullet": "•", "dash": "-", "hyphen": "-", "enum": f"{self.items[-1] if self.items else 1}."}
        if kind in marks:
            self.text(marks[kind])
        elif args:
            self.head_open = "Xo" in args and "Xc" not in args
            self.call_line(args[0], args[1:]) if args[0] in _CALLABLE else self.text(self.phrase(args))
            if not self.head_open and kind not in ("inset", "item"):
                self.out.line_break()

    def display(self, name: str, args: list[str]) -> None:
        """`.Bd -literal` (or `-unfilled`) to `.Ed`, and `.Dl`/`.D1` lines: code, lines as written."""
        if name == "Bd":
            self.out.set_fill(not any(arg in ("-literal", "-unfilled") for arg in args))
            self.out.paragraph()
        elif name == "Ed":
            self.out.set_fill(True)
        else:
            self.out.paragraph()
            fill = self.out.fill
            self.out.set_fill(False)
            self.text(self.phrase(args))
            self.out.set_fill(fill)
            self.out.paragraph()

    def reference(self, name: str, args: list[str]) -> None:
        """`.Rs`, `%A` ... `%T` ..., `.Re`: a reference's parts in a line, joined by commas."""
        if name == "Rs":
            self.out.paragraph()
        elif name == "Re":
            self.out.joined = True
            self.text(".")
            self.out.paragraph()
        else:
            if self.out.words:
                self.out.joined = True
                self.text(",")
            self.text(self.phrase(args))

    def function_call(self, name: str, args: list[str]) -> None:
        """`.Fo name`, its `.Fa` arguments, `.Fc`: `name(arguments)`."""
        if name == "Fo":
            if self.heading == "SYNOPSIS":
                self.out.line_break()
            self.function = [inline(args[0]) if args else ""]
        elif name == "Fa" and self.function is not None:
            self.function.append(self.phrase(args))
        elif self.function is not None:
            self.text(f"{self.function[0]}({', '.join(self.function[1:])}){''.join(inline(a) for a in args)}")
            self.function = None

    def standard_text(self, name: str, args: list[str]) -> None:
        """`.Ex -std` and `.Rv -std`: the sentences mandoc writes for them."""
        names = [inline(arg) for arg in args if arg != "-std"] or [self.name]
        if name == "Ex":
            self.text(f"The {' '.join(names)} utility exits 0 on success, and >0 if an error occurs.")
        else:
            self.text(
                f"The {'(), '.join(names)}() function returns the value 0 if successful; otherwise the value -1 is "
                "returned and the global variable errno is set to indicate the error."
            )


_LIST_TYPES = frozenset({"bullet", "dash", "hyphen", "enum", "tag", "ohang", "hang", "inset", "diag", "item", "column"})


def _plain(tokens: list[str]) -> str:
    """The words of tokens, their macros' names left out (past MAX_NESTING)."""
    return " ".join(inline(token) for token in tokens if token not in _CALLABLE)
