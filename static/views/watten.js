// Watten table (engine: py/tabletop/games/watten.py), on the table kit (static/kit/).
// 2-4 seats; with 4 the partner sits across. The German-suited pack is drawn here (its own face
// spec: acorns, leaves, hearts, bells in SVG, ranks 7-10, Unter, Ober, König, Ace, the Weli), or
// the blog's French mapping (E=♣, L=♠, H=♥, S=♦, Weli ♦6), a setting kept on the device.
// Above: the sides' points and tricks, the announcements (Schlag, trump, Rechte, Guate: only for
// those who know them) and the stake; the felt: the others and the trick between; below: the
// prompt with the announcement, raise, answer and signal buttons, the hand and the dock.
// Strings: static/strings/watten.json. What is legal comes from view.legal_actions only.
import { h, hand, history, seatRing, trick, useCss } from "../kit/index.js";

useCss(new URL("./watten.css", import.meta.url));

// ---------------------------------------------------------------- faces
const FACES_KEY = "tabletop.watten.faces";
let french = false;
try {
  french = globalThis.localStorage?.getItem(FACES_KEY) === "french";
} catch {
  french = false; // storage refused (private window): the German faces
}
const CARD = /^([789TUOKA])([ELHS])$/;
const FRENCH_SUIT = { E: "♣", L: "♠", H: "♥", S: "♦" };
const GERMAN_RANK = { T: "10", U: "U", O: "O", K: "K", A: "A" };
const FRENCH_RANK = { T: "10", U: "J", O: "Q", K: "K", A: "A" };
const say = (w, key, params, fallback) => (w ? w.t(key, params) : fallback);
const SVG = "http://www.w3.org/2000/svg";

// The four German suits as small pictures (no font needed).
const SUIT_PATHS = {
  H: [["path", { d: "M12 21 C4 15 2 11 2 8 A5 5 0 0 1 12 6 A5 5 0 0 1 22 8 C22 11 20 15 12 21Z" }]],
  L: [
    ["path", { d: "M12 2 C19 7 20 14 12 22 C4 14 5 7 12 2Z" }],
    ["path", { d: "M12 5 V23", class: "vein" }],
  ],
  E: [
    ["ellipse", { cx: "12", cy: "14.5", rx: "5.2", ry: "6.8" }],
    ["path", { d: "M5.5 10 C6 5 18 5 18.5 10Z", class: "cap" }],
    ["path", { d: "M12 5 V2", class: "vein" }],
  ],
  S: [
    ["circle", { cx: "12", cy: "13", r: "8" }],
    ["path", { d: "M5 11.5 H19", class: "band" }],
    ["circle", { cx: "12", cy: "17", r: "1.6", class: "slit" }],
    ["path", { d: "M10 5 Q12 1.5 14 5", class: "loop" }],
  ],
};

function suitMark(suit) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `gsuit gsuit-${suit}`);
  svg.setAttribute("aria-hidden", "true");
  for (const [tag, attrs] of SUIT_PATHS[suit]) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.append(el);
  }
  return svg;
}

const suitName = (w, s) => say(w, `suit_${s}${french ? "_fr" : ""}`, {}, s);
const rankName = (w, r) =>
  french && "UOK".includes(r)
    ? say(w, `rank_${{ U: "J", O: "Q", K: "K" }[r]}_fr`, {}, r)
    : say(w, `rank_${r}`, {}, r);

export const faces = {
  kind: "card",
  name(token, w) {
    if (token === "WS") return say(w, french ? "card_weli_fr" : "card_weli", {}, "the Weli");
    const m = CARD.exec(String(token));
    if (!m) return null;
    return say(
      w,
      "card_of",
      { rank: rankName(w, m[1]), suit: suitName(w, m[2]) },
      `${m[1]} of ${m[2]}`,
    );
  },
  parts(token) {
    const hidden = { "aria-hidden": "true" };
    const weli = token === "WS";
    const m = CARD.exec(String(token)) || [token, "6", "S"];
    const rank = weli ? "6" : (french ? FRENCH_RANK : GERMAN_RANK)[m[1]] || m[1];
    return [
      h("span", { class: "rank", ...hidden }, rank),
      french
        ? h("span", { class: "suit", ...hidden }, FRENCH_SUIT[m[2]])
        : h("span", { class: "suit", ...hidden }, suitMark(m[2])),
      weli ? h("span", { class: "weli-star", ...hidden }, "★") : null,
    ];
  },
  classes(token) {
    if (token === "WS") return ["wcard", "suit-S", "weli", french ? "fr" : "de"];
    const m = CARD.exec(String(token));
    return m ? ["wcard", `suit-${m[2]}`, french ? "fr" : "de"] : ["wcard"];
  },
};

// Arguments of the moves in words: a Schlag's rank, a trump's suit, a signal.
const SIGNALS = ["rechte", "blind", "trump", "none"];
export function formatParam(key, value, ui) {
  const w = ui.words || ui;
  if (key === "arg") {
    if (/^[789TUOKAW]$/.test(value)) return rankName(w, value);
    if (/^[ELHS]$/.test(value)) return suitName(w, value);
    if (SIGNALS.includes(value)) return w.t(`signal_${value}`);
    return undefined;
  }
  if (key === "verbs" && Array.isArray(value)) return w.list(value.map((v) => w.t(`verb_${v}`)));
  if (key === "verb") return w.t(`verb_${value}`);
  return undefined;
}

// Moves without a card to tap: their buttons in the dock, next to the hand.
export const verbs = {
  raise: { label: (args, w) => w.t("act_raise_dock") },
  signal: { label: ([g], w) => w.t("act_signal", { what: w.t(`sig_${g}`) }) },
};

// The computer takes a person's time to name the Schlag and the trump, and to answer a raise.
export function botDelayFactor(view) {
  return view && ["schlag", "trump", "answer"].includes(view.phase) ? 2 : 1;
}

// ---------------------------------------------------------------- helpers
const POS = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};
const pos = (view, seat, me) => POS[view.players][(seat - me + view.players) % view.players];
const isTeams = (view) => view.players === 4;
// The score entries: the two teams with 4 players, else each seat.
const entries = (view) =>
  isTeams(view)
    ? [
        [0, 2],
        [1, 3],
      ]
    : view.scores.map((_, s) => [s]);
const entryOf = (view, seat) => (isTeams(view) ? seat % 2 : seat);
const sideClass = (view, seat, me) =>
  view.side_of[seat] === view.side_of[me] ? "side-mine" : "side-them";
const names = (ui, seats) => ui.words.list(seats.map((s) => ui.seatName(s)));
const sideName = (view, ui, seats) =>
  isTeams(view) && ui.mode === "bot"
    ? ui.t(seats.includes(ui.viewer) ? "us" : "them")
    : names(ui, seats);
const tokenOf = (pair) => (pair ? (pair[0] === "W" ? "WS" : pair[0] + pair[1]) : null);

function scoreboard(view, ui) {
  const me = ui.viewer;
  const rows = entries(view);
  rows.sort((a, b) => b.includes(me) - a.includes(me));
  return h(
    "section",
    { class: "scoreboard", "aria-label": ui.t("points") },
    h(
      "div",
      { class: "sb-row sb-head" },
      h(
        "b",
        {},
        `${ui.t("deal_n", { n: view.deals_played + (view.phase === "over" ? 0 : 1) })} · `,
        ui.t("goal_target", { n: view.target_score }),
      ),
      h("span", {}, ui.t("tricks_short")),
      h("span", {}, ui.t("points")),
    ),
    rows.map((seats) => {
      const e = entryOf(view, seats[0]);
      return h(
        "div",
        {
          class: `sb-row ${sideClass(view, seats[0], me)}${seats.includes(me) ? " mine" : ""}`,
          dataset: { entry: e, score: view.scores[e], tricks: view.tricks[e] },
        },
        h(
          "span",
          { class: "sb-names" },
          h("span", { class: "swatch", "aria-hidden": "true" }),
          sideName(view, ui, seats),
          view.gestrichen[e] ? h("small", { class: "gest" }, ui.t("gestrichen")) : null,
        ),
        h("b", { class: "sb-tricks" }, view.tricks[e]),
        h("b", { class: "sb-score" }, view.scores[e]),
      );
    }),
  );
}

function announcements(view, ui) {
  const parts = [];
  if (view.schlag !== null)
    parts.push(h("b", {}, ui.t("schlag_is", { rank: rankName(ui, view.schlag) })));
  if (view.trump !== null)
    parts.push(
      h(
        "b",
        { class: `trump-suit suit-${view.trump}` },
        ui.t("trump_is", { suit: suitName(ui, view.trump) }),
      ),
    );
  for (const [key, pair] of [
    ["rechte_is", view.rechte],
    ["guate_is", view.guate],
  ]) {
    const card = tokenOf(pair);
    if (card)
      parts.push(
        h(
          "span",
          { class: `top-card ${key}`, dataset: { card } },
          ui.face(card, { small: true }),
          h("small", {}, ui.t(key, { card: ui.cardName(card) })),
        ),
      );
  }
  let note = null;
  if (view.schlag === null && view.trump === null) {
    note = ["schlag", "trump"].includes(view.phase) ? ui.t("not_yet") : ui.t("secret_trump");
  }
  return h(
    "section",
    {
      class: `announce${view.knows_trump ? "" : " secret"}`,
      dataset: { schlag: view.schlag ?? "", trump: view.trump ?? "", stake: view.stake },
    },
    h("span", { class: "stake" }, ui.t("stake", { n: view.stake })),
    view.last_raiser !== null
      ? h("small", { class: "raised" }, ui.t("raised_by", { name: ui.seatName(view.last_raiser) }))
      : null,
    note ? h("span", { class: "note" }, note) : parts,
  );
}

function badges(view, seat, ui) {
  const badge = (text, cls = "") => h("span", { class: `badge ${cls}` }, text);
  const signal = view.signals.find(([s]) => s === seat);
  return h(
    "span",
    { class: "extra" },
    isTeams(view) && seat === (ui.viewer + 2) % 4 ? badge(ui.t("partner"), "partner") : null,
    seat === view.dealer ? badge(ui.t("dealer")) : null,
    seat === view.forehand ? badge(ui.t("forehand")) : null,
    view.seat_tricks[seat] ? badge(`${view.seat_tricks[seat]}✓`, "won") : null,
    signal ? badge(ui.t(`sig_${signal[1]}`), "signal") : null,
  );
}

function middle(view, ui) {
  const me = ui.viewer;
  const last = view.history.at(-1) || (view.trick.length ? null : view.last_trick);
  const area = trick(ui, {
    cards: view.trick,
    last,
    key: `${view.deals_played}:${view.history.length}`,
    label: view.trick.length ? ui.t("trick_n", { n: view.history.length + 1 }) : null,
  });
  area.classList.add(`n${view.players}`);
  for (const el of area.querySelectorAll(".played[data-seat]")) {
    const seat = Number(el.dataset.seat);
    el.classList.add(`pos-${pos(view, seat, me)}`, sideClass(view, seat, me));
  }
  return area;
}

function otherSide(view, raiser) {
  return view.sides.find((seats) => !seats.includes(raiser)) || [];
}

function prompt(view, ui) {
  if (view.phase === "over" || ui.mode === "replay") return null;
  const rank = view.schlag ? rankName(ui, view.schlag) : "";
  if (ui.canAct) {
    let text;
    const buttons = [];
    if (view.phase === "schlag") {
      text = ui.t("prompt_schlag");
      buttons.push(ui.picker.choices("schlag", { label: ([r]) => rankName(ui, r) }));
    } else if (view.phase === "trump") {
      text = ui.t("prompt_trump", { rank });
      buttons.push(
        ui.picker.choices("trump", {
          label: ([s]) =>
            h(
              "span",
              { class: "suit-choice" },
              french ? FRENCH_SUIT[s] : suitMark(s),
              ` ${suitName(ui, s)}`,
            ),
        }),
      );
    } else if (view.phase === "answer") {
      const raiser = view.raise_pending;
      const side = view.sides.find((seats) => seats.includes(raiser)) || [raiser];
      text = ui.t("prompt_answer", {
        name: ui.seatName(raiser),
        n: view.stake + 1,
        m: view.stake,
        side: sideName(view, ui, side),
      });
      buttons.push(
        ui.picker.choices("accept", {
          label: () => ui.t("act_accept"),
          describe: () => ui.t("act_accept_d", { n: view.stake + 1 }),
        }),
        ui.picker.choices("fold", {
          label: () => ui.t("act_fold"),
          describe: () => ui.t("act_fold_d", { n: view.stake }),
        }),
      );
    } else {
      const led = view.trick.length ? view.trick[0][1] : null;
      const trumpLed =
        led && view.roles[led] && ["trump", "rechte", "guate"].includes(view.roles[led]);
      text = ui.t(
        view.trick.length ? (trumpLed ? "prompt_follow_trump" : "prompt_follow") : "prompt_lead",
      );
      // Raise and signals go to the dock by the hand (verbs below): the hand stays on screen.
    }
    const shown = buttons.filter(Boolean);
    return [
      h("p", { class: "turn" }, h("b", {}, ui.t("your_turn")), " ", text),
      shown.length
        ? h(
            "div",
            { class: "choices" },
            shown.flatMap((d) => (d.classList?.contains("choices") ? [...d.children] : [d])),
          )
        : null,
    ];
  }
  const who = view.to_act;
  if (who === null || who === undefined) return null;
  const key =
    view.phase === "schlag" ? "waiting_schlag" : view.phase === "trump" ? "waiting_trump" : null;
  if (view.phase === "answer") {
    const raiser = view.raise_pending;
    return h(
      "p",
      { class: "waiting" },
      ui.t("raise_waiting", {
        name: ui.seatName(raiser),
        n: view.stake + 1,
        who: ui.seatName(who),
      }),
    );
  }
  return h("p", { class: "waiting" }, ui.t(key || "waiting_for", { name: ui.seatName(who) }));
}

function myHand(view, ui) {
  if (view.hand === null) {
    return h(
      "div",
      { class: "hand kit closed" },
      h("p", { class: "closed-note" }, ui.t("cards_after_trump")),
    );
  }
  const el = hand(ui, view.hand, { verb: "play" });
  for (const card of el.querySelectorAll("[data-card]")) {
    const role = view.roles[card.dataset.card];
    if (role) {
      card.classList.add(`role-${role}`);
      card.append(h("span", { class: "role", "aria-hidden": "true" }, ui.t(`role_${role}`)));
    }
  }
  return el;
}

// The deal just scored: who took it and why (3 tricks, or a fold), the announcements revealed.
const openDeals = new Map();
function dealLine(view, rec, ui) {
  const side = rec.scoring_seats;
  const sideWords = sideName(view, ui, side);
  return [
    rec.ended_by === "fold"
      ? ui.t("deal_won_fold", { name: ui.seatName(rec.folded_by), side: sideWords, n: rec.points })
      : ui.t("deal_won_tricks", { side: sideWords, n: rec.points }),
    " · ",
    ui.t("deal_announced", { rank: rankName(ui, rec.schlag), suit: suitName(ui, rec.trump) }),
  ];
}

function lastDeal(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase === "over") return null;
  const key = `${ui.viewer}:${view.deals_played}`;
  const panel = h(
    "details",
    {
      class: `last-deal ${rec.scoring_seats.includes(ui.viewer) ? "side-mine" : "side-them"}`,
      dataset: { points: rec.points, endedBy: rec.ended_by, scoring: rec.scoring_seats.join(",") },
    },
    h(
      "summary",
      {},
      h("b", {}, `${ui.t("deal_result", { n: view.deals_played })} `),
      dealLine(view, rec, ui),
    ),
    h(
      "p",
      { class: "deal-nums" },
      entries(view).map((seats) =>
        h(
          "span",
          { class: "pv" },
          `${sideName(view, ui, seats)}: ${rec.tricks[entryOf(view, seats[0])]} `,
          ui.t("tricks_short"),
        ),
      ),
    ),
  );
  panel.open = openDeals.get(key) ?? false;
  panel.addEventListener("toggle", () => openDeals.set(key, panel.open));
  return panel;
}

function facesSetting(ui) {
  const pick = (value) => () => {
    french = value;
    try {
      globalThis.localStorage?.setItem(FACES_KEY, value ? "french" : "german");
    } catch {
      // kept for this page only
    }
    ui.picker.rerender();
  };
  return h(
    "div",
    { class: "faces-setting", role: "group", "aria-label": ui.t("faces_setting") },
    h("small", {}, `${ui.t("faces_setting")}: `),
    h(
      "button",
      { type: "button", class: "chip-btn", "aria-pressed": String(!french), onclick: pick(false) },
      ui.t("faces_german"),
    ),
    h(
      "button",
      { type: "button", class: "chip-btn", "aria-pressed": String(french), onclick: pick(true) },
      ui.t("faces_french"),
    ),
  );
}

export function render(view, ui) {
  const me = ui.viewer;
  const others = [];
  for (let k = 1; k < view.players; k += 1) others.push((me + k) % view.players);
  return h(
    "div",
    {
      class: `table watten n${view.players}`,
      dataset: { phase: view.phase, deal: view.deals_played + 1, stake: view.stake },
    },
    scoreboard(view, ui),
    lastDeal(view, ui),
    announcements(view, ui),
    h(
      "div",
      { class: "felt" },
      seatRing(ui, {
        seats: others,
        toMove: view.phase === "over" ? [] : view.to_move,
        cards: (s) => view.hand_counts[s],
        chip: (s) => badges(view, s, ui),
      }),
      middle(view, ui),
    ),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat ${sideClass(view, me, me)}${view.to_move.includes(me) && view.phase !== "over" ? " to-move" : ""}`,
        dataset: { seat: me },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      badges(view, me, ui),
    ),
    myHand(view, ui),
    ui.dock(),
    history(ui, { tricks: view.history, key: `watten:${view.deals_played}` }),
    facesSetting(ui),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const rows = entries(view);
  return h(
    "div",
    {
      class: "score watten-result",
      dataset: {
        scores: r.scores.join(","),
        winners: r.winners.join(","),
        winnerTeam: r.winner_team ?? "",
        dealsPlayed: r.deals_played,
      },
    },
    h("h2", {}, ui.t("winners", { names: names(ui, r.winners) })),
    h(
      "div",
      { class: "totals" },
      h(
        "span",
        { class: "tl" },
        `${ui.t("final_scores")} · ${ui.t("deals_played", { n: r.deals.length })}`,
      ),
      rows.map((seats) =>
        h(
          "div",
          {
            class: `tot${seats.some((s) => r.winners.includes(s)) ? " won" : ""}`,
            dataset: { score: r.scores[entryOf(view, seats[0])] },
          },
          h("span", {}, names(ui, seats)),
          h("b", {}, r.scores[entryOf(view, seats[0])]),
        ),
      ),
    ),
    h(
      "ol",
      { class: "deals" },
      r.deals.map((rec, i) =>
        h(
          "li",
          { class: "deal", dataset: { points: rec.points, endedBy: rec.ended_by } },
          h("b", {}, `${ui.t("deal_result", { n: i + 1 })} `),
          dealLine(view, rec, ui),
        ),
      ),
    ),
  );
}
