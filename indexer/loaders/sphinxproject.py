"""What a page's Sphinx project says in its conf.py of how the page reads, as Sphinx builds it:

- `|version|`, `|release|` and `|today|`, where the page defines no substitution of that name, are conf.py's
  `version`, `release` and `today` (Django's tutorial: "written for Django |version|" is "written for Django 5.2");
- a page that refers to a substitution or a link target it does not define is read with its project's
  `rst_prolog` before it (after its file-wide fields, `:orphan:`) and `rst_epilog` after it, which may define
  them, as Sphinx reads every page (framed()); a page that needs neither reads as it is (a banner that a prolog
  would put on every page is left out with it);
- a role of `extlinks` (`"ticket": ("https://code.djangoproject.com/ticket/%s", "#%s")`) shows its caption
  (:ticket:`35020` is "#35020"), or, with a caption of None, the full URL (extlink()).

conf.py and the extensions are Python and are never run, nor imported: only the literal values of conf.py's
top-level assignments are read (literal_values(); `version = "5.2"`, `release = version`), the string literals of
its `sys.path.append(...)` and `sys.path.insert(...)` calls, the extensions it names with literals however it
adds them to its list (extension_names()) (what the extensions register: sphinxext.py);
a value made by code (`release = get_version()`) is not known, and the page shows what it names as written.
conf.py is the nearest at or above the page in the documents folder (sphinxrefs.project_page()); it and the
extensions in the documents folder are read for a page that needs them (once for each reading of the page) as
included files are (includes.py, for the settings they give: remembered, so that a change of one reads those
pages again).
"""

from __future__ import annotations

import ast
import functools
import os
import re
from dataclasses import dataclass, field
from typing import Any

from indexer.loaders.includes import SETTINGS, included_text
from indexer.loaders.sphinxrefs import page_memo, project_page

__all__ = [
    "UNREAD",
    "Project",
    "extension_names",
    "extlink",
    "framed",
    "literal_values",
    "project",
    "substitution",
]

UNREAD = object()  # the value of a name conf.py gives one that is not a literal (code)
_SUBSTITUTED = ("version", "release", "today")  # the substitutions Sphinx defines (DefaultSubstitutions)
_DOCINFO = re.compile(r"^:\w+:.*?")  # a file-wide field, as Sphinx finds them before it puts the prolog in
_PATH_CALLS = ("append", "insert")  # sys.path.append(x), sys.path.insert(0, x)
_STAR_IMPORTED = ("extensions", "source_suffix", "exclude_patterns", "version", "release", "today", "rst_prolog",
                  "rst_epilog")  # fmt: skip


@dataclass(frozen=True)
class Project:
    """A Sphinx project: the folder of its conf.py (a real path), and what conf.py gives literal values."""

    folder: str
    values: dict[str, Any] = field(default_factory=dict)
    paths: tuple[str, ...] = ()  # the folders conf.py adds to sys.path, as written (relative to its folder)
    tags: tuple[str, ...] = ()  # the tags its top level adds (`tags.add("internal")`), which `only` may name
    extensions: tuple[str, ...] = ()  # the extensions conf.py names (extension_names())

    def text(self, name: str) -> str | None:
        """The value conf.py gives `name` when it is a string; None otherwise."""
        value = self.values.get(name)
        return value if isinstance(value, str) else None


def project() -> Project | None:
    """The Sphinx project of the page being read (sphinxrefs.page()), its conf.py read once for this reading of
    the page; None when the page is in none, or outside a reading."""
    memo, where = page_memo(), project_page()
    if memo is None or where is None:
        return None
    if "project" not in memo:
        path, source = where
        conf = os.path.join(source, "conf.py")
        memo["project"] = None
        if os.path.isfile(conf):
            text = included_text(path, os.path.relpath(conf, os.path.dirname(os.path.realpath(path))), use=SETTINGS)
            memo["project"] = _project(source, text) if text is not None else None
    found = memo["project"]
    return found if isinstance(found, Project) else None


def _project(folder: str, text: str) -> Project:
    values, paths, tags = _values(text)
    return Project(folder, values, paths, tags, extension_names(text))


def substitution(name: str) -> str | None:
    """What Sphinx puts in place of the substitution `|name|` that the page does not define (conf.py's
    `version`, `release`, `today`); None when it is not known."""
    found = project() if name in _SUBSTITUTED else None
    value = found.text(name) if found is not None else None
    return None if name == "today" and not value else value  # (no `today`: the day of the build)


def extlink(role: str, part: str) -> str | None:
    """What the role `role` of conf.py's `extlinks` shows of `part` (its text, with no title of its own): the
    caption with `part` in place of its %s, or the URL when the caption is None (a caption with no %s, as Sphinx
    before 4 took it, is a prefix); None when `role` is none of them."""
    found = project()
    links = found.values.get("extlinks") if found is not None else None
    entry = links.get(role) if isinstance(links, dict) else None
    if not (isinstance(entry, tuple | list) and len(entry) == 2 and isinstance(entry[0], str)):
        return None
    shown = entry[0] if entry[1] is None else entry[1]
    if not isinstance(shown, str):
        return None
    try:
        return shown % part
    except (TypeError, ValueError):
        return shown + part


def framed(text: str) -> str:
    """A reStructuredText page with its project's rst_prolog put in after its file-wide fields and its
    rst_epilog after it, as Sphinx reads it (sphinx.util.rst.prepend_prolog, append_epilog)."""
    found = project()
    if found is None:
        return text
    prolog, epilog = found.text("rst_prolog"), found.text("rst_epilog")
    if prolog:
        lines = text.split("\n")
        fields = next((n for n, line in enumerate(lines) if not _DOCINFO.match(line)), len(lines))
        text = "\n".join([*lines[:fields], *([""] if fields else []), *prolog.splitlines(), "", *lines[fields:]])
    return f"{text}\n\n{epilog}\n" if epilog else text


def literal_values(text: str) -> dict[str, Any] | None:
    """The names that conf.py's top level assigns a value to: the literal value (a name assigned before is its
    value: `release = version`), or UNREAD when it is code or a later statement changes it (`x += [...]`,
    `x.extend(...)`); None when it cannot be parsed (nothing is known)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # (deep nesting: MemoryError in 3.11)
        return None
    found: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = _literal(node.value, found)
        elif isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            found.update(dict.fromkeys(_STAR_IMPORTED, UNREAD))  # unknown
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            found[node.target.id] = UNREAD
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                found[func.value.id] = UNREAD
    return found


def _literal(node: ast.expr, found: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        value = found.get(node.id, UNREAD)
        return value if isinstance(value, str | int | float | bool) else UNREAD  # (a list may have changed since)
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return UNREAD


@functools.lru_cache(maxsize=16)
def extension_names(text: str) -> tuple[str, ...]:
    """The extensions conf.py names with string literals, however it puts them in its list: `extensions = [...]`,
    `extensions += [...]`, `extensions.append("x")` (or extend, insert), and a call's keyword argument named
    `extensions` or ending in `_extensions` (sphinx_celery's `build_config(extra_extensions=[...])`, as Celery
    and its libraries write conf.py). Code that makes a name (`"sphinx.ext." + x`) names nothing."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    given: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            given += [node.value] if any(_is_extensions(t) for t in targets) else []
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_extensions(node.func.value):
            given += node.args if node.func.attr in ("append", "extend", "insert") else []
        if isinstance(node, ast.Call):
            given += [
                k.value for k in node.keywords if k.arg and (k.arg == "extensions" or k.arg.endswith("_extensions"))
            ]
    names = [str(n.value) for g in given for n in _strings(g)]
    return tuple(dict.fromkeys(names))


def _is_extensions(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "extensions"


def _strings(node: ast.expr) -> list[ast.Constant]:
    """The string literals a value gives as a whole: itself, the items of its list, tuple or set, those of both
    sides of a `+` (`base + ["x"]`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _strings(node.left) + _strings(node.right)
    items = node.elts if isinstance(node, ast.List | ast.Tuple | ast.Set) else [node]
    return [i for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


@functools.lru_cache(maxsize=16)
def _values(text: str) -> tuple[dict[str, Any], tuple[str, ...], tuple[str, ...]]:
    """conf.py's literal values, the folders it adds to sys.path (as written: `_ext`) and the tags its top level
    adds for every build, once for each text of it a run reads (each of its pages may)."""
    values = literal_values(text) or {}
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return values, (), ()
    tags = [
        node.value.args[0].value
        for node in tree.body
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and ast.unparse(node.value.func) == "tags.add"
        and len(node.value.args) == 1
        and isinstance(node.value.args[0], ast.Constant)
        and isinstance(node.value.args[0].value, str)
    ]
    paths = []
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and func.attr in _PATH_CALLS and ast.unparse(func.value) == "sys.path":
            constants = [n for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            strings = [str(n.value) for n in sorted(constants, key=lambda n: (n.lineno, n.col_offset))]
            if strings:  # (a path made of names alone, `dirname(__file__)`, is not known)
                paths.append(os.path.join(*strings))
    return values, tuple(paths), tuple(tags)
