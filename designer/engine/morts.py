"""Les morts aux trousses in the reference engine: the office's "1 hit point + 1 object card or
2 object cards" (``heal_or_draw``, :class:`designer.model.scenario.HealOrDraw`) and a floor
collapsing under a survivor (``collapse``, ``flags.collapse``) and the doors a survivor closes,
which survivors and zombies break (``close_door``, ``break_door``, ``zombies_break_door``). The typed engine plays them with
the same cards and dice (``typed/play.py``, the ``morts`` sections)."""

from __future__ import annotations

from typing import Any

from ..rules.equipment import item

__all__ = ["break_door", "close_door", "closable_doors", "collapse", "collapse_drops", "drawn_locks", "heal_or_draw",
           "held_against", "zombies_break_door"]


def heal_or_draw(game: Any, e: Any, actor: Any) -> None:
    """"Plus, a choice of: either 1 hit point + 1 object card or 2 object cards": a wounded
    survivor heals ``heal`` wounds (at most its wounds) and draws ``draw_with_heal`` cards, an
    unhurt one draws ``draw`` cards. An "Aaah!" card drawn goes to the discard pile."""
    if actor is None or not actor.on_board:
        return
    healed = min(e.heal, actor.wounds)
    actor.wounds -= healed
    got = 0
    for _ in range(e.draw_with_heal if healed else e.draw):
        card = game.draw_equipment()
        if card is None:
            break
        if item(card).aaah:
            game.state.ediscard.append(card)
            continue
        game.keep(actor, card)
        got += 1
    game.note("heal_or_draw", survivor=actor.index, healed=healed, cards=got)


def collapse_drops(board: Any) -> tuple[int, ...]:
    """Per zone, the drop a collapsing floor falls through: the first ``drop`` connection leaving
    a zone with ``flags.collapse`` (-1 for any other zone, or one without a drop), computed once
    per board."""
    out = board.compiled.get(("collapse-drops",))
    if out is None:
        s = board.scenario
        drops = [-1] * len(s.zones)
        for z, zone in enumerate(s.zones):
            if zone.flags.collapse:
                drops[z] = next((c for c, conn in enumerate(s.connections)
                                 if conn.kind == "drop" and board.c_from[c] == z), -1)
        out = board.compiled[("collapse-drops",)] = tuple(drops)
    return out


def collapse(game: Any, s: Any) -> bool:
    """"The victim of a hole / floor collapse may try to dodge with 1D6: 1 to 3 => fall +
    survival test; 4 to 6 => end of movement without falling": the first survivor to step into a
    zone with ``flags.collapse`` rolls; on 4-6 its movement ends there, on 1-3 it falls through
    the zone's drop (into the zone below, which it enters) and makes the drop's survival rolls.
    True when the survivor fell (it stands in the zone below, or died)."""
    b = game.board
    zone = s.zone
    c = collapse_drops(b)[zone]
    if c < 0:
        return False
    if game.d6() >= 4:
        s.actions_left = 0
        game.note("collapse_dodged", survivor=s.index, zone=b.zone_ids[zone])
        return False
    below = b.c_to[c]
    game.note("collapse_fall", survivor=s.index, zone=b.zone_ids[zone], to=b.zone_ids[below])
    s.came_from = zone
    s.zone = below
    game.enter_zone(s, below)
    game.profile.fall(game, s, c)
    return True


# ---- morts: doors closed by a survivor, broken by survivors and zombies ----

DOOR_BONUS = 2
""""Breaking a door in melee => +2 bonus for the door", "Breaking a door: ... / +2 for the door"."""
DOOR_RIFLE = "rifle"
"""The gun that breaks a door by a shot ("A door may also be broken with a rifle!")."""


def closable_doors(board: Any) -> tuple[bool, ...]:
    """Per door, whether a survivor may close it during play: ``closable`` on a door of a house
    game (computed once per board)."""
    out = board.compiled.get(("closable-doors",))
    if out is None:
        s = board.scenario
        house = s.setup.rules.profile == "house"
        by_id = {c.id: c for c in s.connections if c.kind == "door"}
        out = board.compiled[("closable-doors",)] = tuple(house and by_id[d].closable for d in board.door_ids)
    return out


def held_against(game: Any, s: Any, d: int) -> bool:
    """Whether closed door ``d`` was closed by another survivor and ``s`` holds no key of its
    lock ("The one who closes a door is the only one who can use it from then on. (if another
    player also has a key, he may choose the same door)"): ``s`` cannot open it, only break it."""
    st, b = game.state, game.board
    if not st.held >> d & 1 or st.holders[d] == s.index:
        return False
    lock = b.door_lock[d]
    if lock is not None:
        kind, value = lock
        if (kind == "colour" and value in st.colours) or (kind == "item" and value in s.items):
            return False
    return True


def close_door(game: Any, s: Any, d: int) -> None:
    """A survivor closes an open door of its zone: only it (or a key holder) opens it again."""
    st = game.state
    bit = 1 << d
    st.doors_open &= ~bit
    st.held |= bit
    holders = list(st.holders)
    holders[d] = s.index
    st.holders = tuple(holders)
    game.note("door_closed", survivor=s.index, door=game.board.door_ids[d])


def _broken(game: Any, d: int, actor: Any) -> None:
    st = game.state
    st.broken |= 1 << d
    game.open_door(d, actor=actor)


def break_door(game: Any, s: Any, d: int) -> None:
    """A survivor breaks a closed door it may not open. With a rifle: "A door may also be broken
    with a rifle! A failed shot does not stop the movement": 4-6 breaks it, a 1 jams the gun (the
    rest of the turn, as any jam). Else in melee: "Breaking a door in melee => +2 bonus for the
    door (on failure the movement is over!)": the survivor's d6 + its best melee weapon's damage
    (-1 in the dark) must beat the door's d6 + 2; a die of 1 breaks the weapon."""
    b = game.board
    did = b.door_ids[d]
    if DOOR_RIFLE in s.items:
        roll = game.d6()
        won = roll >= 4
        game.note("door_break", survivor=s.index, door=did, broken=won)
        if won:
            _broken(game, d, s)
        elif roll == 1:
            s.actions_left = 0
            game.note("weapon_jammed", survivor=s.index, weapon=DOOR_RIFLE)
        return
    weapon = max((item(n) for n in s.items if item(n).is_melee), key=lambda i: i.damage, default=None)
    roll = game.d6()
    mine = roll + (weapon.damage if weapon else 0) - int(b.dark[s.zone])
    won = mine > game.d6() + DOOR_BONUS
    game.note("door_break", survivor=s.index, door=did, broken=won)
    if won:
        _broken(game, d, s)
    else:
        s.actions_left = 0
    if roll == 1:
        game.profile.break_weapon(game, s, weapon)


def zombies_break_door(game: Any, z: int, dest: int, count: int) -> None:
    """Zombies stopped by a closed breakable door try to break it ("Zombies may also break a door
    (unless a survivor is in the room with them)", "Breaking a door: only if there is no survivor
    in the room / +2 for the door"): one d6 plus the accumulation bonus of the zombies stepping
    (0, 1, 2 for 1, 2, 3 or more) must beat the door's d6 + 2. Breaking is their action: they
    step through on a later activation."""
    st, b = game.state, game.board
    if game.has_survivors(z):
        return
    d = next((b.c_door[c] for v, c, ok in b.zpath_adj[z] if v == dest and ok and b.c_door[c] >= 0 and
              not st.doors_open >> b.c_door[c] & 1), -1)
    if d < 0 or not b.door_breakable[d]:
        return
    won = game.d6() + min(count - 1, 2) > game.d6() + DOOR_BONUS
    game.note("zombies_break_door", zone=b.zone_ids[z], door=b.door_ids[d], broken=won)
    if won:
        _broken(game, d, None)


# ---- morts: the office's two keys, one drawn at random ----

def drawn_locks(board: Any) -> tuple[tuple[int, str], ...]:
    """The doors locked by an item some objective's draw may give (``one_of``), with the item:
    (door, item) pairs, computed once per board."""
    out = board.compiled.get(("drawn-locks",))
    if out is None:
        rules = board.rules
        drawn = {x for o, xs in enumerate(rules.obj_one_of) if xs for x in (board.obj_item[o], *xs)}
        out = board.compiled[("drawn-locks",)] = tuple(
            (d, lock[1]) for d, lock in enumerate(board.door_lock) if lock is not None and lock[0] == "item"
            and lock[1] in drawn)
    return out
