"""Finding and launching Chromium, or attaching to a running browser over CDP."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from playwright.async_api import Browser, Playwright

from waypost.errors import BrowserUnavailable

# Flags that keep Chromium quiet on a closed network: no sync, no update checks, no QUIC probes.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Nothing may leave beside the guard proxy: no WebRTC UDP, no DNS prefetching.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--dns-prefetch-disable",
)

SYSTEM_CHROMIUM = "/usr/bin/chromium"
# Debian's build of Chromium's headless shell (package chromium-headless-shell), the same kind of
# binary Playwright's own headless launches use: a page costs it about a third of the CPU that
# full Chromium in headless mode spends on one (bench/browser_pages.py measures both). The binary
# itself, not /usr/bin's wrapper script, so that the browser's process is the one launched.
SYSTEM_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"


def find_chromium(explicit: str | None = None, *, headless: bool = False) -> str | None:
    """Return the Chromium binary to launch, or ``None`` to use Playwright's own build.

    Order: ``explicit`` (the ``chromium`` setting, ``$WAYPOST_CHROMIUM``); for a ``headless``
    launch, Debian's ``chromium-headless-shell`` when it is installed; ``/usr/bin/chromium``,
    ``chromium`` or ``chromium-browser`` on the PATH, else ``None``: Playwright then launches its
    own build, the one ``python -m playwright install chromium`` downloads.

    Raises:
        BrowserUnavailable: ``explicit`` names a file that does not exist.
    """
    if explicit:
        if not Path(explicit).is_file():
            raise BrowserUnavailable(
                f"The chromium setting (WAYPOST_CHROMIUM) points to {explicit!r}, which is not a file."
            )
        return explicit
    if headless and Path(SYSTEM_HEADLESS_SHELL).is_file():
        return SYSTEM_HEADLESS_SHELL
    if Path(SYSTEM_CHROMIUM).is_file():
        return SYSTEM_CHROMIUM
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class LaunchedBrowser:
    """A browser and whether Waypost owns it (launched it) or merely attached to it."""

    browser: Browser
    owned: bool
    executable: str | None


async def launch_browser(
    playwright: Playwright,
    *,
    chromium: str | None = None,
    headless: bool = True,
    cdp_url: str | None = None,
    extra_args: tuple[str, ...] = (),
    downloads_path: Path | None = None,
) -> LaunchedBrowser:
    """Launch system Chromium, or attach to a running browser when ``cdp_url`` is given.

    An attached browser belongs to the user: Waypost works inside it and never closes it.
    ``downloads_path`` is where a launched browser writes downloads in progress.

    Raises:
        BrowserUnavailable: Nothing could be launched or attached to; the message says what to install.
    """
    if cdp_url:
        try:
            browser = await playwright.chromium.connect_over_cdp(cdp_url, timeout=15_000)
        except Exception as exc:  # Playwright raises plain Error with a long log
            raise BrowserUnavailable(
                f"Could not attach to a browser at {cdp_url}: {str(exc).splitlines()[0]}. "
                "Start Chrome or Edge with --remote-debugging-port=9222 and try again."
            ) from exc
        return LaunchedBrowser(browser=browser, owned=False, executable=None)

    executable = find_chromium(chromium, headless=headless)
    try:
        browser = await playwright.chromium.launch(
            executable_path=executable,
            headless=headless,
            args=[*CHROMIUM_ARGS, *extra_args],
            timeout=30_000,
            downloads_path=downloads_path,
        )
    except Exception as exc:
        hint = (
            # Playwright's own build was tried (none on the system): say how to get either.
            "No Chromium on this system and none from Playwright: run `python -m playwright install "
            "chromium` (downloads Playwright's build), or install one (apt-get install chromium) or "
            "set WAYPOST_CHROMIUM to a Chromium binary. See README, Troubleshooting."
            if executable is None
            else f"Check that {executable} runs (try: {executable} --version)."
        )
        raise BrowserUnavailable(f"Could not launch Chromium: {str(exc).splitlines()[0]}. {hint}") from exc
    return LaunchedBrowser(browser=browser, owned=True, executable=executable)
