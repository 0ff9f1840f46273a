"""A project's Python objects, read from its source, never imported or run: the modules a page documents, the
names they import followed to where they are defined, and the members autodoc's options choose, for the pages that
document them (Sphinx's autodoc: autodoc.py; mkdocstrings: mkdocstrings.py). Each module's objects are read from
its source by pyobjects.py.

- A module `pkg.mod` is `pkg/mod.py` or `pkg/mod/__init__.py` in the first of the given folders that holds it.
  Only files in the folder included files may come from are read (includes.py), and each is remembered, so that
  a change to the source reads the page again; the folders looked at without a file are remembered too.
- A name that a module imports (`from .app import Flask`, as a package's `__init__.py` offers its API; or
  `from ._api import *`: what its `__all__` lists, any public name when `__all__` grows in ways not read) is
  followed to the module that defines it, or is that module (`from .lib import scimath as emath`); a class's
  members are found in the bases its source names too.
- A class without a signature of its own (pyobjects.py) shows the nearest base's that has one (constructor()), as
  Sphinx shows a class that inherits its constructor.
- A name not found is told with the modules of its package it was imported from that have no source here
  (`unsourced`: compiled from C, or made from a template when the package is built).
- For autodoc, a module's data without a docstring whose value names another object (`chebtrim = pu.trimcoef`)
  is that object, as Sphinx shows it, and an object whose `__doc__` the module sets to another's has that one.
- For autodoc, a name not found where a module's imports lead (an object a compiled module defines) is looked for
  among the docstrings the package's `add_newdoc` calls give it, as NumPy's (newdocs.py).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from indexer.loaders.cythonsource import python_of_cython
from indexer.loaders.includes import included_text, probe, warn
from indexer.loaders.newdocs import newdoc_files, newdocs
from indexer.loaders.pyobjects import PyObject, parsed_module

__all__ = ["MAX_DEPTH", "PythonSource", "chosen", "on"]

MAX_DEPTH = 6  # classes within classes, imports followed
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


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
        self.newdocs: dict[str, dict[tuple[str, str], PyObject]] = {}  # a top package's: see newdoc()
        # the modules of a package that names not found were imported from, with no Python source here
        self.unsourced: dict[str, None] = {}
        self.absent: dict[str, None] = {}  # the top packages of the modules not found
        self.aliasing: set[int] = set()  # the aliases and instances being followed (aliased(), in_scope())

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
        """What a name written in a module is: one it defines or imports (`App`), an object of a module it
        imports (`sansio.App`), or a member of the class of an instance it makes (`_rand.beta`, `_rand = R()`)."""
        first, _, rest = name.partition(".")
        found = module.members.get(first) or self.imported(module, first, 0)
        if not rest:
            return found
        if found is not None and (made := _instance_of(found)) and "." not in rest and id(found) not in self.aliasing:
            self.aliasing.add(id(found))  # (`a = b.c()`, `b = a.d()`: a cycle stops here)
            try:
                cls = self.in_scope(module, made)  # `_rand.beta`, with `_rand = R()`: R's beta
            finally:
                self.aliasing.discard(id(found))
            if cls is not None and cls.kind in ("class", "exception"):
                return cls.members.get(rest) or self.inherited(cls, set(), 0).get(rest)
        if found is not None and found.kind in ("class", "exception") and "." not in rest:  # `MaskedArray.min`
            return found.members.get(rest) or self.inherited(found, set(), 0).get(rest)
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
                obj = self.aliased(obj, found)
            assert obj is not None
            return dotted, obj
        return None

    def foreign(self, dotted: str) -> str:
        """For a dotted name that find() does not find: the module its import leads to that is not in the source
        (FastAPI's `fastapi.Request`, which fastapi/requests.py imports from starlette.requests: "starlette.requests"),
        so that the warning says it is another package's; "" when no import leads out."""
        parts = dotted.split(".")
        cut = next((n for n in range(len(parts) - 1, 0, -1) if self.module(".".join(parts[:n])) is not None), 0)
        module, name = self.module(".".join(parts[:cut])) if cut else None, parts[cut] if cut else ""
        for _ in range(MAX_DEPTH):
            origin = module.imports.get(name) if module is not None and name not in module.members else None
            if origin is None:
                return ""
            module, name = self.module(origin[0]), origin[1]
            if module is None:
                return origin[0]
        return ""

    def defined(self, module: PyObject, name: str) -> PyObject | None:
        """The member `name` a module defines itself (an alias followed: aliased())."""
        member = module.members.get(name)
        return self.aliased(module, member) if member is not None else None

    def aliased(self, module: PyObject, member: PyObject) -> PyObject:
        """For autodoc, a module's data without a docstring whose value names another object (NumPy's
        `chebtrim = pu.trimcoef`): that object, as Sphinx, which imports the module, shows it; a member whose
        docstring the module sets to another's (`min.__doc__ = MaskedArray.min.__doc__`) with that docstring;
        else `member`."""
        if self.tool != "autodoc" or member.doc or module.kind != "module" or id(member) in self.aliasing:
            return member
        value = member.signature.partition(" = ")[2] if member.kind == "data" else ""
        source, text = module.doc_from.get(member.name, ("", ""))
        named = value if _DOTTED.fullmatch(value) else source
        if not named:
            return dataclasses.replace(member, doc=text) if text else member
        self.aliasing.add(id(member))  # (an alias of itself, through an import, stops here)
        try:
            target = self.in_scope(module, named)
        finally:
            self.aliasing.discard(id(member))
        if target is None or target.kind in ("module", "data"):
            return member
        return target if named == value else dataclasses.replace(member, doc=target.doc)

    def imported(self, module: PyObject, name: str, depth: int) -> PyObject | None:
        """What `name` is where the module that `module` imports it from defines it: by name, else from a module
        it imports everything from (`from ._api import *`, as httpx's package does: what that module's `__all__`
        lists, or else its public names)."""
        key = (module.name, name)
        if depth >= MAX_DEPTH or key in self.resolved:  # (None while it is being looked up: an import cycle)
            return self.resolved.get(key)
        self.resolved[key] = None
        found: PyObject | None = None
        missing: list[str] = []  # the modules it may come from that have no source here
        origin = module.imports.get(name)
        if origin is not None:
            source = self.module(origin[0])
            if source is not None:
                found = self.defined(source, origin[1]) or self.imported(source, origin[1], depth + 1)
            else:
                missing.append(origin[0])
            if found is None:  # a module of the package (`from .lib import scimath as emath`)
                found = self.module(f"{origin[0]}.{origin[1]}")
        else:
            for star in module.stars:
                source = self.module(star)
                missing += [star] if source is None else []
                listed = source is not None and (source.exported is None or source.grown or name in source.exported)
                if source is None or not listed or name.startswith("_"):
                    continue
                found = self.defined(source, name) or self.imported(source, name, depth + 1)
                if found is not None:
                    break
        if self.tool == "autodoc" and (found is None or (found.kind == "data" and not found.doc)):
            found = self.newdoc(module.name, name) or found  # (NumPy's `ufunc = type(sin)`, documented so)
        if found is None:
            top = module.name.partition(".")[0]
            self.unsourced.update(dict.fromkeys(m for m in missing if m.partition(".")[0] == top))
        self.resolved[key] = found
        return found

    def newdoc(self, module: str, name: str) -> PyObject | None:
        """The object `name` of `module` as its package's add_newdoc calls document it (newdocs.py), their files
        read as the page's includes, once per page; or, when none names that module, the one object of that name
        they document (NumPy's `matmul`, documented in `numpy._core.umath`, is imported from `multiarray`, and
        both take it from the compiled `_multiarray_umath`)."""
        top = module.partition(".")[0]
        if top not in self.newdocs:
            self.newdocs[top] = {}
            folder = next(
                (os.path.join(b, top) for b in self.bases if probe(os.path.join(b, top, "__init__.py"))), None
            )
            for path in newdoc_files(os.path.realpath(folder)) if folder is not None else ():
                text = included_text(self.page, os.path.relpath(path, os.path.dirname(os.path.realpath(self.page))))
                for key, obj in newdocs(text or "").items():
                    self.newdocs[top].setdefault(key, obj)
        documented = self.newdocs[top]
        if (module, name) in documented:
            return documented[(module, name)]
        named = [obj for (_, other), obj in documented.items() if other == name]
        return named[0] if len(named) == 1 else None

    def module(self, name: str) -> PyObject | None:
        """The module `name`, parsed from its source (once per page); None when none is found or it does not
        parse."""
        if name not in self.modules:
            self.modules[name] = None
            path = next((p for p in self.candidates(name) if probe(p)), None)
            if path is None:
                self.absent.setdefault(name.partition(".")[0])
            else:
                text = included_text(self.page, os.path.relpath(path, os.path.dirname(os.path.realpath(self.page))))
                package = path.endswith("__init__.py")
                text = python_of_cython(text) if text and path.endswith(".pyx") else text
                try:
                    self.modules[name] = parsed_module(name, text, package, self.init_doc) if text else None
                except RecursionError:  # classes nested past what Python's own stack follows
                    self.modules[name] = None
                if text and self.modules[name] is None:
                    warn(f"{self.tool}: {os.path.basename(path)} of {name} is no Python that parses: only names shown")
        return self.modules[name]

    def found_any(self) -> bool:
        """Whether any module was found in the source for this page."""
        return any(m is not None for m in self.modules.values())

    def candidates(self, name: str) -> Iterator[str]:
        """Where the module `name` may be: in each folder it may be found in, as a file or a package (for
        autodoc, a Cython module's `.pyx` too, as Sphinx sees it once compiled: cythonsource.py)."""
        parts = name.split(".")
        for base in self.bases:
            yield os.path.join(base, *parts[:-1], parts[-1] + ".py")
            yield os.path.join(base, *parts, "__init__.py")
            if self.tool == "autodoc":
                yield os.path.join(base, *parts[:-1], parts[-1] + ".pyx")


def _instance_of(data: PyObject) -> str:
    """The class a module's data is an instance of, when its value calls it without arguments (`R()`: "R");
    else ""."""
    value = data.signature.partition(" = ")[2]
    return value[:-2] if data.kind == "data" and value.endswith("()") and _DOTTED.fullmatch(value[:-2]) else ""


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
