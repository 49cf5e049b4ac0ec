// Types for the tests that run inside workerd: the Worker's exports and bindings, and the
// conformance files Vite imports as text.
type RwWorkerEnv = import("../../worker/env.js").Env;

declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../worker/index.js");
  }
  interface Env extends RwWorkerEnv {}
}

declare module "*?raw" {
  const text: string;
  export default text;
}

interface ImportMeta {
  /** Vite's glob import, resolved when the test file is transformed. */
  glob<T>(pattern: string, options: { eager: true; import: "default" }): Record<string, T>;
}
