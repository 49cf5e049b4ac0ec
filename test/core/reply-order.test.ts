import { describe, expect, it } from "vitest";
import { parseLine, replyAhead } from "../../core/index.js";
import type { Message } from "../../core/index.js";

const message = (line: string): Message => {
  const parsed = parseLine(line);
  if (!parsed.ok) throw new Error(line);
  return parsed.value;
};
const holds = (ids: string[]) => (id: string) => ids.includes(id);

describe("replyAhead: a stored thread holds a reply only after what it answers", () => {
  const replies = [
    "RW1 RB writer-1 re=research-1 from=writer to=research item=gh:a#1 ask=DRAFT",
    "RW1 AN writer-1 re=research-1 from=writer to=research val=Y",
    "RW1 DN writer-1 re=research-1 from=writer to=research item=gh:a#1 out=OK",
    "RW1 FL writer-1 re=research-1 from=writer to=research item=gh:a#1 why=ERR",
    "RW1 CX writer-1 re=research-1 from=writer to=research item=gh:a#1",
  ];
  for (const line of replies) {
    it(`${line.split(" ")[1]} ahead of what it answers is refused, naming it; after it, taken`, () => {
      const f = replyAhead(message(line), holds([]));
      expect(f).toMatchObject({ code: "THREAD_REPLY_AHEAD", severity: "error", slot: "re", received: "research-1" });
      expect(replyAhead(message(line), holds(["research-1"]))).toBeNull();
    });
  }
  it("a UN may answer a line the thread refused and so never holds; an HO or ST may point elsewhere", () => {
    for (const line of [
      "RW1 UN writer-1 re=research-1 from=writer to=research why=UNK",
      "RW1 HO research-2 re=other-7 from=research to=writer item=gh:a#1 ask=DRAFT",
      "RW1 ST writer-1 re=other-7 from=writer to=research item=gh:a#1",
    ]) expect(replyAhead(message(line), holds([])), line).toBeNull();
  });
});
