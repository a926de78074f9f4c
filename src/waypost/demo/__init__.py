"""The bundled demo site ``waypost.demo``: a fictional German/English news portal plus a finance site.

Start it with :class:`DemoSite` (``with DemoSite() as site: ...``) or ``python -m waypost.demo.server``.
"""

from waypost.demo.server import DEMO_PASSWORD, DEMO_USER, SESSION_COOKIE, DemoSite

__all__ = ["DEMO_PASSWORD", "DEMO_USER", "SESSION_COOKIE", "DemoSite"]
