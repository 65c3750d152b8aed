/**
 * Path confinement: user- and agent-supplied paths must stay inside the repository (or run
 * directory) they are relative to, and archive/patch entry names must not escape the directory
 * they are extracted into (zip-slip). Files named in a wave file that the orchestrator reads after
 * the agents ran (deliverables, proof artifacts, reports) are opened only through `openInside`,
 * which refuses symbolic links that lead out of the repository.
 */
import { constants, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { type FileHandle, open, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.js";

/** True when `abs` is `root` or lies beneath it (lexically; no symlink resolution). */
export function isInside(root: string, abs: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(abs));
  if (rel === "") return true;
  return !path.isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${path.sep}`);
}

function isAbsoluteAnywhere(p: string): boolean {
  return path.posix.isAbsolute(p) || path.win32.isAbsolute(p) || /^[A-Za-z]:/.test(p);
}

/**
 * Where `abs` really points: existing components are resolved through their symbolic links
 * (dangling links included), missing trailing components are appended as they are.
 */
function resolveReal(abs: string, hops = 0): string {
  if (hops > 40) throw new UserError(`too many levels of symbolic links at ${JSON.stringify(abs)}`);
  try {
    return realpathSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new UserError(`too many levels of symbolic links at ${JSON.stringify(abs)}`);
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  const parent = path.dirname(abs);
  if (parent === abs) return abs;
  const realParent = resolveReal(parent, hops);
  let isLink = false;
  try {
    isLink = lstatSync(abs).isSymbolicLink();
  } catch {
    isLink = false;
  }
  if (isLink) return resolveReal(path.resolve(realParent, readlinkSync(abs)), hops + 1);
  return path.join(realParent, path.basename(abs));
}

/**
 * Validates archive or patch entry names and returns them normalised (forward slashes, no `./`,
 * no empty segments). Throws a UserError naming the first bad entry: empty, NUL or control
 * characters, absolute paths, drive letters, backslashes, `..` segments or `.git` segments.
 */
export function safeRelativeEntries(entries: readonly string[], label = "archive entry"): string[] {
  return entries.map((entry) => {
    const shown = JSON.stringify(entry);
    const bad = (why: string) => new UserError(`${label} ${shown}: ${why}`);
    if (entry.length === 0) throw bad("empty name");
    if (/[\u0000-\u001f\u007f]/.test(entry)) throw bad("contains control characters");
    if (entry.includes("\\")) throw bad("contains a backslash");
    if (entry.startsWith("/")) throw bad("is an absolute path");
    if (/^[A-Za-z]:/.test(entry)) throw bad("starts with a drive letter");
    const parts = entry.split("/").filter((part) => part !== "" && part !== ".");
    if (parts.length === 0) throw bad("names no file");
    if (parts.includes("..")) throw bad("contains a '..' segment");
    if (parts.some((part) => part.toLowerCase() === ".git")) throw bad("is inside .git/");
    return parts.join("/");
  });
}

/**
 * Why the file `relPath` (relative to `root`) may not be read, or null when it may. Refused: NUL
 * bytes, empty or absolute paths, the root itself, `..` that climbs out, and any symbolic link on
 * the way (the file itself or a directory above it) whose target lies outside the real location of
 * `root`. Links that stay inside are fine. The text completes a sentence that starts with the path.
 */
function readRefusal(root: string, relPath: string): string | null {
  if (relPath.includes("\0")) return "contains a NUL byte";
  if (relPath.trim() === "") return "is an empty path";
  if (isAbsoluteAnywhere(relPath)) return "is an absolute path, not one relative to the repository";
  const absRoot = path.resolve(root);
  const abs = path.resolve(absRoot, relPath);
  if (abs === absRoot) return "names the repository root, not a file in it";
  if (!isInside(absRoot, abs)) return "points outside the repository";
  try {
    const realRoot = resolveReal(absRoot);
    if (isInside(realRoot, resolveReal(abs))) return null;
    // Name the link that leads out: the file itself, or a directory above it.
    const parts = path.relative(absRoot, abs).split(path.sep);
    let current = absRoot;
    for (let i = 0; i < parts.length; i++) {
      current = path.join(current, parts[i] as string);
      let isLink: boolean;
      try {
        isLink = lstatSync(current).isSymbolicLink();
      } catch {
        break;
      }
      if (isLink && !isInside(realRoot, resolveReal(current))) {
        if (i === parts.length - 1) return "is a symbolic link that resolves outside the repository";
        return `lies under the symbolic link ${parts.slice(0, i + 1).join("/")}, which resolves outside the repository`;
      }
    }
    return "resolves outside the repository through a symbolic link";
  } catch (error) {
    if (error instanceof UserError) return "has too many levels of symbolic links";
    throw error;
  }
}

export type InsideFile =
  | { status: "open"; handle: FileHandle; isFile: boolean }
  | { status: "missing" }
  | { status: "refused"; reason: string };

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * Opens `relPath` under `root` for reading when `readRefusal` allows it. The check and the open are
 * tied together: the resolved path is opened without following a final link (and without blocking
 * on a FIFO), and the opened file must still be the file that path resolves to afterwards, so a
 * link swapped in between is refused instead of read. The caller closes the handle.
 */
export async function openInside(root: string, relPath: string): Promise<InsideFile> {
  const refusal = readRefusal(root, relPath);
  if (refusal !== null) return { status: "refused", reason: refusal };
  const abs = path.resolve(root, relPath);
  const changed = { status: "refused", reason: "changed while it was being read (a symbolic link was swapped in)" } as const;
  let real: string;
  let realRoot: string;
  try {
    real = await realpath(abs);
    realRoot = await realpath(path.resolve(root));
  } catch (error) {
    if (errnoOf(error) === "ELOOP") return { status: "refused", reason: "has too many levels of symbolic links" };
    return { status: "missing" };
  }
  if (!isInside(realRoot, real)) return changed;
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoOf(error);
    if (code === "ELOOP" || code === "EMLINK") return changed;
    return { status: "missing" };
  }
  try {
    const opened = await handle.stat();
    const again = await realpath(abs);
    const now = await stat(again);
    if (again !== real || now.dev !== opened.dev || now.ino !== opened.ino) {
      await handle.close();
      return changed;
    }
    return { status: "open", handle, isFile: opened.isFile() };
  } catch {
    await handle.close();
    return changed;
  }
}
