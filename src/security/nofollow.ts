/**
 * Walking, reading and writing below a trusted directory without following symbolic links.
 *
 * Session files live in an agent's home, which the agent (possibly another OS user) controls: it
 * could replace a directory or the file with a link to somewhere the orchestrator may read or
 * write and the agent may not. Every step below the anchor is therefore opened with O_NOFOLLOW
 * (directories also with O_DIRECTORY), and on Linux each next step is opened through the previous
 * directory's descriptor (`/proc/self/fd/<fd>/<name>`, the equivalent of openat), so swapping a
 * link in between the checks changes nothing. Where /proc is not available each step is opened by
 * its full path with the same flags and checked again afterwards.
 *
 * The anchor itself is trusted as given (it is the home directory the orchestrator set up, or a
 * directory named in the configuration) and may be reached through links.
 */
import { constants, existsSync } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

export interface Identity {
  uid: number;
  gid: number;
}

const PROC_FD = "/proc/self/fd";
let procChecked: boolean | null = null;

function procAvailable(): boolean {
  if (procChecked === null) procChecked = process.platform === "linux" && existsSync(PROC_FD);
  return procChecked;
}

/**
 * Tests only: walk by full paths (as where /proc is missing) with false, back to detection with
 * null. Returns whether descriptor paths are used now.
 */
export function useProcFdForTests(use: false | null): boolean {
  procChecked = use;
  return procAvailable();
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** A path segment that names one entry of a directory. */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\0");
}

/** A directory opened without following links below its anchor. Close it when done. */
export class SafeDir {
  private constructor(
    private readonly handle: FileHandle,
    /** The path as walked (for messages, and the way in when /proc is not available). */
    readonly shown: string,
  ) {}

  static async open(abs: string, shown: string, follow: boolean): Promise<SafeDir> {
    const flags = constants.O_RDONLY | constants.O_DIRECTORY | (follow ? 0 : constants.O_NOFOLLOW);
    const handle = await open(abs, flags);
    return new SafeDir(handle, shown);
  }

  /** The path through which the entry `name` of this directory is reached. */
  entry(name: string): string {
    if (!isPlainName(name)) throw new Error(`not a plain name: ${JSON.stringify(name)}`);
    return procAvailable() ? `${PROC_FD}/${this.handle.fd}/${name}` : path.join(this.shown, name);
  }

  /** This directory itself, for readdir. */
  get self(): string {
    return procAvailable() ? `${PROC_FD}/${this.handle.fd}` : this.shown;
  }

  async stat() {
    return this.handle.stat();
  }

  async chown(identity: Identity): Promise<void> {
    await this.handle.chown(identity.uid, identity.gid);
  }

  async chmod(mode: number): Promise<void> {
    await this.handle.chmod(mode);
  }

  async names(): Promise<string[]> {
    return readdir(this.self);
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

export type WalkResult = { ok: true; dir: SafeDir } | { ok: false; missing: boolean; reason: string };

async function whyNot(abs: string, shown: string): Promise<string> {
  try {
    const st = await lstat(abs);
    if (st.isSymbolicLink()) return `${shown} is a symbolic link (not followed)`;
    if (!st.isDirectory()) return `${shown} is not a directory`;
    return `${shown} changed while it was opened`;
  } catch {
    return `${shown} could not be opened`;
  }
}

/** Fallback without /proc: the opened directory must still be what its full path names. */
async function sameAsPath(dir: SafeDir, abs: string): Promise<boolean> {
  try {
    const [opened, now] = await Promise.all([dir.stat(), lstat(abs)]);
    return !now.isSymbolicLink() && now.isDirectory() && now.dev === opened.dev && now.ino === opened.ino;
  } catch {
    return false;
  }
}

export interface WalkOptions {
  /** Create missing directories (with this mode, owned by `identity` when given). */
  create?: { mode: number; identity?: Identity | undefined };
}

/**
 * Opens `anchor/segments…` as a directory, following no link below `anchor`. Missing steps are
 * created when `options.create` says so (each one owned by the identity, if given).
 */
export async function walkDirs(anchor: string, segments: readonly string[], options: WalkOptions = {}): Promise<WalkResult> {
  for (const segment of segments) {
    if (!isPlainName(segment)) return { ok: false, missing: false, reason: `${JSON.stringify(segment)} is not a plain directory name` };
  }
  let dir: SafeDir;
  try {
    dir = await SafeDir.open(anchor, anchor, true);
  } catch (error) {
    const code = codeOf(error);
    return {
      ok: false,
      missing: code === "ENOENT",
      reason: `${anchor} ${code === "ENOENT" ? "does not exist" : `cannot be opened (${code})`}`,
    };
  }
  let shown = anchor;
  for (const segment of segments) {
    const next = path.join(shown, segment);
    const entry = dir.entry(segment);
    let created = false;
    if (options.create) {
      try {
        await mkdir(entry, { mode: options.create.mode });
        created = true;
      } catch (error) {
        if (codeOf(error) !== "EEXIST") {
          await dir.close();
          return { ok: false, missing: false, reason: `${next} cannot be created (${codeOf(error)})` };
        }
      }
    }
    let child: SafeDir;
    try {
      child = await SafeDir.open(entry, next, false);
    } catch (error) {
      const missing = codeOf(error) === "ENOENT";
      const reason = missing ? `${next} does not exist` : await whyNot(entry, next);
      await dir.close();
      return { ok: false, missing, reason };
    }
    await dir.close();
    dir = child;
    shown = next;
    if (!procAvailable() && !(await sameAsPath(dir, next))) {
      await dir.close();
      return { ok: false, missing: false, reason: `${next} changed while it was opened (a symbolic link was swapped in)` };
    }
    if (created) {
      await dir.chmod(options.create!.mode);
      if (options.create!.identity) await dir.chown(options.create!.identity);
    }
  }
  return { ok: true, dir };
}

export type OpenedFile =
  | { status: "open"; handle: FileHandle; size: number }
  | { status: "missing" }
  | { status: "refused"; reason: string };

/**
 * Opens the regular file `name` of `dir` for reading without following a link. Refused: links,
 * anything but a regular file, a file with more than one hard link (it could be another file's
 * name), and a file not owned by `owner` when one is given. The caller closes the handle.
 */
export async function openFileIn(dir: SafeDir, name: string, owner?: number): Promise<OpenedFile> {
  const shown = path.join(dir.shown, name);
  let handle: FileHandle;
  try {
    handle = await open(dir.entry(name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT") return { status: "missing" };
    if (code === "ELOOP" || code === "EMLINK") return { status: "refused", reason: `${shown} is a symbolic link (not followed)` };
    return { status: "refused", reason: `${shown} cannot be opened (${code})` };
  }
  const refuse = async (reason: string): Promise<OpenedFile> => {
    await handle.close().catch(() => undefined);
    return { status: "refused", reason };
  };
  const st = await handle.stat();
  if (!st.isFile()) return refuse(`${shown} is not a regular file`);
  if (st.nlink !== 1) return refuse(`${shown} has ${st.nlink} hard links`);
  if (owner !== undefined && st.uid !== owner) return refuse(`${shown} is owned by uid ${st.uid}, not the agent's uid ${owner}`);
  if (!procAvailable()) {
    try {
      const now = await lstat(shown);
      if (now.isSymbolicLink() || now.dev !== st.dev || now.ino !== st.ino) return refuse(`${shown} changed while it was opened`);
    } catch {
      return refuse(`${shown} changed while it was opened`);
    }
  }
  return { status: "open", handle, size: st.size };
}

/**
 * Writes `data` as the file `name` of `dir`: a new temporary file (never following a link, never
 * reusing an existing name), owned by `identity` when given, renamed over `name` (a link there is
 * replaced, not followed).
 */
export async function writeFileIn(dir: SafeDir, name: string, data: Buffer, mode: number, identity?: Identity): Promise<void> {
  const temp = `.${name}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(dir.entry(temp), flags, mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode);
    if (identity) await handle.chown(identity.uid, identity.gid);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(dir.entry(temp), { force: true }).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(dir.entry(temp), dir.entry(name));
  } catch (error) {
    await rm(dir.entry(temp), { force: true }).catch(() => undefined);
    throw error;
  }
}
