// Checks of the table kit's logic that need no browser: the picker's rules (what a tap does with
// the legal actions) and the wording of messages (templates, plurals, params by name). Run by
// tests/test_kit_js.py with Node; prints one JSON object of results.
import { Picker } from "../../static/kit/picker.js";
import { readFileSync } from "node:fs";
import {
  chooseLanguage,
  loadCommon,
  loadGame,
  setLanguage,
  words,
} from "../../static/kit/words.js";

const out = {};
function picker(legal, verbs = {}, allow = null) {
  const log = { acted: [], explained: [], redraws: 0 };
  const p = new Picker({
    legal,
    selection: [],
    verbs,
    allow,
    words: { verb: (v) => v, move: (a) => a, t: (k) => k },
    act: (a) => log.acted.push(a),
    rerender: () => {
      log.redraws += 1;
    },
    explain: (token, own, action) => log.explained.push([token, action]),
  });
  return { p, log };
}

{
  // one token, one action: played at once
  const { p, log } = picker(["play AS", "play KH"]);
  p.tap("AS", "play");
  out.single = log.acted;
}
{
  // a set of three: gathered, never played before the confirm; a fourth tap says why
  const { p, log } = picker([
    "discard 7S 8S 9S",
    "discard 7S 8S TS",
    "discard 7S 9S TS",
    "discard 8S 9S TS",
  ]);
  p.tap("7S", "discard");
  p.tap("8S", "discard");
  p.tap("9S", "discard");
  out.set_selected = [...p.sel];
  out.set_acted = log.acted.length;
  out.set_lit_after_three = ["TS"].filter((t) => p.extends(t));
  p.tap("TS", "discard");
  out.set_fourth = log.explained;
  p.tap("9S", "discard"); // a second tap takes it back
  out.set_after_untap = [...p.sel];
}
{
  // one token, two verbs: no guess, a button each
  const { p, log } = picker(["play AS", "discard AS"]);
  p.tap("AS", "play");
  out.two_verbs = { acted: log.acted, sel: [...p.sel], complete: p.candidates().length };
}
{
  // a card then a slot (a sequence): played on the second tap when the verb does not confirm
  const { p, log } = picker(["place AS g11", "place AS g12", "place KH g11"], {
    place: { confirm: false },
  });
  p.tap("AS", "place");
  out.seq_lit = ["g11", "g12", "KH"].filter((t) => p.extends(t));
  out.seq_replaces = ["g11", "g12", "KH"].filter((t) => p.replaces(t));
  p.tap("KH", "place"); // another card: the choice starts over with it
  out.seq_restart = [...p.sel];
  p.tap("g11", "place");
  out.seq_acted = log.acted;
}
{
  // one argument of two tokens (Mustamaija's beat attack:beater): tapped one by one, sent as spelt
  const legal = ["beat 9H:TH", "beat 9H:JH", "beat 7H:8H", "take"];
  const { p, log } = picker(legal, { beat: { split: ":", confirm: false } });
  p.tap("9H", "beat");
  out.split_lit = ["TH", "JH", "8H", "7H"].filter((t) => p.extends(t));
  // 8H beats 7H, not 9H: it is dimmed, and a tap on it asks why and chooses nothing
  out.split_dimmed = ["8H", "7H"].filter((t) => !p.extends(t) && !p.replaces(t));
  p.tap("8H", "beat");
  out.split_kept = [...p.sel];
  p.tap("7H", "beat"); // another attack card: the choice starts over with it
  out.split_restart = [...p.sel];
  p.tap("7H", "beat"); // taken back
  p.tap("9H", "beat");
  p.tap("2C", "beat"); // beats nothing: asked as the engine spells a pair
  out.split_explained = log.explained;
  p.tap("TH", "beat");
  out.split_acted = log.acted;
}
{
  // a director (a lesson asking for beat 9H:TH) refuses a tap that can only lead to other moves:
  // nothing is chosen nor played; the asked move's taps go through
  const refusedBy = [];
  const legal = ["beat 9H:TH", "beat 7H:8H", "beat 7H:TH", "take"];
  const { p, log } = picker(legal, { beat: { split: ":", confirm: false } }, (actions, token) => {
    if (actions.includes("beat 9H:TH")) return true;
    refusedBy.push(token);
    return false;
  });
  p.tap("8H", "beat");
  out.allow_refused = { sel: [...p.sel], refusedBy: [...refusedBy], acted: [...log.acted] };
  p.tap("9H", "beat");
  p.tap("TH", "beat");
  out.allow_acted = log.acted;
}
{
  // eager: a tap that leaves one legal action plays it; several wait for the next tap
  const legal = ["play 3-6 m", "play 3-6 0", "play 1-2 0", "draw"];
  const { p, log } = picker(legal, { play: { confirm: false, eager: true } });
  p.tap("1-2", "play");
  out.eager_one = [...log.acted];
  p.tap("3-6", "play");
  out.eager_two = { acted: log.acted.length, sel: [...p.sel] };
  p.tap("m", "play");
  out.eager_acted = log.acted;
}
{
  // not legal at all (or not this seat's turn): the engine is asked, nothing is played
  const { p, log } = picker([]);
  p.tap("QS", "play");
  out.refused = { acted: log.acted, explained: log.explained };
}

// Words: a game's table, plural forms, params worded by name, nested messages, lists.
await loadCommon(
  JSON.parse(readFileSync(new URL("../../static/strings/common.json", import.meta.url), "utf8")),
);
const memory = { getItem: () => null, setItem: () => {} };
chooseLanguage(new URLSearchParams("lang=en"), memory);
await loadGame("demo", {
  en: {
    must_follow: "Follow suit: play {suit}.",
    took: "{winner} took {cards}",
    n_points: { one: "{n} point", other: "{n} points" },
    outer: "Refused: {why}",
  },
  ja: {
    must_follow: "フォローが必要です: {suit}を出してください。",
    took: "{winner}が{cards}を取りました",
    n_points: "{n}点",
    outer: "できません: {why}",
  },
});
const w = words("demo", { seatName: (s) => (s === 0 ? "You" : `Computer ${s}`) });
out.words_en = [
  w.say({ code: "must_follow", params: { suit: "H" } }),
  w.say({ code: "took", params: { winner: 2, cards: ["AS", "TD"] } }),
  w.say({ code: "n_points", params: { n: 1 } }),
  w.say({ code: "n_points", params: { n: 3 } }),
  w.say({ code: "outer", params: { why: { code: "n_points", params: { n: 2 } } } }),
  w.say({ code: "no_such_code", params: {} }),
];
{
  // person forms (the player's seat takes the second person), plurals on another param, signs
  await loadGame("persons", {
    en: {
      building: {
        subject: "a",
        you: "You are building an attack on {d}",
        other: "{a} is building an attack on {d}",
      },
      lose: { subject: "names", you: "You lose", one: "{names} loses", other: "{names} lose" },
      taken: {
        count: "p",
        one: "{p:signed} card point for {name}",
        other: "{p:signed} card points for {name}",
      },
    },
    ja: { taken: "{name}に{p:signed}カードポイント" },
  });
  const wp = words("persons", { seatName: (s) => (s === 0 ? "You" : `Computer ${s}`) });
  out.persons_en = [
    wp.t("building", { a: "You", d: "Computer 1" }),
    wp.t("building", { a: "Computer 1", d: "You" }),
    wp.t("lose", { names: "You", n: 1 }),
    wp.t("lose", { names: "Computer 2", n: 1 }),
    wp.t("lose", { names: "You and Computer 2", n: 2 }),
    wp.t("taken", { p: 4, name: "You" }),
    wp.t("taken", { p: -2, name: "You" }),
    wp.t("taken", { p: 1, name: "You" }),
  ];
  setLanguage("ja", memory);
  const wpj = words("persons");
  out.persons_ja = [
    wpj.t("taken", { p: -2, name: "あなた" }),
    wpj.t("taken", { p: 0, name: "あなた" }),
  ];
}
setLanguage("ja", memory);
const wj = words("demo", { seatName: (s) => (s === 0 ? "あなた" : `コンピュータ${s}`) });
out.words_ja = [
  wj.say({ code: "must_follow", params: { suit: "H" } }),
  wj.say({ code: "took", params: { winner: 2, cards: ["AS", "TD"] } }),
  wj.say({ code: "n_points", params: { n: 1 } }),
  wj.move("play 9H"),
  wj.list(["あなた", "コンピュータ3"]),
];
// One wording of a move: a game's word for an argument (Más-Menos' "declare menos"), several
// cards, in both languages.
const masMenosUrl = new URL("../../static/strings/mas_menos.json", import.meta.url);
const masMenos = JSON.parse(readFileSync(masMenosUrl, "utf8"));
await loadGame("mas_menos", masMenos);
const moves = ["declare menos", "discard AS QS 7S"];
out.moves_ja = moves.map((m) => words("mas_menos").move(m));
setLanguage("en", memory);
out.moves_en = moves.map((m) => words("mas_menos").move(m));
console.log(JSON.stringify(out));
