"""The approval gate every door shares: resolve → classify → ask → act.

The actor and the navigator ask the *current* gate about every action they judge critical
(:mod:`waypost.approval.criticality`). Which gate is current depends on the door:

- an agent run installs its own gate around each tool call (the run's ``approve`` policy, the
  calls a person approved, and under ``ask`` a hold that pauses the graph for ``interrupt()``);
- a macro replay installs one that never asks: a critical step hands over to the agent;
- everything else (``wp.act``, ``wp.tools()``, the MCP server) uses the :class:`Waypost`'s gate,
  built from the ``approve`` setting: ``always``, ``deny``, or ``ask`` — which asks
  ``approver`` if one is set and refuses otherwise, because nobody can be asked.

``deny`` was called ``never`` before; :func:`approve_policy` still takes ``never`` (and warns once).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from waypost.approval.criticality import Verdict
from waypost.config.approve import POLICIES, Policy, approve_policy

__all__ = [
    "POLICIES",
    "ApprovalGate",
    "ApprovalRequest",
    "Approver",
    "Policy",
    "approve_policy",
    "current_gate",
    "edit_answer",
    "edited_args",
    "using_gate",
]


@dataclass(frozen=True)
class ApprovalRequest:
    """A critical action about to be done.

    Attributes:
        action: ``click``, ``press``, ``type``, ``select``, ``navigate``...
        target: The target as the caller gave it.
        verdict: Why it is critical, judged from the resolved element or URL.
        url: The page it would be done on.
    """

    action: str
    target: str
    verdict: Verdict
    url: str = ""

    @property
    def reason(self) -> str:
        return self.verdict.reason


Approver = Callable[[ApprovalRequest], Awaitable[bool] | bool]
"""Asked under ``ask``: return True to allow the action."""

EDIT = "edit"
"""The key of an *edit* answer: approve the action with some of its arguments changed."""
MASK = "•••"


def edit_answer(changes: Mapping[str, Any]) -> dict[str, Any]:
    """An answer that approves a held action after the person changed some of its arguments.

    Agent runs (their approvers answer the held tool call) do the edited call instead of the
    one the model asked for, e.g. another element to click or another value to type. A gate
    outside a run (``wp.act``, MCP) has already resolved its element: there an edit is refused
    like a no.

    Args:
        changes: The arguments to change, by name; a value left as ``•••`` (a masked password)
            keeps the original.
    """
    return {"approve": True, EDIT: dict(changes)}


def edited_args(answer: Any) -> dict[str, Any] | None:
    """The changed arguments of an :func:`edit_answer`, or ``None`` when ``answer`` is no edit."""
    if not isinstance(answer, Mapping) or not isinstance(answer.get(EDIT), Mapping):
        return None
    return {str(k): v for k, v in answer[EDIT].items() if v != MASK}


class ApprovalGate:
    """Decides about critical actions for one door.

    Args:
        policy: ``always`` do them, ``deny`` refuse them, ``ask`` ask ``approver`` (refused
            when there is none). ``never`` is the old name of ``deny``.
        approver: Asked under ``ask``.
    """

    def __init__(self, policy: Policy = "ask", approver: Approver | None = None) -> None:
        self.policy: Policy = approve_policy(policy)
        self.approver = approver

    async def decide(self, request: ApprovalRequest) -> str | None:
        """``None`` to go ahead, else the message saying why nothing was done."""
        if self.policy == "always":
            return None
        if self.policy == "deny":
            return (
                f"Not done: {request.reason}. Such actions need the user's approval and the approval "
                "policy here is 'deny'. Find another way, or tell the user it needs them."
            )
        if self.approver is None:
            return (
                f"Not done: {request.reason}. Such actions need a person's approval and nobody can be "
                "asked here (start with approve='always', or give an approver)."
            )
        answer = self.approver(request)
        if inspect.isawaitable(answer):
            answer = await answer
        if answer is True:
            return None
        return f"Not done: the user did not approve {request.reason}."


_CURRENT: ContextVar[ApprovalGate | None] = ContextVar("waypost_approval_gate", default=None)


def current_gate(default: ApprovalGate) -> ApprovalGate:
    """The gate a door installed for this call, else ``default``."""
    return _CURRENT.get() or default


@contextlib.contextmanager
def using_gate(gate: ApprovalGate) -> Iterator[ApprovalGate]:
    """Make ``gate`` current for the code inside (and the tasks it starts)."""
    token = _CURRENT.set(gate)
    try:
        yield gate
    finally:
        _CURRENT.reset(token)
