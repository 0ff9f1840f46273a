"""JavaScript projects' documentation read as their sites show it, found by indexing real ones: Ionic's
(Docusaurus, its examples kept in static/ and imported by the pages), Electron's (plain Markdown whose ```fiddle
blocks show a folder of example files) and tRPC's (Docusaurus)."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, snapshot, write

IONIC_CONFIG = "module.exports = { url: 'https://ionicframework.com', baseUrl: '/docs/' };\n"
# Ionic's playground: a JavaScript attribute four braces deep, and with its file list over 1,000 characters long
PLAYGROUND = """import Playground from '@site/src/components/global/Playground';

import javascript from './javascript.md';
import angular_example_component_html from './angular/example_component_html.md';

<Playground
  version="9"
  code={{
    javascript,
    angular: {
      files: {
        'src/app/example.component.html': angular_example_component_html,%s
      },
    },
  }}
  src="usage/v9/accordion/basic/demo.html"
  size="210px"
/>
"""
ACCORDION = """---
title: ion-accordion
---
import Basic from '@site/static/usage/v9/accordion/basic/index.md';

Accordions provide zebracorn collapsible sections.

## Basic Usage

<Basic />

Toggle them with the value property.
"""


def test_a_component_whose_attribute_nests_braces_four_deep_leaves_no_markup(tmp_path: Path) -> None:
    """Every example on Ionic's API pages is a `<Playground code={{ angular: { files: {...} } }} />` in a partial
    from static/: braces four deep (three were read) and some 2,000 characters long, it stood in the text whole."""
    site = tmp_path / "ionic-docs"
    write(site, "docusaurus.config.js", IONIC_CONFIG)
    more_files = "".join(f"\n        'src/app/file{n:03}.component.ts': angular_file_{n:03}_ts," for n in range(30))
    write(site, "static/usage/v9/accordion/basic/index.md", PLAYGROUND % more_files)
    write(site, "docs/api/accordion.md", ACCORDION)
    index(site, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("docs/api/accordion.md") or ""
    assert "zebracorn collapsible sections" in text and "Toggle them with the value property." in text
    assert "Playground" not in text and "code={{" not in text and "angular_example" not in text
