// @ts-check
// The picker: turns taps on tokens into the engine's legal actions. Nothing here knows a rule.
//
// Every tappable thing carries a token (a card code, a tile, a slot name). An action is a verb and
// its arguments ("discard 7S 8S 9S"); its arguments are matched as an unordered set of tokens.
// The shell makes one picker per drawn table and hands it to the view as `ui.picker`:
//
//   ui.picker.face(token, opts)    a tappable face (faces.js opts, plus `verb`: what a tap on
//                                  this token means when nothing legal uses it, e.g. "play").
//                                  Lit when tapping it extends some legal action; otherwise
//                                  aria-disabled but still tappable, so it can say why not.
//   ui.picker.choices(verb, {label(args), describe(args)})
//                                  buttons (.choices > button.choice) for a verb whose arguments
//                                  are not tokens ("declare mas", "bid 3"), placed by the view
//   ui.picker.bar()                where the confirm/clear/verb buttons go (the shell puts it in
//                                  the dock next to the hand when the view does not place it)
//   ui.picker.why = (token, selection) => msg | action | null
//                                  optional: the view says why a token cannot be used
//
// A tap: the token joins the selection. No legal action contains the selection -> the tap does not
// act; the view's `why`, else the engine (the action `verb token` sent as a question: it is refused
// with a code and changes nothing), gives the reason shown next to the hand. A token of the same
// kind as a chosen one (it takes a chosen token's place in some legal action: another card where a
// card was chosen, not a beater where an attack card was) replaces it: it is drawn plain, neither
// lit nor dimmed. A dimmed token is never chosen: a tap on it only says why. Exactly one action
// matches and it is complete -> it is played at once, unless its verb confirms (a set of 2+ tokens,
// e.g. discards: a confirm button, `data-verb`, shows "discard (2/3)"). Several complete actions
// (one token, two verbs) -> a button for each. Actions whose arguments are not all tokens on the
// table get buttons of their own (labels: `verbs[verb].label(args, words)`, else the move in
// words).
//
// Options per verb (the view's `verbs` export): {confirm: true|false, label(args, words), need,
// split, eager} (words: ui.t / ui.say / ui.cardName as words.t, words.say, words.cardName).
//   split: ":"   one argument names several tokens (Mustamaija's `beat 9H:TH`: the attack card,
//                then the beater): each is tapped on its own; the action is sent as the engine
//                spells it, and a tap that fits nothing is asked as `beat 9H:8H`.
//   eager: true  a tap that leaves exactly one legal action plays it, though not every token of it
//                was tapped (Mexican Train: a tile that fits one train only plays at once).
import { h } from "./dom.js";
import { face } from "./faces.js";

const verbOf = (action) => action.split(" ")[0];

// Does `args` contain every token of `sel` (multisets)?
function covers(args, sel) {
  const left = [...args];
  for (const tok of sel) {
    const i = left.indexOf(tok);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

export class Picker {
  // legal: the viewer's legal actions now ([] when it may not act); selection: an array kept by
  // the shell while the position stays the same; act(action); explain(token, verb, selection);
  // rerender(); verbs: the view's per-verb options; words: the table's words (labels).
  /**
   * @param {object} o
   * @param {string[]} o.legal
   * @param {string[]} o.selection
   * @param {(action: string) => unknown} o.act
   * @param {(token: string, own: any, action: string | null) => void} o.explain
   * @param {() => void} o.rerender
   * @param {Record<string, import("./types.js").VerbOptions>} [o.verbs]
   * @param {import("./types.js").Words} o.words
   * @param {import("./types.js").FaceSpec | null} [o.spec]
   * @param {((actions: string[], token: string) => boolean) | null} [o.allow]
   */
  constructor({
    legal,
    selection,
    act,
    explain,
    rerender,
    verbs = {},
    words,
    spec = null,
    allow = null,
  }) {
    this.legal = legal || [];
    // allow(actions, token): the table's director (a lesson) may refuse a tap whose selection can
    // only lead to these actions; it then says why itself, and nothing is chosen.
    this.allow = allow;
    this.sel = selection;
    this.actFn = act;
    this.explainFn = explain;
    this.rerender = rerender;
    this.verbs = verbs;
    this.w = words;
    this.spec = spec;
    this.tokens = new Set();
    this.placed = new Set();
    this.bars = [];
    this.why = null;
    if (this.sel.length && !this.candidates().length) this.sel.length = 0; // no longer part of any legal action
  }

  // The tokens an action is made of (a verb's `split` cuts its arguments further).
  args(action) {
    const args = action.split(" ").slice(1);
    const sep = this.verbs[verbOf(action)]?.split;
    return sep ? args.flatMap((a) => a.split(sep)) : args;
  }

  candidates(sel = this.sel) {
    return this.legal.filter((a) => covers(this.args(a), sel));
  }

  extends(token) {
    return this.legal.some((a) => covers(this.args(a), [...this.sel, token]));
  }

  // The argument places a token takes in the legal actions (0: the first token of an action).
  places(token, actions = this.legal) {
    const at = new Set();
    for (const a of actions) this.args(a).forEach((x, i) => x === token && at.add(i));
    return at;
  }

  // A tap on `token` starts the choice over with it: it joins nothing chosen, the chosen tokens
  // are not a set being gathered, and it takes the place of a chosen token in some legal action.
  replaces(token) {
    if (!this.sel.length || this.sel.includes(token) || this.extends(token)) return false;
    const cands = this.candidates();
    if (cands.some((a) => this.confirms(verbOf(a)))) return false;
    const mine = this.places(token);
    if (!mine.size) return false;
    return this.sel.some((t) => [...this.places(t, cands)].some((i) => mine.has(i)));
  }

  confirms(verb) {
    const own = this.verbs[verb] && this.verbs[verb].confirm;
    if (own !== undefined) return own;
    return this.legal.some((a) => verbOf(a) === verb && this.args(a).length > 1);
  }

  face(token, opts = {}) {
    this.tokens.add(token);
    const selected = this.sel.includes(token);
    const lit = !selected && this.extends(token);
    return face(token, {
      spec: this.spec,
      words: this.w,
      ...opts,
      lit,
      selected,
      disabled: !lit && !selected && !this.replaces(token),
      selectable: this.legal.some((a) => this.confirms(verbOf(a)) && this.args(a).includes(token)),
      onclick: (e) => {
        e.stopPropagation();
        this.tap(token, opts.verb);
      },
    });
  }

  tap(token, verb = null) {
    const at = this.sel.indexOf(token);
    if (at >= 0) {
      // a second tap takes a chosen token back
      this.sel.splice(at, 1);
      return this.rerender();
    }
    let next = [...this.sel, token];
    // A token that cannot join the tokens chosen so far starts a new choice if it is of their kind
    // (replaces); otherwise (a set being gathered, a beater that does not beat the chosen attack
    // card) the tap says why and the choice stays as it was.
    if (this.replaces(token)) next = [token];
    const cands = this.candidates(next);
    if (!cands.length) return this.explain(token, verb);
    if (this.allow && !this.allow(cands, token)) return;
    const complete = cands.filter((a) => this.args(a).length === next.length);
    if (cands.length === 1 && complete.length === 1 && !this.confirms(verbOf(complete[0]))) {
      this.sel.length = 0;
      return this.actFn(complete[0]);
    }
    if (cands.length === 1 && this.verbs[verbOf(cands[0])]?.eager) {
      this.sel.length = 0;
      return this.actFn(cands[0]);
    }
    this.sel.splice(0, this.sel.length, ...next);
    return this.rerender();
  }

  explain(token, verb) {
    const own = this.why ? this.why(token, [...this.sel]) : null;
    const guess = verb || (this.legal.length ? verbOf(this.legal[0]) : null);
    const sep = this.verbs[guess]?.split;
    const args = sep ? [[...this.sel, token].join(sep)] : [...this.sel, token];
    this.explainFn(token, own, own ? null : guess ? [guess, ...args].join(" ") : null);
  }

  choices(verb, { label = null, describe = null } = {}) {
    const mine = this.legal.filter((a) => verbOf(a) === verb);
    mine.forEach((a) => this.placed.add(a));
    if (!mine.length) return null;
    return h(
      "div",
      { class: "choices" },
      mine.map((a) =>
        h(
          "button",
          {
            class: "choice",
            type: "button",
            dataset: { action: a },
            onclick: () => this.actFn(a),
          },
          label ? label(this.args(a)) : this.w.move(a),
          describe ? h("small", {}, describe(this.args(a))) : null,
        ),
      ),
    );
  }

  bar() {
    const el = h("div", { class: "actions picker-bar" });
    this.bars.push(el);
    return el;
  }

  // After the view has drawn: every token is known, so the buttons can be made.
  finish() {
    if (!this.bars.length) return null;
    const buttons = [];
    const label = (verb, args) =>
      this.verbs[verb]?.label ? this.verbs[verb].label(args, this.w) : this.w.verb(verb);
    // Sets being chosen: one confirm button per verb, with the count.
    const setVerbs = [
      ...new Set(
        this.legal
          .filter((a) => this.confirms(verbOf(a)) && this.args(a).every((x) => this.tokens.has(x)))
          .map(verbOf),
      ),
    ];
    const complete = this.candidates().filter(
      (a) => this.args(a).length === this.sel.length && this.sel.length,
    );
    for (const verb of setVerbs) {
      const match = complete.find((a) => verbOf(a) === verb);
      const sizes = [
        ...new Set(this.legal.filter((a) => verbOf(a) === verb).map((a) => this.args(a).length)),
      ];
      const need = this.verbs[verb]?.need ?? (sizes.length === 1 ? sizes[0] : null);
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "primary confirm",
            dataset: { verb },
            disabled: match ? null : true,
            onclick: () => {
              if (match) {
                this.sel.length = 0;
                this.actFn(match);
              }
            },
          },
          label(verb, match ? this.args(match) : this.sel),
          need ? ` (${this.sel.length}/${need})` : "",
        ),
      );
    }
    // One token, several verbs (or a complete action that a larger one extends): say which.
    for (const a of complete.filter((x) => !setVerbs.includes(verbOf(x)))) {
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            dataset: { action: a, verb: verbOf(a) },
            onclick: () => {
              this.sel.length = 0;
              this.actFn(a);
            },
          },
          label(verbOf(a), this.args(a)),
        ),
      );
    }
    if (this.sel.length) {
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "clear",
            onclick: () => {
              this.sel.length = 0;
              this.rerender();
            },
          },
          this.w.t("clear"),
        ),
      );
    }
    // Actions no tap can make: a button each, unless the view placed them.
    for (const a of this.legal) {
      const args = this.args(a);
      if (this.placed.has(a) || (args.length && args.every((x) => this.tokens.has(x)))) continue;
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "choice verb",
            dataset: { action: a },
            onclick: () => this.actFn(a),
          },
          this.verbs[verbOf(a)]?.label ? this.verbs[verbOf(a)].label(args, this.w) : this.w.move(a),
        ),
      );
    }
    this.bars[0].replaceChildren(...buttons);
    return this.bars[0];
  }
}
