"""The pending decision: what it asks, its help, the notation, the options grouped and numbered
with the presenter's words and costs, the compact listing."""

from __future__ import annotations

import textwrap

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from arle import presenter, view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.presenter.options import TEA_USE_COST, decision_actions
from arle.state import State
from arle.cli.render.words import (building_name, is_expansion, is_three, player_name,
                                   SPACE_SEASON, space_season)

__all__ = ["SPECIALIZE_HELP", "TEA_LEGEND", "THREE_PLAYER_HELP", "action_cost", "action_label",
           "decision_help", "describe_decision", "full_listing", "group_actions", "listing_lines",
           "notation_basics", "numbered_actions", "option_label", "short_label"]


# ---------------------------------------------------------------------------
# The pending decision
# ---------------------------------------------------------------------------
def _frame(s: State) -> str | None:
    """The kind of the pending frame's decision (None outside a frame)."""
    kind = s.pending().kind
    return None if kind in ("place", "end", "over") else kind


def describe_decision(s: State) -> str:
    """One line saying what the player to move is deciding."""
    d = s.pending()
    if d.player is None:
        return "The game is over."
    return f"{player_name(d.player)}: {d.text}"


_HELP: dict[str, str] = {
    "pay": "The cost can be paid in more than one way (Timber may replace Wood, Brick may "
           "replace Clay, or a cost lets you pick the materials). Each option lists exactly "
           "what leaves your supply, e.g. 'pay timber:1 wood:1'.",
    "cut": "Peat is cut from a dehydrated moor tile ('m0', 'm1', 'm2' by column) or from the "
           "Small Boardwalk ('bw'): 'cut m0 2' takes 2 Peat from the moor tile in the first "
           "column. A tile whose last Peat is cut leaves the board and frees its land. "
           "'done' stops early when the action lets you.",
    "house": "Every animal needs room: pastures (empty land), stalls, stables, and one "
             "animal per dike (two per park) of any kind. Choose which animal to give back "
             "until the rest fit.",
    "breed": "In May only animals in Stalls and Stables breed: a Stall (each half of a "
             "Double Stall counts as one) with exactly 2 animals of one kind gets a third; a "
             "Stable with 2, 3 or 5 of one kind gets one more, with 4 it gets two. Each "
             "option 'breed S C H' gives the newborn sheep, cattle and horses that some "
             "arrangement of your animals reaches; choose the one you want.",
    "sustain": "Each inventory you need 3 Food (Grain counts as Food), and in November also "
               "2 Peat for heating (Wood or Timber may stand in). Anything still missing can "
               "be covered by giving animals (food) or Wood/Timber (fuel); 'feed sheep:1 "
               "wood:1' names what you give. Each unit still missing costs 2 VP. Anytime "
               "conversions (peat boat, dark-green houses) are offered first.",
    "final": "The last half year is over. You may still make anytime conversions such as "
             "peat boat exchanges; 'finish' ends your game and the scoring follows.",
    "before_november": "In every Summer, before November, each of your light-green houses "
                       "gives its benefit once; choose the order with 'house ID'.",
    "plow_maker": "Plow Maker's Workshop: 'field grain' or 'field flax' puts a field on an "
                  "empty land space; 'done' skips it.",
    "optional_animal": "This action offers one animal for free: 'take sheep' (etc.) or "
                       "'take none'.",
    "take_animal": "Choose the kind of animal you receive: 'take cattle' etc.",
    "grocer": "The Summer Grocer also gives one of: Timber, Brick, a sheep, a cattle or a "
              "horse ('take brick').",
    "merchant": "Builder's Merchant: one of Wood/Clay and one of Timber/Brick: "
                "'take clay timber'.",
    "colonist": "Colonist: 'take horse', 'take dehydrate' (turn a moor tile to its "
                "dehydrated side, 4 Peat on it), 'take horse+dehydrate', or 'done'.",
    "convert": "Convert goods as often as your tool on this track allows: 'convert 2' "
               "converts twice; 'done' converts nothing.",
    "butcher": "'butcher S C H' slaughters that many sheep, cattle and horses (at most one "
               "per Slaughtering Table) for Food and Hides; 'done' skips.",
    "master": "Move different tool indicators one step to the right, paying each step "
              "(e.g. 'tool spades'); the number of steps is limited. 'done' stops.",
    "upgrade": "Flip one tile to its better side for free: forest -> park, stall -> depot, "
               "stable -> double stall, moor -> dehydrated moor, or a vehicle in barn slot "
               "I ('upgrade cart@2'). 'done' skips.",
    "wainwright": "Wainwright: 'vehicle KIND' builds one vehicle (Wood, some need horses) "
                  "and 'peat_boat' a peat boat, each at most once; 'done' when finished.",
    "shipwright": "Build a ship at its cost, either side: 'ship fishing_cutter_small' (the "
                  "Sailmaker: a cutter or a peat boat; the Boat Builder: a trading ship or a "
                  "peat boat, and/or a cutter); 'done' when finished.",
    "trades": "Send each trading ship to trade once: 'trade 0 india' (3 Food: Tea on each "
              "free space), 'england' (Tea: Winter Wear, large ship), 'norway' (3 Flax or "
              "3 Grain: Wood), 'finland' (Winter Wear: Timber); 'done' when finished.",
    "farmer": "Farmer: 'plow cattle' / 'plow horse' builds a plow (1 Wood and that animal); "
              "'field grain' / 'field flax' places a field, one per plow you own; 'done'.",
    "space_choice": "This space offers alternatives: 'build ID' a building, 'forest', "
                    "'stall', 'stable', 'wood', 'vehicle KIND' or 'imitate SPACE' (the "
                    "Laborer copies an occupied space), as listed; 'done' skips.",
    "animals_choice": "Potter's Inn: 'take S C H' gives you S sheep, C cattle and H horses.",
    "fields_to_forests": "Farmer's Inn: 'replace G F' turns G grain and F flax fields into "
                         "forests.",
    "free_equipment": "Take the listed equipment for free ('take handcart'); make room by "
                      "returning equipment first if needed; 'done' declines.",
    "remove_moors": "Peat Power Plant: 'remove moor' (hydrated) or 'remove dmoorK' "
                    "(dehydrated with K Peat) takes the tile away for 2 Food; 'done'.",
    "smithy": "Smithy: 'exchange peat_boat' (or handcart, wagon) trades that empty "
              "equipment for a plow, as often as you like; 'done'.",
    "dig": "Dig ditches on the edges between Land Spaces: 'dig v(r,k)' between cells r,k "
           "and r,k+1 (side by side), 'dig h(r,c)' between cells r,c and r+1,c (one above "
           "the other); rows count from the sea (0) down, columns 0 to 2 from the left, "
           "as the board is labelled. The first ditch must touch the Dike Line, every "
           "later one an earlier ditch. A Land Space with 2 ditches around it is "
           "dehydrated; a Moor tile with 2 ditches on its border turns over. 'done' stops.",
    "reconnect": "The dike move left your ditches apart from the new Dike Line: the free "
                 "ditch offered joins them again ('dig EDGE'), 'done' declines it.",
    "again": "You paid 2 East Frisian Tea to take this action twice: 'again' takes it the "
             "second time (paying its cost again; choices may differ), 'again unpaid' "
             "when its cost can no longer be paid. Anytime actions may come first.",
    "cell": "Choose the Land Space of the tile: 'cell R,C' names row R (0 at the sea) and "
            "column C (0 to 2), as the board is labelled.",
    "dikes": "Move a dike up: 'dike C1 C2' takes the dike in column C1 of the lowest gap "
             "holding dikes and puts it in the free column C2 of the gap above (columns 0 "
             "to 2 from the left). A ditch never lies under a dike.",
    "tt_building": "A building's choice: take what it offers as listed, or 'done'.",
    "sell": "You loaded a destination tile onto a vehicle. Sell each listed item at most "
            "once ('sell peat'); at least one sale is needed before 'done'.",
}


#: ``help`` in the 3-player specialization round (T53).
SPECIALIZE_HELP = ("Before half year 1 each player makes two picks, the last player "
                   "first, then the middle one, then the start player: 'specialize TOOL' "
                   "moves that tool indicator one space right for free, on a track nobody "
                   "has chosen yet, and each other player receives the step's cost (e.g. "
                   "'specialize workbenches': the others get 2 Clay); 'specialize HOUSE' "
                   "(once) builds that Small House at double cost, then 'pay ...'. No "
                   "anytime action in this round.")
#: ``help`` at a 3-player worker placement (T40, T51, T52).
THREE_PLAYER_HELP = ("With three players: up to two Special Actions a half year, by "
                     "different players, one each; 'place imitate_1' (the lowest free "
                     "Imitate space: 1 Food for the half year's first, then 2; once per "
                     "player and half year) then 'imitate SPACE' copies an occupied space "
                     "of this season, paying its own cost too; the 3-player Laborers cost "
                     "2 Food and build (Summer: a vehicle or a trading ship; Winter: a "
                     "building); Driver, Woodcutter (Winter), and a Boat Builder that "
                     "builds a trading ship only. The game lasts 7 half years.")


def decision_help(s: State) -> str:
    """A paragraph explaining the current decision in plain words."""
    if s.is_terminal():
        return "The game is over: nothing is left to decide."
    f = _frame(s)
    verbs = {a.verb for a in s.legal_actions()}
    if "specialize" in verbs:
        return describe_decision(s) + "\n" + SPECIALIZE_HELP
    if f is None:
        if "place" in verbs or "skip" in verbs:
            text = ("Place one of your workers on a free action space ('place fisherman'); "
                    "its action happens at once, sometimes with follow-up choices. Spaces of "
                    "the other season can be used once per half year by one player (the "
                    "Special Action, not in solo). 'skip' gives up this worker.")
            if is_expansion(s):
                text += (" With Tea: 'place SPACE tea' takes a tool action as if its "
                         "indicator were 1 space further right (1 Tea; East Frisian Tea "
                         "pays for Tea), 'place SPACE eftea' 2 spaces (1 East Frisian Tea; "
                         "the Ovens only 1), 'place SPACE twice' takes the action twice (2 "
                         "East Frisian Tea, its costs paid each time). One Tea use per "
                         "action, never beyond the end of a track.")
            if is_three(s):
                text += " " + THREE_PLAYER_HELP
            return text
        return ("All workers are placed. You may still take anytime actions (load vehicles, "
                "travel, peat boat, dark-green houses); 'end' closes your work phase and the "
                "inventory follows.")
    return describe_decision(s) + "\n" + _HELP.get(f, "Choose one of the listed actions.")


def notation_basics(expansion: bool = False, three: bool = False) -> str:
    """The notation in a few lines (``help``); ``expansion``: with Tea & Trade's verbs;
    ``three``: with the 3-player verbs and the ``farms`` view."""
    tt = ("\nTea & Trade: 'place SPACE tea|eftea|twice' (Tea uses), 'dig v(r,k)' / 'dig "
          "h(r,c)' (a ditch right of / below cell r,c), 'cell R,C' (the Land Space of a "
          "tile: row R from the sea, column C), 'dike C1 C2' (a dike from column C1 up to "
          "column C2), 'load hI J ITEM' (ship hI of your harbor), 'return SHIP@hI', "
          "'trade I DEST'." if expansion else "")
    trio = ("\nThree players: 'specialize TOOL|HOUSE' (the round before half year 1), "
            "'place imitate_1' then 'imitate SPACE' (Imitate); view 'farms' shows the "
            "three farms side by side." if three else "")
    return _NOTATION + tt + trio


_NOTATION = ("Notation: every action is a verb and its words, as listed (see "
            "docs/NOTATION.md). Type the number in front of an action or its text, e.g. "
            "'place fisherman', 'pay wood:1 timber:1', 'load 0 1 wood' (barn item 0, cell "
            "1). Anytime actions: 'load I J ITEM' (load a vehicle or travel to a "
            "destination), 'use BUILDING' (dark-green house), 'boat GOOD' (peat boat), "
            "'release ANIMAL', 'return KIND@I' (give equipment back).\n"
            "Commands: undo, hint [BOT], save FILE, help, help NAME (what a building, "
            "space, destination or tile does: 'help potters inn'), quit (quit! leaves "
            "without asking).\n"
            "Views: board, farm [N], buildings, scores, list (every numbered action), full "
            "(switch between the compact and the full screen).\n"
            "Names: 'place Dike Builder', 'place dike' (the start of a name) and 'build "
            "Potter's Inn' work as well as the ids, in any case.")


# ---------------------------------------------------------------------------
# Legal actions, grouped and numbered
# ---------------------------------------------------------------------------
def group_actions(s: State) -> list[tuple[str, list[Action]]]:
    """The legal actions in display order, grouped: placements or the current decision
    first, then the anytime actions.  Numbering runs across the groups in this order."""
    main, anytime = decision_actions(s)
    f = _frame(s)
    if f is None:
        title = ("Worker placement" if any(a.verb in ("place", "skip") for a in main)
                 else "End of the work phase")
    else:
        title = "Current decision"
    groups = []
    if main:
        groups.append((title, main))
    if anytime:
        groups.append(("Anytime actions", anytime))
    return groups


def action_cost(a: Action, s: State | None = None) -> str | None:
    """What taking ``a`` costs, in words (``None`` if nothing or if the cost is the
    action's own text, as for ``pay``): the presenter's :func:`arle.presenter.option_cost`."""
    return presenter.option_cost(a, s) or None


def option_label(o: presenter.Option) -> str:
    """An option as the terminal lists it: its notation, the presenter's detail in
    brackets, its cost after a ``·``."""
    text = o.action + (f" ({o.detail})" if o.detail else "")
    return f"{text} · {o.cost}" if o.cost else text


def action_label(a: Action, s: State | None = None) -> str:
    """The action's text with a readable hint where the ids are terse, and what it
    costs after a ``·`` (:func:`option_label` of the presenter's option).  With the
    position ``s`` a Tea & Trade edge, cell or dike is described from it (``dig h(3,1)
    (below 3,1 stall, above 4,1 boardwalk 4pt)``)."""
    return option_label(presenter.option(s, a))


def numbered_actions(s: State) -> tuple[RenderableType, list[Action]]:
    """The numbered action list and the actions in number order (number i -> [i - 1])."""
    order: list[Action] = []
    parts: list[RenderableType] = []
    for title, acts in group_actions(s):
        parts.append(Text(title + ":", style="bold underline"))
        items = []
        for a in acts:
            order.append(a)
            items.append(Text(f"{len(order):>3}. ", style="cyan") + Text(action_label(a, s)))
        parts.append(Columns(items, padding=(0, 2)))
    return Group(*parts), order


def _grid_rows(labels: list[str], width: int) -> list[list[str]]:
    """Labels laid out row by row in as many columns as fit ``width`` (each column as
    wide as its longest label, as ``ls`` does)."""
    if not labels:
        return []
    for per_row in range(min(len(labels), 8), 0, -1):
        widths = [max(len(x) for x in labels[j::per_row]) + 2 for j in range(per_row)]
        if sum(widths) - 2 <= width or per_row == 1:
            return [[x.ljust(widths[j]) for j, x in enumerate(labels[i:i + per_row])]
                    for i in range(0, len(labels), per_row)]
    raise AssertionError("unreachable")


def listing_lines(items: list[tuple[int, Action]], width: int, budget: int,
                   s: State | None = None) -> list[Text]:
    """The numbered options in at most ``budget`` lines.  When they are worker
    placements the verb is said once (``place on: 1. fisherman ...``), and a line says
    what the Tea uses among them do (Tea & Trade)."""
    out: list[Text] = []
    places = [a for _, a in items if a.verb == "place"]
    short = len(places) > 1 and all(a.verb in ("place", "skip") for _, a in items)
    if short:
        out.append(Text("  place on (type the number, or place NAME):", style="dim"))
        budget -= 1
        if any(len(a.args) == 2 for a in places):
            legend = textwrap.wrap(TEA_LEGEND, width, subsequent_indent="  ")
            out += [Text(x, style="dim") for x in legend]
            budget -= len(legend)
        def sea(sp: str) -> int | None:
            return SPACE_SEASON.get(sp) if s is None else space_season(s, sp)

        season = {sea(str(a.args[0])) for a in places if a.args}
        if len(season) > 1 and len(items) > 2 * budget:
            # The Special Action's spaces of the other season, summed up in one line.
            own = sea(str(places[0].args[0])) if s is None else s.season
            other = [n for n, a in items if a.verb == "place" and a.args
                     and sea(str(a.args[0])) != own]
            items = [(n, a) for n, a in items if n not in other]
            budget -= 1
            tail = Text(f"  Special Action {other[0]}-{other[-1]}: the other season's "
                        "free spaces; type list", style="dim")
            return out + _listing_lines_plain(items, width, budget, short, s) + [tail]
    return out + _listing_lines_plain(items, width, budget, short, s)


def short_label(a: Action, s: State | None = None) -> str:
    """:func:`action_label` for the compact screen: a building by its printed name alone
    (``build Colonist's House (1 VP) · ...``, which is accepted as input too); a Tea &
    Trade Tea use of a placement by its text alone (``place fisherman tea``: the
    compact screen explains the three uses in one line, :data:`TEA_LEGEND`)."""
    o = presenter.option(s, a)
    if a.verb in ("build", "use") and o.detail:
        b = a.args[0]
        text = f"{a.verb} {building_name(b)} ({presenter.building_vp(b)} VP)"
        return f"{text} · {o.cost}" if o.cost else text
    if a.verb == "place" and len(a.args) == 2 and str(a.args[1]) in TEA_USE_COST:
        return str(a)
    if a.verb == "specialize" and a.args:     # 3 players: the specialization round
        choice = str(a.args[0])
        if choice in TT.TT_TOOL_INDEX:
            words = o.detail.replace("free; each other player gets", "; others get")
            return f"{a} ({words.replace(' ;', ';')})"
        if o.detail != choice:             # a house at double cost
            return f"{a} ({building_name(choice)}, double cost)"
    if a.verb == "dig" and a.args:        # the compact map shows what lies there
        edge = str(a.args[0])
        nums = [int(x) for x in edge[1:].strip("()").split(",") if x.strip().isdigit()]
        if len(nums) == 2:
            r, k = nums
            other = f"{r},{k + 1}" if edge.startswith("v") else f"{r + 1},{k}"
            return f"{a} between {r},{k} and {other}"
    return action_label(a, s)


#: The compact screen's line on the Tea uses of a placement (Tea & Trade, T34-T37).
TEA_LEGEND = ("  tea: tool +1 for 1 Tea · eftea: tool +2 (Ovens +1) for 1 East Frisian "
              "Tea · twice: the action twice for 2 East Frisian Tea")


def _listing_lines_plain(items: list[tuple[int, Action]], width: int, budget: int,
                         short: bool, s: State | None = None) -> list[Text]:
    labels = []
    for n, a in items:
        text = short_label(a, s)
        if short and a.verb == "place":
            text = text[len("place "):]
        labels.append(f"{n:>3}. {text}")
    lines: list[str] = []
    ends: list[int] = []                 # the number of labels shown after each line
    count = 0
    for row in _grid_rows(labels, width):
        count += len(row)
        text = "".join(row).rstrip()
        wrapped = textwrap.wrap(text, width, subsequent_indent=" " * 7) or [text]
        lines += wrapped
        ends += [count] * len(wrapped)
    if len(lines) <= budget:
        return [Text(x) for x in lines]
    keep = max(1, budget - 1)
    while keep > 1 and ends[keep - 1] == (ends[keep] if keep < len(ends) else -1):
        keep -= 1                        # do not cut a wrapped label in two
    shown = ends[keep - 1]
    out = [Text(x) for x in lines[:keep]]
    out.append(Text(f"  ... and {len(items) - shown} more: type list to see them all",
                    style="dim"))
    return out


def full_listing(s: State) -> tuple[RenderableType, list[Action]]:
    """The decision line and every numbered action (the ``list`` command)."""
    listing, order = numbered_actions(s)
    return Group(Text(describe_decision(s), style="bold"), listing), order
