// Mate table: draws view(seat) from the engine (py/tabletop/games/mate.py).
// Complete information: the opponent's cards are face up (view.opponent_hand). What is legal comes
// from view.legal_actions only; the hint and the after-deal analysis come from the engine's exact
// solver through the worker ("hint" and "analysis", see py/tabletop/session.py).
import { cardEl, h } from "../table.js";

// The hint here is the exact solver's (below), so the app's generic "Suggest a move" is not shown.
export const OWN_HINT = true;

export const STRINGS = {
  en: {
    option_rounds: "Rounds (each: one deal played twice, hands swapped)",
    option_foreplacing: "Foreplacing variant (not available)",
    choice_rounds_1: "1 round (2 deals)",
    choice_rounds_2: "2 rounds (4 deals)",
    deal_n: "Deal {n}/{total}",
    round_n: "round {n}",
    fresh_deal: "new hands",
    replay: "replay: same hands, swapped",
    dealer: "dealer",
    open_hand: "{name}'s cards, face up (every card you do not hold)",
    trick_n: "Trick {n}/10",
    lead: "Lead any card.",
    lead_help: "If {name} can follow neither its suit nor its rank: mate, card value × trick number.",
    follow: "Follow suit; with no card of that suit, play the led rank.",
    not_playable: "not playable now",
    hint: "Hint",
    hint_busy: "Thinking…",
    hint_best: "Best: {cards}",
    hint_failed: "No hint: {reason}",
    mate_reason: "{name} mated with {card} at trick {n}: {v} × {n} = {p}",
    no_mate: "No mate in 10 tricks: nobody scores",
    deal_over: "Deal {n} result",
    mating_lead: "Mating lead",
    cards_left_of: "{name} held",
    analysis: "Analysis (perfect play)",
    analysing: "Analysing…",
    analysis_failed: "No analysis: {reason}",
    best_start: "Best from the start (lead: {name}): {outcome}",
    as_played: "As played: {outcome}",
    outcome_mate: "mate, {p} to {name}",
    outcome_none: "no mate",
    slip: "{name} first fell short at trick {n}: {card} ({after}); better {best} ({before})",
    perfect: "{name} never fell short",
    margin: "by {m}",
    values_help: "Values A 11 · 10 10 · 7 7 · K 4 · Q 3 — rank A>10>K>Q>7, suit ♣>♠>♥>♦",
    deal_line: "Deal {n} (lead: {name})",
    winner_is: "{name} won the match",
    deal_notice: "Deal {n}: {reason} — analysis below",
  },
  ja: {
    option_rounds: "ラウンド数（1ラウンド = 同じ配札を手札を交換して2回）",
    option_foreplacing: "フォアプレーシング（未対応）",
    choice_rounds_1: "1ラウンド（2ディール）",
    choice_rounds_2: "2ラウンド（4ディール）",
    deal_n: "ディール {n}/{total}",
    round_n: "第{n}ラウンド",
    fresh_deal: "新しい配札",
    replay: "リプレイ: 同じ手札を交換",
    dealer: "親",
    open_hand: "{name}の手札（公開: あなたが持っていないカードすべて）",
    trick_n: "トリック {n}/10",
    lead: "好きなカードをリードしてください。",
    lead_help: "{name}がスートもランクも合わせられなければメイト: カードの点数 × トリック数。",
    follow: "リードと同じスートを出してください。なければ同じランクのカードを。",
    not_playable: "今は出せません",
    hint: "ヒント",
    hint_busy: "考え中…",
    hint_best: "最善: {cards}",
    hint_failed: "ヒントなし: {reason}",
    mate_reason: "{name}が第{n}トリックに{card}でメイト: {v} × {n} = {p}点",
    no_mate: "10トリックでメイトなし: 両者0点",
    deal_over: "ディール{n}の結果",
    mating_lead: "メイトしたリード",
    cards_left_of: "{name}の残り手札",
    analysis: "解析（最善手順）",
    analysing: "解析中…",
    analysis_failed: "解析できません: {reason}",
    best_start: "最初から最善なら（{name}のリード）: {outcome}",
    as_played: "実際: {outcome}",
    outcome_mate: "{name}が{p}点でメイト",
    outcome_none: "メイトなし",
    slip: "{name}の最初の悪手: 第{n}トリックの{card}（{after}）。最善は{best}（{before}）",
    perfect: "{name}は最後まで最善でした",
    margin: "{m}点差",
    values_help: "点数 A 11・10 10・7 7・K 4・Q 3 ／ 強さ A>10>K>Q>7、♣>♠>♥>♦",
    deal_line: "ディール{n}（{name}のリード）",
    winner_is: "{name}の勝ち",
    deal_notice: "ディール{n}: {reason}（解析は下に）",
  },
};

// ---------------------------------------------------------------- small helpers
(function once() {
  if (typeof document === "undefined") return;
  // The setup screen reads option labels from window.__views[slug].STRINGS once this is loaded.
  window.__views = { ...(window.__views || {}), mate: { STRINGS } };
  if (document.getElementById("mate-css")) return;
  document.head.append(h("link", { id: "mate-css", rel: "stylesheet", href: new URL("./mate.css", import.meta.url).href }));
})();

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const short = (code) => `${code[0] === "T" ? "10" : code[0]}${SUIT_SYMBOL[code[1]] || code[1]}`;
const cardOf = (action) => action.split(" ")[1];
const call = (...args) => window.tabletop.call(...args);

// A net score for `seat` (+v: it mates for v, -v: the other mates for v, 0: no mate), in words.
function outcome(net, seat, ui) {
  if (!net) return ui.t("outcome_none");
  return ui.t("outcome_mate", { name: ui.seatName(net > 0 ? seat : 1 - seat), p: Math.abs(net) });
}

function dealReason(r, ui) {
  if (r.mater === null) return ui.t("no_mate");
  return ui.t("mate_reason", { name: ui.seatName(r.mater), card: short(r.card), n: r.trick, v: r.score / r.trick, p: r.score });
}

function positionKey(view, ui) {
  return [ui.viewer, view.deal_number, view.hand.join(""), view.opponent_hand.join(""),
    view.trick.map(([s, c]) => `${s}${c}`).join("")].join("|");
}

// ---------------------------------------------------------------- solver queries (cached)
let hintState = { key: null, busy: false, actions: null, error: null };
const analyses = new Map(); // key -> {result, promise}

function requestAnalysis(key, deal) {
  let entry = analyses.get(key);
  if (!entry) {
    entry = {};
    entry.promise = call("analysis", deal).then((r) => { entry.result = r; return r; },
      (err) => { entry.result = { ok: false, error: String(err) }; return entry.result; });
    analyses.set(key, entry);
    while (analyses.size > 12) analyses.delete(analyses.keys().next().value);
  }
  return entry;
}

function analysisBox(key, deal, ui) {
  const box = h("div", { class: "analysis", dataset: { deal, state: "pending" } },
    h("div", { class: "analysis-title" }, ui.t("analysis")), h("p", {}, ui.t("analysing")));
  const fill = (res) => {
    box.dataset.state = res.ok ? "done" : "failed";
    box.replaceChildren(h("div", { class: "analysis-title" }, ui.t("analysis")),
      ...(res.ok ? describeAnalysis(res.analysis, ui) : [h("p", {}, ui.t("analysis_failed", { reason: res.error }))]));
  };
  const entry = requestAnalysis(key, deal);
  if (entry.result) fill(entry.result);
  else entry.promise.then(fill);
  return box;
}

function describeAnalysis(a, ui) {
  const dealer = a.dealer;
  const out = [
    h("p", { class: "best-start", dataset: { startValue: a.start_value } },
      ui.t("best_start", { name: ui.seatName(dealer), outcome: outcome(a.start_value, dealer, ui) })),
    a.result === null ? null : h("p", {}, ui.t("as_played", { outcome: outcome(a.result, dealer, ui) })),
  ];
  const seats = ui.mode === "hotseat" ? [0, 1] : [ui.viewer, 1 - ui.viewer];
  for (const seat of seats) {
    const m = a.mistakes.find((x) => x.seat === seat);
    if (!m) {
      out.push(h("p", { class: "slip none", dataset: { seat } }, ui.t("perfect", { name: ui.seatName(seat) })));
      continue;
    }
    out.push(h("p", { class: "slip", dataset: { seat, index: m.index, best: m.best.join(",") } },
      ui.t("slip", {
        name: ui.seatName(seat), n: a.tricks[m.index], card: short(cardOf(m.action)),
        after: outcome(m.value_after, seat, ui), best: m.best.map((b) => short(cardOf(b))).join(" / "),
        before: outcome(m.value_before, seat, ui),
      })));
  }
  return out;
}

// ---------------------------------------------------------------- table parts
function info(view, ui) {
  const me = ui.viewer;
  const other = 1 - me;
  return h("div", { class: "mate-info" },
    h("p", { class: "match" },
      h("b", {}, ui.t("deal_n", { n: view.deal_number, total: view.deals_total })),
      view.deals_total > 2 ? ` · ${ui.t("round_n", { n: view.round })}` : "",
      " · ", h("span", { class: view.replay ? "replay-tag" : "", dataset: { replay: view.replay ? "1" : "0" } },
        ui.t(view.replay ? "replay" : "fresh_deal"))),
    h("p", { class: "match points-line" }, `${ui.t("points")}: `,
      h("b", { dataset: { seatPoints: me } }, `${ui.seatName(me)} ${view.points[me]}`), " – ",
      h("b", { dataset: { seatPoints: other } }, `${view.points[other]} ${ui.seatName(other)}`)),
    // The deal that just ended, while the new one has not had a complete trick yet.
    view.last_deal && view.phase === "play" && !view.history.length
      ? h("p", { class: "deal-notice", role: "status" }, ui.t("deal_notice", { n: view.last_deal.deal_number, reason: dealReason(view.last_deal.result, ui) }))
      : null);
}

function seatBox(view, seat, ui, top) {
  return h("div", { class: `seat ${top ? "top" : "bottom"}${view.to_move.includes(seat) ? " to-move" : ""}`, dataset: { seat } },
    h("span", { class: "name" }, ui.seatName(seat)),
    seat === view.dealer ? h("span", { class: "badge" }, ui.t("dealer")) : null,
    h("span", { class: "count" }, ui.t("cards_left", { n: view.hand_counts[seat] })),
    h("span", { class: "seat-points" }, `${ui.t("points")} ${view.points[seat]}`));
}

function openHand(view, ui) {
  const other = 1 - ui.viewer;
  return h("div", { class: "opp-hand", role: "group", "aria-label": ui.t("open_hand", { name: ui.seatName(other) }), title: ui.t("open_hand", { name: ui.seatName(other) }) },
    view.opponent_hand.map((c) => cardEl(c, { small: true })));
}

function trickArea(view, ui) {
  const area = h("section", { class: "trick", dataset: { trick: view.trick_number } });
  area.append(h("div", { class: "trick-label" }, view.phase === "play" ? ui.t("trick_n", { n: view.trick_number }) : ""));
  const slots = h("div", { class: "trick-cards" });
  for (const [seat, card] of view.trick) slots.append(h("div", { class: "played" }, cardEl(card), h("small", {}, ui.seatName(seat))));
  if (!view.trick.length && view.phase === "play") slots.append(h("div", { class: "played" }, h("div", { class: "card empty", "aria-hidden": "true" }), h("small", {}, " ")));
  area.append(slots);
  const last = view.history[view.history.length - 1];
  if (last) {
    area.append(h("details", { class: "last-trick" }, h("summary", {}, ui.t("last_trick")),
      h("div", { class: "trick-cards" }, last.cards.map(([seat, card]) => h("div", { class: `played${seat === last.winner ? " won" : ""}` },
        cardEl(card, { small: true }), h("small", {}, ui.seatName(seat)))))));
  }
  return area;
}

function handRow(view, ui, hinted) {
  const legal = new Set(view.legal_actions.filter((a) => a.startsWith("play ")).map(cardOf));
  const row = h("div", { class: "hand", role: "group", "aria-label": ui.seatName(ui.viewer) });
  for (const code of view.hand) {
    const lit = legal.has(code);
    // On your turn every card can be tapped: an unlit one is sent too, and the engine's refusal
    // (with its reason) is shown, so the follow rule explains itself.
    const el = cardEl(code, { lit, onclick: ui.canAct ? () => ui.act(`play ${code}`) : null });
    if (ui.canAct && !lit) {
      el.disabled = false;
      el.classList.add("unlit");
      el.title = ui.t("not_playable");
    }
    if (hinted.has(code)) { el.classList.add("hint"); el.dataset.hint = "1"; }
    row.append(el);
  }
  return row;
}

function prompt(view, ui, key) {
  const box = h("section", { class: "prompt" });
  if (view.phase !== "play") return box;
  const other = 1 - ui.viewer;
  if (view.legal_actions.length) {
    if (view.trick.length) box.append(h("p", {}, ui.t("follow")));
    else box.append(h("p", {}, ui.t("lead"), " ", h("small", {}, ui.t("lead_help", { name: ui.seatName(other) }))));
    const mine = hintState.key === key ? hintState : null;
    const button = h("button", {
      type: "button", class: "hint", disabled: (mine && mine.busy) || !ui.canAct ? true : null,
      onclick: () => askHint(view, ui, key),
    }, mine && mine.busy ? ui.t("hint_busy") : ui.t("hint"));
    const said = mine && mine.actions ? ui.t("hint_best", { cards: mine.actions.map((a) => short(cardOf(a))).join(" / ") })
      : mine && mine.error ? ui.t("hint_failed", { reason: mine.error }) : "";
    box.append(h("div", { class: "hint-bar" }, button, h("span", { class: "hint-text", role: "status" }, said)));
  } else {
    box.append(h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(view.to_move[0]) })));
  }
  return box;
}

async function askHint(view, ui, key) {
  hintState = { key, busy: true, actions: null, error: null };
  ui.rerender();
  let res;
  try {
    res = await call("hint", ui.viewer);
  } catch (err) {
    res = { ok: false, error: String(err) };
  }
  if (hintState.key !== key) return;
  hintState = { key, busy: false, actions: res.ok ? res.actions : null, error: res.ok ? null : res.error };
  // Redraw only if the table still shows this position (a move may have been made meanwhile).
  const table = document.querySelector(".table.mate");
  if (table && table.dataset.pos === key) ui.rerender();
}

function lastDealPanel(view, ui) {
  const last = view.last_deal;
  if (!last || view.phase !== "play") return null;
  const r = last.result;
  const mating = last.tricks.length && last.tricks[last.tricks.length - 1].mate ? last.tricks[last.tricks.length - 1] : null;
  const key = `deal:${last.deal_number}:${last.hands.map((x) => x.join("")).join("/")}:${last.tricks.map((t) => t.cards.map((c) => c[1]).join("")).join("")}`;
  const panel = h("details", { class: "last-deal", dataset: { deal: last.deal_number, score: r.score, mater: r.mater ?? "none" } },
    h("summary", {}, h("b", {}, ui.t("deal_over", { n: last.deal_number })), " ", dealReason(r, ui)),
    mating ? h("div", { class: "mating" }, h("span", {}, `${ui.t("mating_lead")}: `), cardEl(mating.cards[0][1], { small: true }),
      h("span", {}, ` ${ui.t("cards_left_of", { name: ui.seatName(1 - r.mater) })}: `),
      last.hands_left[1 - r.mater].map((c) => cardEl(c, { small: true, dim: true }))) : null,
    analysisBox(key, last.deal_number, ui));
  // Open when the deal has just ended; afterwards it stays as the player left it.
  panel.open = lastDealPanel.open.get(key) ?? true;
  panel.addEventListener("toggle", () => lastDealPanel.open.set(key, panel.open));
  return panel;
}
lastDealPanel.open = new Map();

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const me = ui.viewer;
  const other = 1 - me;
  const key = positionKey(view, ui);
  const hinted = new Set(hintState.key === key && hintState.actions ? hintState.actions.map(cardOf) : []);
  return h("div", { class: "table mate", dataset: { phase: view.phase, pos: key, deal: view.deal_number } },
    info(view, ui),
    seatBox(view, other, ui, true),
    openHand(view, ui),
    trickArea(view, ui),
    prompt(view, ui, key),
    seatBox(view, me, ui, false),
    handRow(view, ui, hinted),
    lastDealPanel(view, ui),
    h("p", { class: "help" }, ui.t("values_help")));
}

export function renderResult(view, ui) {
  const r = view.result;
  const me = ui.viewer;
  const other = 1 - me;
  const matchKey = `result:${JSON.stringify(r.deal_results)}:${view.last_deal ? view.last_deal.hands.map((x) => x.join("")).join("/") : ""}`;
  const deals = r.deal_results.map((d, i) => h("li", { dataset: { deal: i + 1, score: d.score, mater: d.mater ?? "none", trick: d.trick ?? "", card: d.card ?? "" } },
    h("div", { class: "deal-line" }, h("b", {}, ui.t("deal_line", { n: i + 1, name: ui.seatName(d.dealer) })), " ", dealReason(d, ui)),
    analysisBox(`${matchKey}#${i + 1}`, i + 1, ui)));
  return h("div", {
    class: "score mate-result",
    dataset: {
      winner: r.winner ?? "draw", points: r.points.join(","), margin: r.margin,
      dealScores: r.deal_results.map((d) => d.score).join(","),
      maters: r.deal_results.map((d) => d.mater ?? "none").join(","),
    },
  },
  h("h2", {}, r.winner === null ? ui.t("draw") : ui.t("winner_is", { name: ui.seatName(r.winner) }),
    r.winner === null ? "" : h("small", {}, ` (${ui.t("margin", { m: r.margin })})`)),
  h("p", { class: "totals" }, `${ui.t("points")}: `,
    h("span", { dataset: { seatPoints: me } }, `${ui.seatName(me)} ${r.points[me]}`), " · ",
    h("span", { dataset: { seatPoints: other } }, `${ui.seatName(other)} ${r.points[other]}`)),
  h("ol", { class: "deals" }, deals));
}
