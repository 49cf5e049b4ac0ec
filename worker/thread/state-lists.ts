/**
 * The lists a thread's state (GET /v1/threads/{thread}) holds: each is cut at STATE_LIST_CAP
 * entries, so a thread of a million handoffs does not answer a million of each, and paged in full
 * by its own route (GET /v1/threads/{thread}/<list>). Kept apart from the object, so the OpenAPI
 * document names them without loading the Durable Object.
 */
export const STATE_LISTS = ["findings", "owners", "open", "readbacks", "dones", "orphaned"] as const;
export type StateList = (typeof STATE_LISTS)[number];

/** How many entries of each list GET /v1/threads/{thread} holds (README note 38). */
export const STATE_LIST_CAP = 1000;
