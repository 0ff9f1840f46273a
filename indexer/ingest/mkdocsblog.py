"""Material for MkDocs' blog plugin (`plugins: [blog]`, or `material/blog`; several instances may be): where it
publishes the posts of its posts folder, and which it does not publish, as its source (material/plugins/blog/)
decides.

- Its posts are the Markdown files whose path in docs_dir starts with its `post_dir` (`{blog}/posts`, `{blog}`
  being its `blog_dir`, "blog" by default; compared as text, as the plugin compares them). It makes no page of
  the posts folder: each post is served at blog_dir joined with its `post_url_format` (`{date}/{slug}` by
  default: hatch's `blog/posts/release-hatch-1100.md` is `blog/2024/05/02/hatch-v1100/`), and the folder's
  other files (a post's images, a PDF) from blog_dir (`blog/posts/x/a.pdf` is `blog/x/a.pdf`).
- `{date}`: the front matter `date` (a date, a date and time, or a mapping whose `created` is one), read as
  front matter dates are read elsewhere (frontmatter.written_date), in the plugin's `post_url_date_format`
  (a CLDR pattern, `yyyy/MM/dd` by default, of which year, month and day numbers and literal text are made).
- `{slug}`: the front matter `slug`, else the post's title slugged as the plugin's default `post_slugify` does
  (pymdownx.slugs.slugify(case="lower"), since Material 9.4.12: NFC, HTML tags dropped, lower case, all but
  letters, digits, `_`, `-` and spaces dropped, each space `post_slugify_separator`). The title is the front
  matter `title`, else the one the page was indexed with: its first level-1 heading, as the plugin takes the
  `# heading` that opens the post, else its file's name. A slugify function the config names (a Python tag)
  is not run: the default is taken.
- `{categories}`: its first `post_url_max_categories` categories, slugged the same way; `{file}`: its file's
  name.
- A post whose date, title or slug cannot be read, or whose path the format does not make, keeps its file's
  path, with a warning (MkDocs stops the build there).
- A post whose front matter says `draft: true` is not published, unless the plugin's `draft: true` publishes
  drafts (its `draft_if_future_date`, which depends on the day of the build, is not followed).
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from indexer.loaders.frontmatter import written_date

PLUGINS = frozenset({"blog", "material/blog"})
MAX_BLOGS = 20  # instances of the plugin read
_PAGE_SUFFIXES = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")  # MkDocs' documentation pages
_STATIC_SUFFIXES = (".html", ".htm", ".xml", ".json")  # its static pages: not moved with a post's media files
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_DATE_FIELD = re.compile(r"'((?:[^']|'')*)'|''|([A-Za-z])\2*|[^'A-Za-z]+")  # quoted text, a field, literal text
_NOT_SLUG = re.compile(r"[^\w\- ]")  # what pymdownx's slugify drops


class Unreadable(ValueError):
    """A post whose path on the site cannot be made: the message says what of it could not be read."""


@dataclass(frozen=True)
class Blog:
    """One instance of the plugin, as mkdocs.yml configures it (paths in docs_dir, without a trailing /)."""

    blog_dir: str = "blog"
    post_dir: str = "blog/posts"
    url_format: str = "{date}/{slug}"
    url_date_format: str = "yyyy/MM/dd"
    max_categories: int = 1
    separator: str = "-"
    categories_separator: str = "-"
    drafts: bool = False  # its `draft: true`: drafts are published

    def holds(self, path: str) -> bool:
        """Whether the file at `path` in docs_dir lies in the posts folder (as text: the plugin's test)."""
        return path.startswith(self.post_dir)

    def moved(self, path: str) -> str | None:
        """Where a file of the posts folder that is no page (an image, a PDF) is served from, in docs_dir."""
        if not self.holds(path) or path.lower().endswith(_PAGE_SUFFIXES + _STATIC_SUFFIXES):
            return None
        return posixpath.normpath(self.blog_dir + path[len(self.post_dir) :])

    def post_path(self, path: str, front_matter: Mapping[str, Any], title: str) -> str:
        """The path of the post at `path` in docs_dir, as a page's path in docs_dir (`blog/2024/05/02/x.md`,
        whose URL MkDocs then makes); Unreadable when it cannot be made."""
        values = {"date": lambda: self._date(front_matter), "slug": lambda: self._slug(front_matter, title),
                  "categories": lambda: self._categories(front_matter), "file": lambda: _file_name(path)}  # fmt: skip

        def filled(match: re.Match[str]) -> str:
            if match.group(1) is None:
                return match.group(0)[0]
            if match.group(1) not in values:
                raise Unreadable(f"the blog's post_url_format {self.url_format!r} names {match.group(0)}")
            return values[match.group(1)]()

        made = posixpath.normpath(_PLACEHOLDER.sub(filled, self.url_format).strip("/"))
        if made in (".", "..") or made.startswith(("../", "/")) or not made.isprintable() or len(made) > 500:
            raise Unreadable(f"its blog's post_url_format makes no path of it ({made[:80]!r})")
        return posixpath.normpath(posixpath.join(self.blog_dir, made)) + ".md"

    def _date(self, front_matter: Mapping[str, Any]) -> str:
        written = front_matter.get("date")
        created = written.get("created") if isinstance(written, dict) else written
        date = written_date(created)
        if date is None:
            shown = "none" if written is None else repr(written)[:60]
            raise Unreadable(f"its front matter date ({shown}) is no date (2024-05-02, or created: 2024-05-02)")
        made = _formatted(date.year, date.month, date.day, self.url_date_format)
        if made is None:
            raise Unreadable(f"the blog's post_url_date_format {self.url_date_format!r} is not made here")
        return made

    def _slug(self, front_matter: Mapping[str, Any], title: str) -> str:
        slug = front_matter.get("slug")
        if slug is not None and not isinstance(slug, str):
            raise Unreadable(f"its front matter slug ({repr(slug)[:60]}) is no text")
        if slug:
            return slug
        if "title" in front_matter:
            title = front_matter["title"]
            if not isinstance(title, str):
                raise Unreadable(f"its front matter title ({repr(title)[:60]}) is no text, to make its slug of")
        return slugified(title, self.separator)

    def _categories(self, front_matter: Mapping[str, Any]) -> str:
        categories = front_matter.get("categories", [])
        if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
            raise Unreadable("its front matter categories are no list of names")
        first = list(dict.fromkeys(categories))[: max(self.max_categories, 0)]
        return "/".join(slugified(category, self.categories_separator) for category in first)


def blogs(plugins: list[tuple[str, dict[str, Any]]]) -> tuple[Blog, ...]:
    """The blogs of mkdocs.yml's plugins (mkdocsyml.plugin_entries) that are enabled. An option given as something
    else than its type (a Python tag, read as nothing) keeps its default."""
    found = [_blog(options) for name, options in plugins if name in PLUGINS and options.get("enabled") is not False]
    return tuple(found[:MAX_BLOGS])


def _blog(options: Mapping[str, Any]) -> Blog:
    def option(name: str, kind: type, default: Any) -> Any:
        value = options.get(name)
        right = isinstance(value, bool) if kind is bool else isinstance(value, kind) and not isinstance(value, bool)
        return value if right else default

    blog_dir = posixpath.normpath(option("blog_dir", str, "blog").strip() or ".")
    post_dir = posixpath.normpath(option("post_dir", str, "{blog}/posts").replace("{blog}", blog_dir))
    return Blog(
        blog_dir,
        post_dir,
        option("post_url_format", str, "{date}/{slug}"),
        option("post_url_date_format", str, "yyyy/MM/dd"),
        option("post_url_max_categories", int, 1),
        option("post_slugify_separator", str, "-"),
        option("categories_slugify_separator", str, "-"),
        option("draft", bool, False),
    )


def slugified(text: str, separator: str) -> str:
    """`text` as pymdownx.slugs.slugify(case="lower") makes it a slug: NFC, HTML tags dropped, stripped, lower
    case, all but letters, digits, `_`, `-` and spaces dropped, each space `separator`."""
    text = unicodedata.normalize("NFC", text)
    kept, at = [], 0
    while (start := text.find("<", at)) != -1 and (end := text.find(">", start + 1)) != -1:  # its `</?[^>]*>`
        kept.append(text[at:start])
        at = end + 1
    kept.append(text[at:])
    return _NOT_SLUG.sub("", "".join(kept).strip().lower()).replace(" ", separator)


def _formatted(year: int, month: int, day: int, pattern: str) -> str | None:
    """A day in a CLDR date pattern, as Babel formats it (`yyyy/MM/dd` is 2024/05/02, `y` 2024, `yy` 24, `M` 5,
    `d` 2, `'text'` the text); None for a pattern with other fields (a month's name, a weekday, a time)."""
    made = []
    for match in _DATE_FIELD.finditer(pattern):
        quoted, field, whole = match.group(1), match.group(2), match.group(0)
        if quoted is not None or whole == "''":
            made.append("'" if whole == "''" else quoted.replace("''", "'"))
        elif field is None:
            made.append(whole)
        elif field == "y":
            made.append(str(year).zfill(len(whole))[-2:] if len(whole) == 2 else str(year).zfill(len(whole)))
        elif field in "Md" and len(whole) <= 2:
            made.append(str(month if field == "M" else day).zfill(len(whole)))
        else:
            return None
    return "".join(made)


def _file_name(path: str) -> str:
    """MkDocs' name of a page's file: its stem, `index` for a README."""
    stem = PurePosixPath(path).stem
    return "index" if stem == "README" else stem


def is_page(path: str) -> bool:
    """Whether MkDocs makes a page of the file (a Markdown file)."""
    return path.lower().endswith(_PAGE_SUFFIXES)
