// @ts-check
// Faces: one builder for everything drawn as a card, a tile or a slot.
//
// A face spec tells the kit how to draw and name one game's tokens:
//   { kind: "card" | "tile" | "slot",              the base CSS class
//     name(token, w) -> string | null,             the spoken name (null: not one of this spec's tokens)
//     parts(token, w) -> [nodes],                  what the face shows (aria-hidden, the name is spoken)
//     classes(token) -> [class names] }            e.g. ["suit-H"]
// standardCards (ranks 2-9 T J Q K A, suits S H D C, copies "KS#2") is built in; a game with
// faces of its own (tarot, dominoes, Gridcannon's slots) exports `faces` (its spec) from its view.
//
//   face(token, opts)   a picture (div, role img, named) or, with opts.onclick, a button named by
//                       hidden text. opts: spec, lit, selected, dim, small, disabled (aria-disabled:
//                       still tappable, so it can say why not), selectable (aria-pressed), label.
//                       Every face carries data-token (and data-card, which the tests and the
//                       suggestion ring look for).
//   back(opts)          a face-down card; opts.small
//   empty(opts)         an empty place of card size; opts.small, opts.label (a slot with no card)
import { h } from "./dom.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" },
};
const RANK_NAME = {
  en: { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" },
  ja: { T: "10" },
};
const STANDARD = /^([2-9TJQKA])([SHDC])(?:#(\d))?$/;

export const standardCards = {
  kind: "card",
  name(token, w) {
    const m = STANDARD.exec(String(token));
    if (!m) return null;
    const lang = w && w.lang === "ja" ? "ja" : "en";
    const rank = RANK_NAME[lang][m[1]] || m[1];
    const name =
      lang === "ja" ? `${SUIT_NAME.ja[m[2]]}の${rank}` : `${rank} of ${SUIT_NAME.en[m[2]]}`;
    return m[3] ? `${name} ${lang === "ja" ? `（${m[3]}組目）` : `(pack ${m[3]})`}` : name;
  },
  parts(token) {
    const m = STANDARD.exec(String(token)) || [
      token,
      String(token).slice(0, -1),
      String(token).slice(-1),
    ];
    return [
      h("span", { class: "rank", "aria-hidden": "true" }, m[1] === "T" ? "10" : m[1]),
      h("span", { class: "suit", "aria-hidden": "true" }, SUIT_SYMBOL[m[2]] || m[2]),
    ];
  },
  classes(token) {
    const m = STANDARD.exec(String(token));
    return m ? [`suit-${m[2]}`] : [];
  },
};

/**
 * @param {string} token
 * @param {import("./types.js").FaceOptions} [opts]
 * @returns {HTMLElement}
 */
export function face(token, opts = {}) {
  const spec = opts.spec || standardCards;
  const w = opts.words || null;
  const name = opts.label || spec.name(token, w) || String(token);
  const classes = [spec.kind || "card", ...spec.classes(token)];
  for (const k of ["lit", "selected", "small", "dim", "suggested"]) if (opts[k]) classes.push(k);
  if (opts.disabled) classes.push("unlit");
  const button = !!opts.onclick;
  return h(
    button ? "button" : "div",
    {
      class: classes.join(" "),
      type: button ? "button" : null,
      role: button ? null : "img",
      "aria-label": button ? null : name,
      "aria-pressed": button && opts.selectable ? String(!!opts.selected) : null,
      "aria-disabled": button && opts.disabled ? "true" : null,
      dataset: { token, card: token, ...(opts.dataset || {}) },
      onclick: opts.onclick || null,
    },
    ...spec.parts(token, w),
    button ? h("span", { class: "sr-only" }, name) : null,
  );
}

/** @param {{ small?: boolean }} [opts] */
export function back(opts = {}) {
  return h("div", { class: `card back${opts.small ? " small" : ""}`, "aria-hidden": "true" });
}

/** @param {{ small?: boolean, label?: string }} [opts] */
export function empty(opts = {}) {
  return h("div", {
    class: `card empty${opts.small ? " small" : ""}`,
    "aria-hidden": opts.label ? null : "true",
    role: opts.label ? "img" : null,
    "aria-label": opts.label || null,
  });
}
