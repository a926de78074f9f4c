"""The offline planner's side of Planner-RAG: a rule-based QuerySpec from an instruction, and a picker.

No language model: :func:`spec_for` turns one instruction step ('type Bob into the name field',
'klicke auf Anmelden') into a :class:`~waypost.planning.spec.QuerySpec`, and :func:`pick` chooses the
evidence item to act on, the first whose role fits the action. Both go through the same pipeline
as a model's queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from waypost.planning.evidence import EvidenceItem
from waypost.planning.execute import Action
from waypost.planning.spec import Filters, QuerySpec
from waypost.retrieval.instructions import Step, parse_instruction
from waypost.retrieval.query import parse_query
from waypost.retrieval.synonyms import STOPWORDS
from waypost.retrieval.text import content_words, field_words, token_match, words

_FITS: dict[str, frozenset[str]] = {
    "type": frozenset(
        {"textbox", "searchbox", "combobox", "textarea", "password", "input", "generic", "spinbutton"}
    ),
    "select": frozenset({"combobox", "listbox", "radio", "select", "option", "button", "generic"}),
    "check": frozenset({"checkbox", "switch", "radio", "generic", "label", "button", "menuitemcheckbox"}),
}  # fmt: skip
_INTENT = {"click": "click", "type": "type", "select": "select", "check": "click", "extract": "extract"}


@dataclass(frozen=True)
class RulePlan:
    """A step the rules understood: its QuerySpec and the action to take on the chosen item.

    Attributes:
        spec: The query.
        action: ``click``, ``type``, ``select``, ``check`` or ``read``.
        text: What to type, the option, or ``"false"`` to untick.
        step: The parsed instruction step.
    """

    spec: QuerySpec
    action: Action
    text: str | None
    step: Step


def spec_for(step: Step) -> RulePlan | None:
    """The QuerySpec and action for one parsed step (``None`` for press, scroll and dismiss steps)."""
    if step.action in ("choose", "consent"):  # 'pick Kasey', 'accept the cookies': a click here
        step = replace(step, action="click")
    intent = _INTENT.get(step.action)
    if intent is None or not step.target.strip():
        return None
    q = parse_query(step.target)
    context = set(q.context)
    # Role words and ordinals stay keywords: the ranker reads them as soft hints, not hard filters.
    keywords = [t for t in words(step.target) if t not in STOPWORDS and t not in context]
    keywords = keywords or list(q.head) or [step.target]
    if step.verb and step.action == "click":
        keywords.append(step.verb)
    filters = Filters(section_hint=" ".join(q.context) or None)
    spec = QuerySpec(intent=intent, keywords=keywords, filters=filters)  # type: ignore[arg-type]
    action: Action = "read" if step.action == "extract" else step.action  # type: ignore[assignment]
    text = step.text
    if step.action == "check":
        text = "true" if step.checked else "false"
    return RulePlan(spec, action, text, step)


def plans_for(instruction: str) -> list[RulePlan]:
    """Rule plans for every element step of an instruction, in order."""
    return [p for p in (spec_for(s) for s in parse_instruction(instruction)) if p is not None]


def pick(items: Sequence[EvidenceItem], action: Action) -> EvidenceItem | None:
    """The item to act on: the best-scored one whose role fits the action (else the best one)."""
    if not items:
        return None
    fits = _FITS.get(action)
    if fits is not None:
        for item in items:
            if item.role in fits:
                return item
    return items[0]


FIELD_MATCH = 0.5
"""How well an item's label must match a field's words to be chosen for it (0..1)."""


def label_match(words_of: str, label: str) -> float:
    """How well ``label`` matches the words ``words_of`` names (mean word match, synonyms count)."""
    wanted = content_words(words_of) or words(words_of)
    if not wanted:
        return 0.0
    have = field_words(label)
    return sum(token_match(w, have) for w in wanted) / len(wanted)


def assign(fields: Sequence[tuple[str, Action]], items: Sequence[EvidenceItem]) -> list[EvidenceItem | None]:
    """For each ``(words, action)`` the pack item it names, or ``None``: one query for a whole form.

    An item fits when its role fits the action and its label matches the words (at least
    :data:`FIELD_MATCH`); each item is given to one field at most, best matches first.
    """
    scored = sorted(
        (
            (label_match(text, item.label), -n, -item.number, n, item)
            for n, (text, action) in enumerate(fields)
            for item in items
            if item.role in _FITS.get(action, frozenset({item.role}))
        ),
        key=lambda t: t[:3],
        reverse=True,
    )
    chosen: list[EvidenceItem | None] = [None] * len(fields)
    taken: set[int] = set()
    for score, _, _, n, item in scored:
        if score < FIELD_MATCH or chosen[n] is not None or item.number in taken:
            continue
        chosen[n] = item
        taken.add(item.number)
    return chosen
