"""The markup of real documentation sites: MDX, template syntax (Hugo, mdBook, Liquid) and titles."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import document, found, index, skipped, snapshot, write
from support.loaders import assert_text, load, searchable

MINTLIFY = b"""---
title: Quickstart
---
import { Tabs } from "nextra/components";
import {
  Card,
  Steps,
} from "mintlify";
export const meta = {
  sidebar: true,
};

{/* prettier-ignore-start */}

Intro with <Badge>beta</Badge> words.

<Card
  title="Card heading words"
  icon="rocket"
  href="/start"
>
  Card body zebracorn.
</Card>

<Steps>
  <Step title="Install the SDK">
    Step body unicornfish.
  </Step>
</Steps>

<Frame caption={<span>x</span>} />

:::tip[Admonition title words]
Admonition body.
:::

```js
import { kept } from "code";
<KeptInCode />
```
"""

HUGO = b"""---
title: Hugo page
---
Intro {{< new-in 0.123.0 />}} words.

{{< note >}}
Inside the note zebracorn.
{{< /note >}}

{{% include "/_common/gone.md" %}}

{{< figure src="a.png" caption="Figure caption words" >}}

```go-html-template
{{ .Title }} stays in code
{{</* shortcode-example */>}}
{{</* figure
  src="multi-line.jpg"
*/>}}
```

Prose keeps the escaped {{%/* inline */%}} form.
"""

MDBOOK = b"""## Installing Rust

Run this unicornfish:

```rust
{{#rustdoc_include ../listings/ch01/main.rs:here}}
```

```console
{{#include ../listings/ch01/output.txt}}
$ cargo run
```

## Escapes

Show \\{{#include file.rs:2}} to include a file, and write `{{#include}}` alone.

```hbs
\\{{#playground example.rs}}
{{#toc}}{{/toc}}
```
"""

JEKYLL = b"""# Jekyll page

Hello {{ page.title }} and {% include note.html %} zebracorn.
{% if site.beta %}Shown beta words.{% endif %}
{% comment %}commentsentinel{% endcomment %}
{% raw %}Literal {{ kept.liquid }}{% endraw %}
Inline `{{ kept.code }}` stays.
"""

CASES = [
    # filename, content, must_include, must_not_include
    (
        "quickstart.mdx",
        MINTLIFY,
        [
            "Quickstart",
            "Intro with beta words.",
            "Card heading words",
            "Card body zebracorn.",
            "Install the SDK",
            "Step body unicornfish.",
            "Admonition title words",
            "Admonition body.",
            'import { kept } from "code";',
            "<KeptInCode />",
        ],
        [
            "nextra",
            "mintlify",
            "sidebar",
            "prettier",
            "<Card",
            "icon=",
            "</Card>",
            "<Step",
            "<Badge",
            "<Frame",
            ":::",
            "<span>",
        ],
    ),
    (
        "hugo.md",
        HUGO,
        [
            "Intro",
            "words.",
            "Inside the note zebracorn.",
            "Figure caption words",
            "{{ .Title }} stays in code",
            "{{< shortcode-example >}}",
            "{{% inline %}}",
            '{{< figure\n  src="multi-line.jpg"\n>}}',
        ],
        ["new-in", "{{< note", "/note", "include", "gone.md", 'src="a.png"', "{{</*", "*/>}}"],
    ),
    (
        "ch01-01-installation.md",
        MDBOOK,
        [
            "Installing Rust",
            "Run this unicornfish:",
            "$ cargo run",
            "Show {{#include file.rs:2}} to include a file",
            "write {{#include}} alone",
            "{{#playground example.rs}}\n{{#toc}}{{/toc}}",
        ],  # escaped, or not mdBook's
        ["\\{{#", "rustdoc_include", "listings"],
    ),
    (
        "jekyll.md",
        JEKYLL,
        ["Hello", "and", "zebracorn.", "Shown beta words.", "Literal {{ kept.liquid }}", "{{ kept.code }}"],
        ["page.title", "include", "note.html", "{%", "site.beta", "endif", "commentsentinel"],
    ),
]


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"),
    [pytest.param(*case, id=case[0]) for case in CASES],
)
def test_site_markup_is_removed_and_its_text_kept(
    filename: str, content: bytes, must_include: list[str], must_not_include: list[str]
) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_mdx_folder_is_indexed_and_fetched_without_jsx(docs: Path, index_dir: Path) -> None:
    write(docs, "docs/quickstart.mdx", MINTLIFY)
    report = index(docs, index_dir)
    assert skipped(report) == {}
    assert found(index_dir, "zebracorn") == ["docs/quickstart.mdx"]
    assert found(index_dir, "unicornfish") == ["docs/quickstart.mdx"]
    assert document(index_dir, "docs/quickstart.mdx").title == "Quickstart"


def test_template_text_is_found_and_its_markup_is_not(docs: Path, index_dir: Path) -> None:
    write(docs, "hugo.md", HUGO)
    index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["hugo.md"]
    assert found(index_dir, "gone") == []


def test_mdx_import_in_prose_paragraph_is_kept() -> None:
    """Only a statement that starts a block is ESM; a word "import" inside a paragraph is text."""
    doc = load("a.mdx", b"Some text\nimport this zebracorn\n")
    assert "import this zebracorn" in searchable(doc)


def test_mdx_emphasis_around_a_component_that_shows_nothing_stays_emphasis() -> None:
    """`**Docusaurus <StableMajorVersion/>**` left "**Docusaurus **": a space before the closing `**` undoes it."""
    doc = load("a.mdx", b"- **Zebracorn <Version/>**: the **<Icon /> stable** one, on the <Branch/> branch\n")
    assert " ".join(searchable(doc).split()) == "Zebracorn: the stable one, on the branch"


def test_an_inline_comment_between_spaces_leaves_one_space() -> None:
    """The rustc dev guide dates its claims with `As of <!-- date-check --> Nov 2025` (48 of them): the text read
    "As of  Nov 2025", with the two spaces a browser shows as one. A comment against a word joins nothing more."""
    doc = load(
        "a.md",
        b"As of <!-- date-check --> Nov 2025, the zebracorn.\n\nAs of<!-- x --> May, then <!-- y -->June, "
        b"and `a <!-- kept -->  b`.\n",
    )
    texts = [section.text for section in doc.sections]
    assert texts == ["As of Nov 2025, the zebracorn.\n\nAs of May, then June, and a <!-- kept -->  b."]


def test_comments_in_a_row_or_ending_a_line_leave_one_space() -> None:
    """Two comments between spaces, or one between a space and the line's end, leave the one space a browser
    shows: `As of <!-- date-check --> <!-- x --> May` read "As of  May"."""
    doc = load(
        "a.md", b"As of <!-- date-check --> <!-- x --> May, the zebracorn.\n\nAs of <!-- date-check -->\nJune.\n"
    )
    assert [section.text for section in doc.sections] == ["As of May, the zebracorn.\n\nAs of June."]


def test_reference_links_the_page_does_not_define_show_their_text() -> None:
    """MkDocs' autorefs resolves `[BaseModel][pydantic.main.BaseModel]` and `[typing][]` across the site: pydantic
    had 655 of them shown with their brackets, one in a title. A label the page defines is a link as ever; one that
    is no name is text (CACM's `[m/p][log2 (n/m)]`, a formula)."""
    doc = load(
        "models.md",
        b"# Custom [Annotated][typing.Annotated] Metadata\n\nInherit from [`BaseModel`][pydantic.main.BaseModel], "
        b"see [typing][] and [the guide][guide], not `[a][b]`; [m/p][log2 (n/m)] steps.\n\n"
        b"[guide]: https://example.com/guide\n",
    )
    assert doc.title == "Custom Annotated Metadata"
    shown = "Inherit from BaseModel, see typing and the guide, not [a][b]; [m/p][log2 (n/m)] steps."
    assert [section.text for section in doc.sections] == [shown]


def test_mkdocstrings_block_of_a_module_without_a_dot_leaves_its_name() -> None:
    """`::: pydantic_core` with its options below was read as a Docusaurus container: "Pydantic_core" and its
    options' YAML as text. Without options below it, `::: note` ... `:::` is still a container."""
    doc = load("core.md", b"# Core\n\n::: pydantic_core\n    options:\n        members:\n        - SchemaValidator\n")
    assert [section.text for section in doc.sections] == ["pydantic_core"]
    note = load("note.md", b"# Page\n\n::: note\nZebracorn.\n:::\n")
    assert [section.text for section in note.sections] == ["Note\n\nZebracorn."]


def test_unclosed_template_tags_leave_the_text_alone() -> None:
    text = "Prose with a lone {{ brace and {% another and {{< never closed, zebracorn.\n"
    assert "zebracorn." in searchable(load("a.md", text.encode()))


def test_title_is_the_first_heading_of_any_level_when_no_h1() -> None:
    assert load("ch01-01-installation.md", MDBOOK).title == "Installing Rust"
    assert load("deep.md", b"#### Fourth level title\n\ntext\n").title == "Fourth level title"
    assert load("page.html", b"<h3>Third level</h3><p>text</p>").title == "Third level"


QUARTO = b"""---
title: "Callouts"
---

## Intro {#sec-intro .unnumbered}

::: {.callout-note appearance="simple" icon=false}
A note in [small caps]{.smallcaps}.
:::

::: callout-tip
## Tip with a heading
The tip body.
:::

:::: {.columns}
::: {.column width="40%"}
Left column.
:::
::::

![A plot](plot.png){width=50%}

Write {{{< var version >}}} to show a variable.

```{python}
#| label: fig-zebra
print("zebracorn")
```

```{r}
#| echo: false
hidden_setup()
```
"""


def test_quarto_pages_read_as_the_rendered_page_shows_them() -> None:
    """quarto.org's 578 .qmd files were never read; in a copy renamed .md, Pandoc's divs and attributes stayed
    text (`{.callout-note appearance="simple" icon=false}`, `## Slide Title {background-color=''}`)."""
    doc = load("callouts.qmd", QUARTO)
    assert doc.title == "Callouts" and doc.format == "markdown"
    assert [s.heading for s in doc.sections] == ["Intro", "Tip with a heading"]
    assert doc.sections[0].text == "Note\n\nA note in small caps."
    assert doc.sections[1].text == (
        'The tip body.\n\nLeft column.\n\nA plot\n\nWrite {{< var version >}} to show a variable.\n\nprint("zebracorn")'
    )


MINTLIFY_BLOCKS = b"""---
title: Support
---

<div id="support-tiers">
  ## Support tiers
</div>

Embed it: <iframe src="https://www.youtube.com/embed/x" width="560" /> and read on.

<ResponseField name="seo.indexing" type="string">
  Which pages search engines index.
</ResponseField>

The rest of the zebracorn page.
"""


def test_mdx_reads_html_blocks_and_self_closing_tags_as_mdx_does() -> None:
    """Mintlify's translated pages wrap each heading in a <div> (657 pages kept a literal `## ...`), a
    self-closing <iframe /> hid the rest of the page, and an API field's name was lost."""
    doc = load("support.mdx", MINTLIFY_BLOCKS)
    assert doc.headings == ("Support tiers",)
    text = searchable(doc)
    assert "Embed it: and read on." in " ".join(text.split())
    assert "seo.indexing string" in text and "Which pages search engines index." in text
    assert "The rest of the zebracorn page." in text
    assert doc.warnings == ()


def test_an_mdx_paragraph_tag_in_a_list_item_leaves_its_markdown_and_hides_nothing() -> None:
    """Astro's tutorial puts `<p>` on lines of their own, indented in a list item, around a `<Spoiler>` whose
    text holds a code span `<style>`: CommonMark's HTML block read it as a style element never closed, and the
    rest of the page (its checklist, its resources) was lost, with a warning."""
    text = (
        b"# Add styling\n\n- Which styles apply?\n\n    <p>\n      <Spoiler>The local `<style>` tag wins over"
        b" `<h1>` rules.</Spoiler>\n    </p>\n\n## Checklist\n\nI can add a zebracorn stylesheet.\n"
    )
    doc = load("styling.mdx", text)
    assert doc.warnings == ()
    assert doc.headings == ("Add styling", "Checklist")
    body = searchable(doc)
    assert "The local <style> tag wins over <h1> rules." in body
    assert "I can add a zebracorn stylesheet." in body


TAURI_PLUGIN = b"""---
title: File System
---
import CommandTabs from '@components/CommandTabs.astro';
import { Code } from '@astrojs/starlight/components';

Use your project's package manager to add the dependency:

<CommandTabs
  npm="npm run tauri add zebrafs"
  cargo = 'cargo tauri add zebrafs'
/>

1. Start it:

    <CommandTabs
        npm="cd tauri-app
            npm run tauri dev"
        yarn={`yarn tauri dev`}
    />

2. Find keytool:

    <Code code="/opt/android-studio/jbr/bin/keytool -genkey" lang="sh" />

The end.
"""


def test_code_given_to_a_component_in_its_attributes_is_shown_as_code() -> None:
    """Tauri's pages give their install commands to `<CommandTabs npm="..." cargo="..." />` (117 tags) and
    Starlight's `<Code code="..." />`: the page shows a tab per package manager, the index showed nothing after
    "Use your project's package manager to add the dependency:"."""
    doc = load("file-system.mdx", TAURI_PLUGIN)
    assert doc.warnings == ()
    assert searchable(doc) == (
        "File System\nUse your project's package manager to add the dependency:\n\nnpm\nnpm run tauri add zebrafs\n\n"
        "cargo\ncargo tauri add zebrafs\n\n1. Start it:\nnpm\ncd tauri-app\nnpm run tauri dev\nyarn\n"
        "yarn tauri dev\n2. Find keytool:\n/opt/android-studio/jbr/bin/keytool -genkey\n\nThe end."
    )


def test_astro_tab_components_label_each_slot_with_its_name() -> None:
    """Astro's docs give each tab of `<UIFrameworkTabs>` (and `<PackageManagerTabs>`) as `<Fragment
    slot="react">`: the page shows a tab labelled React above each, the index showed four code blocks of the same
    file name with nothing to tell which framework each was for. A slot outside such tabs shows no name."""
    text = (
        b"import UIFrameworkTabs from '~/components/tabs/UIFrameworkTabs.astro';\n\n# Forms\n\n"
        b'<UIFrameworkTabs>\n  <Fragment slot="preact">\n    ```tsx\n    export const p = 1;\n    ```\n'
        b'  </Fragment>\n  <Fragment slot="react">\n    ```tsx\n    export const r = 2;\n    ```\n  </Fragment>\n'
        b'</UIFrameworkTabs>\n\n<Card>\n  <Fragment slot="footer">A zebracorn footer.</Fragment>\n</Card>\n'
    )
    body = searchable(load("forms.mdx", text))
    assert body == "Forms\nForms\npreact\n\nexport const p = 1;\n\nreact\n\nexport const r = 2;\n\nA zebracorn footer."


def test_an_mdx_list_indented_in_a_component_keeps_its_items() -> None:
    """Infisical's <Step>s indent their lists four spaces: MDX (micromark, no indented code) reads each line as
    an item, CommonMark the second as the first's continuation, and the text read `Name: a friendly name. -
    Role: a zebracorn role.` as one item."""
    text = (
        b'# Universal Auth\n\n<Steps>\n  <Step title="Creating an identity">\n    ![identities](/img/org.png)\n\n'
        b"    - Name (required): A friendly name.\n    - Role (required): A zebracorn role.\n\n"
        b"    1. Submit the Client ID.\n    2. Infisical verifies it.\n       - a nested narwhal\n  </Step>\n</Steps>\n"
    )
    body = searchable(load("universal-auth.mdx", text))
    assert "Name (required): A friendly name.\nRole (required): A zebracorn role." in body
    assert "1. Submit the Client ID.\n2. Infisical verifies it.\na nested narwhal" in body
    assert " - " not in body


def test_an_mdx_expression_standing_as_a_block_leaves_nothing_but_a_string_its_text() -> None:
    """authjs.dev's adapter pages list their adapters with `{Object.entries(manifest.adapters).map(...)}`: its
    JavaScript was text ('{label}', '))}'). Its output is computed, so nothing is shown of it."""
    text = (
        b'# Adapters\n\nPick one.\n\n<div className="grid">\n'
        b"  {Object.entries(manifest.adapters).map(([value, label]) => (\n"
        b"    <Link href={`/adapters/${value}`} key={value}>\n      <div>{label}</div>\n    </Link>\n  ))}\n</div>\n\n"
        b"{'Download the zebracorn guide'}\n\nThe end.\n"
    )
    body = searchable(load("adapters.mdx", text))
    assert body == "Adapters\nAdapters\nPick one.\n\nDownload the zebracorn guide\n\nThe end."


def test_a_string_expression_in_mdx_prose_shows_its_text() -> None:
    """Prettier writes `{' '}` between a tag and the next word, and pages write `{'<'}` for a sign MDX would take
    for a tag: the text showed the braces and quotes. A code span keeps them, and another expression stays."""
    text = (
        b"import Kbd from '@site/src/Kbd';\n\n# Keys\n\nPress <Kbd>Ctrl</Kbd>+{'<'} to go back,{' '}\n"
        b'then {"zebracorn\\"s"} key and {`--force`}. Write `{\' \'}` in JSX; {props.version} is computed.\n'
    )
    body = " ".join(searchable(load("keys.mdx", text)).split())
    assert 'Press Ctrl+< to go back, then zebracorn"s key and --force.' in body
    assert "Write {' '} in JSX; {props.version} is computed." in body


def test_a_string_expression_in_mdx_prose_shows_its_escapes_as_javascript_reads_them() -> None:
    """docusaurus.io's code blocks page writes `<b>Input: </b>1 2 3 4{'\\n'}` in a <pre>: the text read `1 2 3 4n`,
    a word the page never shows; a newline or a tab is white space, and `\\u2014` is the dash it names."""
    text = (
        b"# Pre\n\n<pre>\n  <b>Input: </b>1 2 3 4{'\\n'}\n  <b>Output: </b>\"366300745\"{'\\n'}\n</pre>\n\n"
        b"Tabs{'\\t'}and a dash{' \\u2014 '}or {'\\x41'}, {'\\u{1F600}'} and {'it\\'s'}.\n"
    )
    body = searchable(load("code-blocks.mdx", text))
    assert 'Input: 1 2 3 4\nOutput: "366300745"' in body
    assert "Tabs and a dash \u2014 or A, \U0001f600 and it's." in body


def test_a_docsy_tab_shows_its_header_and_a_backquoted_argument_is_part_of_its_shortcode() -> None:
    """OpenTelemetry's tabs are `{{% tab header="Maven (pom.xml)" %}}`, some with a raw string in backquotes: the
    labels were lost, and a backquoted header left the whole shortcode as text (30 pages)."""
    text = (
        b'# Install\n\n{{< tabpane text=true >}}\n{{% tab header="Maven (pom.xml)" lang=Maven %}}\n\n'
        b"Add the zebracorn dependency.\n\n{{% /tab %}}\n{{% tab header=`Gradle (build.gradle)` lang=Gradle %}}\n\n"
        b"Add the narwhal plugin.\n\n{{% /tab %}}\n{{< /tabpane >}}\n\nRun `make {{< param target >}}` then `make`.\n"
    )
    body = searchable(load("install.md", text))
    assert "Maven (pom.xml)\n\nAdd the zebracorn dependency." in body
    assert "Gradle (build.gradle)\n\nAdd the narwhal plugin." in body
    assert "{{%" not in body and "lang=" not in body
    assert "Run make  then make." in body  # Hugo runs shortcodes in code spans too; they still pair up


def test_a_docsy_code_tab_and_a_hugo_highlight_are_code_not_markdown() -> None:
    """Docsy shows a tab of a tabpane as code unless it says text=true: its body was read as Markdown, so a TOML
    comment became a heading, `#include <stdio.h>` lost its header as an HTML tag, `[[module.imports]]` its
    brackets, and the lines ran together into one paragraph (11 of docsy.dev's pages; Hugo's highlight too)."""
    text = (
        b'# Setup\n\n{{< tabpane >}}\n{{< tab header="Config file:" disabled=true />}}\n'
        b'{{< tab header="hugo.toml" lang="toml" >}}\n[module]\n  # uncomment for local zebracorn work\n'
        b'[[module.imports]]\npath = "github.com/google/docsy"\n{{< /tab >}}\n{{< tab "C" >}}\n'
        b'#include <stdio.h>\nint main(void) { return 0; }\n{{< /tab >}}\n{{% tab header="Notes" text=true %}}\n'
        b"Some **narwhal** prose.\n{{% /tab %}}\n{{< /tabpane >}}\n\n"
        b'{{< highlight go "linenos=table" >}}\n// Package main\n# not a heading\n{{< /highlight >}}\n'
    )
    doc = load("setup.md", text)
    body = searchable(doc)
    assert doc.headings == ("Setup",)
    assert "Config file:\n\nhugo.toml\n\n[module]\n  # uncomment for local zebracorn work\n[[module.imports]]\n" in body
    assert "C\n\n#include <stdio.h>\nint main(void) { return 0; }" in body
    assert "Notes\n\nSome narwhal prose." in body
    assert "// Package main\n# not a heading" in body
    assert "{{" not in body and "lang=" not in body


def test_a_hugo_comment_shows_nothing_and_a_tabpane_shown_as_code_is_kept() -> None:
    """Hugo's `comment` shortcode (and Docsy's) hides its body: docsy.dev's maintainer notes and cSpell lines
    were indexed as page text. An escaped tabpane in a fenced code block is an example, shown as written."""
    text = (
        b"# Tabs\n\n{{< comment >}}\nMaintainers note zebracorn.\n{{< /comment >}}\n\n"
        b"Intro. {{% comment %}} cSpell:ignore narwhal {{% /comment %}} Outro.\n\n"
        b'```go-html-template\n{{</* tabpane */>}}\n{{</* tab header="A" */>}}\n# kept\n{{</* /tab */>}}\n'
        b"{{</* /tabpane */>}}\n```\n"
    )
    body = searchable(load("tabs.md", text))
    assert "zebracorn" not in body and "narwhal" not in body
    assert "Intro.  Outro." in body
    assert '{{< tabpane >}}\n{{< tab header="A" >}}\n# kept\n{{< /tab >}}\n{{< /tabpane >}}' in body


def test_an_npm2yarn_block_shows_the_command_of_each_package_manager() -> None:
    """Jest's and Docusaurus's install steps are ```bash npm2yarn blocks, which the site shows as npm, Yarn, pnpm
    and Bun tabs: only the npm command was indexed, so a search for `yarn add jest` missed the page."""
    text = (
        b"# Install\n\n```bash npm2yarn\nnpm install --save-dev zebracorn\nnpm run build\nnpm uninstall -D old\n"
        b"npm test\n```\n\n```bash\nnpm install --save-dev narwhal\n```\n"
    )
    body = searchable(load("install.md", text))
    assert "Yarn\nyarn add --dev zebracorn\nyarn build\nyarn remove old\nyarn test" in body
    assert "pnpm\npnpm add --save-dev zebracorn\npnpm run build\npnpm remove old\npnpm test" in body
    assert "Bun\nbun add --dev zebracorn\nbun run build\nbun remove old\nbun run test" in body
    assert "npm\nnpm install --save-dev zebracorn" in body
    assert "narwhal" in body and "yarn add --dev narwhal" not in body  # a block without npm2yarn stays one


def test_a_file_tree_shows_the_names_of_its_files_and_folders() -> None:
    """Nextra's `<FileTree>` (and Fumadocs' `<Folder>`/`<File>`) shows a name per line: nextra.site's pages said
    "you should get the following structure:" over nothing, the layout they draw lost."""
    text = (
        b"# Structure\n\nYou should get the following structure:\n\n<FileTree>\n"
        b'  <FileTree.Folder name="app" open>\n    <FileTree.File name="layout.jsx" />\n'
        b'    <FileTree.Folder name="[[...mdxPath]]" open active>\n      <FileTree.File name="page.jsx" active />\n'
        b"    </FileTree.Folder>\n  </FileTree.Folder>\n</FileTree>\n\n"
        b"<Files>\n  <Folder name='content' defaultOpen>\n    <File name={'zebracorn.mdx'} />\n  </Folder>\n</Files>\n"
        b'\n<Icon name="hidden-icon" />\n'
    )
    body = searchable(load("structure.mdx", text))
    assert "structure:\n\napp\n\nlayout.jsx\n\n[[...mdxPath]]\n\npage.jsx" in body
    assert "content\n\nzebracorn.mdx" in body
    assert "hidden-icon" not in body and "name=" not in body


def test_mdx_keeps_what_an_expression_or_a_self_closing_tag_only_shapes() -> None:
    """React Native's and Starlight's pages, read again after the two rules above: a template literal in a code
    block is its command, a line that starts with {' '} keeps its words, <br/> is a line break, and the props of a
    tag still open (`themes={[` then `{ title: ... }`) are no expression of the page's."""
    text = (
        b"import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language=\"bash\">\n"
        b"{`curl -O https://example.org/${branch()}/zebracorn.json`}\n</CodeBlock>\n\n"
        b"Animation steps\n{' '}by Eli White (\n\nmessage - a message<br/>url - a URL\n\n"
        b"<ThemeGrid\n\tthemes={[\n\t\t{\n\t\t\ttitle: 'Starlight Rapide',\n"
        + b"\t\t\tnote: '"
        + b"x" * 4000
        + b"',\n\t\t},\n\t]}\n/>\n"
    )
    body = searchable(load("page.mdx", text))
    assert "curl -O https://example.org/${branch()}/zebracorn.json" in body
    assert "by Eli White (" in body
    assert "message - a message\nurl - a URL" in body
    assert "Starlight Rapide" in body  # a tag too long to take out stays as written, props and all


def test_an_astro_set_html_directive_shows_its_html_as_text() -> None:
    """Biome's 581 rule pages show each diagnostic with `<Fragment set:html={"<pre>...</pre>"} />`, a string of
    thousands of characters: its escaped HTML was text (`<span style="color: Tomato;">`) on every one of them."""
    spans = "".join(f'<span style=\\"color: Tomato;\\">{c}</span>' for c in "zebracorn") * 40
    text = (
        b'import { Code } from "@astrojs/starlight/components";\n\n# noVar\n\n```js\nvar a = 1;\n```\n\n'
        + b'<Fragment set:html={"<pre class=\\"language-text\\"><code>code-block.js:1:1 '
        + b'<a href=\\"/linter/rules/no-var\\">lint/style/noVar</a><br />  \\u26a0 Use let or const.<br />'
        + spans.encode()
        + b'</code></pre>"} />\n\n'
        + b"A note: <span set:text={'1 < 2 & narwhal'}></span> and "
        + b"<div set:html={`<p>Unicornfish <b>fins</b></p>`} />.\n\n"
        + b"<Fragment set:html={content} />\n\nThe end.\n"
    )
    body = searchable(load("no-var.mdx", text))
    assert "code-block.js:1:1 lint/style/noVar" in body and "\u26a0 Use let or const." in body
    assert "zebracorn" * 40 in body
    assert "A note: 1 < 2 & narwhal and Unicornfish fins." in " ".join(body.split())
    for markup in ("set:", "<span", "<Fragment", "\\", "content", "<p>"):
        assert markup not in body
    assert body.endswith("The end.")


def test_a_liquid_tag_with_a_title_shows_it() -> None:
    """GitBook's 187 `{% tab title="..." %}` labels in the AxonIQ guide were lost with their tags."""
    text = (
        b'# Config\n\n{% tabs %}\n{% tab title="Spring Boot properties file" %}\nSet it.\n{% endtab %}\n{% endtabs %}\n'
    )
    assert searchable(load("config.md", text)) == "Config\nConfig\nSpring Boot properties file\n\nSet it."


def test_an_html_page_with_front_matter_reads_as_jekyll_renders_it() -> None:
    """jekyllrb.com's pages/*.html start with front matter and loop over posts with Liquid: both had been text."""
    page = (
        b"---\nlayout: news\ntitle: News\npermalink: /news/\n---\n<h2>Latest</h2>\n"
        b"{% for post in site.posts -%}<p>{{ post.title }}</p>{% endfor %}<p>Zebracorn releases.</p>\n"
    )
    doc = load("news.html", page)
    assert doc.title == "News"
    assert doc.front_matter["permalink"] == "/news/"
    assert searchable(doc) == "News\nLatest\nZebracorn releases."  # the title, the heading, the text
    plain = load("plain.html", b"<p>--- not front matter, and {% kept %} as the browser shows it</p>")
    assert searchable(plain).strip() == "--- not front matter, and {% kept %} as the browser shows it"


MATERIAL_GRID = b"""# Plugins

<div class="grid cards" markdown>

-   :material-format-list-group:{ .lg .middle } &nbsp; __[Group plugin][group]__

    ---

    Groups plugins into __logical units__.

-   :material-file-tree: __Meta plugin__

    Manages metadata.

</div>

Press ++ctrl+alt+del++ or ++enter++; this is ==marked==, but a == b and x==y stay. Call `#!python range(3)`.

`default_lang`

:   The default language.

    A second paragraph.

  [group]: group.md
"""


PYMDOWNX_BLOCKS = b"""# CORS

Intro.

/// note | Technical Details

You could also use the zebracorn middleware.

///

/// admonition
    type: warning

Careful with credentials.
///

//// tab | Python 3.10+

```python
/// a comment in code stays
app = FastAPI()
```

////

/// details | Preview
    open: True

Hidden narwhal text.
///

/// Returns, written in prose

::: fastapi.middleware.cors.CORSMiddleware
    options:
        members:
            - allow_origins

After the reference.

::: tip
A VitePress container stays one.
:::
"""


def test_pymdownx_blocks_leave_their_titles_as_their_pages_show() -> None:
    """FastAPI writes its admonitions and tabs with pymdownx.blocks: 881 delimiter lines in 102 pages were text
    (`/// tip | Inspired FastAPI to`, `////`); its API reference's `::: fastapi.FastAPI` left `.FastAPI` and its
    options as text."""
    text = load("cors.md", PYMDOWNX_BLOCKS).sections[0].text
    assert text.split("\n\n")[:5] == [
        "Intro.", "Technical Details", "You could also use the zebracorn middleware.", "Warning",
        "Careful with credentials.",
    ]  # fmt: skip
    assert "Python 3.10+\n\n/// a comment in code stays\napp = FastAPI()" in text
    assert "Preview\n\nHidden narwhal text." in text and "open:" not in text
    assert "/// Returns, written in prose" in text
    # mkdocstrings: the object's name (its docstrings are not read), not its options
    assert "fastapi.middleware.cors.CORSMiddleware\n\nAfter the reference." in text and "members" not in text
    assert "Tip\n\nA VitePress container stays one." in text
    assert "\n///" not in text.replace("/// a comment", "").replace("/// Returns", "")


def test_material_for_mkdocs_markup_reads_as_its_pages_show() -> None:
    """Material's card grids start list items with an icon: taking the icon out left the item's text one column
    further, so its next paragraphs became code (`---`, `__bold__` shown as written on 12 pages). Keys, marks,
    inline code's language and definition lists read as they show."""
    text = load("index.md", MATERIAL_GRID).sections[0].text
    assert "Group plugin\nGroups plugins into logical units.\nMeta plugin\nManages metadata." in text
    assert "Press Ctrl+Alt+Del or Enter; this is marked, but a == b and x==y stay. Call range(3)." in text
    assert "default_lang\n\nThe default language.\n\nA second paragraph." in text
    assert "---" not in text and "__" not in text and ":material" not in text and ":   " not in text


def test_an_admonition_with_classes_before_its_title_shows_its_title_and_body() -> None:
    """Python-Markdown takes any classes after an admonition's kind (`!!! note annotate "Title"`, Material's
    annotations page): the line was shown as written and the body, indented, as code. Without a title in quotes,
    words after the kind may be a sentence, and stay."""
    doc = load(
        "annotations.md",
        b'# Annotations\n\n!!! note annotate "Phasellus zebracorn"\n\n    Lorem ipsum\n    dolor sit amet.\n\n'
        b"??? tip my-class inline end 'Side'\n\n    Aside.\n\n!!! Warning do not run this\n",
    )
    assert [section.text for section in doc.sections] == [
        "Phasellus zebracorn\n\nLorem ipsum dolor sit amet.\n\nSide\n\nAside.\n\n!!! Warning do not run this"
    ]


ATTRIBUTE_LISTS = b"""# Badges

| Kind | Badges |
| --- | --- |
| CI | [![CI - Test](t.svg){ loading=lazy .off-glb }](https://ci.io) [![Docs](d.svg){ loading=lazy }](https://d.io) |

![Zebracorn demo](demo.gif){ loading=lazy width=300 }

A paragraph with a card link [Start](start.md){: target=_blank }.

In prose {x=1} and { y=2 } and `{ loading=lazy }` stay as written, x_{ .5 } too.

### Navigation path <small>Breadcrumbs</small> { id=navigation-path }

> __Update__{ title="August 21, 2024" }: the maintainer spoke.

A line ends with {k=v}
"""


def test_attribute_lists_with_unquoted_values_leave_nothing(docs: Path, index_dir: Path) -> None:
    """Material's lazy images, `![Shot](a.gif){ loading=lazy }`: an attribute list with an unquoted value was
    taken for prose, and hatch's badges read `CI - Test{ loading=lazy .off-glb }` on 6 pages. After a link or
    an image, or as `{: ...}`, at a heading's end (Material's `### Navigation path { id=navigation-path }`) or
    after strong emphasis (`__Update__{ title="x" }`), it leaves nothing; braces elsewhere in prose stay."""
    write(docs, "docs/badges.md", ATTRIBUTE_LISTS)
    index(docs, index_dir)
    text = snapshot(index_dir).text("docs/badges.md") or ""
    assert "CI | CI - Test Docs\n" in text
    assert "Zebracorn demo\n" in text
    assert "with a card link Start." in text
    assert "In prose {x=1} and { y=2 } and { loading=lazy } stay as written, x_{ .5 } too." in text
    assert "\n\nNavigation path Breadcrumbs\n\nUpdate: the maintainer spoke.\n\nA line ends with {k=v}" in text
    assert document(index_dir, "docs/badges.md").headings[-1] == "Navigation path Breadcrumbs"
    assert text.count("loading") == 1 and "target" not in text and "width" not in text
    assert found(index_dir, "zebracorn") == ["docs/badges.md"]


MD_IN_HTML = b"""# Release

<figure markdown>
  ![Zebracorn test run](run.gif){ loading=lazy role="img" }
  <figcaption>The run in colour</figcaption>
</figure>

1. Select an interpreter:

     <figure markdown="span">
         ![Select interpreter](select.png)
     </figure>

2. Run the file.

<div class="result" markdown>
<div markdown>
**Nested** and [linked](x.md) narwhal words.
</div>

```html
<div markdown>
**kept as written**
</div>
```
</div>

<div markdown="0">
**raw stays raw**
</div>

<figure markdown>
  ![Roadmap](roadmap.png)
  <figcaption markdown>Our public [roadmap], *built* with it</figcaption>
</figure>

A paragraph with <span markdown>**inline**</span> stays one.

  [roadmap]: https://example.org/roadmap
"""


def test_html_elements_marked_markdown_read_their_content_as_markdown(docs: Path, index_dir: Path) -> None:
    """md_in_html: Material's `<figure markdown>` with its image right under the tag was raw HTML to CommonMark,
    so hatch's pages showed `![Testing Jinja example](release-hatch-1100/testing-jinja.gif){ loading=lazy ...}`
    as text; the content is Markdown (a caption's written on one line too: Material's blog showed "[roadmap]"), a
    figure inside a list item stays in it, code keeps its markup."""
    write(docs, "mkdocs.yml", b"site_name: Demo\nmarkdown_extensions:\n  - md_in_html\n")
    write(docs, "docs/release.md", MD_IN_HTML)
    index(docs, index_dir)
    text = snapshot(index_dir).text("docs/release.md") or ""
    assert "Zebracorn test run\n\nThe run in colour" in text
    assert "1. Select an interpreter:\nSelect interpreter\n2. Run the file." in text
    assert "Nested and linked narwhal words." in text
    assert "<div markdown>\n**kept as written**\n</div>" in text  # code
    assert "**raw stays raw**" in text
    assert "Roadmap\n\nOur public roadmap, built with it\n\nA paragraph with inline stays one." in text
    assert "](" not in text and "{ loading" not in text
    assert found(index_dir, "zebracorn") == ["docs/release.md"]


MATERIAL_SETTINGS = b"""# Built-in social plugin

#### <!-- md:setting config.cards_dir -->

<!-- md:version 8.5.0 -->
<!-- md:default `assets/images/social` -->

Where the zebracorn social cards are stored.

#### <!-- md:setting config.cards_layout_dir -->

<!-- md:version 9.7.0 -->
<!-- md:default none --> <!-- md:flag experimental -->

The path is resolved from the[
`layouts` directory][config.cards_layout_dir].

<!-- md:option palette.toggle.icon -->

:   <!-- md:default none --> <!-- md:flag required --> It must point to an icon.

<!-- md:sponsors --> <!-- md:unknown thing -->

<!-- md:default --> -- what conventions.md says of the badge
"""


def test_material_for_mkdocs_shortcodes_show_what_its_hook_makes_of_them(docs: Path, index_dir: Path) -> None:
    """Material's own docs title each setting `#### <!-- md:setting config.cards_dir -->`, with badges under it
    that its hook makes: read as comments, 182 headings showed nothing and no default value was said."""
    write(docs, "mkdocs.yml", b"site_name: Material\nmarkdown_extensions:\n  - attr_list\n  - def_list\n")
    write(docs, "docs/plugins/social.md", MATERIAL_SETTINGS)
    index(docs, index_dir)
    text = snapshot(index_dir).text("docs/plugins/social.md") or ""
    assert text == (
        "Built-in social plugin\n\ncards_dir\n\nMinimum version: 8.5.0 Default value: assets/images/social\n\n"
        "Where the zebracorn social cards are stored.\n\ncards_layout_dir\n\n"
        "Minimum version: 9.7.0 Default value is empty Experimental\n\n"
        "The path is resolved from the layouts directory.\n\nicon\n\n"
        "Default value is empty Required value It must point to an icon.\n\nSponsors only\n\n"
        "Default value -- what conventions.md says of the badge"
    )
    assert [passage.heading for passage in snapshot(index_dir).passages("docs/plugins/social.md")][-2:] == [
        "cards_dir",
        "cards_layout_dir",
    ]


MATERIAL_SPLIT_REFERENCES = b"""# Built-in blog plugin

#### <!-- md:setting config.post_url_format -->

The zebracorn categories are part of [`post_url_format`]
[config.post_url_format] and the post defines categories. Pages go to the
[`site` directory] [mkdocs.site_dir], as MkDocs writes them.

-   Posts are listed in the [`docs` directory]
    [mkdocs.docs_dir] of the project.
-   [x] [Projects plugin]
-   [ ] [Blog plugin]

A footnote[^1] [Projects plugin] stays one, as does [Blog plugin] [^1].

[^1]: The note.

Kept as written: `[a]
[b]` and

  [Projects plugin]: projects.md
  [Blog plugin]: https://example.com/blog

``` toml
[tool]
[tool.mypy]
```
"""


def test_a_reference_link_split_between_its_brackets_shows_its_text_as_mkdocs_does(docs: Path, index_dir: Path) -> None:
    """Python-Markdown reads `[shown]` and `[label]` apart by one space or a line break as one link: Material's
    plugin pages, wrapped at 80 columns, showed "[post_url_format] config.post_url_format" 28 times on 11 pages.
    A task list's box stays a box, a footnote's reference a footnote's, code as written."""
    write(docs, "mkdocs.yml", b"site_name: Material\nmarkdown_extensions:\n  - pymdownx.tasklist\n")
    write(docs, "docs/plugins/blog.md", MATERIAL_SPLIT_REFERENCES)
    index(docs, index_dir)
    text = snapshot(index_dir).text("docs/plugins/blog.md") or ""
    assert "The zebracorn categories are part of post_url_format and the post defines categories." in text
    assert "Pages go to the site directory, as MkDocs writes them." in text
    assert "Posts are listed in the docs directory of the project.\n[x] Projects plugin\n[ ] Blog plugin" in text
    assert "Kept as written: [a] [b] and" in text
    assert "A footnote[1] Projects plugin stays one, as does Blog plugin [1]." in text
    assert "[tool]\n[tool.mypy]" in text
    assert "config.post_url_format" not in text and "mkdocs." not in text
    assert found(index_dir, '"part of post_url_format and"') == ["docs/plugins/blog.md"]


def test_a_key_in_quotes_shows_its_label(docs: Path, index_dir: Path) -> None:
    """pymdownx.keys takes a label in quotes for a key of its own: hatch's VS Code how-to read
    `++"Python: Select Interpreter"++` as written."""
    write(
        docs,
        "docs/vscode.md",
        b'# Setup\n\nRun ++"Python: Select Interpreter"++, then ++ctrl+"Zebracorn \\"Run\\""++.\n',
    )
    index(docs, index_dir)
    text = snapshot(index_dir).text("docs/vscode.md") or ""
    assert 'Run Python: Select Interpreter, then Ctrl+Zebracorn "Run".' in text
    assert "++" not in text
    assert found(index_dir, '"select interpreter"') == ["docs/vscode.md"]


def test_an_abbreviations_definition_leaves_nothing() -> None:
    """Python-Markdown's abbr: `*[HTML]: ...` lines are no text of the page (it shows the word, the expansion on
    hover); Hatch appends its abbreviations to every page, which read them as a list of stray lines."""
    text = (
        b"# Build\n\nThe PEP 517 backend.\n\n*[PEP]: Python Enhancement Proposal\n  *[HTML]: Hyper Text\n\n"
        b"```\n*[kept]: in code\n```\n"
    )
    body = searchable(load("build.md", text))
    assert "The PEP 517 backend." in body and "*[kept]: in code" in body
    assert "Python Enhancement Proposal" not in body and "Hyper Text" not in body


@pytest.mark.parametrize("filename", ["pyproject.md", "routes.mdx"])
def test_obsidian_links_and_comments_in_a_code_span_are_code_as_written(filename: str) -> None:
    """Pages of every site lost what they wrote in code spans to Obsidian's syntax: `[[tool.mypy.overrides]]`
    (TOML's array of tables) read `tool.mypy.overrides`, Next.js's `[[...mdxPath]]` read `...mdxPath`, and
    `%%timeit` ... `%%bash` was taken for a comment, with the prose between them."""
    text = (
        b"# Config\n\nTOML wants `[[tool.mypy.overrides]]` tables; add `[[...mdxPath]]/page.jsx` too.\n\n"
        b"Run `%%timeit` in a cell and `%%bash` for zebracorn shells.\n\n"
        b"See [[Other page|the other page]]. %%a comment with `code` in it%% Done.\n"
    )
    body = searchable(load(filename, text))
    for kept in ("[[tool.mypy.overrides]]", "[[...mdxPath]]/page.jsx", "%%timeit in a cell and %%bash for zebracorn"):
        assert kept in body
    assert "See the other page.  Done." in body and "a comment" not in body


KRAMDOWN_EXAMPLES = b"""# Lists

## Table of contents
{: .no_toc .text-delta }

1. TOC
{:toc}

## Ordered list

<div class="code-example" markdown="1">
1. First zebracorn item
1. Second item

Wrap `<inline code>` in back ticks.
</div>
```markdown
1. First zebracorn item
1. Second item
```

## Button element

<div class="code-example">
<button type="button">Button element</button>
</div>
```html
<button type="button">Button element</button>
```

## Grid

<div class="grid cards" markdown>

-   __Set up in 5 minutes__
</div>

```md
1. TOC
{:toc}
```
"""


def test_kramdown_html_blocks_and_table_of_contents_read_as_the_site_shows_them() -> None:
    """Just the Docs shows each example as `<div class="code-example" markdown="1">` then, right under `</div>`,
    its Markdown source in a code block: read as CommonMark, the source's fence was swallowed by the HTML block and
    its closing fence opened a code block of the page's next heading and prose (7 of its pages); `<x>` in a code
    span under the tag was lost; and `1. TOC {:toc}`, kramdown's generated table of contents, was text on 12."""
    doc = load("lists.md", KRAMDOWN_EXAMPLES)
    assert [section.heading for section in doc.sections] == [
        "Lists", "Table of contents", "Ordered list", "Button element", "Grid",
    ]  # fmt: skip
    assert doc.sections[1].text == ""  # the generated table of contents
    # the list (numbered as it shows), the code span under the tag, then the example's source as code (its fence
    # and numbers kept)
    assert doc.sections[2].text == (
        "1. First zebracorn item\n2. Second item\n\nWrap <inline code> in back ticks.\n\n"
        "1. First zebracorn item\n1. Second item"
    )
    assert doc.sections[3].text == 'Button element\n\n<button type="button">Button element</button>'
    assert doc.sections[4].text == "Set up in 5 minutes\n\n1. TOC\n{:toc}"  # in code, as written


JEKYLL_MIGRATION = b"""---
title: Migration and Upgrading
---

# Migrating and Upgrading

If you use a remote theme, see the [CHANGELOG] or the [configuration]({% link docs/configuration.md %})
and [the release post]({% post_url 2024-01-02-zebracorn-release %}).

{::options toc_levels="2..4" /}
{::comment}A note for the theme's authors{:/comment}

[CHANGELOG]: {% link CHANGELOG.md %}

```liquid
[Kept]: {% link kept.md %}
```
"""


def test_jekyll_link_tags_keep_links_and_kramdown_options_leave_nothing(docs: Path, index_dir: Path) -> None:
    """Just the Docs' migration guide defines `[CHANGELOG]: {% link CHANGELOG.md %}`: with the tag taken out, the
    definition was no definition, and the page read `see the [CHANGELOG].` and `[CHANGELOG]:` as text, and
    `{::options toc_levels="2..4" /}`, a kramdown setting, as a paragraph. The site shows links and no setting."""
    write(docs, "_config.yml", b"title: Just the Docs\npermalink: pretty\n")
    write(docs, "MIGRATION.md", JEKYLL_MIGRATION)
    write(docs, "CHANGELOG.md", b"---\ntitle: CHANGELOG\n---\n\nChanges.\n")
    index(docs, index_dir)
    text = snapshot(index_dir).text("MIGRATION.md") or ""
    assert "see the CHANGELOG or the configuration and the release post.\n\n[Kept]" in text
    assert "[CHANGELOG]" not in text and "{::" not in text and "toc_levels" not in text and "authors" not in text
    assert "[Kept]: {% link kept.md %}" in text  # code, as written
    assert found(index_dir, "zebracorn") == []  # a post's name in a link's target is no text of the page


def test_a_kramdown_comment_over_lines_leaves_nothing_but_one_never_closed_hides_nothing() -> None:
    """kramdown's comment is written over lines, as its own documentation writes it (`{::comment}`, the text, then
    `{:/comment}`): only the one-line form left nothing, and this one read as "{::comment} This hidden ...
    {:/comment}"."""
    page = (
        b"# Notes\n\nBefore zebracorn.\n\n{::comment}\nThis hidden sentinel is for the theme's authors.\n\n"
        b"Still hidden.\n{:/comment}\n\nMiddle.\n\n{::comment}\nShort form closed.\n{:/}\n\n"
        b"```\n{::comment}\nin code\n```\n\n{::comment}\nNever closed: shown.\n"
    )
    assert load("notes.md", page).sections[0].text == (
        "Before zebracorn.\n\nMiddle.\n\n{::comment}\nin code\n\n{::comment} Never closed: shown."
    )


SHIKI = b"""# Mocking

```ts twoslash
// @errors: 2769
// @filename: setup.ts
export const hidden = 1
// ---cut---
import { vi } from 'vitest'
const mod = await importOriginal()
//    ^?
// @ts-expect-error kept
vi.mock('./zebracorn.js') // [!code ++]
vi.mock('./old.js') // [!code --]
// [!code focus:2]
const url = 'http://example.com' // [!code highlight]
total(1, 2) // the sum [!code word:total]
// ---cut-start---
const setup = true
// ---cut-end---
```

```yaml
key: value # [!code error]
```

```html
<p>Narwhal</p> <!-- [!code warning] -->
```

```ts
// @errors: 2769
// ---cut---
const notTwoslash = '[!code ++]'
```
"""


def test_shiki_notation_comments_and_twoslash_lines_are_not_shown(docs: Path, index_dir: Path) -> None:
    """Vitest's pages read `vi.mock(...) // [!code ++]` (311 notation comments on 24 pages) and kept Twoslash's
    `// ---cut---`, `//    ^?` and `// @errors: 2769` lines, which VitePress's Shiki never shows: a notation
    comment leaves the code before it (a `--` line of a diff too), a Twoslash block hides what its cuts hide;
    `// @filename:` and other comments stay, and a block not marked twoslash keeps every line."""
    write(docs, ".vitepress/config.ts", b"export default {}\n")
    write(docs, "guide/mocking.md", SHIKI)
    index(docs, index_dir)
    text = snapshot(index_dir).text("guide/mocking.md") or ""
    assert (
        "import { vi } from 'vitest'\nconst mod = await importOriginal()\n"
        "// @ts-expect-error kept\nvi.mock('./zebracorn.js')\nvi.mock('./old.js')\n"
        "const url = 'http://example.com'\ntotal(1, 2) // the sum\n\nkey: value\n\n<p>Narwhal</p>\n\n"
        "// @errors: 2769\n// ---cut---\nconst notTwoslash = '[!code ++]'"
    ) in text
    assert text.count("[!code") == 1 and "hidden" not in text and "setup" not in text and "^?" not in text
    assert found(index_dir, "zebracorn") == ["guide/mocking.md"]


VITEPRESS_HOME = b"""---
layout: home
title: Zebracorn
titleTemplate: The intuitive store
hero:
  name: Zebracorn
  text: The intuitive store for Vue.js
  tagline: Type Safe, Extensible, and <b>Modular</b> by design.<br>Forget you are even using a store.
  actions:
    - theme: brand
      text: Get Started
      link: /introduction
features:
  - title: Devtools support
    details: Hooks into Vue devtools &amp; gives you a narwhal experience.
    link: /devtools
  - icon: x
---

<script setup>
import HomeSponsors from './.vitepress/theme/components/HomeSponsors.vue'
</script>

<HomeSponsors />
"""


def test_a_starlight_hero_shows_its_title_and_tagline(docs: Path, index_dir: Path) -> None:
    """Tauri's home page (Starlight's splash template) says "Create small, fast, secure, cross-platform
    applications" in its hero's tagline, above the page's Markdown: the index had only its description."""
    write(docs, "astro.config.mjs", b"export default { integrations: [starlight({ title: 'x' })] };\n")
    write(
        docs,
        "src/content/docs/index.mdx",
        b"---\ntitle: Tauri 2.0\ndescription: The app toolkit\ntemplate: splash\nhero:\n  title: Zebracorn Docs\n"
        b"  tagline: Create small, fast <b>cross-platform</b> applications\n  actions:\n    - text: Get Started\n"
        b"      link: /start/\n---\n\n## Create a Project\n\nRun the command.\n",
    )
    index(docs, index_dir)
    assert document(index_dir, "src/content/docs/index.mdx").title == "Tauri 2.0"
    assert snapshot(index_dir).text("src/content/docs/index.mdx") == (
        "The app toolkit\n\nZebracorn Docs\n\nCreate small, fast cross-platform applications\n\nCreate a Project\n\n"
        "Run the command."
    )


def test_a_vitepress_home_page_shows_its_hero_and_features(docs: Path, index_dir: Path) -> None:
    """Vue Router's and Pinia's home pages hold their text in the front matter's hero and features, which
    VitePress's home layout shows: the pages were skipped as `no text`. They read as the page shows them (tags
    out, entities read); front matter of the same shape on another layout shows nothing."""
    write(docs, ".vitepress/config.ts", b"export default {}\n")
    write(docs, "index.md", VITEPRESS_HOME)
    write(docs, "guide.md", b"---\nhero:\n  name: Gryphonbeak\nfeatures:\n  - title: x\n---\n# Guide\n\nText.\n")
    write(docs, "plain.md", b"---\nlayout: home\n---\n\n<Home />\n")
    report = index(docs, index_dir)
    assert document(index_dir, "index.md").title == "Zebracorn"
    assert snapshot(index_dir).text("index.md") == (
        "Zebracorn\n\nThe intuitive store for Vue.js\n\nType Safe, Extensible, and Modular by design. Forget you are"
        " even using a store.\n\nDevtools support\n\nHooks into Vue devtools & gives you a narwhal experience."
    )
    assert found(index_dir, "narwhal") == ["index.md"] and found(index_dir, "gryphonbeak") == []
    assert skipped(report) == {"plain.md": "no text"}


NEXTRA_TABS = b"""import { Tabs } from 'nextra/components'

# Search

Add a `postbuild` script to your `package.json`:

<Tabs items={['Server builds', "Static \\"exports\\""]}>
  <Tabs.Tab>
    ```json filename="package.json"
    "postbuild": "pagefind --site .next/server/app --output-path public/_pagefind"
    ```
  </Tabs.Tab>
  <Tabs.Tab>
    Outer zebracorn text.

    <Tabs items={[
      'Inner one',
      `Inner two`,
    ]}>
      <Tab>
        Inner narwhal text.
      </Tab>
      <Tab>
        Second inner text.
      </Tab>
    </Tabs>
  </Tabs.Tab>
  <Tabs.Tab>Third tab without an item.</Tabs.Tab>
</Tabs>

<Tabs items={managers}>
  <Tabs.Tab>Computed tab text.</Tabs.Tab>
</Tabs>

<Tabs items={['npm', 'pnpm']}>
  <Tab value="pnpm">Fumadocs pnpm text.</Tab>
  <Tab title="Own title">Titled tab text.</Tab>
</Tabs>
"""


def test_nextra_tabs_show_the_label_their_items_give_each_tab() -> None:
    """Nextra's `<Tabs items={['Server builds', 'Static exports']}>` labels its `<Tabs.Tab>` children by position:
    nextra.site's search page showed two package.json blocks with nothing saying which build each is for. Each
    label now stands above its tab's content (nested tabs have their own, Fumadocs' `<Tab value>` its value);
    a tab past the items, or of tabs whose items are computed, shows none, and a tab's own title is kept once."""
    body = searchable(load("page.mdx", NEXTRA_TABS))
    assert (
        "package.json:\n\nServer builds\n\npackage.json\n"
        '"postbuild": "pagefind --site .next/server/app --output-path public/_pagefind"\n\n'
        'Static "exports"\n\nOuter zebracorn text.\n\nInner one\n\nInner narwhal text.\n\n'
        "Inner two\n\nSecond inner text.\n\nThird tab without an item.\n\nComputed tab text.\n\n"
        "pnpm Fumadocs pnpm text. Own title Titled tab text."
    ) in body
    assert "items" not in body and "Tab" not in body.replace("tab", "")


def test_a_character_past_the_basic_plane_written_as_a_surrogate_pair_is_that_character() -> None:
    """JavaScript strings are UTF-16: `'\\uD83D\\uDE80'` is one character, the rocket, as tools that write
    ASCII alone escape it. Prose and a tab's label lost it, each half of the pair dropped on its own."""
    text = (
        b"# Launch\n\nReady {'\\uD83D\\uDE80'} zebracorn.\n\n<div>\n\n{'Caf\\u00e9 \\u{1F680} it\\'s'}\n\n</div>\n\n"
        b"<Tabs items={['\\uD83D\\uDC0D Python', 'caf\\u00e9']}>\n  <Tabs.Tab>\n    Snake text.\n  </Tabs.Tab>\n"
        b"  <Tabs.Tab>\n    Cup text.\n  </Tabs.Tab>\n</Tabs>\n"
    )
    body = searchable(load("launch.mdx", text))
    assert "Ready \U0001f680 zebracorn." in body
    assert "Caf\u00e9 \U0001f680 it's" in body  # a string alone on its line
    assert "\U0001f40d Python\n\nSnake text.\n\ncaf\u00e9\n\nCup text." in body


def test_inline_code_shows_its_code_without_a_rehype_pretty_code_language() -> None:
    """Nextra's pages write `search: false{:js}` (34 times on 7 pages of nextra.site), which rehype-pretty-code
    shows as `search: false` highlighted as JavaScript: the text read "search: false{:js}". A language or theme
    token at a code span's end goes, an escaped one shows unescaped; elsewhere, and in code blocks, it stays."""
    text = (
        b"# Inline\n\nSet `search: false{:js}` and `{ renderer: 'katex' }{:js}`,"
        b" call `getData{:.entity.name.function}`, write `` `zebracorn`{:ts} ``.\n\n"
        b"Escaped `x\\{:js}`, empty `{:}`, inner `a{:js} b`, alone `{:js}`.\n\n"
        b"```md\nInlined `let x = 1{:jsx}` in a block.\n```\n"
    )
    body = searchable(load("inline.mdx", text))
    assert "Set search: false and { renderer: 'katex' }, call getData, write `zebracorn`." in body
    assert "Escaped x{:js}, empty {:}, inner a{:js} b, alone {:js}." in body
    assert "Inlined `let x = 1{:jsx}` in a block." in body


def test_an_mdx_export_ends_where_its_javascript_does_not_at_a_blank_line_in_it() -> None:
    """nextra.site's syntax highlighting page exports a function whose template literal holds blank lines: MDX
    reads the statement on to the blank line where it is whole, but the text was cut at the first and read
    "${rawAnsi} `) return }". An export that never closes still ends at its first blank line."""
    text = (
        b"# Highlighting\n\nYou can highlight ANSI escape codes:\n\n<ANSI />\n\n"
        b"export async function ANSI() {\n  const raw = `\\`\\`\\`ansi\n[0;32m ok\n\\`\\`\\``\n"
        b"  const js = await compileMdx(`~~~md\n${raw}\n~~~\n\nRenders:\n\n${raw}\n`)\n\n"
        b"  // a comment with a brace {\n  return <MDXRemote compiledSource={js} />\n}\n\n"
        b"## Supported languages\n\nCheck the zebracorn list.\n\n"
        b"export const broken = {\n\nThe narwhal text after it.\n"
    )
    doc = load("page.mdx", text)
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Highlighting", "You can highlight ANSI escape codes:"),
        ("Supported languages", "Check the zebracorn list.\n\nThe narwhal text after it."),
    ]


def test_a_jsx_comment_over_several_blocks_shows_nothing() -> None:
    """Nextra's blog theme page comments out a whole old section, a heading and a code block among blank lines:
    it read as if it were current."""
    text = (
        b'# Start\n\nIntro.\n\n{/*\n## Create Blog Theme Config\n\n```jsx filename="theme.config.jsx"\n'
        b"export default { footer: 'narwhal' }\n```\n*/}\n\nAfter.\n\n```mdx\n{/* kept in code\n```\n\n"
        b"{/* never closed\n\nStill prose.\n"
    )
    body = searchable(load("start.mdx", text))
    assert "Intro." in body and "After." in body and "{/* kept in code" in body
    assert "Create Blog Theme Config" not in body and "narwhal" not in body
    assert "Still prose." in body  # a comment never closed is no comment: nothing is lost


VITEPRESS_ATTRS = """# 在组件外使用 store %{#using-a-store-outside-of-a-component}%

Zebracorn text **bold**%{.red}% and `code %{#kept}%` stays.

## 单页面应用 %{ #single-page-applications .wide data-x="a b" }%

```apache
RewriteCond %{REQUEST_FILENAME} !-f
```
"""


@pytest.mark.parametrize("keys", [("leftDelimiter", "rightDelimiter"), ("left", "right")])
def test_vitepress_attribute_blocks_of_the_delimiters_its_config_sets_are_taken_out(
    docs: Path, index_dir: Path, keys: tuple[str, str]
) -> None:
    """Pinia (`attrs: { leftDelimiter: '%{', rightDelimiter: '}%' }`, VitePress 1) and Vue Router (`left`, `right`,
    VitePress 2) write their Chinese pages' anchors so: about 70 pages had titles and headings such as `在组件外使用
    store %{#using-a-store-outside-of-a-component}%`. They leave nothing, as markdown-it-attrs takes them, but in
    code; the config (config/index.ts spreading a shared module) is the pages' setting: when it changes, they are
    read again."""
    write(docs, ".vitepress/config/index.ts", b"import { shared } from './shared'\nexport default { ...shared }\n")
    write(docs, ".vitepress/config/shared.ts", b"export const shared = { markdown: { lineNumbers: true } }\n")
    write(docs, "zh/outside.md", VITEPRESS_ATTRS)
    index(docs, index_dir)
    assert document(index_dir, "zh/outside.md").title.endswith("%{#using-a-store-outside-of-a-component}%")
    attrs = f"{{ {keys[0]}: '%{{', {keys[1]}: '}}%' }}"
    write(docs, ".vitepress/config/shared.ts", f"export const shared = {{ markdown: {{ attrs: {attrs} }} }}\n")
    report = index(docs, index_dir)
    assert report.updated == 1
    assert document(index_dir, "zh/outside.md").title == "在组件外使用 store"
    assert snapshot(index_dir).text("zh/outside.md") == (
        "在组件外使用 store\n\nZebracorn text bold and code %{#kept}% stays.\n\n单页面应用\n\n"
        "RewriteCond %{REQUEST_FILENAME} !-f"
    )
