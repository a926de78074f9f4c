"""The planner's engine: replay the run so far, then name the next tool call.

The planner keeps no state between calls. Each time it is asked, it runs its plan from the start
as straight-line code against the observations of the run so far (:class:`Run`): every
``run.call(...)`` either consumes the next observation of that tool and returns its text, or, when
the history is used up, stops the replay by raising the call to make next. What was read along the
way (the current URL, the last page view) is rebuilt from the observations, so a checkpoint resume
or an intervention in between changes nothing.

Rules the engine keeps: it never asks for the page it is on, it tries a failing action at most
twice (a second wording, or once more after closing a covering cookie banner), and when a step
fails it finishes with an honest answer that says what was done and what was not.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from waypost.models.answer_check import Question, find_value, question, values_of
from waypost.models.planner.intents import (
    Ask,
    Click,
    Cookies,
    Download,
    FillForm,
    Goal,
    Headline,
    Login,
    Logout,
    NextPage,
    Open,
    OpenItem,
    OpenTab,
    Plan,
    Read,
    Search,
    Upload,
)
from waypost.models.planner.texts import Texts, focus, money, required_labels
from waypost.models.planner.views import (
    View,
    ViewLink,
    action_outcome,
    extract_text,
    is_compressed,
    is_denied,
    parse_view,
    same_page,
    unfence,
)
from waypost.page.hint import HintMatcher
from waypost.page.text import shorten
from waypost.planning.evidence_tools import pack_items
from waypost.planning.rules import assign, pick, spec_for
from waypost.planning.spec import MAX_K
from waypost.retrieval.instructions import Step

__all__ = ["NEUTRAL_TOOLS", "Observation", "ToolCall", "next_call"]

NEUTRAL_TOOLS = frozenset({"think", "list_tools", "load_tools", "final_answer"})
"""Tools whose answers do not move the plan on (the engine skips their observations)."""

_ACTING = frozenset(
    {"click", "type", "select", "check", "press", "scroll", "dismiss_overlays", "act_on_evidence"}
)
_LINK_THRESHOLD = 0.5
_PAGE_MATCH = 0.75
_MAX_HOPS = 3
_NAV_LABEL = re.compile(
    r"^(mehr|more|weiter|next|nächste|naechste|vorherige|previous|zurück|zurueck|back|alle|all|home|"
    r"startseite|übersicht|overview|«|»|›|‹)\b",
    re.I,
)
_NEXT_LABEL = re.compile(
    r"^(next|nächste|naechste|weiter|›|»)|\b(next page|nächste seite|naechste seite)\b", re.I
)
_LOGIN_OK = re.compile(
    r"\b(?:angemeldet als|eingeloggt als|logged in as|signed in as|willkommen|welcome)\b,?\s+"
    r"[\"'„“]?[^\s\"'“”.,·|]+",
    re.I,
)
_LOGIN_BAD = re.compile(
    r"[^.]{0,60}\b(falsch|incorrect|invalid|wrong|ungültig|ungueltig|fehlgeschlagen|failed|unknown user|"
    r"nicht korrekt|does not match|stimmen nicht)\b[^.]{0,40}\.?",
    re.I,
)
_RESULT_COUNT = re.compile(
    r"\b\d[\d.]*\s+(?:Treffer|results?|hits?|matches|Ergebnisse?)\b[^.]{0,40}?(?=\s[A-ZÄÖÜ]|\.|$)", re.I
)
_NO_RESULTS = re.compile(
    r"\b(keine treffer|keine ergebnisse|no results|nothing found|0 treffer|0 results)\b", re.I
)
_CONFIRMED = re.compile(
    r"\b(danke|vielen dank|thank|gesendet|versendet|sent|received|eingegangen|erhalten|success\w*|"
    r"erfolgreich|"
    r"bestätig\w*|bestaetig\w*|confirm\w*|vorgangsnummer|reference)\b",
    re.I,
)
_FORM_ERROR = re.compile(
    r"\b(please (?:enter|agree|fill|check)|bitte (?:geben|füllen)|is required|error|fehler|invalid|"
    r"ungültig)\b",
    re.I,
)
_PRICE_WORDS = re.compile(r"\b(price|preis|kurs|cost|kostet|kosten|value|wert|stand)\b", re.I)
_SUBMITTED_NAME = re.compile(
    r"(?:into|in|Checked|Unchecked|Chose|Selected \"[^\"]*\" in)\s+(.+?)\s+\((?:css|role|text|xpath)", re.S
)


@dataclass(frozen=True)
class ToolCall:
    """A call the planner wants made.

    Attributes:
        name: The tool name (``final_answer`` to finish).
        args: Its arguments.
        note: A short line for people reading the transcript: why this call.
        facts: What the planner has found so far (its memo, carried in the reply's metadata).
    """

    name: str
    args: dict[str, Any]
    note: str = ""
    facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Observation:
    """A tool call made earlier in the run and its answer."""

    tool: str
    args: Mapping[str, Any]
    text: str


class _Next(Exception):
    def __init__(self, call: ToolCall) -> None:
        super().__init__(call.name)
        self.call = call


class _Finish(Exception):
    def __init__(self, answer: str) -> None:
        super().__init__(answer)
        self.answer = answer


class _StepFailed(Exception):
    def __init__(self, step: str, detail: str) -> None:
        super().__init__(step)
        self.step = step
        self.detail = detail


@dataclass
class Run:
    """The replay of one run: the plan as code over the observations so far.

    Args:
        plan: The parsed task.
        history: Every tool call made so far with its answer, oldest first.
        available: Names of the tools the model may call; ``None`` if unknown (all).
    """

    plan: Plan
    history: Sequence[Observation]
    available: frozenset[str] | None = None
    mode: str = "full"
    url: str | None = None
    view: View | None = None
    facts: list[str] = field(default_factory=list)
    evidence: list[dict[str, str]] = field(default_factory=list)
    compressed_seen: int = 0
    last_shortened: bool = False
    file: str | None = None
    _pos: int = 0

    def __post_init__(self) -> None:
        self.texts = Texts(self.plan.language)
        self._obs = [
            Observation(o.tool, o.args, unfence(o.text)) for o in self.history if o.tool not in NEUTRAL_TOOLS
        ]

    # ---- replay ----------------------------------------------------------------------------------

    def _next_observation(self) -> Observation | None:
        if self._pos >= len(self._obs):
            return None
        obs = self._obs[self._pos]
        self._pos += 1
        if is_compressed(obs.text):
            self.compressed_seen += 1
        self._absorb(obs)
        return obs

    def peek(self) -> Observation | None:
        """The next observation of the history, not consumed."""
        return self._obs[self._pos] if self._pos < len(self._obs) else None

    def follow(self, tool: str) -> Mapping[str, Any] | None:
        """The arguments of the next recorded call if it is of ``tool``.

        Used where the answer a decision was made on has since been shortened by the graph: the
        decision taken then is in the history, so the replay follows it.
        """
        nxt = self.peek()
        return nxt.args if nxt is not None and nxt.tool == tool else None

    def _absorb(self, obs: Observation) -> None:
        if obs.tool in ("research_navigate", "switch_tab", "open_tab"):
            view = parse_view(obs.text)
            if view is not None:
                self.view, self.url = view, view.url
        elif obs.tool in _ACTING:
            outcome = action_outcome(obs.text)
            if outcome.url:
                self.url = outcome.url

    def call(
        self,
        tool: str,
        args: Mapping[str, Any],
        *,
        note: str,
        ok: Callable[[str], bool] | None = None,
        alternatives: Sequence[Mapping[str, Any]] = (),
    ) -> str:
        """Consume the answer of this call from the history, or stop the replay to ask for it.

        Args:
            tool: The tool.
            args: Its arguments.
            note: Why, for the transcript.
            ok: Whether an answer means success (default: per tool).
            alternatives: Other arguments to try if the first fail (at most one more try in all).

        Returns:
            The tool's answer.

        Raises:
            _Next: The call (or a ``dismiss_overlays`` it needs first) has not been made yet.
            _StepFailed: It failed twice, or once with no other way to try.
            _Finish: A person declined the action.
        """
        if self.mode == "rag" and tool in _RAG_ACTIONS and not _is_selector(args):
            return self.call_rag(tool, args, note=note, ok=ok)
        check = ok or _default_ok(tool)
        variants = [dict(args), *(dict(a) for a in alternatives)]
        attempt, dismissed, need_dismiss = 0, False, False
        while True:
            want = variants[attempt]
            if need_dismiss:
                obs = self._next_observation()
                if obs is None:
                    self._require("dismiss_overlays")
                    raise _Next(
                        ToolCall("dismiss_overlays", {}, "A cookie banner covers the page: close it.")
                    )
                need_dismiss = False
                if obs.tool == "dismiss_overlays":
                    dismissed = True
                    continue
            else:
                obs = self._next_observation()
                if obs is None:
                    self._require(tool)
                    raise _Next(ToolCall(tool, want, note))
            if obs.tool != tool:
                continue  # someone else's call (an intervention): its effect is absorbed, go on
            if is_compressed(obs.text):
                # Shortened by the graph: what followed tells whether it worked.
                nxt = self.peek()
                if nxt is not None and nxt.tool == "dismiss_overlays" and not dismissed:
                    need_dismiss = True
                    continue
                if nxt is not None and nxt.tool == tool and _is_retry(nxt.args, variants):
                    attempt = min(attempt + 1, len(variants) - 1)
                    if nxt.args not in variants:
                        variants.insert(attempt, dict(nxt.args))
                    continue
                self.last_shortened = True
                return obs.text
            self.last_shortened = False
            if check(obs.text):
                return obs.text
            if is_denied(obs.text):
                raise _Finish(self.texts("denied", step=_describe(tool, want), facts=self._facts_so_far()))
            outcome = action_outcome(obs.text) if tool in _ACTING else None
            if outcome is not None and outcome.covered and not dismissed:
                need_dismiss = True
                continue
            if outcome is not None and outcome.covered:
                attempt = len(variants)  # still covered after closing overlays: other words will not help
            if outcome is not None and outcome.unsure and outcome.candidates and "target" in want:
                chosen = {**want, "target": outcome.candidates[0][1]}
                if chosen not in variants:
                    variants.insert(attempt + 1, chosen)
            attempt += 1
            if attempt >= min(2, len(variants)):
                raise _StepFailed(
                    _describe(tool, want),
                    self.texts("tool_said", text=self.texts.quote(_first_lines(obs.text), 240)),
                )

    def call_rag(
        self,
        tool: str,
        args: Mapping[str, Any],
        *,
        note: str,
        ok: Callable[[str], bool] | None = None,
        matcher: HintMatcher | None = None,
    ) -> str:
        """Planner-RAG: ask for evidence with a rule-based QuerySpec, then act on one item by number.

        With ``matcher`` only an item whose label matches the words well enough is chosen (no blind
        clicks); without one, the first item whose role fits the action.
        """

        target = str(args.get("target", ""))
        action = "select" if tool == "select" else tool
        text = args.get("option") if tool == "select" else args.get("text")
        if tool == "check":
            text = None
        checked = bool(args.get("checked", True))
        plan = spec_for(Step(action, target, text, checked=checked))  # type: ignore[arg-type]
        if plan is None:
            raise _StepFailed(_describe(tool, args), self.texts("no_such_element", page=self.page_name()))
        found = self.call(
            "find_evidence",
            plan.spec.model_dump(exclude_defaults=True),
            note=f"Look for {target!r}.",
            ok=lambda t: bool(pack_items(t)),
        )
        items = pack_items(found)
        if matcher is not None:
            fitting = [(matcher.score(i.label), -i.number, i) for i in items if i.role in _CLICKABLE]
            best = max(fitting, default=None, key=lambda t: t[:2])
            chosen = best[2] if best is not None and best[0] >= _LINK_THRESHOLD else None
        else:
            chosen = pick(items, plan.action)
        if chosen is None:
            raise _StepFailed(_describe(tool, args), self.texts("no_such_element", page=self.page_name()))
        act: dict[str, Any] = {"evidence": chosen.number, "action": plan.action}
        if plan.text:
            act["text"] = plan.text
        if args.get("submit"):
            act["submit"] = True
        return self.call("act_on_evidence", act, note=note, ok=ok or _default_ok(tool))

    def _require(self, tool: str) -> None:
        if self.available is not None and tool not in self.available:
            if "load_tools" in self.available:
                return  # the graph loads a tool into its slots when it is called
            raise _Finish(
                self.texts("failed", step=tool, detail=f"the tool {tool!r} is not available")
                + " "
                + self.texts("done_so_far", facts=self._facts_so_far())
            )

    def _facts_so_far(self) -> str:
        return " ".join(self.facts) or self.texts("nothing_done")

    # ---- pages -----------------------------------------------------------------------------------

    def navigate(self, url: str, hint: str | None, note: str) -> View:
        """Open ``url`` (never the page the run is on) and return its view."""
        if self.view is not None and same_page(url, self.view.url) and same_page(url, self.url):
            return self.view
        args: dict[str, Any] = {"target": url}
        if hint:
            args["hint"] = hint
        text = self.call("research_navigate", args, note=note, ok=_view_or_here)
        view = parse_view(text) or _already_here(text, url)
        self.view, self.url = view, view.url
        return view

    def ensure_page(self, hint: str | None) -> None:
        """Make sure a page is open (the start page if none is): for actions that need no view."""
        if self.url is None:
            self.ensure_view(hint)

    def ensure_view(self, hint: str | None) -> View:
        """The view of the page the browser shows, loading it when the run has none or an old one."""
        if self.url is None:
            if not self.plan.start_url:
                raise _Finish(self.texts("no_start"))
            return self.navigate(self.plan.start_url, hint, f"Open the start page {self.plan.start_url}.")
        if self.view is None or not same_page(self.view.url, self.url):
            return self.navigate(self.url, hint, f"Read the page the browser is on now ({self.url}).")
        return self.view

    def goto(self, words: str, next_hint: str | None) -> View:
        """Go to the page named by ``words``: the best matching link, up to three hops.

        Falls back to clicking the words (Selector-RAG) when the view lists no matching link.
        """
        matcher = HintMatcher(words)
        view = self.ensure_view(words)
        visited: set[str] = set()
        clicked = False
        for _ in range(_MAX_HOPS):
            if _page_matches(view, matcher):
                return view
            visited.add(_key(view.url))
            recorded = self.follow("research_navigate") if view.compressed else None
            if recorded is not None:
                view = self.navigate(
                    str(recorded["target"]), recorded.get("hint"), f"Go on towards {words!r}."
                )
                if self.follow("research_navigate") is None and self.follow("observe") is None:
                    return view
                continue
            scored = _best_link(view, matcher, visited)
            if scored is None:
                if clicked:
                    break
                clicked = True
                self.click_matching(words, navigate=True)
                view = self.ensure_view(next_hint)
                continue
            link, score = scored
            view = self.navigate(link.url, next_hint, f"Follow {link.label!r}: it matches {words!r}.")
            if score >= _PAGE_MATCH:
                return view
        if _page_matches(view, matcher):
            return view
        raise _StepFailed(
            self.texts("finding", words=words), self.texts("no_such_link", page=self.page_name(view))
        )

    def click_matching(self, words: str, *, navigate: bool = False) -> str:
        """Click the element ``words`` name, chosen among ``observe`` candidates that really match them.

        Nothing is clicked when no candidate's name matches the words (a blind click could accept a
        cookie banner or send a form).
        """
        if self.mode == "rag":

            def moved(t: str) -> bool:
                outcome = action_outcome(t)
                return outcome.done and (outcome.url is not None or not navigate)

            return self.call_rag(
                "click", {"target": words}, note=f"Click the element like {words!r}.", ok=moved,
                matcher=HintMatcher(words),
            )  # fmt: skip
        text = self.call(
            "observe",
            {"query": words},
            note=f"Look for an element like {words!r}.",
            ok=lambda t: bool(action_outcome(t).candidates),
        )
        recorded = self.follow("click") if is_compressed(text) else None
        if recorded is not None:
            return self.call("click", dict(recorded), note=f"Click the element like {words!r}.")
        matcher = HintMatcher(words)
        scored = [
            (matcher.score(_element_name(what)), -i, selector)
            for i, (what, selector) in enumerate(action_outcome(text).candidates)
            if what.startswith(("link", "button", "tab", "menuitem", "checkbox", "radio", "option"))
        ]
        best = max(scored, default=None)
        if best is None or best[0] < _LINK_THRESHOLD:
            raise _StepFailed(
                self.texts("finding", words=words), self.texts("no_such_element", page=self.page_name())
            )

        def clicked(t: str) -> bool:
            outcome = action_outcome(t)
            return outcome.done and (outcome.url is not None or not navigate)

        return self.call("click", {"target": best[2]}, note=f"Click the element like {words!r}.", ok=clicked)

    def extract(self, query: str, note: str) -> tuple[str, str]:
        """Read the section of the page that best matches ``query``: ``(title, text)``.

        ``("", "")`` when the graph has since shortened the answer (``last_shortened`` is set).
        """
        text = self.call("extract", {"query": query}, note=note, ok=lambda t: extract_text(t) is not None)
        found = extract_text(text)
        return found if found is not None and not self.last_shortened else ("", "")

    def shortened_fact(self, view: View | None = None) -> None:
        """A stand-in fact for one whose source the graph has shortened (the memo usually replaces it)."""
        self.facts.append(self.texts("shortened", page=self.page_name(view)))

    # ---- answers ---------------------------------------------------------------------------------

    def page_name(self, view: View | None = None) -> str:
        view = view or self.view
        if view is None:
            return self.url or "?"
        return self.texts.quote(view.title or view.url, 90)


# ---- helpers -------------------------------------------------------------------------------------


def _is_retry(args: Mapping[str, Any], variants: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a recorded call repeats one of ``variants`` or retries with a selector from observe."""
    if dict(args) in [dict(v) for v in variants]:
        return True
    target = str(args.get("target", ""))
    return target.startswith(("css=", "role=", "text=", "xpath=", "id="))


_RAG_ACTIONS = frozenset({"click", "type", "select", "check"})
_CLICKABLE = frozenset(
    {"link", "button", "tab", "menuitem", "checkbox", "radio", "option", "switch", "generic"}
)


def _is_selector(args: Mapping[str, Any]) -> bool:
    return str(args.get("target", "")).startswith(
        ("css=", "role=", "text=", "xpath=", "id=", "label=", "frame=")
    )


_ALREADY = re.compile(
    r"^(?:Error: you are already on (?P<title>.*) \((?P<here>[^)]*)\); it was not loaded again|"
    r"You are already here)"
)


def _view_or_here(text: str) -> bool:
    """A page view, or the navigator's 'you are already on it' (the page wanted is open)."""
    view = parse_view(text)
    return (view is not None and view.ok) or bool(_ALREADY.match(text.strip()))


def _already_here(text: str, url: str) -> View:
    """The page a run starts on when the session already shows it: its title and suggested links."""
    m = _ALREADY.match(text.strip())
    links = tuple(
        ViewLink(lm.group(1).strip(), urljoin(url, lm.group(2).strip()), "main", i)
        for i, lm in enumerate(re.finditer(r"^For (.+?): (\S+)\s*$", text, re.M))
    )
    return View(title=(m.group("title") if m and m.group("title") else url), url=url, summary=(), links=links)


def _default_ok(tool: str) -> Callable[[str], bool]:
    if tool == "research_navigate":
        return lambda t: (v := parse_view(t)) is not None and v.ok
    if tool in ("extract", "observe"):
        return lambda t: not t.startswith(("Error", "No section", "Nothing"))
    if tool in _ACTING:
        return lambda t: action_outcome(t).done
    return lambda t: not t.startswith("Error")


def _describe(tool: str, args: Mapping[str, Any]) -> str:
    shown = {
        k: ("•••" if k == "text" and "password" in str(args.get("target", "")).lower() else v)
        for k, v in args.items()
    }
    inner = ", ".join(f"{k}={v!r}" for k, v in shown.items())
    return f"{tool}({inner})"


def _first_lines(text: str, limit: int = 240) -> str:
    return shorten(text, limit)


def _key(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.netloc.lower()}{parts.path.rstrip('/') or '/'}?{parts.query}"


def _page_matches(view: View, matcher: HintMatcher) -> bool:
    return max(matcher.score(view.title), matcher.score_link("", view.url)) >= _PAGE_MATCH


def _usable(link: ViewLink) -> bool:
    return link.url.startswith(("http://", "https://"))


def _best_link(view: View, matcher: HintMatcher, exclude: set[str]) -> tuple[ViewLink, float] | None:
    group_rank = {"matching": 0, "main": 1, "sections": 1, "pagination": 2, "other": 2, "external": 3}
    best: tuple[tuple[float, int, int, int], ViewLink, float] | None = None
    for link in view.links:
        if not _usable(link) or _key(link.url) in exclude or same_page(link.url, view.url):
            continue
        score = matcher.score_link(link.label, link.url)
        if score < _LINK_THRESHOLD:
            continue
        depth = len([p for p in urlsplit(link.url).path.split("/") if p])
        rank = (-round(score, 2), group_rank.get(link.group, 2), depth, link.position)
        if best is None or rank < best[0]:
            best = (rank, link, score)
    return (best[1], best[2]) if best else None


def article_links(view: View) -> list[ViewLink]:
    """The links of a list page that look like its items (articles, results), in view order."""
    here = urlsplit(view.url)
    items = []
    for link in sorted(view.links, key=lambda item: (item.group != "main", item.position)):
        if link.group not in ("main", "matching") or not _usable(link):
            continue
        parts = urlsplit(link.url)
        if parts.netloc.lower() != here.netloc.lower() and link.group != "main":
            continue
        if same_page(link.url, view.url) or _NAV_LABEL.match(link.label) or len(link.label.split()) < 2:
            continue
        if parts.path.rstrip("/") == here.path.rstrip("/"):
            continue  # the same list, another page or sort order
        items.append(link)
    return items


def _next_page_link(view: View) -> ViewLink | None:
    for link in view.links:
        if link.group == "pagination" and "next" in link.label.lower():
            return link
    for link in view.links:
        if _usable(link) and _NEXT_LABEL.search(link.label.strip()):
            return link
    return None


def _filled_name(text: str, fallback: str) -> str:
    match = _SUBMITTED_NAME.search(text)
    return _element_name(match.group(1)) if match else fallback


# ---- goals ---------------------------------------------------------------------------------------


def _hint_for(goal: Goal | None) -> str | None:
    """Words that make the view show what ``goal`` needs first."""
    match goal:
        case Open(words=words):
            return words or None
        case Search():
            return "search"
        case Login():
            return "login"
        case Logout():
            return "logout"
        case NextPage():
            return "next page"
        case FillForm(form=form):
            return form or None
        case Read(query=query, subject=subject):
            return subject or query
        case Click(target=target):
            return target
        case OpenTab(words=words) | Download(words=words):
            return words or None
        case _:
            return None  # headlines and items: the view's own order counts


def _do_open(run: Run, goal: Open, next_goal: Goal | None) -> None:
    hint = _hint_for(next_goal)
    if goal.url:
        if run.url is not None and same_page(goal.url, run.url):
            view = run.ensure_view(hint)
        else:
            view = run.navigate(goal.url, hint, f"Open {goal.url} as the task says.")
    else:
        view = run.goto(goal.words, hint)
    if next_goal is None:
        run.facts.append(run.texts("arrived", page=run.page_name(view), url=view.url))


def _do_headline(run: Run, goal: Headline, next_goal: Goal | None) -> None:
    if goal.section:
        run.goto(goal.section, None)
    view = run.ensure_view(None)
    if view.compressed and run.follow("extract") is None:
        run.shortened_fact(view)
        return
    items = article_links(view)
    if len(items) >= goal.ordinal:
        item = items[goal.ordinal - 1]
        run.facts.append(
            run.texts(
                "headline",
                ordinal=run.texts.ordinal(goal.ordinal),
                page=run.page_name(view),
                title=run.texts.quote(item.label, 200),
                url=item.url,
            )
        )
        return
    title, text = run.extract("top story headline Top-Thema Schlagzeile", "Read the top story of this page.")
    run.facts.append(
        run.texts("headline_extract", page=run.page_name(view), text=run.texts.quote(text or title, 240))
    )


def _do_open_item(run: Run, goal: OpenItem, next_goal: Goal | None) -> None:
    if goal.section:
        run.goto(goal.section, None)
    view = run.ensure_view(None)
    recorded = run.follow("research_navigate") if view.compressed else None
    if recorded is not None:
        view = run.navigate(str(recorded["target"]), recorded.get("hint"), "Open the item chosen before.")
        run.facts.append(
            run.texts(
                "opened_item",
                ordinal=run.texts.ordinal(goal.ordinal),
                title=run.page_name(view),
                url=view.url,
            )
        )
        return
    items = article_links(view)
    if len(items) < goal.ordinal:
        raise _StepFailed(
            run.texts("opening_item", ordinal=run.texts.ordinal(goal.ordinal)),
            run.texts("too_few_items", page=run.page_name(view), count=len(items)),
        )
    item = items[goal.ordinal - 1]
    view = run.navigate(
        item.url, _hint_for(next_goal), f"Open the {run.texts.ordinal(goal.ordinal)} item: {item.label!r}."
    )
    run.facts.append(
        run.texts(
            "opened_item",
            ordinal=run.texts.ordinal(goal.ordinal),
            title=run.texts.quote(view.title or item.label, 200),
            url=view.url,
        )
    )


def _do_next_page(run: Run, goal: NextPage, next_goal: Goal | None) -> None:
    for i in range(goal.times):
        view = run.ensure_view("next page")
        recorded = run.follow("research_navigate") if view.compressed else None
        if recorded is not None:
            view = run.navigate(str(recorded["target"]), recorded.get("hint"), "Go to the next page.")
            continue
        link = _next_page_link(view)
        hint = _hint_for(next_goal) if i == goal.times - 1 else "next page"
        if link is None:
            run.click_matching("next page", navigate=True)
            view = run.ensure_view(hint)
        else:
            view = run.navigate(link.url, hint, f"Go to the next page ({link.label!r}).")
    if next_goal is None:
        run.facts.append(run.texts("arrived", page=run.page_name(), url=run.url))


def _do_search(run: Run, goal: Search, next_goal: Goal | None) -> None:
    run.ensure_page("search")
    text = run.call(
        "type",
        {"target": "search field", "text": goal.query, "submit": True},
        note=f"Search for {goal.query!r}.",
        alternatives=[{"target": "Suche", "text": goal.query, "submit": True}],
    )
    query = run.texts.quote(goal.query, 80)
    if action_outcome(text).url is None:
        _, found = run.extract(f"{goal.query} results Treffer", "Read the search results.")
        run.facts.append(run.texts("search_text", query=query, url=run.url, text=run.texts.quote(found, 300)))
        return
    view = run.ensure_view(_hint_for(next_goal))
    if view.compressed and run.follow("extract") is None:
        run.shortened_fact(view)
        return
    items = article_links(view)
    summary = " ".join(view.summary)
    if not items and _NO_RESULTS.search(summary + " " + view.title):
        run.facts.append(run.texts("search_none", query=query, url=view.url))
        return
    count = _RESULT_COUNT.search(summary)
    count_text = count.group(0).strip() if count else f"{len(items)} result link(s) listed"
    results = [f"{run.texts.quote(i.label, 120)} ({i.url})" for i in items[:3]]
    if not results:
        _, found = run.extract(f"{goal.query} results Treffer", "Read the search results.")
        run.facts.append(
            run.texts("search_text", query=query, url=view.url, text=run.texts.quote(found, 300))
        )
        return
    run.facts.append(
        run.texts("search_results", query=query, count=count_text, results=run.texts.join(results))
    )


def _do_login(run: Run, goal: Login, next_goal: Goal | None) -> None:
    if not goal.user or not goal.password:
        raise _Finish(run.texts("no_credentials"))
    run.goto("login", None)
    run.call(
        "type",
        {"target": "username", "text": goal.user},
        note="Enter the user name.",
        alternatives=[{"target": "Benutzername", "text": goal.user}],
    )
    run.call(
        "type",
        {"target": "password", "text": goal.password},
        note="Enter the password.",
        alternatives=[{"target": "Passwort", "text": goal.password}],
    )
    if goal.remember:
        run.call("check", {"target": "stay logged in", "checked": True}, note="Tick 'stay logged in'.")
    clicked = run.call(
        "click",
        {"target": "login button"},
        note="Send the login form.",
        alternatives=[{"target": "Anmelden"}],
    )
    _, text = run.extract(
        f"logged in as {goal.user} Angemeldet als {goal.user} error Fehler", "Check whether the login worked."
    )
    user = run.texts.quote(goal.user, 60)
    if run.last_shortened:  # the run went on after this check, so the login had worked
        run.shortened_fact()
        return
    bad = _LOGIN_BAD.search(text)
    good = _LOGIN_OK.search(text)
    moved = action_outcome(clicked).url is not None and not re.search(
        r"log-?in|anmeld|sign-?in", run.url or "", re.I
    )
    if good and goal.user.lower() in good.group(0).lower() and not bad:
        run.facts.append(
            run.texts("login_ok", user=user, status=run.texts.quote(good.group(0), 80), url=run.url)
        )
    elif bad:
        raise _Finish(
            run.texts("login_failed", user=user, status=run.texts.quote(bad.group(0), 120))
            + _done_suffix(run)
        )
    elif moved and good:
        run.facts.append(
            run.texts("login_ok", user=user, status=run.texts.quote(good.group(0), 80), url=run.url)
        )
    else:
        raise _Finish(
            run.texts("login_unknown", user=user, status=run.texts.quote(text, 160)) + _done_suffix(run)
        )


def _done_suffix(run: Run) -> str:
    return (" " + run.texts("done_so_far", facts=" ".join(run.facts))) if run.facts else ""


def _do_logout(run: Run, goal: Logout, next_goal: Goal | None) -> None:
    run.ensure_page("logout")
    text = run.call("click", {"target": "logout"}, note="Log out.", alternatives=[{"target": "Abmelden"}])
    outcome = action_outcome(text)
    if outcome.changed:
        run.facts.append(run.texts("logout_ok", url=run.url))
    else:
        run.facts.append(run.texts("logout_unknown", url=run.url))


def _stays(text: str) -> bool:
    """The action was done and the page did not navigate away (filling a form must not)."""
    outcome = action_outcome(text)
    return outcome.done and outcome.url is None


def _check_box(run: Run, label: str) -> str:
    """Tick the checkbox named ``label``: find it among the candidates of ``observe`` (never a link)."""
    if run.mode == "rag":
        return run.call(
            "check", {"target": f"{label} checkbox", "checked": True}, note=f"Tick {label!r}.", ok=_stays
        )
    text = run.call(
        "observe",
        {"query": f"{label} checkbox"},
        note=f"Find the checkbox {label!r}.",
        ok=lambda t: bool(action_outcome(t).candidates),
    )
    recorded = run.follow("check") if is_compressed(text) else None
    if recorded is not None:
        return run.call("check", dict(recorded), note=f"Tick {label!r}.", ok=_stays)
    matcher = HintMatcher(label)
    boxes = [
        (matcher.score(what), -i, selector)
        for i, (what, selector) in enumerate(action_outcome(text).candidates)
        if what.startswith(("checkbox", "switch"))
    ]
    if not boxes or (max(boxes)[0] == 0 and len(boxes) > 1):
        raise _StepFailed(
            run.texts("ticking", words=label), run.texts("no_such_element", page=run.page_name())
        )
    selector = max(boxes)[2]
    return run.call("check", {"target": selector, "checked": True}, note=f"Tick {label!r}.", ok=_stays)


def _do_form(run: Run, goal: FillForm, next_goal: Goal | None) -> None:
    if goal.form:
        run.goto(goal.form, None)
    else:
        run.ensure_view(None)
    filled: list[str] = []
    found = _fill_rag(run, goal) if run.mode == "rag" and len(goal.fields) > 1 else {}
    for n, spec in enumerate(goal.fields):
        if n in found:
            filled.append(_filled_name(found[n], spec.label))
            continue
        if spec.kind == "check":
            text = _check_box(run, spec.label)
        elif spec.kind == "select":
            text = run.call(
                "select",
                {"target": spec.label, "option": spec.value},
                note=f"Choose {spec.value!r} for {spec.label!r}.",
                ok=_stays,
            )
        else:
            text = run.call(
                "type",
                {"target": spec.label, "text": spec.value},
                note=f"Fill {spec.label!r} with {spec.value!r}.",
                ok=_stays,
            )
        filled.append(_filled_name(text, spec.label))
    fields = run.texts.join([run.texts.quote(name, 60) for name in filled]) or "–"
    if not goal.submit:
        run.facts.append(run.texts("form_filled", fields=fields))
        return
    send = found.get(len(goal.fields))
    text = (
        send
        if send is not None
        else run.call(
            "click",
            {"target": "send button"},
            note="Send the form.",
            alternatives=[{"target": "submit button"}],
        )
    )
    outcome = action_outcome(text)
    button = run.texts.quote(_clicked_name(text), 60)
    if outcome.changed:
        title, found = run.extract("confirmation thank you Vielen Dank Bestätigung", "Read the confirmation.")
        if run.last_shortened:  # the run went on after this check, so the form had been sent
            run.shortened_fact()
            return
        source = found if _CONFIRMED.search(found) else title
        confirmed = _CONFIRMED.search(source)
        if confirmed and not _FORM_ERROR.search(found):
            quote = source[max(0, confirmed.start() - 40) : confirmed.end() + 120].strip()
            _add_evidence(run, quote, run.url, "confirmation")
            run.facts.append(run.texts("form_sent", fields=fields, text=run.texts.quote(found, 300)))
            return
        raise _Finish(
            run.texts(
                "form_unconfirmed",
                fields=fields,
                button=button,
                page=run.texts.quote(outcome.title or run.url or "", 90),
            )
            + _done_suffix(run)
        )
    _, form_text = run.extract(f"{goal.form} form fields required".strip(), "Find out why nothing happened.")
    missing = required_labels(form_text, filled)
    reason = (
        run.texts("form_missing", labels=run.texts.join([run.texts.quote(m, 60) for m in missing]))
        if missing
        else run.texts("form_missing_unknown")
    )
    raise _Finish(
        run.texts("form_not_sent", fields=fields, button=button, missing=reason) + _done_suffix(run)
    )


def _fill_rag(run: Run, goal: FillForm) -> dict[int, str]:
    """Planner-RAG: one evidence query for all of a form's fields, then one action per field it found.

    Returns the answers by field number; the fields the pack does not name are left to a query of
    their own.
    """

    keywords = list(dict.fromkeys(w for f in goal.fields for w in f.label.split()))
    if goal.submit:
        keywords.append("send")
    spec = {"intent": "type", "keywords": keywords[:12], "k": min(MAX_K, 2 * len(goal.fields))}
    if goal.form:
        spec["filters"] = {"section_hint": goal.form}
    text = run.call(
        "find_evidence", spec, note="Look for the form's fields.", ok=lambda t: bool(pack_items(t))
    )
    wanted: list[tuple[str, Any]] = [(f.label, f.kind) for f in goal.fields]
    if goal.submit:
        wanted.append(("send submit", "click"))
    done: dict[int, str] = {}
    if is_compressed(text):
        # The graph has since shortened the pack: the choices made on it are the recorded calls.
        while (recorded := run.follow("act_on_evidence")) is not None:
            n = _field_of(recorded, goal, wanted, done)
            if n is None:
                break
            ok = _stays if n < len(goal.fields) else _default_ok("click")
            done[n] = run.call("act_on_evidence", dict(recorded), note=f"Fill {wanted[n][0]!r}.", ok=ok)
        return done
    items = assign(wanted, pack_items(text))
    for n, ((label, action), item) in enumerate(zip(wanted, items, strict=True)):
        if item is None:
            continue
        args: dict[str, Any] = {"evidence": item.number, "action": action}
        if n < len(goal.fields):
            args["text"] = "true" if action == "check" else goal.fields[n].value
            note, ok = f"Fill {label!r} (item {item.number}).", _stays
        elif item.role not in ("button", "link") or any(i is None for i in items[:n]):
            continue  # send only after every field was found here (else the others come first)
        else:
            note, ok = f"Send the form (item {item.number}).", _default_ok("click")
        done[n] = run.call("act_on_evidence", args, note=note, ok=ok)
    return done


def _field_of(
    recorded: Mapping[str, Any], goal: FillForm, wanted: Sequence[tuple[str, str]], done: Mapping[int, str]
) -> int | None:
    """The form field (or the send button, numbered after the fields) a recorded evidence action was for."""
    for n, (_, action) in enumerate(wanted):
        if n in done or recorded.get("action") != action:
            continue
        if n >= len(goal.fields) or action == "check" or recorded.get("text") == goal.fields[n].value:
            return n
    return None


def _clicked_name(text: str) -> str:
    match = re.search(r"Clicked (.+?) \((?:css|role|text|xpath)", text)
    return _element_name(match.group(1)) if match else "send"


def _element_name(described: str) -> str:
    """'textbox "Name *"' → 'Name'."""
    quoted = re.findall(r'"([^"]+)"', described)
    name = quoted[-1] if quoted else described
    return name.rstrip(" *").strip()


def _do_cookies(run: Run, goal: Cookies, next_goal: Goal | None) -> None:
    run.ensure_page(_hint_for(next_goal))
    if goal.accept:
        text = run.call(
            "click",
            {"target": "accept cookies"},
            note="Accept the cookie banner.",
            alternatives=[{"target": "Akzeptieren"}],
        )
        run.facts.append(run.texts("cookies_accepted", detail=_first_lines(text, 160)))
    else:
        text = run.call("dismiss_overlays", {}, note="Close the cookie banner.")
        run.facts.append(run.texts("cookies_closed", detail=_first_lines(text, 160)))


def _do_click(run: Run, goal: Click, next_goal: Goal | None) -> None:
    run.ensure_page(goal.target)
    text = run.click_matching(goal.target)
    run.facts.append(
        run.texts("clicked", target=run.texts.quote(goal.target, 60), detail=_first_lines(text, 200))
    )


_DOWNLOADED = re.compile(r"Downloaded (?P<name>\S+) — (?P<what>[^;\n]+)")
_NEW_TAB = re.compile(r"New tab (?P<id>t\d+) opened by the page: (?P<url>\S+?)\.(?:\s|$)")
_PDF_PAGES = re.compile(r"PDF document, (?P<n>\d+) page")
_PAGE_LINK = re.compile(r"^For (?P<label>.+): page (?P<page>\d+)\s*$", re.M)
_QUERY_FILLER = frozenset(
    ("it", "its", "states", "stated", "says", "said", "there", "the", "der", "die", "das", "es", "nennt")
)
_MAX_FILE_PAGES = 4


def _click_link(run: Run, words: str, ok: Callable[[str], bool], note: str) -> str:
    """Click the link the view names by ``words`` (by its label), else the element ``observe`` finds."""
    view = run.ensure_view(words)
    scored = _best_link(view, HintMatcher(words), {_key(view.url)})
    if scored is not None:
        return run.call("click", {"target": scored[0].label}, note=note, ok=ok)
    return run.click_matching(words)


def _do_download(run: Run, goal: Download, next_goal: Goal | None) -> None:
    text = _click_link(run, goal.words, lambda t: bool(_DOWNLOADED.search(t)), f"Download {goal.words!r}.")
    found = _DOWNLOADED.search(text)
    if found is None:
        recorded = run.follow("read_file") if run.last_shortened else None
        if recorded is None:
            raise _StepFailed(
                run.texts("downloading", words=goal.words),
                run.texts("tool_said", text=run.texts.quote(_first_lines(text), 240)),
            )
        run.file = str(recorded["file"])
        return
    run.file = found.group("name")
    if not isinstance(next_goal, Read):
        run.facts.append(run.texts("downloaded", name=run.file, what=found.group("what").strip()))


def _query_words(query: str) -> list[str]:
    return [w for w in re.findall(r"[\wÄÖÜäöüß-]{3,}", query.lower()) if w not in _QUERY_FILLER]


def _read_file(run: Run, goal: Read) -> None:
    """Read the downloaded file: its overview, then the pages its outline points to, until one says it."""
    name = run.file
    assert name is not None
    words = _query_words(goal.subject or goal.query) or _query_words(goal.query)
    overview = run.call("read_file", {"file": name}, note=f"Look at {name}.")
    count = _PDF_PAGES.search(overview)
    if count is None:  # a text file: its text is the overview
        if any(w in overview.lower() for w in words):
            excerpt = run.texts.quote(focus(overview, " ".join(words)), 260)
            run.facts.append(run.texts("read_file", name=name, page=1, text=excerpt))
            return
        raise _StepFailed(run.texts("finding", words=goal.query), run.texts("not_in_file", name=name))
    matcher = HintMatcher(" ".join(words))
    pages = [
        int(m.group("page")) for m in _PAGE_LINK.finditer(overview) if matcher.score(m.group("label")) > 0
    ]
    pages += [p for p in range(1, int(count.group("n")) + 1) if p not in pages]
    for page in pages[:_MAX_FILE_PAGES]:
        text = run.call("read_file", {"file": name, "page": page}, note=f"Read page {page} of {name}.")
        body = "\n".join(line for line in text.split("\n")[1:] if not line.startswith("("))
        if any(w in body.lower() for w in words):
            excerpt = run.texts.quote(focus(body, " ".join(words)), 260)
            run.facts.append(run.texts("read_file", name=name, page=page, text=excerpt))
            return
    raise _StepFailed(run.texts("finding", words=goal.query), run.texts("not_in_file", name=name))


def _do_open_tab(run: Run, goal: OpenTab, next_goal: Goal | None) -> None:
    text = _click_link(run, goal.words, lambda t: action_outcome(t).done, f"Open {goal.words!r} (a new tab).")
    found = _NEW_TAB.search(text)
    hint = _hint_for(next_goal)
    if found is None:
        if action_outcome(text).url is None:
            raise _StepFailed(run.texts("finding", words=goal.words), run.texts("no_new_tab"))
        view = run.ensure_view(hint)  # it opened in the same tab
    else:
        args: dict[str, Any] = {"tab": found.group("id")}
        if hint:
            args["hint"] = hint
        answer = run.call(
            "switch_tab", args, note=f"Switch to the new tab {found.group('id')}.",
            ok=lambda t: parse_view(t) is not None,
        )  # fmt: skip
        view = parse_view(answer) or run.ensure_view(hint)
    if next_goal is None:
        run.facts.append(run.texts("opened_tab", page=run.page_name(view), url=view.url))


def _do_upload(run: Run, goal: Upload, next_goal: Goal | None) -> None:
    if goal.form:
        run.goto(goal.form, None)
    else:
        run.ensure_view(None)
    run.call(
        "upload",
        {"target": f"{goal.form} file attachment".strip(), "file": goal.file},
        note=f"Put {goal.file} into the file field.",
        ok=lambda t: t.startswith("Set the file field"),
    )
    name = run.texts.quote(goal.file, 80)
    if not goal.submit:
        run.facts.append(run.texts("upload_set", name=name))
        return
    clicked = run.call(
        "click", {"target": "send button"}, note="Send the form.", alternatives=[{"target": "submit button"}]
    )
    outcome = action_outcome(clicked)
    title, found = run.extract("confirmation thank you received", "Read the confirmation.")
    if run.last_shortened:
        run.shortened_fact()
        return
    if outcome.changed and _CONFIRMED.search(f"{title} {found} {outcome.title or ''}"):
        run.facts.append(run.texts("upload_sent", name=name, text=run.texts.quote(found, 300)))
        return
    raise _Finish(run.texts("upload_unconfirmed", name=name) + _done_suffix(run))


def _do_read(run: Run, goal: Read, next_goal: Goal | None) -> None:
    if run.file is not None:
        _read_file(run, goal)
        return
    words = goal.subject or goal.query
    view = run.ensure_view(words)
    matcher = HintMatcher(words)
    here = max(matcher.score(view.title), matcher.score_link("", view.url))
    recorded = run.follow("research_navigate") if view.compressed else None
    if recorded is not None:
        view = run.navigate(str(recorded["target"]), recorded.get("hint"), f"Open the page about {words!r}.")
    elif here < _PAGE_MATCH:
        scored = _best_link(view, matcher, {_key(view.url)})
        if scored is not None and scored[1] > here:
            link = scored[0]
            view = run.navigate(link.url, None, f"Open {link.label!r}: it is about {words!r}.")
    subject_words = [w.lower() for w in re.findall(r"[\wÄÖÜäöüß-]{3,}", goal.subject)]

    def about_subject(t: str) -> bool:
        found = extract_text(t)
        return found is not None and all(w in f"{found[0]} {found[1]}".lower() for w in subject_words)

    page_topic = view.title.split(" – ")[0].split(" | ")[0]
    text = run.call(
        "extract",
        {"query": goal.query},
        note=f"Read what the page says about {goal.query!r}.",
        ok=about_subject,
        alternatives=[{"query": f"{words} {page_topic}".strip()}] if subject_words else (),
    )
    found = extract_text(text)
    if found is None or run.last_shortened:
        run.shortened_fact(view)
        return
    body = found[1]
    excerpt = run.texts.quote(focus(body, goal.subject or goal.query), 260)
    value = _attribute(goal.query, body, goal.subject)
    if value is not None:
        what, shown = value
        run.facts.append(
            run.texts("read_value", page=run.page_name(view), what=what, value=shown, text=excerpt)
        )
        return
    run.facts.append(run.texts("read", page=run.page_name(view), text=excerpt))


_AUTHOR_WORDS = re.compile(r"\b(author|autor\w*|writer|verfasser\w*|wer hat|who wrote)\b", re.I)
_AUTHOR = re.compile(r"\b(?:Von|By|Autor(?:in)?:?)\s+([A-ZÄÖÜ][\w-]+(?:\s+[A-ZÄÖÜ][\w-]+){0,2})")
_DATE_WORDS = re.compile(r"\b(date|datum|when|wann|published|veröffentlicht)\b", re.I)
_DATE = re.compile(
    r"\b\d{1,2}\.\s?\d{1,2}\.\s?\d{4}(?:,\s*\d{1,2}:\d{2}(?:\s*Uhr)?)?|"
    r"\b\d{1,2} [A-Z][a-z]+ \d{4}(?:, \d{1,2}:\d{2})?"
)


def _attribute(query: str, text: str, subject: str) -> tuple[str, str] | None:
    """A value the query asks for, read from ``text``: ``(what, value)`` (price, author, date)."""
    price = _PRICE_WORDS.search(query)
    if price:
        amount = money(text, subject)
        return (price.group(0), amount) if amount else None
    author = _AUTHOR_WORDS.search(query)
    if author:
        match = _AUTHOR.search(text)
        return (author.group(0), match.group(1)) if match else None
    date = _DATE_WORDS.search(query)
    if date:
        match = _DATE.search(text)
        return (date.group(0), match.group(0)) if match else None
    return None


# ---- questions: read before roaming ----------------------------------------------------------------

_LINK_WORDS = {
    "phone": "contact,kontakt,impressum,imprint,get in touch,about",
    "email": "contact,kontakt,impressum,imprint,get in touch",
    "address": "contact,kontakt,visit,find us,impressum,imprint,about,anfahrt",
    "hours": "opening hours,öffnungszeiten,visit,contact,kontakt",
    "price": "prices,preise,price list,tarife",
    "weather": "weather,wetter,forecast,vorhersage",
    "person": "about,über uns,impressum,imprint,team",
    "code": "",
    "date": "",
}
_QUERY_WORDS = {
    "phone": "phone Telefon contact Kontakt",
    "email": "email E-Mail contact",
    "address": "address Adresse contact",
    "hours": "opening hours Öffnungszeiten",
    "price": "price Preis Kurs",
    "weather": "weather forecast Wetter Vorhersage",
    "person": "",
    "code": "",
    "date": "",
}
_WHAT = {
    "en": {"phone": "phone number", "email": "e-mail address", "address": "address", "hours": "opening hours",
           "price": "price", "weather": "forecast", "person": "name", "code": "code", "date": "date"},
    "de": {"phone": "Telefonnummer", "email": "E-Mail-Adresse", "address": "Adresse",
           "hours": "Öffnungszeiten",
           "price": "Preis", "weather": "Vorhersage", "person": "Name", "code": "Kennung", "date": "Datum"},
}  # fmt: skip
_MAX_PAGES = 3
_FACT_LINE = re.compile(r"^(?P<key>[A-Z][\w ()]+?)(?: (?P<n>\d+))?: (?P<value>.+)$", re.M)
_TOP_DATE = re.compile(
    r"\b(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Monday|Tuesday|Wednesday|Thursday|"
    r"Friday|Saturday|Sunday),?\s+(?:\d{1,2}\.?\s+\w+\.?\s+\d{4}|\w+\s+\d{1,2},?\s+\d{4})"
)
_DAYS = (["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"],
         ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])  # fmt: skip


_META_LINE = re.compile(r"^(?:Archived as|Loaded on|Canonical:|Redirected|HTTP \d|Blocked:)")


def _add_evidence(run: Run, quote: str, source: str | None, answers: str) -> None:
    if quote and source:
        run.evidence.append({"quote": quote, "source": source, "answers": answers})


def _page_facts(run: Run) -> tuple[dict[str, list[str]], str]:
    """The lines of a ``read_page`` answer by key ("Paragraph" → every paragraph), and its text."""
    text = run.call("read_page", {}, note="Read this page's own structure (byline, date, body).")
    facts: dict[str, list[str]] = {}
    for m in _FACT_LINE.finditer(text):
        facts.setdefault(m.group("key"), []).append(m.group("value").strip())
    return facts, text


def _clean_author(raw: str) -> str:
    name = re.sub(r"^(?:by|von|written by|autor(?:in)?:?)\s+", "", raw.strip(), flags=re.I)
    name = re.split(r"\s*(?:,|·|\||\bon\b|\d|\band\b(?=.*\d))", name)[0].strip()
    return name


def _do_ask(run: Run, goal: Ask, next_goal: Goal | None) -> None:
    q = question(goal.question)
    thing = {"de": "Artikel"}.get(run.plan.language, "article")
    if q.about_page and q.page_part:
        run.ensure_view(None)
        _answer_about_page(run, q, thing)
        return
    if q.when == "future" or (q.when == "tomorrow" and q.kind != "weather"):
        view = run.ensure_view(None)
        when = {"future": "that time", "tomorrow": "tomorrow"}[q.when]
        raise _Finish(run.texts("not_found_time", pages=run.page_name(view), when=when))
    _answer_from_pages(run, q)


def _answer_about_page(run: Run, q: Question, thing: str) -> None:
    facts, _ = _page_facts(run)
    url = run.url
    page = run.page_name()
    part, n = q.page_part, q.ordinal

    def found(key: str, value: str, quote: str, what: str) -> None:
        _add_evidence(run, quote, url, what)
        run.facts.append(
            run.texts(key, thing=thing, value=value, page=page, ordinal=run.texts.ordinal(max(1, n)))
        )

    if part == "author":
        raw = (facts.get("Author") or facts.get("Author (metadata)") or [""])[0]
        name = _clean_author(raw)
        if name and len(name.split()) <= 6:
            found("page_author", name, name, "author")
            return
    elif part == "date":
        shown = (facts.get("Published") or [""])[0]
        meta = (facts.get("Published (metadata)") or [""])[0]
        value = meta or shown
        if value:
            day = re.sub(r"\s*\(datetime.*$", "", value)
            iso = re.search(r"\d{4}-\d{2}-\d{2}", value)
            shown_day = re.sub(r"\s*\(datetime.*$", "", shown)
            said = (
                f"{shown_day} ({iso.group(0)})"
                if shown_day and iso and iso.group(0) not in shown_day
                else (iso.group(0) if iso else day)
            )
            found("page_date", said, iso.group(0) if iso else day, "publication date")
            return
    elif part == "title":
        title = (facts.get("Title") or [""])[0]
        meta = (facts.get("Title (metadata)") or [""])[0]
        if title:
            shown = run.texts.quote(title, 300)
            if meta and meta.casefold() not in title.casefold() and title.casefold() not in meta.casefold():
                _add_evidence(run, meta, url, "title (metadata)")
                shown += f" ({run.texts.quote(meta, 300)})"
            found("page_title", shown, title, "title")
            return
    elif part == "summary":
        text = (facts.get("Description") or facts.get("Paragraph") or [""])[0]
        title = (facts.get("Title") or [""])[0]
        if text:
            _add_evidence(run, title, url, "title")
            found(
                "page_summary",
                f"{run.texts.quote(title, 200)} — {run.texts.quote(text, 400)}"
                if title
                else run.texts.quote(text, 400),
                text,
                "summary",
            )
            return
    elif part == "paragraph":
        paragraphs = facts.get("Paragraph") or []
        if paragraphs and n <= len(paragraphs):
            text = paragraphs[n - 1 if n > 0 else -1]
            found("page_paragraph", run.texts.quote(text, 2000), text, f"paragraph {n}")
            return
    elif part == "link":
        links = facts.get("Body link") or []
        if links and n <= len(links):
            label, _, target = links[n - 1 if n > 0 else -1].partition(" -> ")
            found("page_link", f"{run.texts.quote(label, 120)} ({target})", label, f"link {n}")
            return
    what = {"author": "the author", "date": "the publication date", "title": "the title",
            "summary": "a summary",
            "paragraph": "that paragraph", "link": "that link"}.get(part, part)  # fmt: skip
    raise _Finish(run.texts("not_found", what=what, pages=page))


def _answer_from_pages(run: Run, q: Question) -> None:
    view = run.ensure_view(" ".join(_LINK_WORDS.get(q.kind, "").split(",")[:3]) or None)
    start = view
    tried: list[str] = []
    link_words = [p for p in [" ".join(q.things), *_LINK_WORDS.get(q.kind, "").split(",")] if p.strip()]
    query = " ".join([*q.names, *q.things, _QUERY_WORDS.get(q.kind, "")]).strip() or q.kind
    what = _WHAT[run.plan.language].get(q.kind, q.kind)
    candidates = _ask_links(start, q, link_words)
    for hop in range(_MAX_PAGES):
        tried.append(run.page_name(view))
        raw = run.call(
            "extract", {"query": query}, note=f"Look for the {what} on this page.", ok=lambda t: True
        )
        _, text = (extract_text(raw) or ("", "")) if not run.last_shortened else ("", "")
        if q.kind == "weather":
            if _weather(run, q, view, text, what):
                return
        else:
            got = find_value(text, q, title=view.title)
            page_text = " ".join(line for line in view.summary if not _META_LINE.match(line))
            if got is None and page_text and not view.compressed:
                got = find_value(page_text, q, title=view.title)
            if got is not None and run.url:
                value, quote = got
                _add_evidence(run, quote, run.url, what)
                run.facts.append(
                    run.texts("found_value", page=run.page_name(view), what=what, value=value,
                              text=run.texts.quote(quote, 260))
                )  # fmt: skip
                return
        if hop == _MAX_PAGES - 1:
            break
        recorded = run.follow("research_navigate") if start.compressed else None
        if recorded is not None:  # the links were shortened since: follow the choice made then
            view = run.navigate(
                str(recorded["target"]), recorded.get("hint"), f"Go on looking for the {what}."
            )
            continue
        candidates = [c for c in candidates if _key(c.url) not in {_key(view.url)}]
        if not candidates:
            break
        link = candidates.pop(0)
        view = run.navigate(link.url, query, f"Follow {link.label!r}: it may hold the {what}.")
    raise _Finish(run.texts("not_found", what=what, pages=run.texts.join(tried)))


def _ask_links(view: View, q: Question, words: Sequence[str]) -> list[ViewLink]:
    """Links of ``view`` whose labels match the thing asked (names first), best first; none blindly."""
    if not words and not q.names:
        return []
    scored = []
    name_matchers = [HintMatcher(n) for n in q.names]
    matchers = [HintMatcher(w) for w in words]
    for link in view.links:
        if not _usable(link) or same_page(link.url, view.url):
            continue
        named = max((m.score_link(link.label, link.url) for m in name_matchers), default=0.0)
        if q.names and named < _LINK_THRESHOLD and q.kind in ("price", "code"):
            continue  # a share's page must name it
        score = max([named * 2, *(m.score_link(link.label, link.url) for m in matchers)])
        if any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", link.label, re.I) for w in words if len(w) > 3):
            score = max(score, 0.6)  # the label is one of the words (matchers ignore 'about')
        if score >= _LINK_THRESHOLD:
            scored.append((-score, link.position, link))
    return [link for _, _, link in sorted(scored, key=lambda t: t[:2])]


def _weather(run: Run, q: Question, view: View, text: str, what: str) -> bool:
    """Read a forecast row for the place asked, for the day asked (today / tomorrow / the first column)."""
    place = q.names[0] if q.names else ""
    if not place:
        return False
    m = re.search(r"(?<!\w)" + re.escape(place) + r"\b(?P<row>.{0,160})", text)
    if not m:
        return False
    header_days = [
        w for w in re.findall(r"[A-Za-zÄÖÜäöü]+", text[: m.start()]) if w.lower() in (*_DAYS[0], *_DAYS[1])
    ]
    header_days = list(dict.fromkeys(header_days))[-3:] if header_days else []
    values = values_of("weather", m.group("row"))[: max(1, len(header_days))]
    if not values:
        return False
    header_days = header_days[-len(values) :]
    row_text = m.group("row")
    cut = 0
    for v in values:
        cut = row_text.find(v, cut) + len(v)
    row = f"{place}{row_text[:cut]}"
    column, day, label = 0, header_days[0] if header_days else "", "Forecast"
    if q.when in ("today", "tomorrow"):
        facts, _ = _page_facts(run)
        top = (facts.get("Date shown on the page") or [""])[0]
        if not top or not header_days:
            return False
        today_name = _TOP_DATE.search(top)
        if not today_name:
            return False
        first = today_name.group(0).split(",")[0].split()[0].lower()
        names = _DAYS[0] if first in _DAYS[0] else _DAYS[1]
        wanted = names[(names.index(first) + (1 if q.when == "tomorrow" else 0)) % 7]
        lower = [d.lower() for d in header_days]
        if wanted not in lower:
            return False
        column, day = lower.index(wanted), header_days[lower.index(wanted)]
        _add_evidence(run, today_name.group(0), run.url, "today's date")
        label = {"today": {"en": "Today", "de": "Heute"}, "tomorrow": {"en": "Tomorrow", "de": "Morgen"}}[
            q.when
        ][run.plan.language]
    if column >= len(values):
        return False
    when_word = {"tomorrow": "tomorrow", "today": "today"}.get(q.when or "", "")
    _add_evidence(run, row, run.url, f"forecast for {place}, {day} ({when_word})".replace(" ()", ""))
    if header_days:
        _add_evidence(
            run, " ".join(header_days), run.url, f"the columns: {day} ({when_word})".replace(" ()", "")
        )
    run.facts.append(
        run.texts("found_weather", when=label, day=day or "?", place=place, value=values[column],
                  text=run.texts.quote(row, 200))
    )  # fmt: skip
    return True


_HANDLERS: dict[type, Callable[[Run, Any, Goal | None], None]] = {
    Ask: _do_ask,
    Open: _do_open,
    Headline: _do_headline,
    OpenItem: _do_open_item,
    NextPage: _do_next_page,
    Search: _do_search,
    Login: _do_login,
    Logout: _do_logout,
    FillForm: _do_form,
    Cookies: _do_cookies,
    Click: _do_click,
    Read: _do_read,
    Download: _do_download,
    OpenTab: _do_open_tab,
    Upload: _do_upload,
}


# ---- entry point ---------------------------------------------------------------------------------


def next_call(
    plan: Plan,
    history: Sequence[Observation],
    available: frozenset[str] | None = None,
    memo: Sequence[str] = (),
    mode: str = "full",
) -> ToolCall:
    """The next tool call for ``plan`` given the run so far (``final_answer`` when done).

    Args:
        plan: The parsed task.
        history: The tool calls made so far with their answers, oldest first.
        available: The tools the model may call, when known.
        memo: The facts the planner had found at its previous turn (``ToolCall.facts``). They stand
            in for facts whose source answers the graph has shortened since.
        mode: ``full`` (acting tools with plain-words targets) or ``rag`` (find_evidence with a
            rule-based QuerySpec, then act_on_evidence on one item).

    Returns:
        The call to make next, with the facts found so far.
    """
    run = Run(plan, history, available, mode)
    texts = run.texts
    if plan.refusal:
        return _final(texts("refused", why=plan.refusal))
    goals = plan.goals
    start, seen = 0, 0

    def settle() -> None:
        # Facts of a goal that read shortened answers come from the memo of an earlier turn.
        if run.compressed_seen > seen:
            for k in range(start, min(len(run.facts), len(memo))):
                run.facts[k] = memo[k]

    try:
        for i, goal in enumerate(goals):
            start, seen = len(run.facts), run.compressed_seen
            _HANDLERS[type(goal)](run, goal, goals[i + 1] if i + 1 < len(goals) else None)
            settle()
    except _Next as step:
        settle()
        return dataclasses.replace(step.call, facts=tuple(run.facts))
    except _Finish as stop:
        return _final(_with_skipped(run, stop.answer))
    except _StepFailed as failure:
        settle()
        answer = texts("failed", step=failure.step, detail=failure.detail)
        if run.facts:
            answer += " " + texts("done_so_far", facts=" ".join(run.facts))
        return _final(_with_skipped(run, answer))
    answer = " ".join(run.facts) or texts("arrived", page=run.page_name(), url=run.url)
    return _final(_with_skipped(run, answer), run.evidence)


def _with_skipped(run: Run, answer: str) -> str:
    if run.plan.unsupported:
        parts = run.texts.join([run.texts.quote(p, 100) for p in run.plan.unsupported])
        answer += " " + run.texts("skipped", parts=parts)
    return answer


def _final(answer: str, evidence: Sequence[Mapping[str, str]] = ()) -> ToolCall:
    args: dict[str, Any] = {"answer": answer}
    if evidence:
        args["evidence"] = [dict(e) for e in evidence]
    return ToolCall("final_answer", args, "Done: give the answer.")
