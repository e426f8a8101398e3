// Mustamaija table (engine: py/tabletop/games/mustamaija.py), on the table kit (static/kit/).
// Trumps and the talon, the other seats (a strip from 6 on), the attack on the table (each attack
// card with its beater laid across it), the viewer's line and hand with the buttons and the dock.
// An attack: taps on hand cards (`add C`, each puts one card on the table), then Attack. A defence:
// tap an attack card, then a lit card of yours that beats it (`beat A:B`, the picker's split), or
// Pick up. Strings: static/strings/mustamaija.json. What is legal comes from view.legal_actions only.
import { h, hand, seatRing, standardCards, useCss } from "../kit/index.js";

useCss(new URL("./mustamaija.css", import.meta.url));

const MAIJA = "QS";

// Standard cards; the Mustamaija (Q♠) is marked wherever it shows.
export const faces = {
  ...standardCards,
  classes: (t) => [...standardCards.classes(t), ...(t === MAIJA ? ["maija"] : [])],
};
export const verbs = { beat: { split: ":", confirm: false } };

const ORDINAL = { one: "st", two: "nd", few: "rd", other: "th" };
// Places ("out 1st") and the arguments of moves said in words: a beat's pair, a declared suit.
// `ui` is the table's ui, or (a refusal said by the shell) the table's words.
export function formatParam(key, value, ui) {
  if (key === "place")
    return ui.lang === "ja"
      ? String(value)
      : `${value}${ORDINAL[new Intl.PluralRules("en", { type: "ordinal" }).select(value)]}`;
  if (key !== "arg") return undefined;
  if (/^[HDCS]$/.test(value)) return (ui.words || ui).suit(value);
  const pair = /^(\w\w):(\w\w)$/.exec(value);
  return pair
    ? ui.t("pair_arg", { attack: ui.cardName(pair[1]), beater: ui.cardName(pair[2]) })
    : undefined;
}

const legalOf = (view, verb) =>
  (view.legal_actions || []).filter((a) => a === verb || a.startsWith(`${verb} `));
const unbeaten = (view) =>
  view.attack && view.attack.status === "defending"
    ? view.attack.cards.filter(([, b]) => b === null).map(([a]) => a)
    : [];

function trumpPanel(view, ui) {
  const opts = view.options;
  const under = view.trump_card && view.trump_card_in_talon;
  let trump;
  if (view.trump)
    trump = h(
      "b",
      { class: `trump-suit suit-${view.trump}`, dataset: { trump: view.trump } },
      ui.words.suit(view.trump),
    );
  else {
    // Before the first attack is committed the talon is still what the deal left.
    const dealt = opts.deck - view.players * opts.hand_size;
    const key =
      opts.trump_mode === "marriage"
        ? "no_trump_marriage"
        : view.talon_count === dealt
          ? "no_trump_turn"
          : "no_trump_ever";
    trump = h("span", { class: "trump-suit none", dataset: { trump: "" } }, ui.t(key));
  }
  const notes = [
    under ? ui.t("trump_under", { card: ui.cardName(view.trump_card) }) : null,
    view.trump_card && view.trump_card_drawn_by !== null
      ? ui.t("trump_drawn", {
          card: ui.cardName(view.trump_card),
          name: ui.seatName(view.trump_card_drawn_by),
        })
      : null,
    view.declared_by !== null ? ui.t("declared_by", { name: ui.seatName(view.declared_by) }) : null,
    view.turned_spades.length
      ? ui.t("turned_spades", { cards: ui.words.list(view.turned_spades.map(ui.cardName)) })
      : null,
  ].filter(Boolean);
  return h(
    "section",
    { class: "mm-info", "aria-label": ui.t("trumps") },
    h(
      "div",
      { class: "talon-stack", dataset: { talon: view.talon_count } },
      under ? ui.face(view.trump_card, { small: true, dataset: { under: "1" } }) : null,
      view.talon_count
        ? h(
            "div",
            { class: "card back small talon-top", "aria-hidden": "true" },
            h("span", {}, view.talon_count),
          )
        : null,
    ),
    h(
      "div",
      { class: "mm-facts" },
      h("div", {}, `${ui.t("trumps")}: `, trump),
      h(
        "div",
        { class: "small" },
        h(
          "span",
          { dataset: { talonCount: view.talon_count } },
          ui.t("talon_n", { n: view.talon_count }),
        ),
        " · ",
        h(
          "span",
          { dataset: { discardCount: view.discard_count } },
          ui.t("discard_n", { n: view.discard_count }),
        ),
      ),
      notes.map((n) => h("div", { class: "note" }, n)),
    ),
  );
}

// A seat's role in the exchange, its place out, and the cards everyone knows it holds.
function extras(view, seat, ui) {
  const out = view.out_order.indexOf(seat);
  const known = view.known_cards[seat] || [];
  return h(
    "span",
    { class: "extra" },
    view.phase !== "over" && seat === view.attacker
      ? h("span", { class: "badge role attacker" }, ui.t("attacker"))
      : null,
    view.phase !== "over" && seat === view.defender
      ? h("span", { class: "badge role defender" }, ui.t("defender"))
      : null,
    out >= 0
      ? h(
          "span",
          { class: "badge out", dataset: { outPlace: out + 1 } },
          ui.t("out_badge", { place: formatParam("place", out + 1, ui) }),
        )
      : null,
    known.length
      ? h(
          "span",
          { class: "known", dataset: { known: known.join(",") } },
          h("small", {}, ui.t("known")),
          known.map((c) => ui.face(c, { small: true })),
        )
      : null,
  );
}

function attackArea(view, ui) {
  const att = view.attack;
  const area = h("section", { class: "mm-attack", dataset: { status: att ? att.status : "none" } });
  if (!att) {
    area.append(h("div", { class: "attack-label" }, ui.t("no_attack")));
    return area;
  }
  const left = att.cards.filter(([, b]) => b === null).length;
  area.append(
    h(
      "div",
      { class: "attack-label" },
      ui.t(`attack_${att.status}`, {
        a: ui.seatName(att.attacker),
        d: ui.seatName(att.defender),
        n: left,
      }),
    ),
  );
  const tappable = ui.canAct && att.status === "defending";
  area.append(
    h(
      "div",
      { class: "pairs" },
      att.cards.map(([a, b]) =>
        h(
          "div",
          {
            class: `pair${b ? " beaten" : ""}${att.status === "taken" && b === null ? " picked" : ""}`,
            dataset: { attackCard: a, beatenBy: b || "" },
          },
          b === null && tappable
            ? ui.picker.face(a, { verb: "beat", dataset: { attack: "1" } })
            : ui.face(a, { dataset: { attack: "1" }, dim: att.status === "taken" && b === null }),
          b
            ? ui.face(b, { dataset: { beater: "1" } })
            : att.status === "taken"
              ? h("small", { class: "picked-tag" }, ui.t("picked"))
              : null,
        ),
      ),
    ),
  );
  return area;
}

function prompt(view, ui) {
  const me = ui.viewer;
  if (view.phase === "over") return null;
  const say = (text, cls = "") => h("p", { class: cls }, text);
  if (!ui.canAct) {
    if (view.out_order.includes(me)) return say(ui.t("you_out"));
    return say(
      ui.t(view.phase === "attack" ? "waiting_attack" : "waiting_defend", {
        name: ui.seatName(view.to_move[0]),
      }),
      "waiting",
    );
  }
  const declares = legalOf(view, "declare").map((a) => a.split(" ")[1]);
  const lines = [];
  if (declares.length)
    lines.push(
      say(
        ui.t("declare_help", { suits: ui.words.list(declares.map(ui.words.suit)) }),
        "declare-help",
      ),
    );
  if (view.phase === "attack") {
    const added = view.table.length;
    lines.push(
      say(
        added
          ? ui.t("your_attack_more", { suit: ui.words.suit(view.table[0].slice(-1)) })
          : ui.t("your_attack", { name: ui.seatName(view.defender) }),
      ),
    );
    if (view.attack_limit !== null)
      lines.push(
        say(ui.t("limit", { n: view.attack_limit, name: ui.seatName(view.defender) }), "limit"),
      );
  } else {
    const chosen = ui.picker.sel.find((c) => unbeaten(view).includes(c));
    lines.push(
      say(
        !legalOf(view, "beat").length
          ? ui.t("cannot_beat")
          : chosen
            ? ui.t("your_defence_picked", { card: ui.cardName(chosen) })
            : ui.t("your_defence"),
      ),
    );
  }
  return lines;
}

// Why a card cannot be used in a defence: the pair asked of the engine in its order, or a word of ours.
function why(view, ui) {
  return (token, sel) => {
    if (view.phase !== "defend" || !ui.canAct) return null;
    const attacks = unbeaten(view);
    const mine = (view.hand || []).includes(token);
    const chosenMine = sel.find((c) => !attacks.includes(c));
    const chosenAttack = sel.find((c) => attacks.includes(c));
    if (!mine)
      return chosenMine
        ? `beat ${token}:${chosenMine}`
        : token === MAIJA
          ? { code: "maija_unbeatable", params: {} }
          : { code: "nothing_beats", params: { card: token } };
    const target = chosenAttack ?? (attacks.length === 1 ? attacks[0] : null);
    return target ? `beat ${target}:${token}` : { code: "beats_none", params: { card: token } };
  };
}

export function render(view, ui) {
  const me = ui.viewer;
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  ui.picker.why = why(view, ui);
  const buttons = [
    ui.picker.choices("declare", {
      label: ([s]) => ui.t("declare_btn", { suit: ui.words.suit(s) }),
    }),
    ui.picker.choices("attack", { label: () => ui.t("attack_btn", { n: view.table.length }) }),
    ui.picker.choices("take", { label: () => ui.t("take_btn", { n: unbeaten(view).length }) }),
  ].filter(Boolean);
  return h(
    "div",
    {
      class: "table mustamaija",
      dataset: {
        phase: view.phase,
        role: ui.canAct ? view.phase : "wait",
        toMove: view.to_move.join(","),
      },
    },
    trumpPanel(view, ui),
    seatRing(ui, {
      seats: others,
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => extras(view, s, ui),
    }),
    attackArea(view, ui),
    h("section", { class: "prompt mm-prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat${view.to_move.includes(me) ? " to-move" : ""}`,
        dataset: { seat: me, count: view.hand_counts[me] },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      extras(view, me, ui),
    ),
    hand(ui, view.hand, { verb: view.phase === "defend" ? "beat" : "add" }),
    buttons.length ? h("div", { class: "mm-actions" }, buttons) : null,
    ui.dock(),
    h("p", { class: "help" }, ui.t("maija_note")),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const summary = view.summary;
  const bySeat = new Map(summary.map((s) => [s.seat, s]));
  // Finishing order: the seats out (in order), then those still holding cards, the loser last.
  const order = [
    ...r.out_order,
    ...summary.filter((s) => s.outcome === "in").map((s) => s.seat),
    ...summary.filter((s) => s.outcome === "loser").map((s) => s.seat),
  ];
  const title =
    r.winner !== null
      ? ui.t("winner_first", { name: ui.seatName(r.winner) })
      : r.loser === ui.viewer && ui.mode === "bot"
        ? ui.t("you_lost")
        : ui.t("loser_is", { name: ui.seatName(r.loser) });
  return h(
    "div",
    {
      class: "score mm-result",
      dataset: {
        loser: r.loser ?? "none",
        winner: r.winner ?? "none",
        outOrder: r.out_order.join(","),
        trump: r.trump ?? "none",
        maijaHolder: view.maija_holder ?? "none",
        cardsLeft: summary.map((s) => s.cards_left).join(","),
      },
    },
    h("h2", {}, title),
    view.maija_holder !== null
      ? h(
          "p",
          { class: "maija-line" },
          ui.face(MAIJA, { small: true }),
          " ",
          ui.t("maija_holder", { name: ui.seatName(view.maija_holder) }),
        )
      : null,
    h(
      "p",
      { class: "out-line" },
      r.out_order.length
        ? ui.t("out_order", { names: r.out_order.map((s) => ui.seatName(s)).join(" → ") })
        : ui.t("nobody_out"),
    ),
    h(
      "ol",
      { class: "standings" },
      order.map((seat) => {
        const s = bySeat.get(seat);
        return h(
          "li",
          {
            class: `outcome-${s.outcome}`,
            dataset: { seat, outcome: s.outcome, cardsLeft: s.cards_left },
          },
          h("b", {}, ui.seatName(seat)),
          " — ",
          s.reasons.map((x) => ui.say(x)).join(ui.t("list_sep")),
          view.hands[seat].length
            ? h(
                "span",
                { class: "left" },
                view.hands[seat].map((c) => ui.face(c, { small: true })),
              )
            : null,
        );
      }),
    ),
    h(
      "p",
      { class: "trump-line" },
      r.trump ? ui.t("trump_was", { suit: ui.words.suit(r.trump) }) : ui.t("trump_none"),
    ),
  );
}
