"""The shapes of infrastructure tools' documentation sites: Traefik's MkDocs site (tabbed examples, pages pulled
in with include-markdown), dstack's (raw HTML card grids and code frames) and GoReleaser's Hugo site on the Hextra
theme (tabs, its own include shortcode)."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, found, index, snapshot, text_of, warnings_of, write

TRAEFIK_MKDOCS = "site_name: Traefik\ndocs_dir: content\nmarkdown_extensions:\n  - pymdownx.superfences\n"

TRAEFIK_BASICAUTH = """---
title: "Traefik BasicAuth Documentation"
---

## Configuration Examples

```yaml tab="Structured (YAML)"
http:
  middlewares:
    test-auth:
      basicAuth:
        users: ["test:$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/"]
```

```yaml tab="Labels"
labels:
  - "traefik.http.middlewares.test-auth.basicauth.users=test:$$apr1$$H6uskkkW"
```

```yaml tab="Kubernetes" title="middleware.yaml"
kind: Middleware
```
"""


def test_a_traefik_example_shows_the_label_of_its_tab_above_its_code(docs: Path, index_dir: Path) -> None:
    """Traefik writes each example once per way of configuring it, the tab's label in the fence (superfences'
    older `tab="Labels"`): without the label the reader cannot tell the Docker labels from the file provider."""
    write(docs, "mkdocs.yml", TRAEFIK_MKDOCS)
    write(docs, "content/middlewares/basicauth.md", TRAEFIK_BASICAUTH)
    index(docs, index_dir)
    text = text_of(index_dir, "content/middlewares/basicauth.md")
    assert "Structured (YAML)\nhttp:\n  middlewares:" in text
    assert 'Labels\nlabels:\n  - "traefik.http' in text
    assert "Kubernetes\nmiddleware.yaml\nkind: Middleware" in text
    assert 'tab="' not in text


TRAEFIK_PLUGINS = TRAEFIK_MKDOCS + "plugins:\n  - search\n  - include-markdown:\n      encoding: utf-8\n"


def test_traefiks_include_markdown_puts_the_file_in_place_from_the_docs_dir(docs: Path, index_dir: Path) -> None:
    """`{% include-markdown "includes/x.md" %}` names a file from docs_dir (content/), not from the page's folder:
    Traefik's Docker and Swarm routing pages hold how a service is assigned to a router only so."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS)
    write(docs, "content/includes/service-by-label.md", "There are exceptions when using zebracorn labels.\n")
    write(
        docs,
        "content/routing/docker.md",
        '# Docker\n\nIntro.\n\n{% include-markdown "includes/service-by-label.md" %}\n',
    )
    report = index(docs, index_dir)
    assert "Intro.\n\nThere are exceptions when using zebracorn labels." in text_of(
        index_dir, "content/routing/docker.md"
    )
    assert "include-markdown" not in text_of(index_dir, "content/routing/docker.md")
    assert not warnings_of(report, "content/routing/docker.md")
    write(docs, "content/includes/service-by-label.md", "Now the unicornfish rule.\n")
    index(docs, index_dir)
    assert "unicornfish" in text_of(index_dir, "content/routing/docker.md")


def test_include_markdown_options_cut_indent_and_shift_as_the_plugin_does(docs: Path, index_dir: Path) -> None:
    """A README's marked part, one level down (so its `# Why` does not title the page: the nav does), a YAML file
    inside an admonition's fence at the fence's indentation, and a warning for what cannot be included."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS + "nav:\n  - Guide: guide/home.md\n")
    write(
        docs,
        "README.md",
        "# Project\n\nNoise.\n<!--intro-start-->\n# Why\n\nIt is fast.\n<!--intro-end-->\nMore noise.\n",
    )
    write(docs, "content/snippets/config.yml", "entryPoints:\n  web:\n    address: ':80'\n")
    page = (
        '{%\n  include-markdown "../../README.md"\n  start="<!--intro-start-->"\n  end="<!--intro-end-->"\n'
        "  heading-offset=1\n%}\n\n"
        '!!! note "Static configuration"\n\n    ```yaml\n    {% include "./../snippets/config.yml" %}\n    ```\n\n'
        '{% include-markdown "https://example.com/x.md" %}\n\n{% include-markdown "missing.md" %}\n'
    )
    write(docs, "content/guide/home.md", page)
    report = index(docs, index_dir)
    text = text_of(index_dir, "content/guide/home.md")
    assert text.startswith("Why\n\nIt is fast.\n\nStatic") and "Noise" not in text
    assert document(index_dir, "content/guide/home.md").title == "Guide"
    assert "Static configuration\n\nentryPoints:\n  web:\n    address: ':80'" in text
    assert "{%" not in text
    assert [w for w in warnings_of(report, "content/guide/home.md") if "URL" in w or "missing.md" in w] == [
        "include-markdown https://example.com/x.md is a URL: not downloaded (the indexer works offline)",
        "included file missing.md does not exist",
    ]


def test_include_markdown_takes_each_stretch_from_a_start_to_the_next_end(docs: Path, index_dir: Path) -> None:
    """With `start` and `end`, what lies after an end and before the next start stays out, however many ends
    stand in between (a snippet file that closes one part twice)."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS)
    write(
        docs,
        "content/includes/parts.md",
        "head <!--s-->zebrafirst <!--e--> dropped <!--e--> droppedtoo <!--s-->zebrasecond<!--e--> tail\n",
    )
    write(
        docs,
        "content/page.md",
        '# Page\n\n{% include-markdown "includes/parts.md" start="<!--s-->" end="<!--e-->" %}\n',
    )
    index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Page\n\nzebrafirst zebrasecond"


def test_without_the_plugin_an_include_tag_is_liquid_and_shows_nothing(docs: Path, index_dir: Path) -> None:
    write(docs, "mkdocs.yml", TRAEFIK_MKDOCS)
    write(docs, "content/includes/notice.md", "Zebracorn notice.\n")
    write(docs, "content/page.md", '# Page\n\nBody.\n\n{% include-markdown "includes/notice.md" %}\n')
    index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Page\n\nBody."


def test_an_included_files_own_directives_come_from_its_folder_and_only_when_recursive(
    docs: Path, index_dir: Path
) -> None:
    """The plugin replaces a page's directives in one pass: with `recursive=false` an included file's own
    `{% include %}` stays as written, and with recursion it names a file from the included file's folder, not the
    page's (a `parts/inner.txt` beside the page is another file)."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS)
    write(docs, "content/includes/outer.md", 'Outer zebracorn.\n{% include "./parts/inner.txt" %}\n')
    write(docs, "content/includes/parts/inner.txt", "Inner unicornfish.\n")
    write(docs, "content/guide/parts/inner.txt", "Beside the page: wrong file.\n")
    write(docs, "content/guide/deep.md", '# Deep\n\n{% include-markdown "includes/outer.md" %}\n')
    write(docs, "content/guide/flat.md", '# Flat\n\n{% include-markdown "includes/outer.md" recursive=false %}\n')
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/guide/deep.md") == "Deep\n\nOuter zebracorn. Inner unicornfish."
    assert "Outer zebracorn." in text_of(index_dir, "content/guide/flat.md")
    assert "Inner" not in text_of(index_dir, "content/guide/flat.md")
    assert "wrong file" not in text_of(index_dir, "content/guide/flat.md")
    assert not warnings_of(report, "content/guide/deep.md")


def test_an_unclosed_directive_before_megabytes_of_blanks_is_read(docs: Path, index_dir: Path) -> None:
    """A directive whose closing tag never comes, followed by 4 MB of spaces: the tag is looked for no further
    than its options may reach (the pattern once tried every run of blanks from each of 2,000 places: minutes
    for such a page, which no timeout of the parse could stop), and the page is read."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS)
    write(docs, "content/includes/notice.md", "Zebracorn notice.\n")
    blanks = " " * 4_000_000
    write(docs, "content/page.md", f'# Page\n\n{{% include-markdown "includes/notice.md"{blanks}\n\nUnicornfish.\n')
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/page.md").endswith("Unicornfish.")
    assert not warnings_of(report, "content/page.md")


def test_a_delimiter_with_an_escape_python_does_not_know_is_taken_as_written(docs: Path, index_dir: Path) -> None:
    """`start="<!--\\d-->"`: `\\d` is no Python escape (reading it warns, and will fail in a later Python): the
    delimiter is the text as written, and the part after it is included."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS)
    write(docs, "content/includes/parts.md", "# Zebracorn\n\nSkipped.\n<!--\\d-->\nUnicornfish part.\n")
    write(docs, "content/page.md", '{% include-markdown "includes/parts.md" start="<!--\\d-->" %}\n')
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Unicornfish part."
    assert not warnings_of(report, "content/page.md")


def test_a_heading_offset_of_true_in_mkdocs_yml_is_no_offset(docs: Path, index_dir: Path) -> None:
    """`heading_offset: true` is no number of levels (a bool is an int to Python, 1): the included `## Setup` stays
    a section of its own, not one under the included `# Zebracorn` taken one level down."""
    write(docs, "mkdocs.yml", TRAEFIK_PLUGINS.replace("encoding: utf-8", "heading_offset: true"))
    write(docs, "content/includes/part.md", "# Zebracorn\n\nIntro.\n\n## Setup\n\nRun it.\n")
    write(docs, "content/page.md", '# Page\n\n{% include-markdown "includes/part.md" %}\n')
    write(docs, "content/shifted.md", '# Page\n\n{% include-markdown "includes/part.md" heading-offset=1 %}\n')
    index(docs, index_dir)
    assert [p.heading for p in snapshot(index_dir).passages("content/page.md")] == ["Zebracorn", "Setup"]
    assert [p.heading for p in snapshot(index_dir).passages("content/shifted.md")] == [
        "Zebracorn",
        "Zebracorn > Setup",
    ]


def test_a_change_to_the_mkdocs_configs_reads_the_pages_that_use_them_again(docs: Path, index_dir: Path) -> None:
    """The page depends on mkdocs.yml and on the config it INHERITs (whether they name the plugin, its options):
    a change to either reads it again on the next run, as a change to the included file does (every page of the
    site is read again: each reads its config); a run without a change reads nothing."""
    config = "INHERIT: base.yml\nsite_name: Traefik\ndocs_dir: content\n"
    write(docs, "mkdocs.yml", config)
    write(docs, "base.yml", "site_name: Base\n")
    write(docs, "content/includes/notice.md", "Head.\nZebracorn notice.\n")
    write(docs, "content/page.md", '# Page\n\nBody.\n\n{% include-markdown "includes/notice.md" %}\n')
    index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Page\n\nBody."
    write(docs, "base.yml", "site_name: Base\nplugins:\n  include-markdown:\n")
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Page\n\nBody.\n\nHead. Zebracorn notice."
    assert report.updated == 2
    write(docs, "mkdocs.yml", config + "plugins:\n  include-markdown:\n    start: Head.\n")
    index(docs, index_dir)
    assert text_of(index_dir, "content/page.md") == "Page\n\nBody.\n\nZebracorn notice."
    assert index(docs, index_dir).generation is None


def test_a_mkdocs_yml_above_the_documents_folder_is_read_and_the_next_run_reads_nothing(tmp_path: Path) -> None:
    """DOCS is the docs_dir of a site whose mkdocs.yml lies above it: it names the plugin all the same, without a
    warning, and is remembered as lying outside (no reason to read the page again on every run)."""
    site = tmp_path / "site"
    write(site, "mkdocs.yml", TRAEFIK_PLUGINS.replace("docs_dir: content", "docs_dir: docs"))
    write(site, "docs/includes/notice.md", "Zebracorn notice.\n")
    write(site, "docs/page.md", '# Page\n\nBody.\n\n{% include-markdown "includes/notice.md" %}\n')
    report = index(site / "docs", tmp_path / "index")
    assert text_of(tmp_path / "index", "page.md") == "Page\n\nBody.\n\nZebracorn notice."
    assert not warnings_of(report, "page.md")
    again = index(site / "docs", tmp_path / "index")
    assert (again.updated, again.generation) == (0, None)


GORELEASER_HUGO = "baseURL: https://goreleaser.com\nmodule:\n  imports:\n    - path: github.com/imfing/hextra\n"


def test_hextra_tabs_show_their_labels_above_their_markdown(docs: Path, index_dir: Path) -> None:
    """GoReleaser's deprecation notices show the old config and the new one as two tabs, Before and After: without
    the labels the reader sees two YAML blocks and cannot tell which to write. Hextra's tabs are labelled by
    position from `items`, by `name=` or, on GoReleaser's override, by the one unnamed argument."""
    write(docs, "hugo.yaml", GORELEASER_HUGO)
    page = (
        "---\ntitle: Deprecation notices\n---\n\n### dockers.retry\n\n"
        '{{< tabs >}}\n{{< tab "Before" >}}\n\n```yaml\ndockers:\n  - retry: 3\n```\n{{< /tab >}}\n'
        '{{< tab "After" >}}\n\n```yaml\nretry: 3\n```\n{{< /tab >}}\n{{< /tabs >}}\n\n'
        '{{< tabs items="Go,Rust" >}}\n{{< tab >}}Run `go mod init`.{{< /tab >}}\n'
        "{{< tab >}}Run `cargo init`.{{< /tab >}}\n{{< /tabs >}}\n\n"
        '{{< tabs >}}\n{{< tab name="Zig" icon="zig" >}}\nRun `zig init`.\n{{< /tab >}}\n{{< /tabs >}}\n'
    )
    write(docs, "content/resources/deprecations.md", page)
    index(docs, index_dir)
    assert text_of(index_dir, "content/resources/deprecations.md") == (
        "dockers.retry\n\nBefore\n\ndockers:\n  - retry: 3\n\nAfter\n\nretry: 3\n\n"
        "Go\n\nRun go mod init.\n\nRust\n\nRun cargo init.\n\nZig\n\nRun zig init."
    )


G_INCLUDE = """{{- $file := .Get "file" -}}
{{- $path := path.Join "content" $file -}}
{{- with site.GetPage $file -}}{{- .RenderShortcodes -}}{{- else -}}{{- readFile $path -}}{{- end -}}
"""


def test_a_hugo_sites_own_include_shortcode_puts_the_file_in_place(docs: Path, index_dir: Path) -> None:
    """GoReleaser's `g_include` shortcode (its template reads the file its `file` argument names) puts the same
    repository settings into seven publishers' pages, inside their YAML examples: the Scoop page lacked how to
    give its bucket a token. A shortcode whose template reads no file is no include and shows nothing."""
    write(docs, "hugo.yaml", GORELEASER_HUGO)
    write(docs, "layouts/shortcodes/g_include.html", G_INCLUDE)
    write(docs, "layouts/shortcodes/g_templates.html", "<div>Learn more about the template language.</div>\n")
    write(docs, "content/includes/repository.md", "    repository:\n      token: zebracorn\n")
    write(docs, "content/includes/prs.md", "---\ntitle: PRs\n---\n\n## Pull Requests\n\nOpen a pull request.\n")
    page = (
        "---\ntitle: Scoop Manifests\n---\n\n```yaml\nscoops:\n  - name: myproject\n\n"
        '{{% g_include file="includes/repository.md" %}}\n```\n\n{{< g_templates >}}\n\n'
        '{{% g_include file="includes/prs.md" %}}\n'
    )
    write(docs, "content/customization/publish/scoop.md", page)
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/customization/publish/scoop.md") == (
        "scoops:\n  - name: myproject\n\n    repository:\n      token: zebracorn\n\n"
        "Pull Requests\n\nOpen a pull request."
    )
    assert not warnings_of(report, "content/customization/publish/scoop.md")
    write(docs, "content/includes/repository.md", "    repository:\n      token: unicornfish\n")
    index(docs, index_dir)
    assert "token: unicornfish" in text_of(index_dir, "content/customization/publish/scoop.md")


def test_a_hugo_shortcode_whose_template_reads_one_named_file_puts_it_in_place(docs: Path, index_dir: Path) -> None:
    """grpc.io's `{{< why-grpc >}}` (its template: `{{ readFile "includes/why-grpc.md" | markdownify }}`) is the
    "Why use gRPC?" section of its 12 tutorials: the heading stood with nothing under it. A template that reads
    its call (`.Inner`) is no such include, and shows nothing of the file it names."""
    write(docs, "config.yaml", "baseURL: https://grpc.io/\ntheme: [docsy]\n")
    write(docs, "layouts/shortcodes/why-grpc.html", '{{ readFile "includes/why-grpc.md" | markdownify }}\n')
    write(docs, "layouts/shortcodes/boxed.html", '<div>{{ .Inner }}{{ readFile "includes/box.md" }}</div>\n')
    write(docs, "includes/why-grpc.md", "Our example is a simple route mapping zebracorn application.\n")
    write(docs, "includes/box.md", "Unicornfish box.\n")
    page = "---\ntitle: Basics tutorial\n---\n\n### Why use gRPC?\n\n{{< why-grpc >}}\n\n"
    page += "{{< boxed >}}Boxed.{{< /boxed >}}\n"
    write(docs, "content/docs/languages/python/basics.md", page)
    index(docs, index_dir)
    assert text_of(index_dir, "content/docs/languages/python/basics.md") == (
        "Why use gRPC?\n\nOur example is a simple route mapping zebracorn application.\n\nBoxed."
    )
    assert found(index_dir, "zebracorn") == ["content/docs/languages/python/basics.md"]


def test_a_hugo_include_not_found_or_outside_the_documents_folder_is_a_warning(docs: Path, tmp_path: Path) -> None:
    """An include shortcode whose file was not found, or whose template lay outside the documents folder (the
    site's content/ indexed on its own), disappeared without a word. The missing file is named, and read once it
    is there; the template outside is refused as an include outside is, with the option that lets it in, where
    the call names a file (a site's other shortcodes, outside too, would warn on half its pages)."""
    write(docs, "hugo.yaml", GORELEASER_HUGO)
    write(docs, "layouts/shortcodes/g_include.html", G_INCLUDE)
    write(docs, "content/publish/scoop.md", 'Scoop zebracorn.\n\n{{% g_include file="includes/repository.md" %}}\n')
    write(docs, "layouts/shortcodes/g_version.html", "v{{ .Get 0 }}")
    write(docs, "content/publish/nix.md", 'Nix zebracorn, since {{< g_version "2.1" >}}.\n')
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "content/publish/scoop.md") == [
        "g_include shortcode: included file includes/repository.md not found in the site's content folder or its own"
    ]
    write(docs, "content/includes/repository.md", "    repository:\n      token: unicornfish\n")
    report = index(docs, tmp_path / "index")
    assert "token: unicornfish" in text_of(tmp_path / "index", "content/publish/scoop.md")
    assert not warnings_of(report, "content/publish/scoop.md")
    report = index(docs / "content", tmp_path / "content-index")
    assert not warnings_of(report, "publish/nix.md")  # a version names no file: no include, nothing to say
    assert warnings_of(report, "publish/scoop.md") == [
        "../../layouts/shortcodes/g_include.html is outside the documents folder: not included "
        "(give --includes-from a folder that holds both)"
    ]
    index(docs / "content", tmp_path / "content-index", includes_from=docs)
    assert "token: unicornfish" in text_of(tmp_path / "content-index", "publish/scoop.md")


def test_shortcode_tags_never_closed_on_long_lines_are_kept_as_written_within_the_parse_limit(
    docs: Path, index_dir: Path
) -> None:
    """The patterns that find shortcode tags tried every split of a run of spaces (or of a long name) between the
    parts around it: each of these lines took 4 to 20 s (a tag opened and never closed on a line of 100,000 spaces
    took 73 s, of 1,000,000 hours), and a regular expression is not interrupted by the parse timeout. Read within
    it, the page keeps every line, each tag as written (its trailing blanks aside)."""
    write(docs, "hugo.yaml", GORELEASER_HUGO)
    write(docs, "layouts/shortcodes/g_include.html", G_INCLUDE)
    lines = [
        "{{< g_include" + " " * 1_000_000,
        "{{<" + " " * 50_000,
        "{{< tab /" + " " * 100_000,
        "{{< " + "a" * 20_000,
    ]
    write(docs, "content/long.md", "Zebracorn tabs.\n\n" + "\n".join(lines) + "\n\nThe end.\n")
    index(docs, index_dir, parse_timeout=10)  # past it, the page would be skipped, its text lost
    text = text_of(index_dir, "content/long.md")
    assert text == "Zebracorn tabs.\n\n{{< g_include\n{{<\n{{< tab /\n{{< " + "a" * 20_000 + "\n\nThe end."


def test_a_line_break_in_a_table_cell_keeps_the_row_on_one_line(docs: Path, index_dir: Path) -> None:
    """Traefik's option tables break a description with `<br />`: the row stayed one row, not two lines of which
    the second has no option name."""
    write(docs, "mkdocs.yml", TRAEFIK_MKDOCS)
    table = (
        "# BasicAuth\n\n| Field | Description | Default |\n|:--|:--|:--|\n"
        '| <a id="opt-usersFile" href="#opt-usersFile">`usersFile`</a> | Path to a file of users. <br />'
        'The file content is a list of `name:hashed-password`. | "" |\n| `realm` | The realm. | traefik |\n'
    )
    write(docs, "content/basicauth.md", table)
    index(docs, index_dir)
    assert text_of(index_dir, "content/basicauth.md").splitlines()[2:] == [
        "Field | Description | Default",
        'usersFile | Path to a file of users. The file content is a list of name:hashed-password. | ""',
        "realm | The realm. | traefik",
    ]


DSTACK_EXAMPLES = """# Examples

## Training

<div class="tx-landing__highlights_grid">
    <a href="/docs/examples/training/trl"
       class="feature-cell">
        <h3>
            TRL
        </h3>

        <p>
            Fine-tune zebracorn models with SFT.
        </p>
    </a>

    <a href="/docs/examples/training/axolotl"
       class="feature-cell">
        <h3>
            Axolotl
        </h3>
    </a>
</div>

<div editor-title="fleet.dstack.yml">

    ```yaml
    type: fleet
    resources:
      gpu: H100:8
    ```

    </div>

Pre-provisioning is supported only for VM-based backends.
"""


def test_an_mkdocs_html_block_with_blank_lines_is_html_down_to_its_closing_tag(docs: Path, index_dir: Path) -> None:
    """Python-Markdown reads a block-level element as raw HTML down to its closing tag, blank lines included;
    CommonMark ends it at the first blank line, so dstack's examples grid showed 67 tags as indented code and a
    fence in a `<div editor-title>` frame showed its backticks and the closing `</div>`."""
    write(docs, "mkdocs.yml", b"site_name: dstack\nmarkdown_extensions:\n  - pymdownx.superfences\n")
    write(docs, "docs/examples.md", DSTACK_EXAMPLES.encode())
    index(docs, index_dir)
    text = text_of(index_dir, "docs/examples.md")
    assert "TRL\nFine-tune zebracorn models with SFT.\nAxolotl" in text
    assert "type: fleet\nresources:\n  gpu: H100:8\n\nPre-provisioning is supported" in text
    assert "<" not in text and "```" not in text
    assert found(index_dir, "zebracorn") == ["docs/examples.md"]


TERMINAL_PAGE = """# Run it

<div class="termy">

```console
$ <font color="#4E9A06">zebracorn</font> run <u style="text-decoration-style:solid">main.py</u>

<span style="color: green;">INFO</span>:     Importing from <font color="#75507B">&apos;/home/user/code&apos;</font>
```

</div>

```html
<span style="color: green;">kept</span> &amp; shown
```

<div class="other">

```console
$ <b>bold</b> stays
```

</div>
"""


def test_a_termynal_terminal_shows_its_lines_as_html(docs: Path, index_dir: Path) -> None:
    """FastAPI's, Typer's and dstack's terminals (`<div class="termy">` around a console fence) are drawn by
    termynal, which shows the code's lines as HTML: FastAPI's pages read `<font color="#4E9A06">fastapi</font>
    run` and `&apos;` where the site shows `fastapi run` and `'`. Code elsewhere stays as written."""
    write(docs, "mkdocs.yml", b"site_name: Zebra\nmarkdown_extensions:\n  - pymdownx.superfences\n")
    write(docs, "docs/run.md", TERMINAL_PAGE.encode())
    index(docs, index_dir)
    text = text_of(index_dir, "docs/run.md")
    assert "$ zebracorn run main.py\n\nINFO:     Importing from '/home/user/code'\n" in text
    assert '<span style="color: green;">kept</span> &amp; shown' in text
    assert "$ <b>bold</b> stays" in text
    assert found(index_dir, '"zebracorn run main.py"') == ["docs/run.md"]


ANNOTATED_PAGE = """# Deploy

```dockerfile
# (1)!
FROM python:3.14

COPY ./app /code/app  # (2)
RUN echo "(3)" && call(1)
```

1. Start from the zebracorn base image.
2. Copy the app.

```python
x = 1  # (1)!
```

No list follows this one.

``` { .python .annotate }
y = 2  // (1)!
```

1. Set y.
"""


def test_material_code_annotations_leave_their_markers_out(docs: Path, index_dir: Path) -> None:
    """Material shows a code block's `# (1)!` comment as a button that opens that item of the list after the block:
    FastAPI's Dockerfile read `# (1)!` above each instruction. A block with no list after it keeps its text."""
    config = "site_name: Zebra\ntheme:\n  name: material\n  features:\n    - content.code.annotate\n"
    write(docs, "mkdocs.yml", config.encode())
    write(docs, "docs/deploy.md", ANNOTATED_PAGE.encode())
    index(docs, index_dir)
    text = text_of(index_dir, "docs/deploy.md")
    assert 'Deploy\n\nFROM python:3.14\n\nCOPY ./app /code/app\nRUN echo "(3)" && call(1)\n\n1. Start' in text
    assert "x = 1  # (1)!" in text
    assert "y = 2\n\n1. Set y." in text


def test_material_code_annotations_are_only_those_the_site_turns_on(docs: Path, index_dir: Path) -> None:
    """Without content.code.annotate, only a block with the `.annotate` class is annotated; the rest is code."""
    write(docs, "mkdocs.yml", b"site_name: Zebra\ntheme:\n  name: material\n")
    write(docs, "docs/deploy.md", ANNOTATED_PAGE.encode())
    index(docs, index_dir)
    text = text_of(index_dir, "docs/deploy.md")
    assert "# (1)!\nFROM python:3.14\n\nCOPY ./app /code/app  # (2)\n" in text
    assert "y = 2\n\n1. Set y." in text
