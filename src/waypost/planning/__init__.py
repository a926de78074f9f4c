"""Planner-RAG: plan each step from retrieved evidence, not from the whole page.

GenerateQuery → Retrieve → EvidencePack → PlanWithEvidence → Execute → feedback:

    from waypost.planning import PlanningSession, plan_and_execute
    session = PlanningSession(actor, store=PlannerStore.for_data_dir(data_dir))
    outcome = await plan_and_execute(chat_model, session, page, "log in as demo")

Pieces: :class:`QuerySpec` (what the model looks for, validated), :class:`EvidenceRetriever`
(sections first, then elements inside them, then diversity; indexes cached per screen
fingerprint), :class:`EvidencePack` (numbered items under a token cap), :func:`execute` (through
the acting pipeline's validation), :class:`Negatives` (what a failure rules out next round),
:class:`PlannerStore` (per-step telemetry in ``planner.db``), and :mod:`~waypost.planning.rules`
(the offline planner's rule-based queries).
"""

from waypost.planning.evidence import EvidenceItem, EvidencePack
from waypost.planning.execute import Execution, execute
from waypost.planning.feedback import Negatives
from waypost.planning.loop import StepOutcome, plan_and_execute
from waypost.planning.retrieve import EvidenceRetriever, RetrievalLimits, select_evidence
from waypost.planning.rules import RulePlan, pick, plans_for, spec_for
from waypost.planning.session import PlannerSettings, PlanningSession, QueryCapReached, StepTimeout
from waypost.planning.spec import Constraints, Filters, QuerySpec, QuerySpecError, parse_spec
from waypost.planning.telemetry import PlannerStats, PlannerStore, StepRecord, summarize

__all__ = [
    "Constraints",
    "EvidenceItem",
    "EvidencePack",
    "EvidenceRetriever",
    "Execution",
    "Filters",
    "Negatives",
    "PlannerSettings",
    "PlannerStats",
    "PlannerStore",
    "PlanningSession",
    "QueryCapReached",
    "QuerySpec",
    "QuerySpecError",
    "RetrievalLimits",
    "RulePlan",
    "StepOutcome",
    "StepRecord",
    "StepTimeout",
    "execute",
    "parse_spec",
    "pick",
    "plan_and_execute",
    "plans_for",
    "select_evidence",
    "spec_for",
    "summarize",
]
