"""The conformance harness: seeded random playouts of any registered game, checking the contract.

In the spirit of OpenSpiel's random_sim_test. A new game gets every check here by being
registered in ``tabletop.SLUGS`` and defining ``hidden_cards(seat)`` and ``all_cards()``.

Checked on every step of every playout:
- ``to_move()`` is empty exactly when the game is over; each seat in it has legal actions, every
  other seat has none; action strings are unique;
and on every step of the first FULL_STEPS, then every THINNING-th step:
- every legal action applies (a sample of them on clones, plus the one played), also with its
  arguments given in another order (for a verb in the game's ``ORDERED_VERBS``, whose arguments'
  order is the move, that other order is refused unless it is legal too);
- fuzzed bad input is refused with ``IllegalAction`` and the state unchanged: random strings,
  another seat's action, an action from another phase, a malformed card code, bad seats and
  non-string actions;
- no ``view(seat)`` (nor the public view) names a card in ``hidden_cards(seat)``; views are JSON;
- ``to_json`` -> ``from_json`` is exact, ``clone`` is independent;
and per playout: the game ends within ``GameInfo.max_actions``, ``result()`` and ``outcome()`` are
None until the end and JSON after it (the outcome one value in [0, 1] and one place per seat), and
replaying the action log from the seed gives the same state. The game is played by the one play
loop, ``tabletop.playouts.play``, with these checks in its ``choose``.
"""

from __future__ import annotations

import json
import random
import string

from tabletop import IllegalAction, get_game
from tabletop.core import plain_copy
from tabletop.playouts import TooLong, play

BAD_CODES = ["ZZ", "1S", "AX", "", "10H", "a", "??", "S", "-1", "0-0-0", "999"]


def _tokens(value, out):
    """Every whitespace-separated token of every string (keys too) in a JSON value."""
    if isinstance(value, str):
        out.update(value.split())
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _tokens(str(k), out)
            _tokens(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _tokens(v, out)
    return out


def _canon(action):
    verb, *args = action.split()
    return verb + " " + " ".join(sorted(args))


def _dump(state):
    return json.dumps(state.to_json(), sort_keys=True)


class _Fingerprint:
    """The complete state at one moment, compared cheaply (every state keeps all of it in d and rng)."""

    def __init__(self, state):
        self.d = plain_copy(state.d)
        self.rng = state.rng.getstate()

    def same(self, state):
        return state.d == self.d and state.rng.getstate() == self.rng


class Failure(AssertionError):
    pass


def _expect_refused(state, seat, action, why, before):
    try:
        state.apply(seat, action)
    except IllegalAction as err:
        if not str(err):
            raise Failure(
                f"{why}: {action!r} by seat {seat!r} refused with an empty message"
            ) from err
    except Exception as err:  # noqa: BLE001 - anything but IllegalAction is a bug
        raise Failure(
            f"{why}: {action!r} by seat {seat!r} raised {type(err).__name__}: {err}"
        ) from err
    else:
        raise Failure(f"{why}: {action!r} by seat {seat!r} was accepted")
    if not before.same(state):
        raise Failure(f"{why}: {action!r} by seat {seat!r} was refused but changed the state")


def _fuzz(state, rng, legal_by_seat, seen_actions, cards, before):
    players = state.players
    legal_canon = {s: {_canon(a) for a in acts} for s, acts in legal_by_seat.items()}

    def refused_if_illegal(seat, action, why):
        if (
            isinstance(action, str)
            and action.split()
            and _canon(action) in legal_canon.get(seat, ())
        ):
            return  # happens to be legal: nothing to check
        _expect_refused(state, seat, action, why, before)

    # Random strings and random verbs with random arguments.
    for _ in range(2):
        junk = "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 12)))
        refused_if_illegal(rng.randrange(players), junk, "random string")
    verbs = sorted({a.split()[0] for a in seen_actions}) or ["play"]
    refused_if_illegal(
        rng.randrange(players),
        f"{rng.choice(verbs)} {' '.join(rng.sample(cards, 2))}",
        "random verb and cards",
    )
    # Another seat's action.
    for seat, acts in legal_by_seat.items():
        if acts:
            other = rng.randrange(players)
            refused_if_illegal(other, rng.choice(acts), f"seat {seat}'s action by seat {other}")
    # An action seen in another phase (or earlier) of this game.
    if seen_actions:
        for action in rng.sample(sorted(seen_actions), min(3, len(seen_actions))):
            refused_if_illegal(rng.randrange(players), action, "action from another moment")
    # A malformed card code inside a legal action.
    for seat, acts in legal_by_seat.items():
        with_args = [a for a in acts if len(a.split()) > 1]
        if with_args:
            parts = rng.choice(with_args).split()
            parts[rng.randrange(1, len(parts))] = rng.choice(BAD_CODES) or "%%"
            refused_if_illegal(seat, " ".join(parts), "malformed card code")
            parts = rng.choice(with_args).split()
            refused_if_illegal(seat, " ".join(parts + [parts[-1]]), "repeated argument")
    # Bad seats and non-string actions.
    some = next((a for acts in legal_by_seat.values() for a in acts), "play AS")
    for bad_seat in (-1, players, None, "0", True, 1.5):
        _expect_refused(state, bad_seat, some, "bad seat", before)
    for bad_action in (None, 7, ["play"], "", "   "):
        _expect_refused(state, rng.randrange(players), bad_action, "non-string action", before)


def _check_views(state, players):
    for seat in list(range(players)) + [None]:
        view = state.view(seat)
        try:
            text = json.dumps(view)
        except (TypeError, ValueError) as err:
            raise Failure(f"view({seat}) is not JSON: {err}") from err
        hidden = state.hidden_cards(seat)
        leaked = hidden & _tokens(json.loads(text), set())
        if leaked:
            raise Failure(f"view({seat}) shows hidden card(s) {sorted(leaked)}")
        expected = state.legal_actions(seat) if seat is not None else []
        if view.get("legal_actions") != expected:
            raise Failure(f"view({seat})['legal_actions'] differs from legal_actions({seat})")


# Every step gets the cheap checks (to_move / legal_actions consistency). The costly ones (views,
# fuzzing, clones, JSON round trip) run on every step of the first FULL_STEPS steps, where every
# phase of a deal appears, and on every THINNING-th step after that, so that games of 600 actions
# at 8 seats stay affordable at 200 games per game.
FULL_STEPS = 60
THINNING = 5


def _check_moves(state, players, steps):
    """The cheap checks of every step: to_move / legal_actions agree; the legal actions by seat."""
    movers = state.to_move()
    over = state.is_over()
    if over != (not movers):
        raise Failure(f"step {steps}: is_over()={over} but to_move()={movers}")
    legal_by_seat = {}
    for seat in range(players):
        acts = state.legal_actions(seat)
        if seat in movers and not acts:
            raise Failure(f"step {steps}: seat {seat} must move but has no legal action")
        if seat not in movers and acts:
            raise Failure(
                f"step {steps}: seat {seat} may not move but has legal actions {acts[:3]}"
            )
        if len(set(acts)) != len(acts):
            raise Failure(f"step {steps}: duplicate legal actions for seat {seat}")
        if any(not isinstance(a, str) or a != " ".join(a.split()) for a in acts):
            raise Failure(f"step {steps}: badly spelled action in {acts[:5]}")
        if acts:
            legal_by_seat[seat] = acts
    return legal_by_seat


def playout(slug, players, options, seed, *, fuzz_every=1, sample_legal=4):
    """One seeded random game with every check; returns the finished state."""
    game = get_game(slug)
    rng = random.Random(f"{slug}/{players}/{seed}")
    state = game.new_state(players=players, options=options, seed=seed)
    cards = list(state.all_cards())
    seen_actions = set()
    steps = 0

    def choose(state):
        """Check the position (all of it on the full steps), then pick a random legal move."""
        legal_by_seat = _check_moves(state, players, steps)
        if state.result() is not None or state.outcome() is not None:
            raise Failure(f"step {steps}: result() or outcome() before the game is over")
        if steps < FULL_STEPS or steps % THINNING == 0:
            _check_position(
                game,
                state,
                players,
                steps,
                rng,
                legal_by_seat,
                seen_actions,
                cards,
                fuzz_every,
                sample_legal,
            )
        seat = rng.choice(sorted(legal_by_seat))
        return seat, rng.choice(legal_by_seat[seat])

    def count(state, seat, action):
        nonlocal steps
        seen_actions.add(action)
        steps += 1

    try:
        log = play(state, choose, max_actions=game.max_actions, on_step=count)
    except TooLong as err:
        raise Failure(f"the game did not end within {game.max_actions} actions") from err
    _check_moves(state, players, steps)
    if state.result() is None:
        raise Failure("result() is None after the game is over")
    json.dumps(state.result())
    outcome = state.outcome()
    json.dumps(outcome)
    if not (
        len(outcome["value"]) == len(outcome["place"]) == players
        and all(0.0 <= v <= 1.0 for v in outcome["value"])
        and (players == 1 or min(outcome["place"]) == 1)
    ):
        raise Failure(f"outcome() out of shape: {outcome}")
    # Replaying the log from the seed gives the same state.
    replay = game.new_state(players=players, options=options, seed=seed)
    for seat, action in log:
        replay.apply(seat, action)
    if _dump(replay) != _dump(state):
        raise Failure("replaying the action log from the seed gives another state")
    _check_views(state, players)
    return state


def _check_position(
    game, state, players, steps, rng, legal_by_seat, seen_actions, cards, fuzz_every, sample_legal
):
    """The costly checks of one step: views, fuzzing, every legal action on clones, JSON round trip."""
    _check_views(state, players)
    before = _Fingerprint(state)
    if steps % fuzz_every == 0:
        _fuzz(state, rng, legal_by_seat, seen_actions, cards, before)
    # Every legal action applies: a sample on clones, with arguments reordered; except the verbs
    # whose arguments' order is the move itself (a game's ORDERED_VERBS, e.g. Gridcannon's
    # "joker <from> <to>"), whose other order must be refused unless it is legal too.
    ordered = getattr(state, "ORDERED_VERBS", ())
    for seat, acts in legal_by_seat.items():
        for action in rng.sample(acts, min(sample_legal, len(acts))):
            verb, *args = action.split()
            if verb in ordered:
                other = " ".join([verb] + args[::-1])
                if other not in acts:
                    _expect_refused(
                        state.clone(),
                        seat,
                        other,
                        f"step {steps}: {action!r} the other way round",
                        before,
                    )
            else:
                rng.shuffle(args)
            trial = state.clone()
            try:
                trial.apply(seat, " ".join([verb] + args))
            except IllegalAction as err:
                raise Failure(f"step {steps}: legal {action!r} (as {args}) refused: {err}") from err
    if not before.same(state):
        raise Failure(f"step {steps}: applying to a clone changed the original")
    # JSON round trip is exact.
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    if not before.same(again):
        raise Failure(f"step {steps}: to_json -> from_json is not exact")
