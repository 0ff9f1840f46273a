"""Google and NumPy style docstrings read as Sphinx shows them with sphinx.ext.napoleon (or numpydoc): their
sections become the reStructuredText napoleon makes of them, before autodoc.py puts the docstring in a page.

- `Args:` (Google: `x (int): How many.`, more lines indented below) or `Parameters` over a dashed underline
  (NumPy: `x : int`, its description indented below) become `:param x: How many.` and `:type x: int`, which
  the page shows as "Parameters: x (int) -- How many." (an en dash) (sphinxfields.py); so do keyword arguments and other
  parameters; `Attributes` become `:ivar x:`; `Returns` and `Yields` their description and type (`:returns:`
  and `:rtype:`), `Raises` and `Warns` a field for each type named;
- `Note:` and `Warning:` become those admonitions (and `Todo`, `See Also` Sphinx's), `Example:`, `Notes`,
  `References` and the other known sections a rubric over their text;
- a line ending in a colon that names no section (`Usage:`), or a section that is not followed by its indented
  (Google) or underlined (NumPy) body, stays as written.
"""

from __future__ import annotations

import re

__all__ = ["napoleon_rst"]

_FIELDS = {  # a section -> the field its entries become
    **dict.fromkeys(("args", "arguments", "parameters", "params", "other parameters", "other params"), "param"),
    **dict.fromkeys(("keyword args", "keyword arguments", "kwargs", "keyword parameters"), "keyword"),
    **dict.fromkeys(("attributes",), "ivar"),
    **dict.fromkeys(("raises", "raise"), "raises"),
    **dict.fromkeys(("warns", "warn"), "warns"),
}
_TYPE_FIELDS = {"param": "type", "keyword": "kwtype", "ivar": "vartype"}  # the field that gives an entry's type
_RESULTS = {"returns": "returns", "return": "returns", "yields": "Yields", "yield": "Yields"}
_ADMONITIONS = {"note": "note", "warning": "warning", "warnings": "warning", "todo": "todo", "see also": "seealso",
                "attention": "attention", "caution": "caution", "danger": "danger", "error": "error",
                "hint": "hint", "important": "important", "tip": "tip"}  # fmt: skip
_RUBRICS = frozenset({"example", "examples", "notes", "references", "methods"})
_SECTIONS = frozenset({*_FIELDS, *_RESULTS, *_ADMONITIONS, *_RUBRICS})
_GOOGLE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]*?)[ \t]*:[ \t]*$")
_UNDERLINE = re.compile(r"^[ \t]*[-=`:'\"~^_*+#<>]{2,}[ \t]*$")
_GOOGLE_ENTRY = re.compile(r"^(?P<name>\**[\w.\\, ]+?)[ \t]*(?:\((?P<type>.*?)\))?[ \t]*:(?:[ \t]+|$)")
_NUMPY_ENTRY = re.compile(r"^(?P<name>\**[\w.\\, ]+?)[ \t]+:[ \t]*(?P<type>.*)$")


def napoleon_rst(doc: str, google: bool = True, numpy: bool = True) -> str:
    """A docstring (its common indentation taken off) with its Google and NumPy sections as napoleon writes them."""
    lines = doc.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        name = line.strip().lower()
        if numpy and name in _SECTIONS and i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1]) and _indent(line) == 0:
            end = next((n for n in range(i + 2, len(lines)) if _numpy_header(lines, n)), len(lines))
            out += _section(name, _dedented(lines[i + 2 : end]), numpy=True)
            i = end
            continue
        header = _GOOGLE.match(line) if google and _indent(line) == 0 else None
        if header is not None and header["name"].lower() in _SECTIONS and _indented_below(lines, i):
            end = next((n for n in range(i + 1, len(lines)) if lines[n].strip() and _indent(lines[n]) == 0), len(lines))
            out += _section(header["name"].lower(), _dedented(lines[i + 1 : end]), numpy=False)
            i = end
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _section(name: str, body: list[str], numpy: bool) -> list[str]:
    title = name.title().replace("See Also", "See also")
    if name in _ADMONITIONS:
        return [f".. {_ADMONITIONS[name]}::", "", *_shifted(body), ""]
    if name in _RUBRICS:
        return [f".. rubric:: {title}", "", *body, ""]
    entries = _entries(body, numpy, named=_FIELDS.get(name) in _TYPE_FIELDS)
    if name in _RESULTS and not numpy:  # one result: its type before a colon, then its description
        entries = _entries(body[:1], numpy, named=False)
        entries = [(name, kind, [*text, *body[1:]]) for name, kind, text in entries]
    if name in _RESULTS:
        field = _RESULTS[name]
        if len(entries) == 1 and not entries[0][0]:
            _, kind, text = entries[0]
            typed = [f":rtype: {kind}"] if kind and field == "returns" else []
            if field != "returns" and kind:  # `Yields: int: numbers` reads "Yields: int -- numbers"
                text = [f"{kind} \N{EN DASH} {text[0]}", *text[1:]] if text else [kind]
            return ["", *_field(field, "", text), *typed, ""]
        listed = [f"* {_entry_text(entry)}" for entry in entries]
        return ["", *_field(field, "", listed), ""]
    field = _FIELDS[name]
    lines: list[str] = [""]
    for entry_name, kind, text in entries:
        if field in ("raises", "warns"):
            lines += _field(field, (entry_name or kind).strip(), text)
            continue
        escaped = entry_name.replace("*", "\\*")  # `*args`: no emphasis
        lines += _field(field, escaped, text)
        lines += [f":{_TYPE_FIELDS[field]} {escaped}: {kind}"] if kind else []
    return [*lines, ""]


def _entries(body: list[str], numpy: bool, named: bool) -> list[tuple[str, str, list[str]]]:
    """A section's entries: (name, type, description lines); an entry is a line at the section's indentation, its
    description the lines indented below it, as they stand to each other (a list in it stays one), after, in
    Google style, what follows the colon."""
    entries: list[tuple[str, str, list[str]]] = []
    below: list[list[str]] = []  # each entry's lines below its first
    for line in body:
        if entries and (not line.strip() or _indent(line) > 0):
            below[-1].append(line)
            continue
        if not line.strip():
            continue
        text = line.strip()
        below.append([])
        if numpy:
            match = _NUMPY_ENTRY.match(text)
            if match is not None:
                entries.append((match["name"], match["type"].strip(), []))
            else:
                entries.append(("", text, []) if not named else (text, "", []))
            continue
        match = _GOOGLE_ENTRY.match(text)
        if match is not None and (named or match["type"] is None):
            rest = text[match.end() :].strip()
            name, kind = (match["name"], match["type"] or "") if named else ("", match["name"])
            entries.append((name, kind.strip(), [rest] if rest else []))
        else:
            entries.append(("", "", [text]))
    return [(name, kind, [*first, *_dedented(more)]) for (name, kind, first), more in zip(entries, below, strict=True)]


def _field(name: str, argument: str, text: list[str]) -> list[str]:
    head = f":{name} {argument}:" if argument else f":{name}:"
    if not text:
        return [head]
    return [f"{head} {text[0]}".rstrip(), *(f"   {line}" if line.strip() else "" for line in text[1:])]


def _entry_text(entry: tuple[str, str, list[str]]) -> str:
    name, kind, text = entry
    described = " ".join(text)
    shown = f"{name} ({kind})" if name and kind else name or kind
    return f"{shown} \N{EN DASH} {described}" if shown and described else shown or described


def _numpy_header(lines: list[str], at: int) -> bool:
    return (
        _indent(lines[at]) == 0
        and lines[at].strip().lower() in _SECTIONS
        and at + 1 < len(lines)
        and _UNDERLINE.match(lines[at + 1]) is not None
    )


def _indented_below(lines: list[str], at: int) -> bool:
    """Whether the first line with text after `at` is indented (a Google section's body)."""
    following = next((line for line in lines[at + 1 :] if line.strip()), "")
    return _indent(following) > 0


def _dedented(lines: list[str]) -> list[str]:
    """`lines` without their common indentation, nor blank lines at either end."""
    kept = [line for line in lines if line.strip()]
    common = min((_indent(line) for line in kept), default=0)
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    while lines and not lines[0].strip():
        lines = lines[1:]
    return [line[common:] if line.strip() else "" for line in lines]


def _shifted(lines: list[str]) -> list[str]:
    return [f"   {line}" if line.strip() else "" for line in lines]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
