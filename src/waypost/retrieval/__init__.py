"""Acting on pages with Selector-RAG: retrieve → re-rank → synthesize → validate → remember.

    from waypost.retrieval import act
    report = await act(page, "type Bob into the name field and click Submit")
    print(report.text)

Pieces, each usable alone: :func:`collect` (the in-page inventory), :class:`TfidfIndex`,
:func:`rank` (features + logistic re-ranker), :func:`synthesize` (stable selectors),
:func:`validate`, :class:`RetrievalStore` (learned selectors and the action log), and
:class:`Actor` which ties them together.
"""

from waypost.config.retrieval import RetrievalSettings
from waypost.retrieval.actor import Actor, Observation, act
from waypost.retrieval.descriptor import ElementDescriptor, OverlayEvidence, Screen
from waypost.retrieval.errors import AmbiguousTarget, ElementNotActionable, PageTooLarge, PageUnavailable
from waypost.retrieval.finder import Chooser, ElementFinder, Resolution
from waypost.retrieval.index import Embedder, TfidfIndex
from waypost.retrieval.instructions import Step, parse_instruction
from waypost.retrieval.inventory import collect
from waypost.retrieval.memory import RetrievalStore
from waypost.retrieval.query import Query, parse_query
from waypost.retrieval.ranking import Candidate, Ranking, rank
from waypost.retrieval.rerank import RerankModel, load_model
from waypost.retrieval.results import ActionResult, ActReport, PageChange
from waypost.retrieval.sections import Extract
from waypost.retrieval.selectors import Selector, synthesize
from waypost.retrieval.telemetry import ActionRecord, RetrievalStats, summarize
from waypost.retrieval.training import train
from waypost.retrieval.validation import Validation, validate

__all__ = [
    "ActReport",
    "ActionRecord",
    "ActionResult",
    "Actor",
    "AmbiguousTarget",
    "Candidate",
    "Chooser",
    "ElementDescriptor",
    "ElementFinder",
    "ElementNotActionable",
    "Embedder",
    "Extract",
    "Observation",
    "OverlayEvidence",
    "PageChange",
    "PageTooLarge",
    "PageUnavailable",
    "Query",
    "Ranking",
    "RerankModel",
    "Resolution",
    "RetrievalSettings",
    "RetrievalStats",
    "RetrievalStore",
    "Screen",
    "Selector",
    "Step",
    "TfidfIndex",
    "Validation",
    "act",
    "collect",
    "load_model",
    "parse_instruction",
    "parse_query",
    "rank",
    "summarize",
    "synthesize",
    "train",
    "validate",
]
