"""What Sphinx shows of its directives and roles, for the two syntaxes that write them: reStructuredText
(rstblocks.py) and MyST Markdown (myst.py). Any directive named in none of the sets reads as prose: its argument
(an admonition's title, autodoc's object name) and then its body."""

from __future__ import annotations

import re

from indexer.loaders import antsibull
from indexer.loaders.rstchangelog import changelog_in_use
from indexer.loaders.sphinxproject import extlink, project
from indexer.loaders.sphinxrefs import doc_title, ref_title, section_title

__all__ = [
    "ADMONITION_TITLES",
    "BODY_DIRECTIVES",
    "CODE_DIRECTIVES",
    "EMPTY_DIRECTIVES",
    "OPTION_LINES",
    "SIGNATURE_OPTIONS",
    "VERSION_LABELS",
    "only_shown",
    "role_text",
    "rst_signature",
]

# their body is code, shown as written
CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode", "code-cell", "ipython", "jupyter-execute", "doctest",
                             "testcode", "testoutput", "testsetup", "testcleanup", "productionlist"})  # fmt: skip
# nothing a reader sees as text: a table of contents, an index entry, a file to include, a diagram's source,
# settings of the build (`program`: the program the options that follow belong to)
EMPTY_DIRECTIVES = frozenset({"toctree", "contents", "tableofcontents", "include", "literalinclude", "raw", "index",
                              "highlight", "tabularcolumns", "sectionauthor", "moduleauthor", "codeauthor",
                              "currentmodule", "py:currentmodule", "default-domain", "c:namespace", "c:namespace-push",
                              "c:namespace-pop", "cpp:namespace", "cpp:namespace-push", "cpp:namespace-pop",
                              "autosummary", "bibliography", "glue:figure", "graphviz", "mermaid",
                              "plot", "program", "std:program",
                              # the changelog extension's (SQLAlchemy, Alembic): the changelogs it reads for
                              # their cross-references, which it parses and shows nothing of
                              "changelog_imports",
                              # sphinxcontrib-towncrier's: the news fragments not yet released, read from a folder
                              # outside the docs by towncrier when the site is built (pytest's changelog)
                              "towncrier-draft-entries"})  # fmt: skip
# their body only: their argument is a build condition, a module's name or CSS classes, which Sphinx never shows
BODY_DIRECTIVES = frozenset(  # sphinx-design's grid: its argument is the number of columns ("2", "1 2 3 4")
    {"only", "ifconfig", "module", "py:module", "js:module", "cssclass", "rst-class", "grid"}
)
# the title Sphinx gives an admonition written without one (any other directive without an argument has none)
ADMONITION_TITLES = {"attention": "Attention", "caution": "Caution", "danger": "Danger", "error": "Error",
                     "hint": "Hint", "important": "Important", "note": "Note", "tip": "Tip", "warning": "Warning",
                     "seealso": "See also", "todo": "Todo"}  # fmt: skip
# what a version note starts with, before its version (sphinx.domains.changeset, Sphinx 7.3 on)
_ADDED, _CHANGED, _DEPRECATED, _REMOVED = ("Added in version", "Changed in version", "Deprecated since version",
                                           "Removed in version")  # fmt: skip
VERSION_LABELS = {"versionadded": _ADDED, "versionchanged": _CHANGED, "deprecated": _DEPRECATED,
                  "versionremoved": _REMOVED, "version-added": _ADDED, "version-changed": _CHANGED,
                  "version-deprecated": _DEPRECATED, "version-removed": _REMOVED}  # fmt: skip
# options Sphinx shows of an object: as "Name: value" lines under its name (a confval's "Default: []"), or after its
# signature (an attribute's "name: str = 'x'", a directive option's "caption (text)"); the others (`:no-index:`,
# `:module:`...) it never shows. Sphinx's default domain (py:) and the standard one (std:) may be left out.
_TYPE_AND_VALUE = (("type", ": {}"), ("value", " = {}"))
_PY_SIGNATURE_OPTIONS = {"attribute": _TYPE_AND_VALUE, "data": _TYPE_AND_VALUE, "property": (("type", ": {}"),),
                         "type": (("canonical", " = {}"),)}  # fmt: skip
SIGNATURE_OPTIONS = {"rst:directive:option": (("type", " ({})"),), **_PY_SIGNATURE_OPTIONS,
                     **{f"py:{name}": shown for name, shown in _PY_SIGNATURE_OPTIONS.items()}}  # fmt: skip
OPTION_LINES = {name: (("type", "Type"), ("default", "Default")) for name in ("confval", "std:confval")}
# roles that show their text as written (`:file:`~/.bashrc``): Sphinx's literal roles, which link nowhere
_AS_WRITTEN = frozenset({"file", "samp", "kbd", "command", "program", "code", "literal", "math", "regexp", "mimetype",
                         "makevar", "mailheader", "newsgroup", "manpage", "dfn"})  # fmt: skip
# Sphinx's own roles (and docutils'), never looked up in conf.py's extlinks, whose roles are the project's own
_SPHINX_ROLES = _AS_WRITTEN | frozenset({"ref", "doc", "term", "any", "numref", "keyword", "option", "envvar", "token",
                                         "download", "abbr", "guilabel", "menuselection", "pep", "rfc", "eq", "func",
                                         "class", "meth", "attr", "data", "const", "exc", "obj", "mod", "type",
                                         "emphasis", "strong", "sub", "sup", "title-reference"})  # fmt: skip
# sphinx-issues' roles: (the conf.py setting of the prefix shown before their text, its default)
_ISSUES_PREFIXES = {"issue": ("issues_prefix", "#"), "pr": ("issues_pr_prefix", "#"),
                    "user": ("issues_user_prefix", "@"), "commit": ("issues_commit_prefix", "@")}  # fmt: skip
_VARIABLE_PARTS = frozenset({"samp", "file"})  # roles whose {braces} mark a variable part (\{ is a brace)
_VARIABLE_PART = re.compile(r"(?<!\\)\{((?:[^{}\\]|\\.)*)(?<!\\)\}")
_ESCAPED_BRACE = re.compile(r"\\([{}])")
_TITLE_AND_TARGET = re.compile(r"^(.*)<[^<>]*>$", re.DOTALL)  # greedy: one pass (a lazy title backtracks)
_RELATIVE = re.compile(r"^\.+(?=[A-Za-z_])")  # `.Builder.name`: found from the current module or class


def role_text(source: str, role: str = "") -> str:
    """What Sphinx shows of a role's text (`role`: its name, `func` or `py:func`): `Title <target>` shows Title;
    `~a.b.c` its last part, c (`~a::b`, C++'s separator, b); `.a.b`, a relative name, a.b; `!x`, a reference
    that links nowhere, x as written; a literal role (`file`, `samp`...) its text as written, but for the braces
    that mark a variable part in `samp` and `file` (`{x}`: x; `\\{` a brace); a role of the project's
    `extlinks` (sphinxproject.extlink) its caption; the changelog extension's `ticket` "#123"; Ansible's
    semantic roles (`ansopt`...) what antsibull-docs shows (antsibull.py)."""
    source = source.replace("\\`", "`")
    name = role.rsplit(":", 1)[-1].lower()
    if name in _VARIABLE_PARTS:  # `:samp:`print({name})``: the braces mark a part to fill in, shown in italics
        return _ESCAPED_BRACE.sub(r"\1", _VARIABLE_PART.sub(r"\1", source))
    if name in _AS_WRITTEN:
        return source
    if name in ("menuselection", "guilabel"):  # `Admin --> Settings` shows Admin ‣ Settings; `&Save` is Save
        menu = re.sub(r"\s*-->\s*", " \N{TRIANGULAR BULLET} ", source) if name == "menuselection" else source
        return re.sub(r"&(?=\w)", "", menu.replace("&&", "\0")).replace("\0", "&")
    if name in antsibull.ROLES and ":" not in role and (shown := antsibull.role_shown(name, source)) is not None:
        return shown
    match = _TITLE_AND_TARGET.match(source)
    if match and match.group(1).strip():
        return " ".join(match.group(1).split())
    text = source.strip()
    if ":" not in role and name not in _SPHINX_ROLES and (shown := extlink(role, text)) is not None:
        return shown
    if name == "ticket" and changelog_in_use():
        return f"#{text}"  # the changelog extension's link to an issue
    if ":" not in role and name in _ISSUES_PREFIXES and (shown := _issues_text(name, text)) is not None:
        return shown
    if role.rsplit(":", 1)[-1].lower() == "doc" and not text.startswith("!"):
        return doc_title(text) or text
    if role.rsplit(":", 1)[-1].lower() == "ref" and not text.startswith("!"):
        return ref_title(text) or (_section_label(text) if ":" in text else None) or text
    if text.startswith("!"):
        return text[1:]
    if not text.startswith("~"):
        return _RELATIVE.sub("", text)
    name, parenthesis, rest = text[1:].partition("(")  # `~a.b.c(x.y)` is c(x.y)
    last = name.rsplit("::", 1)[-1] if "::" in name else name.rsplit(".", 1)[-1]
    return last + parenthesis + rest


def _issues_text(name: str, text: str) -> str | None:
    """What sphinx-issues shows of its roles when conf.py loads it (pytest's changelog: "See :issue:`10819`" read
    "See 10819"): `:issue:`123, 456`` "#123, #456", `:pr:`12`` "#12", `:user:`name`` "@name", `:commit:``
    "@" and its first 7 digits, `:issue:`org/repo#7`` "org/repo#7", with conf.py's `issues_*_prefix` in place of
    the default; "-" and "0" nothing. None when conf.py does not load it."""
    found = project()
    if found is None or "sphinx_issues" not in found.extensions:
        return None
    setting, default = _ISSUES_PREFIXES[name]
    prefix = found.values.get(setting, default)
    prefix = prefix if isinstance(prefix, str) else default
    shown: list[str] = []
    for part in (part.strip() for part in text.split(",")):
        if part in ("", "-", "0"):
            continue
        at = max(part.rfind(mark) for mark in "#@!")
        repository, number = (part[:at], part[at + 1 :]) if "/" in part[: max(at, 0)] else ("", part.lstrip("#@!"))
        shown.append(f"{repository}{prefix}{number[:7] if name == 'commit' else number}")
    return ", ".join(shown)


def _section_label(target: str) -> str | None:
    """The title of the section a label of sphinx.ext.autosectionlabel names (`page:Title`), when conf.py loads
    it and sets autosectionlabel_prefix_document (sphinxrefs.section_title); None otherwise."""
    found = project()
    if found is None or "sphinx.ext.autosectionlabel" not in found.extensions:
        return None
    return section_title(target) if found.values.get("autosectionlabel_prefix_document") is True else None


_DIRECTIVE_SIGNATURE = re.compile(r"\.\.[ \t]+([^:\s][^\s]*?)::(.*)")  # `.. c:member:: declaration`
_OPTION_SIGNATURE = re.compile(r"([^:\s]+)\s*:\s+(.*)")  # `maxdepth: integer`


def rst_signature(directive: str, signature: str) -> str | None:
    """What Sphinx's reStructuredText domain shows of the signature of one of its objects (sphinx.domains.rst):
    `.. rst:directive:: toctree` is ".. toctree::", `.. rst:directive:option:: maxdepth: integer` ":maxdepth:
    integer", `.. rst:role:: doc` ":doc:"; None for any other directive."""
    text = signature.strip()
    if directive == "rst:directive":
        found = _DIRECTIVE_SIGNATURE.fullmatch(text) if text.startswith(".") else None
        name, rest = (found.group(1).strip(), found.group(2).strip()) if found else (text, "")
        return f".. {name}::" + (f" {rest}" if rest else "")
    if directive == "rst:directive:option":
        found = _OPTION_SIGNATURE.fullmatch(text)
        return f":{found.group(1)}: {found.group(2)}" if found else f":{text}:"
    return f":{text}:" if directive == "rst:role" else None


_HTML_TAGS = frozenset({"html", "format_html", "builder_html"})  # the tags of Sphinx's HTML build
_TAG_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def only_shown(expression: str) -> bool:
    """Whether the HTML page shows the body of `.. only:: expression`: its tags are `html`, `format_html` and
    `builder_html`, and those conf.py's top level adds (`tags.add("web")`), joined by `and`, `or`, `not` and
    parentheses; any other tag (`latex`, one conf.py adds only under a condition) is false. pytest's plugin
    list, written once for `not latex` and once for `latex`, was read twice. An expression that cannot be read
    shows the body."""
    tokens = _TAG_TOKEN.findall(expression)
    found = project()
    added = set(found.tags) if found is not None else set()
    tokens = ["html" if token in added else token for token in tokens]  # a tag of this build, as html is
    try:
        shown, rest = _either(tokens)
    except (IndexError, ValueError):
        return True
    return shown if not rest else True


def _either(tokens: list[str]) -> tuple[bool, list[str]]:
    shown, tokens = _both(tokens)
    while tokens and tokens[0] == "or":
        other, tokens = _both(tokens[1:])
        shown = shown or other
    return shown, tokens


def _both(tokens: list[str]) -> tuple[bool, list[str]]:
    shown, tokens = _one(tokens)
    while tokens and tokens[0] == "and":
        other, tokens = _one(tokens[1:])
        shown = shown and other
    return shown, tokens


def _one(tokens: list[str]) -> tuple[bool, list[str]]:
    if tokens[0] == "not":
        shown, rest = _one(tokens[1:])
        return not shown, rest
    if tokens[0] == "(":
        shown, rest = _either(tokens[1:])
        if rest[:1] != [")"]:
            raise ValueError("no closing parenthesis")
        return shown, rest[1:]
    if tokens[0] in ("and", "or", ")") or not tokens[0].isidentifier():
        raise ValueError(f"not a tag: {tokens[0]}")
    return tokens[0] in _HTML_TAGS, tokens[1:]
