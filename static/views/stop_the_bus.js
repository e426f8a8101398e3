// Stop the Bus table: draws view(seat) from the engine (py/tabletop/games/stop_the_bus.py).
// Three-card hands; on a turn draw from the stock or take the top discard (then discard one), or
// stop the bus. What is legal comes from view.legal_actions only; hand names, losers and the
// reasons for every lost life come from the engine's view (last_showdown), only translated here.
import { cardBack, cardEl, cardName, h, handEl } from "../table.js";

export const STRINGS = {
  en: {
    option_scoring: "Scoring",
    choice_scoring_lives: "Lives: the worst hand loses a life",
    choice_scoring_points: "Points: the best hand scores 1",
    option_target_points: "Points to win (points scoring only)",
    option_starting_lives: "Starting lives (lives scoring only)",
    option_stopper_loses_two: "A stopper with the worst hand loses 2 lives",
    option_thirty_one: "31: a suited A with two of K Q J 10 beats every hand",
    option_blitz: "Blitz (the hand ends at once)",
    choice_blitz_none: "No blitz",
    choice_blitz_31: "A 31 ends play at once",
    choice_blitz_31_prials: "A 31, 3-3-3 or A-A-A ends play at once",
    deal_n: "Deal {n}",
    dealer: "dealer",
    dealer_short: "D",
    first_to: "first to {p} points",
    stock: "Stock",
    stock_n: "Stock: {n} cards",
    discards: "Discard pile",
    draw_stock: "Draw",
    take_discard: "Take",
    draw_stock_aria: "Draw the top card of the stock ({n} cards)",
    take_discard_aria: "Take the {card} from the discard pile",
    stop: "Stop the bus!",
    stop_help: "everyone else has one last turn",
    earlier: "Earlier discards",
    turn_prompt: "Your turn: draw from the stock, take the top discard, or stop the bus.",
    turn_prompt_last: "Your last turn: draw from the stock or take the top discard.",
    discard_prompt: "Discard one card.",
    discard_prompt_taken: "Discard one card (not the {card} you just took).",
    you_are_out: "You are out of the game; the others play on.",
    stopped_by: "{name} stopped the bus",
    last_turns: "last turns: {names}",
    move_draw_stock: "{name} drew from the stock",
    move_draw_discard: "{name} took {card} from the pile",
    move_discard: "{name} discarded {card}",
    move_stop: "{name} stopped the bus",
    new_deal: "New deal; first turn: {name}.",
    your_hand: "Your hand",
    hand_of: "{name}'s hand",
    now_holding: "now: {hand}",
    drawn: "drawn",
    taken: "taken",
    lives_n: "{n} lives",
    life_1: "1 life",
    floating: "floating",
    floating_short: "floating",
    floating_help: "no lives left: the next loss eliminates",
    out: "out",
    points_of: "{p}/{target}",
    points_aria: "{p} of {target} points",
    cards_n: "{n} cards",
    from_pile: "taken from the pile",
    due: "last turn due",
    showdown_title: "Deal {n}: showdown",
    showdown_again: "Last deal",
    ok: "OK",
    worst: "worst",
    best: "best",
    stopper_tag: "stopped",
    blitz_tag: "blitz",
    worst_line: "Worst hand: {names}",
    best_line: "Best hand: {names}",
    best_point_line: "Best hand: {names} (+1 point)",
    void_line: "Void: this showdown would have knocked out everyone still in, so nobody loses.",
    blitz_line: "{name}'s blitz ({hand}) ended play at once.",
    life_delta: "−{n} life",
    lives_delta: "−{n} lives",
    point_delta: "+{n} point",
    eliminated: "eliminated",
    reason_worst: "worst hand: {hand}",
    reason_worst_tied: "worst hand: {hand} (tied for worst)",
    reason_best: "best hand: {hand}",
    reason_best_shared: "best hand: {hand} (shared)",
    reason_two: "stopped the bus and had the worst hand: loses two lives",
    reason_floating_out: "was floating: eliminated",
    reason_last_life_out: "lost the last life and was eliminated",
    reason_now_floating: "no lives left: now floating",
    after_deals: "after {n} deals",
    standings: "Standings",
    place_winner: "last player in",
    place_out: "out #{k}",
    final_showdown: "Final showdown (deal {n})",
    joint_winners: "Joint winners: {names}",
    ranking: "Hands, best first",
    ranking_text: "Prial (three of a rank; 3-3-3 best, then A-A-A, K-K-K … 2-2-2) · running flush (three in sequence, one suit) · run (3-2-A best, then A-K-Q … 4-3-2) · flush · pair (A-A-K best, 2-2-3 worst) · high card. With the 31 option, a suited A with two of K Q J 10 beats everything.",
    cat_blitz_prial: "blitz prial",
    cat_thirty_one: "thirty-one",
    cat_prial: "prial",
    cat_running_flush: "running flush",
    cat_run: "run",
    cat_flush: "flush",
    cat_pair: "pair",
    cat_high_card: "high card",
  },
  ja: {
    option_scoring: "得点方式",
    choice_scoring_lives: "ライフ制: 最も弱い手役の人がライフを1つ失う",
    choice_scoring_points: "得点制: 最も強い手役の人が1点",
    option_target_points: "勝利に必要な得点（得点制のみ）",
    option_starting_lives: "最初のライフ（ライフ制のみ）",
    option_stopper_loses_two: "バスを止めた人が最弱ならライフを2つ失う",
    option_thirty_one: "31: 同じスートのAとK・Q・J・10の2枚が最強の手役",
    option_blitz: "ブリッツ（その場でプレイ終了）",
    choice_blitz_none: "ブリッツなし",
    choice_blitz_31: "31ができたら即終了",
    choice_blitz_31_prials: "31・3-3-3・A-A-Aができたら即終了",
    deal_n: "第{n}ディール",
    dealer: "ディーラー",
    dealer_short: "親",
    first_to: "{p}点先取",
    stock: "山札",
    stock_n: "山札: {n}枚",
    discards: "捨て札",
    draw_stock: "引く",
    take_discard: "取る",
    draw_stock_aria: "山札の一番上を引く（{n}枚）",
    take_discard_aria: "捨て札の{card}を取る",
    stop: "バスを止める！",
    stop_help: "他の全員があと1回ずつ手番をして終了",
    earlier: "これまでの捨て札",
    turn_prompt: "あなたの番: 山札から引くか、捨て札の一番上を取るか、バスを止めてください。",
    turn_prompt_last: "最後の手番: 山札から引くか、捨て札の一番上を取ってください。",
    discard_prompt: "1枚捨ててください。",
    discard_prompt_taken: "1枚捨ててください（今取った{card}以外）。",
    you_are_out: "あなたは脱落しました。残りの人がプレイを続けます。",
    stopped_by: "{name}がバスを止めました",
    last_turns: "残りの手番: {names}",
    move_draw_stock: "{name}が山札から引きました",
    move_draw_discard: "{name}が捨て札から{card}を取りました",
    move_discard: "{name}が{card}を捨てました",
    move_stop: "{name}がバスを止めました",
    new_deal: "新しいディール: 最初の手番は{name}です。",
    your_hand: "あなたの手札",
    hand_of: "{name}の手札",
    now_holding: "現在: {hand}",
    drawn: "引いた",
    taken: "取った",
    lives_n: "ライフ{n}",
    life_1: "ライフ1",
    floating: "フローティング",
    floating_short: "フロート",
    floating_help: "ライフなし: 次に負けると脱落",
    out: "脱落",
    points_of: "{p}/{target}点",
    points_aria: "{target}点中{p}点",
    cards_n: "{n}枚",
    from_pile: "捨て札から取ったカード",
    due: "最後の手番待ち",
    showdown_title: "第{n}ディール: 手札公開",
    showdown_again: "前回の結果",
    ok: "OK",
    worst: "最弱",
    best: "最強",
    stopper_tag: "バス",
    blitz_tag: "ブリッツ",
    worst_line: "最も弱い手役: {names}",
    best_line: "最も強い手役: {names}",
    best_point_line: "最も強い手役: {names}（+1点）",
    void_line: "無効: この結果だと残り全員が脱落するため、誰も何も失いません。",
    blitz_line: "{name}のブリッツ（{hand}）でプレイ終了。",
    life_delta: "ライフ−{n}",
    lives_delta: "ライフ−{n}",
    point_delta: "+{n}点",
    eliminated: "脱落",
    reason_worst: "最も弱い手役: {hand}",
    reason_worst_tied: "最も弱い手役: {hand}（同点で最弱）",
    reason_best: "最も強い手役: {hand}",
    reason_best_shared: "最も強い手役: {hand}（同点）",
    reason_two: "バスを止めて最弱だったのでライフを2つ失う",
    reason_floating_out: "フローティングだったので脱落",
    reason_last_life_out: "最後のライフを失って脱落",
    reason_now_floating: "ライフがなくなりフローティングに",
    after_deals: "{n}ディールで決着",
    standings: "順位",
    place_winner: "最後まで生き残り",
    place_out: "{k}番目に脱落",
    final_showdown: "最後の手札公開（第{n}ディール）",
    joint_winners: "同点優勝: {names}",
    ranking: "手役（強い順）",
    ranking_text: "プライアル（同じランク3枚。3-3-3が最強、次にA-A-A、K-K-K … 2-2-2）・ランニング・フラッシュ（同じスートの連番）・ラン（3-2-Aが最強、次にA-K-Q … 4-3-2）・フラッシュ・ペア（A-A-Kが最強、2-2-3が最弱）・ハイカード。31ありのときは、同じスートのAとK・Q・J・10の2枚が最強。",
    cat_blitz_prial: "ブリッツ・プライアル",
    cat_thirty_one: "31",
    cat_prial: "プライアル",
    cat_running_flush: "ランニング・フラッシュ",
    cat_run: "ラン",
    cat_flush: "フラッシュ",
    cat_pair: "ペア",
    cat_high_card: "ハイカード",
  },
};

// ---------------------------------------------------------------- once: strings for setup, CSS
(function once() {
  if (typeof document === "undefined") return;
  window.__views = { ...(window.__views || {}), stop_the_bus: { STRINGS } };
  if (document.getElementById("stop-the-bus-css")) return;
  document.head.append(h("link", { id: "stop-the-bus-css", rel: "stylesheet", href: new URL("./stop_the_bus.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- small helpers
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const short = (code) => `${code[0] === "T" ? "10" : code[0]}${SUIT_SYMBOL[code[1]] || code[1]}`;
const joinNames = (seats, ui) => seats.map((s) => ui.seatName(s)).join(ui.lang === "ja" ? "、" : ", ");

const BUS_SVG = '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">'
  + '<rect x="3" y="2.5" width="18" height="16" rx="3" fill="currentColor"/>'
  + '<rect x="5" y="5" width="14" height="6" rx="1" fill="#fff" opacity=".85"/>'
  + '<rect x="5" y="13" width="3" height="2" fill="#fff" opacity=".85"/><rect x="16" y="13" width="3" height="2" fill="#fff" opacity=".85"/>'
  + '<circle cx="7.5" cy="19.5" r="2.2" fill="currentColor"/><circle cx="16.5" cy="19.5" r="2.2" fill="currentColor"/></svg>';

// A compact face-up card ("10♣" on a white pill) for the discard history and cards seen taken.
function miniCard(code) {
  return h("span", { class: `mini-card suit-${code[1]}`, role: "img", "aria-label": cardName(code), dataset: { card: code } }, short(code));
}

function busIcon(label = null) {
  const span = h("span", { class: "bus-icon", role: label ? "img" : null, "aria-label": label, title: label });
  span.innerHTML = BUS_SVG;
  return span;
}

// The engine names hands in English ("run A-K-Q", "high card 10-9-5"): translate the category.
const CATEGORIES = ["blitz prial", "thirty-one", "running flush", "high card", "prial", "flush", "pair", "run"];
function handLabel(name, ui) {
  if (!name) return "";
  const cat = CATEGORIES.find((c) => name === c || name.startsWith(`${c} `));
  if (!cat) return name;
  return `${ui.t(`cat_${cat.replace(/[ -]/g, "_")}`)}${name.slice(cat.length)}`;
}

// The engine's reasons are fixed English phrases around a hand name: say them in the UI language.
function reasonLabel(text, ui) {
  let m;
  if ((m = /^worst hand: (.+?)( \(tied for worst\))?$/.exec(text))) return ui.t(m[2] ? "reason_worst_tied" : "reason_worst", { hand: handLabel(m[1], ui) });
  if ((m = /^best hand: (.+?)( \(shared\))?$/.exec(text))) return ui.t(m[2] ? "reason_best_shared" : "reason_best", { hand: handLabel(m[1], ui) });
  if (text.startsWith("stopped the bus and had the worst hand")) return ui.t("reason_two");
  if (text === "was floating: eliminated") return ui.t("reason_floating_out");
  if (text === "lost the last life and was eliminated") return ui.t("reason_last_life_out");
  if (text === "no lives left: now floating") return ui.t("reason_now_floating");
  return text;
}

const isOut = (view, seat) => view.eliminated.includes(seat);
const pointsMode = (view) => view.scoring === "points";

// Lives as pips (a number beside them past six), "floating" at 0, "out" once eliminated.
function livesEl(view, seat, ui, compact = false) {
  if (pointsMode(view)) {
    const p = view.points[seat];
    return h("span", { class: "pts", dataset: { points: p }, "aria-label": ui.t("points_aria", { p, target: view.target_points }) },
      h("span", { class: "star", "aria-hidden": "true" }, "★"), ui.t("points_of", { p, target: view.target_points }));
  }
  if (isOut(view, seat)) return h("span", { class: "out-tag", dataset: { lives: "out" } }, ui.t("out"));
  const n = view.lives[seat];
  if (n === 0) {
    return h("span", { class: "float-tag", dataset: { lives: 0 }, title: `${ui.t("floating")}: ${ui.t("floating_help")}`, "aria-label": ui.t("floating") },
      ui.t(compact ? "floating_short" : "floating"));
  }
  const shown = Math.min(n, 6);
  return h("span", { class: "pips", dataset: { lives: n }, role: "img", "aria-label": n === 1 ? ui.t("life_1") : ui.t("lives_n", { n }) },
    Array.from({ length: shown }, () => h("span", { class: "pip" })), n > shown ? h("span", { class: "pip-n" }, `×${n}`) : null);
}

// ---------------------------------------------------------------- table parts
function infoLine(view, ui) {
  const ls = view.last_showdown;
  return h("div", { class: "stb-info" },
    h("b", {}, ui.t("deal_n", { n: view.deal_number })),
    h("span", {}, ` · ${ui.t("dealer")}: ${ui.seatName(view.dealer)}`),
    pointsMode(view) ? h("span", {}, ` · ${ui.t("first_to", { p: view.target_points })}`) : null,
    ls && view.phase !== "over" ? h("button", { type: "button", class: "again-showdown", onclick: () => { seen.delete(showdownKey(view, ui)); ui.rerender(); } },
      ui.t("showdown_again")) : null);
}

function seatChip(view, seat, ui) {
  const out = isOut(view, seat);
  const toAct = view.to_act === seat;
  const due = view.last_turns.includes(seat) && !toAct;
  const known = view.known_cards.filter(([s]) => s === seat).map(([, c]) => c);
  const classes = ["chip"];
  if (toAct) classes.push("to-act");
  if (out) classes.push("is-out");
  if (due) classes.push("due");
  return h("div", { class: classes.join(" "), dataset: { seat, cards: view.hand_counts[seat] } },
    h("div", { class: "chip-top" }, h("span", { class: "name" }, ui.seatName(seat))),
    h("div", { class: "chip-badges" },
      view.stopper === seat ? busIcon(ui.t("stopped_by", { name: ui.seatName(seat) })) : null,
      seat === view.dealer ? h("span", { class: "dealer-tag", title: ui.t("dealer"), "aria-label": ui.t("dealer") }, ui.t("dealer_short")) : null),
    h("div", { class: "chip-row" },
      livesEl(view, seat, ui, true),
      out ? null : h("span", { class: "count", "aria-label": ui.t("cards_n", { n: view.hand_counts[seat] }) },
        h("span", { class: "mini-back", "aria-hidden": "true" }), `×${view.hand_counts[seat]}`)),
    known.length ? h("div", { class: "known", title: ui.t("from_pile"), "aria-label": ui.t("from_pile") },
      known.map(miniCard)) : null,
    due ? h("div", { class: "due-tag" }, ui.t("due")) : null);
}

function opponents(view, ui) {
  const n = view.hand_counts.length;
  const seats = [];
  for (let k = 1; k < n; k++) seats.push((ui.viewer + k) % n);
  return h("section", { class: `opponents n${seats.length}`, "aria-label": "players" }, seats.map((s) => seatChip(view, s, ui)));
}

function stopBanner(view, ui) {
  if (view.stopper === null || view.phase === "over") return null;
  return h("div", { class: "stop-banner", role: "status", dataset: { stopper: view.stopper } }, busIcon(),
    h("span", {}, ui.t("stopped_by", { name: ui.seatName(view.stopper) }),
      view.last_turns.length ? ` · ${ui.t("last_turns", { names: joinNames(view.last_turns, ui) })}` : ""));
}

function center(view, ui) {
  const legal = new Set(ui.canAct ? view.legal_actions : []);
  const pile = view.discard_pile;
  const top = pile.length ? pile[pile.length - 1] : null;
  const canStock = legal.has("draw stock");
  const canTake = legal.has("draw discard");
  const stockFace = h("span", { class: "stack", "aria-hidden": "true" }, cardBack(), h("span", { class: "stock-n" }, view.stock_count));
  const stock = canStock
    ? h("button", { type: "button", class: "pile-btn lit", dataset: { action: "draw stock" },
      onclick: () => ui.act("draw stock") }, stockFace, h("span", { class: "sr-only" }, ui.t("draw_stock_aria", { n: view.stock_count })))
    : h("div", { class: "pile-btn", role: "img", "aria-label": ui.t("stock_n", { n: view.stock_count }) }, stockFace);
  const topFace = top ? cardEl(top) : h("div", { class: "card empty", "aria-hidden": "true" });
  const discard = canTake
    ? h("button", { type: "button", class: "pile-btn lit", dataset: { action: "draw discard", card: top }, "aria-label": ui.t("take_discard_aria", { card: cardName(top) }),
      onclick: () => ui.act("draw discard") }, topFace)
    : h("div", { class: "pile-btn", dataset: { card: top ?? "" } }, topFace);
  const slot = (el, cap, lit) => h("div", { class: "pile-slot" }, el, h("span", { class: `pile-cap${lit ? " lit" : ""}` }, cap));
  const stop = legal.has("stop")
    ? h("button", { type: "button", class: "stop-btn", dataset: { action: "stop" }, onclick: () => ui.act("stop") },
      h("span", { class: "stop-main" }, busIcon(), ui.t("stop")), h("small", {}, ui.t("stop_help")))
    : null;
  return h("section", { class: "stb-center" },
    slot(stock, canStock ? ui.t("draw_stock") : ui.t("stock"), canStock),
    slot(discard, canTake ? ui.t("take_discard") : ui.t("discards"), canTake),
    stop);
}

// Every card discarded in this deal is public: the ones under the top card, oldest first.
function pileHistory(view, ui) {
  const below = view.discard_pile.slice(0, -1);
  if (!below.length) return null;
  return h("div", { class: "pile-history", role: "group", "aria-label": ui.t("earlier") },
    h("span", { class: "ph-label" }, `${ui.t("earlier")} (${below.length})`),
    h("div", { class: "ph-cards" }, below.map(miniCard)));
}

function lastMoveText(view, ui) {
  const m = view.last_move;
  if (!m) return view.phase === "over" || view.to_act === null ? "" : ui.t("new_deal", { name: ui.seatName(view.to_act) });
  const name = ui.seatName(m.seat);
  if (m.move === "draw stock") return ui.t("move_draw_stock", { name });
  if (m.move === "draw discard") return ui.t("move_draw_discard", { name, card: short(m.card) });
  if (m.move === "discard") return ui.t("move_discard", { name, card: short(m.card) });
  if (m.move === "stop") return ui.t("move_stop", { name });
  return "";
}

function prompt(view, ui) {
  const me = ui.viewer;
  const box = h("section", { class: "prompt", role: "status" });
  if (view.phase === "over") return box;
  let line;
  if (isOut(view, me)) line = ui.t("you_are_out");
  else if (ui.canAct && view.phase === "turn") line = ui.t(view.stopper === null ? "turn_prompt" : "turn_prompt_last");
  else if (ui.canAct && view.phase === "discard") line = view.taken ? ui.t("discard_prompt_taken", { card: short(view.taken) }) : ui.t("discard_prompt");
  else line = ui.t("waiting_for", { name: ui.seatName(view.to_act) });
  box.append(h("p", { class: ui.canAct ? "your-turn" : "waiting" }, line));
  const last = lastMoveText(view, ui);
  if (last) box.append(h("p", { class: "last-move" }, last));
  return box;
}

function mySeat(view, ui) {
  const me = ui.viewer;
  const wrap = h("section", { class: `me${view.to_act === me ? " to-act" : ""}`, dataset: { seat: me } });
  wrap.append(h("div", { class: "me-top" },
    h("span", { class: "name" }, ui.mode === "hotseat" ? ui.t("hand_of", { name: ui.seatName(me) }) : ui.t("your_hand")),
    me === view.dealer ? h("span", { class: "dealer-tag", title: ui.t("dealer"), "aria-label": ui.t("dealer") }, ui.t("dealer_short")) : null,
    view.stopper === me ? busIcon(ui.t("stopped_by", { name: ui.seatName(me) })) : null,
    livesEl(view, me, ui)));
  if (!view.hand || !view.hand.length) return wrap;
  const { row } = handEl(view.hand, view, ui, { verbs: ["discard"], labels: { hand: ui.t("your_hand") } });
  for (const el of row.children) {
    const code = el.dataset.card;
    if (code === view.drawn) { el.classList.add("drawn"); el.append(h("span", { class: "tag" }, ui.t("drawn"))); }
    if (code === view.taken && view.to_act === me) { el.classList.add("taken"); el.append(h("span", { class: "tag" }, ui.t("taken"))); }
  }
  wrap.append(row);
  if (view.hand_name) wrap.append(h("p", { class: "hand-name", dataset: { hand: view.hand_name } }, handLabel(view.hand_name, ui)));
  return wrap;
}

function rankingHelp(ui) {
  return h("details", { class: "ranking" }, h("summary", {}, ui.t("ranking")), h("p", {}, ui.t("ranking_text")));
}

// ---------------------------------------------------------------- the showdown (end of each deal)
const seen = new Set(); // showdowns the viewer has dismissed
function showdownKey(view, ui) {
  const ls = view.last_showdown;
  return ls ? `${ui.viewer}|${ls.deal}|${ls.summary}|${ls.hands.map((x) => x.cards.join("")).join("/")}` : "";
}

function showdownBody(ls, view, ui) {
  const scores = new Map(ls.scores.map((x) => [x.seat, x]));
  const rows = ls.hands.map((x) => {
    const sc = scores.get(x.seat);
    const loser = ls.losers.includes(x.seat);
    const best = ls.best.includes(x.seat);
    let effect = null;
    if (sc && !ls.void) {
      if (sc.points !== undefined) effect = ui.t("point_delta", { n: sc.points });
      else {
        const parts = [];
        if (sc.lives) parts.push(ui.t(sc.lives === -1 ? "life_delta" : "lives_delta", { n: -sc.lives }));
        parts.push(sc.eliminated ? ui.t("eliminated") : "");
        effect = parts.filter(Boolean).join(" · ");
      }
    }
    return h("li", {
      class: `sd-row${loser ? " loser" : ""}${best ? " best" : ""}`,
      dataset: { seat: x.seat, hand: x.hand, loser: loser ? "1" : "0", best: best ? "1" : "0", delta: sc ? (sc.lives ?? sc.points ?? 0) : 0, eliminated: sc && sc.eliminated ? "1" : "0" },
    },
    h("div", { class: "sd-head" },
      h("span", { class: "name" }, ui.seatName(x.seat)),
      ls.stopper === x.seat ? h("span", { class: "tag stopper" }, busIcon(), ui.t("stopper_tag")) : null,
      ls.blitz === x.seat ? h("span", { class: "tag blitz" }, ui.t("blitz_tag")) : null,
      loser && view.scoring !== "points" ? h("span", { class: "tag worst" }, ui.t("worst")) : null,
      best ? h("span", { class: "tag best" }, ui.t("best")) : null,
      effect ? h("span", { class: "effect" }, effect) : null),
    h("div", { class: "sd-hand" }, h("span", { class: "sd-cards" }, x.cards.map((c) => cardEl(c, { small: true }))),
      h("span", { class: "sd-name" }, handLabel(x.hand, ui))),
    sc && !ls.void ? h("ul", { class: "reasons" }, sc.reasons.map((r) => h("li", {}, reasonLabel(r, ui)))) : null);
  });
  const lines = [];
  if (ls.blitz !== null) {
    const bh = ls.hands.find((x) => x.seat === ls.blitz);
    lines.push(h("p", { class: "sd-blitz" }, ui.t("blitz_line", { name: ui.seatName(ls.blitz), hand: bh ? handLabel(bh.hand, ui) : "" })));
  }
  if (ls.void) lines.push(h("p", { class: "sd-void" }, ui.t("void_line")));
  else if (view.scoring === "points") lines.push(h("p", { class: "sd-line" }, ui.t("best_point_line", { names: joinNames(ls.best, ui) })));
  else lines.push(h("p", { class: "sd-line" }, ui.t("worst_line", { names: joinNames(ls.losers, ui) })));
  return [...lines, h("ol", { class: "sd-rows" }, rows)];
}

function showdownData(ls) {
  return { deal: ls.deal, losers: ls.losers.join(","), best: ls.best.join(","), void: ls.void ? "1" : "0", blitz: ls.blitz ?? "none", stopper: ls.stopper ?? "none" };
}

function showdownSheet(view, ui) {
  const ls = view.last_showdown;
  if (!ls || view.phase === "over") return null;
  const key = showdownKey(view, ui);
  if (seen.has(key)) return null;
  const close = () => { seen.add(key); ui.rerender(); };
  return h("section", { class: "stb-showdown", role: "dialog", "aria-label": ui.t("showdown_title", { n: ls.deal }), dataset: showdownData(ls) },
    h("h2", {}, ui.t("showdown_title", { n: ls.deal })),
    ...showdownBody(ls, view, ui),
    h("button", { type: "button", class: "primary ok", onclick: close }, ui.t("ok")));
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  return h("div", { class: "table stop-the-bus", dataset: { phase: view.phase, deal: view.deal_number, toAct: view.to_act ?? "none" } },
    infoLine(view, ui),
    opponents(view, ui),
    stopBanner(view, ui),
    center(view, ui),
    pileHistory(view, ui),
    prompt(view, ui),
    mySeat(view, ui),
    rankingHelp(ui),
    showdownSheet(view, ui));
}

export function renderResult(view, ui) {
  const r = view.result;
  const ls = view.last_showdown;
  const n = view.hand_counts.length;
  let title;
  let standings;
  const data = { scoring: view.scoring, winner: r.winner ?? "none", deals: r.deals };
  if (view.scoring === "points") {
    data.points = r.points.join(",");
    data.winners = r.winners.join(",");
    title = r.winner === null ? ui.t("joint_winners", { names: joinNames(r.winners, ui) }) : ui.t("winner_is", { name: ui.seatName(r.winner) });
    const order = [...Array(n).keys()].sort((a, b) => r.points[b] - r.points[a] || a - b);
    standings = order.map((s) => h("li", { class: r.winners.includes(s) ? "won" : "", dataset: { seat: s, points: r.points[s] } },
      h("span", { class: "name" }, ui.seatName(s)), h("span", { class: "val" }, ui.t("points_of", { p: r.points[s], target: view.target_points }))));
  } else {
    data.lives = r.lives.join(",");
    data.eliminated = r.eliminated.join(",");
    title = ui.t("winner_is", { name: ui.seatName(r.winner) });
    const lives = r.lives[r.winner];
    standings = [h("li", { class: "won", dataset: { seat: r.winner, place: 1, lives } },
      h("span", { class: "name" }, ui.seatName(r.winner)),
      h("span", { class: "val" }, `${ui.t("place_winner")} · ${lives === 0 ? ui.t("floating") : lives === 1 ? ui.t("life_1") : ui.t("lives_n", { n: lives })}`))];
    [...r.eliminated].reverse().forEach((s, i) => standings.push(h("li", { dataset: { seat: s, place: i + 2, lives: "out" } },
      h("span", { class: "name" }, ui.seatName(s)),
      h("span", { class: "val" }, ui.t("place_out", { k: r.eliminated.indexOf(s) + 1 })))));
  }
  return h("div", { class: "score stb-result", dataset: data },
    h("h2", {}, title),
    h("p", { class: "deals" }, ui.t("after_deals", { n: r.deals })),
    h("h3", {}, ui.t("standings")),
    h("ol", { class: "standings" }, standings),
    ls ? h("section", { class: "final-showdown", dataset: showdownData(ls) },
      h("h3", {}, ui.t("final_showdown", { n: ls.deal })), ...showdownBody(ls, view, ui)) : null);
}
