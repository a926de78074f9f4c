"""Constrained choices: the values that exist, for endpoints that enforce JSON schemas.

With a strict schema a small model cannot invent a URL or an element: research_navigate's
``target`` is an enum of the current view's URLs (plus ``back``/``forward``, the start page and
URLs the task names), and the acting tools' ``target`` an enum of the candidate selectors of the
latest ``observe`` on the current page. Without a view or an observe the argument stays free.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

URL_IN_TEXT = re.compile(r"https?://[^\s'\"<>)\]]+")
ACTING_WITH_TARGET = ("click", "type", "select", "check")


def navigate_targets(
    view_links: Sequence[Sequence[str]], task: str = "", start_url: str | None = None
) -> list[str]:
    """research_navigate's possible targets, or ``[]`` when no view was seen yet (free choice)."""
    if not view_links:
        return []
    urls = [str(pair[1]) for pair in view_links if len(pair) > 1]
    urls += ["back", "forward"]
    if start_url:
        urls.append(start_url)
    urls += [u.rstrip(".,;:") for u in URL_IN_TEXT.findall(task)]
    return list(dict.fromkeys(urls))


def element_targets(candidates: Mapping[str, Any], current_url: str | None) -> list[str]:
    """Selectors of the latest observe, if it was made on the current page."""
    if not candidates or candidates.get("url") != current_url:
        return []
    return [str(s) for s in candidates.get("selectors", [])]


def choice_enums(state: Mapping[str, Any], tool_names: Iterable[str]) -> dict[str, dict[str, list[str]]]:
    """Tool name → argument name → allowed values, for the tools bound now."""
    names = set(tool_names)
    enums: dict[str, dict[str, list[str]]] = {}
    if "research_navigate" in names:
        targets = navigate_targets(
            state.get("view_links") or [], state.get("task", ""), state.get("start_url")
        )
        if targets:
            enums["research_navigate"] = {"target": targets}
    selectors = element_targets(state.get("candidates") or {}, state.get("current_url"))
    if selectors:
        for name in ACTING_WITH_TARGET:
            if name in names:
                enums[name] = {"target": selectors}
    return enums
