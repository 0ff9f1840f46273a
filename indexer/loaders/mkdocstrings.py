"""mkdocstrings' `::: pkg.mod` (its Python handler), put in place before a Markdown page is read, with what the
built page shows of the object: its docstring and its members', each member under a heading of its name with its
signature below it. The Python source is read with ast, never imported or run (pysource.py).

- Only on an MkDocs site whose config (mkdocsyml.py: the nearest mkdocs.yml at or above the page, or a
  `mkdocs*.yml` that builds a site) names the mkdocstrings plugin, in its `plugins` (a list, or one mapping of
  names to options) or those of the config its `INHERIT` names; on any other page a `::: name` line is left to
  the dialects (dialects.py shows the name).
- Modules are looked for in the handler's `paths` (relative to mkdocs.yml's folder; by default that folder), its
  `src/`, then in the folder included files may come from and its `src/`, and only there: index `docs/` with
  --includes-from the repository's root.
- Options, the directive's own (the YAML under it: `options:`) over the handler's in mkdocs.yml, as the Python
  handler reads them: `members` (the root's: all by default, a list names them, false none), `filters` (private
  `_name`s left out by default), `show_if_no_docstring` (false: members without a docstring, nor one of theirs,
  are left out), `inherited_members`, `merge_init_into_class` (`__init__`'s docstring in its class's),
  `heading_level` (2; a directive written as a heading, `## ::: name`, has its hashes' level),
  `show_root_heading` (false: the object's own docstring stands without a heading of its own), `heading` (the
  root's), `show_root_full_path` (true).
- Docstrings in the Google style (the handler's default) read as the page shows them: `Args:` is "Parameters:"
  with a line per parameter, `name (type) -- description` (an en dash), and so on for `Returns:`, `Raises:`,
  `Attributes:`; in `Examples:`, `>>>` lines and their output are code, and a section's own code blocks stay
  as written. NumPy's underlined section titles are read the same way, not as headings (mkdocstringsdoc.py).
- PEP 727's `Annotated[T, Doc("...")]` (Typer's, FastAPI's) as the handler shows it (typingdoc.py): `T` in the
  signature, and, with the griffe_typingdoc extension in the options' `extensions`, the Doc's text in the
  Parameters section.
- An object whose source is not found keeps its line (the page shows its name), and one warning names it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from indexer.loaders.fences import closes, opens
from indexer.loaders.includes import folders_up, reading_folder, reading_root, warn
from indexer.loaders.mkdocstringsdoc import code_span, docstring_markdown
from indexer.loaders.mkdocsyml import config_extensions, mkdocs_settings, plugin_entries, site_configs
from indexer.loaders.pyobjects import PyObject
from indexer.loaders.pysource import MAX_DEPTH, PythonSource
from indexer.loaders.typingdoc import documented_parameters, shown_signature
from indexer.loaders.yamlread import read_yaml

__all__ = ["expand_mkdocstrings"]

_API = re.compile(  # `::: name`, or `## ::: name`: a heading's level for the object's
    r"^(?P<indent>[ \t]*)(?P<heading>#{1,6}[ \t]*)?:::[ \t]+(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[ \t]*$"
)
MKDOCSTRINGS, MKAUTODOC = "mkdocstrings", "mkautodoc"  # the plugin, and encode's Markdown extension (httpx's docs)
_MKAUTODOC_OPTION = re.compile(r"^[ \t]*:(\w+):[ \t]*((?:\S(?:.*\S)?)?)[ \t]*$", re.MULTILINE)  # linear
MAX_LINES = 20_000  # lines one directive may become
_MARKUP = re.compile(r"([\\`*_{}\[\]<>#+!|~])")  # what Markdown would read as markup in a name (`__init__`)


def expand_mkdocstrings(text: str, path: Path) -> str:
    """Markdown with mkdocstrings' `::: name` blocks put in place (see the module docstring)."""
    if ":::" not in text or reading_folder() is None:
        return text
    config = _site_config(path)
    if config is None:
        return text
    folder, tool, handler = config
    paths = handler.get("paths")
    listed = [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else ["."]
    bases = [os.path.normpath(os.path.join(folder, p)) for p in listed] + [os.path.join(folder, "src")]
    root = reading_root()
    bases += [root, os.path.join(root, "src")] if root else []
    defaults = handler.get("options")
    source = PythonSource(path, bases, tool=tool)
    lines, unfound = _expanded(text.split("\n"), source, defaults if isinstance(defaults, dict) else {}, tool)
    if unfound:
        more = f" and {len(unfound) - 1} more" if len(unfound) > 1 else ""
        origins = [source.foreign(name) for name in unfound]
        where = "the documents folder" if root == reading_folder() else str(root)
        if root == reading_folder() and not all(origins):  # (another package's: not one to give)
            where += " (give --includes-from the folder that holds its package)"
        first = f"{unfound[0]} (imported from {origins[0]})" if origins[0] else unfound[0]
        warn(f"{tool}: {first}{more} not found in the Python source in {where}: only the name is shown")
    return "\n".join(lines)


def _expanded(
    lines: list[str], source: PythonSource, defaults: dict[str, Any], tool: str
) -> tuple[list[str], list[str]]:
    out: list[str] = []
    unfound: list[str] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if fence is not None:
            fence = None if closes(line, fence) else fence
            out.append(line)
            i += 1
            continue
        match = _API.match(line) if ":::" in line else None
        if match is None or (match["heading"] and tool == MKAUTODOC):
            fence = opens(line)
            out.append(line)
            i += 1
            continue
        end = i + 1
        while end < len(lines) and (not lines[end].strip() or lines[end].startswith(match["indent"] + "    ")):
            end += 1
        while end > i + 1 and not lines[end - 1].strip():
            end -= 1
        block = lines[i + 1 : end]
        options = _mkautodoc_options(block) if tool == MKAUTODOC else _options(block)
        if match["heading"]:  # its hashes are the heading level, over the options'
            options["heading_level"] = match["heading"].count("#")
        found = source.find(match["name"])
        if found is None:
            unfound.append(match["name"])
            heading = match["heading"] and f"{match['indent']}{match['heading'].rstrip()} {match['name']}"
            out += [heading] if heading else lines[i:end]
        else:
            merged = {**defaults, **options, "_tool": tool}
            out += ["", *_object(source, found[1], found[0], merged, 0, match["indent"]), ""][:MAX_LINES]
        i = end
    return out, unfound


def _mkautodoc_options(block: list[str]) -> dict[str, Any]:
    """mkautodoc's options under a `::: name` line (`:docstring:`, `:members: a b`), as the Python handler's."""
    given = dict(_MKAUTODOC_OPTION.findall("\n".join(block)))
    members = given["members"].split() if "members" in given and given["members"].strip() else "members" in given
    return {"members": members, "show_docstring": "docstring" in given, "show_if_no_docstring": True}


def _options(block: list[str]) -> dict[str, Any]:
    """The `options:` of the YAML under a `::: name` line ({} when there is none or it is no YAML)."""
    if not block:
        return {}
    indent = min(len(line) - len(line.lstrip()) for line in block if line.strip())
    settings = read_yaml("\n".join(line[indent:] for line in block))
    options = settings.get("options") if isinstance(settings, dict) else None
    return options if isinstance(options, dict) else {}


def _object(
    source: PythonSource, obj: PyObject, full: str, options: dict[str, Any], depth: int, indent: str
) -> list[str]:
    """The Markdown of an object: its heading (at the root, only with show_root_heading), signature, docstring,
    then its members'. mkautodoc's has no headings: its signature, its docstring with `:docstring:` (a member's
    always), its members' with `:members:`, one level deep."""
    plain = options.get("_tool") == MKAUTODOC
    name = full.rsplit(".", 1)[-1] if depth or options.get("show_root_full_path") is False else full
    shown = shown_signature(obj.signature, options)
    signature = [f"{indent}{code_span(name + shown)}", ""] if obj.signature and obj.kind != "module" else []
    lines: list[str] = []
    if plain:
        lines += signature if obj.kind != "module" else []
    elif depth or options.get("show_root_heading"):
        level = _int(options.get("heading_level"), 2) + depth - (0 if options.get("show_root_heading") else 1)
        given = options.get("heading") if not depth else None  # the root's own heading, as the options give it
        heading = given.strip() if isinstance(given, str) and given.strip() else _MARKUP.sub(r"\\\1", name)
        lines += [f"{indent}{'#' * max(1, min(level, 6))} {heading}", "", *signature]
    if not plain or depth or options.get("show_docstring"):
        documented = docstring_markdown(_merged_doc(obj, options), documented_parameters(obj, options))
        lines += [f"{indent}{line}" if line.strip() else "" for line in documented]
    if obj.kind in ("module", "class", "exception") and depth < (1 if plain else MAX_DEPTH):
        chosen = source.members(obj, _as_autodoc(options), depth) if plain else _members(source, obj, options, depth)
        for member_name, member in chosen:
            lines += ["", *_object(source, member, f"{full}.{member_name}", options, depth + 1, indent)]
            if len(lines) > MAX_LINES:
                break
    return lines


def _members(source: PythonSource, obj: PyObject, options: dict[str, Any], depth: int) -> list[tuple[str, PyObject]]:
    """The members of a module or class that the Python handler renders: at the root, those its `members` list
    names (whatever their names or docstrings) or none for `members: false`; else those its `filters` keep
    (`["!^_[^_]"]`, a list of regular expressions, or "public") that have a docstring, or a member with one
    (unless `show_if_no_docstring`); `inherited_members` true or a list of names; `__init__` not when
    `merge_init_into_class` puts it in its class."""
    members = options.get("members") if depth == 0 else None
    if members is False or members == []:
        return []
    inherited = options.get("inherited_members")
    every = {"members": "", "undoc-members": "", "private-members": "", "special-members": ""}
    if inherited:
        every["inherited-members"] = ""
    if isinstance(members, list):
        every["members"] = ", ".join(str(m) for m in members)
    found = source.members(obj, every, depth)
    if isinstance(members, list):
        return found
    filters = options.get("filters", ["!^_[^_]"])
    kept = []
    for name, member in found:
        if name not in obj.members and obj.kind != "module" and isinstance(inherited, list):
            if name in inherited:  # an inherited member the list names: shown, whatever its name or docstring
                kept.append((name, member))
            continue
        if name == "__init__" and obj.kind != "module" and options.get("merge_init_into_class"):
            continue
        if not _filtered_in(name, filters, obj) or not (options.get("show_if_no_docstring") or _documented(member)):
            continue
        kept.append((name, member))
    return kept


def _filtered_in(name: str, filters: Any, owner: PyObject) -> bool:
    """Whether the handler's `filters` keep a member of this name: the last regular expression that matches it
    decides (`!` leaves out); none matching keeps it unless every filter is a positive one."""
    if filters == "public":
        return name in owner.exported if owner.exported is not None else not name.startswith("_") or name[-2:] == "__"
    if not isinstance(filters, list) or not filters:
        return True
    keep: bool | None = None
    for written in (f for f in filters if isinstance(f, str)):
        exclude = written.startswith("!")
        try:
            if re.search(written[1:] if exclude else written, name):
                keep = not exclude
        except re.error:
            continue
    return keep if keep is not None else any(isinstance(f, str) and f.startswith("!") for f in filters)


def _documented(obj: PyObject, depth: int = 0) -> bool:
    """Whether an object or one of its members (at any depth) has a docstring."""
    return bool(obj.doc) or (depth < MAX_DEPTH and any(_documented(m, depth + 1) for m in obj.members.values()))


def _merged_doc(obj: PyObject, options: dict[str, Any]) -> str:
    """A class's docstring, followed by its `__init__`'s with `merge_init_into_class` (without its first paragraph,
    its summary, with the docstring option `ignore_init_summary`)."""
    init = obj.members.get("__init__") if obj.kind in ("class", "exception") else None
    if init is None or not init.doc or not options.get("merge_init_into_class"):
        return obj.doc
    docstring_options = options.get("docstring_options")
    doc = init.doc
    if isinstance(docstring_options, dict) and docstring_options.get("ignore_init_summary"):
        doc = doc.partition("\n\n")[2]
    return f"{obj.doc}\n\n{doc}".strip("\n")


def _as_autodoc(options: dict[str, Any]) -> dict[str, Any]:
    """mkautodoc's member options as pysource chooses members by autodoc's."""
    members = options.get("members", True)
    chosen: dict[str, Any] = {"special-members": ""}  # the default filters leave only `_private` names out
    if isinstance(members, list):
        chosen["members"] = ", ".join(str(m) for m in members)
    elif members is not False and members is not None:
        chosen["members"] = ""
    if options.get("show_if_no_docstring"):
        chosen["undoc-members"] = ""
    if options.get("inherited_members"):
        chosen["inherited-members"] = ""
    return chosen


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6 else default


def _site_config(page: Path) -> tuple[str, str, dict[str, Any]] | None:
    """(the folder of the nearest MkDocs config at or above the page (mkdocsyml.py), the tool it names:
    MKDOCSTRINGS or MKAUTODOC, the mkdocstrings Python handler's settings) when it names one; None otherwise."""
    for folder in folders_up(page):
        configs = site_configs(Path(folder))
        if configs:
            found = _handler(configs[0])
            return (folder, *found) if found is not None else None
    return None


def _handler(config: Path) -> tuple[str, dict[str, Any]] | None:
    """(MKDOCSTRINGS, the Python handler's settings: {} when it gives none) for a mkdocs.yml that names the
    mkdocstrings plugin, (MKAUTODOC, {}) for one whose Markdown extensions hold mkautodoc; None when it names
    neither or cannot be read. A config that says `INHERIT: base.yml` is that file's settings with its own merged
    over them, as MkDocs reads both (mkdocsyml.py)."""
    for name, options in plugin_entries(mkdocs_settings(config)):
        if name == MKDOCSTRINGS:
            handlers = options.get("handlers")
            python = handlers.get("python") if isinstance(handlers, dict) else None
            return MKDOCSTRINGS, python if isinstance(python, dict) else {}
    return (MKAUTODOC, {}) if MKAUTODOC in config_extensions(config) else None  # as snippets reads them
