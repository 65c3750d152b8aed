/**
 * Exclusive lock files with stale-lock recovery: one `wave run` per lane+wave at a time
 * (`acquireLock`), one run per agent user on the machine (agent-user/account.ts). One primitive,
 * `takeLockFile`, for both.
 *
 * A lock file never exists half-written: its whole content (holder pid, host, a random token) is
 * written to a private file first and then hard-linked to the lock's name, which fails when the
 * name exists (link(2) is atomic and never replaces). A reader therefore sees either no lock or a
 * complete one, and never mistakes a lock being written for a stale one.
 *
 * A stale lock (its process on this host is gone) is deleted by one reaper at a time, and only
 * while it still holds what was judged stale (`reapStale`).
 *
 * Every loop here is bounded: the lock directory is made with bounded tries (state/mkdir.ts), a
 * lock file of an older version being written is waited for at most LOCK_ROUNDS short pauses, and
 * a SIGINT/SIGTERM recorded by the CLI ends the wait at once (exit 130/143, state/interrupt.ts).
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import { z } from "zod";
import { UserError } from "../errors.js";
import { pauseUnlessInterrupted } from "./interrupt.js";
import { makeDirectory } from "./mkdir.js";
import { lockFileOf } from "./paths.js";

/** How many times the lock is tried (a pause of LOCK_PAUSE_MS between tries that wait). */
const LOCK_ROUNDS = 100;
const LOCK_PAUSE_MS = 100;
/** An unreadable lock younger than this may be an older version's lock being written. */
const UNREADABLE_GRACE_MS = 5000;

const LockInfoSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.string(),
  command: z.string().optional(),
  token: z.string().optional(),
});
export type LockInfo = z.infer<typeof LockInfoSchema>;

/** Whether a process with this pid exists (EPERM: it does, and belongs to someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The parsed content of a lock file, or null when it is missing or not a lock. */
export function parseLockInfo(text: string): LockInfo | null {
  try {
    const parsed = LockInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The holder of `file` when it is a live run (a lock of a dead process on this host holds nothing). */
export async function liveLockHolder(file: string): Promise<LockInfo | null> {
  const info = parseLockInfo(await fs.readFile(file, "utf8").catch(() => ""));
  if (!info) return null;
  if (info.hostname === os.hostname() && !processAlive(info.pid)) return null;
  return info;
}

async function readRaw(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function ageMs(file: string): Promise<number> {
  try {
    return Date.now() - (await fs.stat(file)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Creates `file` with `text` as one step: true when this call made it, false when it existed. */
async function linkComplete(file: string, text: string, mode: number): Promise<boolean> {
  const draft = `${file}.draft-${randomBytes(6).toString("hex")}`;
  await fs.writeFile(draft, text, { flag: "wx", mode });
  try {
    await fs.link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/** Moves `file` aside and deletes it when it still holds `stale`; anything else is put back. */
async function removeIfStill(file: string, stale: string): Promise<void> {
  const aside = `${file}.stale-${randomBytes(6).toString("hex")}`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if ((await readRaw(aside)) === stale) return;
    await fs.link(aside, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await fs.rm(aside, { force: true });
  }
}

/** Whether a lock's content names no live holder (its process on this host is gone, or it is no lock). */
function isStale(raw: string): boolean {
  const holder = parseLockInfo(raw);
  return holder === null || (holder.hostname === os.hostname() && !processAlive(holder.pid));
}

/**
 * Deletes the lock `file` if it still holds `stale`, as the one reaper of that lock: the reaper's
 * mark `<file>.reap` is itself a lock file, so two processes that judged the same lock stale cannot
 * both delete it (the second would delete the lock the first has since taken). While the mark is
 * held nothing but the reaper removes the stale lock (its holder is dead, and a new lock cannot be
 * made while the name exists), so reading and deleting are one decision. A mark left by a reaper
 * that died is recovered by moving it aside (the window for a race there is the few statements of
 * a reaper's work, and needs a reaper to die in it).
 */
async function reapStale(file: string, stale: string, mark: string, mode: number): Promise<boolean> {
  const reaper = `${file}.reap`;
  if (!(await linkComplete(reaper, mark, mode))) {
    const other = await readRaw(reaper);
    if (other !== null && isStale(other)) await removeIfStill(reaper, other);
    return false;
  }
  try {
    if ((await readRaw(file)) === stale) await fs.rm(file, { force: true });
  } finally {
    await fs.rm(reaper, { force: true });
  }
  return true;
}

export type LockAttempt = { taken: true; release(): Promise<void> } | { taken: false; holder: LockInfo };

/**
 * Takes the exclusive lock `file` for this process, or names the live holder (a process on this
 * host that still runs, or any process of another host sharing the directory). Stale locks are
 * recovered; `waitNote` says what is being waited for when an interrupt ends the wait.
 */
export async function takeLockFile(file: string, command: string, waitNote: string, mode = 0o644): Promise<LockAttempt> {
  const info: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    command,
    token: randomBytes(8).toString("hex"),
  };
  const text = `${JSON.stringify(info)}\n`;
  for (let round = 0; round < LOCK_ROUNDS; round++) {
    if (await linkComplete(file, text, mode)) {
      return {
        taken: true,
        async release() {
          if ((await readRaw(file).catch(() => null)) === text) await fs.rm(file, { force: true });
        },
      };
    }
    const raw = await readRaw(file);
    if (raw === null) continue; // released between the two steps
    const holder = parseLockInfo(raw);
    if (holder && !isStale(raw)) return { taken: false, holder };
    if (!holder && (await ageMs(file)) < UNREADABLE_GRACE_MS) {
      await pauseUnlessInterrupted(LOCK_PAUSE_MS, waitNote);
      continue;
    }
    // Another process is reaping it: give it a moment.
    if (!(await reapStale(file, raw, text, mode))) await pauseUnlessInterrupted(LOCK_PAUSE_MS, waitNote);
  }
  throw new UserError(`could not take the lock ${file} (${LOCK_ROUNDS} tries)`, 2);
}

export interface WaveLock {
  file: string;
  release(): Promise<void>;
}

/** Another live run holds the wave's lock: the caller may say how to wait for it (`wave wait`). */
export class WaveLockedError extends UserError {
  constructor(message: string) {
    super(message, 2);
    this.name = "WaveLockedError";
  }
}

export async function acquireLock(dir: string, command: string): Promise<WaveLock> {
  await makeDirectory(dir);
  const file = lockFileOf(dir);
  const attempt = await takeLockFile(file, command, `while waiting for the wave lock ${file}`);
  if (attempt.taken) return { file, release: attempt.release };
  const { holder } = attempt;
  if (holder.hostname !== os.hostname()) {
    throw new WaveLockedError(`the wave is locked by a run on host ${holder.hostname} (pid ${holder.pid}); lock: ${file}`);
  }
  throw new WaveLockedError(`another wave run is active on this wave (pid ${holder.pid}, started ${holder.startedAt}); lock: ${file}`);
}
