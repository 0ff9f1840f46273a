"""mkdocstrings (and encode's mkautodoc) read from the project's source: an MkDocs API page written as `::: pkg.name`
lines shows each object's signature and docstring, as the built site does, instead of its bare name (pydantic's
api/ pages, httpx's api.md). Each case is a small repository in the shape of a real one (mkdocs.yml and docs/
beside src/), indexed by the real pipeline with --includes-from its root."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.loaders.typingdoc import parameter_docs, unwrapped

from support.folders import document, found, index, text_of, warnings_of, write

MKDOCS = """site_name: Zebra
plugins:
  - search
  - mkdocstrings:
      handlers:
        python:
          paths: [src]
"""
INIT = '''"""The zebracorn toolkit."""

from ._api import *
from .core import Herd

__all__ = ["Herd", "graze"]
'''
API = '''__all__ = ["graze"]


def graze(herd, field: str = "meadow") -> int:
    """Let a herd graze on a field of narwhal grass.

    Args:
        herd (Herd): The herd that grazes.
        field: Where it grazes,
            a meadow by default.

    Returns:
        How many animals ate.

    Raises:
        ValueError: When the field is bare.
    """


def _private():
    """Quokka secrets."""
'''
CORE = '''class Herd:
    """A herd of zebracorns that wander the savanna."""

    def __init__(self, name: str) -> None:
        self.name = name

    def gallop(self, speed: float = 1.0) -> str:
        """Make the herd gallop at the given walrus speed.

        Examples:
            >>> Herd("x").gallop(2.0)
            'gallop'
        """

    def rest(self):
        return None
'''
PAGE = """# API

::: zebra.Herd
    options:
      show_root_heading: true

::: zebra.graze

```markdown
::: zebra.hidden
```
"""


def repository(tmp_path: Path, mkdocs: str = MKDOCS, page: str = PAGE) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    write(repo, "mkdocs.yml", mkdocs)
    write(repo, "docs/api.md", page)
    write(repo, "src/zebra/__init__.py", INIT)
    write(repo, "src/zebra/_api.py", API)
    write(repo, "src/zebra/core.py", CORE)
    return repo, repo / "docs"


def test_an_mkdocstrings_page_shows_docstrings_and_members_under_their_headings(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.md")
    text = text_of(tmp_path / "index", "api.md")
    assert "zebra.Herd(name: str)" in text and "A herd of zebracorns that wander the savanna." in text
    assert "gallop(speed: float = 1.0) -> str" in text and "Make the herd gallop at the given walrus speed." in text
    assert "Examples:\n\n>>> Herd(\"x\").gallop(2.0)\n'gallop'" in text  # a doctest stays code, as written
    assert "rest(" not in text  # no docstring: not shown
    # the function through `from ._api import *`, its Google-style sections read as the page shows them
    assert "zebra.graze(herd, field: str = 'meadow') -> int" not in text  # the root has no heading by default
    assert "Let a herd graze on a field of narwhal grass." in text
    assert "Parameters:\n\nherd (Herd) \N{EN DASH} The herd that grazes." in text
    assert "field \N{EN DASH} Where it grazes, a meadow by default." in text
    assert "Returns:\n\nHow many animals ate." in text and "ValueError \N{EN DASH} When the field is bare." in text
    assert "Quokka" not in text
    assert "::: zebra.hidden" in text  # shown in a code block: as written
    headings = document(tmp_path / "index", "api.md").headings
    assert headings == ("API", "zebra.Herd", "gallop")
    assert found(tmp_path / "index", "walrus speed") == ["api.md"]


def test_encodes_mkautodoc_shows_signatures_and_the_docstrings_it_is_asked_for(tmp_path: Path) -> None:
    """httpx's api.md: `::: httpx.get` with `:docstring:` and `:members:` under it (a Markdown extension, not a
    plugin): it showed the names alone."""
    page = "# API\n\n::: zebra.graze\n    :docstring:\n\n::: zebra.Herd\n    :members: gallop rest\n"
    repo, docs = repository(tmp_path, "site_name: Zebra\nmarkdown_extensions:\n  - admonition\n  - mkautodoc\n", page)
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.md")
    assert "zebra.graze(herd, field: str = 'meadow') -> int" in text
    assert "Let a herd graze on a field of narwhal grass." in text
    assert "zebra.Herd(name: str)" in text and "wander the savanna" not in text  # no :docstring:: its signature
    assert "gallop(speed: float = 1.0) -> str" in text and "rest()" in text  # the members it lists
    assert document(tmp_path / "index", "api.md").headings == ("API",)  # mkautodoc makes no headings


def test_without_the_plugin_or_the_source_the_page_keeps_the_names(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path, "site_name: Zebra\n")
    report = index(docs, tmp_path / "index", includes_from=repo)  # no mkdocstrings in mkdocs.yml: names alone
    text = text_of(tmp_path / "index", "api.md")
    assert "zebra.Herd" in text and "walrus" not in text and not warnings_of(report, "api.md")
    repo, docs = repository(tmp_path / "second")
    report = index(docs, tmp_path / "second-index")  # the source is outside the documents folder
    text = text_of(tmp_path / "second-index", "api.md")
    assert "zebra.Herd" in text and "zebra.graze" in text and "walrus" not in text
    (warning,) = warnings_of(report, "api.md")
    assert "zebra.Herd and 1 more" in warning and "--includes-from" in warning
    report = index(docs, tmp_path / "second-index", includes_from=repo)
    assert report.updated == 1 and found(tmp_path / "second-index", "walrus speed") == ["api.md"]


def test_an_object_another_package_defines_is_named_with_where_it_is_imported_from(tmp_path: Path) -> None:
    """FastAPI's reference pages document `fastapi.Request`, which fastapi/requests.py imports from Starlette: the
    warning said its source was not found and to give --includes-from the folder of its package, which DOCS, the
    repository's root, was already. It says which package it comes from, and gives no such advice."""
    page = "# API\n\n::: zebra.Herd\n\n::: zebra.Request\n"
    repo, _ = repository(tmp_path, page=page)
    write(repo, "src/zebra/requests.py", "from starlette.requests import Request as Request  # noqa\n")
    write(repo, "src/zebra/__init__.py", INIT + "from .requests import Request\n")
    report = index(repo, tmp_path / "index")
    (warning,) = warnings_of(report, "docs/api.md")
    assert warning == (
        "mkdocstrings: zebra.Request (imported from starlette.requests) not found in the Python source in the "
        "documents folder: only the name is shown"
    )
    assert found(tmp_path / "index", "walrus speed") == ["docs/api.md"]


def test_a_change_to_the_source_reads_the_page_again(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    index(docs, tmp_path / "index", includes_from=repo)
    write(repo, "src/zebra/_api.py", API.replace("narwhal grass", "axolotl clover"))
    assert index(docs, tmp_path / "index", includes_from=repo).updated == 1
    assert found(tmp_path / "index", "axolotl") == ["api.md"] and not found(tmp_path / "index", "narwhal")


def test_a_change_to_mkdocs_yml_reads_the_page_again(tmp_path: Path) -> None:
    """mkdocs.yml decides what the page shows (whether mkdocstrings is there, the handler's options): naming the
    plugin, then showing the root's heading, reads the page again on the next run, without --rebuild."""
    repo, docs = repository(tmp_path, "site_name: Zebra\nplugins:\n  - search\n")
    index(docs, tmp_path / "index", includes_from=repo)
    assert not found(tmp_path / "index", "walrus speed")
    write(repo, "mkdocs.yml", MKDOCS)
    assert index(docs, tmp_path / "index", includes_from=repo).updated == 1
    assert found(tmp_path / "index", "walrus speed") == ["api.md"]
    assert "zebra.graze(herd, field: str = 'meadow') -> int" not in text_of(tmp_path / "index", "api.md")
    write(repo, "mkdocs.yml", MKDOCS + "          options:\n            show_root_heading: true\n")
    assert index(docs, tmp_path / "index", includes_from=repo).updated == 1
    assert "zebra.graze(herd, field: str = 'meadow') -> int" in text_of(tmp_path / "index", "api.md")


INHERITED = """site_name: Zebra
plugins:
  search:
  mkdocstrings:
    handlers:
      python:
        paths: [src]
"""
INHERITING = """INHERIT: mkdocs-common.yml
plugins:
  mkdocstrings:
    handlers:
      python:
        options:
          show_root_heading: true
"""


def test_a_config_that_inherits_its_plugins_as_a_mapping_expands_the_page(tmp_path: Path) -> None:
    """Textual's mkdocs.yml says `INHERIT: mkdocs-common.yml` and both give `plugins:` as one mapping of names to
    options: the mkdocstrings plugin was not seen, and the page showed bare names."""
    repo, docs = repository(tmp_path, INHERITING)
    write(repo, "mkdocs-common.yml", INHERITED)
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.md")
    assert "Make the herd gallop at the given walrus speed." in text and "narwhal grass" in text
    # the inheriting config's options merged over the inherited handler's: the roots have headings
    assert document(tmp_path / "index", "api.md").headings == ("API", "zebra.Herd", "gallop", "zebra.graze")


FENCED = '''def on(message):
    """Declare a message handler for okapi messages.

    Example:
        ```python
        @on(Button.Pressed)
        def pressed(self) -> None:
            self.app.quit()
        ```

    Examples:
        A doctest among text:

        >>> on("x")
        'handled'

        And after it, more text.

    Example:
        ```pycon
        >>> on("y")
        'fenced'
        ```
    """


def later():
    """Runs later, under its own heading."""
'''


def test_code_in_a_docstrings_examples_stays_code_as_written(tmp_path: Path) -> None:
    """Textual's `Example:` sections hold fenced code: it was put in a second fence, which the first's end closed,
    so the rest of the page (its members' headings) read as code; and a section's lines lost their indentation."""
    repo, docs = repository(tmp_path, page="# API\n\n::: zebra.fenced\n")
    write(repo, "src/zebra/fenced.py", FENCED)
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.md")
    assert "def pressed(self) -> None:\n    self.app.quit()" in text  # indented as written
    assert "A doctest among text:\n\n>>> on(\"x\")\n'handled'\n\nAnd after it, more text." in text
    assert "\n>>> on(\"y\")\n'fenced'\n\nlater\n" in text  # a fenced doctest in no second fence
    assert document(tmp_path / "index", "api.md").headings == ("API", "on", "later")


HEADINGS = """# API

## ::: zebra.Herd
    options:
      show_root_heading: true
      show_root_full_path: false

### ::: zebra.graze
    options:
      show_root_heading: true
      heading: Grazing

## ::: zebra.gone
"""


def test_a_directive_written_as_a_heading_is_put_in_place_at_its_level(tmp_path: Path) -> None:
    """mkdocstrings-python's own API page is `# ::: mkdocstrings_handlers.python` (ultralytics' reference pages
    `## ::: ultralytics...`): the hashes give the heading level. The page showed a heading `::: name` over the
    options' YAML as text."""
    repo, docs = repository(tmp_path, page=HEADINGS)
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.md")
    assert ":::" not in text and "options" not in text and "show_root_heading" not in text
    assert "Herd(name: str)" in text and "walrus speed" in text and "narwhal grass" in text
    assert document(tmp_path / "index", "api.md").headings == ("API", "Herd", "gallop", "Grazing", "zebra.gone")


HERDS = '''class Stable:
    def groom(self):
        """Groom the okapi in the stable."""


class Herd:
    """A herd of quaggas."""

    def __init__(self, size: int) -> None:
        """Make a herd.

        Args:
            size: How many quaggas roam.
        """

    def __call__(self):
        """Call the quaggas home."""

    def gallop(self):
        """Gallop across the tundra."""


def undocumented():
    pass
'''
CHOSEN = """# API

::: zebra.herds
    options:
      members: [Herd, undocumented]
      merge_init_into_class: true
      docstring_options:
        ignore_init_summary: true
      filters: ["!^_", "^__init__$", "!^gallop$"]
"""


def test_members_are_chosen_as_the_python_handler_chooses_them(tmp_path: Path) -> None:
    """Textual's API pages: a class without a docstring whose members have one (textual.css.query's DOMQuery)
    was left out, its `filters` (`!^_`, `!^compose$`) ignored, and each `__init__` shown as a member of its own
    though `merge_init_into_class` puts it in its class."""
    repo, docs = repository(tmp_path, page=CHOSEN)
    write(repo, "src/zebra/herds.py", HERDS)
    write(docs, "herds.md", "# Herds\n\n::: zebra.herds\n")
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.md")
    # the listed members whatever their docstrings; theirs by the filters; __init__'s docstring in its class's
    assert document(tmp_path / "index", "api.md").headings == ("API", "Herd", "undocumented")
    assert "A herd of quaggas.\n\nParameters:\n\nsize \N{EN DASH} How many quaggas roam." in text
    assert "Make a herd" not in text and "tundra" not in text and "Call the quaggas" not in text
    # the default filters keep special members; a class is shown when one of its members has a docstring
    headings = document(tmp_path / "index", "herds.md").headings
    assert headings == ("Herds", "Stable", "groom", "Herd", "__init__", "__call__", "gallop")


def test_mkautodoc_named_in_an_inherited_config_is_followed(tmp_path: Path) -> None:
    """A site's mkdocs.yml that INHERITs its Markdown extensions (as translations do) reads them as snippets.py
    reads them: mkautodoc there expands the page too."""
    page = "# API\n\n::: zebra.graze\n    :docstring:\n"
    mkdocs = "INHERIT: base.yml\nsite_name: Zebra\nmarkdown_extensions:\n  - admonition\n"
    repo, docs = repository(tmp_path, mkdocs, page)
    write(repo, "base.yml", "markdown_extensions:\n  - mkautodoc\n")
    index(docs, tmp_path / "index", includes_from=repo)
    assert "Let a herd graze on a field of narwhal grass." in text_of(tmp_path / "index", "api.md")


TYPER_MKDOCS = """site_name: Zebra
plugins:
  mkdocstrings:
    handlers:
      python:
        options:
          extensions:
            - griffe_typingdoc
          show_root_heading: true
          unwrap_annotated: true
          merge_init_into_class: true
"""
TYPER_MAIN = '''from typing import Annotated

from annotated_doc import Doc


class Herd:
    """A herd of zebracorns, Typer's way.

    Example:
        The first line of an example.
    """

    def __init__(
        self,
        *,
        name: Annotated[
            str | None,
            Doc(
                """
                The name of this herd, shown as the narwhal title.

                **Example**

                ```python
                herd = Herd(name="stripes")
                ```
                """
            ),
        ] = None,
        size: int = 3,
    ) -> None:
        self.name = name

    def gallop(self, speed: Annotated[float, Doc("How fast it gallops, in wombats.")] = 1.0) -> str:
        """Make the herd gallop."""
        return "gallop"
'''


@pytest.mark.parametrize("typingdoc", [True, False])
def test_pep_727_docs_are_the_parameters_section_and_leave_the_signature(tmp_path: Path, typingdoc: bool) -> None:
    """Typer and FastAPI document each parameter with `Annotated[T, Doc("...")]`, which griffe_typingdoc makes
    the Parameters section and `unwrap_annotated` leaves out of the signature: Typer's API page was 150
    `Doc('\\n                The name...')` strings inside its signatures, newlines escaped and code run together."""
    mkdocs = TYPER_MKDOCS if typingdoc else TYPER_MKDOCS.replace("- griffe_typingdoc", "- griffe_inherited_docstrings")
    repo, docs = repository(tmp_path, mkdocs, "# Herd\n\n::: zebra.main.Herd\n")
    write(repo, "zebra/__init__.py", "")
    write(repo, "zebra/main.py", TYPER_MAIN)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.md")
    text = text_of(tmp_path / "index", "api.md")
    assert "zebra.main.Herd(*, name: str | None = None, size: int = 3)" in text
    assert "gallop(speed: float = 1.0) -> str" in text and "Doc(" not in text and "Annotated" not in text
    if not typingdoc:  # the page shows no Doc without the extension
        assert "narwhal" not in text and "wombats" not in text
        return
    dash = "\N{EN DASH}"
    # after the docstring's text, before its sections, as griffe_typingdoc puts it
    assert f"Typer's way.\n\nParameters:\n\nname (str | None) {dash} The name of this herd" in text
    assert 'shown as the narwhal title.\nExample\nherd = Herd(name="stripes")\n\nExamples:' in text
    assert f"Make the herd gallop.\n\nParameters:\n\nspeed (float) {dash} How fast it gallops, in wombats." in text
    assert found(tmp_path / "index", "narwhal title") == ["api.md"]


HERD_FIELDS = '''from dataclasses import dataclass, field
from typing import Annotated

from annotated_doc import Doc


@dataclass
class Herd:
    """A herd of zebracorns, as a dataclass."""

    names: Annotated[list[str], Doc("The narwhal names of its animals.")] = field(default_factory=list)
    size: Annotated[int, Doc("How many graze, in wombats.")] = 3
    leader: Annotated[str, Doc("Who leads the quagga march.")] = field(kw_only=True)
'''


def test_pep_727_docs_of_a_dataclass_with_a_factory_and_a_keyword_only_field(tmp_path: Path) -> None:
    """A dataclass's signature as pysource writes it is no Python (`= <factory>`, and a keyword-only field without a
    default after one with a default): the page showed its raw `Annotated[..., Doc(...)]` and no Parameters."""
    repo, docs = repository(tmp_path, TYPER_MKDOCS, "# Herd\n\n::: zebra.fields.Herd\n")
    write(repo, "zebra/__init__.py", "")
    write(repo, "zebra/fields.py", HERD_FIELDS)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.md")
    text = text_of(tmp_path / "index", "api.md")
    assert "zebra.fields.Herd(names: list[str] = <factory>, size: int = 3, leader: str)" in text
    assert "Doc(" not in text and "Annotated" not in text
    dash = "\N{EN DASH}"
    assert (
        f"as a dataclass.\n\nParameters:\n\nnames (list[str]) {dash} The narwhal names of its animals.\n"
        f"size (int) {dash} How many graze, in wombats.\nleader (str) {dash} Who leads the quagga march."
    ) in text
    assert found(tmp_path / "index", "quagga march") == ["api.md"]


def test_a_signature_of_thousands_of_pep_727_parameters_is_indexed(tmp_path: Path) -> None:
    """Unwrapping read every node's text by splitting the whole signature again: 3,000 parameters on one line took
    a minute and a half for one object, and the page was skipped for --parse-timeout (here 30 s; it takes one)."""
    parameters = ", ".join(f'p{n}: Annotated[int, Doc("Gnu number {n}.")] = {n}' for n in range(3000))
    source = f'from typing import Annotated\n\n\ndef stampede({parameters}) -> int:\n    """Count the gnus."""\n'
    repo, docs = repository(tmp_path, TYPER_MKDOCS, "# Stampede\n\n::: zebra.gnus.stampede\n")
    write(repo, "zebra/__init__.py", "")
    write(repo, "zebra/gnus.py", source)
    report = index(docs, tmp_path / "index", includes_from=repo, parse_timeout=30)
    assert not report.skipped and not warnings_of(report, "api.md")
    text = text_of(tmp_path / "index", "api.md")
    assert "stampede(p0: int = 0, p1: int = 1, " in text and "p2999: int = 2999) -> int" in text
    dash = "\N{EN DASH}"
    assert f"Count the gnus.\n\nParameters:\n\np0 (int) {dash} Gnu number 0.\np1 (int) {dash} Gnu number 1.\n" in text
    assert f"p2999 (int) {dash} Gnu number 2999." in text and "Doc(" not in text


@pytest.mark.parametrize(
    ("signature", "shown", "documented"),
    [
        # a blanked default of wide characters keeps the places of what follows it, byte for byte
        (
            '(a: Annotated[str, Doc("Ünïcode")] = "漢字",\n b: Annotated[int, Doc("= <factory>, b")])',
            '(a: str = "漢字",\n b: int)',
            [("a", "str", "Ünïcode"), ("b", "int", "= <factory>, b")],
        ),
        (
            '(*, x: Annotated[dict[str, int], Doc("d")] = <factory>, y: Annotated[int, Doc("y")]) -> None',
            "(*, x: dict[str, int] = <factory>, y: int) -> None",
            [("x", "dict[str, int]", "d"), ("y", "int", "y")],
        ),
        # ast counts a lone carriage return as a line break (a place after one raised IndexError)
        (
            '(a: Annotated[int, Doc("x")] = 1,\r b: Annotated[str, Doc("y")] = 2)',
            "(a: int = 1,\r b: str = 2)",
            [("a", "int", "x"), ("b", "str", "y")],
        ),
    ],
)
def test_pep_727_signatures_that_are_no_python_as_written(
    signature: str, shown: str, documented: list[tuple[str, str, str]]
) -> None:
    """pysource's dataclass signatures (`= <factory>`, a keyword-only field after a default) are read without
    their defaults and shown with them; text inside a Doc string is left as it is."""
    assert unwrapped(signature) == shown
    assert [(p.name, p.kind, p.text) for p in parameter_docs(signature)] == documented
