"""The web service and the faces ask a game's kind (:class:`arle.web.kinds.Kind`), never
its name (issue 30): no module of ``arle.web`` compares anything with a game's name,
except the second game's own face, which serves its games only.  What differs between
the games is a hook of the kind: whether its games offer hints, where its pages are."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from webutil import create, token

from arle.web.kinds import ARLE

WEB = Path(__file__).resolve().parents[2] / "src" / "arle" / "web"
#: The second game's own face (its routes and pages): it may name its game.
OWN_FACES = {"green.py", "greenpage.py"}
GAME_NAMES = {"arle", "green"}
#: Names that hold a game's name (``GREEN = "green"``) or its kind (``ARLE``).
NAME_HOLDERS = {"GREEN", "ARLE"}


def _names_a_game(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in GAME_NAMES
    if isinstance(node, ast.Name):
        return node.id in NAME_HOLDERS
    if isinstance(node, ast.Attribute):            # ARLE.name, green.GREEN
        return node.attr in NAME_HOLDERS or _names_a_game(node.value)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(e) for e in node.elts)
    return False


def branches_on_a_name(source: str) -> list[int]:
    """The lines of ``source`` that compare something with a game's name or kind."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
                _names_a_game(x) for x in (node.left, *node.comparators)):
            out.append(node.lineno)
        elif isinstance(node, ast.match_case) and _names_a_game_pattern(node.pattern):
            out.append(node.pattern.lineno)
    return out


def _names_a_game_pattern(p: ast.pattern) -> bool:
    if isinstance(p, ast.MatchValue):
        return _names_a_game(p.value)
    if isinstance(p, ast.MatchOr):
        return any(_names_a_game_pattern(x) for x in p.patterns)
    return False


def test_no_web_module_branches_on_a_games_name() -> None:
    found = []
    for path in sorted(WEB.glob("*.py")):
        if path.name in OWN_FACES:
            continue
        lines = path.read_text().splitlines()
        found += [f"{path.name}:{n}: {lines[n - 1].strip()}"
                  for n in branches_on_a_name(path.read_text())]
    assert not found, "ask the game's web kind (arle.web.kinds.Kind) instead:\n" + \
        "\n".join(found)


def test_the_scan_sees_a_branch_on_a_name() -> None:
    src = ('if game.rec.game == "green":\n    pass\n'
           'x = kind != ARLE.name\n'
           'y = rec.game in ("arle", "x")\n'
           'z = kind is ARLE\n'
           'match g:\n    case "green":\n        pass\n'
           'ok = rec.game == kind.name and known_bots("arle")\n')
    assert branches_on_a_name(src) == [1, 3, 4, 5, 7]


def _green(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "green", "players": 2,
                                        "seats": ["human", "human"], "seed": 3})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_hints_follow_the_kinds_hook_not_its_name(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    assert ARLE.hints and not service.kinds["green"].hints
    solo = create(client, players=1, seed=4)
    service.kinds["arle"] = dataclasses.replace(ARLE, hints=False)
    r = client.post(f"/api/games/{solo['id']}/hint", json={"bot": "random"},
                    headers={"X-Arle-Token": token(solo, 0)})
    assert r.status_code == 409, r.text
    assert r.json()["error"] == "hints are not offered in games of 'arle'"
    service.kinds["arle"] = ARLE
    r = client.post(f"/api/games/{solo['id']}/hint", json={"bot": "random"},
                    headers={"X-Arle-Token": token(solo, 0)})
    assert r.status_code == 200, r.text


def test_a_game_of_another_kind_is_sent_to_that_kinds_pages(client: TestClient) -> None:
    gid = _green(client)["id"]
    r = client.get(f"/api/games/{gid}/state")
    assert r.status_code == 404 and f"/green/games/{gid}" in r.json()["error"]
    service = client.app.state.service  # type: ignore[attr-defined]
    service.kinds["green"] = dataclasses.replace(service.kinds["green"], pages="/g2")
    r = client.get(f"/api/games/{gid}/state")
    assert r.status_code == 404 and f"(a game of another game: /g2/games/{gid})" \
        in r.json()["error"]
