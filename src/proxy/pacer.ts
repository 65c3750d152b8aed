/**
 * One upstream provider's shared pace: every agent's requests to the provider pass here, so
 * parallel agents back off together instead of each meeting its own 429.
 *
 * - Concurrency: at most `limit` requests in flight (a streamed answer counts until it ended).
 *   The limit starts at `maxConcurrency`; a 429 lowers it to what the provider accepted at that
 *   moment (the requests in flight besides the refused one, at least 1), and each run of `limit`
 *   answers without a 429 raises it by one again, up to `maxConcurrency`.
 * - Time: a 429's `retry-after-ms` / `retry-after` (seconds or an HTTP date; 1 s when absent)
 *   holds every request until then; so does a remaining count of 0 in the rate-limit headers
 *   (`anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-remaining` with the
 *   matching `-reset` time, `x-ratelimit-remaining-{requests,tokens}` with the matching
 *   `x-ratelimit-reset-*` duration such as `6m0s` or `20ms`). Every hold is at most `maxDelayMs`.
 * - Each waiting request's time is counted by what held it: `concurrency` (the limit was
 *   reached), `rate-limit` (a remaining count of 0) or `retry-after` (a 429).
 */

export type WaitReason = "concurrency" | "rate-limit" | "retry-after";

export interface PacerOptions {
  maxConcurrency: number;
  /** The longest hold one response can impose. */
  maxDelayMs: number;
  now?: () => number;
}

export type Waits = Partial<Record<WaitReason, number>>;

/** A request's turn: call `release` once its answer ended (or failed). */
export interface Slot {
  release(): void;
  /** Milliseconds the request waited, by reason. */
  waits: Waits;
}

type HeaderValue = string | string[] | undefined;
export type Headers = Record<string, HeaderValue>;

interface Waiter {
  resolve(slot: Slot): void;
  waits: Waits;
  reason: WaitReason;
  since: number;
}

function header(headers: Headers, name: string): string | null {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() !== "" ? s.trim() : null;
}

/** `1s`, `6m0s`, `20ms`, `1h2m3.5s` → milliseconds; null when unreadable. */
export function parseDuration(text: string): number | null {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let matched = "";
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = Number(m[1]);
    total += m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : m[2] === "m" ? n * 60_000 : n * 3_600_000;
    matched += m[0];
  }
  return matched.length > 0 && matched === text.replace(/\s+/g, "") ? total : null;
}

/** What a response's `retry-after-ms` / `retry-after` asks for, in ms from `now`; null when absent. */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const ms = header(headers, "retry-after-ms");
  if (ms !== null && /^\d+(?:\.\d+)?$/.test(ms)) return Number(ms);
  const ra = header(headers, "retry-after");
  if (ra === null) return null;
  if (/^\d+(?:\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const date = Date.parse(ra);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The latest time a rate-limit header with a remaining count of 0 asks to wait for, or null. */
export function exhaustedUntil(headers: Headers, now: number): number | null {
  let until: number | null = null;
  const later = (t: number | null) => {
    if (t !== null && (until === null || t > until)) until = t;
  };
  for (const kind of ["requests", "tokens", "input-tokens", "output-tokens"]) {
    if (header(headers, `anthropic-ratelimit-${kind}-remaining`) === "0") {
      const reset = header(headers, `anthropic-ratelimit-${kind}-reset`);
      const t = reset ? Date.parse(reset) : Number.NaN;
      later(Number.isNaN(t) ? now + 1000 : t);
    }
    if (header(headers, `x-ratelimit-remaining-${kind}`) === "0") {
      const reset = header(headers, `x-ratelimit-reset-${kind}`);
      const d = reset ? parseDuration(reset) : null;
      later(now + (d ?? 1000));
    }
  }
  return until;
}

export class Pacer {
  private limitNow: number;
  private inFlight = 0;
  private heldUntil = 0;
  private heldFor: WaitReason = "rate-limit";
  private quiet = 0;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  /** 429s seen from the provider. */
  rateLimited = 0;

  constructor(private readonly options: PacerOptions) {
    this.limitNow = Math.max(1, Math.floor(options.maxConcurrency));
    this.now = options.now ?? Date.now;
  }

  get limit(): number {
    return this.limitNow;
  }

  get active(): number {
    return this.inFlight;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves when the request may go. */
  acquire(): Promise<Slot> {
    const now = this.now();
    if (this.queue.length === 0 && this.inFlight < this.limitNow && now >= this.heldUntil) return Promise.resolve(this.grant({}));
    return new Promise<Slot>((resolve) => {
      this.queue.push({ resolve, waits: {}, reason: this.blocker(now), since: now });
      this.pump();
    });
  }

  /** Reads a response's status and headers (before its slot is released). */
  observe(status: number, headers: Headers): void {
    const now = this.now();
    if (status === 429) {
      this.rateLimited++;
      this.quiet = 0;
      // The provider accepted the others in flight, not this one.
      this.limitNow = Math.max(1, Math.min(this.limitNow, this.inFlight - 1));
      this.hold(now + (retryAfterMs(headers, now) ?? 1000), "retry-after", now);
      return;
    }
    const until = exhaustedUntil(headers, now);
    if (until !== null) this.hold(until, "rate-limit", now);
    if (status < 400 && this.limitNow < this.options.maxConcurrency && ++this.quiet >= this.limitNow) {
      this.limitNow++;
      this.quiet = 0;
    }
    this.pump();
  }

  private hold(until: number, reason: WaitReason, now: number): void {
    const bounded = Math.min(until, now + this.options.maxDelayMs);
    if (bounded <= this.heldUntil) return;
    this.heldUntil = bounded;
    this.heldFor = reason;
    this.pump();
  }

  private blocker(now: number): WaitReason {
    return now < this.heldUntil ? this.heldFor : "concurrency";
  }

  private grant(waits: Waits): Slot {
    this.inFlight++;
    let released = false;
    return {
      waits,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.pump();
      },
    };
  }

  /** Counts the waiters' time so far under the reason that held them, then lets go whoever may go. */
  private pump(): void {
    const now = this.now();
    const reason = this.blocker(now);
    for (const w of this.queue) {
      w.waits[w.reason] = (w.waits[w.reason] ?? 0) + (now - w.since);
      w.since = now;
      w.reason = reason;
    }
    while (this.queue.length > 0 && now >= this.heldUntil && this.inFlight < this.limitNow) {
      const w = this.queue.shift()!;
      w.resolve(this.grant(w.waits));
    }
    if (this.queue.length > 0 && now < this.heldUntil && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, this.heldUntil - now);
    }
  }

  /** Stops the hold timer (the proxy closes). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
