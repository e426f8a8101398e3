// 42 (Texas Forty-Two) table (engine: py/tabletop/games/forty_two.py), on the table kit.
// Four seats in two partnerships (0+2 against 1+3), each in its team's colour: the partner across
// (top), the opponents left and right, the bids and then the trick in a cross between them.
// Above: marks, this deal's points and tricks per team, and the contract (bid, trumps, what the
// bidders need); below: the player's line, the bid or trump buttons (one tap each), the tiles
// (a lit tile plays at once) and the dock. Domino faces are Mexican Train's (its view exports
// them), so both games draw the same tiles.
// Strings: static/strings/forty_two.json. What is legal comes from view.legal_actions only.
import { h, hand, history, seatRing, trick, useCss } from "../kit/index.js";
import { faces as tileFaces } from "./mexican_train.js";

useCss(new URL("./forty_two.css", import.meta.url));

export const faces = tileFaces;
export const verbs = { play: { confirm: false, eager: true } };

const POS = ["bottom", "left", "top", "right"]; // where a seat sits for the viewer, clockwise
const teamOf = (seat) => seat % 2;
const pos = (seat, me) => POS[(seat - me + 4) % 4];
const isTile = (t) => /^[0-6]-[0-6]$/.test(String(t));

// A bid ("30", "1m", "plunge") in words.
function bidWords(bid, ui) {
  const s = String(bid);
  if (/^\d+m$/.test(s)) return ui.t("marks_n", { n: Number(s.slice(0, -1)) });
  if (/^\d+$/.test(s)) return ui.t("points_n", { n: Number(s) });
  if (s === "plunge") return ui.t("choice_bid_plunge");
  return s;
}
function contractWords(c, ui) {
  const s = String(c);
  if (s === "0") return ui.t("contract_0");
  if (/^[1-6]$/.test(s)) return ui.t("contract_n", { n: s });
  return ui.t(`contract_${s}`);
}
function suitWords(s, ui) {
  const v = String(s);
  if (v === "trumps" || v === "doubles") return ui.t(`suit_${v}`);
  if (v === "0") return ui.t("suit_0");
  return ui.t("suit_n", { n: v });
}
function teamWords(team, ui) {
  if (ui.mode === "bot" && typeof ui.viewer === "number")
    return ui.t(team === teamOf(ui.viewer) ? "us" : "them");
  const name = ui.seatName || ((s) => ui.param("seat", s));
  return [team, team + 2].map((s) => name(s)).join(ui.t("and"));
}

// The game's own params and a move's arguments: bids, trumps, suits, teams, tiles.
export function formatParam(key, value, ui) {
  if (key === "bid" || key === "high") return bidWords(value, ui);
  if (key === "contract") return contractWords(value, ui);
  if (key === "suit") return suitWords(value, ui);
  if (key === "team" || key === "winner_team") return teamWords(Number(value), ui);
  if (key === "tile" && isTile(value)) return ui.cardName(value);
  if (key === "tiles" && Array.isArray(value))
    return value.map((t) => ui.cardName(t)).join(ui.t("list_sep"));
  if (key === "arg") {
    const s = String(value);
    if (/^[0-6]$/.test(s)) return s === "0" ? ui.t("suit_0") : ui.t("suit_n", { n: s });
    if (/^\d+m?$/.test(s)) return bidWords(s, ui);
  }
  return undefined;
}

// The computer looks at a new hand before it bids.
export function botDelayFactor(view) {
  return view && view.phase === "bid" && view.bids.length === 0 ? 2 : 1;
}

const tag = (team, ui) =>
  h(
    "span",
    { class: `tag team-${team}` },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    teamWords(team, ui),
  );

function scoreboard(view, ui) {
  const mine = teamOf(ui.viewer);
  const n = view.phase === "over" ? view.deals_played : view.deals_played + 1;
  return h(
    "section",
    { class: "scoreboard", "aria-label": ui.t("marks") },
    h(
      "div",
      { class: "sb-row sb-head" },
      h("span", {}),
      h("b", {}, `${ui.t("deal_n", { n })} · ${ui.t("goal_marks", { n: view.target_marks })}`),
      h("span", {}, ui.t("tricks")),
      h("span", {}, ui.t("deal_points")),
      h("span", {}, ui.t("marks")),
    ),
    [mine, 1 - mine].map((team) =>
      h(
        "div",
        {
          class: `sb-row team-${team}${team === mine ? " mine" : ""}`,
          dataset: {
            team,
            marks: view.marks[team],
            points: view.points[team],
            tricks: view.tricks[team],
          },
        },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        h("span", { class: "sb-names" }, teamWords(team, ui)),
        h("b", { class: "sb-tricks" }, view.tricks[team]),
        h("b", { class: "sb-points" }, view.points[team]),
        h("b", { class: "sb-marks" }, view.marks[team]),
      ),
    ),
  );
}

// The contract: during the bidding what it means; then who bid what, trumps and the need.
function contractBanner(view, ui) {
  if (view.phase === "bid") {
    return h(
      "section",
      { class: "contract bidding" },
      h("span", { class: "c-name" }, ui.t("bidding")),
      h("span", { class: "c-help" }, ui.t("bidding_help")),
    );
  }
  if (view.bidder === null) return null;
  const team = teamOf(view.bidder);
  const need =
    view.contract === "nello"
      ? ui.t("need_nello")
      : view.need >= 42
        ? ui.t("need_all")
        : ui.t("need_line", { need: view.need });
  return h(
    "section",
    {
      class: `contract team-${team}`,
      dataset: { contract: view.contract ?? "", bid: view.high_bid, bidder: view.bidder },
    },
    h(
      "span",
      { class: "c-name" },
      view.contract === null
        ? ui.t("calling", { name: ui.seatName(view.caller) })
        : contractWords(view.contract, ui),
    ),
    h(
      "span",
      { class: "c-help" },
      `${ui.seatName(view.bidder)}: ${bidWords(view.high_bid, ui)} · ${need}`,
      view.phase === "play" ? ` · ${ui.t("count_left", { n: view.count_left })}` : "",
    ),
  );
}

function bidOf(view, seat) {
  const found = view.bids.find(([s]) => s === seat);
  return found ? found[1] : null;
}

function badges(view, seat, ui) {
  const badge = (key, cls = "") => h("span", { class: `badge ${cls}` }, ui.t(key));
  const b = bidOf(view, seat);
  return h(
    "span",
    { class: "extra" },
    seat === (ui.viewer + 2) % 4 ? badge("partner", "partner") : null,
    seat === view.dealer ? badge("dealer") : null,
    seat === view.bidder && view.phase !== "bid" ? badge("bidder", "bidder") : null,
    seat === view.sitting_out ? badge("sits_out", "out") : null,
    view.phase === "bid" && b !== null
      ? h(
          "span",
          { class: `badge said ${b === "pass" ? "pass" : "bid"}` },
          b === "pass" ? ui.t("passed") : bidWords(b, ui),
        )
      : null,
  );
}

// The middle: the bids in a cross during the auction, then the trick (the kit's; each tile on its
// player's side); a finished trick stays until collected, its winner marked.
function middle(view, ui) {
  const me = ui.viewer;
  if (view.phase === "bid" || view.phase === "call") {
    const label = ui.t("bids_from", { name: ui.seatName((view.dealer + 1) % 4) });
    return h(
      "section",
      { class: "trick bids", "aria-label": label },
      h("div", { class: "trick-label" }, label),
      h(
        "div",
        { class: "trick-cards" },
        [0, 1, 2, 3].map((s) => {
          const b = bidOf(view, s);
          return h(
            "div",
            {
              class: `played pos-${pos(s, me)}${s === view.bidder ? " high" : ""}`,
              dataset: { seat: s, bid: b ?? "" },
            },
            h(
              "span",
              { class: `said ${b === null ? "none" : b === "pass" ? "pass" : "bid"}` },
              b === null ? ui.t("no_bid_yet") : b === "pass" ? ui.t("passed") : bidWords(b, ui),
            ),
          );
        }),
      ),
    );
  }
  const area = trick(ui, {
    cards: view.trick,
    last: view.history[view.history.length - 1],
    key: `${view.deals_played}:${view.history.length}`,
    label:
      view.phase === "play" && view.trick.length
        ? ui.t("trick_n", { n: view.history.length + 1 })
        : null,
  });
  for (const el of area.querySelectorAll(".played[data-seat]"))
    el.classList.add(`pos-${pos(Number(el.dataset.seat), me)}`);
  return area;
}

function ledSuit(view) {
  if (!view.trick.length || view.contract === "sevens") return null;
  const [a, b] = view.trick[0][1].split("-").map(Number);
  const c = view.contract;
  if (/^[0-6]$/.test(c) && (a === Number(c) || b === Number(c))) return "trumps";
  if (c === "doubles" && a === b) return "trumps";
  if (c === "nello" && view.options.nello_doubles === "own_suit" && a === b) return "doubles";
  return String(Math.max(a, b));
}

function prompt(view, ui) {
  const me = ui.viewer;
  if (view.phase === "over" || ui.mode === "replay") return null;
  if (ui.canAct) {
    let text;
    if (view.phase === "bid")
      text = ui.t(view.legal_actions.includes("pass") ? "prompt_bid" : "prompt_bid_forced");
    else if (view.phase === "call") text = ui.t("prompt_call");
    else if (view.contract === "sevens") text = ui.t("prompt_sevens");
    else if (!view.trick.length) text = ui.t("prompt_lead");
    else text = ui.t("prompt_follow", { suit: suitWords(ledSuit(view), ui) });
    const bids = ui.picker.choices("bid", { label: ([arg]) => bidWords(arg, ui) });
    const pass = ui.picker.choices("pass", {
      label: () => ui.t("verb_pass"),
      describe: () => ui.t("act_pass_d"),
    });
    const calls = ui.picker.choices("call", { label: ([arg]) => contractWords(arg, ui) });
    return [
      h("p", { class: "turn" }, h("b", {}, ui.t("your_turn")), " ", text),
      bids || pass
        ? h(
            "div",
            { class: "choices bid-picker" },
            pass ? [...pass.children] : [],
            bids ? [...bids.children] : [],
          )
        : null,
      calls ? h("div", { class: "choices call-picker" }, [...calls.children]) : null,
    ];
  }
  const who = view.to_act;
  return h(
    "p",
    { class: "waiting" },
    view.sitting_out === me ? `${ui.t("you_sit_out")} ` : "",
    who === null ? "" : ui.t("waiting_for", { name: ui.seatName(who) }),
  );
}

function recordTitle(rec, ui) {
  if (rec.bidder === null) return ui.t("deal_thrown");
  return ui.t("deal_title", {
    name: ui.seatName(rec.bidder),
    bid: bidWords(rec.bid, ui),
    contract: contractWords(rec.contract, ui),
  });
}
const pair = (values) =>
  h(
    "span",
    { class: "pair" },
    [0, 1].map((team) =>
      h(
        "span",
        { class: `pv team-${team}` },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        h("b", {}, values[team]),
      ),
    ),
  );
const recordData = (rec, n) => ({
  deal: n,
  made: rec.made === null ? "" : rec.made ? "1" : "0",
  scoringTeam: rec.scoring_team ?? "",
  award: rec.award,
  points: rec.points.join(","),
});

// Why the deal ended as it did, with the sum where points decide it.
function why(rec, ui) {
  const need = /^\d+$/.test(rec.bid) ? Number(rec.bid) : 42;
  if (rec.contract === "nello") return ui.t(rec.made ? "why_nello_made" : "why_nello_set");
  if (rec.made) return need >= 42 ? ui.t("why_sevens_made") : ui.t("why_made", { need });
  return need >= 42 ? ui.t("why_set_marks") : ui.t("why_set_points", { need, limit: 42 - need });
}

function recordBody(rec, ui) {
  if (rec.bidder === null) return null;
  return h(
    "p",
    { class: "deal-nums", dataset: { made: rec.made ? "1" : "0" } },
    h("b", {}, rec.made ? ui.t("made_line") : ui.t("set_line")),
    ` (${why(rec, ui)})`,
    " → ",
    tag(rec.scoring_team, ui),
    ` +${ui.t("marks_n", { n: rec.award })} · ${ui.t("deal_points_line")} `,
    pair(rec.points),
    ` · ${ui.t("tricks_line")} `,
    pair(rec.tricks),
  );
}

const openDeals = new Map();
function lastDeal(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase === "over" || view.history.length) return null;
  const key = `${ui.viewer}:${view.deals_played}`;
  const panel = h(
    "details",
    {
      class: `last-deal team-${rec.scoring_team ?? "none"}`,
      dataset: recordData(rec, view.deals_played),
    },
    h(
      "summary",
      {},
      h("b", {}, `${ui.t("deal_result", { n: view.deals_played })} `),
      recordTitle(rec, ui),
      rec.bidder === null
        ? ""
        : [
            ` → ${rec.made ? ui.t("made_line") : ui.t("set_line")} `,
            tag(rec.scoring_team, ui),
            ` +${rec.award}`,
          ],
    ),
    recordBody(rec, ui),
  );
  panel.open = openDeals.get(key) ?? false;
  panel.addEventListener("toggle", () => openDeals.set(key, panel.open));
  return panel;
}

// What the last move caused, in words (a trick won, a bid made or set).
function events(view, ui) {
  const said = view.events;
  if (!said.length) return null;
  return h("p", { class: "events", "aria-live": "polite" }, said.map((e) => ui.say(e)).join(" "));
}

export function render(view, ui) {
  const me = ui.viewer;
  return h(
    "div",
    {
      class: "table forty-two",
      dataset: {
        phase: view.phase,
        contract: view.contract ?? "",
        deal: view.deals_played + 1,
      },
    },
    scoreboard(view, ui),
    lastDeal(view, ui),
    contractBanner(view, ui),
    h(
      "div",
      { class: "felt" },
      seatRing(ui, {
        seats: [1, 2, 3].map((k) => (me + k) % 4),
        toMove: view.phase === "over" ? [] : view.to_move,
        cards: (s) => view.hand_counts[s],
        chip: (s) => badges(view, s, ui),
      }),
      middle(view, ui),
    ),
    events(view, ui),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat${view.to_move.includes(me) && view.phase !== "over" ? " to-move" : ""}`,
        dataset: { seat: me, team: teamOf(me) },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      badges(view, me, ui),
    ),
    hand(ui, view.hand || [], { verb: "play", label: ui.t("your_tiles") }),
    ui.dock(),
    history(ui, { tricks: view.history, key: `forty_two:${view.deals_played}` }),
    h("p", { class: "count-help" }, ui.t("count_tiles_help")),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  return h(
    "div",
    {
      class: "score forty-two-result",
      dataset: {
        marks: r.marks.join(","),
        winnerTeam: r.winner_team,
        winners: r.winners.join(","),
        dealsPlayed: r.deals_played,
      },
    },
    h("h2", {}, ui.t("winners", { team: teamWords(r.winner_team, ui) })),
    h(
      "div",
      { class: "totals" },
      h(
        "span",
        { class: "tl" },
        `${ui.t("final_marks")} · ${ui.t("deals_played", { n: r.deals_played })}`,
      ),
      [0, 1].map((team) =>
        h(
          "div",
          { class: `tot team-${team}`, dataset: { team, marks: r.marks[team] } },
          h("span", { class: "swatch", "aria-hidden": "true" }),
          h("span", {}, teamWords(team, ui)),
          h("b", {}, r.marks[team]),
        ),
      ),
    ),
    h(
      "ol",
      { class: "deals" },
      r.deals.map((rec, i) =>
        h(
          "li",
          { class: `deal team-${rec.scoring_team ?? "none"}`, dataset: recordData(rec, i + 1) },
          h(
            "div",
            { class: "deal-line" },
            h("b", {}, `${ui.t("deal_result", { n: i + 1 })} `),
            recordTitle(rec, ui),
          ),
          recordBody(rec, ui),
        ),
      ),
    ),
  );
}
