/**
 * Creating directories with a bounded number of tries. Node's recursive mkdir retries without end
 * when the system keeps answering "no such directory" for a parent that exists (a path under
 * /proc does), which spins the CPU forever; a path under a regular file fails at once. Here the
 * missing directories are made one level at a time, each failure says which path and why, and a
 * directory that keeps vanishing while it is made (ENOENT) is given up on after MKDIR_TRIES tries.
 * Every failure is a UserError (exit 2) naming the path.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";

const MKDIR_TRIES = 5;

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? "error";
}

function cannotCreate(dir: string, why: string): UserError {
  return new UserError(`cannot create the directory ${dir}: ${why}`, 2);
}

/**
 * The directories from the nearest existing ancestor of `dir` (exclusive) down to `dir`, top
 * first; empty when `dir` exists. Throws when `dir` or an ancestor exists but is not a directory.
 */
async function missingDirs(dir: string): Promise<string[]> {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    try {
      const st = await fs.stat(current);
      if (!st.isDirectory()) {
        throw cannotCreate(dir, current === dir ? "it exists and is not a directory" : `${current} is not a directory`);
      }
      return missing.reverse();
    } catch (error) {
      if (error instanceof UserError) throw error;
      const code = codeOf(error);
      // ENOTDIR: a component above is a file; walking up finds it and says so.
      if (code !== "ENOENT" && code !== "ENOTDIR") throw cannotCreate(dir, `${current}: ${code}`);
    }
    missing.push(current);
    const parent = path.dirname(current);
    if (parent === current) throw cannotCreate(dir, "no ancestor of it exists");
    current = parent;
  }
}

/**
 * `mkdir -p dir` with bounded tries. Resolves with the first directory it made (undefined when
 * `dir` already existed), like `fs.mkdir(dir, { recursive: true })`.
 */
export async function makeDirectory(dir: string): Promise<string | undefined> {
  const target = path.resolve(dir);
  let first: string | undefined;
  for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
    const missing = await missingDirs(target);
    if (missing.length === 0) return first;
    let vanished = false;
    for (const d of missing) {
      try {
        await fs.mkdir(d);
        first ??= d;
      } catch (error) {
        const code = codeOf(error);
        if (code === "EEXIST") continue; // made meanwhile by someone else (missingDirs checks its kind)
        if (code === "ENOENT") {
          vanished = true;
          break;
        }
        throw cannotCreate(target, d === target ? code : `${d}: ${code}`);
      }
    }
    if (!vanished) {
      // Made everything (or someone else did): check once more what is there now.
      if ((await missingDirs(target)).length === 0) return first;
    }
  }
  throw cannotCreate(target, `making it keeps failing with ENOENT although its parent exists (${MKDIR_TRIES} tries)`);
}

/**
 * Checks, without leaving anything behind, that `dir` is a directory or can be made: the nearest
 * existing ancestor must be a directory in which a directory can be created (a uniquely named
 * probe, removed at once). Throws the same UserError as makeDirectory.
 */
export async function checkCreatableDirectory(dir: string): Promise<void> {
  const target = path.resolve(dir);
  const missing = await missingDirs(target);
  if (missing.length === 0) return;
  const parent = path.dirname(missing[0]!);
  for (let attempt = 1; attempt <= MKDIR_TRIES; attempt++) {
    let probe: string;
    try {
      probe = await fs.mkdtemp(path.join(parent, ".wave-probe-"));
    } catch (error) {
      const code = codeOf(error);
      if (code === "EEXIST") continue;
      if (code === "ENOENT" && attempt < MKDIR_TRIES) continue;
      throw cannotCreate(
        target,
        code === "ENOENT" ? `no directory can be made in ${parent} (ENOENT, ${MKDIR_TRIES} tries)` : `${parent}: ${code}`,
      );
    }
    await fs.rmdir(probe).catch(() => undefined);
    return;
  }
  throw cannotCreate(target, `no directory could be made in ${parent} (${MKDIR_TRIES} tries)`);
}
