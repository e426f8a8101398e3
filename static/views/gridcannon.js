// Gridcannon table: draws view(0) from the engine (py/tabletop/games/gridcannon.py).
// A 5x5 board without corners: the 3x3 grid of number-card stacks (g11..g33) with the twelve royal
// slots around it (T1-T3 above, B1-B3 below, L1-L3 left, R1-R3 right). The corners show the deck
// and the royals killed. Above the board: the pending card, what to do now, the ploys (Aces and
// Jokers) and the hint. What is legal comes from view.legal_actions only: the targets of the
// pending card are lit and one tap moves it; a ploy is tapped first, then its lit cell(s).
// The fair hint ("hint") and the after-game answer ("truth") come from the worker (session.py).
import { cardEl, cardName, h } from "../table.js";

export const STRINGS = {
  en: {
    board: "The grid and the royals around it",
    kind_number: "Number card",
    kind_royal: "Royal",
    none_pending: "No card",
    do_setup_royal: "Setup: put the {card} in a lit slot.",
    do_royal: "A royal came up: put the {card} in a lit slot.",
    royal_rule: "Why these slots: a royal goes beside the grid card most like it — same suit and highest, else same colour and highest, else the highest card. The centre has no slot.",
    do_swap: "Setup: you may swap one grid card. Tap it: it goes under the deck and the next number card takes its place. Or keep the grid.",
    no_swap: "No swap",
    do_place: "Put the {card} on a lit cell (empty, or its top card is not higher).",
    kill_mark_help: "⚡ a card put there kills a royal now.",
    do_armour: "The {card} fits on no cell: add it as armour to a lit royal (its value is added to that royal's health), or use a ploy.",
    do_ploy_only: "The deck is empty: use a ploy.",
    do_ace: "Ace: tap a lit cell. Its whole stack goes under the deck.",
    do_joker_from: "Joker: tap the card to move (a lit cell).",
    do_joker_to: "Joker: tap where the {card} goes. It attacks from there.",
    cancel: "Cancel",
    ploys: "Ploys",
    ploys_help: "Tap an Ace or a Joker to use it. Unused ploys are your score if you win.",
    no_ploys: "(none yet)",
    used_ploy: "{name} (used)",
    use_ploy: "Use {name}",
    joker: "Joker",
    queue: "Royals waiting",
    cycle: "Cycled (under the deck once a royal is placed)",
    cycle_short: "Cycled",
    cycle_n: "{n} cards on the cycle pile",
    deck: "Deck",
    deck_n: "{n} cards in the deck",
    known_bottom: "Known at the bottom",
    killed: "Killed",
    killed_n: "Royals killed: {n} of 12",
    hint: "Hint",
    hint_busy: "Thinking…",
    hint_failed: "No hint: {reason}",
    hint_move: "Hint: {move}.",
    hint_why: "It keeps the deal winnable in {wins} of {samples} sampled deck orders.",
    hint_why_none: "None of the {samples} sampled deck orders found a sure win; this move got furthest.",
    hint_others: "All moves compared",
    hint_row: "{move}: wins {wins}/{samples}",
    cell_pos: "row {r}, column {c}",
    slot_T: "above column {n}",
    slot_B: "below column {n}",
    slot_L: "left of row {n}",
    slot_R: "right of row {n}",
    empty_cell: "empty",
    cell_label: "{pos}: {top}",
    cell_label_stack: "{pos}: {top} on top, {n} cards ({cards})",
    cell_empty_label: "{pos}: empty",
    kills_here: "a card put here kills {royals} now",
    empty_slot: "empty slot {pos}",
    needs: "needs",
    both_any: "any",
    both_colour: "both {syms}",
    both_suit: "both {syms}",
    now: "now {n}",
    dead: "dead",
    armour_short: "(+{v})",
    slot_label: "{royal}, {pos}: health {health}. It dies when the two cards between add up to {health} or more{cond}; now {now}. A card on {trigger} attacks it.",
    slot_label_armour: " Armour: {cards} (+{v}).",
    cond_colour_red: " and both are red (♥ ♦)",
    cond_colour_black: " and both are black (♠ ♣)",
    cond_suit: " and both are {suit}",
    ready: " Ready: it dies now.",
    slot_dead_label: "{royal}, {pos}: dead",
    put_here: "put the {card} here",
    armour_here: "add the {card} as armour here",
    swap_here: "swap this card",
    ace_here: "clear this stack with an Ace",
    joker_from_here: "move this card with the Joker",
    joker_to_here: "move the {card} here",
    legend: "Each royal shows its health (with armour added in brackets), the suit both attacking cards need, and the total of the two cards between it and the far edge now. A card put on the far edge attacks it.",
    ev_kill: "{royal} killed: {a} + {b} = {total} (needed {health})",
    ev_ploy: "Ploy drawn: {card}",
    ev_cycle: "No living royal: {cards} drawn to the cycle pile until a royal came",
    ev_cycle_to_bottom: "{cards} went under the deck",
    ev_ace: "Ace: the stack {cards} went under the deck",
    ev_joker: "Joker: {card} moved from {from} to {to}",
    ev_to_bottom: "{card} went to the bottom of the deck",
    mv_royal: "Royal to the slot {pos}",
    mv_swap: "Swap the card at {pos}",
    mv_noswap: "No swap",
    mv_place: "Card onto {pos}",
    mv_armour: "Card as armour to the royal {pos}",
    mv_ace: "Ace: clear the stack at {pos}",
    mv_joker: "Joker: top card of {from} onto {to}",
    hint_royal: "put the {card} in the slot {pos}",
    hint_swap: "swap the {top} at {pos}",
    hint_noswap: "keep the grid (no swap)",
    hint_place: "put the {card} on {top} ({pos})",
    hint_place_empty: "put the {card} on the empty cell {pos}",
    hint_armour: "add the {card} as armour to the {royal} ({pos})",
    hint_ace: "use an Ace on the stack at {pos} (top {top})",
    hint_joker: "use the Joker: move the {top} from {from} to {to}",
    won_title: "You won! All 12 royals are dead",
    lost_title: "Lost",
    reason_all_royals_killed: "All twelve royals were killed.",
    reason_deck_exhausted: "The deck ran out with royals still alive and no ploy left to use.",
    reason_invincible_royal: "A royal's armour made it unkillable (a Jack or Queen above 20, a King above 19).",
    score_line: "Score: {score} (ploys left unused)",
    score_lost: "Score: 0 (a lost deal scores nothing)",
    killed_line: "Royals killed: {n} of 12",
    truth_title: "Was this deal winnable?",
    truth_busy: "Checking the deal…",
    truth_true: "This deal was winnable.",
    truth_false: "This deal was not winnable, whatever the moves.",
    truth_null: "This deal could not be decided within {n} positions.",
    truth_failed: "The deal could not be checked: {reason}",
    truth_note: "Checked with the real deck order, which you could not see while playing.",
    truth_line: "A winning line ({n} moves)",
    watch_line: "Watch the winning line",
    replay_no_truth: "In a replay the deal is not checked again.",
  },
  ja: {
    board: "グリッドと周りの絵札",
    kind_number: "数札",
    kind_royal: "絵札",
    none_pending: "カードなし",
    do_setup_royal: "準備: {card}を光っている枠に置いてください。",
    do_royal: "絵札が出ました: {card}を光っている枠に置いてください。",
    royal_rule: "置ける枠の決まり: 絵札は最も似ているグリッドのカードの隣に置きます。同じスートで一番大きいカード、なければ同じ色で一番大きいカード、なければ一番大きいカードです。中央には枠がありません。",
    do_swap: "準備: グリッドのカードを1枚だけ交換できます。タップしたカードは山札の下へ行き、次の数札が入ります。交換しなくてもかまいません。",
    no_swap: "交換しない",
    do_place: "{card}を光っているマスに置いてください（空きマスか、一番上のカードが{card}以下のマス）。",
    kill_mark_help: "⚡ そこに置くと今すぐ絵札を倒せます。",
    do_armour: "{card}はどのマスにも置けません。光っている絵札に鎧として付けてください（その絵札の体力が増えます）。計略カードを使うこともできます。",
    do_ploy_only: "山札がなくなりました。計略カードを使ってください。",
    do_ace: "エース: 光っているマスをタップ。その山がすべて山札の下へ行きます。",
    do_joker_from: "ジョーカー: 動かすカードのマス（光っているマス）をタップ。",
    do_joker_to: "ジョーカー: {card}の移動先をタップ。移動先から攻撃します。",
    cancel: "やめる",
    ploys: "計略カード",
    ploys_help: "エースやジョーカーをタップして使います。勝ったとき、使わずに残した枚数が得点です。",
    no_ploys: "（まだありません）",
    used_ploy: "{name}（使用済み）",
    use_ploy: "{name}を使う",
    joker: "ジョーカー",
    queue: "置く順番を待つ絵札",
    cycle: "めくった札（絵札を置いたあと山札の下へ）",
    cycle_short: "めくり札",
    cycle_n: "めくった札 {n}枚",
    deck: "山札",
    deck_n: "山札 {n}枚",
    known_bottom: "山札の下にあると分かっている札",
    killed: "撃破",
    killed_n: "倒した絵札: 12枚中{n}枚",
    hint: "ヒント",
    hint_busy: "考え中…",
    hint_failed: "ヒントなし: {reason}",
    hint_move: "ヒント: {move}。",
    hint_why: "山札の並びを{samples}通り試したうち{wins}通りで勝ちの道が残ります。",
    hint_why_none: "山札の並びを{samples}通り試しましたが、確実に勝てる並びはありませんでした。この手が一番先まで進めました。",
    hint_others: "すべての手の比較",
    hint_row: "{move}: {samples}通り中{wins}勝",
    cell_pos: "{r}行{c}列",
    slot_T: "{n}列目の上",
    slot_B: "{n}列目の下",
    slot_L: "{n}行目の左",
    slot_R: "{n}行目の右",
    empty_cell: "空き",
    cell_label: "{pos}: {top}",
    cell_label_stack: "{pos}: 一番上は{top}、{n}枚（{cards}）",
    cell_empty_label: "{pos}: 空き",
    kills_here: "ここに置くと今すぐ{royals}を倒せます",
    empty_slot: "空いている枠（{pos}）",
    needs: "体力",
    both_any: "スート不問",
    both_colour: "両方{syms}",
    both_suit: "両方{syms}",
    now: "現在{n}",
    dead: "撃破",
    armour_short: "鎧+{v}",
    slot_label: "{royal}（{pos}）: 体力{health}。間の2枚の合計が{health}以上{cond}で倒れます。現在{now}。{trigger}に置いたカードがこの絵札を攻撃します。",
    slot_label_armour: " 鎧: {cards}（+{v}）。",
    cond_colour_red: "、かつ2枚とも赤（♥ ♦）",
    cond_colour_black: "、かつ2枚とも黒（♠ ♣）",
    cond_suit: "、かつ2枚とも{suit}",
    ready: " 今すぐ倒せます。",
    slot_dead_label: "{royal}（{pos}）: 撃破済み",
    put_here: "{card}をここに置く",
    armour_here: "{card}をここに鎧として付ける",
    swap_here: "このカードを交換する",
    ace_here: "エースでこの山を取り除く",
    joker_from_here: "ジョーカーでこのカードを動かす",
    joker_to_here: "{card}をここへ動かす",
    legend: "絵札の表示: 体力（「鎧+n」は鎧で増えた分）、攻撃する2枚に必要なスート、反対側の端との間にある2枚の今の合計。反対側の端にカードを置くと、その絵札を攻撃します。",
    ev_kill: "{royal}を撃破: {a} + {b} = {total}（必要 {health}）",
    ev_ploy: "計略カードを獲得: {card}",
    ev_cycle: "生きている絵札がないため、絵札が出るまで{cards}をめくりました",
    ev_cycle_to_bottom: "{cards}を山札の下へ",
    ev_ace: "エース: {cards}の山を山札の下へ",
    ev_joker: "ジョーカー: {card}を{from}から{to}へ",
    ev_to_bottom: "{card}を山札の一番下へ",
    mv_royal: "絵札を{pos}の枠へ",
    mv_swap: "{pos}のカードを交換",
    mv_noswap: "交換しない",
    mv_place: "{pos}に置く",
    mv_armour: "{pos}の絵札に鎧として付ける",
    mv_ace: "エース: {pos}の山を取り除く",
    mv_joker: "ジョーカー: {from}の一番上を{to}へ",
    hint_royal: "{card}を{pos}の枠に置く",
    hint_swap: "{pos}の{top}を交換する",
    hint_noswap: "交換しない",
    hint_place: "{card}を{top}の上に置く（{pos}）",
    hint_place_empty: "{card}を空きマス（{pos}）に置く",
    hint_armour: "{card}を{royal}（{pos}）に鎧として付ける",
    hint_ace: "エースで{pos}の山（一番上は{top}）を取り除く",
    hint_joker: "ジョーカーで{top}を{from}から{to}へ動かす",
    won_title: "勝ち！ 12枚の絵札をすべて倒しました",
    lost_title: "負け",
    reason_all_royals_killed: "12枚の絵札をすべて倒しました。",
    reason_deck_exhausted: "絵札が残ったまま山札がなくなり、使える計略カードもありませんでした。",
    reason_invincible_royal: "鎧が付きすぎて倒せない絵札ができました（JかQは体力20超、Kは19超）。",
    score_line: "得点: {score}（使わずに残した計略カード）",
    score_lost: "得点: 0（負けた配札は0点）",
    killed_line: "倒した絵札: 12枚中{n}枚",
    truth_title: "この配札は勝てた？",
    truth_busy: "配札を調べています…",
    truth_true: "この配札は勝てました。",
    truth_false: "この配札は、どう指しても勝てませんでした。",
    truth_null: "{n}局面まで調べても、勝てるかどうか決まりませんでした。",
    truth_failed: "配札を調べられませんでした: {reason}",
    truth_note: "プレイ中は見えなかった山札の本当の並びで調べています。",
    truth_line: "勝てる手順（{n}手）",
    watch_line: "勝てる手順をリプレイで見る",
    replay_no_truth: "リプレイでは配札を調べ直しません。",
  },
};

// ---------------------------------------------------------------- once: strings and stylesheet
(function once() {
  if (typeof document === "undefined") return;
  window.__views = { ...(window.__views || {}), gridcannon: { STRINGS } };
  if (document.getElementById("gridcannon-css")) return;
  document.head.append(h("link", { id: "gridcannon-css", rel: "stylesheet", href: new URL("./gridcannon.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- small helpers
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = { en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }, ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" } };
const isJoker = (code) => /^JK\d$/.test(code);
const isAce = (code) => code && code[0] === "A";
const call = (ui, ...args) => (ui.call ? ui.call(...args) : window.tabletop.call(...args));

// "5♥", "10♠", "Joker": short names for sentences.
function short(code, ui) {
  if (!code) return "";
  if (isJoker(code)) return ui.t("joker");
  return `${code[0] === "T" ? "10" : code[0]}${SUIT_SYMBOL[code[1]] || code[1]}`;
}
const shortList = (cards, ui) => cards.map((c) => short(c, ui)).join(" ");
const ployName = (code, ui) => (isJoker(code) ? ui.t("joker") : cardName(code));

function cellPos(cell, ui) {
  return ui.t("cell_pos", { r: cell[1], c: cell[2] });
}
function slotPos(slot, ui) {
  return ui.t(`slot_${slot[0]}`, { n: slot[1] });
}

// A face for any code of this game: a standard card through cardEl, a Joker with its own face.
function face(code, opts = {}, ui = null) {
  if (!isJoker(code)) return cardEl(code, opts);
  const name = ui ? ui.t("joker") : "Joker";
  const classes = ["card", "joker"];
  if (opts.lit) classes.push("lit");
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  if (opts.dim) classes.push("dim");
  const button = !!opts.onclick;
  return h(button ? "button" : "div", {
    class: classes.join(" "), dataset: { card: code },
    role: button ? null : "img", "aria-label": button ? null : name,
    type: button ? "button" : null, onclick: opts.onclick || null,
    disabled: button && !opts.lit && !opts.selected ? true : null,
  },
  h("span", { class: "rank", "aria-hidden": "true" }, "★"),
  h("span", { class: "suit jk", "aria-hidden": "true" }, "JKR"),
  button ? h("span", { class: "sr-only" }, name) : null);
}

// A short stable hash of a string (the position key goes into a data attribute).
function hash(text) {
  let x = 5381;
  for (let i = 0; i < text.length; i++) x = ((x * 33) ^ text.charCodeAt(i)) >>> 0;
  return x.toString(36);
}

function positionKey(view) {
  return hash(JSON.stringify([view.phase, view.current, view.grid, view.slots.map((s) => [s.slot, s.royal, s.armour, s.dead]),
    view.ploys, view.used_ploys, view.deck_count, view.queue, view.cycle, view.known_bottom, view.legal_actions]));
}

function gameKey(view) {
  return hash(JSON.stringify([view.result, view.grid, view.slots.map((s) => [s.slot, s.royal, s.armour, s.dead]),
    view.ploys, view.used_ploys, view.deck_count, view.known_bottom, view.cycle]));
}

// Legal actions of the current position, split by verb: {place: Set(cells), ace: Set(cells), joker: [[f, t]], ...}.
function legalParts(view) {
  const out = { royal: new Set(), armour: new Set(), place: new Set(), swap: new Set(), ace: new Set(), joker: [], noswap: false };
  for (const action of view.legal_actions || []) {
    const [verb, ...args] = action.split(" ");
    if (verb === "joker") out.joker.push(args);
    else if (verb === "noswap") out.noswap = true;
    else if (out[verb]) out[verb].add(args[0]);
  }
  return out;
}

// ---------------------------------------------------------------- ploy selection and hint (cached per position)
let ploySel = { key: null, kind: null, from: null }; // tap an Ace / the Joker, then the lit cell(s)
let hintState = { key: null, busy: false, res: null };

function selection(key) {
  return ploySel.key === key ? ploySel : { key, kind: null, from: null };
}
function setSelection(key, kind, from, ui) {
  ploySel = { key, kind, from };
  ui.rerender();
}

async function askHint(view, ui, key) {
  hintState = { key, busy: true, res: null };
  ui.rerender();
  let res;
  try {
    res = await call(ui, "hint", ui.viewer);
  } catch (err) {
    res = { ok: false, error: String(err) };
  }
  if (hintState.key !== key) return;
  hintState = { key, busy: false, res };
  // Redraw only if the table still shows this position (a move may have been made meanwhile).
  const table = document.querySelector(".table.gridcannon");
  if (table && table.dataset.pos === key) ui.rerender();
}

// The hinted move in words, from what the view shows.
function describeHint(action, view, ui) {
  const [verb, a, b] = action.split(" ");
  const card = short(view.current, ui);
  const top = (cell) => short(view.grid_tops[cell], ui);
  const royalAt = (slot) => short((view.slots.find((s) => s.slot === slot) || {}).royal, ui);
  switch (verb) {
    case "royal": return ui.t("hint_royal", { card, pos: slotPos(a, ui) });
    case "swap": return ui.t("hint_swap", { top: top(a), pos: cellPos(a, ui) });
    case "noswap": return ui.t("hint_noswap");
    case "place": return view.grid_tops[a] ? ui.t("hint_place", { card, top: top(a), pos: cellPos(a, ui) })
      : ui.t("hint_place_empty", { card, pos: cellPos(a, ui) });
    case "armour": return ui.t("hint_armour", { card, royal: royalAt(a), pos: slotPos(a, ui) });
    case "ace": return ui.t("hint_ace", { pos: cellPos(a, ui), top: top(a) });
    case "joker": return ui.t("hint_joker", { top: top(a), from: cellPos(a, ui), to: cellPos(b, ui) });
    default: return action;
  }
}

// A move of a line from the deal's start, in words, led by the card it moves when there is one
// (truth.line_cards: the pending card before each move).
function describeMove(action, ui, card = null) {
  const words = describeMoveOnly(action, ui);
  const [verb] = action.split(" ");
  return card && ["royal", "place", "armour"].includes(verb) ? `${short(card, ui)}: ${words}` : words;
}

function describeMoveOnly(action, ui) {
  const [verb, a, b] = action.split(" ");
  switch (verb) {
    case "royal": return ui.t("mv_royal", { pos: slotPos(a, ui) });
    case "swap": return ui.t("mv_swap", { pos: cellPos(a, ui) });
    case "noswap": return ui.t("mv_noswap");
    case "place": return ui.t("mv_place", { pos: cellPos(a, ui) });
    case "armour": return ui.t("mv_armour", { pos: slotPos(a, ui) });
    case "ace": return ui.t("mv_ace", { pos: cellPos(a, ui) });
    case "joker": return ui.t("mv_joker", { from: cellPos(a, ui), to: cellPos(b, ui) });
    default: return action;
  }
}

// Cells / slots / buttons the hinted action points at.
function hintTargets(action) {
  const out = { cells: new Set(), slots: new Set(), ploy: null, noswap: false };
  if (!action) return out;
  const [verb, a, b] = action.split(" ");
  if (verb === "royal" || verb === "armour") out.slots.add(a);
  else if (verb === "place" || verb === "swap") out.cells.add(a);
  else if (verb === "ace") { out.cells.add(a); out.ploy = "A"; }
  else if (verb === "joker") { out.cells.add(a); out.cells.add(b); out.ploy = "J"; }
  else if (verb === "noswap") out.noswap = true;
  return out;
}

// ---------------------------------------------------------------- the status line (what the last action caused)
function eventsText(view, ui) {
  const parts = [];
  const cycled = [];
  for (const e of view.events || []) {
    if (e.event === "kill") {
      parts.push(ui.t("ev_kill", { royal: short(e.royal, ui), a: e.cards[0] ? short(e.cards[0], ui) : "0", b: e.cards[1] ? short(e.cards[1], ui) : "0", total: e.total, health: e.health }));
    } else if (e.event === "ploy") parts.push(ui.t("ev_ploy", { card: short(e.card, ui) }));
    else if (e.event === "cycle") cycled.push(e.card);
    else if (e.event === "cycle_to_bottom") parts.push(ui.t("ev_cycle_to_bottom", { cards: shortList(e.cards, ui) }));
    else if (e.event === "ace") parts.push(ui.t("ev_ace", { cards: shortList(e.cards, ui) }));
    else if (e.event === "joker") parts.push(ui.t("ev_joker", { card: short(e.card, ui), from: cellPos(e.from, ui), to: cellPos(e.to, ui) }));
    else if (e.event === "to_bottom") parts.push(ui.t("ev_to_bottom", { card: short(e.card, ui) }));
  }
  if (cycled.length) parts.push(ui.t("ev_cycle", { cards: shortList(cycled, ui) }));
  return parts.join(" · ");
}

// ---------------------------------------------------------------- board parts
function cellEl(view, cell, ctx) {
  const { ui, legal, sel, hinted, canAct, kills } = ctx;
  const stack = view.grid[cell] || [];
  const top = stack.length ? stack[stack.length - 1] : null;
  const pos = cellPos(cell, ui);
  const cur = short(view.current, ui);
  // What a tap does here, and whether it is a lit (legal) target.
  let action = null;
  let lit = false;
  let onSelect = null;
  let what = "";
  if (canAct) {
    if (sel.kind === "ace") {
      action = `ace ${cell}`;
      lit = legal.ace.has(cell);
      what = ui.t("ace_here");
    } else if (sel.kind === "joker" && !sel.from) {
      if (legal.joker.some(([f]) => f === cell)) {
        lit = true;
        what = ui.t("joker_from_here");
        onSelect = () => setSelection(ctx.key, "joker", cell, ui);
      }
    } else if (sel.kind === "joker") {
      if (cell === sel.from) {
        onSelect = () => setSelection(ctx.key, "joker", null, ui); // tap again: choose another card
      } else if (legal.joker.some(([f, t]) => f === sel.from && t === cell)) {
        action = `joker ${sel.from} ${cell}`;
        lit = true;
        what = ui.t("joker_to_here", { card: short(view.grid_tops[sel.from], ui) });
      }
    } else if (legal.swap.size) {
      action = `swap ${cell}`;
      lit = legal.swap.has(cell);
      what = ui.t("swap_here");
    } else if (view.current_kind === "number" && view.phase === "play") {
      // Every cell can be tapped: an unlit one is refused by the engine with its reason.
      action = `place ${cell}`;
      lit = legal.place.has(cell);
      what = ui.t("put_here", { card: cur });
    }
  }
  const killsHere = kills.get(cell);
  const selected = sel.kind === "joker" && sel.from === cell;
  const classes = ["gc-cell", lit ? "lit" : "", selected ? "selected" : "", !top ? "empty" : "",
    action && !lit ? "unlit" : "", hinted.cells.has(cell) ? "hint" : ""].filter(Boolean).join(" ");
  const label = top ? (stack.length > 1
    ? ui.t("cell_label_stack", { pos, top: cardName(top), n: stack.length, cards: shortList(stack, ui) })
    : ui.t("cell_label", { pos, top: cardName(top) })) : ui.t("cell_empty_label", { pos });
  const inner = [
    top ? face(top, {}, ui) : h("div", { class: "card empty", "aria-hidden": "true" }, h("span", { class: "empty-word" }, ui.t("empty_cell"))),
    stack.length > 1 ? h("span", { class: "count", "aria-hidden": "true" }, `×${stack.length}`) : null,
    killsHere ? h("span", { class: "kill-mark", "aria-hidden": "true" }, "⚡") : null,
  ];
  const full = [label, killsHere ? ui.t("kills_here", { royals: killsHere.join(", ") }) : "", what].filter(Boolean).join(" — ");
  const data = { cell, height: stack.length, top: top || "" };
  if (hinted.cells.has(cell)) data.hint = "1";
  if (action || onSelect) {
    if (action) data.action = action;
    return h("button", {
      type: "button", class: classes, dataset: data,
      onclick: onSelect || (() => { ploySel = { key: null, kind: null, from: null }; ui.act(action); }),
    }, hideFaces(inner), h("span", { class: "sr-only" }, full));
  }
  return h("div", { class: classes, dataset: data, role: "group", "aria-label": full }, inner);
}

// Inside a button the hidden text names the target; the faces it shows are pictures only.
function hideFaces(nodes) {
  for (const node of nodes) {
    if (!node) continue;
    if (node.classList && node.classList.contains("card")) node.setAttribute("aria-hidden", "true");
    if (node.querySelectorAll) for (const c of node.querySelectorAll(".card")) c.setAttribute("aria-hidden", "true");
  }
  return nodes;
}

// The kill condition in brief: "both ♠" (a King: its suit), "both ♥♦" (a Queen: its colour), "any" (a Jack).
function condition(slot, ui) {
  const kind = slot.royal[0];
  const suit = slot.royal[1];
  const syms = (suits) => {
    // "both {syms}" with one span per suit symbol, so the four-colour deck colours each.
    const [before, after] = ui.t(kind === "Q" ? "both_colour" : "both_suit", { syms: "\u0000" }).split("\u0000");
    return [before, ...suits.map((x) => h("span", { class: `sym suit-${x}` }, SUIT_SYMBOL[x])), after];
  };
  if (kind === "J") return { parts: [ui.t("both_any")], cls: "any", sr: "" };
  if (kind === "Q") {
    const red = suit === "H" || suit === "D";
    return { parts: syms(red ? ["H", "D"] : ["S", "C"]), cls: red ? "red" : "black", sr: ui.t(red ? "cond_colour_red" : "cond_colour_black") };
  }
  return { parts: syms([suit]), cls: `suit-${suit}`, sr: ui.t("cond_suit", { suit: (SUIT_WORD[ui.lang] || SUIT_WORD.en)[suit] }) };
}

function slotEl(view, slot, ctx) {
  const { ui, legal, sel, hinted, canAct } = ctx;
  const pos = slotPos(slot.slot, ui);
  const cur = short(view.current, ui);
  let action = null;
  let lit = false;
  let what = "";
  if (canAct && !sel.kind) {
    if (legal.royal.size && !slot.royal) {
      action = `royal ${slot.slot}`;
      lit = legal.royal.has(slot.slot);
      what = ui.t("put_here", { card: cur });
    } else if (legal.armour.size && slot.royal && !slot.dead) {
      action = `armour ${slot.slot}`;
      lit = legal.armour.has(slot.slot);
      what = ui.t("armour_here", { card: cur });
    }
  }
  const a = slot.attack;
  const ready = !!(slot.royal && !slot.dead && a.ready);
  const classes = ["gc-slot", `side-${slot.slot[0]}`, slot.royal ? "" : "free", slot.dead ? "dead" : "", ready ? "ready" : "",
    lit ? "lit" : "", action && !lit ? "unlit" : "", hinted.slots.has(slot.slot) ? "hint" : ""].filter(Boolean).join(" ");
  let inner;
  let label;
  if (!slot.royal) {
    inner = [lit ? h("span", { class: "drop", "aria-hidden": "true" }, "＋") : h("span", { class: "free-mark", "aria-hidden": "true" }, "·")];
    label = ui.t("empty_slot", { pos });
  } else if (slot.dead) {
    inner = [h("div", { class: "royal-row" }, face(slot.royal, { small: true }, ui), h("span", { class: "dead-word", "aria-hidden": "true" }, ui.t("dead")))];
    label = ui.t("slot_dead_label", { royal: cardName(slot.royal), pos });
  } else {
    const cond = condition(slot, ui);
    const armourValue = slot.health - { J: 11, Q: 12, K: 13 }[slot.royal[0]];
    inner = [
      h("div", { class: "royal-row" }, face(slot.royal, { small: true }, ui),
        h("span", { class: "hp", "aria-hidden": "true" }, h("small", {}, ui.t("needs")), h("b", {}, String(slot.health)),
          slot.armour.length ? h("small", { class: "armour" }, ui.t("armour_short", { v: armourValue })) : null)),
      h("span", { class: `cond ${cond.cls}`, "aria-hidden": "true" }, cond.parts),
      h("span", { class: "now", "aria-hidden": "true" }, ui.t("now", { n: a.now }), ready ? " ✓" : ""),
    ];
    label = ui.t("slot_label", {
      royal: cardName(slot.royal), pos, health: slot.health, cond: cond.sr, now: a.now, trigger: cellPos(a.from, ui),
    }) + (slot.armour.length ? ui.t("slot_label_armour", { cards: shortList(slot.armour, ui), v: armourValue }) : "")
      + (ready ? ui.t("ready") : "");
  }
  const full = [label, what].filter(Boolean).join(" — ");
  const data = { slot: slot.slot, royal: slot.royal || "", dead: slot.dead ? "1" : "0", health: slot.health ?? "" };
  if (hinted.slots.has(slot.slot)) data.hint = "1";
  if (action) {
    data.action = action;
    return h("button", { type: "button", class: classes, dataset: data, onclick: () => ui.act(action) },
      hideFaces(inner), h("span", { class: "sr-only" }, full));
  }
  return h("div", { class: classes, dataset: data, role: "group", "aria-label": full }, inner);
}

function board(view, ctx) {
  const { ui } = ctx;
  const slot = (name) => slotEl(view, view.slots.find((s) => s.slot === name), ctx);
  const cell = (name) => cellEl(view, name, ctx);
  const corner = (cls, ...children) => h("div", { class: `gc-corner ${cls}` }, ...children);
  const deck = corner("deck", h("div", { class: "card back small", "aria-hidden": "true" }),
    h("span", { class: "corner-text", "aria-hidden": "true" }, h("b", {}, String(view.deck_count))),
    h("span", { class: "corner-label", "aria-hidden": "true" }, ui.t("deck")),
    h("span", { class: "sr-only" }, ui.t("deck_n", { n: view.deck_count })));
  const killed = corner("killed", h("span", { class: "crown", "aria-hidden": "true" }, "♛"),
    h("span", { class: "corner-text", "aria-hidden": "true" }, h("b", {}, `${view.royals_killed}`), "/12"),
    h("span", { class: "corner-label", "aria-hidden": "true" }, ui.t("killed")),
    h("span", { class: "sr-only" }, ui.t("killed_n", { n: view.royals_killed })));
  const cycle = view.cycle.length ? corner("cycled", h("span", { class: "corner-label", "aria-hidden": "true" }, ui.t("cycle_short")),
    h("b", { "aria-hidden": "true" }, String(view.cycle.length)), h("span", { class: "sr-only" }, ui.t("cycle_n", { n: view.cycle.length }))) : corner("blank");
  const used = corner("blank");
  return h("div", { class: "gc-board", role: "group", "aria-label": ui.t("board") },
    deck, slot("T1"), slot("T2"), slot("T3"), killed,
    slot("L1"), cell("g11"), cell("g12"), cell("g13"), slot("R1"),
    slot("L2"), cell("g21"), cell("g22"), cell("g23"), slot("R2"),
    slot("L3"), cell("g31"), cell("g32"), cell("g33"), slot("R3"),
    cycle, slot("B1"), slot("B2"), slot("B3"), used);
}

// The pending card, what to do now, the ploys, Cancel / No swap and the hint.
function panel(view, ctx) {
  const { ui, legal, sel, hinted, canAct, key } = ctx;
  const cur = view.current;
  const curShort = short(cur, ui);
  const lines = [];
  if (canAct) {
    if (sel.kind === "ace") lines.push(ui.t("do_ace"));
    else if (sel.kind === "joker" && !sel.from) lines.push(ui.t("do_joker_from"));
    else if (sel.kind === "joker") lines.push(ui.t("do_joker_to", { card: short(view.grid_tops[sel.from], ui) }));
    else if (view.phase === "swap") lines.push(ui.t("do_swap"));
    else if (legal.royal.size) lines.push(ui.t(view.phase === "setup_royal" ? "do_setup_royal" : "do_royal", { card: curShort }));
    else if (legal.place.size) lines.push(ui.t("do_place", { card: curShort }));
    else if (legal.armour.size) lines.push(ui.t("do_armour", { card: curShort }));
    else if (!cur && (legal.ace.size || legal.joker.length)) lines.push(ui.t("do_ploy_only"));
  }
  const pending = h("div", { class: "gc-pending", dataset: { current: cur || "" } },
    cur ? face(cur, { lit: false }, ui) : h("div", { class: "card empty", "aria-hidden": "true" }),
    h("span", { class: "kind" }, cur ? ui.t(`kind_${view.current_kind}`) : ui.t("none_pending")));
  const say = h("div", { class: "gc-say" },
    lines.map((text) => h("p", { class: "gc-prompt" }, text)),
    canAct && !sel.kind && legal.royal.size ? h("p", { class: "gc-rule" }, ui.t("royal_rule")) : null,
    canAct && !sel.kind && legal.place.size && ctx.kills.size ? h("p", { class: "gc-rule" }, ui.t("kill_mark_help")) : null);

  // Ploys: the unused ones are buttons when their verb is legal now; the used ones are dimmed.
  const aceOk = canAct && legal.ace.size > 0;
  const jokerOk = canAct && legal.joker.length > 0;
  const ploys = h("div", { class: "gc-ploys", role: "group", "aria-label": ui.t("ploys") },
    h("span", { class: "label" }, ui.t("ploys")),
    view.ploys.map((code) => {
      const kind = isJoker(code) ? "joker" : "ace";
      const chosen = sel.kind === kind;
      // While one ploy is being used, the other kind waits (Cancel first): only one thing glows.
      const ok = (isJoker(code) ? jokerOk : aceOk) && (!sel.kind || chosen);
      const el = face(code, {
        small: true, lit: ok && !chosen, selected: chosen,
        onclick: ok ? () => setSelection(key, chosen ? null : kind, null, ui) : null,
      }, ui);
      el.dataset.ploy = code;
      if (ok) el.setAttribute("aria-pressed", String(chosen));
      if (ok && !el.querySelector(".sr-only")) el.append(h("span", { class: "sr-only" }, ui.t("use_ploy", { name: ployName(code, ui) })));
      if ((hinted.ploy === "A" && isAce(code)) || (hinted.ploy === "J" && isJoker(code))) {
        el.classList.add("hint");
        el.dataset.hint = "1";
      }
      return el;
    }),
    view.used_ploys.map((code) => h("div", {
      class: "card back small used", role: "img", dataset: { card: code },
      "aria-label": ui.t("used_ploy", { name: ployName(code, ui) }),
    }, h("span", { class: "used-mark", "aria-hidden": "true" }, isJoker(code) ? "★" : "A"))),
    !view.ploys.length && !view.used_ploys.length ? h("span", { class: "none" }, ui.t("no_ploys")) : null);

  const buttons = h("div", { class: "gc-buttons" });
  if (canAct && sel.kind) {
    buttons.append(h("button", { type: "button", class: "cancel", onclick: () => setSelection(key, null, null, ui) }, ui.t("cancel")));
  }
  if (canAct && legal.noswap && !sel.kind) {
    buttons.append(h("button", {
      type: "button", class: `noswap lit${hinted.noswap ? " hint" : ""}`, dataset: { action: "noswap", ...(hinted.noswap ? { hint: "1" } : {}) },
      onclick: () => ui.act("noswap"),
    }, ui.t("no_swap")));
  }
  let hintBar = null;
  if (canAct && view.legal_actions.length) {
    const mine = hintState.key === key ? hintState : null;
    buttons.append(h("button", {
      type: "button", class: "hint-button", disabled: mine && mine.busy ? true : null,
      onclick: () => askHint(view, ui, key),
    }, mine && mine.busy ? ui.t("hint_busy") : ui.t("hint")));
    hintBar = hintText(view, ui, mine);
  }
  const queue = view.queue.length ? h("div", { class: "gc-queue" }, h("span", { class: "label" }, ui.t("queue")),
    view.queue.map((c) => face(c, { small: true }, ui))) : null;
  return h("section", { class: "gc-panel" },
    h("div", { class: "gc-top" }, cur || view.phase === "play" ? pending : null, say),
    h("div", { class: "gc-row" }, ploys, buttons),
    queue, hintBar);
}

function hintText(view, ui, mine) {
  const box = h("div", { class: "hint-text", role: "status" });
  const wrap = h("div", { class: "hint-bar" }, box);
  if (!mine || mine.busy) {
    if (mine && mine.busy) box.append(ui.t("hint_busy"));
    return wrap;
  }
  const res = mine.res;
  if (!res || !res.ok || !res.actions || !res.actions.length) {
    box.append(ui.t("hint_failed", { reason: res && res.error ? res.error : "—" }));
    return wrap;
  }
  const best = res.actions[0];
  const figures = res.figures || [];
  const mineFig = figures.find((f) => f.action === best) || { wins: 0 };
  const samples = res.samples || 0;
  box.dataset.action = best;
  box.append(h("b", {}, ui.t("hint_move", { move: describeHint(best, view, ui) })), " ",
    mineFig.wins > 0 ? ui.t("hint_why", { wins: mineFig.wins, samples }) : ui.t("hint_why_none", { samples }));
  if (figures.length > 1) {
    const rows = [...figures].sort((x, y) => y.wins - x.wins || y.progress - x.progress);
    wrap.append(h("details", { class: "hint-figures" }, h("summary", {}, ui.t("hint_others")),
      h("ul", {}, rows.map((f) => h("li", { class: f.action === best ? "best" : "" },
        ui.t("hint_row", { move: describeHint(f.action, view, ui), wins: f.wins, samples }))))));
  }
  return wrap;
}

function info(view, ui) {
  const parts = [];
  if (view.cycle.length) {
    parts.push(h("div", { class: "gc-line" }, h("span", { class: "label" }, ui.t("cycle")), view.cycle.map((c) => face(c, { small: true }, ui))));
  }
  parts.push(h("div", { class: "gc-line" }, h("span", { class: "label" }, ui.t("deck_n", { n: view.deck_count })),
    view.known_bottom.length ? h("span", { class: "label" }, `· ${ui.t("known_bottom")}:`) : null,
    view.known_bottom.map((c) => face(c, { small: true }, ui))));
  return h("section", { class: "gc-info" }, parts);
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const key = positionKey(view);
  const canAct = !!ui.canAct && view.phase !== "over" && (view.legal_actions || []).length > 0;
  const legal = legalParts(view);
  const sel = canAct ? selection(key) : { kind: null, from: null };
  const mine = hintState.key === key && hintState.res && hintState.res.ok ? hintState.res : null;
  const hinted = hintTargets(mine && mine.actions ? mine.actions[0] : null);
  // Cells where a card put now kills a living royal (from the engine's attack.ready flags).
  const kills = new Map();
  for (const s of view.slots) {
    if (s.royal && !s.dead && s.attack.ready) {
      if (!kills.has(s.attack.from)) kills.set(s.attack.from, []);
      kills.get(s.attack.from).push(short(s.royal, ui));
    }
  }
  const ctx = { ui, legal, sel, hinted, canAct, kills, key };
  const said = eventsText(view, ui);
  return h("div", {
    class: `table gridcannon${sel.kind ? ` choosing-${sel.kind}` : ""}`,
    dataset: { phase: view.phase, pos: key, current: view.current || "", killed: view.royals_killed, deck: view.deck_count, ploy: sel.kind || "" },
  },
  panel(view, ctx),
  h("p", { class: "gc-status", role: "status" }, said),
  board(view, ctx),
  info(view, ui),
  h("p", { class: "help" }, ui.t("legend"), " ", ui.t("ploys_help")));
}

// ---------------------------------------------------------------- end of game: result and the truth
const truths = new Map(); // game key -> {result, promise}

function requestTruth(key, ui) {
  let entry = truths.get(key);
  if (!entry) {
    entry = {};
    entry.promise = Promise.resolve().then(() => call(ui, "truth")).then((r) => { entry.result = r; return r; },
      (err) => { entry.result = { ok: false, error: String(err) }; return entry.result; });
    truths.set(key, entry);
    while (truths.size > 8) truths.delete(truths.keys().next().value);
  }
  return entry;
}

function truthBox(view, ui) {
  const box = h("div", { class: "truth", role: "status", dataset: { winnable: "pending" } },
    h("h3", {}, ui.t("truth_title")), h("p", {}, ui.t("truth_busy")));
  if (ui.mode === "replay") {
    box.dataset.winnable = "skipped";
    box.replaceChildren(h("p", {}, ui.t("replay_no_truth")));
    return box;
  }
  const fill = (res) => {
    if (!res.ok) {
      box.dataset.winnable = "unknown";
      box.dataset.failed = "1";
      box.replaceChildren(h("h3", {}, ui.t("truth_title")), h("p", {}, ui.t("truth_failed", { reason: res.error })));
      return;
    }
    const tr = res.truth;
    const state = tr.winnable === true ? "true" : tr.winnable === false ? "false" : "unknown";
    box.dataset.winnable = state;
    box.dataset.nodes = tr.nodes;
    const parts = [h("h3", {}, ui.t("truth_title")),
      h("p", { class: "verdict" }, state === "true" ? ui.t("truth_true") : state === "false" ? ui.t("truth_false") : ui.t("truth_null", { n: tr.node_limit })),
      h("p", { class: "note" }, ui.t("truth_note"))];
    if (state === "true" && tr.line && tr.line.length) {
      box.dataset.line = tr.line.join(",");
      const list = h("ol", { class: "line" }, tr.line.map((a, i) => h("li", { dataset: { action: a } }, describeMove(a, ui, (tr.line_cards || [])[i]))));
      parts.push(tr.line.length > 8
        ? h("details", { class: "line-box" }, h("summary", {}, ui.t("truth_line", { n: tr.line.length })), list)
        : h("div", { class: "line-box" }, h("p", {}, ui.t("truth_line", { n: tr.line.length })), list));
      const href = ui.replayHref ? ui.replayHref(tr.line) : null;
      if (href) parts.push(h("a", { class: "button primary watch", href }, ui.t("watch_line")));
    }
    box.replaceChildren(...parts);
  };
  const entry = requestTruth(gameKey(view), ui);
  if (entry.result) fill(entry.result);
  else entry.promise.then(fill);
  return box;
}

export function renderResult(view, ui) {
  const r = view.result;
  return h("div", {
    class: "score gridcannon-result",
    dataset: { won: String(!!r.won), score: r.score, royalsKilled: r.royals_killed, ploysUnused: r.ploys_unused, reason: r.reason },
  },
  h("h2", {}, r.won ? ui.t("won_title") : ui.t("lost_title")),
  h("p", { class: "reason" }, ui.t(`reason_${r.reason}`)),
  h("p", { class: "figures" }, h("span", {}, ui.t("killed_line", { n: r.royals_killed })), " · ", h("b", {}, r.won ? ui.t("score_line", { score: r.score }) : ui.t("score_lost"))),
  truthBox(view, ui));
}
