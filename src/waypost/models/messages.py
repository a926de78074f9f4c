"""The task message: how a task reaches a chat model (the engine sends it, the offline planner reads it)."""

from __future__ import annotations

from langchain_core.messages import HumanMessage

TASK_NAME = "task"
"""``name`` of the HumanMessage that carries the original task."""
START_PREFIX = "Start page: "
"""The task message ends with ``Start page: <url>`` when a start URL was given."""


def task_message(task: str, start_url: str | None = None) -> HumanMessage:
    """The HumanMessage that carries the original task (``name="task"``).

    If a start URL is given, the content ends with a line ``Start page: <url>``.
    """
    content = task.strip()
    if start_url:
        content += f"\n{START_PREFIX}{start_url}"
    return HumanMessage(content=content, name=TASK_NAME)
