// Hold My Beer table (engine: py/tabletop/games/hold_my_beer.py), on the table kit (static/kit/).
// Three seats, a 54-card tarot pack (its own face spec below): the two others' chips (cards, card
// points, game points, prediction), the talon, the trick, the phase's choice (the secret
// prediction, the 21's take or scrap), the player's line, hand and dock. The talon discard is a
// tap and a confirm; a bird's exchange is a talon card and a hand card, then confirm, or pass.
// Between games the last game's places and game points stand where the trick goes.
// Strings: static/strings/hold_my_beer.json. What is legal comes from view.legal_actions only.
import { back, h, hand, history, seatRing, trick, useCss } from "../kit/index.js";
import { SUIT_NAME, SUIT_SYMBOL } from "../kit/faces.js";

useCss(new URL("./hold_my_beer.css", import.meta.url));

// ---------------------------------------------------------------- tarot faces
// Codes: KS QS NS JS TS 9S 8S 7S (and H D C), TR1 .. TR21, FOOL. TR1-TR3 are the birds.
const SUITED = /^([KQNJT987])([SHDC])$/;
const TRUMP = /^TR([1-9]|1\d|2[01])$/;
const BIRDS = new Set(["TR1", "TR2", "TR3"]);
const lang = (w) => (w && w.lang === "ja" ? "ja" : "en");
const say = (w, key, params, fallback) => (w ? w.t(key, params) : fallback);

function birdMark() {
  // a small bird in SVG: no emoji font needed
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 16 8");
  svg.setAttribute("class", "bird-mark");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M1 6 Q4.5 1 8 5.5 Q11.5 1 15 6");
  svg.append(path);
  return svg;
}

export const faces = {
  kind: "card",
  name(token, w) {
    if (token === "FOOL") return say(w, "card_fool", {}, "the Fool");
    const t = TRUMP.exec(token);
    if (t)
      return say(w, BIRDS.has(token) ? "card_bird" : "card_trump", { n: t[1] }, `trump ${t[1]}`);
    const m = SUITED.exec(token);
    if (!m) return null;
    const rank =
      m[1] === "T" ? "10" : "KQNJ".includes(m[1]) ? say(w, `rank_${m[1]}`, {}, m[1]) : m[1];
    return say(
      w,
      "card_suit",
      { rank, suit: SUIT_NAME[lang(w)][m[2]] },
      `${rank} of ${SUIT_NAME.en[m[2]]}`,
    );
  },
  parts(token, w) {
    const hidden = { "aria-hidden": "true" };
    if (token === "FOOL")
      return [
        h("span", { class: "star", ...hidden }, "★"),
        h("span", { class: "fool-label", ...hidden }, say(w, "fool_face", {}, "Fool")),
      ];
    const t = TRUMP.exec(token);
    if (t)
      return [
        h("span", { class: "tnum", ...hidden }, t[1]),
        BIRDS.has(token) ? birdMark() : h("span", { class: "tmark", ...hidden }, "✦"),
      ];
    const m = SUITED.exec(token) || [token, token[0], token[1]];
    return [
      h("span", { class: "rank", ...hidden }, m[1] === "T" ? "10" : m[1]),
      h("span", { class: "suit", ...hidden }, SUIT_SYMBOL[m[2]] || ""),
    ];
  },
  classes(token) {
    if (token === "FOOL") return ["tarot", "trump", "fool"];
    if (TRUMP.test(token))
      return [
        "tarot",
        "trump",
        ...(BIRDS.has(token) ? ["bird"] : []),
        ...(token === "TR21" ? ["t21"] : []),
      ];
    const m = SUITED.exec(token);
    return m ? ["tarot", `suit-${m[2]}`] : ["tarot"];
  },
};

// A talon card is a set of one to confirm; an exchange is a talon card and a hand card.
export const verbs = {
  discard: { confirm: true, need: 0, label: (args, w) => w.t("discard_confirm") },
  exchange: { need: 0, label: (args, w) => w.t("exchange_confirm") },
  pass: { label: (args, w) => w.t("pass_keep") },
};

// The moves possible now (a refusal's "verbs"), named in words.
const ORDINAL_EN = { 1: "1st", 2: "2nd", 3: "3rd" };
export function formatParam(key, value, ui) {
  if (key === "verbs") return (ui.words || ui).list(value.map((v) => (ui.words || ui).verb(v)));
  // A bid's argument is the predicted place: 「順位の予想：1位」, "predict 1st" (not a bare 1).
  if (key === "arg" && /^[123]$/.test(value)) {
    return ui.lang === "ja" ? `${value}位` : ORDINAL_EN[value];
  }
  return undefined;
}

// The computer takes a person's time over its talon card and its prediction.
export function botDelayFactor(view) {
  return view && (view.phase === "discard" || view.phase === "bid") ? 3 : 1;
}

// ---------------------------------------------------------------- seats
const inPlay = (view) => ["play", "power21", "bird"].includes(view.phase);
const place = (n, ui) => ui.t(`place_${n}`);

function status(view, seat, ui) {
  const first =
    !inPlay(view) && view.phase !== "over" && seat === view.start_player
      ? h("span", { class: "badge first", dataset: { first: seat } }, ui.t("first_lead"))
      : null;
  return [first, call(view, seat, ui)];
}

function call(view, seat, ui) {
  if (view.phase === "discard")
    return h(
      "span",
      { class: `badge${view.discarded[seat] ? " done" : ""}` },
      ui.t(view.discarded[seat] ? "discarded" : "discarding"),
    );
  const bid = view.bids[seat];
  if (bid !== null && bid !== undefined)
    return h(
      "span",
      { class: "badge bid", dataset: { bid } },
      ui.t("bid_place", { p: place(bid, ui) }),
    );
  if (view.phase === "bid")
    return h("span", { class: "badge" }, ui.t(view.bid_in[seat] ? "bid_hidden" : "bid_waiting"));
  return null;
}

// Card points this game, game points of the match, the prediction: on every seat's line.
function standing(view, seat, ui) {
  const cp = view.card_points[seat];
  const gp = view.game_points[seat];
  return h(
    "span",
    { class: "extra", dataset: { cardPoints: cp, gamePoints: gp, bid: view.bids[seat] ?? "" } },
    h(
      "span",
      { class: "stat cp", title: ui.t("card_pts_long") },
      h("small", {}, ui.t("card_pts")),
      h("b", {}, cp),
    ),
    h(
      "span",
      { class: "stat gp", title: ui.t("game_pts_long") },
      h("small", {}, ui.t("game_pts")),
      h("b", {}, gp),
      h("small", {}, `/${view.options.target_points}`),
    ),
    status(view, seat, ui),
  );
}

function infoLine(view, ui) {
  const parts = [
    h("b", {}, ui.t("game_n", { n: view.game_number, total: view.options.max_games })),
  ];
  if (inPlay(view)) {
    const done = view.history.length;
    const now = Math.max(1, view.phase === "play" ? done + 1 : done);
    parts.push(
      " · ",
      h(
        "span",
        { class: "trick-no", dataset: { trick: now } },
        ui.t("trick_n", { n: now, total: done + Math.max(...view.hand_counts) }),
      ),
    );
  } else if (view.phase !== "over") {
    parts.push(
      " · ",
      h(
        "span",
        { class: "target", dataset: { target: view.options.target_points } },
        ui.t("target", { n: view.options.target_points }),
      ),
    );
  }
  return h("p", { class: "match hmb-info" }, parts);
}

// ---------------------------------------------------------------- talon
function exchangeLine(x, ui) {
  const n = x.after_trick;
  if (x.gave !== undefined && x.gave !== null) {
    return ui.t(x.seat === ui.viewer ? "exchange_mine" : "exchange_seen", {
      name: ui.seatName(x.seat),
      gave: ui.cardName(x.gave),
      took: ui.cardName(x.took),
      n,
    });
  }
  return ui.t(x.exchanged ? "exchange_other" : "exchange_other_pass", {
    name: ui.seatName(x.seat),
    n,
  });
}

function talonRow(view, ui) {
  if (view.phase === "over" || (view.phase === "discard" && !view.talon_count)) return null;
  const choosing = view.phase === "bird" && ui.canAct && view.talon;
  const box = h(
    "section",
    {
      class: `hmb-talon${choosing ? " choosing" : ""}`,
      dataset: { count: view.talon_count },
      "aria-label": ui.t("talon"),
    },
    h("span", { class: "label" }, ui.t("talon")),
  );
  if (view.talon) {
    box.append(
      h(
        "span",
        { class: "talon-cards" },
        view.talon.map((c) =>
          choosing ? ui.picker.face(c, { verb: "exchange" }) : ui.face(c, { small: true }),
        ),
      ),
    );
  } else {
    box.append(
      h(
        "span",
        {
          class: "talon-cards",
          role: "img",
          "aria-label": ui.t("talon_aria", { n: view.talon_count }),
        },
        Array.from({ length: view.talon_count }, () => back({ small: true })),
      ),
    );
    // Talon cards this seat has seen (its own discard, a bird's look), not since taken back.
    const held = new Set(view.hand || []);
    const known = (view.talon_seen || []).filter((c) => !held.has(c));
    if (known.length)
      box.append(
        h(
          "span",
          { class: "known" },
          ui.t("talon_known"),
          known.map((c) => ui.face(c, { small: true, dim: true })),
        ),
      );
  }
  const last = view.exchanges[view.exchanges.length - 1];
  if (last && inPlay(view))
    box.append(
      h("span", { class: "exchange-note", dataset: { seat: last.seat } }, exchangeLine(last, ui)),
    );
  return box;
}

// ---------------------------------------------------------------- the middle: trick, or last game
// Under a finished trick: its card points, scrapped or pending, and any bird bonus.
function trickNote(view, ui, trickKey) {
  const last = view.history[view.history.length - 1];
  if (view.trick.length || !last || ui.collected(trickKey)) return null;
  const key = { taken: "trick_taken", scrapped: "trick_scrapped", pending: "trick_pending" }[
    last.status
  ];
  return h(
    "p",
    { class: `trick-note ${last.status}`, dataset: { status: last.status, points: last.points } },
    ui.t(key, { name: ui.seatName(last.winner), p: last.points }),
    last.bird_bonus
      ? [
          " · ",
          h("b", {}, ui.t("bird_bonus", { n: last.bird_bonus, name: ui.seatName(last.winner) })),
        ]
      : null,
  );
}

function gameTable(last, ui, totals = null) {
  const bySeat = new Map(last.breakdown.map((b) => [b.seat, b]));
  return h(
    "table",
    {
      class: "hmb-game",
      dataset: {
        game: last.game_number,
        cardPoints: last.card_points.join(","),
        ranks: last.ranks.join(","),
        bids: last.bids.join(","),
      },
    },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["col_player", "col_cp", "col_place", "col_bid", "col_gp"].map((k) =>
          h("th", { scope: "col" }, ui.t(k)),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      [0, 1, 2]
        .map((seat) => {
          const b = bySeat.get(seat);
          return [
            h(
              "tr",
              {
                class: last.bids[seat] === last.ranks[seat] ? "right" : "wrong",
                dataset: { seat, points: b.points },
              },
              h("th", { scope: "row" }, ui.seatName(seat)),
              h("td", {}, last.card_points[seat]),
              h("td", {}, place(last.ranks[seat], ui)),
              h("td", {}, place(last.bids[seat], ui)),
              h(
                "td",
                { class: "gp" },
                `+${b.points}`,
                totals ? h("small", {}, ` → ${totals[seat]}`) : null,
              ),
            ),
            h(
              "tr",
              { class: "why" },
              h("td", { colspan: 5 }, b.reasons.map((r) => ui.say(r)).join(ui.t("list_sep"))),
            ),
          ];
        })
        .flat(),
    ),
  );
}

function lastGame(view, ui) {
  const last = view.last_game;
  if (!last) return null;
  return h(
    "section",
    { class: "hmb-last-game", dataset: { game: last.game_number } },
    h("h3", {}, ui.t("game_scored", { n: last.game_number })),
    gameTable(last, ui, view.phase === "over" ? null : view.game_points),
    h(
      "p",
      { class: "talon-went" },
      ui.t("talon_went", { p: last.talon_points, name: ui.seatName(last.talon_to) }),
    ),
  );
}

// ---------------------------------------------------------------- prompt and choices
function prompt(view, ui) {
  const turn = (text) => h("p", {}, h("b", {}, ui.t("your_turn")), " — ", text);
  if (view.phase === "over") return null;
  if (!ui.canAct) {
    const others = view.to_move.filter((s) => s !== ui.viewer);
    const done =
      view.phase === "discard" && view.my_discard
        ? ui.t("discard_done", { card: ui.cardName(view.my_discard) })
        : view.phase === "bid" && view.my_bid
          ? ui.t("bid_done", { p: place(view.my_bid, ui) })
          : null;
    const names = ui.words.list(others.map((s) => ui.seatName(s)));
    const key =
      {
        discard: "waiting_discard",
        bid: "waiting_bid",
        power21: "waiting_power21",
        bird: "waiting_bird",
      }[view.phase] || "waiting";
    return [
      done ? h("p", { class: "done" }, done) : null,
      others.length ? h("p", { class: "waiting" }, ui.t(key, { names })) : null,
    ];
  }
  if (view.phase === "discard") return turn(ui.t("discard_prompt"));
  if (view.phase === "bid") {
    return [
      turn(ui.t("bid_prompt")),
      ui.picker.choices("bid", {
        label: ([n]) => place(n, ui),
        describe: ([n]) => ui.t(`bid_${n}_help`),
      }),
      h("p", { class: "help" }, ui.t("bid_same")),
    ];
  }
  if (view.phase === "power21") {
    const p = view.pending_points;
    const buttons = [
      ui.picker.choices("take", {
        label: () => ui.t("take"),
        describe: () => ui.t("take_help", { p }),
      }),
      ui.picker.choices("scrap", {
        label: () => ui.t("scrap"),
        describe: () => ui.t("scrap_help"),
      }),
    ];
    return [
      turn(ui.t("power21_prompt", { p })),
      h(
        "div",
        { class: "choices" },
        buttons.filter(Boolean).flatMap((b) => [...b.children]),
      ),
    ];
  }
  if (view.phase === "bird") return turn(ui.t("bird_prompt"));
  return turn(ui.t(view.trick.length ? "follow" : "lead"));
}

// ---------------------------------------------------------------- the two entry points
export function render(view, ui) {
  const me = ui.viewer;
  const others = [(me + 1) % 3, (me + 2) % 3];
  const playing = inPlay(view);
  const trickKey = `${view.game_number}:${view.history.length}`;
  return h(
    "div",
    {
      class: "table hmb",
      dataset: { phase: view.phase, game: view.game_number, tricks: view.history.length },
    },
    infoLine(view, ui),
    seatRing(ui, {
      seats: others,
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => standing(view, s, ui),
    }),
    talonRow(view, ui),
    playing
      ? trick(ui, {
          cards: view.trick,
          last: view.history[view.history.length - 1],
          key: trickKey,
          faceOpts: { small: true },
        })
      : lastGame(view, ui),
    playing ? trickNote(view, ui, trickKey) : null,
    h("section", { class: "prompt hmb-prompt", dataset: { phase: view.phase } }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat hmb-me${view.to_move.includes(me) ? " to-move" : ""}`,
        dataset: {
          seat: me,
          cardPoints: view.card_points[me],
          gamePoints: view.game_points[me],
          bid: view.bids[me] ?? "",
        },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      standing(view, me, ui),
    ),
    view.phase === "over"
      ? null
      : hand(ui, view.hand, {
          verb: view.phase === "discard" ? "discard" : view.phase === "bird" ? "exchange" : "play",
        }),
    ui.dock(),
    playing ? history(ui, { tricks: view.history, key: `hmb:${view.game_number}` }) : null,
    view.score_sheet.length > 1 && view.phase !== "over"
      ? h(
          "details",
          { class: "hmb-sheet-panel" },
          h("summary", {}, ui.t("score_sheet")),
          scoreSheet(view.score_sheet, ui, view.game_points),
        )
      : null,
    h("p", { class: "help hmb-help" }, ui.t("points_help")),
  );
}

function scoreSheet(sheet, ui, totals) {
  return h(
    "table",
    { class: "hmb-sheet", dataset: { sheet: sheet.map((r) => r.join(",")).join(";") } },
    h("caption", {}, ui.t("score_sheet")),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, ""),
        [0, 1, 2].map((s) => h("th", { scope: "col" }, ui.seatName(s))),
      ),
    ),
    h(
      "tbody",
      {},
      sheet.map((row, i) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, ui.t("game_k", { n: i + 1 })),
          row.map((p) => h("td", {}, p)),
        ),
      ),
    ),
    h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "row" }, ui.t("sum")),
        totals.map((p) => h("td", {}, h("b", {}, p))),
      ),
    ),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const names = (seats) => ui.words.list(seats.map((s) => ui.seatName(s)));
  const order = [0, 1, 2].sort((a, b) => r.game_points[b] - r.game_points[a] || a - b);
  const title =
    r.winners.length > 1
      ? ui.t("winners_are", { names: names(r.winners) })
      : r.winners[0] === ui.viewer && ui.mode === "bot"
        ? ui.t("you_win")
        : ui.t("winner_is", { name: ui.seatName(r.winners[0]) });
  const reached = [0, 1, 2].filter((s) => r.game_points[s] >= view.options.target_points);
  const lg = r.last_game;
  const left = (view.hands || []).map((cards, s) => [s, cards]).filter(([, cards]) => cards.length);
  return h(
    "div",
    {
      class: "score hmb-result",
      dataset: {
        gamePoints: r.game_points.join(","),
        winners: r.winners.join(","),
        endReason: r.end_reason,
        gameNumber: r.game_number,
        gamesPlayed: r.games_played,
        scoreSheet: r.score_sheet.map((x) => x.join(",")).join(";"),
        lastCardPoints: lg ? lg.card_points.join(",") : "",
        lastRanks: lg ? lg.ranks.join(",") : "",
        lastBids: lg ? lg.bids.join(",") : "",
        lastScore: lg ? lg.score.join(",") : "",
      },
    },
    h("h2", {}, title),
    h(
      "p",
      { class: "end-reason" },
      r.end_reason === "target"
        ? ui.t("end_target", {
            names: names(reached),
            n: view.options.target_points,
            g: r.game_number,
          })
        : ui.t("end_games", { n: r.games_played }),
    ),
    h(
      "table",
      { class: "final" },
      h("caption", {}, ui.t("final_points")),
      h(
        "tbody",
        {},
        order.map((s) =>
          h(
            "tr",
            {
              class: r.winners.includes(s) ? "win" : "",
              dataset: { seat: s, points: r.game_points[s] },
            },
            h("th", { scope: "row" }, ui.seatName(s)),
            h("td", {}, r.game_points[s]),
            h("td", { class: "tag" }, r.winners.includes(s) ? ui.t("winner_tag") : ""),
          ),
        ),
      ),
    ),
    lastGame(view, ui) || h("p", {}, ui.t("no_game_scored")),
    r.score_sheet.length > 1 ? scoreSheet(r.score_sheet, ui, r.game_points) : null,
    left.length
      ? h(
          "div",
          { class: "left-hands" },
          h("h3", {}, ui.t("left_hands")),
          left.map(([s, cards]) =>
            h(
              "p",
              { dataset: { seat: s } },
              h("span", { class: "who" }, ui.seatName(s)),
              cards.map((c) => ui.face(c, { small: true })),
            ),
          ),
          view.talon
            ? h(
                "p",
                {},
                h("span", { class: "who" }, ui.t("talon")),
                view.talon.map((c) => ui.face(c, { small: true })),
              )
            : null,
        )
      : null,
  );
}
