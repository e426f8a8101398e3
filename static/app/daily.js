// The daily deal of every game, and a finished game's result in a few words to share.
//
// A daily deal is the engine's: session.daily_log(slug, date) gives the log (the game's daily
// options at its default player count, the date's digits as the seed), the same for everyone on
// that date; the engine refuses a date that is not real (2026-02-31). Links: ?game=X&daily=1
// (today, the device's local date) or &daily=YYYY-MM-DD. Played against the computer at the
// normal level (the patience games alone).
//
//   localDate(date?)                 "YYYY-MM-DD" of the device's local calendar
//   dateWords(date, lang)            2026年11月24日 / November 24, 2026
//   dealName(deal, seed)             "11/24" for a daily deal, "#12345" for a seeded one
//   resultWords(t, slug, options, outcome, sides)   "3点 勝ち", "2nd of 4", "won"
//   shareText(t, ...)                the line to share
//   dealLink(...)                    the link that opens the same deal (daily or seed)
//   share(text, link)                Web Share API, else the clipboard; -> "shared" | "copied" | "shown"
import { scoreKind } from "./stats.js";

export function localDate(d = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

// A date of the calendar in the reader's language: 2026年11月24日 / November 24, 2026.
export function dateWords(date, lang) {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(y, m - 1, d));
}

export function dealName(deal, seed) {
  if (deal && deal.startsWith("daily:")) {
    const [, m, d] = deal.slice(6).split("-");
    return `${Number(m)}/${Number(d)}`;
  }
  return `#${seed}`;
}

// An ordinal place in words: 1st, 2nd ... / 1位, 2位 ...
function ordinal(t, lang, n) {
  const form = new Intl.PluralRules(lang, { type: "ordinal" }).select(n);
  return t(`ordinal_${form}`, { n }) || t("ordinal_other", { n });
}

// The game's score in words: points, penalty points (low is better) or lives left.
export function scoreWords(t, slug, options, score) {
  if (typeof score !== "number") return null;
  const kind = scoreKind(slug, options);
  if (kind === "penalty") return t("score_penalty", { n: score });
  if (kind === "lives") return t("score_lives", { n: score });
  return t("score_points", { n: score });
}

// How the player (or the computer in the player's seat) did: score, then won / lost / draw with
// two sides (Tuppi's partnerships count as two), a place of n with more, won / lost alone.
export function verdictWords(t, lang, outcome, sides) {
  if (sides <= 1) return t(outcome.place === 1 ? "share_won" : "share_lost");
  if (sides === 2)
    return t(outcome.value === 1 ? "share_won" : outcome.value === 0 ? "share_lost" : "share_draw");
  return t("place_of", { place: ordinal(t, lang, outcome.place), sides });
}

export function resultWords(t, lang, slug, options, outcome, sides) {
  const score = scoreWords(t, slug, options, outcome.score);
  const verdict = verdictWords(t, lang, outcome, sides);
  return score ? t("share_join", { score, verdict }) : verdict;
}

// e.g. 「Tabletop マス・メノス 11/24 ● 3点 勝ち (コンピュータ: 2点 負け)」
export function shareText({ t, lang, title, slug, options, deal, seed, outcome, computer, sides }) {
  const mine = resultWords(t, lang, slug, options, outcome, sides);
  const theirs = computer
    ? t("share_computer", { result: resultWords(t, lang, slug, options, computer, sides) })
    : "";
  return `Tabletop ${title} ${dealName(deal, seed)} ● ${mine}${theirs}`;
}

// The link that opens this deal: the daily deal by its date, any other by seed, player count (when
// not the default) and options (when not the defaults).
export function dealLink({ base, slug, deal, seed, players, defaultPlayers, options, lang }) {
  const url = new URL(base);
  url.search = "";
  url.searchParams.set("game", slug);
  if (deal && deal.startsWith("daily:")) url.searchParams.set("daily", deal.slice(6));
  else {
    url.searchParams.set("seed", seed);
    if (players !== defaultPlayers) url.searchParams.set("players", players);
    if (options && Object.keys(options).length)
      url.searchParams.set("options", JSON.stringify(options));
  }
  if (lang) url.searchParams.set("lang", lang);
  return url.href;
}

// The Web Share API where the browser has it (phones), else the clipboard; the caller shows the
// text and link on the page in every case, so a reader can always copy them by hand.
export async function share(text, link) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text, url: link });
      return "shared";
    } catch (err) {
      if (err && err.name === "AbortError") return "cancelled";
      /* not allowed here: the clipboard next */
    }
  }
  try {
    await navigator.clipboard.writeText(`${text}\n${link}`);
    return "copied";
  } catch {
    return "shown";
  }
}
