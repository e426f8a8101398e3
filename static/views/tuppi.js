// Tuppi table (engine: py/tabletop/games/tuppi.py), on the table kit (static/kit/).
// Four seats in two partnerships (0+2 against 1+3), each in its team's colour: the partner's chip
// across the table (top), the opponents left and right, the bids and then the trick in a cross
// between them, each card on its player's side. Above: the teams' scores and the mode; below: the
// player's line, hand and dock: a tap on a lit card bids it, lays it away, gives it or plays it.
// Strings: static/strings/tuppi.json.
import { back, empty, h, hand, history, seatRing, trick, useCss } from "../kit/index.js";

useCss(new URL("./tuppi.css", import.meta.url));

const BID_PHASES = ["bid", "sooli", "exchange", "give"];
const POS = ["bottom", "left", "top", "right"]; // where a seat sits for the viewer, clockwise
const CARD = /^[2-9TJQKA][SHDC]$/;
// A verbal bid ("bid rami") has no card to tap: its button says what it is.
export const verbs = { bid: { label: ([arg], w) => w.t(`act_bid_${arg}`) } };

// Words of the game's own moves ("bid rami", "declare sooli") and the verbs a refusal names.
export function formatParam(key, value, ui) {
  if (key === "arg" && ["rami", "nolo", "sooli"].includes(value)) return ui.t(value);
  if (key === "verbs" && Array.isArray(value))
    return value.map((v) => ui.t(`verb_${v}`)).join(ui.t("list_sep"));
  return undefined;
}

// The computer looks at a new hand before it bids.
export function botDelayFactor(view) {
  return view && view.phase === "bid" && view.awaiting.length === 4 ? 2 : 1;
}

const teamOf = (seat) => seat % 2;
const pos = (seat, me) => POS[(seat - me + 4) % 4];
const short = (c) => `${{ S: "♠", H: "♥", D: "♦", C: "♣" }[c[1]]}${c[0] === "T" ? "10" : c[0]}`;
const names = (view, team, ui) => view.teams[team].map((s) => ui.seatName(s)).join(ui.t("and"));
// "Your team" / "Opponents" against the computer, the two names in pass-and-play.
const teamLabel = (view, team, ui) =>
  ui.mode === "bot" ? ui.t(team === teamOf(ui.viewer) ? "us" : "them") : names(view, team, ui);
const tag = (view, team, ui) =>
  h(
    "span",
    { class: `tag team-${team}` },
    h("span", { class: "swatch", "aria-hidden": "true" }),
    teamLabel(view, team, ui),
  );

function scoreboard(view, ui) {
  const mine = teamOf(ui.viewer);
  const n = view.phase === "over" ? view.deals_played : view.deals_played + 1;
  return h(
    "section",
    { class: "scoreboard", "aria-label": ui.t("points") },
    h(
      "div",
      { class: "sb-row sb-head" },
      h("span", {}),
      h(
        "b",
        {},
        view.fixed_deals
          ? ui.t("deal_n_of", { n, total: view.fixed_deals })
          : ui.t("deal_n", { n }),
        view.fixed_deals ? "" : ` · ${ui.t("goal_target", { n: view.target_score })}`,
      ),
      h("span", {}, ui.t("tricks")),
      h("span", {}, ui.t("points")),
    ),
    [mine, 1 - mine].map((team) =>
      h(
        "div",
        {
          class: `sb-row team-${team}${team === mine ? " mine" : ""}`,
          dataset: { team, score: view.scores[team], tricks: view.tricks[team] },
        },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        // Each name stays whole; a long pair wraps between the two names.
        h(
          "span",
          { class: "sb-names" },
          ui.mode === "bot" ? h("b", {}, `${teamLabel(view, team, ui)} `) : null,
          view.teams[team].map((s, i) => [
            i ? ui.t("and") : "",
            h("span", { class: "nm" }, ui.seatName(s)),
          ]),
        ),
        h("b", { class: "sb-tricks" }, view.tricks[team]),
        h("b", { class: "sb-score" }, view.scores[team]),
      ),
    ),
  );
}

function modeBanner(view, ui) {
  const mode = view.phase === "bid" ? "bid" : view.mode;
  const decl = view.declarer === null ? null : ui.seatName(view.declarer);
  const help =
    mode === "bid"
      ? ui.t("bidding_help")
      : mode === "nolo"
        ? ui.t("nolo_help")
        : mode === "sooli"
          ? ui.t("sooli_help", {
              name: ui.seatName(view.soloist),
              out: ui.seatName(view.sitting_out),
            })
          : view.phase === "sooli"
            ? ui.t("rami_sooli_help", { name: decl })
            : ui.t("rami_help", { name: decl, team: teamLabel(view, teamOf(view.declarer), ui) });
  const team = view.declarer === null ? null : teamOf(view.soloist ?? view.declarer);
  return h(
    "section",
    {
      class: `mode mode-${mode}${team === null ? "" : ` team-${team}`}`,
      dataset: {
        mode: view.mode ?? "",
        declarer: view.declarer ?? "",
        soloist: view.soloist ?? "",
      },
    },
    h("span", { class: "mode-name" }, ui.t(mode === "bid" ? "bidding" : mode)),
    h("span", { class: "mode-help" }, help),
  );
}

// A seat's bid as the viewer may know it: revealed (card or word, rami/nolo), the viewer's own,
// face down, or not yet made.
function bid(view, seat, ui, small) {
  const shown = view.revealed_bids.find(([s]) => s === seat);
  const mine = seat === ui.viewer && view.my_bid ? view.my_bid : null;
  const value = shown ? shown[1] : mine;
  const name = ui.seatName(seat);
  if (value) {
    const word = CARD.test(value) ? null : ui.t("quoted", { word: ui.t(value) });
    const meaning = shown ? (seat === view.declarer ? "rami" : "nolo") : null;
    const theirs = shown || ui.mode === "replay"; // a replay watches seat 0's bid, not "yours"
    const label = ui.t(theirs ? "bid_of" : "your_bid_is", {
      name,
      card: word ?? ui.cardName(value),
    });
    return h(
      "span",
      {
        class: `bid ${shown ? "revealed" : "mine"} ${meaning ?? ""}`,
        dataset: { bid: value, revealed: shown ? "1" : "0" },
        role: "img",
        "aria-label": label,
        title: label,
      },
      small
        ? h("span", { class: "mini", "aria-hidden": "true" }, word ?? short(value))
        : word
          ? h("span", { class: "word", "aria-hidden": "true" }, word)
          : ui.face(value, { small: true }),
      h("small", { "aria-hidden": "true" }, ui.t(meaning ?? (theirs ? "seat_bid" : "your_bid"))),
    );
  }
  if (small) return null;
  const placed = view.bid_placed[seat];
  const label = ui.t(placed ? "bid_hidden_of" : "bid_thinking_of", { name });
  return h(
    "span",
    {
      class: `bid ${placed ? "hidden" : "none"}`,
      dataset: { placed: placed ? "1" : "0" },
      role: "img",
      "aria-label": label,
      title: label,
    },
    placed ? back({ small: true }) : empty({ small: true }),
    h(
      "small",
      { "aria-hidden": "true" },
      placed ? ui.t(view.phase === "bid" ? "bid_placed" : "bid_secret") : "…",
    ),
  );
}

function badges(view, seat, ui) {
  const asked = view.phase === "sooli" ? view.sooli_asked.find(([s]) => s === seat) : null;
  const badge = (key, cls = "") => h("span", { class: `badge ${cls}` }, ui.t(key));
  return h(
    "span",
    { class: "extra" },
    seat === (ui.viewer + 2) % 4 ? badge("partner", "partner") : null,
    seat === view.dealer ? badge("dealer") : null,
    seat === view.declarer ? badge("declarer", "declarer") : null,
    seat === view.soloist ? badge("soloist", "declarer") : null,
    seat === view.sitting_out ? badge("sits_out", "out") : null,
    asked ? badge(asked[1] === "pass" ? "passed" : "said_sooli", "asked") : null,
    seat === view.soloist && view.exchanged !== null && view.phase !== "exchange"
      ? badge(view.exchanged ? "exchanged" : "kept")
      : null,
    BID_PHASES.includes(view.phase) ? null : bid(view, seat, ui, true),
  );
}

// The middle of the table: the bids during the auction, then the trick (the kit's, its cards put
// on their players' sides); the finished trick stays until collected, its winner marked.
function middle(view, ui) {
  const me = ui.viewer;
  if (BID_PHASES.includes(view.phase)) {
    const label = ui.t("bids_from", { name: ui.seatName((view.dealer + 1) % 4) });
    return h(
      "section",
      { class: "trick bids", "aria-label": label },
      h("div", { class: "trick-label" }, label),
      h(
        "div",
        { class: "trick-cards" },
        [0, 1, 2, 3].map((s) =>
          h(
            "div",
            { class: `played pos-${pos(s, me)}`, dataset: { seat: s } },
            bid(view, s, ui, false),
          ),
        ),
      ),
    );
  }
  const area = trick(ui, {
    cards: view.trick,
    last: view.history[view.history.length - 1],
    key: `${view.deals_played}:${view.history.length}`,
    label:
      view.phase === "play" && view.trick.length
        ? ui.t("trick_n", { n: view.tricks_played + 1, total: view.tricks_in_deal })
        : null,
  });
  for (const el of area.querySelectorAll(".played[data-seat]"))
    el.classList.add(`pos-${pos(Number(el.dataset.seat), me)}`);
  return area;
}

function prompt(view, ui) {
  const me = ui.viewer;
  if (view.phase === "over" || ui.mode === "replay") return null; // a replay has no live prompt
  if (ui.canAct) {
    const key =
      view.phase === "play"
        ? `prompt_${view.trick.length ? "follow" : "lead"}${view.mode === "sooli" ? "_sooli" : ""}`
        : `prompt_${view.phase}`;
    const pass = ui.picker.choices("pass", {
      label: () => ui.t(`act_pass_${view.phase}`),
      describe: () => ui.t(`act_pass_${view.phase}_d`),
    });
    const declare = ui.picker.choices("declare", {
      label: () => ui.t("act_declare_sooli"),
      describe: () => ui.t("act_declare_sooli_d"),
    });
    return [
      h(
        "p",
        { class: "turn" },
        h("b", {}, ui.t("your_turn")),
        " ",
        ui.t(key, { name: view.declarer === null ? "" : ui.seatName(view.declarer) }),
      ),
      declare || pass
        ? h(
            "div",
            { class: "choices" },
            [declare, pass].filter(Boolean).flatMap((d) => [...d.children]),
          )
        : null,
    ];
  }
  if (view.phase === "bid") {
    const waiting = ui.words.list(view.awaiting.map((s) => ui.seatName(s)));
    return h(
      "p",
      { class: "waiting" },
      view.my_bid
        ? ui.t("waiting_bids", { names: waiting })
        : ui.t("waiting_for", { name: waiting }),
    );
  }
  const who = view.to_act ?? view.to_move[0];
  return h(
    "p",
    { class: "waiting" },
    view.sitting_out === me ? `${ui.t("you_sit_out")} ` : "",
    who === undefined ? "" : ui.t("waiting_for", { name: ui.seatName(who) }),
  );
}

// Sooli's private cards: the soloist's laid-away and received card, the partner's set-aside hand.
function privateCards(view, ui) {
  const row = (key, cards) =>
    h(
      "div",
      { class: "private-row" },
      `${ui.t(key)}: `,
      cards.map((c) => ui.face(c, { small: true, dim: true })),
    );
  const parts = [
    view.laid_card ? row("laid_away", [view.laid_card]) : null,
    view.given_card
      ? row(view.seat === view.soloist ? "received" : "you_gave", [view.given_card])
      : null,
    view.set_aside && view.set_aside.length ? row("set_aside", view.set_aside) : null,
  ].filter(Boolean);
  return parts.length ? h("section", { class: "private" }, parts) : null;
}

// A deal record: the title, each team's change with the engine's reasons, tricks and totals.
function dealTitle(rec, ui) {
  return rec.mode === "rami"
    ? ui.t("deal_title_rami", { name: ui.seatName(rec.declarer) })
    : rec.mode === "nolo"
      ? ui.t("deal_title_nolo")
      : ui.t("deal_title_sooli", {
          name: ui.seatName(rec.soloist),
          decl: ui.seatName(rec.declarer),
        });
}
const pair = (values) =>
  h(
    "span",
    { class: "pair" },
    [0, 1].map((team) =>
      h(
        "span",
        { class: `pv team-${team}` },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        h("b", {}, values[team]),
      ),
    ),
  );
const gained = (rec) => rec.breakdown[rec.scoring_team].points + rec.lost[rec.scoring_team];
const dealData = (rec, n) => ({
  deal: n,
  mode: rec.mode,
  scoringTeam: rec.scoring_team,
  points: rec.points,
  tricks: rec.tricks.join(","),
  scores: rec.scores.join(","),
  net: rec.breakdown.map((b) => b.points).join(","),
});

function dealBody(view, rec, ui) {
  const lines = [...rec.breakdown]
    .sort((a, b) => (b.team === rec.scoring_team) - (a.team === rec.scoring_team))
    .filter((b) => b.reasons.length);
  return [
    h(
      "ul",
      { class: "whys" },
      lines.map((b) =>
        h(
          "li",
          {
            class: b.team === rec.scoring_team ? "gain" : "lost",
            dataset: { team: b.team, points: b.points },
          },
          tag(view, b.team, ui),
          " ",
          b.reasons.map((r) => ui.say(r)).join(ui.t("list_sep")),
        ),
      ),
    ),
    h(
      "p",
      { class: "deal-nums" },
      `${ui.t("tricks")} `,
      pair(rec.tricks),
      ` · ${ui.t("totals_after")} `,
      pair(rec.scores),
    ),
  ];
}

// The deal just scored, folded to its one line (mode, team, points) so that the bidding hand and
// its refusal line stay on a phone's screen; a tap opens the reasons.
const openDeals = new Map();
function lastDeal(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase === "over") return null;
  const fresh = view.phase === "bid" && !view.my_bid;
  const key = `${ui.viewer}:${view.deals_played}:${fresh}`;
  const panel = h(
    "details",
    {
      class: `last-deal team-${rec.scoring_team}${fresh ? " fresh" : ""}`,
      dataset: dealData(rec, view.deals_played),
    },
    h(
      "summary",
      {},
      h("b", {}, `${ui.t("deal_result", { n: view.deals_played })} `),
      `${dealTitle(rec, ui)} → `,
      tag(view, rec.scoring_team, ui),
      ` +${gained(rec)}`,
    ),
    dealBody(view, rec, ui),
  );
  panel.open = openDeals.get(key) ?? false;
  panel.addEventListener("toggle", () => openDeals.set(key, panel.open));
  return panel;
}

export function render(view, ui) {
  const me = ui.viewer;
  const verb = { bid: "bid", exchange: "exchange", give: "give" }[view.phase] || "play";
  return h(
    "div",
    {
      class: "table tuppi",
      dataset: { phase: view.phase, mode: view.mode ?? "", deal: view.deals_played + 1 },
    },
    scoreboard(view, ui),
    lastDeal(view, ui),
    modeBanner(view, ui),
    h(
      "div",
      { class: "felt" },
      seatRing(ui, {
        seats: [1, 2, 3].map((k) => (me + k) % 4),
        toMove: view.phase === "over" ? [] : view.to_move,
        cards: (s) => view.hand_counts[s],
        chip: (s) => badges(view, s, ui),
      }),
      middle(view, ui),
    ),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat${view.to_move.includes(me) && view.phase !== "over" ? " to-move" : ""}`,
        dataset: { seat: me, team: teamOf(me) },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      badges(view, me, ui),
    ),
    hand(ui, view.hand || [], { verb }),
    ui.dock(),
    privateCards(view, ui),
    history(ui, { tricks: view.history, key: `tuppi:${view.deals_played}` }),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const winner = r.winner_team;
  return h(
    "div",
    {
      class: "score tuppi-result",
      dataset: {
        scores: r.scores.join(","),
        winnerTeam: winner ?? "draw",
        winners: r.winners.join(","),
        dealsPlayed: r.deals_played,
        dealPoints: r.deals.map((d) => `${d.scoring_team}:${d.points}`).join(","),
      },
    },
    h(
      "h2",
      {},
      winner === null ? ui.t("draw") : ui.t("winners", { team: names(view, winner, ui) }),
    ),
    h(
      "div",
      { class: "totals" },
      h(
        "span",
        { class: "tl" },
        `${ui.t("final_scores")} · ${ui.t("deals_played", { n: r.deals_played })}`,
      ),
      [0, 1].map((team) =>
        h(
          "div",
          { class: `tot team-${team}`, dataset: { team, score: r.scores[team] } },
          h("span", { class: "swatch", "aria-hidden": "true" }),
          h("span", {}, names(view, team, ui)),
          h("b", {}, r.scores[team]),
        ),
      ),
    ),
    h(
      "ol",
      { class: "deals" },
      r.deals.map((rec, i) =>
        h(
          "li",
          { class: `deal team-${rec.scoring_team}`, dataset: dealData(rec, i + 1) },
          h(
            "div",
            { class: "deal-line" },
            h("b", {}, `${ui.t("deal_result", { n: i + 1 })} `),
            dealTitle(rec, ui),
            " → ",
            tag(view, rec.scoring_team, ui),
            ` +${gained(rec)}`,
          ),
          dealBody(view, rec, ui),
        ),
      ),
    ),
  );
}
