"""The ``designer`` command line: a thin layer over the library.

Each command calls one library function and turns library errors into one clean line per
problem and an exit code; no command ever ends in a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from . import __version__
from .io.files import LoadError, SaveError, dumps, load, save, scenario_file_name, write_text_atomic
from .model.scenario import Scenario

__all__ = ["main", "cli"]


def expand_paths(paths: tuple[str, ...]) -> list[str]:
    """Files as given, folders replaced by the ``*.json`` files they hold (sorted)."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.glob("*.json")))
        else:
            out.append(p)
    return out


def _debugging(ctx: click.Context) -> bool:
    return bool(ctx.params.get("debug")) or os.environ.get("DESIGNER_DEBUG", "") not in ("", "0")


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())


def _quiet_broken_pipe() -> None:
    """The reader of our output went away (``designer validate ... | head``): stop quietly, as
    Unix tools do, and keep Python from complaining when it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(141)  # 128 + SIGPIPE, what the shell reports for a tool stopped by a closed pipe


_INPUT_ERRORS = {("designer.edit", "EditError"), ("designer.analysis.store", "StoreError"),
                 ("designer.rules.limits", "EngineLimit")}
"""Errors about the user's input raised by modules a command imports only when it needs them."""


def _is_input_error(e: BaseException) -> bool:
    return any((c.__module__, c.__name__) in _INPUT_ERRORS for c in type(e).__mro__)


def _is_error(e: BaseException, module: str, name: str) -> bool:
    """Whether ``e`` is an instance of ``module.name``, without importing that module."""
    return any((c.__module__, c.__name__) == (module, name) for c in type(e).__mro__)


class DesignerGroup(click.Group):
    """Turns errors into clean lines on stderr: exit 1 for bad input (files, stores, folders),
    2 for a bug, reported in one line (with its traceback under ``--debug`` or
    ``DESIGNER_DEBUG=1``)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except BrokenPipeError:
            _quiet_broken_pipe()
        except LoadError as e:
            for line in e.lines():
                click.echo(line, err=True)
            sys.exit(1)
        except SaveError as e:
            click.echo(f"designer: {e}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except Exception as e:
            if _is_error(e, "designer.variants", "VariantError"):  # a playtest imports variants only when asked
                for line in e.lines():
                    click.echo(line, err=True)
                sys.exit(1)
            if _is_input_error(e):
                click.echo(f"designer: {e}", err=True)
                sys.exit(1)
            # a bug: one line; the traceback when asked, so that it can be reported
            if _debugging(ctx):
                import traceback

                traceback.print_exc()
                click.echo(f"designer: internal error: {type(e).__name__}: {_one_line(e)}", err=True)
            else:
                click.echo(f"designer: internal error: {type(e).__name__}: {_one_line(e)} "
                           "(run with --debug or DESIGNER_DEBUG=1 to see the traceback)", err=True)
            sys.exit(2)


@click.group(cls=DesignerGroup)
@click.version_option(__version__, prog_name="designer")
@click.option("--debug", is_flag=True, help="Show the traceback of an internal error (also DESIGNER_DEBUG=1).")
def cli(debug: bool) -> None:
    """Design, validate and playtest scenarios of zone-based zombie board games.

    Example: designer validate scenarios/
    """


# --------------------------------------------------------------------------------------------
# new


@cli.command()
@click.argument("scenario_id")
@click.option("--title", default=None, help="Title of the mission (defaults to the id).")
@click.option("--profile", type=click.Choice(["zombicide", "lnoe", "house"]), default="zombicide",
              show_default=True, help="Rule profile.")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False), default=None,
              help="File to write (defaults to SCENARIO_ID.json).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(scenario_id: str, title: str | None, profile: str, out: str | None, force: bool) -> None:
    """Start a new scenario: two streets, a start, an exit and a spawn zone.

    Example: designer new my-mission --title "My mission" -o scenarios/my-mission.json
    """
    from pydantic import ValidationError

    from .io.files import problems_from_validation
    from .model.templates import starter_scenario

    try:
        scenario = starter_scenario(scenario_id, title=title or scenario_id, profile=profile)
    except ValidationError as e:
        problems = problems_from_validation(e, {"id": scenario_id, "meta": {"title": title}})
        raise click.ClickException("; ".join(str(p) for p in problems)) from None
    path = Path(out or scenario_file_name(scenario_id))
    if path.exists() and not force:
        raise click.ClickException(f"{path} already exists; use --force to overwrite it")
    save(scenario, path)
    click.echo(f"wrote {path}")


# --------------------------------------------------------------------------------------------
# show


def _table(rows: list[list[str]], headers: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = lambda r: "  ".join(str(x).ljust(w) for x, w in zip(r, widths)).rstrip()  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def summary_rows(s: Scenario) -> list[list[str]]:
    """One row per zone: id, name, kind, building, level, flags, what stands there."""
    marks: dict[str, list[str]] = {}
    for z in s.setup.start_zones:
        marks.setdefault(z, []).append("start")
    for z in s.exits:
        marks.setdefault(z, []).append("exit")
    for sp in s.spawns:
        marks.setdefault(sp.zone, []).append(
            f"{sp.kind} #{sp.order}{' ' + sp.colour if sp.colour else ''}{'' if sp.active else ' (off)'}")
    for o in s.objectives:
        colour = getattr(o, "colour", None)
        marks.setdefault(o.zone, []).append(f"{o.kind}{' ' + colour if colour else ''} {o.id}")
    rows = []
    for z in s.zones:
        flags = [k for k, v in z.flags.model_dump().items() if v is True]
        flags += z.terrain.keywords() if z.terrain is not None else []  # Eden's scenery (docs/terrain.md)
        rows.append([z.id, z.name, z.kind, z.building or "", str(z.level), ",".join(flags),
                     "; ".join(marks.get(z.id, []))])
    return rows


@cli.command()
@click.argument("file", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def show(file: str, fmt: str) -> None:
    """Print a readable summary of a scenario: goals, set-up and a table of its zones.

    Example: designer show scenarios/night-shift.json
    """
    s = load(file)
    if fmt == "json":
        click.echo(json.dumps({
            "id": s.id, "title": s.meta.title, "profile": s.setup.rules.profile,
            "zones": len(s.zones), "connections": len(s.connections), "spawns": len(s.spawns),
            "objectives": len(s.objectives), "triggers": len(s.triggers),
            "variants": [{"id": v.id, "kind": v.kind, "name": v.label, "changes": len(v.changes)} for v in s.variants],
            "weather": [{"id": r.id, "name": r.label, "rolls": sorted(r.rolls), "chance": r.probability}
                        for r in s.weather.rows] if s.weather else None,
            "budget": s.budget.model_dump(mode="json") if s.budget else None,
            "zone_table": [dict(zip(["id", "name", "kind", "building", "level", "flags", "marks"], r))
                           for r in summary_rows(s)],
        }, indent=2))
        return
    m = s.meta
    click.echo(f"{m.title}  ({s.id}, rule profile {s.setup.rules.profile}, {m.difficulty})")
    if m.author:
        click.echo(f"by {m.author}")
    kinds: dict[str, int] = {}
    for c in s.connections:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    click.echo(f"{len(s.zones)} zones, {len(s.connections)} connections "
               f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), "
               f"{len(s.spawns)} spawns, {len(s.objectives)} objectives, {len(s.triggers)} triggers")
    from .analysis.tally import step_label

    order = "in order" if s.victory.ordered else "in any order"
    click.echo(f"Victory ({order}): " + "; ".join(step_label(st) for st in s.victory.steps))
    sv = s.setup.survivors
    limit = f", turn limit {s.setup.turn_limit}" if s.setup.turn_limit else ""
    click.echo(f"Survivors: {sv.min}-{sv.max}, health {sv.health}{limit}")
    if sv.starting_equipment:
        click.echo("Everyone starts with: " + ", ".join(sv.starting_equipment))
    if sv.heroes:
        click.echo("Heroes: " + "; ".join(f"{h.name} ({', '.join(h.items) or 'no card'})" for h in sv.heroes))
    for v in s.variants:
        click.echo(f"{v.kind.capitalize()} {v.id}: {v.label}, {len(v.changes)} change(s)"
                   + (f", for {v.players.min}-{v.players.max} players" if v.players else "")
                   + (f", excludes {', '.join(v.excludes)}" if v.excludes else "")
                   + (f", requires {', '.join(v.requires)}" if v.requires else ""))
    if s.weather is not None:
        click.echo("Weather (2d6): " + "; ".join(f"{'-'.join(map(str, sorted(r.rolls)))} {r.label}"
                                                  for r in sorted(s.weather.rows, key=lambda r: min(r.rolls))))
    if s.budget is not None:
        for side in ("survivors", "zombies"):
            b = getattr(s.budget, side)
            if b is not None:
                click.echo(f"Budget, {side}: {b.points} points{' per survivor' if side == 'survivors' and b.per == 'survivor' else ''}; "
                           + ", ".join(f"{k} {v}" for k, v in sorted(b.prices.items())))
    if s.points is not None:
        vp = s.points
        worth = [f"{e.objective} " + " + ".join(([f"{e.taken} taken"] if e.taken else []) +
                                                 ([f"{e.held} a turn held"] if e.held else []))
                 for e in vp.objectives]
        worth += [f"{n} per {t}" for t, n in vp.kills.items() if n]
        click.echo(f"Victory points over {vp.turns} turns, {vp.target} to win: " + "; ".join(worth))
    if s.infestation is not None:
        inf = s.infestation
        click.echo(f"Infestation: {inf.spent()} of {inf.points} points, {inf.min_distance}+ zones apart, ai {inf.ai}; "
                   + "; ".join(f"{p.monster} in {p.zone}" for p in inf.placed))
    click.echo("")
    click.echo(_table(summary_rows(s), ["zone", "name", "kind", "building", "level", "flags", "marks"]))


# --------------------------------------------------------------------------------------------
# validate


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one line per finding; json: one JSON object.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option("--explain", is_flag=True, help="Also print how the mission can be won (the witness plan).")
@click.option("--spawn-distance", type=click.IntRange(0, 100), default=2, show_default=True,
              help="Warn when a spawn zone is closer than this many zones to a start zone.")
@click.option("--variant", "variants", multiple=True, metavar="SELECTION",
              help="Validate the scenario of a variant and modules (e.g. two-players+tools; 'base' for none) "
                   "instead of the file with all its combinations; repeat for several.")
@click.option("--weather", "weather", default=None, metavar="ROW",
              help="With --variant: validate the game in this weather row.")
def validate(files: tuple[str, ...], fmt: str, strict: bool, explain: bool, spawn_distance: int,
             variants: tuple[str, ...], weather: str | None) -> None:
    """Check scenario files (or every *.json in a folder); exit 1 when any has errors.

    Each finding is one line: FILE: SEVERITY CODE: MESSAGE [IDS]. A file with variants, modules
    or a weather table is checked in every allowed combination; --variant checks one.

    Example: designer validate --explain scenarios/ scenarios/broken/dead-end-hole.json
    """
    from .checks import check_file

    paths = expand_paths(files)
    if not paths:
        raise click.ClickException("no scenario files found")
    if variants or weather:
        reports = _variant_reports(paths, variants or ("base",), weather, spawn_distance)
    else:
        reports = {path: check_file(path, spawn_distance=spawn_distance) for path in paths}
    report = {path: [f.as_dict() for f in r.findings] for path, r in reports.items()}
    if fmt == "json":
        click.echo(json.dumps({"files": [
            {"file": path, "winnable": r.winnable if r.scenario else None, "findings": report[path],
             "plan": [st.as_dict() for st in r.plan] if explain else None}
            for path, r in reports.items()]}, indent=2))
    else:
        for path, r in reports.items():
            if not r.findings:
                click.echo(f"{path}: ok")
            for f in r.findings:
                ids = f" [{', '.join(f.ids)}]" if f.ids else ""
                click.echo(f"{path}: {f.severity} {f.code}: {f.message}{ids}")
            if explain and r.scenario is not None:
                if r.winnable:
                    click.echo(f"{path}: how to win:")
                    for i, st in enumerate(r.plan, 1):
                        click.echo(f"  {i}. {st.text}")
                else:
                    click.echo(f"{path}: no way to win was found")
    sys.exit(_exit_code(report, strict))


def _variant_reports(paths: list[str], selections: tuple[str, ...], weather: str | None,
                     spawn_distance: int) -> dict[str, Any]:
    """Reports of each selection of each file, keyed 'FILE [SELECTION]'; a selection that cannot
    be applied becomes its error findings."""
    from .checks import Finding, Report, check, check_file
    from .variants import VariantError, derive

    out: dict[str, Any] = {}
    for path in paths:
        try:
            s = load(path)
        except LoadError:
            out[path] = check_file(path)
            continue
        for text in selections:
            key = f"{path} [{text}{', weather ' + weather if weather else ''}]"
            try:
                out[key] = check(derive(s, text, weather, source=path), spawn_distance=spawn_distance)
            except VariantError as e:
                out[key] = Report([Finding(p.code if p.code in _VARIANT_CODES else "variant-invalid", "error", str(p),
                                           tuple(p.ids), p.path) for p in e.problems])
    return out


_VARIANT_CODES = ("unknown-variant", "module-combination-forbidden", "variant-invalid", "variant-breaks-scenario")


def _exit_code(report: dict[str, list[dict[str, Any]]], strict: bool) -> int:
    bad = {"error", "warning"} if strict else {"error"}
    return 1 if any(f["severity"] in bad for fs in report.values() for f in fs) else 0


# --------------------------------------------------------------------------------------------
# schema and export


@cli.command()
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Write every schema file into this folder (the repository keeps them in schemas/).")
@click.option("--check", "check_dir", type=click.Path(file_okay=False), default=None,
              help="Exit 1 when the schema files in this folder are stale.")
@click.argument("name", required=False, default="scenario")
def schema(out: str | None, check_dir: str | None, name: str) -> None:
    """Print the JSON Schema of scenario files, or write / check the schema files.

    Example: designer schema --out schemas/
    """
    from .schema import SCHEMAS, schema_text, write_schemas

    if out:
        for p in write_schemas(out):
            click.echo(f"wrote {p}")
        return
    if check_dir:
        stale = [n for n in SCHEMAS
                 if not (Path(check_dir) / f"{n}.schema.json").exists()
                 or (Path(check_dir) / f"{n}.schema.json").read_text(encoding="utf-8") != schema_text(n)]
        for n in stale:
            click.echo(f"{Path(check_dir) / f'{n}.schema.json'}: stale; run designer schema --out {check_dir}", err=True)
        sys.exit(1 if stale else 0)
    if name not in SCHEMAS:
        raise click.ClickException(f"unknown schema '{name}'; expected one of {', '.join(SCHEMAS)}")
    click.echo(schema_text(name), nl=False)


@cli.command()
@click.argument("file", type=click.Path())
@click.option("--to", "fmt", type=click.Choice(["json", "node-link", "graphml"]), required=True,
              help="json: the stable scenario format; node-link: networkx node-link JSON; graphml: GraphML.")
@click.option("-o", "--out", type=click.Path(dir_okay=False), required=True, help="File to write.")
def export(file: str, fmt: str, out: str) -> None:
    """Export a scenario's map for other graph tools (or rewrite it in the stable format).

    Example: designer export scenarios/night-shift.json --to graphml -o night-shift.graphml
    """
    from .io.graphs import to_graphml, to_node_link

    s = load(file)
    if fmt == "json":
        write_text_atomic(out, dumps(s))
    elif fmt == "node-link":
        write_text_atomic(out, json.dumps(to_node_link(s), indent=2, sort_keys=True) + "\n")
    else:
        to_graphml(s, out)
    click.echo(f"wrote {out}")


@cli.command("play")
@click.argument("file", type=click.Path())
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the game.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--survivors", type=click.IntRange(1, 12), default=None, help="Number of survivors (default: the scenario's).")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the turn-by-turn log as JSON lines to this file.")
@click.option("--transcript", is_flag=True, help="Print the game as a readable transcript.")
@click.option("--variant", "variant", default=None, metavar="SELECTION",
              help="Play a variant and modules of the scenario (e.g. two-players+tools).")
@click.option("--weather", "weather", default="roll", show_default=True, metavar="roll|off|ROW",
              help="With a weather table: 'roll' 2d6 from the seed (as playtest does), 'off', or a row id.")
@click.option("--random-purchases", is_flag=True, help="Buy a random kit within the budget, from the seed.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def play_command(file: str, seed: int, policy: str, survivors: int | None, log_path: str | None,
                 transcript: bool, variant: str | None, weather: str, random_purchases: bool, fmt: str) -> None:
    """Play one seeded game of a scenario and print its result.

    The same file, seed and policy always give the same game; a playtest's game plays again with
    its seed (its weather and purchase are drawn from the seed too).

    Example: designer play scenarios/night-shift.json --seed 7 --transcript
    """
    from .engine import Board, ProfileError
    from .engine.core import open_game
    from .plans import bot_plan
    from .variants import derive, draw_purchase, roll_2d6

    s = load(file)
    drawn: list[str] = []
    info: dict[str, Any] = {}
    if variant or s.variants or s.weather is not None or random_purchases:
        if random_purchases and s.budget is None:
            raise click.ClickException(f"{file}: budget: --random-purchases needs a budget with a price list")
        row = None
        if s.weather is not None and weather == "roll":
            total = roll_2d6(seed)
            row = s.weather.row_for(total).id
            drawn.append(f"weather rolled {total}: {row}")
            info.update(weather_roll=total, weather=row)
        elif weather not in ("roll", "off"):
            row = weather
            drawn.append(f"weather {row}")
            info.update(weather=row)
        purchase = None
        if random_purchases:
            sv = derive(s, variant or "base", source=file).setup.survivors
            purchase = draw_purchase(s, seed, survivors if survivors is not None else max(sv.min, min(sv.max, 4)))
            drawn.append(f"bought {purchase.label}")
            info.update(purchase=purchase.label, kit=list(purchase.kit))
        s = derive(s, variant or "base", row, purchase, source=file)
        if variant:
            drawn.insert(0, f"selection {variant}")
            info.update(selection=variant)
    try:
        game = open_game(Board(s), seed, policy, survivors=survivors, log=bool(log_path or transcript),
                         plan=bot_plan(s))
        result = game.play()
    except ProfileError as e:
        raise click.ClickException(f"{file}: setup.rules.overrides: {e}") from None
    if log_path:
        write_text_atomic(log_path, "".join(line + "\n" for line in game.log_lines()))
    if transcript:
        click.echo(game.transcript())
    if fmt == "json":
        click.echo(json.dumps({**dict(result), **info}, sort_keys=True))
        return
    outcome = "won" if result["won"] else f"lost ({result['cause'].replace('_', ' ')})"
    if drawn:
        click.echo(f"{s.meta.title}: " + "; ".join(drawn))
    click.echo(f"{s.meta.title}: {outcome} after {result['turns']} turn(s); "
               f"{result['survivors_dead']}/{result['survivors']} survivors dead, {result['kills']} kills, "
               f"{result['zombies_spawned']} zombies spawned, danger {result['max_danger']}")


@cli.command("playtest")
@click.argument("file", type=click.Path())
@click.option("-n", "--games", "n", type=click.IntRange(1, 10_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed of the run.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--survivors", type=click.IntRange(1, 12), default=None, help="Number of survivors.")
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="Local worker processes (default: one per core).")
@click.option("--scheduler", default=None, help="Dask scheduler address, e.g. tcp://127.0.0.1:8786.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the games table (.csv or .parquet).")
@click.option("--report", type=click.Path(dir_okay=False), default=None, help="Write an HTML report.")
@click.option("--store", type=click.Path(dir_okay=False), default=None,
              help="Results store (SQLite) to read and write; default: the user's store.")
@click.option("--no-store", is_flag=True, help="Neither read nor write the results store.")
@click.option("--label", default=None, help="A free-text label kept with the run in the store (e.g. 'shorter night').")
@click.option("--variant", "variants", multiple=True, metavar="SELECTION",
              help="Play a variant and modules of the scenario (e.g. two-players+tools; 'base' for none); "
                   "repeat it to compare several on the same seeds.")
@click.option("--all-variants", is_flag=True,
              help="Play every allowed variant and module combination on the same seeds and compare each with "
                   "the base game.")
@click.option("--weather", "weather", default="roll", show_default=True, metavar="roll|off|ROW",
              help="With a weather table: 'roll' 2d6 per game from its seed, 'off' to play without the table, "
                   "or a row id for every game.")
@click.option("--random-purchases", is_flag=True,
              help="Each game buys a random kit (and zombie pool) within the scenario's budget, from its seed.")
@click.option("--all-weather", is_flag=True,
              help="Play every weather row on all the game seeds and compare each with no weather (paired).")
@click.option("--band", "band_games", type=click.IntRange(1, 100_000), default=None,
              help="Also play this many games with casual and with expert (same seeds): the skill band.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def playtest_command(file: str, n: int, seed: int, policy: str, survivors: int | None, workers: int | None,
                     scheduler: str | None, out: str | None, report: str | None, store: str | None,
                     no_store: bool, label: str | None, variants: tuple[str, ...], all_variants: bool, weather: str,
                     random_purchases: bool, all_weather: bool, band_games: int | None, fmt: str) -> None:
    """Play many seeded games and print the win rate with its interval, losses by cause, turns and
    the deadliest zones. A scenario with a weather table rolls each game's weather (results split
    by the row rolled); --random-purchases splits them by purchase and by item bought.

    Example: designer playtest scenarios/seul-dans-le-noir.json -n 2000 --report report.html
    """
    from .analysis.runs import playtest
    from .engine import ProfileError

    if out and not out.endswith((".csv", ".parquet")):
        raise click.ClickException(f"{out}: expected a .csv or .parquet file")
    s = load(file)
    variant = variants[0] if len(variants) == 1 else None
    if variants and all_variants:
        raise click.ClickException("--variant and --all-variants: expected one of them (repeat --variant to "
                                   "compare some selections)")
    if random_purchases and s.budget is None:
        raise click.ClickException(f"{file}: budget: --random-purchases needs a budget with a price list; the scenario "
                                   "has none")
    if (all_weather or weather not in ("roll", "off")) and s.weather is None:
        raise click.ClickException(f"{file}: weather: --{'all-weather' if all_weather else 'weather ' + weather} needs "
                                   "a weather table; the scenario has none")
    if all_weather:
        if all_variants or len(variants) > 1 or random_purchases:
            raise click.ClickException("--all-weather plays one selection without purchases; expected at most one "
                                       "--variant and no --all-variants or --random-purchases")
        _playtest_weathers(s, file, variant, n=n, seed=seed, policy=policy, survivors=survivors, workers=workers,
                           scheduler=scheduler, fmt=fmt, store=None if no_store else (store or "default"),
                           out=out, report=report,
                           command=run_command("playtest", file, n, seed, policy, survivors,
                                               (f" --variant {variant}" if variant else "") + " --all-weather"))
        return
    if variants or all_variants or s.variants or s.weather is not None or random_purchases:
        extra = ("".join(f" --variant {v}" for v in variants) if variants else " --all-variants" if all_variants
                 else "") + \
            (f" --weather {weather}" if weather != "roll" else "") + (" --random-purchases" if random_purchases else "")
        try:
            _playtest_variants(s, file, variant, all_variants or len(variants) > 1,
                               None if weather == "off" else weather, random_purchases,
                               selections=list(variants) if len(variants) > 1 else None,
                               n=n, seed=seed, policy=policy, survivors=survivors, workers=workers,
                               scheduler=scheduler, out=out, report=report, fmt=fmt,
                               store=None if no_store else (store or "default"), label=label,
                               command=run_command("playtest", file, n, seed, policy, survivors, extra))
        except ProfileError as e:
            raise click.ClickException(f"{file}: setup.rules.overrides: {e}") from None
        return
    try:
        result = playtest(s, n=n, seed=seed, policy=policy, workers=workers, executor=scheduler,
                          survivors=survivors, store=None if no_store else (store or "default"),
                          progress=fmt == "text" and n >= 1000, keep_games=True if out else None,
                          command=run_command("playtest", file, n, seed, policy, survivors), label=label)
        if band_games:
            from .analysis.explain import skill_band

            result.meta["skill_band"] = skill_band(s, n=band_games, seed=seed, survivors=survivors,
                                                   store=None if no_store else (store or "default"))
    except ProfileError as e:
        raise click.ClickException(f"{file}: setup.rules.overrides: {e}") from None
    _playtest_outputs(s, result, out, report, fmt)
    if fmt == "text" and result.meta.get("run_id") is not None and label:
        click.echo(f"run {result.meta['run_id']} in the results store, labelled {label!r}")
    if result.interrupted:
        sys.exit(130)


def _fmt_row(r: Any, keys: tuple[str, ...]) -> list[str]:
    return [f"{r[k]:.1%}" if isinstance(r[k], float) and k.startswith(("win", "share", "chance")) else str(r[k])
            for k in keys]


def _comparison_files(table: Any, out: str | None, report: str | None, title: str, command: str,
                      note: str = "") -> None:
    """Write a comparison table (--all-variants, --all-weather): --out as CSV or Parquet, --report
    as an HTML page with the table and the command that plays it again."""
    if out:
        from .analysis.runs import _write_frame

        _write_frame(table, Path(out))
        click.echo(f"wrote the comparison table to {out}", err=True)
    if report:
        import html as html_mod

        page = ("<!doctype html><html><head><meta charset='utf-8'><title>" + html_mod.escape(title) + "</title>"
                "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto}table{border-collapse:collapse}"
                "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>"
                f"<h1>{html_mod.escape(title)}</h1>" + table.to_html(index=False, float_format=lambda x: f"{x:.3f}",
                                                                      na_rep="")
                + (f"<p>{html_mod.escape(note)}</p>" if note else "")
                + f"<h2>Reproducibility</h2><pre>{html_mod.escape(command)}</pre></body></html>")
        write_text_atomic(report, page)
        click.echo(f"wrote report to {report}", err=True)


def _playtest_weathers(s: Scenario, file: str, variant: str | None, *, n: int, seed: int, policy: str,
                       survivors: int | None, workers: int | None, scheduler: str | None, fmt: str, store: Any,
                       command: str, out: str | None = None, report: str | None = None) -> None:
    """``designer playtest --all-weather``: each weather row on every seed, against no weather."""
    from .analysis.variant_runs import playtest_weathers

    v = playtest_weathers(s, variant or "base", n=n, seed=seed, policy=policy, survivors=survivors, workers=workers,
                          executor=scheduler, progress=fmt == "text" and n >= 1000, store=store, command=command,
                          source=file)
    table = v.table()
    expected = v.expected_win_rate()
    _comparison_files(table, out, report, f"{s.meta.title}: every weather row on the same {n} game seeds", command,
                      f"Win rate with the weather rolled (sum of chance x win rate): {expected:.1%}")
    if fmt == "json":
        click.echo(json.dumps({"rows": table.to_dict(orient="records"), "expected_win_rate": expected,
                               "command": command}, sort_keys=True, default=str))
        return
    click.echo(f"{s.meta.title} ({file}), policy {policy}: each weather row on the same {n} game seeds"
               + (f", selection {variant}" if variant else ""))
    rows = []
    for r in table.to_dict(orient="records"):
        none = r["selection"] == "no weather"
        rows.append([r["selection"], "" if none else f"{r['chance']:.1%}", f"{r['win_rate']:.1%}",
                     f"{r['low']:.1%} - {r['high']:.1%}",
                     "" if none else f"{r['difference'] * 100:+.1f} ({r['diff_low'] * 100:+.1f} to "
                                     f"{r['diff_high'] * 100:+.1f})",
                     "" if none else f"{r['win_to_loss']:.0f} / {r['loss_to_win']:.0f}",
                     "" if none else f"{r['mcnemar_p']:.2g}"])
    click.echo(_table(rows, ["weather", "2d6 chance", "win rate", "95 % interval", "vs no weather, points (95 %)",
                             "flipped win>loss / loss>win", "McNemar p"]))
    click.echo(f"win rate with the weather rolled (sum of chance x win rate): {expected:.1%}")
    click.echo(f"reproduce: {command}")


def _playtest_variants(s: Scenario, file: str, variant: str | None, all_variants: bool, weather: str | None,
                       purchases: bool, *, n: int, seed: int, policy: str, survivors: int | None, workers: int | None,
                       scheduler: str | None, out: str | None, report: str | None, fmt: str, store: Any,
                       command: str, label: str | None = None, selections: list[str] | None = None) -> None:
    """``designer playtest`` of a selection with per-game weather and purchases, or of every
    selection (--all-variants)."""
    from .analysis.variant_runs import playtest_options, playtest_variants

    progress = fmt == "text" and n >= 1000
    if all_variants:
        v = playtest_variants(s, n=n, seed=seed, policy=policy, survivors=survivors, weather=weather,
                              selections=selections,
                              purchases=purchases, workers=workers, executor=scheduler, progress=progress,
                              store=store, command=command, source=file)
        table = v.table()
        _comparison_files(table, out, report, f"{s.meta.title}: {len(table)} selections on the same {n} game seeds",
                          command)
        if fmt == "json":
            click.echo(json.dumps({"selections": table.to_dict(orient="records"), "command": command},
                                  sort_keys=True, default=str))
            return
        click.echo(f"{s.meta.title} ({file}), policy {policy}: {len(table)} selections, each on the same "
                   f"{n} game seeds")
        rows = []
        for r in table.to_dict(orient="records"):
            diff = "" if r["selection"] == "base" else (
                f"{r['difference'] * 100:+.1f} ({r['diff_low'] * 100:+.1f} to {r['diff_high'] * 100:+.1f})")
            flips = "" if r["selection"] == "base" else f"{r['win_to_loss']:.0f} / {r['loss_to_win']:.0f}"
            p = "" if r["selection"] == "base" else f"{r['mcnemar_p']:.2g}"
            rows.append([r["selection"], f"{r['win_rate']:.1%}", f"{r['low']:.1%} - {r['high']:.1%}", diff, flips, p])
        click.echo(_table(rows, ["selection", "win rate", "95 % interval", "vs base, points (95 %)",
                                 "flipped win>loss / loss>win", "McNemar p"]))
        click.echo(f"reproduce: {command}")
        return
    r = playtest_options(s, variant or "base", n=n, seed=seed, policy=policy, survivors=survivors, weather=weather,
                         purchases=purchases, workers=workers, executor=scheduler, progress=progress, store=store,
                         command=command, source=file, label=label)
    plain = r.result
    summary = plain.summary()
    summary["selection"] = r.selection.label
    written = []
    if out:
        from .analysis.runs import _write_frame

        path = Path(out)
        written = [_write_frame(r.games, path),
                   _write_frame(plain.zone_games, path.with_name(f"{path.stem}.zones{path.suffix}"))]
    if report:
        from .analysis.variant_runs import write_options_report

        write_options_report(report, r)
    weather_table = r.by_weather() if r.weather_rolled else None
    if fmt == "json":
        doc = dict(summary)
        if weather_table is not None:
            doc["by_weather"] = weather_table.to_dict(orient="records")
        if r.purchases:
            doc["by_purchase"] = r.by_purchase(50).to_dict(orient="records")
            if s.budget is not None and s.budget.survivors is not None:
                doc["by_item"] = r.by_item().to_dict(orient="records")
        click.echo(json.dumps(doc, sort_keys=True, default=str))
        return
    from .analysis.report import summary_lines

    click.echo(f"selection: {r.selection.label}" + (", weather rolled per game (2d6)" if r.weather_rolled else "")
               + (", random purchases within the budget" if r.purchases else ""))
    click.echo("\n".join(summary_lines(summary)))
    if weather_table is not None:
        click.echo("")
        rows = [[w["weather"], w["rolls"], f"{w['chance']:.1%}", str(w["games"]), f"{w['share']:.1%}",
                 f"{w['win_rate']:.1%}" if w["games"] else "-",
                 f"{w['low']:.1%} - {w['high']:.1%}" if w["games"] else "-"]
                for w in weather_table.to_dict(orient="records")]
        click.echo(_table(rows, ["weather", "2d6", "chance", "games", "share", "win rate", "95 % interval"]))
    if r.purchases:
        click.echo("")
        bp = r.by_purchase(10)
        rows = [[p["purchase"], str(p["points"]), str(p["games"]), f"{p['win_rate']:.1%}",
                 f"{p['low']:.1%} - {p['high']:.1%}"] for p in bp.to_dict(orient="records")]
        click.echo(_table(rows, ["purchase (10 most frequent)", "points", "games", "win rate", "95 % interval"]))
        if s.budget is not None and s.budget.survivors is not None:
            click.echo("")
            rows = [[i["item"], str(i["price"]), str(i["games_with"]),
                     f"{i['win_rate_with']:.1%}" if i["games_with"] else "-",
                     f"{i['win_rate_without']:.1%}" if i["games_without"] else "-",
                     f"{i['difference'] * 100:+.1f} ({i['diff_low'] * 100:+.1f} to {i['diff_high'] * 100:+.1f})"
                     if i["games_with"] and i["games_without"] else "-"]
                    for i in r.by_item().to_dict(orient="records")]
            click.echo(_table(rows, ["item", "price", "games with it", "win rate with", "without",
                                     "with - without, points (95 %)"]))
    for path in written:
        click.echo(f"wrote {'per-zone counts' if '.zones.' in path.name else 'games'} to {path}")
    if report:
        click.echo(f"wrote report to {report}")
    if plain.meta.get("run_id") is not None and label:
        click.echo(f"run {plain.meta['run_id']} in the results store, labelled {label!r}")
    if plain.interrupted:
        sys.exit(130)


@cli.command("campaign")
@click.argument("file", type=click.Path())
@click.option("-n", "--runs", "n", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="Local worker processes (default: one per core).")
@click.option("--scheduler", default=None, help="Dask scheduler address, e.g. tcp://127.0.0.1:8786.")
@click.option("--report", type=click.Path(dir_okay=False), default=None, help="Write an HTML report.")
@click.option("--check", "check_only", is_flag=True, help="Only validate the campaign.")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write the runs table (.csv or .parquet) and the games table beside it (NAME.games.EXT).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def campaign_command(file: str, n: int, seed: int, policy: str, workers: int | None, scheduler: str | None,
                     report: str | None, check_only: bool, out: str | None, fmt: str) -> None:
    """Validate a campaign, then simulate it many times: the funnel of steps, the per-step table
    and the bottleneck.

    Example: designer campaign scenarios/campaigns/seul-dans-le-noir.json -n 1000 --report campaign.html
    """
    from .campaign import check_campaign_file

    c, scenarios, found = check_campaign_file(file)
    for f in found:
        ids = f" [{', '.join(f.ids)}]" if f.ids else ""
        click.echo(f"{file}: {f.severity} {f.code}: {f.message}{ids}", err=fmt == "json")
    if c is None or any(f.severity == "error" for f in found):
        sys.exit(1)
    if check_only:
        if not found:
            click.echo(f"{file}: ok")
        return
    from .analysis.campaign import simulate_campaign
    from .campaign.runner import LoadedCampaign

    if out and not out.endswith((".csv", ".parquet")):
        raise click.ClickException(f"{out}: expected a .csv or .parquet file")
    result = simulate_campaign(LoadedCampaign(c, scenarios, file), n=n, seed=seed, policy=policy, workers=workers,
                               executor=scheduler, progress=fmt == "text" and n >= 200,
                               command=run_command("campaign", file, n, seed, policy, None))
    _campaign_outputs(result, out, report, fmt)


def _campaign_outputs(result: Any, out: str | None, report: str | None, fmt: str) -> None:
    """Write a campaign simulation's files and print its summary."""
    c = result.loaded.campaign
    written = result.save(out) if out else []
    if report:
        from .analysis.campaign_report import write_campaign_report

        write_campaign_report(report, result)
    if fmt == "json":
        click.echo(json.dumps(result.summary(), sort_keys=True, default=str))
        return
    p, lo, hi = result.win_rate()
    click.echo(f"{c.meta.title}: {len(result.runs)} campaigns, won {p:.1%} (95 % interval {lo:.1%} - {hi:.1%})")
    click.echo("")
    funnel = result.funnel()
    bands = result.bands()
    rows = []
    stock = [c[7:] for c in result.resource_columns]  # the party's resources, when the campaign has some
    for f, b in zip(funnel.to_dict("records"), bands.to_dict("records")):
        rows.append([f["step"], f"{f['reached']:.1%}", str(f["runs_reached"]), f"{f['won']:.1%}",
                     f"{f['game_win_rate']:.1%}" if f["games"] else "", str(f["lost_here"]),
                     f"{b['heroes_in_mean']:.2f}", f"{b['items_in_mean']:.1f}", f"{b['xp_in_mean']:.1f}",
                     *(f"{f[r + '_in_mean']:.1f}" if f["runs_reached"] else "" for r in stock)])
    click.echo(_table(rows, ["step", "reached", "campaigns", "won (any game)", "per game", "campaigns lost here",
                             "heroes who play", "items in", "max XP in", *(f"{r} in" for r in stock)]))
    click.echo("")
    click.echo(f"bottleneck: {result.bottleneck() or 'none'}")
    click.echo(f"reproduce: {result.meta['command']}  (engine {result.meta['engine_version']}, {result.meta['date']})")
    for path in written:
        click.echo(f"wrote {path}")
    if report:
        click.echo(f"wrote report to {report}")


@cli.command()
@click.option("--markdown", is_flag=True, help="Print the Markdown reference page (docs/findings.md).")
def codes(markdown: bool) -> None:
    """List every finding code with its severity and meaning.

    Example: designer codes --markdown > docs/findings.md
    """
    from .checks.findings import CODES, findings_table

    if markdown:
        click.echo(findings_table(), nl=False)
        return
    click.echo(_table([[c.code, c.severity, c.family, c.meaning] for c in CODES.values()],
                      ["code", "severity", "family", "meaning"]))


@cli.group()
def bench() -> None:
    """Benchmarks that print figures (never timed tests).

    Example: designer bench validate --json
    """


def _spread_text(d: dict[str, float], unit: str = "s", digits: int = 2) -> str:
    """A benchmark figure as the bench commands print it: ``median unit (min .., max ..)``."""
    return f"{d['median']:.{digits}f} {unit} (min {d['min']:.{digits}f}, max {d['max']:.{digits}f})"


@bench.command("validate")
@click.option("--zones", type=click.IntRange(100, 200_000), default=10_000, show_default=True)
@click.option("--repeat", type=click.IntRange(1, 100), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_validate(zones: int, repeat: int, as_json: bool) -> None:
    """Time a full validation of a generated map against one networkx BFS of the same graph.

    Example: designer bench validate --zones 10000
    """
    from .bench.validate import run

    r = run(zones=zones, repeat=repeat)
    click.echo(f"map: {r['zones']} zones, {r['connections']} connections, {r['locks']} locks with their keys, "
               f"{r['switches']} switches, {r['drops']} one-way drops")
    click.echo(f"full validation:     {r['validate_s'] * 1000:9.1f} ms CPU, median ({r['validate_min_s'] * 1000:.1f}-"
               f"{r['validate_max_s'] * 1000:.1f})  (winnable: {r['winnable']}, "
               f"{r['findings']} findings, {r['search_states']} search states)")
    click.echo(f"one networkx BFS:    {r['networkx_bfs_s'] * 1000:9.1f} ms CPU, median ({r['networkx_bfs_min_s'] * 1000:.1f}-"
               f"{r['networkx_bfs_max_s'] * 1000:.1f})")
    click.echo(f"validation / BFS:    {r['validate_over_bfs']:9.1f} x  (target <= {r['target_validate_over_bfs']:.0f} x)")
    click.echo(f"{r['zones_small']}-zone map:        {r['validate_small_ms']:9.1f} ms  "
               f"(target < {r['target_validate_small_ms']:.0f} ms)")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("bots")
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--games", type=click.IntRange(10, 1_000_000), default=200, show_default=True,
              help="Games per bot and scenario (the same seeds for every bot).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--zombie-free-games", type=click.IntRange(0, 10_000), default=10, show_default=True,
              help="Expert games of each scenario's zombie-free version.")
@click.option("--speed-games", type=click.IntRange(0, 100_000), default=100, show_default=True,
              help="Expert games of Night Shift per timed run (three runs; 0: skip).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_bots(files: tuple[str, ...], games: int, seed: int, zombie_free_games: int, speed_games: int,
               as_json: bool) -> None:
    """The skill ladder (random, casual, expert) on every sample and published mission: win rates
    with intervals, paired McNemar tests, CPU per game, and the targets met or missed.

    Example: designer bench bots --games 200 --json
    """
    from pathlib import Path

    from .bench.bots import dumps, report_lines, run

    paths = [Path(f) for f in files] or None
    for p in paths or []:
        load(p)  # a bad file is one clear line before anything is played
    r = run(paths, n=games, seed=seed, zombie_free_games=zombie_free_games, speed_games=speed_games,
            on_line=None if as_json else click.echo)
    for line in report_lines(r):
        click.echo(line)
    if as_json:
        click.echo(json.dumps(json.loads(dumps(r)), sort_keys=True))


@bench.command("playtest")
@click.option("--games", type=click.IntRange(10, 10_000_000), default=20_000, show_default=True,
              help="Games per scenario for the one-process figures.")
@click.option("--dask-games", type=click.IntRange(0, 10_000_000), default=20_000, show_default=True,
              help="Games for the Dask comparison (0 to skip it).")
@click.option("--dask-large-games", type=click.IntRange(0, 10_000_000), default=200_000, show_default=True,
              help="Games for a second Dask comparison, where the games outweigh Dask's fixed costs (0 to skip it).")
@click.option("--interpreted-games", type=click.IntRange(1, 100_000), default=300, show_default=True,
              help="Games per scenario for compiled vs interpreted.")
@click.option("--padded-games", type=click.IntRange(0, 1_000_000), default=1_000, show_default=True,
              help="Games on each padded map (0 to skip the padded maps).")
@click.option("--city-games", type=click.IntRange(0, 1_000_000), default=200, show_default=True,
              help="Games on the benchmark city of 10,000 zones and 1,624 doors (0 to skip it).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_playtest(games: int, dask_games: int, dask_large_games: int, interpreted_games: int,
                   padded_games: int, city_games: int, as_json: bool) -> None:
    """What a game costs: CPU time per game and per action, the floor, compiled vs interpreted,
    copies, padded maps, and two Dask workers.

    Example: designer bench playtest --games 20000 --dask-games 20000
    """
    from .bench.playtest import report_lines, run

    r = run(games=games, dask_games=dask_games, dask_large_games=dask_large_games,
            interpreted_games=interpreted_games, padded_games=padded_games,
            padded_sizes=(2_000, 20_000) if padded_games else (), city_games=city_games)
    for line in report_lines(r):
        click.echo(line)
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("variants")
@click.argument("file", type=click.Path(), default=None, required=False)
@click.option("--games", type=click.IntRange(10, 1_000_000), default=2000, show_default=True)
@click.option("--repeat", type=click.IntRange(1, 20), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_variants(file: str | None, games: int, repeat: int, as_json: bool) -> None:
    """What variants, weather and purchases cost: validation of every combination, playtests with
    per-game weather and purchases, --all-variants (CPU seconds, min / median / max).

    Example: designer bench variants scenarios/frozen-depot.json --games 2000
    """
    from .bench.variants import SAMPLE, report_lines, run

    path = file or str(SAMPLE)
    load(path)
    r = run(path, games=games, repeat=repeat)
    for line in report_lines(r):
        click.echo(line)
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("load")
@click.option("--dangling", type=click.IntRange(1, 200_000), default=200_000, show_default=True,
              help="Connections between zones that do not exist.")
@click.option("--zones", type=click.IntRange(1, 2_000_000), default=1_000_000, show_default=True,
              help="Zones of the oversized map.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_load(dangling: int, zones: int, as_json: bool) -> None:
    """Time the loader on oversized and broken files (CPU seconds, min / median / max of 3).

    Example: designer bench load
    """
    from .bench.load import run

    r = run(dangling=dangling, zones=zones)
    for name, f in r.items():
        click.echo(f"{name} ({f['mib']} MiB): {f['cpu_s_min']:.2f} / {f['cpu_s_median']:.2f} / "
                   f"{f['cpu_s_max']:.2f} s CPU; {f['answer']}")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("ui")
@click.option("--zones", type=click.IntRange(10, 5000), default=200, show_default=True)
@click.option("--edits", type=click.IntRange(1, 10_000), default=50, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_ui(zones: int, edits: int, as_json: bool) -> None:
    """Time the designer's edit round-trip (edit, findings, canvas elements) in Python.

    Example: designer bench ui --zones 200
    """
    from .bench.ui import run

    r = run(zones=zones, edits=edits)
    click.echo(f"{r['zones']}-zone map, {r['edits']} drags: edit -> findings -> canvas elements "
               f"median {r['round_trip_ms_median']:.1f} ms, max {r['round_trip_ms_max']:.1f} ms "
               f"(target < {r['target_ms']:.0f} ms)")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("pipeline")
@click.argument("file", type=click.Path(), default="scenarios/seul-dans-le-noir.json")
@click.option("--games", type=click.IntRange(10, 10_000_000), default=1_000_000, show_default=True)
@click.option("--repeat", type=click.IntRange(1, 20), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_pipeline(file: str, games: int, repeat: int, as_json: bool) -> None:
    """What `designer playtest` costs beyond its games: CPU time against the games alone, peak
    memory at N and N/10 games, start-up; fresh processes, min/median/max of the runs.

    Example: designer bench pipeline scenarios/seul-dans-le-noir.json --games 1000000
    """
    from .bench.pipeline import run

    load(file)
    r = run(file, games=games, repeat=repeat)
    fmt = _spread_text
    click.echo(f"{file}, {games:,} games, {repeat} runs each, CPU time")
    click.echo(f"games alone (typed engine, chunks of 10,000): {fmt(r['games_alone_cpu_s'])}")
    click.echo(f"designer playtest -n {games} (whole process):   {fmt(r['command_cpu_s'])}"
               f" = {r['command_over_games']:.2f} x the games (target <= {r['target_command_over_games']:.0f} x)")
    click.echo(f"peak memory: {fmt(r['command_peak_mb'], 'MB')} (target < {r['target_peak_mb']:.0f} MB); "
               f"with --no-store {fmt(r['no_store_peak_mb'], 'MB')} at {games:,} games, "
               f"{fmt(r['no_store_peak_mb_tenth_games'], 'MB')} at {max(1, games // 10):,}")
    click.echo(f"start-up, designer playtest -n 1 (whole process): {fmt(r['startup_cpu_s'])} "
               f"(target < {r['target_startup_s']} s)")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("tune")
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--target", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.4, show_default=True)
@click.option("--tolerance", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), default=0.03,
              show_default=True)
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="casual",
              show_default=True)
@click.option("--budget", type=click.FloatRange(1, 3600), default=50.0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the table as one JSON object on the last line.")
def bench_tune(files: tuple[str, ...], target: float, tolerance: float, policy: str, budget: float,
               as_json: bool) -> None:
    """`designer tune FILE --target T --policy P` on every sample (or FILES), one fresh process
    after the other: the per-sample table (start, rate reached on fresh seeds, knobs changed, CPU
    and wall clock of the whole process, load average).

    Example: designer bench tune --json
    """
    from .bench.tune import row_line, run, table_lines

    for f in files:
        load(f)
    r = run(list(files) or None, target=target, tolerance=tolerance, policy=policy, budget=budget,
            progress=lambda row: click.echo(row_line(row), err=True))
    for line in table_lines(r):
        click.echo(line)
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("startup")
@click.argument("file", type=click.Path(), default="scenarios/seul-dans-le-noir.json")
@click.option("--repeat", type=click.IntRange(1, 20), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_startup(file: str, repeat: int, as_json: bool) -> None:
    """Start-up of `designer playtest FILE -n 1 --no-store` (import to first game): CPU time and
    wall clock of fresh processes, min/median/max, where the time goes, what it imported.

    Example: designer bench startup scenarios/seul-dans-le-noir.json
    """
    from .bench.pipeline import startup

    load(file)
    r = startup(file, repeat=repeat)

    def fmt(d: dict[str, float]) -> str:
        return _spread_text(d, digits=3)

    click.echo(f"designer playtest {file} -n 1 --no-store, {repeat} fresh processes")
    click.echo(f"CPU time:   {fmt(r['cpu_s'])} (target < {r['target_s']} s)")
    click.echo(f"wall clock: {fmt(r['wall_s'])}")
    click.echo(f"the model's validators generated at each start (no kept schema): CPU {fmt(r['no_kept_schema_cpu_s'])}")
    click.echo(f"compiling every module at each start (PYTHONDONTWRITEBYTECODE=1): CPU {fmt(r['no_bytecode_cpu_s'])}, "
               f"wall {fmt(r['no_bytecode_wall_s'])}")
    for name, d in r["stages_cpu_s"].items():
        click.echo(f"  {name}: {fmt(d)}")
    click.echo(f"heavy libraries imported: {', '.join(r['heavy_imports']) or 'none'}")
    click.echo(f"a pool of 2 fresh worker processes, start to first result (wall): {fmt(r['worker_pool_start_wall_s'])}"
               f"; playtests assume {r['worker_start_s_assumed']} s (load average {r['load_average']:.1f})")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


@bench.command("store")
@click.argument("file", type=click.Path(), default="scenarios/seul-dans-le-noir.json")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100_000, show_default=True)
@click.option("--repeat", type=click.IntRange(1, 20), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object on the last line.")
def bench_store(file: str, games: int, repeat: int, as_json: bool) -> None:
    """Play a run, save it into a fresh results store and read it back: CPU time and wall clock,
    min/median/max, read against play, and the file's size against schema 2's Parquet blobs.

    Example: designer bench store scenarios/seul-dans-le-noir.json --games 100000
    """
    from .bench.pipeline import store

    load(file)
    r = store(file, games=games, repeat=repeat)
    fmt = _spread_text
    click.echo(f"{file}, {games:,} games ({r['zone_entries_per_game']:.1f} per-zone counts a game), {repeat} runs")
    click.echo(f"play: CPU {fmt(r['play_cpu_s'])}, wall {fmt(r['play_wall_s'])}")
    click.echo(f"save: CPU {fmt(r['save_cpu_s'])}, wall {fmt(r['save_wall_s'])}")
    click.echo(f"read back: CPU {fmt(r['read_cpu_s'])}, wall {fmt(r['read_wall_s'])}"
               f"{'' if r['read_back_equal'] else ' (NOT the same games)'}: play / read = {r['play_over_read']:.1f} "
               f"(target >= {r['target_play_over_read']:.0f})")
    click.echo(f"cached playtest (read, counts, hash and plan): CPU {fmt(r['cached_playtest_cpu_s'])}")
    click.echo(f"file: {fmt(r['file_mb'], 'MB')}, {r['bytes_per_game']:.0f} bytes a game; schema 2's Parquet blobs "
               f"{r['parquet_mb']:.2f} MB: {r['file_over_parquet']:.2f} x (target <= {r['target_file_over_parquet']}); "
               f"their frames and Parquet bytes: CPU {fmt(r['schema_2_frames_and_parquet_cpu_s'])}")
    click.echo("bytes a game: " + ", ".join(f"{kind} {v:.1f}" for kind, v in r["bytes_per_game_by_kind"].items())
               + " (values per kind of field: per game, entry counts, objectives, per-zone counts)")
    if as_json:
        click.echo(json.dumps(r, sort_keys=True))


# --------------------------------------------------------------------------------------------
# playtest outputs, compare and tune


def run_command(command: str, file: str, n: int, seed: int, policy: str, survivors: int | None,
                extra: str = "") -> str:
    """The command line that plays a run again (for the reproducibility block)."""
    import shlex

    line = f"designer {command} {shlex.quote(file)}{extra} -n {n} --seed {seed} --policy {policy}"
    return line + (f" --survivors {survivors}" if survivors is not None else "")


def _playtest_outputs(s: Scenario, result: Any, out: str | None, report: str | None, fmt: str) -> None:
    """Print a playtest's summary and write its files (games and per-zone counts, HTML report)."""
    summary = result.summary()
    written = result.save(out, zones=True) if out else []
    if report:
        from .analysis.report import write_report

        write_report(report, s, result)
    if fmt == "json":
        click.echo(json.dumps(summary, sort_keys=True, default=str))
        return
    from .analysis.report import summary_lines

    click.echo("\n".join(summary_lines(summary)))
    for path in written:
        click.echo(f"wrote {'per-zone counts' if '.zones.' in path.name else 'games'} to {path}")
    if report:
        click.echo(f"wrote report to {report}")


@cli.command("points")
@click.argument("file", type=click.Path())
@click.option("-n", "--games", "n", type=click.IntRange(1, 1_000_000), default=500, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed of the run.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy",
              show_default=True)
@click.option("--survivors", type=click.IntRange(1, 12), default=None, help="Number of survivors.")
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="Local worker processes (default: this process).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write one row per game (.csv).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def points_command(file: str, n: int, seed: int, policy: str, survivors: int | None, workers: int | None,
                   out: str | None, fmt: str) -> None:
    """Play a victory points mission and print the distribution of its score: mean with its
    interval, quantiles, the share of games reaching the target and a histogram (docs/terrain.md).

    Example: designer points scenarios/eden-skirmish.json -n 500
    """
    from .analysis.points import playtest_points

    if out and not out.endswith(".csv"):
        raise click.ClickException(f"{out}: expected a .csv file")
    s = load(file)
    if s.points is None:
        raise click.ClickException(f"{file}: points: the scenario is not a victory points mission; expected a "
                                   "'points' section (docs/terrain.md)")
    result = playtest_points(s, n=n, seed=seed, policy=policy, survivors=survivors, workers=workers,
                             command=run_command("points", file, n, seed, policy, survivors))
    if out:
        write_text_atomic(out, result.frame().to_csv(index=False))
    if fmt == "json":
        click.echo(json.dumps({"summary": result.summary(), "histogram": result.histogram()}, sort_keys=True))
    else:
        click.echo(result.report())
        if out:
            click.echo(f"wrote games to {out}")
    if result.interrupted:
        sys.exit(130)


@cli.command("compare")
@click.argument("file_a", type=click.Path())
@click.argument("file_b", type=click.Path())
@click.option("-n", "--games", "n", type=click.IntRange(1, 10_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed: both versions play the same games.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--survivors", type=click.IntRange(1, 12), default=None, help="Number of survivors.")
@click.option("--games-listed", type=click.IntRange(0, 10_000), default=10, show_default=True,
              help="Flipped games to list in each direction (with their seeds).")
@click.option("--variant", "variant", default=None, metavar="SELECTION",
              help="Play this variant and modules of both files (each must declare them); "
                   "to compare variants of one file, use playtest --variant A --variant B.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def compare_command(file_a: str, file_b: str, n: int, seed: int, policy: str, survivors: int | None,
                    games_listed: int, variant: str | None, fmt: str) -> None:
    """Compare two versions of a scenario on the same game seeds: both win rates, the difference
    with its interval and p-value, and the paired test (McNemar) on the games that flipped.

    Example: designer compare scenarios/seul-dans-le-noir.json my-version.json -n 4000
    """
    from .analysis.compare import compare
    from .engine import ProfileError

    a, b = load(file_a), load(file_b)
    if variant is not None:
        from .variants import derive

        a, b = derive(a, variant, source=file_a), derive(b, variant, source=file_b)
    try:
        c = compare(a, b, n=n, seed=seed, policy=policy, survivors=survivors, labels=(file_a, file_b),
                    progress=fmt == "text" and n >= 20_000,
                    command=run_command("compare", file_a, n, seed, policy, survivors,
                                        f" {file_b}" + (f" --variant {variant}" if variant else "")))
    except ProfileError as e:
        raise click.ClickException(f"setup.rules.overrides: {e}") from None
    doc = c.as_dict(list_games=games_listed)
    if fmt == "json":
        click.echo(json.dumps(doc, sort_keys=True, default=str))
        return
    click.echo(c.statement())
    for name, text in (("win_to_loss", "win to loss"), ("loss_to_win", "loss to win")):
        games = doc["flipped_games"][name]
        if games:
            more = doc["paired"][name] - len(games)
            click.echo(f"flipped {text}: " + ", ".join(f"game {g['game']} (seed {g['seed']})" for g in games)
                       + (f", and {more} more" if more > 0 else ""))
    r = doc["reproducibility"]
    click.echo(f"reproduce: {r['command']}  (engine {r['engine_version']}, {r['date']})")


@cli.command("tune")
@click.argument("file", type=click.Path())
@click.option("--target", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.4, show_default=True,
              help="The win rate wanted.")
@click.option("--tolerance", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), default=0.03,
              show_default=True, help="How close to the target is close enough.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--survivors", type=click.IntRange(1, 12), default=None, help="Number of survivors.")
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed of the screening games.")
@click.option("--allow", "allow", multiple=True,
              type=click.Choice(["turn_limit", "spawn", "zombie_pool", "equipment", "spawn_active"]),
              help="A kind of knob the search may turn (repeat it; default: all).")
@click.option("--budget", type=click.FloatRange(1, 3600), default=50.0, show_default=True,
              help="CPU seconds after which the search stops with the best scenario found.")
@click.option("-o", "--out", type=click.Path(dir_okay=False), default=None, help="Write the changed scenario here.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def tune_command(file: str, target: float, tolerance: float, policy: str, survivors: int | None, seed: int,
                 allow: tuple[str, ...], budget: float, out: str | None, fmt: str) -> None:
    """Find the smallest change of the knobs you allow (turn limit, spawn dice or count, zombie
    pool, starting equipment, a spawn's activation) that brings the win rate into target +-
    tolerance, on paired seeds, confirmed on fresh games. Exit 1 when the target is not reached.

    Example: designer tune scenarios/seul-dans-le-noir.json --target 0.4 --policy greedy -o tuned.json
    """
    from .analysis.tune import KNOB_KINDS, TuneError, tune
    from .engine import ProfileError

    s = load(file)
    try:
        line = run_command("tune", file, 0, seed, policy, survivors).replace(" -n 0", f" --target {target} "
                                                                             f"--tolerance {tolerance}")
        line += "".join(f" --allow {k}" for k in allow)
        r = tune(s, target=target, tolerance=tolerance, policy=policy, survivors=survivors, seed=seed,
                 allow=allow or KNOB_KINDS, budget_s=budget, command=line)
    except TuneError as e:
        raise click.ClickException(f"{file}: {e}") from None
    except ProfileError as e:
        raise click.ClickException(f"{file}: setup.rules.overrides: {e}") from None
    if out:
        save(r.scenario, out)
    if fmt == "json":
        doc = r.as_dict()
        doc["scenario"] = json.loads(dumps(r.scenario))
        click.echo(json.dumps(doc, sort_keys=True, default=str))
    else:
        click.echo(f"{s.meta.title} ({file}), policy {policy}: " + r.statement())
        for i, m in enumerate(r.path, 1):
            click.echo(f"  {i}. {m['change']} ({m['steps']} step(s); screened win rate {m['screened_win_rate']:.1%})")
        rep = r.reproducibility
        click.echo(f"reproduce: {rep['command']}  (engine {rep['engine_version']}, {rep['date']})")
        if out:
            click.echo(f"wrote {out}")
    sys.exit(0 if r.reached else 1)


def _sweep_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


@cli.command("sweep")
@click.argument("file", type=click.Path())
@click.option("--parameter", required=True,
              help="survivors, policy, turn_limit or rule:<override> (e.g. rule:actions).")
@click.option("--values", "values", required=True, help="Comma-separated values, e.g. 5,7,9,11.")
@click.option("-n", "--games", "n", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed: every value plays the same games.")
@click.option("--policy", type=click.Choice(["greedy", "casual", "cautious", "random", "expert"]), default="greedy", show_default=True)
@click.option("--target", type=click.FloatRange(0, 1), default=None, help="A target win rate to draw.")
@click.option("--tolerance", type=click.FloatRange(0, 0.5), default=None, help="The band around the target.")
@click.option("--report", type=click.Path(dir_okay=False), default=None, help="Write an HTML report (plot and table).")
@click.option("--variant", "variant", default=None, metavar="SELECTION",
              help="Sweep this variant and modules of the scenario (e.g. two-players+tools).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def sweep_command(file: str, parameter: str, values: str, n: int, seed: int, policy: str, target: float | None,
                  tolerance: float | None, report: str | None, variant: str | None, fmt: str) -> None:
    """Win rate (with its interval) for each value of one parameter, on the same game seeds.

    Example: designer sweep scenarios/seul-dans-le-noir.json --parameter turn_limit --values 5,6,7,9,15 --target 0.4
    """
    from .analysis.runs import sweep
    from .engine import ProfileError

    s = load(file)
    if variant is not None:
        from .variants import derive

        s = derive(s, variant, source=file)
    vals = [_sweep_value(v.strip()) for v in values.split(",") if v.strip()]
    if not vals:
        raise click.ClickException("--values: expected at least one value")
    command = f"designer sweep {file} --parameter {parameter} --values {values} -n {n} --seed {seed} --policy {policy}" \
        + (f" --variant {variant}" if variant else "")
    try:
        table = sweep(s, parameter, vals, n=n, seed=seed, policy=policy, store=None, command=command)
    except ValueError as e:
        raise click.ClickException(f"{file}: {e}") from None
    except ProfileError as e:
        raise click.ClickException(f"{file}: setup.rules.overrides: {e}") from None
    from .analysis.report import sweep_rows, write_sweep_report

    if report:
        write_sweep_report(report, s, table, parameter, target, tolerance)
    marked = sweep_rows(table, parameter, target, tolerance)
    if fmt == "json":
        click.echo(json.dumps({"parameter": parameter, "rows": marked.to_dict(orient="records"), "command": command,
                               "target": target, "tolerance": tolerance,
                               "reproducibility": table.attrs.get("reproducibility")},
                              sort_keys=True, default=str))
        return
    rows = []
    for r in marked.itertuples(index=False):
        rows.append([str(getattr(r, parameter) if parameter.isidentifier() else r[0]), f"{r.win_rate:.1%}",
                     f"{r.low:.1%} - {r.high:.1%}", f"{r.median_turns:.0f}", f"{r.deaths_per_game:.2f}",
                     r.target if target is not None else ""])
    band = (f"target {target:.0%}" + (f" +- {tolerance:.0%}" if tolerance else "")) if target is not None else ""
    click.echo(_table(rows, [parameter, "win rate", "95 % interval", "median turns", "deaths/game", band]))
    click.echo(f"reproduce: {command}")
    if report:
        click.echo(f"wrote report to {report}")


BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The variables that set the threads of numpy's linear algebra library (OpenBLAS in numpy's
wheels reads the first three, in this order; MKL builds read ``MKL_NUM_THREADS`` and the third)."""


def one_blas_thread() -> bool:
    """Run numpy's linear algebra library on one thread in this process, unless the user set its
    threads or numpy is already imported; True when it did.

    OpenBLAS starts a thread per core when numpy is imported (a fifth of the CPU time of a start-up
    on a two-core machine, more with more cores). The commands use numpy to count games, never for
    linear algebra, and worker processes, which inherit the setting, are one thread each by design.
    """
    if "numpy" in sys.modules or any(name in os.environ for name in BLAS_THREADS):
        return False
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    return True


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``designer`` command."""
    one_blas_thread()
    cli.main(args=argv, prog_name="designer")


if __name__ == "__main__":  # pragma: no cover
    main()
