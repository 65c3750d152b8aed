/**
 * Repository-relative paths as written in wave files and wave.config.json.
 */
import fs from "node:fs";
import path from "node:path";

/** Backslashes to `/`, leading `./` removed, repeated slashes collapsed. Keeps a trailing `/`. */
export function normalizeRelPath(value: string): string {
  if (!value.includes("\\") && !value.startsWith("./") && !value.includes("//") && value.trim() === value) return value;
  let p = value.trim().replaceAll("\\", "/");
  while (p.startsWith("./")) p = p.slice(2);
  return p.replace(/\/{2,}/g, "/");
}

/**
 * Why a path is not a safe repository-relative path, or null when it is fine.
 * Rejected: empty, NUL, absolute (`/x`, `C:/x`, `//server`), any `..` segment.
 */
export function repoPathProblem(value: string): string | null {
  if (value.includes("\u0000")) return "contains a NUL byte";
  const p = normalizeRelPath(value);
  if (p === "" || p === ".") return "is empty";
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p)) return "is absolute (paths must be relative to the repository root)";
  if (p.split("/").includes("..")) return 'contains ".." (paths must stay inside the repository)';
  return null;
}

/**
 * True when `file` is covered by `owned`: the same path, or inside `owned` when `owned` ends with
 * `/` or is listed in `ownedDirs` (owned paths that exist as directories in the repository).
 */
export function isCoveredBy(file: string, owned: string, ownedDirs?: ReadonlySet<string>): boolean {
  const f = normalizeRelPath(file);
  const o = normalizeRelPath(owned);
  if (!f || !o) return false;
  if (o.endsWith("/")) return f.startsWith(o);
  if (f === o) return true;
  return ownedDirs?.has(o) === true && f.startsWith(`${o}/`);
}

/** Owned paths (without trailing `/`) that exist as directories under `root`. */
export function existingOwnedDirectories(root: string, owned: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const o of owned) {
    const p = normalizeRelPath(o);
    if (!p || p.endsWith("/") || repoPathProblem(p)) continue;
    // Missing (not created yet) means an exact file path.
    if (fs.statSync(path.join(root, p), { throwIfNoEntry: false })?.isDirectory()) out.add(p);
  }
  return out;
}

/** Path of `abs` relative to `root` with forward slashes (or the absolute path when outside). */
export function toRepoRel(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  if (rel === "") return ".";
  if (rel.startsWith("..") || path.isAbsolute(rel)) return abs.split(path.sep).join("/");
  return rel.split(path.sep).join("/");
}

/** True when the real location of `abs` is inside the real location of `root`. */
export function realpathInside(root: string, abs: string): boolean {
  try {
    const r = fs.realpathSync(root);
    const a = fs.realpathSync(abs);
    const rel = path.relative(r, a);
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  } catch {
    return false;
  }
}
