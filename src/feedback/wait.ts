/**
 * Waiting for a human, live: the orchestrator's side of `wave feedback ask --wait`. The asking
 * agent's request stays open while the question's file (`<runDir>/feedback/<id>.json`) is watched;
 * `wave feedback answer <id> "text"` from another terminal rewrites it answered, and the wait ends
 * with the answer. The wave is then not blocked: the request is answered, the answer is kept in
 * the answer store, and the agent goes on with it in the same turn.
 *
 * Watching: fs.watch on the feedback directory wakes the check at once; a poll every second
 * covers file systems where watching does not work (network mounts, some containers). A wait ends
 * with the answered request, or null at its deadline or when `signal` aborts (the run ends).
 */
import { watch } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type FeedbackRequest, FeedbackRequestSchema, feedbackDir } from "./requests.js";

/** The default of `wave feedback ask --wait --timeout-minutes`. */
export const DEFAULT_WAIT_MINUTES = 30;
/** The longest wait accepted (a request line from an agent may ask for no more). */
export const MAX_WAIT_MINUTES = 24 * 60;
/** How often the request's file is read besides watching it. */
const POLL_MS = 1000;

export interface WaitOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The request as its file says now; null when it cannot be read (yet). */
async function readRequest(file: string): Promise<FeedbackRequest | null> {
  try {
    const parsed = FeedbackRequestSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Waits until request `id` of the run directory is answered; returns it answered, or null when
 * `timeoutMs` passed or `signal` aborted first.
 */
export async function waitForFeedbackAnswer(runDir: string, id: string, options: WaitOptions): Promise<FeedbackRequest | null> {
  const dir = feedbackDir(runDir);
  const file = path.join(dir, `${id}.json`);
  const first = await readRequest(file);
  if (first?.status === "answered") return first;
  if (options.signal?.aborted) return null;
  return new Promise<FeedbackRequest | null>((resolve) => {
    let settled = false;
    let checking = false;
    let again = false;
    const cleanup: (() => void)[] = [];
    const finish = (value: FeedbackRequest | null) => {
      if (settled) return;
      settled = true;
      for (const undo of cleanup) undo();
      resolve(value);
    };
    const check = () => {
      if (settled) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      readRequest(file).then((r) => {
        checking = false;
        if (r?.status === "answered") finish(r);
        else if (again) {
          again = false;
          check();
        }
      });
    };
    try {
      const watcher = watch(dir, () => check());
      watcher.on("error", () => undefined);
      cleanup.push(() => watcher.close());
    } catch {
      // No watching here: the poll below still sees the answer.
    }
    const poll = setInterval(check, POLL_MS);
    cleanup.push(() => clearInterval(poll));
    const deadline = setTimeout(() => finish(null), options.timeoutMs);
    cleanup.push(() => clearTimeout(deadline));
    if (options.signal) {
      const onAbort = () => finish(null);
      options.signal.addEventListener("abort", onAbort, { once: true });
      cleanup.push(() => options.signal?.removeEventListener("abort", onAbort));
    }
    // An answer written between the first read and the watcher's start.
    check();
  });
}
