/**
 * Redaction of files on disk before they are uploaded (logs, prompts, summaries, workspace changes).
 * Files are streamed (bounded memory at any size); a file is rewritten only when it holds a secret,
 * through a temporary file in the same directory renamed over the original. A tree's file and
 * directory names are redacted too: a name holding a secret is renamed, since names become the
 * entry names of an artifact.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { chmod, lstat, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Redactor } from "./redact.js";
import type { VariantFamily } from "./variants.js";

const CHUNK = 256 * 1024;

/** Reads a file through a fresh scanner without writing; returns the kinds of variants seen. */
async function scanFile(file: string, redactor: Redactor): Promise<{ matches: number; kinds: Set<VariantFamily> }> {
  const scanner = redactor.createScanner({ trackFamilies: true });
  const stream = createReadStream(file, { highWaterMark: CHUNK });
  for await (const chunk of stream) scanner.push(chunk as Buffer);
  scanner.end();
  return { matches: scanner.redactions, kinds: new Set(scanner.matchedFamilies) };
}

/**
 * Redacts a file in place. Returns the number of replacements (0 = the file was not touched).
 * Symbolic links are not followed (0 is returned).
 */
export async function redactFileInPlace(file: string, redactor: Redactor): Promise<number> {
  if (redactor.maxMatchLength === 0) return 0;
  const info = await lstat(file);
  if (!info.isFile()) return 0;
  const { matches } = await scanFile(file, redactor);
  if (matches === 0) return 0;
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.redact`);
  const transform = redactor.createStream();
  try {
    await pipeline(
      createReadStream(file, { highWaterMark: CHUNK }),
      transform,
      createWriteStream(temp, { flags: "wx", mode: info.mode & 0o777 }),
    );
    await chmod(temp, info.mode & 0o7777);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return transform.redactions;
}

export interface RedactTreeResult {
  /** Regular files examined. */
  files: number;
  /** Files that held a secret, with the number of replacements (paths relative to the root). */
  redacted: { file: string; redactions: number }[];
  /** Symbolic links found (never followed or changed), relative to the root. */
  symlinks: string[];
  /** Entries (files, directories, links) renamed because their name held a secret. */
  renamed: number;
}

/** A name in `dir` for `wanted` that does not exist yet (`wanted`, `wanted.2`, `wanted.3`, …). */
async function freeName(dir: string, wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? wanted : `${wanted}.${n}`;
    try {
      await lstat(path.join(dir, candidate));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return candidate;
      throw error;
    }
  }
}

async function* walk(
  dir: string,
  redactor: Redactor,
  renamed: { count: number },
): AsyncGenerator<{ abs: string; kind: "file" | "symlink" }> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    let name = entry.name;
    const safe = redactor.redactName(name);
    if (safe !== name) {
      const target = await freeName(dir, safe);
      await rename(path.join(dir, name), path.join(dir, target));
      renamed.count++;
      name = target;
    }
    const abs = path.join(dir, name);
    if (entry.isSymbolicLink()) yield { abs, kind: "symlink" };
    else if (entry.isDirectory()) yield* walk(abs, redactor, renamed);
    else if (entry.isFile()) yield { abs, kind: "file" };
  }
}

/**
 * Redacts every regular file under `dir` (recursively, symlinks not followed) and renames every
 * entry whose name holds a secret (the secret becomes `REDACTED`; `.2`, `.3`… avoid clashes).
 */
export async function redactTree(dir: string, redactor: Redactor): Promise<RedactTreeResult> {
  const result: RedactTreeResult = { files: 0, redacted: [], symlinks: [], renamed: 0 };
  const renamed = { count: 0 };
  for await (const entry of walk(dir, redactor, renamed)) {
    const rel = path.relative(dir, entry.abs);
    if (entry.kind === "symlink") {
      result.symlinks.push(rel);
      continue;
    }
    result.files++;
    const redactions = await redactFileInPlace(entry.abs, redactor);
    if (redactions > 0) result.redacted.push({ file: rel, redactions });
  }
  result.renamed = renamed.count;
  return result;
}

export interface SecretFinding {
  /** The path as given. */
  file: string;
  /** How the secret appeared (never the value itself). */
  variant: VariantFamily;
  /** Matches of any variant in this file. */
  occurrences: number;
}

/**
 * Which files contain a secret (in which encodings). Used on workspace changes before upload so the
 * run can warn, naming the file; missing files and non-regular files are skipped.
 */
export async function scanForSecrets(files: readonly string[], redactor: Redactor): Promise<SecretFinding[]> {
  const findings: SecretFinding[] = [];
  if (redactor.maxMatchLength === 0) return findings;
  for (const file of files) {
    let regular = false;
    try {
      regular = (await stat(file)).isFile() && !(await lstat(file)).isSymbolicLink();
    } catch {
      continue;
    }
    if (!regular) continue;
    const { matches, kinds } = await scanFile(file, redactor);
    if (matches === 0) continue;
    for (const variant of [...kinds].sort()) findings.push({ file, variant, occurrences: matches });
  }
  return findings;
}
