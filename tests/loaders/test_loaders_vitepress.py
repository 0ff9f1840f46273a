"""VitePress pages as their readers see them: Vue's docs' API styles, badges, code imports and code blocks."""

from __future__ import annotations

from pathlib import Path

from support.folders import document, found, index, snapshot, warnings_of, write

VUE_API_STYLES = b"""# Reactivity Zebracorn

:::tip API Preference
Your preference is <span class="options-api">Options API</span><span class="composition-api">Composition API</span>.
:::

<div class="options-api">

## Declaring State \\* {#declaring-state}

Use the `data` option.

### Proxy vs. Original \\*

Options narwhal.

</div>
<div class="composition-api">

## Declaring State \\*\\* {#declaring-state-1}

Use `ref()`.

</div>

Declare with the <span class="composition-api">`defineEmits()` macro</span><span class="options-api">`emits`</span>:

<div class="options-api">

```js
export default { emits: ['inFocus'] }
```

</div>
<div class="composition-api">
  <VueSchoolLink href="https://vueschool.io/lessons/x" title="Lesson"/>
</div>

Shared tail.

## Previous Value

<p class="options-api">
The second argument.
</p>

<p class="composition-api">
The first argument.
</p>

Shared again.

## Closing \\*

A star kept outside the blocks.
"""


def test_vue_api_style_blocks_say_which_api_they_are_about(docs: Path, index_dir: Path) -> None:
    """Vue's docs write a page twice, for the Options API and the Composition API, in blocks the theme shows one
    of (231 of each class on 55 pages): both were kept with nothing to tell them apart, as two `Declaring Reactive
    State` sections with `*` and `**` left on their headings and sentences reading "the defineEmits() macro
    emits option". Each block's headings now end in its API's name, a block opening with text has its name above
    it, the first text after such blocks "Both APIs:" (what both show), a span ends in it (but one whose text is
    the name) with "/" between two spans, a block with no text leaves nothing, and a heading outside the blocks
    is as written."""
    write(docs, "guide/reactivity.md", VUE_API_STYLES)
    index(docs, index_dir)
    assert document(index_dir, "guide/reactivity.md").headings == (
        "Reactivity Zebracorn",
        "Declaring State (Options API)",
        "Proxy vs. Original (Options API)",
        "Declaring State (Composition API)",
        "Previous Value",
        "Closing *",
    )
    text = snapshot(index_dir).text("guide/reactivity.md") or ""
    assert "Your preference is Options API / Composition API." in text
    assert (
        "Declare with the defineEmits() macro (Composition API) / emits (Options API):\n\n"
        "Options API:\n\nexport default { emits: ['inFocus'] }\n\nBoth APIs:\n\nShared tail."
    ) in text
    assert (
        "Previous Value\n\nOptions API:\nThe second argument.\n\nComposition API:\nThe first argument.\n\n"
        "Both APIs:\n\nShared again."
    ) in text
    assert text.count("Options API:") == 2 and text.count("Composition API:") == 1
    assert found(index_dir, "narwhal") == ["guide/reactivity.md"]


VITE_BADGES = b"""# Migration from v7 <Badge type="tip" text="^8.0" />

Only the sections with <Badge text="NRV" type="warning" /> in the title apply to zebracorn users.

## Default Browser Target Change [<Badge text="NRV" type="warning" />](#migration-from-v7)

Text.

## Removed Features <Badge type="info">narwhal only</Badge>

Text.

## onWatcherCleanup() <sup class="vt-badge" data-text="3.5+" />

Use <sup class="vt-badge ts" /> types.
"""


def test_a_vitepress_badge_shows_its_text(docs: Path, index_dir: Path) -> None:
    """VitePress's `<Badge text="NRV" />` shows its text: Vite's migration guide read "only the sections with  in
    the title are applicable", and the headings it means had lost the badge that marks them. The page's title
    is its h1 without the badge that ends it, as VitePress takes it. Vue's theme's `<sup class="vt-badge"
    data-text="3.5+" />` shows its data-text (Vue's API reference gives the version of 29 APIs so)."""
    write(docs, ".vitepress/config.ts", b"export default {}\n")
    write(docs, "guide/migration.md", VITE_BADGES)
    index(docs, index_dir)
    assert document(index_dir, "guide/migration.md").title == "Migration from v7"
    assert document(index_dir, "guide/migration.md").headings == (
        "Migration from v7 ^8.0",
        "Default Browser Target Change NRV",
        "Removed Features narwhal only",
        "onWatcherCleanup() 3.5+",
    )
    text = snapshot(index_dir).text("guide/migration.md") or ""
    assert "Only the sections with NRV in the title apply to zebracorn users." in text
    assert text.split()[-2:] == ["Use", "types."]  # a badge with no data-text shows nothing


STATIC_DEPLOY = b"""# Deploying

1. Create a workflow:

   <<< ./deploy.yaml#content [.github/workflows/deploy.yml]

The app:

<<< @/snippets/app.js#mount.v2{2 ts:line-numbers}

```md
<<< ./kept-as-written.js
```

<<< ./missing.js
"""

DEPLOY_YAML = b"""# not shown
#region content
name: Deploy zebracorn
jobs:
  deploy:
    runs-on: ubuntu-latest
#endregion content
"""


def test_a_vitepress_code_import_is_the_code_it_names(docs: Path, index_dir: Path) -> None:
    """VitePress's `<<< ./file#region [title]` shows the file (or the region's lines, their shared indent off) as
    code under its title; it left nothing, and Vite's guide lost its GitHub Pages workflow. `@/` is the site's
    srcDir; a region's name may hold dots; a code import inside code is shown as written, a file not there is a
    warning."""
    write(docs, ".vitepress/config.ts", b"export default { srcDir: 'src' }\n")
    write(docs, "src/guide/deploy.md", STATIC_DEPLOY)
    write(docs, "src/guide/deploy.yaml", DEPLOY_YAML)
    app = b"// #region mount.v2\nconst app = createApp()\napp.mount('#narwhal')\n// #endregion\nnot shown\n"
    write(docs, "src/snippets/app.js", app)
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("src/guide/deploy.md") or ""
    assert (
        "1. Create a workflow:\n.github/workflows/deploy.yml\n"
        "name: Deploy zebracorn\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n\nThe app:\n\n"
        "const app = createApp()\napp.mount('#narwhal')\n\n<<< ./kept-as-written.js"
    ) in text
    assert "not shown" not in text and "region" not in text
    assert found(index_dir, "narwhal") == ["src/guide/deploy.md"]
    assert warnings_of(report, "src/guide/deploy.md") == ["included file ./missing.js does not exist"]


VUE_INTERPOLATED_CODE = b"""# Quick Start

```sh-vue [npm]
$ cd {{'<your-project-name>'}}
$ npm install zebracorn@{{ version }}
```

```sh
$ echo {{ 'kept as written' }}
```
"""


def test_vitepress_code_in_a_vue_language_shows_its_strings(docs: Path, index_dir: Path) -> None:
    """VitePress fills in Vue's interpolations in code whose language ends in `-vue`: Vue's quick start showed
    `$ cd {{'<your-project-name>'}}` where the page shows `$ cd <your-project-name>`. A string shows as itself;
    any other expression, and code in any other language, as written."""
    write(docs, ".vitepress/config.ts", b"export default {}\n")
    write(docs, "guide/quick-start.md", VUE_INTERPOLATED_CODE)
    index(docs, index_dir)
    assert snapshot(index_dir).text("guide/quick-start.md") == (
        "Quick Start\n\nnpm\n$ cd <your-project-name>\n$ npm install zebracorn@{{ version }}\n\n"
        "$ echo {{ 'kept as written' }}"
    )


VITEPRESS_WRAPPERS = b"""# Demos

::: raw
A raw zebracorn demo.
:::

::: v-pre
`{{ shown as written }}`
:::

::: info
An info box.
:::
"""


def test_vitepress_raw_and_v_pre_containers_show_no_title(docs: Path, index_dir: Path) -> None:
    """VitePress's `::: raw` and `::: v-pre` wrap what they hold, with no label: they read 'Raw' and 'V-pre' as
    an admonition's title; an admonition (`::: info`) keeps its kind as its title."""
    write(docs, ".vitepress/config.ts", b"export default {}\n")
    write(docs, "demos.md", VITEPRESS_WRAPPERS)
    index(docs, index_dir)
    assert snapshot(index_dir).text("demos.md") == (
        "Demos\n\nA raw zebracorn demo.\n\n{{ shown as written }}\n\nInfo\n\nAn info box."
    )
