"""Secrets: values the agent may type but never see, each bound to the domains it may be typed on.

The model only ever sees a placeholder, ``<secret:NAME>``. When a typing tool gets text with a
placeholder, :meth:`SecretStore.resolve` gives the real text, and only when the page's host is
one the secret is bound to (a secret bound to no domain may be typed anywhere). Everything a run
writes or shows goes through :meth:`SecretStore.mask` (text) or :meth:`SecretStore.mask_bytes`
(files), which replace every spelling of every value: as is, JSON-escaped, URL-encoded (a form
body), HTML-escaped.

Secrets come from ``Waypost(secrets={...})``, ``WAYPOST_SECRET_<NAME>`` variables (read by the
settings, like every ``WAYPOST_*`` variable; ``WAYPOST_SECRET_<NAME>__DOMAINS=a.example,b.example``
binds one) and ``waypost run --secret NAME``.
"""

from __future__ import annotations

import html
import json
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_plus, urlsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

__all__ = [
    "ENV_PREFIX",
    "PLACEHOLDER",
    "Secret",
    "SecretRefused",
    "SecretStore",
    "has_placeholder",
    "placeholder",
    "spellings",
]


class SecretRefused(ValueError):
    """A placeholder names no secret, or the page's host is not bound to it: nothing is typed.

    The typing tools turn it into their one-line answer; it never reaches a caller.
    """


ENV_PREFIX = "WAYPOST_SECRET_"
NAME = r"[A-Za-z][A-Za-z0-9_]{0,63}"
PLACEHOLDER = re.compile(rf"<secret:({NAME})>")
_NAME_RE = re.compile(rf"^{NAME}$")
MIN_LENGTH = 4
"""Values shorter than this are refused: masking them would hide ordinary text everywhere."""


def placeholder(name: str) -> str:
    """What the model sees instead of the secret ``name``."""
    return f"<secret:{name}>"


def has_placeholder(text: str) -> bool:
    return bool(PLACEHOLDER.search(text or ""))


class Secret(BaseModel):
    """One secret: its value (never shown by ``repr``) and the domains it may be typed on.

    ``Secret("hunter2-long")`` and ``{"value": "...", "domains": ["bank.example"]}`` both work
    wherever secrets are given. A domain matches itself and its subdomains; ``*.example.org``
    only the subdomains.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: SecretStr
    domains: tuple[str, ...] = Field(default=(), description="Hosts it may be typed on (empty: any).")

    def __init__(self, value: str | SecretStr | None = None, /, **data: Any) -> None:
        if value is not None:
            data["value"] = value
        super().__init__(**data)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str | SecretStr):
            return {"value": data}
        return data

    @field_validator("value", mode="after")
    @classmethod
    def _long_enough(cls, value: SecretStr) -> SecretStr:
        if len(value.get_secret_value()) < MIN_LENGTH:
            raise ValueError(f"a secret needs at least {MIN_LENGTH} characters")
        return value

    @field_validator("domains", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.split(",")
        return tuple(d.strip().lower().rstrip(".") for d in value if d and d.strip())

    def allows(self, host: str) -> bool:
        """Whether the secret may be typed on a page of ``host``."""
        if not self.domains:
            return True
        host = host.lower().rstrip(".")
        for domain in self.domains:
            if domain.startswith("*."):
                if host.endswith(domain[1:]):
                    return True
            elif host == domain or host.endswith("." + domain):
                return True
        return False


def spellings(value: str) -> list[str]:
    """Every form the value may take in what a run writes, longest first."""
    forms = {
        value,
        json.dumps(value)[1:-1],
        json.dumps(value, ensure_ascii=False)[1:-1],
        quote_plus(value),
        quote(value, safe=""),
        quote(value),
        html.escape(value),
        html.escape(value, quote=False),
    }
    return sorted((f for f in forms if f), key=len, reverse=True)


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


@dataclass(frozen=True)
class _Entry:
    name: str
    secret: Secret


class SecretStore:
    """The secrets of one Waypost: resolves placeholders for typing tools, masks values everywhere.

    Args:
        secrets: ``{name: value | Secret | {"value": ..., "domains": [...]}}``.

    Raises:
        ValueError: A name that is not ``[A-Za-z][A-Za-z0-9_]*`` or a value too short to mask.
    """

    def __init__(self, secrets: Mapping[str, Any] | None = None) -> None:
        self._by_name: dict[str, Secret] = {}
        self._forms: list[tuple[str, str]] = []  # (spelling, name), longest first
        for name, value in (secrets or {}).items():
            self.add(name, value)

    def add(self, name: str, value: Any, domains: Iterable[str] | None = None) -> None:
        """Add (or replace) the secret ``name``; ``value`` is text, a :class:`Secret` or a dict."""
        if not isinstance(name, str) or not _NAME_RE.match(name):
            raise ValueError(
                f"{name!r} is not a secret name: use letters, digits and _ (e.g. bank_password)."
            )
        secret = value if isinstance(value, Secret) else Secret.model_validate(value)
        if domains is not None:
            secret = secret.model_copy(update={"domains": Secret(secret.value, domains=domains).domains})
        self._by_name[name] = secret
        forms = [
            (form, n) for n, s in self._by_name.items() for form in spellings(s.value.get_secret_value())
        ]
        self._forms = sorted(forms, key=lambda f: len(f[0]), reverse=True)

    def __bool__(self) -> bool:
        return bool(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"SecretStore({sorted(self._by_name)})"

    @property
    def names(self) -> list[str]:
        return sorted(self._by_name)

    def values(self) -> list[str]:
        """The plain values (for scrubbers that need them; never log this)."""
        return [s.value.get_secret_value() for s in self._by_name.values()]

    def domains(self, name: str) -> tuple[str, ...]:
        return self._by_name[name].domains

    def resolve(self, text: str, url: str) -> str:
        """``text`` with each placeholder replaced by its value, for a page at ``url``.

        Raises:
            SecretRefused: An unknown name, or a secret not bound to the page's host (nothing
                may be typed then).
        """
        host = _host(url)

        def value(match: re.Match[str]) -> str:
            name = match.group(1)
            secret = self._by_name.get(name)
            if secret is None:
                known = ", ".join(placeholder(n) for n in self.names) or "none"
                raise SecretRefused(
                    f"There is no secret named {name!r} (known: {known}); nothing was typed. "
                    "Ask the user to add it (waypost run --secret NAME)."
                )
            if not host or not secret.allows(host):
                raise SecretRefused(
                    f"The secret <secret:{name}> may only be typed on {', '.join(secret.domains)}, "
                    f"not on {host or 'this page'}; nothing was typed."
                )
            return secret.value.get_secret_value()

        return PLACEHOLDER.sub(value, text)

    def mask(self, text: str) -> str:
        """``text`` with every spelling of every value replaced by its placeholder."""
        if not self._forms or not text:
            return text
        for form, name in self._forms:
            if form in text:
                text = text.replace(form, placeholder(name))
        return text

    def mask_bytes(self, data: bytes) -> bytes:
        """``data`` with every spelling of every value (UTF-8) replaced by its placeholder."""
        if not self._forms or not data:
            return data
        for form, name in self._forms:
            raw = form.encode("utf-8", "surrogatepass")
            if raw in data:
                data = data.replace(raw, placeholder(name).encode())
        return data

    def mask_data(self, obj: Any) -> Any:
        """A copy of JSON-like data with every string masked."""
        if not self._forms:
            return obj
        if isinstance(obj, str):
            return self.mask(obj)
        if isinstance(obj, Mapping):
            return {k: self.mask_data(v) for k, v in obj.items()}
        if isinstance(obj, list | tuple):
            return type(obj)(self.mask_data(v) for v in obj)
        return obj

    def log_filter(self) -> logging.Filter:
        """A logging filter that masks the values in every record it passes (message and args)."""
        return _MaskingFilter(self)


class _MaskingFilter(logging.Filter):
    def __init__(self, store: SecretStore) -> None:
        super().__init__()
        self.store = store

    def filter(self, record: logging.LogRecord) -> bool:
        if self.store:
            try:
                message = record.getMessage()
            except Exception:  # a malformed record: leave it to logging's own error report
                return True
            masked = self.store.mask(message)
            if masked != message:
                record.msg, record.args = masked, None
            if record.exc_info and record.exc_info[1] is not None:
                text = self.store.mask(str(record.exc_info[1]))
                if text != str(record.exc_info[1]):
                    record.exc_info = None
                    record.exc_text = None
                    record.msg = f"{record.msg} ({text})"
        return True
