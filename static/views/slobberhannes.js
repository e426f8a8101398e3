// Slobberhannes table (engine: py/tabletop/games/slobberhannes.py), on the table kit (static/kit/).
// 3 to 6 seats: the others in play order from the viewer's left (kit seat ring), warnings for the
// first and last trick and the queen of clubs, the trick, the viewer's line and hand with the dock.
// Penalty points only: whoever takes the first trick, the queen of clubs or the last trick gets 1
// each (+1 for all three); the game ends at the loss limit. Strings: static/strings/slobberhannes.json.
import { h, hand, history, seatRing, trick, useCss } from "../kit/index.js";

useCss(new URL("./slobberhannes.css", import.meta.url));

const QUEEN = "QC";

// A fresh deal: the computer looks at its new hand a moment before leading.
export function botDelayFactor(view) {
  return view && view.phase === "play" && view.tricks_played === 0 && !view.trick.length ? 2 : 1;
}
function badges(view, seat, ui) {
  const play = view.phase === "play";
  return [
    seat === view.dealer
      ? h("span", { class: "badge dealer", title: ui.t("dealer") }, ui.t("dealer_short"))
      : null,
    play && view.first_trick_winner === seat
      ? h("span", { class: "badge first", dataset: { first: seat } }, ui.t("badge_first"))
      : null,
    play && view.queen_winner === seat
      ? h("span", { class: "badge queen", dataset: { queen: seat } }, ui.t("badge_queen"))
      : null,
  ];
}

// Penalty points so far, with a meter towards the loss limit, tricks taken and badges.
function standing(view, seat, ui) {
  const p = view.penalties[seat];
  const words = ui.t("penalty_of", { name: ui.seatName(seat), p, limit: view.loss_limit });
  return h(
    "span",
    { class: "extra", dataset: { penalty: p } },
    h("span", { class: "pen", title: words }, h("b", {}, p), h("small", {}, `/${view.loss_limit}`)),
    h(
      "span",
      { class: "meter", role: "img", "aria-label": words },
      h("span", {
        class: "fill",
        style: `width:${Math.min(100, Math.round((100 * p) / view.loss_limit))}%`,
      }),
    ),
    h(
      "span",
      { class: "count", dataset: { tricks: view.tricks_won[seat] } },
      ui.t("tricks_n", { n: view.tricks_won[seat] }),
    ),
    badges(view, seat, ui),
  );
}

function infoLine(view, ui) {
  const play = view.phase === "play";
  const queen =
    view.queen_winner === null || view.queen_winner === undefined
      ? h("span", { class: "queen-status", dataset: { queen: "out" } }, ui.t("queen_out"))
      : h(
          "span",
          { class: "queen-status taken", dataset: { queen: view.queen_winner } },
          ui.t("queen_taken", { name: ui.seatName(view.queen_winner) }),
        );
  return h(
    "p",
    { class: "slob-info match" },
    h("b", {}, ui.t("deal_n", { n: play ? view.deals_played + 1 : view.deals_played })),
    play ? ` · ${ui.t("trick_n", { n: view.tricks_played + 1, total: view.tricks_per_deal })}` : "",
    " · ",
    h(
      "span",
      { class: "limit", dataset: { limit: view.loss_limit } },
      ui.t("loss_limit", { n: view.loss_limit }),
    ),
    play ? [" · ", queen] : null,
  );
}

function warnings(view, ui) {
  if (view.phase !== "play") return null;
  const warn = (kind, mark, key) =>
    h("p", { class: `warn ${kind}`, dataset: { warn: kind } }, `${mark} `, ui.t(key));
  const out = [
    view.tricks_played === 0 ? warn("first", "⚠", "warn_first") : null,
    view.tricks_played === view.tricks_per_deal - 1 ? warn("last", "⚠", "warn_last") : null,
    view.trick.some(([, c]) => c === QUEEN) ? warn("queen", "♣", "warn_queen") : null,
  ].filter(Boolean);
  return out.length ? h("div", { class: "warnings", role: "status" }, out) : null;
}

// The record of the deal just finished: every seat's points this deal with the reasons, and totals.
// With totals (at the table) every seat is listed; without (the final result) only those who scored.
function dealLines(record, totals, ui) {
  const bySeat = new Map(record.breakdown.map((e) => [e.seat, e]));
  const seats = [...record.penalties.keys()].filter((seat) => totals || record.penalties[seat]);
  return h(
    "ul",
    { class: "deal-lines" },
    seats.map((seat) => {
      const p = record.penalties[seat];
      const entry = bySeat.get(seat);
      return h(
        "li",
        { class: p ? "scored" : "zero", dataset: { seat, points: p } },
        entry
          ? ui.t("deal_line", {
              name: ui.seatName(seat),
              reasons: entry.reasons.map((r) => ui.say(r)).join(ui.t("list_sep")),
              p,
            })
          : `${ui.seatName(seat)}: 0`,
        totals
          ? h("span", { class: "total" }, ` (${ui.t("total_now", { p: totals[seat] })})`)
          : null,
      );
    }),
  );
}

const openDeals = new Map();
function lastDeal(view, ui) {
  const record = view.last_deal;
  if (!record || view.phase !== "play") return null;
  const fresh = view.tricks_played === 0;
  const key = `${view.deals_played}:${fresh}`;
  const panel = h(
    "details",
    {
      class: `slob-deal${fresh ? " fresh" : ""}`,
      dataset: { deal: view.deals_played, penalties: record.penalties.join(",") },
    },
    h(
      "summary",
      {},
      h("b", {}, ui.t(fresh ? "deal_over_open" : "deal_over", { n: view.deals_played })),
    ),
    dealLines(record, view.penalties, ui),
  );
  panel.open = openDeals.get(key) ?? fresh;
  panel.addEventListener("toggle", () => openDeals.set(key, panel.open));
  return panel;
}

function prompt(view, ui) {
  if (view.phase !== "play") return null;
  if (!ui.canAct)
    return h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(view.to_act) }));
  return h(
    "p",
    {},
    h("b", {}, ui.t("your_turn")),
    " — ",
    ui.t(!view.trick.length ? "lead" : view.revoke_penalty ? "follow_revoke" : "follow"),
  );
}

export function render(view, ui) {
  const me = ui.viewer;
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  const last = view.history[view.history.length - 1];
  return h(
    "div",
    {
      class: `table slob players-${view.players}`,
      dataset: { phase: view.phase, deal: view.deals_played + 1, tricksPlayed: view.tricks_played },
    },
    infoLine(view, ui),
    seatRing(ui, {
      seats: others,
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => standing(view, s, ui),
    }),
    lastDeal(view, ui),
    warnings(view, ui),
    trick(ui, { cards: view.trick, last, key: `${view.deals_played}:${view.history.length}` }),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat slob-me${view.to_move.includes(me) ? " to-move" : ""}`,
        dataset: { seat: me, penalty: view.penalties[me] },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      standing(view, me, ui),
      view.revoke_penalty && view.my_revokes
        ? h("span", { class: "badge revoke" }, ui.t("my_revokes", { n: view.my_revokes }))
        : null,
    ),
    hand(ui, view.hand),
    ui.dock(),
    history(ui, { tricks: view.history, key: `slob:${view.deals_played}` }),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const order = [...r.penalties.keys()].sort((a, b) => r.penalties[b] - r.penalties[a] || a - b);
  return h(
    "div",
    {
      class: "score slob-result",
      dataset: {
        penalties: r.penalties.join(","),
        losers: r.losers.join(","),
        winner: "none",
        limit: view.loss_limit,
        dealsPlayed: r.deals_played,
        dealPenalties: r.deals.map((d) => d.penalties.join(",")).join(";"),
      },
    },
    h(
      "h2",
      {},
      r.losers.length === 1 && r.losers[0] === ui.viewer && ui.mode === "bot"
        ? ui.t("you_lose")
        : ui.t("game_over_lose", {
            names: ui.words.list(r.losers.map((s) => ui.seatName(s))),
            n: r.losers.length,
          }),
    ),
    h("p", { class: "no-winner" }, ui.t("no_winner")),
    h(
      "table",
      { class: "final" },
      h("caption", {}, ui.t("final_points", { limit: view.loss_limit })),
      h(
        "tbody",
        {},
        order.map((s) =>
          h(
            "tr",
            {
              class: r.losers.includes(s) ? "loser" : "",
              dataset: { seat: s, points: r.penalties[s] },
            },
            h("th", { scope: "row" }, ui.seatName(s)),
            h("td", {}, r.penalties[s]),
            h("td", { class: "tag" }, r.losers.includes(s) ? ui.t("loser") : ""),
          ),
        ),
      ),
    ),
    h("p", { class: "deals-played" }, ui.t("deals_played", { n: r.deals_played })),
    h(
      "ol",
      { class: "deals" },
      r.deals.map((d, i) =>
        h(
          "li",
          { dataset: { deal: i + 1, penalties: d.penalties.join(",") } },
          h("b", {}, ui.t("deal_n", { n: i + 1 })),
          dealLines(d, null, ui),
        ),
      ),
    ),
  );
}
