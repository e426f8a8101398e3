// @ts-check
// The kit's contracts as JSDoc types, checked by `tsc` (tests/js/tsconfig.json, run by
// tests/test_style.py) wherever a module says `// @ts-check` and imports them with
// `@typedef {import("./types.js").Ui} Ui`. This module holds no code: the words in
// static/kit/index.js explain each contract; these types keep the code to them.

/**
 * An engine message: a code and its parameters, worded by the page (words.js), never English.
 * @typedef {{ code: string, params?: Record<string, any> }} Message
 */

/**
 * The words of one table: labels, messages, card names and moves in the player's language.
 * @typedef {object} Words
 * @property {(key: string, params?: Record<string, any>) => string} t a label
 * @property {(message: Message) => string} say an engine or view message in words
 * @property {(key: string) => boolean} has whether a label or code has words
 * @property {(token: string) => string} cardName a token's spoken name
 * @property {(action: string) => string} move an action string in words
 * @property {(verb: string) => string} verb a verb's button label
 * @property {(items: string[]) => string} list "A, B and C" / "A、B、C"
 */

/**
 * How the kit draws and names one game's tokens (faces.js); standardCards is built in.
 * @typedef {object} FaceSpec
 * @property {"card" | "tile" | "slot"} kind the base CSS class
 * @property {(token: string, w?: Words) => (string | null)} name the spoken name, null when the
 *   token is not one of this spec's
 * @property {(token: string, w?: Words) => Node[]} parts what the face shows (aria-hidden)
 * @property {(token: string) => string[]} [classes] e.g. ["suit-H"]
 */

/**
 * What face(token, opts) takes.
 * @typedef {object} FaceOptions
 * @property {FaceSpec | null} [spec]
 * @property {Words} [words]
 * @property {boolean} [lit] a legal tap
 * @property {boolean} [selected]
 * @property {boolean} [dim]
 * @property {boolean} [small]
 * @property {boolean} [suggested] the Suggest ring
 * @property {Record<string, string>} [dataset] more data-* attributes
 * @property {string} [verb] the picker's: what a tap means when nothing legal uses the token
 * @property {boolean} [disabled] aria-disabled: still tappable, so it can say why not
 * @property {boolean} [selectable] aria-pressed
 * @property {string} [label]
 * @property {(event: Event) => void} [onclick] makes the face a button
 */

/**
 * A verb's options for the picker (a view's `verbs` export).
 * @typedef {object} VerbOptions
 * @property {boolean} [confirm] a set chosen token by token, played by a confirm button
 * @property {(args: string[], words: Words) => string} [label] the button's words
 * @property {number} [need] how many tokens the set takes
 * @property {string} [split] one argument names several tokens ("9H:TH")
 * @property {boolean} [eager] a tap that leaves one legal action plays it
 */

/**
 * What a view gets to draw with: the kit's `ui` (made by the shell for each drawing).
 * @typedef {object} Ui
 * @property {number} viewer the seat whose view is drawn
 * @property {"bot" | "hotseat" | "replay"} mode
 * @property {boolean} canAct the viewer may move now
 * @property {string} lang "ja" | "en"
 * @property {Record<string, any>} options the game's options as played (defaults filled in)
 * @property {Words} words
 * @property {Words["t"]} t
 * @property {Words["say"]} say
 * @property {Words["cardName"]} cardName
 * @property {(seat: number) => string} seatName あなた / コンピュータ2 / プレイヤー1
 * @property {(seat: number) => string} seatShort あなた / 2 / 1
 * @property {(token: string, opts?: FaceOptions) => HTMLElement} face
 * @property {import("./picker.js").Picker} picker tappable faces and the legal actions' buttons
 * @property {() => HTMLElement} dock the strip by the hand: reason, buttons, Suggest
 * @property {(action: string) => unknown} act play a move (queued; a refusal is said)
 * @property {(name: string, ...args: any[]) => Promise<any>} call an engine call of the shell's
 * @property {(name: string, ...args: any[]) => { busy: boolean, result: any }} query
 *   hint / truth / analysis, once per position
 * @property {(key: string) => void} hold a finished trick on show: the computer waits
 * @property {(key: string) => void} collect a tap gathers it
 * @property {(key: string) => boolean} collected
 * @property {(key: string) => void} wait a sheet the player must dismiss
 * @property {() => void} skipToEnd the computers finish the game at once
 * @property {boolean} skipping
 * @property {() => void} rerender
 * @property {(actions: string[]) => string} replayHref a link to the replay of these actions
 * @property {HTMLElement} [dockEl]
 */

/**
 * A game's view module, static/views/<slug>.js.
 * @typedef {object} ViewModule
 * @property {(view: Record<string, any>, ui: Ui) => Node} render the table for view(seat)
 * @property {(view: Record<string, any>, ui: Ui) => Node} [renderResult] the result sheet's
 *   content
 * @property {FaceSpec} [faces] when the game's tokens are not standard cards
 * @property {Record<string, VerbOptions>} [verbs]
 * @property {(key: string, value: any, ui: Ui) => (string | undefined)} [formatParam] words a
 *   message parameter of the game's own
 * @property {(view: Record<string, any>) => number} [botDelayFactor]
 * @property {boolean} [OWN_HINT]
 */

export {};
