"""Negative constraints learned from failed steps: not this section, not this role, not this element."""

from __future__ import annotations

from dataclasses import dataclass, field

from waypost.planning.evidence import EvidenceItem, short


@dataclass
class Negatives:
    """What the next query round of a step leaves out.

    Attributes:
        sections: Section keys to skip.
        roles: Roles to skip.
        elements: Inventory indices to skip (valid while the screen is unchanged).
        reasons: One line per failure, for the model and the log.
    """

    sections: set[str] = field(default_factory=set)
    roles: set[str] = field(default_factory=set)
    elements: set[int] = field(default_factory=set)
    reasons: list[str] = field(default_factory=list)

    def after_failure(self, item: EvidenceItem, why: str, *, sections_in_pack: int) -> None:
        """Learn from a failed item: never it again, and not its section (when others exist) nor its role.

        The section is left out only when the pack spanned more than one section, and the role
        only for a plain ``generic``/``text`` element, so one failure cannot empty the page.
        """
        if item.element is not None:
            self.elements.add(item.element)
        parts = [f'not #{item.number} ({item.role} "{short(item.label, 30)}")']
        if item.section and sections_in_pack > 1:
            self.sections.add(item.section)
            parts.append(f'not section "{short(item.section, 30)}"')
        if item.role in ("generic", "text"):
            self.roles.add(item.role)
            parts.append(f"not role {item.role}")
        self.reasons.append(", ".join(parts) + f": {short(why, 80)}")

    def describe(self) -> list[str]:
        """The constraints as short phrases for the pack header."""
        out = [f'section "{short(s, 30)}"' for s in sorted(self.sections)]
        out += [f"role {r}" for r in sorted(self.roles)]
        if self.elements:
            out.append(f"{len(self.elements)} element(s) that failed")
        return out

    def __bool__(self) -> bool:
        return bool(self.sections or self.roles or self.elements)
