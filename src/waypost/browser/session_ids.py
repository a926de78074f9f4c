"""Validation of session ids: they become folder names, so they are checked before any disk access."""

from __future__ import annotations

import re

from waypost.errors import InvalidSessionId

_SESSION_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")

DEFAULT_SESSION = "default"


def validate_session_id(session_id: object) -> str:
    """Return ``session_id`` unchanged if it is safe to use, else raise.

    Args:
        session_id: The id a caller passed.

    Returns:
        The same id, typed as ``str``.

    Raises:
        InvalidSessionId: It is not a string of 1-64 characters from ``A-Z a-z 0-9 _ . -``, or it
            is ``.`` or ``..``.
    """
    if not isinstance(session_id, str) or not _SESSION_ID.fullmatch(session_id) or session_id in {".", ".."}:
        shown = repr(session_id)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        raise InvalidSessionId(
            f"Invalid session_id {shown}: use 1-64 characters from A-Z, a-z, 0-9, '_', '.', '-' "
            "(not '.' or '..'), for example 'default' or 'research-1'."
        )
    return session_id
