"""Every turn of a whole game fits a 360x640 phone, not only the first deal's: on each of the
player's turns, at the top of the page, what is lit to tap is inside the viewport and the hand
starts there. Mexican Train, two players over two rounds (the last round's summary above the
trains pushed the tiles below the fold from round 2)."""

from helpers import game_url, play_to_end, tap_lit


def test_mexican_train_every_turn_on_one_screen_in_round_two(phone_ja, server):
    page = phone_ja
    page.goto(game_url(server, "mexican_train", "ja", start=1, players=2, options={"rounds": 2}))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    seen = {"turns": 0, "round_two": 0, "off": []}

    def take_turn(page):
        if not page.locator(".table button.lit").count():
            return tap_lit(page)  # a draw or a pass: nothing lit to look for
        page.evaluate("window.scrollTo(0, 0)")
        rounds = page.locator(".mt-last-round").count()
        # Lit pieces wholly on screen; the hand at least starts there (a long hand may wrap).
        off = page.evaluate("""() => [...document.querySelectorAll('.table button.lit, .hand')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect();
                return r.top < 0 || (e.matches('.hand') ? r.top + 60 : r.bottom) > innerHeight; })
            .map(e => e.className)""")
        seen["turns"] += 1
        seen["round_two"] += rounds
        if off:
            seen["off"].append((seen["turns"], rounds, off))
        return tap_lit(page)

    play_to_end(page, take_turn, limit_s=600)
    assert seen["round_two"] > 0, "no turn in a second round: the test checked nothing there"
    assert not seen["off"], f"turns with lit pieces or the hand off the screen: {seen['off'][:5]}"
    assert not page.errors, page.errors
