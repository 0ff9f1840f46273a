"""The shape of Hugo's own documentation site (gohugo.io, the hugoDocs repository): its content in `content/en`,
mounted as the content folder; snippets in a headless `_common/` section put in place by its `include`
shortcode; glossary terms whose definitions its `glossary-term` shortcode shows; shortcodes that list a
section's pages; and configuration examples in `code-toggle`."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import found, index, text_of, warnings_of, write

HUGO_TOML = """baseURL = "https://gohugo.example/"
title = "Hugo"

[[module.mounts]]
  source = "assets"
  target = "assets"
[[module.mounts]]
  source = 'content/en'
  target = 'content'
"""

COMMON_INDEX = "---\ncascade:\n  build:\n    list: never\n    render: never\n---\n"

# the site's include: the page the call names, from the content folder, its shortcodes rendered
INCLUDE = """{{/*
Renders a page in place. @example {{% include "functions/_common/x" %}}
*/}}
{{- with .Get 0 }}
  {{- with or ($.Page.GetPage .) (site.GetPage .) }}
    {{- .RenderShortcodes }}
  {{- else }}
    {{- errorf "%q not found" . }}
  {{- end }}
{{- end }}
"""

# a glossary term's definition: the page of the glossary whose name is the term, urlized
GLOSSARY_TERM = """{{- with .Get 0 }}
  {{- $path := printf "/quick-reference/glossary/%s" (urlize .) }}
  {{- with site.GetPage $path }}
{{ .RenderShortcodes }}
  {{- end }}
{{- end -}}
"""

# a list of a section's pages, filtered by a data file: it gets pages, but shows none of their content
LIST_PAGES = """{{- $filter := or "" (.Get "filter" | lower) }}
{{- with $sectionPath := .Get "path" }}
  {{- with site.GetPage . }}
    {{- range .RegularPages }}
[{{ .LinkTitle }}]({{ .Path }}): {{ .Description }}
    {{- end }}
  {{- end }}
{{- end }}
"""

# a section's child sections, each with its content: the content shown is the children's, not the section's
QUICK_REFERENCE = """{{ $section := "" }}
{{ with .Get "section" }}{{ $section = . }}{{ end }}
{{ with site.GetPage $section }}
  {{ range .Sections }}
## {{ .LinkTitle }}
{{ .Content }}
  {{ end }}
{{ end }}
"""


def hugo_docs(docs: Path) -> None:
    """A site of gohugo.io's shape: config, shortcode templates, the headless `_common/` section."""
    write(docs, "hugo.toml", HUGO_TOML)
    write(docs, "layouts/_shortcodes/include.html", INCLUDE)
    write(docs, "layouts/_shortcodes/glossary-term.html", GLOSSARY_TERM)
    write(docs, "layouts/_shortcodes/render-list-of-pages-in-section.html", LIST_PAGES)
    write(docs, "layouts/_shortcodes/quick-reference.html", QUICK_REFERENCE)
    write(docs, "content/en/_common/_index.md", COMMON_INDEX)


def test_an_include_from_a_mounted_content_folder_puts_the_snippet_in_place(docs: Path, index_dir: Path) -> None:
    """gohugo.io mounts `content/en` as its content folder, and 214 of its pages take a snippet from `_common/`
    (`{{% include "/_common/functions/truthy-falsy.md" %}}`): the snippets were looked for in `content/`, not
    found, and every such page lost them, with a warning each (251 in all). Found in the mounted folder, the
    snippet is in the page, with or without the leading slash, and the snippet is no page of its own."""
    hugo_docs(docs)
    write(docs, "content/en/_common/truthy.md", "---\n---\n\nThe zebracorn values are false, 0 and nil.\n")
    write(docs, "content/en/_common/scope.md", "---\n---\n\nA quokkafish store lives as long as its page.\n")
    page = (
        "---\ntitle: if\n---\n\nExecutes the block if the expression is truthy.\n\n"
        '{{% include "/_common/truthy.md" %}}\n\n## Scope\n\n{{% include "_common/scope.md" %}}\n'
    )
    write(docs, "content/en/functions/go-template/if.md", page)
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/en/functions/go-template/if.md") == (
        "Executes the block if the expression is truthy.\n\nThe zebracorn values are false, 0 and nil.\n\n"
        "Scope\n\nA quokkafish store lives as long as its page."
    )
    assert not warnings_of(report, "content/en/functions/go-template/if.md")
    assert found(index_dir, "zebracorn") == ["content/en/functions/go-template/if.md"]


def test_a_glossary_term_shows_the_definition_its_glossary_page_holds(docs: Path, index_dir: Path) -> None:
    """`{{% glossary-term "ugly url" %}}` shows the glossary's `ugly-url` page in place (its template makes the
    path: `printf "/quick-reference/glossary/%s" (urlize .)`): the term was looked for as a file named "ugly url",
    not found, with a warning, and the page began with "For example:" and no definition."""
    hugo_docs(docs)
    write(docs, "content/en/quick-reference/glossary/ugly-url.md", "---\ntitle: ugly URL\n---\n\n"
          "An _ugly URL_ is a URL that includes a zebracorn file extension.\n")  # fmt: skip
    page = '---\ntitle: Configure ugly URLs\n---\n\n{{% glossary-term "ugly url" %}} For example: `/a.html`.\n'
    write(docs, "content/en/configuration/ugly-urls.md", page)
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/en/configuration/ugly-urls.md") == (
        "An ugly URL is a URL that includes a zebracorn file extension. For example: /a.html."
    )
    assert not warnings_of(report, "content/en/configuration/ugly-urls.md")


@pytest.mark.parametrize(
    ("template", "call"),
    [
        ("{{ $file := .Get 0 }}{{ $file | readFile | markdownify }}", '{{% inc "content/en/snippets/a.md" %}}'),
        ('{{ .Get "file" | readFile | markdownify }}', '{{% inc file="content/en/snippets/a.md" %}}'),
        ('{{ readFile (printf "content/en/%s" (.Get "file")) | markdownify }}', '{{% inc file="snippets/a.md" %}}'),
        (
            '{{ with .Get "path" }}{{ os.ReadFile . | markdownify }}{{ end }}',
            '{{% inc path="content/en/snippets/a.md" %}}',
        ),
        ('{{ $p := site.GetPage (.Get "page") }}{{ $p.RenderShortcodes }}', '{{% inc page="/snippets/a" %}}'),
    ],
    ids=["piped-variable", "piped-get", "printf", "os-readfile", "page-variable"],
)
def test_an_include_templates_ways_of_reading_its_call_put_the_file_in_place(
    docs: Path, index_dir: Path, template: str, call: str
) -> None:
    """A site's include template may hand its call's argument on by a pipeline (`.Get "file" | readFile`), a
    `printf` path, `os.ReadFile` or a variable holding the page: each puts the file in place."""
    write(docs, "hugo.toml", HUGO_TOML)
    write(docs, "layouts/_shortcodes/inc.html", template)
    write(docs, "content/en/snippets/a.md", "Zebracorn snippet.\n")
    write(docs, "content/en/page.md", f"---\ntitle: Page\n---\n\nBefore.\n\n{call}\n\nAfter.\n")
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/en/page.md") == "Before.\n\nZebracorn snippet.\n\nAfter."
    assert not warnings_of(report, "content/en/page.md")


def test_a_value_a_template_keeps_under_the_name_of_an_argument_is_not_the_calls(docs: Path, index_dir: Path) -> None:
    """`$.Scratch.Get "file"` (or `.Store.Get`) reads what the template stored under that name, not the call's
    `file=`: the call's argument is not included in its place."""
    write(docs, "hugo.toml", HUGO_TOML)
    template = (
        '{{ $.Scratch.Set "file" "content/en/snippets/b.md" }}{{ $.Scratch.Get "file" | readFile | markdownify }}'
    )
    write(docs, "layouts/_shortcodes/stored.html", template)
    write(docs, "content/en/snippets/a.md", "Zebracorn snippet.\n")
    write(docs, "content/en/page.md", '---\ntitle: Page\n---\n\nBefore.\n\n{{% stored file="snippets/a.md" %}}\n')
    index(docs, index_dir)
    assert text_of(index_dir, "content/en/page.md") == "Before."


def test_a_shortcode_that_lists_a_sections_pages_includes_nothing(docs: Path, index_dir: Path) -> None:
    """A shortcode that gets a section's page to list its pages (`render-list-of-pages-in-section path=/x
    filter=y`, `quick-reference section=/functions`) is no include: its `filter` was taken for a file, with a
    warning that a file `functions_images_no_filters` was not found; the section's own text does not come into
    the page that lists it."""
    hugo_docs(docs)
    write(docs, "content/en/functions/_index.md", "---\ntitle: Functions\n---\n\nThe quokkafish functions.\n")
    write(docs, "content/en/functions/images/_index.md", "---\ntitle: Images\n---\n\nUnicornfish filters.\n")
    page = (
        "---\ntitle: Filter\n---\n\nUse these filters.\n\n"
        "{{% render-list-of-pages-in-section path=/functions/images filter=functions_images_no_filters %}}\n\n"
        '{{% quick-reference section="/functions" %}}\n'
    )
    write(docs, "content/en/functions/images/Filter.md", page)
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/en/functions/images/Filter.md") == "Use these filters."
    assert not warnings_of(report, "content/en/functions/images/Filter.md")


def test_a_code_toggle_example_is_code_under_its_files_name(docs: Path, index_dir: Path) -> None:
    """gohugo.io writes 346 configuration and front matter examples in `{{< code-toggle file=hugo >}}`, which the
    site shows as code in TOML, YAML and JSON: the lines ran together into one paragraph, backquotes were read as
    code spans and a template's `{{ .Date }}` was taken out. Now the example is code, under its file's name."""
    write(docs, "hugo.toml", HUGO_TOML)
    page = (
        "---\ntitle: Archetypes\n---\n\nThe default archetype:\n\n"
        "{{< code-toggle file=archetypes/default.md fm=true >}}\n"
        "title = '{{ replace .File.ContentBaseName `-` ` ` | title }}'\ndate = '{{ .Date }}'\ndraft = true\n"
        "{{< /code-toggle >}}\n\nTo generate ugly URLs:\n\n{{< code-toggle file=hugo >}}\n[uglyURLs]\n"
        "books = true\nfilms = false\n{{< /code-toggle >}}\n"
    )
    write(docs, "content/en/content-management/archetypes.md", page)
    index(docs, index_dir)
    assert text_of(index_dir, "content/en/content-management/archetypes.md") == (
        "The default archetype:\n\narchetypes/default.md\n"
        "title = '{{ replace .File.ContentBaseName `-` ` ` | title }}'\ndate = '{{ .Date }}'\ndraft = true\n\n"
        "To generate ugly URLs:\n\nhugo\n[uglyURLs]\nbooks = true\nfilms = false"
    )


def test_a_hostile_shortcode_template_is_read_in_linear_time(docs: Path, index_dir: Path) -> None:
    """A shortcode's template is read action by action to know what it includes: blocks nested 200,000 deep,
    printf inside printf 50,000 deep, a call followed by a million spaces, a million unclosed `{{`, 100,000 calls
    piped in one action and 200,000 unclosed parentheses cost no more than reading them once (the page is read
    within its time limit, its text kept)."""
    write(docs, "hugo.toml", HUGO_TOML)
    printf = 'printf "/x/%s" (' * 50_000 + ".Get 0" + ")" * 50_000
    templates = {
        "nested": "{{ with .Get 0 }}" * 200_000 + "{{ .Content }}",
        "printf": "{{ $p := " + printf + " }}{{ with site.GetPage $p }}{{ .Content }}{{ end }}",
        "spaces": "{{ with .Get 0 }}{{ GetPage" + " " * 1_000_000 + ". }}{{ .Content }}",
        "open": "{{ .Get 0 }}" + "{{" * 1_000_000 + " .Content",
        "pipes": "{{ " + ".Get 0 | readFile " * 100_000 + "}} {{ .Content }}",
        "parens": "{{ with .Get 0 }}{{ " + "GetPage (" * 200_000 + " }}{{ .Content }}",
    }
    for name, template in templates.items():
        write(docs, f"layouts/_shortcodes/{name}.html", template)
    calls = "".join(f'{{{{% {name} "a" %}}}}\n\n' for name in templates)
    write(docs, "content/en/page.md", f"---\ntitle: Page\n---\n\nZebracorn.\n\n{calls}")
    index(docs, index_dir, parse_timeout=10)  # past it, the page would be skipped, its text lost
    assert text_of(index_dir, "content/en/page.md") == "Zebracorn."


def test_a_code_blocks_file_attribute_is_shown_above_its_code(docs: Path, index_dir: Path) -> None:
    """gohugo.io names the file of 319 examples in the code block's attributes (```` ```go-html-template
    {file="layouts/page.html" copy=true} ````), and shows the name above the code: the name was lost, and with
    it where the template goes."""
    write(docs, "hugo.toml", HUGO_TOML)
    page = (
        "---\ntitle: Partials\n---\n\nCreate a partial:\n\n"
        '```go-html-template {file="layouts/_partials/zebracorn.html" copy=true}\n{{ .Title }}\n```\n'
    )
    write(docs, "content/en/templates/partial.md", page)
    index(docs, index_dir)
    assert text_of(index_dir, "content/en/templates/partial.md") == (
        "Create a partial:\n\nlayouts/_partials/zebracorn.html\n{{ .Title }}"
    )
    assert found(index_dir, "zebracorn") == ["content/en/templates/partial.md"]


def test_an_include_finds_its_page_in_a_folder_a_config_folders_module_file_mounts(docs: Path, index_dir: Path) -> None:
    """Sites configured by a `config/_default/` folder keep their mounts in its `module.yaml`: the content folder
    it mounts (`docs/en`) is where an include's page is, as in a mount of hugo.toml."""
    write(docs, "config/_default/hugo.yaml", "baseURL: https://x.example/\n")
    write(docs, "config/_default/module.yaml", "mounts:\n  - source: docs/en\n    target: content\n")
    write(docs, "layouts/_shortcodes/include.html", INCLUDE)
    write(docs, "docs/en/snippets/intro.md", "---\n---\n\nA zebracorn introduction.\n")
    write(docs, "docs/en/guide.md", '---\ntitle: Guide\n---\n\n{{% include "/snippets/intro" %}}\n')
    report = index(docs, index_dir)
    assert "A zebracorn introduction." in text_of(index_dir, "docs/en/guide.md")
    assert not warnings_of(report, "docs/en/guide.md")


DOCS_YAML = """chroma:
  styles: [zebracornstyle, monokai]
config:
  markup:
    asciiDocExt:
      backend: html5
  pagination:
    disableAliases: false
    pagerSize: 10
"""


def test_a_code_toggle_of_the_configs_defaults_shows_them_from_the_sites_data(docs: Path, index_dir: Path) -> None:
    """gohugo.io's configuration reference shows each section's defaults with `{{< code-toggle config=pagination
    />}}`, from its data/docs.yaml: 43 pages read "This is the default configuration:" and then nothing. The
    section shows as YAML under its key (`skipHeader=true`: without it; `dataKey=` a section of the file itself;
    its keys found in any case, as Hugo finds them), a section the file lacks is a warning, and a change of the
    file reads the page again."""
    write(docs, "hugo.toml", HUGO_TOML)
    write(docs, "data/docs.yaml", DOCS_YAML)
    page = (
        "---\ntitle: Pagination\n---\n\nThis is the default configuration:\n\n{{< code-toggle config=pagination />}}\n"
        "\nAsciiDoc:\n\n{{< code-toggle config=markup.asciidocExt skipHeader=true />}}\n\n"
        "Styles:\n\n{{< code-toggle dataKey=chroma.styles />}}\n\nMissing:\n\n{{< code-toggle config=nothing />}}\n"
    )
    write(docs, "content/en/configuration/pagination.md", page)
    report = index(docs, index_dir)
    assert text_of(index_dir, "content/en/configuration/pagination.md") == (
        "This is the default configuration:\n\nhugo\npagination:\n  disableAliases: false\n  pagerSize: 10\n\n"
        "AsciiDoc:\n\nhugo\nbackend: html5\n\nStyles:\n\nchroma.styles\nchroma:\n  styles:\n  - zebracornstyle\n"
        "  - monokai\n\nMissing:"
    )
    assert warnings_of(report, "content/en/configuration/pagination.md") == [
        "code-toggle shortcode: no nothing in the site's data/docs file: shown as nothing"
    ]
    write(docs, "data/docs.yaml", DOCS_YAML.replace("pagerSize: 10", "pagerSize: 25"))
    index(docs, index_dir)
    assert "pagerSize: 25" in text_of(index_dir, "content/en/configuration/pagination.md")


def test_a_feature_state_shows_the_label_its_template_gives(docs: Path, index_dir: Path) -> None:
    """gohugo.io marks what a release added or deprecated: `{{< new-in 0.140.0 />}}` is a badge "New in
    v0.140.0", `{{< deprecated-in 0.156.0 >}}...{{< /deprecated-in >}}` a box headed "Deprecated in v0.156.0":
    the text said "Use the hugo.Sites function instead." and never that the method was deprecated. Where the
    site defines no such shortcode (its template gone: the page is read again), its tag shows nothing."""
    write(docs, "hugo.toml", HUGO_TOML)
    write(docs, "layouts/_shortcodes/new-in.html", '{{ partial "feature-state.html" (dict "status" "new") }}\n')
    write(docs, "layouts/_shortcodes/deprecated-in.html", "{{ .Inner }}\n")
    page = (
        "---\ntitle: Sites\n---\n\n{{< new-in 0.140.0 />}}\n\nReturns all sites.\n\n"
        "{{< deprecated-in v0.156.0 >}}\nUse the zebracorn function instead.\n{{< /deprecated-in >}}\n"
    )
    write(docs, "content/en/methods/page/Sites.md", page)
    index(docs, index_dir)
    assert text_of(index_dir, "content/en/methods/page/Sites.md") == (
        "New in v0.140.0\n\nReturns all sites.\n\nDeprecated in v0.156.0\n\nUse the zebracorn function instead."
    )
    (docs / "layouts/_shortcodes/new-in.html").unlink()
    index(docs, index_dir)
    assert text_of(index_dir, "content/en/methods/page/Sites.md").startswith("Returns all sites.")


def test_the_code_toggles_of_a_page_show_at_most_a_million_characters_of_data(docs: Path, index_dir: Path) -> None:
    """Each code-toggle writes its section out: 200 calls of a section of 220 KB (a page of 6 KB) made 44 MB of
    text in 36 s. A page shows at most 1,000,000 characters of the site's data, and says where it stops."""
    write(docs, "hugo.toml", HUGO_TOML)
    write(docs, "data/docs.yaml", "config:\n  big:\n" + "".join(f"    key{i}: zebracorn {i}\n" for i in range(6_000)))
    write(docs, "content/en/big.md", "---\ntitle: Big\n---\n\n" + "{{< code-toggle config=big />}}\n\n" * 60)
    report = index(docs, index_dir)
    text = text_of(index_dir, "content/en/big.md")
    assert "key5999: zebracorn 5999" in text and len(text) < 1_500_000
    assert warnings_of(report, "content/en/big.md") == [
        "code-toggle shortcodes past 1,000,000 characters of the site's data: the rest show nothing"
    ]
