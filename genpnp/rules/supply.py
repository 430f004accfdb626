"""Named rules on card decks and token supplies.

* ``deck-complete``: a deck holds each combination of two fields (suit x rank) exactly once.
* ``stacked-tokens``: tokens laid on board rows as each row's value is raised (``raises`` times
  from the row's ``base`` field, each raise laying the next value on the previous token). Proven
  both ways: in the worst case every value needed at once has its own token (a matching of values
  to tokens, the witness), and no token shows only values that can never be needed.
* ``mentions``: words that entries' texts put before a noun (``green cube``) name a value the game
  has (a cube colour).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from genpnp.content.schema import ListOf, Str, fld
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.model import rulerefs as refs
from genpnp.model.rulespec import PATH, QTY, Outcome, Rule, rule_kind


@dataclass(frozen=True, kw_only=True)
class DeckParams:
    of: str = fld(PATH, doc="the deck", example="deck")
    by: tuple = fld(ListOf(Str(), min_len=2, max_len=2), doc="the two fields that tell the cards apart",
                    example=["suit_name", "rank_value"])


def _duplicate_loc(first: Any, again: Any) -> Loc:
    """Where a repeated card comes from: the entry (suit or rank) that differs, else the item."""
    for a, b in zip(getattr(first, "parts", ()), getattr(again, "parts", ())):
        if a != b:
            return b
    return again.loc


@rule_kind(
    "deck-complete",
    DeckParams,
    "a deck holds every combination of two fields (suits x ranks) once",
    {"id": "full-deck", "deck-complete": {"of": "deck", "by": ["suit_name", "rank_value"]}},
)
def run_deck(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    deck = refs.resolve(game, p.of)
    a, b = p.by
    out = Outcome(paths=[p.of], checked=f"{p.of}: one card per {a} x {b}")
    seen: dict[tuple[str, str], Any] = {}
    count = 0
    for item in deck.items:
        key = (str(item.fields.get(a, "")), str(item.fields.get(b, "")))
        count += item.qty
        if key in seen or item.qty > 1:
            loc = _duplicate_loc(seen[key], item) if key in seen else item.loc
            out.violations.append(
                rule.violation(loc, f"the {key[1]} of {key[0]} is in the deck more than once", sub="deck-unique")
            )
        seen.setdefault(key, item)
    firsts = list(dict.fromkeys(k[0] for k in seen))
    seconds = list(dict.fromkeys(k[1] for k in seen))
    holes = [f"{r} of {s}" for s in firsts for r in seconds if (s, r) not in seen]
    if holes:
        more = f" and {len(holes) - 5} more" if len(holes) > 5 else ""
        out.violations.append(
            rule.violation(deck.loc, f"no card for the {', '.join(holes[:5])}{more}", sub="deck-count")
        )
    if count != len(firsts) * len(seconds):
        out.violations.append(
            rule.violation(
                deck.loc,
                f"the deck has {count} cards; {len(firsts)} {a} x {len(seconds)} {b} make {len(firsts) * len(seconds)}",
                sub="deck-count",
            )
        )
    out.witness.append(f"{len(firsts)} x {len(seconds)} = {len(firsts) * len(seconds)}; the deck has {count} cards")
    return out


@dataclass(frozen=True, kw_only=True)
class StackParams:
    tokens: str = fld(PATH, doc="the value tokens", example="value-tokens")
    faces: tuple = fld(ListOf(Str(), min_len=1), ("value", "other"), "the fields of the values a token shows")
    rows: str = fld(PATH, doc="the rows the tokens are laid on", example="board.rows")
    base: str = fld(Str(), "base", "the field of a row's starting value")
    raises: Any = fld(
        QTY, doc="the most raises of one row (e.g. board.columns: once per player)", example="board.columns"
    )


def assign(slots: list[int], faces: list[tuple[int, ...]]) -> list[int | None]:
    """A token for each slot (value), no token used twice: bipartite matching by augmenting paths."""
    owner: dict[int, int] = {}

    def augment(slot: int, seen: set[int]) -> bool:
        for t, shows in enumerate(faces):
            if slots[slot] in shows and t not in seen:
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = slot
                    return True
        return False

    for s in range(len(slots)):
        augment(s, set())
    by_slot: list[int | None] = [None] * len(slots)
    for t, s in owner.items():
        by_slot[s] = t
    return by_slot


def _int(value: Any) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


@rule_kind(
    "stacked-tokens",
    StackParams,
    "value tokens cover the worst case of raises, and every token can be used",
    {
        "id": "value-tokens",
        "stacked-tokens": {"tokens": "value-tokens", "rows": "board.rows", "raises": "board.columns"},
    },
)
def run_stacked(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    rows = refs.records(refs.resolve(game, p.rows))
    tokens = refs.records(refs.resolve(game, p.tokens))
    raises = int(refs.quantity(game, p.raises))
    out = Outcome(paths=[p.tokens, p.rows], checked=f"{p.tokens} against {len(rows)} rows raised {raises} times")
    need: Counter[int] = Counter()
    possible: set[int] = set()
    for row in rows:
        base = _int(row.fields.get(p.base, 1)) or 1
        need.update(range(base + 1, base + raises + 1))
        possible.update(range(base + 1, base + raises + 1))
    faces: list[tuple[int, ...]] = []
    locs: list[Loc] = []
    for tok in tokens:
        shows = tuple(v for v in (_int(tok.fields.get(k, "")) for k in p.faces) if v is not None)
        faces += [shows] * tok.qty
        locs += [tok.loc] * tok.qty
    slots = sorted(need.elements())
    matched = assign(slots, faces)
    short = Counter(v for v, t in zip(slots, matched) if t is None)
    for value, n in sorted(short.items()):
        showing = sum(1 for f in faces if value in f)
        out.violations.append(
            rule.violation(
                refs.path_loc(game, p.tokens),
                f"the worst case stacks {need[value]} tokens of {value} at once; "
                f"{showing} tokens show {value}, {n} more needed beside the others",
                sub="value-token-supply",
            )
        )
    reach = f"values {min(possible)} to {max(possible)}" if possible else "no values"
    for shows, loc in zip(faces, locs):
        useless = [v for v in shows if v not in possible]
        if useless and len(useless) == len(shows):
            out.violations.append(
                rule.violation(
                    loc,
                    f"a token shows only {', '.join(map(str, useless))}, which no "
                    f"row can reach ({reach}): it can never be used",
                    sub="value-token-unused",
                )
            )
        elif useless:
            out.violations.append(
                rule.violation(
                    loc,
                    f"a token's side shows {', '.join(map(str, useless))}, which no "
                    f"row can reach ({reach}): that side is never used",
                    "warning",
                    sub="value-token-unused",
                )
            )
    out.witness.append(
        f"worst case: {dict(sorted(need.items()))} at once; "
        + ", ".join(f"{v}->token {t + 1}" for v, t in zip(slots, matched) if t is not None)
    )
    return out


@dataclass(frozen=True, kw_only=True)
class MentionParams:
    of: str = fld(PATH, doc="the entries whose text is read", example="contract-tiles")
    fields: tuple = fld(ListOf(Str(), min_len=1, single=True), doc="the text fields read", example=["detail"])
    noun: str = fld(Str(), doc="the noun after the named value", example="cube")
    values: str = fld(PATH, doc="the entries that list the values the game has", example="cubes")
    field: str = fld(Str(), doc="their field holding a value", example="colour")


@rule_kind(
    "mentions",
    MentionParams,
    "a text naming a value before a noun (a green cube) names one the game has",
    {
        "id": "cube-colours",
        "mentions": {
            "of": "contract-tiles",
            "fields": ["detail"],
            "noun": "cube",
            "values": "cubes",
            "field": "colour",
        },
    },
)
def run_mentions(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    known = {str(r.fields.get(p.field, "")).lower() for r in refs.records(refs.resolve(game, p.values))}
    pattern = re.compile(rf"\b(\w+)\s+{re.escape(p.noun)}s?\b", re.IGNORECASE)
    out = Outcome(paths=[p.of, p.values], checked=f'words before "{p.noun}" in {p.of} are one of {sorted(known)}')
    seen = 0
    for rec in refs.records(refs.resolve(game, p.of)):
        for name in p.fields:
            for m in pattern.finditer(str(rec.fields.get(name, ""))):
                seen += 1
                word = m.group(1).lower()
                if word not in known and word in _COLOURISH:
                    out.violations.append(
                        rule.violation(
                            refs.key_loc(rec.loc, name),
                            f'"{m.group(0)}": the game has no {word} {p.noun} (it has {", ".join(sorted(known))})',
                        )
                    )
    out.witness.append(f"{seen} mention(s) read")
    return out


# words that name a value (colours) rather than qualify the noun (a "new cube", "your cube")
_COLOURISH = {
    "red",
    "blue",
    "green",
    "yellow",
    "black",
    "white",
    "orange",
    "purple",
    "pink",
    "brown",
    "grey",
    "gray",
    "violet",
    "cyan",
    "magenta",
    "gold",
    "silver",
    "teal",
}
