"""PEP 727's `Annotated[T, Doc("...")]` in signatures, as mkdocstrings' Python handler shows it: FastAPI and Typer
document every parameter so, and their API pages are `::: typer.Typer` lines (mkdocstrings.py).

- shown_signature(): a signature with each `Annotated[T, ...]` shown as `T`, as the handler's `unwrap_annotated`
  option shows it (Typer's `Typer(*, name: str | None = Default(None), ...)`, not its 40 lines of `Doc('...')`),
  and as a page that shows no annotations in signatures (`show_signature_annotations`, off by default) shows the
  parameters' types in its Parameters section.
- documented_parameters(): where the options' `extensions` name griffe_typingdoc, the description it gives each
  parameter from its `Doc("...")` (the string's common indentation taken off, as inspect.cleandoc does), with its
  type unwrapped: the Parameters section it puts after the docstring's text; a function's, and a class's
  constructor's with `merge_init_into_class`.

Signatures are pyobjects.py's text (`(a, b: int = 1, *, c=2) -> R` for a function or class, `: T = 1` for an
attribute), read again with ast; one that does not parse is left as it is, with no documentation. Two that
pysignatures writes are no Python: a dataclass's default factory `= <factory>`, and a keyword-only field (`kw_only`,
`KW_ONLY`) without a default after one with a default. A signature is read again with its defaults blanked out
(spaces, byte for byte, so every other place stays where it was), and shown as written, defaults and all.
"""

from __future__ import annotations

import ast
import inspect
import io
import re
import tokenize
from dataclasses import dataclass
from typing import Any

from indexer.loaders.docsections import Entry
from indexer.loaders.pyobjects import PyObject

__all__ = ["ParameterDoc", "documented_parameters", "parameter_docs", "shown_signature", "unwrapped"]

_ANNOTATED = "Annotated"
_DOC = "Doc"
TYPINGDOC = "griffe_typingdoc"  # the griffe extension, as mkdocs.yml names it


def shown_signature(signature: str, options: dict[str, Any]) -> str:
    """The signature as the handler's options show it (see the module docstring)."""
    unwrap = bool(options.get("unwrap_annotated")) or not options.get("show_signature_annotations")
    return unwrapped(signature) if unwrap else signature


def documented_parameters(obj: PyObject, options: dict[str, Any]) -> list[Entry]:
    """The entries of the Parameters section griffe_typingdoc gives an object (see the module docstring)."""
    extensions = options.get("extensions")
    listed = extensions if isinstance(extensions, list) else []
    names = [e if isinstance(e, str) else next(iter(e), "") for e in listed if isinstance(e, str | dict)]
    constructor = obj.kind in ("class", "exception") and options.get("merge_init_into_class")
    if TYPINGDOC not in names or not (obj.kind in ("function", "method") or constructor):
        return []
    return [Entry(p.name, p.kind, p.text.split("\n")) for p in parameter_docs(obj.signature)]


@dataclass(frozen=True)
class ParameterDoc:
    """A parameter's name (`*args`, `**kwargs` with their stars), its type unwrapped, its description."""

    name: str
    kind: str
    text: str


def unwrapped(signature: str) -> str:
    """The signature with every `Annotated[T, ...]` written `T` (nested ones too); as it is when it has none or
    does not parse."""
    if _ANNOTATED not in signature:
        return signature
    source, prefix, suffix = _source(signature)
    tree = _parse(source)
    if tree is None:
        return signature
    text = _Text.of(source)
    shown = _unwrapped(text, tree, (0, len(text.encoded))).decode("utf-8")
    return shown[len(prefix) : len(shown) - len(suffix)]


def parameter_docs(signature: str) -> list[ParameterDoc]:
    """The parameters of a function's or class's signature that an `Annotated[T, Doc("...")]` describes, in
    order."""
    if _DOC not in signature or not signature.startswith("("):
        return []
    source = _source(signature)[0]
    tree = _parse(source)
    function = tree.body[0] if tree is not None else None
    if not isinstance(function, ast.FunctionDef):
        return []
    text = _Text.of(source)
    found = []
    for stars, arg in _arguments(function.args):
        doc = _doc(arg.annotation)
        span = text.span(arg.annotation) if arg.annotation is not None else None
        if doc is not None and arg.annotation is not None and span is not None:
            kind = _unwrapped(text, arg.annotation, span).decode("utf-8")
            found.append(ParameterDoc(stars + arg.arg, kind, doc))
    return found


def parsed_signature(signature: str) -> ast.FunctionDef | None:
    """The function a signature written `(...)` defines, parsed as its parameters' docs are (a default that does
    not parse as Python, a dataclass field's `<factory>`, left out); None when it does not parse."""
    tree = _parse(_source(signature)[0]) if signature.startswith("(") else None
    function = tree.body[0] if tree is not None and tree.body else None
    return function if isinstance(function, ast.FunctionDef) else None


def _source(signature: str) -> tuple[str, str, str]:
    """Python source that holds the signature (a function definition, or an annotated name), and what comes
    before and after it there."""
    prefix, suffix = ("def _", ": pass") if signature.startswith("(") else ("_", "")
    return f"{prefix}{signature}{suffix}", prefix, suffix


def _parse(source: str) -> ast.Module | None:
    """The source's tree; a function's whose parameters do not parse as written (see the module docstring) has
    them without their defaults, every other node where it is in `source`."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass
    spans = _default_spans(source) if source.startswith("def _(") else None
    try:
        return ast.parse(_blanked(source, spans)) if spans else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _default_spans(source: str) -> list[tuple[int, int]] | None:
    """Where each `= default` is in a function definition's parameters, from the `=` to the end of the default's
    last token (string indexes); None when the source does not tokenize."""
    starts = [0]
    for line in source.split("\n")[:-1]:  # tokenize's lines, as StringIO's readline gives them
        starts.append(starts[-1] + len(line) + 1)
    spans: list[tuple[int, int]] = []
    depth, begin, end = 0, None, 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            kind = token.exact_type
            closes = kind in (tokenize.RPAR, tokenize.RSQB, tokenize.RBRACE)
            if depth == 1 and (closes or kind == tokenize.COMMA) and begin is not None:
                spans.append((begin, end))
                begin = None
            if depth == 1 and kind == tokenize.EQUAL:
                begin = starts[token.start[0] - 1] + token.start[1]
            depth += (kind in (tokenize.LPAR, tokenize.LSQB, tokenize.LBRACE)) - closes
            if depth == 0 and closes:
                return spans
            end = starts[token.end[0] - 1] + token.end[1]
    except (tokenize.TokenError, SyntaxError):
        return None
    return None


def _blanked(source: str, spans: list[tuple[int, int]]) -> str:
    """The source with the spans made spaces, as many as their UTF-8 bytes, line breaks kept: ast's lines and
    byte columns of everything else are the same in both."""
    pieces, at = [], 0
    for begin, end in spans:
        blank = "".join(c if c in "\r\n" else " " * len(c.encode("utf-8")) for c in source[begin:end])
        pieces += [source[at:begin], blank]
        at = end
    return "".join([*pieces, source[at:]])


def _arguments(args: ast.arguments) -> list[tuple[str, ast.arg]]:
    found = [("", a) for a in [*args.posonlyargs, *args.args]]
    found += [("*", args.vararg)] if args.vararg is not None else []
    found += [("", a) for a in args.kwonlyargs]
    return found + ([("**", args.kwarg)] if args.kwarg is not None else [])


def _is_annotated(node: ast.AST) -> bool:
    if not isinstance(node, ast.Subscript):
        return False
    value = node.value
    return (isinstance(value, ast.Name) and value.id == _ANNOTATED) or (
        isinstance(value, ast.Attribute) and value.attr == _ANNOTATED
    )


def _doc(annotation: ast.expr | None) -> str | None:
    """The text of the `Doc("...")` among an `Annotated[...]`'s metadata; None when it has none."""
    if annotation is None or not _is_annotated(annotation):
        return None
    given = annotation.slice  # type: ignore[attr-defined]
    calls = [item for item in given.elts[1:] if isinstance(item, ast.Call)] if isinstance(given, ast.Tuple) else []
    for call in calls:
        name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
        if (
            name == _DOC
            and call.args
            and isinstance(text := call.args[0], ast.Constant)
            and isinstance(text.value, str)
        ):
            return inspect.cleandoc(text.value)
    return None


@dataclass(frozen=True)
class _Text:
    """Source as UTF-8 with where each of its lines starts, as ast counts them (after `\\r\\n`, `\\r` or `\\n`),
    for ast's (line, byte column) places: found once, where ast.get_source_segment splits the whole source again
    for each node, and FastAPI's signatures of 100,000 characters took seconds."""

    encoded: bytes
    starts: tuple[int, ...]

    @classmethod
    def of(cls, source: str) -> _Text:
        encoded = source.encode("utf-8")
        return cls(encoded, (0, *(m.end() for m in re.finditer(rb"\r\n|\r|\n", encoded))))

    def span(self, node: ast.AST) -> tuple[int, int] | None:
        """Where the node is in `encoded`; None when ast gives no place."""
        line, column = getattr(node, "lineno", None), getattr(node, "col_offset", None)
        end_line, end_column = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
        if line is None or column is None or end_line is None or end_column is None:
            return None
        return self.starts[line - 1] + column, self.starts[end_line - 1] + end_column


def _unwrapped(text: _Text, tree: ast.AST, span: tuple[int, int]) -> bytes:
    """The source `tree` spans with each outermost `Annotated[T, ...]` in it replaced by `T`, itself
    unwrapped."""
    cuts: list[tuple[int, int, bytes]] = []
    for node in _outermost(tree):
        given = node.slice  # type: ignore[attr-defined]
        inner = given.elts[0] if isinstance(given, ast.Tuple) and given.elts else given
        where, inner_where = text.span(node), text.span(inner)
        if where is not None and inner_where is not None:
            cuts.append((*where, _unwrapped(text, inner, inner_where)))
    pieces, at = [], span[0]
    for start, end, replacement in sorted(cuts):
        pieces += [text.encoded[at:start], replacement]
        at = end
    return b"".join([*pieces, text.encoded[at : span[1]]])


def _outermost(tree: ast.AST) -> list[ast.AST]:
    """The `Annotated[...]` nodes in `tree` (itself too) that no other holds."""
    if _is_annotated(tree):
        return [tree]
    return [found for child in ast.iter_child_nodes(tree) for found in _outermost(child)]
