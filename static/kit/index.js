// @ts-check
// The table kit: what every game's view draws with. A view is the game's zones, its face spec and
// its strings; the kit and the shell (static/app/) do the rest. Worked examples:
// static/views/mas_menos.js (two seats, a set to discard, buttons for declarations) and
// static/views/slobberhannes.js (3-6 seats, follow suit, deal records).
//
// A view module (static/views/<slug>.js) exports:
//   render(view, ui) -> node            the table for the engine's view(seat)
//   renderResult(view, ui) -> node      the result sheet's content (the shell adds close, again, new)
//   faces (optional)                    a face spec (faces.js) when the game's tokens are not
//                                       standard cards (tarot, dominoes, coloured cards)
//   verbs (optional)                    per-verb picker options: {discard: {confirm: true,
//                                       label(args, words)}, place: {confirm: false}, beat:
//                                       {split: ":"}, play: {eager: true}} (picker.js)
//   formatParam(key, value, ui)         (optional) words a message param of the game's own
//                                       (a throne, a train), and ("arg", token) an action's
//                                       argument in a move said in words; undefined: the default
//   botDelayFactor(view) (optional)     multiplies the computer's pause (e.g. its first decision
//                                       of a deal takes a person's time)
//   OWN_HINT (optional)                 true when the view offers its own hint instead of Suggest
// and keeps its strings in static/strings/<slug>.json ({"en": {...}, "ja": {...}}): labels,
// option_<key> for the setup screen, choice_<key>_<value>, and the engine's codes for the game.
//
// The `ui` a view gets:
//   ui.viewer, ui.mode ("bot" | "hotseat" | "replay"), ui.canAct (the viewer may move now), ui.lang
//   ui.t(key, params)        a label (params put in as given); plural forms by params.n
//   ui.say({code, params})   a message in words: params worded by name (see words.js)
//   ui.seatName(seat)        あなた / コンピュータ2 / プレイヤー1 ...; ui.seatShort(seat): あなた / 2 / 1
//   ui.cardName(token)
//   ui.face(token, opts)     a picture of a token (faces.js opts; the game's spec by default)
//   ui.picker                tappable faces and the buttons of the legal actions (picker.js):
//                            ui.picker.face(token, {verb}), ui.picker.choices(verb, {label,
//                            describe}), ui.picker.bar(), ui.picker.why = (token, sel) => msg
//   ui.dock()                the strip next to the hand: why a tap did nothing, the picker's
//                            buttons, Suggest. Place it by the hand; the shell fills it.
//   ui.act(action)           play a move (queued behind one on its way; a refusal is said)
//   ui.query(name, ...args)  {busy, result}: hint / truth / analysis, once per position (query.js)
//   ui.hold(key), ui.collect(key), ui.collected(key)
//                            a finished trick on show: the computer waits for it; a tap collects
//   ui.wait(key)             a sheet the player must dismiss (drawn with it on every draw): the
//                            computer waits until ui.collect(key), at any pace
//   ui.skipToEnd(), ui.skipping
//                            the computers finish the game at once (no pauses, holds or sheets;
//                            the player is out); the view may say so while it runs
//   ui.replayHref(actions)   a link to the replay viewer playing these actions from the deal
//
// Pieces (pieces.js): seatRing, trick, history, scoreTable, hand. DOM (dom.js): h, useCss, arrowKeys.
//
// Writing a view on the kit (mas_menos.js and slobberhannes.js are the short examples):
//  1. Words go to static/strings/<slug>.json (the same keys in en and ja; plural forms on n).
//  2. Import from ../kit/index.js; the view's CSS is useCss(...) or its own .css file.
//  3. The hand is hand(ui, view.hand, {verb}); anything else tappable is ui.picker.face(token,
//     {verb}); verbs without tokens are ui.picker.choices(verb, ...) or left to the dock; put
//     ui.dock() right by the hand. No onclick of the view's own decides what is legal.
//  4. Seats: seatRing; the trick: trick(ui, {cards: view.trick, last: view.history.at(-1), key});
//     history(ui, {tricks: view.history}); tables of numbers: scoreTable.
//  5. Engine messages ({code, params}) through ui.say; never match the engine's English.
//  6. Hints, truths, analyses through ui.query (no cache of the view's own).
//  7. Tests: tests/browser/helpers.py; unlit cards are aria-disabled buttons, so a test taps them
//     with click(force=True) and reads the reason from .dock .reason.
export { arrowKeys, h, useCss } from "./dom.js";
export { back, empty, face, standardCards, SUIT_SYMBOL } from "./faces.js";
export { hand, history, scoreTable, seatRing, trick } from "./pieces.js";
