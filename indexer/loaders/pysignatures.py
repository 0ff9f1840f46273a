"""Signatures as Sphinx writes them, from a definition's syntax tree: a function's parameters (`a, b: int = 1,
*args, key=None, **kw`, a method's self or cls left out), and the fields a dataclass's, attrs class's or
NamedTuple's __init__ takes (`x: int = 1`, a default factory `= <factory>`), for the objects pyobjects.py reads.
"""

from __future__ import annotations

import ast

FIELD_DECORATORS = {  # a class whose __init__ takes its fields
    *("dataclass", "dataclasses.dataclass", "pydantic.dataclasses.dataclass", "define", "frozen", "mutable"),
    *(f"{module}.{name}" for module in ("attr", "attrs") for name in ("define", "frozen", "mutable", "s", "attrs")),
}
_FIELD_CALLS = {"field", "dataclasses.field", "attr.ib", "attr.attrib", "attr.field", "attrs.field", "attrib"}


def arguments(args: ast.arguments, drop_first: bool) -> str:
    """A definition's parameters as Sphinx shows them (`a, b: int = 1, *args, key=None, **kw`; a method's self or
    cls left out)."""
    positional = [*args.posonlyargs, *args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    shown = [_parameter(a, d) for a, d in zip(positional, defaults, strict=True)]
    if args.posonlyargs:
        shown.insert(len(args.posonlyargs), "/")
    if drop_first and positional:
        shown.pop(0)
        if shown and shown[0] == "/":
            shown.pop(0)
    if args.vararg is not None:
        shown.append("*" + _parameter(args.vararg, None))
    elif args.kwonlyargs:
        shown.append("*")
    shown += [_parameter(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg is not None:
        shown.append("**" + _parameter(args.kwarg, None))
    return ", ".join(shown)


def _parameter(arg: ast.arg, default: ast.expr | None) -> str:
    annotation = f": {ast.unparse(arg.annotation)}" if arg.annotation is not None else ""
    if default is None:
        return arg.arg + annotation
    return f"{arg.arg}{annotation}{' = ' if annotation else '='}{ast.unparse(default)}"


def fields(node: ast.ClassDef) -> list[str]:
    """A dataclass's, attrs class's or NamedTuple's fields as its __init__ takes them (`name: type = default`;
    ClassVars and `field(init=False)` are none; `field(default=1)` is `= 1`, a default factory `= <factory>`)."""
    found = []
    for n in node.body:
        if not isinstance(n, ast.AnnAssign | ast.Assign) or len(names := assigned(n)) != 1:
            continue
        annotation = ast.unparse(n.annotation) if isinstance(n, ast.AnnAssign) else ""
        made = n.value if isinstance(n.value, ast.Call) and decorator_name(n.value) in _FIELD_CALLS else None
        if "ClassVar" in annotation or (not annotation and made is None) or annotation.endswith("KW_ONLY"):
            continue
        given = {k.arg: k.value for k in made.keywords if k.arg} if made is not None else {}
        if isinstance(init := given.get("init"), ast.Constant) and init.value is False:
            continue
        if made is None:
            default = ast.unparse(n.value) if n.value is not None else ""
        elif "default" in given:
            default = ast.unparse(given["default"])
        else:
            default = "<factory>" if given.keys() & {"default_factory", "factory"} else ""
        shown = f"{names[0]}: {annotation}" if annotation else names[0]
        found.append(f"{shown}{(' = ' if annotation else '=') + default if default else ''}")
    return found


def assigned(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.AnnAssign):
        return [node.target.id] if isinstance(node.target, ast.Name) else []
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    return []


def decorator_name(node: ast.expr) -> str:
    return ast.unparse(node.func if isinstance(node, ast.Call) else node)
