"""Waypost's own browsing tools, in the order models should see them."""

from __future__ import annotations

from waypost.tools.acting import ACTING_TOOLS
from waypost.tools.archive_tools import GET_ARCHIVED, SEARCH_ARCHIVE
from waypost.tools.asking import ASK_USER
from waypost.tools.browser_tools import BROWSER_TOOLS
from waypost.tools.reading import READ_PAGE
from waypost.tools.registry import ToolSpec
from waypost.tools.research import RESEARCH_NAVIGATE


def default_tools() -> list[ToolSpec]:
    """Every browsing tool Waypost offers, in the order models should see them."""
    return [
        RESEARCH_NAVIGATE,
        *ACTING_TOOLS,
        READ_PAGE,
        SEARCH_ARCHIVE,
        GET_ARCHIVED,
        *BROWSER_TOOLS,
        ASK_USER,
    ]
