// Building blocks every game table uses: card faces, the hand with its legal cards lit, multi-card
// choices (tap cards, then confirm) and action buttons. Nothing here knows a rule: what is legal
// comes from view.legal_actions, spelled by the engine.
import { currentLanguage } from "./i18n.js";

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAME = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" },
};
const RANK_LABEL = { T: "10" };
const RANK_NAME = {
  en: { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" },
  ja: { A: "A", K: "K", Q: "Q", J: "J", T: "10" },
};

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Games with several packs mark copies as "KS#2": the face is the base code's.
const baseCode = (code) => code.split("#")[0];
const packOf = (code) => (code.includes("#") ? code.split("#")[1] : null);

export function cardName(code) {
  const pack = packOf(code);
  code = baseCode(code);
  const lang = currentLanguage();
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const rankName = (RANK_NAME[lang] || RANK_NAME.en)[rank] || rank;
  const suitName = (SUIT_NAME[lang] || SUIT_NAME.en)[suit] || suit;
  const name = lang === "ja" ? `${suitName}の${rankName}` : `${rankName} of ${suitName}`;
  return pack ? `${name} ${lang === "ja" ? `（${pack}組目）` : `(pack ${pack})`}` : name;
}

// A face-up standard card. Options: lit (legal now), selected, onclick, small.
export function cardEl(code, opts = {}) {
  const rank = baseCode(code).slice(0, -1);
  const suit = baseCode(code).slice(-1);
  const classes = ["card", `suit-${suit}`];
  if (opts.lit) classes.push("lit");
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  if (opts.dim) classes.push("dim");
  const tag = opts.onclick ? "button" : "div";
  // A button is named by its (visually hidden) text, so its name contains what it shows;
  // a picture of a card is named by aria-label.
  return h(tag, {
    class: classes.join(" "),
    "aria-label": opts.onclick ? null : cardName(code),
    "aria-pressed": opts.onclick && opts.selectable ? String(!!opts.selected) : null,
    role: opts.onclick ? null : "img",
    dataset: { card: code },
    type: opts.onclick ? "button" : null,
    disabled: opts.onclick && !opts.lit && !opts.selected ? true : null,
    onclick: opts.onclick || null,
  },
  h("span", { class: "rank", "aria-hidden": "true" }, RANK_LABEL[rank] || rank),
  h("span", { class: "suit", "aria-hidden": "true" }, SUIT_SYMBOL[suit] || suit),
  opts.onclick ? h("span", { class: "sr-only" }, cardName(code)) : null);
}

export function cardBack(opts = {}) {
  return h("div", { class: "card back" + (opts.small ? " small" : ""), "aria-hidden": "true" });
}

// Group legal actions by verb: {"play": [["AS"], ...], "discard": [["7S","8S","9S"], ...]}.
export function actionsByVerb(legal) {
  const out = {};
  for (const action of legal || []) {
    const [verb, ...args] = action.split(" ");
    (out[verb] ||= []).push(args);
  }
  return out;
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// The hand: cards in the engine's order; cards used by a legal action are lit.
// Single-card verbs act on one tap; multi-card verbs select, and a confirm button submits the
// selection once it equals a legal action. `ui.selection` survives re-renders of the same view.
export function handEl(hand, view, ui, { verbs = null, labels = {} } = {}) {
  const byVerb = actionsByVerb(view.legal_actions);
  const cardVerbs = Object.entries(byVerb).filter(([verb, argsList]) =>
    (!verbs || verbs.includes(verb)) && argsList.every((args) => args.length >= 1 && args.every((c) => hand.includes(c))));
  const single = cardVerbs.filter(([, argsList]) => argsList.every((args) => args.length === 1));
  const multi = cardVerbs.filter(([, argsList]) => argsList.some((args) => args.length > 1));
  const sel = ui.selection;
  const singleUse = {};
  for (const [verb, argsList] of single) for (const [c] of argsList) (singleUse[c] ||= []).push(verb);
  const multiCards = new Set(multi.flatMap(([, argsList]) => argsList.flat()));

  const row = h("div", { class: "hand", role: "group", "aria-label": labels.hand || "hand", onkeydown: arrowKeys });
  for (const code of hand) {
    let onclick = null;
    let lit = false;
    if (multi.length && multiCards.has(code)) {
      lit = true;
      onclick = () => { sel.has(code) ? sel.delete(code) : sel.add(code); ui.rerender(); };
    } else if (singleUse[code] && singleUse[code].length === 1) {
      lit = true;
      onclick = () => ui.act(`${singleUse[code][0]} ${code}`);
    }
    row.append(cardEl(code, { lit, selected: sel.has(code), onclick, selectable: multi.length > 0 }));
  }
  const bar = h("div", { class: "actions" });
  for (const [verb, argsList] of multi) {
    const chosen = [...sel];
    const match = argsList.find((args) => sameSet(args, chosen));
    const need = argsList[0].length;
    bar.append(h("button", {
      class: "primary", type: "button", disabled: match ? null : true, dataset: { verb },
      onclick: () => { if (match) { sel.clear(); ui.act(`${verb} ${match.join(" ")}`); } },
    }, `${labels[verb] || verb} (${chosen.length}/${need})`));
    if (chosen.length) {
      bar.append(h("button", { type: "button", onclick: () => { sel.clear(); ui.rerender(); } }, labels.clear || "×"));
    }
  }
  return { row, bar };
}

// Left/right arrow keys move between the cards of a row (Tab still moves between groups).
export function arrowKeys(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = [...event.currentTarget.querySelectorAll("button:not([disabled])")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const next = buttons[(at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
  next.focus();
  event.preventDefault();
}

// Buttons for legal actions of a verb whose arguments are not cards (declare mas, bid 3, ...).
export function choiceButtons(view, verb, label, ui, describe = null) {
  const byVerb = actionsByVerb(view.legal_actions);
  const spell = (args) => [verb, ...args].join(" ");
  return (byVerb[verb] || []).map((args) => h("button", {
    class: "choice", type: "button", dataset: { action: spell(args) },
    onclick: () => ui.act(spell(args)),
  }, label(args), describe ? h("small", {}, describe(args)) : null));
}
