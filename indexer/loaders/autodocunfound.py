"""What autodoc tells of the objects a page names that the Python source does not hold (autodoc.py): one warning
for the page, naming the first and how many more, where they were looked for, and what would find them (the
folder above the documents folder that holds the package, when one does: NumPy's doc/source lies two below it).
When some of the package was found, --includes-from is no remedy: the names were imported from modules of the
package that have no Python source, made when it is built (from C or a template: NumPy's `_multiarray_umath`,
its `__config__`); a second warning names those, so that the user knows no option shows more.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from pathlib import Path

from indexer.loaders.includes import folders_up, reading_folder, reading_root, warn

__all__ = ["Unfound"]


@dataclass
class Unfound:
    """What one page's autodoc directives did not find: the names, the modules without source they were
    imported from (PythonSource.unsourced), and whether any of the package's source was found."""

    names: list[str] = field(default_factory=list)
    compiled: dict[str, None] = field(default_factory=dict)
    sourced: bool = False
    absent: dict[str, None] = field(default_factory=dict)  # the top packages of the modules not found

    def add(self, names: list[str], compiled: list[str], sourced: bool, absent: list[str]) -> None:
        self.names += names
        self.compiled.update(dict.fromkeys(compiled))
        self.sourced = self.sourced or sourced
        self.absent.update(dict.fromkeys(absent))

    def tell(self) -> None:
        """The page's warnings (none when every object was found)."""
        if not self.names:
            return
        root, folder = reading_root(), reading_folder()
        where = "the documents folder" if root == folder else str(root)
        advice = ""
        if root == folder and not self.sourced:  # (when some was found, the package is there)
            held = _holder(str(folder), list(self.absent))
            named = f"{held[0]}, which holds {held[1]}/" if held else "the folder that holds its package"
            advice = f" (give --includes-from {named})"
        warn(f"autodoc: {_named(self.names)} not found in the Python source in {where}{advice}: only the name is shown")
        if self.compiled:
            verb, pronoun = ("has", "it") if len(self.compiled) == 1 else ("have", "them")
            warn(
                f"autodoc: {_named(list(self.compiled))} {verb} no Python source in {where} (made when the package "
                f"is built, from C or a template): the objects taken from {pronoun} show their names alone"
            )


def _holder(docs: str, packages: list[str]) -> tuple[str, str] | None:
    """(the nearest folder above the documents folder, up to its repository's root, that holds one of the
    packages, `pkg/` or `src/pkg/`; that package), or None."""
    for folder in itertools.islice(folders_up(Path(docs)), 1, None):
        for package in packages:
            if any(os.path.isfile(os.path.join(folder, *at, package, "__init__.py")) for at in ((), ("src",))):
                return folder, package
    return None


def _named(names: list[str]) -> str:
    return names[0] + (f" and {len(names) - 1} more" if len(names) > 1 else "")
