"""Tool slots: at most five dynamic tools are loaded at a time, chosen by relevance to the task.

Small models choose worse the more tools they see. The core tools (``think``,
``final_answer``, ``research_navigate`` and the ``list_tools`` / ``load_tools`` pair) are always
there; up to :data:`MAX_SLOTS` others are loaded by keyword overlap between the task and the
tool's name and description. ``load_tools`` adds more on request, unloading the least relevant
when the slots are full. Pure functions on plain data.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

CORE_TOOLS: tuple[str, ...] = ("think", "final_answer", "research_navigate", "list_tools", "load_tools")
"""Tools that are always bound and never take a slot."""
MAX_SLOTS = 5

CATEGORIES: dict[str, str] = {
    "research_navigate": "navigate",
    "click": "act",
    "type": "act",
    "select": "act",
    "check": "act",
    "press": "act",
    "scroll": "act",
    "dismiss_overlays": "act",
    "observe": "read",
    "extract": "read",
    "read_page": "read",
    "find_evidence": "read",  # Planner-RAG (waypost.rag.extension)
    "act_on_evidence": "act",
    "search_archive": "archive",
    "get_archived": "archive",
    **dict.fromkeys(("list_tabs", "open_tab", "switch_tab", "close_tab"), "tabs"),
    **dict.fromkeys(("list_downloads", "read_file", "upload"), "files"),
    **dict.fromkeys(
        ("vfs_read", "vfs_write", "vfs_edit", "vfs_ls", "vfs_mkdir", "vfs_mv", "vfs_grep"), "notes"
    ),
    **dict.fromkeys(("spawn_sub_agent", "wait_for", "merge_results", "cancel_sub_agent"), "agents"),
    "ask_user": "user",
    "think": "core",
    "final_answer": "core",
    "list_tools": "core",
    "load_tools": "core",
}
"""Tool name → category (unknown tools are ``other``)."""

# Tie-break among equally relevant tools (and the fill order when the task says nothing).
_PRIORITY = ("click", "type", "observe", "extract", "scroll", "select", "check", "press", "dismiss_overlays")

# Task words (German and English) → words that appear in tool names and descriptions.
_SYNONYMS: dict[str, str] = {
    "login": "type click field password button",
    "log": "type click field password",
    "anmelden": "type click field password button",
    "einloggen": "type click field password",
    "sign": "type click field",
    "passwort": "type field password",
    "password": "type field password",
    "search": "type field submit search",
    "suche": "type field submit search",
    "suchen": "type field submit search",
    "such": "type field submit search",
    "fill": "type field select check",
    "form": "type field select check",
    "formular": "type field select check",
    "ausfüllen": "type field select check",
    "enter": "type field",
    "eingeben": "type field",
    "schreib": "type text",
    "click": "click button link",
    "klick": "click button link",
    "klicke": "click button link",
    "button": "click button",
    "knopf": "click button",
    "read": "extract read text",
    "author": "read_page author",
    "wrote": "read_page author",
    "autor": "read_page author",
    "published": "read_page published date",
    "paragraph": "read_page paragraphs",
    "absatz": "read_page paragraphs",
    "article": "read_page article",
    "artikel": "read_page article",
    "lies": "extract read text",
    "lesen": "extract read text",
    "headline": "extract read text",
    "schlagzeile": "extract read text",
    "text": "extract read text",
    "inhalt": "extract read text",
    "content": "extract read text",
    "price": "extract read text",
    "preis": "extract read text",
    "hours": "extract read text",
    "öffnungszeiten": "extract read text",
    "scroll": "scroll",
    "unten": "scroll down",
    "bottom": "scroll bottom",
    "cookie": "dismiss_overlays overlays cookie banners",
    "banner": "dismiss_overlays overlays cookie banners",
    "popup": "dismiss_overlays overlays dialogs",
    "checkbox": "check tick checkbox",
    "tick": "check tick checkbox",
    "agb": "check tick checkbox",
    "accept": "check tick click",
    "zustimmen": "check tick click",
    "dropdown": "select dropdown option",
    "choose": "select option",
    "wähle": "select option",
    "auswählen": "select option",
    "option": "select option",
    "country": "select option",
    "land": "select option",
    "element": "observe elements",
    "find": "observe extract elements",
    "finde": "observe extract elements",
    "earlier": "search_archive archive opened",
    "before": "search_archive archive opened",
    "vorher": "search_archive archive opened",
    "archive": "search_archive get_archived archive",
    "download": "click read_file list_downloads downloaded file",
    "herunterladen": "click read_file list_downloads downloaded file",
    "pdf": "read_file file page",
    "upload": "upload file field click",
    "hochladen": "upload file field click",
    "tab": "switch_tab list_tabs tab click",
    "archiv": "search_archive get_archived archive",
    "ask": "ask_user user question",
    "confirm": "ask_user user confirm",
    "frag": "ask_user user question",
    "frage": "ask_user user question",
    "bestätig": "ask_user user confirm",
    "rückfrage": "ask_user user question",
}

_STOP_WORDS = (
    "the a an and or of to in on for with from by at as is are be it this that these those you "
    "your me my i we our do does did have has can could would should will then than there here "
    "what which who how when where give get make please all any some one more most other into "
    "out up down der die das den dem des ein eine einen einem einer und oder zu im in am auf "
    "für mit von bei aus ist sind sein es ich du sie wir mir mich bitte dann nach vor über "
    "unter wie was wer wo diese dieser dieses alle gib mal noch nur auch schon very just its"
)
_STOP = frozenset(_STOP_WORDS.split())
_WORD = re.compile(r"[^\W\d_]{3,}", re.U)


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "en", "er", "s", "e"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def keywords(text: str) -> set[str]:
    """Lower-case stems of the content words in ``text``."""
    return {_stem(w) for w in _WORD.findall(text.lower().replace("_", " ")) if w not in _STOP}


def task_keywords(task: str) -> set[str]:
    """The task's keywords, widened by the synonym table (German and English task words)."""
    words = {w for w in _WORD.findall(task.lower()) if w not in _STOP}
    out = {_stem(w) for w in words}
    for w in words:
        extra = _SYNONYMS.get(w) or _SYNONYMS.get(_stem(w))
        if extra:
            out |= keywords(extra)
    return out


@dataclass(frozen=True)
class ToolInfo:
    """What the slot logic knows about a tool.

    Attributes:
        name: The tool's name.
        description: Its description (the words relevance is scored on).
        category: ``navigate``, ``act``, ``read``, ``archive``, ``core`` or ``other``.
    """

    name: str
    description: str
    category: str = "other"

    @classmethod
    def of(cls, name: str, description: str) -> ToolInfo:
        return cls(name, description, category_of(name))


def category_of(name: str) -> str:
    """A tool's category: Waypost's own by name, ``mcp:<server>`` for another MCP server's
    ``<server>__<tool>``, else ``other``."""
    known = CATEGORIES.get(name)
    if known is not None:
        return known
    server, sep, _tool = name.partition("__")
    return f"mcp:{server}" if sep and server else "other"


# Tab and file tools are loaded only for tasks that speak of tabs or files (their names share
# common words such as 'open' and 'read' with every task).
_GATED: dict[str, frozenset[str]] = {
    "tabs": frozenset({"tab", "tabs", "window", "popup", "fenster", "reiter"}),
    "files": frozenset(
        {
            "download",
            "herunterlad",
            "upload",
            "hochlad",
            "pdf",
            "file",
            "datei",
            "attach",
            "anhang",
            "document",
        }
    ),
}


def relevance(task: str | set[str], tool: ToolInfo) -> float:
    """How well a tool fits a task: keyword overlap, the tool's name counting double."""
    words = task_keywords(task) if isinstance(task, str) else task
    gate = _GATED.get(tool.category)
    if gate is not None and not any(w.startswith(tuple(gate)) for w in words):
        return 0.0
    name_words = keywords(tool.name)
    desc_words = keywords(tool.description)
    overlap = len(words & desc_words) + 2 * len(words & name_words)
    return overlap / math.sqrt(1 + len(desc_words) / 10)


def _rank(task: str, tools: Iterable[ToolInfo]) -> list[tuple[float, int, str]]:
    words = task_keywords(task)
    ranked = []
    for i, tool in enumerate(tools):
        prio = _PRIORITY.index(tool.name) if tool.name in _PRIORITY else len(_PRIORITY) + i
        ranked.append((-relevance(words, tool), prio, tool.name))
    return sorted(ranked)


def choose(task: str, catalogue: Sequence[ToolInfo], limit: int = MAX_SLOTS) -> list[str]:
    """The dynamic tools to load for a task: the ``limit`` most relevant (core tools excluded)."""
    dynamic = [t for t in catalogue if t.name not in CORE_TOOLS]
    return [name for _, _, name in _rank(task, dynamic)[:limit]]


@dataclass
class SlotChange:
    """The outcome of :func:`load`.

    Attributes:
        active: The dynamic tools loaded now.
        loaded: Tools newly loaded.
        unloaded: Tools unloaded to make room.
        unknown: Names asked for that no tool has.
        already: Names asked for that were loaded already (or are core tools).
    """

    active: list[str]
    loaded: list[str] = field(default_factory=list)
    unloaded: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)

    def text(self) -> str:
        """What a model reads after load_tools."""
        parts = []
        if self.loaded:
            parts.append("Loaded: " + ", ".join(self.loaded) + ".")
        if self.unloaded:
            parts.append("Unloaded to make room: " + ", ".join(self.unloaded) + ".")
        if self.already:
            parts.append("Already loaded: " + ", ".join(self.already) + ".")
        if self.unknown:
            parts.append("No such tool: " + ", ".join(self.unknown) + " (call list_tools to see the names).")
        return " ".join(parts) or "Nothing to load."


def load(
    active: Sequence[str],
    names: Iterable[str],
    task: str,
    catalogue: Sequence[ToolInfo],
    limit: int = MAX_SLOTS,
) -> SlotChange:
    """Load tools into the slots; when full, unload the least relevant one not asked for now."""
    by_name = {t.name: t for t in catalogue}
    words = task_keywords(task)
    change = SlotChange(active=list(active))
    wanted = [n.strip() for n in names if isinstance(n, str) and n.strip()]
    for name in wanted:
        if name in CORE_TOOLS or name in change.active:
            change.already.append(name)
            continue
        if name not in by_name:
            change.unknown.append(name)
            continue
        if len(change.active) >= limit:
            keep = set(wanted)
            removable = [n for n in change.active if n not in keep] or list(change.active)
            worst = min(
                removable,
                key=lambda n: (
                    relevance(words, by_name[n]) if n in by_name else -1.0,
                    -change.active.index(n),
                ),
            )
            change.active.remove(worst)
            change.unloaded.append(worst)
        change.active.append(name)
        change.loaded.append(name)
    return change


def catalogue_text(catalogue: Sequence[ToolInfo], active: Sequence[str], category: str | None = None) -> str:
    """What ``list_tools`` answers: every tool by category, marked loaded or not."""
    lines = [f"Core tools (always loaded): {', '.join(CORE_TOOLS)}."]
    groups: dict[str, list[ToolInfo]] = {}
    for tool in catalogue:
        if tool.name in CORE_TOOLS:
            continue
        if category and tool.category != category:
            continue
        groups.setdefault(tool.category, []).append(tool)
    for cat, tools in groups.items():
        lines.append(f"{cat}:")
        for t in tools:
            mark = "loaded" if t.name in active else "not loaded"
            first = t.description.split(". ")[0].rstrip(".")
            lines.append(f"- {t.name} ({mark}): {first}.")
    lines.append(
        f"At most {MAX_SLOTS} tools are loaded besides the core tools; "
        "load_tools swaps the least relevant out."
    )
    return "\n".join(lines)
