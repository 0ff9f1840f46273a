"""The docstrings of a Julia package's source, read as text (never run), for Documenter.jl's ```@docs and
```@autodocs blocks (juliadocs.py).

A file is read line by line, once: a docstring is a string that stands alone on its lines (`\"\"\"` opening a line,
`@doc \"\"\"`, `@doc raw\"\"\"`, or a one-line `"..."`) right above the object it documents, whose name the next
line gives (`function f(x)`, `f(x) = ...`, `struct T`, `mutable struct`, `abstract type`, `macro m`, `const C`,
`module M`, after macros: `@kwdef struct`, `@inline function f`; or the bare name). Other strings are skipped whole,
so that their closing line opens nothing: one a line of code takes (`s = \"\"\"`, or below a line that goes on:
`msg =`, `f(`, `x *`), and one in a comment or a one-line string (`# use \"\"\"`). `module M` lines say which
module a file's later docstrings are in (an included file's are in its includer's), and `include("x.jl")` lines
name the files read next, depth first, as Julia loads them. A `const NAME` whose value is a string literal (or
one-line literals joined by `*`) is kept, for the docstrings that interpolate it (`$NAME`).
The text is as written, a triple-quoted string's common indent removed: its escapes (`\\$`) and its
interpolations (`$(SIGNATURES)`) are for juliadocs.py to read in one pass, as Julia does (a `raw\"\"\"` string's
`$` and `\\` are escaped, so that they stand as written). `function`, `macro` and the like are whole words
(`constrain(x)` is named constrain).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

__all__ = ["Docstring", "JuliaFile", "read_julia", "signature_of"]

_TRIPLE = '"""'
_OPENING = re.compile(r'^[ \t]*(?:@doc[ \t]+)?(raw)?"""(.*)$')
_ONE_LINE = re.compile(r'^[ \t]*(?:@doc[ \t]+)?"((?:[^"\\\n]|\\.){1,2000})"[ \t]*$')
_MODULE = re.compile(r"^[ \t]*(?:bare)?module[ \t]+([A-Za-z_]\w*)")
_INCLUDE = re.compile(r'^[ \t]*include\([ \t]*"([^"\n$]{1,300})"[ \t]*\)')
_PREFIX = re.compile(
    r"^[ \t]*(?:(?:[A-Za-z_]\w*\.)*@[A-Za-z_]\w*[ \t]+)*"  # macros on the definition: `@inline`, `Base.@kwdef`
    r"(?:(?P<keyword>(?:mutable[ \t]+)?struct|abstract[ \t]+type|primitive[ \t]+type|function|module|baremodule"
    r"|const|macro)(?![\w!]))?"  # a whole word: `constrain(x)` and `macroexpand_all` are names
    r"[ \t]*"
)
_MACROS = re.compile(r"^[ \t]*(?:(?:[A-Za-z_]\w*\.)*@[A-Za-z_]\w*[ \t]+)*(?:function[ \t]+)?")
_SHORT_FORM = re.compile(r"^([^=\n]*?\))[ \t]*=[ \t]")  # `f(x) = body`
_NAME = re.compile(r"@?[A-Za-z_][\w!]*(?:\.@?[A-Za-z_][\w!]*)*")
_PIECE = re.compile(r'^[ \t]*"((?:[^"\\\n]|\\.){0,2000})"[ \t]*(\*)?[ \t]*$')  # `"text" *`: a piece of a string
_CONSTANT = re.compile(r"^[ \t]*const[ \t]+([A-Za-z_]\w*)[ \t]*=[ \t]*(.*)$")
_TOKEN = re.compile(r'"""|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)\'|#')  # a string, a character, a comment
_GOES_ON = ("=", ",", "(", "[", "*")  # a line of code that ends so takes the string below: no docstring
_KEYWORDS = frozenset({"end", "return", "if", "else", "elseif", "for", "while", "begin", "let", "try", "catch",
                       "finally", "do", "quote", "using", "import", "export", "true", "false", "nothing"})  # fmt: skip


@dataclass(frozen=True)
class Docstring:
    """One docstring: the object's name as written (`f`, `Base.show`, `@m`), its module, the line that defines
    it (for DocStringExtensions' `$(SIGNATURES)`), and its Markdown, as written in an ordinary string (escapes
    and interpolations kept)."""

    name: str
    module: str
    definition: str
    markdown: str


@dataclass(frozen=True)
class JuliaFile:
    """What one source file gives: its docstrings, and the files it includes, in order, each with the module it
    is included in."""

    docstrings: tuple[Docstring, ...]
    includes: tuple[tuple[str, str], ...]
    constants: tuple[tuple[str, str], ...]  # `const NAME = """text"""`: what a docstring's `$NAME` puts in


def read_julia(text: str, module: str) -> JuliaFile:
    """The docstrings, includes and string constants of a Julia file whose code is in `module` until a `module`
    line says another."""
    lines = text.split("\n")
    found: list[Docstring] = []
    includes: list[tuple[str, str]] = []
    constants: list[tuple[str, str]] = []
    in_string = False
    previous = ""  # the code of the last line above that holds some: one that goes on (`msg =`) takes a string
    at = 0
    while at < len(lines):
        line = lines[at]
        if in_string:  # inside a triple-quoted string that is no docstring: until the line that closes it
            in_string = _scan(line, True)[0]
            at += 1
            continue
        if (named := _MODULE.match(line)) is not None:
            module = named.group(1)
        elif (included := _INCLUDE.match(line)) is not None:
            includes.append((included.group(1), module))
        elif (constant := _CONSTANT.match(line)) is not None and (value := _string_value(lines, at, constant)):
            constants.append((constant.group(1), value[0]))
            at = value[1]
            continue
        opening = _OPENING.match(line)
        single = _ONE_LINE.match(line) if opening is None else None
        if (opening is None and single is None) or previous.endswith(_GOES_ON):  # code, or a string it takes
            in_string, code = _scan(line, False)
            previous = code.rstrip() if code.strip() else previous
            at += 1
            continue
        body, after, at = _docstring(lines, at, opening, single)
        definition, at = (after, at) if after else _next_line(lines, at)
        previous = ""
        name = _object_name(definition)
        if name:
            found.append(Docstring(name, module, definition.strip(), body))
    return JuliaFile(tuple(found), tuple(includes), tuple(constants))


def _scan(line: str, in_string: bool) -> tuple[bool, str]:
    """Whether a triple-quoted string is open at the end of `line` (open at its start when `in_string`), and the
    line without its comment: a `\"\"\"` in a comment (`# use \"\"\" here`) or in a one-line string opens none."""
    at = 0
    while True:
        if in_string:
            end = line.find(_TRIPLE, at)
            if end < 0:
                return True, line
            in_string, at = False, end + len(_TRIPLE)
            continue
        token = _TOKEN.search(line, at)
        if token is None:
            return False, line
        if token.group() == "#":
            return False, line[: token.start()]
        in_string, at = token.group() == _TRIPLE, token.end()


def _string_value(lines: list[str], at: int, constant: re.Match[str]) -> tuple[str, int] | None:
    """The text of the string a `const NAME =` line gives (on that line, or opening the next; one-line strings
    joined by `*` at their lines' ends too), and the line after it; None when the value is no string literal
    (`"a" * b`: not read)."""
    rest = constant.group(2)
    if not rest.strip() and at + 1 < len(lines):
        at, rest = at + 1, lines[at + 1]
    opening = _OPENING.match(rest)
    if opening is not None:
        text, after, end = _docstring(lines, at, opening, None)
        return (text, end) if not after else None
    pieces: list[str] = []
    while (piece := _PIECE.match(rest)) is not None:
        pieces.append(piece.group(1))
        at += 1
        if not piece.group(2) or at >= len(lines):
            return "".join(pieces), at
        rest = lines[at]
    return None


def _docstring(
    lines: list[str], at: int, opening: re.Match[str] | None, single: re.Match[str] | None
) -> tuple[str, str, int]:
    """The docstring that starts on line `at`: its text, what follows its closing quotes on their line, and the
    line after it."""
    if single is not None:
        return single.group(1), "", at + 1
    assert opening is not None
    raw, rest = opening.group(1), opening.group(2)
    if _TRIPLE in rest:  # """One line."""
        text, _, after = rest.partition(_TRIPLE)
        return _as_written(text, raw), after.strip(), at + 1
    body = [rest] if rest.strip() else []
    end = at + 1
    while end < len(lines) and _TRIPLE not in lines[end]:
        end += 1
    last, _, after = lines[end].partition(_TRIPLE) if end < len(lines) else ("", "", "")
    text = textwrap.dedent("\n".join(body + lines[at + 1 : end] + [last])).strip("\n")
    return _as_written(text, raw), after.strip(), end + 1


def _as_written(text: str, raw: str | None) -> str:
    """A string's text as it would be written in an ordinary string: a `raw\"\"\"` one's `\\` and `$` escaped, so
    that filling it in (juliadocs.py) shows them as they stand, never as interpolation."""
    return text.replace("\\", "\\\\").replace("$", "\\$") if raw else text


def _next_line(lines: list[str], at: int) -> tuple[str, int]:
    """The first line from `at` that is not blank ("" at the end), and the line after the blank ones."""
    while at < len(lines) and not lines[at].strip():
        at += 1
    return (lines[at], at) if at < len(lines) else ("", at)


def _object_name(definition: str) -> str:
    """The name a docstring's object is defined (or named) by on its line; "" for none (a functor, an operator)."""
    prefix = _PREFIX.match(definition)
    rest = definition[prefix.end() :] if prefix else definition
    name = _NAME.match(rest)
    if name is None or name.group() in _KEYWORDS:
        return ""
    macro = prefix is not None and prefix.group("keyword") == "macro" and not name.group().startswith("@")
    return "@" + name.group() if macro else name.group()


def signature_of(definition: str) -> str:
    """The signature a function's defining line gives, as DocStringExtensions shows it: without the macros and
    the `function` before it, nor the body of a short form after it (`f(x) = x` is `f(x)`)."""
    macros = _MACROS.match(definition)
    signature = definition[macros.end() if macros else 0 :].strip()
    short = _SHORT_FORM.match(signature)
    return short.group(1) if short else signature
