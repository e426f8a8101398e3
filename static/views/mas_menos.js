// Más-Menos table (engine: py/tabletop/games/mas_menos.py), on the table kit (static/kit/).
// Two seats: the opponent's chip at the top, the two rule piles (the last red and black winning
// cards set the trick and game rules), the trick, then the player's hand with the dock beside it.
// Discarding is a set of three (the picker confirms it); declarations are buttons; a card is one tap.
// Strings: static/strings/mas_menos.json. What is legal comes from view.legal_actions only.
import { h, hand, history, seatRing, trick } from "../kit/index.js";

// A refusal's declarations are engine codes (mas, antes, ...): said as the declaration buttons say
// them (「マス」, not "mas"). `ui` is the table's ui, or (a refusal said by the shell) its words.
const DECLARATIONS = new Set(["mas", "menos", "antes", "despues"]);
export function formatParam(key, value, ui) {
  const say = (code) => (DECLARATIONS.has(code) ? ui.t(code) : String(code));
  if (key === "declaration" || key === "first_declaration") return say(value);
  if (key === "declarations" && Array.isArray(value)) return (ui.words || ui).list(value.map(say));
  return undefined;
}

// The discard race is part of the game: the computer takes a person's time to choose its discards.
export function botDelayFactor(view) {
  return view && view.phase === "prepare" && !view.discarded[1 - view.seat] ? 8 : 1;
}

// What each seat has declared or is doing, on its chip.
function status(view, seat, ui) {
  const decl = view.declarations[seat];
  return h(
    "span",
    { class: "extra", dataset: { tricks: seat } },
    h("span", { class: "count" }, ui.t("tricks_won", { n: view.tricks[seat] })),
    decl ? h("span", { class: "badge" }, ui.t("declared", { x: ui.t(decl) })) : null,
    view.phase === "prepare" && !decl
      ? h("span", { class: "badge" }, ui.t(view.discarded[seat] ? "discarded" : "not_discarded"))
      : null,
  );
}

function rulePiles(view, ui) {
  const pile = (label, code, rule, kind) =>
    h(
      "div",
      { class: `pile ${kind}`, dataset: { rule: rule ?? "" } },
      code
        ? ui.face(code, { small: true })
        : h("div", { class: "card empty small", "aria-hidden": "true" }),
      h(
        "div",
        { class: "pile-text" },
        h("div", { class: "pile-label" }, ui.t(label)),
        h("div", { class: "rule-text" }, rule ? ui.t(rule) : "—"),
      ),
    );
  return h(
    "section",
    { class: "rules", "aria-label": ui.t("rules_now") },
    pile("red_pile", view.visible.red, view.trick_rule, "red"),
    pile("black_pile", view.visible.black, view.game_rule, "black"),
    h("p", { class: "help" }, ui.t("rules_help")),
  );
}

function prompt(view, ui) {
  const me = ui.viewer;
  if (view.phase === "prepare") {
    const declares = ui.picker.choices("declare", {
      label: ([x]) => ui.t(x),
      describe: ([x]) => ui.t(`${x}_d`),
    });
    if (declares)
      return [
        h("p", {}, ui.t(view.first_discarder === me ? "declare_first" : "declare_second")),
        declares,
      ];
    if (!view.discarded[me]) return h("p", {}, ui.t("discard_prompt"));
    if (view.first_discarder !== me && view.declarations[view.first_discarder] === null)
      return h("p", {}, ui.t("wait_declare"));
    return null;
  }
  if (view.phase !== "play") return null;
  if (ui.canAct)
    return h(
      "p",
      {},
      h("b", {}, ui.t("your_turn")),
      " ",
      ui.t(view.trick.length ? "follow" : "lead"),
      " ",
      h("small", {}, ui.t("equal_note")),
    );
  return h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(view.to_move[0]) }));
}

export function render(view, ui) {
  const me = ui.viewer;
  const other = 1 - me;
  const verb = view.phase === "prepare" ? "discard" : "play";
  const match =
    view.options.games > 1
      ? h(
          "p",
          { class: "match" },
          ui.t("game_n", { n: view.game_number, total: view.options.games }),
          " · ",
          ui.t("match_score", { a: view.match_points[me], b: view.match_points[other] }),
          view.last_game
            ? [
                " · ",
                ui.t("last_game", {
                  name: ui.seatName(view.last_game.winner),
                  p: view.last_game.points[view.last_game.winner],
                }),
              ]
            : null,
        )
      : null;
  const last = view.history[view.history.length - 1];
  return h(
    "div",
    { class: "table mas-menos", dataset: { phase: view.phase } },
    match,
    seatRing(ui, {
      seats: [other],
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => status(view, s, ui),
    }),
    rulePiles(view, ui),
    trick(ui, {
      cards: view.trick,
      last,
      key: `${view.game_number}:${view.history.length}`,
      label:
        view.phase === "play" && view.trick.length
          ? ui.t("trick_n", { n: view.tricks_played + 1 })
          : null,
    }),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      { class: `my-seat${view.to_move.includes(me) ? " to-move" : ""}`, dataset: { seat: me } },
      h("span", { class: "name" }, ui.seatName(me)),
      status(view, me, ui),
      view.discard
        ? h(
            "span",
            { class: "own-discard" },
            ui.t("discards_shown"),
            view.discard.map((c) => ui.face(c, { small: true, dim: true })),
          )
        : null,
    ),
    hand(ui, view.hand, { verb }),
    ui.dock(),
    history(ui, { tricks: view.history, key: `mas:${view.game_number}` }),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const me = ui.viewer;
  const other = 1 - me;
  const games = r.game_results.map((g, i) =>
    h(
      "li",
      {},
      r.games_played > 1 ? `#${i + 1} ` : "",
      ui.t("result_line", {
        rule: ui.t(g.game_rule),
        name0: ui.seatName(me),
        t0: g.tricks[me],
        t1: g.tricks[other],
        name1: ui.seatName(other),
      }),
      " → ",
      ui.t("score_reason", {
        name: ui.seatName(g.winner),
        a: Math.max(...g.tricks),
        b: Math.min(...g.tricks),
        n: g.points[g.winner],
      }),
    ),
  );
  return h(
    "div",
    {
      class: "score",
      dataset: { winner: r.match_winner ?? "draw", points: r.match_points.join(",") },
    },
    h(
      "h2",
      {},
      r.match_winner === null
        ? ui.t("draw")
        : ui.t("winner_is", { name: ui.seatName(r.match_winner) }),
    ),
    h("ul", {}, games),
    h(
      "p",
      { class: "totals" },
      `${ui.t("points")}: `,
      h("span", { dataset: { seatPoints: me } }, `${ui.seatName(me)} ${r.match_points[me]}`),
      " · ",
      h(
        "span",
        { dataset: { seatPoints: other } },
        `${ui.seatName(other)} ${r.match_points[other]}`,
      ),
    ),
    view.discards
      ? h(
          "p",
          { class: "discards" },
          `${ui.t("discards_shown")}: `,
          [me, other].map((s) =>
            h(
              "span",
              {},
              `${ui.seatName(s)} `,
              (view.discards[s] || []).map((c) => ui.face(c, { small: true })),
            ),
          ),
        )
      : null,
  );
}
