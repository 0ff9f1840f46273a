"""Python objects read from a project's source, never imported or run: ast gives each module's, class's and
function's docstring and signature, for the pages that document them (Sphinx's autodoc: autodoc.py; mkdocstrings:
mkdocstrings.py).

- A module `pkg.mod` is `pkg/mod.py` or `pkg/mod/__init__.py` in the first of the given folders that holds it.
  Only files in the folder included files may come from are read (includes.py), and each is remembered, so that
  a change to the source reads the page again; the folders looked at without a file are remembered too.
- A name that a module imports (`from .app import Flask`, as a package's `__init__.py` offers its API; or
  `from ._api import *`) is followed to the module that defines it; a class's members are found in the bases its
  source names too.
- An object's members are those of its body, in source order, conditional definitions (`if`, `try`, `with`)
  included: functions, classes, properties (a setter is none), and data or attributes, whose docstring is a string
  right below them or a `#:` comment above or beside them (a class's also those its methods set on the instance,
  `self.x = x`, with such a docstring); a module's `__all__` is kept.
- Signatures are written as Sphinx writes them: `a, b: int = 1, *args, key=None, **kw` (a method's self or cls
  left out); a class's are its `__init__`'s (or `__new__`'s), a dataclass's, attrs class's or NamedTuple's its
  fields (`x: int = 1`, a default factory `= <factory>`), or else the nearest base's that has one
  (constructor()); a data's or attribute's its annotation and value (a value longer than 100 characters is left
  out).
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from indexer.loaders.includes import included_text, probe, warn

__all__ = ["PyObject", "PythonSource", "chosen", "on"]

_EXCEPTION_BASES = ("Error", "Exception", "Warning", "Exit", "Interrupt")
MAX_DEPTH = 6  # classes within classes, imports followed
_VALUE_CHARS = 100  # of a data's or attribute's value shown, at most
_FIELD_DECORATORS = {  # a class whose __init__ takes its fields
    *("dataclass", "dataclasses.dataclass", "pydantic.dataclasses.dataclass", "define", "frozen", "mutable"),
    *(f"{module}.{name}" for module in ("attr", "attrs") for name in ("define", "frozen", "mutable", "s", "attrs")),
}
_FIELD_CALLS = {"field", "dataclasses.field", "attr.ib", "attr.attrib", "attr.field", "attrs.field", "attrib"}
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
    scope: PyObject | None = None  # a class's module, where the names of its bases are
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)  # a module's: name -> (module, its name there)
    stars: list[str] = field(default_factory=list)  # the modules a module imports everything from (`import *`)


class PythonSource:
    """The modules of a project, looked for in `bases` (folders, in order) for the page `page` and read as its
    includes are; `init_doc`: what a class's docstring is (Sphinx's autoclass_content: "class", "both" or
    "init", which is `__init__`'s)."""

    def __init__(self, page: Path, bases: list[str], init_doc: str = "class", tool: str = "autodoc") -> None:
        self.page = page
        self.bases = list(dict.fromkeys(bases))
        self.init_doc = init_doc
        self.tool = tool
        self.modules: dict[str, PyObject | None] = {}
        self.resolved: dict[tuple[str, str], PyObject | None] = {}  # (module, name) -> what imported() found
        self.inherits: dict[tuple[int, frozenset[str]], dict[str, PyObject]] = {}  # see inherited()

    def members(self, obj: PyObject, options: dict[str, Any], depth: int) -> list[tuple[str, PyObject]]:
        """The members of a module or class that autodoc's options choose (`members`: all when "" or True, else
        the names it lists; `undoc-members`, `private-members`, `special-members`, `exclude-members`,
        `inherited-members`): with a docstring, not private nor special, a module's in its `__all__` or else
        those it defines itself."""
        wanted = options.get("members")
        if wanted is None or wanted is False:
            return []
        listed = [n.strip() for n in wanted.split(",") if n.strip()] if isinstance(wanted, str) else []
        excluded = {n.strip() for n in str(options.get("exclude-members") or "").split(",")}
        every = dict(obj.members)
        if obj.kind != "module" and on(options, "inherited-members"):
            stop = {n.strip() for n in str(options["inherited-members"]).split(",") if n.strip()}
            for name, inherited in self.inherited(obj, stop, depth).items():
                every.setdefault(name, inherited)
        if listed:
            names = listed
        elif obj.kind == "module" and obj.exported is not None:
            names = obj.exported
        else:
            names = list(every)
        found: list[tuple[str, PyObject]] = []
        for name in names:
            if name in excluded or (not listed and not chosen(name, options)):
                continue
            member: PyObject | None = every.get(name)
            if member is None and obj.kind == "module":
                member = self.imported(obj, name, depth)
            if member is None or member.kind == "module" or (not member.doc and not on(options, "undoc-members")):
                continue
            found.append((name, member))
        return found

    def inherited(self, cls: PyObject, stop: set[str], depth: int) -> dict[str, PyObject]:
        """The members a class inherits from the bases found in its source (nearest first), up to a base
        named in `stop` (`:inherited-members: dict`). Each class's once per page (a cycle of bases finds
        nothing more)."""
        key = (id(cls), frozenset(stop))
        if key in self.inherits:
            return self.inherits[key]
        found: dict[str, PyObject] = {}
        self.inherits[key] = found  # what a cycle back to this class sees: filled in below
        for written in cls.bases:
            name = written.split("[", 1)[0].strip()
            if name.rsplit(".", 1)[-1] in stop or depth >= MAX_DEPTH or cls.scope is None:
                continue
            base = self.in_scope(cls.scope, name)
            if base is None or base.kind not in ("class", "exception") or base is cls:
                continue
            for member_name, member in [*base.members.items(), *self.inherited(base, stop, depth + 1).items()]:
                found.setdefault(member_name, member)
        return found

    def constructor(self, cls: PyObject, depth: int = 0) -> str:
        """A class's signature: its own (its `__init__`'s, `__new__`'s or fields'), else that of the nearest of
        its bases found in the source that has one, as Sphinx shows a class that inherits its constructor."""
        if cls.signature or cls.scope is None or depth >= MAX_DEPTH:
            return cls.signature
        for written in cls.bases:
            base = self.in_scope(cls.scope, written.split("[", 1)[0].strip())
            if base is None or base is cls or base.kind not in ("class", "exception"):
                continue
            if found := self.constructor(base, depth + 1):
                return found
        return ""

    def in_scope(self, module: PyObject, name: str) -> PyObject | None:
        """What a name written in a module is: one it defines or imports (`App`), or an object of a module it
        imports (`sansio.App`)."""
        first, _, rest = name.partition(".")
        found = module.members.get(first) or self.imported(module, first, 0)
        if not rest:
            return found
        origin = module.imports.get(first)
        hit = self.find(f"{origin[0]}.{origin[1]}.{rest}") if origin else self.find(name)
        return hit[1] if hit else None

    def find(self, dotted: str) -> tuple[str, PyObject] | None:
        """(its full name, the object) of a dotted name whose module is found: the longest leading part of it
        that is a module, then its objects (a name imported into a module followed to where it is defined)."""
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            module = self.module(".".join(parts[:cut]))
            if module is None:
                continue
            obj: PyObject | None = module
            for part in parts[cut:]:
                assert obj is not None
                found = obj.members.get(part)
                if found is None and obj.kind == "module":
                    found = self.imported(obj, part, 0)
                elif found is None:  # a class's, from a base (pytest's `.. autoattribute:: fail_reason`)
                    found = self.inherited(obj, set(), 0).get(part)
                if found is None:
                    return None
                obj = found
            assert obj is not None
            return dotted, obj
        return None

    def imported(self, module: PyObject, name: str, depth: int) -> PyObject | None:
        """What `name` is where the module that `module` imports it from defines it: by name, else from a module
        it imports everything from (`from ._api import *`, as httpx's package does: what that module's `__all__`
        lists, or else its public names)."""
        key = (module.name, name)
        if depth >= MAX_DEPTH or key in self.resolved:  # (None while it is being looked up: an import cycle)
            return self.resolved.get(key)
        self.resolved[key] = None
        found: PyObject | None = None
        origin = module.imports.get(name)
        if origin is not None:
            source = self.module(origin[0])
            if source is not None:
                found = source.members.get(origin[1]) or self.imported(source, origin[1], depth + 1)
        else:
            for star in module.stars:
                source = self.module(star)
                if source is None or (source.exported is not None and name not in source.exported) or name[:1] == "_":
                    continue
                found = source.members.get(name) or self.imported(source, name, depth + 1)
                if found is not None:
                    break
        self.resolved[key] = found
        return found

    def module(self, name: str) -> PyObject | None:
        """The module `name`, parsed from its source (once per page); None when none is found or it does not
        parse."""
        if name not in self.modules:
            self.modules[name] = None
            path = next((p for p in self.candidates(name) if probe(p)), None)
            if path is not None:
                text = included_text(self.page, os.path.relpath(path, os.path.dirname(os.path.realpath(self.page))))
                package = path.endswith("__init__.py")
                try:
                    self.modules[name] = _parsed_module(name, text, package, self.init_doc) if text else None
                except RecursionError:  # classes nested past what Python's own stack follows
                    self.modules[name] = None
                if text and self.modules[name] is None:
                    warn(f"{self.tool}: {os.path.basename(path)} of {name} is no Python that parses: only names shown")
        return self.modules[name]

    def candidates(self, name: str) -> Iterator[str]:
        """Where the module `name` may be: in each folder it may be found in, as a file or a package."""
        parts = name.split(".")
        for base in self.bases:
            yield os.path.join(base, *parts[:-1], parts[-1] + ".py")
            yield os.path.join(base, *parts, "__init__.py")


def on(options: dict[str, Any], name: str) -> bool:
    return name in options and options[name] is not False and options[name] is not None


def chosen(name: str, options: dict[str, Any]) -> bool:
    """Whether a member of this name is documented when the options list none by name."""
    if name.startswith("__") and name.endswith("__"):
        special = options.get("special-members")
        return on(options, "special-members") and (
            not isinstance(special, str) or not special.strip() or name in {s.strip() for s in special.split(",")}
        )
    return not name.startswith("_") or on(options, "private-members")


@functools.lru_cache(maxsize=32)
def _parsed_module(name: str, text: str, package: bool, init_doc: str) -> PyObject | None:
    """The module `name` from its source text, parsed once for the pages that document it (every page still reads
    the file, so a change to it is seen): shared, so nothing changes a PyObject once it is made."""
    tree = _tree(text)
    if tree is None:
        return None
    lines = text.split("\n")
    module = PyObject("module", name, doc=ast.get_docstring(tree) or "")
    package_name = name if package else name.rpartition(".")[0]
    _collect(module, _statements(tree.body), lines, package_name, module, init_doc)
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


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A body's statements, and those of its `if`, `try` and `with` blocks (conditional definitions)."""
    for node in body:
        if isinstance(node, ast.If):
            yield from _statements(node.body)
            yield from _statements(node.orelse)
        elif isinstance(node, ast.Try | ast.TryStar):
            yield from _statements(node.body)
            for handler in node.handlers:
                yield from _statements(handler.body)
            yield from _statements(node.orelse)
        elif isinstance(node, ast.With | ast.AsyncWith):
            yield from _statements(node.body)
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
                for name in _assigned(previous):
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
    decorators = {_decorator_name(d) for d in node.decorator_list}
    if any(d.endswith((".setter", ".deleter")) for d in decorators):
        return
    doc = ast.get_docstring(node) or ""
    returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    if in_class and decorators & {"property", "cached_property", "functools.cached_property"}:
        annotation = f": {ast.unparse(node.returns)}" if node.returns is not None else ""
        _add(owner, PyObject("property", node.name, annotation, doc))
        return
    drop_first = in_class and "staticmethod" not in decorators
    arguments = _arguments(node.args, drop_first)
    kind = "method" if in_class else "function"
    _add(owner, PyObject(kind, node.name, f"({arguments}){returns}", doc))


def _add_instance_attributes(owner: PyObject, method: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> None:
    """The attributes a method sets on the instance (`self.callback: T = callback` in `__init__`, as Scrapy's
    Request documents them) that have a docstring (a `#:` comment, or a string below), as Sphinx's analyzer finds
    them: an attribute each, its annotation its signature (its value is the instance's, never shown)."""
    positional = [*method.args.posonlyargs, *method.args.args]
    if not positional:
        return
    instance = positional[0].arg
    previous: ast.stmt | None = None
    for node in _statements(method.body):
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
    _collect(obj, _statements(node.body), lines, package, scope, init_doc)
    init = next(
        (n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == "__init__"), None
    )
    new = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__new__"), None)
    if init is not None or new is not None:
        obj.signature = f"({_arguments((init or new).args, True)})"  # type: ignore[union-attr]
        init_text = ast.get_docstring(init) if init is not None else None
        if init_text and init_doc in ("both", "init"):
            obj.doc = init_text if init_doc == "init" or not obj.doc else f"{obj.doc}\n\n{init_text}"
    elif {_decorator_name(d) for d in node.decorator_list} & _FIELD_DECORATORS or "NamedTuple" in {
        b.rsplit(".", 1)[-1] for b in bases
    }:
        obj.signature = f"({', '.join(_fields(node))})"
    return obj


def _fields(node: ast.ClassDef) -> list[str]:
    """A dataclass's, attrs class's or NamedTuple's fields as its __init__ takes them (`name: type = default`;
    ClassVars and `field(init=False)` are none; `field(default=1)` is `= 1`, a default factory `= <factory>`)."""
    found = []
    for n in node.body:
        if not isinstance(n, ast.AnnAssign | ast.Assign) or len(names := _assigned(n)) != 1:
            continue
        annotation = ast.unparse(n.annotation) if isinstance(n, ast.AnnAssign) else ""
        made = n.value if isinstance(n.value, ast.Call) and _decorator_name(n.value) in _FIELD_CALLS else None
        if "ClassVar" in annotation or (not annotation and made is None) or annotation.endswith("KW_ONLY"):
            continue
        given = {k.arg: k.value for k in made.keywords if k.arg} if made is not None else {}
        if isinstance(init := given.get("init"), ast.Constant) and init.value is False:
            continue
        if made is None:
            default = ast.unparse(n.value) if n.value is not None else ""
        elif "default" in given:
            default = ast.unparse(given["default"])
        else:
            default = "<factory>" if given.keys() & {"default_factory", "factory"} else ""
        shown = f"{names[0]}: {annotation}" if annotation else names[0]
        found.append(f"{shown}{(' = ' if annotation else '=') + default if default else ''}")
    return found


def _add_assignment(owner: PyObject, node: ast.Assign | ast.AnnAssign, lines: list[str]) -> None:
    names = _assigned(node)
    if owner.kind == "module" and names == ["__all__"] and isinstance(node.value, ast.List | ast.Tuple):
        owner.exported = [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return
    kind = "data" if owner.kind == "module" else "attribute"
    annotation = f": {ast.unparse(node.annotation)}" if isinstance(node, ast.AnnAssign) else ""
    value = ast.unparse(node.value) if node.value is not None else ""
    shown = f" = {value}" if value and len(value) <= _VALUE_CHARS else ""
    doc = _comment_doc(node, lines)
    for name in names:
        _add(owner, PyObject(kind, name, annotation + shown, doc))


def _assigned(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.AnnAssign):
        return [node.target.id] if isinstance(node.target, ast.Name) else []
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    return []


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


def _arguments(args: ast.arguments, drop_first: bool) -> str:
    """A definition's parameters as Sphinx shows them (`a, b: int = 1, *args, key=None, **kw`; a method's self or
    cls left out)."""
    positional = [*args.posonlyargs, *args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    shown = [_parameter(a, d) for a, d in zip(positional, defaults, strict=True)]
    if args.posonlyargs:
        shown.insert(len(args.posonlyargs), "/")
    if drop_first and positional:
        shown.pop(0)
        if shown and shown[0] == "/":
            shown.pop(0)
    if args.vararg is not None:
        shown.append("*" + _parameter(args.vararg, None))
    elif args.kwonlyargs:
        shown.append("*")
    shown += [_parameter(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg is not None:
        shown.append("**" + _parameter(args.kwarg, None))
    return ", ".join(shown)


def _parameter(arg: ast.arg, default: ast.expr | None) -> str:
    annotation = f": {ast.unparse(arg.annotation)}" if arg.annotation is not None else ""
    if default is None:
        return arg.arg + annotation
    return f"{arg.arg}{annotation}{' = ' if annotation else '='}{ast.unparse(default)}"


def _decorator_name(node: ast.expr) -> str:
    return ast.unparse(node.func if isinstance(node, ast.Call) else node)
