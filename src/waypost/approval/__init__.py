"""Critical actions: classified from what they do, decided by the gate of the door they came through."""

from waypost.approval.criticality import (
    ElementInfo,
    FormInfo,
    Verdict,
    classify_element,
    classify_url,
    may_activate,
)
from waypost.approval.gate import (
    POLICIES,
    ApprovalGate,
    ApprovalRequest,
    Approver,
    Policy,
    approve_policy,
    current_gate,
    edit_answer,
    edited_args,
    using_gate,
)

__all__ = [
    "POLICIES",
    "ApprovalGate",
    "ApprovalRequest",
    "Approver",
    "ElementInfo",
    "FormInfo",
    "Policy",
    "Verdict",
    "approve_policy",
    "classify_element",
    "classify_url",
    "current_gate",
    "edit_answer",
    "edited_args",
    "may_activate",
    "using_gate",
]
