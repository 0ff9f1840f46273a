"""Docstrings a package gives the objects its compiled modules define, with `add_newdoc` calls in its Python
source, as NumPy documents `ndarray`, `dtype`, `empty` and its ufuncs: `add_newdoc('numpy._core.multiarray',
'ndarray', "doc")`, a member's `add_newdoc(place, 'ndarray', ('T', "doc"))`, several as a list of such pairs.
Sphinx imports the package, whose import runs the calls, and shows those docstrings; read from the source, the
chain of imports that leads to such an object ends at a compiled module (`from ._multiarray_umath import *`), and
NumPy's reference pages showed 34 pages' worth of bare names.

- The calls are looked for in the package's Python files whose text holds `add_newdoc(` (listed once per process
  and package folder, so a file that comes to hold one later is seen by the next run; at most MAX_FILES files,
  of at most MAX_BYTES each; links left out): those at a module's top level (inside `if` and `try` too) whose
  place and name are strings; the file is then read as an include of the page (a change to it reads the page
  again).
- An object with members is a class; one without is a function. A member whose docstring starts with its
  signature (`a.all(axis=None)`: docsignature.py) is a method, else an attribute.
- `$NAME` placeholders, which NumPy's build fills in its ufuncs' docstrings, are left out.
- A function of the same file that calls add_newdoc for its callers (NumPy's `_array_method_doc(name, params,
  doc)`) documents what its first add_newdoc call names, given each top-level call's arguments: a parameter
  passed on is the argument, and a docstring the helper makes itself (from a template) the longest string the
  call gives.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import re
from collections.abc import Iterator

from indexer.loaders.docsignature import docstring_signature
from indexer.loaders.pyobjects import PyObject, statements
from indexer.loaders.regular import read_regular

__all__ = ["MAX_BYTES", "MAX_FILES", "newdoc_files", "newdocs"]

MAX_FILES = 10_000  # Python files of a package looked through, at most
MAX_BYTES = 5_000_000  # of one such file
_CALL = "add_newdoc("
_PLACEHOLDER = re.compile(r"\$[A-Z][A-Z0-9_]*")

Key = tuple[str, str]  # (module, name)


@functools.lru_cache(maxsize=8)
def newdoc_files(package: str) -> tuple[str, ...]:
    """The Python files under the folder `package` (absolute) whose text holds an add_newdoc call, sorted."""
    found: list[str] = []
    seen = 0
    for folder, folders, files in os.walk(package):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f != "__pycache__")
        for name in sorted(f for f in files if f.endswith(".py")):
            seen += 1
            if seen > MAX_FILES:
                return tuple(found)
            path = os.path.join(folder, name)
            if not os.path.islink(path) and _holds_call(path):  # (a link, which may lead out of it, is not read)
                found.append(path)
    return tuple(found)


def _holds_call(path: str) -> bool:
    try:
        data = read_regular(path, MAX_BYTES + 1)
    except OSError:
        return False
    return len(data) <= MAX_BYTES and _CALL.encode() in data


@functools.lru_cache(maxsize=32)
def newdocs(text: str) -> dict[Key, PyObject]:
    """The objects one file's add_newdoc calls document, by (module, name) (shared: never changed once made)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    docs: dict[Key, str] = {}
    members: dict[Key, dict[str, PyObject]] = {}
    helpers = _helpers(tree)
    for node in statements(tree.body):
        call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        if call is None:
            continue
        for module, obj, member, doc in _documented(call, helpers):
            if member is None:
                docs[(module, obj)] = doc
            else:
                members.setdefault((module, obj), {})[member] = _member(member, doc)
    return {key: _object(key, docs.get(key, ""), members.get(key, {})) for key in {*docs, *members}}


def _helpers(tree: ast.Module) -> dict[str, tuple[list[str], ast.Call]]:
    """A module's functions that call add_newdoc for their callers (NumPy's `_array_method_doc(name, params,
    doc)`): by name, their parameters and that call (the first in their body)."""
    found: dict[str, tuple[list[str], ast.Call]] = {}
    for node in statements(tree.body):
        if isinstance(node, ast.FunctionDef):
            call = next((c for c in ast.walk(node) if _is_newdoc(c)), None)
            if isinstance(call, ast.Call):
                found[node.name] = ([a.arg for a in [*node.args.posonlyargs, *node.args.args]], call)
    return found


def _is_newdoc(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and len(node.args) >= 3 and _called(node.func) == "add_newdoc"


def _called(func: ast.expr) -> str:
    """The last name of what a call calls (`add_newdoc` of `np.lib.add_newdoc`), read without unparsing it (a
    chain of attributes thousands long would overflow ast.unparse's recursion)."""
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _documented(
    call: ast.Call, helpers: dict[str, tuple[list[str], ast.Call]]
) -> Iterator[tuple[str, str, str | None, str]]:
    """(module, object, member or None, docstring) of what one top-level call documents: an add_newdoc call's,
    or a helper's, its add_newdoc call's parameters given the call's arguments (a docstring made in the helper,
    from a template: the longest string the call gives)."""
    bound: dict[str, ast.expr] = {}
    if _is_newdoc(call):
        target = call
    elif isinstance(call.func, ast.Name) and call.func.id in helpers:
        parameters, target = helpers[call.func.id]
        bound = {**dict(zip(parameters, call.args, strict=False)), **{k.arg: k.value for k in call.keywords if k.arg}}
    else:
        return
    given = [s for a in [*call.args, *(k.value for k in call.keywords)] if (s := _string(a)) is not None]
    longest = max(given, key=len, default=None) if bound else None

    def value(node: ast.expr, doc: bool = False) -> str | None:
        if isinstance(node, ast.Name) and node.id in bound:
            return _string(bound[node.id])
        written = _string(node)
        return longest if written is None and doc else written

    module, obj, documented = value(target.args[0]), value(target.args[1]), target.args[2]
    if not module or not obj:
        return
    if (doc := value(documented, doc=True)) is not None and not isinstance(documented, ast.Tuple | ast.List):
        yield module, obj, None, doc
    pairs = documented.elts if isinstance(documented, ast.List) else [documented]
    for pair in pairs:
        if isinstance(pair, ast.Tuple) and len(pair.elts) == 2:
            member, member_doc = value(pair.elts[0]), value(pair.elts[1], doc=True)
            if member and member_doc is not None:
                yield module, obj, member, member_doc


def _string(node: ast.expr) -> str | None:
    """A string given, its placeholders left out (docsignature.py reads a signature it starts with)."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return None
    return inspect.cleandoc(_PLACEHOLDER.sub("", node.value))


def _member(name: str, doc: str) -> PyObject:
    kind = "method" if docstring_signature(doc, {name}) is not None else "attribute"
    return PyObject(kind, name, doc=doc)


def _object(key: Key, doc: str, members: dict[str, PyObject]) -> PyObject:
    module, name = key
    obj = PyObject("class" if members else "function", name, doc=doc, members=members)
    obj.scope = PyObject("module", module)
    return obj
