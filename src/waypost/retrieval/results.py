"""What an action returns: the selector used, what changed on the page, and a line for the model.

Names and text in these results come from the web page: they are data, never instructions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from waypost.errors import ElementNotFound
from waypost.retrieval.errors import AmbiguousTarget, ElementNotActionable
from waypost.retrieval.ranking import Candidate

# ``already``: the state the step asks for already holds (a checked box, a selected option or tab);
# nothing was done, on purpose: acting would have toggled it away.
Status = Literal["done", "unsure", "not_found", "not_actionable", "failed", "refused", "already"]


def short(text: str, n: int = 80) -> str:
    """``text`` on one line, at most ``n`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


@dataclass(frozen=True)
class PageChange:
    """How the page changed during an action.

    Attributes:
        url_before: URL before.
        url_after: URL after.
        title_before: Title before.
        title_after: Title after.
        opened_dialogs: Dialogs visible after but not before (their names).
        closed_dialogs: Dialogs visible before but not after.
        new_tabs: URLs of tabs or popups the action opened.
        alerts: Messages of JavaScript alerts/confirms (dismissed).
    """

    url_before: str
    url_after: str
    title_before: str = ""
    title_after: str = ""
    opened_dialogs: tuple[str, ...] = ()
    closed_dialogs: tuple[str, ...] = ()
    new_tabs: tuple[str, ...] = ()
    alerts: tuple[str, ...] = ()

    @property
    def navigated(self) -> bool:
        """The URL changed (a fragment change counts)."""
        return self.url_after != self.url_before

    @property
    def changed(self) -> bool:
        """Anything visible changed."""
        return bool(
            self.navigated
            or self.title_after != self.title_before
            or self.opened_dialogs
            or self.closed_dialogs
            or self.new_tabs
            or self.alerts
        )

    def describe(self) -> str:
        """A short sentence or two on what changed."""
        parts: list[str] = []
        if self.navigated:
            title = f' ("{short(self.title_after, 70)}")' if self.title_after else ""
            parts.append(f"Now at {self.url_after}{title}.")
        elif self.title_after != self.title_before and self.title_after:
            parts.append(f'The title is now "{short(self.title_after, 70)}".')
        for name in self.opened_dialogs:
            parts.append(f'A dialog opened: "{short(name, 60)}".')
        for name in self.closed_dialogs:
            parts.append(f'The dialog "{short(name, 60)}" closed.')
        for url in self.new_tabs:
            parts.append(f"A new tab opened: {url}.")
        for message in self.alerts:
            parts.append(f'The page showed an alert: "{short(message, 80)}" (dismissed).')
        # (only these are watched: a menu or panel that opened in the page is not, so never "nothing changed")
        return " ".join(parts) if parts else "No navigation, dialog, alert or new tab followed."


@dataclass
class ActionResult:
    """The outcome of one action.

    Attributes:
        action: ``click``, ``type``, ``select``, ``check``, ``press``, ``scroll``, ``dismiss_overlays``.
        target: The target as given.
        status: ``done``; ``unsure`` (several candidates, nothing done); ``not_found``;
            ``not_actionable`` (hidden, disabled, covered); ``failed`` (the action itself failed);
            ``already`` (the state asked for holds: nothing was done, and :attr:`ok` is false).
        message: A short line for the model.
        selector: The selector acted on (string form, reusable as a target).
        element: What the element is, e.g. ``button "Anmelden"``.
        p: p(element | query) of the element acted on.
        candidates: Top candidates (always set when unsure).
        change: What changed on the page.
        llm_asked: Whether the chooser was asked.
        from_memory: Whether a remembered selector was used.
        healed: Whether a remembered selector failed and was replaced.
        latency_ms: Inventory + rank + validate, in milliseconds.
        action_ms: The action and the wait for the page to settle.
        validation: Validation result of the selector acted on (or of the last one tried).
        action_id: Row id in the action log, for :meth:`RetrievalStore.mark_outcome`.
    """

    action: str
    target: str
    status: Status
    message: str
    selector: str | None = None
    element: str | None = None
    p: float | None = None
    candidates: list[Candidate] = field(default_factory=list)
    change: PageChange | None = None
    llm_asked: bool = False
    from_memory: bool = False
    healed: bool = False
    latency_ms: float = 0.0
    action_ms: float = 0.0
    validation: str = ""
    action_id: int | None = None

    @property
    def ok(self) -> bool:
        """The action was done."""
        return self.status == "done"

    @property
    def text(self) -> str:
        """The line a model reads: what was done and what happened, or why nothing was done."""
        return self.message

    def raise_for_status(self) -> ActionResult:
        """Return ``self`` if done (or already so), else raise the matching typed error.

        Raises:
            AmbiguousTarget: Unsure which element was meant (``candidates`` attached).
            ElementNotFound: Nothing matches.
            ElementNotActionable: Found but hidden, disabled or covered, or the action failed.
        """
        if self.status in ("done", "already"):
            return self
        if self.status == "unsure":
            raise AmbiguousTarget(self.message, self.candidates)
        if self.status == "not_found":
            raise ElementNotFound(self.message)
        raise ElementNotActionable(self.message)


@dataclass
class ActReport:
    """The outcome of an instruction with one or more steps.

    Attributes:
        instruction: The instruction as given.
        steps: One result per step run; running stops at the first step not done (a step
            whose state already held does not stop it).
        planned: How many steps the instruction was split into.
    """

    instruction: str
    steps: list[ActionResult]
    planned: int

    @property
    def ok(self) -> bool:
        """Every planned step was done, and something was: a step whose state already held counts
        as done beside steps that did something ('check Remember me and click Log in'); alone
        ('turn on Notifications' when they are on) it is not done, since nothing was."""
        return self.holds and any(s.ok for s in self.steps)

    @property
    def holds(self) -> bool:
        """Every planned step was done or already so: what the instruction asks for holds now."""
        return len(self.steps) == self.planned and all(s.ok or s.status == "already" for s in self.steps)

    @property
    def text(self) -> str:
        """One line per step; says which steps were not run."""
        lines = [s.text for s in self.steps]
        skipped = self.planned - len(self.steps)
        if skipped > 0:
            lines.append(f"Stopped: {skipped} later step(s) not run.")
        return "\n".join(lines)
