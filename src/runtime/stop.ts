/** Longest delay a Node timer accepts; longer limits are treated as this (about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Stop requests (deadline, idle watchdog, cancellation) for one agent; the first reason wins. */
import type { StopReason } from "./types.js";

export class StopController {
  private readonly controller = new AbortController();
  private stopReason: StopReason | null = null;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get reason(): StopReason | null {
    return this.stopReason;
  }

  stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort();
  }
}

/**
 * Calls `onIdle` once nothing was `touch`ed for `idleMs`. One timer, re-armed lazily, so touching
 * on every output chunk costs only a clock read.
 */
export class IdleWatchdog {
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private active = false;

  constructor(
    private readonly idleMs: number | null,
    private readonly onIdle: () => void,
  ) {}

  start(): void {
    if (this.idleMs === null || this.active) return;
    this.active = true;
    this.last = performance.now();
    this.arm(this.idleMs);
  }

  touch(): void {
    this.last = performance.now();
  }

  stop(): void {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(
      () => {
        if (!this.active || this.idleMs === null) return;
        const quiet = performance.now() - this.last;
        if (quiet >= this.idleMs) {
          this.stop();
          this.onIdle();
        } else {
          this.arm(this.idleMs - quiet);
        }
      },
      Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(ms))),
    );
  }
}
