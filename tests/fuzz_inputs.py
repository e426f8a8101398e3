"""Fuzzing what comes from outside: explicit setups, saved states (``from_json``) and logs.

    python3 tests/fuzz_inputs.py [slug ...]     # the counts per game, as a table

Each case is a valid input (a rules vector's setup, a state met in a seeded random game, a
game's log) with one mutation. A mutation is either *impossible* by construction (a card
duplicated into another hand, a card that is not a string, an unknown key, a number no game
reaches, a phase that does not exist, a wrong type …), which must be refused, or merely
*unusual* (a key dropped, a number made negative), which may be accepted if the engine finds
the result possible. Either way the only exceptions allowed are ``ValueError`` and
``IllegalAction``, every case must answer within ``TIME_LIMIT`` seconds, and a state that is
accepted must then work: its views, legal actions and a move.
"""

from __future__ import annotations

import json
import pathlib
import random
import signal
import sys
from dataclasses import dataclass, field

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))

from tabletop import IllegalAction, available_games, get_game  # noqa: E402
from tabletop.core import plain_copy  # noqa: E402
from tabletop.session import load  # noqa: E402

TIME_LIMIT = 5
ALIENS = [None, True, 7, -1, 10**9, 1.5, "", "ZZ", [], {}, [[]], {"x": 1}, "nonsense"]


class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang()


@dataclass
class Counts:
    cases: int = 0
    refused: int = 0
    accepted: int = 0
    accepted_impossible: list = field(default_factory=list)
    other_errors: list = field(default_factory=list)
    hangs: list = field(default_factory=list)

    def row(self):
        return (
            self.cases,
            self.refused,
            self.accepted,
            len(self.accepted_impossible),
            len(self.other_errors),
            len(self.hangs),
        )


def run_case(counts, what, impossible, fn):
    """Run ``fn()``; count a refusal, an acceptance, or a failure of the contract."""
    counts.cases += 1
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        fn()
    except (ValueError, IllegalAction):
        counts.refused += 1
        return
    except Hang:
        counts.hangs.append(what)
        return
    except Exception as err:  # noqa: BLE001 - anything else is what we are looking for
        counts.other_errors.append(f"{what}: {type(err).__name__}: {str(err)[:160]}")
        return
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    counts.accepted += 1
    if impossible:
        counts.accepted_impossible.append(what)


# -- walking JSON values -------------------------------------------------------------------------
def paths(value, prefix=()):
    """Every path (tuple of keys/indexes) to a value inside ``value``, the root excluded."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix + (index,)
            yield from paths(item, prefix + (index,))


def get_at(value, path):
    for key in path:
        value = value[key]
    return value


def set_at(value, path, new):
    get_at(value, path[:-1])[path[-1]] = new


def _same_kind(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return True
    return type(a) is type(b)


# -- states ---------------------------------------------------------------------------------------
def sample_states(slug, count, seed=0):
    """States met along seeded random games of ``slug`` (default options and player counts)."""
    info = get_game(slug)
    rng = random.Random(f"fuzz/{slug}/{seed}")
    out = []
    game_seed = 0
    while len(out) < count:
        players = rng.randint(info.min_players, info.max_players)
        state = info.new_state(players=players, seed=game_seed)
        game_seed += 1
        steps = 0
        keep_every = rng.randint(3, 12)
        while not state.is_over() and steps < 400 and len(out) < count:
            if steps % keep_every == 0:
                out.append(state.to_json())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        if state.is_over() and len(out) < count:
            out.append(state.to_json())
    return out


CARD_KEYS = ("hands", "hand")
# Where the games keep the cards themselves (not copies of them, as a record of what a seat knows
# is): every physical card is in exactly one of these places at a time.
HOLDING_KEYS = (
    "hands",
    "discards",
    "trick",
    "talon",
    "stock",
    "discard_pile",
    "deck",
    "thrones",
    "grid",
    "boneyard",
    "trains",
    "down",
    "up",
    "plays",
    "ribs",
    "folded",
    "set_aside",
    "history",
)


def card_places(data, cards):
    """Paths of every card string under a seat's hand (``hands``)."""
    out = []
    for key in CARD_KEYS:
        if isinstance(data.get(key), list):
            for seat, hand in enumerate(data[key]):
                if isinstance(hand, list):
                    out.extend((key, seat, i) for i, c in enumerate(hand) if c in cards)
    return out


def holding_places(data, cards):
    """Paths of every card string held in a list under one of the HOLDING_KEYS."""
    out = []
    for key in HOLDING_KEYS:
        if key in data:
            out.extend(
                p
                for p in paths(data[key], (key,))
                if isinstance(get_at(data, p), str)
                and get_at(data, p) in cards
                and isinstance(get_at(data, p[:-1]), list)
            )
    return out


def state_mutations(data, cards, rng):
    """(description, impossible, mutated copy) for one saved state."""
    d = {k: v for k, v in data.items() if k != "rng"}
    every = [p for p in paths(d) if p[0] not in ("seed",)]
    out = []

    def mutated(path, value):
        copy = plain_copy(data)
        set_at(copy, path, value)
        return copy

    # A card duplicated into a hand: a card of one hand replaced by a card held elsewhere.
    places = card_places(d, cards)
    if len(places) >= 2:
        for _ in range(3):
            a, b = rng.sample(places, 2)
            if get_at(d, a) != get_at(d, b):
                out.append(
                    (f"card {get_at(d, b)} duplicated at {a}", True, mutated(a, get_at(d, b)))
                )
    # A card held twice: a card in one place (a hand, the stock, a trick, the board …) replaced by
    # a card held in another.
    held = holding_places(d, cards)
    if len(held) >= 2:
        for _ in range(4):
            a, b = rng.sample(held, 2)
            if get_at(d, a) != get_at(d, b):
                out.append(
                    (f"card {get_at(d, b)} held twice, also at {a}", True, mutated(a, get_at(d, b)))
                )
    # A card that is not a card: other types, the empty string, an unknown code.
    if places:
        for alien in (7, None, [], "", "ZZ", ["AS"]):
            p = rng.choice(places)
            out.append((f"card at {p} -> {json.dumps(alien)}", True, mutated(p, alien)))
    # A value of another JSON type (null may be a legal value of a field: never used here).
    for _ in range(12):
        p = rng.choice(every)
        old = get_at(d, p)
        alien = rng.choice([a for a in ALIENS if a is not None and not _same_kind(a, old)])
        # A number is impossible only when it is beyond any game; -1 may be a real value.
        impossible = not (isinstance(alien, int) and not isinstance(alien, bool) and alien == -1)
        if (
            isinstance(old, (int, float))
            and not isinstance(old, bool)
            and isinstance(alien, (int, float))
            and not isinstance(alien, bool)
        ):
            impossible = alien == 10**9
        out.append(
            (f"{p}: {json.dumps(old)[:30]} -> {json.dumps(alien)}", impossible, mutated(p, alien))
        )
    # Numbers out of any range.
    numbers = [p for p in every if type(get_at(d, p)) is int]
    for p in rng.sample(numbers, min(4, len(numbers))):
        out.append((f"{p} -> 10**9", True, mutated(p, 10**9)))
        out.append((f"{p} -> -1", False, mutated(p, -1)))
    # Unknown keys, missing keys, an unknown phase, bad players and options, a broken generator.
    dicts = [()] + [p for p in every if isinstance(get_at(d, p), dict)]
    for p in rng.sample(dicts, min(3, len(dicts))):
        copy = plain_copy(data)
        get_at(copy, p)["zz_extra"] = 1
        out.append((f"extra key at {p or 'top'}", True, copy))
    for key in rng.sample(sorted(d), min(3, len(d))):
        copy = plain_copy(data)
        del copy[key]
        out.append((f"missing key {key}", True, copy))
    for p in rng.sample([p for p in dicts if p], min(2, len(dicts) - 1)):
        key = rng.choice(sorted(get_at(d, p))) if get_at(d, p) else None
        if key is not None:
            copy = plain_copy(data)
            del get_at(copy, p)[key]
            out.append((f"missing key {key} at {p}", False, copy))
    out.append(("phase nonsense", True, mutated(("phase",), "nonsense")))
    for players in (True, 0, 10**9, "4", None, -1):
        out.append((f"players {json.dumps(players)}", True, mutated(("players",), players)))
    out.append(("options null", True, mutated(("options",), None)))
    out.append(("options unknown key", True, mutated(("options",), {**data["options"], "zz": 1})))
    out.append(("rng truncated", True, mutated(("rng",), [3, [1, 2, 3], None])))
    out.append(("rng not a list", True, mutated(("rng",), "x")))
    return out


def exercise(state):
    """An accepted state must work: every view, the legal actions, one move on a clone."""
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
    movers = state.to_move()
    if movers:
        legal = state.legal_actions(movers[0])
        if legal:
            state.clone().apply(movers[0], legal[0])
    state.result()


def fuzz_from_json(slug, states=40, seed=0):
    counts = Counts()
    game = get_game(slug)
    rng = random.Random(f"from_json/{slug}/{seed}")
    for data in sample_states(slug, states, seed):
        cards = set(game.new_state(players=data["players"], seed=0).all_cards())
        try:  # the state as saved is accepted, exactly
            again = game.from_json(plain_copy(data))
            assert again.to_json() == data, "from_json(to_json()) is not exact"
        except Exception as err:  # noqa: BLE001
            counts.other_errors.append(
                f"a real state was refused: {type(err).__name__}: {str(err)[:200]}"
            )
            continue
        for what, impossible, mutated in state_mutations(data, cards, rng):
            run_case(counts, what, impossible, lambda m=mutated: exercise(game.from_json(m)))
    return counts


# -- setups ----------------------------------------------------------------------------------------
def vector_setups(slug):
    vectors = json.loads((HERE / "vectors" / f"{slug}.json").read_text(encoding="utf-8"))
    return [
        (v.get("players"), v.get("options") or {}, v["setup"]) for v in vectors if v.get("setup")
    ]


def deal_scope(setup, path):
    """The path of the one deal that ``path`` lies in: a setup that lists several deals (a list
    of objects, such as Stop the Bus's ``deals`` or Mexican Train's ``rounds``) deals each of them
    from the whole pack again, so the same card may well be in two of them (and a deal may leave
    cards out); a card is named twice only within one deal. ``()``: the whole setup is one deal."""
    for i in range(len(path)):
        value = get_at(setup, path[:i])
        if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            return path[: i + 1]
    return ()


def setup_mutations(setup, rng):
    out = []
    every = list(paths(setup))
    strings = [p for p in every if isinstance(get_at(setup, p), str)]

    def mutated(path, value):
        copy = plain_copy(setup)
        set_at(copy, path, value)
        return copy

    for p in rng.sample(strings, min(6, len(strings))):
        for alien in (7, None, [], {}, "", "ZZ", True):
            out.append((f"{p} -> {json.dumps(alien)}", True, mutated(p, alien)))
    if len(strings) >= 2:
        for _ in range(4):
            a, b = rng.sample(strings, 2)
            value = get_at(setup, b)
            if get_at(setup, a) != value:
                # Named twice only if the value is already elsewhere in the same deal as ``a``.
                scope = deal_scope(setup, a)
                twice = any(
                    get_at(setup, p) == value
                    for p in strings
                    if p[: len(scope)] == scope and p != a
                )
                out.append(
                    (
                        f"{value} {'twice' if twice else 'from another deal'} (at {a})",
                        twice,
                        mutated(a, value),
                    )
                )
    for _ in range(8):
        p = rng.choice(every)
        old = get_at(setup, p)
        alien = rng.choice([a for a in ALIENS if not _same_kind(a, old)])
        out.append((f"{p}: -> {json.dumps(alien)}", False, mutated(p, alien)))
    lists = [p for p in every if isinstance(get_at(setup, p), list) and get_at(setup, p)]
    for p in rng.sample(lists, min(3, len(lists))):
        copy = plain_copy(setup)
        get_at(copy, p).pop()
        out.append((f"one item fewer at {p}", False, copy))
        copy = plain_copy(setup)
        get_at(copy, p).append(get_at(copy, p)[0])
        out.append((f"first item repeated at {p}", False, copy))
    out.append(("extra key", True, {**setup, "zz_extra": 1}))
    out.append(("setup is a list", True, [setup]))
    deep = []
    for _ in range(5000):
        deep = [deep]
    out.append(("deeply nested value", True, {**setup, next(iter(setup)): deep}))
    out.append(("huge list", False, {**setup, next(iter(setup)): ["AS"] * 200_000}))
    return out


def fuzz_setups(slug, seed=0):
    counts = Counts()
    game = get_game(slug)
    rng = random.Random(f"setup/{slug}/{seed}")
    for players, options, setup in vector_setups(slug):
        for what, impossible, mutated in setup_mutations(setup, rng):
            run_case(
                counts,
                what,
                impossible,
                lambda m=mutated: exercise(
                    game.new_state(players=players, options=options, setup=m)
                ),
            )
    return counts


# -- logs (what the browser hands over as text) ---------------------------------------------------------
def log_mutations(slug, rng):
    state = get_game(slug).new_state(seed=3)
    actions = []
    for _ in range(6):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        actions.append([seat, action])
    log = {"game": slug, "players": state.players, "options": {}, "seed": 3, "actions": actions}
    deep = "[" * 6000 + "]" * 6000
    out = [
        (
            "deep options",
            True,
            json.dumps({**log, "options": {}})[:-1].replace('"options": {}', f'"options": {deep}')
            + "}",
        ),
        (
            "deep actions",
            True,
            json.dumps(log).replace('"actions": [', '"actions": ' + "[" * 3000 + "[", 1),
        ),
        ("options null", True, json.dumps({**log, "options": None})),
        ("options 0", True, json.dumps({**log, "options": 0})),
        ("options false", True, json.dumps({**log, "options": False})),
        ("options []", True, json.dumps({**log, "options": []})),
        ("negative seed", True, json.dumps({**log, "seed": -3})),
        ("seed text", True, json.dumps({**log, "seed": "3"})),
        ("players true", True, json.dumps({**log, "players": True})),
        ("huge text", True, json.dumps({**log, "actions": [[0, "x" * 100]] * 30_000})),
        ("not JSON", True, "{" + json.dumps(log)),
        (
            "a move out of turn",
            state.players > 1,
            json.dumps({**log, "actions": [[(actions[0][0] + 1) % state.players, actions[0][1]]]}),
        ),
        ("a move that is not text", True, json.dumps({**log, "actions": [[0, 7]]})),
        (
            "a seat that is not a number",
            True,
            json.dumps({**log, "actions": [["0", actions[0][1]]]}),
        ),
    ]
    for _ in range(10):
        broken = plain_copy(log)
        i = rng.randrange(len(actions))
        broken["actions"][i] = [
            actions[i][0],
            actions[i][1] + " " + rng.choice(["ZZ", "AS", "0", "-1", "x"]),
        ]
        out.append((f"move {i} with an extra word", False, json.dumps(broken)))
    return out


def fuzz_logs(slug, seed=0):
    counts = Counts()
    rng = random.Random(f"log/{slug}/{seed}")
    state = get_game(slug).new_state(seed=3)
    if not load(
        json.dumps(
            {"game": slug, "players": state.players, "options": {}, "seed": 3, "actions": []}
        )
    )["ok"]:
        counts.other_errors.append("a real log was refused")
    for what, impossible, text in log_mutations(slug, rng):

        def attempt(t=text):
            answer = load(t)
            if not answer["ok"]:
                raise ValueError(answer["error"])

        run_case(counts, what, impossible, attempt)
    return counts


def main(slugs):
    print(
        f"{'game':<18} {'kind':<9} {'cases':>6} {'refused':>8} {'accepted':>9} {'acc-imposs.':>11} {'other exc.':>10} {'hangs':>6}"
    )
    for slug in slugs or available_games():
        for kind, fn in (("setup", fuzz_setups), ("from_json", fuzz_from_json), ("log", fuzz_logs)):
            counts = fn(slug)
            print(
                f"{slug:<18} {kind:<9} "
                + " ".join(f"{n:>{w}}" for n, w in zip(counts.row(), (6, 8, 9, 11, 10, 6)))
            )
            for line in (counts.accepted_impossible + counts.other_errors + counts.hangs)[:5]:
                print("    ", line)


if __name__ == "__main__":
    main(sys.argv[1:])
