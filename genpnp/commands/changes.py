"""What changed between two versions of a game, piece by piece: the faces' digests, their manifest, and
the game cut down to the pieces that changed (``genpnp build --changed-since``, ``genpnp diff``).

Every face of every item is known by its digest (``genpnp.commands.facedigest``: a hash of what is drawn, so an
edit that draws nothing different changes nothing) and by its item's key: the item's name (its
name/title/id/label field, or the values that name it, as ``genpnp export`` names files), with
``~2``, ``~3`` for a second and third item of the same name. A release records them in each game's
``manifest.json`` under ``pieces`` (docs/release.md); comparing two such lists gives the items that
changed, were added or were removed. An item whose key changed with its text (a renamed card) is
paired with the item at the same place that lost its key, so it reads as changed, not as one removed
and one added.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from genpnp.core.errors import UsageError
from genpnp.core.records import dataclass

MANIFEST_FORMAT = 1  # the "pieces" list's format: bumped when what a digest covers changes


@dataclass(frozen=True)
class FaceRecord:
    """One face of one item, as a manifest lists it."""

    component: str
    number: int  # the item's place in its component, 1-based
    key: str  # the item's name (see the module's doc)
    face: str  # "front" or "back"
    digest: str
    qty: int  # pieces of the item, copies included

    def as_dict(self) -> dict[str, Any]:
        return {"component": self.component, "item": self.number, "key": self.key, "face": self.face,
                "digest": self.digest, "qty": self.qty}


def _font_salt(game: Any) -> str:
    """The game's own font files by content (every file a ``fonts:`` entry names), so that a changed font
    file changes every digest (the digests see a font by its name only)."""
    from genpnp.core.fileaccess import Refused, read
    from genpnp.core.fontfile import MAX_BYTES

    h = hashlib.blake2b(digest_size=8)
    for name, entry in sorted((game.meta.fonts or {}).items()):
        for value in vars(entry).values():
            if isinstance(value, Path):
                try:  # through the one door, as at load (where the file was checked)
                    data = read(value, game.root, MAX_BYTES)
                except Refused:
                    continue
                h.update(name.encode() + b"=" + hashlib.blake2b(data, digest_size=8).digest())
    return h.hexdigest()


def piece_faces(game: Any) -> list[FaceRecord]:
    """Every face of every item of the game's piece components, in document order."""
    from genpnp.commands.export import exportable, face_jobs
    from genpnp.commands.facedigest import face_digest

    salt = f"pieces{MANIFEST_FORMAT}|{_font_salt(game)}"
    out: list[FaceRecord] = []
    known: dict[tuple, str] = {}  # a resolved face (by its key) drawn at one size: drawn once (a deck's backs)
    forms: dict[str, str] = {}  # reused drawings (icons) by key: hashed once for the whole game

    for component in exportable(game):
        if getattr(component, "stamp", None):  # a version stamp is not what changed: leave it out
            component = replace(component, stamp=None)
        seen: Counter[str] = Counter()
        number_key: dict[int, str] = {}
        for job in face_jobs(component):
            if job.item not in number_key:
                name = job.stem.split("-", 1)[1] if "-" in job.stem else f"#{job.item}"
                seen[name] += 1
                number_key[job.item] = name if seen[name] == 1 else f"{name}~{seen[name]}"
            piece = job.piece
            drawn = getattr(piece, job.face)
            memo = (component.name, getattr(drawn, "key", None) or id(drawn), piece.shape, piece.w, piece.h,
                    piece.radius)
            if memo not in known:
                known[memo] = face_digest(component, piece, job.face, 0.0, salt, forms)
            digest = known[memo]
            out.append(FaceRecord(component.name, job.item, number_key[job.item], job.face, digest, job.qty))
    return out


def pieces_entry(faces: list[FaceRecord]) -> dict[str, Any]:
    """The ``pieces`` entry of a game's release manifest (docs/release.md)."""
    return {"format": MANIFEST_FORMAT, "faces": [r.as_dict() for r in faces]}


def read_manifest(path: Path, game_id: str) -> tuple[str, list[FaceRecord]]:
    """(version, faces) of ``game_id`` from a release folder, the release's manifest.json, or a game's."""
    candidates = [path] if path.is_file() else [path / game_id / "manifest.json", path / "manifest.json"]
    for candidate in candidates:
        if not candidate.is_file():
            continue
        try:
            data = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"{candidate}: not a genpnp manifest ({exc})") from None
        if isinstance(data, dict) and "games" in data and "pieces" not in data:  # the release's own manifest
            inner = candidate.parent / game_id / "manifest.json"
            if game_id in data.get("games", {}) and inner.is_file():
                return read_manifest(inner, game_id)
            continue
        return _faces_of(data, candidate, game_id)
    raise UsageError(f"{path}: no manifest of {game_id} there (give a release folder, a manifest.json "
                     "written by genpnp release, or the previous version's game folder)")


def _faces_of(data: Any, where: Path, game_id: str) -> tuple[str, list[FaceRecord]]:
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), dict):
        raise UsageError(f"{where}: this manifest lists no pieces (it was written by an older genpnp: "
                         "release the previous version again, or give its game folder)")
    if data.get("game") not in (None, game_id):
        raise UsageError(f"{where}: this is the manifest of {data.get('game')}, not of {game_id}")
    pieces = data["pieces"]
    if pieces.get("format") != MANIFEST_FORMAT:
        raise UsageError(f"{where}: pieces of format {pieces.get('format')!r}; this genpnp reads format "
                         f"{MANIFEST_FORMAT} (release the previous version with this genpnp)")
    try:
        faces = [FaceRecord(str(f["component"]), int(f["item"]), str(f["key"]), str(f["face"]),
                            str(f["digest"]), int(f["qty"])) for f in pieces["faces"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"{where}: a damaged pieces list ({exc!r})") from None
    return str(data.get("version", "")), faces


@dataclass(frozen=True)
class ItemChange:
    """One item that differs: its component, its key and place now (or before, when removed), and
    which faces differ."""

    component: str
    key: str
    number: int
    faces: tuple[str, ...] = ()
    before: str = ""  # its key before, when it changed with its name

    def name(self) -> str:
        """``component #number key`` (with the key it had before, when it changed)."""
        what = f"{self.component} #{self.number} {self.key}"
        return what + (f" (was {self.before})" if self.before and self.before != self.key else "")

    def describe(self) -> str:
        return self.name() + (f": {' and '.join(self.faces)}" if self.faces else "")


@dataclass
class Changes:
    changed: list[ItemChange] = field(default_factory=list)
    added: list[ItemChange] = field(default_factory=list)
    removed: list[ItemChange] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)

    def wanted(self) -> dict[str, set[int]]:
        """Component -> the numbers (now) of the items to print again."""
        out: dict[str, set[int]] = {}
        for change in (*self.changed, *self.added):
            out.setdefault(change.component, set()).add(change.number)
        return out

    def lines(self) -> list[str]:
        out: list[str] = []
        for title, entries in (("changed", self.changed), ("added", self.added), ("removed", self.removed)):
            out.extend(f"{title}: {entry.describe()}" for entry in entries)
        return out or ["no piece changed"]

    def as_dict(self) -> dict[str, Any]:
        def one(c: ItemChange) -> dict[str, Any]:
            return {"component": c.component, "item": c.number, "key": c.key, "faces": list(c.faces),
                    **({"was": c.before} if c.before and c.before != c.key else {})}

        return {"changed": [one(c) for c in self.changed], "added": [one(c) for c in self.added],
                "removed": [one(c) for c in self.removed]}


def _items(faces: list[FaceRecord]) -> dict[tuple[str, str], dict[str, FaceRecord]]:
    out: dict[tuple[str, str], dict[str, FaceRecord]] = {}
    for record in faces:
        out.setdefault((record.component, record.key), {})[record.face] = record
    return out


def compare(old: list[FaceRecord], new: list[FaceRecord]) -> Changes:
    """The items of ``new`` that differ from ``old`` (by key; unmatched items at the same place pair up)."""
    before, after = _items(old), _items(new)
    only_old = [k for k in before if k not in after]
    only_new = [k for k in after if k not in before]
    number = {k: next(iter(v.values())).number for d in (before, after) for k, v in d.items()}
    paired: dict[tuple[str, str], tuple[str, str]] = {}  # new key -> old key
    for key in only_new:
        match = next((o for o in only_old if o[0] == key[0] and number[o] == number[key] and o not in paired.values()),
                     None)
        if match is not None:
            paired[key] = match
    out = Changes()
    for key, faces in after.items():
        first = next(iter(faces.values()))
        source = key if key in before else paired.get(key)
        if source is None:
            out.added.append(ItemChange(key[0], key[1], first.number, tuple(faces)))
            continue
        was = before[source]
        differ = tuple(f for f in ("front", "back") if (f in faces) != (f in was)
                       or (f in faces and faces[f].digest != was[f].digest))
        if differ:
            out.changed.append(ItemChange(key[0], key[1], first.number, differ, source[1]))
    for key in only_old:
        if key not in paired.values():
            first = next(iter(before[key].values()))
            out.removed.append(ItemChange(key[0], key[1], first.number))
    return out


def changes_page(game: Any, since: str, changes: Changes) -> Any:
    """A text component listing the changes (the first page of a --changed-since build)."""
    from genpnp.content import markdown
    from genpnp.model.text import TextDoc

    def bullets(entries: list[ItemChange]) -> str:
        return "\n".join(f"- {entry.describe()}" for entry in entries) or "- none"

    body = (f"# Reprint: what changed since {since}\n\n"
            f"This PDF holds only the pieces of {game.meta.name} {game.meta.version} that differ from {since}, "
            "with their backs: print it, cut it out and swap these pieces for the old ones. Pieces are named by "
            "component, number and name.\n\n"
            f"## Changed\n\n{bullets(changes.changed)}\n\n## Added\n\n{bullets(changes.added)}\n\n"
            f"## Removed (take these out of the game)\n\n{bullets(changes.removed)}\n")
    blocks, problems = markdown.parse(body, "changes")
    if problems:  # the list is made from piece names: a problem here is genpnp's, not the content's
        raise AssertionError([str(p) for p in problems])
    return TextDoc(name="changes", title="What changed", text=body, blocks=tuple(blocks), source_name="changes",
                   body=body, loc=game.meta.loc)


def changed_game(game: Any, since: str, changes: Changes) -> Any:
    """The game with only its changed and added pieces (with their backs), after a page that lists the
    changes. Components that are not pieces (rules, boards drawn as pages) are left out."""
    from genpnp.commands.export import exportable, items_of
    from genpnp.model.base import PieceRuns

    wanted = changes.wanted()
    components: dict[str, Any] = {}
    for component in exportable(game):
        numbers = wanted.get(component.name)
        if not numbers:
            continue
        runs = items_of(component)
        if isinstance(component.pieces, PieceRuns):
            first = component.pieces[0]
            pieces = PieceRuns(component.name, first.w, first.h, first.shape, first.radius)
            for number, (piece, qty) in enumerate(runs, start=1):
                if number in numbers:
                    pieces.add(qty, piece.front, piece.back, piece.fields)
            components[component.name] = replace(component, pieces=pieces)
        else:  # pieces made by the kind itself (a die net, a board): all of them
            components[component.name] = component
    page = changes_page(game, since, changes)
    sections = (page.name, *(name for name in game.meta.sections if name in components))
    meta = replace(game.meta, sections=sections)
    return replace(game, id=f"{game.id}-changes", meta=meta, components={page.name: page, **components})


# ---------------------------------------------------------------- the commands' work


@dataclass(frozen=True)
class Side:
    """One side of a comparison: its faces, version and name, and the game when it can be drawn."""

    faces: list[FaceRecord]
    version: str
    name: str
    game: Any = None


def side_of(path: Path, game_id: str = "") -> Side:
    """A release folder, a manifest.json, or a game folder (loaded: its faces are drawn and digested)."""
    if (path / "game.yaml").is_file():
        from genpnp.load.project import load_game

        game = load_game(path, path.resolve().name)
        return Side(piece_faces(game), game.meta.version, f"{game.id} {game.meta.version} ({path})", game)
    if not game_id:
        raise UsageError(f"{path}: name the game (a manifest can list several)")
    version, faces = read_manifest(path, game_id)
    return Side(faces, version, f"{game_id} {version} ({path})")


def build_changed(game: Any, options: Any, out_dir: Path, since: Path,
                  progress: Any = None) -> tuple[Changes, Any]:
    """``genpnp build --changed-since``: the game validated whole, then only its changed and added pieces
    (with their backs) after a page listing every change, into ``<game>-changes-<options>.pdf``.
    Returns the changes and what was built (None when nothing changed: nothing is written)."""
    from genpnp.commands.build import Built, InvalidGame, check_page_count, render_document
    from genpnp.impose.document import impose_game
    from genpnp.rules.check import errors, validate

    found = errors(validate(game))
    if found:
        raise InvalidGame(found)
    old = side_of(since, game.id)
    changes = compare(old.faces, piece_faces(game))
    if not changes:
        return changes, None
    label = f"{game.meta.name} {old.version}" if old.version else str(since)
    cut = changed_game(game, label, changes)
    from genpnp.core import i18n

    with i18n.using(game.lang):
        doc = impose_game(cut, replace(options, components=()))
        check_page_count(len(doc.sheets), game, options)
        path = out_dir / i18n.file_name(options.file_name(cut.id), game.lang)
        return changes, Built(path, render_document(doc, path, progress))


def proof_sheet(old: Side, new: Side, changes: Changes, path: Path) -> int:
    """A PDF of each changed item's faces, before (left) and after (right), a row each; added items show
    only their after. Returns its page count."""
    from genpnp.backends.pdf import write_pdf
    from genpnp.commands.export import exportable, items_of
    from genpnp.core import fonts
    from genpnp.core.color import parse_color
    from genpnp.core.units import MM
    from genpnp.impose.sheet import Box, Placement
    from genpnp.render.faces import draw_placement

    if old.game is None or new.game is None:
        raise UsageError("--pdf: the proof sheet draws both versions: give both as game folders (a manifest "
                         "holds digests, not drawings)")

    def piece_of(game: Any, component: str, number: int) -> tuple[Any, Any] | None:
        for comp in exportable(game):
            if comp.name == component:
                runs = items_of(comp)
                if not 0 < number <= len(runs):
                    return None
                return comp, runs[number - 1][0]
        return None

    rows: list[tuple[str, tuple[Any, Any] | None, tuple[Any, Any] | None, str]] = []
    old_numbers = {(c.component, c.key): c.number for c in changes.changed}
    before_items = {(r.component, r.key): r.number for r in old.faces}
    for change in (*changes.changed, *changes.added):
        after = piece_of(new.game, change.component, change.number)
        was = before_items.get((change.component, change.before or change.key), old_numbers.get(
            (change.component, change.key)))
        before = piece_of(old.game, change.component, was) if change in changes.changed and was else None
        for face in change.faces or ("front",):
            rows.append((f"{change.name()}: {face}", before, after, face))
    W, H, margin, gap = 612.0, 792.0, 15 * MM, 6 * MM
    ink, grey = parse_color("#222222"), parse_color("#8c8c8c")
    col_w = (W - 2 * margin - gap) / 2
    pages: list[list[tuple[float, int]]] = [[]]
    y = H - margin - 14 * MM
    heights = []
    for _, before, after, _face in rows:
        size = max((p.h * min(1.0, col_w / p.w) for _, p in (x for x in (before, after) if x is not None)),
                   default=20.0)
        heights.append(min(size, H - 2 * margin - 30 * MM))
    for index, h in enumerate(heights):
        if y - h - 8 * MM < margin and pages[-1]:
            pages.append([])
            y = H - margin - 14 * MM
        pages[-1].append((y, index))
        y -= h + 8 * MM + gap

    def draw_page(surface: Any, page: int) -> None:
        surface.text(margin, H - margin - 6 * MM, f"Proof: {old.name} -> {new.name}", fonts.BOLD, 11, ink)
        surface.text(margin, H - margin - 11 * MM, "before", fonts.DEFAULT, 8, grey)
        surface.text(margin + col_w + gap, H - margin - 11 * MM, "after", fonts.DEFAULT, 8, grey)
        surface.text(W - margin, margin - 8 * MM, f"page {page + 1} of {len(pages)}", fonts.DEFAULT, 7, grey,
                     "right")
        for top, index in pages[page]:
            label, before, after, face = rows[index]
            surface.text(margin, top - 4 * MM, label, fonts.DEFAULT, 8, ink)
            for column, side in enumerate((before, after)):
                x0 = margin + column * (col_w + gap)
                if side is None:
                    surface.text(x0, top - 10 * MM, "(new)" if column == 0 else "(removed)", fonts.ITALIC, 8, grey)
                    continue
                comp, piece = side
                if getattr(piece, face, None) is None:
                    surface.text(x0, top - 10 * MM, f"(no {face})", fonts.ITALIC, 8, grey)
                    continue
                scale = min(1.0, col_w / piece.w, heights[index] / piece.h)
                target = surface if column else _Apart(surface, "before-")
                target.save()
                target.translate(x0, top - 6 * MM - piece.h * scale)
                target.scale(scale, scale)
                draw_placement(target, Placement(comp, piece, face, Box(0, 0, piece.w, piece.h), 0, 0.0))
                target.restore()

    write_pdf(path, [(W, H)] * len(pages), draw_page, f"{new.name}: proof of changes", "genpnp", "color")
    return len(pages)


class _Apart:
    """A surface that draws on another, its reused drawings (faces, icons: PDF forms, keyed by the face's
    and the art's names) kept apart under ``prefix``: the two versions of a face share those names."""

    def __init__(self, surface: Any, prefix: str) -> None:
        self._surface, self._prefix = surface, prefix

    def __getattr__(self, name: str) -> Any:
        return getattr(self._surface, name)

    def reuse(self, key: str, w: float, h: float, draw: Any) -> None:
        self._surface.reuse(self._prefix + key, w, h, lambda _inner: draw(self))

    def record_face(self, key: tuple, draw: Any) -> None:
        draw()


def changed_pages(game: Any, options: Any, changes: Changes) -> list[int]:
    """The pages (1-based) of the game's PDF built with ``options`` that hold a changed or added piece: the
    sheets to print again (imposed, not drawn)."""
    from genpnp.commands.export import exportable, items_of
    from genpnp.impose.document import impose_game

    wanted = changes.wanted()
    pieces: set[tuple[str, int]] = set()
    for component in exportable(game):
        numbers = wanted.get(component.name, set())
        start = 0
        for number, (_, qty) in enumerate(items_of(component), start=1):
            if number in numbers:
                pieces.update((component.name, start + i) for i in range(1, qty + 1))
            start += qty
    if not pieces:
        return []
    doc = impose_game(game, options)
    return [n for n, sheet in enumerate(doc.sheets, start=1)
            if any((p.component.name, p.piece.index) in pieces for p in sheet.placements)]


def release_notes(game: Any, before: Side, changes: Changes, builds: list[tuple[str, Any]]) -> tuple[str, dict]:
    """The game's notes against a previous release (``genpnp release --since``): Markdown, and the
    manifest's ``changes`` entry. ``builds``: (PDF file name, its options) of the new release."""
    sheets = {name: changed_pages(game, options, changes) for name, options in builds}
    lines = [f"# {game.meta.name} {game.meta.version}: changes since {before.version or before.name}", ""]
    for title, entries in (("Changed", changes.changed), ("Added", changes.added), ("Removed", changes.removed)):
        lines += [f"## {title}", ""] + ([f"- {e.describe()}" for e in entries] or ["- none"]) + [""]
    lines += ["## Sheets to print again", ""]
    if not changes.changed and not changes.added:
        lines.append("- none: no piece changed or was added")
    for name, pages in sheets.items():
        if pages:
            lines.append(f"- {name}: {'page' if len(pages) == 1 else 'pages'} {', '.join(map(str, pages))}")
    lines += ["", f"Or build only the changed pieces: `genpnp build {game.id} --changed-since <previous release>`.", ""]
    entry = {"since": before.version, **changes.as_dict(), "sheets": {k: v for k, v in sheets.items() if v}}
    return "\n".join(lines), entry
