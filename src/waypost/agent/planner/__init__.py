"""The offline planner: Waypost's default "model", which needs no language model.

``OfflinePlanner`` is a deterministic LangChain chat model. It parses a direct instruction in German
or English (:func:`parse_task`), carries it out with Waypost's tools one call at a time, and
finishes with an honest ``final_answer``.
"""

from waypost.agent.planner.driver import DriveResult, drive, task_message
from waypost.agent.planner.engine import Observation, ToolCall, next_call
from waypost.agent.planner.intents import Plan, parse_task
from waypost.agent.planner.model import OfflinePlanner, read_messages

__all__ = [
    "DriveResult",
    "Observation",
    "OfflinePlanner",
    "Plan",
    "ToolCall",
    "drive",
    "next_call",
    "parse_task",
    "read_messages",
    "task_message",
]
