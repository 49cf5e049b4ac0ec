import { describe, expect, it } from "vitest";
import { checkLine, foreignSender, messageSender } from "../../core/index.js";

describe("messageSender: the sender an id names (section 2, note 16)", () => {
  it("is the part before the id's last hyphen, and null for what is no id", () => {
    expect(messageSender("research-01")).toBe("research");
    expect(messageSender("b-c-7")).toBe("b-c");
    expect(messageSender("writer-0")).toBe("writer");
    for (const text of ["research", "research-", "-1", "a b-1", ""]) expect(messageSender(text), text).toBeNull();
  });
});

describe("foreignSender: a line appended by an agent is that agent's own", () => {
  const envelope = (line: string) => checkLine(line).envelope;
  it("takes a line whose from= is the agent", () => {
    expect(foreignSender(envelope("RW1 RB writer-1 re=research-1 from=writer to=research item=gh:a#1 ask=DRAFT"), "writer")).toBeNull();
  });
  it("refuses a line from another agent, naming both", () => {
    const f = foreignSender(envelope("RW1 HO research-2 from=research to=writer item=gh:a#1 ask=DRAFT"), "writer");
    expect(f).toMatchObject({ code: "THREAD_SENDER_NOT_AGENT", severity: "error", slot: "from", expected: "writer", received: "research" });
    expect(f?.message).toContain("research-2");
  });
  it("refuses a line whose sender cannot be read, since it cannot be shown to be the agent's", () => {
    const f = foreignSender(envelope("RW1 HO"), "writer");
    expect(f).toMatchObject({ code: "THREAD_SENDER_NOT_AGENT", slot: "from", expected: "writer" });
    expect(f).not.toHaveProperty("received");
  });
  it("quotes a long sender cut, as every finding does", () => {
    const long = "a".repeat(200);
    expect(foreignSender(envelope(`RW1 HO ${long}-1 from=${long} to=b item=x ask=DRAFT`), "writer")?.received).toBe(`${"a".repeat(40)}...`);
  });
});
