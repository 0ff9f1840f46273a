"""The shape of Docker's docs (docker/docs): CLI reference pages whose body is only a comment, their front matter
naming a data file (`datafolder`, `datafile`) that the site's `cli` layout shows: YAML of docker/cli-docs-tool's
shape, in the site's `data/` folder or in a vendored module (`_vendor/`) the config mounts there; and pages of
vendored modules mounted into the content (BuildKit's Dockerfile reference), served where the mount puts them."""

from __future__ import annotations

import time
from pathlib import Path

from support.folders import all_ids, document, found, index, skipped, text_of, warnings_of, write

HUGO_YAML = """baseURL: https://docs.example/
module:
  mounts:
    - source: assets
      target: assets
  imports:
    - path: github.com/example/compose/v2
      mounts:
        - source: docs/reference
          target: data/compose-cli
          includeFiles: "*.yaml"
    - path: github.com/example/buildkit
      mounts:
        - source: frontend/dockerfile/docs/reference.md
          target: content/reference/dockerfile.md
        - source: frontend/dockerfile/docs/rules
          target: content/reference/build-checks
          includeFiles: ["*.md", "*.yaml"]
          excludeFiles: draft.md
    - path: github.com/example/notvendored
      mounts:
        - source: docs
          target: content/elsewhere
"""

COMMENT = "\n<!--\nThis page is automatically generated from Docker's source code.\n-->\n"

RUN_YAML = """command: docker container run
aliases: docker container run, docker run
short: Create and run a new zebracorn container from an image
long: |-
    The `docker run` command runs a command in a new container.

    ### Heading of the long text
usage: docker container run [OPTIONS] IMAGE [COMMAND] [ARG...]
options:
    - option: publish
      shorthand: p
      value_type: list
      description: Publish a container's port(s) to the quokkaport host
      hidden: false
    - option: restart
      value_type: string
      default_value: "no"
      description: Restart policy (always|never)
      min_api_version: "1.25"
      hidden: false
    - option: secret-flag
      value_type: bool
      default_value: "false"
      description: Something hidden
      hidden: true
examples: |-
    ### Publish ports (-p)

    ```console
    $ docker run -p 127.0.0.1:80:8080/tcp nginx:alpine
    ```
deprecated: false
"""

COMPOSE_YAML = """command: docker compose
short: Docker Compose
long: Define and run multi-container applications with Docker
usage: docker compose
cname:
    - docker compose watch
clink:
    - docker_compose_watch.yaml
"""

WATCH_YAML = """command: docker compose watch
short: Watch build context for service and rebuild wombatsync containers when files are updated
usage: docker compose watch [SERVICE...]
options:
    - option: prune
      value_type: bool
      default_value: "true"
      description: Prune dangling images on rebuild
      hidden: false
"""


def _site(root: Path) -> None:
    write(root, "hugo.yaml", HUGO_YAML)
    write(root, "layouts/_default/cli.html", '{{ define "main" }}{{ .Params.datafile }}{{ end }}\n')
    write(root, "data/engine-cli/docker_container_run.yaml", RUN_YAML)
    vendored = "_vendor/github.com/example/compose/v2/docs/reference"
    write(root, f"{vendored}/docker_compose.yaml", COMPOSE_YAML)
    write(root, f"{vendored}/docker_compose_watch.yaml", WATCH_YAML)
    cli = "content/reference/cli/docker"
    front = "---\ndatafolder: {}\ndatafile: {}\ntitle: {}\nlayout: cli\n---\n"
    write(
        root,
        f"{cli}/container/run.md",
        front.format("engine-cli", "docker_container_run", "docker container run") + COMMENT,
    )
    write(root, f"{cli}/compose/_index.md", front.format("compose-cli", "docker_compose", "docker compose") + COMMENT)
    write(
        root,
        f"{cli}/compose/watch.md",
        front.format("compose-cli", "docker_compose_watch", "docker compose watch") + COMMENT,
    )
    write(root, "content/notes.md", "---\ndatafile: notes\ntitle: Notes\n---\nOwn words of the notes page.\n")
    write(root, "data/notes.yaml", "items: [1, 2]\n")  # no command's reference: the page stays as it is


def test_a_cli_reference_page_shows_its_commands_data(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index")
    text = text_of(tmp_path / "index", "content/reference/cli/docker/container/run.md")
    assert "Create and run a new zebracorn container from an image" in text
    assert "docker container run [OPTIONS] IMAGE [COMMAND] [ARG...]" in text
    assert "Aliases | docker run" in text  # the page's own title is no alias of itself
    assert "-p, --publish" in text and "quokkaport" in text
    assert "--restart | no | [API 1.25+] Restart policy (always|never)" in text
    assert "secret-flag" not in text  # hidden
    assert "$ docker run -p 127.0.0.1:80:8080/tcp nginx:alpine" in text
    assert "automatically generated" not in text  # the comment shows nothing
    assert found(tmp_path / "index", "quokkaport") == ["content/reference/cli/docker/container/run.md"]


def test_a_cli_section_lists_its_subcommands_from_a_vendored_modules_data(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index")
    section = text_of(tmp_path / "index", "content/reference/cli/docker/compose/_index.md")
    assert "Define and run multi-container applications with Docker" in section
    assert "Subcommands" in section and "docker compose watch | Watch build context" in section
    watch = text_of(tmp_path / "index", "content/reference/cli/docker/compose/watch.md")
    assert "--prune | true | Prune dangling images on rebuild" in watch
    assert "content/reference/cli/docker/compose/watch.md" in found(tmp_path / "index", "wombatsync")


def test_a_data_file_of_another_shape_leaves_the_page_as_it_is(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index")
    assert text_of(tmp_path / "index", "content/notes.md").strip() == "Own words of the notes page."


def test_indexed_from_its_content_folder_the_data_outside_is_refused_with_a_warning(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    report = index(tmp_path / "site/content", tmp_path / "index")
    why = skipped(report)["reference/cli/docker/container/run.md"]
    assert "outside the documents folder" in why and "--includes-from" in why
    index(tmp_path / "site/content", tmp_path / "index", includes_from=tmp_path / "site")
    assert "quokkaport" in text_of(tmp_path / "index", "reference/cli/docker/container/run.md")


def test_a_change_to_the_data_file_reads_the_page_again(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    index(tmp_path / "site", tmp_path / "index")
    time.sleep(0.01)
    write(tmp_path / "site", "data/engine-cli/docker_container_run.yaml", RUN_YAML.replace("quokkaport", "numbat"))
    report = index(tmp_path / "site", tmp_path / "index")
    assert not warnings_of(report, "content/reference/cli/docker/container/run.md")
    assert found(tmp_path / "index", "numbat") == ["content/reference/cli/docker/container/run.md"]


def test_hostile_data_is_bounded_and_never_raises(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    hostile = f'command: x\nusage: "a{"`" * 100_000}"\nshort: "{"|" * 100_000}"\noptions: [1, {{option: 5}}]\n'
    write(tmp_path / "site", "data/engine-cli/docker_container_run.yaml", hostile)
    write(tmp_path / "site", "content/bad.md", "---\ndatafile: ../../etc/passwd\ndatafolder: [1]\n---\nBad words.\n")
    start = time.monotonic()
    index(tmp_path / "site", tmp_path / "index")
    assert time.monotonic() - start < 20
    assert "Bad words." in text_of(tmp_path / "index", "content/bad.md")
    assert "a```" in text_of(tmp_path / "index", "content/reference/cli/docker/container/run.md")


def _vendored_pages(root: Path) -> None:
    write(root, "hugo.yaml", HUGO_YAML)
    write(root, "content/_index.md", "---\ntitle: Home\n---\nThe home page.\n")
    docs = "_vendor/github.com/example/buildkit/frontend/dockerfile/docs"
    write(
        root, f"{docs}/reference.md", "---\ntitle: Dockerfile reference\n---\n## COPY\n\nCOPY copies aardwolf files.\n"
    )
    write(root, f"{docs}/rules/_index.md", "---\ntitle: Build checks\n---\nRules that check a pangolin build.\n")
    write(root, f"{docs}/rules/copy-ignored-file.md", "---\ntitle: CopyIgnoredFile\n---\nA capybara rule.\n")
    write(root, f"{docs}/rules/renamed.md", "---\ntitle: Renamed\nslug: new-name\n---\nA renamed rule.\n")
    write(root, f"{docs}/rules/draft.md", "---\ntitle: Draft\n---\nAn excluded okapi rule.\n")
    write(root, f"{docs}/rules/notes.txt", "Not a page.\n")
    write(root, f"{docs}/rules/old/legacy.md", "---\ntitle: Legacy\n---\nA legacy gerenuk rule.\n")  # not *.md's
    write(root, f"{docs}/rules/spec.yaml", 'openapi: "3.0.0"\ninfo: {title: Rules API, version: "1"}\npaths: {}\n')
    write(root, f"{docs}/other.md", "---\ntitle: Other\n---\nA file no mount names.\n")


def test_pages_a_vendored_module_mounts_into_the_content_are_pages_where_the_mount_puts_them(tmp_path: Path) -> None:
    _vendored_pages(tmp_path / "site")
    report = index(tmp_path / "site", tmp_path / "index", base_url="https://docs.example/", drop_extensions=True)
    docs = "_vendor/github.com/example/buildkit/frontend/dockerfile/docs"
    assert found(tmp_path / "index", "aardwolf") == [f"{docs}/reference.md"]
    reference = document(tmp_path / "index", f"{docs}/reference.md")
    assert (reference.title, reference.url) == ("Dockerfile reference", "https://docs.example/reference/dockerfile/")
    assert document(tmp_path / "index", f"{docs}/rules/_index.md").url == "https://docs.example/reference/build-checks/"
    rule = document(tmp_path / "index", f"{docs}/rules/copy-ignored-file.md")
    assert rule.url == "https://docs.example/reference/build-checks/copy-ignored-file/"
    renamed = document(tmp_path / "index", f"{docs}/rules/renamed.md")
    assert renamed.url == "https://docs.example/reference/build-checks/new-name/"  # its slug, as Hugo serves it
    assert found(tmp_path / "index", "okapi") == []  # excludeFiles
    assert found(tmp_path / "index", "gerenuk") == []  # Hugo's `*.md` names the mounted folder's own files
    assert "outside the site's content/ folder" in skipped(report)[f"{docs}/rules/draft.md"]
    assert "outside the site's content/ folder" in skipped(report)[f"{docs}/other.md"]
    assert f"{docs}/rules/spec.yaml" not in all_ids(tmp_path / "index")  # a resource: no page of Hugo's


def test_the_sites_own_file_takes_the_place_a_vendored_module_mounts_a_page_at(tmp_path: Path) -> None:
    """A translation of Docker's docs keeps its own content/.../slsa-definitions.md where BuildKit's English one is
    mounted: Hugo serves the site's own, and both were pages at one URL."""
    _vendored_pages(tmp_path / "site")
    write(
        tmp_path / "site",
        "content/reference/dockerfile.md",
        "---\ntitle: Dockerfile 参考\n---\nCOPY 复制 tapir 文件。\n",
    )
    report = index(tmp_path / "site", tmp_path / "index", base_url="https://docs.example/", drop_extensions=True)
    docs = "_vendor/github.com/example/buildkit/frontend/dockerfile/docs"
    assert found(tmp_path / "index", "aardwolf") == []
    assert "content/reference/dockerfile.md takes its place" in skipped(report)[f"{docs}/reference.md"]
    own = document(tmp_path / "index", "content/reference/dockerfile.md")
    assert own.url == "https://docs.example/reference/dockerfile/"
    assert found(tmp_path / "index", "pangolin") == [f"{docs}/rules/_index.md"]  # no page there: still mounted


def test_mounts_that_climb_out_of_the_site_or_the_module_are_left_out(tmp_path: Path) -> None:
    site = tmp_path / "site"
    config = (
        "baseURL: https://docs.example/\nmodule:\n  imports:\n    - path: github.com/example/m\n      mounts:\n"
        "        - {source: ../../../../outside, target: content/a}\n        - {source: /etc, target: content/b}\n"
        "        - {source: docs, target: content/../../c}\n        - {source: docs, target: content/d}\n"
        "    - path: ../../outside\n      mounts: [{source: ., target: content/e}]\n"
    )
    write(site, "hugo.yaml", config)
    write(site, "content/_index.md", "---\ntitle: Home\n---\nThe home page.\n")
    write(site, "_vendor/github.com/example/m/docs/page.md", "---\ntitle: Page\n---\nA wombat page.\n")
    write(tmp_path, "outside/secret.md", "---\ntitle: Secret\n---\nA secret quetzal.\n")
    (site / "_vendor/github.com/example/m/docs/linked").symlink_to(tmp_path / "outside")
    index(site, tmp_path / "index", base_url="https://docs.example/", drop_extensions=True)
    assert (
        document(tmp_path / "index", "_vendor/github.com/example/m/docs/page.md").url == "https://docs.example/d/page/"
    )
    assert found(tmp_path / "index", "quetzal") == []
    assert all(not doc_id.startswith("..") for doc_id in all_ids(tmp_path / "index"))


def test_a_shortcode_whose_template_shows_one_argument_shows_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "hugo.yaml", HUGO_YAML)
    write(site, "layouts/shortcodes/release-date.html", '<em class="text-gray-400 italic">{{ .Get "date" }}</em>\n')
    write(site, "layouts/shortcodes/version.html", "{{ .Get 0 }}")
    notes = '## 4.48.0\n\n{{< release-date date="2025-10-09" >}}\n\nNew in {{< version "v4" >}}: a jackalope.\n'
    write(site, "content/release-notes.md", "---\ntitle: Release notes\n---\n" + notes)
    index(site, tmp_path / "index")
    text = text_of(tmp_path / "index", "content/release-notes.md")
    assert "4.48.0\n\n2025-10-09\n\nNew in v4: a jackalope." in text
    assert "release-date" not in text and "<em" not in text


def test_an_inline_shortcode_shows_its_text_without_its_actions_and_again_where_reused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "hugo.yaml", "baseURL: https://docs.example/\nenableInlineShortcodes: true\n")
    page = (
        '---\ntitle: Exceptions\n---\n{{< tabs >}}\n{{< tab name="Dashboard" >}}\n\n1. Select the vulnerability.\n\n'
        "{{% create_panel.inline %}}\nThe side panel opens: fill in the narwhal details.\n"
        "{{% /create_panel.inline %}}\n"
        '\n{{< /tab >}}\n{{< tab name="Desktop" >}}\n\n1. Open the images view.\n\n{{% create_panel.inline / %}}\n'
        "\n{{< /tab >}}\n{{< /tabs >}}\n\n{{% dockerfile.inline %}}\n"
        '{{ $data := resources.GetRemote "https://example.com/Dockerfile" }}\n```dockerfile\n{{ $data.Content }}\n```\n'
        "{{% /dockerfile.inline %}}\n\nThe end.\n"
    )
    write(site, "content/exceptions.md", page)
    index(site, tmp_path / "index")
    text = text_of(tmp_path / "index", "content/exceptions.md")
    assert text.count("The side panel opens: fill in the narwhal details.") == 2
    assert text.index("Open the images view.") < text.rindex("narwhal")
    assert "{{" not in text and "GetRemote" not in text and ".inline" not in text
    assert "The end." in text


def test_reuses_of_a_long_inline_shortcode_add_at_most_a_million_characters(tmp_path: Path) -> None:
    """Each `{{% x.inline / %}}` shows the body again: a page of them with a long body was gigabytes of text."""
    site = tmp_path / "site"
    write(site, "hugo.yaml", "baseURL: https://docs.example/\nenableInlineShortcodes: true\n")
    body = "The quokka panel. " * 2_000  # 36,000 characters
    reuses = "{{% panel.inline / %}}\n" * 60
    write(
        site,
        "content/p.md",
        f"# P\n\n{{{{% panel.inline %}}}}\n{body}\n{{{{% /panel.inline %}}}}\n{reuses}\nThe end.\n",
    )
    index(site, tmp_path / "index")
    text = text_of(tmp_path / "index", "content/p.md")
    assert 2_000 * 28 <= text.count("quokka") <= 2_000 * 29  # the body and the reuses within 1,000,000 characters
    assert text.rstrip().endswith("The end.")


def test_a_vendored_section_is_served_by_the_sites_permalinks_under_its_own_folder(tmp_path: Path) -> None:
    site = tmp_path / "site"
    config = (
        "baseURL: https://docs.example/\npermalinks:\n  page:\n    manuals: /:sections[1:]/:slugorfilename/\n"
        "  section:\n    manuals: /:sections[1:]/:slugorfilename/\nmodule:\n  imports:\n"
        "    - path: github.com/example/cli\n      mounts:\n        - source: docs/extend\n"
        "          target: content/manuals/engine/extend\n"
    )
    write(site, "hugo.yaml", config)
    write(site, "content/manuals/_index.md", "---\ntitle: Manuals\n---\nAll manuals.\n")
    write(site, "content/manuals/engine/_index.md", "---\ntitle: Engine\n---\nThe engine.\n")
    write(site, "_vendor/github.com/example/cli/docs/extend/_index.md", "---\ntitle: Plugins\n---\nManaged plugins.\n")
    write(site, "_vendor/github.com/example/cli/docs/extend/config.md", "---\ntitle: Config\n---\nPlugin config.\n")
    index(site, tmp_path / "index", base_url="https://docs.example/", drop_extensions=True)
    vendored = "_vendor/github.com/example/cli/docs/extend"
    assert document(tmp_path / "index", f"{vendored}/_index.md").url == "https://docs.example/engine/extend/"
    assert document(tmp_path / "index", f"{vendored}/config.md").url == "https://docs.example/engine/extend/config/"


def test_a_section_index_that_comes_later_moves_its_pages_under_the_permalinks(tmp_path: Path) -> None:
    site = tmp_path / "site"
    config = "baseURL: https://docs.example/\npermalinks:\n  page:\n    manuals: /:sections[1:]/:slugorfilename/\n"
    write(site, "hugo.yaml", config)
    write(site, "content/manuals/engine/extend/plugins.md", "---\ntitle: Plugins\n---\nSome plugin words.\n")
    settings = {"base_url": "https://docs.example/", "drop_extensions": True}
    index(site, tmp_path / "index", **settings)
    page = "content/manuals/engine/extend/plugins.md"
    assert document(tmp_path / "index", page).url == "https://docs.example/plugins/"  # extend/ is no section yet
    write(site, "content/manuals/engine/extend/_index.md", "---\ntitle: Extend\n---\nExtending the engine.\n")
    index(site, tmp_path / "index", **settings)
    assert document(tmp_path / "index", page).url == "https://docs.example/engine/extend/plugins/"
