"""Fixtures for the offline planner and the local model: real tools on the demo site, real Chromium.

``agent_tools`` gives the model-facing tools by name. Until ``Waypost`` wires the acting tools
itself (``wp.actor`` and the registry), it binds them here from ``waypost.tools.acting``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.driver import ToolFunction


@pytest.fixture
async def agent_tools(wp: Any) -> AsyncIterator[dict[str, ToolFunction]]:
    tools = dict(wp.tools())
    created = None
    if "click" not in tools:
        from waypost.retrieval import Actor
        from waypost.tools.acting import ACTING_TOOLS

        if getattr(wp, "actor", None) is None:
            created = wp.actor = Actor.for_data_dir(wp.settings.data_dir)
        for spec in ACTING_TOOLS:
            tools.setdefault(spec.name, spec.bind(wp))
    yield tools
    if created is not None:
        created.close()


_PORTAL = re.compile(r"http://127\.0\.0\.1:\d+")
_FINANCE = re.compile(r"http://localhost:\d+")


def normalize(text: str, portal: str, finance: str) -> str:
    """Replace the demo site's URLs (random port) by ``{portal}`` and ``{finance}``."""
    return text.replace(portal, "{portal}").replace(finance, "{finance}")


def localize(text: str, portal: str, finance: str) -> str:
    """The reverse of :func:`normalize`."""
    return text.replace("{portal}", portal).replace("{finance}", finance)
