"""The folders where the config of the site a folder belongs to may lie (site_folders), for the site's detection
(ingest's sitedetect.py) and the loaders that look for it, or for a project's file a page depends on, on their own
(project_folders: includes.folders_up()), by the same rules; and a folder that a site's config names inside the
site (site_folder: Hugo's `contentDir`, Jekyll's `source`, `_data` and `_includes` folders)."""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterator
from pathlib import Path

__all__ = ["project_folders", "site_folder", "site_folders"]


def site_folders(docs: Path) -> Iterator[Path]:
    """DOCS, then the folders above it where the config of the site it belongs to may lie, nearest first.

    The climb ends at the repository's root (the folder holding `.git`, looked at: beyond it lies another
    project). Outside a repository it would reach `/`, so it also stops before a folder that is no part of the
    same project: the user's home folder (holding all their projects: a config file there is none of theirs;
    DOCS itself is looked at even when it is the home folder) and all above it, a folder on another file system
    (DOCS's mount point is the last looked at), one owned by another user than DOCS (/home, /srv: a site whose
    root belongs to another user than its pages is not seen), and one that anyone may write to (/tmp: anyone
    could leave a config there that changes every URL)."""
    try:
        own = os.stat(docs)
    except OSError:
        return
    home = _home()
    folder = docs
    while True:
        yield folder
        parent = folder.parent
        if parent == folder or _ends(str(folder), str(parent), own, home):
            return
        folder = parent


def project_folders(start: str) -> Iterator[str]:
    """site_folders() of a folder given as an absolute path (a page's folder), as strings: looked for on every
    page, it spares making Paths."""
    try:
        own = os.stat(start)
    except OSError:
        return
    home = _home()
    folder = start
    while True:
        yield folder
        parent = os.path.dirname(folder)
        if parent == folder or _ends(folder, parent, own, home):
            return
        folder = parent


def _home() -> str:
    """The user's home folder, as a real path ("" when there is none)."""
    return _real_home(os.path.expanduser("~"))


@functools.lru_cache(maxsize=4)
def _real_home(home: str) -> str:
    return os.path.realpath(home) if home != "~" else ""


def _ends(folder: str, parent: str, own: os.stat_result, home: str) -> bool:
    """Whether the climb from `folder` stops before its `parent` (site_folders()), `own` being where it began."""
    if home in (folder, parent) or os.path.exists(os.path.join(folder, ".git")):
        return True
    try:
        info = os.stat(parent)
    except OSError:
        return True
    return info.st_dev != own.st_dev or info.st_uid != own.st_uid or bool(info.st_mode & stat.S_IWOTH)


def site_folder(value: object) -> str:
    """A folder a config names relative to the site's (Hugo's `contentDir`, VitePress's `srcDir`, a Docusaurus
    plugin's `path`...) as "content/"; "" when it names none, or one outside the site (absolute, `..`, `C:`)."""
    if not isinstance(value, str):
        return ""
    parts = [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or value.strip().startswith("/") or ":" in parts[0]:
        return ""
    return "/".join(parts) + "/"
