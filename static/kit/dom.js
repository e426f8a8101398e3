// @ts-check
// DOM helpers every table uses.
//
//   h(tag, attrs, ...children)  an element: attrs `class`, `dataset` ({...}; undefined values left out),
//                               `on<event>` handlers,
//                               anything else as an attribute (true -> "", null/false -> absent);
//                               children may be nodes, text, arrays, null.
//   useCss(url)                 adds <link rel=stylesheet> once per URL (a view's own CSS:
//                               `useCss(new URL("./slug.css", import.meta.url))`); returns a
//                               Promise settled once the sheet has loaded (or failed to).
//   arrowKeys                   keydown handler: Left/Right move focus between a row's buttons.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined) node.dataset[k] = v;
    } else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const sheets = new Map(); // href -> Promise, settled when the stylesheet has loaded (or failed)
export function useCss(url) {
  const href = String(url);
  if (typeof document === "undefined") return Promise.resolve();
  if (!sheets.has(href)) {
    const link = h("link", { rel: "stylesheet", href, "data-css": href });
    sheets.set(
      href,
      new Promise((resolve) => {
        link.onload = resolve;
        link.onerror = resolve;
      }),
    );
    document.head.append(link);
  }
  return sheets.get(href);
}

export function arrowKeys(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = [...event.currentTarget.querySelectorAll("button:not([disabled])")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const next =
    buttons[(at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
  next.focus();
  event.preventDefault();
}
