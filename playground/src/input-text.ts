/**
 * A conversation as text comes in, decoded as the CLI and the Worker decode theirs: one leading
 * byte order mark is dropped (the core's withoutBom).
 */
export { withoutBom } from "../../core/index.js";
