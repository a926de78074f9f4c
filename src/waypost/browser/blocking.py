"""Recognising CAPTCHA and bot walls, so they are reported instead of shown as content.

Many ordinary pages embed reCAPTCHA or Turnstile on a form, so a widget alone is not a wall: it
takes a challenge title, a challenge-platform marker, or a widget on a page with almost no text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CHALLENGE_TITLES = re.compile(
    r"^\s*(just a moment|attention required|please wait|checking your browser|"
    r"access denied|are you a robot|verify you are human|security check|ddos-guard|"
    r"sicherheitspr(ü|ue)fung|sicherheitscheck|один момент|einen moment)",
    re.IGNORECASE,
)
_CHALLENGE_PHRASES = re.compile(
    r"checking if the site connection is secure|verify(ing)? you are (a )?human|"
    r"checking your browser before accessing|enable javascript and cookies to continue|"
    r"please complete the security check|needs to review the security of your connection|"
    r"unusual traffic from your computer|(i'?m|i am) not a robot|(ich bin|sie sind|dass sie) kein roboter",
    re.IGNORECASE,
)
_PROVIDERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cloudflare", re.compile(r"cf-chl|challenge-platform|cf_chl_opt|cf-browser-verification", re.I)),
    ("turnstile", re.compile(r"cf-turnstile|challenges\.cloudflare\.com/turnstile", re.I)),
    ("recaptcha", re.compile(r"g-recaptcha|recaptcha/api|grecaptcha", re.I)),
    ("hcaptcha", re.compile(r"h-captcha|hcaptcha\.com", re.I)),
)
_TAGS = re.compile(r"<script\b.*?</script>|<style\b.*?</style>|<[^>]+>", re.I | re.S)


@dataclass(frozen=True)
class BlockInfo:
    """What kind of wall a page is.

    Attributes:
        kind: Always ``captcha`` for now (CAPTCHA or bot challenge).
        provider: ``cloudflare``, ``turnstile``, ``recaptcha``, ``hcaptcha`` or ``unknown``.
        evidence: A few words on why, for logs and messages.
    """

    kind: str
    provider: str
    evidence: str


def _visible_words(html: str, limit: int = 400_000) -> int:
    return len(_TAGS.sub(" ", html[:limit]).split())


def detect_block(title: str | None, html: str, status: int | None = None) -> BlockInfo | None:
    """Return a :class:`BlockInfo` when the page is a CAPTCHA or bot wall, else ``None``."""
    title = (title or "").strip()
    head = html[:400_000]
    providers = [name for name, pattern in _PROVIDERS if pattern.search(head)]
    provider = providers[0] if providers else "unknown"
    if _CHALLENGE_TITLES.search(title) and (
        providers or _CHALLENGE_PHRASES.search(head) or status in {403, 429, 503}
    ):
        return BlockInfo("captcha", provider, f"challenge title {title[:60]!r}")
    # Cloudflare injects challenge-platform/scripts/jsd into ordinary pages too: only the
    # interstitial's own markers on a page with little text count.
    if re.search(r"cf-chl-|cf_chl_opt|challenge-platform/h/", head, re.I) and _visible_words(head) < 300:
        return BlockInfo("captcha", "cloudflare", "Cloudflare challenge markers")
    if _CHALLENGE_PHRASES.search(head) and (
        providers or status in {403, 429, 503} or _visible_words(head) < 150
    ):
        return BlockInfo("captcha", provider, "challenge text")
    if (
        providers
        and _visible_words(head) < 80
        and (status in {403, 429, 503} or not title or len(title) < 40)
    ):
        return BlockInfo("captcha", provider, f"{provider} widget on a page with almost no content")
    return None
