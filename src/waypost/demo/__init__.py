"""The bundled demo site ``waypost.demo``: a fictional German/English news portal plus a finance site.

Start it with :class:`DemoSite` (``with DemoSite() as site: ...``) or ``python -m waypost.demo.server``.

Modules, from the bottom up: ``content`` (the data and the demo account), ``html`` (escaping and
the templates under ``site/templates/``), ``http`` (requests, responses, the threaded server),
``service`` (the portal's service pages), ``portal`` and ``finance`` (the two sites' routes and
pages) and ``server`` (routing by host name, :class:`DemoSite`, ``main``).
"""

from waypost.demo.content import DEMO_PASSWORD, DEMO_USER
from waypost.demo.portal import SESSION_COOKIE
from waypost.demo.server import DemoSite

__all__ = ["DEMO_PASSWORD", "DEMO_USER", "SESSION_COOKIE", "DemoSite"]
