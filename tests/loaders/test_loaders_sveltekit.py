"""SvelteKit's and Svelte's documentation (documentation/docs/ in sveltejs/kit, rendered by svelte.dev): numbered
folders of Markdown whose code blocks carry svelte.dev's own options, and reference pages whose titles YAML
cannot read."""

from __future__ import annotations

from pathlib import Path

from support.folders import found, index, skipped, snapshot, warnings_of, write
from support.loaders import load

LOAD_PAGE = """---
title: Loading data
---

A `+page.svelte` file can have a sibling `+page.js` that exports a `load` function.

```js
/// file: src/routes/blog/[slug]/+page.server.js
// @filename: ambient.d.ts
declare module '$lib/server/database' {
	export function hiddenPrelude(slug: string): Promise<string>
}

// @filename: index.js
// ---cut---
import * as db from '$lib/server/database';

/** @type {import('./$types').PageServerLoad} */
export async function load({ params }) {
	return { post: await db.zebracornPost(params.slug) };
}
```

> [!LEGACY]
> Before version 2.16.0, the props of a page had to be typed individually:
> ```js
> /// file: +page.svelte
> /** @type {{ data: import('./$types').PageData }} */
> let { data } = $props();
> ```

```svelte
<!--- file: src/routes/blog/[slug]/+page.svelte --->
<script>
	+++import { page } from '$app/state';+++
	---import { page } from '$app/stores';---
</script>
```

```js
// @errors: 2304
/// link: true
export const prerender = true;
```
"""

# pages with no `file:` line, known by their marked lines or by an unmarked block's Twoslash files before a cut
BUILD_PAGE = """# Building

```js
+++import { building } from '$app/env';+++

+++if (!building) {+++
\tinitialiseDatabase();
+++}+++
```
"""

ADAPTER_PAGE = """# Writing adapters

```js
// @errors: 2322
// @filename: ambient.d.ts
type HiddenOptions = any;

// @filename: index.js
// ---cut---
/** @param {AdapterSpecificOptions} options */
export default function (options) {}
```
"""

IF_PAGE = """---
title: {#if ...}
---

```svelte
<!--- copy: false --->
{#if expression}...{/if}
```
"""

PLAIN_PAGE = """# Elsewhere

```ts
// @errors: 2769
// ---cut---
const plain = '+++kept+++';
```
"""


def test_svelte_dev_code_blocks_read_as_the_site_shows_them(docs: Path, index_dir: Path) -> None:
    """`/// file: x.js` and `<!--- file: x.svelte --->` name the block's file (shown above it, not in it), the
    Twoslash prelude before `// ---cut---` and `// @errors` lines are never shown on svelte.dev (every js and ts
    block goes through Twoslash there), nor the `+++`/`---` marks of a diff; a quoted code block is code, whose
    `{{ data: PageData }}` type the template pass took for a Liquid tag ("/** @type  */" was left). A page
    without svelte.dev's options keeps its lines as written."""
    write(docs, "20-core-concepts/20-load.md", LOAD_PAGE)
    write(docs, "elsewhere.md", PLAIN_PAGE)
    write(docs, "building.md", BUILD_PAGE)
    write(docs, "adapters.md", ADAPTER_PAGE)
    write(docs, "02-if.md", IF_PAGE)
    index(docs, index_dir)
    text = snapshot(index_dir).text("20-core-concepts/20-load.md") or ""
    assert (
        "src/routes/blog/[slug]/+page.server.js\nimport * as db from '$lib/server/database';\n\n"
        "/** @type {import('./$types').PageServerLoad} */\nexport async function load({ params }) {"
    ) in text
    assert "+page.svelte\n/** @type {{ data: import('./$types').PageData }} */\nlet { data } = $props();" in text
    assert (
        "src/routes/blog/[slug]/+page.svelte\n<script>\n\timport { page } from '$app/state';\n"
        "\timport { page } from '$app/stores';\n</script>"
    ) in text
    assert "</script>\n\nexport const prerender = true;" in text
    for hidden in ("hiddenPrelude", "@filename", "---cut---", "@errors", "/// file", "<!---", "link: true", "+++"):
        assert hidden not in text, hidden
    building = snapshot(index_dir).text("building.md") or ""
    assert "import { building } from '$app/env';\n\nif (!building) {\n\tinitialiseDatabase();\n}" in building
    adapters = snapshot(index_dir).text("adapters.md") or ""
    assert adapters.endswith("/** @param {AdapterSpecificOptions} options */\nexport default function (options) {}")
    assert "HiddenOptions" not in adapters and "@filename" not in adapters
    assert snapshot(index_dir).text("02-if.md") == "{#if expression}...{/if}"
    plain = snapshot(index_dir).text("elsewhere.md") or ""
    assert "// @errors: 2769\n// ---cut---\nconst plain = '+++kept+++';" in plain
    assert found(index_dir, "zebracornPost") == ["20-core-concepts/20-load.md"]


def test_a_flat_front_matter_that_yaml_cannot_read_gives_its_title() -> None:
    """SvelteKit's reference pages open `title: @sveltejs/kit/hooks`, Svelte's template syntax pages
    `title: {#if ...}`, which svelte.dev reads line by line: YAML refused them (`@` cannot start a value, `{` opened
    a mapping), the pages lost their titles and each printed a warning (5 of SvelteKit's, 10 of Svelte's)."""
    doc = load("15-@sveltejs-kit-hooks.md", b"---\ntitle: @sveltejs/kit/hooks\n# a comment\n---\n\n> MODULE: x\n")
    assert (doc.title, doc.front_matter, doc.warnings) == ("@sveltejs/kit/hooks", {"title": "@sveltejs/kit/hooks"}, ())
    colons = load("note.md", b"---\ntitle: Note: read this\nsection: `api`\n---\nbody\n")
    assert (colons.title, colons.warnings) == ("Note: read this", ())
    tag = load("02-if.md", b"---\ntitle: {#if ...}\ntags: template-if\n---\n\nContent.\n")
    assert (tag.title, tag.front_matter["tags"], tag.warnings) == ("{#if ...}", ("template-if",), ())
    nested = load("nested.md", b"---\ntitle: @x\nmenu:\n  main: 1\n---\n# Heading\n")
    assert nested.title == "Heading" and any("not valid YAML" in w for w in nested.warnings)


def test_a_flat_front_matter_that_names_access_groups_is_not_guessed(docs: Path, index_dir: Path) -> None:
    """Read line by line, `access: @admins # ops` would give a group YAML never would ("@admins # ops"): a front
    matter naming access groups that YAML cannot read still refuses its file, so that a guess never shows it."""
    write(docs, "secret.md", "---\ntitle: @sveltejs/kit\naccess: @admins # ops\n---\n\nzebracorn plans\n")
    write(docs, "open.md", "---\ntitle: @sveltejs/kit\n---\n\nzebracorn notes\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["open.md"]
    assert "names access groups" in skipped(report)["secret.md"]


def test_svelte_dev_include_lines_put_their_files_in_place(docs: Path, index_dir: Path) -> None:
    """Svelte's reference of compiler errors is one line, `@include .generated/compile-errors.md`, which svelte.dev
    replaces with the file: the page held nothing but that line, and no error's name could be found. The included
    file's own includes come too; a missing file is a warning; a Sass `@include` in code or prose stays."""
    write(
        docs,
        "98-reference/30-compiler-errors.md",
        "---\ntitle: 'Compiler errors'\n---\n\n@include .generated/errors.md\n",
    )
    write(
        docs,
        "98-reference/.generated/errors.md",
        "### animation_duplicate\n\n```\nOnly one zebracorn\n```\n\n@include more.md\n",
    )
    write(docs, "98-reference/.generated/more.md", "### bind_invalid\n\nUnicornfish binding.\n")
    write(docs, "missing.md", "# Missing\n\nBefore.\n\n@include .generated/gone.md\n")
    write(docs, "sass.md", "# Sass\n\nUse a mixin:\n\n```scss\n@include theme.md\n```\n\n@include mixin;\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["98-reference/30-compiler-errors.md"]
    assert found(index_dir, "unicornfish") == ["98-reference/30-compiler-errors.md"]
    assert snapshot(index_dir).document("98-reference/30-compiler-errors.md").title == "Compiler errors"
    assert "@include" not in (snapshot(index_dir).text("98-reference/30-compiler-errors.md") or "")
    assert any("gone.md does not exist" in w for w in warnings_of(report, "missing.md"))
    assert (snapshot(index_dir).text("sass.md") or "").endswith("Use a mixin:\n\n@include theme.md\n\n@include mixin;")
