"""A Zola site (getzola/zola's docs/, welpo/tabi): config.toml (zola.toml since Zola 0.20) with `base_url` beside
content/, `+++` TOML front matter, `_index.md` section pages, bundles (`page/index.md`), translations by file name
(`about.fr.md`). Before Zola was known, its pages were cited by file:// URLs with no advice, its sections' redirect
stubs were documents, and its 141 theme pages, whose front matter follows a blank line, were titled by their
README's first heading with none of their front matter."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from support.folders import Main, all_ids, document, found, index, run_cli, skipped, text_of, write
from support.pdfs import make_pdf

CONFIG = 'base_url = "https://zola.example/"\ntitle = "Zola"\ntheme = "tabi"\n\n[extra]\nauthor = "Someone"\n'
SITE = {
    "config.toml": CONFIG,
    "templates/page.html": "<h1>{{ page.title }}</h1>{{ page.content | safe }}\n",
    "content/_index.md": '+++\ntitle = "Home"\n+++\n\nWelcome to the homepagewort.\n',
    "content/documentation/_index.md": (
        '+++\ntemplate = "documentation.html"\nredirect_to = "documentation/getting-started/"\n+++\n\nGetting started\n'
    ),
    "content/documentation/getting-started/_index.md": '+++\ntitle = "Getting Started"\n+++\n\nStartwort.\n',
    "content/documentation/getting-started/overview.md": (
        '+++\ntitle = "Overview"\nweight = 5\n+++\n\n## Zola at a Glance\n\nOverviewwort words.\n'
    ),
    "content/blog/2024-05-01_Hello World.md": '+++\ntitle = "Hello"\n+++\n\nDatedwort post.\n',
    "content/blog/Bundle/index.md": '+++\ntitle = "Bundle"\n+++\n\nBundlewort text.\n',
    "content/blog/renamed.md": '+++\ntitle = "Renamed"\nslug = "Other Name"\n+++\n\nSlugwort text.\n',
    "content/blog/2024-05-01T21:00:60+23:00-late.md": '+++\ntitle = "Late"\n+++\n\nLatewort post.\n',
    "content/pages/about.md": '+++\ntitle = "About"\npath = "about"\n+++\n\nAboutwort text.\n',
    "content/blog/unfinished.md": '+++\ntitle = "Unfinished"\ndraft = true\n+++\n\nDraftwort.\n',
    "content/hidden.md": '+++\ntitle = "Hidden"\nrender = false\n+++\n\nHiddenwort.\n',
    "content/themes/Ergo/index.md": (
        '\n+++\ntitle = "Ergo"\ndate = 2025-07-30T22:58:44+02:00\n\n[extra]\nlicense = "MIT"\n+++        \n\n'
        "# Installation\n\nErgowort theme.\n"
    ),
}
BASE = "https://zola.example/"
PAGE = '+++\ntitle = "Other"\n+++\n\nOtherwort.\n'


def _site(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        write(root, path, text)


def test_a_zola_site_is_cited_at_the_urls_zola_gives_its_pages(tmp_path: Path, indexer_main: Main) -> None:
    """Zola serves `content/a/b.md` at `/a/b/`, a section's `_index.md` at its folder, a bundle at its folder's
    name, slugified (lower case, `-` for spaces), a dated name without its date (and time, to 23:59:60 and offsets
    of 23 hours, as Zola's pattern reads it), a front matter slug in the file name's place and a front matter path
    from the root; the summary gives base_url for --base-url."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, SITE)
    ran = indexer_main(site, "--index", idx, "--no-embeddings")
    assert (
        f"the site's config says it is served at {BASE}: --base-url {BASE} --drop-extensions cites them as the "
        "site does" in ran.err
    )
    indexer_main(site, "--index", idx, "--no-embeddings", "--base-url", BASE, "--drop-extensions")
    urls = {doc_id: document(idx, doc_id).url for doc_id in all_ids(idx)}
    assert urls == {
        "content/_index.md": BASE,
        "content/documentation/getting-started/_index.md": f"{BASE}documentation/getting-started/",
        "content/documentation/getting-started/overview.md": f"{BASE}documentation/getting-started/overview/",
        "content/blog/2024-05-01_Hello World.md": f"{BASE}blog/hello-world/",
        "content/blog/Bundle/index.md": f"{BASE}blog/bundle/",
        "content/blog/renamed.md": f"{BASE}blog/other-name/",
        "content/blog/2024-05-01T21:00:60+23:00-late.md": f"{BASE}blog/late/",
        "content/pages/about.md": f"{BASE}about/",
        "content/themes/Ergo/index.md": f"{BASE}themes/ergo/",
    }


def test_a_page_named_in_another_script_is_cited_at_its_files_path(tmp_path: Path) -> None:
    """Zola transliterates a name with no Latin letter (`日本` is `ri-ben`), which is not done here: such a page
    was cited at `blog//`, its section's address with an empty name; it is cited at its file's path."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, {"config.toml": CONFIG, "content/blog/日本.md": PAGE, "content/blog/東京/index.md": PAGE})
    index(site, idx, embeddings=False, base_url=BASE, drop_extensions=True)
    assert document(idx, "content/blog/日本.md").url == f"{BASE}blog/{quote('日本')}/"
    assert document(idx, "content/blog/東京/index.md").url == f"{BASE}blog/{quote('東京')}/"


def test_what_zola_publishes_no_page_of_is_skipped_with_the_reason(tmp_path: Path) -> None:
    """Drafts, `render = false`, a section that redirects elsewhere, and the templates are no pages."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, SITE)
    report = skipped(index(site, idx, embeddings=False))
    assert "redirect_to = 'documentation/getting-started/'" in report["content/documentation/_index.md"]
    assert report["content/blog/unfinished.md"] == "a draft (front matter draft: true), which zola does not publish"
    assert "render = false" in report["content/hidden.md"]
    assert "outside the site's content/ and static/ folders" in report["templates/page.html"]


def test_front_matter_after_a_blank_line_gives_the_title_and_fields(tmp_path: Path) -> None:
    """Zola (and Hugo) read `+++` front matter after blank lines: getzola.org's theme pages open with one."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, SITE)
    index(site, idx, embeddings=False)
    assert document(idx, "content/themes/Ergo/index.md").title == "Ergo"
    text = text_of(idx, "content/themes/Ergo/index.md")
    assert "Ergowort theme" in text
    assert "+++" not in text and "license" not in text


def test_translations_by_file_name_are_served_under_their_language(tmp_path: Path, indexer_main: Main) -> None:
    """`about.fr.md` is the French page `/fr/about/` (`_index.fr.md` the section `/fr/blog/`); the default
    language's pages are indexed, the others on --languages; a front matter path is taken as it is written."""
    site, idx = tmp_path / "site", tmp_path / "index"
    config = 'base_url = "https://zola.example"\ntheme = "x"\ndefault_language = "en"\n\n[languages.fr]\ntitle = "Le"\n'
    _site(site, {"config.toml": config, "content/blog/_index.md": '+++\ntitle = "Blog"\n+++\n\nBlogwort.\n'})
    write(site, "content/blog/_index.fr.md", '+++\ntitle = "Le blog"\n+++\n\nBlogmot.\n')
    write(site, "content/blog/post/index.md", '+++\ntitle = "Post"\n+++\n\nPostwort.\n')
    write(site, "content/blog/post/index.fr.md", '+++\ntitle = "Billet"\n+++\n\nBilletmot.\n')
    write(site, "content/about.fr.md", '+++\ntitle = "A propos"\npath = "/fr/a-propos"\n+++\n\nProposmot.\n')
    ran = indexer_main(site, "--index", idx, "--no-embeddings", "--base-url", BASE, "--drop-extensions")
    assert "a translation (fr) of the site, whose language is en: --languages en,fr" in ran.err
    indexer_main(site, "--index", idx, "--no-embeddings", "--base-url", BASE, "--drop-extensions", "--languages", "all")
    found = {doc_id: (document(idx, doc_id).url, document(idx, doc_id).language) for doc_id in all_ids(idx)}
    assert found == {
        "content/blog/_index.md": (f"{BASE}blog/", "en"),
        "content/blog/_index.fr.md": (f"{BASE}fr/blog/", "fr"),
        "content/blog/post/index.md": (f"{BASE}blog/post/", "en"),
        "content/blog/post/index.fr.md": (f"{BASE}fr/blog/post/", "fr"),
        "content/about.fr.md": (f"{BASE}fr/a-propos/", "fr"),
    }
    indexer_main(site / "content/blog", "--index", idx, "--no-embeddings", "--base-url", BASE, "--drop-extensions")
    assert {doc_id: document(idx, doc_id).url for doc_id in all_ids(idx)} == {
        "_index.md": f"{BASE}blog/",
        "post/index.md": f"{BASE}blog/post/",
    }


def test_a_folder_of_the_content_is_served_under_its_path(tmp_path: Path, indexer_main: Main) -> None:
    """Indexed from content/ or a folder in it (a bundle's own: its slug is that folder's name), the summary gives
    the site's address, and the pages' URLs hold the folders above DOCS."""
    site = tmp_path / "site"
    _site(site, SITE)
    for docs, doc_id, url in (
        ("content", "blog/Bundle/index.md", f"{BASE}blog/bundle/"),
        ("content/documentation", "getting-started/overview.md", f"{BASE}documentation/getting-started/overview/"),
        ("content/blog/Bundle", "index.md", f"{BASE}blog/bundle/"),
    ):
        idx = tmp_path / f"index-{docs.replace('/', '-')}"
        ran = indexer_main(site / docs, "--index", idx, "--no-embeddings")
        assert f"served at {BASE}: --base-url {BASE} --drop-extensions" in ran.err
        indexer_main(site / docs, "--index", idx, "--no-embeddings", "--base-url", BASE, "--drop-extensions")
        assert document(idx, doc_id).url == url


def test_the_repository_root_is_told_of_the_zola_site_in_docs(tmp_path: Path, indexer_main: Main) -> None:
    """getzola/zola indexed from its root: its docs/ is the site, which the summary names."""
    root = tmp_path / "zola"
    write(root, "README.md", "# zola\n\nA static site generator.\n")
    _site(root / "docs", SITE)
    ran = indexer_main(root, "--index", tmp_path / "index", "--no-embeddings")
    assert "docs/ holds a site (Zola): index that folder" in ran.err


def test_zola_is_told_from_hugo_by_its_base_url_and_its_own_signs(tmp_path: Path) -> None:
    """Both keep config.toml beside content/: Zola writes `base_url` (and keeps its folders' names as written),
    Hugo `baseURL` (and lowercases the whole path); a config.toml with neither is no site's, nor one with
    `base_url` but none of Zola's own signs (templates/, themes/, a `theme` setting): an app's config."""
    for config, folder, url in (
        ("base_url = 'https://zola.example'\n", "templates", f"{BASE}Guides/intro/"),
        ("base_url = 'https://zola.example'\n", "themes", f"{BASE}Guides/intro/"),
        ("base_url = 'https://zola.example'\ntheme = 'tabi'\n", "", f"{BASE}Guides/intro/"),
        ("base_url = 'https://zola.example'\n", "", f"{BASE}Guides/Intro"),
        ("baseURL = 'https://zola.example'\n", "", f"{BASE}guides/intro/"),
        ("title = 'Docs'\n", "templates", f"{BASE}Guides/Intro"),
    ):
        site = tmp_path / f"site-{len(config)}-{folder}"
        write(site, "config.toml", config)
        if folder:
            (site / folder).mkdir()
        write(site, "content/Guides/Intro.md", "# Intro\n\nIntrowort.\n")
        idx = tmp_path / f"index-{site.name}"
        index(site / "content", idx, embeddings=False, base_url=BASE, drop_extensions=True)
        assert document(idx, "Guides/Intro.md").url == url, (config, folder)


SHORTCODES_PAGE = """+++
title = "Shortcodes"
+++

{{ admonition(type="note", text="The `paginate_by` setting goes in the main front matter.") }}

{{ admonition(type="info", title="Heads up", text='Requires Zola 0.20.0 or later.') }}

An inline {{ youtube(id="dQw4w9WgXcQ") }} video. Write `{{/* toc() */}}` for the table of contents.

```md
{{/* youtube(id="dQw4w9WgXcQ") */}}
{%/* quote(author="Vincent") */%}
A quote
{%/* end */%}
```

```go
{{/* a Go template comment */}}
{{/* Sum(a, b) adds */}}
{{/* Sum(a) and Max(b) */}}
```

{% admonition(type="tip", title="Hierarchy") %}
This setting follows the hierarchy.
{% end %}
"""


def test_shortcodes_show_what_the_built_page_shows(tmp_path: Path) -> None:
    """Zola runs shortcodes before Markdown: a call's text and title show (tabi's admonitions lost theirs, or kept
    their markup when the text held code), its other arguments do not; an escaped call (`{{/* toc() */}}`, in
    code or not) shows as the call, as Zola shows it; a Go template comment stays as written, one that names a
    call too (`{{/* Sum(a, b) adds */}}` showed as `{{ Sum(a, b) adds }}`)."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, {"config.toml": CONFIG, "content/blog/shortcodes.md": SHORTCODES_PAGE})
    index(site, idx, embeddings=False)
    text = text_of(idx, "content/blog/shortcodes.md")
    for shown in (
        "The paginate_by setting goes in the main front matter.",
        "Heads up Requires Zola 0.20.0 or later.",
        "Write {{ toc() }} for the table of contents.",
        '{{ youtube(id="dQw4w9WgXcQ") }}\n{% quote(author="Vincent") %}\nA quote\n{% end %}',
        "{{/* a Go template comment */}}\n{{/* Sum(a, b) adds */}}\n{{/* Sum(a) and Max(b) */}}",
        "Hierarchy",
        "This setting follows the hierarchy.",
    ):
        assert shown in text, (shown, text)
    for hidden in ("admonition", "type=", "{{/* toc", "{%/* end", 'dQw4w9WgXcQ") }} video'):
        assert hidden not in text, (hidden, text)
    assert text.count("{% end %}") == 1  # the escaped one


def test_an_escaped_call_shows_as_the_call_only_on_a_site_not_known_as_another_generators(tmp_path: Path) -> None:
    """Go's template comment may hold what reads as a call: on a Hugo site it stays as written, on Zola's (or a
    folder of no known site) it shows as the call."""
    page = "# Sum\n\n```go\n{{/* Sum(a, b) */}}\n```\n\nSumwort.\n"
    call = "{{ Sum(a, b) }}"
    for config, shown in (("hugo.toml", "{{/* Sum(a, b) */}}"), ("config.toml", call), ("", call)):
        site = tmp_path / f"site-{config}"
        _site(site, {"content/sum.md": page, **({config: CONFIG} if config else {})})
        idx = tmp_path / f"index-{config}"
        index(site, idx, embeddings=False)
        assert shown in text_of(idx, "content/sum.md"), config


def test_a_section_with_no_title_is_named_after_its_folder(tmp_path: Path) -> None:
    """A section's `_index.md` often sets only its sorting and template: its page was titled "Index"; its
    translation `_index.fr.md` "Index fr", and the home page `content/_index.md` "Content". A bundle's
    `index.md` is its folder's page too."""
    site, idx = tmp_path / "site", tmp_path / "index"
    untitled = '+++\nsort_by = "date"\n+++\n\nNotewort.\n'
    config = CONFIG.replace("[extra]", "[languages.fr]\n\n[extra]", 1)
    _site(site, {"config.toml": config, "content/release_notes/_index.md": untitled})
    write(site, "content/release_notes/_index.fr.md", untitled)
    write(site, "content/_index.md", untitled)
    write(site, "content/blog/My_Trip/index.md", untitled)
    index(site, idx, embeddings=False, languages="all")
    titles = {doc_id: document(idx, doc_id).title for doc_id in all_ids(idx)}
    assert titles == {
        "content/release_notes/_index.md": "Release notes",
        "content/release_notes/_index.fr.md": "Release notes",
        "content/_index.md": "Index",
        "content/blog/My_Trip/index.md": "My Trip",
    }


def test_a_pages_taxonomy_tags_are_its_tags(tmp_path: Path) -> None:
    """Zola's tags are in the page's `[taxonomies]` table: `tag:showcase` found nothing on tabi's demo site."""
    site, idx = tmp_path / "site", tmp_path / "index"
    post = '+++\ntitle = "Post"\n\n[taxonomies]\ntags = ["showcase", "shortcodes"]\n+++\n\nPostwort.\n'
    _site(site, {"config.toml": CONFIG, "content/blog/post.md": post, "content/blog/other.md": PAGE})
    index(site, idx, embeddings=False)
    assert found(idx, "tag:showcase") == ["content/blog/post.md"]
    assert document(idx, "content/blog/post.md").tags == ("showcase", "shortcodes")


def test_files_in_static_and_beside_pages_are_served_as_they_are(tmp_path: Path) -> None:
    """Zola copies static/ to the site's root and a page's or section's other files beside it: a PDF in static/
    was skipped as outside content/; Markdown in static/ is served unrendered, no page."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, {"config.toml": CONFIG, "content/guides/_index.md": PAGE})
    write(site, "static/files/manual.pdf", make_pdf(["The pdfwort manual."]))
    write(site, "content/guides/sheet.pdf", make_pdf(["The sheetwort cheat sheet."]))
    write(site, "static/notes.md", "# Notes\n\nRawwort.\n")
    report = skipped(index(site, idx, embeddings=False, base_url=BASE, drop_extensions=True))
    assert document(idx, "static/files/manual.pdf").url == f"{BASE}files/manual.pdf"
    assert document(idx, "content/guides/sheet.pdf").url == f"{BASE}guides/sheet.pdf"
    assert "which the site serves as it is, unrendered" in report["static/notes.md"]


def test_nothing_below_a_drafted_section_is_published(tmp_path: Path) -> None:
    """Zola loads nothing below a section whose `_index.md` says `draft = true`, whatever its pages say; when the
    section is published again, its pages are read again."""
    site, idx = tmp_path / "site", tmp_path / "index"
    _site(site, {"config.toml": CONFIG, "content/secret/_index.md": '+++\ntitle = "Secret"\ndraft = true\n+++\n'})
    write(site, "content/secret/deeper/page.md", '+++\ntitle = "Page"\n+++\n\nSecretwort.\n')
    report = skipped(index(site, idx, embeddings=False))
    assert report["content/secret/deeper/page.md"] == (
        "below the section content/secret/_index.md, a draft (draft = true): Zola publishes nothing below it"
    )
    write(site, "content/secret/_index.md", '+++\ntitle = "Secret"\n+++\n\nSectionwort.\n')
    index(site, idx, embeddings=False)
    assert found(idx, "secretwort") == ["content/secret/deeper/page.md"]


def test_what_the_config_ignores_is_no_page(tmp_path: Path) -> None:
    """`ignored_content` globs match a content file's whole path, `*` across folders (Rust's globset, as Zola
    builds them); `ignored_static` a static file's path in static/."""
    site, idx = tmp_path / "site", tmp_path / "index"
    config = CONFIG.replace(
        "title", 'ignored_content = ["*.{pdf,xlsx}", "**/notes/*"]\nignored_static = ["drafts/*"]\ntitle', 1
    )
    _site(site, {"config.toml": config, "content/guides/_index.md": PAGE, "content/guides/notes/todo.md": PAGE})
    write(site, "content/guides/deep/sheet.pdf", make_pdf(["The sheetwort cheat sheet."]))
    write(site, "static/drafts/old.pdf", make_pdf(["The oldwort draft."]))
    write(site, "static/manual.pdf", make_pdf(["The manualwort manual."]))
    report = skipped(index(site, idx, embeddings=False))
    assert report["content/guides/deep/sheet.pdf"] == (
        "ignored by the Zola config (ignored_content: *.{pdf,xlsx}): no page of the site"
    )
    assert "(ignored_content: **/notes/*)" in report["content/guides/notes/todo.md"]
    assert "(ignored_static: drafts/*)" in report["static/drafts/old.pdf"]
    assert sorted(all_ids(idx)) == ["content/guides/_index.md", "static/manual.pdf"]


def test_a_glob_of_sixty_stars_over_a_long_file_name_does_not_hang_the_run(tmp_path: Path) -> None:
    """Matched as a regular expression that backtracks, `*a*a...*ab` over a long file name takes hours (and
    `{a,b}` 30 times stands for a billion globs, and `{` 150 times, looked through again from each, as long);
    the run ends (run_cli gives up after 60 s) with the page indexed, which no glob matches."""
    site = tmp_path / "site"
    globs = '"' + "*a" * 60 + 'b", "' + "{a,b}" * 30 + '", "' + "{" * 150 + '"'
    config = CONFIG.replace("title", f"ignored_content = [{globs}]\ntitle", 1)
    _site(site, {"config.toml": config, f"content/{'a' * 200}.md": PAGE})
    ran = run_cli(site, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.returncode == 0, ran.stderr
    assert all_ids(tmp_path / "index") == [f"content/{'a' * 200}.md"]


def test_globs_match_no_folders_for_double_stars_and_escaped_characters_as_themselves(tmp_path: Path) -> None:
    """As globset reads them: `/**/` is one `/` too (`drafts/**/*.md` matches `drafts/x.md`), and `\\[` a
    bracket, not a class's opening."""
    site, idx = tmp_path / "site", tmp_path / "index"
    config = CONFIG.replace("title", "ignored_content = ['*/drafts/**/*.md', '*/guides/\\[old\\].md']\ntitle", 1)
    _site(site, {"config.toml": config, "content/guides/_index.md": PAGE, "content/guides/[old].md": PAGE})
    write(site, "content/drafts/x.md", PAGE)
    write(site, "content/drafts/deep/er/y.md", PAGE)
    write(site, "content/guides/o.md", PAGE)
    report = skipped(index(site, idx, embeddings=False))
    assert "(ignored_content: */drafts/**/*.md)" in report["content/drafts/x.md"]
    assert "(ignored_content: */drafts/**/*.md)" in report["content/drafts/deep/er/y.md"]
    assert "(ignored_content: */guides/\\[old\\].md)" in report["content/guides/[old].md"]
    assert sorted(all_ids(idx)) == ["content/guides/_index.md", "content/guides/o.md"]
