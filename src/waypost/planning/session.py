"""One planner's working state: the current step's query rounds, packs, negatives and telemetry.

Both doors use it: the agent's ``find_evidence`` / ``act_on_evidence`` tools and
:func:`~waypost.planning.loop.plan_step` (a chat model planning one step on its own).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from waypost.errors import QueryCapReached, StepTimeout
from waypost.planning.evidence import EvidencePack, short
from waypost.planning.execute import Action, Execution, execute
from waypost.planning.feedback import Negatives
from waypost.planning.retrieve import EvidenceRetriever, RetrievalLimits
from waypost.planning.spec import QuerySpec
from waypost.planning.telemetry import PlannerStore, StepRecord
from waypost.retrieval.actor import Actor

if TYPE_CHECKING:
    from playwright.async_api import Page


@dataclass(frozen=True)
class PlannerSettings:
    """Budgets of one step.

    Attributes:
        max_rounds: Query rounds per step (the first query and at most one follow-up).
        step_timeout: Seconds of planning (model calls and retrieval) per step.
        limits: Caps of retrieval and of the pack.
    """

    max_rounds: int = 2
    step_timeout: float = 20.0
    limits: RetrievalLimits = field(default_factory=RetrievalLimits)


@dataclass
class _Step:
    goal: str = ""
    started: float = field(default_factory=time.perf_counter)
    packs: list[EvidencePack] = field(default_factory=list)
    negatives: Negatives = field(default_factory=Negatives)
    tokens_in: int = 0
    tokens_out: int = 0
    exec_ms: float = 0.0
    url: str = ""


class PlanningSession:
    """The query → evidence → execute loop of one planner, with budgets and feedback.

    Args:
        actor: The acting pipeline that validates and executes.
        store: Where steps are logged (``None``: not logged).
        settings: Budgets.
        retriever: The retriever (its index cache is shared by every step of this session).
        mode: Logged with each step (``rag``).
    """

    def __init__(
        self,
        actor: Actor,
        *,
        store: PlannerStore | None = None,
        settings: PlannerSettings | None = None,
        retriever: EvidenceRetriever | None = None,
        mode: str = "rag",
    ) -> None:
        self.actor = actor
        self.store = store
        self.settings = settings or PlannerSettings()
        self.retriever = retriever or EvidenceRetriever(actor.model, self.settings.limits)
        self.mode = mode
        self.step: _Step | None = None
        self.records: list[StepRecord] = []
        self._model_tokens = (0, 0)  # a graph run's totals so far, as the agent node counted them
        self._mark = (0, 0)  # the totals when the last step ended
        self.last_pack: EvidencePack | None = None
        """The pack of the last finished step: still valid for the next step on the same page."""

    # -- the step ------------------------------------------------------------------------------

    def begin(self, goal: str = "") -> None:
        """Start a new step (an unfinished one is logged as ``no_plan``)."""
        if self.step is not None and self.step.packs:
            self.finish("no_plan", False)
        self.step = _Step(goal=short(goal, 200))

    @property
    def pack(self) -> EvidencePack | None:
        """The latest pack of the current step."""
        return self.step.packs[-1] if self.step and self.step.packs else None

    @property
    def rounds(self) -> int:
        """Query rounds used in the current step."""
        return len(self.step.packs) if self.step else 0

    def elapsed(self) -> float:
        """Seconds of planning in the current step (execution not counted)."""
        if self.step is None:
            return 0.0
        return time.perf_counter() - self.step.started - self.step.exec_ms / 1000

    def note_model_tokens(self, tokens_in: int, tokens_out: int) -> None:
        """The run's token totals so far (from the agent graph); a step is charged what it added."""
        self._model_tokens = (tokens_in, tokens_out)

    def add_tokens(self, tokens_in: int, tokens_out: int) -> None:
        """Count a model call's tokens to the current step."""
        if self.step is None:
            self.begin()
        assert self.step is not None
        self.step.tokens_in += tokens_in
        self.step.tokens_out += tokens_out

    async def query(self, page: Page, spec: QuerySpec) -> EvidencePack:
        """Retrieve evidence for ``spec`` as the step's next query round.

        Raises:
            QueryCapReached: The step already used every round.
            StepTimeout: The step's planning time is used up.
        """
        if self.step is None:
            self.begin()
        assert self.step is not None
        if self.rounds >= self.settings.max_rounds:
            raise QueryCapReached(
                f"This step already used its {self.settings.max_rounds} query rounds: plan with the "
                "evidence you have, or finish."
            )
        if self.elapsed() > self.settings.step_timeout:
            raise StepTimeout(
                f"Planning this step took over {self.settings.step_timeout:.0f} s; it was stopped."
            )
        pack = await self.retriever.retrieve(page, spec, self.step.negatives, round=self.rounds + 1)
        self.step.packs.append(pack)
        self.step.url = page.url
        return pack

    async def act(
        self,
        page: Page,
        number: int,
        action: Action,
        text: str | None = None,
        *,
        submit: bool = False,
        dry_run: bool = False,
    ) -> Execution:
        """Execute item ``number`` of the latest pack; a failure adds negative constraints.

        The step ends (and is logged) when the action is done, or when it failed and no query
        round is left. With ``dry_run`` the item is only validated (for offline evaluation).
        """
        pack = self.pack
        last = self.last_pack
        if pack is None and last is not None and last.url == page.url and last.fingerprint:
            # One query for several steps on the same page (a form's fields): the items are still
            # there; each one is validated in the live page before anything is done.
            if self.step is None:
                self.begin()
            assert self.step is not None
            self.step.packs.append(last)
            self.step.url = page.url
            pack = last
        if pack is None or self.step is None:
            return Execution(False, "There is no evidence yet: call find_evidence first.", status="bad_plan")
        item = pack.item(number)
        if item is None:
            return Execution(
                False, f"There is no item {number}; the items are {pack.numbers}.", status="bad_plan"
            )
        t0 = time.perf_counter()
        result = await execute(self.actor, page, item, action, text, submit=submit, dry_run=dry_run)
        self.step.exec_ms += (time.perf_counter() - t0) * 1000
        if result.ok:
            self.finish("done", True, hit_rank=self._first_pack_rank(item.element, item.label))
            return result
        if result.status == "bad_plan":
            return result
        sections = len({i.section for i in pack.items})
        self.step.negatives.after_failure(item, result.message, sections_in_pack=sections)
        if self.rounds >= self.settings.max_rounds:
            self.finish("failed", False)
            return result
        note = " Next query round leaves out: " + "; ".join(self.step.negatives.describe()) + "."
        return Execution(False, result.message + note, result.selector, result.status, result.result)

    def finish(self, status: str, success: bool, *, hit_rank: int | None = None) -> StepRecord:
        """End the current step and log it."""
        step = self.step or _Step()
        first = step.packs[0] if step.packs else None
        step.tokens_in += self._model_tokens[0] - self._mark[0]
        step.tokens_out += self._model_tokens[1] - self._mark[1]
        self._mark = self._model_tokens
        parts = urlsplit(step.url)
        record = StepRecord(
            mode=self.mode,
            status=status,
            success=success,
            site=parts.netloc,
            path=parts.path or "/",
            goal=step.goal,
            tokens_in=step.tokens_in,
            tokens_out=step.tokens_out,
            latency_ms=round(self.elapsed() * 1000, 1),
            rounds=len(step.packs),
            k=len(first.items) if first else 0,
            hit_rank=hit_rank,
            cache_hits=sum(1 for p in step.packs if p.cache_hit),
            failures=list(step.negatives.reasons),
            specs=[p.spec.compact() for p in step.packs],
        )
        self.records.append(record)
        if self.store is not None:
            self.store.log(record)
        self.last_pack = step.packs[-1] if step.packs and success else None
        self.step = None
        return record

    def _first_pack_rank(self, element: int | None, label: str) -> int | None:
        if self.step is None or not self.step.packs:
            return None
        for n, item in enumerate(self.step.packs[0].items, 1):
            if (element is not None and item.element == element) or (element is None and item.label == label):
                return n
        return None
