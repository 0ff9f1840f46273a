"""The shapes of infrastructure tools' documentation sites: Traefik's MkDocs site (tabbed examples, pages pulled
in with include-markdown) and GoReleaser's Hugo site on the Hextra theme (tabs, its own include shortcode)."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, text_of, write

TRAEFIK_MKDOCS = "site_name: Traefik\ndocs_dir: content\nmarkdown_extensions:\n  - pymdownx.superfences\n"

TRAEFIK_BASICAUTH = """---
title: "Traefik BasicAuth Documentation"
---

## Configuration Examples

```yaml tab="Structured (YAML)"
http:
  middlewares:
    test-auth:
      basicAuth:
        users: ["test:$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/"]
```

```yaml tab="Labels"
labels:
  - "traefik.http.middlewares.test-auth.basicauth.users=test:$$apr1$$H6uskkkW"
```

```yaml tab="Kubernetes" title="middleware.yaml"
kind: Middleware
```
"""


def test_a_traefik_example_shows_the_label_of_its_tab_above_its_code(docs: Path, index_dir: Path) -> None:
    """Traefik writes each example once per way of configuring it, the tab's label in the fence (superfences'
    older `tab="Labels"`): without the label the reader cannot tell the Docker labels from the file provider."""
    write(docs, "mkdocs.yml", TRAEFIK_MKDOCS)
    write(docs, "content/middlewares/basicauth.md", TRAEFIK_BASICAUTH)
    index(docs, index_dir)
    text = text_of(index_dir, "content/middlewares/basicauth.md")
    assert "Structured (YAML)\nhttp:\n  middlewares:" in text
    assert 'Labels\nlabels:\n  - "traefik.http' in text
    assert "Kubernetes\nmiddleware.yaml\nkind: Middleware" in text
    assert 'tab="' not in text
