"""The layers of the package, and faces (cli, web, bots, env, presenter) on the public API only.

The import-linter contracts of pyproject.toml put the framework below the two games
(Fields of Arle and ``arle.green``, independent of each other) below the faces, indirect
imports included, and forbid the faces to import ``arle.engine``; the scan below forbids them to read the engine's decision stack or legal-action cache
(``.stack``, ``._legal``, ``_own_legal``): the pending decision is ``state.pending()``
and the belongings are in :mod:`arle.view`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "arle"
FACES = ("cli", "web", "bots", "env", "presenter")
LINT = Path(sys.executable).parent / "lint-imports"

#: Places a face may still read the stack, as (file, line text): none.
KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()

_FORBIDDEN_ATTRS = {"stack", "_legal", "_own_legal"}


def _reads(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in _FORBIDDEN_ATTRS:
            if isinstance(node.value, ast.Name) and node.value.id in ("np", "numpy"):
                continue     # numpy.stack
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.Name) and node.id == "_own_legal":
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.alias) and node.name.split(".")[-1] == "_own_legal":
            out.append((getattr(node, "lineno", 0), node.name))
    return out


def test_no_face_reads_the_stack_or_the_legal_cache() -> None:
    found = set()
    for face in FACES:
        for path in sorted((SRC / face).rglob("*.py")):
            lines = path.read_text().splitlines()
            for lineno, _what in _reads(path):
                found.add((path.relative_to(SRC).as_posix(), lines[lineno - 1].strip()))
    unexpected = found - KNOWN_EXCEPTIONS
    assert not unexpected, f"faces read engine internals: {sorted(unexpected)}"
    # an exception that is gone should leave the list too
    assert found == KNOWN_EXCEPTIONS, f"no longer read: {sorted(KNOWN_EXCEPTIONS - found)}"


def test_scan_sees_a_stack_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f(s):\n    x = np.stack([])\n    return s.stack[-1], s._legal\n"
                   "from arle.engine.core import _own_legal\n")
    assert sorted(w for _n, w in _reads(bad)) == ["_legal", "_own_legal", "stack"]


def test_import_contract_is_kept() -> None:
    out = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "4 kept, 0 broken" in out.stdout
    for name in ("Layers: the faces above the two games above the framework",
                 "The second game imports no module of Fields of Arle",
                 "Fields of Arle imports nothing of the second game",
                 "Faces do not import the rules engine"):
        assert f"{name} KEPT" in out.stdout


def test_import_linter_reports_a_broken_contract(tmp_path: Path) -> None:
    config = tmp_path / "broken.toml"
    config.write_text('[tool.importlinter]\nroot_package = "arle"\n\n'
                      '[[tool.importlinter.contracts]]\nname = "cli without the scoring pad"\n'
                      'type = "forbidden"\nsource_modules = ["arle.cli"]\n'
                      'forbidden_modules = ["arle.scoring"]\nallow_indirect_imports = true\n')
    out = subprocess.run([str(LINT), "--no-cache", "--config", str(config)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode != 0 and "BROKEN" in out.stdout


def _drawing() -> list[str]:
    """The three sections (faces, the games, the framework) of ARCHITECTURE.md's
    Layers drawing."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    layers = text[text.index("## Layers"):]
    block = layers[layers.index("```\n") + 4:]
    block = block[:block.index("```")]
    return block.split("-" * 87 + "\n")


def _contract_layers() -> list[list[str]]:
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    return [[m.strip() for m in layer.replace("\\\n", " ").replace("|", ":").split(":")]
            for layer in contract["layers"]]


def _drawn_as(name: str) -> str:
    if name == "green":
        return "arle.green"
    return f"{name}/" if (SRC / name).is_dir() else f"{name}.py"


def test_the_architecture_drawing_shows_the_layers_of_the_contract() -> None:
    faces, games, framework = _drawing()
    layers = _contract_layers()
    assert len(layers) == 5
    for section, modules in ((faces, [m for layer in layers[:3] for m in layer]),
                             (games, layers[3]), (framework, layers[4])):
        missing = [m for m in modules if _drawn_as(m) not in section]
        assert missing == [], f"not drawn in its layer: {missing}"
    # every module of the framework, with what it does
    drawn = [p.name for p in sorted((SRC / "framework").glob("*.py"))
             if p.name != "__init__.py" and p.name not in framework]
    assert drawn == [], f"framework modules the drawing leaves out: {drawn}"
    encodings = [p.name for p in sorted((SRC / "encoding").glob("*.py"))
                 if p.name != "__init__.py" and p.name not in games]
    assert encodings == []
