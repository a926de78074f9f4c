"""A virtual file system for agents: notes that outlive the context window.

Hierarchical text files in memory (checkpointed with the run), shadow mounts of local folders
synced both ways with conflict detection, generated read-only system files, Python files
checked by pyflakes or ruff, strict path rules, and a restricted view for sub-agents.

Example:
    >>> fs = VirtualFS()
    >>> fs.write("/notes/plan.md", "1. open the politics page\\n").lines
    1
    >>> fs.read("/notes/plan.md")
    '1. open the politics page\\n'
"""

from __future__ import annotations

from waypost.vfs import errors
from waypost.vfs.checks import Diagnostic, file_kind
from waypost.vfs.errors import *  # noqa: F403  (the error list is kept once, in errors.__all__)
from waypost.vfs.filesystem import FileInfo, GrepMatch, VirtualFS
from waypost.vfs.paths import normalize
from waypost.vfs.restricted import RestrictedVFS
from waypost.vfs.shadow import ShadowMount, SyncReport
from waypost.vfs.system_files import ACTIVE_RULES, SYSTEM_CONTEXT
from waypost.vfs.tools import vfs_tools

__all__ = [
    "ACTIVE_RULES",
    "SYSTEM_CONTEXT",
    "Diagnostic",
    "FileInfo",
    "GrepMatch",
    "RestrictedVFS",
    "ShadowMount",
    "SyncReport",
    "VirtualFS",
    "file_kind",
    "normalize",
    "vfs_tools",
]
__all__ += errors.__all__
