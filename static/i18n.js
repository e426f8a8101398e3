// Kept for views not yet on the table kit: the language and the labels now live in
// static/kit/words.js, the strings in static/strings/*.json.
export { chooseLanguage, currentLanguage, gameTitle, setLanguage, SLUGS, t } from "./kit/words.js";
