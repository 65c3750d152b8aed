/**
 * Node's on-disk compile cache for the bundle (module.enableCompileCache, Node ≥ 22.1): the code
 * of each chunk a process loads is compiled once and reused by every later process, the `wave`
 * CLI and each of its `local` agents alike (one process per agent), instead of being compiled
 * again at every start. Called first thing by the bundle's entry (src/main.ts): only modules
 * compiled after the call are cached, and the chunks are all loaded later.
 *
 * Where the cache goes: NODE_COMPILE_CACHE when it is set (Node then enabled it before any code
 * ran, and this does nothing); otherwise `<OS temp dir>/wave-compile-cache-<uid>` (TMPDIR, or
 * /tmp), where Node keeps one subdirectory per Node version and user. Node's own default,
 * `<OS temp dir>/node-compile-cache`, is a name whoever comes first creates: in a shared /tmp
 * another user (an agent running as its own OS user, agent-user/) could create it, or the
 * subdirectory Node makes for us in it, and fill it with compiled code our process would then run.
 * So the directory is used only when it is this user's own: made with mode 0700, a real directory
 * (not a symbolic link) owned by this user that no one else may write, in a parent that others
 * cannot write or that has the sticky bit (as /tmp), so no one can swap it.
 *
 * It never fails a start: when the directory cannot be made or is not ours (a read-only or full
 * temp dir, a home of another user), when Node cannot write its cache there (Node reports a
 * failed status and compiles as usual), or on a Node without the API, the process runs uncached.
 * An agent running as another OS user gets its own TMPDIR (agent-user/boundary.ts), so its cache
 * is its own. NODE_DISABLE_COMPILE_CACHE=1 turns the cache off (Node checks it).
 */
import { lstatSync, mkdirSync } from "node:fs";
import module from "node:module";
import os from "node:os";
import path from "node:path";

/** Whether others are kept from swapping what `dir` holds: they cannot write it, or it has the sticky bit (as /tmp). */
function holdsSafely(dir: string): boolean {
  const st = lstatSync(dir);
  return st.isDirectory() && ((st.mode & 0o022) === 0 || (st.mode & 0o1000) !== 0);
}

/** Whether `dir` is a real directory that only `uid` (this process's user) can write. */
function ownDirectory(dir: string, uid: number | undefined): boolean {
  const st = lstatSync(dir);
  return st.isDirectory() && (st.mode & 0o022) === 0 && (uid === undefined || st.uid === uid);
}

/**
 * The directory the cache goes in (made if missing), or null when it cannot be used safely (see
 * the top). `uid`: this process's user (undefined where there are none: Windows, whose temp
 * directory is the user's own).
 */
export function compileCacheDir(tmp: string, uid: number | undefined): string | null {
  const dir = path.join(tmp, uid === undefined ? "wave-compile-cache" : `wave-compile-cache-${uid}`);
  try {
    if (!holdsSafely(tmp)) return null;
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return null;
    }
    return ownDirectory(dir, uid) ? dir : null;
  } catch {
    return null;
  }
}

/** Enables the compile cache (see the top); never throws. Returns the directory used, or null. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | null {
  // Absent before Node 22.1 (the types describe the newest Node).
  const enable: typeof module.enableCompileCache | undefined = module.enableCompileCache;
  if (typeof enable !== "function" || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return null;
  try {
    const dir = compileCacheDir(os.tmpdir(), process.getuid?.());
    if (dir === null) return null;
    const result = enable(dir);
    return result.status === module.constants.compileCacheStatus.ENABLED ? dir : null;
  } catch {
    return null;
  }
}
