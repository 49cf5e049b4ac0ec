/**
 * Thread names: what fits in a path segment and a log line without escaping, but `.` and `..`,
 * which a URL resolves as path steps before any request is made (`/v1/threads/./lines` is the
 * state of the thread `lines`): a client that took them for names would reach another thread.
 */
export const THREAD_NAME = /^(?!\.\.?$)[A-Za-z0-9._:~-]{1,128}$/;
