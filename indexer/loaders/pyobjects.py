"""One Python module's objects, read from its source with ast, never imported or run (pysource.py finds the
module): each module's, class's and function's docstring, signature and members.

- An object's members are those of its body, in source order, conditional definitions (`if`, `try`, `with`)
  included: functions, classes, properties (a setter is none), and data or attributes, whose docstring is a string
  right below them or a `#:` comment above or beside them (a class's also those its methods set on the instance,
  `self.x = x`, with such a docstring); a module's `__all__` is kept, with what `__all__ += [...]` adds,
  whether it grows in ways only running it tells (`grown`), and the docstrings it sets by assignment
  (`doc_from`; pyruntime.py).
- A function's signature is its parameters, and a class's its `__init__`'s (or `__new__`'s), or a dataclass's,
  attrs class's or NamedTuple's its fields, as Sphinx writes them (pysignatures.py); a data's or attribute's its
  annotation and value (a value longer than 100 characters is left out).
- Source written for a newer Python than this one's ast reads is read without its type parameters (`class Box[T]`).
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from indexer.loaders.pyruntime import doc_set, grow_all
from indexer.loaders.pysignatures import FIELD_DECORATORS, arguments, assigned, decorator_name, fields

_EXCEPTION_BASES = ("Error", "Exception", "Warning", "Exit", "Interrupt")
_VALUE_CHARS = 100  # of a data's or attribute's value shown, at most
_TYPE_PARAMETERS = re.compile(  # Python 3.12's `type Alias[T] = ...`, `class Box[T]`, `def first[T]`
    r"^(?P<indent>[ \t]*)"
    r"(?:type[ \t]+(?P<alias>\w+)[ \t]*(?=[\[=])|(?P<definition>(?:async[ \t]+)?(?:def|class)[ \t]+\w+)(?=\[))",
    re.MULTILINE,
)


@dataclass
class PyObject:
    """One Python object as its source gives it: its kind (the Python domain's: module, class, exception,
    function, method, property, data, attribute), signature (after the name), docstring, bases and members (a
    module's or a class's, in source order)."""

    kind: str
    name: str
    signature: str = ""
    doc: str = ""
    bases: list[str] = field(default_factory=list)
    members: dict[str, PyObject] = field(default_factory=dict)
    exported: list[str] | None = None  # a module's __all__
    grown: bool = False  # whether a module's __all__ is added to in ways not read (`__all__ += numeric.__all__`)
    # a module's `f.__doc__ = g.__doc__` (f -> ("g", "")) and `f.__doc__ = "text"` (f -> ("", "text"))
    doc_from: dict[str, tuple[str, str]] = field(default_factory=dict)
    scope: PyObject | None = None  # a class's module, where the names of its bases are
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)  # a module's: name -> (module, its name there)
    stars: list[str] = field(default_factory=list)  # the modules a module imports everything from (`import *`)
    called: PyObject | None = None  # an undocumented data's, made by a class with __call__: the function it is


@functools.lru_cache(maxsize=32)
def parsed_module(name: str, text: str, package: bool, init_doc: str) -> PyObject | None:
    """The module `name` from its source text, parsed once for the pages that document it (every page still reads
    the file, so a change to it is seen): shared, so nothing changes a PyObject once it is made."""
    tree = _tree(text)
    if tree is None:
        return None
    lines = text.split("\n")
    module = PyObject("module", name, doc=ast.get_docstring(tree) or "")
    package_name = name if package else name.rpartition(".")[0]
    _collect(module, statements(tree.body), lines, package_name, module, init_doc)
    if module.exported is not None:
        module.grown = grow_all(tree, module.exported)
    return module


def _tree(text: str) -> ast.Module | None:
    """A module's syntax tree; one written for a newer Python than this one's ast reads is read without its type
    parameters (`type Alias[T] = int | T` as `Alias = int | T`, `class Box[T](Base)` as `class Box(Base)`)."""
    for attempt in (text, _without_type_parameters(text)):
        try:
            return ast.parse(attempt)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None


def _without_type_parameters(text: str) -> str:
    """`text` with the type parameters of its aliases, classes and functions taken out; their lines become
    continuation lines, so that each statement keeps its line number (a `#:` comment is found by it)."""
    parts: list[str] = []
    at = 0
    for match in _TYPE_PARAMETERS.finditer(text):
        parts.append(text[at : match.start()])
        parts.append(match["indent"] + (f"{match['alias']} " if match["alias"] else match["definition"]))
        at = match.end()
        if text.startswith("[", at):
            end = _bracket_end(text, at)
            parts.append("\\\n" * text.count("\n", at, end))
            at = end
    return "".join([*parts, text[at:]])


def _bracket_end(text: str, start: int) -> int:
    """Where the bracket opened at `start` closes (just after it)."""
    depth = 0
    for at in range(start, len(text)):
        depth += {"[": 1, "]": -1}.get(text[at], 0)
        if depth == 0:
            return at + 1
    return len(text)


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A body's statements, and those of its `if`, `try` and `with` blocks (conditional definitions)."""
    for node in body:
        if isinstance(node, ast.If):
            yield from statements(node.body)
            yield from statements(node.orelse)
        elif isinstance(node, ast.Try | ast.TryStar):
            yield from statements(node.body)
            for handler in node.handlers:
                yield from statements(handler.body)
            yield from statements(node.orelse)
        elif isinstance(node, ast.With | ast.AsyncWith):
            yield from statements(node.body)
        else:
            yield node


def _collect(
    owner: PyObject, statements: Iterator[ast.stmt], lines: list[str], package: str, scope: PyObject, init_doc: str
) -> None:
    """The members of a module or class from its statements (in source order); `scope`: their module."""
    in_class = owner.kind in ("class", "exception")
    previous: ast.stmt | None = None
    for node in statements:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            _add_function(owner, node, in_class)
            if in_class:
                _add_instance_attributes(owner, node, lines)
        elif isinstance(node, ast.ClassDef):
            _add(owner, _class(node, lines, package, scope, init_doc))
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            _add_assignment(owner, node, lines)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if isinstance(previous, ast.Assign | ast.AnnAssign):  # an attribute's docstring, below it
                for name in assigned(previous):
                    if name in owner.members and not owner.members[name].doc:
                        owner.members[name].doc = inspect.cleandoc(node.value.value)
        elif isinstance(node, ast.ImportFrom) and not in_class:
            base = _import_base(node, package)
            for alias in node.names:
                if alias.name == "*" and base:
                    owner.stars.append(base)
                elif base:
                    owner.imports[alias.asname or alias.name] = (base, alias.name)
        previous = node


def _add(owner: PyObject, member: PyObject) -> None:
    """A member, unless one of the name is documented already (overloads, conditional definitions)."""
    held = owner.members.get(member.name)
    if held is None or (not held.doc and member.doc):
        owner.members[member.name] = member


def _add_function(owner: PyObject, node: ast.FunctionDef | ast.AsyncFunctionDef, in_class: bool) -> None:
    decorators = {decorator_name(d) for d in node.decorator_list}
    if any(d.endswith((".setter", ".deleter")) for d in decorators):
        return
    doc = ast.get_docstring(node) or ""
    returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    if in_class and decorators & {"property", "cached_property", "functools.cached_property"}:
        annotation = f": {ast.unparse(node.returns)}" if node.returns is not None else ""
        _add(owner, PyObject("property", node.name, annotation, doc))
        return
    drop_first = in_class and "staticmethod" not in decorators
    parameters = arguments(node.args, drop_first)
    kind = "method" if in_class else "function"
    _add(owner, PyObject(kind, node.name, f"({parameters}){returns}", doc))


def _add_instance_attributes(owner: PyObject, method: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> None:
    """The attributes a method sets on the instance (`self.callback: T = callback` in `__init__`, as Scrapy's
    Request documents them) that have a docstring (a `#:` comment, or a string below), as Sphinx's analyzer finds
    them: an attribute each, its annotation its signature (its value is the instance's, never shown)."""
    positional = [*method.args.posonlyargs, *method.args.args]
    if not positional:
        return
    instance = positional[0].arg
    previous: ast.stmt | None = None
    for node in statements(method.body):
        is_text = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if is_text and previous is not None and isinstance(text := node.value.value, str):  # type: ignore[attr-defined]
            attribute, doc = previous, inspect.cleandoc(text)  # a docstring below it
        else:
            attribute, doc = node, _comment_doc(node, lines) if _set_on(node, instance) else ""
        for name in _set_on(attribute, instance) if doc else []:  # (a documented one of the class's stays)
            _add(owner, PyObject("attribute", name, _annotation(attribute), doc))
        previous = node


def _set_on(node: ast.stmt, instance: str) -> list[str]:
    """The names of the attributes an assignment sets on `instance` (`self.x = ...`, `self.x: int = ...`)."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return [
        t.attr
        for t in targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == instance
    ]


def _annotation(node: ast.stmt) -> str:
    return f": {ast.unparse(node.annotation)}" if isinstance(node, ast.AnnAssign) else ""


def _class(node: ast.ClassDef, lines: list[str], package: str, scope: PyObject, init_doc: str) -> PyObject:
    bases = [ast.unparse(b) for b in node.bases]
    exception = any(b.rsplit(".", 1)[-1].endswith(_EXCEPTION_BASES) for b in bases)
    obj = PyObject("exception" if exception else "class", node.name, doc=ast.get_docstring(node) or "", bases=bases)
    obj.scope = scope
    _collect(obj, statements(node.body), lines, package, scope, init_doc)
    init = next(
        (n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == "__init__"), None
    )
    new = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__new__"), None)
    if init is not None or new is not None:
        obj.signature = f"({arguments((init or new).args, True)})"  # type: ignore[union-attr]
        init_text = ast.get_docstring(init) if init is not None else None
        if init_text and init_doc in ("both", "init"):
            obj.doc = init_text if init_doc == "init" or not obj.doc else f"{obj.doc}\n\n{init_text}"
    elif {decorator_name(d) for d in node.decorator_list} & FIELD_DECORATORS or "NamedTuple" in {
        b.rsplit(".", 1)[-1] for b in bases
    }:
        obj.signature = f"({', '.join(fields(node))})"
    return obj


def _add_assignment(owner: PyObject, node: ast.Assign | ast.AnnAssign, lines: list[str]) -> None:
    if owner.kind == "module" and (set_doc := doc_set(node)) is not None:
        owner.doc_from[set_doc[0]] = set_doc[1]
        return
    names = assigned(node)
    if owner.kind == "module" and names == ["__all__"] and isinstance(node.value, ast.List | ast.Tuple):
        owner.exported = [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return
    kind = "data" if owner.kind == "module" else "attribute"
    annotation = f": {ast.unparse(node.annotation)}" if isinstance(node, ast.AnnAssign) else ""
    value = ast.unparse(node.value) if node.value is not None else ""
    shown = f" = {value}" if value and len(value) <= _VALUE_CHARS else ""
    doc = _comment_doc(node, lines)
    made = _callable_class(owner, node.value)
    for name in names:
        data = PyObject(kind, name, annotation + shown, doc)
        if made is not None and not doc:
            data.called = PyObject("function", name, made.members["__call__"].signature, made.doc)
        _add(owner, data)


def _callable_class(owner: PyObject, value: ast.expr | None) -> PyObject | None:
    """The class a module-level value is made from, when the module defines it with a `__call__` (pytest's
    `xfail: _XFail = _XFail()`): the value is then a function to `.. autofunction:: pytest.xfail`, which shows its
    `__call__`'s parameters and its class's docstring (to any other directive, and to mkdocstrings, it is data)."""
    if owner.kind != "module" or not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return None
    made = owner.members.get(value.func.id)
    if made is None or made.kind not in ("class", "exception") or "__call__" not in made.members:
        return None
    return made


def _comment_doc(node: ast.stmt, lines: list[str]) -> str:
    """An assignment's `#:` comment: on its own line(s) right above it, or after it on the same line."""
    line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
    if "#:" in line:
        return line.split("#:", 1)[1].strip()
    above: list[str] = []
    n = node.lineno - 2
    while n >= 0 and lines[n].strip().startswith("#:"):
        above.insert(0, lines[n].strip()[2:].strip())
        n -= 1
    return "\n".join(above)


def _import_base(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` names, absolute ("" when it climbs above the top package)."""
    if not node.level:
        return node.module or ""
    parts = package.split(".") if package else []
    if node.level - 1 > len(parts) or (node.level - 1 == len(parts) and not node.module):
        return ""
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])
