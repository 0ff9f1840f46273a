"""An Elixir project whose guides ExDoc publishes on hexdocs.pm (Phoenix's shape: mix.exs at the root, naming its
extras in guides/ and depending on ex_doc): each page is served from the docs' root by its file's name alone."""

from __future__ import annotations

from pathlib import Path

from support.folders import Main, document

MIX_EXS = """defmodule Phoenix.MixProject do
  use Mix.Project

  def project do
    [app: :phoenix, version: "1.7.0", docs: docs(), deps: deps()]
  end

  defp deps do
    [{:plug, "~> 1.14"}, {:ex_doc, "~> 0.29", only: :docs}]
  end

  defp docs do
    [main: "overview", extras: ["guides/introduction/overview.md", "guides/cheatsheets/router.cheatmd", "README.md"]]
  end
end
"""

NO_DOCS_MIX_EXS = """defmodule Kv.MixProject do
  use Mix.Project

  def project do
    [app: :kv, version: "0.1.0", deps: [{:jason, "~> 1.4"}]]
  end
end
"""


def _project(root: Path, mix_exs: str) -> None:
    (root / ".git").mkdir(parents=True)
    (root / ".git/HEAD").write_text("ref: refs/heads/main\n")
    (root / "mix.exs").write_text(mix_exs)
    (root / "guides/introduction").mkdir(parents=True)
    (root / "guides/cheatsheets").mkdir()
    (root / "guides/introduction/Up and Running.md").write_text("# Up and Running\n\nA new application.\n")
    (root / "guides/introduction/overview.md").write_text("# Overview\n\nPhoenix is a web framework.\n")
    (root / "guides/cheatsheets/router.cheatmd").write_text('# Router\n\n## Routes\n{: .col-2}\n\nget "/"\n')
    (root / "README.md").write_text("# Phoenix\n\nPeace of mind.\n")


def test_a_guide_in_a_folder_is_served_by_its_name_alone(tmp_path: Path, indexer_main: Main) -> None:
    """hexdocs.pm/phoenix/overview.html, not .../introduction/overview.html, which it does not serve."""
    _project(tmp_path / "repo", MIX_EXS)
    index = tmp_path / "index"
    ran = indexer_main(tmp_path / "repo/guides", "--index", index, "--no-embeddings")
    assert (
        "the site's config says it is served at https://hexdocs.pm/phoenix/: --base-url https://hexdocs.pm/phoenix/ "
        "--url-extension html cites them as the site does" in ran.err
    )
    indexer_main(tmp_path / "repo/guides", "--index", index, "--no-embeddings", "--base-url",
                 "https://hexdocs.pm/phoenix/", "--url-extension", "html")  # fmt: skip
    assert document(index, "introduction/overview.md").url == "https://hexdocs.pm/phoenix/overview.html"
    assert document(index, "introduction/Up and Running.md").url == "https://hexdocs.pm/phoenix/up-and-running.html"
    assert document(index, "cheatsheets/router.cheatmd").url == "https://hexdocs.pm/phoenix/router.html"


def test_from_the_repository_root_the_readme_is_an_extra_too(tmp_path: Path, indexer_main: Main) -> None:
    _project(tmp_path / "repo", MIX_EXS)
    index = tmp_path / "index"
    indexer_main(tmp_path / "repo", "--index", index, "--no-embeddings", "--base-url", "https://hexdocs.pm/phoenix/",
                 "--url-extension", "html")  # fmt: skip
    assert document(index, "README.md").url == "https://hexdocs.pm/phoenix/readme.html"
    assert document(index, "guides/introduction/overview.md").url == "https://hexdocs.pm/phoenix/overview.html"


def test_a_mix_project_without_exdoc_keeps_the_shared_rules(tmp_path: Path, indexer_main: Main) -> None:
    """A mix.exs that names no extras and no ex_doc is no site: its pages keep their paths, and nothing is said."""
    _project(tmp_path / "repo", NO_DOCS_MIX_EXS)
    index = tmp_path / "index"
    ran = indexer_main(tmp_path / "repo/guides", "--index", index, "--no-embeddings")
    assert "ExDoc" not in ran.err and "hexdocs" not in ran.err
    indexer_main(tmp_path / "repo/guides", "--index", index, "--no-embeddings", "--base-url", "https://x.test/",
                 "--url-extension", "html")  # fmt: skip
    assert document(index, "introduction/overview.md").url == "https://x.test/introduction/overview.html"
