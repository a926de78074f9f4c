"""Settings, read from keyword arguments, then ``WAYPOST_*`` environment variables, then defaults.

One tree: :class:`Settings` holds the browser, view, retry, retrieval and archive settings;
:class:`ModelSettings` the chat model's (``WAYPOST_MODEL``, ``WAYPOST_BASE_URL``,
``WAYPOST_API_KEY`` or ``OPENAI_API_KEY``, ``WAYPOST_STRICT_TOOLS``). These classes are the only
readers of Waypost's environment variables.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from waypost.config.approve import Policy, approve_policy
from waypost.config.archive import ArchiveSettings
from waypost.config.mcp import McpSettings
from waypost.config.retrieval import RetrievalSettings
from waypost.config.secrets import ENV_PREFIX, Secret


def default_data_dir() -> Path:
    """The platform's per-user data dir for Waypost (``~/.local/share/waypost`` on Linux)."""
    return Path(platformdirs.user_data_dir("waypost", appauthor=False))


class RetrySettings(BaseSettings):
    """How navigation failures are retried. Clicks and form submissions are never retried."""

    model_config = SettingsConfigDict(env_prefix="WAYPOST_RETRY_", extra="forbid")

    tries: int = Field(3, ge=1, le=10, description="Total attempts, the first one included.")
    delays: tuple[float, ...] = Field(
        (2.0, 5.0, 10.0), description="Seconds to wait before the 2nd, 3rd... attempt (the last repeats)."
    )
    jitter: float = Field(0.25, ge=0, le=1, description="Random +/- share added to each delay.")


class ModelSettings(BaseSettings):
    """The chat model, when the caller names none: ``WAYPOST_MODEL``, ``WAYPOST_BASE_URL``, the key."""

    model_config = SettingsConfigDict(env_prefix="WAYPOST_", extra="ignore", populate_by_name=True)

    model: str | None = Field(
        None, description="offline (the default), local:PATH (a GGUF file) or an OpenAI-compatible name."
    )
    base_url: str | None = Field(None, description="The OpenAI-compatible endpoint (default: OpenAI's).")
    api_key: SecretStr | None = Field(
        None,
        validation_alias=AliasChoices("WAYPOST_API_KEY", "OPENAI_API_KEY"),
        description="The endpoint's key (WAYPOST_API_KEY, else OPENAI_API_KEY).",
    )
    strict_tools: bool | None = Field(
        None, description="Send tool schemas strict (default: on for OpenAI's own endpoint only)."
    )

    @field_validator("model", "base_url", mode="after")
    @classmethod
    def _blank_is_unset(cls, value: str | None) -> str | None:
        return value.strip() or None if value is not None else None


class Settings(BaseSettings):
    """Everything Waypost can be told. Each field can be set as ``WAYPOST_<FIELD>``."""

    model_config = SettingsConfigDict(env_prefix="WAYPOST_", extra="forbid", env_nested_delimiter="__")

    data_dir: Path = Field(default_factory=default_data_dir, description="Where sessions and stores live.")
    chromium: str | None = Field(None, description="Path to a Chromium/Chrome binary to launch.")
    cdp_url: str | None = Field(None, description="Attach to a running Chrome/Edge at this CDP URL instead.")
    headless: bool = True
    max_contexts: int = Field(5, ge=1, le=100, description="Live browser contexts before LRU eviction.")
    session_timeout: float = Field(3600.0, gt=0, description="Seconds of idleness before a session expires.")
    janitor_interval: float = Field(60.0, gt=0, description="Seconds between expiry sweeps.")
    nav_timeout: float = Field(30.0, gt=0, description="Seconds one try of a page load may take.")
    load_limit: float = Field(
        90.0,
        gt=0,
        description="Seconds a page load may take in all, its retries and the waits between them included.",
    )
    retry: RetrySettings = Field(default_factory=RetrySettings)
    allow_domains: tuple[str, ...] = Field((), description="If set, only these domains (and subdomains).")
    deny_domains: tuple[str, ...] = Field((), description="Never these domains (and subdomains).")
    loopback_only: bool = Field(False, description="Abort every request that is not to 127.0.0.0/8 or ::1.")
    approve: Policy = Field(
        "ask",
        description="Critical actions (buy, pay, delete, send, password submit) outside an agent run "
        "(wp.act, wp.tools(), MCP): always do them, deny them, or ask the approver set on Waypost "
        "(refused when there is none, e.g. over MCP). 'never' is the old name of 'deny'.",
    )
    max_links: int = Field(15, ge=1, le=100, description="Links shown in a page view.")
    view_token_budget: int = Field(1300, ge=200, le=20000, description="Tokens a page view may take.")
    user_agent: str | None = None
    planner_mode: Literal["rag", "full"] = Field(
        "full", description="Agent planning: 'full' page views, or 'rag' (Planner-RAG: evidence on request)."
    )
    download_max_bytes: int = Field(
        50 * 1024 * 1024, ge=1024, description="A download growing past this many bytes is stopped."
    )
    upload_dirs: tuple[Path, ...] = Field(
        (), description="Host folders files may be uploaded from (besides the run's own files)."
    )
    trace: Path | None = Field(None, description="Record a Playwright trace of the run to this .zip file.")
    screenshots: Path | None = Field(None, description="Keep a screenshot after each action in this folder.")
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    archive: ArchiveSettings = Field(default_factory=ArchiveSettings)
    secrets: dict[str, Secret] = Field(
        default_factory=dict,
        description="Values the agent types as <secret:NAME> and never sees (WAYPOST_SECRET_<NAME>, "
        "WAYPOST_SECRET_<NAME>__DOMAINS=a.example,b.example binds one to domains).",
        repr=False,
    )
    persona: str | None = Field(
        None, description="A persona (researcher, form_filler, shopper, or one from personas.yaml)."
    )
    personas_file: Path | None = Field(
        None, description="A YAML file of more personas (default: <data_dir>/personas.yaml if it exists)."
    )
    minimal_prompt_after: int = Field(
        25, ge=0, description="Switch to the minimal system prompt after this many steps (0: never)."
    )
    minimal_prompt_repairs: int = Field(
        3, ge=0, description="Switch to the minimal prompt after this many repaired replies (0: never)."
    )
    minimal_prompt_context: int = Field(
        8192, ge=0, description="Use the minimal prompt from the start for context windows up to this size."
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (
            init_settings,
            _SecretVariables(settings_cls),
            env_settings,
            dotenv_settings,
            file_secret_settings,
        )

    @field_validator("approve", mode="before")
    @classmethod
    def _approve_alias(cls, value: object) -> object:
        return approve_policy(value) if isinstance(value, str) else value

    mcp: McpSettings = Field(default_factory=McpSettings)
    allow_blocked: bool = Field(
        False,
        description="Show pages detected as CAPTCHA or bot walls as content (for walls detected by mistake).",
    )

    @field_validator("data_dir", mode="after")
    @classmethod
    def _expand(cls, value: Path) -> Path:
        return value.expanduser()


class _SecretVariables(PydanticBaseSettingsSource):
    """``WAYPOST_SECRET_<NAME>`` (and ``..._<NAME>__DOMAINS``) variables as the ``secrets`` field."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        found: dict[str, dict[str, Any]] = {}
        for key, value in os.environ.items():
            if not key.upper().startswith(ENV_PREFIX) or not value:
                continue
            name, _, part = key[len(ENV_PREFIX) :].partition("__")
            entry = found.setdefault(name.lower(), {})
            if not part:
                entry["value"] = value
            elif part.upper() == "DOMAINS":
                entry["domains"] = value
        secrets = {name: entry for name, entry in found.items() if "value" in entry}
        return {"secrets": secrets} if secrets else {}
