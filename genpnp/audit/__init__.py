"""``genpnp audit``: what a player would find by eye, measured from the imposed pages."""

from __future__ import annotations

from typing import Any

from genpnp.audit.checks import Audit, Finding, audit_document
from genpnp.impose.options import Options


def audit_game(game: Any, options: Options, faces: dict | None = None) -> Audit:
    """Impose the game as ``genpnp build`` would and measure every page (``faces``: recorded faces
    kept between audits of the same game, e.g. over several print options)."""
    from genpnp.core import i18n
    from genpnp.impose.document import impose_game

    with i18n.using(game.lang):
        return audit_document(impose_game(game, options), i18n.file_name(options.file_name(game.id), game.lang),
                              faces)


__all__ = ["Audit", "Finding", "audit_document", "audit_game"]
