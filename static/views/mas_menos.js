// Más-Menos table: draws view(seat) from the engine (py/tabletop/games/mas_menos.py).
import { cardBack, cardEl, choiceButtons, h, handEl } from "../table.js";

export const STRINGS = {
  en: {
    option_games: "Games in the match",
    discard_prompt: "Discard 3 cards face down. The first to discard declares first.",
    discard: "Discard",
    declare_first: "You discarded first: choose a declaration.",
    declare_second: "Choose from the other pair.",
    wait_declare: "Waiting for the first declaration…",
    mas: "Más", menos: "Menos", antes: "Antes", despues: "Después",
    mas_d: "high card wins, more tricks win", menos_d: "low card wins, fewer tricks win",
    antes_d: "the declarer leads", despues_d: "the opponent leads",
    trick_rule: "Trick", game_rule: "Game",
    high: "high card wins", low: "low card wins",
    more: "more tricks win", fewer: "fewer tricks win",
    red_pile: "♥♦ trick rule", black_pile: "♠♣ game rule",
    declared: "declared {x}",
    discarded: "discarded", not_discarded: "choosing discards",
    lead: "Lead a card", follow: "Play a card (any card)",
    equal_note: "Equal ranks: the led card counts higher.",
    result_line: "{rule}: {name0} {t0} – {t1} {name1}",
    score_reason: "{name} wins: {a} − {b} = {p} points",
    discards_shown: "Discards",
    trick_n: "Trick {n}/13",
    rules_help: "♦ winner → low wins tricks · ♥ → high · ♣ → fewer tricks win · ♠ → more",
    last_game: "Last game: {name} won {p} points",
  },
  ja: {
    option_games: "マッチのゲーム数",
    discard_prompt: "3枚を裏向きに捨ててください。先に捨てた人が先に宣言します。",
    discard: "捨てる",
    declare_first: "先に捨てました。宣言を選んでください。",
    declare_second: "もう一方の組から選んでください。",
    wait_declare: "最初の宣言を待っています…",
    mas: "マス", menos: "メノス", antes: "アンテス", despues: "デスプエス",
    mas_d: "高いカードが勝ち・トリックが多い方が勝ち", menos_d: "低いカードが勝ち・トリックが少ない方が勝ち",
    antes_d: "宣言者が最初にリード", despues_d: "相手が最初にリード",
    trick_rule: "トリック", game_rule: "ゲーム",
    high: "高いカードが勝つ", low: "低いカードが勝つ",
    more: "トリックが多い方が勝ち", fewer: "トリックが少ない方が勝ち",
    red_pile: "♥♦ トリックの条件", black_pile: "♠♣ ゲームの条件",
    declared: "宣言: {x}",
    discarded: "捨て札済み", not_discarded: "捨て札を選択中",
    lead: "カードを出してください（リード）", follow: "カードを出してください（何を出してもよい）",
    equal_note: "同じランクなら先に出したカードが高いとみなします。",
    result_line: "{rule}: {name0} {t0} – {t1} {name1}",
    score_reason: "{name}の勝ち: {a} − {b} = {p}点",
    discards_shown: "捨て札",
    trick_n: "トリック {n}/13",
    rules_help: "♦で勝つ→低いカードが勝つ・♥→高い・♣→少ない方が勝ち・♠→多い方が勝ち",
    last_game: "前のゲーム: {name}が{p}点",
  },
};

function rulePanel(view, ui) {
  const pile = (label, code, rule, kind) => h("div", { class: `pile ${kind}`, dataset: { rule: rule ?? "" } },
    h("div", { class: "pile-label" }, ui.t(label)),
    code ? cardEl(code, { small: true }) : h("div", { class: "card empty small", "aria-hidden": "true" }),
    h("div", { class: "rule-text" }, rule ? ui.t(rule) : "—"));
  return h("section", { class: "rules", "aria-label": "rules" },
    pile("red_pile", view.visible.red, view.trick_rule, "red"),
    pile("black_pile", view.visible.black, view.game_rule, "black"),
    h("p", { class: "help" }, ui.t("rules_help")));
}

function seatBox(view, seat, ui, { top }) {
  const me = seat === ui.viewer;
  const decl = view.declarations[seat];
  return h("div", { class: `seat ${top ? "top" : "bottom"}${view.to_move.includes(seat) ? " to-move" : ""}`, dataset: { seat } },
    h("span", { class: "name" }, ui.seatName(seat)),
    h("span", { class: "count" }, `${ui.t("tricks")}: `, h("b", { dataset: { tricks: seat } }, view.tricks[seat])),
    decl ? h("span", { class: "badge" }, ui.t("declared", { x: ui.t(decl) })) : null,
    view.phase === "prepare" && !decl ? h("span", { class: "badge" }, ui.t(view.discarded[seat] ? "discarded" : "not_discarded")) : null,
    !me ? h("span", { class: "backs", role: "img", "aria-label": ui.t("cards_left", { n: view.hand_counts[seat] }) },
      cardBack({ small: true }), `×${view.hand_counts[seat]}`) : null);
}

function trickArea(view, ui) {
  const area = h("section", { class: "trick", "aria-label": ui.t("trick_n", { n: view.tricks_played + 1 }) });
  area.append(h("div", { class: "trick-label" }, view.phase === "play" ? ui.t("trick_n", { n: view.tricks_played + 1 }) : ""));
  const slots = h("div", { class: "trick-cards" });
  for (const [seat, card] of view.trick) slots.append(h("div", { class: "played" }, cardEl(card), h("small", {}, ui.seatName(seat))));
  area.append(slots);
  const last = view.history[view.history.length - 1];
  if (last) {
    const details = h("details", { class: "last-trick" }, h("summary", {}, ui.t("last_trick")),
      h("div", { class: "trick-cards" }, last.cards.map(([seat, card]) => h("div", { class: `played${seat === last.winner ? " won" : ""}` },
        cardEl(card, { small: true }), h("small", {}, ui.seatName(seat))))));
    area.append(details);
  }
  return area;
}

function prompt(view, ui) {
  const me = ui.viewer;
  const legal = view.legal_actions;
  const box = h("section", { class: "prompt" });
  if (view.phase === "prepare") {
    if (!view.discarded[me]) box.append(h("p", {}, ui.t("discard_prompt")));
    const declares = choiceButtons(view, "declare", ([x]) => ui.t(x), ui, ([x]) => ui.t(`${x}_d`));
    if (declares.length) {
      box.append(h("p", {}, ui.t(view.first_discarder === me ? "declare_first" : "declare_second")), h("div", { class: "choices" }, declares));
    } else if (view.discarded[me] && view.first_discarder !== me && view.declarations[view.first_discarder] === null) {
      box.append(h("p", {}, ui.t("wait_declare")));
    }
  } else if (view.phase === "play" && legal.length) {
    box.append(h("p", {}, ui.t(view.trick.length ? "follow" : "lead"), " ", h("small", {}, ui.t("equal_note"))));
  } else if (view.phase === "play") {
    const other = view.to_move[0];
    box.append(h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(other) })));
  }
  return box;
}

// The discard race is part of the game: the computer takes a person's time to choose its discards.
export function botDelayFactor(view) {
  return view && view.phase === "prepare" && !view.discarded[1 - view.seat] ? 8 : 1;
}

export function render(view, ui) {
  const me = ui.viewer;
  const other = 1 - me;
  const { row, bar } = handEl(view.hand, view, ui, { labels: { discard: ui.t("discard"), clear: ui.t("clear"), hand: ui.t("you") } });
  const info = view.options.games > 1
    ? h("p", { class: "match" }, ui.t("game_n", { n: view.game_number, total: view.options.games }), " · ",
      `${ui.t("match_points")}: ${view.match_points[me]} – ${view.match_points[other]}`,
      view.last_game ? h("span", {}, " · ", ui.t("last_game", { name: ui.seatName(view.last_game.winner), p: view.last_game.points[view.last_game.winner] })) : null)
    : null;
  return h("div", { class: "table mas-menos", dataset: { phase: view.phase } },
    info,
    seatBox(view, other, ui, { top: true }),
    rulePanel(view, ui),
    trickArea(view, ui),
    prompt(view, ui),
    seatBox(view, me, ui, { top: false }),
    view.discard ? h("div", { class: "own-discard" }, `${ui.t("discards_shown")}: `, view.discard.map((c) => cardEl(c, { small: true, dim: true }))) : null,
    row, bar);
}

export function renderResult(view, ui) {
  const r = view.result;
  const me = ui.viewer;
  const other = 1 - me;
  const games = r.game_results.map((g, i) => h("li", {},
    r.games_played > 1 ? `#${i + 1} ` : "",
    ui.t("result_line", { rule: ui.t(g.game_rule), name0: ui.seatName(me), t0: g.tricks[me], t1: g.tricks[other], name1: ui.seatName(other) }),
    " → ",
    ui.t("score_reason", { name: ui.seatName(g.winner), a: Math.max(...g.tricks), b: Math.min(...g.tricks), p: g.points[g.winner] })));
  return h("div", { class: "score", dataset: { winner: r.match_winner ?? "draw", points: r.match_points.join(",") } },
    h("h2", {}, r.match_winner === null ? ui.t("draw") : ui.t("winner_is", { name: ui.seatName(r.match_winner) })),
    h("ul", {}, games),
    h("p", { class: "totals" }, `${ui.t("points")}: `,
      h("span", { dataset: { seatPoints: me } }, `${ui.seatName(me)} ${r.match_points[me]}`), " · ",
      h("span", { dataset: { seatPoints: other } }, `${ui.seatName(other)} ${r.match_points[other]}`)),
    view.discards ? h("p", { class: "discards" }, `${ui.t("discards_shown")}: `,
      [me, other].map((s) => h("span", {}, `${ui.seatName(s)} `, (view.discards[s] || []).map((c) => cardEl(c, { small: true }))))) : null);
}
