"""The offline planner: Waypost's default "model", which needs no language model.

``OfflinePlanner`` is a deterministic LangChain chat model. It parses a direct instruction in German
or English (:func:`parse_task`), carries it out with Waypost's tools one call at a time, and
finishes with an honest ``final_answer``.
"""

from waypost.models.messages import task_message
from waypost.models.planner.engine import Observation, ToolCall, next_call
from waypost.models.planner.intents import Plan, parse_task
from waypost.models.planner.model import OfflinePlanner, read_messages

__all__ = [
    "Observation",
    "OfflinePlanner",
    "Plan",
    "ToolCall",
    "next_call",
    "parse_task",
    "read_messages",
    "task_message",
]
