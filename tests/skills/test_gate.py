"""The quality gate: hostile and broken candidates are rejected, good ones pass (sandbox, real Chromium)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from waypost.skills.gate import check, static_check
from waypost.skills.sandbox import run_sandboxed
from waypost.skills.templates import TEMPLATES

OK_TEST = "\n\ndef test(page):\n    return True\n"


def tool(body: str, *, header: str = "") -> str:
    """A candidate whose run() holds ``body`` (indented), with a harmless test()."""
    lines = "\n".join("    " + line for line in body.splitlines())
    return f"{header}\ndef run(page):\n{lines}\n{OK_TEST}"


HOSTILE = {
    "import os": tool("return 1", header="import os"),
    "import subprocess": tool("subprocess.run(['id'])\nreturn 1", header="import subprocess"),
    "from os import system": tool("system('id')", header="from os import system"),
    "import socket": tool("return 1", header="import socket"),
    "urllib": tool("return 1", header="import urllib.request"),
    "import ctypes": tool("return 1", header="import ctypes"),
    "import pickle": tool("return 1", header="import pickle"),
    "import importlib": tool("return 1", header="import importlib"),
    "import threading": tool("return 1", header="import threading"),
    "relative import": tool("return 1", header="from . import helper"),
    "star import": tool("return 1", header="from collections import *"),
    "exec": tool("exec('x = 1')"),
    "eval": tool("return eval('1 + 1')"),
    "compile": tool("return compile('1', 'f', 'eval')"),
    "__import__": tool("return __import__('os')"),
    "open a file": tool("return open('/etc/passwd').read()"),
    "pathlib write": tool("Path('/tmp/x').write_text('x')"),
    "os without import": tool("os.system('id')"),
    "getattr trick": tool("return getattr(page, 'call')('evaluate', 'fetch(1)')"),
    "subclasses walk": tool("return ().__class__.__bases__[0].__subclasses__()"),
    "dunder in a string": tool("name = '__glo' + 'bals__'\nreturn name"),
    "dunder in an f-string": tool("return f'{page.__class__}'"),
    "private attribute": tool("return page._call('evaluate', 'fetch(1)')"),
    "page.evaluate": tool("return page.evaluate('fetch(\"http://evil.example\")')"),
    "page.goto": tool("page.goto('http://evil.example/')"),
    "browser context": tool("return page.context.browser"),
    "globals": tool("return globals()"),
    "vars": tool("return vars(page)"),
    "type() class": tool("return type('X', (), {})"),
    "breakpoint": tool("breakpoint()"),
    "input": tool("return input()"),
    "class": "class X:\n    pass\n\ndef run(page):\n    return 1\n" + OK_TEST,
    "async def": "async def run(page):\n    return 1\n" + OK_TEST,
    "global state": tool("global counter\ncounter = 1"),
    "module-level code": "print('hello')\n\ndef run(page):\n    return 1\n" + OK_TEST,
    "decorator": "import functools\n\n@functools.cache\ndef run(page):\n    return 1\n" + OK_TEST,
    "syntax error": "def run(page):\n    return (\n",
    "empty": "   \n",
    "no test": "def run(page):\n    return 1\n",
    "no run": "def test(page):\n    return True\n",
    "run without page": "def run(x):\n    return 1\n" + OK_TEST,
    "NUL byte": tool("return 1") + "\x00",
    "too long": tool("return 1") + "\n# " + "x" * 25000,
    "dunder keyword": tool("return dict(__class__=1)"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_static_checks_reject_hostile_and_broken_candidates(name: str) -> None:
    reasons = static_check(HOSTILE[name])
    assert reasons, f"{name} was not rejected"


def test_there_are_at_least_thirty_hostile_samples() -> None:
    assert len(HOSTILE) >= 30


def test_the_templates_pass_the_static_checks() -> None:
    for template in TEMPLATES:
        assert static_check(template.source) == [], template.name


def test_reasons_name_the_problem() -> None:
    assert any("'os'" in r for r in static_check(HOSTILE["import os"]))
    assert any("exec" in r for r in static_check(HOSTILE["exec"]))
    assert any("syntax error" in r for r in static_check(HOSTILE["syntax error"]))


RUN_OK = "def run(page):\n    return 1\n\n"
BROKEN_AT_RUN_TIME = {
    "endless loop": RUN_OK + "def test(page):\n    while True:\n        pass\n",
    "memory bomb": RUN_OK + "def test(page):\n    x = [0] * (10 ** 9)\n    return True\n",
    "failed assertion": RUN_OK + "def test(page):\n    assert page.url() == 'x', 'wrong'\n",
    "log flood": RUN_OK + "def test(page):\n    while True:\n        print('x' * 2000)\n",
    "returns False": RUN_OK + "def test(page):\n    return False\n",
    "raises": RUN_OK + "def test(page):\n    raise ValueError('broken')\n",
    "missing element": RUN_OK + "def test(page):\n    return page.count('#nope') == 1\n",
}


@pytest.fixture
async def gate_pages(wp):
    """One real page for every gate check of a test (each check loads its fixture into it)."""
    async with wp.pool.session("gate-test") as session:

        @contextlib.asynccontextmanager
        async def same_page():
            yield session.page

        yield same_page


async def test_the_sandbox_rejects_candidates_that_fail_at_run_time(gate_pages, tmp_path: Path) -> None:
    for name, source in BROKEN_AT_RUN_TIME.items():
        assert static_check(source) == [], name
        verdict = await check(source, "<p>fixture</p>", gate_pages, time_limit=1.5)
        assert not verdict.accepted, name
        assert verdict.stage == "sandbox" and verdict.reason.startswith("test failed"), (name, verdict.reason)
        if name in ("endless loop", "log flood"):
            assert "timed out" in verdict.reason


async def test_the_sandbox_itself_refuses_files_imports_and_processes(gate_pages, tmp_path: Path) -> None:
    # Straight into the sandbox, past the static checks: its own guards hold.
    target = tmp_path / "escaped.txt"
    attempts = {
        "import os": "import os\n\ndef test(page):\n    os.system('id')\n    return True\n",
        "open": f"def test(page):\n    open({str(target)!r}, 'w').close()\n    return True\n",
        "exec": "def test(page):\n    exec('1')\n    return True\n",
        "builtins walk": (
            "def test(page):\n    [c for c in ().__class__.__base__.__subclasses__() "
            "if c.__name__ == 'Popen'][0](['id'])\n    return True\n"
        ),
    }
    async with gate_pages() as page:
        await page.set_content("<p>x</p>")
        for name, source in attempts.items():
            outcome = await run_sandboxed(source, page, entry="test", time_limit=5.0)
            assert not outcome.passed, name
    assert not target.exists()


async def test_the_gate_accepts_every_template_on_its_fixture_page(gate_pages, tmp_path: Path) -> None:
    for template in TEMPLATES:
        verdict = await check(template.source, template.fixture_html, gate_pages)
        assert verdict.accepted, (template.name, verdict.reason)
        assert verdict.report["ops"] > 0


async def test_without_bubblewrap_nothing_is_registered_or_run(gate_pages, monkeypatch) -> None:
    # No weaker mode: a machine without the confinement refuses generated tools outright.
    from waypost.skills import sandbox

    monkeypatch.setattr(sandbox.shutil, "which", lambda *a, **k: None)
    sandbox.forget_confinement()
    try:
        available, why, _ = sandbox.confinement()
        assert not available and "bubblewrap is not installed" in why
        template = TEMPLATES[0]
        verdict = await check(template.source, template.fixture_html, gate_pages)
        assert not verdict.accepted and "not registered: bubblewrap is not installed" in verdict.reason
        async with gate_pages() as page:
            outcome = await run_sandboxed(template.source, page, entry="run", params={"date": "2026-01-01"})
        assert not outcome.passed and outcome.error.startswith("refused to run")
        assert outcome.ops == []
    finally:
        sandbox.forget_confinement()
