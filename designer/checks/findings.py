"""Findings: what validation says about a scenario, as data.

Every finding has a stable ``code`` listed in :data:`CODES` (with its severity, what it means and
how to fix it; ``docs/findings.md`` is generated from this table), a message in the designer's
words (zone names, not indices) and the ids of the zones, connections and objects involved so a
user interface can highlight them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["CODES", "Code", "Finding", "Severity", "findings_table"]

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Code:
    """One kind of finding."""

    code: str
    severity: str
    """'error', 'warning', 'info', or 'error / warning' when it depends on the case."""
    family: str
    meaning: str
    fix: str


@dataclass(frozen=True)
class Finding:
    """One thing validation has to say about a scenario."""

    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()
    path: str = ""
    """JSON path, for findings about the file's structure."""

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undocumented finding code {self.code!r}")

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "ids": list(self.ids), "path": self.path}


_TABLE: list[tuple[str, str, str, str, str]] = [
    # code, severity, family, meaning, fix
    ("not-json", "error", "file", "The file is not valid JSON (line and column given).", "Fix the syntax at the position shown."),
    ("too-large", "error", "file", "The file is larger than 32 MiB or nested deeper than 64 levels.", "Check that this is a scenario file; split huge maps."),
    ("unreadable", "error", "file", "The file cannot be read (missing, a folder, no permission).", "Check the path."),
    ("schema-version", "error", "file", "The schema version is missing, unknown or newer than this release.", "Use a supported version, or upgrade Scenario Designer."),
    ("invalid-field", "error", "file", "A field is missing, unknown, or holds the wrong type of value.", "Correct the field at the JSON path shown (see the JSON Schema)."),
    ("dangling-reference", "error", "structure", "An id refers to no zone, connection, spawn or objective.", "Correct the id or add the missing element."),
    ("wrong-reference-kind", "error", "structure", "An id refers to the wrong kind of thing (a door effect naming stairs).", "Point the reference at an element of the expected kind."),
    ("duplicate-id", "error", "structure", "Two elements of the same list share an id.", "Rename one of them."),
    ("self-connection", "error", "structure", "A connection joins a zone to itself.", "Join two different zones."),
    ("isolated-zone", "warning", "structure", "A zone has no connection at all.", "Connect it, or remove it."),
    ("zone-never-entered", "warning", "structure", "No connection lets anyone (survivor or zombie) into the zone, and nobody starts there.", "Add a passable connection leading into it."),
    ("contradicting-connections", "warning", "structure", "Two connections between the same zones contradict each other (an opening beside a door or a fence makes the door or fence pointless).", "Keep one of them."),
    ("duplicate-connection", "info", "structure", "Two connections of the same kind join the same zones in the same way.", "Remove the copy."),
    ("objective-in-forbidden-zone", "error", "structure", "An objective lies where no survivor can take it (a security zone or gate allows only moving; a zone that holds no survivor).", "Move the objective to an ordinary zone."),
    ("exit-without-escape", "info", "structure", "Exit zones are listed but no victory step asks to escape.", "Add an 'escape' step, or drop the exits."),
    ("engine-limit", "error", "structure", "The scenario holds more than the playtest engine's fixed rows: a 'house' board of more than 62 doors (its closed doors are one 64-bit word), or a named survivor starting with more than 40 items. Validation goes on, but no game of it can be played.", "Split the house into fewer doors (make some openings instead of doors), or give the survivor fewer items."),
    ("unwinnable", "error", "reachability", "No sequence of moves, doors, keys and switches completes the victory steps.", "Read which step cannot be met and open a way to it."),
    ("objective-unreachable", "error / warning", "reachability", "An objective can never be taken (error when a victory step needs it).", "Open a way to its zone, or move it."),
    ("zone-unreachable", "warning", "reachability", "Survivors can never enter the zone.", "Connect it to the part of the map the survivors can reach."),
    ("exit-unreachable", "error", "reachability", "Survivors can never reach the exit zone.", "Open a way to the exit."),
    ("door-never-opens", "warning", "reachability", "No reachable situation lets survivors open the door.", "Give the survivors a way to it and the key, item or trigger that opens it."),
    ("switch-unreachable", "warning", "reachability", "No survivor can ever press the switch.", "Put it where survivors can reach it."),
    ("trigger-never-fires", "warning", "reachability", "The event of a trigger can never happen, so its effects never apply.", "Change the event, or make it reachable."),
    ("plan-too-slow", "warning", "reachability", "The mission can be won, but its witness plan, walked as one team at the rule profile's actions per turn, ends after the turn limit or a turn trigger that loses the game.", "Give more turns, move the deadline, or shorten the way (fewer zones between the steps)."),
    ("dead-end", "warning", "reachability", "An action (a one-way drop, a switch press...) leads to a situation from which the mission can no longer be won.", "Add a way back, or make sure the designer wants this trap."),
    ("no-door-opener", "error / warning", "reachability", "Survivors reach a closed door but none of them can open it: opening a door needs a door-opening item (Zombicide), nobody starts with one and none can be found (searched, picked up) before that door (error when the mission cannot be won).", "Add a door-opening item (crowbar, fire axe, claw hammer, chainsaw, concrete saw) to the starting equipment or the deck, or a searchable room the team reaches first."),
    ("key-behind-own-door", "error", "reachability", "Every key of a colour (or the item of an item lock) lies behind a door it opens.", "Move the key in front of its door."),
    ("lock-cycle", "error", "reachability", "Locks wait on each other: the key of each lies behind another lock of the cycle.", "Break the cycle by moving one key."),
    ("search-limit", "warning", "reachability", "The reachability search stopped at its state limit; results are partial.", "Reduce the number of switches that toggle doors, or raise the limit."),
    ("no-active-spawn", "error", "spawns", "No spawn zone is active at the start and nothing ever spawns zombies.", "Activate a spawn zone, or add a trigger that spawns zombies."),
    ("spawns-from-events-only", "info", "spawns", "No spawn zone is active at the start: zombies only come from triggers.", "Nothing, if intended."),
    ("spawn-in-forbidden-zone", "error", "spawns", "A spawn zone is in a start zone, an exit, a tower, a security zone, a gate, an elevator or a no-spawn zone.", "Move the spawn zone."),
    ("spawn-near-start", "warning", "spawns", "A spawn zone is closer to a start zone than the minimum distance (2 zones by default).", "Move it further away."),
    ("spawn-cannot-reach-survivors", "warning", "spawns", "Zombies from this spawn zone can never walk to the zones the survivors must visit.", "Connect it, or remove it: these zombies never matter."),
    ("spawn-never-active", "warning", "spawns", "A spawn zone starts off and no trigger that can fire ever turns it on.", "Add or fix the trigger that activates it."),
    ("spawn-order-duplicate", "error", "spawns", "Two spawn zones share the same resolution order.", "Give each a distinct order."),
    ("spawn-order-gap", "warning", "spawns", "The spawn resolution order skips numbers.", "Number the spawns 1, 2, 3..."),
    ("spawn-points-destructible", "warning", "spawns", "Every spawn point is inside a building (Last Night on Earth): if they can all be destroyed, the zombies lose at once.", "Put a spawn point in the street, or accept the risk."),
    ("building-without-door", "warning", "doors", "A building zone reaches the street without a door.", "Use a door between building and street."),
    ("door-cannot-open", "error", "doors", "A locked door has no way to open: no key of its colour, no item of its name, no trigger, not breakable; or a door that only its button opens (by_hand off) has no trigger that opens it.", "Add the key, the item or a trigger (a switch whose trigger opens the door), or make the door breakable."),
    ("fence-blocks-sight", "warning", "doors", "A fence is marked as blocking sight; fences block movement, not sight.", "Set sight back on, or use another kind."),
    ("fence-passable", "warning", "doors", "A fence is marked as passable; fences block movement.", "Use an opening instead, or make the fence impassable."),
    ("tower-without-ladder", "warning", "doors", "A watchtower is entered by something other than a ladder.", "Use a ladder to reach the tower."),
    ("zombies-enter-tower", "warning", "doors", "Zombies can enter a watchtower; they never do in the rules.", "Set zombies off on the tower's connections."),
    ("overflow-nowhere", "error", "doors", "A zone with a zombie capacity (or a breakthrough zone) has no neighbour zombies can be pushed into.", "Connect it to a zone zombies may enter."),
    ("drop-in-breakthrough-zone", "warning", "doors", "A hole or collapse starts in a breakthrough zone, which the rules forbid.", "Move the hole."),
    ("duplicate-hero", "error", "survivors", "Two named survivors of the set-up have the same name.", "Give each hero its own name."),
    ("hero-never-plays", "warning", "survivors", "More named survivors than the mission's survivor maximum: the last ones never play.", "Raise survivors.max or remove the heroes past it."),
    ("unknown-item", "warning", "survivors", "A starting item (everyone's, or a hero's dealt card) is no weapon or tool the engine knows, no card of the deck and nothing a lock or an objective names: it does nothing in play.", "Check the spelling against the deck (docs/engine.md lists the engine's weapons), or add the card to setup.equipment_deck."),
    ("too-many-starting-items", "warning", "survivors", "A survivor starts with more cards than it can carry (5 in Zombicide): the least useful are lost at once.", "Deal fewer cards, or raise the rule profile's max_items."),
    ("balance-points", "warning", "balance", "The special rules give the heroes and the zombies different point totals.", "Add rules for the weaker side until both totals match."),
    ("rule-conflict", "error", "balance", "Two special rules that exclude each other are both used.", "Keep only one of them."),
    ("rule-mismatch", "error / warning", "balance", "A known special rule (recognised by id, by 'rule' or by name) disagrees with the rulebook: the wrong side, points that do not match its parameter ('Hero starting cards (x)' is worth x), or a parameter the set-up does not deal (error).", "Use the rulebook's side and points, and make the set-up match the rule's number."),
    ("unknown-rule-override", "error", "balance", "A rule override names a setting the rule profile does not have, or gives it a value it cannot take.", "Use a setting the profile knows (docs/engine.md), with a whole number or true / false."),
    ("lnoe-rule-not-played", "warning", "lnoe", "A Growing Hunger special rule the engine does not play here: the scenario's rule profile is not 'lnoe', or the rule is one the engine only counts (plague carriers).", "Use the 'lnoe' profile, or read the playtests knowing the rule is left out (docs/last-night-on-earth.md)."),
    ("lnoe-rules-counted", "info", "lnoe", "A Last Night on Earth scenario lists Growing Hunger special rules but has not opted in with setup.lnoe: they are counted and checked, not played.", "Add setup.lnoe (an empty {} will do) to have the engine play them."),
    ("lnoe-rule-without-effect", "warning", "lnoe", "A Growing Hunger rule or setup.lnoe setting can change nothing in this scenario: autospawn without a spawn roll, well-stocked buildings without pick-up cards, a hand's optional rules without a hand, Becky's first aid without Becky, heroes replenish when the first death already loses, free search markers as well as search-marker objectives...", "Give the rule what it acts on (the message says what), or remove it."),
    ("lnoe-unknown-building", "error", "lnoe", "setup.lnoe.pick_ups names a building no zone belongs to.", "Use a building id of the zones ('building' field)."),
    ("lnoe-no-spawn-point", "error", "lnoe", "The zombies lose when no spawning point is left, and no spawn zone is active at the start: every game is won at once.", "Activate a spawn zone at the start, or switch no_spawn_point_loss off."),
    ("house-elevator-cost", "warning", "lnoe", "In a house game, a trip by elevator (entering the car, the ride, leaving the other car) does not cost 3 movement in all, as Les morts aux trousses says.", "Give the openings into the cars and the ride a cost of 1 each (or costs that add up to 3)."),
    ("house-drop-not-down", "warning", "lnoe", "In a house game, a drop (a hole, a collapse, a walkway's edge) does not lead to a lower level: a jump goes down, with a survival roll per level.", "Set the zones' levels, or use another kind of connection."),
    ("house-spawn-on-fire", "warning", "lnoe", "In a house game, a spawn zone lies in a burning room, which zombies never enter: the zombies it brings in cannot leave it toward the survivors.", "Move the spawn zone, or put out the fire (flags.fire)."),
    ("house-collect-in-dark", "error / warning", "lnoe", "In a house game, an objective lies in a dark zone that does not burn, or in a smoke-filled one, where nothing can be collected (\"Darkness: movement = 2 (no collection)\", \"Smoke => no collection\"): it can never be taken (an error when the victory needs it).", "Move the objective to a lit zone, set the zone on fire (fire lights a dark room), or clear flags.dark / flags.smoke."),
    ("heal-or-draw-no-survivor", "warning", "lnoe", "A 'heal_or_draw' effect (the office's \"1 hit point + 1 object card or 2 object cards\") fires on a turn or a kill count, which no survivor fires: nobody heals or draws.", "Fire it when an objective is taken or a zone entered (the office's key)."),
    ("house-collapse-without-effect", "warning", "lnoe", "A zone's floor collapses (flags.collapse), but no drop connection leaves the zone, or the scenario's rule profile is not 'house': nobody ever falls or dodges there.", "Add a drop from the zone to the level below (the hole it opens), or use the 'house' profile, or clear flags.collapse."),
    ("house-closable-without-effect", "warning", "lnoe", "A door is 'closable' (a survivor may close it during play), but the scenario's rule profile is not 'house', or the door only opens by its button (by_hand off): nobody ever closes it.", "Use the 'house' profile, or clear 'closable'."),
    ("house-closable-unbreakable", "warning", "lnoe", "In a house game, a door a survivor may close is not breakable: once closed, only its closer (or a holder of its lock's key) opens it again, and if the closer dies nobody ever passes (\"Breaking a door in melee\", \"A door may also be broken with a rifle!\").", "Make the door breakable, or clear 'closable'."),
    ("drawn-item-unwinnable", "error", "lnoe", "An item objective gives an item drawn at random (one_of: the office's \"2 keys (one is drawn at random)\"), and with one of the items drawn the mission cannot be won (the key opens a bunker nobody can reach, or no door at all).", "Make every item of the draw useful (each key opens a bunker the survivors can reach), or drop it from one_of."),
    ("drawn-item-not-searched", "info", "lnoe", "The outcomes of the items drawn at random (one_of) are too many, or a search for one of them stopped at its state limit: the validator does not know that the mission is winnable whatever is drawn.", "Draw among fewer items, or raise the search's state limit."),
    ("house-collapse-in-breakthrough", "warning", "lnoe", "A breakthrough zone's floor collapses (flags.collapse), which Les morts aux trousses rules out (\"There is no collapse / hole in the floor / TV in a breakthrough zone\").", "Clear flags.collapse or flags.breakthrough."),
    ("arrivals-level-without-zone", "warning", "spawns", "The fixed spawn method's first_turn_each_level brings a zombie per player onto every level, but a level has no spawn zone and no zone where a zombie may arrive (all no_spawn, on fire or closed to zombies): nobody arrives there in the first turn.", "Add a spawn zone on that level, or allow spawns in one of its zones."),
    ("town-zone-on-two-boards", "error", "lnoe", "A zone is listed on two boards of the town library.", "List each zone on one board."),
    ("town-has-errors", "error", "lnoe", "A town the board library can draw has validation errors; the message names the boards and the error.", "Fix the boards (their seams, what lies on them) until every pair of boards validates."),
    ("unknown-variant", "error", "variants", "A command, a campaign step or a weather choice names a variant, module or weather row the scenario does not declare.", "Use an id listed in the scenario's 'variants' (or 'weather.rows'), or 'base'."),
    ("module-combination-forbidden", "error", "variants", "A combination of variants and modules the scenario forbids: two variants at once, a module excluded by another, or a module without one it requires.", "Drop one of them, or switch the required module on."),
    ("variant-invalid", "error", "variants", "A change of a variant, module or weather row cannot be applied: it removes cards the deck does not hold, names no spawn, clears an override the scenario does not set...", "Correct the change at the JSON path shown, or the base scenario it acts on."),
    ("variant-breaks-scenario", "error", "variants", "Applying a variant, module combination or weather row gives a scenario that does not hold together (a trigger still names a removed spawn or connection, two objectives share an id).", "Remove or change what still refers to the removed content, in the base scenario or in the variant."),
    ("variant-has-errors", "error", "variants", "The scenario of a variant, module combination or weather row has validation errors (it cannot be won, a door cannot open...); the message names the combination and the error.", "Fix the variant's changes, or the base scenario, until the combination validates."),
    ("variant-not-modelled", "info", "variants", "A variant, module or weather row changes something the engine does not play (its 'not_modelled' text).", "Read its playtests for what they are; docs/variants.md lists what the engine will need."),
    ("variant-players-overlap", "warning", "variants", "Two player-count variants are for some of the same player counts, so a table of that size has two variants to choose from.", "Make the variants' player counts apart, or make one of them a module."),
    ("too-many-combinations", "info", "variants", "The scenario allows more variant and module combinations than are checked (64): the base game, then the smallest combinations.", "Forbid combinations nobody plays with 'excludes', or validate the others with designer validate --variant."),
    ("weather-changes-objectives", "error", "variants", "A weather row adds or removes objectives or zones; weather changes rules and content for the whole game, and games of every weather are counted together.", "Move the objective change into a variant."),
    ("budget-over-spent", "error", "budget", "A side spends more points than its budget (Eden: 'ne doit pas dépasser 100 points'), or holds more copies of a thing than max_each allows.", "Buy less: take items out of the starting equipment or miniatures out of the pool, or raise the budget."),
    ("budget-under-spent", "warning", "budget", "A side leaves more points unspent than its slack allows (by default: enough to buy the cheapest thing on its price list).", "Buy something more, or set the side's 'slack'."),
    ("budget-unpriced-item", "error", "budget", "The survivors start with an item that the price list does not price.", "Add the item to budget.survivors.prices, or drop it from the starting equipment."),
    ("terrain-impassable-holds", "error", "terrain", "A start zone, exit, spawn or objective lies in an impassable zone, where no figure can stand.", "Move it into a zone figures may enter, or take 'impassable' off the zone."),
    ("terrain-costly-zone", "error / warning", "terrain", "Entering a zone costs more actions than a survivor has in a turn (obstruction, swim, a crossable zone's way on), so no survivor ever enters it; an error when the zone holds something the victory needs.", "Lower the obstruction, give the zone a cheaper way in, or raise the actions per turn."),
    ("terrain-hostile-path", "error / warning", "terrain", "Every path from the start to a goal crosses hostile presence: each survivor going there is wounded on the way; an error when the wounds are as many as a survivor's health.", "Open another way round, or lower the hostile presence."),
    ("terrain-keyword-ignored", "warning", "terrain", "A connection carries a keyword only a zone can have (crossable, elevation).", "Put the keyword on the zone it belongs to."),
    ("terrain-fire-not-flammable", "warning", "terrain", "A 'set_fire' effect targets a zone or connection whose terrain is not flammable: nothing burns.", "Mark the scenery flammable, or set fire to flammable scenery."),
    ("terrain-fire-never-out", "info", "terrain", "A 'set_fire' effect lights flammable scenery without destruction(x): it burns, and bars the way, for the rest of the game.", "Give the scenery destruction(x) if the fire should burn it down to a devastated zone."),
    ("terrain-fire-path", "warning", "terrain", "Scenery a 'set_fire' effect can light lies on the only path from the start to a goal: while it burns nobody passes, survivors beside it catch burn markers, and it opens only once burnt down (destruction(x)).", "Open another way round, or take the goal before the fire is lit."),
    ("terrain-breakthrough", "info", "terrain", "The mission is won only by destroying impassable scenery (destruction(x)); the reachability search counts those walls as open.", "Make sure the walls are meant to be broken, or open another way."),
    ("infestation-over-spent", "error", "infestation", "The monsters placed cost more infestation points than the infestation has.", "Place fewer or cheaper monsters, or raise infestation.points."),
    ("infestation-under-spent", "warning", "infestation", "Enough infestation points are left to place another monster (Eden places monsters until the points no longer buy one).", "Place another monster, or lower infestation.points."),
    ("infestation-too-close", "error", "infestation", "Two monsters are placed fewer zones apart than infestation.min_distance (Eden: 15 cm).", "Move one of them further away, or lower min_distance."),
    ("infestation-in-start-zone", "error", "infestation", "A monster is placed in a start zone, on top of the survivors.", "Place it away from the start zones."),
    ("points-ends-early", "warning", "points", "A victory points mission can end before its last turn (a shorter turn limit, an 'end_game' trigger), so the score is not counted over the whole game.", "Make the turn limit at least points.turns, or drop the trigger's end_game effect."),
    ("invalid-step-scenario", "error", "campaign", "A step's scenario file is missing or cannot be loaded.", "Fix the path (relative to the campaign file) or the scenario."),
    ("step-scenario-has-errors", "warning", "campaign", "A step's scenario loads but validation finds errors in it.", "Run designer validate on the scenario."),
    ("unreachable-step", "warning", "campaign", "No sequence of wins and losses leads to the step.", "Point a branch at it, or remove it."),
    ("cycle-without-exit", "error", "campaign", "Branches form a loop that no outcome leaves.", "Give one step of the loop a branch out (or 'end')."),
    ("victory-step-unreachable", "error", "campaign", "The step the campaign's victory needs can never be reached.", "Point a branch at it."),
    ("party-without-heroes", "error", "campaign", "A step plays with the party, but no earlier step can give it heroes.", "Add a step with a new roster before it."),
    ("carry-unused", "info", "campaign", "The campaign carries something the next scenario's rules do not use (XP into a game without danger levels).", "Nothing, if intended."),
    ("carry-has-no-effect", "warning", "campaign", "A step's carry settings act on the party it hands on, but no step that plays with the party can follow it (for example wounds kept on the finale), or a fresh-roster step on every way there applies its own carry (wounds healed) to the whole party first.", "Set carry on the step whose heroes are carried into the party step, and on the fresh-roster steps between."),
    ("losers-join-party", "info", "campaign", "A step with a new roster lets every hero alive after a game join the party, also heroes still on the board when the turn limit lost the game (Seul dans le noir: caught at dawn).", "Set joins: \"winners\" if only the heroes of games won should go on."),
    ("party-larger-than-scenario", "warning", "campaign", "The party can hold more heroes than the scenario is made for.", "Raise the scenario's survivor maximum, or check the balance."),
    ("goal-not-checked", "info", "missions", "A victory step or set-up the search cannot decide (it does not fight, it moves one team): it is read optimistically and the playtests decide.", "Nothing, if intended; playtest the mission."),
    ("condition-never-holds", "error", "missions", "A condition step ('doors_closed', 'no_zombie_path') can never hold: a door no trigger closes, an always active spawn inside the zones.", "Add the button that closes the door, or move the spawn zone."),
    ("carry-not-enough", "error", "missions", "A 'carry_items' step asks for more items than the map, the set-aside cards and the deck can give.", "Lower the count, or add items or 'give_card' effects."),
    ("carrier-item-unknown", "warning", "missions", "defeat.carrier_dies names an item no survivor can carry.", "Correct the item name."),
    ("give-card-empty", "error / warning", "missions", "A 'give_card' effect draws from an empty or unrelated set-aside pile, or fires on an event with no survivor to take the card.", "Fill setup.set_aside, or fix the card names or the event."),
    ("conditional-spawn-same", "warning", "missions", "A conditional spawn places the same type instead when that type is already in play.", "Name the zombies placed instead (Prison Outbreak: a fatty with its two walkers)."),
    ("spawn-at-fixed-objective", "info", "missions", "Zombies are placed where an objective lay, but it is not shuffled: that is always its file zone.", "Give the objective a hidden_group, or name the zone."),
    ("spawn-at-other-objective", "warning", "missions", "A trigger fired by one objective places zombies where another one lay.", "Name the objective that fires the trigger."),
    ("gate-problem", "error / warning", "missions", "A 'rotate_gate' effect turns a zone that is not a gate, names a side door that does not touch the gate, or a side door's state at the start disagrees with the passage.", "Fix the sides (north, east, south, west) or the door states."),
    ("car-empty", "warning", "missions", "A car searched once holds nothing, or a car searched until a weapon lists contents it never gives.", "Fill or drop 'contents', or change 'search'."),
    ("berserker-no-melee", "warning", "missions", "Berserker zombies come onto the board but no survivor can ever hold a melee weapon (only melee kills a berserker).", "Deal a melee weapon, put one in the deck or on the map, or use standard zombies."),
    ("berserker-never-placed", "info", "missions", "The pool holds berserkers that neither the set-up nor a trigger places (the zombie decks spawn standard zombies only).", "Place them, spawn them from a trigger, or count them as standard zombies."),
    ("start-group-unknown-hero", "error", "missions", "A split starting group names a survivor who is not among the heroes, or one already in another group.", "Correct the names in setup.start_groups."),
    ("start-group-zone", "warning", "missions", "A split starting group starts outside setup.start_zones, or there is a single group.", "Add the zone to setup.start_zones, or add the second group."),
    # ---- zombicide: driving cars ----
    ("car-cannot-drive", "warning", "missions", "A car the mission lets survivors drive stands outside the streets and inner corridors, or has no street or corridor zone to drive to.", "Move the car to a street zone joined by an opening to another street or corridor zone, or drop 'drive'."),
]

CODES: dict[str, Code] = {row[0]: Code(*row) for row in _TABLE}
"""Every finding code, in documentation order."""


def findings_table() -> str:
    """The reference table of finding codes, as Markdown (``docs/findings.md``)."""
    lines = [
        "# Findings reference",
        "",
        "Generated from `designer/checks/findings.py` (a test fails when this page is stale).",
        "",
    ]
    family = None
    for c in CODES.values():
        if c.family != family:
            family = c.family
            lines += ["", f"## {family}", "", "| code | severity | what it means | how to fix |", "| --- | --- | --- | --- |"]
        lines.append(f"| `{c.code}` | {c.severity} | {c.meaning} | {c.fix} |")
    return "\n".join(lines) + "\n"
