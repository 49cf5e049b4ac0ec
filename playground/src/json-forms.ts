/**
 * What only a conversation holding a JSON form needs: the core's readMessage, which reads one (the
 * JSON text reader, messageFromJson and checkMessage behind it), the view that underlines its
 * errors (the core's jsonFormSpans), and whether a form names a profile (the core's profileNamed).
 * Loaded by the app once a line of the text is one (holdsJsonForm): a conversation of RW1 lines
 * needs none of it, and the page opens on an empty one.
 */
export { readMessage } from "../../core/index.js";
export { createFormsNamingProfile } from "./check/forms-naming-profile.js";
export { JsonHighlight } from "./views/json-highlight.js";
