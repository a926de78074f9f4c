"""The typed state the agent graph carries from node to node (and the checkpointer stores).

Everything here is plain data (strings, numbers, lists, dicts and LangChain messages), so a
run can be checkpointed to SQLite and resumed in another process.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from waypost.config.approve import Policy

ErrorType = Literal["network", "element_not_found", "stale", "auth", "captcha", "unknown"]
"""What kind of failure the latest tool result reported."""

ApprovePolicy = Policy
"""How critical actions are handled: ``deny`` (refused), ``always`` (done), or ``ask`` (held for a
person to decide). ``never`` is the old name of ``deny``, still read from old checkpoints."""

StopReason = Literal[
    "answered",  # final_answer accepted
    "gave_up",  # the model answered honestly that it could not do it
    "max_steps",  # the step budget ran out
    "loop",  # the loop detector's budget of interventions ran out
    "model_error",  # the model failed twice in a row (network, API error)
    "malformed",  # the model kept answering with output no tool call could be made of
    "not_verified",  # an answer was given, but its evidence did not hold (answer_check)
    "awaiting_answer",  # ask_user's question waits for the user (resume with answer=...)
]


class ActionRecord(TypedDict):
    """One tool call as the loop detector, focus tracker and history see it."""

    step: int
    tool: str
    args: dict[str, Any]
    ok: bool
    error_type: ErrorType | None
    url: str | None
    fingerprint: str | None
    line: str  # the focus one-liner
    call_id: str


class PendingApproval(TypedDict):
    """A batch of tool calls held back because one of them is critical."""

    tool: str
    args: dict[str, Any]
    reason: str
    call_id: str
    question: NotRequired[dict[str, Any]]  # ask_user's question, when it is one


class AgentState(TypedDict, total=False):
    """The agent graph's state.

    Attributes:
        messages: The working history: the task, model turns, tool results, notes.
        task: The original task, as the user gave it.
        start_url: The page to start on, if any.
        step: Model turns taken so far.
        max_steps: The step budget.
        approve: The approval policy for critical actions.
        critical_patterns: Extra patterns (user-listed) that make an action critical.
        approved_calls: Ids of tool calls a person approved.
        pending: The critical call waiting for approval, if any.
        validation_failures: How often goal_validator turned down a final answer.
        progress: Progress score in [0, 1] (progress_analyzer).
        error_count: Tool errors so far.
        error_type: The latest tool error's kind, or None after a success.
        stuck: Steps in a row that brought nothing new.
        interventions: Loop interventions so far.
        loop_since: Index in ``trail`` of the first call after the latest intervention.
        malformed: Model replies in a row that no tool call could be made of.
        loop_note: What the latest intervention said (for strategy_adapter and the final answer).
        trail: Every tool call of this task, oldest first.
        focus: The last few actions as one-liners (focus tracker).
        active_tools: Names of the dynamic tools currently loaded into slots.
        tool_category: Category of the tools used last (history compresses on a switch).
        current_url: The page the session shows, as far as the tools told us.
        view_links: ``[label, url]`` pairs of the latest research_navigate view.
        candidates: Selectors from the latest observe, with the URL they belong to.
        corrections: Self-corrections made for the current step.
        answer: The final answer once there is one.
        quality: Quality score of the final answer (quality_evaluator).
        success: Whether the task was done.
        done: True once the run has ended.
        stop_reason: Why the run ended.
        tokens_in: Prompt tokens used so far.
        tokens_out: Completion tokens used so far.
        permanent: Summaries of earlier tasks in this thread (the session's permanent history).
        last_node: The node that ran last (for the progress reporter).
        inbox: Instructions the user gave while the run was paused; the agent node reads them
            at its next turn (so they never fall between a tool call and its result).
        verified: Whether the final answer's evidence held (``answer_check``).
        why_not: Why it did not, in a few words.
        evidence: The evidence the final answer cited (``quote``, ``source``, ``answers``).
        active_rules: The matched skills' instructions injected into this task's system prompt.
        repairs: Model replies the repair path had to fix (or could not) in this task.
        prompt_variant: The system prompt the latest turn got: ``full`` or ``minimal``.
        answers: What the user answered to ``ask_user`` calls, by call id (``""``: no answer).
        vfs: The run's virtual file system as plain data (``waypost.vfs``), written by the tools
            node when a tool changed it; not reset by a new task on the same thread.
    """

    messages: Annotated[list[AnyMessage], add_messages]
    task: str
    start_url: str | None
    step: int
    max_steps: int
    approve: ApprovePolicy
    critical_patterns: list[str]
    approved_calls: list[str]
    pending: PendingApproval | None
    validation_failures: int
    progress: float
    error_count: int
    error_type: ErrorType | None
    stuck: int
    interventions: int
    loop_since: int
    malformed: int
    loop_note: str | None
    trail: list[ActionRecord]
    focus: list[str]
    active_tools: list[str]
    tool_category: str | None
    current_url: str | None
    view_links: list[list[str]]
    candidates: dict[str, Any]
    corrections: int
    answer: str | None
    quality: float
    success: bool
    done: bool
    stop_reason: StopReason | None
    verified: bool
    evidence_returned: bool
    why_not: str | None
    evidence: list[dict[str, str]]
    tokens_in: int
    tokens_out: int
    permanent: list[dict[str, str]]
    last_node: str | None
    inbox: list[str]
    active_rules: list[str]
    repairs: int
    prompt_variant: str
    vfs: dict[str, Any]
    answers: dict[str, str]


def initial_state(
    task: str,
    *,
    start_url: str | None,
    max_steps: int,
    approve: ApprovePolicy,
    critical_patterns: list[str],
    active_tools: list[str],
    permanent: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """Every field of a fresh task (messages excluded: the runner adds the task message)."""
    return {
        "task": task,
        "start_url": start_url,
        "step": 0,
        "max_steps": max_steps,
        "approve": approve,
        "critical_patterns": list(critical_patterns),
        "approved_calls": [],
        "pending": None,
        "validation_failures": 0,
        "progress": 0.0,
        "error_count": 0,
        "error_type": None,
        "stuck": 0,
        "interventions": 0,
        "loop_since": 0,
        "malformed": 0,
        "loop_note": None,
        "trail": [],
        "focus": [],
        "active_tools": list(active_tools),
        "tool_category": None,
        "current_url": None,
        "view_links": [],
        "candidates": {},
        "corrections": 0,
        "answer": None,
        "quality": 0.0,
        "success": False,
        "done": False,
        "stop_reason": None,
        "verified": False,
        "evidence_returned": False,
        "why_not": None,
        "evidence": [],
        "tokens_in": 0,
        "tokens_out": 0,
        "permanent": list(permanent or []),
        "last_node": None,
        "inbox": [],
        "active_rules": [],
        "repairs": 0,
        "prompt_variant": "full",
    }
