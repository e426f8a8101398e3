// Mustamaija table: draws view(seat) from the engine (py/tabletop/games/mustamaija.py).
// An attack is built card by card: each tap on a lit hand card sends `add C`, the Attack button
// sends `attack`. A defence is one `beat A:B` per pair: tap an attack card on the table, then one
// of the hand cards lit for it; "Pick up" sends `take`. What is legal comes only from
// view.legal_actions.
import { cardBack, cardEl, h } from "../table.js";

export const STRINGS = {
  en: {
    option_hand_size: "Cards in hand (refilled from the talon)",
    choice_hand_size_5: "5 cards (2–6 players)",
    choice_hand_size_3: "3 cards (2–8 players)",
    option_trump_mode: "Trumps",
    choice_trump_mode_turn_up: "Turned up from the talon after the first attack",
    choice_trump_mode_diamonds: "Diamonds, always",
    choice_trump_mode_marriage: "Declared by showing a king and queen",
    option_deck: "Deck",
    choice_deck_52: "52 cards",
    choice_deck_32: "32 cards, 7 to ace (shorter game)",
    option_end_at_first_out: "Stop when the first player goes out (that player wins)",
    trumps: "Trumps",
    no_trump_yet: "not yet",
    no_trump_turn: "turned up after the first attack",
    no_trump_marriage: "none yet: show K+Q of a suit to declare",
    no_trump_ever: "none (the talon held only spades)",
    talon: "Talon",
    talon_n: "Talon: {n}",
    discard_n: "Discarded: {n}",
    trump_under: "{card} face up under the talon (drawn last)",
    trump_drawn: "trump card {card} drawn by {name}",
    declared_by: "declared by {name}",
    turned_spades: "Spades turned up and put back: {cards}",
    attacker: "attacks",
    defender: "defends",
    out_place: "out {place}",
    known: "seen by all:",
    cards_n: "{n} cards",
    cards_1: "1 card",
    attack_building: "Attack being built: {a} → {d}",
    attack_defending: "Attack: {a} → {d}",
    attack_defended: "Attack {a} → {d}: every card beaten",
    attack_taken: "Attack {a} → {d}: {n} picked up",
    no_attack: "No attack yet",
    picked: "picked up",
    your_attack: "Your attack on {name}: tap cards of one suit (each tap puts one on the table), then Attack.",
    your_attack_more: "Add more {suit}, or attack now. Cards on the table cannot be taken back.",
    limit: "At most {n} cards: {name} holds {n} and the talon is empty.",
    attack_btn: "Attack with {n}",
    attack_btn_1: "Attack with 1 card",
    your_defence: "Tap an attack card, then a lit card in your hand that beats it.",
    your_defence_picked: "Tap a lit card in your hand to beat {card}.",
    your_defence_other: "Or tap another attack card.",
    cannot_beat: "You cannot beat any of these cards.",
    take_btn: "Pick up {n}",
    take_help: "Every attack card you have not beaten goes into your hand; beaten pairs leave the game.",
    declare_btn: "Declare {suit} trumps",
    declare_help: "You hold the king and queen of {suits}: showing them makes that suit trumps for the whole deal.",
    waiting_attack: "{name} is building an attack…",
    waiting_defend: "{name} is defending…",
    maija_note: "Q♠ is the Mustamaija: it can never be beaten and beats nothing. The last player holding cards keeps it and loses.",
    maija_short: "Mustamaija",
    you_out: "You are out: no cards left.",
    // result
    loser_is: "{name} lost: left holding the Mustamaija",
    winner_first: "{name} won: first out",
    maija_holder: "The Mustamaija (Q♠) is held by {name}.",
    out_order: "Out, in order: {names}",
    nobody_out: "Nobody went out.",
    r_out: "Out {place}: no cards left",
    r_winner: "Out first: wins",
    r_loser: "Last player holding cards, with the Mustamaija: loses",
    r_in: "Still holding {n} when the game stopped",
    r_holds_maija: "holds the Mustamaija",
    trump_was: "Trumps: {suit}",
    trump_none: "Trumps: none",
  },
  ja: {
    option_hand_size: "手札の枚数（山札から補充）",
    choice_hand_size_5: "5枚（2〜6人）",
    choice_hand_size_3: "3枚（2〜8人）",
    option_trump_mode: "切り札",
    choice_trump_mode_turn_up: "最初の攻撃の後に山札からめくる",
    choice_trump_mode_diamonds: "常にダイヤ",
    choice_trump_mode_marriage: "KとQを見せて宣言",
    option_deck: "デッキ",
    choice_deck_52: "52枚",
    choice_deck_32: "32枚（7〜A、短いゲーム）",
    option_end_at_first_out: "最初に誰かが上がったら終了（その人の勝ち）",
    trumps: "切り札",
    no_trump_yet: "未定",
    no_trump_turn: "最初の攻撃の後にめくる",
    no_trump_marriage: "未定（同じスートのKとQを見せて宣言）",
    no_trump_ever: "なし（山札がスペードだけでした）",
    talon: "山札",
    talon_n: "山札: {n}枚",
    discard_n: "捨て札: {n}枚",
    trump_under: "{card}は山札の下に表向き（最後に引かれる）",
    trump_drawn: "切り札のカード{card}は{name}が引きました",
    declared_by: "{name}が宣言",
    turned_spades: "めくられて戻されたスペード: {cards}",
    attacker: "攻撃",
    defender: "防御",
    out_place: "{place}番目に上がり",
    known: "公開:",
    cards_n: "{n}枚",
    cards_1: "1枚",
    attack_building: "攻撃を準備中: {a} → {d}",
    attack_defending: "攻撃: {a} → {d}",
    attack_defended: "攻撃 {a} → {d}: すべて撃退",
    attack_taken: "攻撃 {a} → {d}: {n}を拾った",
    no_attack: "まだ攻撃はありません",
    picked: "拾った",
    your_attack: "{name}への攻撃: 同じスートのカードをタップ（1回で1枚を場に出す）してから「攻撃」。",
    your_attack_more: "{suit}を追加するか、攻撃してください。場に出したカードは戻せません。",
    limit: "最大{n}枚: 山札がなく、{name}の手札は{n}枚です。",
    attack_btn: "{n}枚で攻撃",
    attack_btn_1: "1枚で攻撃",
    your_defence: "攻撃カードをタップし、それを撃退できる手札（光っているカード）をタップ。",
    your_defence_picked: "{card}を撃退する手札（光っているカード）をタップ。",
    your_defence_other: "別の攻撃カードをタップして選び直すこともできます。",
    cannot_beat: "撃退できるカードがありません。",
    take_btn: "{n}拾う",
    take_help: "撃退していない攻撃カードはすべて手札に入り、撃退した組はゲームから除かれます。",
    declare_btn: "{suit}を切り札に宣言",
    declare_help: "{suits}のKとQを持っています。見せるとそのスートがこのディールの切り札になります。",
    waiting_attack: "{name}が攻撃を準備中…",
    waiting_defend: "{name}が防御中…",
    maija_note: "♠Qがムスタマイヤ: 決して撃退されず、何も撃退できません。最後までカードを持っていた人が持ち、負けになります。",
    maija_short: "ムスタマイヤ",
    you_out: "上がりました（手札なし）。",
    loser_is: "{name}の負け: ムスタマイヤを持って残りました",
    winner_first: "{name}の勝ち: 最初に上がり",
    maija_holder: "ムスタマイヤ（♠Q）を持っているのは{name}。",
    out_order: "上がった順: {names}",
    nobody_out: "上がった人はいません。",
    r_out: "{place}番目に上がり（手札なし）",
    r_winner: "最初に上がり: 勝ち",
    r_loser: "最後までカードが残り、ムスタマイヤを持っていた: 負け",
    r_in: "終了時に{n}が残っていた",
    r_holds_maija: "ムスタマイヤを持っている",
    trump_was: "切り札: {suit}",
    trump_none: "切り札: なし",
  },
};

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" },
};
const MAIJA = "QS";

(function once() {
  if (typeof document === "undefined") return;
  window.__views = { ...(window.__views || {}), mustamaija: { STRINGS } };
  if (document.getElementById("mustamaija-css")) return;
  document.head.append(h("link", { id: "mustamaija-css", rel: "stylesheet", href: new URL("./mustamaija.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- small helpers
const short = (code) => `${code[0] === "T" ? "10" : code.slice(0, -1)}${SUIT_SYMBOL[code.slice(-1)] || code.slice(-1)}`;
const suitWord = (ui, s) => (SUIT_WORD[ui.lang] || SUIT_WORD.en)[s] || s;
const cardsN = (ui, n) => (n === 1 ? ui.t("cards_1") : ui.t("cards_n", { n }));
const ordinal = (ui, n) => (ui.lang === "ja" ? String(n) : `${n}${(n % 100 >= 11 && n % 100 <= 13) ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th")}`);

// A face-up card; the Mustamaija gets its own mark wherever it shows.
function card(code, opts = {}) {
  const el = cardEl(code, opts);
  if (code === MAIJA) {
    el.classList.add("maija");
    el.title = STRINGS[document.documentElement.lang === "ja" ? "ja" : "en"].maija_short;
  }
  return el;
}

// {attackCard: [beater, ...]} from the legal `beat A:B` actions, in the engine's order.
function beatersByAttack(view) {
  const out = {};
  for (const action of view.legal_actions || []) {
    const [verb, pair] = action.split(" ");
    if (verb !== "beat") continue;
    const [a, b] = pair.split(":");
    (out[a] ||= []).push(b);
  }
  return out;
}

const legalOf = (view, verb) => (view.legal_actions || []).filter((a) => a === verb || a.startsWith(`${verb} `));

// Seats in table order starting after the viewer (the viewer's own seat is drawn at the bottom).
function othersInOrder(view, me) {
  const out = [];
  for (let i = 1; i < view.players; i++) out.push((me + i) % view.players);
  return out;
}

// ---------------------------------------------------------------- table parts
function trumpPanel(view, ui) {
  const opts = view.options;
  const deckSize = opts.deck;
  const stack = h("div", { class: "talon-stack", dataset: { talon: view.talon_count } });
  if (view.trump_card && view.trump_card_in_talon) {
    const tc = card(view.trump_card, { small: true });
    tc.classList.add("under");
    stack.append(tc);
  }
  if (view.talon_count > 0) {
    stack.append(h("div", { class: "talon-top", "aria-label": ui.t("talon_n", { n: view.talon_count }), role: "img" },
      cardBack({ small: true }), h("span", { class: "talon-count", "aria-hidden": "true" }, view.talon_count)));
  } else {
    stack.append(h("div", { class: "card small empty", "aria-hidden": "true" }));
  }

  let trumpText;
  if (view.trump) {
    trumpText = h("b", { class: `trump-suit suit-${view.trump}`, dataset: { trump: view.trump } },
      `${SUIT_SYMBOL[view.trump]} ${suitWord(ui, view.trump)}`);
  } else {
    // Before the first attack is committed, the turn-up has not happened yet: the talon is still
    // exactly what the deal left (the first attacker draws as soon as it commits).
    const dealt = deckSize - view.players * opts.hand_size;
    let key = "no_trump_yet";
    if (opts.trump_mode === "turn_up") key = view.talon_count === dealt ? "no_trump_turn" : "no_trump_ever";
    else if (opts.trump_mode === "marriage") key = "no_trump_marriage";
    trumpText = h("span", { class: "trump-suit none", dataset: { trump: "" } }, ui.t(key));
  }
  const notes = [];
  if (view.trump_card && view.trump_card_in_talon) notes.push(ui.t("trump_under", { card: short(view.trump_card) }));
  if (view.trump_card && view.trump_card_drawn_by !== null) notes.push(ui.t("trump_drawn", { card: short(view.trump_card), name: ui.seatName(view.trump_card_drawn_by) }));
  if (view.declared_by !== null && view.declared_by !== undefined) notes.push(ui.t("declared_by", { name: ui.seatName(view.declared_by) }));
  if (view.turned_spades && view.turned_spades.length) notes.push(ui.t("turned_spades", { cards: view.turned_spades.map(short).join(" ") }));

  return h("section", { class: "mm-info", "aria-label": ui.t("trumps") },
    stack,
    h("div", { class: "mm-facts" },
      h("div", { class: "fact" }, `${ui.t("trumps")}: `, trumpText),
      h("div", { class: "fact small" },
        h("span", { dataset: { talonCount: view.talon_count } }, ui.t("talon_n", { n: view.talon_count })), " · ",
        h("span", { dataset: { discardCount: view.discard_count } }, ui.t("discard_n", { n: view.discard_count }))),
      notes.map((n) => h("div", { class: "fact note" }, n))));
}

function roleBadge(view, seat, ui) {
  if (view.phase === "over") return null;
  if (seat === view.attacker) return h("span", { class: "badge role attacker" }, ui.t("attacker"));
  if (seat === view.defender) return h("span", { class: "badge role defender" }, ui.t("defender"));
  return null;
}

function outBadge(view, seat, ui) {
  const i = view.out_order.indexOf(seat);
  if (i < 0) return null;
  return h("span", { class: "badge out", dataset: { outPlace: i + 1 } }, ui.t("out_place", { place: ordinal(ui, i + 1) }));
}

function seatChip(view, seat, ui) {
  const n = view.hand_counts[seat];
  const known = (view.known_cards && view.known_cards[seat]) || [];
  const moving = view.to_move.includes(seat);
  return h("div", { class: `seat mm-seat${moving ? " to-move" : ""}${view.out_order.includes(seat) ? " is-out" : ""}`, dataset: { seat, count: n } },
    h("span", { class: "name" }, ui.seatName(seat)),
    roleBadge(view, seat, ui),
    outBadge(view, seat, ui),
    h("span", { class: "backs", "aria-label": cardsN(ui, n) }, cardBack({ small: true }), `×${n}`),
    !known.length ? null : seat === ui.viewer
      // Your own: the cards the others know you hold (they are in your hand below), as text.
      ? h("span", { class: "known own", dataset: { known: known.join(",") } }, h("small", {}, ui.t("known"), " ", known.map(short).join(" ")))
      : h("span", { class: "known", "aria-label": ui.t("known"), dataset: { known: known.join(",") } },
        h("small", { "aria-hidden": "true" }, ui.t("known")), known.map((c) => card(c, { small: true }))));
}

function attackArea(view, ui, selected, beaters) {
  const att = view.attack;
  const area = h("section", { class: "mm-attack", dataset: { status: att ? att.status : "none" } });
  if (!att) {
    area.append(h("div", { class: "attack-label" }, ui.t("no_attack")));
    return area;
  }
  const unbeaten = att.cards.filter(([, b]) => b === null).length;
  const names = { a: ui.seatName(att.attacker), d: ui.seatName(att.defender), n: cardsN(ui, unbeaten) };
  area.append(h("div", { class: "attack-label" }, ui.t(`attack_${att.status}`, names)));
  const row = h("div", { class: "pairs" });
  const canBeat = ui.canAct && att.status === "defending";
  for (const [a, b] of att.cards) {
    let el;
    const options = beaters[a] || [];
    if (b === null && canBeat && options.length) {
      el = card(a, {
        lit: a !== selected, selected: a === selected,
        onclick: () => { ui.selection.clear(); ui.selection.add(a); ui.rerender(); },
      });
      el.dataset.target = "1";
    } else {
      el = card(a, { dim: att.status === "taken" && b === null });
    }
    el.classList.add("attack-card");
    const pair = h("div", { class: `pair${b ? " beaten" : ""}${att.status === "taken" && b === null ? " picked" : ""}`, dataset: { attackCard: a, beatenBy: b || "" } }, el);
    if (b) {
      const be = card(b, { small: false });
      be.classList.add("beater");
      pair.append(be);
    } else if (att.status === "taken") {
      pair.append(h("small", { class: "picked-tag" }, ui.t("picked")));
    }
    row.append(pair);
  }
  area.append(row);
  return area;
}

function promptArea(view, ui, selected, beaters) {
  const me = ui.viewer;
  const box = h("section", { class: "prompt mm-prompt" });
  if (view.phase === "over") return box;
  const legal = view.legal_actions || [];
  const declares = legalOf(view, "declare").map((a) => a.split(" ")[1]);
  const declareBar = declares.length ? [
    h("p", { class: "declare-help" }, ui.t("declare_help", { suits: declares.map((s) => SUIT_SYMBOL[s]).join(" ") })),
    h("div", { class: "actions" }, declares.map((s) => h("button", {
      type: "button", class: "choice declare", dataset: { action: `declare ${s}` }, disabled: ui.canAct ? null : true,
      onclick: () => ui.act(`declare ${s}`),
    }, ui.t("declare_btn", { suit: `${SUIT_SYMBOL[s]} ${suitWord(ui, s)}` })))),
  ] : [];

  if (!legal.length) {
    if (!view.hand_counts[me] && view.out_order.includes(me)) box.append(h("p", {}, ui.t("you_out")));
    const mover = view.to_move[0];
    if (mover !== undefined) {
      box.append(h("p", { class: "waiting" }, ui.t(view.phase === "attack" ? "waiting_attack" : "waiting_defend", { name: ui.seatName(mover) })));
    }
    return box;
  }
  if (view.phase === "attack") {
    const added = view.table.length;
    if (!added) box.append(h("p", {}, ui.t("your_attack", { name: ui.seatName(view.defender) })));
    else box.append(h("p", {}, ui.t("your_attack_more", { suit: `${SUIT_SYMBOL[view.table[0].slice(-1)]} ${suitWord(ui, view.table[0].slice(-1))}` })));
    if (view.attack_limit !== null && view.attack_limit !== undefined) {
      box.append(h("p", { class: "limit", dataset: { limit: view.attack_limit } }, h("small", {}, ui.t("limit", { n: view.attack_limit, name: ui.seatName(view.defender) }))));
    }
    box.append(...declareBar);
    if (legal.includes("attack")) {
      box.append(h("div", { class: "actions" }, h("button", {
        type: "button", class: "primary", dataset: { verb: "attack" }, disabled: ui.canAct ? null : true,
        onclick: () => ui.act("attack"),
      }, added === 1 ? ui.t("attack_btn_1") : ui.t("attack_btn", { n: added }))));
    }
  } else if (view.phase === "defend") {
    const any = Object.keys(beaters).length > 0;
    if (!any) box.append(h("p", {}, ui.t("cannot_beat")));
    else if (selected) {
      box.append(h("p", {}, ui.t("your_defence_picked", { card: short(selected) }),
        Object.keys(beaters).length > 1 ? [" ", ui.t("your_defence_other")] : null));
    }
    else box.append(h("p", {}, ui.t("your_defence")));
    box.append(...declareBar);
    if (legal.includes("take")) {
      box.append(h("div", { class: "take-row" }, h("button", {
        type: "button", class: any ? "take" : "primary take", dataset: { verb: "take" }, disabled: ui.canAct ? null : true,
        onclick: () => ui.act("take"),
      }, ui.t("take_btn", { n: cardsN(ui, view.table.length) })),
      h("span", { class: "take-help" }, ui.t("take_help"))));
    }
  }
  return box;
}

function handRow(view, ui, selected, beaters) {
  const adds = new Set(legalOf(view, "add").map((a) => a.split(" ")[1]));
  const lit = view.phase === "defend" ? new Set(selected ? beaters[selected] || [] : []) : adds;
  const row = h("div", { class: "hand mm-hand", role: "group", "aria-label": ui.seatName(ui.viewer) });
  for (const code of view.hand || []) {
    let onclick = null;
    if (ui.canAct && lit.has(code)) {
      onclick = view.phase === "defend" ? () => ui.act(`beat ${selected}:${code}`) : () => ui.act(`add ${code}`);
    }
    row.append(card(code, { lit: !!onclick, onclick }));
  }
  return row;
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const me = ui.viewer;
  const beaters = view.phase === "defend" ? beatersByAttack(view) : {};
  // The attack card being beaten: the one tapped, or the only one that can be beaten.
  let selected = [...ui.selection].find((c) => beaters[c]) || null;
  const targets = Object.keys(beaters);
  if (!selected && targets.length === 1) selected = targets[0];
  const myRole = view.legal_actions && view.legal_actions.length ? view.phase : "wait";
  return h("div", { class: "table mustamaija", dataset: { phase: view.phase, role: myRole, selected: selected || "", toMove: view.to_move.join(",") } },
    trumpPanel(view, ui),
    h("div", { class: `mm-seats n${view.players - 1}` }, othersInOrder(view, me).map((s) => seatChip(view, s, ui))),
    attackArea(view, ui, selected, beaters),
    promptArea(view, ui, selected, beaters),
    seatChip(view, me, ui),
    handRow(view, ui, selected, beaters),
    h("p", { class: "help" }, ui.t("maija_note")));
}

export function renderResult(view, ui) {
  const r = view.result;
  const summary = view.summary || [];
  const hands = view.hands || [];
  // Finishing order: the seats out (in order), then those still holding cards, the loser last.
  const order = [...r.out_order,
    ...summary.filter((s) => s.outcome === "in").map((s) => s.seat),
    ...summary.filter((s) => s.outcome === "loser").map((s) => s.seat)];
  const lines = order.map((seat) => {
    const s = summary.find((x) => x.seat === seat) || { outcome: "in", cards_left: hands[seat]?.length || 0 };
    let reason;
    if (s.outcome === "winner") reason = ui.t("r_winner");
    else if (s.outcome === "out") reason = ui.t("r_out", { place: ordinal(ui, r.out_order.indexOf(seat) + 1) });
    else if (s.outcome === "loser") reason = ui.t("r_loser");
    else reason = ui.t("r_in", { n: cardsN(ui, s.cards_left) }) + ((hands[seat] || []).includes(MAIJA) ? ` · ${ui.t("r_holds_maija")}` : "");
    return h("li", { class: `outcome-${s.outcome}`, dataset: { seat, outcome: s.outcome, cardsLeft: s.cards_left } },
      h("b", {}, ui.seatName(seat)), " — ", reason,
      (hands[seat] || []).length ? h("span", { class: "left" }, (hands[seat] || []).map((c) => card(c, { small: true }))) : null);
  });
  const title = r.winner !== null && r.winner !== undefined
    ? ui.t("winner_first", { name: ui.seatName(r.winner) })
    : ui.t("loser_is", { name: ui.seatName(r.loser) });
  const holder = view.maija_holder;
  return h("div", {
    class: "score mm-result",
    dataset: {
      loser: r.loser ?? "none", winner: r.winner ?? "none", outOrder: r.out_order.join(","),
      trump: r.trump ?? "none", maijaHolder: holder ?? "none",
      cardsLeft: summary.map((s) => s.cards_left).join(","),
    },
  },
  h("h2", {}, title),
  holder !== null && holder !== undefined
    ? h("p", { class: "maija-line" }, card(MAIJA, { small: true }), " ", ui.t("maija_holder", { name: ui.seatName(holder) }))
    : null,
  h("p", { class: "out-line" }, r.out_order.length
    ? ui.t("out_order", { names: r.out_order.map((s) => ui.seatName(s)).join(" → ") })
    : ui.t("nobody_out")),
  h("ol", { class: "standings" }, lines),
  h("p", { class: "trump-line" }, r.trump ? ui.t("trump_was", { suit: `${SUIT_SYMBOL[r.trump]} ${suitWord(ui, r.trump)}` }) : ui.t("trump_none")));
}
