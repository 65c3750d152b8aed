/**
 * Redraws the live table in place on a terminal: cursor up over the previous frame, clear and
 * rewrite each line, clear whatever is left below. Redraws are throttled; log text written through
 * `log()` is printed above the table at the next redraw. `close()` draws the final frame.
 *
 * The table's cells are one-line text (`oneLine`); log text is made terminal-safe (`terminalSafe`)
 * as it comes in: only this renderer's own sequences reach the terminal.
 */
import { terminalSafe } from "../text.js";
import type { ProgressModel } from "./model.js";
import { renderTtyTable } from "./render.js";

export interface TextSink {
  write(text: string): unknown;
  columns?: number;
  rows?: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TtyRendererOptions {
  /** Minimum time between two frames (default 100 ms). */
  throttleMs?: number;
  now?: () => number;
  /** Width when the stream has no `columns` (default 80). */
  columns?: number;
  color?: boolean;
  timers?: Timers;
}

export const CURSOR_UP = (n: number) => `\x1b[${n}A`;
export const CLEAR_LINE = "\x1b[2K";
export const CLEAR_BELOW = "\x1b[J";

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class TtyRenderer {
  private readonly throttleMs: number;
  private readonly now: () => number;
  private readonly timers: Timers;
  private model: ProgressModel | null = null;
  private frameLines = 0;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private pendingLog = "";
  private closed = false;
  /** Frames drawn so far. */
  frames = 0;

  constructor(
    private readonly stream: TextSink,
    private readonly options: TtyRendererOptions = {},
  ) {
    this.throttleMs = options.throttleMs ?? 100;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
  }

  /** New state to show: drawn now, or at the end of the throttle window. */
  update(model: ProgressModel): void {
    if (this.closed) return;
    this.model = model;
    this.schedule();
  }

  /** Text to print above the table (e.g. prefixed agent log lines); shown at the next redraw. */
  log(text: string): void {
    const safe = terminalSafe(text);
    if (this.closed) {
      this.stream.write(safe);
      return;
    }
    this.pendingLog += safe;
    this.schedule();
  }

  /** Draws the final frame (with `model` when given) and stops redrawing. */
  close(model?: ProgressModel): void {
    if (this.closed) return;
    if (model) this.model = model;
    this.cancelTimer();
    this.draw();
    this.closed = true;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const wait = this.lastDraw + this.throttleMs - this.now();
    if (wait <= 0) {
      this.draw();
      return;
    }
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.draw();
    }, wait);
  }

  private cancelTimer(): void {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private draw(): void {
    let out = "";
    if (this.frameLines > 0) out += `${CURSOR_UP(this.frameLines)}\r`;
    if (this.pendingLog !== "") {
      // The log text replaces the old frame's lines; the new frame follows below it.
      out += CLEAR_BELOW + (this.pendingLog.endsWith("\n") ? this.pendingLog : `${this.pendingLog}\n`);
      this.pendingLog = "";
    }
    let lines: string[] = [];
    if (this.model) {
      const columns = this.stream.columns || this.options.columns || 80;
      const maxLines = this.stream.rows ? Math.max(3, this.stream.rows - 1) : undefined;
      lines = renderTtyTable(this.model, { now: this.now(), columns, color: this.options.color ?? false, maxLines });
    }
    for (const line of lines) out += `${CLEAR_LINE}${line}\n`;
    out += CLEAR_BELOW;
    this.stream.write(out);
    this.frameLines = lines.length;
    this.lastDraw = this.now();
    this.frames++;
  }
}
