"""Multilingual Starlight, VitePress, Hugo, Nextra and Mintlify sites: the index holds the site's default
language, --languages adds the translations at the URLs the site serves them, and the languages are read from the
generator's config, never from the pages. Each case is a small site folder indexed by the real pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import Main, all_ids, document, found, index, skipped, write

STARLIGHT_CONFIG = """import starlight from '@astrojs/starlight';
/** @satisfies {import('@astrojs/starlight/types').StarlightUserConfig['locales']} */
export const locales = {
\troot: { label: 'English', lang: 'en' },
\tfr: { label: 'Français', lang: 'fr' },
\t'zh-cn': { label: '简体中文', lang: 'zh-CN' },
\t// es: { label: 'Español' },  (not yet)
};
export default defineConfig({ site: 'https://docs.example', integrations: [starlight({ title: 'x', locales })] });
"""
BASE = {"base_url": "https://docs.example/", "drop_extensions": True}
STRAY = "outside the site's content folders (src/content/docs/, src/pages/): no page of the site"


def page(word: str, front: str = "") -> str:
    return (f"---\n{front}---\n" if front else "") + f"# A page\n\nWords and {word}.\n"


def starlight_site(project: Path) -> None:
    write(project, "astro.config.mjs", STARLIGHT_CONFIG)
    write(project, "README.md", page("readmeword"))
    write(project, "src/content/docs/index.mdx", page("homeword", "title: Home\n"))
    write(project, "src/content/docs/guides/setup.md", page("setupword"))
    write(project, "src/content/docs/fr/guides/setup.md", page("frenchword"))
    write(project, "src/content/docs/zh-cn/guides/setup.md", page("chineseword"))
    write(project, "src/content/docs/es/guides/setup.md", page("spanishword"))  # es is no locale of the config
    write(project, "src/pages/about.md", page("aboutword"))  # Astro's own page
    write(project, "public/guide.txt", "A guide.\n")  # served as it is


@pytest.mark.parametrize("docs", ["", "src/content/docs/"])
def test_a_starlight_site_holds_its_root_language_and_serves_pages_from_its_content_folder(
    tmp_path: Path, docs: str
) -> None:
    """Indexed from the project (astro.config.mjs) or from its content folder: the same pages, the same URLs."""
    starlight_site(tmp_path)
    report = index(tmp_path / docs, tmp_path / "index", **BASE)
    content = "src/content/docs/" if not docs else ""
    expected = {
        f"{content}index.mdx": "",
        f"{content}guides/setup.md": "guides/setup",
        f"{content}es/guides/setup.md": "es/guides/setup",
    } | ({"src/pages/about.md": "about", "public/guide.txt": "guide.txt"} if not docs else {})
    urls = {i: document(tmp_path / "index", i).url for i in all_ids(tmp_path / "index")}
    assert {i: url.removeprefix("https://docs.example/") for i, url in urls.items()} == expected
    assert skipped(report) == {
        f"{content}fr/guides/setup.md": "a translation (fr) of the site, whose language is en: --languages en,fr "
        "(or all) indexes it",
        f"{content}zh-cn/guides/setup.md": "a translation (zh-cn) of the site, whose language is en: --languages "
        "en,zh-cn (or all) indexes it",
    } | ({"README.md": STRAY} if not docs else {})  # it had been cited at /README
    assert document(tmp_path / "index", f"{content}guides/setup.md").language == "en"
    assert document(tmp_path / "index", f"{content}es/guides/setup.md").language == "en"  # a folder, not a locale


def test_starlight_translations_come_and_go_with_the_languages_option(tmp_path: Path) -> None:
    starlight_site(tmp_path)
    index_dir = tmp_path / "index"
    index(tmp_path, index_dir, **BASE)
    report = index(tmp_path, index_dir, languages="all", **BASE)
    assert (report.added, report.updated, report.removed) == (2, 0, 0)
    french = document(index_dir, "src/content/docs/fr/guides/setup.md")
    assert (french.url, french.language) == ("https://docs.example/fr/guides/setup", "fr")
    assert (
        document(index_dir, "src/content/docs/zh-cn/guides/setup.md").url == "https://docs.example/zh-cn/guides/setup"
    )
    assert found(index_dir, "frenchword") == ["src/content/docs/fr/guides/setup.md"]
    report = index(tmp_path, index_dir, languages="zh-CN", **BASE)  # a locale named in any case
    assert (report.added, report.removed) == (0, 4)  # French, and the three English pages
    assert all_ids(index_dir) == ["public/guide.txt", "src/content/docs/zh-cn/guides/setup.md", "src/pages/about.md"]


def test_a_starlight_default_locale_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """defaultLocale: 'en' with locales en and fr (no root): /en/ is the default reader's."""
    config = "export default { integrations: [starlight({ defaultLocale: 'en', locales: { en: { label: 'English' }, fr: { label: 'Français' } } })] };\n"  # noqa: E501
    write(tmp_path, "astro.config.ts", config)
    write(tmp_path, "src/content/docs/en/start.md", page("englishword"))
    write(tmp_path, "src/content/docs/fr/start.md", page("frenchword"))
    report = index(tmp_path / "src/content/docs", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["en/start.md"]
    assert document(tmp_path / "index", "en/start.md").url == "https://docs.example/en/start"
    assert list(skipped(report)) == ["fr/start.md"]


def test_starlight_locales_imported_from_a_json_file_and_underscored_files(tmp_path: Path) -> None:
    """Tauri's config does `import locales from './locales.json'`, then `locales,`: its French, Spanish and Chinese
    pages were indexed as pages, each search returning a page up to four times. Its `_fragments/` and
    `_sections/` (partials, which Astro leaves out of its collections) were pages at URLs the site does not have."""
    write(tmp_path, "locales.json", '{"root": {"label": "English", "lang": "en"}, "fr": {"label": "Français"}}\n')
    write(
        tmp_path,
        "astro.config.mjs",
        "import starlight from '@astrojs/starlight';\nimport locales from './locales.json';\n"
        "export default defineConfig({ integrations: [starlight({ title: 'x', defaultLocale: 'root', locales, })] "
        "});\n",
    )
    write(tmp_path, "src/content/docs/start.mdx", page("englishword"))
    write(tmp_path, "src/content/docs/fr/start.mdx", page("frenchword"))
    write(tmp_path, "src/content/docs/_fragments/cta.mdx", "Run the zebracorn command.\n")
    write(tmp_path, "src/content/docs/guides/_sections/listen.mdx", "Listen to events.\n")
    report = index(tmp_path, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["src/content/docs/start.mdx"]
    assert document(tmp_path / "index", "src/content/docs/start.mdx").language == "en"
    why = "a name starting with _, which Astro leaves out of its pages and collections: no page (a page may import it)"
    assert skipped(report) == {
        "src/content/docs/fr/start.mdx": "a translation (fr) of the site, whose language is en: --languages en,fr "
        "(or all) indexes it",
        "src/content/docs/_fragments/cta.mdx": why,
        "src/content/docs/guides/_sections/listen.mdx": why,
    }


def test_a_starlight_project_serves_no_file_outside_its_content_folders(tmp_path: Path) -> None:
    """Tauri's docs keep a translation tracker's template.html in packages/: indexed from the project's folder,
    it was a page at https://v2.tauri.app/packages/i18n-tracker/lib/translation-status/template/, which the
    site does not serve; its own pages, src/pages/ and public/ files are served."""
    starlight_site(tmp_path)
    write(tmp_path, "packages/tracker/template.html", "<html><title>Status</title><p>A trackerword.</p></html>\n")
    write(tmp_path, "src/pages/changelog.html", "<html><title>Changes</title><p>A changeword.</p></html>\n")
    report = index(tmp_path, tmp_path / "index", **BASE)
    assert skipped(report)["packages/tracker/template.html"] == STRAY
    assert found(tmp_path / "index", "trackerword") == []
    assert found(tmp_path / "index", "changeword") == ["src/pages/changelog.html"]
    assert document(tmp_path / "index", "public/guide.txt").url == "https://docs.example/guide.txt"


def test_a_starlight_locale_folder_named_in_another_case_is_that_locale(tmp_path: Path) -> None:
    """Biome's config names the locales `zh-cn` and `pt-br`, its folders are `zh-CN/` and `pt-BR/` (Astro
    lowercases the path into the slug, /zh-cn/...): their 52 pages were indexed as English pages of the default
    index, a Chinese page answering English searches."""
    config = STARLIGHT_CONFIG.replace("\tfr: { label: 'Français', lang: 'fr' },\n", "")
    write(tmp_path, "astro.config.mjs", config)
    write(tmp_path, "src/content/docs/guides/setup.md", page("setupword"))
    write(tmp_path, "src/content/docs/zh-CN/guides/setup.md", page("chineseword"))
    index_dir = tmp_path / "index"
    report = index(tmp_path, index_dir, **BASE)
    assert all_ids(index_dir) == ["src/content/docs/guides/setup.md"]
    assert skipped(report) == {
        "src/content/docs/zh-CN/guides/setup.md": "a translation (zh-cn) of the site, whose language is en: "
        "--languages en,zh-cn (or all) indexes it"
    }
    index(tmp_path, index_dir, languages="all", **BASE)
    chinese = document(index_dir, "src/content/docs/zh-CN/guides/setup.md")
    assert (chinese.url, chinese.language) == ("https://docs.example/zh-cn/guides/setup", "zh-cn")
    assert found(index_dir, "chineseword") == ["src/content/docs/zh-CN/guides/setup.md"]


def test_starlight_serves_its_pages_under_slugs_of_their_paths(tmp_path: Path) -> None:
    """Tauri's `concept/Inter-Process Communication/brownfield.mdx` is served at
    /concept/inter-process-communication/brownfield (Astro slugs each name as github-slugger does); it was cited
    at .../Inter-Process%20Communication/brownfield, which the site does not serve."""
    write(tmp_path, "astro.config.mjs", "export default defineConfig({ integrations: [starlight({ title: 'x' })] });\n")
    write(tmp_path, "src/content/docs/concept/Inter-Process Communication/Brownfield.mdx", page("zebraword"))
    write(tmp_path, "src/content/docs/Guides/index.md", page("indexword"))
    index(tmp_path, tmp_path / "index", **BASE)
    urls = {i: document(tmp_path / "index", i).url for i in all_ids(tmp_path / "index")}
    assert urls == {
        "src/content/docs/concept/Inter-Process Communication/Brownfield.mdx": "https://docs.example/concept/"
        "inter-process-communication/brownfield",
        "src/content/docs/Guides/index.md": "https://docs.example/guides/",
    }


def test_an_astro_site_of_one_language_is_indexed_whole(tmp_path: Path) -> None:
    write(tmp_path, "astro.config.mjs", "export default defineConfig({ integrations: [starlight({ title: 'x' })] });\n")
    write(tmp_path, "src/content/docs/fr/start.md", page("frword"))  # no locales: fr is a folder like any
    report = index(tmp_path / "src/content/docs", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["fr/start.md"] and not report.skipped
    assert document(tmp_path / "index", "fr/start.md").language == ""


VITEPRESS_CONFIG = """import { defineConfig } from 'vitepress'
import { sharedConfig } from './shared'

export default defineConfig({
  ...sharedConfig,
  locales: {
    root: { label: 'English', lang: 'en-US', link: '/' },
    zh: { label: '简体中文', lang: 'zh-CN', link: '/zh/' },
    ko: { label: '한국어', lang: 'ko-KR', link: 'https://ko.docs.example/' },
  },
})
"""
VITEPRESS_SHARED = """export const sharedConfig = defineConfig({
  cleanUrls: true,
  themeConfig: { search: { provider: 'algolia', options: { locales: { zh: { placeholder: '搜索' } } } } },
})
"""


def vitepress_site(site: Path, src: str = "") -> None:
    """Vue Router's and Pinia's shape: the locales in .vitepress/config/index.ts, a shared config it imports, whose
    search options have `locales` of their own; Korean is another site (its `link`)."""
    write(site, ".vitepress/config/index.ts", VITEPRESS_CONFIG)
    write(
        site,
        ".vitepress/config/shared.ts",
        VITEPRESS_SHARED.replace("({", f"({{ srcDir: '{src}',") if src else VITEPRESS_SHARED,
    )
    write(site, f"{src}index.md", page("homeword"))
    write(site, f"{src}guide/scroll.md", page("scrollword savedposition"))
    write(site, f"{src}zh/index.md", page("zhhomeword"))
    write(site, f"{src}zh/guide/scroll.md", page("chineseword savedposition"))
    write(site, f"{src}ko/guide/scroll.md", page("koreanword"))  # ko is served elsewhere: a folder like any


@pytest.mark.parametrize("docs", ["", "src/"])
def test_a_vitepress_site_holds_its_root_locale_and_its_translations_on_demand(tmp_path: Path, docs: str) -> None:
    """Vue Router's docs keep 61 Chinese pages in zh/ (the config's `locales`): they had no language, and an
    English search found three of them in its top five. Indexed from the site's folder or from its srcDir."""
    vitepress_site(tmp_path, docs)
    index_dir = tmp_path / "index"
    report = index(tmp_path / docs, index_dir, **BASE)
    urls = {i: document(index_dir, i).url.removeprefix("https://docs.example/") for i in all_ids(index_dir)}
    assert urls == {"index.md": "", "guide/scroll.md": "guide/scroll", "ko/guide/scroll.md": "ko/guide/scroll"}
    assert {document(index_dir, i).language for i in urls} == {"en-us"}
    assert found(index_dir, "savedposition") == ["guide/scroll.md"]
    translation = "a translation (zh) of the site, whose language is en-us: --languages en-us,zh (or all) indexes it"
    assert skipped(report) == {"zh/index.md": translation, "zh/guide/scroll.md": translation}
    report = index(tmp_path / docs, index_dir, languages="all", **BASE)
    assert (report.added, report.updated, report.removed) == (2, 0, 0)
    chinese = document(index_dir, "zh/guide/scroll.md")
    assert (chinese.url, chinese.language) == ("https://docs.example/zh/guide/scroll", "zh")
    assert document(index_dir, "zh/index.md").url == "https://docs.example/zh/"
    assert found(index_dir, "savedposition lang:zh") == ["zh/guide/scroll.md"]


def test_a_vitepress_srcdir_holds_the_locales_folders(tmp_path: Path) -> None:
    """With `srcDir: 'src'`, indexed from the site's folder: src/zh/ is the locale zh, served at /zh/."""
    vitepress_site(tmp_path, "src/")
    write(tmp_path, "README.md", page("readmeword"))
    index_dir = tmp_path / "index"
    report = index(tmp_path, index_dir, languages="en-US", **BASE)  # a language as the config writes it
    assert all_ids(index_dir) == ["src/guide/scroll.md", "src/index.md", "src/ko/guide/scroll.md"]
    assert document(index_dir, "src/guide/scroll.md").url == "https://docs.example/guide/scroll"
    assert skipped(report)["src/zh/guide/scroll.md"] == "in zh: not among --languages en-us"
    assert "outside the site's src/ folder" in skipped(report)["README.md"]
    index(tmp_path, index_dir, languages="zh", **BASE)
    assert all_ids(index_dir) == ["src/zh/guide/scroll.md", "src/zh/index.md"]
    chinese = document(index_dir, "src/zh/guide/scroll.md")
    assert (chinese.url, chinese.language) == ("https://docs.example/zh/guide/scroll", "zh")


def test_a_vitepress_root_locale_without_a_lang_is_in_the_sites_lang(tmp_path: Path) -> None:
    config = "export default { lang: 'fr-FR', locales: { root: { label: 'Français' }, en: { label: 'English', lang: 'en-US' } } }\n"  # noqa: E501
    write(tmp_path, ".vitepress/config.mts", config)
    write(tmp_path, "start.md", page("frenchword"))
    write(tmp_path, "en/start.md", page("englishword"))
    report = index(tmp_path, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["start.md"]
    assert document(tmp_path / "index", "start.md").language == "fr-fr"
    assert skipped(report) == {
        "en/start.md": "a translation (en) of the site, whose language is fr-fr: --languages fr-fr,en (or all) "
        "indexes it"
    }


def test_a_vitepress_site_whose_translations_are_other_sites_is_of_one_language(tmp_path: Path) -> None:
    """Vite's config lists seven locales, each with a `link` to a site of its own (https://cn.vite.dev): a folder
    here named like one is pages like any, and no page is said to be in a language."""
    config = "export default { locales: { root: { label: 'English' }, zh: { label: '简体中文', link: 'https://cn.docs.example' } } }\n"  # noqa: E501
    write(tmp_path, ".vitepress/config.ts", config)
    write(tmp_path, "guide/scroll.md", page("scrollword"))
    write(tmp_path, "zh/notes.md", page("notesword"))
    report = index(tmp_path, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["guide/scroll.md", "zh/notes.md"] and not report.skipped
    assert document(tmp_path / "index", "zh/notes.md").language == ""


HUGO_BY_FOLDER = """defaultContentLanguage = 'en'
[languages.en]
contentDir = 'content/en'
weight = 1
[languages.fr]
contentDir = 'content/fr'
weight = 2
[languages.de]
contentDir = 'content/de'
disabled = true
"""


@pytest.mark.parametrize("docs", ["site", "site/content"])
def test_hugo_languages_in_content_folders_of_their_own(tmp_path: Path, docs: str) -> None:
    write(tmp_path, "site/hugo.toml", HUGO_BY_FOLDER)
    write(tmp_path, "site/content/en/about.md", page("englishword"))
    write(tmp_path, "site/content/en/posts/_index.md", page("postsword"))
    write(tmp_path, "site/content/fr/about.md", page("frenchword"))
    write(tmp_path, "site/content/de/about.md", page("germanword"))
    prefix = "content/" if docs == "site" else ""
    report = index(tmp_path / docs, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == [f"{prefix}en/about.md", f"{prefix}en/posts/_index.md"]
    assert document(tmp_path / "index", f"{prefix}en/about.md").url == "https://docs.example/about/"
    assert document(tmp_path / "index", f"{prefix}en/posts/_index.md").url == "https://docs.example/posts/"
    assert skipped(report) == {
        f"{prefix}de/about.md": "in a language (de) that the Hugo config disables: Hugo builds no page of it",
        f"{prefix}fr/about.md": "a translation (fr) of the site, whose language is en: --languages en,fr (or all) "
        "indexes it",
    }
    index(tmp_path / docs, tmp_path / "index", languages="all", **BASE)
    french = document(tmp_path / "index", f"{prefix}fr/about.md")
    assert (french.url, french.language) == ("https://docs.example/fr/about/", "fr")


def test_a_hugo_param_shortcode_reads_the_params_of_the_pages_language(tmp_path: Path) -> None:
    """OpenTelemetry's config gives each language its `params` (`languages: ja: params: notes: ...`): a page shows
    its own language's value of `{{% param %}}`, else the site's."""
    config = HUGO_BY_FOLDER + "[params]\nsupport = 'the zebracorn forum'\nhelp = 'Ask us.'\n"
    config += "[languages.fr.params]\nsupport = 'le forum narwhal'\n"
    write(tmp_path, "site/hugo.toml", config)
    shown = "Support: {{% param support %}}. {{< param help >}}\n"
    write(tmp_path, "site/content/en/about.md", "# About\n\n" + shown)
    write(tmp_path, "site/content/fr/about.md", "# À propos\n\n" + shown)
    index(tmp_path / "site", tmp_path / "index", languages="all", **BASE)
    assert found(tmp_path / "index", "zebracorn") == ["content/en/about.md"]
    assert found(tmp_path / "index", "narwhal") == ["content/fr/about.md"]
    assert sorted(found(tmp_path / "index", "ask")) == ["content/en/about.md", "content/fr/about.md"]


@pytest.mark.parametrize("mounts", [False, True])
def test_hugo_languages_in_folders_its_config_mounts_or_names_after_them(tmp_path: Path, mounts: bool) -> None:
    """OpenTelemetry's config (config/_default/hugo.yaml) declares 11 languages without a contentDir: a module
    file generated at build time mounts content/en, content/ja... Every English page was at /en/..., the
    site's translations were all indexed as pages of no language, and its layouts/ templates were pages too."""
    config = "defaultContentLanguage: en\nlanguages:\n  en:\n    weight: 1\n  ja:\n    weight: 2\n"
    english, japanese = ("site-en", "site-ja") if mounts else ("en", "ja")
    if mounts:  # Hugo's own way: a mount of each language's folder as the content, for that language
        config += (f"module:\n  mounts:\n    - source: content/{english}\n      target: content\n      lang: en\n"
                   f"    - source: content/{japanese}\n      target: content\n      lang: ja\n")  # fmt: skip
    write(tmp_path, "site/config/_default/hugo.yaml", config)
    write(tmp_path, f"site/content/{english}/docs/sampling.md", page("englishword"))
    write(tmp_path, f"site/content/{japanese}/docs/sampling.md", page("japaneseword"))
    write(tmp_path, "site/layouts/partials/footer.html", "<footer>{{ .Site.Title }}</footer>")
    write(tmp_path, "site/README.md", page("readmeword"))
    report = index(tmp_path / "site", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == [f"content/{english}/docs/sampling.md"]
    doc = document(tmp_path / "index", f"content/{english}/docs/sampling.md")
    assert (doc.url, doc.language) == ("https://docs.example/docs/sampling/", "en")
    assert "outside the site's content folders" in skipped(report)["layouts/partials/footer.html"]
    assert "outside the site's content folders" in skipped(report)["README.md"]
    assert "a translation (ja)" in skipped(report)[f"content/{japanese}/docs/sampling.md"]
    index(tmp_path / "site", tmp_path / "index", languages="all", **BASE)
    doc = document(tmp_path / "index", f"content/{japanese}/docs/sampling.md")
    assert (doc.url, doc.language) == ("https://docs.example/ja/docs/sampling/", "ja")


def test_hugo_translations_by_file_name(tmp_path: Path) -> None:
    config = "defaultContentLanguage: en\ndefaultContentLanguageInSubdir: true\nlanguages:\n  en:\n    weight: 1\n  fr:\n    weight: 2\n"  # noqa: E501
    write(tmp_path, "site/hugo.yaml", config)
    write(tmp_path, "site/content/about.md", page("englishword"))
    write(tmp_path, "site/content/about.fr.md", page("frenchword"))
    write(tmp_path, "site/content/posts/_index.fr.md", page("frpostsword"))
    write(tmp_path, "site/content/notes.v2.md", page("versionword"))  # v2 is no language: part of the name
    report = index(tmp_path / "site/content", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["about.md", "notes.v2.md"]
    assert document(tmp_path / "index", "about.md").url == "https://docs.example/en/about/"
    assert sorted(skipped(report)) == ["about.fr.md", "posts/_index.fr.md"]
    index(tmp_path / "site/content", tmp_path / "index", languages="en,fr", **BASE)
    urls = {doc_id: document(tmp_path / "index", doc_id).url for doc_id in all_ids(tmp_path / "index")}
    assert urls == {
        "about.md": "https://docs.example/en/about/",
        "about.fr.md": "https://docs.example/fr/about/",
        "notes.v2.md": "https://docs.example/en/notes.v2/",
        "posts/_index.fr.md": "https://docs.example/fr/posts/",
    }
    assert document(tmp_path / "index", "about.fr.md").language == "fr"


def test_a_hugo_site_of_one_language_is_as_before(tmp_path: Path) -> None:
    """One language in the config: no page is a translation, `x.fr.md` is a page like any, no language is said."""
    write(tmp_path, "site/hugo.toml", "[languages.en]\nweight = 1\n")
    write(tmp_path, "site/content/about.fr.md", page("frenchword"))
    report = index(tmp_path / "site/content", tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["about.fr.md"] and not report.skipped
    doc = document(tmp_path / "index", "about.fr.md")
    assert (doc.url, doc.language) == ("https://docs.example/about.fr/", "")


NEXTRA_CONFIG = """const withNextra = require("nextra")({ theme: "nextra-theme-docs" });

module.exports = withNextra({
  i18n: {
    locales: ["en-US", "zh-CN", "ja"],
    defaultLocale: "en-US",
  },
  redirects: () => [{ source: "/docs", destination: "/docs/api", statusCode: 301 }],
});
"""
NEXTRA_STRAY = "outside the site's pages/ folder (Next.js's pages): no page of the site"


def nextra_site(site: Path, config: str = NEXTRA_CONFIG) -> None:
    """swr-site's shape (Nextra 2): each page's locale in its name, as next.config.js's i18n writes it."""
    write(site, "next.config.js", config)
    write(site, "README.md", page("readmeword"))
    write(site, "pages/index.en-US.mdx", page("homeword"))
    write(site, "pages/index.zh-CN.mdx", page("zhhomeword"))
    write(site, "pages/docs/api.en-US.mdx", page("englishword"))
    write(site, "pages/docs/api.zh-CN.mdx", page("chineseword"))
    write(site, "pages/docs/api.ja.mdx", page("japaneseword"))
    write(site, "pages/docs/about.mdx", page("aboutword"))  # no locale: the default's (Nextra shows it in all)
    write(site, "pages/docs/notes.v2.mdx", page("versionword"))  # v2 is no locale: part of the name
    write(site, "pages/docs/_meta.zh-CN.json", '{"api": "API"}\n')


@pytest.mark.parametrize("docs", ["", "pages/"])
def test_a_nextra_site_holds_its_default_locale_at_urls_without_the_locale(tmp_path: Path, docs: str) -> None:
    """vercel/swr-site: 256 pages, `api.en-US.mdx`, `api.zh-CN.mdx`... in eight locales, were all indexed with no
    language, at /docs/api.en-US, and a search found the same page in three languages."""
    nextra_site(tmp_path)
    report = index(tmp_path / docs, tmp_path / "index", **BASE)
    pages = "pages/" if not docs else ""
    urls = {i: document(tmp_path / "index", i).url for i in all_ids(tmp_path / "index")}
    assert urls == {
        f"{pages}docs/about.mdx": "https://docs.example/docs/about",
        f"{pages}docs/api.en-US.mdx": "https://docs.example/docs/api",
        f"{pages}docs/notes.v2.mdx": "https://docs.example/docs/notes.v2",
        f"{pages}index.en-US.mdx": "https://docs.example/",
    }
    assert {document(tmp_path / "index", i).language for i in urls} == {"en-us"}
    translation = "a translation ({0}) of the site, whose language is en-us: --languages en-us,{0} (or all) indexes it"
    assert skipped(report) == {
        f"{pages}docs/api.ja.mdx": translation.format("ja"),
        f"{pages}docs/api.zh-CN.mdx": translation.format("zh-cn"),
        f"{pages}index.zh-CN.mdx": translation.format("zh-cn"),
    } | ({"README.md": NEXTRA_STRAY} if not docs else {})


def test_nextra_translations_come_with_the_languages_option_under_their_locales_paths(tmp_path: Path) -> None:
    nextra_site(tmp_path)
    index_dir = tmp_path / "index"
    index(tmp_path, index_dir, **BASE)
    report = index(tmp_path, index_dir, languages="all", **BASE)
    assert (report.added, report.updated, report.removed) == (3, 0, 0)
    chinese = document(index_dir, "pages/docs/api.zh-CN.mdx")
    assert (chinese.url, chinese.language) == ("https://docs.example/zh-CN/docs/api", "zh-cn")
    assert document(index_dir, "pages/index.zh-CN.mdx").url == "https://docs.example/zh-CN"  # no slash: Next.js
    assert document(index_dir, "pages/docs/api.ja.mdx").url == "https://docs.example/ja/docs/api"
    assert found(index_dir, "chineseword englishword lang:zh-CN") == ["pages/docs/api.zh-CN.mdx"]
    assert found(index_dir, "chineseword englishword lang:en-us") == ["pages/docs/api.en-US.mdx"]
    report = index(tmp_path, index_dir, languages="en-US", **BASE)  # a locale as the config writes it
    assert (report.added, report.removed) == (0, 3)
    report = index(tmp_path, index_dir, languages="zh-cn", **BASE)
    assert all_ids(index_dir) == ["pages/docs/api.zh-CN.mdx", "pages/index.zh-CN.mdx"]


@pytest.mark.parametrize(
    "config",
    [
        NEXTRA_CONFIG.replace('"zh-CN", "ja"', ""),  # one locale
        'module.exports = require("@next/mdx")()({ i18n: { locales: ["en-US", "zh-CN"], defaultLocale: "en-US" } });\n',
    ],
)
def test_a_nextjs_site_of_one_locale_or_without_nextra_is_as_before(tmp_path: Path, config: str) -> None:
    """A Next.js app that is no Nextra site (@next/mdx) reads no locale in a page's name."""
    nextra_site(tmp_path / "site", config)
    report = index(tmp_path / "site/pages", tmp_path / "index", **BASE)
    assert len(all_ids(tmp_path / "index")) == 7 and not report.skipped
    doc = document(tmp_path / "index", "docs/api.zh-CN.mdx")
    assert (doc.url, doc.language) == ("https://docs.example/docs/api.zh-CN", "")


def test_front_matter_never_makes_a_page_a_translation(tmp_path: Path) -> None:
    """A page's own `lang` or `locale` is no generator's file: it decides nothing."""
    write(tmp_path, "site/hugo.toml", HUGO_BY_FOLDER)
    write(tmp_path, "site/content/en/about.md", page("englishword", "lang: fr\nlocale: fr\ntranslationKey: a\n"))
    index(tmp_path / "site/content", tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["en/about.md"]
    assert document(tmp_path / "index", "en/about.md").language == "en"


def test_the_summary_gives_each_language_left_out_one_line(tmp_path: Path, indexer_main: Main) -> None:
    """Ten or more pages skipped by design: each reason two of them share is one line, with its count."""
    starlight_site(tmp_path)
    for n in range(4):
        write(tmp_path, f"src/content/docs/fr/more/page{n}.md", page(f"frword{n}"))
        write(tmp_path, f"src/content/docs/zh-cn/more/page{n}.md", page(f"zhword{n}"))
    ran = indexer_main(tmp_path, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    lines = [line.strip() for line in ran.err.splitlines()]
    assert lines[lines.index("skipped 11 file(s):") + 1 :][:3] == [
        f"README.md: {STRAY}",
        "5 files: a translation (fr) of the site, whose language is en: --languages en,fr (or all) indexes it "
        "(e.g. src/content/docs/fr/guides/setup.md, src/content/docs/fr/more/page0.md, "
        "src/content/docs/fr/more/page1.md)",
        "5 files: a translation (zh-cn) of the site, whose language is en: --languages en,zh-cn (or all) indexes "
        "it (e.g. src/content/docs/zh-cn/guides/setup.md, src/content/docs/zh-cn/more/page0.md, "
        "src/content/docs/zh-cn/more/page1.md)",
    ]


ASTRO_DOCS_CONFIG = """import starlight from '@astrojs/starlight';
import { localesConfig } from './config/locales';

const previewBranch = process.env.GITHUB_JOB !== 'linkcheck' && process.env.GITHUB_HEAD_REF;
const previewSite = previewBranch
\t? `https://${previewBranch}.previews.docs.example/`
\t: undefined;

const site = previewSite || 'https://docs.example/';

export default defineConfig({
\tsite,
\tintegrations: [starlight({ title: 'Docs', defaultLocale: 'en', locales: localesConfig })],
\ttrailingSlash: 'always',
});
"""
ASTRO_LOCALES = """export const localesConfig = {
\ten: { label: 'English', lang: 'en' },
\tfr: { label: 'Français', lang: 'fr' },
\t'pt-br': { label: 'Português do Brasil', lang: 'pt-BR' },
} satisfies StarlightUserConfig['locales'];
"""


def test_starlight_locales_imported_from_a_module_and_the_address_of_a_locales_folder(
    tmp_path: Path, indexer_main: Main
) -> None:
    """Astro's own docs import their locales from config/locales.ts (`locales: localesConfig`) and set `site`
    through two variables the environment may set: all 2,569 pages of 14 languages were indexed as one language,
    each search answered in several, and the summary advised `--base-url https://SITE`. Indexed from its English
    folder, it advised nothing right: its pages are served at https://docs.astro.build/en/..., with a slash."""
    write(tmp_path, "astro.config.ts", ASTRO_DOCS_CONFIG)
    write(tmp_path, "config/locales.ts", ASTRO_LOCALES)
    write(tmp_path, "src/content/docs/en/guides/setup.mdx", page("englishword"))
    write(tmp_path, "src/content/docs/fr/guides/setup.mdx", page("frenchword"))
    write(tmp_path, "src/content/docs/pt-br/guides/setup.mdx", page("portugueseword"))
    ran = indexer_main(tmp_path, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert all_ids(tmp_path / "index") == ["src/content/docs/en/guides/setup.mdx"]
    assert "src/content/docs/fr/guides/setup.mdx: a translation (fr) of the site, whose language is en" in ran.err
    assert "--base-url https://docs.example/ --drop-extensions cites them as the site does" in ran.err
    english = tmp_path / "src/content/docs/en"
    ran = indexer_main(english, "--index", tmp_path / "en", "--no-embeddings")
    assert "--base-url https://docs.example/en/ --drop-extensions cites them as the site does" in ran.err
    advised = ["--base-url", "https://docs.example/en/", "--drop-extensions"]
    indexer_main(english, "--index", tmp_path / "en", "--no-embeddings", *advised)
    assert document(tmp_path / "en", "guides/setup.mdx").url == "https://docs.example/en/guides/setup/"


def test_a_mintlify_site_holds_its_default_language_and_its_translations_on_demand(tmp_path: Path) -> None:
    """Mintlify's own docs keep es/, fr/ and zh/ beside the English pages (docs.json's navigation.languages, a
    language's entry often in a file of its own): 797 of 1,097 documents were translations, with no language to
    tell them by, crowding the English page out of the top five."""
    write(tmp_path, "docs.json", '{"$schema": "https://mintlify.com/docs.json", "navigation": {"languages": ['
          '{"language": "en", "tabs": []}, {"$ref": "./fr.json"}]}}\n')  # fmt: skip
    write(tmp_path, "fr.json", '{"language": "fr", "tabs": []}\n')
    write(tmp_path, "quickstart.mdx", page("englishword"))
    write(tmp_path, "fr/quickstart.mdx", page("frenchword"))
    report = index(tmp_path, tmp_path / "index", **BASE)
    assert all_ids(tmp_path / "index") == ["quickstart.mdx"]
    assert document(tmp_path / "index", "quickstart.mdx").language == "en"
    assert skipped(report) == {
        "fr/quickstart.mdx": "a translation (fr) of the site, whose language is en: --languages en,fr (or all) "
        "indexes it"
    }
    index(tmp_path, tmp_path / "index", languages="all", **BASE)
    french = document(tmp_path / "index", "fr/quickstart.mdx")
    assert (french.url, french.language) == ("https://docs.example/fr/quickstart", "fr")
    assert found(tmp_path / "index", "frenchword lang:fr") == ["fr/quickstart.mdx"]
