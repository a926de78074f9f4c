"""The names of the approval policies, shared by the settings, the approval gate, the agent and the doors.

``deny`` was called ``never`` before: :func:`approve_policy` still takes ``never`` (and warns once).
"""

from __future__ import annotations

import logging
from typing import Literal

Policy = Literal["ask", "always", "deny"]
POLICIES: tuple[Policy, ...] = ("ask", "always", "deny")
"""``ask`` a person, ``always`` do the action, ``deny``: refuse it."""
DEPRECATED_POLICIES: dict[str, Policy] = {"never": "deny"}
"""Old names still accepted: ``never`` is ``deny``."""

log = logging.getLogger("waypost.approval")
_warned: set[str] = set()


def approve_policy(value: str) -> Policy:
    """The approval policy ``value`` names: ``ask``, ``always`` or ``deny`` (any case).

    ``never``, the old name of ``deny``, is taken as ``deny`` with a warning logged once per process.

    Raises:
        ValueError: Not a policy.
    """
    text = str(value).strip().lower()
    if text in DEPRECATED_POLICIES:
        new = DEPRECATED_POLICIES[text]
        if text not in _warned:
            _warned.add(text)
            log.warning(
                "approve=%r is deprecated: write %r (it does the same: refuse critical actions)", text, new
            )
        return new
    if text not in POLICIES:
        raise ValueError(f"approve must be ask, always or deny, not {value!r}")
    return text  # type: ignore[return-value]
