// What the one-player games (4 Thrones, Gridcannon) share on the table kit: the fair hint for the
// position on the table, and the truth after the game (could the deal be won, and a winning line to
// read and watch). Both are the engine's answers through ui.query (asked once per position and
// kept); the words are the game's strings (hint, hint_busy, hint_failed, hint_why, hint_why_none,
// hint_fair; truth_title, truth_busy, truth_failed, truth_yes, truth_yes_won, truth_no,
// truth_unknown, truth_line, truth_note, watch_line). A candidate for the kit.
import { h } from "../kit/index.js";

const asked = { position: null }; // the position the player asked a hint for

// The fair hint for `position` once asked: null | {busy} | {failed} | {action, fig, samples}.
export function fairHint(view, ui, position) {
  if (!ui.canAct || view.phase === "over" || asked.position !== position) return null;
  const q = ui.query("hint", ui.viewer);
  if (q.busy) return { busy: true };
  const r = q.result;
  // The figures name the moves of the position asked: anything else is not this position's answer.
  const legal = new Set(view.legal_actions);
  if (!r || !r.ok || !r.actions.length || !(r.figures || []).every((f) => legal.has(f.action)))
    return { failed: true };
  return {
    action: r.actions[0],
    fig: r.figures.find((f) => f.action === r.actions[0]),
    samples: r.samples,
  };
}

export function hintButton(view, ui, position, hinted) {
  if (!ui.canAct || view.phase === "over" || !view.legal_actions.length) return null;
  return h(
    "button",
    {
      type: "button",
      class: "hint",
      dataset: { token: "hint" },
      disabled: hinted?.busy ? true : null,
      onclick: () => {
        asked.position = position;
        ui.rerender();
      },
    },
    ui.t(hinted?.busy ? "hint_busy" : "hint"),
  );
}

// The hint in words: the move (said by the game), why (the sampled deck orders), what it knows.
export function hintLine(ui, hinted, say) {
  if (!hinted) return null;
  if (hinted.busy || hinted.failed)
    return h(
      "p",
      { class: "hint-text", role: "status" },
      ui.t(hinted.busy ? "hint_busy" : "hint_failed"),
    );
  const { action, fig, samples } = hinted;
  return h(
    "p",
    { class: "hint-text", role: "status", dataset: { action } },
    h("b", {}, say(action)),
    " ",
    fig.wins > 0
      ? ui.t("hint_why", { wins: fig.wins, n: samples })
      : ui.t("hint_why_none", {
          n: samples,
          avg: samples ? Math.round(fig.progress / samples) : 0,
        }),
    h("small", {}, ui.t("hint_fair")),
  );
}

// After the game: was the deal winnable (the engine's exact solver on the deal as dealt, which may
// look at the real deck order now)? A winning line, each move said by `say(action, card)` (card:
// the card waiting before that move), and a link that plays it in the replay viewer.
export function truthBox(view, ui, say) {
  if (ui.mode === "replay") return null;
  const q = ui.query("truth");
  const title = h("h3", {}, ui.t("truth_title"));
  const tr = q.result?.ok ? q.result.truth : null;
  // The truth is about this deal as it ended (a kept answer for another ending is not shown).
  if (q.busy || (tr && tr.won !== view.result.won))
    return h(
      "section",
      { class: "truth", dataset: { state: "pending" } },
      title,
      h("p", {}, ui.t("truth_busy")),
    );
  if (!tr)
    return h(
      "section",
      { class: "truth", dataset: { state: "done", winnable: "unknown" } },
      title,
      h("p", {}, ui.t("truth_failed")),
    );
  const state = tr.winnable === true ? "true" : tr.winnable === false ? "false" : "unknown";
  const line = state === "true" ? tr.line || [] : [];
  const verdict =
    state === "true"
      ? ui.t(tr.won ? "truth_yes_won" : "truth_yes")
      : state === "false"
        ? ui.t("truth_no", { n: tr.nodes })
        : ui.t("truth_unknown", { n: tr.node_limit });
  return h(
    "section",
    {
      class: "truth",
      dataset: {
        state: "done",
        winnable: state,
        nodes: tr.nodes,
        line: line.join(",") || undefined,
      },
    },
    title,
    h("p", { class: "truth-verdict" }, verdict),
    line.length
      ? [
          h(
            "details",
            { class: "truth-details", open: line.length <= 8 ? true : null },
            h("summary", {}, ui.t("truth_line", { n: line.length })),
            h(
              "ol",
              { class: "truth-line" },
              line.map((a, i) =>
                h(
                  "li",
                  { dataset: { action: a, card: tr.line_cards[i] || "" } },
                  say(a, tr.line_cards[i]),
                ),
              ),
            ),
          ),
          h(
            "a",
            { class: "button primary watch", href: ui.replayHref(line) },
            `▶ ${ui.t("watch_line")}`,
          ),
        ]
      : null,
    state === "true" ? h("p", { class: "truth-note" }, ui.t("truth_note")) : null,
  );
}
