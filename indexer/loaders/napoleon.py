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

from indexer.loaders.docsections import Entry, entries, split_sections

__all__ = ["napoleon_rst"]

_FIELDS = {  # a section -> the field its entries become
    **dict.fromkeys(
        ("args", "arguments", "parameters", "params", "other parameters", "other params", "receives"), "param"
    ),
    **dict.fromkeys(("keyword args", "keyword arguments", "kwargs", "keyword parameters"), "keyword"),
    **dict.fromkeys(("attributes",), "ivar"),
    **dict.fromkeys(("raises", "raise", "exceptions"), "raises"),
    **dict.fromkeys(("warns", "warn"), "warns"),
}
_TYPE_FIELDS = {"param": "type", "keyword": "kwtype", "ivar": "vartype"}  # the field that gives an entry's type
_RESULTS = {"returns": "returns", "return": "returns", "yields": "Yields", "yield": "Yields"}
_ADMONITIONS = {"note": "note", "warning": "warning", "warnings": "warning", "todo": "todo", "see also": "seealso",
                "attention": "attention", "caution": "caution", "danger": "danger", "error": "error",
                "hint": "hint", "important": "important", "tip": "tip"}  # fmt: skip
_RUBRICS = frozenset({"example", "examples", "notes", "references", "methods"})


def napoleon_rst(doc: str, google: bool = True, numpy: bool = True) -> str:
    """A docstring (its common indentation taken off) with its Google and NumPy sections as napoleon writes them."""
    out: list[str] = []
    for part in split_sections(doc, google, numpy):
        out += [part] if isinstance(part, str) else _section(part.name, part.body, part.numpy)
    return "\n".join(out)


def _section(name: str, body: list[str], numpy: bool) -> list[str]:
    title = name.title().replace("See Also", "See also")
    if name in _ADMONITIONS:
        return [f".. {_ADMONITIONS[name]}::", "", *_shifted(body), ""]
    if name in _RUBRICS or (name not in _RESULTS and name not in _FIELDS):
        return [f".. rubric:: {title}", "", *body, ""]
    found = entries(body, numpy, named=_FIELDS.get(name) in _TYPE_FIELDS)
    if name in _RESULTS and not numpy:  # one result: its type before a colon, then its description
        found = [Entry(e.name, e.kind, [*e.text, *body[1:]]) for e in entries(body[:1], numpy, named=False)]
    if name in _RESULTS:
        field = _RESULTS[name]
        if len(found) == 1 and not found[0].name:
            kind, text = found[0].kind, found[0].text
            typed = [f":rtype: {kind}"] if kind and field == "returns" else []
            if field != "returns" and kind:  # `Yields: int: numbers` reads "Yields: int -- numbers"
                text = [f"{kind} \N{EN DASH} {text[0]}", *text[1:]] if text else [kind]
            return ["", *_field(field, "", text), *typed, ""]
        listed = [f"* {_entry_text(entry)}" for entry in found]
        return ["", *_field(field, "", listed), ""]
    field = _FIELDS[name]
    lines: list[str] = [""]
    for entry in found:
        if field in ("raises", "warns"):
            lines += _field(field, (entry.name or entry.kind).strip(), entry.text)
            continue
        escaped = entry.name.replace("*", "\\*")  # `*args`: no emphasis
        lines += _field(field, escaped, entry.text)
        lines += [f":{_TYPE_FIELDS[field]} {escaped}: {entry.kind}"] if entry.kind else []
    return [*lines, ""]


def _field(name: str, argument: str, text: list[str]) -> list[str]:
    head = f":{name} {argument}:" if argument else f":{name}:"
    if not text:
        return [head]
    return [f"{head} {text[0]}".rstrip(), *(f"   {line}" if line.strip() else "" for line in text[1:])]


def _entry_text(entry: Entry) -> str:
    name, kind, described = entry.name, entry.kind, " ".join(entry.text)
    shown = f"{name} ({kind})" if name and kind else name or kind
    return f"{shown} \N{EN DASH} {described}" if shown and described else shown or described


def _shifted(lines: list[str]) -> list[str]:
    return [f"   {line}" if line.strip() else "" for line in lines]
