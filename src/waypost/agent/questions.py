"""The ``ask_user`` tool inside an agent run: a question pauses the run for a person.

The tools node installs a :class:`RunAsker` around each tool call. A question already answered
(after a resume) gets its answer; under ``approve="deny"`` nobody is there to answer; otherwise
the question is *held*: the tools node stops the batch there and ``human_in_loop`` pauses the run
with a ``{"type": "question", ...}`` interrupt. The reply is kept in the state's ``answers`` by
call id, and the same call runs again and reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from waypost.tools.asking import Asker, answer_text


class RunAsker(Asker):
    """The asker of one agent tool call.

    Args:
        policy: The run's approval policy (``deny``: nobody can be asked).
        answers: Answers given so far, by call id (``""``: nobody answered).
        call_id: The id of the call being run.
    """

    def __init__(self, policy: str, answers: Mapping[str, str] | None, call_id: str) -> None:
        super().__init__(None)
        self.policy = policy
        self.answers = dict(answers or {})
        self.call_id = call_id
        self.held: dict[str, Any] | None = None

    async def ask(self, payload: dict[str, Any]) -> str | None:
        if self.call_id in self.answers:
            return answer_text(self.answers[self.call_id])
        if self.policy in ("deny", "never"):  # "never" is the old name of "deny"
            return None
        self.held = dict(payload)
        return None
