"""Per-session files under the data dir, written atomically and readable by the owner only."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from waypost.browser.session_ids import is_internal_session_id, validate_session_id
from waypost.errors import ConfigError, InvalidSessionId
from waypost.files import new_temp_file, private_dir, remove_stale_temp_files


def write_private_json(path: Path, data: Any) -> None:
    """Write JSON to ``path`` atomically (temp file + rename) with 0600 permissions."""
    private_dir(path.parent)
    fd, tmp = new_temp_file(path.parent, suffix=".json")  # 0600, locked while this save lives
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class SessionStore:
    """Where a session's cookies, localStorage and small metadata live on disk.

    Layout: ``<data_dir>/sessions/<session_id>/storage.json`` (Playwright storage state) and
    ``meta.json`` (created time). Both 0600, folders 0700.
    """

    def __init__(self, data_dir: Path) -> None:
        self.root = Path(data_dir) / "sessions"

    def folder(self, session_id: str) -> Path:
        if is_internal_session_id(session_id):  # internal sessions live in memory only
            raise InvalidSessionId(f"Session {session_id!r} is internal and has no folder on disk.")
        return self.root / validate_session_id(session_id)

    def state_path(self, session_id: str) -> Path:
        return self.folder(session_id) / "storage.json"

    def has_state(self, session_id: str) -> bool:
        return self.state_path(session_id).is_file()

    def load_state(self, session_id: str) -> dict[str, Any] | None:
        """The saved storage state, or ``None`` when there is none or it is unreadable."""
        path = self.state_path(session_id)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or not isinstance(data.get("cookies", []), list):
            return None
        return data

    def save_state(self, session_id: str, state: dict[str, Any]) -> None:
        path = self.state_path(session_id)  # validates the id before anything touches the disk
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_private_json(path, state)

    def load_meta(self, session_id: str) -> dict[str, Any]:
        try:
            data = json.loads((self.folder(session_id) / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save_meta(self, session_id: str, meta: dict[str, Any]) -> None:
        path = self.folder(session_id) / "meta.json"
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_private_json(path, meta)

    def delete(self, session_id: str) -> bool:
        """Forget everything stored for a session. Returns whether anything was there.

        Raises:
            ConfigError: The files could not be deleted (a read-only data dir).
        """
        folder = self.folder(session_id)
        if not folder.exists():
            return False
        try:
            shutil.rmtree(folder)
        except OSError as exc:
            raise ConfigError(
                f"The saved state of session {session_id!r} cannot be deleted ({exc.strerror}): "
                f"{self.root} must be writable."
            ) from None
        return True

    def remove_stale_temp_files(self) -> int:
        """Delete the temporary files of saves that were killed half-way. Returns how many went."""
        if not self.root.is_dir():
            return 0
        return sum(
            remove_stale_temp_files(p) for p in self.root.iterdir() if p.is_dir() and not p.is_symlink()
        )

    def saved_ids(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.parent.name for p in self.root.glob("*/storage.json"))
