/**
 * Wires the local workflow runner to the Actions runtime harness (test/harness): local actions run
 * through runNodeAction with a job registered at the emulated results service, and
 * upload-artifact / download-artifact go through the real @actions/artifact client against it, so
 * the actions' own artifacts and the workflow's artifact steps share one store.
 */
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ActionsHarness, runNodeAction } from "../harness/index.js";
import { WorkflowRunnerError } from "./runner/errors.js";
import type { ArtifactStore, LocalActionHook, RunnerHooks, StoredArtifact } from "./runner/types.js";

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "harness", "fixtures", "artifact-client.mjs");

export interface HarnessWiring {
  hooks: RunnerHooks;
  /** Pass as RunWorkflowOptions.githubToken: a REST token the harness accepts for the repository. */
  githubToken: string;
}

export function harnessHooks(h: ActionsHarness, repository: string): HarnessWiring {
  const githubToken = h.service.issueToken([repository]);
  const registered = new Map<string, string>();
  const runtimeToken = (runId: number, attempt: number, key: string, job: string) => {
    const id = `${runId}/${attempt}/${key}`;
    let token = registered.get(id);
    if (!token) {
      token = h.service.registerJob({ runId, runAttempt: attempt, job, repository }).runtimeToken;
      registered.set(id, token);
    }
    return token;
  };
  const localAction: LocalActionHook = async (call) => {
    const r = await runNodeAction({
      entry: call.entry,
      env: call.env,
      cwd: call.cwd,
      signal: call.signal,
      sigintGraceMs: 2500,
      sigtermGraceMs: 1000,
    });
    return {
      exitCode: r.exitCode ?? 1,
      stdout: r.stdout,
      stderr: r.stderr,
      files: { outputs: r.outputs, summary: r.summary, state: r.state, env: r.exportedEnv, paths: r.addedPaths },
    };
  };
  return {
    githubToken,
    hooks: {
      localAction,
      artifacts: new HarnessArtifactStore(h, repository, githubToken),
      stepEnv: (job) => ({
        ACTIONS_RUNTIME_TOKEN: runtimeToken(job.runId, job.attempt, job.key, job.id.split("/").pop() ?? job.id),
        ACTIONS_RUNTIME_URL: h.service.url,
        ACTIONS_RESULTS_URL: h.service.url,
        GITHUB_API_URL: h.service.apiUrl,
        GITHUB_GRAPHQL_URL: `${h.service.apiUrl}/graphql`,
      }),
    },
  };
}

/** ArtifactStore on the harness: the real client uploads and downloads, the store's index lists. */
export class HarnessArtifactStore implements ArtifactStore {
  constructor(
    private readonly h: ActionsHarness,
    private readonly repository: string,
    private readonly githubToken: string,
  ) {}

  private async client(runId: number, attempt: number, operations: Record<string, unknown>[]): Promise<unknown[]> {
    const ctx = this.h.jobEnv({
      runId,
      runAttempt: attempt,
      jobId: "artifact-step",
      repository: this.repository,
      inputs: { "github-token": this.githubToken },
    });
    const r = await runNodeAction({ entry: CLIENT, env: { ...ctx.env, INPUT_OPERATIONS: JSON.stringify(operations) } });
    if (r.conclusion !== "success") {
      const error = r.annotations.find((a) => a.level === "error")?.message ?? r.stderr;
      throw new WorkflowRunnerError(`artifact client: ${error}`);
    }
    return JSON.parse(r.outputs["results"] ?? "[]") as unknown[];
  }

  async upload(request: {
    name: string;
    runId: number;
    attempt: number;
    files: { path: string; relative: string }[];
    overwrite: boolean;
  }): Promise<StoredArtifact> {
    const staging = await mkdtemp(path.join(os.tmpdir(), "wave-wf-upload-"));
    try {
      for (const file of request.files) {
        const target = path.join(staging, file.relative);
        await mkdir(path.dirname(target), { recursive: true });
        await cp(file.path, target);
      }
      const existing = (await this.list(request.runId)).some((a) => a.name === request.name);
      const ops: Record<string, unknown>[] = [];
      if (existing && request.overwrite) ops.push({ op: "delete", name: request.name, findRunId: request.runId });
      ops.push({ op: "upload", name: request.name, root: staging });
      const results = await this.client(request.runId, request.attempt, ops);
      const { id } = results.at(-1) as { id: number };
      return { name: request.name, id, runId: request.runId, attempt: request.attempt };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async list(runId: number): Promise<StoredArtifact[]> {
    const newest = new Map<string, StoredArtifact>();
    for (const a of this.h.service.store.listRun(runId))
      newest.set(a.name, { name: a.name, id: a.id, runId: a.runId, attempt: a.runAttempt });
    return [...newest.values()].sort((x, y) => x.name.localeCompare(y.name));
  }

  async download(artifact: StoredArtifact, destination: string): Promise<void> {
    const latestAttempt = Math.max(artifact.attempt, ...this.h.service.store.listRun(artifact.runId).map((a) => a.runAttempt));
    await this.client(artifact.runId, latestAttempt, [{ op: "download", id: artifact.id, path: destination, findRunId: artifact.runId }]);
  }
}
