"""Runs one generated tool inside the sandbox process (started by :mod:`waypost.skills.sandbox`).

Started as ``python -I -S sandbox_harness.py`` with a clean environment, the tool's workspace as
its working directory and resource limits set. It reads ``tool.py`` from the workspace, then arms
an audit hook that refuses files, sockets, processes, dynamic code and imports outside the
allowlist, and runs ``test(page)`` or ``run(page, **params)`` with restricted builtins. ``page``
is a proxy: each method is one JSON line to the parent (stdout) and one answer back (stdin); the
parent does it on the real browser page. Only the standard library is used here.
"""

import json
import sys

ALLOWED_MODULES = (
    "re",
    "json",
    "math",
    "time",
    "datetime",
    "string",
    "itertools",
    "functools",
    "collections",
)
for _name in ALLOWED_MODULES:
    __import__(_name)

_OUT = sys.stdout
_IN = sys.stdin
_DENIED_PREFIXES = (
    "open",
    "os.",
    "subprocess.",
    "socket.",
    "shutil.",
    "ctypes.",
    "urllib.",
    "http.",
    "ftplib.",
    "smtplib.",
    "webbrowser.",
    "sys._getframe",
    "sys.settrace",
    "sys.setprofile",
    "function.__new__",
    "code.__new__",
    "compile",
    "builtins.input",
    "pty.",
    "resource.",
    "signal.",
    "sqlite3.",
    "marshal.",
    "pickle.",
)


class SandboxViolation(Exception):
    """The tool tried something the sandbox does not allow."""


def _send(message):
    _OUT.write(json.dumps(message) + "\n")
    _OUT.flush()


class Page:
    """The browser page as a generated tool sees it: a few safe operations, done by the parent."""

    def _call(self, op, *args):
        _send({"op": op, "args": list(args)})
        line = _IN.readline()
        if not line:
            raise SandboxViolation("the parent closed the channel")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError(answer.get("error") or f"{op} failed")
        return answer.get("value")

    def click(self, selector):
        return self._call("click", str(selector))

    def fill(self, selector, text):
        return self._call("fill", str(selector), str(text))

    def press(self, selector, key):
        return self._call("press", str(selector), str(key))

    def select(self, selector, value):
        return self._call("select", str(selector), str(value))

    def text(self, selector="body"):
        return self._call("text", str(selector))

    def count(self, selector):
        return self._call("count", str(selector))

    def visible(self, selector):
        return self._call("visible", str(selector))

    def attr(self, selector, name):
        return self._call("attr", str(selector), str(name))

    def value(self, selector):
        return self._call("value", str(selector))

    def scroll(self, pixels=800):
        return self._call("scroll", int(pixels))

    def wait(self, ms=200):
        return self._call("wait", int(ms))

    def url(self):
        return self._call("url")


_SAFE_BUILTINS = [
    "abs",
    "all",
    "any",
    "bool",
    "dict",
    "enumerate",
    "filter",
    "float",
    "int",
    "isinstance",
    "len",
    "list",
    "map",
    "max",
    "min",
    "range",
    "reversed",
    "round",
    "set",
    "sorted",
    "str",
    "sum",
    "tuple",
    "zip",
    "ValueError",
    "RuntimeError",
    "AssertionError",
    "KeyError",
    "IndexError",
    "TypeError",
    "Exception",
    "StopIteration",
    "True",
    "False",
    "None",
]


def _builtins():
    import builtins

    safe = {name: getattr(builtins, name) for name in _SAFE_BUILTINS if hasattr(builtins, name)}

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level or name.split(".")[0] not in ALLOWED_MODULES:
            raise SandboxViolation(f"import of {name!r} is not allowed")
        return sys.modules[name.split(".")[0]] if not fromlist else sys.modules[name]

    def quiet_print(*args, **kwargs):
        sys.stderr.write(" ".join(str(a) for a in args)[:2000] + "\n")

    safe["__import__"] = guarded_import
    safe["print"] = quiet_print
    return safe


def main():
    request = json.loads(_IN.readline())
    with open("tool.py", encoding="utf-8") as handle:
        source = handle.read()
    code = compile(source, "tool.py", "exec")
    armed = {"code": code}

    def hook(event, args):
        if event == "exec":
            if armed.get("code") is not None and args and args[0] is armed["code"]:
                armed["code"] = None  # exactly one exec: the tool's own module
                return
            raise SandboxViolation("exec is not allowed")
        if event == "import":
            if str(args[0]).split(".")[0] not in ALLOWED_MODULES:
                raise SandboxViolation(f"import of {args[0]!r} is not allowed")
            return
        if event.startswith(_DENIED_PREFIXES):
            raise SandboxViolation(f"{event} is not allowed")

    sys.addaudithook(hook)
    namespace = {"__builtins__": _builtins(), "__name__": "generated_tool"}
    page = Page()
    try:
        exec(code, namespace)
        if request.get("entry") == "test":
            fn = namespace.get("test")
            result = fn(page) if callable(fn) else None
            _send({"done": True, "passed": result is not False, "value": str(result)[:4000]})
        else:
            fn = namespace.get("run")
            if not callable(fn):
                raise SandboxViolation("the tool has no run function")
            result = fn(page, **request.get("params", {}))
            _send({"done": True, "passed": True, "value": str(result)[:4000]})
    except AssertionError as exc:
        _send({"done": True, "passed": False, "error": f"assertion failed: {str(exc)[:500]}"})
    except BaseException as exc:
        _send({"done": True, "passed": False, "error": f"{type(exc).__name__}: {str(exc)[:500]}"})


if __name__ == "__main__":
    main()
