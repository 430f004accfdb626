"""``genpnp audit``: what a player would find by eye, measured from the imposed pages."""

from __future__ import annotations

from typing import Any

from genpnp.audit.checks import Audit, Finding, audit_document
from genpnp.impose.options import Options


def audit_game(game: Any, options: Options) -> Audit:
    """Impose the game as ``genpnp build`` would and measure every page."""
    from genpnp.impose.document import impose_game

    return audit_document(impose_game(game, options), options.file_name(game.id))


__all__ = ["Audit", "Finding", "audit_document", "audit_game"]
