/**
 * Append-only writer for an agent log with backpressure: `write` returns false when the caller
 * should pause its source until `onDrain`. A write error (disk full, ...) is recorded once and
 * later data is discarded, so a child never blocks on a broken log.
 */
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import path from "node:path";

export class LogSink {
  private readonly stream: WriteStream;
  private failure: Error | null = null;
  private closed: Promise<void> | null = null;
  /** Last byte written (to start separator lines on a fresh line), or null before any write. */
  lastByte: number | null = null;

  constructor(readonly logPath: string) {
    mkdirSync(path.dirname(logPath), { recursive: true });
    this.stream = createWriteStream(logPath, { flags: "a", highWaterMark: 1 << 20 });
    this.stream.on("error", (error) => {
      this.failure ??= error;
    });
  }

  get error(): Error | null {
    return this.failure;
  }

  /** Queues a chunk; false means "pause until onDrain". */
  write(chunk: Buffer): boolean {
    if (chunk.length === 0) return true;
    this.lastByte = chunk[chunk.length - 1]!;
    if (this.failure || this.stream.destroyed) return true;
    return this.stream.write(chunk);
  }

  /** Calls back once the queue has drained (at once when it is not behind). */
  onDrain(callback: () => void): void {
    if (this.failure || this.stream.destroyed || !this.stream.writableNeedDrain) {
      setImmediate(callback);
      return;
    }
    // A write error ends the wait too: a failed stream never drains, and a paused child would hang.
    const done = () => {
      this.stream.off("drain", done);
      this.stream.off("error", done);
      this.stream.off("close", done);
      callback();
    };
    this.stream.once("drain", done);
    this.stream.once("error", done);
    this.stream.once("close", done);
  }

  /** Appends text on a line of its own and resolves once it has reached the file. */
  appendLine(text: string): Promise<void> {
    const prefix = this.lastByte !== null && this.lastByte !== 0x0a ? "\n" : "";
    const data = Buffer.from(prefix + (text.endsWith("\n") ? text : `${text}\n`));
    this.lastByte = 0x0a;
    return this.flushWith(data);
  }

  /** Resolves once everything queued so far has reached the file. */
  flush(): Promise<void> {
    return this.flushWith(Buffer.alloc(0));
  }

  private flushWith(data: Buffer): Promise<void> {
    if (this.failure || this.stream.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      this.stream.write(data, () => resolve());
    });
  }

  close(): Promise<void> {
    this.closed ??= new Promise((resolve) => {
      if (this.stream.destroyed) {
        resolve();
        return;
      }
      this.stream.end(() => resolve());
      this.stream.once("error", () => resolve());
    });
    return this.closed;
  }
}
