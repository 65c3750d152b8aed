/**
 * Redaction of files on disk before they are uploaded (logs, prompts, summaries, workspace changes).
 * Files are streamed (bounded memory at any size); a file is rewritten only when it holds a secret,
 * through a temporary file in the same directory renamed over the original.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { chmod, lstat, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Redactor } from "./redact.js";
import { type VariantFamily, variantFamily } from "./variants.js";

const CHUNK = 256 * 1024;

/** Reads a file through a fresh scanner without writing; returns the kinds of variants seen. */
async function scanFile(file: string, redactor: Redactor): Promise<{ matches: number; kinds: Set<VariantFamily> }> {
  const scanner = redactor.createScanner();
  const stream = createReadStream(file, { highWaterMark: CHUNK });
  for await (const chunk of stream) scanner.push(chunk as Buffer);
  scanner.end();
  const kinds = new Set<VariantFamily>();
  for (const index of scanner.matchedPatterns) {
    const kind = redactor.variantKinds[index];
    if (kind) kinds.add(variantFamily(kind));
  }
  return { matches: scanner.redactions, kinds };
}

/**
 * Redacts a file in place. Returns the number of replacements (0 = the file was not touched).
 * Symbolic links are not followed (0 is returned).
 */
export async function redactFileInPlace(file: string, redactor: Redactor): Promise<number> {
  if (redactor.maxVariantLength === 0) return 0;
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
}

async function* walk(dir: string): AsyncGenerator<{ abs: string; kind: "file" | "symlink" }> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) yield { abs, kind: "symlink" };
    else if (entry.isDirectory()) yield* walk(abs);
    else if (entry.isFile()) yield { abs, kind: "file" };
  }
}

/** Redacts every regular file under `dir` (recursively, symlinks not followed). */
export async function redactTree(dir: string, redactor: Redactor): Promise<RedactTreeResult> {
  const result: RedactTreeResult = { files: 0, redacted: [], symlinks: [] };
  for await (const entry of walk(dir)) {
    const rel = path.relative(dir, entry.abs);
    if (entry.kind === "symlink") {
      result.symlinks.push(rel);
      continue;
    }
    result.files++;
    const redactions = await redactFileInPlace(entry.abs, redactor);
    if (redactions > 0) result.redacted.push({ file: rel, redactions });
  }
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
  if (redactor.maxVariantLength === 0) return findings;
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
