// The conformance vectors of test/conformance/, imported as text by Vite (workerd has no file
// system): the same files, parsed the same way, as the Node tests read them.
import done from "../conformance/done.jsonl?raw";
import framing from "../conformance/framing.jsonl?raw";
import handoffs from "../conformance/handoffs.jsonl?raw";
import jsonForm from "../conformance/json-form.jsonl?raw";
import lines from "../conformance/lines.jsonl?raw";
import readbacks from "../conformance/readbacks.jsonl?raw";
import type { DoneVector, HandoffVector, ReadbackVector } from "../conformance/checks-suite.js";
import { parseFraming } from "../conformance/framing-suite.js";
import type { FramingCase } from "../conformance/framing-suite.js";
import { parseVectors } from "../conformance/suite.js";
import type { Vector } from "../conformance/suite.js";
import type { ThreadCase } from "../conformance/threads-suite.js";

const jsonl = <T>(text: string): T[] => text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);

export const lineVectors: Record<string, Vector[]> = { "lines.jsonl": parseVectors(lines), "json-form.jsonl": parseVectors(jsonForm) };
export const readbackVectors: ReadbackVector[] = jsonl(readbacks);
export const handoffVectors: HandoffVector[] = jsonl(handoffs);
export const doneVectors: DoneVector[] = jsonl(done);
export const framingCases: FramingCase[] = parseFraming(framing);
export const threadCases: { file: string; data: ThreadCase }[] = Object.entries(import.meta.glob<ThreadCase>("../conformance/threads/*.json", { eager: true, import: "default" }))
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([path, data]) => ({ file: path.slice(path.lastIndexOf("/") + 1), data }));
