// Hold My Beer table: draws view(seat) from the engine (py/tabletop/games/hold_my_beer.py).
// Three seats with a 54-card tarot pack: the two other seats as chips (cards in hand, live card
// points, game points, prediction), the talon, the trick (or the last one taken), the phase's
// choice at the moment it arises (talon discard, secret prediction, the 21's take/scrap, the
// bird's exchange with the talon), the hand, and the last game's score with its reasons.
// Tarot faces are drawn here (table.js draws a 52-card deck only). What is legal comes only from
// view.legal_actions.
import { actionsByVerb, arrowKeys, cardBack, h } from "../table.js";

export const STRINGS = {
  en: {
    option_target_points: "Target: the match ends at once when someone has this many game points (1–999)",
    option_max_games: "Games in the match: it ends after this many games (1 = shortest)",
    option_talon_face_up: "Talon face up (the talon and the bird exchanges are public)",
    choice_talon_face_up_true: "Talon face up",
    choice_talon_face_up_false: "Talon face down",
    game_n: "Game {n}/{total}",
    target: "first to {n} game points",
    trick_n: "Trick {n}/{total}",
    first_lead: "{name} leads first",
    first_lead_me: "you lead first",
    hand: "{name}: hand",
    seats: "Other players",
    cards_n: "×{n}",
    cards_aria: "{n} cards in hand",
    card_pts: "card pts",
    game_pts: "game pts",
    card_pts_long: "Card points this game",
    game_pts_long: "Game points (match)",
    seat_label: "{name}: {cards} cards, {cp} card points, {gp} game points",
    to_act: "to act",
    bid_hidden: "predicted",
    bid_waiting: "predicting…",
    bid_place: "bids {p}",
    discarded: "talon ✓",
    discarding: "discarding…",
    place_1: "1st", place_2: "2nd", place_3: "3rd",
    talon: "Talon",
    talon_aria: "talon: {n} cards face down",
    talon_known: "seen: ",
    exchange_other: "{name} exchanged with the talon after trick {n}",
    exchange_other_pass: "{name} looked at the talon after trick {n} and kept their hand",
    exchange_mine: "You gave {gave} and took {took} (after trick {n})",
    exchange_seen: "{name} gave {gave} and took {took} (after trick {n})",
    led_by: "{name} leads",
    your_lead_label: "Your lead",
    took_trick: "{name} took the trick: +{p} card pts",
    scrapped_trick: "{name} scrapped the trick ({p} card pts lost)",
    pending_trick: "{name}'s 21 won the trick ({p} card pts)",
    pending_trick_mine: "Your 21 won the trick ({p} card pts)",
    bird_bonus: "+{n} game pts for birds",
    trick_worth: "{p} card pts in this trick",
    discard_prompt: "Choose one card to put face down into the talon, then confirm.",
    discard_confirm: "Put in the talon",
    discard_done: "You put {card} into the talon.",
    bid_prompt: "Predict your place in card points. The predictions stay secret until all three are in.",
    bid_1: "1st", bid_2: "2nd", bid_3: "3rd",
    bid_1_help: "correct: +1", bid_2_help: "Hold My Beer! correct: +3", bid_3_help: "correct: +1",
    bid_same: "+1 more for each other player who predicts the same place and is wrong.",
    bid_done: "You predicted {p}.",
    lead: "Lead any card.",
    follow: "Play a lit card: follow suit; without it, trump (higher than the trumps in the trick if you can). The Fool may always be played.",
    power21_prompt: "Your 21 won the trick, worth {p} card points: take them, or scrap the trick so that nobody scores it.",
    take: "Take",
    take_help: "+{p} card pts for you",
    scrap: "Scrap",
    scrap_help: "nobody scores this trick",
    bird_prompt: "Your bird won the trick: you may swap one card of your hand with one card of the talon. Tap a talon card and a hand card, then exchange — or pass.",
    exchange: "Exchange",
    pass: "Pass",
    pass_help: "keep your hand",
    clear: "Clear",
    talon_choice: "Talon cards to take",
    waiting: "Waiting for {names}…",
    waiting_discard: "Waiting for {names} to put a card in the talon…",
    waiting_bid: "Waiting for {names} to predict…",
    waiting_power21: "{name}'s 21 won: {name} takes or scraps the trick…",
    waiting_bird: "{name} won with a bird and may exchange with the talon…",
    and: " and ",
    history: "Tricks this game ({n})",
    history_line: "#{n} → {name}",
    status_scrapped: "scrapped",
    status_pending: "pending",
    game_scored: "Game {n} scored",
    col_player: "Player",
    col_cp: "Card pts",
    col_place: "Place",
    col_bid: "Bid",
    col_gp: "Game pts",
    talon_went: "The talon ({p} card pts) went to {name}, the last trick's winner.",
    reason_right: "predicted {b}, finished {r}: +{n}",
    reason_wrong: "predicted {b}, finished {r}: +0",
    reason_same: "{name} also predicted {b} and was wrong: +1",
    reason_birds: "captured {n} bird(s) of other players: +{n}",
    total_now: "total {p}",
    score_sheet: "Game points by game",
    game_k: "Game {n}",
    sum: "Total",
    points_help: "Card points: K 4 · Q 3 · N (knight) 2 · J 1 · trumps 2 · the Fool −2 (80 in all). Birds = trumps 1–3.",
    winner_is: "{name} wins the match",
    you_win: "You win the match",
    winners_are: "{names} share the win",
    end_target: "{names} reached {n} game points (game {g}).",
    end_games: "The match ended after {g} game(s).",
    final_points: "Final game points",
    winner_tag: "winner",
    last_game: "Last game scored: game {n}",
    no_game_scored: "No game was completed.",
    left_hands: "Cards still in hand",
    final_talon: "Talon",
    rank_K: "king", rank_Q: "queen", rank_N: "knight", rank_J: "jack",
    suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
    card_suit: "{rank} of {suit}",
    card_trump: "trump {n}",
    card_bird: "trump {n} (bird)",
    card_fool: "the Fool",
    fool_face: "Fool",
  },
  ja: {
    option_target_points: "勝利に必要な点: 誰かがこのゲームポイントに達したらすぐにマッチ終了（1〜999）",
    option_max_games: "マッチのゲーム数: このゲーム数で終了（1が最短）",
    option_talon_face_up: "タロンを表向きにする（タロンと鳥の交換が全員に見える）",
    choice_talon_face_up_true: "タロン表向き",
    choice_talon_face_up_false: "タロン裏向き",
    game_n: "第{n}ゲーム（全{total}）",
    target: "{n}ゲームポイントで勝利",
    trick_n: "トリック {n}/{total}",
    first_lead: "{name}が最初にリード",
    first_lead_me: "あなたが最初にリード",
    hand: "{name}の手札",
    seats: "ほかのプレイヤー",
    cards_n: "×{n}",
    cards_aria: "手札{n}枚",
    card_pts: "カード点",
    game_pts: "ゲーム点",
    card_pts_long: "このゲームのカードポイント",
    game_pts_long: "ゲームポイント（マッチ）",
    seat_label: "{name}: 手札{cards}枚、カードポイント{cp}、ゲームポイント{gp}",
    to_act: "手番",
    bid_hidden: "予想済み",
    bid_waiting: "予想中…",
    bid_place: "予想{p}",
    discarded: "タロン ✓",
    discarding: "タロンへ…",
    place_1: "1位", place_2: "2位", place_3: "3位",
    talon: "タロン",
    talon_aria: "タロン: 裏向き{n}枚",
    talon_known: "見たカード: ",
    exchange_other: "{name}が第{n}トリックの後にタロンと交換しました",
    exchange_other_pass: "{name}は第{n}トリックの後にタロンを見て、交換しませんでした",
    exchange_mine: "あなたは{gave}を渡し{took}を取りました（第{n}トリックの後）",
    exchange_seen: "{name}が{gave}を渡し{took}を取りました（第{n}トリックの後）",
    led_by: "{name}のリード",
    your_lead_label: "あなたのリード",
    took_trick: "{name}がトリックを取りました: +{p}カード点",
    scrapped_trick: "{name}がトリックを破棄しました（{p}カード点は誰にも入りません）",
    pending_trick: "{name}の21がトリックに勝ちました（{p}カード点）",
    pending_trick_mine: "あなたの21がトリックに勝ちました（{p}カード点）",
    bird_bonus: "鳥で+{n}ゲーム点",
    trick_worth: "このトリックは{p}カード点",
    discard_prompt: "タロンに裏向きで置くカードを1枚選び、決定してください。",
    discard_confirm: "タロンに置く",
    discard_done: "あなたは{card}をタロンに置きました。",
    bid_prompt: "カードポイントでの自分の順位を予想してください。3人がそろうまで予想は秘密です。",
    bid_1: "1位", bid_2: "2位", bid_3: "3位",
    bid_1_help: "当たれば+1", bid_2_help: "Hold My Beer! 当たれば+3", bid_3_help: "当たれば+1",
    bid_same: "同じ順位を予想して外した相手1人につき、さらに+1。",
    bid_done: "あなたの予想: {p}",
    lead: "好きなカードをリードしてください。",
    follow: "光っているカードを出してください: リードのスートに従い、なければ切り札（出ている切り札より強いものを出せるなら必ず）。フールはいつでも出せます。",
    power21_prompt: "あなたの21がトリックに勝ちました（{p}カード点）。得点するか、破棄して誰も得点しないようにできます。",
    take: "取る",
    take_help: "あなたに+{p}カード点",
    scrap: "破棄",
    scrap_help: "このトリックは誰も得点しない",
    bird_prompt: "あなたの鳥がトリックに勝ちました: 手札1枚をタロンの1枚と交換できます。タロンのカードと手札のカードを選んで「交換」、または「パス」。",
    exchange: "交換",
    pass: "パス",
    pass_help: "手札はそのまま",
    clear: "選び直す",
    talon_choice: "取るタロンのカード",
    waiting: "{names}を待っています…",
    waiting_discard: "{names}がタロンにカードを置くのを待っています…",
    waiting_bid: "{names}の予想を待っています…",
    waiting_power21: "{name}の21が勝ちました: {name}がトリックを取るか破棄するかを選んでいます…",
    waiting_bird: "{name}が鳥で勝ち、タロンと交換できます…",
    and: "と",
    history: "このゲームのトリック（{n}）",
    history_line: "第{n} → {name}",
    status_scrapped: "破棄",
    status_pending: "選択中",
    game_scored: "第{n}ゲームの得点",
    col_player: "プレイヤー",
    col_cp: "カード点",
    col_place: "順位",
    col_bid: "予想",
    col_gp: "ゲーム点",
    talon_went: "タロン（{p}カード点）は最終トリックの勝者、{name}のものになりました。",
    reason_right: "予想{b}・結果{r}: +{n}",
    reason_wrong: "予想{b}・結果{r}: +0",
    reason_same: "{name}も{b}を予想して外れ: +1",
    reason_birds: "相手の鳥を{n}枚獲得: +{n}",
    total_now: "合計 {p}",
    score_sheet: "ゲームごとのゲームポイント",
    game_k: "第{n}ゲーム",
    sum: "合計",
    points_help: "カードポイント: K 4・Q 3・N（ナイト）2・J 1・切り札 2・フール −2（合計80）。鳥 = 切り札1〜3。",
    winner_is: "{name}の勝ち",
    you_win: "あなたの勝ち",
    winners_are: "{names}が勝利を分け合いました",
    end_target: "{names}が{n}ゲームポイントに達しました（第{g}ゲーム）。",
    end_games: "{g}ゲームでマッチ終了です。",
    final_points: "最終ゲームポイント",
    winner_tag: "勝ち",
    last_game: "最後に得点したゲーム: 第{n}ゲーム",
    no_game_scored: "終わったゲームはありません。",
    left_hands: "残っていた手札",
    final_talon: "タロン",
    rank_K: "キング", rank_Q: "クイーン", rank_N: "ナイト", rank_J: "ジャック",
    suit_S: "スペード", suit_H: "ハート", suit_D: "ダイヤ", suit_C: "クラブ",
    card_suit: "{suit}の{rank}",
    card_trump: "切り札{n}",
    card_bird: "切り札{n}（鳥）",
    card_fool: "フール（言い訳）",
    fool_face: "フール",
  },
};

(function once() {
  if (typeof document === "undefined" || document.getElementById("hold-my-beer-css")) return;
  document.head.append(h("link", { id: "hold-my-beer-css", rel: "stylesheet", href: new URL("./hold_my_beer.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- tarot faces
// Codes: KS QS NS JS TS 9S 8S 7S (and H D C), TR1 .. TR21, FOOL.
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BIRDS = ["TR1", "TR2", "TR3"];

function parseCard(code) {
  if (code === "FOOL") return { kind: "fool" };
  if (code.startsWith("TR")) return { kind: "trump", n: Number(code.slice(2)) };
  return { kind: "suit", rank: code[0], suit: code[1] };
}

export function tarotName(code, ui) {
  const c = parseCard(code);
  if (c.kind === "fool") return ui.t("card_fool");
  if (c.kind === "trump") return ui.t(BIRDS.includes(code) ? "card_bird" : "card_trump", { n: c.n });
  const rank = "KQNJ".includes(c.rank) ? ui.t(`rank_${c.rank}`) : c.rank === "T" ? "10" : c.rank;
  return ui.t("card_suit", { rank, suit: ui.t(`suit_${c.suit}`) });
}

// A small bird drawn in SVG (no emoji font is needed).
function birdMark() {
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

function faceParts(code, ui) {
  const c = parseCard(code);
  if (c.kind === "fool") {
    return [h("span", { class: "star", "aria-hidden": "true" }, "★"), h("span", { class: "fool-label", "aria-hidden": "true" }, ui.t("fool_face"))];
  }
  if (c.kind === "trump") {
    return [h("span", { class: "tnum", "aria-hidden": "true" }, c.n), BIRDS.includes(code) ? birdMark() : h("span", { class: "tmark", "aria-hidden": "true" }, "✦")];
  }
  return [h("span", { class: "rank", "aria-hidden": "true" }, c.rank === "T" ? "10" : c.rank),
    h("span", { class: "suit", "aria-hidden": "true" }, SUIT_SYMBOL[c.suit])];
}

// A tarot card: a picture (div, role img) or, with onclick, a button named by hidden text.
// Options: lit, selected, small, mini, dim, selectable, onclick.
export function tarotCard(code, ui, opts = {}) {
  const c = parseCard(code);
  const classes = ["card", "tarot"];
  if (c.kind === "suit") classes.push(`suit-${c.suit}`);
  else classes.push("trump");
  if (c.kind === "fool") classes.push("fool");
  if (BIRDS.includes(code)) classes.push("bird");
  if (code === "TR21") classes.push("t21");
  for (const k of ["lit", "selected", "small", "mini", "dim"]) if (opts[k]) classes.push(k);
  const name = tarotName(code, ui);
  const button = !!opts.onclick;
  return h(button ? "button" : "div", {
    class: classes.join(" "),
    type: button ? "button" : null,
    role: button ? null : "img",
    "aria-label": button ? null : name,
    "aria-pressed": button && opts.selectable ? String(!!opts.selected) : null,
    disabled: button && !opts.lit && !opts.selected ? true : null,
    dataset: { card: code },
    onclick: opts.onclick || null,
  }, ...faceParts(code, ui), button ? h("span", { class: "sr-only" }, name) : null);
}

// ---------------------------------------------------------------- helpers
const place = (n, ui) => ui.t(`place_${n}`);
const names = (seats, ui) => seats.map((s) => ui.seatName(s)).join(ui.t("and"));
const othersOf = (viewer) => [(viewer + 1) % 3, (viewer + 2) % 3];

const openState = new Map(); // <details> key -> open, as the player left it
function remembered(details, key, fallback) {
  details.open = openState.get(key) ?? fallback;
  details.addEventListener("toggle", () => openState.set(key, details.open));
  return details;
}

function inPlay(view) {
  return ["play", "power21", "bird"].includes(view.phase);
}

function trickCounter(view) {
  const done = view.history.length;
  const total = done + Math.max(...view.hand_counts);
  const current = view.phase === "play" ? done + 1 : done;
  return { current: Math.max(1, current), total };
}

// ---------------------------------------------------------------- seats
function bidStatus(view, seat, ui) {
  const bid = view.bids[seat];
  if (view.phase === "discard") {
    return h("span", { class: `status${view.discarded[seat] ? " done" : ""}` }, ui.t(view.discarded[seat] ? "discarded" : "discarding"));
  }
  if (bid !== null && bid !== undefined) return h("span", { class: "status bid", dataset: { bid } }, ui.t("bid_place", { p: place(bid, ui) }));
  if (view.bid_in[seat]) return h("span", { class: "status done" }, ui.t("bid_hidden"));
  return h("span", { class: "status" }, ui.t("bid_waiting"));
}

function seatChip(view, seat, ui) {
  const turn = view.to_move.includes(seat);
  const name = ui.seatName(seat);
  const cards = view.hand_counts[seat];
  const cp = view.card_points[seat];
  const gp = view.game_points[seat];
  return h("li", {
    class: `hmb-seat${turn ? " to-move" : ""}`,
    dataset: { seat, cards, cardPoints: cp, gamePoints: gp, bid: view.bids[seat] ?? "" },
    "aria-label": ui.t("seat_label", { name, cards, cp, gp }) + (turn ? ` (${ui.t("to_act")})` : ""),
  },
  h("div", { class: "line1" },
    h("span", { class: "name" }, name),
    h("span", { class: "backs", "aria-hidden": "true" }, cardBack({ small: true }), ui.t("cards_n", { n: cards }))),
  h("div", { class: "line2", "aria-hidden": "true" },
    h("span", { class: "stat cp" }, h("b", {}, cp), h("small", {}, ui.t("card_pts"))),
    h("span", { class: "stat gp" }, h("b", {}, gp, h("small", {}, `/${view.options.target_points}`)), h("small", {}, ui.t("game_pts")))),
  h("div", { class: "line3" }, bidStatus(view, seat, ui)));
}

function mySeat(view, ui) {
  const me = ui.viewer;
  const turn = view.to_move.includes(me);
  return h("div", {
    class: `hmb-me${turn ? " to-move" : ""}`,
    dataset: { seat: me, cardPoints: view.card_points[me], gamePoints: view.game_points[me], bid: view.bids[me] ?? "" },
  },
  h("span", { class: "name" }, ui.seatName(me)),
  h("span", { class: "cp", title: ui.t("card_pts_long") }, h("b", {}, view.card_points[me]), ` ${ui.t("card_pts")}`),
  h("span", { class: "gp", title: ui.t("game_pts_long") }, h("b", {}, view.game_points[me]), `/${view.options.target_points} ${ui.t("game_pts")}`),
  bidStatus(view, me, ui));
}

function infoLine(view, ui) {
  const parts = [h("b", {}, ui.t("game_n", { n: view.game_number, total: view.options.max_games })),
    " · ", h("span", { class: "target", dataset: { target: view.options.target_points } }, ui.t("target", { n: view.options.target_points }))];
  if (inPlay(view)) {
    const { current, total } = trickCounter(view);
    parts.push(" · ", h("span", { class: "trick-no", dataset: { trick: current } }, ui.t("trick_n", { n: current, total })));
  } else if (view.phase !== "over") {
    parts.push(" · ", view.start_player === ui.viewer ? ui.t("first_lead_me") : ui.t("first_lead", { name: ui.seatName(view.start_player) }));
  }
  return h("p", { class: "match hmb-info" }, parts);
}

// ---------------------------------------------------------------- talon
function exchangeLine(x, ui) {
  const n = x.after_trick;
  if (x.gave !== undefined && x.gave !== null) {
    const gave = tarotName(x.gave, ui);
    const took = tarotName(x.took, ui);
    return x.seat === ui.viewer ? ui.t("exchange_mine", { gave, took, n }) : ui.t("exchange_seen", { name: ui.seatName(x.seat), gave, took, n });
  }
  return ui.t(x.exchanged ? "exchange_other" : "exchange_other_pass", { name: ui.seatName(x.seat), n });
}

function talonStrip(view, ui) {
  if (view.phase === "over") return null;
  if (view.phase === "bird" && view.legal_actions.length > 0 && ui.canAct) return null; // shown above the hand to choose from
  const box = h("section", { class: "hmb-talon", dataset: { count: view.talon_count } },
    h("span", { class: "label" }, ui.t("talon")));
  if (view.talon) {
    box.append(h("span", { class: "talon-cards" }, view.talon.map((c) => tarotCard(c, ui, { small: true, mini: true }))));
  } else {
    const backs = h("span", { class: "talon-cards backs", role: "img", "aria-label": ui.t("talon_aria", { n: view.talon_count }) });
    for (let i = 0; i < view.talon_count; i++) backs.append(cardBack({ small: true }));
    box.append(backs);
    // Talon cards this seat has seen (its own discard, a bird's look), not since taken into its hand.
    const hand = new Set(view.hand || []);
    const known = (view.talon_seen || []).filter((c) => !hand.has(c));
    if (known.length) box.append(h("span", { class: "known" }, ui.t("talon_known"), known.map((c) => tarotCard(c, ui, { small: true, mini: true }))));
  }
  const last = view.exchanges[view.exchanges.length - 1];
  if (last && inPlay(view)) box.append(h("span", { class: "exchange-note", dataset: { seat: last.seat } }, exchangeLine(last, ui)));
  return box;
}

// ---------------------------------------------------------------- trick
function playedCard(seat, card, ui, extra = {}) {
  return h("div", { class: `played${extra.won ? " won" : ""}`, dataset: { seat } },
    card ? tarotCard(card, ui, { small: true, dim: extra.dim }) : h("div", { class: "card small empty", "aria-hidden": "true" }),
    h("small", {}, ui.seatName(seat)));
}

function trickArea(view, ui) {
  if (!inPlay(view)) return null;
  const area = h("section", { class: "trick hmb-trick", "aria-live": "polite" });
  const slots = h("div", { class: "trick-cards" });
  const last = view.history[view.history.length - 1];
  if (view.trick.length || !last) {
    const leader = view.trick.length ? view.trick[0][0] : view.leader;
    const played = new Map(view.trick.map(([s, c]) => [s, c]));
    const points = view.trick.reduce((sum, [, c]) => sum + cardPoints(c), 0);
    area.dataset.leader = leader;
    area.append(h("div", { class: "trick-label" }, leader === ui.viewer ? ui.t("your_lead_label") : ui.t("led_by", { name: ui.seatName(leader) }),
      view.trick.length ? ` · ${ui.t("trick_worth", { p: points })}` : ""));
    for (let i = 0; i < 3; i++) {
      const seat = (leader + i) % 3;
      slots.append(playedCard(seat, played.get(seat) || null, ui));
    }
  } else {
    // The trick just finished stays on view until the next card is led.
    area.classList.add("showing-last");
    area.dataset.status = last.status;
    const key = last.status === "scrapped" ? "scrapped_trick" : last.status === "pending" ? (last.winner === ui.viewer ? "pending_trick_mine" : "pending_trick") : "took_trick";
    area.append(h("div", { class: "trick-label" }, ui.t(key, { name: ui.seatName(last.winner), p: last.points }),
      last.bird_bonus ? h("b", { class: "bonus" }, ` · ${ui.t("bird_bonus", { n: last.bird_bonus })}`) : null));
    last.cards.forEach(([seat, card]) => {
      slots.append(playedCard(seat, card, ui, { won: seat === last.winner, dim: seat !== last.winner }));
    });
  }
  area.append(slots);
  return area;
}

// Card points of one card (for the live worth of the trick on the table): K 4, Q 3, N 2, J 1,
// trumps 2, the Fool −2. The engine totals the points it scores; this is only a display aid.
function cardPoints(code) {
  if (code === "FOOL") return -2;
  if (code.startsWith("TR")) return 2;
  return { K: 4, Q: 3, N: 2, J: 1 }[code[0]] || 0;
}

function historyPanel(view, ui) {
  if (!view.history.length || !inPlay(view)) return null;
  const rows = view.history.map((t, i) => h("li", { dataset: { trick: i + 1, winner: t.winner, status: t.status, points: t.points } },
    h("span", { class: "trick-line" }, ui.t("history_line", { n: i + 1, name: ui.seatName(t.winner) })),
    h("span", { class: "trick-cards mini" }, t.cards.map(([seat, card]) => {
      return h("span", { class: `played${seat === t.winner ? " won" : ""}`, title: ui.seatName(seat) }, tarotCard(card, ui, { small: true, mini: true }));
    })),
    h("span", { class: `pts ${t.status}` }, t.status === "taken" ? `+${t.points}` : ui.t(`status_${t.status}`)),
    t.bird_bonus ? h("span", { class: "bonus" }, ui.t("bird_bonus", { n: t.bird_bonus })) : null)).reverse();
  return remembered(h("details", { class: "last-trick hmb-history" },
    h("summary", {}, ui.t("history", { n: view.history.length })),
    h("ol", { class: "tricks" }, rows)), `hist:${view.game_number}`, false);
}

// ---------------------------------------------------------------- prompts and choices
function waitingText(view, ui) {
  const others = view.to_move.filter((s) => s !== ui.viewer);
  if (!others.length) return null;
  const who = names(others, ui);
  if (view.phase === "discard") return ui.t("waiting_discard", { names: who });
  if (view.phase === "bid") return ui.t("waiting_bid", { names: who });
  if (view.phase === "power21") return ui.t("waiting_power21", { name: who });
  if (view.phase === "bird") return ui.t("waiting_bird", { name: who });
  return ui.t("waiting", { names: who });
}

function choice(action, label, help, ui, primary = false) {
  return h("button", {
    type: "button", class: `choice${primary ? " primary" : ""}`, dataset: { action },
    disabled: ui.canAct ? null : true, onclick: () => ui.act(action),
  }, label, help ? h("small", {}, help) : null);
}

function promptBox(view, ui) {
  const box = h("section", { class: "prompt hmb-prompt", dataset: { phase: view.phase } });
  if (view.phase === "over") return box;
  const mine = view.legal_actions.length > 0 && ui.canAct;
  const lead = (text) => h("p", {}, h("b", {}, ui.t("your_turn")), " — ", text);
  if (mine) {
    box.classList.add("mine");
    if (view.phase === "discard") box.append(lead(ui.t("discard_prompt")));
    else if (view.phase === "bid") {
      box.append(lead(ui.t("bid_prompt")));
      const byVerb = actionsByVerb(view.legal_actions);
      box.append(h("div", { class: "choices bids" }, (byVerb.bid || []).map(([n]) =>
        choice(`bid ${n}`, ui.t(`bid_${n}`), ui.t(`bid_${n}_help`), ui, n === "2"))));
      box.append(h("p", { class: "help" }, ui.t("bid_same")));
    } else if (view.phase === "play") box.append(lead(ui.t(view.trick.length ? "follow" : "lead")));
    else if (view.phase === "power21") {
      const p = view.pending_points;
      box.append(lead(ui.t("power21_prompt", { p })));
      const legal = new Set(view.legal_actions);
      box.append(h("div", { class: "choices" },
        legal.has("take") ? choice("take", ui.t("take"), ui.t("take_help", { p }), ui, true) : null,
        legal.has("scrap") ? choice("scrap", ui.t("scrap"), ui.t("scrap_help"), ui) : null));
    } else if (view.phase === "bird") {
      box.append(lead(ui.t("bird_prompt")));
    }
  } else {
    if (view.phase === "discard" && view.my_discard) box.append(h("p", { class: "done" }, ui.t("discard_done", { card: tarotName(view.my_discard, ui) })));
    if (view.phase === "bid" && view.my_bid) box.append(h("p", { class: "done" }, ui.t("bid_done", { p: place(view.my_bid, ui) })));
    const text = waitingText(view, ui);
    if (text) box.append(h("p", { class: "waiting" }, text));
  }
  return box;
}

// ---------------------------------------------------------------- the hand
// play: one tap on a lit card. discard: tap a card, then confirm. bird: tap one talon card and one
// hand card, then exchange (or pass). The selection lives in ui.selection across re-renders.
function handArea(view, ui) {
  const hand = view.hand || [];
  const byVerb = actionsByVerb(ui.canAct ? view.legal_actions : []);
  const sel = ui.selection;
  const out = [];
  const row = h("div", { class: "hand hmb-hand", role: "group", "aria-label": ui.t("hand", { name: ui.seatName(ui.viewer) }), onkeydown: arrowKeys });
  const bar = h("div", { class: "actions hmb-actions" });

  if (byVerb.discard) {
    const usable = new Set(byVerb.discard.map(([c]) => c));
    for (const c of [...sel]) if (!usable.has(c)) sel.delete(c);
    for (const code of hand) {
      row.append(tarotCard(code, ui, {
        lit: usable.has(code), selected: sel.has(code), selectable: true,
        onclick: usable.has(code) ? () => { const was = sel.has(code); sel.clear(); if (!was) sel.add(code); ui.rerender(); } : null,
      }));
    }
    const chosen = [...sel][0];
    bar.append(h("button", {
      type: "button", class: "primary", dataset: { verb: "discard" }, disabled: chosen ? null : true,
      onclick: () => { if (chosen) { sel.clear(); ui.act(`discard ${chosen}`); } },
    }, ui.t("discard_confirm"), chosen ? `: ${tarotName(chosen, ui)}` : ""));
    out.push(row, bar);
    return out;
  }

  if (byVerb.exchange || (view.phase === "bird" && byVerb.pass)) {
    const pairs = byVerb.exchange || [];
    const talon = view.talon || [];
    const handSet = new Set(hand);
    const pickHand = [...sel].find((c) => handSet.has(c));
    const pickTalon = [...sel].find((c) => talon.includes(c));
    const toggle = (code, group) => {
      const was = sel.has(code);
      for (const c of [...sel]) if (group.includes(c)) sel.delete(c);
      if (!was) sel.add(code);
      ui.rerender();
    };
    const usable = new Set(pairs.flat());
    const talonRow = h("div", { class: "hand hmb-talon-pick", role: "group", "aria-label": ui.t("talon_choice"), onkeydown: arrowKeys },
      h("span", { class: "label" }, ui.t("talon")),
      talon.map((code) => tarotCard(code, ui, { lit: usable.has(code), selected: sel.has(code), selectable: true, onclick: usable.has(code) ? () => toggle(code, talon) : null })));
    for (const code of hand) {
      row.append(tarotCard(code, ui, { lit: usable.has(code), selected: sel.has(code), selectable: true, onclick: usable.has(code) ? () => toggle(code, hand) : null }));
    }
    const match = pickHand && pickTalon ? pairs.find((args) => args.includes(pickHand) && args.includes(pickTalon)) : null;
    bar.append(h("button", {
      type: "button", class: "primary", dataset: { verb: "exchange" }, disabled: match ? null : true,
      onclick: () => { if (match) { sel.clear(); ui.act(`exchange ${match.join(" ")}`); } },
    }, ui.t("exchange"), match ? `: ${tarotName(pickHand, ui)} ⇄ ${tarotName(pickTalon, ui)}` : ""));
    if (byVerb.pass) {
      bar.append(h("button", { type: "button", class: "pass-btn", dataset: { verb: "pass", action: "pass" }, onclick: () => { sel.clear(); ui.act("pass"); } },
        ui.t("pass"), h("small", {}, ` (${ui.t("pass_help")})`)));
    }
    if (sel.size) bar.append(h("button", { type: "button", class: "clear", "aria-label": ui.t("clear"), title: ui.t("clear"), onclick: () => { sel.clear(); ui.rerender(); } }, "×"));
    out.push(talonRow, row, bar);
    return out;
  }

  const playable = new Set((byVerb.play || []).map(([c]) => c));
  for (const code of hand) {
    row.append(tarotCard(code, ui, { lit: playable.has(code), onclick: playable.has(code) ? () => ui.act(`play ${code}`) : null }));
  }
  out.push(row);
  return out;
}

// ---------------------------------------------------------------- the last game's score
// A reason is the engine's message {code, params} (static/strings/hold_my_beer.json lists them).
function reasonText(reason, ui) {
  const p = reason.params;
  switch (reason.code) {
    case "prediction_right": return ui.t("reason_right", { b: place(p.bid, ui), r: place(p.place, ui), n: p.n });
    case "prediction_wrong": return ui.t("reason_wrong", { b: place(p.bid, ui), r: place(p.place, ui) });
    case "same_prediction_wrong": return ui.t("reason_same", { name: ui.seatName(p.seat), b: place(p.bid, ui) });
    case "birds_captured": return ui.t("reason_birds", { n: p.n });
    default: return reason.code;
  }
}

function gameTable(last, ui, totals = null) {
  const reasons = new Map(last.breakdown.map((b) => [b.seat, b]));
  return h("table", { class: "hmb-game", dataset: { game: last.game_number, cardPoints: last.card_points.join(","), ranks: last.ranks.join(","), bids: last.bids.join(",") } },
    h("thead", {}, h("tr", {}, ["col_player", "col_cp", "col_place", "col_bid", "col_gp"].map((k) => h("th", { scope: "col" }, ui.t(k))))),
    h("tbody", {}, [0, 1, 2].map((seat) => {
      const b = reasons.get(seat);
      return [
        h("tr", { class: last.bids[seat] === last.ranks[seat] ? "right" : "wrong", dataset: { seat, points: b ? b.points : 0 } },
          h("th", { scope: "row" }, ui.seatName(seat)),
          h("td", {}, last.card_points[seat]),
          h("td", {}, place(last.ranks[seat], ui)),
          h("td", {}, place(last.bids[seat], ui)),
          h("td", { class: "gp" }, `+${b ? b.points : 0}`, totals ? [h("small", { "aria-hidden": "true" }, ` → ${totals[seat]}`), h("span", { class: "sr-only" }, ` (${ui.t("total_now", { p: totals[seat] })})`)] : null)),
        h("tr", { class: "why" }, h("td", { colspan: 5 }, (b ? b.reasons : []).map((r) => reasonText(r, ui)).join(" · "))),
      ];
    }).flat()));
}

function lastGamePanel(view, ui) {
  const last = view.last_game;
  if (!last || view.phase === "over") return null;
  const fresh = view.phase === "discard" || view.phase === "bid";
  return remembered(h("details", { class: `hmb-last-game${fresh ? " fresh" : ""}`, dataset: { game: last.game_number } },
    h("summary", {}, h("b", {}, ui.t("game_scored", { n: last.game_number }))),
    gameTable(last, ui, view.game_points),
    h("p", { class: "talon-went" }, ui.t("talon_went", { p: last.talon_points, name: ui.seatName(last.talon_to) }))),
  `last:${last.game_number}:${fresh}`, fresh);
}

function scoreSheet(sheet, ui, totals) {
  return h("table", { class: "hmb-sheet", dataset: { sheet: sheet.map((r) => r.join(",")).join(";") } },
    h("caption", {}, ui.t("score_sheet")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), [0, 1, 2].map((s) => h("th", { scope: "col" }, ui.seatName(s))))),
    h("tbody", {}, sheet.map((row, i) => h("tr", {}, h("th", { scope: "row" }, ui.t("game_k", { n: i + 1 })), row.map((p) => h("td", {}, p))))),
    totals ? h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, ui.t("sum")), totals.map((p) => h("td", {}, h("b", {}, p))))) : null);
}

function sheetPanel(view, ui) {
  if (view.score_sheet.length < 2 || view.phase === "over") return null;
  return remembered(h("details", { class: "hmb-sheet-panel" }, h("summary", {}, ui.t("score_sheet")), scoreSheet(view.score_sheet, ui, view.game_points)), "sheet", false);
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const others = othersOf(ui.viewer);
  return h("div", { class: "table hmb", dataset: { phase: view.phase, game: view.game_number, tricks: view.history.length } },
    infoLine(view, ui),
    h("ul", { class: "hmb-seats", "aria-label": ui.t("seats") }, others.map((s) => seatChip(view, s, ui))),
    lastGamePanel(view, ui),
    talonStrip(view, ui),
    trickArea(view, ui),
    promptBox(view, ui),
    mySeat(view, ui),
    ...(view.phase === "over" ? [] : handArea(view, ui)),
    historyPanel(view, ui),
    sheetPanel(view, ui),
    h("p", { class: "help hmb-help" }, ui.t("points_help")));
}

export function renderResult(view, ui) {
  const r = view.result;
  const order = [0, 1, 2].sort((a, b) => r.game_points[b] - r.game_points[a] || a - b);
  const title = r.winners.length === 1 ? (r.winners[0] === ui.viewer && ui.mode !== "hotseat" ? ui.t("you_win") : ui.t("winner_is", { name: ui.seatName(r.winners[0]) })) : ui.t("winners_are", { names: names(r.winners, ui) });
  const reached = [0, 1, 2].filter((s) => r.game_points[s] >= view.options.target_points);
  const why = r.end_reason === "target" ? ui.t("end_target", { names: names(reached, ui), n: view.options.target_points, g: r.game_number })
    : ui.t("end_games", { g: r.games_played });
  const lg = r.last_game;
  const hands = (view.hands || []).some((x) => x.length);
  return h("div", {
    class: "score hmb-result",
    dataset: {
      gamePoints: r.game_points.join(","), winners: r.winners.join(","), endReason: r.end_reason,
      gameNumber: r.game_number, gamesPlayed: r.games_played,
      scoreSheet: r.score_sheet.map((x) => x.join(",")).join(";"),
      lastCardPoints: lg ? lg.card_points.join(",") : "", lastRanks: lg ? lg.ranks.join(",") : "",
      lastBids: lg ? lg.bids.join(",") : "", lastScore: lg ? lg.score.join(",") : "",
    },
  },
  h("h2", {}, title),
  h("p", { class: "end-reason" }, why),
  h("table", { class: "final" },
    h("caption", {}, ui.t("final_points")),
    h("tbody", {}, order.map((s) => h("tr", { class: r.winners.includes(s) ? "win" : "", dataset: { seat: s, points: r.game_points[s] } },
      h("th", { scope: "row" }, ui.seatName(s)),
      h("td", {}, r.game_points[s]),
      h("td", { class: "tag" }, r.winners.includes(s) ? ui.t("winner_tag") : ""))))),
  view.last_game ? h("div", { class: "last-game" }, h("h3", {}, ui.t("last_game", { n: view.last_game.game_number })), gameTable(view.last_game, ui),
    h("p", { class: "talon-went" }, ui.t("talon_went", { p: view.last_game.talon_points, name: ui.seatName(view.last_game.talon_to) })))
    : h("p", {}, ui.t("no_game_scored")),
  r.score_sheet.length ? scoreSheet(r.score_sheet, ui, r.game_points) : null,
  hands ? h("div", { class: "left-hands" }, h("h3", {}, ui.t("left_hands")),
    view.hands.map((cards, s) => (cards.length ? h("p", { dataset: { seat: s } }, h("span", { class: "who" }, ui.seatName(s)), cards.map((c) => tarotCard(c, ui, { small: true, mini: true }))) : null)),
    view.talon ? h("p", {}, h("span", { class: "who" }, ui.t("final_talon")), view.talon.map((c) => tarotCard(c, ui, { small: true, mini: true }))) : null) : null);
}

// The replay viewer draws every seat's hand with the game's own faces.
export function cardFace(code, ui) {
  return tarotCard(code, ui, { small: true });
}
