"""Instructions in plain words, split into steps: 'type Bob into the name field and click Submit'.

English and German: 'klicke auf Anmelden', 'gib Bob in das Namensfeld ein', 'wähle Sport aus
Thema', 'drücke Enter', 'scrolle nach unten'. Text in quotes is taken literally and never split.
A phrase without a known verb is a click target ('Politik', 'the login button').
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

StepAction = Literal["click", "type", "select", "check", "press", "scroll", "dismiss_overlays", "extract"]


@dataclass(frozen=True)
class Step:
    """One step of an instruction.

    Attributes:
        action: What to do.
        target: The element in plain words (or a selector); empty for press/scroll/dismiss.
        text: Text to type, the option to select, the key to press or the scroll direction.
        checked: For ``check``: the state wanted.
        submit: For ``type``: press Enter afterwards.
        verb: For ``click``: the instruction's verb when it may also be the element's name
            ('select the Eurowings flight' → a 'Select' button); empty for plain 'click'.
    """

    action: StepAction
    target: str = ""
    text: str | None = None
    checked: bool = True
    submit: bool = False
    verb: str = ""


_QUOTED = re.compile(r"\"([^\"]*)\"|“([^”]*)”|„([^“”]*)[“”]|'([^']*)'|‘([^’]*)’|«([^»]*)»")
_SLOT = re.compile(r"\x00(\d+)\x00")

# Verbs that may start a step: a conjunction splits the instruction only before one of these.
_STEP_VERBS = (
    r"click|clicke|klicke?|tap|press|hit|push|open|follow|go\s+to|visit|choose|pick|select|type|enter|input|"
    r"write|fill|put|set|check|tick|uncheck|untick|enable|disable|turn|activate|deactivate|toggle|scroll|"
    r"search|submit|dismiss|close|accept|reject|decline|read|extract|"
    r"tippe|gib|gebe|schreibe?|trage|fülle|füll|wähle|wähl|drücke?|öffne|gehe|geh|aktiviere|deaktiviere|"
    r"markiere|hake|kreuze|scrolle|suche|sende|schicke|schließe|akzeptiere|lehne|lies|bestätige|entferne"
)
_SPLIT = re.compile(
    r"\s*(?:;|\bthen\b|\band\s+then\b|\bund\s+dann\b|\bdann\b|\bdanach\b|\banschließend\b|\bafterwards\b)\s*"
    r"|\s*(?:,|\band\b|\bund\b)\s+(?=(?:" + _STEP_VERBS + r")\b)",
    re.IGNORECASE,
)

_KEYS: dict[str, str] = {
    "enter": "Enter", "return": "Enter", "eingabe": "Enter", "eingabetaste": "Enter", "enter-taste": "Enter",
    "escape": "Escape", "esc": "Escape", "tab": "Tab", "tabulator": "Tab", "space": "Space",
    "leertaste": "Space", "backspace": "Backspace", "rücktaste": "Backspace", "delete": "Delete",
    "entf": "Delete", "home": "Home", "pos1": "Home", "end": "End", "ende": "End", "page down": "PageDown",
    "pagedown": "PageDown", "bild runter": "PageDown", "page up": "PageUp", "pageup": "PageUp",
    "bild hoch": "PageUp", "arrow down": "ArrowDown", "down arrow": "ArrowDown", "pfeil runter": "ArrowDown",
    "pfeil nach unten": "ArrowDown", "arrow up": "ArrowUp", "up arrow": "ArrowUp", "pfeil hoch": "ArrowUp",
    "pfeil nach oben": "ArrowUp", "arrow left": "ArrowLeft", "left arrow": "ArrowLeft",
    "arrow right": "ArrowRight", "right arrow": "ArrowRight", "pfeil links": "ArrowLeft",
    "pfeil rechts": "ArrowRight",
}  # fmt: skip

_DIRECTIONS: dict[str, str] = {
    "down": "down", "up": "up", "top": "top", "bottom": "bottom", "left": "left", "right": "right",
    "to the top": "top", "to the bottom": "bottom", "to top": "top", "to bottom": "bottom",
    "nach unten": "down", "runter": "down", "unten": "down", "nach oben": "up", "hoch": "up", "rauf": "up",
    "oben": "up", "ganz nach oben": "top", "zum anfang": "top", "an den anfang": "top",
    "ganz nach unten": "bottom", "zum ende": "bottom", "ans ende": "bottom", "nach links": "left",
    "nach rechts": "right",
}  # fmt: skip

_ARTICLE = re.compile(
    r"^(?:on|onto|at|auf|the|a|an|das|die|der|den|dem|ein|eine|einen|the\s+option|option)\s+", re.IGNORECASE
)
_TRAILING = re.compile(
    r"\s+(?:an|aus|ein|klicken|anklicken|drücken|auswählen|öffnen|aktivieren)$", re.IGNORECASE
)


def _rule(kind: str, *parts: str) -> tuple[re.Pattern[str], str]:
    return re.compile("".join(parts), re.IGNORECASE), kind


_CLICK_VERBS = (
    r"click|double[\s-]?click|tap|press|hit|push|open|go\s+to|visit|choose|pick|select|"
    r"klicke|klick|clicke|tippe|drücke|drück|öffne|gehe|geh|wähle|wähl|betätige|bestätige"
)

# Click verbs that say nothing about the element; other verbs ('open', 'select') may be its name.
_PLAIN = frozenset(
    {
        "click", "double-click", "doubleclick", "double", "tap", "press", "hit", "push", "go", "visit",
        "klicke", "klick", "clicke", "tippe", "drücke", "drück", "gehe", "geh", "betätige",
    }
)  # fmt: skip

# Tried in order; the first that matches (and makes sense) decides the step.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # dismiss overlays / cookie banners
    _rule(
        "dismiss",
        r"^(?:dismiss|close|hide|remove|schließe|schliesse|entferne)\s+(?:all\s+|alle\s+)?",
        r"(?:the\s+|das\s+|den\s+|die\s+)?",
        r"(?:cookie[\s-]*(?:banner|notice|dialog|layer|hinweis)?s?|consent(?:\s+banner)?|overlays?|pop-?ups?)$",
    ),
    _rule("dismiss", r"^(?:cookie[\s-]*banner|overlays?|pop-?ups?)\s+(?:schließen|wegklicken|entfernen)$"),
    # press a key
    _rule("press", r"^(?:press|hit|drücke?|betätige)\s+(?:the\s+|die\s+)?(?P<key>.+?)(?:\s+(?:key|taste))?$"),
    _rule("press", r"^(?P<key>.+?)(?:[\s-]+taste)?\s+drücken$"),
    # scroll
    _rule("scroll", r"^(?:scrollen|scrolle|scroll|blättere|blättern)\s*(?P<dir>.*)$"),
    # search for X: type into the search field and submit
    _rule("search", r"^(?:search\s+for|look\s+for|suche\s+nach|such\s+nach)\s+(?P<text>.+)$"),
    # select OPTION from TARGET
    _rule("select", r"^(?:select|choose|pick)\s+(?P<text>.+?)\s+(?:from|in|on|for|as)\s+(?P<target>.+)$"),
    _rule(
        "select",
        r"^(?:wähle|wähl|waehle)\s+(?P<text>.+?)\s+(?:aus|in|im|bei|unter|als|für)\s+(?P<target>.+?)(?:\s+aus)?$",
    ),
    _rule(
        "select",
        r"^(?:wähle|wähl)\s+(?:bei|in|im|unter)\s+(?P<target>.+?)\s+(?P<text>\x00\d+\x00)(?:\s+aus)?$",
    ),
    _rule("select", r"^(?P<text>.+?)\s+(?:aus|in|im|bei)\s+(?P<target>.+?)\s+auswählen$"),
    # uncheck / check
    _rule(
        "uncheck",
        r"^(?:uncheck|untick|deselect|disable|turn\s+off|deactivate|clear|deaktiviere|",
        r"entferne\s+(?:den\s+)?haken\s+(?:bei|von))\s+(?P<target>.+)$",
    ),
    _rule("uncheck", r"^(?P<target>.+?)\s+(?:abwählen|deaktivieren|ausschalten)$"),
    _rule(
        "check",
        r"^(?:check|tick|enable|turn\s+on|activate|aktiviere|markiere|",
        r"setze\s+(?:einen\s+|den\s+)?haken\s+(?:bei|an))\s+(?P<target>.+)$",
    ),
    _rule("check", r"^(?:hake|kreuze)\s+(?P<target>.+?)\s+an$"),
    _rule("check", r"^(?P<target>.+?)\s+(?:ankreuzen|anhaken|aktivieren|einschalten)$"),
    # type TEXT into TARGET
    _rule("type", r"^(?:fill\s+(?:in|out)?|complete)\s*(?P<target>.+?)\s+with\s+(?P<text>.+)$"),
    _rule("type", r"^(?:fülle|füll|befülle)\s+(?P<target>.+?)\s+mit\s+(?P<text>.+?)(?:\s+aus)?$"),
    _rule("type", r"^(?:set)\s+(?P<target>.+?)\s+to\s+(?P<text>.+)$"),
    _rule(
        "type",
        r"^(?:type|enter|input|write|put|fill\s+in|insert)\s+(?P<text>.+?)\s+(?:into|in|to|on|as)\s+",
        r"(?P<target>.+)$",
    ),
    _rule(
        "type",
        r"^(?:tippe|tipp|gib|gebe|schreibe|schreib|trage)\s+(?P<text>.+?)\s+(?:in|ins|im|bei|unter|als)\s+",
        r"(?P<target>.+?)(?:\s+ein)?$",
    ),
    _rule(
        "type",
        r"^(?P<text>.+?)\s+(?:in|ins)\s+(?P<target>.+?)\s+(?:eingeben|eintragen|eintippen|tippen|schreiben)$",
    ),
    # click
    _rule(
        "click",
        r"^(?P<verb>",
        _CLICK_VERBS,
        r")(?:\s+(?:on|onto|auf|zu|zur|zum|nach))?",
        r"\s+(?P<target>.+)$",
    ),
    _rule("click", r"^(?P<target>.+?)\s+(?:klicken|anklicken|drücken|öffnen|auswählen|wählen)$"),
    _rule("search", r"^(?:nach\s+)?(?P<text>.+?)\s+suchen$"),
    # accept / reject buttons are clicks on buttons of that name
    _rule("click_whole", r"^(?P<target>(?:accept|reject|decline|akzeptiere|lehne)\b.*)$"),
    _rule("submit", r"^(?:submit|absenden|abschicken|senden)(?:\s+(?:the\s+)?(?P<target>.+))?$"),
    _rule("extract", r"^(?:read|extract|lies|lese)\s+(?P<target>.+)$"),
]


def _protect(text: str) -> tuple[str, list[str]]:
    slots: list[str] = []

    def keep(m: re.Match[str]) -> str:
        slots.append(next(g for g in m.groups() if g is not None))
        return f"\x00{len(slots) - 1}\x00"

    return _QUOTED.sub(keep, text), slots


def _restore(text: str, slots: list[str]) -> str:
    return _SLOT.sub(lambda m: slots[int(m.group(1))], text)


def _target(text: str, slots: list[str]) -> str:
    text = text.strip(" .,!")
    for _ in range(3):
        stripped = _ARTICLE.sub("", text)
        if stripped == text:
            break
        text = stripped
    text = _TRAILING.sub("", text)
    return _restore(text, slots).strip()


def _value(text: str, slots: list[str]) -> str:
    # A period may belong to the text ('Hauptstr.'); quote the text to keep anything else exact.
    return _restore(text.strip(" ,"), slots)


def key_name(text: str) -> str | None:
    """The Playwright key name for 'enter', 'Eingabetaste', 'Control+A'...; ``None`` if not a key."""
    t = " ".join(text.casefold().split()).removesuffix(" key").removesuffix(" taste").removesuffix("-taste")
    if t in _KEYS:
        return _KEYS[t]
    if re.fullmatch(r"(?:(?:control|ctrl|shift|alt|meta)\+)+[a-z0-9]", t):
        parts = t.split("+")
        mods = {"ctrl": "Control", "control": "Control", "shift": "Shift", "alt": "Alt", "meta": "Meta"}
        return "+".join([*(mods[p] for p in parts[:-1]), parts[-1].upper()])
    if re.fullmatch(r"f(?:[1-9]|1[0-2])", t):
        return t.upper()
    return None


def direction_name(text: str) -> str | None:
    """``down``, ``up``, ``top``, ``bottom``, ``left`` or ``right`` for a direction in words."""
    t = " ".join(text.casefold().split()).strip(" .")
    if not t:
        return "down"
    return _DIRECTIONS.get(t) or _DIRECTIONS.get(t.removeprefix("the page ").removeprefix("die seite "))


def _parse_one(segment: str, slots: list[str]) -> Step | None:
    seg = segment.strip(" .,!;")
    if not seg:
        return None
    seg = re.sub(r"^(?:please|bitte)\s+", "", seg, flags=re.I)
    seg = re.sub(r"\s+(?:please|bitte)$", "", seg, flags=re.I)
    for pattern, kind in _PATTERNS:
        m = pattern.match(seg)
        if not m:
            continue
        groups = m.groupdict()
        if kind == "dismiss":
            return Step("dismiss_overlays")
        if kind == "press":
            key = key_name(_value(groups["key"], slots))
            if key is not None:
                return Step("press", text=key)
            continue  # 'press the login button' is a click
        if kind == "scroll":
            direction = direction_name(_value(groups["dir"], slots))
            if direction is not None:
                return Step("scroll", text=direction)
            continue
        if kind == "search":
            return Step("type", target="search", text=_value(groups["text"], slots), submit=True)
        if kind == "select":
            return Step("select", target=_target(groups["target"], slots), text=_value(groups["text"], slots))
        if kind in ("check", "uncheck"):
            return Step("check", target=_target(groups["target"], slots), checked=kind == "check")
        if kind == "type":
            return Step("type", target=_target(groups["target"], slots), text=_value(groups["text"], slots))
        if kind == "click":
            verb = (groups.get("verb") or "").casefold().split()[0] if groups.get("verb") else ""
            return Step("click", target=_target(groups["target"], slots), verb="" if verb in _PLAIN else verb)
        if kind == "click_whole":
            return Step("click", target=_restore(groups["target"], slots))
        if kind == "submit":
            target = _target(groups.get("target") or "", slots)
            if not target or target.casefold() in ("form", "formular", "the form", "das formular"):
                target = "submit"
            return Step("click", target=target)
        if kind == "extract":
            return Step("extract", target=_target(groups["target"], slots))
    return Step("click", target=_target(seg, slots))


def parse_instruction(instruction: str) -> list[Step]:
    """Split an instruction into steps, in order.

    Args:
        instruction: E.g. 'type Bob into the name field and click Submit' or 'klicke auf Anmelden'.

    Returns:
        The steps; empty for an empty instruction.

    Example::

        parse_instruction("type 'rock and roll' into search, then press Enter")
        # [Step("type", "search", "rock and roll"), Step("press", text="Enter")]
    """
    protected, slots = _protect(" ".join(instruction.split()))
    steps: list[Step] = []
    for segment in _SPLIT.split(protected):
        step = _parse_one(segment or "", slots)
        if step is not None:
            steps.append(step)
    return steps
