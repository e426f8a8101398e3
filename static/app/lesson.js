// The lesson player (issue #16): a guided first deal of a game, played on the game's real table
// (its own view module and the table kit), so the reader learns the real screen.
//
// A lesson is data: static/lessons/<slug>.json (its format is checked by tests/test_lessons.py):
// a fixed deal (`log`), the reader's seat (`human`), `title`/`intro`/`outro`, the main `rules`
// it teaches, and `steps`, one per move of the game in order: {seat, action, say, after, rule}.
// The engine stays the only judge. The deal is loaded like any game (`load`); every move goes
// through `act`; the kit lights what the engine allows; a tap on anything unplayable is asked of
// the engine, which refuses it with its own reason. The lesson only
//   - asks for one of the legal moves at each of the reader's steps (marked "try this"; another
//     legal move is answered "that is allowed, but in this lesson play …" and nothing is played;
//     so is a tap that could only lead to another move, before anything is chosen),
//   - plays the other seats' scripted moves at the table's pace (never a bot),
//   - says its words in a caption by the hand: a step's `say` while it is awaited or as it is
//     played, then its `after` once made.
// If the lesson and the engine ever disagree (a scripted move refused, the asked move not legal,
// the game over too soon), it says so plainly and offers the real game; it never forces a move.
// Nothing here knows a game: it works with any view on the kit.
//
//   ?game=X&learn=1 (&embed=1, &lang=ja|en)   openLesson(X)
//   a view may export askMarks(action, root) -> elements to tap next for `action` (null: its
//   tokens and buttons, as the picker draws them)
//
// Progress is kept under tabletop:lesson:<slug> (and :<id> like the game's save): the moves made
// so far, so a reload resumes. The game's own save (tabletop:save:<slug>) is never read or written.
import { h, useCss } from "../kit/dom.js";
import { SPEEDS } from "../kit/pace.js";
import { currentLanguage, gameTitle, loadGame, t } from "../kit/words.js";
import { app, header, hooks, toast } from "./chrome.js";
import { refusalWords } from "./engine.js";
import {
  current,
  currentPace,
  endSession,
  loadError,
  nav,
  startDirected,
  wakeComputer,
} from "./play.js";
import { guardedDriver, humanDriver, scriptDriver } from "./seats.js";
import { fetchLesson, moveWords, navigate, sayText } from "./screens.js";
import { params, store } from "./store.js";

// Loaded with the player (a lesson is opened): the caption is measured (fitCaption), so a lesson is
// drawn once its rules are in.
const styled = useCss(new URL("./lesson.css", import.meta.url));

const canon = (action) => {
  const [verb, ...args] = String(action).trim().split(/\s+/);
  return [verb, ...args.sort()].join(" ");
};
const argsOf = (action) => String(action).trim().split(/\s+/).slice(1);
const PLAIN = { cardName: String, seatName: String }; // for texts without placeholders (titles)

// ---------------------------------------------------------------- progress
function progressKey(slug) {
  const id = params.get("id");
  return `tabletop:lesson:${slug}` + (id && /^[\w-]{1,40}$/.test(id) ? `:${id}` : "");
}

// The moves made so far, if they are still the lesson's first steps (a changed lesson starts over).
function readProgress(slug, steps) {
  let data = null;
  try {
    data = JSON.parse(store.getItem(progressKey(slug)) || "null");
  } catch {
    /* unreadable: start over */
  }
  if (!data || data.v !== 1 || !Array.isArray(data.actions)) return { started: false, actions: [] };
  const ok =
    data.actions.length <= steps.length &&
    data.actions.every(
      (m, i) =>
        Array.isArray(m) && m[0] === steps[i].seat && canon(m[1]) === canon(steps[i].action),
    );
  return ok ? { started: !!data.started, actions: data.actions } : { started: false, actions: [] };
}

// ---------------------------------------------------------------- the director
// What play.js's startDirected asks of a lesson: `human` (the reader's seat), `seats(s, players)`
// (the seat drivers), `attach(s, table)` (its subscribers) and `dress(s)` (title, new game,
// result sheet). The lesson is a script of seat drivers and subscribers on the one table.
function makeDirector(slug, lesson, module, progress) {
  const steps = lesson.steps;
  const human = lesson.human;
  const d = {
    slug,
    human,
    started: progress.started,
    broken: null,
    skip: false,
    shownText: "",
  };
  const stepAt = (s) => steps[s.log.actions.length];

  d.title = () => sayText(lesson.title, PLAIN);

  d.persist = (s) => {
    const done = s.log.actions;
    const wrong = done.findIndex(
      (m, i) =>
        i >= steps.length || m[0] !== steps[i].seat || canon(m[1]) !== canon(steps[i].action),
    );
    if (wrong >= 0 && !d.broken)
      d.broken = { kind: "unscripted", at: wrong, seat: done[wrong][0], action: done[wrong][1] };
    if (done.length) d.started = true;
    store.setItem(progressKey(slug), JSON.stringify({ v: 1, started: d.started, actions: done }));
  };

  // The engine's view and the lesson must agree on what comes next; if not, the lesson stops.
  d.check = (s) => {
    if (d.broken) return;
    const n = s.log.actions.length;
    const step = steps[n];
    if (s.status.over) {
      if (n < steps.length) d.broken = { kind: "over_early", at: n };
      return;
    }
    if (!step) return; // the lesson's steps are done: its end is shown
    if (!s.status.to_move.includes(step.seat)) {
      d.broken = { kind: "not_to_move", at: n, seat: step.seat, action: step.action };
      return;
    }
    if (
      step.seat === human &&
      s.viewSeat === human &&
      !(s.view.legal_actions || []).some((a) => canon(a) === canon(step.action))
    ) {
      d.broken = { kind: "not_legal", at: n, seat: step.seat, action: step.action };
    }
  };

  // The reader's move (from a tap): the asked move is played; another legal move is not, and the
  // lesson says why; a move the engine does not allow goes to the engine, which refuses it.
  d.allows = (s, action) => {
    const legal = (s.view.legal_actions || []).map(canon);
    if (!legal.includes(canon(action))) return true;
    const step = stepAt(s);
    if (d.broken || !step || step.seat !== human) {
      s.reason = { text: t("lesson_stopped"), code: "lesson_stopped" };
      return false;
    }
    if (canon(action) === canon(step.action)) {
      d.started = true;
      return true;
    }
    s.reason = {
      text: t("lesson_asks_other", { move: moveWords(s.lessonUi, module, step.action) }),
      token: argsOf(action)[0],
      code: "lesson_not_this",
    };
    s.pick.splice(0); // the cards chosen for it are put back: the asked move's are marked again
    return false;
  };

  // A tap whose choice can only lead to other moves than the asked one (the lesson asks 9♥ with
  // 10♥; 8♥, which beats only 7♥, is tapped) is answered at once, as a move made would be: the
  // tapped card is not chosen, those chosen before are put back, and the asked move's cards are
  // the ones marked (review P14c: 8♥ was chosen, and looked like a second card chosen).
  d.allowPick = (s, actions, token) => {
    const step = stepAt(s);
    if (d.broken || !step || step.seat !== human || s.viewSeat !== human) return true;
    if (actions.some((a) => canon(a) === canon(step.action))) return true;
    s.reason = {
      text: t("lesson_asks_other", { move: moveWords(s.lessonUi, module, step.action) }),
      token,
      code: "lesson_not_this",
    };
    s.pick.splice(0);
    s.refresh();
    return false;
  };

  d.nextComputerSeat = (s) => {
    const step = stepAt(s);
    if (!d.started || d.broken || !step || step.seat === human || s.status.over) return undefined;
    return step.seat;
  };

  // Time to read the caption on screen before the next scripted move (at the normal speed).
  d.readingMs = () => {
    if (d.skip) return 0;
    const perChar = currentLanguage() === "ja" ? 80 : 45; // about 12 and 22 characters a second
    return d.shownText.length * perChar;
  };

  // The seats: the reader's taps, of which only the asked move is let through (another legal
  // move is said, not played); the script's moves for every other seat, at the table's pace
  // with time to read the caption (a "continue" cuts it short).
  d.seats = (s, players) =>
    [...Array(players).keys()].map((seat) =>
      seat === human
        ? guardedDriver(humanDriver(), (move) => {
            if (d.allows(s, move.action)) return true;
            s.refresh();
            return false;
          })
        : scriptDriver({
            moveFor: (ctx) => (d.nextComputerSeat(s) === ctx.seat ? steps[ctx.moves].action : null),
            pace: currentPace,
            readingMs: d.readingMs,
            normalActionMs: SPEEDS.normal.action,
            moving: () => {
              d.skip = false;
            },
          }),
    );

  // The lesson's subscribers: its progress after every state (never the game's save), its
  // caption on every drawing, and a scripted move the engine refused stops the lesson.
  d.attach = (s, table) => {
    s.allowPick = (actions, token) => d.allowPick(s, actions, token);
    for (const event of ["loaded", "moved", "undone"]) table.on(event, () => d.persist(s));
    table.on("drawn", ({ ui, view }) => d.decorate(s, ui, view));
    table.on("failed", ({ seat, action, answer }) => {
      if (d.broken || action === undefined) return;
      d.broken = { kind: "refused", at: s.log.actions.length, seat, action, reason: answer };
    });
  };

  d.dress = (s) => ({
    title: d.title,
    onNew: d.playReal,
    tools: false,
    resultSheet: (view, ui) => d.resultSheet(s, view, ui),
  });

  d.playReal = () => {
    endSession();
    navigate({ game: slug });
  };

  d.restart = () => {
    store.removeItem(progressKey(slug));
    endSession();
    openLesson(slug);
  };

  const start = () => {
    d.started = true;
    if (current.session) d.persist(current.session);
    hooks.rerender();
  };
  const goOn = () => {
    d.skip = true;
    wakeComputer();
  };

  // The words to show now: what the last move caused, and what is asked next.
  function caption(s, ui) {
    const n = s.log.actions.length;
    const step = steps[n];
    const prev = steps[n - 1];
    // Focusable: on a phone its words may scroll inside it.
    const box = h("section", {
      class: "lesson-caption",
      role: "region",
      "aria-label": t("lesson"),
      "aria-live": "polite",
      tabindex: "0",
      dataset: { step: n, steps: steps.length },
    });
    const progress = h(
      "p",
      { class: "lesson-progress" },
      t("lesson_progress", { n: Math.min(n + 1, steps.length), total: steps.length }),
    );
    if (d.broken) {
      box.dataset.kind = "broken";
      const b = d.broken;
      const move = b.action ? moveWords(ui, module, b.action) : "";
      const why = b.reason ? refusalWords(ui.words, b.reason) : "";
      box.append(
        h(
          "p",
          { class: "lesson-broken" },
          t(`lesson_broken_${b.kind}`, {
            n: b.at + 1,
            move,
            seat: b.seat !== undefined ? ui.seatName(b.seat) : "",
            reason: why,
          }),
        ),
        h(
          "div",
          { class: "lesson-buttons" },
          h(
            "button",
            { type: "button", class: "primary real-game", onclick: d.playReal },
            t("lesson_play_real"),
          ),
          h(
            "button",
            { type: "button", class: "lesson-again", onclick: d.restart },
            t("lesson_again"),
          ),
        ),
      );
      d.shownText = "";
      return box;
    }
    if (!d.started && n === 0) {
      box.dataset.kind = "intro";
      const intro = sayText(lesson.intro, ui);
      box.append(
        h("p", { class: "lesson-say" }, intro),
        h(
          "div",
          { class: "lesson-buttons" },
          h(
            "button",
            { type: "button", class: "primary lesson-start", onclick: start },
            t("lesson_start"),
          ),
        ),
      );
      d.shownText = "";
      return box;
    }
    const lines = [];
    // What the last move caused: a scripted move's own words, then its `after`.
    if (prev) {
      const said = prev.seat !== human ? sayText(prev.say, ui) : "";
      const after = sayText(prev.after, ui);
      if (said) lines.push(h("p", { class: "lesson-said" }, said));
      if (after) lines.push(h("p", { class: "lesson-after" }, after));
    }
    d.shownText = lines.map((p) => p.textContent).join("");
    if (step && step.seat === human) {
      box.dataset.kind = "yours";
      lines.push(
        h("p", { class: "lesson-say" }, sayText(step.say, ui)),
        h(
          "p",
          { class: "lesson-try" },
          h("span", { "aria-hidden": "true" }, "▶ "),
          t("lesson_try", { move: moveWords(ui, module, step.action) }),
        ),
      );
    } else if (step) {
      box.dataset.kind = "computer";
      if (d.shownText)
        lines.push(
          h(
            "div",
            { class: "lesson-buttons" },
            h(
              "button",
              { type: "button", class: "lesson-next", onclick: goOn },
              t("lesson_continue"),
            ),
          ),
        );
    } else {
      box.dataset.kind = "end";
      d.shownText = "";
    }
    box.append(progress, ...lines);
    return box;
  }

  // The asked move, marked on the table: its tokens not yet chosen, or its button.
  function markAsked(s) {
    const step = stepAt(s);
    if (!step || step.seat !== human || d.broken || s.viewSeat !== human) return;
    if (!d.started) return; // the intro first: "Start" is the one thing to do
    const want = canon(step.action);
    // A verb whose argument joins two taps (Mustamaija's `beat A:B`, the picker's split) marks both.
    const split = module.verbs?.[want.split(" ")[0]]?.split;
    const tokens = argsOf(step.action).flatMap((arg) => (split ? arg.split(split) : [arg]));
    const pending = tokens.filter((tok) => !s.pick.includes(tok));
    const mark = (el) => {
      el.classList.add("lesson-ask");
      el.dataset.ask = "1";
    };
    // A sheet the player dismisses first (ui.wait: Stop the Bus's showdown) covers the table: its
    // button is what to tap now, the asked move after it.
    if (s.waitFor) return app.querySelectorAll("[role=dialog] button.primary").forEach(mark);
    // A view whose moves take taps of its own (a ploy, then its cell) says what to tap next.
    const own = module.askMarks ? module.askMarks(step.action, app) : null;
    if (own) return own.forEach(mark);
    for (const tok of pending) {
      for (const el of app.querySelectorAll(`.table button[data-token="${CSS.escape(tok)}"]`))
        mark(el);
    }
    for (const el of app.querySelectorAll("button[data-action]"))
      if (canon(el.dataset.action) === want) mark(el);
    if (tokens.length && !pending.length) {
      for (const el of app.querySelectorAll(
        `button.confirm[data-verb="${CSS.escape(want.split(" ")[0])}"]:not([disabled])`,
      ))
        mark(el);
    }
  }

  // After the table is drawn (its "drawn" event): the caption goes just above the reader's own
  // line and hand (the trick stays above it, the hand below), or under the table when the view
  // has no hand.
  d.decorate = (s, ui) => {
    s.lessonUi = ui;
    d.check(s);
    const box = caption(s, ui);
    const table = app.querySelector(".table");
    table?.classList.add("in-lesson");
    const anchor = table && (table.querySelector(".my-seat") || table.querySelector(".hand"));
    if (anchor) anchor.before(box);
    else if (table) table.after(box);
    else app.append(box);
    markAsked(s);
    fitCaption(box);
  };

  // The end: the last move's words, the game's own result, the rules learnt, the outro, and a
  // real game to play.
  d.resultSheet = (s, view, ui) => {
    const last = steps[steps.length - 1];
    const done = new Set(
      steps
        .slice(0, s.log.actions.length)
        .map((st) => st.rule)
        .filter(Boolean),
    );
    const toggle = (closed) => {
      s.resultClosed = closed;
      hooks.rerender();
    };
    const sheet = h(
      "section",
      {
        class: "result lesson-end",
        role: "dialog",
        "aria-label": t("lesson_end"),
        hidden: s.resultClosed,
      },
      h(
        "div",
        { class: "sheet-tools" },
        h(
          "button",
          { type: "button", class: "close-sheet", onclick: () => toggle(true) },
          t("see_table"),
        ),
      ),
      last && last.after && s.log.actions.length === steps.length
        ? h("p", { class: "lesson-after" }, sayText(last.after, ui))
        : null,
      s.module.renderResult(view, ui),
      h("h3", {}, t("lesson_rules")),
      h(
        "ul",
        { class: "lesson-rules" },
        Object.entries(lesson.rules).map(([id, name]) =>
          h(
            "li",
            { class: done.has(id) ? "learnt" : "", dataset: { rule: id } },
            h("span", { class: "tick", "aria-hidden": "true" }, done.has(id) ? "✓" : "·"),
            " ",
            sayText(name, ui),
          ),
        ),
      ),
      // What to do next, just above the button that does it.
      h("p", { class: "lesson-outro" }, sayText(lesson.outro, ui)),
      h(
        "div",
        { class: "sheet-actions" },
        h(
          "button",
          { type: "button", class: "primary real-game", onclick: d.playReal },
          t("lesson_play_real"),
        ),
        h(
          "button",
          { type: "button", class: "lesson-again", onclick: d.restart },
          t("lesson_again"),
        ),
      ),
    );
    const reopen = s.resultClosed
      ? h(
          "button",
          { type: "button", class: "primary show-result", onclick: () => toggle(false) },
          t("show_result"),
        )
      : null;
    return [sheet, reopen];
  };

  return d;
}

// The caption shows all its words (lesson.css: a box that scrolls inside itself hid them). When
// it and the asked move (with the refusal by the hand) are not all on the first screen, the page
// scrolls down just enough to show them, never past the top of the first. The dock's other
// buttons do not count: scrolling to the last of them (Watten's five signals) pushed the trick
// off the top while the asked one was already in view.
function fitCaption(box) {
  box.style.maxHeight = "";
  const shown = (el) => el.offsetParent !== null;
  const near = app.querySelectorAll(".lesson-ask, .dock .reason.shown");
  const boxes = [box, ...near].filter(shown).map((el) => el.getBoundingClientRect());
  const bottom = Math.max(...boxes.map((r) => r.bottom)) + window.scrollY + 6;
  const top = Math.min(...boxes.map((r) => r.top)) + window.scrollY - 4;
  const need = Math.min(top, bottom - window.innerHeight);
  if (need > window.scrollY) window.scrollTo(0, need);
}

// ---------------------------------------------------------------- opening a lesson
export async function openLesson(slug) {
  endSession();
  const info = current.catalog[slug];
  if (!info || !info.available) {
    toast(t("labelled", { label: gameTitle(slug), value: t("coming") }));
    return navigate({});
  }
  app.replaceChildren(
    header(gameTitle(slug), { onBack: nav.leave }),
    h("p", { class: "loading" }, t("loading")),
  );
  const [lesson, module] = await Promise.all([
    fetchLesson(slug),
    import(`../views/${slug}.js`).then(async (m) => {
      await loadGame(slug);
      return m;
    }),
    styled,
  ]);
  if (!lesson || !Array.isArray(lesson.steps) || lesson.game !== slug) {
    toast(t("lesson_missing"));
    const url = new URL(location.href);
    url.searchParams.delete("learn");
    history.replaceState(null, "", url);
    return nav.route();
  }
  document.title = `${sayText(lesson.title, PLAIN)} — ${t("app_title")}`;
  let progress = readProgress(slug, lesson.steps);
  const logOf = (actions) => ({
    game: slug,
    players: lesson.log.players,
    options: lesson.log.options || {},
    seed: lesson.log.seed || 0,
    ...(lesson.log.setup ? { setup: lesson.log.setup } : {}),
    actions,
  });
  let director = makeDirector(slug, lesson, module, progress);
  let ok = await startDirected(slug, module, logOf(progress.actions), director);
  if (!ok && progress.actions.length) {
    // saved progress the engine no longer takes: from the start
    progress = { started: false, actions: [] };
    director = makeDirector(slug, lesson, module, progress);
    ok = await startDirected(slug, module, logOf([]), director);
  }
  if (!ok) {
    // The lesson's own deal is refused by the engine: say so, and offer the real game.
    app.replaceChildren(
      header(gameTitle(slug), { slug, onBack: nav.leave }),
      h(
        "section",
        { class: "lesson-caption", dataset: { kind: "broken" } },
        h("p", { class: "lesson-broken" }, t("lesson_broken_load", { reason: loadError() })),
        h(
          "div",
          { class: "lesson-buttons" },
          h(
            "button",
            { type: "button", class: "primary real-game", onclick: () => navigate({ game: slug }) },
            t("lesson_play_real"),
          ),
        ),
      ),
    );
    document.body.dataset.screen = "table";
  }
}
