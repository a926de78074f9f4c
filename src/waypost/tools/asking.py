"""``ask_user``: the model asks the person it works for a question, or for a confirmation.

Who answers depends on the door, like the approval gate (:mod:`waypost.approval.gate`):

- in an agent run the tools node installs its own :class:`Asker`: the run pauses with a
  ``{"type": "question", ...}`` interrupt, answered by the CLI's prompt, by an ``ask_user``
  callback, or later by ``wp.resume(thread_id, answer=...)`` (the hook a web view uses too);
- everywhere else (``wp.tools()``, the MCP server) the :class:`~waypost.api.Waypost`'s own asker
  calls its ``ask_user`` callback;
- where nobody can answer (``approve="deny"``, no callback, an empty answer) the tool says
  :data:`NO_ONE` and the model goes on without.

The callback gets the question as a dict (``question``, ``choices``) and returns the answer text
(may be async); ``None`` or ``""`` means no answer.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from waypost.tools.registry import ToolFunction, ToolSpec

if TYPE_CHECKING:
    from waypost.tools.runtime import ToolRuntime

NO_ONE = (
    "No one is available to answer; continue without an answer: make the most reasonable choice "
    "yourself, or say in your final answer what you would have needed from the user."
)
AskUser = Callable[[dict[str, Any]], "str | Awaitable[str | None] | None"]
"""Answers a question: gets ``{"type": "question", "question": ..., "choices": [...]}``."""
MAX_QUESTION = 500
MAX_CHOICES = 10


def question_payload(question: str, choices: list[str] | tuple[str, ...] | None = None) -> dict[str, Any]:
    """The question as doors see it (``type`` ``question``, the text, the choices if any)."""
    return {
        "type": "question",
        "question": " ".join(str(question).split())[:MAX_QUESTION],
        "choices": [" ".join(str(c).split())[:100] for c in (choices or [])][:MAX_CHOICES],
    }


def answer_text(answer: Any) -> str | None:
    """A person's reply as text, ``None`` when it is no answer (nothing, blank, a bare no-reply)."""
    if answer is None or answer is False:
        return None
    if isinstance(answer, dict):
        answer = answer.get("answer", answer.get("text"))
        return answer_text(answer)
    text = str(answer).strip()
    return text or None


class Asker:
    """Asks ``callback`` (or nobody) a question.

    Args:
        callback: Answers questions; without one nobody can be asked.
    """

    def __init__(self, callback: AskUser | None = None) -> None:
        self.callback = callback

    async def ask(self, payload: dict[str, Any]) -> str | None:
        """The answer, or ``None`` when nobody answered."""
        if self.callback is None:
            return None
        answer = self.callback(payload)
        if inspect.isawaitable(answer):
            answer = await answer
        return answer_text(answer)


_CURRENT: ContextVar[Asker | None] = ContextVar("waypost_asker", default=None)


def current_asker(default: Asker | None) -> Asker:
    """The asker a door installed for this call, else ``default`` (else nobody)."""
    return _CURRENT.get() or default or Asker()


@contextlib.contextmanager
def using_asker(asker: Asker) -> Iterator[Asker]:
    """Make ``asker`` current for the code inside."""
    token = _CURRENT.set(asker)
    try:
        yield asker
    finally:
        _CURRENT.reset(token)


DESCRIPTION = (
    "Ask the user a question, or ask them to confirm something, when you cannot go on without "
    "them (which account, which option, may I do this?). Ask once, shortly; give choices if "
    "there are a few. Do not ask for things you can find on the pages."
)


def _ask_user(runtime: ToolRuntime | None) -> ToolFunction:
    async def ask_user(
        question: Annotated[str, Field(description="The question for the user, short and clear.")],
        choices: Annotated[
            list[str] | None, Field(description="Possible answers, if there are a few (e.g. ['yes', 'no']).")
        ] = None,
    ) -> str:
        if not question or not question.strip():
            return "Error: ask_user needs a question. Nothing was asked."
        asker = current_asker(getattr(runtime, "asker", None))
        answer = await asker.ask(question_payload(question, choices))
        if answer is None:
            return NO_ONE
        return f"The user answered: {answer}"

    return ask_user


ASK_USER = ToolSpec("ask_user", DESCRIPTION, _ask_user, read_only=True)
"""The ``ask_user`` tool: a question or a confirmation for the person the agent works for."""
