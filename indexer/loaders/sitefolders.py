"""The folders where the config of the site a folder belongs to may lie (site_folders), for the site's detection
(ingest's sitedetect.py) and the loaders that look for it on their own (docfxproject.py), by the same rules."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

__all__ = ["site_folders"]


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
    home = os.path.expanduser("~")
    home = os.path.realpath(home) if home != "~" else ""
    folder = docs
    while True:
        yield folder
        parent = folder.parent
        if parent == folder or str(folder) == home or str(parent) == home or os.path.exists(folder / ".git"):
            return
        try:
            info = os.stat(parent)
        except OSError:
            return
        if info.st_dev != own.st_dev or info.st_uid != own.st_uid or info.st_mode & stat.S_IWOTH:
            return
        folder = parent
