/**
 * Default artifact storage: a directory per run, attempt and artifact name. Every attempt of a run
 * sees the artifacts of earlier attempts (the newest attempt wins for a repeated name), which is how
 * downloads through the REST API (github-token + run-id) behave on GitHub.
 */
import { cp, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { WorkflowRunnerError } from "./errors.js";
import type { ArtifactStore, StoredArtifact } from "./types.js";

export class LocalArtifactStore implements ArtifactStore {
  private nextId = 1;
  private readonly ids = new Map<string, number>();

  constructor(readonly root: string) {}

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
    const existing = (await this.list(request.runId)).filter((a) => a.name === request.name);
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

  async list(runId: number): Promise<StoredArtifact[]> {
    const runDir = path.join(this.root, String(runId));
    const attempts = await readdir(runDir).catch(() => [] as string[]);
    const newest = new Map<string, StoredArtifact>();
    for (const attempt of attempts.map(Number).sort((a, b) => a - b)) {
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
