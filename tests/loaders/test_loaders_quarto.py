"""Quarto sites read as quarto.org's pages show them: shortcodes' values, raw blocks, conditional content, titles.
Each folder copies the shape of the quarto-web page where the defect was found."""

from __future__ import annotations

import json
from pathlib import Path

from support.folders import document, index, snapshot, write

PUBLISH_COMMAND = """## Publish Command

Execute the `quarto publish` command for {{< meta provider.name >}}:

```{.bash filename="Terminal"}
quarto publish {{< meta provider.id>}}
```
"""

NETLIFY = """---
title: "Netlify"
author: [Ann]
provider:
  id: netlify
  name: Netlify
---

{{< include _publish-command.md >}}

Quarto {{< var version >}} needs RStudio {{< var rstudio.min_version >}} or later. Save with {{< kbd Ctrl-S >}},
preview with {{< kbd mac=Command-Shift-K win=Ctrl+Shift+K linux=Ctrl+Shift+K >}}. The first author is
{{< meta author.1 >}}; a key nothing defines shows nothing: [{{< meta provider.missing >}}].
"""


def quarto_site(docs: Path) -> None:
    write(docs, "_quarto.yml", "project:\n  type: website\nprofile:\n  group:\n    - [prerelease, rc]\n")
    write(docs, "_quarto-prerelease.yml", "prerelease-title: Pre-release\n")
    write(docs, "_quarto-rc.yml", "prerelease-title: Release Candidate\n")
    write(docs, "_variables.yml", "version: '1.2'\nrstudio:\n  min_version: v2022.07\n")


def text_of(index_dir: Path, doc_id: str) -> str:
    text = snapshot(index_dir).text(doc_id)
    assert text is not None, f"{doc_id} is not in the index"
    return text


def test_meta_var_and_kbd_shortcodes_show_their_values(docs: Path, index_dir: Path) -> None:
    """quarto.org's Netlify page read "execute the quarto publish command for :" and "quarto publish " (its
    include, _publish-command.md, names the page's provider); every meta, var and kbd shortcode was empty."""
    quarto_site(docs)
    write(docs, "docs/publishing/_publish-command.md", PUBLISH_COMMAND)
    write(docs, "docs/publishing/netlify.qmd", NETLIFY)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/publishing/netlify.qmd") == (
        "Publish Command\n\nExecute the quarto publish command for Netlify:\n\nTerminal\nquarto publish netlify\n\n"
        "Quarto 1.2 needs RStudio v2022.07 or later. Save with Ctrl-S, preview with Command-Shift-K / Ctrl+Shift+K."
        " The first author is Ann; a key nothing defines shows nothing: []."
    )


def test_meta_reads_the_folders_metadata_then_the_project_and_its_default_profile(docs: Path, index_dir: Path) -> None:
    """The VS Code pages take `tool.name` from docs/tools/vscode/_metadata.yml; the pre-release page's title
    from _quarto-prerelease.yml, the first profile of its group, which `quarto render` uses by default."""
    quarto_site(docs)
    write(docs, "docs/tools/_metadata.yml", "tool:\n  name: Generic\n  prefix: tools\n")
    write(docs, "docs/tools/vscode/_metadata.yml", "tool:\n  name: VS Code\n  is_vscode: true\n")
    page = "Open it within {{< meta tool.name >}} ({{< meta tool.prefix >}}), {{< meta prerelease-title >}}.\n"
    write(docs, "docs/tools/vscode/index.qmd", "---\ntitle: VS Code\n---\n\n" + page)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/tools/vscode/index.qmd") == "Open it within VS Code (tools), Pre-release."
    write(docs, "docs/tools/vscode/_metadata.yml", "tool:\n  name: Visual Studio Code\n")
    assert index(docs, index_dir).updated == 1
    assert text_of(index_dir, "docs/tools/vscode/index.qmd") == (
        "Open it within Visual Studio Code (tools), Pre-release."
    )


VARIABLES = """---
title: "Variables"
---

For example, the following prints the `title` from document metadata:

``` {.markdown shortcodes="false"}
{{< meta title >}}
```

The `{{{< meta >}}}` syntax used here is an example of a shortcode, {{< meta title >}}.

1.  Escape the shortcode reference with extra braces like this:

    ``` {.default shortcodes="false"}
    {{{< var version >}}}
    ```
"""


def test_escaped_shortcodes_and_code_without_shortcodes_show_as_written(docs: Path, index_dir: Path) -> None:
    """quarto.org's page on variables shows its examples in blocks with `shortcodes="false"`: they were empty."""
    quarto_site(docs)
    write(docs, "docs/authoring/variables.qmd", VARIABLES)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/authoring/variables.qmd") == (
        "For example, the following prints the title from document metadata:\n\n{{< meta title >}}\n\n"
        "The {{< meta >}} syntax used here is an example of a shortcode, Variables.\n\n"
        "1. Escape the shortcode reference with extra braces like this:\n{{{< var version >}}}"
    )


RENDER_OPTIONS = """Render files or projects to various document types.

## Options

```{=html}
<table>
 <thead>
  <tr>
   <th style="text-align:left;"> Flags </th>
   <th style="text-align:left;"> Description </th>
  </tr>
 </thead>
<tbody>
  <tr>
   <td style="text-align:left;"> <code>-t</code>, <code>--to</code> </td>
   <td style="text-align:left;"> Specify output format(s). </td>
  </tr>
</tbody>
</table>
```
"""

HOME = """---
pagetitle: "Quarto"
---

```{=html}
<script src="js/lottie.min.js" defer></script>
<div id="lottie-light"></div>
<script>
  lottie.loadAnimation({container: document.getElementById('lottie-light')});
</script>
```

- ```{=html}
  <b>Listed</b> zebracorn
  ```

```{=latex}
\\newpage
```

```{=typst}
#set page(numbering: none)
```

Download `<i class="bi"></i>`{=html} the `<b>*PDF*</b>`{=html}`\\textrm{x}`{=latex} file; `<b>code</b>` stays.
"""


def test_raw_html_blocks_show_their_text_and_other_formats_nothing(docs: Path, index_dir: Path) -> None:
    """quarto.org's CLI pages (`{{< include includes/_render.md >}}`) held their options tables as literal HTML,
    and its home page the JavaScript of its animation; its LaTeX and Typst blocks, which no HTML page shows,
    were text too."""
    quarto_site(docs)
    write(docs, "docs/cli/includes/_render.md", RENDER_OPTIONS)
    write(docs, "docs/cli/render.qmd", "---\ntitle: 'render'\n---\n\n{{< include includes/_render.md >}}\n")
    write(docs, "index.qmd", HOME)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/cli/render.qmd") == (
        "Render files or projects to various document types.\n\nOptions\n\n"
        "Flags | Description\n-t, --to | Specify output format(s)."
    )
    assert text_of(index_dir, "index.qmd") == "Listed zebracorn\n\nDownload  the *PDF* file; <b>code</b> stays."


def test_titles_read_as_quarto_shows_them(docs: Path, index_dir: Path) -> None:
    """quarto.org's gallery, whose front matter gives a `pagetitle` but no `title`, was titled "Index" (its file
    name); the home page's title kept its markup (`Welcome to Quarto^[®]{.trademark}^`), others their backquotes
    and shortcodes (`{{< meta prerelease-title >}} Builds`)."""
    quarto_site(docs)
    write(docs, "docs/gallery/index.qmd", '---\npagetitle: "Gallery"\n---\n\n::: {#gallery}\n:::\n\nOur zebracorn.\n')
    home = "---\npagetitle: Quarto\n---\n\n# Welcome to Quarto^&ZeroWidthSpace;[®]{.trademark}^ {.mt-1}\n\nHello.\n"
    write(docs, "index.qmd", home)
    write(docs, "docs/authoring/contents.qmd", "---\ntitle: '`contents`: Rearrange content'\n---\n\nText.\n")
    write(docs, "docs/download/prerelease.qmd", '---\ntitle: "{{< meta prerelease-title >}} Builds"\n---\n\nText.\n')
    write(docs, "docs/notitle.qmd", "The 1^st^ page, with a footnote[^1].\n\n[^1]: The note.\n")
    index(docs, index_dir)
    titles = {doc.id: doc.title for doc in snapshot(index_dir).list_documents(limit=100)}
    assert titles == {
        "docs/gallery/index.qmd": "Gallery",
        "index.qmd": "Quarto",
        "docs/authoring/contents.qmd": "contents: Rearrange content",
        "docs/download/prerelease.qmd": "Pre-release Builds",
        "docs/notitle.qmd": "Notitle",
    }
    assert document(index_dir, "index.qmd").headings == ("Welcome to Quarto®",)
    assert text_of(index_dir, "docs/notitle.qmd") == "The 1st page, with a footnote[1].\n\n[1] The note."


def test_a_subtitle_shows_under_the_title_as_quarto_shows_it(docs: Path, index_dir: Path) -> None:
    """quarto.org's Get Started and Guide pages say what they are in their `subtitle`, which Quarto's title block
    shows under the title: the text had none of it, and the Guide page (a listing) was skipped as no text."""
    quarto_site(docs)
    write(
        docs,
        "docs/get-started/index.qmd",
        '---\ntitle: "Get Started"\nsubtitle: "Install Quarto, then check out the tutorials."\n---\n\n'
        "## Step 1\n\nInstall zebracorn.\n",
    )
    write(
        docs,
        "docs/guide/index.qmd",
        "---\ntitle: Guide\nsubtitle: Comprehensive guide to using Quarto {{< var version >}}, see the "
        "[tutorials](/docs/get-started/index.qmd).\nlisting:\n  id: guide-links\n---\n\n"
        "::: {#guide-links .column-screen-inset-right}\n:::\n",
    )
    index(docs, index_dir)
    assert text_of(index_dir, "docs/get-started/index.qmd") == (
        "Install Quarto, then check out the tutorials.\n\nStep 1\n\nInstall zebracorn."
    )
    assert text_of(index_dir, "docs/guide/index.qmd") == "Comprehensive guide to using Quarto 1.2, see the tutorials."


HTML_OPTIONS = [
    {"name": "toc", "title": "Table of Contents", "options": [
        {"name": "toc-depth", "description": "Number of\nsection levels to include | in the zebracorn TOC."},
    ]},
    {"name": "execute", "title": "Execution", "description": "Options for [code](/docs/x.qmd) execution.",
     "options": [{"name": "eval", "description": "Evaluate code cells"}, {"description": "no name: no row"}]},
]  # fmt: skip


def test_the_reference_pages_show_the_option_tables_their_filter_writes(docs: Path, index_dir: Path) -> None:
    """quarto.org's reference pages are written by its filter reference.lua from a JSON file beside each page:
    `formats/html.qmd` showed two lines, none of the options (`toc-depth`) a reader looks up; a project page's
    `::: {#table-website}` div was empty. A page the filter does not run on keeps its JSON to itself."""
    quarto_site(docs)
    write(docs, "docs/reference/_metadata.yml", "filters:\n  - reference.lua\nsearch: false\n")
    write(docs, "docs/reference/formats/html.qmd", '---\ntitle: "HTML Options"\n---\n\nHTML is a markup language.\n')
    write(docs, "docs/reference/formats/html.json", json.dumps(HTML_OPTIONS))
    write(
        docs,
        "docs/reference/projects/websites.qmd",
        "---\ntitle: Website Options\n---\n\nAll options.\n\n::: {#table-website}\n:::\n\nAfter the table.\n",
    )
    write(docs, "docs/reference/projects/website.json", json.dumps([{"name": "site-url", "description": "Base URL"}]))
    write(docs, "docs/reference/index.qmd", "---\ntitle: Reference\n---\n\nEvery option, by format.\n")  # no JSON
    write(docs, "docs/data/penguins.qmd", "---\ntitle: Penguins\n---\n\nThe data.\n")
    write(docs, "docs/data/penguins.json", json.dumps(HTML_OPTIONS))
    report = index(docs, index_dir)
    assert report.warnings == () and text_of(index_dir, "docs/reference/index.qmd") == "Every option, by format."
    assert text_of(index_dir, "docs/reference/formats/html.qmd") == (
        "HTML is a markup language.\n\nTable of Contents\n\nOption | Description\n"
        "toc-depth | Number of section levels to include | in the zebracorn TOC.\n\n"
        "Execution\n\nOptions for code execution.\n\nOption | Description\neval | Evaluate code cells"
    )
    assert document(index_dir, "docs/reference/formats/html.qmd").headings == ("Table of Contents", "Execution")
    assert text_of(index_dir, "docs/reference/projects/websites.qmd") == (
        "All options.\n\nOption | Description\nsite-url | Base URL\n\nAfter the table."
    )
    assert text_of(index_dir, "docs/data/penguins.qmd") == "The data."
    write(docs, "docs/reference/formats/html.json", json.dumps(HTML_OPTIONS[1:]))
    index(docs, index_dir)
    assert "zebracorn" not in text_of(index_dir, "docs/reference/formats/html.qmd")


def test_content_of_the_hidden_class_shows_nothing(docs: Path, index_dir: Path) -> None:
    """Quarto's pages hide a div or span of class `.hidden` (its documented way to define TeX macros for MathJax;
    quarto.org's download button holds a hidden "Find your operating system" that a script shows): the macros and
    that sentence were text."""
    quarto_site(docs)
    write(
        docs,
        "docs/math.qmd",
        "---\ntitle: Math\n---\n\n::: {.hidden}\n$$\n \\def\\RR{{\\bf R}}\n$$\n:::\n\n"
        "The reals $\\RR$ of zebracorn.[Find your system]{#download-text .hidden .download-text}\n\n"
        "::: {.hiddenish}\nShown.\n:::\n",
    )
    index(docs, index_dir)
    assert text_of(index_dir, "docs/math.qmd") == "The reals $\\RR$ of zebracorn.\n\nShown."


ANNOTATED = """---
title: Code Annotation
---

```r
penguins |>                                      # <1>
  mutate(bill_ratio = bill_depth_mm / bill_length_mm) # <2>
```

1. Take `penguins`, and then,
2. add the zebracorn ratio.

```{.python .pymd}
//| output: false # <1>
data = FileAttachment("penguins.csv") # <2>
```

1. Intermediate computations only.

```js
fetch(url) // <1>
```

Not a list, so kept.

```` markdown
```r
penguins |>  # <1>
```
````

1. A Markdown block keeps the R comment it shows.
"""


def test_code_annotations_show_their_code_without_the_markers(docs: Path, index_dir: Path) -> None:
    """Quarto shows an annotated line (`penguins |>  # <1>`, an ordered list after its block) without the comment,
    a circled number in its place: quarto.org's annotated examples read `# <2>` at their lines' ends."""
    quarto_site(docs)
    write(docs, "docs/authoring/code-annotation.qmd", ANNOTATED)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/authoring/code-annotation.qmd") == (
        "penguins |>\n  mutate(bill_ratio = bill_depth_mm / bill_length_mm)\n\n"
        "1. Take penguins, and then,\n2. add the zebracorn ratio.\n\n"
        '//| output: false\ndata = FileAttachment("penguins.csv")\n\n1. Intermediate computations only.\n\n'
        "fetch(url) // <1>\n\nNot a list, so kept.\n\n```r\npenguins |>  # <1>\n```\n\n"
        "1. A Markdown block keeps the R comment it shows."
    )


RENDER_SECTION = """## Render

::: {.content-visible when-meta="tool.is_vscode"}
Use the Quarto: Preview command in VS Code.
:::

::: {.content-visible when-meta="tool.is_positron"}
Positron's Preview button.

::: callout-tip
Nested in the hidden div.
:::
:::

::: {.content-hidden unless-meta="tool.is_vscode"}
Shown where is_vscode is true.
:::

Open it [in a pane]{.content-hidden unless-meta="tool.is_vscode"}[in a viewer]{
  .content-hidden unless-meta="tool.is_positron"} within {{< meta tool.name >}}.

::: {.content-visible when-format="pdf"}
PDF only.
:::

::: {.content-hidden when-format="html"}
Not on HTML.
:::

::: {.content-visible unless-format="html"}
Neither on HTML.
:::

::: {.content-visible when-format="html" unless-format="revealjs"}
On the website.
:::

```{.python .content-visible when-format="pdf"}
print("pdf only")
```

::: {.content-visible when-profile="advanced"}
Kept whatever the profile.
:::

::: {.content-visible when-meta="tool.is_positron"}
A div never closed hides nothing.
"""


def test_conditional_content_shows_as_the_html_page_shows_it(docs: Path, index_dir: Path) -> None:
    """quarto.org's get-started and tool pages share their text through includes and show each tool its own
    parts (`when-meta="tool.is_vscode"` from the folder's _metadata.yml); every tool's and the PDF's were
    indexed on every page."""
    quarto_site(docs)
    write(docs, "docs/tools/_render.md", RENDER_SECTION)
    write(docs, "docs/tools/vscode/_metadata.yml", "tool:\n  name: VS Code\n  is_vscode: true\n")
    write(docs, "docs/tools/vscode/index.qmd", "---\ntitle: VS Code\n---\n\n{{< include ../_render.md >}}\n")
    index(docs, index_dir)
    assert text_of(index_dir, "docs/tools/vscode/index.qmd") == (
        "Render\n\nUse the Quarto: Preview command in VS Code.\n\nShown where is_vscode is true.\n\n"
        "Open it in a pane within VS Code.\n\nOn the website.\n\nKept whatever the profile.\n\n"
        "A div never closed hides nothing."
    )


SCRIPT_EXAMPLE = """For example, here is a Python script:

``` {.python filename="script.py"}
# %%
#| echo: false
import pandas as pd
```

```{python}
#| echo: false
hidden_setup()
```

```{r}
#| label: fig-zebra
plot(zebracorn)
```
"""


def test_a_code_block_quarto_only_shows_keeps_its_option_lines(docs: Path, index_dir: Path) -> None:
    """quarto.org's page on scripts shows one with `#| echo: false` in a ```` ``` {.python} ```` block, which
    Quarto shows and never runs: it was taken for a chunk, and the whole example was left out."""
    quarto_site(docs)
    write(docs, "docs/computations/render-scripts.qmd", "---\ntitle: Scripts\n---\n\n" + SCRIPT_EXAMPLE)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/computations/render-scripts.qmd") == (
        "For example, here is a Python script:\n\nscript.py\n# %%\n#| echo: false\nimport pandas as pd\n\n"
        "plot(zebracorn)"
    )


VIRTUAL_ENVIRONMENTS = """To use the environment you need to activate it:

+---------------+-----------------------------------------+
| Shell         | Command                                 |
+===============+=========================================+
| Mac/Linux     | ```{.bash filename="Terminal"}          |
|               | source env/bin/activate                 |
|               | ```                                     |
+---------------+-----------------------------------------+
| Windows\\      | ```{.powershell filename="Terminal"}    |
| (Command)     | env\\Scripts\\activate.bat                |
|               | ```                                     |
+---------------+-----------------------------------------+
| `collapse`    | The number of sections to show. Defaults to 2.\\ |
|               |                                         |
|               | ![](images/collapse.png){.border fig-alt="x"} |
|               | - one \\| two                            |
+---------------+-----------------------------------------+

```markdown
+---+---+
| a | b |
+---+---+
```
"""


def test_grid_tables_read_as_rows(docs: Path, index_dir: Path) -> None:
    """quarto.org's page on virtual environments gives its commands in grid tables, which ran into one line of
    borders and pipes (`+------+ | Platform | Command | +======+ ...`), their code blocks' fences in it."""
    quarto_site(docs)
    write(docs, "docs/projects/virtual-environments.qmd", "---\ntitle: Venvs\n---\n\n" + VIRTUAL_ENVIRONMENTS)
    index(docs, index_dir)
    assert text_of(index_dir, "docs/projects/virtual-environments.qmd") == (
        "To use the environment you need to activate it:\n\nShell | Command\n"
        "Mac/Linux | source env/bin/activate\nWindows (Command) | env\\Scripts\\activate.bat\n"
        "collapse | The number of sections to show. Defaults to 2.  one | two\n\n+---+---+\n| a | b |\n+---+---+"
    )


def test_image_attributes_with_code_or_escaped_quotes_in_their_values_leave_nothing(
    docs: Path, index_dir: Path
) -> None:
    """get-started/authoring/rstudio.qmd: `{fig-alt="... the `cars` data set"}` and `fig-alt="... \\"Quarto\\" ..."`
    were cut in pieces by the code spans of the values and left as text (51 times in 15 pages). A code block's
    filename is the title above it, as Quarto shows it."""
    quarto_site(docs)
    write(
        docs,
        "guide.qmd",
        '---\ntitle: Guide\n---\n\nA scatter plot ![Plot](a.png){fig-alt="The `cars` data set"} of zebracorns.\n\n'
        '![](b.png){.border fig-alt="Pop up menu for \\"Quarto\\" documents"}\n\nKeep `` {x="`y`"} `` as code.\n\n'
        '```{.bash filename="Terminal"}\nquarto render\n```\n',
    )
    index(docs, index_dir)
    assert snapshot(index_dir).text("guide.qmd") == (
        'A scatter plot Plot of zebracorns.\n\nKeep {x="`y`"} as code.\n\nTerminal\nquarto render'
    )
