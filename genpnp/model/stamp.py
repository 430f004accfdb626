"""A version stamp: a tiny line of text a designer asks for on each piece (``stamp:`` on a component or
in game.yaml), saying which version of the game it belongs to, so that a player with a box of pieces
from several print runs can tell them apart. It is drawn over the face in a corner, outside the art
and text (``genpnp audit`` reports a stamp that touches them)."""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import ColorSpec, Ctx, Custom, Enum, Length, ListOf, Obj, build, fld
from genpnp.core.color import parse_color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM, PT

CORNERS = ("bottom-right", "bottom-left", "top-right", "top-left", "bottom", "top")


@dataclass(frozen=True, kw_only=True)
class Stamp:
    """What a piece's version stamp says and where it sits."""

    text: str = fld(Enum("version", "digest", "both"), "version",
                    "version: the game's version (v1.1); digest: six characters of the face's digest, which "
                    "change whenever what is drawn on the face changes (the manifest's `pieces`); both", "both")
    at: str = fld(Enum(*CORNERS), "bottom-right", "where on the face", "top-left")
    inset: float = fld(Length(0, 20 * MM), 1.2 * MM, "distance from the face's edges", "2mm")
    size: float = fld(Length(3 * PT, 12 * PT), 4.5 * PT, "text size", "5pt")
    color: Any = fld(ColorSpec(), parse_color("#8c8c8c"), "text colour", "ink")
    faces: tuple = fld(ListOf(Enum("front", "back"), single=True), ("front",), "the faces that carry it",
                       ["front", "back"])
    version: str = ""  # the game's version, filled in once the game is loaded
    loc: Loc = Loc("<built-in>")

    def label(self, digest: str = "") -> str:
        """The stamp's text on a face whose digest is ``digest``."""
        version = f"v{self.version}" if self.version else ""
        if self.text == "version":
            return version
        if self.text == "digest":
            return digest[:6]
        return " ".join(p for p in (version, digest[:6]) if p)


def _parse_stamp(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """``version``, ``digest``, ``both``, ``off`` (False: no stamp, where game.yaml asks for one) or a mapping."""
    if isinstance(value, bool):  # YAML reads a bare off / no / false as false
        return Stamp(loc=loc) if value else False
    if isinstance(value, str):
        if value == "off":
            return False
        if value not in ("version", "digest", "both"):
            from genpnp.core.errors import did_you_mean

            return ctx.error(loc, f"{value!r} is not a stamp (version, digest, both or off, or a mapping)"
                                  f"{did_you_mean(value, ('version', 'digest', 'both', 'off'))}")
        return Stamp(text=value, loc=loc)
    return build(Stamp, value, loc, ctx)


STAMP = Custom(_parse_stamp, {"anyOf": [{"enum": ["version", "digest", "both", "off"]}, Obj(Stamp).json_schema()]},
               "version, digest, both or off, or a mapping (see Stamp)")


def with_version(stamp: Any, version: str) -> Any:
    """The stamp with the game's version filled in (None and False stay as they are)."""
    from dataclasses import replace

    return replace(stamp, version=version) if isinstance(stamp, Stamp) else stamp
