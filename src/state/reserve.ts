/**
 * Space held back for a run's final records. When a run starts, a file of RESERVE_BYTES is written
 * into its run directory. Once no agent runs any more, the run arms it for its final records
 * (gates.json, result.json, the progress journal): a state write that then fails because the disk
 * is full (ENOSPC, EDQUOT) gives that space back and tries once more, so that a disk filled during
 * the run (by an agent, its output, or anything else on the machine) cannot keep them from being
 * written. It is not used earlier: an agent still running would fill the freed space again. The
 * run gives the space back when it ends, before the job summary and the state upload.
 *
 * The file holds random bytes (one random block of RESERVE_BLOCK_BYTES, repeated): a file system
 * that compresses its blocks (by 128 KiB or less, as btrfs and ZFS do) stores them in full.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";

/** Enough for a large wave's result, gates, journal and summaries several times over. */
export const RESERVE_BYTES = 4 * 1024 * 1024;
const RESERVE_BLOCK_BYTES = 256 * 1024;

/** Reserve files this process armed for final records (runs in one process may overlap). */
const armed = new Set<string>();

/** Writes the reserve file; false when it could not be written (the disk is full already, ...). */
export async function holdReserve(file: string, bytes = RESERVE_BYTES): Promise<boolean> {
  try {
    const block = randomBytes(Math.min(bytes, RESERVE_BLOCK_BYTES));
    const handle = await fs.open(file, "w", 0o600);
    try {
      for (let written = 0; written < bytes; written += block.length) {
        await handle.write(block, 0, Math.min(block.length, bytes - written));
      }
    } finally {
      await handle.close();
    }
    return true;
  } catch {
    await fs.rm(file, { force: true }).catch(() => undefined);
    return false;
  }
}

/** From now on a state write that finds the disk full may use this reserve file's space. */
export function armReserve(file: string): void {
  armed.add(file);
}

/** Deletes a reserve file (the run is over, or its space is needed now). */
export async function releaseReserve(file: string): Promise<void> {
  armed.delete(file);
  await fs.rm(file, { force: true }).catch(() => undefined);
}

/** Whether an error says the disk (or the user's quota) is full: its code, or a message that wrapped one. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return true;
  return error instanceof Error && /\b(?:ENOSPC|EDQUOT)\b/.test(error.message);
}

/**
 * Runs a write; when it fails because the disk is full and reserve space is armed, the space is
 * given back and the write runs once more. `undo` cleans up after the failed try (a partial temp file).
 */
export async function withReserve<T>(write: () => Promise<T>, undo: () => Promise<void> = async () => undefined): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDiskFull(error) || armed.size === 0) throw error;
    await undo();
    for (const file of [...armed]) await releaseReserve(file);
    return await write();
  }
}
