"""One game in progress, as the browser holds it: an action log replayed through the engine.

The log ``{"game", "players", "options", "seed", "actions": [[seat, action], ...]}`` is what the
app saves, shares and replays. Loading never trusts it: every action goes through ``apply``, so a
tampered log is refused at the first bad move with the engine's reason. All functions return
plain JSON-safe dicts and are usable from CPython tests exactly as from the browser worker.

Every failure is coded like a refused move: ``{"ok": False, "code", "params", "error"}``; the page
words ``code`` with ``params`` from its string tables (static/strings/common.json), and ``error``
is the English for the console and the CLI only. ``tabletop.protocol`` declares which of these
functions the page may call, with their arguments' kinds.
"""

from __future__ import annotations

import json

from . import SLUGS, IllegalAction, get_game
from .bots import LEVELS, bot_levels, choose_action, default_level
from .bots.worlds import Sampler
from .patience import best_sampled
from .reader import check_json_value, load_json

_current = {"state": None, "log": None}


def refuse(code, message, **params):
    """A failed call's answer: the code and params the page words, the English for the console."""
    return {"ok": False, "error": message, "code": code, "params": params}


class LogRefused(ValueError):
    """A log that cannot be loaded, with a code and params the page can word (the message is
    the English reason, so callers that catch ValueError keep reading it)."""

    def __init__(self, code, message, /, **params):
        super().__init__(message)
        self.code, self.params = code, params

    def answer(self):
        return refuse(self.code, str(self), **self.params)


def _seat_of(state, seat):
    """True when ``seat`` is a seat number of ``state``'s table."""
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < state.players


def _no_seat(seat):
    return refuse(
        "no_such_seat",
        f"there is no seat {seat}",
        number=seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
    )


LOG_KEYS = {"game", "players", "options", "seed", "setup", "actions"}


MAX_LOG_ACTIONS = 100_000  # far beyond the longest real game (Mexican Train's bound is 60,000)


def parse_log(log):
    """Validate the shape of a log; return it as a dict or raise ValueError with the reason.

    Text is bounded in size and depth before it is parsed (``reader.load_json``); options must be
    an object when given (``null``, ``0``, ``false`` or ``[]`` are refused, not taken as ``{}``);
    the seed a whole number from 0; players a whole number when given."""
    try:
        if isinstance(log, str):
            log = load_json(log, "the saved game")
        elif log is not None:
            check_json_value(log, "the saved game")
    except ValueError as err:  # too long, too deep, not JSON: nothing of it can be read
        raise LogRefused("log_unreadable", str(err)) from None
    if not isinstance(log, dict):
        raise LogRefused("log_unreadable", "the saved game is not an object")
    unknown = set(log) - LOG_KEYS
    if unknown:
        names = sorted(map(str, unknown))
        raise LogRefused(
            "log_unknown_field",
            f"the saved game has unknown field(s): {', '.join(names)[:200]}",
            field=names[0][:40],
        )
    if log.get("game") not in SLUGS:
        raise LogRefused(
            "log_unknown_game",
            f"the saved game names an unknown game: {str(log.get('game'))[:40]!r}",
            game=str(log.get("game"))[:40],
        )
    actions = log.get("actions", [])
    if not isinstance(actions, list) or not all(
        isinstance(a, list)
        and len(a) == 2
        and isinstance(a[0], int)
        and not isinstance(a[0], bool)
        and isinstance(a[1], str)
        for a in actions
    ):
        raise LogRefused(
            "log_bad_field",
            "the saved game's moves must be a list of [seat, action] pairs",
            field="actions",
        )
    if len(actions) > MAX_LOG_ACTIONS:
        raise LogRefused(
            "log_too_many_moves",
            f"the saved game has too many moves ({len(actions)})",
            n=len(actions),
            most=MAX_LOG_ACTIONS,
        )
    options = log.get("options", {})
    if not isinstance(options, dict):
        raise LogRefused(
            "log_bad_field",
            f"the saved game's options must be an object, not {json.dumps(options)[:40]}",
            field="options",
        )
    seed = log.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise LogRefused(
            "log_bad_field",
            f"the saved game's seed must be a whole number from 0, not {json.dumps(seed)[:40]}",
            field="seed",
        )
    players = log.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise LogRefused(
            "log_bad_field",
            f"the saved game's player count must be a whole number, not {json.dumps(players)[:40]}",
            field="players",
        )
    out = {
        "game": log["game"],
        "players": players,
        "options": options,
        "seed": seed,
        "actions": actions,
    }
    if log.get("setup") is not None:  # an explicit deal, as in the rules files' worked examples
        out["setup"] = log["setup"]
    return out


def initial_state(log):
    """The state before the first move of a parsed log (its deal: seed, or explicit setup)."""
    return get_game(log["game"]).new_state(
        players=log["players"], options=log["options"], seed=log["seed"], setup=log.get("setup")
    )


def _setup_refusal(log, err):
    """Which part of a log's setup its game refuses, as far as it can be named: the player count,
    an option it does not have or a value an option does not take; else the setup as a whole
    (a combination of options, an explicit deal)."""
    info = get_game(log["game"])
    declared = {option.key: option for option in info.options}
    try:
        info.check_players(log["players"])
    except ValueError:
        return LogRefused("log_bad_players", str(err), players=log["players"])
    for key, value in log["options"].items():
        if key not in declared:
            return LogRefused("log_unknown_option", str(err), option=str(key)[:40])
        try:
            declared[key].check(value)
        except ValueError:
            return LogRefused("log_bad_option", str(err), option=key, value=json.dumps(value)[:40])
    return LogRefused("log_setup_refused", str(err), game=log["game"])


def replay(log, on_step=None):
    """(state, log) after replaying every move; raises ``LogRefused`` (a ValueError) naming the
    first refused move with the engine's own refusal (``params["refusal"]``: its code and params).
    ``on_step(state)`` is called with the state before the first move and after each one."""
    log = parse_log(log)
    try:
        state = initial_state(log)
    except ValueError as err:  # the game refuses the player count, an option or the explicit deal
        raise _setup_refusal(log, err) from None
    if on_step is not None:
        on_step(state)
    for index, (seat, action) in enumerate(log["actions"]):
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            raise LogRefused(
                "log_move_refused",
                f"move {index + 1} (seat {seat}: {action[:60]!r}) was refused: {err}",
                move=index + 1,
                seat=seat,
                action=action[:60],
                refusal={"code": err.code, "params": err.params},
            ) from None
        if on_step is not None:
            on_step(state)
    # Players filled in from the game's default: the log says what was played.
    log["players"] = state.players
    return state, log


def load(log, viewer=None):
    """Load a log as the game in progress: ``{ok, moves, over, to_move, players, log}`` plus the
    ``view`` of ``viewer`` when one is asked for; ``{ok: False, error}`` naming what is wrong."""
    try:
        state, log = replay(log)
    except LogRefused as err:
        return err.answer()
    _current["state"], _current["log"] = state, log
    return _answer(state, viewer)


def _status(state):
    return {"over": state.is_over(), "to_move": state.to_move(), "players": state.players}


def _answer(state, viewer):
    """What the browser needs after any change: the status, the whole log (Python owns it; the
    page keeps the latest copy to save) and, when asked, the viewer's view."""
    out = {
        "ok": True,
        "moves": len(_current["log"]["actions"]),
        **_status(state),
        "log": _current["log"],
    }
    if viewer is not None:
        if not _seat_of(state, viewer):
            return _no_seat(viewer)
        out["view"] = state.view(viewer)
    return out


def act(seat, action, viewer=None):
    """Apply one move; the answer carries the new status, the log and ``viewer``'s view, or the
    refusal: ``{ok: False, error (English), code, params}`` with nothing changed."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    try:
        state.apply(seat, action)
    except IllegalAction as err:
        return {"ok": False, **err.as_dict()}
    _current["log"]["actions"].append([seat, action])
    return _answer(state, viewer)


def view(seat):
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    if seat is not None and not _seat_of(state, seat):
        return _no_seat(seat)
    return {"ok": True, "view": state.view(seat)}


def bot_move(seat, level, seed, viewer=None):
    """The computer's move for ``seat``, chosen (``bot_action``) and applied in one call:
    ``{ok, action, ...as act}``; a failure says why and changes nothing."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    if not _seat_of(state, seat):
        return {**_no_seat(seat), **_status(state)}
    if state.is_over():
        return {**refuse("game_over", "the game is over"), **_status(state)}
    if seat not in state.to_move():
        return {
            **refuse("not_your_turn", f"it is not seat {seat}'s turn", seat=seat),
            **_status(state),
        }
    chosen = bot_action(seat, level, seed)
    if not chosen["ok"]:
        return {**chosen, **_status(state)}
    answer = act(seat, chosen["action"], viewer)
    if not answer["ok"]:  # a bot must only ever choose a legal move: say so loudly
        return {
            **refuse(
                "computer_chose_refused",
                f"the computer chose a refused move {chosen['action']!r}: {answer['error']}",
                action=chosen["action"],
                refusal={"code": answer["code"], "params": answer["params"]},
            ),
            **_status(state),
        }
    return {**answer, "action": chosen["action"]}


def bot_action(seat, level, seed):
    """The computer's move for ``seat``. It gets the seat's view, and for the search levels a
    ``Sampler``: worlds redealt from the cards the seat cannot see (see ``bots.worlds``)."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    if not _seat_of(state, seat):
        return _no_seat(seat)
    if level not in LEVELS:
        return refuse("level_unknown", f"unknown level {level!r}", level=str(level)[:40])
    try:
        view = state.view(seat)
        sampler = Sampler(state, seat) if level != "random" and view.get("legal_actions") else None
        action = choose_action(state.d["game"], view, level, seed, sampler=sampler)
    except ValueError as err:  # e.g. a seat with nothing to choose
        return refuse("computer_cannot_move", str(err))
    return {"ok": True, "action": action}


# -- the daily deal and the duplicate comparison ----------------------------------------------------
def daily_log(slug, date):
    """The daily deal of ``slug`` on ``date`` ("YYYY-MM-DD", a real calendar date): the same for
    everyone that day: the game's daily options at its default player count, and the date's
    digits as the seed. ``{"ok": True, "log": {...}}`` or why not."""
    import datetime

    try:
        game = get_game(slug)
    except ValueError as err:
        return refuse("unknown_game", str(err), game=str(slug)[:40])
    try:
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError(f"a date is written YYYY-MM-DD, not {str(date)[:20]!r}")
        day = datetime.date.fromisoformat(date)
    except ValueError as err:
        return refuse("daily_bad_date", str(err), date=str(date)[:20])
    log = {
        "game": slug,
        "players": game.default_players,
        "options": dict(game.daily),
        "seed": int(day.strftime("%Y%m%d")),
        "actions": [],
    }
    return {"ok": True, "log": log}


def duplicate_seed(deal_seed, move):
    """The computer's seed for the ``move``-th decision of a duplicate replay: fixed by the deal, so
    CPython and the browser replay the same game."""
    return (deal_seed * 1_000_003 + move * 7919) % 2**31


def duplicate(seat, level="normal"):
    """After a game against others: the same deal played again from its start with the computer at
    ``level`` in every seat, the player's ``seat`` included (its own cards, the same opponents'
    cards): how the computer did in the player's place. ``{"ok", "seat", "outcome" (the replay's),
    "player_outcome" (the real game's), "result", "actions"}``. Deterministic (iteration budgets,
    seeds from the deal), so CPython gives the same answer."""
    from .playouts import play

    state, log = _current["state"], _current["log"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    if not state.is_over():
        return refuse("only_after_game", "the deal is replayed only after the game")
    if state.players < 2:
        return refuse("duplicate_solo", "a one-player game has no duplicate")
    if not _seat_of(state, seat):
        return _no_seat(seat)
    if level not in bot_levels(log["game"]) and level != "random":
        return refuse("level_unknown", f"unknown level {level!r}", level=str(level)[:40])
    world = initial_state(log)

    def choose(position):
        mover = position.to_move()[0]
        view = position.view(mover)
        sampler = Sampler(position, mover) if level != "random" else None
        seed = duplicate_seed(log["seed"], len(actions))
        return mover, choose_action(
            log["game"], view, level, seed, sampler=sampler, time_limit=False
        )

    actions = []
    try:
        play(world, choose, on_step=lambda _s, mover, action: actions.append([mover, action]))
    except Exception as err:  # a bot that fails must not take the finished game with it
        return refuse("query_failed", str(err) or type(err).__name__)
    return {
        "ok": True,
        "seat": seat,
        "level": level,
        "outcome": world.outcome(),
        "player_outcome": state.outcome(),
        "result": world.result(),
        "actions": actions,
    }


def catalog():
    """Every game with its setup description; unplayable ones are marked coming."""
    out = []
    for slug in SLUGS:
        try:
            out.append(
                {
                    "available": True,
                    **get_game(slug).describe(),
                    "levels": bot_levels(slug),
                    "default_level": default_level(slug),
                }
            )
        except ValueError:
            out.append({"slug": slug, "available": False})
    return out


# -- queries beyond the contract (a game's solver) ------------------------------------------------
# They answer from what the game declares on its GameInfo (``queries=Queries(...)``, see
# ``tabletop.core.Queries``), never from the slug: ``hint`` (the best actions now) or the fair
# sampled hint (``evaluate`` over ``hint_samples``), ``deal_analysis`` (perfect-play analysis of the
# last finished deal, None before one ends) with ``finished_deals`` (a cheap count, to find earlier
# deals), and ``solve`` capped at ``truth_node_limit`` (the truth after a one-player game).


def hint(seat):
    """``{"ok": True, "actions": [...]}``: the game's best actions for ``seat`` now."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    queries = state.info.queries
    if not queries.has_hint:
        return refuse("no_hints", f"{state.d['game']} has no hints")
    if not _seat_of(state, seat):
        return _no_seat(seat)
    if state.is_over():
        return refuse("game_over", "the game is over")
    if seat not in state.to_move():
        return refuse("not_your_turn", f"it is not seat {seat}'s turn", seat=seat)
    try:
        if queries.hint_samples is not None:  # a fair sampled hint, with the figures behind it
            return {"ok": True, **_sampled_hint(queries, state, seat)}
        actions = queries.hint(state, seat)
    except Exception as err:  # a search budget or any failure of the query: never the game
        return refuse("query_failed", str(err) or type(err).__name__)
    return {"ok": True, "actions": list(actions)}


def _sampled_hint(queries, state, seat):
    """A one-player game's fair hint from ``view(seat)`` only: ``queries.evaluate`` over
    ``queries.hint_samples`` orders of the unseen cards; the action that wins in most samples
    (ties: the most progress, then legal order), with every action's figures."""
    samples = queries.hint_samples
    stats = json.loads(json.dumps(queries.evaluate(state, seat, samples=samples)))
    best = best_sampled(stats)
    return {"actions": [best["action"]] if best else [], "samples": samples, "figures": stats}


def analysis(deal=None):
    """``{"ok": True, "analysis": {...}}`` for the last finished deal, or for deal number ``deal``
    (1-based; an earlier deal is found by replaying the log, as the state keeps only the last)."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    queries = state.info.queries
    adapter = queries.deal_analysis
    if adapter is None:
        return refuse("no_analysis", f"{state.d['game']} has no analysis")
    target = state
    if deal is not None:
        count = queries.finished_deals
        done = count(state) if count is not None else None
        if (
            isinstance(deal, bool)
            or not isinstance(deal, int)
            or done is None
            or not 1 <= deal <= done
        ):
            return refuse(
                "deal_not_finished",
                f"deal {deal} has not finished",
                deal=deal if isinstance(deal, int) else None,
            )
        if deal < done:
            target = initial_state(_current["log"])
            for seat, action in _current["log"]["actions"]:
                target.apply(seat, action)
                if count(target) == deal:
                    break
    try:
        result = adapter(target)
    except Exception as err:  # a search budget or any failure of the query: never the game
        return refuse("query_failed", str(err) or type(err).__name__)
    if result is None:
        return refuse("no_deal_finished", "no deal has finished yet")
    return {"ok": True, "analysis": json.loads(json.dumps(result))}


def truth():
    """After a one-player game: was the deal winnable? ``{"ok": True, "truth": {"winnable":
    True/False/None, "line": [...], "line_cards": [the pending card before each move, or None],
    "nodes", "node_limit", "won"}}``, from the game's exact solver
    run on the deal as it was dealt (the real deck order may be used: the game is over). None
    means the search cap was hit; the cap keeps the answer within seconds."""
    state = _current["state"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    queries = state.info.queries
    if queries.solve is None:
        return refuse("no_solver", f"{state.d['game']} has no solver")
    if not state.is_over():
        return refuse("only_after_game", "the deal is shown only after the game")
    try:
        # The exact solver on the deal as dealt (the real deck order: the game is over).
        limit = queries.truth_node_limit
        result = {
            **json.loads(
                json.dumps(queries.solve(initial_state(_current["log"]), node_limit=limit))
            ),
            "node_limit": limit,
        }
        # The card each move of the line is about (the view's pending card), to say it in words.
        walk, cards = initial_state(_current["log"]), []
        for action in result.get("line") or []:
            cards.append(walk.view(0).get("current"))
            walk.apply(0, action)
    except Exception as err:  # a search budget or any failure of the query: never the game
        return refuse("query_failed", str(err) or type(err).__name__)
    return {
        "ok": True,
        "truth": {**result, "line_cards": cards, "won": bool(state.result().get("won"))},
    }


def undo(viewer=None):
    """Take back the last move of a one-player game (the log is replayed without it).
    ``{"ok": True, "undone": [seat, action], ...as act}``; a game against others has no undo."""
    state, log = _current["state"], _current["log"]
    if state is None:
        return refuse("no_game", "no game is loaded")
    if state.players != 1:
        return refuse("undo_solo_only", "only one-player games can take moves back")
    if not log["actions"]:
        return refuse("undo_nothing", "there is no move to take back")
    shorter = {**log, "actions": log["actions"][:-1]}
    state, shorter = replay(shorter)
    undone = log["actions"][-1]
    _current["state"], _current["log"] = state, shorter
    return {**_answer(state, viewer), "undone": undone}


# -- replays: a log stepped through forward and back, every seat's cards shown ----------------------
_replay = {"log": None, "states": None}


def replay_open(log):
    """Load a log for the replay viewer; every position of it is kept (logs are short)."""
    states = []
    try:
        final, log = replay(log, on_step=lambda state: states.append(state.clone()))
    except LogRefused as err:
        return err.answer()
    _replay["log"], _replay["states"] = log, states
    return {"ok": True, "game": log["game"], "players": final.players, "steps": len(log["actions"])}


def replay_step(step):
    """Every seat's view after ``step`` moves (a replay shows all hands), and the move just made."""
    states = _replay["states"]
    if states is None:
        return refuse("no_replay", "no replay is open")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(states):
        last = len(states) - 1
        return refuse("replay_step_range", f"step must be 0 to {last}", last=last)
    state = states[step]
    last = _replay["log"]["actions"][step - 1] if step else None
    return {
        "ok": True,
        "step": step,
        "steps": len(states) - 1,
        "last": last,
        "views": [state.view(seat) for seat in range(state.players)],
    }


# -- measurement, for the benchmark suite (the same code in CPython and in the browser) ----------
def bench_playouts(slug, games, seed):
    from .playouts import random_playouts

    try:
        get_game(slug)
    except ValueError as err:
        return refuse("unknown_game", str(err), game=str(slug)[:40])
    return {"ok": True, **random_playouts(slug, games=games, seed=seed, max_seconds=20)}


def loaded_games():
    """Game modules imported so far: the app imports only the game being played."""
    import sys

    return {
        "ok": True,
        "modules": sorted(m for m in sys.modules if m.startswith("tabletop.games.")),
    }
