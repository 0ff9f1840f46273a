"""react.dev's shape (reactjs/react.dev): a Next.js site whose pages are `.md` files under src/content/, every one
compiled as MDX, most with nothing of MDX but their headings' ids (`## Usage {/*usage*/}`) and React's own
components (`<Note>`, `<Pitfall>`, `<DeepDive>`, `<Sandpack>`) around Markdown."""

from __future__ import annotations

import json
from pathlib import Path

from support.folders import index, snapshot, warnings_of, write

CONFIG = "const nextConfig = {\n  pageExtensions: ['jsx', 'js', 'ts', 'tsx', 'mdx', 'md'],\n};\n"

# the shape of reference/react-dom/components/script.md: nothing but heading ids says it is MDX, and a <Note>'s
# code span names the <script> tag
SCRIPT_PAGE = """---
title: "<script>"
---

<Intro>

The built-in browser `<script>` component lets you add a script to your document.

</Intro>

<InlineToc />

## Reference {/*reference*/}

#### Props {/*props*/}

<Note>
Calling preinit may start fetching the script earlier than if you just render a `<script>` component.
</Note>

### Rendering an inline script {/*rendering-an-inline-script*/}

The zebracorn inline script is not moved to the document head.

<DeepDive>

#### Why scripts run once {/*why-scripts-run-once*/}

A unicornfish script runs once when it is inserted.

</DeepDive>
"""

LINK_PAGE = """---
link: "<link>"
---

<Intro>

The built-in browser `<link>` component lets you use external resources such as stylesheets.

</Intro>

## Reference {/*reference*/}

Render a link with precedence.
"""

# reference/react/useState.md: code blocks that mark steps (`[[1, 4, "age"]]`) and lines (`{3}`), a box of
# examples whose heading is an attribute
STATE_PAGE = """---
title: useState
---

## Usage {/*usage*/}

```js [[1, 4, "age"], [2, 4, "setAge"], [3, 4, "42"]]
import { useState } from 'react';

function MyComponent() {
  const [age, setAge] = useState(42);
```

```js {2}
function handleClick() {
  setName('Robin');
}
```

<Recipes titleText="Basic recipewort examples" titleId="examples-basic">

<Sandpack>

```js src/App.js active
export default function Counter() {
  return <button>Clicked clickwort times</button>;
}
```

```json package.json hidden
{
  "dependencies": { "unicornfish-scripts": "latest" }
}
```

```js {expectedErrors: {'react-compiler': [16]}} src/data.js hidden
export const okapis = ['unicornfish'];
```

</Sandpack>

</Recipes>
"""


def test_react_dev_pages_read_as_mdx_and_code_blocks_keep_only_their_code(tmp_path: Path) -> None:
    """script.md hid everything after its <Note> ("an HTML <script> is never closed"), headings read
    "Reference {/reference/}", and useState's code blocks opened with `[1, 4, "age"`: 161 of react.dev's 223 pages
    were read as plain Markdown, as nothing but their JSX comments says they are MDX."""
    site = tmp_path / "react.dev"
    write(site, "next.config.js", CONFIG)
    write(site, "src/content/reference/react-dom/components/script.md", SCRIPT_PAGE)
    write(site, "src/content/reference/react/useState.md", STATE_PAGE)
    docs = site / "src/content"
    report = index(docs, tmp_path / "index", base_url="https://react.dev", drop_extensions=True)
    view = snapshot(tmp_path / "index")
    script = "reference/react-dom/components/script.md"
    text = view.text(script) or ""
    assert warnings_of(report, script) == []
    assert "zebracorn inline script" in text and "unicornfish script runs once" in text
    assert "render a <script> component" in text
    assert "{/" not in text and "/}" not in text
    headings = [p.heading for p in view.passages(script)]
    assert "Reference > Rendering an inline script > Why scripts run once" in headings
    assert [hit.document.id for hit in view.search("zebracorn")] == [script]
    state = view.text("reference/react/useState.md") or ""
    assert "const [age, setAge] = useState(42);" in state and "setName('Robin');" in state
    assert '"age"' not in state and "{2}" not in state
    assert "Basic recipewort examples" in state  # the heading of a box of examples


def test_a_plain_markdown_page_that_writes_a_jsx_comment_in_its_prose_stays_markdown(tmp_path: Path) -> None:
    """Only a JSX comment alone on its line or ending a heading says a page is MDX (react.dev's ids): a tutorial
    that writes one in a sentence, read as MDX, lost that text and read its indented code as a paragraph."""
    page = (
        "# Comments\n\n## Usage {/*usage*/} of braces\n\n"
        "In JSX a comment sits in braces, {/* zebracorn */}, as React's docs show.\n\n"
        "A function's body:\n\n    int main(void)\n    {\n        return 0;\n    }\n"
    )
    write(tmp_path, "docs/comments.md", page)
    index(tmp_path / "docs", tmp_path / "index")
    text = snapshot(tmp_path / "index").text("comments.md") or ""
    assert "a comment sits in braces, {/* zebracorn */}, as" in text
    assert "int main(void)\n{\n    return 0;\n}" in text


def test_a_sandpack_file_its_example_hides_is_not_indexed(tmp_path: Path) -> None:
    """react.dev's examples hide 346 files (```json package.json hidden, ```js src/data.js hidden), 9% of its
    text: no tab shows them, yet their dependencies and data were searchable as the page's."""
    write(tmp_path, "next.config.js", CONFIG)
    write(tmp_path, "src/content/reference/react/useState.md", STATE_PAGE)
    index(tmp_path / "src/content", tmp_path / "index")
    text = snapshot(tmp_path / "index").text("reference/react/useState.md") or ""
    assert "return <button>Clicked clickwort times</button>;" in text
    assert "unicornfish" not in text and "dependencies" not in text


def test_a_page_that_names_no_title_takes_the_one_its_sidebar_gives(tmp_path: Path) -> None:
    """react.dev's <link>, <meta>, <script> and <style> pages name no title in their front matter (`link:
    "<link>"`): the site titles them from src/sidebarReference.json, the index titled them "Reference", their
    first heading. A page that names its own keeps it."""
    write(tmp_path, "next.config.js", CONFIG)
    write(tmp_path, "src/pages/[[...markdownPath]].js", "const rootDir = process.cwd() + '/src/content/';\n")
    sidebar = {
        "title": "API Reference",
        "path": "/reference/react",
        "routes": [
            {"hasSectionHeader": True, "sectionHeader": "react-dom@19"},
            {"title": "Components", "path": "/reference/react-dom/components", "routes": [
                {"title": "<link>", "path": "/reference/react-dom/components/link"},
                {"title": "<script>", "path": "/reference/react-dom/components/script"},
            ]},
        ],
    }  # fmt: skip
    write(tmp_path, "src/sidebarReference.json", json.dumps(sidebar))
    write(tmp_path, "src/content/reference/react-dom/components/link.md", LINK_PAGE)
    write(tmp_path, "src/content/reference/react-dom/components/script.md", SCRIPT_PAGE)
    for docs, prefix in ((tmp_path / "src/content", ""), (tmp_path, "src/content/")):
        index(docs, tmp_path / "index", rebuild=True)
        view = snapshot(tmp_path / "index")
        titles = [view.document(f"{prefix}reference/react-dom/components/{n}.md").title for n in ("link", "script")]
        assert titles == ["<link>", "<script>"]


def test_a_card_s_name_of_words_is_shown_and_a_one_word_name_is_not(tmp_path: Path) -> None:
    """react.dev's team page heads each card with the member's name (`<TeamMember name="Andrew Clark"
    title="Engineer at Vercel">`): only the job title was indexed, so no search for a member found the page. A
    name of one word is an identifier (`<Diagram name="preserving_state_tree" alt="...">`, an image's file)."""
    page = (
        "---\ntitle: Meet the Team\n---\n\n## Leadership Council {/*leadership*/}\n\n"
        '<TeamMember name="Zebracorn Clark" permalink="zc" photo="/images/zc.jpg" title="Engineer at Vercel">\n'
        "    Zebracorn got started with WordPress.\n</TeamMember>\n\n"
        '<TeamMember name="Unicornfish Pope" title="Engineer at Meta" group="DOM" />\n\n'
        '<Diagram name="preserving_state_tree" height={248} width={395} alt="A tree of components.">\n\n'
        "React tree\n\n</Diagram>\n"
    )
    write(tmp_path, "src/content/community/team.md", page)
    index(tmp_path / "src/content", tmp_path / "index")
    view = snapshot(tmp_path / "index")
    text = view.text("community/team.md") or ""
    assert "Zebracorn Clark\n\nEngineer at Vercel\n\nZebracorn got started" in text
    assert "Unicornfish Pope\n\nEngineer at Meta" in text
    assert "A tree of components." in text and "preserving_state_tree" not in text
    assert [hit.document.id for hit in view.search('"unicornfish pope"')] == ["community/team.md"]


def test_a_sidebar_that_is_no_json_or_nested_too_deep_titles_nothing(tmp_path: Path) -> None:
    """A sidebar*.json nested 100,000 deep made json.loads raise RecursionError, which would end the run."""
    write(tmp_path, "next.config.js", CONFIG)
    write(tmp_path, "src/pages/[...slug].js", "const dir = 'src/content';\n")
    write(tmp_path, "src/sidebarDeep.json", "[" * 100_000)
    write(tmp_path, "src/sidebarBad.json", '{"title": "x", "path": ')
    write(tmp_path, "src/content/learn/setup.md", "## Setup {/*setup*/}\n\nThe zebracorn setup.\n")
    index(tmp_path / "src/content", tmp_path / "index")
    assert snapshot(tmp_path / "index").document("learn/setup.md").title == "Setup"
