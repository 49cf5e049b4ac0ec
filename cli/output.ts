/**
 * Buffered stdout/stderr writing that respects back-pressure, so a million-line run neither floods
 * memory nor dies on a closed pipe (`rw parse < big | head`).
 */
import type { Writable } from "node:stream";
import { jsonTextPieces } from "./json-text.js";

const CHUNK = 64 * 1024;

/**
 * Thrown by `line()` and `json()` once the stream has failed (EPIPE: the reader left; ENOSPC, EIO: it cannot
 * take more): nothing the command goes on to say can be read, so it stops reading its input
 * instead of judging it for no one (`yes ... | rw validate | head` ran until killed). rw.ts ends
 * the run quietly with the code the failure calls for.
 */
export class OutputClosed extends Error {
  override readonly name = "OutputClosed";
}

export class Output {
  private pending: string[] = [];
  private size = 0;
  private closed = false;

  constructor(private readonly stream: Writable) {
    // rw.ts says which failure it was and sets the exit code.
    stream.on("error", () => {
      this.closed = true;
    });
  }

  async line(text: string): Promise<void> {
    this.push(text);
    this.push("\n");
    if (this.size >= CHUNK) await this.flush();
  }

  /**
   * One value as one line of JSON (jsonText's), written a member at a time: a report of any size
   * is never built as one string, which the engine cannot make past about 512 MiB.
   */
  async json(value: unknown): Promise<void> {
    for (const piece of jsonTextPieces(value)) {
      this.push(piece);
      if (this.size >= CHUNK) await this.flush();
    }
    await this.line("");
  }

  private push(text: string): void {
    if (this.closed) throw new OutputClosed("the output stream is closed");
    this.pending.push(text);
    this.size += text.length;
  }

  /** Writes what is pending; quietly nothing once the stream has failed (the run is ending then). */
  async flush(): Promise<void> {
    if (this.pending.length === 0 || this.closed) return;
    const chunk = this.pending.join("");
    this.pending = [];
    this.size = 0;
    if (this.stream.write(chunk)) return;
    // After EPIPE no "drain" ever comes: wait for whichever happens, so the run still ends with the
    // code rw.ts chooses instead of an empty event loop and exit 0.
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.stream.off("drain", done);
        this.stream.off("error", done);
        this.stream.off("close", done);
        resolve();
      };
      this.stream.once("drain", done);
      this.stream.once("error", done);
      this.stream.once("close", done);
    });
  }
}
