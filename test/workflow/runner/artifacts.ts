/**
 * Default artifact storage: a directory per run, attempt and artifact name (the newest attempt wins
 * for a repeated name). What a re-run sees of earlier attempts depends on how it was started, as
 * reported (GitHub documents neither; the Actions harness, test/harness/results-store.ts, models the same):
 * - "Re-run failed jobs": the earlier attempts' artifacts stay listed and downloadable (Gitea's
 *   imitation measured it so, go-gitea/gitea#38857: "in a partial re-run, a job can download
 *   artifacts uploaded by an earlier attempt").
 * - "Re-run all jobs": they are gone for the new attempt (actions/upload-artifact#585 and #323:
 *   the first attempt's artifacts are no longer accessible after a retry; go-gitea/gitea#38857:
 *   "a full re-run never downloads artifacts from earlier attempts"), unless the store is made
 *   with `rerunAllKeepsArtifacts` (the kinder reading, for tests that the product is right either way).
 */
import { cp, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { WorkflowRunnerError } from "./errors.js";
import type { ArtifactStore, StoredArtifact } from "./types.js";

export class LocalArtifactStore implements ArtifactStore {
  private nextId = 1;
  private readonly ids = new Map<string, number>();

  /** `${runId}/${attempt}` → how that attempt was started. */
  private readonly kinds = new Map<string, "failed" | "all" | null>();

  constructor(
    readonly root: string,
    private readonly options: { rerunAllKeepsArtifacts?: boolean } = {},
  ) {}

  beginAttempt(runId: number, attempt: number, rerun: "failed" | "all" | null): void {
    this.kinds.set(`${runId}/${attempt}`, rerun);
  }

  /** Whether attempt `from`'s artifacts are seen from attempt `to` (every re-run between kept them). */
  private seen(runId: number, from: number, to: number): boolean {
    if (from > to) return false;
    for (let a = from + 1; a <= to; a++) {
      if (this.kinds.get(`${runId}/${a}`) === "all" && !this.options.rerunAllKeepsArtifacts) return false;
    }
    return true;
  }

  private dirOf(runId: number, attempt: number, name: string): string {
    return path.join(this.root, String(runId), String(attempt), name);
  }

  async upload(request: {
    name: string;
    runId: number;
    attempt: number;
    files: { path: string; relative: string }[];
    overwrite: boolean;
  }): Promise<StoredArtifact> {
    const dir = this.dirOf(request.runId, request.attempt, request.name);
    // Names are unique per workflow run, across attempts (as with upload-artifact v4 and later).
    // Of two uploads of one name at the same time only one succeeds: the name is taken before the
    // first await, so concurrent jobs (matrix legs run side by side) cannot both create it.
    const key = `${request.runId}/${request.name}`;
    if (this.creating.has(key) && !request.overwrite) {
      throw new WorkflowRunnerError(
        `Failed to CreateArtifact: (409) Conflict: an artifact with this name already exists on the workflow run`,
      );
    }
    this.creating.add(key);
    try {
      return await this.store(request, dir);
    } finally {
      this.creating.delete(key);
    }
  }

  private readonly creating = new Set<string>();

  private async store(
    request: { name: string; runId: number; attempt: number; files: { path: string; relative: string }[]; overwrite: boolean },
    dir: string,
  ): Promise<StoredArtifact> {
    const existing = (await this.list(request.runId, request.attempt)).filter((a) => a.name === request.name);
    if (existing.length > 0 && !request.overwrite) {
      throw new WorkflowRunnerError(
        `Failed to CreateArtifact: (409) Conflict: an artifact with this name already exists on the workflow run`,
      );
    }
    for (const a of existing) await rm(this.dirOf(a.runId, a.attempt, a.name), { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const file of request.files) {
      const target = path.join(dir, file.relative);
      await mkdir(path.dirname(target), { recursive: true });
      await cp(file.path, target);
    }
    const key = `${request.runId}/${request.attempt}/${request.name}`;
    const id = this.nextId++;
    this.ids.set(key, id);
    return { name: request.name, id, runId: request.runId, attempt: request.attempt };
  }

  async list(runId: number, seenFrom?: number): Promise<StoredArtifact[]> {
    const runDir = path.join(this.root, String(runId));
    const attempts = (await readdir(runDir).catch(() => [] as string[])).map(Number).sort((a, b) => a - b);
    const newestAttempt = Math.max(
      0,
      ...attempts,
      ...[...this.kinds.keys()].filter((k) => k.startsWith(`${runId}/`)).map((k) => Number(k.split("/")[1])),
    );
    const to = seenFrom ?? newestAttempt;
    const newest = new Map<string, StoredArtifact>();
    for (const attempt of attempts.filter((a) => this.seen(runId, a, to))) {
      for (const name of await readdir(path.join(runDir, String(attempt)))) {
        const key = `${runId}/${attempt}/${name}`;
        newest.set(name, { name, id: this.ids.get(key) ?? 0, runId, attempt });
      }
    }
    return [...newest.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async download(artifact: StoredArtifact, destination: string): Promise<void> {
    await mkdir(destination, { recursive: true });
    await cp(this.dirOf(artifact.runId, artifact.attempt, artifact.name), destination, { recursive: true });
  }
}
