"""A game's record and its log as text: what every engine gives back, written once.

:class:`GameResult` is one game's record (a dict: one row of a results table, docs/engine.md
"The result record"); :func:`transcript` prints a log (the events of ``Game.note`` and of the
typed engine's :func:`designer.engine.session.render_events`, the same dicts) as readable text.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameResult", "resource_stock", "transcript"]


class GameResult(dict):
    """The record of one game (a dict, one row of a results table)."""


_TEXT = {
    "move": "survivor {s} moves to {to}",
    "open": "survivor {s} opens door {door}",
    "search": "survivor {s} searches and finds {found}",
    "melee": "survivor {s} attacks with a {weapon}",
    "ranged": "survivor {s} shoots a {weapon} at {zone}",
    "take": "survivor {s} takes objective {objective}",
    "press": "survivor {s} presses switch {switch}",
    "noise": "survivor {s} makes noise",
    "give": "survivor {s} gives a {item} to survivor {mate}",
    "escape": "survivor {s} escapes through {zone}",
    "kill": "survivor {s} kills a {zombie} in {zone}",
    "wound": "survivor {s} is wounded ({wounds} wound(s), {cause})",
    "death": "survivor {s} dies in {zone} ({cause})",
    "attack": "{zombies} zombie(s) attack in {zone}",
    "zombies_move": "{count} {zombie}(s) move from {frm} to {to}",
    "spawn": "{count} {zombie}(s) spawn in {zone}",
    "split_added": "{count} {zombie}(s) added to even the groups in {zone}",
    "pushed": "{count} zombie(s) pushed from {frm} to {to}",
    "extra_activation": "every {zombie} acts again",
    "out_of_miniatures": "out of {zombie} miniatures: every {zombie} acts again",
    "runaway": "{message}",
    "trigger": "trigger {trigger} fires",
    "instead": "a {zombie} is already in play: others appear instead in {zone}",
    "carrier_died": "survivor {s} died carrying {items}: the mission is lost",
    "give_card": "survivor {s} is given a {card}",
    "heal_or_draw": "survivor {s} heals {healed} wound(s) and draws {cards} card(s)",
    "pushed_back": "survivor {s} cannot stay in {frm}: pushed back to {to}",
    "collapse_dodged": "the floor of {zone} gives way: survivor {s} dodges (the movement ends)",
    "collapse_fall": "the floor of {zone} gives way: survivor {s} falls to {to}",
    "door_closed": "survivor {s} closes door {door}",
    "loot": "survivor {s} takes {item} from a dead survivor's belongings",
    "door_break": "survivor {s} tries to break door {door} (broken: {broken})",
    "zombies_break_door": "zombies in {zone} try to break door {door} (broken: {broken})",
    "fence_torn": "an abomination tears down the fence from {frm} to {to}",
    "search_car": "survivor {s} searches {car} and finds {found}",
    "car_seat": "survivor {s} in {car}: {seat}",
    "drive": "survivor {s} drives the {car} from {frm} to {to}",
    "car_attack": "a car runs over {zone}: {dice} dice, {hits} hit(s)",
    "gate_turned": "the rotating gate {gate} turns (a quarter turn: {turns} from the start)",
    "grave_dead": "the grave dead's ability is {ability}",
    "spawn_roll": "spawn roll {roll} against {zombies} zombie(s) on the board",
    "zombie_card": "the zombie player plays '{card}'",
    "sun": "'{card}' is discarded: the sun moves {moved:+d}",
    "marker": "survivor {s} turns the {marker} marker in {zone}",
    "pick_up": "survivor {s} picks up {card} from the {source}",
    "grave_dead_wounded": "a grave dead is wounded in {zone}",
    "grave_dead_shrugs": "a grave dead ignores the wound in {zone}",
    "first_aid": "survivor {s} gives first aid (roll {roll}): {wounds} wound(s)",
    "event": "survivor {s} plays {card}: {wounds} wound(s)",
    "new_hero": "a new hero, {name}, enters in {zone}",
    "heroes_killed": "the zombies have killed {count} heroes",
    "no_spawn_point": "no spawning point is left: the zombies lose",
    "swim": "survivor {s} swims into {zone} ({wounds} wound(s))",
    "resource": "{resource} {change:+d} ({total})",
    "points": "{points} victory point(s) this turn ({total})",
    "charge": "{zombies} monster(s) charge into {zone}",
    "hostile": "survivor {s} suffers {wounds} wound(s) from the hostile {zone}",
    "smash": "survivor {s} attacks the scenery {piece} ({hits} of {of})",
    "destroyed": "the scenery {piece} is destroyed: a devastated zone",
    "fire": "the scenery {piece} burns ({markers} burn markers)",
    "burn": "survivor {s} burn markers {change:+d}: {markers}",
    "burning": "survivor {s} burns: {dice} dice, {wounds} wound(s), {markers} burn markers left",
}


def transcript(events: list[dict], board: Any) -> str:
    """A log as readable text, one line per event, grouped by turn."""
    lines = []
    turn = None
    for e in events:
        if e["turn"] != turn:
            turn = e["turn"]
            lines.append(f"Turn {turn}")
        data = {k: (board.names[board.zone_index[v]] if k in ("to", "frm", "zone") and v in board.zone_index else v)
                for k, v in e.items()}
        if "survivor" in data:
            data["s"] = data["survivor"] + 1
        template = _TEXT.get(e["event"])
        lines.append("  " + (template.format(**data) if template else e["event"].replace("_", " ")))
    return "\n".join(lines)


def resource_stock(names: list[str], stock_in: dict[str, int] | None, stock: list[int],
                   order: list[int]) -> dict[str, int]:
    """The party's resources after a typed game, as the reference record writes them: the stock
    it came in with (in its order), then the resources first gained or spent in the game."""
    out = dict(stock_in or {})
    for i, n in enumerate(names):
        if n in out and stock[i] >= 0:
            out[n] = stock[i]
    for i in order:
        out[names[i]] = stock[i]
    return out
