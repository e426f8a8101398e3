"""The table kit's logic without a browser (Node runs tests/js/kit_check.mjs on the ES modules the
page loads): what a tap does with the legal actions, and how messages are worded."""

import pathlib
import shutil
import subprocess

import pytest
from node_check import run_node_check

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def results():
    return run_node_check("kit_check.mjs")


def test_a_tap_plays_the_only_action_it_completes(results):
    assert results["single"] == ["play AS"]


def test_a_set_is_gathered_and_waits_for_its_confirm(results):
    assert results["set_selected"] == ["7S", "8S", "9S"] and results["set_acted"] == 0
    assert results["set_lit_after_three"] == []
    # A fourth card extends no discard: the engine is asked why, the three stay chosen.
    assert results["set_fourth"] == [["TS", "discard 7S 8S 9S TS"]]
    assert results["set_after_untap"] == ["7S", "8S"]


def test_one_token_two_verbs_asks_which(results):
    assert results["two_verbs"] == {"acted": [], "sel": ["AS"], "complete": 2}


def test_a_card_then_a_slot_plays_on_the_second_tap(results):
    assert results["seq_lit"] == ["g11", "g12"]
    # Another card takes the chosen card's place: drawn plain (not dimmed), it starts over.
    assert results["seq_replaces"] == ["KH"]
    assert results["seq_restart"] == ["KH"]
    assert results["seq_acted"] == ["place KH g11"]


def test_an_argument_split_into_tokens_is_tapped_token_by_token(results):
    assert results["split_lit"] == ["TH", "JH"]  # the beaters of 9H only
    # A beater of another attack card is dimmed: a tap on it asks the engine why (review P14c: it
    # was chosen instead), and the attack card stays chosen. Another attack card replaces it.
    assert results["split_dimmed"] == ["8H"]
    assert results["split_kept"] == ["9H"]
    assert results["split_restart"] == ["7H"]
    assert results["split_explained"] == [["8H", "beat 9H:8H"], ["2C", "beat 9H:2C"]]
    assert results["split_acted"] == ["beat 9H:TH"]


def test_a_director_may_refuse_a_tap_before_anything_is_chosen(results):
    # A lesson asking for beat 9H:TH: 8H (it beats 7H only) is refused, nothing chosen (P14c).
    assert results["allow_refused"] == {"sel": [], "refusedBy": ["8H"], "acted": []}
    assert results["allow_acted"] == ["beat 9H:TH"]


def test_an_eager_verb_plays_as_soon_as_one_action_is_left(results):
    assert results["eager_one"] == ["play 1-2 0"]
    assert results["eager_two"] == {"acted": 1, "sel": ["3-6"]}
    assert results["eager_acted"] == ["play 1-2 0", "play 3-6 m"]


def test_a_tap_that_extends_nothing_asks_why_and_plays_nothing(results):
    assert results["refused"] == {"acted": [], "explained": [["QS", "play QS"]]}


def test_messages_are_worded_with_params_by_name_and_plurals(results):
    assert results["words_en"] == [
        "Follow suit: play ♥ hearts.",
        "Computer 2 took ace of spades and 10 of diamonds",
        "1 point",
        "3 points",
        "Refused: 2 points",
        "no_such_code",
    ]
    assert results["words_ja"] == [
        "フォローが必要です: ♥ハートを出してください。",
        "コンピュータ2がスペードのAとダイヤの10を取りました",
        "1点",
        "出す：ハートの9",
        "あなたとコンピュータ3",
    ]


def test_a_move_is_worded_once_with_the_games_words(results):
    """kit/words.js w.move is the one wording of a move (picker, suggestion, replay, lesson)."""
    assert results["moves_ja"] == ["宣言：メノス", "捨てる：スペードのA、スペードのQ、スペードの7"]
    assert results["moves_en"] == [
        "declare Menos",
        "discard ace of spades, queen of spades, 7 of spades",
    ]


@pytest.mark.parametrize(
    "path", sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "static").rglob("*.js"))
)
def test_every_page_module_parses(path):
    """Every script the page loads parses as an ES module (a merge that declares a name twice
    otherwise shows only as a table that never appears)."""
    run = subprocess.run(
        [shutil.which("node"), "--input-type=module", "--check"],
        stdin=open(ROOT / path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr


def test_the_player_is_worded_in_the_second_person(results):
    """Issue #35: "You are", never "You is"; a string names its subject ("subject") and has a form
    for the player ("you"); the rest are plural forms as before."""
    assert results["persons_en"][:5] == [
        "You are building an attack on Computer 1",
        "Computer 1 is building an attack on You",
        "You lose",
        "Computer 2 loses",
        "You and Computer 2 lose",
    ]


def test_a_count_other_than_n_and_a_signed_number(results):
    """Plural forms agree with the param named by "count"; {p:signed} writes +4 and −2 (never
    +-2)."""
    assert results["persons_en"][5:] == [
        "+4 card points for You",
        "−2 card points for You",
        "+1 card point for You",
    ]
    assert results["persons_ja"] == ["あなたに−2カードポイント", "あなたに0カードポイント"]
