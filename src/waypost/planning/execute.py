"""Execute one planned step through the acting pipeline's validation.

The item's selector candidates are handed to the :class:`~waypost.retrieval.Actor` as explicit
targets: each is validated in the live page (one element, visible, enabled, not covered) before
anything is done, and a selector that singles out nothing falls through to the next candidate and
finally to a structural path. Clicks and typing are never repeated once done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from waypost.planning.evidence import EvidenceItem
from waypost.retrieval.actor import Actor
from waypost.retrieval.inventory import structural_path
from waypost.retrieval.results import ActionResult
from waypost.retrieval.selectors import Selector

if TYPE_CHECKING:
    from playwright.async_api import Page

Action = Literal["click", "type", "select", "check", "read"]
ACTIONS: tuple[str, ...] = ("click", "type", "select", "check", "read")


@dataclass(frozen=True)
class Execution:
    """What executing one item did.

    Attributes:
        ok: The action was done.
        message: The one-line answer for the model (page text in it is data).
        selector: The selector acted on, if any.
        status: ``done``, ``already`` (the state held; ``ok`` is true), ``not_found``,
            ``not_actionable``, ``failed`` or ``bad_plan``.
        result: The acting pipeline's result, when it ran.
    """

    ok: bool
    message: str
    selector: str | None = None
    status: str = "done"
    result: ActionResult | None = None


async def execute(
    actor: Actor,
    page: Page,
    item: EvidenceItem,
    action: Action,
    text: str | None = None,
    *,
    submit: bool = False,
    dry_run: bool = False,
) -> Execution:
    """Carry out ``action`` on evidence ``item``.

    Args:
        actor: The acting pipeline.
        page: The page the evidence was retrieved from.
        item: The chosen item.
        action: ``click``, ``type``, ``select``, ``check`` or ``read``.
        text: What to type, or the option to select.
        submit: Press Enter after typing.
        dry_run: Only validate (one element, visible, enabled, not covered); act on nothing.
    """
    if action == "read" or item.element is None:
        if action not in ("read", "click") and item.element is None:
            return Execution(False, f"Item {item.number} is text to read, not an element to {action}.",
                             status="bad_plan")  # fmt: skip
        found = await actor.extract(page, item.label or item.snippet)
        return Execution(bool(found.text), found.message, status="done" if found.text else "not_found")
    if action in ("type", "select") and not text:
        return Execution(False, f"{action} needs a text: say what to {action}.", status="bad_plan")
    targets = list(item.selectors)
    path = await structural_path(page, item.element)
    if path:
        targets.append(str(Selector("path", path)))
    if dry_run:
        return await _validate_only(actor, page, item, targets)
    last: ActionResult | None = None
    for target in targets:
        if action == "click":
            last = await actor.click(page, target)
        elif action == "type":
            last = await actor.type(page, target, text or "", submit=submit)
        elif action == "select":
            last = await actor.select(page, target, text or "")
        else:
            last = await actor.check(page, target, checked=(text or "true").casefold() not in ("false", "no"))
        if last.status != "not_found":  # done, failed or not actionable: never try another way
            break
    if last is None:
        return Execution(False, f"Item {item.number} has no selector to act on.", status="not_found")
    # 'already': the state asked for holds (a box already checked); nothing to retry or avoid.
    return Execution(last.ok or last.status == "already", last.message, last.selector, last.status, last)


async def _validate_only(actor: Actor, page: Page, item: EvidenceItem, targets: list[str]) -> Execution:
    last = "not_found"
    for target in targets:
        res = await actor.finder.resolve(page, target, "any")
        if res.status == "found":
            return Execution(True, f"Validated {res.element_text} ({target}); nothing was done.", target)
        last = res.status
        if res.status == "not_actionable":
            reason = res.validation.reason if res.validation else "not actionable"
            return Execution(False, f"Item {item.number} cannot be acted on ({reason}).", target, last)
    return Execution(False, f"No selector of item {item.number} singles out one element.", None, last)
