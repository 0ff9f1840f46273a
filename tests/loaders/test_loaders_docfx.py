"""DocFX sites (dotnet/docfx's docs/, Microsoft Learn's repositories such as dotnet/docs-maui): a docfx.json above
pages written in DocFX-flavoured Markdown, whose includes, code snippets, `:::` extensions and cross references
the site shows as text and code."""

from __future__ import annotations

import json
from pathlib import Path

from support.folders import found, index, snapshot, warnings_of, write
from support.loaders import load

DOCFX_JSON = '{"build": {"content": [{"files": ["**/*.md"], "exclude": ["**/includes/**"]}]}}'

TUTORIAL = """---
title: Create a notes app
uid: tutorials.notes
---

# Create a notes app

> [!div class="checklist"]
> * Create the shell

[!INCLUDE [prerequisites](../includes/prereqs.md)]

1. Open the page. [!INCLUDE [inline](~/includes/product.md)] runs everywhere.

   :::code language="csharp" source="snippets/AboutPage.xaml.cs" id="learn_more" highlight="2":::

1. Add the model:

   [!code-csharp[Model](snippets/Note.cs#L3-L4)]

:::image type="content" source="media/shot.png" alt-text="The zebracorn notes list.":::

:::zone pivot="devices-android"

The :::no-loc text="Shell"::: hosts a <xref:Microsoft.Maui.Controls.ContentPage> and a
<xref:Microsoft.Maui.IView.Measure%2A?displayProperty=nameWithType> of a
<xref:Microsoft.Maui.Controls.Behavior%601>, see @Microsoft.Maui.Controls.Grid.

:::zone-end

> [!NOTE]
> Mail notes@example.com for help.

[!code-csharp[Gone](snippets/Missing.cs)]
:::code language="csharp" source="snippets/Note.cs" id="nowhere":::

```markdown
[!INCLUDE [shown](../includes/prereqs.md)]
```
"""

PREREQS = """---
ms.topic: include
---
You need the unicornfish SDK.

[!INCLUDE [nested](nested.md)]
"""

ABOUT_PAGE = """namespace Notes;

public partial class AboutPage : ContentPage
{
    //<learn_more>
    private async void LearnMore_Clicked(object sender, EventArgs e)
    {
        await Launcher.Default.OpenAsync("https://aka.ms/maui");
    }
    //</learn_more>
}
"""


def test_a_docfx_page_shows_its_includes_snippets_and_references(docs: Path, index_dir: Path) -> None:
    """A Learn tutorial's page held `[!INCLUDE` lines, `:::code` and `:::image` lines, zones and `xref:` names as
    written (dotnet/docs-maui's notes-app.md showed `language="csharp" source="./snippets/...":::` where its code
    is, and `xref:Microsoft.Maui.Controls.ContentPage` in its prose): each is what the site shows now, the
    included text and the snippet's lines; a missing file or snippet is a warning and the page is still read."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, ".openpublishing.publish.config.json", "{}")  # built by Learn, which finds the .NET API's uids
    write(docs, "tutorials/notes.md", TUTORIAL)
    write(docs, "includes/prereqs.md", PREREQS)
    write(docs, "includes/nested.md", "Nested zebrafinch text.\n")
    write(docs, "includes/product.md", "The quokkafly app\n")
    write(docs, "tutorials/snippets/AboutPage.xaml.cs", ABOUT_PAGE)
    write(docs, "tutorials/snippets/Note.cs", "namespace Notes;\n\npublic class Note\n{ public string Narwhalite; }\n")
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("tutorials/notes.md") or ""
    assert "You need the unicornfish SDK.\n\nNested zebrafinch text." in text
    assert "Open the page. The quokkafly app runs everywhere." in text
    assert (
        "private async void LearnMore_Clicked(object sender, EventArgs e)\n{\n"
        '    await Launcher.Default.OpenAsync("https://aka.ms/maui");\n}'
    ) in text
    assert "public class Note\n{ public string Narwhalite; }" in text and "namespace Notes" not in text
    assert "The zebracorn notes list." in text
    assert "The Shell hosts a ContentPage and a IView.Measure of a Behavior, see Grid." in text
    assert "Note\n\nMail notes@example.com for help." in text
    assert "[!INCLUDE [shown](../includes/prereqs.md)]" in text  # in code: as written
    for markup in (":::", "[!div", "xref:", "learn_more", "ms.topic", "checklist"):
        assert markup not in text.replace("[!INCLUDE [shown]", ""), markup
    assert found(index_dir, "narwhalite") == ["tutorials/notes.md"]
    assert found(index_dir, "zebrafinch") == ["tutorials/notes.md"]  # includes/ is no page: docfx.json excludes it
    warned = warnings_of(report, "tutorials/notes.md")
    assert any("snippets/Missing.cs does not exist" in w for w in warned), warned
    assert any("no snippet 'nowhere'" in w for w in warned), warned


def test_dfm_outside_a_docfx_project_is_left_as_written() -> None:
    """Without a docfx.json above it, `@name.part` and `[!INCLUDE` mean nothing special: a page elsewhere keeps
    them (a mention, a handle)."""
    doc = load("plain.md", b"# Plain\n\nAsk @octo.cat about [!INCLUDE [x](y.md)] here.\n")
    assert "Ask @octo.cat about [!INCLUDE x] here." in doc.sections[0].text  # the link's text, as CommonMark shows


def test_code_snippet_ranges_regions_and_queries(docs: Path, index_dir: Path) -> None:
    """`#L2`, `?range=1,3-`, `?name=x`, `#region` and a `range=` past the file's end, as DocFX reads them."""
    write(docs, "docfx.json", DOCFX_JSON)
    code = (
        "alpha();\nbeta();\n#region Setup\n    gamma();\n    #region Inner\n    delta();\n    #endregion\n#endregion\n"
    )
    write(docs, "Program.cs", code)
    page = (
        "# Snippets\n\n[!code-csharp[](Program.cs#L2)]\n\n[!code-csharp[](Program.cs?range=1,3-3)]\n\n"
        '[!code-csharp[](Program.cs#Setup)]\n\n:::code language="csharp" source="Program.cs" range="90-99":::\n'
    )
    write(docs, "snippets.md", page)
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("snippets.md") or ""
    assert text.endswith("beta();\n\nalpha();\n#region Setup\n\ngamma();\ndelta();")
    assert "#endregion" not in text and "Inner" not in text
    assert any("lines 90-99 are past its 9 lines" in w for w in warnings_of(report, "snippets.md"))


def test_tabs_stay_in_their_section(docs: Path, index_dir: Path) -> None:
    """dotnet/docs-aspire's `### Update the Aspire CLI` held `# [Bash](#tab/bash)` tabs: each was a heading of
    level 1 of its own, so the commands were no longer under the section they belong to; and a `---` that closes
    the group right after a line of text made that line a heading."""
    write(docs, "docfx.json", DOCFX_JSON)
    page = (
        "# Upgrade\n\n### Update the CLI\n\nFirst, update it:\n\n"
        "# [Bash](#tab/bash)\n\n```bash\ncurl zebracorn\n```\n\n"
        "# [PowerShell](#tab/powershell/windows)\n\nRun the unicornfish installer.\n---\n\n### Next\n\nDone.\n"
    )
    write(docs, "upgrade.md", page)
    index(docs, index_dir)
    doc = snapshot(index_dir)
    text = doc.text("upgrade.md") or ""
    tabs = "Bash\n\ncurl zebracorn\n\nPowerShell\n\nRun the unicornfish installer."
    assert f"First, update it:\n\n{tabs}\n\nNext\n\nDone." in text
    assert [p.heading for p in doc.passages("upgrade.md")] == ["Update the CLI", "Next"]
    assert "#tab" not in text and "---" not in text


def test_a_fence_in_an_html_comment_opens_no_code(docs: Path, index_dir: Path) -> None:
    """docs-maui's custom layouts page comments out a mermaid diagram, `<!-- ```mermaid` ... ```` ``` -->`: its last
    line was taken for a fence left open, and every cross reference after it stayed `xref:Microsoft.Maui...`."""
    write(docs, "docfx.json", DOCFX_JSON)
    comment = "<!-- ```mermaid\nsequenceDiagram\n``` -->"
    page = f"# Layouts\n\n{comment}\n\nThe view calls <xref:Microsoft.Maui.IView.Measure%2A>."
    write(docs, "custom.md", page)
    index(docs, index_dir)
    assert (snapshot(index_dir).text("custom.md") or "").endswith("The view calls Measure.")


def test_every_form_of_cross_reference_shows_a_name(docs: Path, index_dir: Path) -> None:
    """dotnet/docfx's links page: `@"uid?text=x"`, `<xref href=.../>`, `<a href="xref:..."/>` and `[](xref:...)`
    showed nothing, the uid with its query, or `@"...` as written, where DocFX shows a name."""
    write(docs, "docfx.json", DOCFX_JSON)
    page = (
        '# Links\n\nA @"System.String?text=zebracorn" one, <xref href="System.Collections.Immutable.ImmutableArray`1"'
        ' altProperty="name"/> two, <a href="xref:System.String.Length?displayProperty=nameWithType"/> three,'
        " [](xref:System.String?title=String+Class) four, <xref:System.Int32?displayProperty=fullName> five.\n"
    )
    write(docs, "links.md", page)
    index(docs, index_dir)
    text = snapshot(index_dir).text("links.md") or ""
    assert text.endswith("A zebracorn one, ImmutableArray two, String.Length three, String four, System.Int32 five.")


def test_a_reference_to_a_page_shows_its_title(docs: Path, index_dir: Path) -> None:
    """DocFX shows `<xref:articles.intro>` and `@intro-page` as the title of the page whose front matter gives that
    uid (its first heading when it has no title); the index showed `intro`, and `@intro-page` as written. A handle
    that no page gives stays as written; a changed title reads the referring page again."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "articles/intro.md", "---\nuid: articles.intro\ntitle: Introducing Zebracorns\n---\n\nText.\n")
    write(docs, "articles/start.md", "---\nuid: intro-page\n---\n# Getting `Started`\n\nText.\n")
    write(docs, "links.md", "# Links\n\nRead <xref:articles.intro> and @intro-page, ask @octocat.\n")
    index(docs, index_dir)
    assert (snapshot(index_dir).text("links.md") or "").endswith(
        "Read Introducing Zebracorns and Getting Started, ask @octocat."
    )
    write(docs, "articles/intro.md", "---\nuid: articles.intro\ntitle: Unicornfish Basics\n---\n\nText.\n")
    index(docs, index_dir)
    assert found(index_dir, "unicornfish") == ["articles/intro.md", "links.md"]


def test_an_include_that_leaves_a_fence_open_leaves_the_page_after_it_read(docs: Path, index_dir: Path) -> None:
    """DocFX renders an include as a document of its own: a fence that the included file never closes ends with it,
    where the page's later sections had become code, their cross references as written."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "includes/setup.md", "Run:\n\n```bash\ndotnet new zebracorn\n")
    page = "# Setup\n\n[!INCLUDE [setup](includes/setup.md)]\n\n## Later\n\nUse a <xref:System.String>.\n"
    write(docs, "setup.md", page)
    index(docs, index_dir)
    doc = snapshot(index_dir)
    assert (doc.text("setup.md") or "").endswith("dotnet new zebracorn\n\nLater\n\nUse a String.")
    assert [p.heading for p in doc.passages("setup.md")] == ["Setup", "Later"]


def test_a_file_named_many_times_is_read_once_for_the_page(docs: Path, index_dir: Path) -> None:
    """Each snippet and each cross reference read its file again, against the page's include budget (the size
    limit, all its files together): sixty of them to long files took it all, and the later snippets were left out."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "big.md", "---\nuid: big.page\ntitle: The Big Page\n---\n\n# Big\n\n" + "Filler text.\n" * 8_000)
    write(docs, "Big.cs", "// <main>\nvar zebracorn = 1;\n// </main>\n" + "// filler\n" * 10_000)
    parts = [f"[!code-csharp[](Big.cs#main)]\n\nSee <xref:big.page> ({n}).\n" for n in range(12)]
    write(docs, "many.md", "# Many\n\n" + "\n".join(parts))
    report = index(docs, index_dir, max_file_size=1.0)
    text = snapshot(index_dir).text("many.md") or ""
    assert text.count("var zebracorn = 1;") == 12
    assert text.count("See The Big Page (") == 12
    assert warnings_of(report, "many.md") == []


def test_an_at_reference_docfx_cannot_find_stays_as_written(docs: Path, index_dir: Path) -> None:
    """`@Model.Title` in prose was always a cross reference, shown as `Title`: DocFX finds no such uid and leaves it
    as written. An API's uid is a name where docfx.json names xref maps (or Learn builds the site), a page's always."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "razor.md", "# Razor\n\nShow @Model.Title, a @System.String and @Zebracorn.Widget here.\n")
    index(docs, index_dir)
    assert (snapshot(index_dir).text("razor.md") or "").endswith(
        "Show @Model.Title, a @System.String and @Zebracorn.Widget here."
    )
    xrefs = '{"build": {"content": [{"files": ["**/*.md"]}], "xref": ["https://github.com/dotnet/docfx/raw/main/.xrefmap.json"]}}'
    write(docs, "docfx.json", xrefs)
    index(docs, index_dir)
    assert (snapshot(index_dir).text("razor.md") or "").endswith(
        "Show @Model.Title, a String and @Zebracorn.Widget here."
    )


def test_a_docfx_json_above_another_generators_site_leaves_its_pages_alone(tmp_path: Path) -> None:
    """A Docusaurus site in `website/` of a repository whose root holds docfx.json: its `:::note Heads up` lost its
    title (a DFM line of markup) and `@dotnet.bot` showed `bot`; the site's detection finds Docusaurus there."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write(repo, "docfx.json", DOCFX_JSON)
    write(repo, "website/docusaurus.config.js", "module.exports = { title: 'Site' };\n")
    page = "# Page\n\n:::note Heads up\n\nZebracorn text.\n\n:::\n\nThanks to @dotnet.bot for <xref:System.String>.\n"
    write(repo, "website/docs/page.md", page)
    index(repo / "website", tmp_path / "index")
    text = snapshot(tmp_path / "index").text("docs/page.md") or ""
    assert "Heads up" in text and "Thanks to @dotnet.bot for xref:System.String." in text


def test_a_docfx_json_in_a_folder_anyone_may_write_to_is_no_project(tmp_path: Path) -> None:
    """Outside a repository the climb for docfx.json reached `/`: one left in a world-writable folder above DOCS
    (/tmp) made its pages DocFX's, which the site's detection refuses, and its pages' uids were walked."""
    shared = tmp_path / "shared"
    write(shared, "docfx.json", DOCFX_JSON)
    write(shared, "docs/page.md", "# Page\n\nSee <xref:System.String> here.\n")
    shared.chmod(0o777)
    index(shared / "docs", tmp_path / "index")
    assert (snapshot(tmp_path / "index").text("page.md") or "").endswith("See xref:System.String here.")


def test_the_uids_of_pages_outside_where_files_may_be_read_are_not_looked_for(tmp_path: Path) -> None:
    """docfx.json above DOCS: its pages outside DOCS were walked for their uids, and a reference to one warned that
    the page lay outside the documents folder (and showed the uid's last part)."""
    project = tmp_path / "project"
    write(project, "docfx.json", DOCFX_JSON)
    write(project, "private/secret.md", "---\nuid: secret-notes\ntitle: Secret Notes\n---\n\nText.\n")
    write(project, "docs/page.md", "# Page\n\nSee @secret-notes here.\n")
    report = index(project / "docs", tmp_path / "index")
    assert (snapshot(tmp_path / "index").text("page.md") or "").endswith("See @secret-notes here.")
    assert warnings_of(report, "page.md") == []


def test_an_at_reference_to_the_projects_own_api_shows_its_name(docs: Path, index_dir: Path) -> None:
    """Where docfx.json's `metadata` builds the API of the project's own code (dotnet/docfx's docs: `src/Docfx.Dotnet/
    *.csproj`), `@Contoso.Widgets.Gadget` is a link DocFX shows as `Gadget`: it stayed as written, `@` and
    namespace. A uid a page gives still shows that page's title; a handle, and Razor's `@Edit.TagToolbar(...)` in
    the prose of a project whose API lies in other namespaces (2sxc's docs), stay as written."""
    metadata = {"metadata": [{"src": [{"files": ["src/Contoso.Widgets/*.csproj"], "src": ".."}], "dest": "api"}]}
    write(docs, "docfx.json", DOCFX_JSON[:-1] + ", " + json.dumps(metadata)[1:])
    write(docs, "intro.md", "---\nuid: Contoso.Intro\ntitle: Zebracorn Basics\n---\n\nText.\n")
    page = "# Api\n\nMake a @Contoso.Widgets.Gadget, call @Contoso.Widgets.Gadget.Run*, read @Contoso.Intro"
    page += ", ask @octocat, add @Edit.TagToolbar(Content).\n"
    write(docs, "api.md", page)
    index(docs, index_dir)
    assert (snapshot(index_dir).text("api.md") or "").endswith(
        "Make a Gadget, call Run, read Zebracorn Basics, ask @octocat, add @Edit.TagToolbar(Content)."
    )


def test_an_at_reference_to_an_api_learn_resolves_shows_its_name(tmp_path: Path) -> None:
    """docs-aspire's `@Aspire.Hosting.DistributedApplication` on a Learn site: Learn's .NET API browser holds
    Aspire's API, as it holds System's; the page showed the uid as written."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write(repo, ".openpublishing.publish.config.json", "{}")
    write(repo, "docfx.json", DOCFX_JSON)
    write(
        repo, "docs/host.md", "# Host\n\nThe @Aspire.Hosting.DistributedApplication runs, as @Zebracorn.Widget stays.\n"
    )
    index(repo, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("docs/host.md") or ""
    assert text.endswith("The DistributedApplication runs, as @Zebracorn.Widget stays.")


def test_a_reference_to_a_page_not_there_shows_its_title_once_the_page_comes(docs: Path, index_dir: Path) -> None:
    """`<xref:guides.care>` to a uid that no page gives yet shows its last part; once a page in another folder
    gives it, the referring page shows that page's title, though the referring page itself did not change; until
    then, a run with nothing changed reads nothing again."""
    write(docs, "docfx.json", DOCFX_JSON)
    write(docs, "links.md", "# Links\n\nRead <xref:guides.care> first.\n")
    index(docs, index_dir)
    assert (snapshot(index_dir).text("links.md") or "").endswith("Read care first.")
    assert index(docs, index_dir).updated == 0  # (watching the folders reads nothing again until one changes)
    write(docs, "articles/deep/care.md", "---\nuid: guides.care\ntitle: Caring for Zebracorns\n---\n\nText.\n")
    index(docs, index_dir)
    assert (snapshot(index_dir).text("links.md") or "").endswith("Read Caring for Zebracorns first.")
