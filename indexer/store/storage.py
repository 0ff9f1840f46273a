"""The index directory: numbered generations, the CURRENT pointer, and the indexer's lock.

    INDEX/
      CURRENT          the name of the newest complete generation, e.g. "gen-000007"
      indexer.lock     held (flock) by the one indexer run allowed at a time
      gen-000006/      the previous complete generation, kept for readers still on it
      gen-000007/      whoosh/ (the passage index), postings/ (its scored fields as arrays, postings.py)
                       and docs.sqlite (documents, texts, run state)
      tmp-000008-123/  a generation being written; renamed to gen-000008 once complete
      models/<fp>/     the embedding models that generations' vectors/ name, built once (embed/model.py)
      embedding/<fp>/  vectors made but not yet published: an interrupted run's work (ingest/embedding.py)

A generation never changes once published, so readers see a consistent index without locks. A run that
dies leaves at most a tmp- folder, which the next run removes. Unchanged Whoosh segment files and postings
segments are hard-linked from the previous generation (neither is ever rewritten), so an update costs what
changed, plus a copy of docs.sqlite.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from indexer.errors import IndexLockedError, IndexWriteError

CURRENT = "CURRENT"
LOCK = "indexer.lock"
GEN_PREFIX = "gen-"
TMP_PREFIX = "tmp-"
WHOOSH_DIR = "whoosh"
POSTINGS_DIR = "postings"
DOCSTORE = "docs.sqlite"
MODELS_DIR = "models"
EMBEDDING_WORK_DIR = "embedding"
KEEP_GENERATIONS = 2


def generation_name(number: int) -> str:
    return f"{GEN_PREFIX}{number:06d}"


def generation_number(path: Path) -> int:
    return int(path.name.split("-")[1])


def current_generation(index_dir: Path) -> Path | None:
    """The newest complete generation, or None when nothing has been published."""
    try:
        name = (index_dir / CURRENT).read_text(encoding="ascii").strip()
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError):
        return None
    path = index_dir / name
    if not name.startswith(GEN_PREFIX) or not (path / DOCSTORE).is_file():
        return None
    return path


@contextlib.contextmanager
def writer_lock(index_dir: Path) -> Iterator[None]:
    """Hold the index's lock for a run; another holder makes this raise IndexLockedError at once.

    flock is released by the kernel when the process dies, so a killed run never leaves a stale lock.
    """
    with io_errors(index_dir):
        index_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(index_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise IndexLockedError(
                f"index {index_dir} is locked by another indexer run (pid {holder}); wait for it to finish or stop it"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        yield
    finally:
        os.close(fd)


def start_generation(index_dir: Path, previous: Path | None) -> tuple[Path, int]:
    """Make the folder of the next generation; with `previous`, seed it with that generation's files."""
    number = generation_number(previous) + 1 if previous else _highest_number(index_dir) + 1
    tmp = index_dir / f"{TMP_PREFIX}{number:06d}-{os.getpid()}"
    with io_errors(tmp):
        tmp.mkdir()
        if previous is None:
            (tmp / WHOOSH_DIR).mkdir()
            (tmp / POSTINGS_DIR).mkdir()
        else:
            _link_tree(previous / WHOOSH_DIR, tmp / WHOOSH_DIR)
            _link_tree(previous / POSTINGS_DIR, tmp / POSTINGS_DIR)
            shutil.copyfile(previous / DOCSTORE, tmp / DOCSTORE)
    return tmp, number


def publish(index_dir: Path, tmp: Path, number: int) -> Path:
    """Make a finished generation durable and current, atomically; then drop what readers no longer need."""
    final = index_dir / generation_name(number)
    with io_errors(final):
        for path in tmp.rglob("*"):
            if path.is_file():
                _fsync_file(path)
        os.rename(tmp, final)
        pointer = index_dir / f"{CURRENT}.tmp"
        pointer.write_text(final.name + "\n", encoding="ascii")
        _fsync_file(pointer)
        os.replace(pointer, index_dir / CURRENT)
        _fsync_dir(index_dir)
    remove_stale(index_dir)
    return final


def remove_stale(index_dir: Path) -> None:
    """Remove unfinished generations, generations newer than CURRENT (a run killed between renaming its folder
    and switching CURRENT: never published, and in the way of the next run's number), and all but the newest
    KEEP_GENERATIONS complete ones.

    Called only while holding the lock, so no tmp- folder belongs to a live run.
    """
    current = current_generation(index_dir)
    generations = sorted((p for p in index_dir.glob(f"{GEN_PREFIX}*") if p.is_dir()), key=generation_number)
    if current is not None:
        generations = [p for p in generations if generation_number(p) <= generation_number(current)]
    keep = set(generations[-KEEP_GENERATIONS:]) | ({current} if current else set())
    for path in index_dir.iterdir():
        if path.name.startswith(TMP_PREFIX) or (path.name.startswith(GEN_PREFIX) and path not in keep):
            shutil.rmtree(path, ignore_errors=True)


def discard(tmp: Path) -> None:
    shutil.rmtree(tmp, ignore_errors=True)


def _highest_number(index_dir: Path) -> int:
    numbers = [generation_number(p) for p in index_dir.glob(f"{GEN_PREFIX}*") if p.is_dir()]
    return max(numbers, default=0)


def _link_tree(source: Path, target: Path) -> None:
    target.mkdir()
    for path in source.iterdir():
        if path.name.endswith("_LOCK") or not path.is_file():
            continue
        try:
            os.link(path, target / path.name)
        except OSError:
            shutil.copyfile(path, target / path.name)


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def io_errors(path: Path) -> Iterator[None]:
    """Turn the OS errors of writing an index into IndexWriteError with a one-line reason."""
    try:
        yield
    except OSError as exc:
        reason = {
            errno.ENOSPC: "no space left on the device",
            errno.EACCES: "permission denied",
            errno.EROFS: "read-only file system",
            errno.EDQUOT: "disk quota exceeded",
        }.get(exc.errno or 0, exc.strerror or str(exc))
        raise IndexWriteError(f"cannot write the index at {path}: {reason}") from exc
