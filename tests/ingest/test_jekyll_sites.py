"""Jekyll sites of home-assistant.io's shape: a `_config.yml` at the repository's root whose `source: source` names
the folder of the pages, collections (`_integrations/`, `_docs/`) served under a permalink ending in a slash."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import Main, all_ids, document, found, index, text_of, warnings_of, write

CONFIG = """url: https://www.home-assistant.io
permalink: /blog/:year/:month/:day/:title/
source: source
collections:
  integrations:
    output: true
  docs:
    output: true
"""
PAGE = "---\ntitle: {title}\n---\n\nThe {title} zebracorn page.\n"


def _site(root: Path) -> None:
    (root / ".git").mkdir(parents=True)
    write(root, "_config.yml", CONFIG)
    write(root, "README.md", "# Home Assistant website\n\nHow to build it.\n")
    write(root, "source/_integrations/mqtt.markdown", PAGE.format(title="MQTT"))
    write(root, "source/_docs/automation/trigger.markdown", PAGE.format(title="Automation Trigger"))
    write(root, "source/getting-started/index.markdown", PAGE.format(title="Getting started"))
    write(root, "source/_includes/integrations/config_flow.md", "## Configuration\n\nA fragment.\n")


@pytest.mark.parametrize(("docs", "prefix"), [("repo", "source/"), ("repo/source", "")])
def test_a_jekyll_sites_source_folder_holds_its_pages_served_as_folders(
    tmp_path: Path, indexer_main: Main, docs: str, prefix: str
) -> None:
    """home-assistant.io indexed from its root lost every integration's page (`source/_integrations/` was a
    folder Jekyll keeps for itself), and indexed from source/ was no Jekyll site at all (its _includes/ and
    _layouts/ were pages)."""
    _site(tmp_path / "repo")
    ran = indexer_main(tmp_path / docs, "--index", tmp_path / "advice", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "--base-url https://www.home-assistant.io/ --url-extension html cites them as the site does" in ran.err
    index_dir = tmp_path / "index"
    ran = indexer_main(tmp_path / docs, "--index", index_dir, "--no-embeddings", "--base-url",
                       "https://www.home-assistant.io/", "--url-extension", "html")  # fmt: skip
    assert ran.code == 0, ran.err
    pages = ["_docs/automation/trigger.markdown", "_integrations/mqtt.markdown", "getting-started/index.markdown"]
    assert all_ids(index_dir) == [prefix + page for page in pages]
    urls = [document(index_dir, prefix + page).url for page in pages]
    assert urls == [
        "https://www.home-assistant.io/docs/automation/trigger/",
        "https://www.home-assistant.io/integrations/mqtt/",
        "https://www.home-assistant.io/getting-started/",
    ]
    assert f"{prefix}_includes/integrations/config_flow.md: in a file or folder Jekyll keeps" in ran.err
    if prefix:
        assert "README.md: outside the Jekyll site's source folder (source/, the config's `source`)" in ran.err


INTEGRATION = """---
title: MQTT
---

To change it, go to **{% my integrations title="Settings > Devices & services" %}** or {% my helpers %}.
Every {% term integration %} and each {% term "Home Assistant Operating System" HAOS %} can publish.
{% my config_flow_start badge domain=mqtt %}

{% details "Advanced broker settings" icon="mdi:cursor-hand" %}
Client certificates and the zephyrquartz protocol version.
{% enddetails %}

{% important %}
The broker must be reachable.
{% endimportant %}

{% tip title="Testing" %}
Use the zephyrquartz tool.
{% endtip %}

{% details "Publishing with `mqtt.publish`" %}
Retained messages.
{% enddetails %}

{% configuration %}
broker:
  description: The hostname of your MQTT broker.
  required: true
  type: string
port:
  description: The network port of the broker.
  required: false
  default: 1883
  type: integer
birth_message:
  description: Birth message that is sent when the connection is made.
  required: false
  type: map
  keys:
    topic:
      description: The topic of the birth message.
      required: true
      type: string
{% endconfiguration %}

```yaml
{% configuration %}
kept: as written
```
"""


def test_home_assistants_liquid_tags_show_what_its_site_renders(tmp_path: Path, indexer_main: Main) -> None:
    """home-assistant.io's pages read "Every  can", "go to ** Settings > Devices & services **", lost the title of
    each {% details %} block and each alert's kind, and showed each {% configuration %} block as a run of YAML keys."""
    _site(tmp_path / "repo")
    write(tmp_path / "repo", "source/_integrations/mqtt.markdown", INTEGRATION)
    index_dir = tmp_path / "index"
    ran = indexer_main(tmp_path / "repo/source", "--index", index_dir, "--no-embeddings")
    assert ran.code == 0, ran.err
    text = text_of(index_dir, "_integrations/mqtt.markdown")
    assert "go to Settings > Devices & services or Helpers. Every integration and each HAOS can publish." in text
    assert "Advanced broker settings\n\nClient certificates and the zephyrquartz protocol version." in text
    assert "Publishing with mqtt.publish\n\nRetained messages." in text  # a code span in its title
    assert "Important\n\nThe broker must be reachable.\n\nTip: Testing\n\nUse the zephyrquartz tool." in text
    assert (
        "Configuration Variables\n\nbroker (string, required): The hostname of your MQTT broker.\n"
        "port (integer, optional, default: 1883): The network port of the broker.\n"
        "birth_message (map, optional): Birth message that is sent when the connection is made.\n"
        "topic (string, required): The topic of the birth message."
    ) in text
    assert "{% configuration %}\nkept: as written" in text  # in code, as written
    assert (
        "description:" not in text and "Config Flow Start" not in text and "{%" not in text.split("kept: as")[0][:-19]
    )


CONFIG_FLOW = """{% capture name %}{{ include.name | default: page.title }}{% endcapture %}

## Configuration

To add the **{{ name }}** {% unless page.kind == 'virtual' %}{{ page.kind | default: "integration" }}{% else %}\
integration{% endunless %}, select **{% my config_flow_start icon %}**.
{% include integrations/steps.md %}
{% if include.discovery or page.ha_zeroconf %}
{{ name }} can be auto-discovered.
{% elsif site.title %}
Undecided site branch.
{% else %}
Set {{ name }} up by hand.
{% endif %}
"""


@pytest.mark.parametrize("docs", ["repo", "repo/source"])
def test_a_jekyll_pages_includes_show_the_included_files_text(tmp_path: Path, indexer_main: Main, docs: str) -> None:
    """Each of home-assistant.io's integration pages includes integrations/config_flow.md, the section on adding
    it: the tag was taken out and the section with it. Its `{{ name }}` is the page's title, or the parameter; its
    conditions on the page's front matter and the parameters pick a branch (every page said "can be auto-discovered").
    """
    root = tmp_path / "repo"
    _site(root)
    write(root, "source/_includes/integrations/config_flow.md", CONFIG_FLOW)
    write(root, "source/_includes/integrations/steps.md", "Follow the zebracorn steps on screen.\n")
    mqtt_page = PAGE.format(title="MQTT").replace("---\n\n", "ha_zeroconf: true\n---\n\n")
    write(root, "source/_integrations/mqtt.markdown", mqtt_page + "\n{% include integrations/config_flow.md %}\n")
    write(
        root,
        "source/_integrations/zha.markdown",
        PAGE.format(title="ZHA")
        + '\n{% include integrations/config_flow.md name="Zigbee" %}\n\n'
        + "```\n{% include integrations/config_flow.md %}\n```\n"
        + "{% include_relative near.md %}\n{% include integrations/gone.md %}\n",
    )
    write(root, "source/_integrations/near.md", "Text kept beside the page.\n")
    index_dir = tmp_path / "index"
    ran = indexer_main(tmp_path / docs, "--index", index_dir, "--no-embeddings")
    assert ran.code == 0, ran.err
    prefix = "source/" if docs == "repo" else ""
    mqtt = text_of(index_dir, f"{prefix}_integrations/mqtt.markdown")
    assert "Configuration\n\nTo add the MQTT integration, select Add Integration.\n\nFollow the zebracorn steps" in mqtt
    zha = text_of(index_dir, f"{prefix}_integrations/zha.markdown")
    assert "MQTT can be auto-discovered." in mqtt and "by hand" not in mqtt and "Undecided" not in mqtt
    assert "To add the Zigbee integration" in zha and "Text kept beside the page." in zha
    assert "Undecided site branch.\n\nSet Zigbee up by hand." in zha and "auto-discovered" not in zha
    assert "{% include integrations/config_flow.md %}" in zha  # in code, as written
    assert "included file integrations/gone.md does not exist" in ran.err


def test_a_jekyll_include_in_code_or_raw_shows_as_written(tmp_path: Path) -> None:
    """jekyllrb.com's pages show `{% raw %}{% include footer.html %}{% endraw %}`: Jekyll puts nothing in there,
    nor (as templates.py keeps tags) in a code span; both read the include's text."""
    _site(tmp_path)
    write(tmp_path, "source/_includes/footer.md", "The quokkafoot footer.\n")
    page = "Write `{% include footer.md %}` or {% raw %}{% include footer.md %}{% endraw %} in a page.\n"
    write(tmp_path, "source/guide.md", page)
    index(tmp_path, tmp_path / "index", embeddings=False)
    assert "Write {% include footer.md %} or {% include footer.md %} in a page." in text_of(
        tmp_path / "index", "source/guide.md"
    )
    assert found(tmp_path / "index", "quokkafoot") == []


def test_a_jekyll_output_in_raw_shows_as_written(tmp_path: Path) -> None:
    """jekyllrb.com's pages show `{% raw %}{{ page.title }}{% endraw %}` as written, on one line or over several;
    an output outside raw is filled in (outputs and includes read raw blocks alike)."""
    _site(tmp_path)
    page = (
        "---\ntitle: Zebracorn guide\n---\n\nThe title {{ page.title }} or {% raw %}{{ page.title }}{% endraw %}.\n\n"
        "{% raw %}\nLiteral {{ page.title }} here.\n{% endraw %}\n"
    )
    write(tmp_path, "source/guide.md", page)
    index(tmp_path, tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "source/guide.md")
    assert "The title Zebracorn guide or {{ page.title }}." in text
    assert "Literal {{ page.title }} here." in text


def test_a_change_to_a_jekyll_configs_includes_dir_reads_the_page_again(tmp_path: Path) -> None:
    """Where `{% include x %}` reads from is the config's (`source`, `includes_dir`): changing it reads the pages
    that include files again on the next run, without --rebuild, as a change to mkdocs.yml does."""
    _site(tmp_path)
    write(tmp_path, "source/_includes/steps.md", "The narwhalbell steps.\n")
    write(tmp_path, "source/_other/steps.md", "The unicornfish steps.\n")
    write(tmp_path, "source/guide.md", "# Guide\n\n{% include steps.md %}\n")
    index(tmp_path, tmp_path / "index", embeddings=False)
    assert found(tmp_path / "index", "narwhalbell") == ["source/guide.md"]
    write(tmp_path, "_config.yml", CONFIG + "includes_dir: _other\n")
    index(tmp_path, tmp_path / "index", embeddings=False)
    assert found(tmp_path / "index", "unicornfish") == ["source/guide.md"]
    assert found(tmp_path / "index", "narwhalbell") == []


def test_a_jekyll_include_of_many_parameters_stays_within_the_size_limit(tmp_path: Path) -> None:
    """Each `{{ include.x }}` of an include is its parameter, up to 500 characters: a 300 KB file of outputs read
    as 9 MB; what filling them in adds counts against the size limit, as the bytes read do."""
    _site(tmp_path)
    write(tmp_path, "source/_includes/many.md", "{{ include.x }}" * 20_000 + "\n")
    parameter = "y" * 450
    write(tmp_path, "source/guide.md", f'# Guide\n\nThe okapiglow guide.\n\n{{% include many.md x="{parameter}" %}}\n')
    report = index(tmp_path, tmp_path / "index", embeddings=False, max_file_size=1)
    assert warnings_of(report, "source/guide.md") == [
        "included file many.md passes the size limit once its values are filled in (1 MB)"
    ]
    assert found(tmp_path / "index", "okapiglow") == ["source/guide.md"]


@pytest.mark.parametrize("docs", ["repo", "repo/source"])
def test_a_jekyll_sites_outputs_read_its_config_and_the_data_in_its_source_folder(tmp_path: Path, docs: str) -> None:
    """`{{ site.data.x }}` is `_data/x.yml` in the source folder (home-assistant.io's source/_data/), and indexed
    from that folder, `{{ site.title }}` is the config's above it, read without a warning for each page (as the
    site's detection reads it): the data was looked for beside the config, and the config refused as outside."""
    root = tmp_path / "repo"
    _site(root)
    write(root, "_config.yml", CONFIG + "title: Home Assistant\n")
    write(root, "source/_data/versions.yml", "python: 3.13\n")
    write(
        root,
        "source/guide.md",
        "# Guide\n\nThe {{ site.title }} okapiglow needs Python {{ site.data.versions.python }}.\n",
    )
    report = index(tmp_path / docs, tmp_path / "index", embeddings=False)
    guide = "source/guide.md" if docs == "repo" else "guide.md"
    assert "The Home Assistant okapiglow needs Python 3.13." in text_of(tmp_path / "index", guide)
    assert report.warnings == ()


TABLE = """<div class="scroller">
<table>
  <tbody>
  {% for var in include.scope -%}
    <tr>
      <td><p><code>{{ var.name }}</code></p></td>
    </tr>
  {% endfor -%}
  </tbody>
</table>
</div>
"""


def test_a_jekyll_include_in_a_sentence_stays_in_it_and_its_html_is_no_code(tmp_path: Path) -> None:
    """jekyllrb.com's "Since Jekyll {% include docs_version_badge.html version="4.0" %}, you can" read as three
    paragraphs ("Since Jekyll", "4.0", ", you can"); its table of variables, indented HTML after a line that a
    Liquid loop left blank, showed `<tr>` and `<td>` as code."""
    _site(tmp_path)
    write(tmp_path, "source/_includes/badge.html", '<span class="badge">{{ include.version }}</span>\n')
    write(tmp_path, "source/_includes/table.html", TABLE)
    page = 'Since Jekyll {% include badge.html version="4.0" %}, okapiglow works.\n\n{% include table.html %}\n'
    write(tmp_path, "source/guide.md", page)
    index(tmp_path, tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "source/guide.md")
    assert "Since Jekyll 4.0, okapiglow works." in text
    assert "<" not in text


def test_an_include_a_jekyll_sites_theme_gives_is_no_warning(tmp_path: Path) -> None:
    """minimal-mistakes' posts each begin with `{% include toc %}`, from the theme's gem, not in the repository: a
    warning on every page; the site's own includes are put in place, and one outside the site still refused."""
    write(tmp_path, "outside/secret.md", "The narwhalbell secret.\n")
    write(tmp_path, "site/_config.yml", "remote_theme: mmistakes/minimal-mistakes\n")
    write(tmp_path, "site/_includes/mine.md", "The okapiglow include.\n")
    page = "# Post\n\n{% include toc %}\nThe quokkafoot post.\n\n{% include mine.md %}\n"
    write(tmp_path, "site/post.md", page + "{% include ../../outside/secret.md %}\n")
    report = index(tmp_path / "site", tmp_path / "index", embeddings=False)
    assert found(tmp_path / "index", "okapiglow") == ["post.md"] and not found(tmp_path / "index", "narwhalbell")
    assert warnings_of(report, "post.md") == [
        "../../outside/secret.md is outside the documents folder: not included (give --includes-from a folder that "
        "holds both)"
    ]


def test_a_config_left_in_a_folder_anyone_may_write_to_fills_no_page(tmp_path: Path) -> None:
    """A page's loaders look for its site's config above it as the site's detection does: not in a folder such
    as /tmp, where anyone could leave a `_config.yml` whose values would then show on the pages of any folder
    below it that is no repository (before, `{{ site.title }}` showed the planted title)."""
    shared = tmp_path / "shared"
    write(shared, "_config.yml", "title: Planted Title\n")
    write(shared, "notes/guide.md", "# Guide\n\nThe {{ site.title }} okapiglow guide.\n")
    shared.chmod(0o1777)
    index(shared / "notes", tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "guide.md")
    assert "okapiglow guide" in text
    assert "Planted" not in text
