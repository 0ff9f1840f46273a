"""Sphinx's autodoc directives (`automodule`, `autoclass`, `autofunction`...), put in place before a page is read
with what Sphinx would show of the object: its signature and docstring, and, with `:members:`, its members'. The
project's Python source is read, never run or imported (pysource.py).

- The object's module is looked for in the folders its Sphinx project's conf.py adds to `sys.path`, then in the
  folder included files may come from (the documents folder, or the one --includes-from names) and its `src/`:
  `pkg/mod.py` or `pkg/mod/__init__.py`, as included files are read (only from that folder; a change to one reads
  the page again).
- A target is found as written, or inside the current module (`.. module::`, `.. currentmodule::`, the
  `:module:` option; a MyST page's eval-rst directives share the page's, which its `{currentmodule}` sets) or
  class (an `automethod` inside an `autoclass`'s content, or inside a `.. class::` written out, as Sphinx's
  Builder API page does).
- Members, as autodoc chooses them: with `:members:` (all, or the ones it lists), those with a docstring (every
  one with `:undoc-members:`), not private (`_name`, unless `:private-members:`) nor special (`__name__`, unless
  `:special-members:`), nor among `:exclude-members:`; a module's are the names in its `__all__`, or else what
  it defines itself; a class's members are documented with its own options (automodule's reach its classes'
  methods, as Sphinx's do). conf.py's literal `autodoc_default_options` apply under a directive's own.
  Members stand in the order of the source.
- Each object is written as the Python domain's directive that Sphinx makes of it (`.. py:function::
  pkg.mod.func(a, b=1) -> int`, its docstring as the content), so the page reads it as any other: a data or
  attribute shows its annotation and value, a class its constructor's parameters (a dataclass's fields; those
  of the base it inherits its constructor from), with `:show-inheritance:` its bases; conf.py's
  `autoclass_content` says whether `__init__`'s docstring is shown too. The directive's own content follows the
  docstring. Autodoc directives in a module's or class's docstring are put in place too, their names found in
  that object (Werkzeug's middleware modules' `.. autoclass::`). With conf.py's sphinx.ext.napoleon (or
  numpydoc), a docstring's Google and NumPy sections are read as napoleon writes them (napoleon.py).
- An object whose source is not found, or does not parse, keeps the directive as it was written (the page
  shows the object's name and content) and leaves one warning for the page.
- sphinx.ext.autosummary's `autosummary` is put in place here too, its names found in the current module and class
  (autosummary.py).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from indexer.loaders.autodocunfound import Unfound
from indexer.loaders.autosummary import autosummary_rst
from indexer.loaders.docsignature import signed
from indexer.loaders.includes import reading_folder, reading_root
from indexer.loaders.napoleon import napoleon_rst
from indexer.loaders.pyobjects import PyObject
from indexer.loaders.pysource import MAX_DEPTH, PythonSource, on
from indexer.loaders.sphinxproject import project

__all__ = ["AUTODOC_DIRECTIVES", "autodoc_rst", "expand_rst_autodoc", "myst_page", "set_current_module"]

_KINDS = ("module", "class", "exception", "function", "method", "attribute", "property", "data", "decorator")
AUTODOC_DIRECTIVES = frozenset(f"auto{kind}" for kind in _KINDS)
_DIRECTIVE = re.compile(  # the target ends at its last non-blank: linear (a lazy one tried every run of blanks)
    rf"^(?P<indent>[ \t]*)\.\.[ \t]+auto(?P<kind>{'|'.join(_KINDS)}|summary)::[ \t]*(?P<target>\S(?:.*\S)?)?[ \t]*$"
)
_CLASS = re.compile(r"^[ \t]*\.\.[ \t]+(?:py:)?(?:class|exception)::[ \t]*(?P<name>[A-Za-z_][\w.]*)")
_CURRENT = re.compile(r"^[ \t]*\.\.[ \t]+(?:py:)?(?:module|currentmodule)::[ \t]*(?P<name>\S+)[ \t]*$")
_OPTION = re.compile(r"^[ \t]+:(?P<name>[\w-]+):(?:[ \t]+(?P<value>.*?))?[ \t]*$")
_LITERAL_START = re.compile(r"^[ \t]*\.\.[ \t]+(?:code-block|code|sourcecode|parsed-literal|doctest|testcode)::")
_NAME = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")
MAX_LINES = 20_000  # lines one directive may become
_MODULE: ContextVar[str | None] = ContextVar("autodoc_module", default=None)  # a MyST page's current module
# what a MyST page's directives did not find, said in one warning when the page is read
_UNFOUND: ContextVar[Unfound | None] = ContextVar("autodoc_unfound", default=None)


@contextlib.contextmanager
def myst_page() -> Iterator[None]:
    """Inside: a MyST page is read, whose eval-rst directives share its current module, as they do in Sphinx (set
    by its `{currentmodule}` or `{module}` directives, or by the reStructuredText of one of them). The objects its
    directives name that are not found are said in one warning, as a reStructuredText page's are (Click's api.md,
    a directive per object, gave 74 lines of the same advice)."""
    token, unfound = _MODULE.set(""), _UNFOUND.set(Unfound())
    try:
        yield
        (_UNFOUND.get() or Unfound()).tell()
    finally:
        _UNFOUND.reset(unfound)
        _MODULE.reset(token)


def set_current_module(name: str) -> None:
    """The module the names of a MyST page's autodoc directives are in, from here on (`None`: none)."""
    if _MODULE.get() is not None:
        _MODULE.set("" if name.strip() == "None" else name.strip())


def expand_rst_autodoc(text: str, path: Path) -> str:
    """reStructuredText with its autodoc directives put in place (see the module docstring)."""
    held = _MODULE.get()
    if (".. auto" not in text and (held is None or "module::" not in text)) or reading_folder() is None:
        return text
    expander = _Expander(path)
    lines = expander.expand(text.split("\n"), held or "", "")
    if held is not None:
        _MODULE.set(expander.module)
    _warn_unfound(expander)
    return "\n".join(lines)


def autodoc_rst(name: str, target: str, options: dict[str, str], content: list[str], path: Path) -> str | None:
    """The reStructuredText that an autodoc directive written in another syntax (MyST's ```{autoclass}```) stands
    for, in the page's current module; None when its object is not found (with the warning) or outside a run's
    reading."""
    if (name not in AUTODOC_DIRECTIVES and name != "autosummary") or reading_folder() is None:
        return None
    expander = _Expander(path)
    lines = expander.directive(name.removeprefix("auto"), target, options, content, "", _MODULE.get() or "", "")
    _warn_unfound(expander)
    return None if lines is None else "\n".join(lines)


def _warn_unfound(expander: _Expander) -> None:
    """Warn of the objects the expander did not find, or keep them for the MyST page being read (myst_page())."""
    page = _UNFOUND.get()
    told = page if page is not None else Unfound()
    source = expander.source
    told.add(expander.unfound, list(source.unsourced), source.found_any(), list(source.absent))
    if page is None:
        told.tell()


class _Expander:
    def __init__(self, page: Path) -> None:
        conf = project()
        content = conf.values.get("autoclass_content") if conf is not None else None
        self.source = PythonSource(page, _bases(), content if isinstance(content, str) else "class")
        self.signed = conf is None or conf.values.get("autodoc_docstring_signature") is not False
        self.unfound: list[str] = []
        self.defaults = _default_options()
        self.module = ""  # the current module after the lines expanded last
        self.within: set[int] = set()  # the objects whose docstrings are being expanded (a cycle stops)
        self.napoleon = _docstring_styles()  # (Google, NumPy): the sections conf.py has read as napoleon does

    def find(self, dotted: str) -> tuple[str, PyObject] | None:
        """(its full name, the object as Sphinx shows it: a signature its docstring starts with taken as its own)
        of a dotted name, or None when it is not found."""
        hit = self.source.find(dotted)
        return (hit[0], self.shown(hit[1])) if hit is not None else None

    def shown(self, obj: PyObject) -> PyObject:
        return signed(obj) if self.signed else obj

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
            if (written := _CLASS.match(line)) is not None:  # a class written out: autodoc's names are in it
                end = _content_end(lines, i + 1, indent)
                options = dict(_options(lines, i + 1, indent))
                inner = f"{cls}.{written['name']}" if cls else written["name"]
                out += [line, *self.expand(lines[i + 1 : end], options.get("module") or module, inner)]
                i = end
                continue
            match = _DIRECTIVE.match(line) if "auto" in line else None
            if match is None:
                if _LITERAL_START.match(line) or (stripped.endswith("::") and not stripped.startswith("..")):
                    literal = indent
                out.append(line)
                i += 1
                continue
            given = list(_options(lines, i + 1, indent))
            options, end = dict(given), i + 1 + len(given)
            content_end = _content_end(lines, end, indent)
            content = lines[end:content_end]
            target = match["target"] or ""
            shown = self.directive(match["kind"], target, options, content, match["indent"], module, cls)
            if shown is None:
                out += lines[i:content_end]
            else:
                out += shown
                if match["kind"] == "module":  # it is the current module from here, as Sphinx's is
                    module, cls = target.split("(", 1)[0].strip(), ""
            i = content_end
        self.module = module
        return out

    def directive(
        self, kind: str, target: str, options: dict[str, str], content: list[str], indent: str, module: str, cls: str
    ) -> list[str] | None:
        """The lines an autodoc directive stands for; None when its object is not found."""
        if kind == "summary":  # autosummary's table (autosummary.py)
            lines, unfound = autosummary_rst(content, options, self.find, self.signature, indent, (module, cls))
            self.unfound += unfound
            return lines
        name, paren, given = target.partition("(")
        name = name.strip()
        if not _NAME.match(name):
            return None
        where = options.get("module") or module
        tries = [name] if kind == "module" else [f"{where}.{cls}.{name}" if cls else "", f"{where}.{name}", name]
        tries += [f"{cls}.{name}"] if "." in cls else []  # `.. class:: pkg.mod.Name` written out
        found = next((f for t in tries if t and not t.startswith(".") and (f := self.find(t)) is not None), None)
        if found is None:
            self.unfound.append(name)
            return None
        full, obj = found
        obj = self.shown(obj.called) if kind == "function" and obj.called is not None else obj  # xfail = _XFail()
        merged = {**self.defaults, **options}
        signature = f"({given}" if paren else self.signature(obj)
        body = _indented(content, indent + "   ")
        if obj.kind == "module":
            members = self.members(obj, merged, indent, full, 0)
            doc = self.docstring(obj, indent, full, "")
            return ["", *doc, "", *body, "", *members, ""][:MAX_LINES]
        inner_cls = full.rsplit(".", 1)[-1] if obj.kind in ("class", "exception") else ""
        expanded_body = self.expand(body, full.rsplit(".", 1)[0], inner_cls) if inner_cls else body
        lines = self.object_lines(obj, full, signature, merged, indent, 0, expanded_body)
        return ["", *lines, ""][:MAX_LINES]

    def object_lines(
        self,
        obj: PyObject,
        shown: str,
        signature: str,
        options: dict[str, Any],
        indent: str,
        depth: int,
        content: list[str] | None = None,
    ) -> list[str]:
        inner = indent + "   "
        lines = [f"{indent}.. py:{obj.kind}:: {shown}{signature}", ""]
        if obj.bases and on(options, "show-inheritance"):
            lines += [f"{inner}Bases: {', '.join(obj.bases)}", ""]
        scope = obj.scope.name if obj.scope is not None and obj.kind in ("class", "exception") else ""
        lines += [*self.docstring(obj, inner, scope, obj.name if scope else ""), ""]
        lines += [*content, ""] if content else []
        if obj.kind in ("class", "exception") and depth < MAX_DEPTH:
            lines += self.members(obj, options, inner, shown, depth + 1)
        return lines

    def signature(self, obj: PyObject) -> str:
        """What follows an object's name: a class's constructor's parameters, its own or inherited."""
        return self.source.constructor(obj) if obj.kind in ("class", "exception") else obj.signature

    def docstring(self, obj: PyObject, indent: str, module: str, cls: str) -> list[str]:
        """The lines of a module's or class's docstring, with the autodoc directives in it put in place, as
        Sphinx reads a docstring within its object (Werkzeug's middleware modules document their class so: a
        module docstring's `.. autoclass:: ProxyMiddleware` is found in that module; `module` "": none are), its
        Google or NumPy sections as napoleon writes them when conf.py has it read them."""
        lines = _doc_lines(napoleon_rst(obj.doc, *self.napoleon) if any(self.napoleon) else obj.doc, indent)
        if not module or ".. auto" not in obj.doc or id(obj) in self.within or len(self.within) >= MAX_DEPTH:
            return lines
        self.within.add(id(obj))
        try:
            return self.expand(lines, module, cls)
        finally:
            self.within.discard(id(obj))

    def members(self, obj: PyObject, options: dict[str, Any], indent: str, owner: str, depth: int) -> list[str]:
        """The lines of the members of a module or class that the options choose (see the module docstring)."""
        lines: list[str] = []
        for name, found in self.source.members(obj, options, depth):
            member = self.shown(found)
            shown = f"{owner}.{name}" if obj.kind == "module" else name
            lines += self.object_lines(member, shown, self.signature(member), options, indent, depth)
            if len(lines) > MAX_LINES:
                break
        return lines


def _options(lines: list[str], start: int, indent: int) -> Iterator[tuple[str, str]]:
    """A directive's options (`:members: a, b`), from the line `start` (the one after the directive's)."""
    at = start
    while at < len(lines) and (option := _OPTION.match(lines[at])) and _indent(lines[at]) > indent:
        yield option["name"], option["value"] or ""
        at += 1


def _content_end(lines: list[str], start: int, indent: int) -> int:
    """The index of the first line from `start` that is not in the content of a directive indented `indent`."""
    at = start
    while at < len(lines) and (not lines[at].strip() or _indent(lines[at]) > indent):
        at += 1
    return at


def _bases() -> list[str]:
    """The folders modules are looked for in: conf.py's sys.path entries, the includes' root and its src/."""
    found: list[str] = []
    conf = project()
    if conf is not None:
        found += [os.path.normpath(os.path.join(conf.folder, p)) for p in conf.paths]
    root = reading_root()
    if root is not None:
        found += [root, os.path.join(root, "src")]
    return found


def _docstring_styles() -> tuple[bool, bool]:
    """Whether docstrings' Google and NumPy sections are read (napoleon's: both, unless conf.py's literal
    napoleon_google_docstring or napoleon_numpy_docstring turn one off; numpydoc's: NumPy's), as the extensions
    conf.py names say (sphinxproject.extension_names)."""
    conf = project()
    if conf is None:
        return False, False
    named = set(conf.extensions)
    if "sphinx.ext.napoleon" in named:
        google, numpy = conf.values.get("napoleon_google_docstring"), conf.values.get("napoleon_numpy_docstring")
        return google is not False, numpy is not False
    return False, "numpydoc" in named


def _default_options() -> dict[str, Any]:
    """conf.py's literal autodoc_default_options (a True value: the option with no value)."""
    conf = project()
    given = conf.values.get("autodoc_default_options") if conf is not None else None
    if not isinstance(given, dict):
        return {}
    return {str(k): ("" if v is True else v) for k, v in given.items() if v is not False and v is not None}


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
