"""``wp.skills``: the skill library of one :class:`~waypost.api.Waypost`, and the learning loop.

Before a run (:meth:`SkillLibrary.prepare`) the library matches skills to the task, picks at most
three for the system prompt, and replays a learned macro that fits the task. After the run
(:meth:`SkillLibrary.learn`) it updates the confidence of the skills used, reflects, proposes a
skill from a successful run, counts the run's failure pattern, and, when every safeguard holds,
generates a tool, puts it through the quality gate and registers it (hot: the agent's next run
and the MCP server's tool list see it).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import time
import unicodedata
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from waypost.agent import critical
from waypost.retrieval.index import Embedder
from waypost.skills import macro as macros
from waypost.skills.files import parse_skills, read_file
from waypost.skills.gate import GateResult
from waypost.skills.gate import check as gate_check
from waypost.skills.generation import LAST_GENERATED, Candidate, decide, make_candidates, params_of
from waypost.skills.matching import Match, choose, content_words, prompt_block, rank, rule_text
from waypost.skills.model import REPLAY_FROM, RETIRE_AFTER_FAILED_CHECKS, RETIRE_BELOW, Skill, SkillError
from waypost.skills.reflection import Reflection, by_llm, by_rules, is_real_model
from waypost.skills.sandbox import run_sandboxed
from waypost.skills.store import FILE_NAME, GeneratedTool, SkillStore
from waypost.tools.registry import ToolSpec

if TYPE_CHECKING:
    from waypost.agent.context import PageProbe
    from waypost.agent.tools import ToolBox
    from waypost.browser.pool import SessionPool

log = logging.getLogger(__name__)

PREDEFINED_CONFIDENCE = 0.6
STEP_UP = 0.15
STEP_DOWN = 0.15
GATE_SESSION = "skills-gate"
PageFactory = Callable[[], contextlib.AbstractAsyncContextManager[Any]]
SessionPage = Callable[[str], contextlib.AbstractAsyncContextManager[Any]]


def predefined() -> list[Skill]:
    """The predefined skills shipped with Waypost (package data ``predefined.yaml``)."""
    text = resources.files("waypost.skills").joinpath("predefined.yaml").read_text(encoding="utf-8")
    skills = parse_yaml(text)
    for s in skills:
        s.source, s.confidence = "predefined", PREDEFINED_CONFIDENCE
    return skills


def parse_yaml(text: str) -> list[Skill]:
    """Skills from YAML text (``skills: [...]`` or a bare list); bad input raises :class:`SkillError`.

    Bounded and strictly validated (:mod:`waypost.skills.files`): every problem is one line.
    """
    return parse_skills(text)


def _same_text(a: Skill, b: Skill) -> bool:
    """Whether two skills say the same to the agent (description, keywords, instructions, macro)."""
    return (a.description, a.keywords, a.instructions, a.macro) == (
        b.description,
        b.keywords,
        b.instructions,
        b.macro,
    )


@dataclass
class Prepared:
    """What the library did before a run.

    Attributes:
        matches: The chosen skills for the prompt.
        rules: Their rule texts (the state's ``active_rules``).
        extra: The system prompt section.
        replay: The macro replay, if a macro ran.
    """

    task: str
    start_url: str | None
    matches: list[Match] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    extra: str = ""
    replay: macros.Replay | None = None

    @property
    def used(self) -> list[str]:
        names = [m.skill.name for m in self.matches]
        if self.replay is not None and self.replay.skill not in names:
            names.append(self.replay.skill)
        return names

    def state_update(self) -> dict[str, Any]:
        """Fields for the run's initial state (messages go after the task message)."""
        update: dict[str, Any] = {"active_rules": list(self.rules)}
        if self.replay is not None and self.replay.messages:
            update.update(
                trail=list(self.replay.trail),
                focus=list(self.replay.focus),
                current_url=self.replay.current_url,
            )
        return update

    @property
    def messages(self) -> list[Any]:
        return list(self.replay.messages) if self.replay is not None else []


@dataclass
class Learning:
    """What the library learned from a run.

    Attributes:
        reflection: The reflection.
        confidence: Skill name → confidence after this run (for the skills used).
        retired: Skills that retired now.
        proposed: A skill proposed from this run, if any.
        pattern_count: How often the run's failure pattern has occurred (0 without failures).
        generation: Why a tool was or was not generated (``None`` without failures).
        tool: A tool registered from this run, if any.
        replayed: Macro steps replayed before the agent started (0 if none).
        handover: Why the replay handed over to the agent early, if it did.
    """

    reflection: Reflection
    confidence: dict[str, float] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)
    proposed: str | None = None
    pattern_count: int = 0
    generation: str | None = None
    tool: str | None = None
    replayed: int = 0
    handover: str | None = None


class SkillLibrary:
    """Skills, reflection and generated tools, stored in ``<data_dir>/skills.db``.

    Args:
        data_dir: Waypost's data dir.
        embedder: A local embedding model for matching (TF-IDF without one).
        page_factory: Yields a fresh browser page for the quality gate's tests.
        session_page: Yields the page of a browser session (for running generated tools).
        clock: The time source (tests move it to pass the cooldown).
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        embedder: Embedder | None = None,
        page_factory: PageFactory | None = None,
        session_page: SessionPage | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.embedder = embedder
        self.page_factory = page_factory
        self.session_page = session_page
        self.clock = clock
        self.gate_timeout = 15.0
        self.last: Learning | None = None
        self.last_skipped: list[str] = []
        self._store: SkillStore | None = None
        self._listeners: list[Callable[[ToolSpec], None]] = []

    @classmethod
    def over_pool(cls, data_dir: str | Path, pool: SessionPool) -> SkillLibrary:
        """The library under ``data_dir``, with gate and replay pages from ``pool``."""

        @contextlib.asynccontextmanager
        async def gate_page() -> AsyncIterator[Any]:
            try:
                async with pool.session(GATE_SESSION) as session:
                    yield session.page
            finally:
                with contextlib.suppress(Exception):
                    await pool.close_session(GATE_SESSION, forget=True)

        @contextlib.asynccontextmanager
        async def session_page(session_id: str) -> AsyncIterator[Any]:
            async with pool.session(session_id) as session:
                yield session.page

        return cls(data_dir, page_factory=gate_page, session_page=session_page)

    # ---- lifecycle ----------------------------------------------------------------------------------

    def open(self) -> SkillLibrary:
        """Open ``skills.db`` (a new one is seeded with the predefined skills)."""
        if self._store is None:
            self._store = SkillStore(self.data_dir / FILE_NAME)
            if self._store.created:
                for skill in predefined():
                    self._store.put(skill)
            for spec in self.tool_specs():
                self._announce(spec)
        return self

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    @property
    def store(self) -> SkillStore:
        if self._store is None:
            self.open()
        assert self._store is not None
        return self._store

    # ---- the library --------------------------------------------------------------------------------

    def list(self, *, include_retired: bool = False) -> list[Skill]:
        """Every skill (retired ones only when asked)."""
        return self.store.all(include_retired=include_retired)

    def show(self, name: str) -> Skill:
        """One skill by name.

        Raises:
            SkillError: There is no such skill.
        """
        skill = self.store.get(name)
        if skill is None:
            known = ", ".join(s.name for s in self.store.all()[:12])
            raise SkillError(f"No skill named {name!r}. Known: {known}")
        return skill

    def add(self, skill: Skill) -> Skill:
        """Add or replace a skill."""
        skill.updated = self.clock()
        self.store.put(skill)
        return skill

    def retire(self, name: str) -> Skill:
        """Retire a skill: it is kept but no longer matched or replayed."""
        skill = self.show(name)
        skill.retired, skill.updated = True, self.clock()
        self.store.put(skill)
        return skill

    def export_yaml(self, names: Sequence[str] | None = None, *, include_retired: bool = True) -> str:
        """The skills (all, or the named ones) as YAML."""
        skills = [self.show(n) for n in names] if names else self.store.all(include_retired=include_retired)
        return yaml.safe_dump(
            {"skills": [s.to_dict() for s in skills]}, allow_unicode=True, sort_keys=False, width=100
        )

    def import_yaml(self, text: str) -> list[str]:
        """Add the skills of a YAML text (same names are replaced); returns the names imported.

        An imported skill is always ``source: imported``, whatever the file claims, and starts at
        most at the predefined skills' confidence: a file cannot make itself shipped know-how or
        outrank it. A skill with the name of a shipped skill never changes that skill's text: an
        unchanged export of it only brings back its state (retired or not); one with other text is
        not imported, and its name is in :attr:`last_skipped`. The file is validated completely
        before anything is stored, so a bad file changes nothing.

        Raises:
            SkillError: The text is not a valid skill file (one line saying why).
        """
        skills = parse_yaml(text)
        shipped = {s.name: s for s in predefined()}
        shipped |= {s.name: s for s in self.store.all() if s.source == "predefined" and s.name not in shipped}
        self.last_skipped = []
        imported = []
        for skill in skills:
            original = shipped.get(skill.name)
            if original is not None:
                if _same_text(skill, original):  # an export of the shipped skill: its state comes back
                    current = self.store.get(skill.name) or original
                    current.retired, current.updated = skill.retired, self.clock()
                    current.confidence = min(skill.confidence, max(current.confidence, PREDEFINED_CONFIDENCE))
                    self.store.put(current)
                    imported.append(skill.name)
                else:
                    self.last_skipped.append(skill.name)
                continue
            skill.source = "imported"
            skill.confidence = min(skill.confidence, PREDEFINED_CONFIDENCE)
            skill.updated = self.clock()
            self.store.put(skill)
            imported.append(skill.name)
        return imported

    def import_file(self, path: Path) -> list[str]:
        """Import a skill file (a regular file of bounded size); see :meth:`import_yaml`."""
        return self.import_yaml(read_file(Path(path)))

    def match(self, task: str) -> list[Match]:
        """The skills that fit a task, best first (all of them, before the prompt's limit)."""
        return rank(task, self.store.all(include_retired=False), embedder=self.embedder)

    def generated(self, status: str | None = None) -> list[GeneratedTool]:
        """Generated tools: ``registered``, ``rejected`` (with the gate's reason), or all."""
        return self.store.tools(status)

    def patterns(self) -> list[Any]:
        """The counted failure patterns, most frequent first."""
        return self.store.patterns()

    # ---- before and after a run ---------------------------------------------------------------------

    async def prepare(
        self,
        task: str,
        *,
        start_url: str | None,
        toolbox: ToolBox | None = None,
        probe: PageProbe | None = None,
        approve: str = "ask",
        critical_patterns: Sequence[str] = (),
    ) -> Prepared:
        """Match skills to the task and replay a fitting macro (through ``toolbox``, if given)."""
        prepared = Prepared(task=task, start_url=start_url)
        chosen = choose(self.match(task))
        prepared.matches = chosen
        prepared.rules = [rule_text(m.skill) for m in chosen]
        prepared.extra = prompt_block([m.skill for m in chosen])
        if toolbox is not None:
            found = self.macro_for(task, start_url)
            if found is not None:
                skill, values = found
                assert skill.macro is not None
                prepared.replay = await macros.replay(
                    skill.name,
                    skill.macro,
                    values,
                    toolbox,
                    probe=probe,
                    approve=approve,
                    critical_patterns=critical_patterns,
                )
        return prepared

    def macro_for(self, task: str, start_url: str | None) -> tuple[Skill, dict[str, str]] | None:
        """The most confident live skill whose macro fits the task, with the parameter values."""
        best: tuple[Skill, dict[str, str]] | None = None
        for skill in self.store.all(include_retired=False):
            if skill.macro is None or skill.confidence < REPLAY_FROM:
                continue
            values = macros.bind(skill.macro, task, start_url)
            if values is not None and (best is None or skill.confidence > best[0].confidence):
                best = (skill, values)
        return best

    def record_outcome(self, name: str, success: bool, failed_check: str | None = None) -> Skill | None:
        """A use of a skill: success raises its confidence, failure lowers it (retiring under the floor).

        Predefined skills stop at the floor instead of retiring (``retire`` still retires them).
        ``failed_check`` is why the run's answer failed the answer check, when it did: a learned
        skill is demoted with the reason noted, and retires after
        :data:`~waypost.skills.model.RETIRE_AFTER_FAILED_CHECKS` such runs, with the reason kept.
        """
        skill = self.store.get(name)
        if skill is None:
            return None
        now = self.clock()
        skill.uses += 1
        skill.last_used = skill.updated = now
        if success:
            skill.successes += 1
            skill.confidence = round(min(1.0, skill.confidence + STEP_UP), 3)
        elif skill.source == "predefined":
            # Shipped know-how is not retired by runs that failed for other reasons; a person can.
            skill.confidence = round(max(RETIRE_BELOW, skill.confidence - STEP_DOWN), 3)
        else:
            skill.confidence = round(max(0.0, skill.confidence - STEP_DOWN), 3)
            if failed_check:
                skill.failed_checks += 1
                skill.notes = [*skill.notes, f"answer check failed: {failed_check}"][-5:]
                if skill.failed_checks >= RETIRE_AFTER_FAILED_CHECKS:
                    skill.retired = True
                    skill.retired_reason = (
                        f"retired after {skill.failed_checks} runs whose answer failed the check "
                        f"(last: {failed_check})"
                    )
            elif skill.confidence < RETIRE_BELOW:
                skill.retired = True
                skill.retired_reason = f"confidence fell under {RETIRE_BELOW} after failed runs"
        self.store.put(skill)
        return skill

    async def learn(self, prepared: Prepared | None, result: Any, model: Any = None) -> Learning:
        """Learn from a finished run (``result`` is a :class:`~waypost.agent.runner.RunResult`)."""
        task = prepared.task if prepared else ""
        start_url = prepared.start_url if prepared else None
        actions = list(result.actions or [])
        reflection = by_rules(task, bool(result.success), result.stop_reason, actions)
        if is_real_model(model):
            reflection = await by_llm(model, reflection, result.stop_reason)
        learning = Learning(reflection=reflection)
        if prepared is not None and prepared.replay is not None:
            learning.replayed, learning.handover = prepared.replay.done, prepared.replay.handover
        # Only a verified answer counts as a success: an unchecked "answered" teaches nothing.
        verified = bool(result.success) and bool(getattr(result, "verified", result.success))
        failed_check = (
            (getattr(result, "why_not", None) or "not verified")
            if result.stop_reason == "not_verified"
            else None
        )
        for name in prepared.used if prepared else []:
            skill = self.record_outcome(name, verified, failed_check)
            if skill is not None:
                learning.confidence[name] = skill.confidence
                if skill.retired:
                    learning.retired.append(name)
        replayed = prepared is not None and prepared.replay is not None
        if verified and not replayed:
            tips = reflection.improvements if reflection.by == "llm" else []
            learning.proposed = self.propose(task, start_url, actions, tips=tips)
        if reflection.pattern_hash:
            pattern = self.store.count_pattern(reflection.pattern_hash, reflection.patterns, task)
            learning.pattern_count = pattern.count
            decision = decide(self.store, pattern, reflection, now=self.clock())
            learning.generation = decision.reason
            if decision.go and decision.template is not None:
                self.store.set_meta(LAST_GENERATED, str(self.clock()))
                candidates = await make_candidates(decision.template, pattern, model)
                provenance = {
                    "pattern_hash": pattern.hash,
                    "pattern": pattern.items,
                    "pattern_count": pattern.count,
                    "reflection_confidence": reflection.confidence,
                    "reflection_by": reflection.by,
                    "model": getattr(model, "_llm_type", None) if model is not None else None,
                    "task": task,
                }
                for candidate in candidates:
                    tool = await self.submit(candidate, provenance)
                    if tool.status == "registered":
                        learning.tool = tool.name
                        learning.generation = f"registered {tool.name}"
                        break
                    learning.generation = f"rejected {candidate.by} candidate: {tool.reason}"
        self.last = learning
        return learning

    def propose(
        self,
        task: str,
        start_url: str | None,
        actions: Sequence[Mapping[str, Any]],
        *,
        tips: Sequence[str] = (),
    ) -> str | None:
        """A new skill (instructions + macro, confidence 0.3) from a successful run; its name or ``None``.

        ``tips`` (a model's reflection's improvements) are added to the instructions.
        """
        recorded = macros.record(task, start_url, actions)
        if recorded is None:
            return None
        for skill in self.store.all():
            if (
                skill.macro is not None
                and skill.macro.task_template.lower() == recorded.task_template.lower()
            ):
                return None  # known: its confidence moves with use instead
        words = [w for w in content_words(re.sub(r"\{p\d+\}", " ", recorded.task_template))][:8]
        digest = hashlib.sha1(recorded.task_template.encode()).hexdigest()[:6]
        ascii_words = [unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in words]
        slug = re.sub(r"[^a-z0-9-]+", "", "-".join(w for w in ascii_words if w))[:40].strip("-") or "task"
        steps = "; ".join(
            critical.describe_call(s.tool, critical.masked(s.tool, s.args)) for s in recorded.steps[:8]
        )
        skill = Skill(
            name=f"learned-{slug}-{digest}",
            description=f"Learned from a successful run of: {recorded.task_template}"[:200],
            keywords=list(dict.fromkeys(words)),
            instructions=f"For tasks like '{recorded.task_template}', this worked: {steps}."
            + (" Tips: " + " ".join(str(t)[:160] for t in tips[:3]) if tips else ""),
            macro=recorded,
            source="learned",
            created=self.clock(),
            updated=self.clock(),
        )
        self.store.put(skill)
        return skill.name

    # ---- generated tools ----------------------------------------------------------------------------

    async def submit(self, candidate: Candidate, provenance: dict[str, Any] | None = None) -> GeneratedTool:
        """Put a candidate through the quality gate: registered if it passes, else kept with the reason."""
        name = re.sub(r"[^a-z0-9_]", "_", candidate.name.lower())[:48] or "generated_tool"
        if self.page_factory is None:
            verdict = GateResult(False, "sandbox", ["no browser for the gate's test"])
        else:
            verdict = await gate_check(
                candidate.source,
                candidate.fixture_html,
                self.page_factory,
                time_limit=self.gate_timeout,
            )
        required, optional = [], []
        if verdict.accepted:  # only a source that passed the static checks is parsed again
            required, optional = params_of(candidate.source)
        tool = GeneratedTool(
            name=name,
            description=candidate.description,
            params=[*required, *[f"{p}?" for p in optional]],
            source=candidate.source,
            fixture_html=candidate.fixture_html,
            status="registered" if verdict.accepted else "rejected",
            reason=verdict.reason,
            provenance={
                **(provenance or {}),
                "template": candidate.template,
                "by": candidate.by,
                "created": self.clock(),
                "gate": {"stage": verdict.stage, **verdict.report},
            },
            created=self.clock(),
        )
        if not verdict.accepted:
            # Kept under its own name so a rejected candidate never hides a registered tool.
            tool.name = f"{name}.rejected.{int(self.clock() * 1000)}"
        self.store.put_tool(tool)
        if verdict.accepted:
            self._announce(self._spec(tool))
        return tool

    def on_register(self, listener: Callable[[ToolSpec], None]) -> None:
        """Call ``listener`` with every registered generated tool (those there now, and each new one)."""
        self._listeners.append(listener)
        if self._store is not None:
            for spec in self.tool_specs():
                listener(spec)

    def _announce(self, spec: ToolSpec) -> None:
        for listener in self._listeners:
            try:
                listener(spec)
            except Exception as exc:  # one adapter failing must not block the others
                log.warning("registering %s failed: %s", spec.name, exc)

    def tool_specs(self) -> list[ToolSpec]:
        """The registered generated tools as ToolSpecs (empty before the library is opened)."""
        if self._store is None:
            return []
        return [self._spec(t) for t in self._store.tools("registered")]

    def _spec(self, tool: GeneratedTool) -> ToolSpec:
        library = self

        def factory(_wp: Any) -> Any:
            return library._tool_function(tool)

        return ToolSpec(
            name=tool.name,
            description=f"{tool.description} (generated tool, passed the quality gate)",
            factory=factory,
            read_only=False,
        )

    def _tool_function(self, tool: GeneratedTool) -> Any:
        import inspect
        from typing import Annotated

        from pydantic import Field

        kw = inspect.Parameter.KEYWORD_ONLY
        params = []
        for p in tool.params:
            optional = p.endswith("?")
            name = p.rstrip("?")
            params.append(
                inspect.Parameter(
                    name,
                    kw,
                    default="" if optional else inspect.Parameter.empty,
                    annotation=Annotated[str, Field(description=f"{name} (text)")],
                )
            )
        params.append(
            inspect.Parameter(
                "session_id",
                kw,
                default="default",
                annotation=Annotated[str, Field(description="Browser session to use; keep the default.")],
            )
        )

        async def generated_tool(**kwargs: Any) -> str:
            session_id = str(kwargs.pop("session_id", "default"))
            values = {k: str(v) for k, v in kwargs.items() if v not in ("", None)}
            if self.session_page is None:
                return "Error: no browser session for this tool."
            # Confined like the gate's test: the source is treated as hostile every time it runs.
            async with self.session_page(session_id) as page:
                outcome = await run_sandboxed(tool.source, page, entry="run", params=values)
            if not outcome.passed:
                return f"Error: {tool.name} failed: {outcome.error}"
            return outcome.value or "Done."

        generated_tool.__signature__ = inspect.Signature(params, return_annotation=str)  # type: ignore[attr-defined]
        generated_tool.__annotations__ = {p.name: p.annotation for p in params} | {"return": str}
        return generated_tool
