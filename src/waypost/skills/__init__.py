"""Learning from experience: skills (instructions + macros), reflection, generated tools behind a gate.

``wp.skills`` (a :class:`SkillLibrary`) is opened and closed with its :class:`~waypost.api.Waypost`;
a run gets the library through :class:`waypost.skills.hooks.SkillsExtension` (wired by ``Waypost``).
"""

from waypost.skills.library import Learning, Prepared, SkillLibrary, predefined
from waypost.skills.model import Macro, MacroStep, Skill, SkillError

__all__ = [
    "Learning",
    "Macro",
    "MacroStep",
    "Prepared",
    "Skill",
    "SkillError",
    "SkillLibrary",
    "predefined",
]
