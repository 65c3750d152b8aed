/**
 * The artifact store of the tests and benchmarks (the product's is src/artifacts/github-store.ts):
 * the same contract (src/artifacts/types.ts) over a directory. Artifacts as directories:
 * `<dir>/<name>/artifact.json` (metadata with a manifest of sizes and sha256 digests) and
 * `<dir>/<name>/files/` (the tree). Uploads are staged and renamed into place, so an artifact is
 * either complete or absent; downloads check the manifest.
 */
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { lstat, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { safeEntryPath, UnsafePathError } from "../../src/artifacts/entry-path.js";
import { ArtifactError } from "../../src/artifacts/errors.js";
import { checkUploadFiles, clearDirectory, prepareEmptyDirectory, verifyTree } from "../../src/artifacts/file-tree.js";
import { forEachLimited } from "../../src/artifacts/zip-extract.js";
import { checkArtifactName, parseArtifactName } from "../../src/artifacts/naming.js";
import type { ArtifactInfo, ArtifactStore, ListOptions, UploadOptions, UploadResult } from "../../src/artifacts/types.js";

export const LOCAL_METADATA_FILE = "artifact.json";
const FILES_DIR = "files";
const COPY_PARALLELISM = 8;

export const LocalArtifactMetadataSchema = z.object({
  schemaVersion: z.literal(1),
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
  runId: z.number().int().optional(),
  runAttempt: z.number().int().positive().optional(),
  retentionDays: z.number().int().nonnegative().optional(),
  files: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  directories: z.array(z.string().min(1)),
});
export type LocalArtifactMetadata = z.infer<typeof LocalArtifactMetadataSchema>;

export interface LocalArtifactStoreOptions {
  /** Recorded in the metadata of uploads. */
  runId?: number;
  /** Recorded in the metadata of uploads (else taken from the artifact name). */
  runAttempt?: number;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

export class LocalArtifactStore implements ArtifactStore {
  readonly source = "local" as const;

  constructor(
    readonly dir: string,
    private readonly options: LocalArtifactStoreOptions = {},
  ) {}

  /** The store holding the artifact directory `artifactDir` (one with an artifact.json), and its info. */
  static async open(artifactDir: string): Promise<{ store: LocalArtifactStore; info: ArtifactInfo }> {
    const resolved = path.resolve(artifactDir);
    const store = new LocalArtifactStore(path.dirname(resolved));
    const name = path.basename(resolved);
    const meta = await store.readMetadata(name);
    return { store, info: store.toInfo(meta) };
  }

  private artifactDir(name: string): string {
    checkArtifactName(name);
    return path.join(this.dir, name);
  }

  private async readMetadata(name: string): Promise<LocalArtifactMetadata> {
    const file = path.join(this.artifactDir(name), LOCAL_METADATA_FILE);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if (isMissing(error)) throw new ArtifactError("not-found", `local artifact ${name} not found (no ${file})`);
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ArtifactError("corrupt", `${file}: invalid JSON: ${(error as Error).message}`);
    }
    const parsed = LocalArtifactMetadataSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ArtifactError("corrupt", `${file}: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid"}`);
    }
    if (parsed.data.name !== name) {
      throw new ArtifactError("corrupt", `${file}: names artifact ${parsed.data.name}, but its directory is ${name}`);
    }
    return parsed.data;
  }

  private toInfo(meta: LocalArtifactMetadata): ArtifactInfo {
    const info: ArtifactInfo = { id: meta.name, name: meta.name, size: meta.size, createdAt: meta.createdAt, source: "local" };
    if (meta.runId !== undefined) info.runId = meta.runId;
    const attempt = meta.runAttempt ?? parseArtifactName(meta.name)?.runAttempt;
    if (attempt !== undefined) info.runAttempt = attempt;
    return info;
  }

  async upload(name: string, rootDir: string, files: string[], options: UploadOptions = {}): Promise<UploadResult> {
    const target = this.artifactDir(name);
    const checked = await checkUploadFiles(rootDir, files);
    if (await exists(target)) throw new ArtifactError("exists", `an artifact named ${name} already exists in ${this.dir}`);
    await mkdir(this.dir, { recursive: true });
    const staging = await mkdtemp(path.join(this.dir, ".staging-"));
    try {
      const filesRoot = path.join(staging, FILES_DIR);
      await mkdir(filesRoot);
      const directories = checked.filter((f) => f.isDirectory).map((f) => f.relative);
      for (const dir of directories) await mkdir(path.join(filesRoot, dir), { recursive: true });
      const manifest: LocalArtifactMetadata["files"] = [];
      const regular = checked.filter((f) => !f.isDirectory);
      for (const f of regular) await mkdir(path.dirname(path.join(filesRoot, f.relative)), { recursive: true });
      await forEachLimited(regular, COPY_PARALLELISM, async (f) => {
        const mode = (await stat(f.absolute)).mode & 0o111 ? 0o755 : 0o644;
        const copied = await copyFileHashed(f.absolute, path.join(filesRoot, f.relative), mode);
        manifest.push({ path: f.relative, size: copied.size, sha256: copied.sha256 });
      });
      manifest.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const meta: LocalArtifactMetadata = {
        schemaVersion: 1,
        name,
        size: manifest.reduce((sum, f) => sum + f.size, 0),
        createdAt: (await this.nextCreatedAt()).toISOString(),
        ...(this.options.runId !== undefined ? { runId: this.options.runId } : {}),
        ...(this.options.runAttempt !== undefined ? { runAttempt: this.options.runAttempt } : {}),
        ...(options.retentionDays ? { retentionDays: options.retentionDays } : {}),
        files: manifest,
        directories: directories.sort(),
      };
      await writeFile(path.join(staging, LOCAL_METADATA_FILE), `${JSON.stringify(meta, null, 2)}\n`);
      try {
        await rename(staging, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST" || code === "ENOTEMPTY") {
          throw new ArtifactError("exists", `an artifact named ${name} already exists in ${this.dir}`);
        }
        throw error;
      }
      return { id: name, name, size: meta.size };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * Now, or 1 ms after the newest artifact in the directory when that is not earlier: creation
   * times order the artifacts (newest first) as ids do on GitHub, so no two may be equal.
   */
  private async nextCreatedAt(): Promise<Date> {
    let newest = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(".")) continue;
      try {
        const meta = JSON.parse(await readFile(path.join(this.dir, name, LOCAL_METADATA_FILE), "utf8")) as { createdAt?: unknown };
        const t = typeof meta.createdAt === "string" ? Date.parse(meta.createdAt) : Number.NaN;
        if (Number.isFinite(t) && t > newest) newest = t;
      } catch {
        // not an artifact (or an unreadable one): it does not order anything
      }
    }
    return new Date(Math.max(Date.now(), newest + 1));
  }

  async list(options: ListOptions = {}): Promise<ArtifactInfo[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir, { withFileTypes: true }))
        .filter((d) => d.isDirectory() && !d.name.startsWith("."))
        .map((d) => d.name);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const out: ArtifactInfo[] = [];
    for (const name of names) {
      if (options.prefix !== undefined && !name.startsWith(options.prefix)) continue;
      if (!(await exists(path.join(this.dir, name, LOCAL_METADATA_FILE)))) continue;
      try {
        checkArtifactName(name);
      } catch {
        continue;
      }
      out.push(this.toInfo(await this.readMetadata(name)));
    }
    return out.sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || a.name.localeCompare(b.name));
  }

  async download(info: ArtifactInfo, destDir: string): Promise<string> {
    const meta = await this.readMetadata(info.name);
    const filesRoot = path.join(this.artifactDir(info.name), FILES_DIR);
    const created = await prepareEmptyDirectory(destDir);
    await mkdir(destDir, { recursive: true });
    try {
      const safe = (p: string): string => {
        try {
          return safeEntryPath(p);
        } catch (error) {
          if (error instanceof UnsafePathError) throw new ArtifactError("unsafe", `local artifact ${info.name}: ${error.message}`);
          throw error;
        }
      };
      for (const dir of meta.directories) await mkdir(path.join(destDir, safe(dir)), { recursive: true });
      for (const f of meta.files) await mkdir(path.dirname(path.join(destDir, safe(f.path))), { recursive: true });
      await forEachLimited(meta.files, COPY_PARALLELISM, async (f) => {
        const source = path.join(filesRoot, safe(f.path));
        const st = await lstat(source).catch(() => null);
        if (!st) throw new ArtifactError("corrupt", `local artifact ${info.name} is missing ${f.path}`);
        if (!st.isFile()) throw new ArtifactError("unsafe", `local artifact ${info.name}: ${f.path} is not a regular file`);
        const copied = await copyFileHashed(source, path.join(destDir, f.path), st.mode & 0o111 ? 0o755 : 0o644);
        if (copied.size !== f.size || copied.sha256 !== f.sha256) {
          throw new ArtifactError("corrupt", `local artifact ${info.name}: ${f.path} does not match its recorded digest`);
        }
      });
      await verifyTree(destDir);
      return destDir;
    } catch (error) {
      await clearDirectory(destDir, created);
      throw error;
    }
  }

  async delete(info: ArtifactInfo): Promise<void> {
    const dir = this.artifactDir(info.name);
    if (!(await exists(dir))) throw new ArtifactError("not-found", `local artifact ${info.name} not found in ${this.dir}`);
    await rm(dir, { recursive: true, force: true });
  }
}

async function exists(p: string): Promise<boolean> {
  return (await lstat(p).catch(() => null)) !== null;
}

interface CopyResult {
  size: number;
  /** hex */
  sha256: string;
}

class Hashing extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

/** Copies a file, hashing what it copies; never overwrites or follows a link at the destination. */
async function copyFileHashed(source: string, dest: string, mode = 0o644): Promise<CopyResult> {
  const fh = await open(dest, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  const hashing = new Hashing();
  try {
    await pipeline(createReadStream(source), hashing, fh.createWriteStream());
  } finally {
    await fh.close().catch(() => undefined);
  }
  return { size: hashing.size, sha256: hashing.hash.digest("hex") };
}
