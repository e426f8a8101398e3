// 4 Thrones table: draws view(0) from the engine (py/tabletop/games/four_thrones.py).
// One player. The four thrones form a 2 x 2 square; the turned-up card is placed with one tap on a
// lit throne (the thrones it may go on come from view.legal_actions only), or skipped to the bottom
// of the deck. A throne that cannot take the card says why (the engine's reason, view.blocked,
// put in short words). The Hint button asks the engine's fair hint (sampled deck orders, never the
// real one); after the game the engine's exact solver says whether the deal could be won.
import { cardEl, cardName, h } from "../table.js";

export const STRINGS = {
  en: {
    option_ace_rule: "Ace rule (where an Ace may go)",
    choice_ace_rule_seed: "Article: only on a 2 or a K",
    choice_ace_rule_designer: "Designer: on any card but an A",
    option_unique_top_ranks: "No two thrones may show the same rank",
    option_max_skips: "Skips per game (0–10)",
    thrones: "Thrones",
    pos_0: "top-left", pos_1: "top-right", pos_2: "bottom-left", pos_3: "bottom-right",
    throne_at: "{pos} throne",
    deck: "Deck",
    deck_n: "Deck: {n} cards",
    placed: "Placed",
    placed_n: "Placed {n} of {total}",
    skips: "Skips left",
    skips_n: "Skips left {n}/{max}",
    turned_up: "Turned up",
    current_is: "Turned-up card: {card}",
    came_back: "back from the bottom",
    skip: "Skip",
    skip_left: "skips left {n}/{max}",
    skip_what: "the {card} (to the bottom of the deck);",
    no_skip_left: "No skip left",
    place_here: "Place here",
    place_aria: "Put the {card} on the {pos} throne (top: {top}):",
    blocked_aria: "The {pos} throne (top: {top}) cannot take the {card}:",
    throne_aria: "The {pos} throne: top {top}; cards under it: {n}",
    under_n: "+{n}",
    under_none: "+0",
    show_stack: "cards under the {pos} throne: show all {n}",
    stack_title: "The {pos} throne, bottom card first ({n} cards)",
    hide: "Hide",
    hint: "Hint",
    hint_busy: "Thinking…",
    hint_busy_long: "Thinking… (trying sampled orders of the unseen cards)",
    hint_tag: "Hint",
    hint_place: "Hint: put the {card} on the {pos} throne.",
    hint_skip: "Hint: skip the {card}.",
    hint_why: "It keeps the deal winnable in {wins} of {samples} sampled deck orders.",
    hint_why_none: "None of the {samples} sampled deck orders gave a sure win; this move got furthest (about {avg} more cards placed on average).",
    hint_fair: "The hint knows only what you see: it tries random orders of the unseen cards.",
    hint_failed: "No hint: {reason}",
    do_place: "Tap a lit throne to place the {card}, or skip it.",
    do_place_noskip: "Tap a lit throne to place the {card} (no skip left).",
    do_skip: "The {card} fits on no throne: skip it to the bottom of the deck.",
    status_start: "New deal: four thrones are dealt and the first card is turned up.",
    status_placed: "You put the {card} on the {pos} throne.",
    status_skipped: "You skipped the {card}: it lies at the bottom of the deck.",
    status_next: "Next card: {card}.",
    status_back: "Next card: the {card} you skipped is back.",
    status_won: "Every card is placed: you won!",
    status_lost: "The {card} fits on no throne and no skip is left: the game is over.",
    bottom: "Bottom of the deck (you skipped them):",
    bottom_none: "No skipped card waits at the bottom.",
    bottom_aria: "Skipped cards at the bottom of the deck, top first",
    help_title: "What fits on a throne",
    help_higher: "a higher card, any suit",
    help_ace_seed: "an A on a 2 or a K",
    help_ace_designer: "an A on any card but an A",
    help_on_ace: "anything but an A on an A",
    help_jack: "J takes any 2–10",
    help_queen: "Q takes lower ♥ ♦",
    help_king: "K takes lower ♠",
    help_nosuit: "J Q K have no suit",
    help_unique: "no two thrones may show the same rank",
    r_ace_ace: "no A on an A",
    r_ace_only: "an A goes only on a 2 or a K",
    r_queen: "a Q takes only lower ♥ ♦",
    r_king: "a K takes only lower ♠",
    r_same: "same rank",
    r_nosuit: "a {c} has no suit: not on a {t}",
    r_lower: "not higher than {t}",
    r_unique: "a {r} already shows ({pos})",
    won_title: "You won!",
    won_text: "All {n} cards are on the thrones.",
    lost_title: "No move left",
    lost_text: "The {card} fits on no throne and no skip is left.",
    final_score: "Placed {n} of {total} · skips used {s} of {max} · cards left {left}",
    truth_title: "Could this deal be won?",
    truth_busy: "Checking the deal…",
    truth_yes: "This deal was winnable.",
    truth_yes_won: "This deal was winnable, and you won it.",
    truth_no: "This deal was not winnable: no order of moves places every card ({nodes} positions checked).",
    truth_unknown: "This deal could not be decided within {limit} positions.",
    truth_failed: "The deal could not be checked: {reason}",
    truth_line: "A winning line ({n} moves)",
    truth_oracle: "The solver looks at the real deck order, which you could not see while playing.",
    watch_line: "Watch the winning line",
    move_place: "{card} → {pos}",
    move_skip: "skip the {card}",
    move_skip_unknown: "skip the turned-up card",
  },
  ja: {
    option_ace_rule: "Aのルール（Aを置ける場所）",
    choice_ace_rule_seed: "記事: 2かKの上だけ",
    choice_ace_rule_designer: "作者: A以外ならどの上にも",
    option_unique_top_ranks: "玉座の一番上に同じランクを並べない",
    option_max_skips: "1ゲームのスキップ回数（0〜10）",
    thrones: "玉座",
    pos_0: "左上", pos_1: "右上", pos_2: "左下", pos_3: "右下",
    throne_at: "{pos}の玉座",
    deck: "山札",
    deck_n: "山札: {n}枚",
    placed: "置いた枚数",
    placed_n: "置いた枚数 {n}/{total}",
    skips: "残りスキップ",
    skips_n: "残りスキップ {n}/{max}",
    turned_up: "めくったカード",
    current_is: "めくったカード: {card}",
    came_back: "山札の下から戻ったカード",
    skip: "スキップ",
    skip_left: "残り {n}/{max}",
    skip_what: "（{card}を山札の一番下へ）",
    no_skip_left: "スキップは残っていません",
    place_here: "ここに置ける",
    place_aria: "{card}を{pos}の玉座（一番上: {top}）に置く:",
    blocked_aria: "{pos}の玉座（一番上: {top}）には{card}を置けません:",
    throne_aria: "{pos}の玉座: 一番上は{top}、下に{n}枚",
    under_n: "+{n}",
    under_none: "+0",
    show_stack: "枚が{pos}の玉座の下に。{n}枚すべてを見る",
    stack_title: "{pos}の玉座（下から順に{n}枚）",
    hide: "閉じる",
    hint: "ヒント",
    hint_busy: "考え中…",
    hint_busy_long: "考え中…（見えていないカードの並びを試しています）",
    hint_tag: "ヒント",
    hint_place: "ヒント: {card}を{pos}の玉座へ。",
    hint_skip: "ヒント: {card}をスキップ。",
    hint_why: "試した{samples}通りの山札の並びのうち{wins}通りで、まだ勝てる形が残ります。",
    hint_why_none: "試した{samples}通りの並びでは確実に勝てる形が見つからず、いちばん先まで進めた手です（平均してあと{avg}枚置けました）。",
    hint_fair: "ヒントはあなたに見えている情報だけを使い、見えないカードの並びをランダムに試します。",
    hint_failed: "ヒントなし: {reason}",
    do_place: "光っている玉座をタップして{card}を置くか、スキップしてください。",
    do_place_noskip: "光っている玉座をタップして{card}を置いてください（スキップは残っていません）。",
    do_skip: "{card}はどの玉座にも置けません。スキップして山札の一番下へ送ってください。",
    status_start: "新しい配札です。4つの玉座が配られ、最初のカードがめくられました。",
    status_placed: "{card}を{pos}の玉座に置きました。",
    status_skipped: "{card}をスキップしました。山札の一番下にあります。",
    status_next: "次のカード: {card}。",
    status_back: "次のカード: スキップした{card}が戻ってきました。",
    status_won: "すべてのカードを置きました。あなたの勝ちです！",
    status_lost: "{card}はどの玉座にも置けず、スキップも残っていません。ゲーム終了です。",
    bottom: "山札の一番下（スキップしたカード）:",
    bottom_none: "山札の下で待っているスキップしたカードはありません。",
    bottom_aria: "山札の一番下にあるスキップしたカード（上から順）",
    help_title: "玉座に置けるカード",
    help_higher: "より高いカード（スート自由）",
    help_ace_seed: "Aは2かKの上",
    help_ace_designer: "AはA以外の上ならどこでも",
    help_on_ace: "Aの上にはA以外なら何でも",
    help_jack: "Jには2〜10なら何でも",
    help_queen: "Qにはより低い♥♦",
    help_king: "Kにはより低い♠",
    help_nosuit: "J・Q・Kにはスートがない",
    help_unique: "玉座の一番上に同じランクは並べられない",
    r_ace_ace: "AにAは置けない",
    r_ace_only: "Aは2かKの上だけ",
    r_queen: "Qには低い♥♦の数字だけ",
    r_king: "Kには低い♠の数字だけ",
    r_same: "同じランク",
    r_nosuit: "{c}はスートなし: {t}には不可",
    r_lower: "{t}より高くない",
    r_unique: "{pos}にもう{r}がある",
    won_title: "勝ち！",
    won_text: "{n}枚すべてを玉座に置きました。",
    lost_title: "もう置けません",
    lost_text: "{card}はどの玉座にも置けず、スキップも残っていません。",
    final_score: "置いた枚数 {n}/{total}・使ったスキップ {s}/{max}・残り {left}枚",
    truth_title: "この配札は勝てた？",
    truth_busy: "配札を調べています…",
    truth_yes: "この配札は勝てる配札でした。",
    truth_yes_won: "この配札は勝てる配札で、あなたは勝ちました。",
    truth_no: "この配札はどう置いても勝てない配札でした（{nodes}局面を調べました）。",
    truth_unknown: "{limit}局面までの探索では判定できませんでした。",
    truth_failed: "配札を調べられませんでした: {reason}",
    truth_line: "勝ち筋（{n}手）",
    truth_oracle: "この判定は、プレイ中には見えなかった本当の山札の並びを使っています。",
    watch_line: "勝ち筋をリプレイで見る",
    move_place: "{card} → {pos}",
    move_skip: "{card}をスキップ",
    move_skip_unknown: "めくったカードをスキップ",
  },
};

// ---------------------------------------------------------------- small helpers
(function once() {
  if (typeof document === "undefined") return;
  // The setup screen reads option labels from window.__views[slug].STRINGS once this is loaded.
  window.__views = { ...(window.__views || {}), four_thrones: { STRINGS } };
  if (document.getElementById("four_thrones-css")) return;
  document.head.append(h("link", { id: "four_thrones-css", rel: "stylesheet", href: new URL("./four_thrones.css", import.meta.url).href }));
})();

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const short = (code) => `${code[0] === "T" ? "10" : code[0]}${SUIT_SYMBOL[code[1]] || code[1]}`;
const RANK_OF_WORD = { two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9",
  ten: "10", jack: "J", queen: "Q", king: "K", ace: "A" };
const rankShort = (code) => (code[0] === "T" ? "10" : code[0]);
const posName = (t, ui) => ui.t(`pos_${t}`);
// dataset values without the empty ones (h() would write "null").
const ds = (obj) => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== null && v !== undefined));

// The place action for each throne, from view.legal_actions only ("place 7H 2" -> {2: "place 7H 2"}).
function legalPlan(view) {
  const place = {};
  let skip = null;
  for (const action of view.legal_actions || []) {
    const [verb, ...args] = action.split(" ");
    if (verb === "place" && args.length === 2) {
      const t = args.find((a) => /^[0-3]$/.test(a));
      if (t !== undefined) place[t] = action;
    } else if (verb === "skip") skip = action;
  }
  return { place, skip };
}

// The engine's reason why a throne cannot take the card (view.blocked), in a few words of the
// reader's language. An unknown reason is shown as the engine wrote it.
function shortReason(text, t, view, ui) {
  if (!text) return "";
  const top = view.tops[t];
  let m;
  if (text === "an ace never goes on an ace") return ui.t("r_ace_ace");
  if (text === "an ace goes only on a 2 or a king") return ui.t("r_ace_only");
  if (text === "a queen takes only lower hearts or diamonds") return ui.t("r_queen");
  if (text === "a king takes only lower spades") return ui.t("r_king");
  if ((m = /^a (\w+) never goes on a (\w+)$/.exec(text))) return ui.t("r_same");
  if ((m = /^a (\w+) has no suit, so it never goes on a higher (\w+)$/.exec(text))) {
    return ui.t("r_nosuit", { c: RANK_OF_WORD[m[1]] || m[1], t: RANK_OF_WORD[m[2]] || m[2] });
  }
  if (/^the .+ is not higher than the .+$/.test(text)) return ui.t("r_lower", { t: short(top) });
  if ((m = /^two thrones would show an? (\w+) \(throne (\d)/.exec(text))) {
    return ui.t("r_unique", { r: RANK_OF_WORD[m[1]] || m[1], pos: posName(m[2], ui) });
  }
  return text;
}

function totalCards(view) {
  return view.cards_placed + view.deck_count + (view.current ? 1 : 0);
}

function positionKey(view) {
  return [view.thrones.map((s) => s.join(".")).join("/"), view.current || "-", view.deck_count,
    view.skips_used, view.history.length].join("|");
}

// ---------------------------------------------------------------- the fair hint (cached per position)
let hintState = { key: null, busy: false, res: null };

async function askHint(ui, key) {
  hintState = { key, busy: true, res: null };
  ui.rerender();
  let res;
  try {
    res = await ui.call("hint", ui.viewer);
  } catch (err) {
    res = { ok: false, error: String(err) };
  }
  if (hintState.key !== key) return;
  hintState = { key, busy: false, res };
  // Redraw only if the table still shows this position (a move may have been made meanwhile).
  const table = document.querySelector(".table.four_thrones");
  if (table && table.dataset.pos === key) ui.rerender();
}

function hintedAction(key) {
  const res = hintState.key === key && hintState.res;
  return res && res.ok && res.actions && res.actions.length ? res.actions[0] : null;
}

function hintText(view, ui, key) {
  if (hintState.key !== key) return "";
  if (hintState.busy) return ui.t("hint_busy_long");
  const res = hintState.res;
  if (!res) return "";
  if (!res.ok) return ui.t("hint_failed", { reason: res.error });
  const best = res.actions && res.actions[0];
  if (!best) return "";
  const card = cardName(view.current);
  const [verb, ...args] = best.split(" ");
  const t = args.find((a) => /^[0-3]$/.test(a));
  const what = verb === "skip" ? ui.t("hint_skip", { card }) : ui.t("hint_place", { card, pos: posName(t, ui) });
  const fig = (res.figures || []).find((f) => f.action === best);
  const samples = res.samples || 0;
  let why = "";
  if (fig && fig.wins > 0) why = ui.t("hint_why", { wins: fig.wins, samples });
  else if (fig) why = ui.t("hint_why_none", { samples, avg: samples ? Math.round(fig.progress / samples) : 0 });
  return `${what}${ui.lang === "ja" ? "" : " "}${why}`;
}

// ---------------------------------------------------------------- table parts
function infoBar(view, ui) {
  const total = totalCards(view);
  const pct = total ? Math.round((100 * view.cards_placed) / total) : 0;
  return h("section", { class: "ft-info" },
    h("div", { class: "ft-progress", dataset: { placed: view.cards_placed, total } },
      h("span", { class: "ft-progress-text" }, ui.t("placed_n", { n: view.cards_placed, total })),
      h("span", { class: "ft-bar", "aria-hidden": "true" }, h("span", { class: "ft-bar-fill", style: `width:${pct}%` }))),
    h("div", { class: "ft-skips", dataset: { skipsLeft: view.skips_left, maxSkips: view.max_skips } },
      h("span", { class: "sr-only" }, ui.t("skips_n", { n: view.skips_left, max: view.max_skips })),
      h("span", { class: "ft-label", "aria-hidden": "true" }, ui.t("skips")),
      h("span", { class: "ft-pips", "aria-hidden": "true" },
        view.max_skips > 0 && view.max_skips <= 5
          ? [...Array(view.max_skips).keys()].map((i) => h("span", { class: `ft-pip${i < view.skips_left ? " on" : ""}` }))
          : `${view.skips_left}/${view.max_skips}`)));
}

function statusLine(view, ui) {
  const last = view.history[view.history.length - 1];
  const parts = [];
  if (!last) parts.push(ui.t("status_start"));
  else if (last.skip) parts.push(ui.t("status_skipped", { card: cardName(last.card) }));
  else parts.push(ui.t("status_placed", { card: cardName(last.card), pos: posName(last.throne, ui) }));
  if (view.phase === "over") {
    parts.push(view.result && view.result.won ? ui.t("status_won") : ui.t("status_lost", { card: cardName(view.current || "") }));
  } else if (view.current && last) {
    parts.push(view.skipped.includes(view.current) ? ui.t("status_back", { card: cardName(view.current) })
      : ui.t("status_next", { card: cardName(view.current) }));
  }
  return h("p", { class: "ft-status", role: "status", dataset: { last: last ? (last.skip ? `skip ${last.card}` : `place ${last.card} ${last.throne}`) : "" } },
    parts.join(ui.lang === "ja" ? "" : " "));
}

function playRow(view, ui, plan, key, hinted) {
  const current = view.current;
  const back = current && view.skipped.includes(current);
  const cardBox = h("div", { class: "ft-current", dataset: { current: current || "" } },
    h("span", { class: "ft-label" }, ui.t("turned_up")),
    current ? cardEl(current, {}) : h("div", { class: "card empty", "aria-hidden": "true" }),
    back ? h("span", { class: "ft-back-tag" }, ui.t("came_back")) : null);
  const side = h("div", { class: "ft-side" });
  if (view.phase !== "over" && ui.canAct) {
    const skipHinted = hinted === "skip";
    side.append(h("button", {
      type: "button", class: `ft-skip${plan.skip ? "" : " off"}${skipHinted ? " hint" : ""}`,
      disabled: plan.skip ? null : true, dataset: ds({ action: "skip", hint: skipHinted ? "1" : null, ftFocus: "skip" }),
      onclick: () => plan.skip && ui.act(plan.skip),
    }, h("span", { class: "ft-skip-word" }, ui.t("skip")),
    plan.skip ? h("span", { class: "sr-only" }, ` ${ui.t("skip_what", { card: cardName(current) })} `) : null,
    h("small", {}, plan.skip ? ui.t("skip_left", { n: view.skips_left, max: view.max_skips }) : ui.t("no_skip_left")),
    skipHinted ? h("span", { class: "ft-hint-tag", "aria-hidden": "true" }, ui.t("hint_tag")) : null));
    const mine = hintState.key === key ? hintState : null;
    side.append(h("button", {
      type: "button", class: "hint", disabled: mine && mine.busy ? true : null, "aria-busy": mine && mine.busy ? "true" : null,
      dataset: { ftFocus: "hint" },
      onclick: () => askHint(ui, key),
    }, mine && mine.busy ? ui.t("hint_busy") : ui.t("hint")));
  } else if (view.phase !== "over") {
    side.append(h("p", { class: "ft-skip-info" }, ui.t("skips_n", { n: view.skips_left, max: view.max_skips })));
  }
  const deck = h("div", { class: "ft-deck", role: "img", "aria-label": ui.t("deck_n", { n: view.deck_count }), dataset: { deck: view.deck_count } },
    h("span", { class: "ft-label", "aria-hidden": "true" }, ui.t("deck")),
    h("span", { class: `card back${view.deck_count ? "" : " gone"}`, "aria-hidden": "true" }, h("span", { class: "ft-deck-n" }, String(view.deck_count))));
  return h("section", { class: "ft-play" }, deck, cardBox, side);
}

function promptLine(view, ui, plan) {
  if (view.phase === "over" || !ui.canAct || !view.current) return null;
  const card = cardName(view.current);
  const places = Object.keys(plan.place).length;
  const text = places ? ui.t(plan.skip ? "do_place" : "do_place_noskip", { card }) : ui.t("do_skip", { card });
  return h("p", { class: `ft-prompt${places ? "" : " urgent"}` }, text);
}

const expanded = { throne: null };

function throneCell(view, ui, plan, t, hinted) {
  const stack = view.thrones[t];
  const top = view.tops[t];
  const under = stack.length - 1;
  const action = plan.place[t];
  const lit = !!action && ui.canAct;
  const isHint = lit && hinted === action;
  const current = view.current;
  const why = !action && current ? shortReason(view.blocked[t], t, view, ui) : "";
  const pos = posName(t, ui);
  const topCard = cardEl(top, {});
  const face = h("span", { class: "ft-top" }, topCard);
  const note = lit ? h("span", { class: "ft-note ok" }, isHint ? h("span", { class: "ft-hint-tag" }, ui.t("hint_tag")) : null, `▶ ${ui.t("place_here")}`)
    : why ? h("span", { class: "ft-note why" }, `✕ ${why}`) : h("span", { class: "ft-note" }, "");
  // While you may act: lit (a tap places the card) or blocked (dimmed, with the reason). Otherwise
  // (a replay) a throne that could take the card is only outlined.
  const classes = ["ft-throne-main", lit ? "lit" : "", ui.canAct && !lit && current && view.phase !== "over" ? "blocked" : "",
    !ui.canAct && action ? "could" : "", isHint ? "hint" : ""].filter(Boolean).join(" ");
  const data = ds({ throne: t, top, count: stack.length, action: action || `place ${current || ""} ${t}`, hint: isHint ? "1" : null,
    ftFocus: `throne-${t}` });
  let main;
  if (ui.canAct && current && view.phase !== "over") {
    // Every throne can be tapped: a lit one places the card; another is sent too, and the engine's
    // refusal (with its reason) is shown, so the rule explains itself.
    // Named by its text: what the tap does (hidden words), then the visible note.
    topCard.setAttribute("aria-hidden", "true");
    main = h("button", {
      type: "button", class: classes, dataset: data,
      onclick: () => ui.act(action || `place ${current} ${t}`),
    }, h("span", { class: "sr-only" }, `${lit ? ui.t("place_aria", { card: cardName(current), pos, top: cardName(top) })
      : ui.t("blocked_aria", { card: cardName(current), pos, top: cardName(top) })} `), face, note);
  } else {
    main = h("div", { class: classes, dataset: data, role: "img", "aria-label": ui.t("throne_aria", { pos, top: cardName(top), n: under }) },
      face, why ? note : null);
  }
  const open = expanded.throne === t;
  const more = under > 0
    ? h("button", {
      type: "button", class: `ft-under${open ? " open" : ""}`, "aria-expanded": String(open),
      dataset: { under, ftFocus: `under-${t}` },
      onclick: () => { expanded.throne = open ? null : t; ui.rerender(); },
    }, h("span", {}, ui.t("under_n", { n: under })), h("span", { class: "sr-only" }, ` ${ui.t("show_stack", { n: stack.length, pos })}`),
    h("span", { class: "ft-stack-icon", "aria-hidden": "true" }, open ? "▴" : "▾"))
    : h("span", { class: "ft-under none", "aria-hidden": "true", dataset: { under: 0 } }, ui.t("under_none"));
  return h("div", { class: `ft-throne${lit ? " lit" : ""}`, dataset: { throne: t } }, main, more);
}

function stackPanel(view, ui) {
  const t = expanded.throne;
  if (t === null || !view.thrones[t] || view.thrones[t].length < 2) return null;
  const stack = view.thrones[t];
  return h("section", { class: "ft-stack", dataset: { throne: t } },
    h("div", { class: "ft-stack-head" },
      h("span", {}, ui.t("stack_title", { pos: posName(t, ui), n: stack.length })),
      h("button", { type: "button", class: "ft-stack-close", dataset: { ftFocus: `under-${t}` }, onclick: () => { expanded.throne = null; ui.rerender(); } }, ui.t("hide"))),
    h("div", { class: "ft-stack-cards" }, stack.map((c, i) => {
      const el = cardEl(c, { small: true });
      if (i === stack.length - 1) el.classList.add("ft-is-top");
      return el;
    })));
}

function thronesGrid(view, ui, plan, hinted) {
  return h("section", { class: "ft-thrones", role: "group", "aria-label": ui.t("thrones") },
    [0, 1, 2, 3].map((t) => throneCell(view, ui, plan, t, hinted)));
}

function bottomRow(view, ui) {
  const known = view.known_bottom || [];
  return h("section", { class: "ft-bottom", dataset: { known: known.join(",") } },
    known.length
      ? [h("span", { class: "ft-label" }, ui.t("bottom")),
        h("span", { class: "ft-bottom-cards", role: "group", "aria-label": ui.t("bottom_aria") }, known.map((c) => cardEl(c, { small: true })))]
      : h("span", { class: "ft-label" }, ui.t("bottom_none")));
}

function helpBox(view, ui) {
  const o = view.options || {};
  const items = ["help_higher", o.ace_rule === "designer" ? "help_ace_designer" : "help_ace_seed", "help_on_ace",
    "help_jack", "help_queen", "help_king", "help_nosuit", o.unique_top_ranks === false ? null : "help_unique"].filter(Boolean);
  return h("section", { class: "ft-help" },
    h("h2", {}, ui.t("help_title")),
    h("ul", {}, items.map((k) => h("li", {}, ui.t(k)))));
}

// ---------------------------------------------------------------- the view's two entry points
// Keyboard play: the table is redrawn after every move; focus goes back to the same control
// (the same throne, Skip, Hint), so a move is one key press and the next needs no Tab trip.
let wantFocus = null;
function keepFocus(root) {
  const active = document.activeElement;
  if (active && active.dataset && active.dataset.ftFocus) wantFocus = active.dataset.ftFocus;
  else if (active && active !== document.body) wantFocus = null; // the reader went elsewhere
  if (!wantFocus) return;
  const key = wantFocus;
  setTimeout(() => {
    if (!root.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    const el = root.querySelector(`[data-ft-focus="${key}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }, 0);
}

export function render(view, ui) {
  const root = renderTable(view, ui);
  if (ui.canAct) keepFocus(root);
  return root;
}

function renderTable(view, ui) {
  const plan = legalPlan(view);
  const key = positionKey(view);
  const hinted = ui.canAct ? hintedAction(key) : null;
  const hintLine = ui.canAct && view.phase !== "over" ? hintText(view, ui, key) : "";
  return h("div", { class: "table four_thrones", dataset: { phase: view.phase, pos: key, current: view.current || "", targets: (view.targets || []).join(",") } },
    infoBar(view, ui),
    statusLine(view, ui),
    playRow(view, ui, plan, key, hinted),
    promptLine(view, ui, plan),
    thronesGrid(view, ui, plan, hinted),
    stackPanel(view, ui),
    ui.canAct && view.phase !== "over"
      ? h("p", { class: `ft-hint-text${hinted ? " has-hint" : ""}`, role: "status", dataset: { hint: hinted || "" } },
        hintLine, hintLine && hinted ? h("small", {}, ` ${ui.t("hint_fair")}`) : null)
      : null,
    bottomRow(view, ui),
    helpBox(view, ui));
}

// ---------------------------------------------------------------- after the game: the truth
const truths = new Map(); // key -> {promise, result}

function requestTruth(key, ui) {
  let entry = truths.get(key);
  if (!entry) {
    entry = {};
    entry.promise = Promise.resolve().then(() => ui.call("truth")).then((r) => { entry.result = r; return r; },
      (err) => { entry.result = { ok: false, error: String(err) }; return entry.result; });
    truths.set(key, entry);
    while (truths.size > 8) truths.delete(truths.keys().next().value);
  }
  return entry;
}

// The card each move of a line from the deal's start acts on. A place names its card; a skipped
// card comes back after the deck's first pass, in skip order, and its later move names it.
function lineCards(line, firstPass) {
  const cards = line.map((a) => { const [verb, c] = a.split(" "); return verb === "place" ? c : null; });
  const same = line.map(() => null);
  const queue = [];
  let flips = 0;
  line.forEach((a, k) => {
    if (flips < firstPass) flips += 1;
    else same[k] = queue.length ? queue.shift() : null;
    if (a === "skip") queue.push(k);
  });
  for (let k = line.length - 1; k >= 0; k--) if (same[k] !== null && cards[k] && !cards[same[k]]) cards[same[k]] = cards[k];
  return cards;
}

function moveWords(action, card, ui) {
  const [verb, ...args] = action.split(" ");
  if (verb === "skip") return card ? ui.t("move_skip", { card: cardName(card) }) : ui.t("move_skip_unknown");
  const t = args.find((a) => /^[0-3]$/.test(a));
  return ui.t("move_place", { card: cardName(card || args[0]), pos: ui.t("throne_at", { pos: posName(t, ui) }) });
}

function truthBox(view, ui, key) {
  const box = h("section", { class: "truth", dataset: { state: "pending" }, "aria-live": "polite" },
    h("h3", {}, ui.t("truth_title")), h("p", { class: "truth-busy" }, ui.t("truth_busy")));
  const fill = (res) => {
    const parts = [h("h3", {}, ui.t("truth_title"))];
    if (!res.ok) {
      box.dataset.winnable = "unknown";
      parts.push(h("p", {}, ui.t("truth_failed", { reason: res.error })));
    } else {
      const tr = res.truth;
      box.dataset.winnable = tr.winnable === true ? "true" : tr.winnable === false ? "false" : "unknown";
      box.dataset.nodes = tr.nodes;
      if (tr.winnable === true) {
        parts.push(h("p", { class: "truth-verdict" }, ui.t(tr.won ? "truth_yes_won" : "truth_yes")));
        const line = tr.line || [];
        const firstPass = view.result.cards_placed + view.result.cards_left;
        const cards = lineCards(line, firstPass);
        const list = h("ol", { class: "truth-line" }, line.map((a, i) => h("li", { dataset: { action: a, card: cards[i] || "" } }, moveWords(a, cards[i], ui))));
        parts.push(h("details", { class: "truth-details", open: line.length <= 8 ? true : null },
          h("summary", {}, ui.t("truth_line", { n: line.length })), list));
        const href = ui.replayHref && line.length ? ui.replayHref(line) : null;
        if (href) parts.push(h("a", { class: "button primary watch", href }, `▶ ${ui.t("watch_line")}`));
        parts.push(h("p", { class: "truth-note" }, ui.t("truth_oracle")));
      } else if (tr.winnable === false) {
        parts.push(h("p", { class: "truth-verdict" }, ui.t("truth_no", { nodes: tr.nodes })));
      } else {
        parts.push(h("p", { class: "truth-verdict" }, ui.t("truth_unknown", { limit: tr.node_limit })));
      }
    }
    box.dataset.state = "done";
    box.replaceChildren(...parts);
  };
  const entry = requestTruth(key, ui);
  if (entry.result) fill(entry.result);
  else entry.promise.then(fill);
  return box;
}

export function renderResult(view, ui) {
  const r = view.result;
  const total = r.cards_placed + r.cards_left;
  const reasons = !r.won && view.current
    ? h("ul", { class: "ft-final-reasons" }, [0, 1, 2, 3].map((t) => h("li", { dataset: { throne: t } },
      h("b", {}, `${posName(t, ui)} ${short(view.tops[t])}`), `: ${shortReason(view.blocked[t], t, view, ui)}`)))
    : null;
  const key = `${JSON.stringify(r)}|${view.thrones.map((s) => s[0]).join("")}|${JSON.stringify(view.history)}`;
  return h("div", {
    class: "score ft-result",
    dataset: { won: String(r.won), cardsPlaced: r.cards_placed, skipsUsed: r.skips_used, cardsLeft: r.cards_left, score: r.cards_placed },
  },
  h("h2", {}, r.won ? ui.t("won_title") : ui.t("lost_title")),
  h("p", { class: "ft-reason" }, r.won ? ui.t("won_text", { n: total }) : ui.t("lost_text", { card: cardName(view.current || "") })),
  reasons,
  h("p", { class: "ft-final-score" }, ui.t("final_score", { n: r.cards_placed, total, s: r.skips_used, max: view.max_skips, left: r.cards_left })),
  ui.mode === "replay" ? null : truthBox(view, ui, key));
}
