// Ribs table: draws view(seat) from the engine (py/tabletop/games/ribs.py).
// 4-10 seats as compact chips (each with its current two cards), the auction or the trick being
// played, the hand (tap two cards, then lead / play face up / fold face down), the last trick
// with its resolution, and the deal's score breakdown. What is legal comes only from
// view.legal_actions.
import { actionsByVerb, cardEl, h } from "../table.js";

export const STRINGS = {
  en: {
    option_lemons: "Lemons: 7s rank highest; at the end a majority of the 7s scores 10, otherwise −3 per 7",
    option_face_up_fourth_trick: "Face-up fourth trick (ribs shown at once, no folding)",
    option_deals: "Deals in the game (1 = shortest; the deal passes left)",
    choice_lemons_true: "Lemons on", choice_lemons_false: "Lemons off",
    choice_face_up_fourth_trick_true: "Fourth trick face up", choice_face_up_fourth_trick_false: "Fourth trick as usual",
    deal_n: "Deal {n}/{total}",
    trick_n: "Trick {n}/4",
    dealer: "Dealer",
    dealer_short: "D",
    cards_n: "{n} cards",
    won_n: "{n} pts",
    total_n: "Σ {n}",
    call_bid: "bid {n}",
    call_pass: "pass",
    ribs_tag: "ribs",
    folded_tag: "folded",
    seats: "Seats",
    seat_label: "{name}: {cards}, {won} won this deal",
    auction_title: "Auction for trick {n}",
    high_bid: "High bid {bid} — {name}",
    no_bid: "{name} opens: the first bid is always 2",
    bid_n: "Bid {n}",
    pass: "Pass",
    your_open: "You open the auction: bid 2.",
    your_bid: "Raise to {n}, or pass. The winner leads two ribs face down and must take at least the bid in points.",
    your_bid_max: "{n} is the highest bid: you can only pass.",
    contract: "{name} leads for {bid}",
    lead_prompt: "You won the auction for {bid}. Choose two cards as your ribs (face down): ribs + the cards you take must be worth {bid} or more.",
    lead_prompt_up: "You won the auction for {bid}. Choose two ribs: in this trick they are played face up.",
    play_prompt: "Play two cards face up, or fold them face down to drop out. Both ranks of the ribs: you take everything. No rib rank and a card above the lower rib: you get yours back.",
    play_prompt_up: "Fourth trick face up: play two cards face up (no folding). Match both ranks of the ribs to take everything.",
    verb_lead: "Lead ribs",
    verb_play: "Play face up",
    verb_fold: "Fold face down",
    clear: "Clear",
    hand: "{name}: hand",
    your_folded: "Your folded cards",
    last_trick: "Last trick: trick {n}",
    last_trick_prev: "Last trick of deal {d}: trick {n}",
    outcome_match: "{name} matched the ribs and takes all {k} cards; {leader}'s contract fails.",
    outcome_made: "{leader} bid {bid} and had {total}: made, the ribs are kept.",
    outcome_failed: "{leader} bid {bid} but had only {total}: failed, the ribs are lost.",
    outcome_returned: "Took their own cards back: {names}.",
    fate_ribs: "ribs",
    fate_match: "match: takes all",
    fate_returned: "back to owner",
    fate_leader: "to {name}",
    fate_folded: "folded",
    fate_lost: "ribs lost",
    deal_result: "Deal {n}: scores",
    reason_cards: "{k} cards won: {p} points",
    reason_other: "{k} other cards won: {p} points",
    reason_major: "{s} of the {t} sevens, a majority: +10",
    reason_minor: "{s} of the {t} sevens, no majority: {b}",
    points_help: "Points: K Q J 2 · 10 9 8 7 1 · A 0. Rank: {order}. Suits do not matter.",
    order_plain: "A K Q J 10 9 8 7",
    order_lemons: "7 A K Q J 10 9 8 (lemons)",
    winner_is: "Winner: {name}",
    winners_are: "Joint winners: {names}",
    final_scores: "Final scores",
    final_trick_points: "Last deal, trick by trick",
    copy_n: "pack {n}",
    waiting: "Waiting for {name}…",
    your_turn: "Your turn:",
    to_act: "to act",
  },
  ja: {
    option_lemons: "レモン: 7が最強。最後に7の過半数を持てば10点、そうでなければ7ごとに−3点",
    option_face_up_fourth_trick: "第4トリックは表向き（リブもすぐ公開・降りられない）",
    option_deals: "ディール数（1が最短・親は左隣へ）",
    choice_lemons_true: "レモンあり", choice_lemons_false: "レモンなし",
    choice_face_up_fourth_trick_true: "第4トリックを表向き", choice_face_up_fourth_trick_false: "第4トリックも通常",
    deal_n: "ディール {n}/{total}",
    trick_n: "トリック {n}/4",
    dealer: "親",
    dealer_short: "親",
    cards_n: "{n}枚",
    won_n: "{n}点",
    total_n: "計{n}",
    call_bid: "ビッド{n}",
    call_pass: "パス",
    ribs_tag: "リブ",
    folded_tag: "降り",
    seats: "席",
    seat_label: "{name}: {cards}、このディール{won}獲得",
    auction_title: "トリック{n}のオークション",
    high_bid: "最高ビッド {bid}（{name}）",
    no_bid: "{name}から: 最初のビッドは必ず2",
    bid_n: "{n}をビッド",
    pass: "パス",
    your_open: "あなたがオークションの最初です: 2をビッドしてください。",
    your_bid: "{n}に上げるか、パスしてください。落札者は2枚のリブを伏せて出し、ビッド以上の点数を取らなければなりません。",
    your_bid_max: "{n}が最高のビッドです: パスしかできません。",
    contract: "{name}が{bid}でリード",
    lead_prompt: "{bid}で落札しました。リブにする2枚を選んでください（伏せて出します）。リブと取ったカードの点数が{bid}以上で成功です。",
    lead_prompt_up: "{bid}で落札しました。リブの2枚を選んでください（このトリックでは表向き）。",
    play_prompt: "2枚を表向きに出すか、伏せて降りてください。リブと同じランク2枚なら全部取れます。リブのランクがなく、低い方のリブより強いカードがあれば自分のカードが戻ります。",
    play_prompt_up: "第4トリックは表向き: 2枚を表で出してください（降りられません）。リブと同じランク2枚なら全部取れます。",
    verb_lead: "リブを出す",
    verb_play: "表で出す",
    verb_fold: "伏せて降りる",
    clear: "選び直す",
    hand: "{name}の手札",
    your_folded: "あなたが伏せたカード",
    last_trick: "直前のトリック: トリック{n}",
    last_trick_prev: "ディール{d}の最後: トリック{n}",
    outcome_match: "{name}がリブと一致し、{k}枚すべてを取ります。{leader}の契約は失敗です。",
    outcome_made: "{leader}はビッド{bid}に対し{total}点: 成功、リブも獲得。",
    outcome_failed: "{leader}はビッド{bid}に対し{total}点: 失敗、リブは除外。",
    outcome_returned: "自分のカードが戻った人: {names}。",
    fate_ribs: "リブ",
    fate_match: "一致: 全部取る",
    fate_returned: "本人に戻る",
    fate_leader: "{name}へ",
    fate_folded: "降り",
    fate_lost: "リブ除外",
    deal_result: "ディール{n}の得点",
    reason_cards: "獲得{k}枚: {p}点",
    reason_other: "7以外の獲得{k}枚: {p}点",
    reason_major: "7を{t}枚中{s}枚、過半数: +10",
    reason_minor: "7を{t}枚中{s}枚、過半数なし: {b}",
    points_help: "点数: K Q J 2・10 9 8 7 1・A 0。強さ: {order}。スートは関係ありません。",
    order_plain: "A K Q J 10 9 8 7",
    order_lemons: "7 A K Q J 10 9 8（レモン）",
    winner_is: "{name}の勝ち",
    winners_are: "同点で勝ち: {names}",
    final_scores: "最終得点",
    final_trick_points: "最後のディールのトリック別得点",
    copy_n: "{n}組目",
    waiting: "{name}を待っています…",
    your_turn: "あなたの番:",
    to_act: "手番",
  },
};

(function once() {
  if (typeof document === "undefined" || document.getElementById("ribs-css")) return;
  document.head.append(h("link", { id: "ribs-css", rel: "stylesheet", href: new URL("./ribs.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- cards
// Codes are rank + suit, with "#2"/"#3" for further packets (KS#2): table.js reads the suit from
// the last character, so the face is drawn from the base code and the full code kept in data-card.
function splitCode(code) {
  const [base, copy] = code.split("#");
  return { base, copy: copy ? Number(copy) : 1 };
}

function face(code, ui, opts = {}) {
  const { base, copy } = splitCode(code);
  const el = cardEl(base, opts);
  el.dataset.card = code;
  if (copy > 1) {
    el.setAttribute("aria-label", `${el.getAttribute("aria-label")} (${ui.t("copy_n", { n: copy })})`);
    el.append(h("span", { class: "copy", "aria-hidden": "true" }, copy));
  }
  return el;
}

function mini(code, ui, extra = "") {
  const el = face(code, ui, { small: true });
  el.classList.add("mini");
  if (extra) el.classList.add(extra);
  return el;
}

function back(label, extra = "") {
  return h("div", { class: `card back small mini ${extra}`, role: "img", "aria-label": label });
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// ---------------------------------------------------------------- seat chips
// A seat's two cards in the trick on the table (the shared trick shape: [[seat, [c1, c2] | null], ...],
// the leader's ribs first; null: face down and unseen by this seat).
function tableEntry(view, seat) {
  const play = view.trick.find(([s]) => s === seat);
  if (!play) return null;
  return { seat, ribs: seat === view.leader, folded: view.folded.includes(seat), cards: play[1] };
}

function lastCall(view, seat) {
  for (let i = view.auction.length - 1; i >= 0; i--) {
    if (view.auction[i][0] === seat) return view.auction[i][1];
  }
  return null;
}

function callText(call, ui) {
  if (!call) return "";
  if (call === "pass") return ui.t("call_pass");
  return ui.t("call_bid", { n: call.split(" ")[1] });
}

function chipCards(view, seat, ui) {
  const box = h("div", { class: "chip-cards" });
  if (view.phase !== "play") return box;
  const entry = tableEntry(view, seat);
  if (!entry) {
    box.append(h("div", { class: "card empty small mini", "aria-hidden": "true" }), h("div", { class: "card empty small mini", "aria-hidden": "true" }));
    return box;
  }
  if (entry.ribs) {
    box.classList.add("is-ribs");
    if (entry.cards) box.append(...entry.cards.map((c) => mini(c, ui, "rib")));
    else box.append(back(ui.t("ribs_tag"), "rib"), back(ui.t("ribs_tag"), "rib"));
  } else if (entry.folded) {
    box.classList.add("is-folded");
    if (entry.cards) box.append(...entry.cards.map((c) => mini(c, ui, "dim")));
    else box.append(back(ui.t("folded_tag"), "folded"), back(ui.t("folded_tag"), "folded"));
  } else {
    box.append(...entry.cards.map((c) => mini(c, ui)));
  }
  return box;
}

function chipStatus(view, seat, ui) {
  if (view.phase === "auction") {
    const call = lastCall(view, seat);
    const passed = view.passed.includes(seat);
    return h("span", { class: `status${passed ? " passed" : ""}${seat === view.high_bidder ? " high" : ""}` }, callText(call, ui));
  }
  if (view.phase === "play") {
    const entry = tableEntry(view, seat);
    if (seat === view.leader) return h("span", { class: "status high" }, `★ ${view.bid}`);
    if (entry && entry.folded) return h("span", { class: "status passed" }, ui.t("folded_tag"));
  }
  return h("span", { class: "status" }, "");
}

function seatChip(view, seat, ui) {
  const turn = view.to_move.includes(seat);
  const me = seat === ui.viewer;
  const name = ui.seatName(seat);
  const cards = ui.t("cards_n", { n: view.hand_counts[seat] });
  const won = ui.t("won_n", { n: view.won_points[seat] });
  return h("li", {
    class: `chip${turn ? " to-move" : ""}${me ? " me" : ""}${seat === view.leader ? " leader" : ""}`,
    dataset: { seat, cards: view.hand_counts[seat], won: view.won_points[seat], score: view.scores[seat] },
    "aria-label": ui.t("seat_label", { name, cards, won }) + (turn ? ` (${ui.t("to_act")})` : ""),
    "aria-current": turn ? "true" : null,
  },
  h("div", { class: "chip-name" },
    h("span", { class: "name" }, name),
    seat === view.dealer ? h("span", { class: "badge", title: ui.t("dealer") }, ui.t("dealer_short")) : null),
  chipCards(view, seat, ui),
  h("div", { class: "chip-stats" },
    h("span", { class: "count" }, cards),
    h("span", { class: "won" }, won),
    view.options.deals > 1 ? h("span", { class: "total" }, ui.t("total_n", { n: view.scores[seat] })) : null,
    chipStatus(view, seat, ui)));
}

function seatsGrid(view, ui) {
  const n = view.players;
  const cols = n <= 4 ? 2 : 3;
  const list = h("ul", { class: `seats cols-${cols}`, "aria-label": ui.t("seats"), dataset: { players: n } });
  for (let s = 0; s < n; s++) list.append(seatChip(view, s, ui));
  return list;
}

// ---------------------------------------------------------------- the stage: auction or trick
function infoLine(view, ui) {
  const parts = [ui.t("deal_n", { n: view.deal_number, total: view.options.deals })];
  if (view.phase !== "over") parts.push(ui.t("trick_n", { n: view.trick_number }));
  return h("p", { class: "ribs-info" }, parts.join(" · "),
    view.phase === "play" && view.leader !== null
      ? h("b", { class: "contract", dataset: { leader: view.leader, bid: view.bid } }, ` · ${ui.t("contract", { name: ui.seatName(view.leader), bid: view.bid })}`)
      : null);
}

function stage(view, ui) {
  const box = h("section", { class: "stage", dataset: { phase: view.phase } });
  const mine = view.legal_actions.length > 0;
  if (view.phase === "auction") {
    box.append(h("div", { class: "stage-title" }, ui.t("auction_title", { n: view.trick_number }), " — ",
      view.bid === null ? ui.t("no_bid", { name: ui.seatName(view.opener) })
        : h("b", { class: "high-bid", dataset: { bid: view.bid, seat: view.high_bidder } }, ui.t("high_bid", { bid: view.bid, name: ui.seatName(view.high_bidder) }))));
    if (mine) {
      const byVerb = actionsByVerb(view.legal_actions);
      const raise = byVerb.bid ? Number(byVerb.bid[0][0]) : null;
      const text = view.bid === null ? ui.t("your_open") : raise !== null ? ui.t("your_bid", { n: raise }) : ui.t("your_bid_max", { n: view.bid });
      box.append(h("p", { class: "prompt-text" }, h("b", { class: "your-turn" }, ui.t("your_turn")), " ", text));
      // One button per legal call, sending the engine's own spelling ("bid 3", "pass").
      const buttons = view.legal_actions.filter((a) => a === "pass" || a.startsWith("bid ")).map((action) => h("button", {
        type: "button", class: `choice${action === "pass" ? "" : " primary"}`, dataset: { action },
        disabled: ui.canAct ? null : true, onclick: () => ui.act(action),
      }, action === "pass" ? ui.t("pass") : ui.t("bid_n", { n: action.split(" ")[1] })));
      box.append(h("div", { class: "bid-buttons" }, buttons));
    }
  } else if (view.phase === "play" && mine) {
    const faceUp = view.options.face_up_fourth_trick && view.trick_number === 4;
    const leading = view.leader === ui.viewer;
    const key = leading ? (faceUp ? "lead_prompt_up" : "lead_prompt") : (faceUp ? "play_prompt_up" : "play_prompt");
    box.append(h("p", { class: "prompt-text" }, h("b", { class: "your-turn" }, ui.t("your_turn")), " ", ui.t(key, { bid: view.bid })));
  }
  if (!mine && view.phase !== "over" && view.to_act !== null) {
    box.append(h("p", { class: "waiting" }, ui.t("waiting", { name: ui.seatName(view.to_act) })));
  }
  return box;
}

// ---------------------------------------------------------------- the hand (two cards at a time)
function handArea(view, ui) {
  const byVerb = actionsByVerb(view.legal_actions);
  const verbs = ["lead", "play", "fold"].filter((v) => byVerb[v]);
  const hand = view.hand || [];
  const usable = new Set(verbs.flatMap((v) => byVerb[v].flat()));
  const sel = ui.selection;
  for (const c of [...sel]) if (!usable.has(c)) sel.delete(c);
  // The last two cards: nothing to choose, so the verb buttons work at once (one tap).
  const auto = hand.length === 2 && verbs.length > 0 && hand.every((c) => usable.has(c));
  const chosen = auto ? [...hand] : [...sel];
  const row = h("div", { class: "hand ribs-hand", role: "group", "aria-label": ui.t("hand", { name: ui.seatName(ui.viewer) }) });
  for (const code of hand) {
    const lit = usable.has(code) && ui.canAct;
    const el = face(code, ui, {
      lit, selected: chosen.includes(code), selectable: verbs.length > 0,
      onclick: lit ? () => {
        if (auto) return;
        if (sel.has(code)) sel.delete(code);
        else {
          if (sel.size >= 2) sel.delete(sel.values().next().value); // keep the last two taps
          sel.add(code);
        }
        ui.rerender();
      } : null,
    });
    row.append(el);
  }
  const bar = h("div", { class: "actions ribs-actions" });
  if (verbs.length) {
    for (const verb of verbs) {
      const match = byVerb[verb].find((args) => sameSet(args, chosen));
      bar.append(h("button", {
        class: verb === "fold" ? "fold" : "primary", type: "button", dataset: { verb },
        disabled: match && ui.canAct ? null : true,
        onclick: () => { if (match) { sel.clear(); ui.act(`${verb} ${match.join(" ")}`); } },
      }, ui.t(`verb_${verb}`)));
    }
    if (sel.size && !auto) {
      bar.append(h("button", { type: "button", class: "clear", "aria-label": ui.t("clear"), title: ui.t("clear"), onclick: () => { sel.clear(); ui.rerender(); } }, "×"));
    }
  }
  const folded = view.my_folded && view.my_folded.length
    ? h("div", { class: "my-folded" }, `${ui.t("your_folded")}: `, view.my_folded.map((c) => mini(c, ui, "dim"))) : null;
  return [row, bar, folded];
}

// ---------------------------------------------------------------- last trick and deal results
function trickOutcome(t, ui) {
  const leader = ui.seatName(t.leader);
  const out = [];
  if (t.matcher !== null) {
    const k = t.cards.filter(([, c]) => c).length * 2;
    out.push(ui.t("outcome_match", { name: ui.seatName(t.matcher), k, leader }));
  } else {
    out.push(ui.t(t.made ? "outcome_made" : "outcome_failed", { leader, bid: t.bid, total: t.leader_total }));
    if (t.returned.length) out.push(ui.t("outcome_returned", { names: t.returned.map((s) => ui.seatName(s)).join(", ") }));
  }
  return out.join(" ");
}

function trickBox(t, ui, title) {
  const rows = [];
  const pts = (s) => h("b", { class: "pts", dataset: { points: t.points[s] } }, t.points[s] ? `+${t.points[s]}` : "0");
  const [[, ribs], ...plays] = t.cards; // the shared trick shape: the leader's ribs first
  rows.push(h("li", { class: `play ribs-row${t.ribs_lost ? " lost" : ""}`, dataset: { seat: t.leader } },
    h("span", { class: "who" }, ui.seatName(t.leader)),
    h("span", { class: "pair" }, ribs.map((c) => mini(c, ui, "rib"))),
    h("span", { class: "fate" }, t.ribs_lost ? ui.t("fate_lost") : `${ui.t("fate_ribs")} ★${t.bid}`),
    pts(t.leader)));
  for (const [seat, cards] of plays) {
    let fate;
    if (!cards) fate = ui.t("fate_folded");
    else if (seat === t.matcher) fate = ui.t("fate_match");
    else if (t.returned.includes(seat)) fate = ui.t("fate_returned");
    else fate = ui.t("fate_leader", { name: ui.seatName(t.matcher !== null ? t.matcher : t.leader) });
    rows.push(h("li", { class: `play${cards ? "" : " folded"}${seat === t.matcher ? " matcher" : ""}`, dataset: { seat } },
      h("span", { class: "who" }, ui.seatName(seat)),
      h("span", { class: "pair" }, cards ? cards.map((c) => mini(c, ui)) : [back(ui.t("folded_tag"), "folded"), back(ui.t("folded_tag"), "folded")]),
      h("span", { class: "fate" }, fate),
      pts(seat)));
  }
  return h("div", { class: "trick-box", dataset: { trick: t.trick_number, deal: t.deal, matcher: t.matcher ?? "none", made: String(t.made), total: t.leader_total } },
    title ? h("div", { class: "trick-title" }, title) : null,
    h("p", { class: "outcome" }, trickOutcome(t, ui)),
    h("ul", { class: "plays" }, rows));
}

const openState = new Map(); // details key -> open, as the player left it

function remembered(details, key, fallback) {
  details.open = openState.get(key) ?? fallback;
  details.addEventListener("toggle", () => openState.set(key, details.open));
  return details;
}

function lastTrickPanel(view, ui) {
  const t = view.history.length ? view.history[view.history.length - 1] : view.previous_deal_trick;
  if (!t) return null;
  const title = t.deal === view.deal_number ? ui.t("last_trick", { n: t.trick_number }) : ui.t("last_trick_prev", { d: t.deal, n: t.trick_number });
  const key = `trick:${t.deal}:${t.trick_number}:${view.phase}`;
  // Open while the table is empty (the auction after it, or the end of the game).
  return remembered(h("details", { class: "last-trick ribs-last", dataset: { trick: t.trick_number, deal: t.deal } },
    h("summary", {}, title), trickBox(t, ui, null)), key, view.phase !== "play");
}

// A reason is the engine's message {code, params} (static/strings/ribs.json lists them).
function translateReason(reason, ui) {
  const p = reason.params;
  switch (reason.code) {
    case "deal_cards_won": return ui.t("reason_cards", { k: p.n, p: p.points });
    case "deal_other_cards_won": return ui.t("reason_other", { k: p.n, p: p.points });
    case "sevens_majority": return ui.t("reason_major", { s: p.n, t: p.total });
    case "sevens_no_majority": return ui.t("reason_minor", { s: p.n, t: p.total, b: p.points });
    default: return reason.code;
  }
}

function dealBreakdown(last, ui) {
  return h("ul", { class: "breakdown", dataset: { deal: last.deal } },
    last.scores.map((x) => h("li", { dataset: { seat: x.seat, points: x.points } },
      h("span", { class: "who" }, ui.seatName(x.seat)),
      h("b", { class: "pts" }, x.points),
      h("span", { class: "why" }, x.reasons.map((r) => translateReason(r, ui)).join(" · ")))));
}

function lastDealPanel(view, ui) {
  const last = view.last_deal;
  if (!last || view.phase === "over") return null;
  const fresh = view.history.length === 0;
  return remembered(h("details", { class: "last-deal", dataset: { deal: last.deal } },
    h("summary", {}, h("b", {}, ui.t("deal_result", { n: last.deal }))), dealBreakdown(last, ui)), `deal:${last.deal}`, fresh);
}

// ---------------------------------------------------------------- entry points
export function render(view, ui) {
  const order = ui.t(view.options.lemons ? "order_lemons" : "order_plain");
  return h("div", { class: "table ribs-table", dataset: { phase: view.phase, trick: view.trick_number, deal: view.deal_number, players: view.players } },
    infoLine(view, ui),
    seatsGrid(view, ui),
    stage(view, ui),
    ...(view.phase === "over" ? [] : handArea(view, ui)),
    lastDealPanel(view, ui),
    lastTrickPanel(view, ui),
    h("p", { class: "help" }, ui.t("points_help", { order })));
}

export function renderResult(view, ui) {
  const r = view.result;
  const n = r.scores.length;
  const ranked = [...Array(n).keys()].sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const title = r.winner !== null ? ui.t("winner_is", { name: ui.seatName(r.winner) })
    : ui.t("winners_are", { names: r.winners.map((s) => ui.seatName(s)).join(", ") });
  const last = view.last_deal;
  const reasons = new Map((last ? last.scores : []).map((x) => [x.seat, x]));
  const multi = r.deal_scores.length > 1;
  return h("div", {
    class: "score ribs-result",
    dataset: {
      scores: r.scores.join(","), winner: r.winner ?? "tie", winners: r.winners.join(","),
      dealScores: r.deal_scores.map((d) => d.join(",")).join(";"),
    },
  },
  h("h2", {}, title),
  h("div", { class: "final-title" }, ui.t("final_scores")),
  h("ol", { class: "final" }, ranked.map((s) => {
    const x = reasons.get(s);
    return h("li", { class: r.winners.includes(s) ? "win" : "", dataset: { seat: s, score: r.scores[s] } },
      h("span", { class: "who" }, ui.seatName(s)),
      h("b", { class: "pts" }, r.scores[s]),
      h("span", { class: "why" }, multi ? r.deal_scores.map((d) => d[s]).join(" + ")
        : x ? x.reasons.map((q) => translateReason(q, ui)).join(" · ") : ""));
  })),
  multi && last ? h("div", { class: "final-title" }, ui.t("deal_result", { n: last.deal })) : null,
  multi && last ? h("ul", { class: "breakdown" }, last.scores.map((x) => h("li", { dataset: { seat: x.seat, points: x.points } },
    h("span", { class: "who" }, ui.seatName(x.seat)), h("b", { class: "pts" }, x.points),
    h("span", { class: "why" }, x.reasons.map((q) => translateReason(q, ui)).join(" · "))))) : null,
  view.history.length ? h("details", { class: "final-tricks" }, h("summary", {}, ui.t("final_trick_points")),
    view.history.map((t) => trickBox(t, ui, ui.t("trick_n", { n: t.trick_number })))) : null);
}
