// Kept for views not yet on the table kit (static/kit/): the hand with its legal cards lit,
// multi-card choices and action buttons, as the views before the kit drew them. Faces and the DOM
// helper come from the kit. Nothing here knows a rule: what is legal comes from view.legal_actions.
import { arrowKeys, h } from "./kit/dom.js";
import { face, standardCards } from "./kit/faces.js";
import { currentLanguage } from "./kit/words.js";

export { arrowKeys, h };

export function cardName(code) {
  return standardCards.name(code, { lang: currentLanguage() }) ?? code;
}

// A face-up standard card. Options: lit (legal now), selected, onclick, small, dim.
export function cardEl(code, opts = {}) {
  const el = face(code, { ...opts, words: { lang: currentLanguage() }, disabled: false });
  if (opts.onclick && !opts.lit && !opts.selected) el.disabled = true;
  return el;
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

// Buttons for legal actions of a verb whose arguments are not cards (declare mas, bid 3, ...).
export function choiceButtons(view, verb, label, ui, describe = null) {
  const byVerb = actionsByVerb(view.legal_actions);
  const spell = (args) => [verb, ...args].join(" ");
  return (byVerb[verb] || []).map((args) => h("button", {
    class: "choice", type: "button", dataset: { action: spell(args) },
    onclick: () => ui.act(spell(args)),
  }, label(args), describe ? h("small", {}, describe(args)) : null));
}
