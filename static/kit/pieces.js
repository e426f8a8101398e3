// @ts-check
/** @typedef {import("./types.js").Ui} Ui */
// Standard pieces of a card table. Each takes the view's `ui` (see kit/index.js) and plain data
// from the engine's view; none knows a rule. Each carries the class `kit`, which scopes its styles
// in app.css away from the views not yet on the kit.
//
//   seatRing(ui, {seats, toMove, cards(seat), chip(seat, strip) -> nodes, compressAt = 6})
//       the other seats in play order, each a chip (name, cards in hand, what chip() adds), the
//       seat to move marked. From `compressAt` seats on, a one-line strip (name and count only)
//       so big tables keep the hand on screen (names shortened by ui.seatShort: あなた, 3 ...).
//       Chips are the anchors cards travel from.
//   trick(ui, {cards, last, key, label, faceOpts})
//       the trick in progress: [[seat, token], ...] in play order, each with its seat's name.
//       With no card down yet, `last` ({cards, winner}, the trick just taken) stays on view with
//       its winner marked, until the next card is led or a tap collects it; the computer waits
//       (ui.hold) about 1.2 s at normal speed before leading over it. `key` names that trick.
//   history(ui, {tricks, title, key})
//       every finished trick of the deal, newest first, folded away (a <details>).
//   scoreTable(ui, {seats, columns: [{label, value(seat)}], caption, mark(seat) -> class})
//       a table of seats by columns (points, tricks, lives ...).
//   hand(ui, tokens, {verb, label})
//       the viewer's hand: a tappable face per token (ui.picker), arrow keys move along it.
import { arrowKeys, h } from "./dom.js";
import { back, empty } from "./faces.js";

/** @param {Ui} ui */
export function seatRing(ui, { seats, toMove = [], cards = null, chip = null, compressAt = 6 }) {
  const strip = seats.length >= compressAt;
  return h(
    "div",
    { class: `ring kit n${seats.length}${strip ? " strip" : ""}` },
    seats.map((seat) => {
      const count = cards ? cards(seat) : null;
      const moving = toMove.includes(seat);
      // In a strip the chip shows the seat's short name (its number); the full name is spoken.
      const name =
        strip && ui.seatShort
          ? [
              h("span", { "aria-hidden": "true" }, ui.seatShort(seat)),
              h("span", { class: "sr-only" }, ui.seatName(seat)),
            ]
          : ui.seatName(seat);
      return h(
        "div",
        {
          class: `chip${moving ? " to-move" : ""}`,
          dataset: { seat, seatAnchor: seat, cards: count ?? undefined },
        },
        h(
          "span",
          { class: "name", title: ui.seatName(seat) },
          moving ? h("span", { class: "turn", "aria-hidden": "true" }, "▸") : null,
          name,
        ),
        count === null
          ? null
          : h(
              "span",
              { class: "backs", role: "img", "aria-label": ui.t("cards_left", { n: count }) },
              back({ small: true }),
              h("span", { "aria-hidden": "true" }, `×${count}`),
            ),
        chip ? chip(seat, strip) : null,
      );
    }),
  );
}

/**
 * @param {Ui} ui
 * @param {number} seat
 * @param {string} token
 * @param {{ won?: boolean, dim?: boolean, faceOpts?: import("./types.js").FaceOptions }} [o]
 */
function played(ui, seat, token, { won = false, dim = false, faceOpts = {} } = {}) {
  return h(
    "div",
    { class: `played${won ? " won" : ""}${dim ? " dim" : ""}`, dataset: { seat, travel: token } },
    ui.face(token, { ...faceOpts, small: faceOpts.small }),
    h("small", { class: "who", title: ui.seatName(seat) }, ui.seatName(seat)),
  );
}

/** @param {Ui} ui */
export function trick(ui, { cards = [], last = null, key = null, label = null, faceOpts = {} }) {
  const area = h("section", { class: "trick kit", "aria-label": ui.t("trick") });
  const row = h("div", { class: "trick-cards" });
  if (cards.length) {
    area.dataset.state = "playing";
    area.append(
      h(
        "div",
        { class: "trick-label" },
        label ?? ui.t("led_by", { name: ui.seatName(cards[0][0]) }),
      ),
    );
    for (const [seat, token] of cards) row.append(played(ui, seat, token, { faceOpts }));
  } else if (last && !ui.collected(key)) {
    // The trick just taken: on view, its winner marked, until a tap collects it or a card is led.
    area.dataset.state = "finished";
    area.dataset.winner = last.winner;
    area.classList.add("finished");
    area.addEventListener("click", () => ui.collect(key));
    ui.hold(key);
    area.append(
      h("div", { class: "trick-label" }, ui.t("took_trick", { name: ui.seatName(last.winner) })),
    );
    for (const [seat, token] of last.cards)
      row.append(
        played(ui, seat, token, { won: seat === last.winner, dim: seat !== last.winner, faceOpts }),
      );
  } else {
    area.dataset.state = "empty";
    area.append(h("div", { class: "trick-label" }, label ?? " "));
    row.append(h("div", { class: "played" }, empty(), h("small", { class: "who" }, " ")));
  }
  area.append(row);
  return area;
}

const openHistories = new Map(); // key -> open, kept across redraws of one deal

/** @param {Ui} ui */
export function history(ui, { tricks, title, key = "history" }) {
  if (!tricks || !tricks.length) return null;
  const rows = tricks.map((t, i) =>
    h(
      "li",
      { dataset: { trick: i + 1, winner: t.winner } },
      h(
        "span",
        { class: "trick-line" },
        ui.t("trick_line", { n: i + 1, name: ui.seatName(t.winner) }),
      ),
      h(
        "span",
        { class: "mini" },
        t.cards.map(([seat, token]) =>
          h(
            "span",
            { class: `played${seat === t.winner ? " won" : ""}`, title: ui.seatName(seat) },
            ui.face(token, { small: true }),
          ),
        ),
      ),
    ),
  );
  rows.reverse();
  const panel = h(
    "details",
    { class: "history kit" },
    h("summary", {}, title ?? ui.t("tricks_so_far", { n: tricks.length })),
    h("ol", { class: "tricks" }, rows),
  );
  panel.open = openHistories.get(key) ?? false;
  panel.addEventListener("toggle", () => openHistories.set(key, panel.open));
  return panel;
}

/** @param {Ui} ui */
export function scoreTable(ui, { seats, columns, caption = null, mark = null }) {
  return h(
    "table",
    { class: "scores kit" },
    caption ? h("caption", {}, caption) : null,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, ""),
        columns.map((c) => h("th", { scope: "col" }, c.label)),
      ),
    ),
    h(
      "tbody",
      {},
      seats.map((seat) =>
        h(
          "tr",
          { class: mark ? mark(seat) || "" : "", dataset: { seat } },
          h("th", { scope: "row" }, ui.seatName(seat)),
          columns.map((c) => h("td", {}, c.value(seat))),
        ),
      ),
    ),
  );
}

/** @param {Ui} ui */
export function hand(ui, tokens, { verb = "play", label = null } = {}) {
  return h(
    "div",
    {
      class: "hand kit",
      role: "group",
      "aria-label": label ?? ui.t("your_hand"),
      onkeydown: arrowKeys,
    },
    (tokens || []).map((token) => ui.picker.face(token, { verb })),
  );
}
