#!/usr/bin/env bash
# Prepares a fresh machine for Waypost: a .venv with the package and its dev tools, and a
# Chromium to drive. Safe to run again; it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Waypost needs Python 3.11 or newer as '$PYTHON' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi

# Chromium: WAYPOST_CHROMIUM, else Debian's package.
if [ -n "${WAYPOST_CHROMIUM:-}" ]; then
  [ -x "$WAYPOST_CHROMIUM" ] || { echo "WAYPOST_CHROMIUM=$WAYPOST_CHROMIUM is not an executable file." >&2; exit 1; }
elif [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium (apt-get)..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
  else
    echo "Waypost needs Chromium. Install it as root with: apt-get install chromium" >&2
    echo "(or set WAYPOST_CHROMIUM to a Chromium/Chrome binary)." >&2
    exit 1
  fi
fi
# Chromium's headless shell: headless runs (the tests, batch runs, the MCP server) launch it when
# it is there, at about a third of full Chromium's CPU per page; without it they use chromium.
if [ -z "${WAYPOST_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] \
  && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium-headless-shell (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null \
    || { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null; } \
    || echo "Note: chromium-headless-shell could not be installed; headless runs use chromium." >&2
fi

# bubblewrap: generated tools run only inside it (namespaces, read-only file system, no network);
# without it Waypost refuses to register or run them, and everything else works.
if ! command -v bwrap >/dev/null; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's bubblewrap (apt-get)..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends bubblewrap >/dev/null
  else
    echo "Note: generated tools need bubblewrap (as root: apt-get install bubblewrap);" >&2
    echo "without it they are refused, never run unconfined." >&2
  fi
fi

# The virtual environment, reinstalled when pyproject.toml changes.
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
  touch .venv/.installed
fi
