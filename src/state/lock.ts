/**
 * One `wave run` per lane+wave at a time: an exclusive lock file with stale-lock recovery.
 * A stale lock (its process is gone) is moved aside with an atomic rename before retrying, so two
 * processes recovering the same stale lock cannot both win.
 *
 * Every loop here is bounded: the lock directory is made with bounded tries (state/mkdir.ts), a
 * lock file being written is waited for at most LOCK_ROUNDS short pauses, and a SIGINT/SIGTERM
 * recorded by the CLI ends the wait at once (exit 130/143, state/interrupt.ts).
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

const LockInfoSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.string(),
  command: z.string().optional(),
});
type LockInfo = z.infer<typeof LockInfoSchema>;

export interface WaveLock {
  file: string;
  release(): Promise<void>;
}

/** Whether a process with this pid exists (EPERM: it does, and belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readLock(file: string): Promise<LockInfo | null> {
  try {
    const parsed = LockInfoSchema.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function ageMs(file: string): Promise<number> {
  try {
    return Date.now() - (await fs.stat(file)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
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
  const info: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), command };
  for (let round = 0; round < LOCK_ROUNDS; round++) {
    try {
      const handle = await fs.open(file, "wx");
      try {
        await handle.writeFile(`${JSON.stringify(info)}\n`);
      } finally {
        await handle.close();
      }
      return {
        file,
        async release() {
          const current = await readLock(file);
          if (current && current.pid === info.pid && current.startedAt === info.startedAt) await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = await readLock(file);
    if (holder && holder.hostname === info.hostname && processAlive(holder.pid)) {
      throw new WaveLockedError(`another wave run is active on this wave (pid ${holder.pid}, started ${holder.startedAt}); lock: ${file}`);
    }
    if (holder && holder.hostname !== info.hostname) {
      throw new WaveLockedError(`the wave is locked by a run on host ${holder.hostname} (pid ${holder.pid}); lock: ${file}`);
    }
    if (!holder && (await ageMs(file)) < 5000) {
      // Possibly being written right now by another process: give it a moment.
      await pauseUnlessInterrupted(LOCK_PAUSE_MS, `while waiting for the wave lock ${file}`);
      continue;
    }
    // Stale (dead pid) or unreadable for a while (a crash mid-write): move it aside atomically.
    const aside = `${file}.stale.${randomBytes(4).toString("hex")}`;
    try {
      await fs.rename(file, aside);
      await fs.rm(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new UserError(`could not acquire the wave lock ${file} (${LOCK_ROUNDS} tries)`, 2);
}
