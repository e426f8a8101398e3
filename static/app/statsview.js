// The statistics screens: one game's record (from its setup screen, the table's menu and the
// result sheet: ?game=<slug>&page=stats) and the overview of every game (from the game list:
// ?page=stats). The numbers are stats.js's; what is counted is said on the screen.
import { h } from "../kit/dom.js";
import { currentLanguage, gameTitle, loadGame, SLUGS, t, words } from "../kit/words.js";
import { app, header, hooks } from "./chrome.js";
import { localDate } from "./daily.js";
import { current, endSession, nav } from "./play.js";
import { readStats } from "./records.js";
import { navigate } from "./screens.js";
import { dailyStreak, mayScoreLow, resetRecord, sidesOf, SOLO, summary } from "./stats.js";
import { store } from "./store.js";

const LEVEL_ORDER = ["heuristic", "easy", "normal", "strong", "random"]; // as the setup screen lists them (bots.bot_levels)
const levelRank = (level) =>
  level === SOLO ? 99 : LEVEL_ORDER.includes(level) ? LEVEL_ORDER.indexOf(level) : 50;

function number(n, digits = 0) {
  return new Intl.NumberFormat(currentLanguage(), {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(n);
}

function row(key, label, value) {
  return [h("dt", {}, label), h("dd", { dataset: { stat: key } }, value)];
}

// An option's name without its explanation: the setup screen's label is "name: what it does" or
// "name (what it does)" / "名前（説明）", too long to name a group of scores on a phone.
function optionName(text) {
  const cut = text.search(/: |：| \(|（/);
  return cut > 0 ? text.slice(0, cut) : text;
}

// A group of scores is named by its player count and the options that were not the defaults.
function groupLabel(info, w, group) {
  const parts = info.max_players > 1 ? [t("players_n", { n: group.players })] : [];
  const entries = Object.entries(group.options || {});
  if (!entries.length) parts.push(t("standard_rules"));
  for (const [key, value] of entries) {
    const opt = info.options.find((o) => o.key === key);
    const shown =
      value === null
        ? t("default_value")
        : opt?.kind === "bool"
          ? t(value ? "option_on" : "option_off")
          : opt?.kind === "choice"
            ? w.t(`choice_${key}_${value}`)
            : String(value);
    parts.push(t("labelled", { label: optionName(w.t(`option_${key}`)), value: shown }));
  }
  return parts.join(t("list_sep"));
}

function bucketSection(slug, info, w, level, b) {
  const rows = [];
  const rate = b.played ? Math.round((100 * b.won) / b.played) : 0;
  if (level === SOLO) {
    const checked = b.deals.winnable + b.deals.notWinnable + b.deals.undecided;
    rows.push(row("played", t("stat_deals_played"), number(b.played)));
    rows.push(row("won", t("stat_deals_won"), t("stat_rate", { n: number(b.won), rate })));
    rows.push(
      row(
        "winnable-won",
        t("stat_winnable_won"),
        t("stat_of", { n: number(b.deals.winnableWon), total: number(b.deals.winnable) }),
      ),
    );
    rows.push(row("not-winnable", t("stat_not_winnable"), number(b.deals.notWinnable)));
    rows.push(row("undecided", t("stat_undecided"), number(b.deals.undecided)));
    rows.push(row("unchecked", t("stat_unchecked"), number(Math.max(0, b.played - checked))));
  } else {
    rows.push(row("played", t("stat_played"), number(b.played)));
    rows.push(row("won", t("stat_won"), t("stat_rate", { n: number(b.won), rate })));
    if (b.drawn) rows.push(row("drawn", t("stat_drawn"), number(b.drawn)));
    const places = Object.keys(b.places)
      .map(Number)
      .sort((x, y) => x - y);
    if (places.some((p) => p > 2) || sidesOf(slug, info.max_players) > 2) {
      rows.push(
        row(
          "places",
          t("stat_places"),
          places.length
            ? places
                .map((p) => t("stat_place_n", { place: p, n: number(b.places[p]) }))
                .join(t("list_sep"))
            : "—",
        ),
      );
    }
  }
  rows.push(row("abandoned", t("stat_abandoned"), number(b.abandoned)));
  rows.push(row("streak", t("stat_streak"), number(b.streak)));
  rows.push(row("best-streak", t("stat_best_streak"), number(b.bestStreak)));
  const groups = Object.values(b.scores).sort(
    (x, y) =>
      x.players - y.players || JSON.stringify(x.options).localeCompare(JSON.stringify(y.options)),
  );
  const scores = groups.map((g) =>
    h(
      "div",
      { class: "score-group" },
      h("h4", {}, groupLabel(info, w, g)),
      h(
        "dl",
        { class: "stat-rows" },
        row(
          "best-score",
          t(g.order === "low" ? "stat_best_score_low" : "stat_best_score"),
          number(g.best),
        ),
        row("average-score", t("stat_average_score"), number(g.sum / g.n, 1)),
        row("scored-games", t("stat_scored_games"), number(g.n)),
      ),
    ),
  );
  return h(
    "section",
    { class: "level-stats", dataset: { level } },
    level === SOLO ? null : h("h3", {}, t("stat_level", { level: t(`level_${level}`) })),
    h("dl", { class: "stat-rows" }, rows),
    scores,
  );
}

export async function showStats(slug) {
  endSession();
  hooks.rerender = () => showStats(slug);
  const info = current.catalog[slug];
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug); // option names label the groups of scores
  const w = words(slug);
  const read = readStats(slug);
  const record = read.record;
  document.title = `${t("stats")} — ${gameTitle(slug)}`;
  const levels = Object.keys(record.levels).sort((a, b) => levelRank(a) - levelRank(b));
  const streak = dailyStreak(record, localDate());
  const confirmBox = h(
    "div",
    { class: "confirm-reset", hidden: true, role: "group", "aria-label": t("stats_reset") },
    h("p", {}, t("stats_reset_ask", { game: gameTitle(slug) })),
    h(
      "button",
      {
        type: "button",
        class: "danger confirm-reset-yes",
        onclick: () => {
          resetRecord(store, slug);
          showStats(slug);
        },
      },
      t("stats_reset_yes"),
    ),
    h(
      "button",
      {
        type: "button",
        class: "confirm-reset-no",
        onclick: () => {
          confirmBox.hidden = true;
          resetButton.hidden = false;
          resetButton.focus();
        },
      },
      t("cancel"),
    ),
  );
  const resetButton = h(
    "button",
    {
      type: "button",
      class: "reset-stats",
      onclick: () => {
        confirmBox.hidden = false;
        resetButton.hidden = true;
        confirmBox.querySelector("button").focus();
      },
    },
    t("stats_reset"),
  );
  const low = mayScoreLow(slug);
  app.replaceChildren(
    header(t("stats"), { slug, onBack: () => navigate({ game: slug }) }),
    h(
      "section",
      { class: "stats-page", dataset: { slug } },
      h("h2", {}, gameTitle(slug)),
      read.problem
        ? h(
            "p",
            { class: "notice stats-problem", role: "alert" },
            t("stats_broken", { game: gameTitle(slug) }),
          )
        : null,
      levels.length
        ? levels.map((level) => bucketSection(slug, info, w, level, record.levels[level]))
        : h("p", { class: "empty" }, t("stats_none")),
      h(
        "section",
        { class: "daily-stats" },
        h("h3", {}, t("stats_daily")),
        h(
          "dl",
          { class: "stat-rows" },
          row("daily-played", t("stat_daily_played"), number(streak.played)),
          row("daily-streak", t("stat_daily_streak"), number(streak.current)),
          row("daily-best", t("stat_daily_best"), number(streak.best)),
        ),
      ),
      h(
        "div",
        { class: "notes" },
        h("p", {}, t(info.max_players === 1 ? "stats_note_solo" : "stats_note_counted")),
        h("p", {}, t("stats_note_abandoned")),
        low ? h("p", {}, t("stats_note_low")) : null,
        h("p", {}, t("stats_note_device")),
      ),
      h("div", { class: "stats-actions" }, resetButton, confirmBox),
    ),
  );
  document.body.dataset.screen = "stats";
}

export function showStatsOverview() {
  endSession();
  hooks.rerender = showStatsOverview;
  document.title = `${t("stats")} — ${t("app_title")}`;
  const today = localDate();
  const items = SLUGS.filter((slug) => current.catalog[slug]?.available).map((slug) => {
    const record = readStats(slug).record;
    const sum = summary(record);
    const streak = dailyStreak(record, today);
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "stats-game",
          dataset: { slug, played: sum.played, won: sum.won },
          onclick: () => navigate({ game: slug, page: "stats" }),
        },
        h("span", { class: "title" }, gameTitle(slug)),
        h(
          "span",
          { class: "figures" },
          sum.played
            ? t("stats_overview_line", { played: number(sum.played), won: number(sum.won) })
            : t("stats_overview_none"),
          streak.current ? ` · ${t("daily_streak", { n: streak.current })}` : "",
        ),
      ),
    );
  });
  app.replaceChildren(
    header(t("stats"), { onBack: nav.leave }),
    h(
      "section",
      { class: "stats-page overview" },
      h("ul", { class: "stats-games" }, items),
      h(
        "div",
        { class: "notes" },
        h("p", {}, t("stats_note_counted")),
        h("p", {}, t("stats_note_device")),
      ),
    ),
  );
  document.body.dataset.screen = "stats";
}
