/**
 * File-tree helpers shared by the stores: collecting what to upload (no symlinks: they could point
 * at secrets outside the tree), checking an upload list, verifying a restored tree stays inside
 * its directory, and clearing what a failed download wrote.
 */
import { lstat, readdir, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { ArtifactError } from "./errors.js";

/** Characters the artifact service refuses in file paths (NTFS limits), so both stores refuse them. */
const FORBIDDEN_PATH_CHARS = ['"', ":", "<", ">", "|", "*", "?", "\r", "\n"];

export interface CollectedFiles {
  /** Absolute paths of regular files. */
  files: string[];
  /** Absolute paths of empty directories. */
  emptyDirectories: string[];
  /** Absolute paths left out: symbolic links and special files. */
  skipped: string[];
}

/** Every regular file and empty directory under `rootDir`, sorted; symlinks and specials are skipped. */
export async function collectFiles(rootDir: string): Promise<CollectedFiles> {
  const out: CollectedFiles = { files: [], emptyDirectories: [], skipped: [] };
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    if (entries.length === 0 && dir !== rootDir) out.emptyDirectories.push(dir);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.files.push(full);
      else out.skipped.push(full);
    }
  }
  await walk(path.resolve(rootDir));
  return out;
}

export interface CheckedFile {
  absolute: string;
  /** `/`-separated path relative to the root. */
  relative: string;
  isDirectory: boolean;
  size: number;
}

/**
 * Checks an upload list: absolute paths inside `rootDir`, existing regular files or directories
 * (no symlinks), no characters the service refuses, no duplicates.
 */
export async function checkUploadFiles(rootDir: string, files: string[]): Promise<CheckedFile[]> {
  const root = path.resolve(rootDir);
  const rootStat = await lstat(root).catch(() => null);
  if (!rootStat?.isDirectory()) throw new ArtifactError("invalid-files", `artifact root ${root} is not a directory`);
  const seen = new Set<string>();
  const out: CheckedFile[] = [];
  for (const file of files) {
    if (!path.isAbsolute(file)) throw new ArtifactError("invalid-files", `artifact file ${file} is not an absolute path`);
    const absolute = path.resolve(file);
    const rel = path.relative(root, absolute);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) {
      throw new ArtifactError("invalid-files", `artifact file ${absolute} is not inside ${root}`);
    }
    const relative = rel.split(path.sep).join("/");
    const bad = FORBIDDEN_PATH_CHARS.find((c) => relative.includes(c));
    if (bad !== undefined) {
      throw new ArtifactError("invalid-files", `artifact file ${relative} contains the character ${JSON.stringify(bad)}`);
    }
    const st = await lstat(absolute).catch(() => null);
    if (!st) throw new ArtifactError("invalid-files", `artifact file ${absolute} does not exist`);
    if (st.isSymbolicLink()) throw new ArtifactError("invalid-files", `artifact file ${absolute} is a symbolic link`);
    if (!st.isFile() && !st.isDirectory()) {
      throw new ArtifactError("invalid-files", `artifact file ${absolute} is not a regular file or directory`);
    }
    if (seen.has(relative)) continue;
    seen.add(relative);
    out.push({ absolute, relative, isDirectory: st.isDirectory(), size: st.isFile() ? st.size : 0 });
  }
  if (out.length === 0) throw new ArtifactError("invalid-files", "no files to upload");
  return out;
}

export interface TreeSummary {
  /** `/`-separated relative paths of regular files, sorted. */
  files: string[];
  directories: string[];
  bytes: number;
}

/**
 * Walks a restored tree and fails unless everything in it is a regular file or directory whose
 * real path is inside `root`.
 */
export async function verifyTree(root: string): Promise<TreeSummary> {
  const realRoot = await realpath(root);
  const summary: TreeSummary = { files: [], directories: [], bytes: 0 };
  async function walk(dir: string, prefix: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      const st = await lstat(full);
      if (st.isSymbolicLink()) throw new ArtifactError("unsafe", `restored tree contains a symbolic link: ${rel}`);
      const real = await realpath(full);
      if (!real.startsWith(realRoot + path.sep)) throw new ArtifactError("unsafe", `restored path escapes ${root}: ${rel}`);
      if (st.isDirectory()) {
        summary.directories.push(rel);
        await walk(full, rel);
      } else if (st.isFile()) {
        summary.files.push(rel);
        summary.bytes += st.size;
      } else {
        throw new ArtifactError("unsafe", `restored tree contains a special file: ${rel}`);
      }
    }
  }
  await walk(realRoot, "");
  summary.files.sort();
  summary.directories.sort();
  return summary;
}

/** Creates `dir` if needed and fails unless it is an empty directory. Returns true when it was created. */
export async function prepareEmptyDirectory(dir: string): Promise<boolean> {
  const st = await lstat(dir).catch(() => null);
  if (!st) return true;
  if (!st.isDirectory() || st.isSymbolicLink()) {
    throw new ArtifactError("destination", `download destination ${dir} is not a directory`);
  }
  if ((await readdir(dir)).length > 0) throw new ArtifactError("destination", `download destination ${dir} is not empty`);
  return false;
}

/** Removes what a failed download wrote: the directory itself if it was created for it, else its content. */
export async function clearDirectory(dir: string, removeDir: boolean): Promise<void> {
  if (removeDir) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}
