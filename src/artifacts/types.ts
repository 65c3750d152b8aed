/**
 * The artifact store contract: where a wave's state directory goes after a run and comes back from
 * on resume. Implemented by GithubArtifactStore (workflow artifacts); the tests and benchmarks
 * use a directory store of their own (test/helpers/local-store.ts).
 */

type ArtifactSource = "github" | "local";

export interface ArtifactInfo {
  /** GitHub: the numeric artifact id; local: the artifact's name. */
  id: number | string;
  name: string;
  /** Bytes stored (GitHub: zip size; local: sum of file sizes). */
  size: number;
  /** ISO time, null when unknown. */
  createdAt: string | null;
  /** Workflow run the artifact belongs to, when known. */
  runId?: number;
  /** Run attempt that uploaded it (from the artifact name), when known. */
  runAttempt?: number;
  /** "sha256:<hex>" of the stored archive, when known. */
  digest?: string;
  source: ArtifactSource;
}

export interface UploadOptions {
  /** Days to keep the artifact; 0 or absent: the repository default. */
  retentionDays?: number;
}

export interface UploadResult {
  id: number | string;
  name: string;
  size: number;
}

export interface ListOptions {
  /** Only artifacts whose name starts with this. */
  prefix?: string;
  /**
   * The caller needs only the current run attempt's artifacts (more may be listed). GitHub: those
   * the Actions runtime lists, without spending REST API quota; other stores list everything.
   */
  currentAttempt?: boolean;
}

export interface ArtifactStore {
  readonly source: ArtifactSource;
  /**
   * Stores `files` (absolute paths of regular files, or directories to keep empty ones, all under
   * `rootDir`) under `name`, with paths relative to `rootDir`. Names are unique: an existing name
   * fails with ArtifactError "exists".
   */
  upload(name: string, rootDir: string, files: string[], options?: UploadOptions): Promise<UploadResult>;
  /** Artifacts visible to this store, oldest first. */
  list(options?: ListOptions): Promise<ArtifactInfo[]>;
  /**
   * Restores an artifact's file tree into `destDir` (created if missing; must be empty) and returns
   * `destDir`. Fails with ArtifactError "corrupt" / "unsafe" without leaving partial content.
   */
  download(info: ArtifactInfo, destDir: string): Promise<string>;
  delete?(info: ArtifactInfo): Promise<void>;
}
