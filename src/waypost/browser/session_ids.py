"""Validation of session ids: they become folder names, so they are checked before any disk access."""

from __future__ import annotations

import re
import uuid

from waypost.errors import InvalidSessionId

_SESSION_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")
INTERNAL_MARK = "~"
"""First character of internal session ids: no user id can contain it."""
_INTERNAL_ID = re.compile(r"~[a-z]{1,16}:[0-9a-f]{32}:[A-Za-z0-9_-]{1,40}")

DEFAULT_SESSION = "default"


def new_internal_session_id(kind: str, name: str) -> str:
    """A fresh id in Waypost's own namespace, e.g. ``~sub:<32 hex>:politics``.

    It starts with ``~``, which user ids cannot contain, and carries a random part, so it is
    unique per call: two owners never share one, and no user session is ever touched.
    Only a pool that issued it (:meth:`SessionPool.open_internal`) accepts it.
    """
    session_id = f"{INTERNAL_MARK}{kind}:{uuid.uuid4().hex}:{name}"
    if not _INTERNAL_ID.fullmatch(session_id):
        raise InvalidSessionId(f"Cannot make an internal session id from {kind!r} and {name!r}.")
    return session_id


def is_internal_session_id(session_id: object) -> bool:
    """Whether ``session_id`` has the shape of an internal id (it may still be unknown to a pool)."""
    return isinstance(session_id, str) and _INTERNAL_ID.fullmatch(session_id) is not None


def validate_session_id(session_id: object) -> str:
    """Return ``session_id`` unchanged if it is safe to use, else raise.

    Internal ids (see :func:`new_internal_session_id`) pass here; the pool decides whether it
    issued them, and they never name anything on disk.

    Args:
        session_id: The id a caller passed.

    Returns:
        The same id, typed as ``str``.

    Raises:
        InvalidSessionId: It is not a string of 1-64 characters from ``A-Z a-z 0-9 _ . -``, or it
            is ``.`` or ``..``.
    """
    if is_internal_session_id(session_id):
        return session_id  # type: ignore[return-value]
    if not isinstance(session_id, str) or not _SESSION_ID.fullmatch(session_id) or session_id in {".", ".."}:
        shown = repr(session_id)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        raise InvalidSessionId(
            f"Invalid session_id {shown}: use 1-64 characters from A-Z, a-z, 0-9, '_', '.', '-' "
            "(not '.' or '..'), for example 'default' or 'research-1'."
        )
    return session_id
