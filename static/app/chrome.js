// The frame around every screen: the one-row header (back, title, a menu holding rules, new
// game, language and settings), short toasts, and the rules page.
//
//   header(title, {slug, onNew, onBack})   the header; slug adds Rules, onNew adds New game
//   toast(text, kind = "error")            a short message at the top (never over the hand);
//   dismissToast()                          the next legal move takes it away
//   showRules(slug)                         the game's rules over whatever is shown
import { h } from "../kit/dom.js";
import { SPEED_NAMES } from "../kit/pace.js";
import { currentLanguage, gameTitle, setLanguage, t } from "../kit/words.js";
import { params, settings, store } from "./store.js";

export const EMBED = params.get("embed") === "1";
export const app = document.getElementById("app");
export const hooks = { rerender: () => {}, speedChanged: () => {}, showStats: null };

let openMenu = null;
function closeMenu() {
  if (!openMenu) return;
  openMenu.panel.remove();
  openMenu.button.setAttribute("aria-expanded", "false");
  openMenu = null;
}
document.addEventListener("click", (e) => {
  if (openMenu && !openMenu.panel.contains(e.target) && !openMenu.button.contains(e.target))
    closeMenu();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && openMenu) {
    const b = openMenu.button;
    closeMenu();
    b.focus();
  }
});

function menuPanel(slug, onNew) {
  const item = (cls, label, onclick) =>
    h(
      "button",
      {
        type: "button",
        class: `menu-item ${cls}`,
        onclick: () => {
          closeMenu();
          onclick();
        },
      },
      label,
    );
  const other = currentLanguage() === "ja" ? "en" : "ja";
  return h(
    "div",
    { class: "menu-panel", id: "menu-panel" },
    slug ? item("rules-button", t("rules_link"), () => showRules(slug)) : null,
    onNew ? item("new", t("new_game"), onNew) : null,
    slug && hooks.showStats ? item("stats-button", t("stats"), () => hooks.showStats(slug)) : null,
    slug && hooks.setAsideFor?.(slug)
      ? item("bring-back", t("bring_back"), () => hooks.bringBack(slug))
      : null,
    item("transfer-button", t("transfer"), () =>
      import("./transfer.js").then((m) => m.showTransfer()),
    ),
    h(
      "button",
      {
        type: "button",
        class: "menu-item lang",
        lang: other,
        onclick: () => {
          closeMenu();
          setLanguage(other, store);
          hooks.rerender();
        },
      },
      t("language"),
    ),
    h(
      "div",
      { class: "settings", role: "group", "aria-label": t("settings") },
      h(
        "label",
        { class: "setting" },
        h("input", {
          type: "checkbox",
          name: "four-colour",
          checked: settings.fourColour,
          onchange: (e) => {
            settings.fourColour = e.target.checked;
          },
        }),
        t("four_colour"),
      ),
      h(
        "label",
        { class: "setting speed" },
        t("speed"),
        h(
          "select",
          {
            name: "speed",
            onchange: (e) => {
              settings.speed = e.target.value;
              hooks.speedChanged();
            },
          },
          SPEED_NAMES.map((s) =>
            h("option", { value: s, selected: s === settings.speed }, t(`speed_${s}`)),
          ),
        ),
      ),
    ),
  );
}

// A title in the header shows whole: 「Stop the Bus（ストップ・ザ・バス） — リプレイ」 is the name, then
// its reading (and what follows) as one smaller unit, which goes to a second line when the two do
// not fit on one (app.css .bar h1); a short title stays on one line.
function titleNodes(title) {
  const reading = /^(.+?)(（[^）]+）.*)$/.exec(title);
  return reading ? [reading[1], h("span", { class: "reading" }, reading[2])] : [title];
}

export function header(title, { slug = null, onNew = null, onBack = null } = {}) {
  const menuButton = h(
    "button",
    {
      type: "button",
      class: "menu-button",
      "aria-expanded": "false",
      "aria-controls": "menu-panel",
      "aria-label": t("menu"),
      onclick: () => {
        if (openMenu) return closeMenu();
        const panel = menuPanel(slug, onNew);
        bar.append(panel);
        menuButton.setAttribute("aria-expanded", "true");
        openMenu = { panel, button: menuButton };
        panel.querySelector("button, input, select")?.focus();
      },
    },
    h("span", { "aria-hidden": "true" }, "☰"),
  );
  // In an embed the link opens the full app (same game) in a new tab.
  const back = EMBED
    ? h(
        "a",
        {
          class: "full-app",
          href: `${location.pathname}${slug ? `?game=${slug}` : ""}`,
          target: "_blank",
          rel: "noopener",
        },
        "Tabletop ↗",
      )
    : onBack
      ? h(
          "button",
          { type: "button", class: "back", "aria-label": t("back"), onclick: onBack },
          h("span", { "aria-hidden": "true" }, "←"),
        )
      : null;
  const bar = h(
    "header",
    { class: "bar" },
    back,
    h("h1", {}, ...titleNodes(title ?? t("app_title"))),
    menuButton,
  );
  closeMenu();
  return bar;
}

let toastTimer = null;
export function toast(text, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "alert", onclick: () => dismissToast() });
    document.body.append(box);
  }
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(dismissToast, kind === "error" ? 5000 : 3500);
}

export function dismissToast() {
  const box = document.getElementById("toast");
  if (box) box.className = "";
  clearTimeout(toastTimer);
}

// Each game's rules in the reader's language (static/rules/<slug>.json), over whatever is shown.
export async function showRules(slug) {
  let data;
  try {
    data = await (await fetch(`static/rules/${slug}.json`)).json();
  } catch {
    return toast(t("labelled", { label: gameTitle(slug), value: t("rules_missing") }));
  }
  const page = data[currentLanguage()] || data.en;
  const opener = document.activeElement;
  const close = () => {
    box.remove();
    opener?.focus?.();
  };
  const box = h(
    "section",
    {
      class: "rules-page",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": page.title,
      tabindex: "-1",
      onkeydown: (e) => {
        if (e.key === "Escape") close();
      },
    },
    h(
      "div",
      { class: "rules-head" },
      h("h2", {}, page.title),
      h("button", { type: "button", class: "close", onclick: close }, t("close")),
    ),
    page.sections.map((sec) =>
      h(
        "section",
        {},
        h("h3", {}, sec.heading),
        (sec.paragraphs || []).map((p) => h("p", {}, p)),
        sec.items && sec.items.length
          ? h(
              "ul",
              {},
              sec.items.map((i) => h("li", {}, i)),
            )
          : null,
      ),
    ),
    data.source && data.source.url
      ? h(
          "p",
          { class: "source" },
          h(
            "a",
            { href: data.source.url, target: "_blank", rel: "noopener" },
            t("original_article"),
          ),
        )
      : null,
  );
  document.body.append(box);
  box.focus();
}
