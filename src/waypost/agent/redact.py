"""Keep values typed into password fields out of what a run writes to disk.

Until Waypost has a secrets mechanism, a task carries its credentials in words ("log in as
alice/…"). Whatever the agent types into a password field is a *secret* of the run: it is
replaced by ``*`` in the checkpoint file (as each step is saved, and in the steps saved before
the secret was known, once the run stops) and in the :class:`~waypost.agent.runner.RunResult`
(what ``waypost run --out`` writes).

The checkpoint bytes are rewritten with a mask of the same length, so the serialized data
stays valid. Secrets shorter than :data:`MIN_SECRET` characters are masked in results only:
in raw bytes they could match the structure of the data itself.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from waypost.agent.critical import is_secret_field
from waypost.config.secrets import PLACEHOLDER

log = logging.getLogger(__name__)

MIN_SECRET = 4
# How long a connection to the checkpoint file waits for another run's write: runs of one data
# dir share the file, and a loaded machine can hold a write for seconds.
BUSY_SECONDS = 30.0
WAL_TRIES = 6
MASK = "*"
_SCRUBBED = (("checkpoints", "checkpoint"), ("checkpoints", "metadata"), ("writes", "value"))


def typed_secret(tool: Any, args: Any) -> str | None:
    """The value of a ``type`` call into a password field, or ``None``."""
    if tool != "type" or not isinstance(args, Mapping):
        return None
    text = args.get("text")
    if isinstance(text, str) and PLACEHOLDER.fullmatch(text.strip()):
        return None  # a named secret: the placeholder is all the run ever holds
    if isinstance(text, str) and text and is_secret_field(str(args.get("target") or "")):
        return text
    return None


def find_secrets(obj: Any, found: set[str] | None = None, _depth: int = 0) -> set[str]:
    """Values typed into password fields anywhere in ``obj`` (trail records, tool calls)."""
    found = set() if found is None else found
    if _depth > 12:
        return found
    if isinstance(obj, Mapping):
        secret = typed_secret(obj.get("tool", obj.get("name")), obj.get("args"))
        if secret:
            found.add(secret)
        for value in obj.values():
            if isinstance(value, Mapping | list | tuple) or hasattr(value, "tool_calls"):
                find_secrets(value, found, _depth + 1)
    elif isinstance(obj, list | tuple):
        for value in obj:
            find_secrets(value, found, _depth + 1)
    calls = getattr(obj, "tool_calls", None)
    if isinstance(calls, list):
        find_secrets(calls, found, _depth + 1)
    return found


def _spellings(secret: str) -> set[bytes]:
    """The secret as it appears in raw UTF-8 and inside JSON strings."""
    forms = {secret.encode("utf-8", "surrogatepass")}
    for ascii_only in (True, False):
        forms.add(json.dumps(secret, ensure_ascii=ascii_only)[1:-1].encode("utf-8", "surrogatepass"))
    return {f for f in forms if f}


def mask_bytes(data: bytes, secrets: Iterable[str]) -> bytes:
    """``data`` with every spelling of every secret (of at least MIN_SECRET chars) masked in place."""
    for secret in secrets:
        if len(secret) < MIN_SECRET:
            continue
        for form in _spellings(secret):
            if form in data:
                data = data.replace(form, MASK.encode() * len(form))
    return data


def mask_text(text: str, secrets: Iterable[str]) -> str:
    for secret in sorted(secrets, key=len, reverse=True):
        if secret:
            text = text.replace(secret, MASK * len(secret))
    return text


def mask_data(obj: Any, secrets: Iterable[str]) -> Any:
    """A copy of JSON-like data (dicts, lists, strings) with the secrets masked in every string."""
    secrets = [s for s in secrets if s]
    if not secrets:
        return obj
    if isinstance(obj, str):
        return mask_text(obj, secrets)
    if isinstance(obj, Mapping):
        return {k: mask_data(v, secrets) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return type(obj)(mask_data(v, secrets) for v in obj)
    return obj


class RedactingSerializer:
    """A checkpoint serializer that masks the run's secrets in every blob it writes.

    Args:
        inner: The saver's own serializer.
        secrets: The run's known secrets; new ones found in what is saved are added.
    """

    def __init__(self, inner: Any, secrets: set[str]) -> None:
        self.inner = inner
        self.secrets = secrets

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        find_secrets(obj, self.secrets)
        kind, data = self.inner.dumps_typed(obj)
        return kind, mask_bytes(data, self.secrets) if self.secrets else data

    def loads_typed(self, data: tuple[str, bytes]) -> Any:
        return self.inner.loads_typed(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def scrub_checkpoints(path: Path | str, thread_id: str, secrets: Iterable[str]) -> int:
    """Mask the secrets in every saved step of a thread, old bytes included. Returns rows changed.

    ``secure_delete`` overwrites the freed space, and the write-ahead log is emptied, so the
    secret does not stay behind in the file's unused pages.
    """
    secrets = [s for s in secrets if len(s) >= MIN_SECRET]
    if not secrets or str(path) == ":memory:" or not Path(path).exists():
        return 0
    changed = 0
    with contextlib.closing(sqlite3.connect(str(path), timeout=BUSY_SECONDS)) as db:
        db.execute("PRAGMA secure_delete=ON")
        for table, column in _SCRUBBED:
            try:
                rows = db.execute(f"SELECT rowid, {column} FROM {table} WHERE thread_id = ?", (thread_id,))
                updates = []
                for rowid, value in rows.fetchall():
                    raw = value.encode("utf-8") if isinstance(value, str) else value
                    if isinstance(raw, bytes):
                        masked = mask_bytes(raw, secrets)
                        if masked != raw:
                            updates.append((masked if isinstance(value, bytes) else masked.decode(), rowid))
            except sqlite3.OperationalError:  # no such table yet
                continue
            db.executemany(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", updates)
            changed += len(updates)
        db.commit()
        if changed:
            _empty_wal(db, path)
    return changed


def _empty_wal(db: sqlite3.Connection, path: Path | str) -> None:
    """Copy the write-ahead log into the file and truncate it, without stalling other writers.

    A TRUNCATE checkpoint waits for readers while holding the write lock, so with a busy
    timeout it would lock out every other run writing to the same file (their steps fail with
    "database is locked"). It is tried without waiting, a few times; if readers keep it busy,
    the log is copied (PASSIVE) and the next scrub or SQLite's own checkpoints empty it.
    """
    db.execute("PRAGMA busy_timeout=0")
    for attempt in range(WAL_TRIES):
        busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy is None or busy[0] == 0:
            return
        time.sleep(0.05 * (attempt + 1))
    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    log.warning("%s: readers kept the write-ahead log busy; it is emptied at the next checkpoint.", path)
