"""Choosing the chat model: offline planner, local GGUF, or any OpenAI-compatible endpoint.

* ``None`` or ``"offline"`` → the deterministic offline planner (no model, no network);
* ``"local:PATH"`` → a GGUF model run in-process through llama-cpp-python (optional extra);
* anything else → ``ChatOpenAI`` with that model name, for OpenAI, Ollama, LM Studio, vLLM or
  llama.cpp's server (``base_url``).

Unset arguments come from :class:`~waypost.config.ModelSettings` (``WAYPOST_MODEL``,
``WAYPOST_BASE_URL``, ``WAYPOST_API_KEY`` or ``OPENAI_API_KEY``). Whether tool schemas are sent
strict (so enumerated choices are enforced) is decided per endpoint and can be forced with
``strict=`` or ``WAYPOST_STRICT_TOOLS``.
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel

from waypost.config import ModelSettings
from waypost.errors import ConfigError

OFFLINE = "offline"
LOCAL_PREFIX = "local:"
STRICT_KEY = "waypost_strict"
"""Key in the model's ``metadata`` that records whether its endpoint enforces strict schemas."""
MEMORY_KEY = "waypost_memory_threshold"
"""Key in the model's ``metadata``: history tokens above which the memory manager summarises."""


def resolve_model_name(model: str | None, settings: ModelSettings | None = None) -> str:
    """The model to use: the argument, else ``WAYPOST_MODEL``, else ``offline``."""
    name = (model or (settings or ModelSettings()).model or OFFLINE).strip()
    return name or OFFLINE


def make_model(
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    *,
    temperature: float = 0.0,
    timeout: float = 120.0,
    max_retries: int = 2,
    strict: bool | None = None,
    settings: ModelSettings | None = None,
    **kwargs: Any,
) -> BaseChatModel:
    """A chat model for the agent.

    Args:
        model: ``None``/``"offline"`` (the offline planner), ``"local:PATH"`` (a GGUF file), or a
            model name of an OpenAI-compatible endpoint (``gpt-4o-mini``, ``qwen2.5:7b``...).
        base_url: The endpoint (default: ``WAYPOST_BASE_URL``, then OpenAI's).
        api_key: The key (default: ``WAYPOST_API_KEY``, then ``OPENAI_API_KEY``; local servers
            that need none get a placeholder).
        temperature: Sampling temperature (OpenAI-compatible models).
        timeout: Seconds per request.
        max_retries: Retries per request on transient errors.
        strict: Send tool schemas strict, so enumerated choices are enforced. ``None``: on for
            OpenAI's own endpoint, off elsewhere, unless ``WAYPOST_STRICT_TOOLS`` says otherwise.
        settings: Where unset arguments come from (default: read from the environment now).
        **kwargs: Passed to the model class.

    Raises:
        ConfigError: The offline planner or the local model is not available.
    """
    settings = settings or ModelSettings()
    name = resolve_model_name(model, settings)
    if name.lower() == OFFLINE:
        try:
            from waypost.models.planner import OfflinePlanner
        except ImportError as exc:
            raise ConfigError(f"The offline planner is not available ({exc}). Give --model.") from exc
        planner = OfflinePlanner(**kwargs)
        # The planner has no context window to protect, and it reads every tool result it got:
        # never condense its history.
        planner.metadata = {**(planner.metadata or {}), MEMORY_KEY: 10**9}
        return planner
    if name.startswith(LOCAL_PREFIX):
        path = name[len(LOCAL_PREFIX) :].strip()
        if not path:
            raise ConfigError("--model local:PATH needs the path of a .gguf file.")
        try:
            from waypost.models.local_model import LocalGGUFChat
        except ImportError as exc:
            raise ConfigError(
                f"Local GGUF models need the 'local' extra: pip install 'waypost[local]' ({exc})."
            ) from exc
        # Resolves a .gguf path or the name of an installed model package.
        return LocalGGUFChat.from_spec(name, **kwargs)

    from langchain_openai import ChatOpenAI

    base_url = base_url or settings.base_url
    if not api_key and settings.api_key is not None:
        api_key = settings.api_key.get_secret_value()
    if not api_key:
        if base_url is None:
            raise ConfigError(
                f"Model {name!r} needs an API key: set OPENAI_API_KEY or WAYPOST_API_KEY, or give "
                "--base-url for a local server (Ollama, LM Studio, vLLM, llama.cpp)."
            )
        api_key = "not-needed"  # local servers accept any key
    if strict is None:
        strict = settings.strict_tools
    if strict is None:
        strict = base_url is None or "api.openai.com" in base_url
    metadata = {**(kwargs.pop("metadata", None) or {}), STRICT_KEY: strict}
    return ChatOpenAI(
        model=name,
        base_url=base_url,
        api_key=api_key,
        temperature=temperature,
        timeout=timeout,
        max_retries=max_retries,
        metadata=metadata,
        **kwargs,
    )


def memory_threshold(model: BaseChatModel) -> int | None:
    """The history size (tokens) the model asks to be summarised above, if it says."""
    meta = getattr(model, "metadata", None) or {}
    value = meta.get(MEMORY_KEY)
    return int(value) if isinstance(value, int | float) else None


def supports_strict(model: BaseChatModel) -> bool:
    """Whether the model's endpoint enforces strict tool schemas (as :func:`make_model` decided)."""
    meta = getattr(model, "metadata", None) or {}
    if STRICT_KEY in meta:
        return bool(meta[STRICT_KEY])
    return bool(getattr(model, "supports_strict_tools", False))
