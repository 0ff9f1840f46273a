"""What Sphinx shows of its directives and roles, for the two syntaxes that write them: reStructuredText
(rstblocks.py) and MyST Markdown (myst.py). Any directive named in neither set reads as prose: its argument (an
admonition's title, autodoc's object name) and then its body."""

from __future__ import annotations

import re

__all__ = ["CODE_DIRECTIVES", "EMPTY_DIRECTIVES", "role_text"]

# their body is code, shown as written
CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode", "code-cell", "ipython", "jupyter-execute", "doctest",
                             "testcode", "testoutput", "testsetup", "testcleanup", "productionlist"})  # fmt: skip
# nothing a reader sees as text: a table of contents, an index entry, a file to include, a diagram's source,
# settings of the build
EMPTY_DIRECTIVES = frozenset({"toctree", "contents", "tableofcontents", "include", "literalinclude", "raw", "index",
                              "highlight", "tabularcolumns", "sectionauthor", "moduleauthor", "codeauthor",
                              "currentmodule", "autosummary", "bibliography", "glue:figure", "graphviz", "mermaid",
                              "plot"})  # fmt: skip
_TITLE_AND_TARGET = re.compile(r"^(.*)<[^<>]*>$", re.DOTALL)  # greedy: one pass (a lazy title backtracks)


def role_text(source: str) -> str:
    """What Sphinx shows of a role's text: `Title <target>` shows Title, `~a.b.c` and `!x` lose their sign."""
    source = source.replace("\\`", "`")
    match = _TITLE_AND_TARGET.match(source)
    if match and match.group(1).strip():
        return " ".join(match.group(1).split())
    return source.strip().lstrip("~!")
