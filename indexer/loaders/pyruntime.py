"""What a module's source does to itself as it runs, which Sphinx, importing it, sees: its `__all__` grown
(NumPy's `__all__ += numeric.__all__`, `__all__.append(name)` in a loop) and the docstrings it sets by
assignment (numpy.ma's `min.__doc__ = MaskedArray.min.__doc__`). Read with ast, for pyobjects.py; what they
lead to is found by pysource.py.
"""

from __future__ import annotations

import ast
import inspect

__all__ = ["doc_set", "grow_all"]


def grow_all(tree: ast.Module, exported: list[str]) -> bool:
    """Add to a module's `__all__` the names its `__all__ += [...]` statements list; whether it is added to in
    other ways too (NumPy's `__all__ += numeric.__all__`, `__all__.append(name)` in a loop), which only running
    it tells."""
    grown = False
    for node in ast.walk(tree):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == "__all__":
            listed = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else None
            strings = [e.value for e in listed or [] if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            exported += strings
            grown = grown or listed is None or len(strings) < len(listed)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "__all__":
            grown = grown or node.attr in ("append", "extend", "insert", "__iadd__")
    return grown


def doc_set(node: ast.Assign | ast.AnnAssign) -> tuple[str, tuple[str, str]] | None:
    """When the assignment sets the docstring of an object of the module, to a string (`f.__doc__ = "..."`:
    ("f", ("", "...")) or to another's (`f.__doc__ = g.__doc__`: ("f", ("g", ""))); else None."""
    target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
    if not (isinstance(target, ast.Attribute) and target.attr == "__doc__" and isinstance(target.value, ast.Name)):
        return None
    name, value = target.value.id, node.value
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return name, ("", inspect.cleandoc(value.value))
    if isinstance(value, ast.Attribute) and value.attr == "__doc__" and (source := _dotted(value.value)):
        return name, (source, "")
    return name, ("", "")


def _dotted(node: ast.expr) -> str:
    """The dotted name an expression is (`MaskedArray.min`), read without unparsing it; "" when it is none."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else ""
