"""MkDocs hooks (mkdocs.yml): the docstrings are written for Python's help()
and doctest, with a few Sphinx roles (:func:`x`, :class:`~a.B`) and literal
blocks introduced by "::". The API reference renders them as Markdown; this
drops the role names, keeping the code, and the doubled colon."""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:func|class|attr|meth|data|mod|exc|obj):<code>~?([^<]*)</code>")
_LITERAL = re.compile(r"::</p>")


def on_page_content(html: str, **kwargs: Any) -> str:
    return _LITERAL.sub(":</p>", _ROLE.sub(r"<code>\1</code>", html))
