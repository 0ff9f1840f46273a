"""Sphinx's doc fields: the field list in the description of a Python object (`.. py:function::`, `.. method::`,
autodoc's `.. autoclass::`) read as Sphinx shows it (sphinx.util.docfields, the Python domain's field types).

`:param str name: The name.`, or `:param name:` and `:type name: str`, reads "Parameters: name (str) -- The name."
(the dash an en dash, as Sphinx's HTML shows it); several parameters are a list under "Parameters:", a line each;
`:raises ValueError: if bad` reads "Raises: ValueError -- if bad", `:returns:` "Returns:", `:rtype:` "Return
type:", `:ivar x:` "Variables: x -- ...". A field Sphinx does not know, or written with an argument where none
belongs (or none where one does), shows its name capitalised (`:version:` is "Version"); autodoc's `:meta
private:` shows nothing. pytest's API reference read "param condition: True/False...", "type condition: bool or
str" and "keyword str reason: ..." on lines of their own.
"""

from __future__ import annotations

from docutils import nodes

__all__ = ["OBJECT_DIRECTIVES", "doc_fields"]

_PYTHON_OBJECTS = ("function", "class", "method", "classmethod", "staticmethod", "attribute", "property", "data",
                   "exception", "decorator", "decoratormethod", "type")  # fmt: skip
_AUTODOC = ("autofunction", "autoclass", "automethod", "autoattribute", "autoproperty", "autodata", "autoexception",
            "autodecorator")  # fmt: skip
# the directives whose field lists Sphinx reads as doc fields: the Python domain's objects, the default domain's
OBJECT_DIRECTIVES = frozenset({*_PYTHON_OBJECTS, *(f"py:{name}" for name in _PYTHON_OBJECTS), *_AUTODOC})

_PARAMETERS, _VARIABLES, _RAISES = "Parameters", "Variables", "Raises"
_GROUPED = {  # field name -> the label it is listed under, with its argument
    **dict.fromkeys(("param", "parameter", "arg", "argument", "keyword", "kwarg", "kwparam"), _PARAMETERS),
    **dict.fromkeys(("var", "ivar", "cvar"), _VARIABLES),
    **dict.fromkeys(("raises", "raise", "exception", "except"), _RAISES),
}
_SINGLE = {"returns": "Returns", "return": "Returns", "rtype": "Return type"}  # no argument, a field each
_TYPES = {"type": _PARAMETERS, "paramtype": _PARAMETERS, "vartype": _VARIABLES}  # `:type name:` of a grouped one
_TYPED = frozenset({_PARAMETERS, _VARIABLES})  # `:param str name:` gives name's type
_DASH = " \N{EN DASH} "  # Sphinx writes " -- ", which its HTML shows as an en dash

_Item = tuple[str, list[nodes.Node]]  # an argument and its description


def doc_fields(container: nodes.Element, start: int = 0) -> None:
    """Read each field list right inside an object's description (`container`, from its child `start` on: its
    content) as Sphinx shows its doc fields."""
    for index, child in enumerate(container.children):
        if index >= start and isinstance(child, nodes.field_list):
            container.children[index] = _transformed(child)
            container.children[index].parent = container


def _transformed(fields: nodes.field_list) -> nodes.field_list:
    entries: list[nodes.Node | tuple[str, list[_Item]]] = []
    groups: dict[str, list[_Item]] = {}
    types: dict[str, dict[str, list[nodes.Node]]] = {}
    for field in fields.children:
        if not isinstance(field, nodes.field) or len(field.children) != 2:
            entries.append(field)
            continue
        name, body = field.children
        kind, _, argument = name.astext().strip().partition(" ")
        argument = argument.strip()
        content = _content(body)
        label = _GROUPED.get(kind) or _TYPES.get(kind) or _SINGLE.get(kind)
        if kind == "meta":  # autodoc's `:meta private:`, which Sphinx never shows
            continue
        if label is None or bool(argument) == (kind in _SINGLE):  # unknown, or its argument where none belongs
            shown = kind[:1].upper() + kind[1:] + (f" {argument}" if argument else "")
            entries.append(nodes.field("", nodes.field_name("", shown), body))
        elif kind in _TYPES:
            types.setdefault(label, {})[argument] = [n for n in content if isinstance(n, nodes.Inline | nodes.Text)]
        elif kind in _SINGLE:
            entries.append(nodes.field("", nodes.field_name("", label), body))
        else:
            if label in _TYPED and len(typed := argument.rsplit(None, 1)) == 2:  # `:param str name:`
                types.setdefault(label, {})[typed[1]] = [nodes.Text(typed[0])]
                argument = typed[1]
            if label not in groups:
                groups[label] = []
                entries.append((label, groups[label]))
            groups[label].append((argument, content))
    read = nodes.field_list()
    for entry in entries:
        read += _group(entry[0], entry[1], types.get(entry[0], {})) if isinstance(entry, tuple) else entry
    return read


def _content(body: nodes.Node) -> list[nodes.Node]:
    """A field's description: the inline nodes of its one paragraph, else its blocks."""
    blocks = [c for c in body.children if not isinstance(c, nodes.system_message)]
    if len(blocks) == 1 and isinstance(blocks[0], nodes.paragraph):
        return list(blocks[0].children)
    return list(body.children)


def _group(label: str, items: list[_Item], types: dict[str, list[nodes.Node]]) -> nodes.field:
    """The field "Parameters: name (str) -- its description", or a list under the label for more than one."""
    shown = [_item(argument, content, types.pop(argument, None)) for argument, content in items]
    if len(shown) == 1:
        body = nodes.field_body("", *shown[0].children)
    else:
        body = nodes.field_body("", nodes.bullet_list("", *shown))
    return nodes.field("", nodes.field_name("", label), body)


def _item(argument: str, content: list[nodes.Node], kind: list[nodes.Node] | None) -> nodes.list_item:
    """The item "name (type) -- description": a description of blocks goes on with the first paragraph's text,
    and the blocks after it (a list) below."""
    line = nodes.paragraph("", argument)
    if kind:
        line += [nodes.Text(" ("), *kind, nodes.Text(")")]
    if not any(node.astext().strip() for node in content):
        return nodes.list_item("", line)
    first, *rest = content
    if isinstance(first, nodes.Inline | nodes.Text):  # the one paragraph's text
        first, rest = nodes.paragraph("", "", *content), []
    if not isinstance(first, nodes.paragraph):  # a list, say: below the name
        line += nodes.Text(_DASH.rstrip())
        return nodes.list_item("", line, *content)
    line += [nodes.Text(_DASH), *first.children]
    return nodes.list_item("", line, *rest)
