// Slobberhannes table: draws view(seat) from the engine (py/tabletop/games/slobberhannes.py).
// 3 to 6 seats around a phone-sized table: the other seats in play order from the viewer's left,
// the trick in the middle, the viewer's hand at the bottom. Penalty points only: whoever takes the
// first trick, the queen of clubs or the last trick gets 1 each (+1 for all three); the game ends
// when someone reaches the loss limit. What is legal comes from view.legal_actions only.
import { cardBack, cardEl, h, handEl } from "../table.js";

export const STRINGS = {
  en: {
    option_revoke_penalty: "Revoke allowed: not following suit when you can costs 1 penalty point (off: you must follow suit)",
    option_loss_limit: "Loss limit: the game ends when someone has this many penalty points (1–99)",
    deal_n: "Deal {n}",
    trick_n: "Trick {n}/{total}",
    loss_limit: "game ends at {n} points",
    dealer: "dealer",
    dealer_short: "D",
    pen: "pts",
    penalty_of: "{name}: {p} of {limit} penalty points",
    cards_n: "×{n}",
    cards_aria: "{n} cards in hand",
    tricks_n: "{n} tricks",
    trick_1: "1 trick",
    badge_first: "1st trick",
    badge_queen: "Q♣",
    queen_out: "Q♣ not taken yet",
    queen_taken: "Q♣ taken by {name}",
    warn_first: "First trick: its winner gets 1 penalty point.",
    warn_last: "Last trick: its winner gets 1 penalty point.",
    warn_queen: "The queen of clubs is in this trick: +1 to whoever takes it.",
    lead: "Your lead: play any lit card.",
    follow: "Play a lit card (follow suit if you can).",
    follow_revoke: "Any card may be played, but not following suit when you can costs 1 point.",
    my_revokes: "Your revokes this deal: {n}",
    waiting: "Waiting for {name}…",
    led_by: "led by {name}",
    took_trick: "{name} took the trick",
    last_trick_won: "Last trick: {name} took it",
    tricks_this_deal: "Tricks this deal ({n})",
    trick_line: "#{n} → {name}",
    deal_over: "Deal {n} scored",
    deal_over_open: "Deal {n} is over — penalty points",
    reason_first: "first trick +1",
    reason_queen: "queen of clubs +1",
    reason_last: "last trick +1",
    reason_all: "all three +1",
    reason_revoke: "revoke +1",
    reason_revokes: "{n} revokes +{n}",
    nothing: "0",
    deal_line: "{name}: {reasons} = {p}",
    total_now: "total {p}",
    scores: "Penalty points",
    game_over_loses: "{names} loses",
    game_over_lose: "{names} lose",
    and: " and ",
    no_winner: "Slobberhannes names no winner: the most penalty points lose.",
    final_points: "Final penalty points (limit {limit})",
    deals_played: "{n} deals played",
    deal_k: "Deal {n}",
    loser: "loser",
  },
  ja: {
    option_revoke_penalty: "リボーク可: 出せるのにリードのスートを出さないと1失点（オフ: 必ずスートに従う）",
    option_loss_limit: "終了する失点: 誰かがこの失点に達したらゲーム終了（1〜99）",
    deal_n: "ディール {n}",
    trick_n: "トリック {n}/{total}",
    loss_limit: "{n}点で終了",
    dealer: "親",
    dealer_short: "親",
    pen: "点",
    penalty_of: "{name}: 失点 {p}（{limit}点で終了）",
    cards_n: "×{n}",
    cards_aria: "手札{n}枚",
    tricks_n: "{n}トリック",
    trick_1: "1トリック",
    badge_first: "初トリック",
    badge_queen: "Q♣",
    queen_out: "Q♣はまだ出ていません",
    queen_taken: "Q♣を取ったのは{name}",
    warn_first: "最初のトリック: 取った人は1失点。",
    warn_last: "最後のトリック: 取った人は1失点。",
    warn_queen: "このトリックにクラブのクイーンがあります: 取った人は1失点。",
    lead: "あなたのリードです: 光っているカードを出してください。",
    follow: "光っているカードを出してください（出せるならリードと同じスート）。",
    follow_revoke: "どのカードも出せますが、リードのスートを持っているのに出さないと1失点。",
    my_revokes: "このディールのあなたのリボーク: {n}",
    waiting: "{name}を待っています…",
    led_by: "{name}のリード",
    took_trick: "{name}がトリックを取りました",
    last_trick_won: "直前のトリック: {name}が取りました",
    tricks_this_deal: "このディールのトリック（{n}）",
    trick_line: "第{n}トリック → {name}",
    deal_over: "ディール{n}の失点",
    deal_over_open: "ディール{n}終了 — 失点",
    reason_first: "最初のトリック +1",
    reason_queen: "クラブのクイーン +1",
    reason_last: "最後のトリック +1",
    reason_all: "3つ全部 +1",
    reason_revoke: "リボーク +1",
    reason_revokes: "リボーク{n}回 +{n}",
    nothing: "0",
    deal_line: "{name}: {reasons} = {p}点",
    total_now: "合計 {p}",
    scores: "失点",
    game_over_loses: "{names}の負け",
    game_over_lose: "{names}の負け",
    and: "と",
    no_winner: "スロバーハンネスに勝者はいません。失点が最も多い人が負けです。",
    final_points: "最終失点（{limit}点で終了）",
    deals_played: "{n}ディール",
    deal_k: "ディール{n}",
    loser: "負け",
  },
};

(function once() {
  if (typeof document === "undefined" || document.getElementById("slobberhannes-css")) return;
  document.head.append(h("link", { id: "slobberhannes-css", rel: "stylesheet", href: new URL("./slobberhannes.css", import.meta.url).href }));
})();

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const QUEEN = "QC";

// The engine's reasons are codes with params ({code: "revokes", params: {n: 2}}), worded here.
function reasonText(reason, ui) {
  const fixed = { first_trick: "reason_first", queen_of_clubs: "reason_queen", last_trick: "reason_last",
    all_three: "reason_all" }[reason.code];
  if (fixed) return ui.t(fixed);
  if (reason.code === "revokes") return ui.t(reason.params.n === 1 ? "reason_revoke" : "reason_revokes", { n: reason.params.n });
  return reason.code;
}

// The other seats in play order, starting at the viewer's left.
function othersInOrder(view, viewer) {
  const n = view.players;
  return Array.from({ length: n - 1 }, (_, i) => (viewer + 1 + i) % n);
}

function tricksText(n, ui) {
  return n === 1 ? ui.t("trick_1") : ui.t("tricks_n", { n });
}

function badges(view, seat, ui) {
  const out = [];
  if (seat === view.dealer) out.push(h("span", { class: "badge dealer", title: ui.t("dealer") }, ui.t("dealer_short")));
  if (view.phase === "play" && view.first_trick_winner === seat) out.push(h("span", { class: "badge first", dataset: { first: seat } }, ui.t("badge_first")));
  if (view.phase === "play" && view.queen_winner === seat) out.push(h("span", { class: "badge queen", dataset: { queen: seat } }, ui.t("badge_queen")));
  return out;
}

function penaltyMeter(view, seat, ui) {
  const p = view.penalties[seat];
  const pct = Math.min(100, Math.round((100 * p) / view.loss_limit));
  return h("span", { class: "meter", role: "img", "aria-label": ui.t("penalty_of", { name: ui.seatName(seat), p, limit: view.loss_limit }) },
    h("span", { class: "fill", style: `width:${pct}%` }));
}

function seatChip(view, seat, ui) {
  const moving = view.to_move.includes(seat);
  return h("div", { class: `slob-seat${moving ? " to-move" : ""}`, dataset: { seat, penalty: view.penalties[seat], cards: view.hand_counts[seat] } },
    h("div", { class: "name" }, ui.seatName(seat)),
    h("div", { class: "line1" },
      h("span", { class: "pen", title: ui.t("penalty_of", { name: ui.seatName(seat), p: view.penalties[seat], limit: view.loss_limit }) },
        h("b", {}, view.penalties[seat]), h("small", {}, `/${view.loss_limit}`)),
      penaltyMeter(view, seat, ui)),
    h("div", { class: "line2" },
      h("span", { class: "backs", role: "img", "aria-label": ui.t("cards_aria", { n: view.hand_counts[seat] }) },
        cardBack({ small: true }), h("span", { "aria-hidden": "true" }, ui.t("cards_n", { n: view.hand_counts[seat] }))),
      h("span", { class: "won", dataset: { tricks: view.tricks_won[seat] } }, tricksText(view.tricks_won[seat], ui))),
    h("div", { class: "line3" }, badges(view, seat, ui)));
}

function infoLine(view, ui) {
  const queen = view.queen_winner === null || view.queen_winner === undefined
    ? h("span", { class: "queen-status", dataset: { queen: "out" } }, ui.t("queen_out"))
    : h("span", { class: "queen-status taken", dataset: { queen: view.queen_winner } }, ui.t("queen_taken", { name: ui.seatName(view.queen_winner) }));
  return h("div", { class: "slob-info" },
    h("p", { class: "match" },
      h("b", {}, ui.t("deal_n", { n: view.phase === "play" ? view.deals_played + 1 : view.deals_played })),
      view.phase === "play" ? ` · ${ui.t("trick_n", { n: view.tricks_played + 1, total: view.tricks_per_deal })}` : "",
      " · ", h("span", { class: "limit", dataset: { limit: view.loss_limit } }, ui.t("loss_limit", { n: view.loss_limit }))),
    view.phase === "play" ? h("p", { class: "match" }, queen) : null);
}

function warnings(view, ui) {
  if (view.phase !== "play") return null;
  const out = [];
  if (view.tricks_played === 0) out.push(h("p", { class: "warn first", dataset: { warn: "first" } }, "⚠ ", ui.t("warn_first")));
  if (view.tricks_played === view.tricks_per_deal - 1) out.push(h("p", { class: "warn last", dataset: { warn: "last" } }, "⚠ ", ui.t("warn_last")));
  if (view.trick.some(([, c]) => c === QUEEN)) out.push(h("p", { class: "warn queen", dataset: { warn: "queen" } }, "♣ ", ui.t("warn_queen")));
  return out.length ? h("div", { class: "warnings", role: "status" }, out) : null;
}

function playedCard(seat, card, ui, extra = {}) {
  return h("div", { class: `played${extra.won ? " won" : ""}`, dataset: { seat } },
    cardEl(card, { small: extra.small, dim: extra.dim }), h("small", {}, ui.seatName(seat)));
}

function trickArea(view, ui) {
  const area = h("section", { class: "trick", dataset: { trick: view.tricks_played + 1 } });
  const last = view.history[view.history.length - 1];
  const slots = h("div", { class: "trick-cards" });
  if (view.trick.length) {
    area.append(h("div", { class: "trick-label" }, ui.t("led_by", { name: ui.seatName(view.trick[0][0]) })));
    for (const [seat, card] of view.trick) slots.append(playedCard(seat, card, ui));
  } else if (last) {
    // The trick just taken stays on view until the next card is led.
    area.classList.add("showing-last");
    area.append(h("div", { class: "trick-label" }, ui.t("took_trick", { name: ui.seatName(last.winner) })));
    for (const [seat, card] of last.cards) slots.append(playedCard(seat, card, ui, { won: seat === last.winner, dim: seat !== last.winner }));
  } else {
    area.append(h("div", { class: "trick-label" }, " "));
    slots.append(h("div", { class: "played" }, h("div", { class: "card empty", "aria-hidden": "true" }), h("small", {}, " ")));
  }
  area.append(slots);
  return area;
}

function historyPanel(view, ui) {
  if (!view.history.length) return null;
  const last = view.history[view.history.length - 1];
  const rows = view.history.map((t, i) => h("li", { dataset: { trick: i + 1, winner: t.winner } },
    h("span", { class: "trick-line" }, ui.t("trick_line", { n: i + 1, name: ui.seatName(t.winner) })),
    h("span", { class: "trick-cards mini" }, t.cards.map(([seat, card]) =>
      h("span", { class: `played${seat === t.winner ? " won" : ""}`, title: ui.seatName(seat) }, cardEl(card, { small: true }))))));
  rows.reverse();
  const panel = h("details", { class: "last-trick slob-history" },
    h("summary", {}, ui.t("last_trick_won", { name: ui.seatName(last.winner) }), " · ", ui.t("tricks_this_deal", { n: view.history.length })),
    h("ol", { class: "tricks" }, rows));
  const key = `${view.deals_played}`;
  panel.open = historyPanel.open.get(key) ?? false;
  panel.addEventListener("toggle", () => historyPanel.open.set(key, panel.open));
  return panel;
}
historyPanel.open = new Map();

// The record of the deal just finished: every seat's points this deal with the reasons, and totals.
// With totals (at the table) every seat is listed; without (the final result) only those who scored.
function dealRecordList(record, totals, ui) {
  const bySeat = new Map(record.breakdown.map((e) => [e.seat, e]));
  const seats = [...record.penalties.keys()].filter((seat) => totals || record.penalties[seat]);
  return h("ul", { class: "deal-lines" }, seats.map((seat) => {
    const p = record.penalties[seat];
    const entry = bySeat.get(seat);
    return h("li", { class: p ? "scored" : "zero", dataset: { seat, points: p } },
      entry ? ui.t("deal_line", { name: ui.seatName(seat), reasons: entry.reasons.map((r) => reasonText(r, ui)).join(", "), p })
        : `${ui.seatName(seat)}: ${ui.t("nothing")}`,
      totals ? h("span", { class: "total" }, ` (${ui.t("total_now", { p: totals[seat] })})`) : null);
  }));
}

function lastDealPanel(view, ui) {
  const record = view.last_deal;
  if (!record || view.phase !== "play") return null;
  const fresh = view.tricks_played === 0;
  const key = `${view.deals_played}:${fresh}`;
  const panel = h("details", { class: `slob-deal${fresh ? " fresh" : ""}`, dataset: { deal: view.deals_played, penalties: record.penalties.join(",") } },
    h("summary", {}, h("b", {}, ui.t(fresh ? "deal_over_open" : "deal_over", { n: view.deals_played }))),
    dealRecordList(record, view.penalties, ui));
  panel.open = lastDealPanel.open.get(key) ?? fresh;
  panel.addEventListener("toggle", () => lastDealPanel.open.set(key, panel.open));
  return panel;
}
lastDealPanel.open = new Map();

function prompt(view, ui) {
  const box = h("section", { class: "prompt" });
  if (view.phase !== "play") return box;
  if (view.legal_actions.length && ui.canAct) {
    box.classList.add("mine");
    if (!view.trick.length) box.append(h("p", {}, h("b", {}, ui.t("your_turn")), " — ", ui.t("lead")));
    else box.append(h("p", {}, h("b", {}, ui.t("your_turn")), " — ", ui.t(view.revoke_penalty ? "follow_revoke" : "follow")));
  } else {
    box.append(h("p", { class: "waiting" }, ui.t("waiting", { name: ui.seatName(view.to_act) })));
  }
  return box;
}

function mySeat(view, ui) {
  const me = ui.viewer;
  const moving = view.to_move.includes(me);
  return h("div", { class: `slob-me${moving ? " to-move" : ""}`, dataset: { seat: me, penalty: view.penalties[me] } },
    h("span", { class: "name" }, ui.seatName(me)),
    h("span", { class: "pen", title: ui.t("penalty_of", { name: ui.seatName(me), p: view.penalties[me], limit: view.loss_limit }) },
      h("b", {}, view.penalties[me]), h("small", {}, `/${view.loss_limit} ${ui.t("pen")}`)),
    penaltyMeter(view, me, ui),
    h("span", { class: "won", dataset: { tricks: view.tricks_won[me] } }, tricksText(view.tricks_won[me], ui)),
    badges(view, me, ui),
    view.revoke_penalty && view.my_revokes ? h("span", { class: "badge revoke" }, ui.t("my_revokes", { n: view.my_revokes })) : null);
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const me = ui.viewer;
  const others = othersInOrder(view, me);
  const { row } = handEl(view.hand || [], ui.canAct ? view : { ...view, legal_actions: [] }, ui, { labels: { hand: ui.seatName(me) } });
  return h("div", { class: `table slob players-${view.players}`, dataset: { phase: view.phase, deal: view.deals_played + 1, tricksPlayed: view.tricks_played } },
    infoLine(view, ui),
    h("div", { class: `slob-seats n${others.length}` }, others.map((s) => seatChip(view, s, ui))),
    lastDealPanel(view, ui),
    warnings(view, ui),
    trickArea(view, ui),
    prompt(view, ui),
    mySeat(view, ui),
    row,
    historyPanel(view, ui));
}

export function renderResult(view, ui) {
  const r = view.result;
  const names = r.losers.map((s) => ui.seatName(s)).join(ui.t("and"));
  const order = [...r.penalties.keys()].sort((a, b) => r.penalties[b] - r.penalties[a] || a - b);
  const deals = r.deals.map((d, i) => h("li", { dataset: { deal: i + 1, penalties: d.penalties.join(",") } },
    h("b", {}, ui.t("deal_k", { n: i + 1 })), dealRecordList(d, null, ui)));
  return h("div", {
    class: "score slob-result",
    dataset: {
      penalties: r.penalties.join(","), losers: r.losers.join(","), winner: "none",
      dealsPlayed: r.deals_played, dealPenalties: r.deals.map((d) => d.penalties.join(",")).join(";"),
      limit: view.loss_limit,
    },
  },
  h("h2", {}, ui.t(r.losers.length > 1 ? "game_over_lose" : "game_over_loses", { names })),
  h("p", { class: "no-winner" }, ui.t("no_winner")),
  h("table", { class: "final" },
    h("caption", {}, ui.t("final_points", { limit: view.loss_limit })),
    h("tbody", {}, order.map((s) => h("tr", { class: r.losers.includes(s) ? "loser" : "", dataset: { seat: s, points: r.penalties[s] } },
      h("th", { scope: "row" }, ui.seatName(s)),
      h("td", {}, r.penalties[s]),
      h("td", { class: "tag" }, r.losers.includes(s) ? ui.t("loser") : ""))))),
  h("p", { class: "deals-played" }, ui.t("deals_played", { n: r.deals_played })),
  h("ol", { class: "deals" }, deals));
}
