/**
 * Buffered stdout/stderr writing that respects back-pressure, so a million-line run neither floods
 * memory nor dies on a closed pipe (`rw parse < big | head`).
 */
import type { Writable } from "node:stream";

const CHUNK = 64 * 1024;

export class Output {
  private pending: string[] = [];
  private size = 0;
  private closed = false;

  constructor(private readonly stream: Writable) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") this.closed = true;
      else throw error;
    });
  }

  async line(text: string): Promise<void> {
    if (this.closed) return;
    this.pending.push(text);
    this.size += text.length + 1;
    if (this.size >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0 || this.closed) return;
    const chunk = `${this.pending.join("\n")}\n`;
    this.pending = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once("drain", resolve));
  }
}
