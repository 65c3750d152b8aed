/**
 * Following a wave from another terminal, through what the running `wave run` writes to the state
 * directory:
 * - `wave wait --wave N`: finds the running wave through its lock (`<waveDir>/run.lock`, written
 *   by state/lock.ts with the holder's pid), waits until the lock is gone (or its holder died), and
 *   exits with the code of the result the run recorded (0 passed or dry run, 1 otherwise, as
 *   `wave status`). With no running wave and a result on record it exits with that result's code
 *   at once.
 * - `wave status --watch`: redraws the wave's state each time its progress journal (or result,
 *   or a question) changes, until Ctrl-C.
 *
 * Both wake on fs.watch events of the wave directory and also poll (every second), so a file
 * system without working change events only makes them a little slower.
 */
import { watch } from "node:fs";
import { renderOpenQuestions } from "../feedback/open.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import { UserError } from "../errors.js";
import { renderStatusTable } from "../report/status-table.js";
import { waveHeadline } from "../report/headline.js";
import { readJsonChecked } from "../state/json-files.js";
import { type LockInfo, liveLockHolder } from "../state/lock.js";
import { lockFileOf, runPaths, waveDirOf, listAttempts } from "../state/paths.js";
import { type Progress, ProgressSchema } from "../state/progress.js";
import { type WaveResult, WaveResultSchema } from "../state/schema.js";
import { formatColumns } from "../report/columns.js";

const POLL_MS = 1000;

/** Wakes its reader on any change under `dir` (when watching works) and every `pollMs`. */
export class ChangeSignal {
  private wake: (() => void) | null = null;
  private dirty = false;
  private readonly undo: (() => void)[] = [];

  constructor(dir: string, pollMs = POLL_MS) {
    try {
      const watcher = watch(dir, { recursive: true }, () => this.fire());
      watcher.on("error", () => undefined);
      this.undo.push(() => watcher.close());
    } catch {
      // No change events here (or no directory yet): the poll alone.
    }
    const timer = setInterval(() => this.fire(), pollMs);
    this.undo.push(() => clearInterval(timer));
  }

  private fire(): void {
    this.dirty = true;
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** Resolves at the next change (at once if one happened since the last call), or when `signal` aborts. */
  next(signal?: AbortSignal): Promise<void> {
    if (this.dirty || signal?.aborted) {
      this.dirty = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener("abort", done);
        this.dirty = false;
        resolve();
      };
      this.wake = done;
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  close(): void {
    for (const u of this.undo) u();
  }
}

export type LockHolder = LockInfo;

/** The run holding the wave's lock, when one does (a lock of a dead process on this host is none). */
export function lockHolder(waveDir: string): Promise<LockHolder | null> {
  return liveLockHolder(lockFileOf(waveDir));
}

export interface LatestRun {
  attempt: number;
  runDir: string;
  result: WaveResult | null;
  progress: Progress | null;
}

/** The newest attempt of the wave with what it recorded so far; null when there is none. */
export async function latestRun(stateDir: string, lane: string, wave: number): Promise<LatestRun | null> {
  const attempt = (await listAttempts(waveDirOf(stateDir, lane, wave))).at(-1);
  if (attempt === undefined) return null;
  const paths = runPaths(stateDir, lane, wave, attempt);
  const result = await readJsonChecked(paths.result, WaveResultSchema, "result");
  const progress = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
  return { attempt, runDir: paths.runDir, result: result.ok ? result.value : null, progress: progress.ok ? progress.value : null };
}

/** `wave status`'s exit code for a result. */
export function resultExitCode(result: WaveResult): number {
  return result.status === "passed" || result.status === "dry-run" ? 0 : 1;
}

/** The exit code of `wave wait` when its --timeout-minutes passed (as timeout(1)). */
export const WAIT_TIMEOUT_EXIT = 124;

export interface WaitOutcome {
  /** The result the run recorded; null when it ended without one. */
  result: WaveResult | null;
  resultFile: string | null;
  /** Whether a running wave was waited for (false: the result was on record already). */
  waited: boolean;
  timedOut: boolean;
}

/**
 * Waits for the running wave's end (see the module comment). `onWaiting` is told once, when a
 * running wave was found. Throws a UserError when there is neither a running wave nor a result.
 */
export async function waitForWave(input: {
  stateDir: string;
  lane: string;
  wave: number;
  timeoutMs: number | null;
  signal?: AbortSignal;
  onWaiting?: (holder: LockHolder) => void;
}): Promise<WaitOutcome> {
  const waveDir = waveDirOf(input.stateDir, input.lane, input.wave);
  const holder = await lockHolder(waveDir);
  if (!holder) {
    const latest = await latestRun(input.stateDir, input.lane, input.wave);
    if (latest?.result) {
      return {
        result: latest.result,
        resultFile: runPaths(input.stateDir, input.lane, input.wave, latest.attempt).result,
        waited: false,
        timedOut: false,
      };
    }
    throw new UserError(
      latest
        ? `wave ${input.wave} (lane ${input.lane}) is not running and its latest run (attempt ${latest.attempt}) recorded no result (killed?)`
        : `wave ${input.wave} (lane ${input.lane}) is not running and has no recorded result under ${input.stateDir}`,
      2,
    );
  }
  input.onWaiting?.(holder);
  const changes = new ChangeSignal(waveDir);
  const timeout = new AbortController();
  const timer = input.timeoutMs === null ? null : setTimeout(() => timeout.abort(), input.timeoutMs);
  const stop = AbortSignal.any([timeout.signal, ...(input.signal ? [input.signal] : [])]);
  try {
    for (;;) {
      const now = await lockHolder(waveDir);
      // Ended: the lock is gone, or now held by another run (a later one started meanwhile).
      if (!now || now.pid !== holder.pid || now.startedAt !== holder.startedAt) break;
      if (stop.aborted) return { result: null, resultFile: null, waited: true, timedOut: timeout.signal.aborted };
      await changes.next(stop);
    }
  } finally {
    if (timer) clearTimeout(timer);
    changes.close();
  }
  const latest = await latestRun(input.stateDir, input.lane, input.wave);
  return {
    result: latest?.result ?? null,
    resultFile: latest ? runPaths(input.stateDir, input.lane, input.wave, latest.attempt).result : null,
    waited: true,
    timedOut: false,
  };
}

/** What `wave status --watch` shows of a run still going: its journal as a table. */
function renderProgress(progress: Progress): string {
  const out = [
    `Wave ${progress.wave} (lane ${progress.lane}), attempt ${progress.attempt}: running — ${progress.phase}${progress.stage ? ` (${progress.stage})` : ""}`,
    `Started ${progress.startedAt}, updated ${progress.updatedAt}`,
    "",
  ];
  const agents = Object.entries(progress.agents);
  if (agents.length > 0) {
    const rows = agents.map(([id, a]) => [
      id,
      a.executor,
      a.status,
      a.exitCode === null ? "-" : String(a.exitCode),
      String(a.runs),
      a.statusCode,
    ]);
    out.push(...formatColumns(["AGENT", "EXECUTOR", "STATUS", "EXIT", "RUNS", "CODE"], rows, { maxWidths: [12, 10, 15, 5, 5, 40] }));
  } else {
    out.push("No agent has finished yet.");
  }
  if (progress.gates.length > 0) {
    out.push("");
    const rows = progress.gates.map((g) => [g.stage, g.agentId ?? "-", g.skipped ? "skipped" : g.ok ? "pass" : "FAIL", g.statusCode]);
    out.push(...formatColumns(["GATE", "AGENT", "RESULT", "CODE"], rows, { maxWidths: [24, 8, 7, 40] }));
  }
  return `${out.join("\n")}\n`;
}

/**
 * One view of the wave for `wave status --watch`: the result once written, else the journal; the
 * open questions (with the command that answers each) either way.
 */
export async function renderWaveView(latest: LatestRun, answerFlags: readonly string[]): Promise<string> {
  let text = latest.result
    ? renderStatusTable(latest.result)
    : latest.progress
      ? renderProgress(latest.progress)
      : `attempt ${latest.attempt}: starting (no progress journal yet)\n`;
  const open = await readFeedbackRequests(latest.runDir).catch(() => []);
  if (open.length > 0) text += `\n${renderOpenQuestions(open, answerFlags)}`;
  return text;
}

/** The one line `wave wait` prints at the end. */
export function waitLine(result: WaveResult, resultFile: string | null): string {
  return `${waveHeadline(result)}${resultFile ? `\nResult: ${resultFile}` : ""}\n`;
}
