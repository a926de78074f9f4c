# Waypost in a container: the demo by default, the tests with `docker run IMAGE test`.
# Written without a Docker daemon at hand: UNTESTED. Build from a clone:
#   docker build -t waypost .
#   docker run --rm --shm-size=1g waypost            # the demo (offline planner, no model needed)
#   docker run --rm --shm-size=1g waypost test       # the test suite
FROM python:3.11-slim-bookworm

# Debian's Chromium and its headless shell (headless runs launch the shell) and what `make` needs.
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium chromium-headless-shell make \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home waypost
WORKDIR /home/waypost/app
COPY --chown=waypost:waypost . .
USER waypost

RUN python -m venv .venv \
    && .venv/bin/pip install --no-cache-dir -e '.[dev]'

ENV WAYPOST_DATA_DIR=/home/waypost/data \
    PYTHONUNBUFFERED=1

# `demo` serves the bundled demo site on 127.0.0.1 inside the container and browses it.
ENTRYPOINT ["/bin/sh", "-c", "if [ \"$0\" = test ]; then exec .venv/bin/python -m pytest -q; else exec .venv/bin/waypost demo; fi"]
CMD ["demo"]
