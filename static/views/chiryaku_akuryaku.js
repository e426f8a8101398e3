// 知略悪略 Chiryaku Akuryaku table (engine: py/tabletop/games/chiryaku_akuryaku.py), on the table
// kit (static/kit/). Four colours of numbered cards (their own face spec: a symbol and a word
// besides the colour). Anyone may play any card, but a trick never shows a fourth colour. The
// others' chips carry their collections by colour and live scores; a full trick marks the big and
// little brother, and the big brother taps the cards he takes (the picker confirms the set); the
// trick just shared stays on view with where each card went; a collection of four colours turns
// two colours face down (a button per pair). Strings: static/strings/chiryaku_akuryaku.json.
import { h, hand, seatRing, useCss } from "../kit/index.js";

useCss(new URL("./chiryaku_akuryaku.css", import.meta.url));

const COLOURS = ["R", "Y", "B", "P"];
const SYMBOL = { R: "●", Y: "▲", B: "■", P: "★" };
const CARD = /^([RYBP])(\d{1,2})$/;
const colourWord = (c, w) =>
  w ? w.t(`colour_${c}`) : { R: "red", Y: "yellow", B: "blue", P: "purple" }[c];
// "●赤" / "●red": a colour is told by symbol and word, never by colour alone.
const colourLabel = (c, w) => `${SYMBOL[c]}${colourWord(c, w)}`;

export const faces = {
  kind: "card",
  name(token, w) {
    const m = CARD.exec(token);
    return m
      ? w
        ? w.t("card_name", { colour: colourWord(m[1], w), n: m[2] })
        : `${colourWord(m[1])} ${m[2]}`
      : null;
  },
  parts(token, w) {
    const m = CARD.exec(token) || [token, "", token];
    return [
      h(
        "span",
        { class: "tag", "aria-hidden": "true" },
        SYMBOL[m[1]] || "",
        w && m[1] ? w.t(`colour_short_${m[1]}`) : "",
      ),
      h("span", { class: "num", "aria-hidden": "true" }, m[2]),
    ];
  },
  classes(token) {
    const m = CARD.exec(token);
    return ["ca-card", m ? `col-${m[1]}` : ""];
  },
};

// The engine's colour params (fourth_colour, the score reasons) and a facedown's arguments in words.
export function formatParam(key, value, ui) {
  if (key === "colour" || key.endsWith("_colour") || (key === "arg" && COLOURS.includes(value)))
    return colourLabel(value, ui);
  if (key === "colours") return (ui.words || ui).list(value.map((c) => colourLabel(c, ui)));
  if (key === "verbs") return (ui.words || ui).list(value.map((v) => (ui.words || ui).verb(v)));
  return undefined;
}

export const verbs = { take: { label: (args, w) => w.t("take_btn") } };

// A computer waits a little longer while a full trick (with its brothers) is on the table.
export function botDelayFactor(view) {
  return view && view.phase === "take" ? 2 : 1;
}

// ---------------------------------------------------------------- seats
const short = (seat, ui, big) => (big && ui.seatShort ? ui.seatShort(seat) : ui.seatName(seat));

function piles(view, seat, ui) {
  const mine = view.face_up_cards[seat];
  const out = COLOURS.map((c) => [c, mine.filter((x) => x[0] === c)])
    .filter(([, cards]) => cards.length)
    .map(([c, cards]) =>
      h(
        "span",
        {
          class: `pile-col col-${c}`,
          dataset: { colour: c, count: cards.length },
          role: "img",
          "aria-label": ui.t("pile_aria", {
            colour: colourWord(c, ui),
            n: cards.length,
            cards: cards.map((x) => x.slice(1)).join(", "),
          }),
        },
        h("b", { "aria-hidden": "true" }, `${SYMBOL[c]}${cards.length}`),
        h("small", { "aria-hidden": "true" }, cards.map((x) => x.slice(1)).join(" ")),
      ),
    );
  const down = view.face_down_colours[seat];
  if (down) {
    out.push(
      h(
        "span",
        {
          class: "pile-col down",
          dataset: { colour: down.join(""), count: view.face_down[seat] },
          role: "img",
          "aria-label": ui.t("down_aria", {
            n: view.face_down[seat],
            colours: ui.words.list(down.map((c) => colourWord(c, ui))),
          }),
        },
        h("b", { "aria-hidden": "true" }, `▼${view.face_down[seat]}`),
        h("small", { "aria-hidden": "true" }, down.map((c) => SYMBOL[c]).join("")),
      ),
    );
  }
  return out.length ? h("span", { class: "piles" }, out) : null;
}

// What a seat's collection scores now and in all, its piles, the dealer's badge.
function standing(view, seat, ui, strip = false) {
  const live = view.live_scores[seat];
  const total = view.scores[seat];
  return h(
    "span",
    { class: "extra", dataset: { live, total, faceDown: view.face_down[seat] } },
    seat === view.dealer
      ? h("span", { class: "badge dealer", title: ui.t("dealer") }, ui.t("dealer_short"))
      : null,
    h(
      "span",
      {
        class: "scores",
        role: "img",
        "aria-label": ui.t("score_aria", { name: ui.seatName(seat), live, total }),
      },
      h(
        "span",
        { "aria-hidden": "true" },
        h("small", {}, ui.t("now")),
        h("b", { class: "live" }, live),
        h("small", {}, ` ${ui.t("total")}`),
        h("b", {}, total),
      ),
    ),
    strip ? null : piles(view, seat, ui),
  );
}

// ---------------------------------------------------------------- the trick
// The trick in play (the big brother taps what he takes), or the trick just shared with where each
// card went, kept on view until the next card is led or a tap collects it.
function played(ui, seat, el, { cls = "", note = null, noteCls = "", big = false } = {}) {
  return h(
    "div",
    { class: `played${cls ? ` ${cls}` : ""}`, dataset: { seat, travel: el.dataset.token } },
    el,
    h("small", { class: "who", title: ui.seatName(seat) }, short(seat, ui, big)),
    note ? h("small", { class: `note ${noteCls}` }, note) : null,
  );
}

function trickArea(view, ui) {
  const big = view.players >= 5; // five or six cards in a row: short names under them
  const area = h("section", {
    class: "trick kit ca-trick",
    "aria-label": ui.t("trick"),
    dataset: { lead: view.lead_colour || "" },
  });
  const row = h("div", { class: "trick-cards" });
  const last = view.last_trick;
  const key = `${view.round}:${view.tricks_played}`;
  if (view.trick.length) {
    area.dataset.state = view.phase === "take" ? "full" : "playing";
    const label = [
      ui.t("led_by", { name: ui.seatName(view.trick[0][0]) }),
      " · ",
      h("b", { class: "lead" }, ui.t("lead_colour", { colour: colourLabel(view.lead_colour, ui) })),
    ];
    if (view.trick_colours.length >= 3 && view.phase === "play")
      label.push(" · ", h("span", { class: "full" }, ui.t("colours_full")));
    area.append(h("div", { class: "trick-label" }, label));
    const taking = view.phase === "take" && ui.canAct;
    for (const [seat, card] of view.trick) {
      const role =
        view.phase !== "take"
          ? ""
          : seat === view.big_brother
            ? "big"
            : seat === view.little_brother
              ? "little"
              : "";
      row.append(
        played(
          ui,
          seat,
          taking
            ? ui.picker.face(card, { verb: "take", small: true })
            : ui.face(card, { small: true }),
          { cls: role, note: role ? ui.t(role) : null, noteCls: role, big },
        ),
      );
    }
    area.append(row);
    if (view.phase === "take" && !taking) {
      const rest =
        view.little_brother == null
          ? ui.t("rest_discarded")
          : ui.t("rest_to_little", { little: ui.seatName(view.little_brother) });
      area.append(
        h(
          "p",
          {
            class: "brothers",
            dataset: { big: view.big_brother, little: view.little_brother ?? "" },
          },
          ui.t("brothers_line", { big: ui.seatName(view.big_brother), k: view.take_count, rest }),
        ),
      );
    }
  } else if (last && view.phase !== "over" && !ui.collected(key)) {
    area.dataset.state = "finished";
    area.dataset.winner = last.winner;
    area.classList.add("finished");
    area.addEventListener("click", () => ui.collect(key));
    ui.hold(key);
    area.append(h("div", { class: "trick-label" }, shareLine(last, ui)));
    for (const [seat, card] of last.cards) {
      const to = last.taken.includes(card)
        ? ["won", ui.t("to_big"), "to-big"]
        : last.given.includes(card)
          ? ["", ui.t("to_little"), "to-little"]
          : ["dim", ui.t("out"), "to-out"];
      row.append(
        played(ui, seat, ui.face(card, { small: true }), {
          cls: to[0],
          note: to[1],
          noteCls: to[2],
          big,
        }),
      );
    }
    area.append(row);
  } else {
    area.dataset.state = "empty";
    area.append(
      h("div", { class: "trick-label" }, view.phase === "over" ? " " : ui.t("trick_empty")),
      row,
    );
    row.append(
      h("div", { class: "played" }, h("div", { class: "card empty small", "aria-hidden": "true" })),
    );
  }
  return area;
}

function shareLine(t, ui) {
  const names = (cards) => ui.words.list(cards.map((c) => ui.cardName(c)));
  return [
    ui.t("last_trick_line", { big: ui.seatName(t.winner), taken: names(t.taken) }),
    t.little != null
      ? ` · ${ui.t("last_given", { little: ui.seatName(t.little), given: names(t.given) })}`
      : "",
    t.discarded.length ? ` · ${ui.t("last_discarded", { cards: names(t.discarded) })}` : "",
  ].join("");
}

// ---------------------------------------------------------------- rounds
function roundLines(record, totals, ui) {
  return h(
    "ul",
    { class: "round-lines" },
    record.breakdown.map((e) =>
      h(
        "li",
        { class: e.points ? "scored" : "zero", dataset: { seat: e.seat, points: e.points } },
        h("b", {}, ui.seatName(e.seat)),
        ": ",
        e.reasons.map((r) => ui.say(r)).join(ui.t("list_sep")),
        totals
          ? h("span", { class: "total" }, ` (${ui.t("line_total", { p: totals[e.seat] })})`)
          : null,
      ),
    ),
  );
}

function howEnded(record, ui) {
  return h(
    "p",
    { class: "how" },
    record.blocked !== null && record.blocked !== undefined
      ? ui.t("blocked", { name: ui.seatName(record.blocked) })
      : ui.t("all_tricks"),
  );
}

// The round just scored: open in the trick's place until the new round's first card, then folded.
function roundPanel(view, ui) {
  const record = view.last_round;
  if (!record || view.phase === "over") return null;
  const fresh = view.tricks_played === 0 && !view.trick.length && view.round === record.round + 1;
  const panel = h(
    "details",
    {
      class: `ca-round${fresh ? " fresh" : ""}`,
      dataset: {
        round: record.round,
        points: record.breakdown.map((e) => e.points).join(","),
        blocked: record.blocked ?? "",
      },
    },
    h("summary", {}, h("b", {}, ui.t("round_over", { n: record.round }))),
    howEnded(record, ui),
    roundLines(record, view.scores, ui),
  );
  panel.open = fresh;
  return panel;
}

// ---------------------------------------------------------------- prompt
function prompt(view, ui) {
  if (view.phase === "over") return null;
  if (!ui.canAct) {
    const key =
      view.phase === "take"
        ? "waiting_take"
        : view.phase === "facedown"
          ? "waiting_facedown"
          : "waiting_for";
    return h("p", { class: "waiting" }, ui.t(key, { name: ui.seatName(view.to_act) }));
  }
  const turn = (...text) => h("p", {}, h("b", {}, ui.t("your_turn")), " — ", ...text);
  if (view.phase === "take") {
    return turn(
      ui.t("your_take", { k: view.take_count }),
      " ",
      view.little_brother == null
        ? ui.t("your_take_discard")
        : ui.t("your_take_rest", { little: ui.seatName(view.little_brother) }),
    );
  }
  if (view.phase === "facedown") {
    const up = (c) => view.face_up_cards[ui.viewer].filter((x) => x[0] === c).length;
    return [
      turn(ui.t("your_facedown")),
      ui.picker.choices("facedown", {
        label: ([a, b]) => ui.t("facedown_btn", { a: colourLabel(a, ui), b: colourLabel(b, ui) }),
        describe: ([a, b]) => {
          const [ka, kb] = COLOURS.filter((c) => c !== a && c !== b);
          return ui.t("facedown_keeps", {
            a: colourLabel(ka, ui),
            na: up(ka),
            b: colourLabel(kb, ui),
            nb: up(kb),
            d: up(a) + up(b) + view.face_down[ui.viewer],
          });
        },
      }),
    ];
  }
  if (!view.trick.length) return turn(ui.t("your_lead"));
  return turn(
    view.trick_colours.length >= 3
      ? ui.t("your_play_three", {
          colours: ui.words.list(view.trick_colours.map((c) => colourLabel(c, ui))),
        })
      : ui.t("your_play"),
  );
}

// A card of the hand tapped while the player is asked to take from the trick or to choose the
// colours to turn face down: what is asked now (the engine would only say that playing is not a
// move now).
function why(view, ui) {
  return (token) => {
    if (!ui.canAct || !(view.hand || []).includes(token)) return null;
    if (view.phase === "take")
      return {
        code: "hand_in_take",
        params: { card: token, k: view.take_count, take: ui.t("take_btn") },
      };
    if (view.phase === "facedown") return { code: "hand_in_facedown", params: { card: token } };
    return null;
  };
}

// ---------------------------------------------------------------- the two entry points
export function render(view, ui) {
  const me = ui.viewer;
  ui.picker.why = why(view, ui);
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  const fresh =
    view.last_round &&
    view.tricks_played === 0 &&
    !view.trick.length &&
    view.round === view.last_round.round + 1;
  return h(
    "div",
    {
      class: `table chiryaku players-${view.players}`,
      dataset: {
        mine: ui.canAct ? view.phase : "",
        phase: view.phase,
        round: view.round,
        tricksPlayed: view.tricks_played,
        toAct: view.to_act ?? "",
      },
    },
    h(
      "p",
      { class: "match ca-info", dataset: { round: view.round, rounds: view.rounds } },
      h("b", {}, ui.t("round_n", { n: view.round, total: view.rounds })),
      view.phase === "over"
        ? ""
        : ` · ${ui.t("trick_n", { n: Math.min(view.tricks_played + 1, 14) })}`,
      ` · ${ui.t("labelled", { label: ui.t("dealer"), value: ui.seatName(view.dealer) })}`,
    ),
    seatRing(ui, {
      seats: others,
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s, strip) => standing(view, s, ui, strip),
      compressAt: 99,
    }),
    roundPanel(view, ui),
    fresh ? null : trickArea(view, ui),
    h("section", { class: "prompt ca-prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat ca-me${view.to_move.includes(me) ? " to-move" : ""}`,
        dataset: { seat: me, live: view.live_scores[me], total: view.scores[me] },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      standing(view, me, ui),
      h(
        "span",
        { class: "reason", dataset: { reason: view.live_reasons[me].code } },
        ui.say(view.live_reasons[me]),
      ),
    ),
    view.phase === "over" ? null : hand(ui, view.hand),
    ui.dock(),
    view.discarded.length
      ? h(
          "details",
          { class: "ca-discards", dataset: { count: view.discarded.length } },
          h("summary", {}, ui.t("discarded_n", { n: view.discarded.length })),
          h(
            "span",
            { class: "ca-chips" },
            view.discarded.map((c) => ui.face(c, { small: true })),
          ),
        )
      : null,
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const names = ui.words.list(r.winners.map((s) => ui.seatName(s)));
  const order = [...r.scores.keys()].sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const left = (view.hands || [])
    .map((cards, seat) => [seat, cards])
    .filter(([, cards]) => cards.length);
  return h(
    "div",
    {
      class: "score ca-result",
      dataset: {
        scores: r.scores.join(","),
        winners: r.winners.join(","),
        roundsPlayed: r.rounds_played,
        roundScores: r.round_scores.map((row) => row.join(",")).join(";"),
      },
    },
    h(
      "h2",
      {},
      ui.t(r.winners.length > 1 ? "winners_are" : "winner_is", { names, n: r.winners.length }),
    ),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "final" },
        h("caption", {}, ui.t("final_scores", { n: r.rounds_played })),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, ui.t("seat_col")),
            r.round_scores.map((_, i) => h("th", { scope: "col" }, ui.t("round_k", { n: i + 1 }))),
            h("th", { scope: "col" }, ui.t("total_col")),
          ),
        ),
        h(
          "tbody",
          {},
          order.map((s) =>
            h(
              "tr",
              {
                class: r.winners.includes(s) ? "winner" : "",
                dataset: { seat: s, total: r.scores[s] },
              },
              h("th", { scope: "row" }, ui.seatName(s)),
              r.round_scores.map((row) => h("td", {}, row[s])),
              h("td", { class: "sum" }, r.scores[s]),
            ),
          ),
        ),
      ),
    ),
    view.last_round
      ? h(
          "section",
          { class: "last-round" },
          h("h3", {}, ui.t("last_round_reasons", { n: view.last_round.round })),
          howEnded(view.last_round, ui),
          roundLines(view.last_round, null, ui),
        )
      : null,
    left.length
      ? h(
          "section",
          { class: "hands-left" },
          h("h3", {}, ui.t("hands_left")),
          h(
            "ul",
            {},
            left.map(([seat, cards]) =>
              h(
                "li",
                { dataset: { seat } },
                h("b", {}, ui.seatName(seat)),
                " ",
                cards.map((c) => ui.face(c, { small: true })),
              ),
            ),
          ),
        )
      : null,
  );
}
