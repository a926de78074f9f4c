"""Personas: a short text for the system prompt plus the tools loaded first.

Three are built in (``researcher``, ``form_filler``, ``shopper``). Users add or replace personas
in a YAML file (``<data_dir>/personas.yaml``, or the ``personas_file`` setting)::

    personas:
      analyst:
        text: You compare figures across sources and give each with its page.
        tools: [research_navigate, extract, read_page]

The file is read as untrusted input: unknown keys, wrong types and oversized texts are refused
with a one-line error that names the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from waypost.errors import ConfigError

MAX_TEXT = 1200
"""Characters a persona's text may have: it is part of every system prompt of the run."""
_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


@dataclass(frozen=True)
class Persona:
    """A persona.

    Attributes:
        name: How it is chosen (``--persona NAME``, the ``persona`` setting).
        text: What the system prompt says about the role, in a few sentences.
        tools: Tools loaded into the slots first.
    """

    name: str
    text: str
    tools: tuple[str, ...] = field(default=())


BUILTIN: dict[str, Persona] = {
    p.name: p
    for p in (
        Persona(
            "researcher",
            "Persona: researcher. Find the facts the user asks for, read the pages that hold them, "
            "quote them with their source, and check a second source when figures matter.",
            ("research_navigate", "read_page", "extract", "search_archive"),
        ),
        Persona(
            "form_filler",
            "Persona: form filler. Find each field of the form, type exactly the values the user gave "
            "(never invent one), tick only what was asked, then read what the page says after sending.",
            ("type", "select", "check", "click", "observe"),
        ),
        Persona(
            "shopper",
            "Persona: shopper. Find the product the user wants, compare price, options and "
            "availability, and report them; add to the cart only what was asked, and never pay "
            "without the user's approval.",
            ("research_navigate", "extract", "click", "select"),
        ),
    )
}


def normalize(name: str) -> str:
    """``Form Filler`` and ``form-filler`` both name ``form_filler``."""
    return re.sub(r"[\s-]+", "_", name.strip().lower())


def load_personas(path: Path) -> dict[str, Persona]:
    """The personas of a YAML file (none if the file does not exist).

    Raises:
        ConfigError: The file cannot be read or is not of the documented shape.
    """
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"The personas file {path} cannot be read: {str(exc).splitlines()[0]}") from None
    if isinstance(data, dict) and "personas" in data:
        data = data["personas"]
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"The personas file {path} must map names to {{text, tools}}.")
    found: dict[str, Persona] = {}
    for raw_name, entry in data.items():
        name = normalize(str(raw_name))
        if not _NAME.match(name):
            raise ConfigError(f"{path}: {raw_name!r} is not a persona name (letters, digits, _ and -).")
        found[name] = _persona(path, name, entry)
    return found


def _persona(path: Path, name: str, entry: Any) -> Persona:
    if isinstance(entry, str):
        entry = {"text": entry}
    if not isinstance(entry, dict) or set(entry) - {"text", "tools"}:
        raise ConfigError(f"{path}: persona {name!r} takes only 'text' and 'tools'.")
    text = entry.get("text")
    tools = entry.get("tools") or []
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(f"{path}: persona {name!r} needs a 'text'.")
    if len(text) > MAX_TEXT:
        raise ConfigError(f"{path}: persona {name!r} has {len(text)} characters of text; at most {MAX_TEXT}.")
    if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
        raise ConfigError(f"{path}: persona {name!r}: 'tools' must be a list of tool names.")
    return Persona(name, " ".join(text.split()), tuple(tools))


def find_persona(name: str, path: Path | None = None) -> Persona:
    """The persona ``name``: the file's (if it has one of that name), else a built-in one.

    Raises:
        ConfigError: No persona has that name (the known names are listed).
    """
    personas = {**BUILTIN, **(load_personas(path) if path is not None else {})}
    key = normalize(name)
    if key not in personas:
        raise ConfigError(f"There is no persona {name!r}; known: {', '.join(sorted(personas))}.")
    return personas[key]
