"""``ToolRuntime``: the narrow objects model-facing tools work with, built by the composition root.

A tool's factory gets a runtime and takes from it only what it uses (the session pool, the
:class:`~waypost.navigation.Navigator`, the :class:`~waypost.retrieval.Actor`, the archive, the
data dir). Nothing here knows the ``Waypost`` façade; :class:`waypost.api.Waypost` builds one
runtime and hands it down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from waypost.errors import BrowserUnavailable
from waypost.tools.browser_tools import after_page_tool

if TYPE_CHECKING:
    from waypost.archive import Archive
    from waypost.browser.downloads import Downloads
    from waypost.browser.pool import SessionPool
    from waypost.browser.recording import Recorder
    from waypost.browser.uploads import UploadSources
    from waypost.config import SecretStore, Settings
    from waypost.navigation import Navigator
    from waypost.retrieval import Actor
    from waypost.tools.asking import Asker
    from waypost.tools.documents import Documents


@dataclass
class ToolRuntime:
    """What tools may use, and nothing more.

    Attributes:
        settings: The settings the objects were built from (read-only use).
        pool: The browser session pool.
        navigator: Per-session navigation (history, visit counts, same-URL guard).
        archive: The response archive.
        actor: The element finder and actor (set when the owner starts; ``None`` before).
        downloads: What sessions downloaded (tabs, downloads and uploads tools).
        documents: Views and pages of downloads (PDFs).
        uploads: Where uploads may come from.
        recorder: Traces and screenshots.
        secrets: The values typed as ``<secret:NAME>``: every tool's answer is masked with them.
        asker: Who answers ``ask_user`` outside agent runs (nobody when ``None``).
    """

    settings: Settings
    pool: SessionPool
    navigator: Navigator
    archive: Archive
    actor: Actor | None = field(default=None)
    downloads: Downloads | None = field(default=None)
    documents: Documents | None = field(default=None)
    uploads: UploadSources | None = field(default=None)
    recorder: Recorder | None = field(default=None)
    secrets: SecretStore | None = field(default=None)
    asker: Asker | None = field(default=None)

    async def after_tool(self, tool: str, args: dict[str, Any]) -> str:
        """Lines a page tool's answer gets: tabs the page opened, downloads that ended (and a
        screenshot kept when asked for); see :func:`~waypost.tools.browser_tools.after_page_tool`."""
        if self.downloads is None:
            return ""
        return await after_page_tool(self, tool, args)

    @property
    def data_dir(self) -> Path:
        """Where the stores live."""
        return Path(self.settings.data_dir)

    def require_actor(self) -> Actor:
        """The actor, or a clear error when the owner was not started.

        Raises:
            BrowserUnavailable: Not started yet.
        """
        if self.actor is None:
            raise BrowserUnavailable("Waypost is not started: use 'async with Waypost() as wp'.")
        return self.actor
