"""Runs one generated tool inside the sandbox process (started by :mod:`waypost.skills.sandbox`).

Started by ``bwrap`` as ``python -I -S -B /sandbox/harness.py`` in fresh namespaces (no network,
its own PIDs, a read-only view of ``/usr`` and the Python installation and nothing else). Before it
reads the tool's source it **confines itself for good**, in this order:

1. resource limits (address space, CPU seconds, no file writes, few open files, no core dumps,
   no new processes); hard limits, which an unprivileged process cannot raise again;
2. closes every file descriptor except stdin, stdout and stderr;
3. ``PR_SET_NO_NEW_PRIVS`` and a seccomp filter (hand-built BPF) that refuses sockets, new
   processes, ``execve``, ``ptrace``, mounts, namespaces, kernel keyrings, BPF and similar;
4. Landlock, where the kernel has it: no file-system writes and no TCP at all.

None of these can be undone from inside. Only then it sends ``ready`` (with what is in force) and
runs ``test(page)`` or ``run(page, **params)`` of the source it received on stdin. The restricted
builtins and the audit hook here are a **first filter only**: they live in the same process as the
tool, and a hostile tool can reach and disable them; what holds is the confinement above and the
namespaces around it. ``page`` is a proxy: each method is one JSON line to the parent (stdout) and
one answer back (stdin); the parent does it on the real browser page, from a fixed list of
operations. Only the standard library is used here.
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
    "gc.",
    "object.__getattr__",
)

# ---- confinement (x86-64 Linux) --------------------------------------------------------------------

_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_BIT = 0x40000000
_CLONE_THREAD = 0x00010000
_EPERM = 1
_ENOSYS = 38
# Syscalls the filter refuses with EPERM (x86-64 numbers).
_DENIED_SYSCALLS = {
    "socket": 41,
    "connect": 42,
    "accept": 43,
    "bind": 49,
    "listen": 50,
    "socketpair": 53,
    "fork": 57,
    "vfork": 58,
    "execve": 59,
    "ptrace": 101,
    "syslog": 103,
    "uselib": 134,
    "personality": 135,
    "vhangup": 153,
    "pivot_root": 155,
    "adjtimex": 159,
    "chroot": 161,
    "acct": 163,
    "settimeofday": 164,
    "mount": 165,
    "umount2": 166,
    "swapon": 167,
    "swapoff": 168,
    "reboot": 169,
    "iopl": 172,
    "ioperm": 173,
    "init_module": 175,
    "delete_module": 176,
    "quotactl": 179,
    "lookup_dcookie": 212,
    "clock_settime": 227,
    "kexec_load": 246,
    "add_key": 248,
    "request_key": 249,
    "keyctl": 250,
    "unshare": 272,
    "accept4": 288,
    "perf_event_open": 298,
    "name_to_handle_at": 303,
    "open_by_handle_at": 304,
    "setns": 308,
    "process_vm_readv": 310,
    "process_vm_writev": 311,
    "kcmp": 312,
    "finit_module": 313,
    "kexec_file_load": 320,
    "bpf": 321,
    "execveat": 322,
    "userfaultfd": 323,
    "io_uring_setup": 425,
    "io_uring_enter": 426,
    "io_uring_register": 427,
    "open_tree": 428,
    "move_mount": 429,
    "fsopen": 430,
    "fsconfig": 431,
    "fsmount": 432,
    "fspick": 433,
    "pidfd_open": 434,
    "pidfd_getfd": 438,
    "mount_setattr": 442,
}
_NR_CLONE = 56
_NR_CLONE3 = 435


def _bpf_program():
    """The seccomp filter as a list of ``(code, jt, jf, k)`` BPF instructions."""
    ld_w_abs, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    allow, kill = 0x7FFF0000, 0x80000000
    eperm, enosys = 0x00050000 | _EPERM, 0x00050000 | _ENOSYS
    prog = [
        (ld_w_abs, 0, 0, 4),  # seccomp_data.arch
        (jeq, 1, 0, _AUDIT_ARCH_X86_64),
        (ret, 0, 0, kill),
        (ld_w_abs, 0, 0, 0),  # seccomp_data.nr
        (jge, 0, 1, _X32_BIT),  # the x32 ABI: refuse all of it
        (ret, 0, 0, kill),
        (jeq, 0, 1, _NR_CLONE3),  # clone3: "not there", so the C library falls back to clone
        (ret, 0, 0, enosys),
    ]
    for nr in sorted(_DENIED_SYSCALLS.values()):
        prog += [(jeq, 0, 1, nr), (ret, 0, 0, eperm)]
    prog += [
        (jeq, 0, 3, _NR_CLONE),  # clone: threads only, never a new process
        (ld_w_abs, 0, 0, 16),  # low half of args[0], the flags
        (jset, 1, 0, _CLONE_THREAD),
        (ret, 0, 0, eperm),
        (ret, 0, 0, allow),
    ]
    return prog


def _confine(limits):
    """Confine this process for good; returns the mechanisms now in force (raises if one fails)."""
    import ctypes
    import os
    import platform
    import resource

    in_force = []
    memory, cpu = int(limits["memory"]), int(limits["cpu"])
    for which, value in (
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_FSIZE, 0),
        (resource.RLIMIT_NOFILE, 16),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_NPROC, 0),
        (resource.RLIMIT_MEMLOCK, 0),
        (resource.RLIMIT_MSGQUEUE, 0),
    ):
        resource.setrlimit(which, (value, value))
    in_force.append("rlimits")
    os.closerange(3, 1 << 16)
    in_force.append("no inherited file descriptors")

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS failed")
    in_force.append("no_new_privs")

    if platform.machine() != "x86_64":
        raise OSError(_ENOSYS, f"no seccomp filter for {platform.machine()}")

    class SockFilter(ctypes.Structure):
        _fields_ = [
            ("code", ctypes.c_ushort),
            ("jt", ctypes.c_ubyte),
            ("jf", ctypes.c_ubyte),
            ("k", ctypes.c_uint32),
        ]

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(SockFilter))]

    program = _bpf_program()
    filters = (SockFilter * len(program))(*[SockFilter(*ins) for ins in program])
    fprog = SockFprog(len(program), filters)
    libc.syscall.restype = ctypes.c_long
    # seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog): every thread, for good.
    if libc.syscall(317, 1, 1, ctypes.byref(fprog)) != 0:
        raise OSError(ctypes.get_errno(), "seccomp filter refused")
    if libc.syscall(41, 2, 1, 0) != -1 or ctypes.get_errno() != _EPERM:  # socket() must now fail
        raise OSError(0, "seccomp filter is not in force")
    in_force.append("seccomp")

    in_force.extend(_landlock(libc))
    return in_force


def _landlock(libc):
    """Landlock where the kernel has it: no file-system writes, no TCP bind or connect."""
    import ctypes

    abi = libc.syscall(444, None, 0, 1)  # landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)
    if abi < 1:
        return []
    # Every write-side right of the kernel's ABI (reading stays: the mount view already limits it).
    # EXECUTE, WRITE_FILE, REMOVE_DIR, REMOVE_FILE and MAKE_* (char, dir, reg, sock, fifo, block, sym).
    fs = 0
    for bit in (0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12):
        fs |= 1 << bit
    if abi >= 2:
        fs |= 1 << 13  # REFER
    if abi >= 3:
        fs |= 1 << 14  # TRUNCATE
    net = 0b11 if abi >= 4 else 0  # BIND_TCP, CONNECT_TCP
    scoped = 0b11 if abi >= 6 else 0  # abstract unix sockets, signals

    class Attr(ctypes.Structure):
        _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

    attr = Attr(fs, net, scoped)
    size = 8 if abi < 4 else (16 if abi < 6 else 24)
    fd = libc.syscall(444, ctypes.byref(attr), size, 0)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "landlock ruleset refused")
    if libc.syscall(446, fd, 0) != 0:  # landlock_restrict_self
        raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    import os

    os.close(fd)
    return [f"landlock (ABI {abi})"]


# ---- the tool's view ------------------------------------------------------------------------------


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
    allowed, modules = ALLOWED_MODULES, sys.modules

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level or name.split(".")[0] not in allowed:
            raise SandboxViolation(f"import of {name!r} is not allowed")
        return modules[name.split(".")[0]] if not fromlist else modules[name]

    def quiet_print(*args, **kwargs):
        sys.stderr.write(" ".join(str(a) for a in args)[:2000] + "\n")

    safe["__import__"] = guarded_import
    safe["print"] = quiet_print
    return safe


def _arm_audit_hook(code):
    """The first filter: refuse files, sockets, processes, dynamic code and other imports."""
    armed = {"code": code}
    allowed, denied = ALLOWED_MODULES, _DENIED_PREFIXES

    def hook(event, args):
        if event == "exec":
            if armed.get("code") is not None and args and args[0] is armed["code"]:
                armed["code"] = None  # exactly one exec: the tool's own module
                return
            raise SandboxViolation("exec is not allowed")
        if event == "import":
            if str(args[0]).split(".")[0] not in allowed:
                raise SandboxViolation(f"import of {args[0]!r} is not allowed")
            return
        if event.startswith(denied):
            raise SandboxViolation(f"{event} is not allowed")

    sys.addaudithook(hook)


def main():
    request = json.loads(_IN.readline())
    try:
        in_force = _confine(request["limits"])
    except BaseException as exc:
        _send({"ready": False, "error": f"{type(exc).__name__}: {exc}"[:500]})
        return
    _send({"ready": True, "mechanisms": in_force})
    source = str(request.get("source") or "")
    guards = request.get("guards", True) is not False
    try:
        code = compile(source, "tool.py", "exec")
        if guards:
            _arm_audit_hook(code)
            namespace = {"__builtins__": _builtins(), "__name__": "generated_tool"}
        else:  # tests only: the confinement alone, without the in-process first filter
            namespace = {"__name__": "generated_tool"}
        page = Page()
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
