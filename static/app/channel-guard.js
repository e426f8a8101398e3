// Firefox with site data turned off (cookies and storage blocked, as some private settings do)
// throws a SecurityError from `new BroadcastChannel()`. PyScript's core makes one as it loads when
// SharedArrayBuffer is missing (a page that is not cross-origin isolated): it is the channel of
// its service-worker fallback for synchronous calls from a worker, which the app never uses. The
// throw would stop the runtime from loading at all, so where the browser refuses channels, a
// channel that carries nothing stands in (what such a browser allows anyway). Imported first by
// app.js, before PyScript's core module runs.
try {
  new BroadcastChannel("tabletop-probe").close();
} catch {
  globalThis.BroadcastChannel = class QuietChannel extends EventTarget {
    /** @param {string} name */
    constructor(name) {
      super();
      this.name = String(name);
      /** @type {((e: MessageEvent) => void) | null} */
      this.onmessage = null;
      /** @type {((e: MessageEvent) => void) | null} */
      this.onmessageerror = null;
    }
    postMessage() {}
    close() {}
  };
}
