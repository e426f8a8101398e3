// 知略悪略 Chiryaku Akuryaku table: draws view(seat) from the engine
// (py/tabletop/games/chiryaku_akuryaku.py). Four colours of numbered cards, drawn here (not a
// standard deck): each colour has its own symbol and letter besides its colour. Anyone may play any
// card, but a trick never shows a fourth colour; the big brother takes his half of a full trick by
// tapping cards and confirming (`take ...`); a collection that reaches four colours turns two colours
// face down (`facedown X Z`). Every seat's collection is shown by colour with its live score and the
// engine's reason. What is legal comes only from view.legal_actions.
import { arrowKeys, cardBack, h } from "../table.js";

export const STRINGS = {
  en: {
    option_rounds: "Rounds in the game (empty: one per player)",
    round_n: "Round {n}/{total}",
    trick_n: "Trick {n}/14",
    dealer: "dealer",
    dealer_short: "D",
    cards_aria: "{n} cards in hand",
    now: "now",
    total: "total",
    score_aria: "{name}: {live} points this round so far, {total} in total",
    pile_aria: "{colour}: {n} face up ({cards})",
    down_aria: "{n} face down ({colours})",
    down_short: "down",
    lead_colour: "Lead: {colour}",
    colours_full: "three colours down: no fourth colour",
    trick_empty: "No card in this trick yet",
    led_by: "led by {name}",
    big: "big",
    little: "little",
    big_brother: "Big brother",
    little_brother: "Little brother",
    brothers_line: "Big brother: {big} (takes {k}) · {rest}",
    rest_to_little: "little brother: {little} (gets the rest)",
    rest_discarded: "all one colour: no little brother, the rest is discarded",
    last_trick: "Last trick",
    last_trick_line: "{big} took {taken}",
    last_given: "{little} got {given}",
    last_discarded: "discarded {cards}",
    to_seat: "→ {name}",
    out: "out",
    discarded_n: "Out of this round ({n})",
    your_lead: "Your lead: play any card. Its colour is the lead colour.",
    your_play: "Play any card: there is no need to follow the lead colour.",
    your_play_three: "Three colours are down ({colours}): play one of them, a fourth colour is not allowed.",
    your_take: "You are the big brother: tap {k} cards of the trick to take.",
    your_take_rest: "{little} (little brother) gets the rest.",
    your_take_discard: "Every card is of the lead colour, so there is no little brother: the cards you leave are discarded.",
    take_btn: "Take",
    clear: "Clear",
    rest_preview: "The rest: {cards} → {who}",
    nobody: "discarded",
    your_facedown: "Your collection shows all four colours: choose two colours to turn face down. Later cards of those colours go face down too.",
    facedown_btn: "Turn {a} and {b} face down",
    facedown_keeps: "keeps {a} {na} and {b} {nb} face up; {d} face down",
    waiting: "Waiting for {name}…",
    waiting_take: "{name} (big brother) chooses which cards to take…",
    waiting_facedown: "{name} shows four colours and turns two face down…",
    round_over: "Round {n} scored",
    round_over_open: "Round {n} is over — points",
    blocked: "{name} could not play (none of the three colours on the table): the round ended at once and the unfinished trick was lost.",
    all_tricks: "All 14 tricks were played.",
    line_total: "total {p}",
    // reasons (the engine's, in words)
    r_none: "no cards = 0",
    r_one: "one colour only ({a}) = 0",
    r_two: "two colours: {a} × {b} = {s}",
    r_three: "three colours: {a} × {b} ÷ {c} = {s}",
    r_down: "face up {a} × {b} ÷ {d} face down = {s}",
    // result
    winner_is: "{names} wins",
    winners_are: "{names} win (tied)",
    and: " and ",
    final_scores: "Final totals",
    round_k: "R{n}",
    total_col: "Total",
    winner: "winner",
    last_round_reasons: "The last round",
    hands_left: "Cards still in hand",
    rounds_played: "{n} rounds played",
    rounds_played_1: "1 round played",
    seat_col: "Player",
  },
  ja: {
    option_rounds: "ラウンド数（空欄: 人数と同じ）",
    round_n: "ラウンド {n}/{total}",
    trick_n: "トリック {n}/14",
    dealer: "親",
    dealer_short: "親",
    cards_aria: "手札{n}枚",
    now: "現在",
    total: "合計",
    score_aria: "{name}: このラウンドの現在の得点{live}、合計{total}",
    pile_aria: "{colour}: 表向き{n}枚（{cards}）",
    down_aria: "裏向き{n}枚（{colours}）",
    down_short: "裏",
    lead_colour: "リード: {colour}",
    colours_full: "3色出ています: 4色目は出せません",
    trick_empty: "このトリックにはまだカードがありません",
    led_by: "{name}のリード",
    big: "兄貴分",
    little: "弟分",
    big_brother: "兄貴分",
    little_brother: "弟分",
    brothers_line: "兄貴分: {big}（{k}枚取る）· {rest}",
    rest_to_little: "弟分: {little}（残りをもらう）",
    rest_discarded: "全部リードの色なので弟分はなし: 残りは捨て札",
    last_trick: "直前のトリック",
    last_trick_line: "{big}が{taken}を取った",
    last_given: "{little}が{given}をもらった",
    last_discarded: "捨て札 {cards}",
    to_seat: "→ {name}",
    out: "捨て",
    discarded_n: "このラウンドの捨て札（{n}枚）",
    your_lead: "あなたのリードです: どのカードでも出せます。その色がリードの色になります。",
    your_play: "どのカードでも出せます（リードの色に合わせる必要はありません）。",
    your_play_three: "3色出ています（{colours}）: そのどれかを出してください。4色目は出せません。",
    your_take: "あなたが兄貴分です: トリックから取るカードを{k}枚タップしてください。",
    your_take_rest: "残りは弟分の{little}がもらいます。",
    your_take_discard: "全部リードの色なので弟分はいません: 残したカードは捨て札になります。",
    take_btn: "取る",
    clear: "選び直す",
    rest_preview: "残り: {cards} → {who}",
    nobody: "捨て札",
    your_facedown: "あなたの取ったカードが4色そろいました: 裏向きにする2色を選んでください。以後その色のカードは裏向きになります。",
    facedown_btn: "{a}と{b}を裏向きに",
    facedown_keeps: "表向きに残るのは{a}{na}枚と{b}{nb}枚、裏向き{d}枚",
    waiting: "{name}を待っています…",
    waiting_take: "兄貴分の{name}が取るカードを選んでいます…",
    waiting_facedown: "{name}の取ったカードが4色そろい、2色を裏向きにしています…",
    round_over: "ラウンド{n}の得点",
    round_over_open: "ラウンド{n}終了 — 得点",
    blocked: "{name}が出せませんでした（場の3色のカードがない）: ラウンドはすぐに終わり、途中のトリックは誰のものにもなりません。",
    all_tricks: "14トリックすべて終わりました。",
    line_total: "合計 {p}",
    r_none: "カードなし = 0",
    r_one: "1色だけ（{a}）= 0",
    r_two: "2色: {a} × {b} = {s}",
    r_three: "3色: {a} × {b} ÷ {c} = {s}",
    r_down: "表 {a} × {b} ÷ 裏{d}枚 = {s}",
    winner_is: "{names}の勝ち",
    winners_are: "{names}の勝ち（同点）",
    and: "と",
    final_scores: "最終得点",
    round_k: "R{n}",
    total_col: "合計",
    winner: "勝ち",
    last_round_reasons: "最終ラウンド",
    hands_left: "手札に残ったカード",
    rounds_played: "{n}ラウンド",
    rounds_played_1: "1ラウンド",
    seat_col: "プレイヤー",
  },
};

(function once() {
  if (typeof document === "undefined" || document.getElementById("chiryaku_akuryaku-css")) return;
  document.head.append(h("link", { id: "chiryaku_akuryaku-css", rel: "stylesheet", href: new URL("./chiryaku_akuryaku.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- colours and card faces
const COLOURS = ["R", "Y", "B", "P"];
const SYMBOL = { R: "●", Y: "▲", B: "■", P: "★" };
const LETTER = { en: { R: "R", Y: "Y", B: "B", P: "P" }, ja: { R: "赤", Y: "黄", B: "青", P: "紫" } };
const COLOUR_WORD = { en: { R: "red", Y: "yellow", B: "blue", P: "purple" }, ja: { R: "赤", Y: "黄", B: "青", P: "紫" } };

const lang = (ui) => (ui.lang === "ja" ? "ja" : "en");
const colourOf = (code) => code[0];
const numberOf = (code) => code.slice(1);
const word = (ui, c) => COLOUR_WORD[lang(ui)][c];
// "●red", "●赤": colour told by symbol and word, never by colour alone.
const colourLabel = (ui, c) => `${SYMBOL[c]}${word(ui, c)}`;

export function cardName(code, ui) {
  const c = colourOf(code);
  return lang(ui) === "ja" ? `${word(ui, c)}の${numberOf(code)}` : `${word(ui, c)} ${numberOf(code)}`;
}
// Short text for lists: "●7", with the colour class when drawn as a chip.
const short = (code) => `${SYMBOL[colourOf(code)]}${numberOf(code)}`;
const chip = (code, ui) => h("span", { class: `ca-chip col-${colourOf(code)}`, dataset: { card: code } },
  h("span", { "aria-hidden": "true" }, short(code)), h("span", { class: "sr-only" }, cardName(code, ui)));
const chips = (cards, ui) => h("span", { class: "ca-chips" }, cards.map((c) => chip(c, ui)));

// A card face: the number large, the colour's symbol and letter in the corner.
// Options: lit, selected, dim, small, onclick, selectable.
function caCard(code, ui, opts = {}) {
  const c = colourOf(code);
  const classes = ["card", "ca-card", `col-${c}`];
  if (opts.lit) classes.push("lit");
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  if (opts.dim) classes.push("dim");
  const button = !!opts.onclick;
  return h(button ? "button" : "div", {
    class: classes.join(" "),
    type: button ? "button" : null,
    role: button ? null : "img",
    "aria-label": button ? null : cardName(code, ui),
    "aria-pressed": button && opts.selectable ? String(!!opts.selected) : null,
    disabled: button && !opts.lit && !opts.selected ? true : null,
    dataset: { card: code, colour: c },
    onclick: opts.onclick || null,
  },
  h("span", { class: "tag", "aria-hidden": "true" }, `${SYMBOL[c]}${LETTER[lang(ui)][c]}`),
  h("span", { class: "num", "aria-hidden": "true" }, numberOf(code)),
  button ? h("span", { class: "sr-only" }, cardName(code, ui)) : null);
}

// ---------------------------------------------------------------- the engine's reasons, in words
// The engine explains each score with a message {code, params} (static/strings/chiryaku_akuryaku.json
// lists them): shown in the player's language with the colour symbols.
function reasonText(reason, ui) {
  const p = reason.params;
  const cw = (c, n) => `${colourLabel(ui, c)} ${n}`;
  const a = p.first_colour ? cw(p.first_colour, p.first_count) : null;
  const b = p.second_colour ? cw(p.second_colour, p.second_count) : null;
  switch (reason.code) {
    case "score_no_cards": return ui.t("r_none");
    case "score_one_colour": return ui.t("r_one", { a: cw(p.colour, p.count) });
    case "score_two_colours": return ui.t("r_two", { a, b, s: p.points });
    case "score_three_colours": return ui.t("r_three", { a, b, c: cw(p.third_colour, p.third_count), s: p.points });
    case "score_face_down": return ui.t("r_down", { a, b, d: p.face_down, s: p.points });
    default: return reason.code;
  }
}

// Parameters of the engine's messages that are this game's own: colours by symbol and word.
export function formatParam(key, value, ui) {
  if (key === "colour" || key.endsWith("_colour")) return colourLabel(ui, value);
  if (key === "colours") return value.map((c) => colourLabel(ui, c)).join(ui.t("and"));
  return undefined;
}

// ---------------------------------------------------------------- small helpers
const legalOf = (view, verb) => (view.legal_actions || []).filter((a) => a.startsWith(`${verb} `)).map((a) => a.split(" ").slice(1));
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const joinNames = (ui, names) => names.join(ui.t("and"));

function othersInOrder(view, viewer) {
  const n = view.players;
  return Array.from({ length: n - 1 }, (_, i) => (viewer + 1 + i) % n);
}

function byColour(cards) {
  const out = { R: [], Y: [], B: [], P: [] };
  for (const c of cards) out[colourOf(c)].push(c);
  return out;
}

// ---------------------------------------------------------------- table parts
function infoLine(view, ui) {
  const playing = view.phase !== "over";
  const parts = [h("b", {}, ui.t("round_n", { n: view.round, total: view.rounds }))];
  if (playing) parts.push(" · ", ui.t("trick_n", { n: Math.min(view.tricks_played + 1, 14) }));
  parts.push(" · ", `${ui.t("dealer")}: ${ui.seatName(view.dealer)}`);
  return h("div", { class: "ca-info" }, h("p", { class: "match", dataset: { round: view.round, rounds: view.rounds } }, parts));
}

function collection(view, seat, ui) {
  const piles = byColour(view.face_up_cards[seat]);
  const down = view.face_down_colours[seat];
  const out = [];
  for (const c of COLOURS) {
    const cards = piles[c];
    if (!cards.length) continue;
    out.push(h("span", { class: `pile-col col-${c}`, dataset: { colour: c, count: cards.length } },
      h("b", { "aria-hidden": "true" }, `${SYMBOL[c]}${cards.length}`),
      h("small", { "aria-hidden": "true" }, cards.map(numberOf).join(" ")),
      h("span", { class: "sr-only" }, ui.t("pile_aria", { colour: word(ui, c), n: cards.length, cards: cards.map(numberOf).join(", ") }))));
  }
  if (down) {
    const n = view.face_down[seat];
    out.push(h("span", { class: "pile-col down", dataset: { colour: down.join(""), count: n } },
      h("b", { "aria-hidden": "true" }, `▼${n}`),
      h("small", { "aria-hidden": "true" }, down.map((c) => `${SYMBOL[c]}${LETTER[lang(ui)][c]}`).join(" ")),
      h("span", { class: "sr-only" }, ui.t("down_aria", { n, colours: down.map((c) => word(ui, c)).join(", ") }))));
  }
  return out.length ? h("div", { class: "piles" }, out) : null;
}

function seatRow(view, seat, ui, me = false) {
  const moving = view.to_move.includes(seat);
  const n = view.hand_counts[seat];
  const live = view.live_scores[seat];
  const total = view.scores[seat];
  return h("div", {
    class: `ca-seat${moving ? " to-move" : ""}${me ? " me" : ""}`,
    dataset: { seat, cards: n, live, total, faceDown: view.face_down[seat] },
  },
  h("div", { class: "line1" },
    h("span", { class: "name" }, ui.seatName(seat)),
    seat === view.dealer ? h("span", { class: "badge dealer", title: ui.t("dealer") }, ui.t("dealer_short")) : null,
    me ? null : h("span", { class: "backs", role: "img", "aria-label": ui.t("cards_aria", { n }) },
      cardBack({ small: true }), h("span", { "aria-hidden": "true" }, `×${n}`)),
    h("span", { class: "scores", role: "img", "aria-label": ui.t("score_aria", { name: ui.seatName(seat), live, total }) },
      h("span", { class: "live", "aria-hidden": "true" }, h("small", {}, ui.t("now")), " ", h("b", {}, live)),
      h("span", { class: "total", "aria-hidden": "true" }, h("small", {}, ui.t("total")), " ", h("b", {}, total)))),
  h("div", { class: "line2" }, collection(view, seat, ui),
    h("span", { class: "reason", dataset: { reason: view.live_reasons[seat].code } }, reasonText(view.live_reasons[seat], ui))));
}

function playedCard(seat, card, ui, extra = {}) {
  return h("div", { class: `played${extra.cls ? ` ${extra.cls}` : ""}`, dataset: { seat } },
    extra.el || caCard(card, ui, { dim: extra.dim }),
    h("small", { class: "who" }, ui.seatName(seat)),
    extra.note ? h("small", { class: `note ${extra.noteCls || ""}` }, extra.note) : null);
}

function trickArea(view, ui) {
  const area = h("section", { class: "trick ca-trick", dataset: { trick: view.tricks_played + 1, lead: view.lead_colour || "" } });
  const slots = h("div", { class: "trick-cards" });
  const trick = view.trick;
  if (trick.length) {
    const label = [ui.t("led_by", { name: ui.seatName(trick[0][0]) }), " · ",
      h("span", { class: `lead col-${view.lead_colour}` }, ui.t("lead_colour", { colour: colourLabel(ui, view.lead_colour) }))];
    if (view.trick_colours.length >= 3 && view.phase === "play") label.push(" · ", h("span", { class: "full" }, ui.t("colours_full")));
    area.append(h("div", { class: "trick-label" }, label));
    const taking = view.phase === "take" && ui.canAct && legalOf(view, "take").length > 0;
    for (const [seat, card] of trick) {
      let note = null;
      let noteCls = "";
      if (view.phase === "take") {
        if (seat === view.big_brother) { note = ui.t("big"); noteCls = "big"; }
        else if (seat === view.little_brother) { note = ui.t("little"); noteCls = "little"; }
      }
      let el = null;
      if (taking) {
        const sel = ui.selection.has(card);
        el = caCard(card, ui, {
          lit: true, selected: sel, selectable: true,
          onclick: () => { sel ? ui.selection.delete(card) : ui.selection.add(card); ui.rerender(); },
        });
      }
      slots.append(playedCard(seat, card, ui, { el, note, noteCls, cls: taking ? "" : noteCls }));
    }
    area.append(slots);
    if (view.phase === "take") {
      const rest = view.little_brother === null || view.little_brother === undefined
        ? ui.t("rest_discarded") : ui.t("rest_to_little", { little: ui.seatName(view.little_brother) });
      area.append(h("p", { class: "brothers", dataset: { big: view.big_brother, little: view.little_brother ?? "" } },
        ui.t("brothers_line", { big: ui.seatName(view.big_brother), k: view.take_count, rest })));
    }
  } else if (view.last_trick && view.phase !== "over") {
    // The trick just shared stays on view until the next card is led.
    area.classList.add("showing-last");
    area.append(h("div", { class: "trick-label" }, lastTrickLine(view.last_trick, ui)));
    area.append(lastTrickCards(view.last_trick, ui));
  } else {
    area.append(h("div", { class: "trick-label" }, ui.t("trick_empty")));
    slots.append(h("div", { class: "played" }, h("div", { class: "card empty", "aria-hidden": "true" })));
    area.append(slots);
  }
  return area;
}

function lastTrickLine(t, ui) {
  const parts = [ui.t("last_trick_line", { big: ui.seatName(t.winner), taken: t.taken.map(short).join(" ") })];
  if (t.little !== null && t.little !== undefined) parts.push(ui.t("last_given", { little: ui.seatName(t.little), given: t.given.map(short).join(" ") }));
  if (t.discarded.length) parts.push(ui.t("last_discarded", { cards: t.discarded.map(short).join(" ") }));
  return parts.join(" · ");
}

function lastTrickCards(t, ui) {
  const row = h("div", { class: "trick-cards" });
  for (const [seat, card] of t.cards) {
    let note;
    let cls;
    if (t.taken.includes(card)) { note = ui.t("to_seat", { name: ui.seatName(t.winner) }); cls = "to-big"; }
    else if (t.given.includes(card)) { note = ui.t("to_seat", { name: ui.seatName(t.little) }); cls = "to-little"; }
    else { note = ui.t("out"); cls = "to-out"; }
    row.append(playedCard(seat, card, ui, { note, noteCls: cls, cls, dim: cls === "to-out" }));
  }
  return row;
}

function lastTrickPanel(view, ui) {
  const t = view.last_trick;
  if (!t || !view.trick.length) return null; // with an empty trick, the last one is in the middle
  const key = `${view.round}:${view.tricks_played}`;
  const panel = h("details", { class: "last-trick ca-last", dataset: { big: t.winner, little: t.little ?? "" } },
    h("summary", {}, `${ui.t("last_trick")}: ${lastTrickLine(t, ui)}`),
    lastTrickCards(t, ui));
  panel.open = lastTrickPanel.open.get(key) ?? false;
  panel.addEventListener("toggle", () => lastTrickPanel.open.set(key, panel.open));
  return panel;
}
lastTrickPanel.open = new Map();

function discardPanel(view, ui) {
  if (!view.discarded.length) return null;
  return h("details", { class: "ca-discards", dataset: { count: view.discarded.length } },
    h("summary", {}, ui.t("discarded_n", { n: view.discarded.length })),
    chips(view.discarded, ui));
}

function roundLines(record, totals, ui) {
  return h("ul", { class: "round-lines" }, record.breakdown.map((e) => h("li", {
    class: e.points ? "scored" : "zero", dataset: { seat: e.seat, points: e.points },
  },
  h("b", {}, ui.seatName(e.seat)), ": ", e.reasons.map((r) => reasonText(r, ui)).join(", "),
  totals ? h("span", { class: "total" }, ` (${ui.t("line_total", { p: totals[e.seat] })})`) : null)));
}

function roundPanel(view, ui) {
  const record = view.last_round;
  if (!record) return null;
  const fresh = view.phase === "over" || (view.tricks_played === 0 && view.round === record.round + 1);
  const key = `${record.round}:${fresh}`;
  const panel = h("details", {
    class: `ca-round${fresh ? " fresh" : ""}`,
    dataset: { round: record.round, points: record.breakdown.map((e) => e.points).join(","), blocked: record.blocked ?? "" },
  },
  h("summary", {}, h("b", {}, ui.t(fresh ? "round_over_open" : "round_over", { n: record.round }))),
  h("p", { class: "how" }, record.blocked !== null && record.blocked !== undefined
    ? ui.t("blocked", { name: ui.seatName(record.blocked) }) : ui.t("all_tricks")),
  roundLines(record, view.phase === "over" ? null : view.scores, ui));
  panel.open = roundPanel.open.get(key) ?? fresh;
  panel.addEventListener("toggle", () => roundPanel.open.set(key, panel.open));
  return panel;
}
roundPanel.open = new Map();

function promptArea(view, ui) {
  const box = h("section", { class: "prompt ca-prompt" });
  if (view.phase === "over") return box;
  const mine = ui.canAct && view.legal_actions.length > 0;
  if (!mine) {
    const who = ui.seatName(view.to_act);
    const key = view.phase === "take" ? "waiting_take" : view.phase === "facedown" ? "waiting_facedown" : "waiting";
    box.append(h("p", { class: "waiting" }, ui.t(key, { name: who })));
    return box;
  }
  box.classList.add("mine");
  const turn = h("b", {}, ui.t("your_turn"));
  if (view.phase === "play") {
    let text;
    if (!view.trick.length) text = ui.t("your_lead");
    else if (view.trick_colours.length >= 3) text = ui.t("your_play_three", { colours: view.trick_colours.map((c) => colourLabel(ui, c)).join(" ") });
    else text = ui.t("your_play");
    box.append(h("p", {}, turn, " — ", text));
  } else if (view.phase === "take") {
    const little = view.little_brother;
    box.append(h("p", {}, turn, " — ", ui.t("your_take", { k: view.take_count }), " ",
      little === null || little === undefined ? ui.t("your_take_discard") : ui.t("your_take_rest", { little: ui.seatName(little) })));
    box.append(takeBar(view, ui));
  } else if (view.phase === "facedown") {
    box.append(h("p", {}, turn, " — ", ui.t("your_facedown")));
    box.append(facedownChoices(view, ui));
  }
  return box;
}

function takeBar(view, ui) {
  const options = legalOf(view, "take");
  const chosen = view.trick.map(([, c]) => c).filter((c) => ui.selection.has(c));
  const match = options.find((args) => sameSet(args, chosen));
  const rest = view.trick.map(([, c]) => c).filter((c) => !ui.selection.has(c));
  const little = view.little_brother;
  const bar = h("div", { class: "actions" },
    h("button", {
      class: "primary", type: "button", disabled: match ? null : true, dataset: { verb: "take" },
      onclick: () => { if (match) { ui.selection.clear(); ui.act(`take ${match.join(" ")}`); } },
    }, `${ui.t("take_btn")} (${chosen.length}/${view.take_count})`),
    chosen.length ? h("button", { type: "button", class: "clear", onclick: () => { ui.selection.clear(); ui.rerender(); } }, ui.t("clear")) : null);
  const wrap = h("div", { class: "take-bar" }, bar);
  if (match) {
    wrap.append(h("p", { class: "rest-preview" }, ui.t("rest_preview", {
      cards: rest.map(short).join(" "),
      who: little === null || little === undefined ? ui.t("nobody") : ui.seatName(little),
    })));
  }
  return wrap;
}

function facedownChoices(view, ui) {
  const me = ui.viewer;
  const up = byColour(view.face_up_cards[me]);
  const box = h("div", { class: "choices ca-facedown" });
  for (const [a, b] of legalOf(view, "facedown")) {
    const [ka, kb] = COLOURS.filter((c) => c !== a && c !== b);
    const action = `facedown ${a} ${b}`;
    box.append(h("button", { class: "choice", type: "button", dataset: { action }, onclick: () => ui.act(action) },
      ui.t("facedown_btn", { a: colourLabel(ui, a), b: colourLabel(ui, b) }),
      h("small", {}, ui.t("facedown_keeps", {
        a: colourLabel(ui, ka), na: up[ka].length, b: colourLabel(ui, kb), nb: up[kb].length,
        d: up[a].length + up[b].length + view.face_down[me],
      }))));
  }
  return box;
}

function handRow(view, ui) {
  const me = ui.viewer;
  const playable = new Set(ui.canAct ? legalOf(view, "play").map(([c]) => c) : []);
  const myPlayTurn = ui.canAct && view.phase === "play" && view.to_act === me;
  const row = h("div", { class: "hand ca-hand", role: "group", "aria-label": ui.seatName(me), onkeydown: arrowKeys });
  for (const code of view.hand || []) {
    const ok = playable.has(code);
    row.append(caCard(code, ui, { lit: ok, dim: myPlayTurn && !ok, onclick: ok ? () => ui.act(`play ${code}`) : null }));
  }
  return row;
}

// A computer's move waits a little longer while a full trick (with its brothers) or the trick just
// shared is on the table, so a person can see who took what.
export function botDelayFactor(view) {
  if (!view) return 1;
  if (view.phase === "take") return 2;
  if (view.phase === "play" && !view.trick.length && view.last_trick) return 1.5;
  return 1;
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const me = ui.viewer;
  return h("div", {
    class: `table chiryaku players-${view.players}`,
    dataset: {
      phase: view.phase, round: view.round, tricksPlayed: view.tricks_played, toAct: view.to_act ?? "",
      mine: ui.canAct && view.legal_actions.length ? view.phase : "",
    },
  },
  infoLine(view, ui),
  roundPanel(view, ui),
  h("div", { class: "ca-seats" }, othersInOrder(view, me).map((s) => seatRow(view, s, ui))),
  trickArea(view, ui),
  lastTrickPanel(view, ui),
  promptArea(view, ui),
  seatRow(view, me, ui, true),
  handRow(view, ui),
  discardPanel(view, ui));
}

export function renderResult(view, ui) {
  const r = view.result;
  const names = joinNames(ui, r.winners.map((s) => ui.seatName(s)));
  const order = [...r.scores.keys()].sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const hands = view.hands || [];
  const left = hands.map((hand, seat) => [seat, hand]).filter(([, hand]) => hand.length);
  return h("div", {
    class: "score ca-result",
    dataset: {
      scores: r.scores.join(","), winners: r.winners.join(","), roundsPlayed: r.rounds_played,
      roundScores: r.round_scores.map((row) => row.join(",")).join(";"),
    },
  },
  h("h2", {}, ui.t(r.winners.length > 1 ? "winners_are" : "winner_is", { names })),
  h("div", { class: "table-wrap" }, h("table", { class: "final" },
    h("caption", {}, ui.t("final_scores"), " · ", ui.t(r.rounds_played === 1 ? "rounds_played_1" : "rounds_played", { n: r.rounds_played })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ui.t("seat_col")),
      r.round_scores.map((_, i) => h("th", { scope: "col" }, ui.t("round_k", { n: i + 1 }))),
      h("th", { scope: "col" }, ui.t("total_col")))),
    h("tbody", {}, order.map((s) => h("tr", { class: r.winners.includes(s) ? "winner" : "", dataset: { seat: s, total: r.scores[s] } },
      h("th", { scope: "row" }, ui.seatName(s), r.winners.includes(s) ? h("span", { class: "tag" }, ` ${ui.t("winner")}`) : null),
      r.round_scores.map((row) => h("td", {}, row[s])),
      h("td", { class: "sum" }, r.scores[s])))))),
  view.last_round ? h("section", { class: "last-round" },
    h("h3", {}, ui.t("last_round_reasons"), ` (${ui.t("round_k", { n: view.last_round.round })})`),
    h("p", { class: "how" }, view.last_round.blocked !== null && view.last_round.blocked !== undefined
      ? ui.t("blocked", { name: ui.seatName(view.last_round.blocked) }) : ui.t("all_tricks")),
    roundLines(view.last_round, null, ui)) : null,
  left.length ? h("section", { class: "hands-left" }, h("h3", {}, ui.t("hands_left")),
    h("ul", {}, left.map(([seat, hand]) => h("li", { dataset: { seat } }, h("b", {}, ui.seatName(seat)), ": ", chips(hand, ui))))) : null);
}
