"""A Tabletop Simulator saved object of a game's decks: ``tts-object.json``.

Tabletop Simulator keeps saved objects as JSON save files ("Saved Objects" folder of its save
folder; the format is described at https://kb.tabletopsimulator.com/custom-content/save-file-format/):
a save state whose ``ObjectStates`` are the objects. Each deck of the export is one ``DeckCustom``
object whose ``CustomDeck`` maps a deck key to a sheet (``FaceURL``, ``BackURL``, ``NumWidth``,
``NumHeight``, ``BackIsHidden``, ``UniqueBack``, ``Type``), ``DeckIDs`` lists its cards' ids
(deck key x 100 + position on the sheet, the ids of ``tts.json``) and ``ContainedObjects`` holds one
``Card`` per piece; a component of one piece is a single ``Card``. Images are addressed by
``image_url`` followed by their path in the export folder. GUIDs are derived from the game, so the
same export gives the same bytes.
"""

from __future__ import annotations

import hashlib
from typing import Any

from genpnp.core.units import INCH

CARD_TYPE = {"rounded": 0, "rect": 1, "hex": 3, "circle": 4}  # TTS's card shapes
POKER_WIDTH = 2.5 * INCH  # a card object of scale 1 is a poker card
SPACING = 3.0  # table units between decks laid out side by side


def guid(*parts: object) -> str:
    """Six hex digits, as TTS writes them, the same for the same game and piece."""
    return hashlib.sha1("/".join(str(p) for p in parts).encode()).hexdigest()[:6]


def _transform(x: float, scale: float, face_down: bool = True) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _base(name: str, nickname: str, transform: dict[str, float], gid: str) -> dict[str, Any]:
    return {"GUID": gid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": "",
            "GMNotes": "", "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713}, "Locked": False, "Grid": True,
            "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _titles(component: Any) -> dict[int, str]:
    """Each item's name for its cards' tooltips: its name or title field, else the component and item number."""
    from genpnp.commands.export import items_of

    out = {}
    for n, (piece, _) in enumerate(items_of(component), start=1):
        fields = getattr(piece, "fields", {}) or {}
        out[n] = next((str(fields[k]) for k in ("name", "title", "label", "id") if str(fields.get(k, "")).strip()),
                      f"{component.label} {n}")
    return out


def deck_object(game: Any, component: Any, deck: dict[str, Any], image_url: str, x: float) -> dict[str, Any]:
    """One component's deck (or its single card) as a TTS object."""
    piece = component.pieces[0]
    scale = round(piece.w / POKER_WIDTH, 4)
    kind = CARD_TYPE.get(piece.shape, 0)
    custom = {str(s["key"]): {"FaceURL": image_url + s["file"], "BackURL": image_url + s["back"],
                              "NumWidth": s["grid"][0], "NumHeight": s["grid"][1], "BackIsHidden": True,
                              "UniqueBack": bool(deck["unique_backs"]), "Type": kind} for s in deck["sheets"]}
    cards = []
    titles = _titles(component)
    for slot in deck["slots"]:
        key = str(slot["tts_id"] // 100)
        card = _base("Card", titles[slot["item"]], _transform(x, scale),
                     guid(game.id, component.name, slot["index"], slot["copy"]))
        card.update({"CardID": slot["tts_id"], "CustomDeck": {key: custom[key]}})
        cards.append(card)
    if len(cards) == 1:
        return cards[0]
    obj = _base("DeckCustom", component.label, _transform(x, scale), guid(game.id, component.name))
    obj.update({"DeckIDs": [slot["tts_id"] for slot in deck["slots"]], "CustomDeck": custom,
                "ContainedObjects": cards})
    return obj


def saved_object(game: Any, report: dict[str, Any], decks: list[Any], image_url: str) -> dict[str, Any]:
    """The save state holding every deck of the export, side by side."""
    by_name = {c.name: c for c in decks}
    objects = [deck_object(game, by_name[d["component"]], d, image_url, i * SPACING)
               for i, d in enumerate(report["decks"])]
    return {"SaveName": f"{game.meta.name} (genpnp)", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "", "Sky": "", "Note": "",
            "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "VersionNumber": "",
            "ObjectStates": objects}
