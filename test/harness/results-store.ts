/**
 * The in-memory state shared by the emulated results service (twirp) and REST API: workflow runs,
 * job executions (one per run attempt and job), and artifacts.
 *
 * What it imitates, and on what evidence (the harness is not GitHub: each rule says where it
 * comes from, and where GitHub documents nothing it takes the reading least kind to the product):
 * - Artifact ids are opaque numbers: nothing documents an order, and GitHub's are not in upload
 *   order across run attempts (a re-run's artifact with a lower id than attempt 1's:
 *   Systemorph/MeshWeaver#4303 and #4332, amigoer/mq-studio#104, AMD-AGI/Hyperloom#1502). Ids
 *   here are drawn at random, so no test can pass by reading them as an order.
 * - created_at is the service's clock: later uploads have later times (REST "List workflow run
 *   artifacts" returns `created_at` per artifact).
 * - Names are unique per run attempt (upload-artifact v4+ answers 409 "an artifact with this name
 *   already exists on the workflow run" within one attempt, actions/upload-artifact#478 and #493);
 *   after a re-run each attempt keeps its own artifact of a name (tile-ai/TileOPs#2142; Gitea's
 *   imitation, go-gitea/gitea#38857, measured the same). One report (NVIDIA/aicr#1928) saw a 409
 *   for attempt 1's name in attempt 2: state names carry the attempt, so either way holds.
 * - Re-run visibility, chosen per run by the test (`rerunVisibility`), since GitHub documents
 *   neither: "rerun-failed" (the default) — after "Re-run failed jobs" the artifacts of earlier
 *   attempts are listed and downloadable (Gitea's imitation measured it so, go-gitea/gitea#38857:
 *   "in a partial re-run, a job can download artifacts uploaded by an earlier attempt"); "rerun-all"
 *   — after "Re-run all jobs" the earlier attempts' artifacts are gone from every listing and
 *   download, runtime and REST alike (actions/upload-artifact#585 and #323: attempt 1's artifacts
 *   are no longer accessible after a retry; go-gitea/gitea#38857: "a full re-run never downloads
 *   artifacts from earlier attempts").
 */
import { randomInt, randomUUID } from "node:crypto";

export interface HarnessRun {
  runId: number;
  repository: string;
  runBackendId: string;
}

export interface HarnessJob {
  runId: number;
  runAttempt: number;
  /** The job key (GITHUB_JOB). */
  job: string;
  repository: string;
  runBackendId: string;
  jobBackendId: string;
}

export interface HarnessArtifact {
  id: number;
  name: string;
  repository: string;
  runId: number;
  runAttempt: number;
  job: string;
  runBackendId: string;
  jobBackendId: string;
  blobName: string;
  mimeType: string;
  size: number;
  /** "sha256:<hex>" as reported by the uploader, or null. */
  digest: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  finalized: boolean;
  deleted: boolean;
}

/** A twirp-level failure the service turns into an HTTP error. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a run's later attempts see of its earlier attempts' artifacts (see the rules above). */
export type RerunVisibility = "rerun-failed" | "rerun-all";

export class ResultsStore {
  /** Runs whose re-runs hide earlier attempts' artifacts ("rerun-all"); others keep them listed. */
  readonly rerunVisibility = new Map<number, RerunVisibility>();
  /** The newest attempt registered per run (what the REST API's listing of the run is as of). */
  private readonly newestAttempt = new Map<number, number>();

  private readonly runs = new Map<number, HarnessRun>();
  private readonly jobs = new Map<string, HarnessJob>();
  private readonly artifactsById = new Map<number, HarnessArtifact>();
  /** runId → ids of other runs' artifacts its REST listing also shows (see showInRunListing). */
  private readonly strays = new Map<number, Set<number>>();
  /** Ids handed out so far: each new one is drawn at random among those not yet used. */
  private readonly usedIds = new Set<number>();
  /**
   * Workflow runs whose artifacts get ever smaller ids (each below every id handed out before),
   * the order a re-run was seen to get on GitHub: a test of "newest state" in the worst case.
   */
  readonly shrinkingIds = new Set<number>();
  private lowestShrinkingId = 2 ** 31;
  /** created_at of the newest artifact, in ms: every new one is later, as on GitHub. */
  private lastCreated = 0;

  /** Registers one job execution (a new backend job id each call) and returns it. */
  registerJob(input: { runId: number; runAttempt: number; job: string; repository: string }): HarnessJob {
    let run = this.runs.get(input.runId);
    if (!run) {
      run = { runId: input.runId, repository: input.repository, runBackendId: randomUUID() };
      this.runs.set(input.runId, run);
    } else if (run.repository !== input.repository) {
      throw new Error(`run ${input.runId} belongs to ${run.repository}, not ${input.repository}`);
    }
    const job: HarnessJob = {
      runId: input.runId,
      runAttempt: input.runAttempt,
      job: input.job,
      repository: input.repository,
      runBackendId: run.runBackendId,
      jobBackendId: randomUUID(),
    };
    this.jobs.set(job.jobBackendId, job);
    this.newestAttempt.set(job.runId, Math.max(this.newestAttempt.get(job.runId) ?? 0, job.runAttempt));
    return job;
  }

  job(jobBackendId: string): HarnessJob | undefined {
    return this.jobs.get(jobBackendId);
  }

  run(runId: number): HarnessRun | undefined {
    return this.runs.get(runId);
  }

  runByBackendId(runBackendId: string): HarnessRun | undefined {
    for (const run of this.runs.values()) if (run.runBackendId === runBackendId) return run;
    return undefined;
  }

  /** Every artifact ever created (including pending and deleted ones), oldest first (by created_at). */
  all(): HarnessArtifact[] {
    return [...this.artifactsById.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** A new opaque id: random and unused (or, for a run in `shrinkingIds`, below every earlier one). */
  private newId(runId: number): number {
    if (this.shrinkingIds.has(runId)) {
      do this.lowestShrinkingId -= 1 + randomInt(0, 1000);
      while (this.usedIds.has(this.lowestShrinkingId));
      this.usedIds.add(this.lowestShrinkingId);
      return this.lowestShrinkingId;
    }
    for (;;) {
      const id = randomInt(1, 2 ** 31);
      if (!this.usedIds.has(id)) {
        this.usedIds.add(id);
        return id;
      }
    }
  }

  get(id: number): HarnessArtifact | undefined {
    return this.artifactsById.get(id);
  }

  /** Finalized, not deleted, not expired. */
  isVisible(a: HarnessArtifact, now = new Date()): boolean {
    return a.finalized && !a.deleted && !isExpired(a, now);
  }

  /** Starts an upload. Fails when a finalized artifact of that name exists in the same run attempt. */
  create(job: HarnessJob, name: string, mimeType: string, expiresAt: Date | null): HarnessArtifact {
    for (const other of this.artifactsById.values()) {
      if (other.runId !== job.runId || other.runAttempt !== job.runAttempt || other.name !== name || other.deleted) continue;
      if (other.finalized) {
        throw new ServiceError(409, "already_exists", "an artifact with this name already exists on the workflow run");
      }
      // An unfinished upload of the same name is abandoned in favour of this one.
      other.deleted = true;
    }
    // Ids and created_at are the service's facts: ids are opaque (random here), and no two
    // uploads share a creation time, however fast they follow each other.
    const id = this.newId(job.runId);
    this.lastCreated = Math.max(Date.now(), this.lastCreated + 1);
    const now = new Date(this.lastCreated);
    const artifact: HarnessArtifact = {
      id,
      name,
      repository: job.repository,
      runId: job.runId,
      runAttempt: job.runAttempt,
      job: job.job,
      runBackendId: job.runBackendId,
      jobBackendId: job.jobBackendId,
      blobName: `run-${job.runId}/${id}/${encodeURIComponent(name)}.zip`,
      mimeType,
      size: 0,
      digest: null,
      createdAt: now,
      updatedAt: now,
      expiresAt,
      finalized: false,
      deleted: false,
    };
    this.artifactsById.set(id, artifact);
    return artifact;
  }

  /** The pending upload of `name` started by this job. */
  pending(job: HarnessJob, name: string): HarnessArtifact | undefined {
    for (const a of this.artifactsById.values()) {
      if (a.jobBackendId === job.jobBackendId && a.name === name && !a.finalized && !a.deleted) return a;
    }
    return undefined;
  }

  finalize(artifact: HarnessArtifact, size: number, digest: string | null): void {
    artifact.size = size;
    artifact.digest = digest;
    artifact.finalized = true;
    artifact.updatedAt = new Date();
  }

  /** Visible artifacts of a workflow run, optionally only of one attempt, oldest first. */
  listRun(runId: number, filter: { runAttempt?: number; name?: string; id?: number } = {}): HarnessArtifact[] {
    return this.all().filter(
      (a) =>
        a.runId === runId &&
        this.isVisible(a) &&
        (filter.runAttempt === undefined || a.runAttempt === filter.runAttempt) &&
        (filter.name === undefined || a.name === filter.name) &&
        (filter.id === undefined || a.id === filter.id),
    );
  }

  /** Finalized, not deleted artifacts of a repository (expired ones included), oldest first. */
  listRepository(repository: string): HarnessArtifact[] {
    return this.all().filter((a) => a.repository === repository && a.finalized && !a.deleted);
  }

  /**
   * Whether artifact `a` is seen from attempt `attempt` of its run (the REST API sees the run as of
   * its newest attempt): always from its own attempt and later ones of a run whose re-runs keep
   * earlier attempts ("rerun-failed"); only from its own attempt after a "rerun-all".
   */
  seenFromAttempt(a: HarnessArtifact, attempt = this.newestAttempt.get(a.runId) ?? a.runAttempt): boolean {
    if (a.runAttempt === attempt) return true;
    return a.runAttempt < attempt && (this.rerunVisibility.get(a.runId) ?? "rerun-failed") === "rerun-failed";
  }

  /** Makes the REST listing of run `runId` also show artifact `id` of another run (with its own workflow_run.id). */
  showInRunListing(runId: number, id: number): void {
    const set = this.strays.get(runId) ?? new Set<number>();
    set.add(id);
    this.strays.set(runId, set);
  }

  /** Whether the REST listing of run `runId` shows artifact `id`. */
  listedInRun(runId: number, a: HarnessArtifact): boolean {
    return a.runId === runId || (this.strays.get(runId)?.has(a.id) ?? false);
  }

  markDeleted(artifact: HarnessArtifact): void {
    artifact.deleted = true;
    artifact.updatedAt = new Date();
  }
}

export function isExpired(a: HarnessArtifact, now = new Date()): boolean {
  return a.expiresAt !== null && a.expiresAt.getTime() <= now.getTime();
}
