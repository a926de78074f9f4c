"""Path rules of the virtual file system: every path is normalised here or refused.

A VFS path is absolute and POSIX-like (``/notes/plan.md``); a relative path is taken from the
root. Refused, each with an :class:`~waypost.vfs.errors.InvalidPath` that says why: ``..``
(also disguised: percent-encoded or full-width), host paths (``~``, ``C:``, UNC ``//server``,
backslashes, ``file:``, the host's system folders such as ``/etc`` or ``/proc``), NUL and other
control or invisible characters, glob characters, names made only of dots or with trailing dots
or spaces, reserved Windows device names, and names or paths that are too long or too deep.
Pure functions on strings.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

from waypost.vfs.errors import InvalidPath

MAX_FILE_CHARS = 2_000_000
"""The largest file (characters) the file system holds; shadow mounts skip bigger host files."""

MAX_NAME_BYTES = 255
MAX_PATH_CHARS = 1024
MAX_DEPTH = 32
ROOT = "/"

HOST_ROOTS = frozenset(
    (
        *("etc", "proc", "sys", "dev", "home", "root", "usr", "var", "tmp", "bin", "sbin", "boot"),
        *("lib", "lib32", "lib64", "mnt", "media", "opt", "srv", "run", "snap", "private"),
        *("applications", "library", "system", "volumes", "users", "windows", "cores"),
    )
)
"""First path segments that name a host's system folders; a VFS path never starts with them."""

_RESERVED = re.compile(r"^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$", re.I)
_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_GLOB_CHARS = frozenset("*?[]")


def _refuse(path: object, why: str) -> InvalidPath:
    shown = repr(path) if len(repr(path)) <= 80 else repr(path)[:77] + "...'"
    return InvalidPath(f"The path {shown} is refused: {why}. Use a path like /notes/plan.md.")


def _check_name(path: str, name: str) -> None:
    if name == "..":
        raise _refuse(path, "'..' may not be used (paths cannot leave their folder)")
    if set(name) <= {"."}:
        raise _refuse(path, "a name made only of dots is not allowed")
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        raise _refuse(path, f"a name is longer than {MAX_NAME_BYTES} bytes")
    for ch in name:
        if unicodedata.category(ch) in _BAD_CATEGORIES:
            raise _refuse(path, f"it contains the control or invisible character U+{ord(ch):04X}")
    if name != name.strip() or name.endswith("."):
        raise _refuse(path, "a name may not start or end with a space, or end with a dot")
    if _GLOB_CHARS & set(name):
        raise _refuse(path, "a name may not contain * ? [ or ] (those are for vfs_grep/glob patterns)")
    if ":" in name:
        raise _refuse(path, "':' is not allowed (it marks host drives and URLs)")
    if _RESERVED.match(name):
        raise _refuse(path, f"{name!r} is a reserved device name")
    folded = unicodedata.normalize("NFKC", name)
    decoded = unquote(folded)
    if decoded != folded and (set(decoded) <= {"."} or "/" in decoded or "\\" in decoded):
        raise _refuse(path, "it hides '..' or a slash in percent-encoding")
    if folded != name and (set(folded) <= {"."} or "/" in folded or "\\" in folded):
        raise _refuse(path, "it hides '..' or a slash in look-alike characters")


def normalize(path: object) -> str:
    """The canonical form of a VFS path, or an :class:`InvalidPath` that says why not.

    ``notes//plan.md`` and ``/notes/./plan.md`` both become ``/notes/plan.md``; the root is ``/``.

    Raises:
        InvalidPath: The path is not a string, is empty, or breaks one of the module's rules.
    """
    if not isinstance(path, str):
        raise _refuse(path, "a path must be text")
    if path == "" or path.strip() == "":
        raise _refuse(path, "the path is empty")
    if len(path) > MAX_PATH_CHARS:
        raise _refuse(path, f"the path is longer than {MAX_PATH_CHARS} characters")
    if "\x00" in path:
        raise _refuse(path, "it contains a NUL byte")
    if "\\" in path:
        raise _refuse(path, "backslashes are host (Windows) separators; use '/'")
    if path.startswith("~"):
        raise _refuse(path, "'~' is a host home folder, not a VFS path")
    if path.startswith("//"):
        raise _refuse(path, "'//' starts a host network (UNC) path")
    path = unicodedata.normalize("NFC", path)
    names = [n for n in path.split("/") if n not in ("", ".")]
    if len(names) > MAX_DEPTH:
        raise _refuse(path, f"it is more than {MAX_DEPTH} folders deep")
    for name in names:
        _check_name(path, name)
    if names and names[0].lower() in HOST_ROOTS:
        raise _refuse(path, f"/{names[0]} is a host system folder, and host paths are not reachable")
    return ROOT + "/".join(names)


def join(folder: str, name: str) -> str:
    """``folder`` + ``name`` (``folder`` already normalised)."""
    return normalize(folder.rstrip("/") + "/" + name)


def parent(path: str) -> str:
    """The folder holding a normalised path (the root's parent is the root)."""
    if path == ROOT:
        return ROOT
    return path.rsplit("/", 1)[0] or ROOT


def name_of(path: str) -> str:
    """The last segment of a normalised path (``""`` for the root)."""
    return path.rsplit("/", 1)[-1]


def is_within(path: str, folder: str) -> bool:
    """Whether a normalised ``path`` is ``folder`` or inside it."""
    return folder == ROOT or path == folder or path.startswith(folder.rstrip("/") + "/")


def ancestors(path: str) -> list[str]:
    """The folders above a normalised path, root first (the path itself excluded)."""
    out = [ROOT]
    names = [n for n in path.split("/") if n][:-1]
    for i in range(len(names)):
        out.append(ROOT + "/".join(names[: i + 1]))
    return out if path != ROOT else []


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A compiled regex for a glob pattern over VFS paths.

    ``*`` matches within one name, ``**`` across folders, ``?`` one character, ``[abc]`` a set.
    A pattern without a leading ``/`` matches at any depth (``*.md`` finds every Markdown file).

    Raises:
        InvalidPath: The pattern is empty, too long, or contains NUL, ``..`` or a backslash.
    """
    if not isinstance(pattern, str) or not pattern.strip():
        raise _refuse(pattern, "the pattern is empty")
    if len(pattern) > MAX_PATH_CHARS or "\x00" in pattern or "\\" in pattern:
        raise _refuse(pattern, "the pattern is too long or contains NUL or a backslash")
    if ".." in pattern.split("/"):
        raise _refuse(pattern, "'..' may not be used")
    anchored = pattern.startswith("/")
    body = pattern.strip("/")
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if body.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif body.startswith("**", i):
            out.append(".*")
            i += 2
        elif ch == "*":
            out.append("[^/]*")
            i += 1
        elif ch == "?":
            out.append("[^/]")
            i += 1
        elif ch == "[":
            end = body.find("]", i + 1)
            if end == -1:
                out.append(re.escape(ch))
                i += 1
            else:
                inner = body[i + 1 : end].replace("\\", "\\\\")
                if inner.startswith("!"):
                    inner = "^" + inner[1:]
                out.append(f"[{inner}]")
                i = end + 1
        else:
            out.append(re.escape(ch))
            i += 1
    prefix = "/" if anchored else "(?:.*/)?"
    return re.compile(f"^{prefix}{''.join(out)}$", re.S)
