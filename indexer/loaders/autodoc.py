"""Sphinx's autodoc directives (`automodule`, `autoclass`, `autofunction`...), put in place before a page is read
with what Sphinx would show of the object: its signature and docstring, and, with `:members:`, its members'. The
project's Python source is read, never run or imported: ast gives each definition's docstring and signature.

- The object's module is looked for in the folders its Sphinx project's conf.py adds to `sys.path`, then in the
  folder included files may come from (the documents folder, or the one --includes-from names) and its `src/`:
  `pkg/mod.py` or `pkg/mod/__init__.py`. Only files in that folder are read (includes.py), and each is remembered,
  so that a change to the source reads the page again. A name that a module imports (`from .app import Flask`,
  as a package's `__init__.py` offers its API) is followed to the module that defines it.
- A target is found as written, or inside the current module (`.. module::`, `.. currentmodule::`, the
  `:module:` option) or class (an `automethod` inside an `autoclass`'s content).
- Members, as autodoc chooses them: with `:members:` (all, or the ones it lists), those with a docstring (every
  one with `:undoc-members:`), not private (`_name`, unless `:private-members:`) nor special (`__name__`, unless
  `:special-members:`), nor among `:exclude-members:`; a module's are the names in its `__all__`, or else what
  it defines itself; a class's members are documented with its own options (automodule's reach its classes'
  methods, as Sphinx's do). conf.py's literal `autodoc_default_options` apply under a directive's own.
  Members stand in the order of the source.
- Each object is written as the Python domain's directive that Sphinx makes of it (`.. py:function::
  pkg.mod.func(a, b=1) -> int`, its docstring as the content), so the page reads it as any other: a data or
  attribute shows its annotation and value, a class its constructor's parameters (a dataclass's fields), with
  `:show-inheritance:` its bases; conf.py's `autoclass_content` says whether `__init__`'s docstring is shown too.
  The directive's own content follows the docstring.
- An object whose source is not found, or does not parse, keeps the directive as it was written (the page
  shows the object's name and content) and leaves one warning for the page.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from indexer.loaders.includes import included_text, probe, reading_folder, reading_root, warn
from indexer.loaders.sphinxproject import project

__all__ = ["expand_rst_autodoc"]

_KINDS = ("module", "class", "exception", "function", "method", "attribute", "property", "data", "decorator")
_DIRECTIVE = re.compile(
    rf"^(?P<indent>[ \t]*)\.\.[ \t]+auto(?P<kind>{'|'.join(_KINDS)})::[ \t]*(?P<target>\S.*?)[ \t]*$"
)
_CURRENT = re.compile(r"^[ \t]*\.\.[ \t]+(?:py:)?(?:module|currentmodule)::[ \t]*(?P<name>\S+)[ \t]*$")
_OPTION = re.compile(r"^[ \t]+:(?P<name>[\w-]+):(?:[ \t]+(?P<value>.*?))?[ \t]*$")
_LITERAL_START = re.compile(r"^[ \t]*\.\.[ \t]+(?:code-block|code|sourcecode|parsed-literal|doctest|testcode)::")
_NAME = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")
_EXCEPTION_BASES = ("Error", "Exception", "Warning", "Exit", "Interrupt")
MAX_DEPTH = 6  # classes within classes, imports followed
MAX_LINES = 20_000  # lines one directive may become
_VALUE_CHARS = 100  # of a data's or attribute's value shown, at most


@dataclass
class _Object:
    """What autodoc shows of one Python object: its directive's kind, signature (after the name), docstring,
    bases and members (a module's or a class's, in source order)."""

    kind: str
    name: str
    signature: str = ""
    doc: str = ""
    bases: list[str] = field(default_factory=list)
    members: dict[str, _Object] = field(default_factory=dict)
    exported: list[str] | None = None  # a module's __all__
    scope: _Object | None = None  # a class's module, where the names of its bases are
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)  # a module's: name -> (module, its name there)


def expand_rst_autodoc(text: str, path: Path) -> str:
    """reStructuredText with its autodoc directives put in place (see the module docstring)."""
    if ".. auto" not in text or reading_folder() is None:
        return text
    expander = _Expander(path)
    lines = expander.expand(text.split("\n"), "", "")
    if expander.unfound:
        first, more = expander.unfound[0], len(expander.unfound) - 1
        named = first + (f" and {more} more" if more else "")
        root, folder = reading_root(), reading_folder()
        where = (
            "is not in the documents folder (give --includes-from the folder that holds its package)"
            if root == folder
            else f"is not under {root}"
        )
        warn(f"autodoc: the Python source of {named} {where}: only the name is shown")
    return "\n".join(lines)


class _Expander:
    def __init__(self, page: Path) -> None:
        self.page = page
        self.modules: dict[str, _Object | None] = {}
        self.unfound: list[str] = []
        self.defaults = _default_options()

    def expand(self, lines: list[str], module: str, cls: str) -> list[str]:
        """`lines` with each autodoc directive in them put in place (`module` and `cls`: where names are)."""
        out: list[str] = []
        literal: int | None = None  # the indentation of what introduced a literal block being passed over
        i = 0
        while i < len(lines):
            line = lines[i]
            stripped, indent = line.strip(), _indent(line)
            if literal is not None and (not stripped or indent > literal):
                out.append(line)
                i += 1
                continue
            literal = None
            if (current := _CURRENT.match(line)) is not None:
                module, cls = ("" if current["name"] == "None" else current["name"]), ""
            match = _DIRECTIVE.match(line) if "auto" in line else None
            if match is None:
                if _LITERAL_START.match(line) or (stripped.endswith("::") and not stripped.startswith("..")):
                    literal = indent
                out.append(line)
                i += 1
                continue
            options: dict[str, str] = {}
            end = i + 1
            while end < len(lines) and (option := _OPTION.match(lines[end])) and _indent(lines[end]) > indent:
                options[option["name"]] = option["value"] or ""
                end += 1
            content_end = end
            while content_end < len(lines) and (not lines[content_end].strip() or _indent(lines[content_end]) > indent):
                content_end += 1
            content = lines[end:content_end]
            shown = self.directive(match["kind"], match["target"], options, content, match["indent"], module, cls)
            if shown is None:
                out += lines[i:content_end]
            else:
                out += shown
                if match["kind"] == "module":  # it is the current module from here, as Sphinx's is
                    module, cls = match["target"].split("(", 1)[0].strip(), ""
            i = content_end
        return out

    def directive(
        self, kind: str, target: str, options: dict[str, str], content: list[str], indent: str, module: str, cls: str
    ) -> list[str] | None:
        """The lines an autodoc directive stands for; None when its object is not found."""
        name, paren, given = target.partition("(")
        name = name.strip()
        if not _NAME.match(name):
            return None
        where = options.get("module") or module
        tries = [name] if kind == "module" else [f"{where}.{cls}.{name}" if cls else "", f"{where}.{name}", name]
        found = next((f for t in tries if t and not t.startswith(".") and (f := self.find(t)) is not None), None)
        if found is None:
            self.unfound.append(name)
            return None
        full, obj = found
        merged = {**self.defaults, **options}
        signature = f"({given}" if paren else obj.signature
        body = _indented(content, indent + "   ")
        if obj.kind == "module":
            members = self.members(obj, merged, indent, full, 0)
            return ["", *_doc_lines(obj.doc, indent), "", *body, "", *members, ""][:MAX_LINES]
        inner_cls = full.rsplit(".", 1)[-1] if obj.kind in ("class", "exception") else ""
        expanded_body = self.expand(body, full.rsplit(".", 1)[0], inner_cls) if inner_cls else body
        lines = self.object_lines(obj, full, signature, merged, indent, 0, expanded_body)
        return ["", *lines, ""][:MAX_LINES]

    def object_lines(
        self,
        obj: _Object,
        shown: str,
        signature: str,
        options: dict[str, Any],
        indent: str,
        depth: int,
        content: list[str] | None = None,
    ) -> list[str]:
        inner = indent + "   "
        lines = [f"{indent}.. py:{obj.kind}:: {shown}{signature}", ""]
        if obj.bases and _on(options, "show-inheritance"):
            lines += [f"{inner}Bases: {', '.join(obj.bases)}", ""]
        lines += [*_doc_lines(obj.doc, inner), ""]
        lines += [*content, ""] if content else []
        if obj.kind in ("class", "exception") and depth < MAX_DEPTH:
            lines += self.members(obj, options, inner, shown, depth + 1)
        return lines

    def members(self, obj: _Object, options: dict[str, Any], indent: str, owner: str, depth: int) -> list[str]:
        """The lines of the members of a module or class that the options choose (see the module docstring)."""
        wanted = options.get("members")
        if wanted is None or wanted is False:
            return []
        listed = [n.strip() for n in wanted.split(",") if n.strip()] if isinstance(wanted, str) else []
        excluded = {n.strip() for n in str(options.get("exclude-members") or "").split(",")}
        every = dict(obj.members)
        if obj.kind != "module" and _on(options, "inherited-members"):
            stop = {n.strip() for n in str(options["inherited-members"]).split(",") if n.strip()}
            for name, inherited in self.inherited(obj, stop, depth).items():
                every.setdefault(name, inherited)
        if listed:
            names = listed
        elif obj.kind == "module" and obj.exported is not None:
            names = obj.exported
        else:
            names = list(every)
        lines: list[str] = []
        for name in names:
            if name in excluded or (not listed and not _chosen(name, options)):
                continue
            member: _Object | None = every.get(name)
            if member is None and obj.kind == "module":
                member = self.imported(obj, name, depth)
            if member is None or member.kind == "module" or (not member.doc and not _on(options, "undoc-members")):
                continue
            shown = f"{owner}.{name}" if obj.kind == "module" else name
            lines += self.object_lines(member, shown, member.signature, options, indent, depth)
            if len(lines) > MAX_LINES:
                break
        return lines

    def inherited(self, cls: _Object, stop: set[str], depth: int) -> dict[str, _Object]:
        """The members a class inherits from the bases found in its source (nearest first), up to a base
        named in `stop` (`:inherited-members: dict`)."""
        found: dict[str, _Object] = {}
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

    def in_scope(self, module: _Object, name: str) -> _Object | None:
        """What a name written in a module is: one it defines or imports (`App`), or an object of a module it
        imports (`sansio.App`)."""
        first, _, rest = name.partition(".")
        found = module.members.get(first) or self.imported(module, first, 0)
        if not rest:
            return found
        origin = module.imports.get(first)
        hit = self.find(f"{origin[0]}.{origin[1]}.{rest}") if origin else self.find(name)
        return hit[1] if hit else None

    def find(self, dotted: str) -> tuple[str, _Object] | None:
        """(its full name, the object) of a dotted name whose module is found: the longest leading part of it
        that is a module, then its objects (a name imported into a module followed to where it is defined)."""
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            module = self.module(".".join(parts[:cut]))
            if module is None:
                continue
            obj: _Object | None = module
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

    def imported(self, module: _Object, name: str, depth: int) -> _Object | None:
        """What `name` is where the module that `module` imports it from defines it."""
        origin = module.imports.get(name)
        if origin is None or depth >= MAX_DEPTH:
            return None
        source = self.module(origin[0])
        if source is None:
            return None
        found = source.members.get(origin[1])
        return found if found is not None else self.imported(source, origin[1], depth + 1)

    def module(self, name: str) -> _Object | None:
        """The module `name`, parsed from its source (once per page); None when none is found or it does not
        parse."""
        if name not in self.modules:
            self.modules[name] = None
            path = next((p for p in self.candidates(name) if probe(p)), None)
            if path is not None:
                text = included_text(self.page, os.path.relpath(path, os.path.dirname(os.path.realpath(self.page))))
                self.modules[name] = _parsed_module(name, text, path.endswith("__init__.py")) if text else None
                if text and self.modules[name] is None:
                    warn(f"autodoc: {os.path.basename(path)} of {name} is no Python that parses: only names shown")
        return self.modules[name]

    def candidates(self, name: str) -> Iterator[str]:
        """Where the module `name` may be: in each folder it may be found in, as a file or a package."""
        parts = name.split(".")
        for base in _bases():
            yield os.path.join(base, *parts[:-1], parts[-1] + ".py")
            yield os.path.join(base, *parts, "__init__.py")


def _bases() -> list[str]:
    """The folders modules are looked for in: conf.py's sys.path entries, the includes' root and its src/."""
    found: list[str] = []
    conf = project()
    if conf is not None:
        found += [os.path.normpath(os.path.join(conf.folder, p)) for p in conf.paths]
    root = reading_root()
    if root is not None:
        found += [root, os.path.join(root, "src")]
    return list(dict.fromkeys(found))


def _default_options() -> dict[str, Any]:
    """conf.py's literal autodoc_default_options (a True value: the option with no value)."""
    conf = project()
    given = conf.values.get("autodoc_default_options") if conf is not None else None
    if not isinstance(given, dict):
        return {}
    return {str(k): ("" if v is True else v) for k, v in given.items() if v is not False and v is not None}


def _on(options: dict[str, Any], name: str) -> bool:
    return name in options and options[name] is not False and options[name] is not None


def _chosen(name: str, options: dict[str, Any]) -> bool:
    """Whether a member of this name is documented when the options list none by name."""
    if name.startswith("__") and name.endswith("__"):
        special = options.get("special-members")
        return _on(options, "special-members") and (
            not isinstance(special, str) or not special.strip() or name in {s.strip() for s in special.split(",")}
        )
    return not name.startswith("_") or _on(options, "private-members")


def _parsed_module(name: str, text: str, package: bool) -> _Object | None:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines = text.split("\n")
    module = _Object("module", name, doc=ast.get_docstring(tree) or "")
    package_name = name if package else name.rpartition(".")[0]
    _collect(module, _statements(tree.body), lines, package_name, module)
    return module


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


def _collect(owner: _Object, statements: Iterator[ast.stmt], lines: list[str], package: str, scope: _Object) -> None:
    """The members of a module or class from its statements (in source order); `scope`: their module."""
    in_class = owner.kind in ("class", "exception")
    previous: ast.stmt | None = None
    for node in statements:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            _add_function(owner, node, in_class)
        elif isinstance(node, ast.ClassDef):
            _add(owner, _class(node, lines, package, scope))
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
                if alias.name != "*" and base:
                    owner.imports[alias.asname or alias.name] = (base, alias.name)
        previous = node


def _add(owner: _Object, member: _Object) -> None:
    """A member, unless one of the name is documented already (overloads, conditional definitions)."""
    held = owner.members.get(member.name)
    if held is None or (not held.doc and member.doc):
        owner.members[member.name] = member


def _add_function(owner: _Object, node: ast.FunctionDef | ast.AsyncFunctionDef, in_class: bool) -> None:
    decorators = {_decorator_name(d) for d in node.decorator_list}
    if any(d.endswith((".setter", ".deleter")) for d in decorators):
        return
    doc = ast.get_docstring(node) or ""
    returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    if in_class and decorators & {"property", "cached_property", "functools.cached_property"}:
        annotation = f": {ast.unparse(node.returns)}" if node.returns is not None else ""
        _add(owner, _Object("property", node.name, annotation, doc))
        return
    drop_first = in_class and "staticmethod" not in decorators
    arguments = _arguments(node.args, drop_first)
    kind = "method" if in_class else "function"
    _add(owner, _Object(kind, node.name, f"({arguments}){returns}", doc))


def _class(node: ast.ClassDef, lines: list[str], package: str, scope: _Object) -> _Object:
    bases = [ast.unparse(b) for b in node.bases]
    exception = any(b.rsplit(".", 1)[-1].endswith(_EXCEPTION_BASES) for b in bases)
    obj = _Object("exception" if exception else "class", node.name, doc=ast.get_docstring(node) or "", bases=bases)
    obj.scope = scope
    _collect(obj, _statements(node.body), lines, package, scope)
    init = next(
        (n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == "__init__"), None
    )
    new = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__new__"), None)
    if init is not None or new is not None:
        obj.signature = f"({_arguments((init or new).args, True)})"  # type: ignore[union-attr]
        init_doc = ast.get_docstring(init) if init is not None else None
        content = _class_content()
        if init_doc and content in ("both", "init"):
            obj.doc = init_doc if content == "init" or not obj.doc else f"{obj.doc}\n\n{init_doc}"
    elif any(_decorator_name(d).rsplit(".", 1)[-1] == "dataclass" for d in node.decorator_list):
        obj.signature = f"({', '.join(_fields(node))})"
    return obj


def _fields(node: ast.ClassDef) -> list[str]:
    """A dataclass's fields as its __init__ takes them (`name: type = default`; ClassVars are none)."""
    found = []
    for n in node.body:
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            annotation = ast.unparse(n.annotation)
            if "ClassVar" not in annotation:
                found.append(f"{n.target.id}: {annotation}" + (f" = {ast.unparse(n.value)}" if n.value else ""))
    return found


def _class_content() -> str:
    conf = project()
    value = conf.values.get("autoclass_content") if conf is not None else None
    return value if isinstance(value, str) else "class"


def _add_assignment(owner: _Object, node: ast.Assign | ast.AnnAssign, lines: list[str]) -> None:
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
        _add(owner, _Object(kind, name, annotation + shown, doc))


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


def _doc_lines(doc: str, indent: str) -> list[str]:
    return [f"{indent}{line}" if line.strip() else "" for line in doc.split("\n")] if doc else []


def _indented(content: list[str], indent: str) -> list[str]:
    """A directive's content lines, moved to `indent` (their common indentation taken off)."""
    kept = [line for line in content if line.strip()]
    if not kept:
        return []
    common = min(_indent(line) for line in kept)
    return [f"{indent}{line[common:]}" if line.strip() else "" for line in content]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
