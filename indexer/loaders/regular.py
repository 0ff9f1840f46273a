"""Reading a file that a documents folder holds, whatever it is: opened without blocking, and read only when it is
a regular file. Opened for reading, a named pipe waits for a writer, for ever: a FIFO named book.toml, SUMMARY.md,
_config.yml or the access file held the whole run. (The scanner, the includes and the jobs read pages so too.)
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["read_regular"]


def read_regular(path: str | os.PathLike[str], size: int = -1) -> bytes:
    """The first `size` bytes of the regular file at `path` (all of it when `size` is -1). OSError when it cannot
    be read, as open() raises it (FileNotFoundError when it is not there), or when it is anything but a regular
    file (a folder, a named pipe, a device)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", os.fspath(path))
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(size)
    finally:
        os.close(fd)
