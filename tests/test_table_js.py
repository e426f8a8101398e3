"""The table controller (static/app/table.js) and its seat drivers (static/app/seats.js) without a
browser: Node runs tests/js/table_check.mjs, which drives the controller with a fake engine of a
tiny game, fake drawing and real drivers (human, computer, a lesson's script and guard)."""

import pathlib

import pytest
from node_check import run_node_check

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def results():
    return run_node_check("table_check.mjs")


def test_a_human_and_a_computer_seat_take_turns(results):
    assert results["alternate"] == [
        [0, "play 0", "human"],
        [1, "play 1", "computer"],
        [0, "play 2", "human"],
        [1, "play 3", "computer"],
    ]
    assert results["bot_level"] == ["normal", "normal"]


def test_the_save_subscriber_is_called_once_per_move_and_load(results):
    saves = results["saves"]
    assert saves["saves"] == saves["moves"] + saves["loads"] == 5


def test_over_fires_once(results):
    assert results["overs"] == 1
    assert results["queued"]["overs"] == 1


def test_a_refusal_emits_refused_and_changes_nothing(results):
    refused = results["refused"]
    assert refused["event"] == ["refused", 0, "play 9", "human"]
    assert refused["same_log"] and refused["saves"] == 0 and refused["to_move"] == [0]
    assert results["refused_token"] == "AS"  # the tapped token the refusal is shown by
    assert results["after_refusal"] == [0, "play 0"]


def test_taps_made_while_a_move_is_on_its_way_wait_in_order(results):
    assert results["queued"]["acts"] == ["play 0", "play 1"]
    assert results["queued"]["moved"] == ["play 0", "play 1"]


def test_a_tap_queued_after_the_game_ended_is_dropped(results):
    # The third tap was queued before the end, the fourth after it: neither reaches the engine.
    assert results["queued"]["refused"] == 0
    assert results["after_end_acts"] == 2


def test_a_lesson_seat_lets_only_its_asked_move_through(results):
    lesson = results["lesson"]
    assert lesson["sent_before_asked"] == 0
    assert lesson["allowed"] == [["play 0", False], ["alt 0", True], ["play 2", True]]
    assert lesson["moves"] == [[0, "alt 0"], [1, "alt 1"], [0, "play 2"], [1, "play 3"]]
    assert lesson["by"] == ["human", "lesson", "human", "lesson"]


def test_a_failing_computer_is_reloaded_once_then_stalls(results):
    stall = results["stall"]
    assert stall["failed"] == 2 and stall["bots"] == 2
    assert stall["loads"] == 3  # the start, then one reload per failure
    # The refusal itself is kept (its code is the reason), for the page to word.
    assert stall["stalled"]["reason"] == stall["stalled"]["answer"]["code"] == "bot_failed"
    assert stall["stalled"]["answer"]["ok"] is False


def test_the_computer_waits_for_a_sheet_and_a_hold_until_woken(results):
    assert results["wake"] == {"while_sheet": 1, "while_hold": 1, "after_wake": 2}


def test_pass_and_play_follows_the_seat_to_move(results):
    assert results["hotseat"] == {"viewers": [0, 1, 0], "view_asked": 0}


def test_a_remote_seat_is_one_more_driver_judged_by_the_engine(results):
    assert results["remote"] == [
        ["refused", 1, "play 0", "remote"],
        ["moved", 0, "play 0", "human"],
        ["moved", 1, "play 1", "remote"],
    ]


def test_undo_and_a_closed_table(results):
    assert results["undo"] == {"actions": 0, "undone": 1}
    assert results["after_close"] == 1
