"""The values typed into a PDF form's fields, as lines of the page that shows them.

A filled form keeps what was typed in its fields (the widget annotations' /V), not in the page's text, so
pypdf's text extraction reads the form's labels and loses its answers: LibreOffice's sample form gave
'First Name Last Name' and never 'Alice'. Each text or choice field with a value becomes a `name: value` line,
named by its tooltip (/TU, what the form shows a reader) else its name (/T). Buttons (check boxes, radio buttons)
are left out: their values are states ('/Off', '/Yes'), not words. A damaged annotation is passed over, and so
is a widget, or a page's list of them, that another page showed already: one list of 200 widgets of 2 KB values
that each of 1,000 pages named made a 538 KB file 390 MB of text.
"""

from __future__ import annotations

from typing import Any

__all__ = ["form_lines"]

_MAX_FIELDS = 1000  # a page's widgets read; a form with more is no form a reader fills
_MAX_PARENTS = 32  # a field's ancestors followed for its inherited type, name and value (a loop ends here)
_MAX_VALUE_CHARS = 2000
_TEXT_FIELDS = frozenset({"/Tx", "/Ch"})


def form_lines(page: Any, read: set[tuple[int, int]]) -> list[str]:
    """`name: value` for each filled text or choice field on the page, in the order of its annotations; `read`:
    the objects (by number) of the annotation lists and widgets of the document's pages read so far."""
    try:
        annotations = page.get("/Annots")
        if _read_before(annotations, read):
            return []
        widgets = list(annotations.get_object() if annotations is not None else [])[:_MAX_FIELDS]
    except Exception:  # a damaged /Annots array: the page's text is still read
        return []
    lines: list[str] = []
    for widget in widgets:
        if _read_before(widget, read):
            continue
        try:
            line = _line(widget.get_object())
        except Exception:  # one damaged field must not cost the others
            continue
        if line and line not in lines:  # a field shown by two widgets (on one page) is read once
            lines.append(line)
    return lines


def _read_before(reference: Any, read: set[tuple[int, int]]) -> bool:
    """Whether an object named by its number (an indirect reference) is in `read`; it is from now on."""
    number = getattr(reference, "idnum", None)
    if number is None:
        return False
    key = (number, getattr(reference, "generation", 0))
    if key in read:
        return True
    read.add(key)
    return False


def _line(widget: Any) -> str:
    if widget.get("/Subtype") != "/Widget":
        return ""
    kind, name, label, value = _inherited(widget)
    if kind not in _TEXT_FIELDS or value is None:
        return ""
    values = value if isinstance(value, list) else [value]  # a list box may hold several choices
    text = ", ".join(" ".join(str(v).split()) for v in values)[:_MAX_VALUE_CHARS]
    if not text:
        return ""
    named = (label or name).rstrip(" .:")  # a tooltip is often a sentence: "Enter name of Federal agency."
    return f"{named}: {text}" if named else text


def _inherited(widget: Any) -> tuple[Any, str, str, Any]:
    """The field's type, name, tooltip and value, each from the widget or else its nearest ancestor that has it."""
    kind = value = None
    name = label = ""
    node = widget
    for _ in range(_MAX_PARENTS):
        kind = kind if kind is not None else node.get("/FT")
        value = value if value is not None else node.get("/V")
        name = name or " ".join(str(node.get("/T") or "").split())
        label = label or " ".join(str(node.get("/TU") or "").split())
        parent = node.get("/Parent")
        if parent is None:
            break
        node = parent.get_object()
    return kind, name, label, value
