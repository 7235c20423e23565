"""The Jinja environment of the web app: every page and the game view are templates in
``arle/web/templates/``, rendered with autoescaping on.

Text reaches the HTML only through the templates' escaping; the one kind of markup a
template receives ready-made is an SVG picture from :mod:`arle.web.svg`, which escapes
every text it draws itself and is marked safe with :func:`svg_markup`.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from markupsafe import Markup

__all__ = ["TEMPLATES_DIR", "environment", "svg_markup"]

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"

_ENV: jinja2.Environment | None = None


def environment() -> jinja2.Environment:
    """The shared environment (autoescape on for every template)."""
    global _ENV
    if _ENV is None:
        _ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
                                  autoescape=True, auto_reload=False)
    return _ENV


def svg_markup(picture: str) -> Markup:
    """An SVG string from :mod:`arle.web.svg` (which escaped its texts) as markup."""
    return Markup(picture)
