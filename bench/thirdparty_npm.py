"""Third-party widget demo pages from the npm registry, for the held-out 6, 7 and 8 parts of the new sets.

The packages below ship example or demo HTML pages whose scripts and styles are inside the package
(relative paths), so they work offline. Nothing of them is committed to this repository: each
pinned tarball is fetched once (``npm pack``, or the registry URL when npm is missing), checked
against its pinned ``dist.integrity`` (sha512), and unpacked into the cache
(``$WAYPOST_BENCH_CACHE/npm`` or ``~/.cache/waypost-bench/npm``) as ``<name>@<version>/``.
A case of ``bench/retrieval_npm.jsonl`` names its page as ``npm/<name>@<version>/<path in the
package>``, served from there by ``bench/retrieval.py``.

    .venv/bin/python bench/thirdparty_npm.py        # fill the cache, print where it is
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

REGISTRY = "https://registry.npmjs.org"

# (package, exact version, dist.integrity as given by `npm view <pkg>@<version> dist.integrity`)
PINNED: list[tuple[str, str, str]] = [
    (
        "selectize",
        "0.12.6",
        "sha512-bWO5A7G+I8+QXyjLfQUgh31VI4WKYagUZQxAXlDyUmDDNrFxrASV0W9hxCOl0XJ/XQ1dZEu3G9HjXV4Wj0yb6w==",
    ),
    (
        "pikaday",
        "1.5.1",
        "sha512-JpGs4DM+DrwhGx/deyi2pUcrUtTcyegR6XOIbFkjSaJp0yYp5d8Bvzlgtl8eaX1gNEqsqJZFIsRMEzdRA1xbDQ==",
    ),
    (
        "van11y-accessible-tab-panel-aria",
        "2.0.4",
        "sha512-HOxAxa8062+LN6g9oOzTvgo59CE/K/kIMu1gCluvByiGAGW+jhiM2FFrsxkaXtiUrftiVL+tqjd1SeoT9HRZ6w==",
    ),
    (
        "van11y-accessible-accordion-aria",
        "3.0.1",
        "sha512-XVfsWNxGnh+W7J8CBrK9+X1daYqLWG98AGjRPqwZl5c2xvpMoWhbTvlGylrSNv4yrjcVvECtxzeM6gfYQJmfrA==",
    ),
    (
        "van11y-accessible-modal-window-aria",
        "2.5.1",
        "sha512-LSJ8p0eM6oEzpI2czweThDertlJjACAxgItAN6EI1hL9OSIe0JxhA4p21fJwG1y62Mw184aDpMlg7ytZw6mNuQ==",
    ),
    (
        "clockpicker",
        "0.0.7",
        "sha512-YFVZhnDqPKsfzw698x1H4EMwVGxAhpP959xXvmLCZcJfYD4EeWIKUVNlFyxXGYDBItSSipeRoWwIUmHeVwn+Cg==",
    ),
    (
        "awesomplete",
        "1.1.7",
        "sha512-hwClzFReIIfheoMWpoJ7juLp1o6Q7YjTtEdZIGfXvhRHA9ewKM03VS4ZoK+OEFIKM066PfQt9pzRIGV1TguRBw==",
    ),
    # Held-out 7 (held7): pages of these packages.
    (
        "van11y-accessible-hide-show-aria",
        "3.0.1",
        "sha512-3vIRvGD87Hkw4ZBDw7rzcTDEmXg3BVcZzM1tbo5pQJlHoeWww7OGKpXXPuCBzXHMh987OyWKORSu+DC/QFrpjA==",
    ),
    (
        "van11y-accessible-carrousel-aria",
        "1.3.0",
        "sha512-wbtPXi65fTD7+Iri7J/6GNMCo0up76f6f9Vn+tz3vmBmxIx82pPqLNsb/XVcCX3vF+QiRkdBUjrMldKIp1ROsw==",
    ),
    (
        "accessible-autocomplete",
        "3.0.1",
        "sha512-xMshgc2LT5addvvfCTGzIkRrvhbOFeylFSnSMfS/PdjvvvElZkakCwxO3/yJYBWyi1hi3tZloqOJQ5kqqJtH4g==",
    ),
    (
        "a11y-accordion-tabs",
        "0.5.0",
        "sha512-7QSplCl63RyYAHRIqqFzAaDQ3Y9NRfFJRvo1speA3/uXk8fmJjq4UndyMraX2eCbr0ir3MG03VDgR541xeEOIg==",
    ),
    (
        "jquery-bar-rating",
        "1.2.2",
        "sha512-0OtYCrgDzyc3FQ6r08Twns35t1bKd4V/9+Nberg3Idg3ZpBw2dVre8Hut0w3sbekm391desWxpbKFKSPzuk81w==",
    ),
    (
        "simple-datatables",
        "2.1.10",
        "sha512-f6f64lyFOp4vjUY+QztsNiyPu6IY34BgV6HLQ6ftaL/LONbdKZ+Wf9pdYqBYbYgz1zmAI22ugxmV2+nyNKn0WA==",
    ),
    (
        "spectrum-colorpicker",
        "1.8.1",
        "sha512-x1picQ5giVso71ESII7jZ3+ZFdit8WthNkzwJqLNdPDPzrltKUQGpTohWyPfSAID+bK1zGdO6bDbSh1S6GoLYA==",
    ),
    (
        "tablesort",
        "5.6.0",
        "sha512-cZZXK3G089PbpxH8N7vN7Z21SEKqXAaCiSVOmZdR/v7z8TFCsF/OFr0rzjhQuFlQQHy9uQtW9P2oQFJzJFGVrg==",
    ),
    (
        "jquery-ui",
        "1.12.1",
        "sha512-K/kDBMXkTky5LH+gqbMvttU1ipqCTaecKyAFjwHjUnPTVfm5I5PZC7We31iNR3yWtAHNqoxkLoit06lR/gKVlA==",
    ),
    # Held-out 8 (held8): pages of these packages. Tried and left out: vanillajs-datepicker 1.3.4 (its
    # demos set the picker up only after highlight.js from a CDN, so offline there is no picker),
    # jquery-confirm 3.3.4 (an ad-blocker dialog opens 1 s after load, offline), icheck 1.0.2 (it
    # changes `checked` without any DOM event, so no outcome can be observed), and packages whose
    # demos load jQuery from a CDN (jstree, jquery-knob, timepicker, jquery-treeview, zebra_datepicker).
    (
        "jquery-steps",
        "1.1.0",
        "sha512-2ZODN30XpbdNgDiqydOCroTRVUeCBPx927l3p8SG7tsL1kmOkntg/jeiY9fjPqIff0cyelcwL/SZ+5hMaQyVmA==",
    ),
    (
        "smartmenus",
        "1.2.1",
        "sha512-W5UoxfywB2o9fsk6RglDoSIJoCtBPnajJCiip9JBfRX46ZV+LkTtysiChiVJNEm8QZOPb9MPC1wXrrCTzGIaAw==",
    ),
    (
        "superfish",
        "1.7.10",
        "sha512-4O2ySFEtu9AEmYy4gkRl2ifHPwzR1RSQBTpFedpR2nv8qxhx3lEdotHvxKGApHdjmffJuB/Oj5wflHJh1bnMIw==",
    ),
    (
        "remodal",
        "1.1.1",
        "sha512-creNSaqbg5tddt+6wckMQ5BAYIrlanpZoPhRt2q/hXPsAEavapSucBGFOsfyjTPPGQdyUxy5jXLjSnNhpCIK6A==",
    ),
    (
        "jquery-nice-select",
        "1.1.0",
        "sha512-4H+MMamBCyoXVC58aBgotnFpvZUSz6m78F3W/+df8iNSpK+rb8Q3nGL/1rxuU3XXUS4ThiQLZMIYiGupaa+u7w==",
    ),
    (
        "multi.js",
        "0.5.3",
        "sha512-DaYORfSqqYY3E6zhjb4CGYe2VUnQXV22sZDoFs6H3Ge5szh8FVoak0tJpuYFgpxn81khOQr2wM8+gMDgjL9GyQ==",
    ),
    (
        "intl-tel-input",
        "17.0.19",
        "sha512-GBNoUT4JVgm2e1N+yFMaBQ24g5EQfZhDznGneCM9IEZwfKsMUAUa1dS+v0wOiKpRAZ5IPNLJMIEEFGgqlCI22A==",
    ),
    (
        "selectric",
        "1.13.0",
        "sha512-kb1iOLBTvg0EiVieJjXlFj07RTKoom0a3/SedWD1tuQ47N2S9l4gvkhTvGhhhhdh/zCgkbZ44/GiczT8dWfAGA==",
    ),
]


def cache_dir() -> Path:
    """Where the unpacked packages live."""
    base = os.environ.get("WAYPOST_BENCH_CACHE")
    return (Path(base) if base else Path.home() / ".cache" / "waypost-bench") / "npm"


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def _fetch(name: str, version: str, into: Path) -> bytes:
    """The tarball's bytes: by ``npm pack`` when npm is installed, else from the registry URL."""
    npm = shutil.which("npm")
    if npm:
        done = subprocess.run(
            [npm, "pack", f"{name}@{version}", "--pack-destination", str(into), "--silent"],
            capture_output=True,
            text=True,
            timeout=180,
            cwd=into,
        )
        tgz = sorted(into.glob("*.tgz"))
        if done.returncode == 0 and tgz:
            return tgz[-1].read_bytes()
    url = f"{REGISTRY}/{name}/-/{name.rsplit('/', 1)[-1]}-{version}.tgz"
    with urllib.request.urlopen(url, timeout=120) as resp:
        return bytes(resp.read())


def _unpack(data: bytes, dest: Path) -> None:
    """Unpack an npm tarball (its files under ``package/``) into ``dest``, refusing paths outside it."""
    with tempfile.TemporaryDirectory() as tmp:
        tgz = Path(tmp) / "p.tgz"
        tgz.write_bytes(data)
        out = Path(tmp) / "out"
        with tarfile.open(tgz) as tar:
            tar.extractall(out, filter="data")
        roots = [p for p in out.iterdir() if p.is_dir()]
        src = out / "package" if (out / "package").is_dir() else roots[0]
        part = dest.with_name(dest.name + ".part")
        shutil.rmtree(part, ignore_errors=True)
        shutil.copytree(src, part)
        part.rename(dest)


def ensure(name: str, version: str, integrity: str) -> Path:
    """The unpacked package directory, fetched and checked if not cached yet."""
    dest = cache_dir() / f"{name}@{version}"
    if (dest / "package.json").exists():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        data = _fetch(name, version, Path(tmp))
    got = _integrity(data)
    if got != integrity:
        raise RuntimeError(f"{name}@{version}: integrity mismatch ({got[:24]}… != {integrity[:24]}…)")
    _unpack(data, dest)
    return dest


def ensure_all() -> Path:
    """Fill the cache with every pinned package; the cache directory (raises when one fails)."""
    for name, version, integrity in PINNED:
        ensure(name, version, integrity)
    return cache_dir()


def main() -> None:
    try:
        where = ensure_all()
    except Exception as exc:
        print(f"npm demo pages unavailable: {type(exc).__name__}: {exc}")
        sys.exit(1)
    print(f"{len(PINNED)} npm packages ready in {where}")


if __name__ == "__main__":
    main()
