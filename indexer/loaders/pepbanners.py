"""The banners of Python's PEPs, as peps.python.org shows them where conf.py loads their Sphinx extension
(pep_sphinx_extensions, its pep_banner_directive.py): `.. canonical-doc:: :mod:`zoneinfo`` is an "Important" box
that says "This PEP is a historical document. The up-to-date, canonical documentation can now be found at
zoneinfo." above its content and "See PEP 1 for how to propose changes." below it; `.. rejected::` a "Warning" that
starts "This PEP has been rejected.". Read as prose, the 57 canonical-doc banners showed their argument alone
("zoneinfo", a line saying nothing) and a rejected PEP's banner never said it was rejected. Elsewhere, or in a
project that does not load the extension, these directives are prose (rstblocks.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from docutils import nodes
from docutils.parsers.rst import Directive

from indexer.loaders.sphinxproject import project

__all__ = ["BANNERS", "Banner", "banner_nodes", "pep_banner"]

EXTENSION = "pep_sphinx_extensions"
_PYPA_SPECS = "https://packaging.python.org/en/latest/specifications/"
_TYPING_SPECS = "https://typing.python.org/en/latest/spec/"
_HISTORICAL = "This PEP is a historical document."


@dataclass(frozen=True)
class Banner:
    """A banner's box (`important`: "Important"; `warning`: "Warning") and the words around its content: `given`
    with the directive's argument in place of {}, `alone` without one, `after` below its content."""

    box: type[nodes.Element]  # nodes.important, nodes.warning
    given: str = ""
    alone: str = ""
    after: str = ""

    def before(self, argument: str | None) -> str:
        return self.given.replace("{}", argument) if argument is not None else self.alone


_TYPING = (
    "This PEP is a historical document: see {} for up-to-date specs and documentation. Canonical typing specs are "
    f"maintained at the `typing specs site <{_TYPING_SPECS}>`__; runtime typing behaviour is described in the "
    "CPython documentation."
)
BANNERS = {
    "pep-banner": Banner(nodes.important),
    "canonical-doc": Banner(
        nodes.important,
        f"{_HISTORICAL} The up-to-date, canonical documentation can now be found at {{}}.",
        f"{_HISTORICAL} The up-to-date, canonical documentation can now be found elsewhere.",
        "See :pep:`1` for how to propose changes.",
    ),
    "canonical-pypa-spec": Banner(
        nodes.important,
        f"{_HISTORICAL} The up-to-date, canonical spec, {{}}, is maintained on the `PyPA specs page "
        f"<{_PYPA_SPECS}>`__.",
        f"{_HISTORICAL} The up-to-date, canonical specifications are maintained on the `PyPA specs page "
        f"<{_PYPA_SPECS}>`__.",
        "See the `PyPA specification update process "
        "<https://www.pypa.io/en/latest/specifications/#handling-fixes-and-other-minor-updates>`__ for how to "
        "propose changes.",
    ),
    "canonical-typing-spec": Banner(
        nodes.important,
        _TYPING,
        _TYPING.replace("see {} for", "see the typing specs for"),
        "See the `typing specification update process <https://typing.python.org/en/latest/spec/meta.html>`__ for "
        "how to propose changes to the typing spec.",
    ),
    "rejected": Banner(nodes.warning, "{}", "This PEP has been rejected."),
    "superseded": Banner(
        nodes.important, "This PEP has been superseded by :pep:`{}`.", "This PEP has been superseded."
    ),
    "withdrawn": Banner(nodes.important, "", "This PEP has been withdrawn."),
}


def pep_banner(name: str) -> Banner | None:
    """The banner `name` (lower case) is where the page's conf.py loads the PEPs' extension; None elsewhere."""
    found = project()
    if found is None or EXTENSION not in found.extensions:
        return None
    return BANNERS.get(name)


def banner_nodes(directive: Directive, banner: Banner) -> list[nodes.Node]:
    """The box the directive makes: the words before, its content read as reStructuredText, the words after (the
    box's title, "Important", is given as any admonition's is)."""
    box = banner.box()
    argument = " ".join(directive.arguments[0].split()) if directive.arguments else None
    messages: list[nodes.Node] = []
    for part in (banner.before(argument), None, banner.after):
        if part is None:
            directive.state.nested_parse(directive.content, directive.content_offset, box)
        elif part:
            inline, problems = directive.state.inline_text(part, directive.lineno)
            box += nodes.paragraph("", "", *inline)
            messages += problems
    return [box, *messages]
