"""What a Sphinx project's own extensions register, as Sphinx builds its pages with them: the extension modules
conf.py names (found in the folders it adds to `sys.path`, `_ext` in Django's), and conf.py itself, whose
`setup(app)` Sphinx runs as an extension's.

- a directive they register with `app.add_crossref_type` shows nothing: Sphinx makes it a target for its role
  (Django's `.. setting:: DEBUG`, above the section that documents it); one they register with
  `app.add_object_type` is an object: its argument a line, its content prose; one they register with
  `app.add_directive` and a class derived from Sphinx's CodeBlock is code, kept as written (Django's
  `.. console::`, whose `$ ./runtests.py *_tests` lost its asterisk when read as prose) (directive_kind());
- a version note reads in the words their HTML translator's `version_text` gives it (Django's "New in Django
  %s", its Japanese translation's "Django %s で新たに登場しました") where they give some (version_label()).

They are Python and are never run, nor imported: read with ast, only the literal names their calls give and the
literal dict of `version_text`. They are read for a page that needs them (once for each reading of the page) as
included files are (includes.py, for the settings they give: remembered, so that a change of one reads those
pages again); only those inside the folder included files may come from.
"""

from __future__ import annotations

import ast
import functools
import os

from indexer.loaders.includes import SETTINGS, included_text, reading_folder, within
from indexer.loaders.sphinxproject import Project, project
from indexer.loaders.sphinxrefs import page_memo, project_page

__all__ = ["CODE", "OBJECT", "TARGET", "directive_kind", "version_label"]

TARGET, OBJECT, CODE = "target", "object", "code"  # what an extension's directive is (directive_kind)
_REGISTERS = {"add_crossref_type": TARGET, "add_object_type": OBJECT}  # Sphinx's calls that register them
MAX_EXTENSIONS = 50  # local extension modules read, at most


def directive_kind(name: str) -> str:
    """TARGET, OBJECT or CODE for a directive that the page's project's own extensions register so (see the
    module docstring; `std:setting` too), "" for any other."""
    name = name.lower().removeprefix("std:")
    if ":" in name:  # another domain's (`py:function`): no extension's cross-reference or object type
        return ""
    memo, found = page_memo(), project()
    if memo is None or found is None:
        return ""
    if "directives" not in memo:
        memo["directives"] = _registered(found)
    registered: dict[str, str] = memo["directives"]
    return registered.get(name, "")


def _registered(found: Project) -> dict[str, str]:
    """The directives the project's own extension modules register, and those conf.py's own `setup(app)`
    registers (Sphinx's: `app.add_object_type('event', ...)`), by name (lower case), and what each is."""
    registered: dict[str, str] = {}
    for text in _extension_texts(found):
        registered.update(_directives(text))
    return registered


def version_label(directive: str, version: str) -> str | None:
    """What a version note of the page's project starts with when its own extension writes them in words of its
    own (Django's HTML translator: `version_text = {"versionadded": "New in Django %s", ...}`, "Django %s で新たに
    登場しました" in its Japanese translation), with the version in place; None when it writes none."""
    memo, found = page_memo(), project()
    if memo is None or found is None:
        return None
    if "version_text" not in memo:
        memo["version_text"] = {k: v for text in _extension_texts(found) for k, v in _version_text(text).items()}
    words: dict[str, str] = memo["version_text"]
    shown = words.get(directive)
    return shown.replace("%s", version, 1) if shown else None


def _extension_texts(found: Project) -> list[str]:
    """The text of conf.py (whose `setup(app)` Sphinx runs as an extension's) and of each extension module of the
    project's own that conf.py names, found in the folders it adds to sys.path, inside the documents folder (or
    the one included files may come from); each remembered as a file the page reads for its settings."""
    memo, where, folder = page_memo(), project_page(), reading_folder()
    if memo is None or where is None or folder is None:
        return []
    if "extension_texts" in memo:
        return list(memo["extension_texts"])
    page = os.path.dirname(os.path.realpath(where[0]))
    conf = os.path.relpath(os.path.join(found.folder, "conf.py"), page)
    texts = [included_text(where[0], conf, use=SETTINGS) or ""]
    folders = [os.path.normpath(os.path.join(found.folder, path)) for path in found.paths]
    for name in found.extensions[:MAX_EXTENSIONS]:
        module = name.replace(".", os.sep)
        for base in folders:
            files = (os.path.join(base, module + ".py"), os.path.join(base, module, "__init__.py"))
            path = next((f for f in files if within(folder, f) and os.path.isfile(f)), None)
            if path is not None:
                texts.append(included_text(where[0], os.path.relpath(path, page), use=SETTINGS) or "")
                break
    memo["extension_texts"] = texts
    return texts


@functools.lru_cache(maxsize=64)
def _version_text(text: str) -> dict[str, str]:
    """The words a module's `version_text = {...}` (a literal dict, as Django's HTML translator has) gives each
    version note, by directive name; {} when it has none."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "version_text" for t in node.targets
        ):
            try:
                value = ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            if isinstance(value, dict):
                return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str) and "%s" in v}
    return {}


@functools.lru_cache(maxsize=64)
def _directives(text: str) -> dict[str, str]:
    """The directives an extension module's `app.add_crossref_type(...)` and `app.add_object_type(...)` calls
    name with a literal (`directivename="setting"`, or the first argument), and its `app.add_directive(...)`
    calls with a code block's class, lower case, and what each is."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: dict[str, str] = {}
    classes = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        kind = _REGISTERS.get(node.func.attr)
        if node.func.attr == "add_directive" and len(node.args) > 1 and _is_code(node.args[1], classes):
            kind = CODE  # Django's `app.add_directive("console", ConsoleDirective)`, a CodeBlock
        given = [k.value for k in node.keywords if k.arg == "directivename"] or node.args[:1]
        if kind and given and isinstance(given[0], ast.Constant) and isinstance(given[0].value, str):
            found[given[0].value.lower()] = kind
    return found


def _is_code(node: ast.expr, classes: dict[str, ast.ClassDef], depth: int = 0) -> bool:
    """Whether the class a directive is registered with is Sphinx's CodeBlock, or a class of the module that
    derives from it (through its bases in the module, a few levels at most)."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    if name == "CodeBlock":
        return True
    found = classes.get(name)
    return found is not None and depth < 5 and any(_is_code(base, classes, depth + 1) for base in found.bases)
