"""The import graph of the package (issue 30): no cycle between the modules of any one
package, and no import between the two games.

The graph is grimp's (the library under import-linter) over the sources: every import
statement counts, those inside functions and under ``if TYPE_CHECKING:`` included.  Two
modules of one package are in a cycle when each reaches the other through imports
between that package's modules (a subpackage counts as one module, with everything in
it).  The contracts of pyproject.toml (tests/test_layers.py) check the layers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import grimp
import pytest

#: The modules of Fields of Arle's rules (below the faces, beside arle.green).
FIELDS_OF_ARLE = (
    "arle.game", "arle.position", "arle.record", "arle.scorepad", "arle.actionspace",
    "arle.notation", "arle.stateformat", "arle.view", "arle.decision", "arle.engine",
    "arle.state", "arle.frames", "arle.scoring", "arle.animals", "arle.data",
    "arle.encoding",
)

#: Imports of the second game into the faces (none left: its bots and arena are the
#: framework's).
PENDING_IMPORTS_OF_THE_FACES: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("arle", cache_dir=None)


def _within(module: str, packages: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def sibling_cycles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """Every set of two or more modules of one package that reach one another through
    imports between that package's modules (the strongly connected components)."""
    modules = graph.modules
    out: list[frozenset[str]] = []
    for package in sorted(m for m in modules if any(x.startswith(m + ".") for x in modules)):
        def child(m: str, package: str = package) -> str | None:
            if not m.startswith(package + "."):
                return None
            return package + "." + m[len(package) + 1:].split(".")[0]
        edges: dict[str, set[str]] = defaultdict(set)
        for imp in graph.find_matching_direct_imports(
                import_expression=f"{package}.** -> {package}.**"):
            a, b = child(imp["importer"]), child(imp["imported"])
            if a is not None and b is not None and a != b:
                edges[a].add(b)
        out += _components(edges)
    return out


def _components(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """Tarjan's strongly connected components of more than one node, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.add(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(frozenset(comp))
    return found


def test_no_cycle_between_the_modules_of_a_package(graph: grimp.ImportGraph) -> None:
    found = [sorted(c) for c in sibling_cycles(graph)]
    assert found == [], f"import cycles between sibling modules: {found}"


def test_the_cycle_finder_sees_cycles() -> None:
    edges = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"},
             "p.e": {"p.f"}, "p.f": {"p.e"}}
    assert sorted(map(sorted, _components(edges))) == [["p.a", "p.b", "p.c"], ["p.e", "p.f"]]
    assert _components({"p.a": {"p.b"}, "p.b": set()}) == []


def test_the_two_games_import_nothing_of_each_other(graph: grimp.ImportGraph) -> None:
    green = sorted(m for m in graph.modules if _within(m, ["arle.green"]))
    arle = sorted(m for m in graph.modules if _within(m, FIELDS_OF_ARLE))
    assert "arle.green.state" in green and "arle.engine.core" in arle
    # directly, both ways
    for imp in graph.find_matching_direct_imports(import_expression="arle.** -> arle.**"):
        a, b = imp["importer"], imp["imported"]
        assert not (_within(a, ["arle.green"]) and _within(b, FIELDS_OF_ARLE)), (a, b)
        assert not (_within(a, FIELDS_OF_ARLE) and _within(b, ["arle.green"])), (a, b)
    # and through any other module (the pending imports into the faces left out)
    reduced = grimp.build_graph("arle", cache_dir=None)       # (this one is changed)
    for importer, imported in PENDING_IMPORTS_OF_THE_FACES:
        if reduced.direct_import_exists(importer=importer, imported=imported):
            reduced.remove_import(importer=importer, imported=imported)
    reached = set().union(*(reduced.find_upstream_modules(m) for m in green))
    assert sorted(m for m in reached if _within(m, FIELDS_OF_ARLE)) == []
    reached = set().union(*(reduced.find_upstream_modules(m) for m in arle))
    assert sorted(m for m in reached if _within(m, ["arle.green"])) == []


def test_the_framework_imports_no_game_and_no_face(graph: grimp.ImportGraph) -> None:
    framework = [m for m in graph.modules if _within(m, ["arle.framework"])]
    assert "arle.framework.game" in framework
    reached = set().union(*(graph.find_upstream_modules(m) for m in framework))
    assert sorted(m for m in reached if not _within(m, ["arle.framework"])
                  and m != "arle") == []
