// Quinto table (engine: py/tabletop/games/quinto.py), on the table kit (static/kit/).
// Four seats in two partnerships (0+2 against 1+3), each in its team's colour: the partner across
// the table (top), the opponents left and right, the trick in a cross between them, the cachette
// (five cards face down until the last trick's winner takes it) beside. Above: the teams' totals,
// tricks and quints of this deal, the calls and the multiplier; below: the player's line, hand
// and dock. A tap on a lit card plays it; the calls are buttons. Strings: static/strings/quinto.json.
import { back, h, hand, history, seatRing, standardCards, trick, useCss } from "../kit/index.js";

useCss(new URL("./quinto.css", import.meta.url));

const POS = ["bottom", "left", "top", "right"]; // where a seat sits for the viewer, clockwise
const JOKER = "JK1";

// The standard cards and the joker (the Quint Royal), which belongs to no suit.
export const faces = {
  kind: "card",
  name(token, w) {
    if (token === JOKER) return w ? w.t("joker") : "joker";
    return standardCards.name(token, w);
  },
  parts(token, w) {
    if (token === JOKER)
      return [
        h("span", { class: "star", "aria-hidden": "true" }, "★"),
        h("span", { class: "joker-label", "aria-hidden": "true" }, w ? w.t("joker_face") : "25"),
      ];
    return standardCards.parts(token);
  },
  classes(token) {
    return token === JOKER ? ["joker"] : standardCards.classes(token);
  },
};

export function formatParam(key, value, ui) {
  if (key === "reason") return ui.t(`redouble_${value}`);
  if (key === "text") return ui.t("quoted", { word: value });
  return undefined;
}

const teamOf = (seat) => seat % 2;
const pos = (seat, me) => POS[(seat - me + 4) % 4];
const names = (view, team, ui) => view.teams[team].map((s) => ui.seatName(s)).join(ui.t("and"));
// "Us" / "Them" against the computer, the two names in pass-and-play.
const teamLabel = (view, team, ui) =>
  ui.mode === "bot" ? ui.t(team === teamOf(ui.viewer) ? "us" : "them") : names(view, team, ui);
const tag = (view, team, ui) =>
  h(
    "span",
    { class: `tag team-${team}` },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    teamLabel(view, team, ui),
  );

// A quint in words: "♥5" / "♥A+4" / "ジョーカー", with its points.
const SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
const VALUE = { H: 20, D: 15, C: 10, S: 5 };
function quintWords(q, ui) {
  if (q === JOKER) return ui.t("joker");
  const suit = q[1];
  return q.includes("+") ? `${SYMBOL[suit]}${q[0]}+${q[3]}` : `${SYMBOL[suit]}5`;
}
const quintValue = (q) => (q === JOKER ? 25 : VALUE[q[1]]);
function quintChips(list, ui) {
  return list.map((q) =>
    h(
      "span",
      { class: `quint${q === JOKER ? " royal" : ` suit-${q[1]}`}`, dataset: { quint: q } },
      quintWords(q, ui),
      h("small", {}, quintValue(q)),
    ),
  );
}

function scoreboard(view, ui) {
  const mine = teamOf(ui.viewer);
  const n = view.phase === "over" ? view.deals_played : view.deals_played + 1;
  return h(
    "section",
    { class: "scoreboard", "aria-label": ui.t("points") },
    h(
      "div",
      { class: "sb-row sb-head" },
      h("span", {}),
      h(
        "b",
        {},
        view.fixed_deals
          ? ui.t("deal_n_of", { n, total: view.fixed_deals })
          : ui.t("deal_n", { n }),
        view.fixed_deals ? "" : ` · ${ui.t("goal_target", { n: view.target_score })}`,
      ),
      h("span", {}, ui.t("tricks")),
      h("span", {}, ui.t("quints_short")),
      h("span", {}, ui.t("points")),
    ),
    [mine, 1 - mine].map((team) =>
      h(
        "div",
        {
          class: `sb-row team-${team}${team === mine ? " mine" : ""}`,
          dataset: {
            team,
            score: view.scores[team],
            tricks: view.tricks[team],
            quints: view.deal_quints[team],
          },
        },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        h(
          "span",
          { class: "sb-names" },
          ui.mode === "bot" ? h("b", {}, `${teamLabel(view, team, ui)} `) : null,
          view.teams[team].map((s, i) => [
            i ? ui.t("and") : "",
            h("span", { class: "nm" }, ui.seatName(s)),
          ]),
        ),
        h("b", { class: "sb-tricks" }, view.tricks[team]),
        h("b", { class: "sb-quints" }, view.deal_quints[team]),
        h("b", { class: "sb-score" }, view.scores[team]),
      ),
    ),
  );
}

// The calls and what a trick is worth now; the quints each team has taken this deal.
function banner(view, ui) {
  const m = view.multiplier;
  const parts = [];
  if (view.doubled_by !== null)
    parts.push(ui.t("doubled_by", { name: ui.seatName(view.doubled_by) }));
  if (view.redoubled_by !== null)
    parts.push(ui.t("redoubled_by", { name: ui.seatName(view.redoubled_by) }));
  const worth = ui.t("trick_worth", { n: 5 * m });
  const doubleQuints = view.options.doubling_scope === "all" && m > 1;
  return h(
    "section",
    { class: `calls-banner m${m}`, dataset: { multiplier: m } },
    h("span", { class: "mult" }, `×${m}`),
    h(
      "span",
      { class: "calls-help" },
      [...parts, worth, doubleQuints ? ui.t("quints_doubled", { m }) : null]
        .filter(Boolean)
        .join(ui.t("list_sep")),
    ),
  );
}

function quintsTaken(view, ui) {
  if (view.phase === "double") return null;
  const mine = teamOf(ui.viewer);
  return h(
    "section",
    { class: "quints-taken", "aria-label": ui.t("quints_taken") },
    [mine, 1 - mine].map((team) =>
      h(
        "div",
        { class: `qt-row team-${team}`, dataset: { team } },
        tag(view, team, ui),
        view.quints_taken[team].length
          ? quintChips(view.quints_taken[team], ui)
          : h("span", { class: "none" }, ui.t("no_quints")),
      ),
    ),
  );
}

function badges(view, seat, ui) {
  const call = view.calls.find(([s]) => s === seat);
  const badge = (key, cls = "") => h("span", { class: `badge ${cls}` }, ui.t(key));
  return h(
    "span",
    { class: "extra" },
    seat === (ui.viewer + 2) % 4 ? badge("partner", "partner") : null,
    seat === view.dealer ? badge("dealer") : null,
    call ? badge(`call_${call[1]}`, `call call-${call[1]}`) : null,
  );
}

// The cachette: five cards face down, or face up with the team that took them.
function cachette(view, ui) {
  const open = view.cachette !== null;
  const label = open
    ? ui.t("cachette_taken", { team: teamLabel(view, view.cachette_team, ui) })
    : ui.t("cachette_hidden");
  return h(
    "section",
    {
      class: `cachette${open ? ` open team-${view.cachette_team}` : ""}`,
      "aria-label": label,
      dataset: { open: open ? "1" : "0" },
    },
    h("span", { class: "cachette-label" }, ui.t("cachette")),
    h(
      "div",
      { class: "cachette-cards" },
      open
        ? view.cachette.map((c) => ui.face(c, { small: true }))
        : Array.from({ length: view.cachette_size }, () => back({ small: true })),
    ),
  );
}

function middle(view, ui) {
  const me = ui.viewer;
  const last = view.history[view.history.length - 1];
  const area = trick(ui, {
    cards: view.trick,
    last,
    key: `${view.deals_played}:${view.history.length}`,
    label:
      view.phase === "play" && view.trick.length
        ? ui.t("trick_n", { n: view.tricks_played + 1, total: 12 })
        : view.phase === "double"
          ? ui.t("calls_from", { name: ui.seatName(view.eldest) })
          : null,
  });
  for (const el of area.querySelectorAll(".played[data-seat]"))
    el.classList.add(`pos-${pos(Number(el.dataset.seat), me)}`);
  // The trick just taken: its quints beside the winner's name.
  if (area.dataset.state === "finished" && last && last.quints.length) {
    const label = area.querySelector(".trick-label");
    if (label) label.append(" ", h("span", { class: "won-quints" }, quintChips(last.quints, ui)));
  }
  return area;
}

function prompt(view, ui) {
  if (view.phase === "over" || ui.mode === "replay") return null;
  if (ui.canAct) {
    if (view.phase === "double") {
      const buttons = ["pass", "double", "redouble"]
        .map((verb) =>
          ui.picker.choices(verb, {
            label: () => ui.t(`act_${verb}`),
            describe: () => ui.t(`act_${verb}_d`, { n: verb === "double" ? 10 : 20 }),
          }),
        )
        .filter(Boolean);
      return [
        h("p", { class: "turn" }, h("b", {}, ui.t("your_turn")), " ", ui.t("prompt_double")),
        h(
          "div",
          { class: "choices" },
          buttons.flatMap((d) => [...d.children]),
        ),
      ];
    }
    const key = view.trick.length ? "prompt_follow" : "prompt_lead";
    return h("p", { class: "turn" }, h("b", {}, ui.t("your_turn")), " ", ui.t(key));
  }
  const who = view.to_act;
  return h(
    "p",
    { class: "waiting" },
    who === null ? "" : ui.t("waiting_for", { name: ui.seatName(who) }),
  );
}

// A deal record: each team's quints and tricks, the cachette, the totals.
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
// A record's cachette: codes in the result, [rank, suit] pairs in a view during the next deal.
const code = (c) => (Array.isArray(c) ? c.join("") : c);
const dealData = (rec, n) => ({
  deal: n,
  multiplier: rec.multiplier,
  tricks: rec.tricks.join(","),
  quints: rec.quint_points.join(","),
  trickPoints: rec.trick_points.join(","),
  points: rec.points.join(","),
  scores: rec.scores.join(","),
  cachetteTeam: rec.cachette_team,
});

function dealBody(view, rec, ui) {
  return [
    h(
      "ul",
      { class: "whys" },
      [0, 1].map((team) =>
        h(
          "li",
          { dataset: { team, points: rec.points[team] } },
          tag(view, team, ui),
          " ",
          ui.t("deal_line", {
            quints: rec.quint_points[team],
            tricks: rec.tricks[team],
            per: 5 * rec.multiplier,
            trick_points: rec.trick_points[team],
            points: rec.points[team],
          }),
          rec.quints ? h("div", { class: "rec-quints" }, quintChips(rec.quints[team], ui)) : null,
        ),
      ),
    ),
    h(
      "div",
      { class: "rec-cachette" },
      `${ui.t("cachette_to", { team: teamLabel(view, rec.cachette_team, ui) })} `,
      rec.cachette.map((c) => ui.face(code(c), { small: true })),
    ),
    h("p", { class: "deal-nums" }, `${ui.t("totals_after")} `, pair(rec.scores)),
  ];
}

const openDeals = new Map();
function lastDeal(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase === "over") return null;
  const key = `${ui.viewer}:${view.deals_played}`;
  const panel = h(
    "details",
    { class: "last-deal", dataset: dealData(rec, view.deals_played) },
    h(
      "summary",
      {},
      h("b", {}, `${ui.t("deal_result", { n: view.deals_played })} `),
      [0, 1].map((team) => [team ? " · " : "", tag(view, team, ui), ` +${rec.points[team]}`]),
    ),
    dealBody(view, rec, ui),
  );
  panel.open = openDeals.get(key) ?? false;
  panel.addEventListener("toggle", () => openDeals.set(key, panel.open));
  return panel;
}

export function render(view, ui) {
  const me = ui.viewer;
  return h(
    "div",
    {
      class: "table quinto",
      dataset: { phase: view.phase, deal: view.deals_played + 1, multiplier: view.multiplier },
    },
    scoreboard(view, ui),
    lastDeal(view, ui),
    banner(view, ui),
    h(
      "div",
      { class: "felt" },
      seatRing(ui, {
        seats: [1, 2, 3].map((k) => (me + k) % 4),
        toMove: view.phase === "over" ? [] : view.to_move,
        cards: (s) => view.hand_sizes[s],
        chip: (s) => badges(view, s, ui),
      }),
      middle(view, ui),
      cachette(view, ui),
    ),
    quintsTaken(view, ui),
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
    hand(ui, view.hand || [], { verb: "play" }),
    ui.dock(),
    history(ui, { tricks: view.history, key: `quinto:${view.deals_played}` }),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const winner = r.winner_team;
  const why = r.ended_by_quints
    ? ui.t("ended_by_quints", { n: view.target_score })
    : view.fixed_deals
      ? ui.t("ended_fixed", { n: r.deals_played })
      : ui.t("ended_target", { n: view.target_score });
  return h(
    "div",
    {
      class: "score quinto-result",
      dataset: {
        scores: r.scores.join(","),
        winnerTeam: winner ?? "draw",
        winners: r.winners.join(","),
        dealsPlayed: r.deals_played,
        endedByQuints: r.ended_by_quints ? "1" : "0",
      },
    },
    h(
      "h2",
      {},
      winner === null ? ui.t("draw") : ui.t("winners", { team: names(view, winner, ui) }),
    ),
    h("p", { class: "why" }, why),
    h(
      "div",
      { class: "totals" },
      h(
        "span",
        { class: "tl" },
        `${ui.t("final_scores")} · ${ui.t("deals_played", { n: r.deals_played })}`,
      ),
      [0, 1].map((team) =>
        h(
          "div",
          { class: `tot team-${team}`, dataset: { team, score: r.scores[team] } },
          h("span", { class: "swatch", "aria-hidden": "true" }),
          h("span", {}, names(view, team, ui)),
          h("b", {}, r.scores[team]),
        ),
      ),
    ),
    r.ended_by_quints
      ? h(
          "p",
          { class: "cut-deal" },
          ui.t("cut_deal", { q0: view.deal_quints[0], q1: view.deal_quints[1] }),
        )
      : null,
    h(
      "ol",
      { class: "deals" },
      r.deals.map((rec, i) =>
        h(
          "li",
          { class: "deal", dataset: dealData(rec, i + 1) },
          h(
            "div",
            { class: "deal-line" },
            h("b", {}, `${ui.t("deal_result", { n: i + 1 })} `),
            rec.multiplier > 1 ? ui.t("deal_multiplied", { m: rec.multiplier }) : "",
          ),
          dealBody(view, rec, ui),
        ),
      ),
    ),
  );
}
