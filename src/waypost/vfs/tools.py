"""The agent's file tools: ``vfs_read``, ``vfs_write``, ``vfs_edit``, ``vfs_ls``, ``vfs_mkdir``,
``vfs_mv``, ``vfs_grep``, as ToolSpecs over one file system (:func:`vfs_tool_specs`), and as
LangChain tools for a run (:func:`vfs_tools`).

Errors come back as text that starts with ``Error:`` and says what to do instead; a tool
never raises into the graph. Shadow mounts are synced before each read and after each change,
and a sync conflict is reported in the tool's answer.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any

from langchain_core.tools import StructuredTool
from pydantic import Field

from waypost.tools.errors import error_text
from waypost.tools.langchain import as_langchain
from waypost.tools.registry import ToolSpec
from waypost.vfs.errors import VfsError
from waypost.vfs.filesystem import FileInfo

CATEGORY = "notes"
TOOL_NAMES = ("vfs_read", "vfs_write", "vfs_edit", "vfs_ls", "vfs_mkdir", "vfs_mv", "vfs_grep")
READ_LIMIT = 200
GREP_LIMIT = 50

DESCRIPTIONS = {
    "vfs_read": (
        "Read a file of your notes (the virtual file system), with line numbers. "
        "path: e.g. /notes/plan.md. /system_context shows your task and step; /active_rules the rules."
    ),
    "vfs_write": (
        "Write a whole file of your notes (findings to keep for later). Replaces the file if it "
        "exists; folders are made as needed. path: e.g. /notes/findings.md."
    ),
    "vfs_edit": (
        "Change part of a note file: old_text (copied exactly from the file, once) becomes new_text."
    ),
    "vfs_ls": "List the files and folders of your notes. path: a folder, / by default.",
    "vfs_mkdir": "Make a folder for your notes (such as /notes/shops).",
    "vfs_mv": "Move or rename a note file or folder. destination: a new path, or a folder to move it into.",
    "vfs_grep": (
        "Search your note files for a word or regular expression; answers path:line: text. "
        "path: folder or file to search (/ by default)."
    ),
}


def _kind(info: FileInfo) -> str:
    return "folder" if info.is_dir else info.kind


def _diagnostics(info: FileInfo) -> str:
    if not info.diagnostics:
        return ""
    shown = [str(d) for d in info.diagnostics[:10]]
    more = f" (+{len(info.diagnostics) - 10} more)" if len(info.diagnostics) > 10 else ""
    return "\nProblems found:\n" + "\n".join(shown) + more


def _sync_note(fs: Any) -> str:
    """Sync shadow mounts; a note naming conflicts (empty if none)."""
    if not fs.mounts:
        return ""
    notes = []
    for report in fs.sync():
        if report.conflicts:
            notes.append(report.text())
    return ("\n" + "\n".join(notes)) if notes else ""


def _guard(fn: Any) -> Any:
    @functools.wraps(fn)
    async def run(*args: Any, **kwargs: Any) -> str:
        try:
            return fn(*args, **kwargs)
        except VfsError as exc:
            return error_text(exc)

    return run


def vfs_tools(fs: Any) -> list[StructuredTool]:
    """The seven file tools bound to ``fs`` (a VirtualFS, or a sub-agent's RestrictedVFS), for LangChain."""
    return [as_langchain(spec, None) for spec in vfs_tool_specs(fs)]


def vfs_tool_specs(fs: Any) -> list[ToolSpec]:
    """The seven file tools over ``fs``: they need no runtime (they change nothing on any site)."""

    @_guard
    def vfs_read(
        path: Annotated[str, Field(description="The file, e.g. /notes/plan.md.")],
        offset: Annotated[int, Field(description="First line to show, 1 = the start.", ge=1)] = 1,
        limit: Annotated[int, Field(description="How many lines at most.", ge=1, le=2000)] = READ_LIMIT,
    ) -> str:
        _sync_note(fs)
        info = fs.stat(path)
        if info.is_dir:
            return f"Error: {info.path} is a folder; list it with vfs_ls."
        lines = fs.read(path, offset - 1, limit).splitlines()
        if not lines:
            return f"{info.path} ({info.kind}, {info.lines} lines): nothing at line {offset}."
        last = offset + len(lines) - 1
        body = "\n".join(f"{n:>4}| {line}" for n, line in enumerate(lines, offset))
        more = f"\n(more: call vfs_read with offset={last + 1})" if last < info.lines else ""
        head = f"{info.path} ({info.kind}, lines {offset}-{last} of {info.lines}):"
        return f"{head}\n{body}{more}{_diagnostics(info)}"

    @_guard
    def vfs_write(
        path: Annotated[str, Field(description="The file to write, e.g. /notes/findings.md.")],
        content: Annotated[str, Field(description="The whole new content of the file.")],
    ) -> str:
        info = fs.write(path, content)
        return f"Saved {info.path} ({info.lines} lines, {info.kind}).{_diagnostics(info)}{_sync_note(fs)}"

    @_guard
    def vfs_edit(
        path: Annotated[str, Field(description="The file to change.")],
        old_text: Annotated[str, Field(description="Text now in the file, copied exactly (must be unique).")],
        new_text: Annotated[str, Field(description="What replaces it.")],
        replace_all: Annotated[bool, Field(description="Replace every occurrence, not just one.")] = False,
    ) -> str:
        _sync_note(fs)
        count = fs.edit(path, old_text, new_text, replace_all=replace_all)
        info = fs.stat(path)
        return (
            f"Changed {count} place{'s' if count != 1 else ''} in {info.path} ({info.lines} lines)."
            f"{_diagnostics(info)}{_sync_note(fs)}"
        )

    @_guard
    def vfs_ls(path: Annotated[str, Field(description="The folder to list.")] = "/") -> str:
        _sync_note(fs)
        entries = fs.ls(path)
        if not entries:
            return f"{path} is empty."
        rows = []
        for e in entries:
            if e.is_dir:
                rows.append(f"{e.name}/  (folder, {e.size} entries)")
            elif e.read_only:
                rows.append(f"{e.name}  (read-only system file)")
            else:
                flag = f", {len(e.diagnostics)} problems" if e.diagnostics else ""
                rows.append(f"{e.name}  ({_kind(e)}, {e.lines} lines{flag})")
        return "\n".join(rows)

    @_guard
    def vfs_mkdir(path: Annotated[str, Field(description="The folder to make, e.g. /notes/shops.")]) -> str:
        return f"Folder {fs.mkdir(path)} is ready."

    @_guard
    def vfs_mv(
        source: Annotated[str, Field(description="The file or folder to move.")],
        destination: Annotated[str, Field(description="Its new path, or a folder to move it into.")],
    ) -> str:
        target = fs.mv(source, destination)
        return f"Moved {source} to {target}.{_sync_note(fs)}"

    @_guard
    def vfs_grep(
        pattern: Annotated[str, Field(description="A word or regular expression to look for.")],
        path: Annotated[str, Field(description="Folder or file to search.")] = "/",
        glob: Annotated[str | None, Field(description="Only files matching this, e.g. *.md.")] = None,
        ignore_case: Annotated[bool, Field(description="Ignore upper/lower case.")] = True,
    ) -> str:
        _sync_note(fs)
        found = fs.grep(pattern, path, glob=glob, ignore_case=ignore_case, max_results=GREP_LIMIT + 1)
        if not found:
            return f"No line matches {pattern!r} under {path}."
        rows = [f"{m.path}:{m.line}: {m.text[:200]}" for m in found[:GREP_LIMIT]]
        if len(found) > GREP_LIMIT:
            rows.append(f"(more than {GREP_LIMIT} matches: narrow the pattern or the path)")
        return "\n".join(rows)

    functions = {
        "vfs_read": vfs_read,
        "vfs_write": vfs_write,
        "vfs_edit": vfs_edit,
        "vfs_ls": vfs_ls,
        "vfs_mkdir": vfs_mkdir,
        "vfs_mv": vfs_mv,
        "vfs_grep": vfs_grep,
    }
    return [ToolSpec.over(name, DESCRIPTIONS[name], fn) for name, fn in functions.items()]
