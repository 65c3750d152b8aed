/**
 * Workflow artifacts through the official client (@actions/artifact): uploads and lists in the
 * current workflow run via the Actions runtime, and, with a token, downloads artifacts of earlier
 * run attempts or another run through the REST API (`findBy`). Downloads fetch the zip unextracted
 * and extract it here, so unsafe or corrupt archives fail with a clear error and nothing lands
 * outside the destination.
 *
 * Listing through the REST API is done here rather than by the client, because the client drops
 * what the API says about each artifact's workflow run (`workflow_run.id`); ids, created_at and
 * the run an artifact belongs to are facts of the service, while everything in a name is a claim
 * of whoever uploaded it.
 *
 * Without `actions: read` (the default GITHUB_TOKEN of many workflows) the REST API refuses the
 * listing; list() then keeps what the runtime listed, with one warning naming the permission and
 * what is missing without it (artifacts of earlier run attempts and of other runs), and stops
 * asking the API. Any other REST failure still fails the listing: a transient error must not
 * silently hide an earlier attempt's state.
 *
 * Rate limits: GITHUB_TOKEN has 1,000 REST requests per hour per repository, shared with every
 * workflow of the repository ("Rate limits for the REST API", docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api).
 * A listing the API refuses for its rate limit (403 with `x-ratelimit-remaining: 0`, or 403/429
 * with `retry-after`, the secondary limits) waits as that page says — until `retry-after` seconds
 * have passed, else until `x-ratelimit-reset` (UTC epoch seconds), else at least a minute, growing
 * for repeated secondary limits ("Best practices for using the REST API", "Handle rate limit errors
 * appropriately") — and is asked again, as long as the wait fits in the store's patience; beyond
 * it the listing fails naming when the limit resets. A caller that only needs the current run
 * attempt's artifacts says so (`currentAttempt`): those the Actions runtime lists, which costs no
 * REST quota.
 *
 * The client is loaded on first use: a job that looks for no earlier state loads it for its upload,
 * after the agents ran. Agents cannot have changed it by then: behind the agent-user boundary the
 * action's files are out of their reach (another user's, or protected paths of the work tree);
 * agents of the orchestrator's own user can forge anything, as its warning says. It reads
 * GITHUB_API_URL when it is loaded, and the runtime variables (ACTIONS_RUNTIME_TOKEN,
 * ACTIONS_RESULTS_URL) on every call.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ArtifactClient } from "@actions/artifact";
import { errorMessage } from "../errors.js";
import { ArtifactError } from "./errors.js";
import { checkUploadFiles, clearDirectory, prepareEmptyDirectory, verifyTree } from "./file-tree.js";
import { checkArtifactName, compareOldestFirst, parseArtifactName } from "./naming.js";
import type { ArtifactInfo, ArtifactStore, ListOptions, UploadOptions, UploadResult } from "./types.js";
import { extractZip } from "./zip-extract.js";
import { ZipError } from "./zip-read.js";

export interface GithubArtifactStoreOptions {
  /** Token with actions:read, for artifacts of other run attempts / runs (REST `findBy`). */
  token?: string;
  /** owner/name (default GITHUB_REPOSITORY). */
  repository?: string;
  /** Workflow run whose artifacts `findBy` lists (default GITHUB_RUN_ID: this run, all attempts). */
  runId?: number;
  /** The client to use (default: a new DefaultArtifactClient). */
  client?: ArtifactClient;
  /** Where downloads are staged (default RUNNER_TEMP, else the OS temp directory). */
  tempDir?: string;
  /** Environment to read GITHUB_* defaults from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where the warning about a token without `actions: read` goes (default: core.warning). */
  warn?: (message: string) => void;
  /**
   * How long, in all, REST calls of this store may wait for rate limits to reset before failing
   * (default 15 minutes; the primary limit resets within the hour).
   */
  rateLimitPatienceMs?: number;
  /** Waits (default: a timer); tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock, in ms since the epoch (default Date.now), against which `x-ratelimit-reset` is read. */
  now?: () => number;
  /** Told each time a rate-limited call waits (default: core.info). */
  info?: (message: string) => void;
}

interface FindBy {
  token: string;
  workflowRunId: number;
  repositoryOwner: string;
  repositoryName: string;
}

function positiveInt(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Pages of 100 artifacts read from the REST API at most (the client's limit is 1000 artifacts). */
const MAX_REST_PAGES = 50;
const REST_TRIES = 3;
const REST_TIMEOUT_MS = 60_000;
const DEFAULT_RATE_LIMIT_PATIENCE_MS = 15 * 60_000;
/** "Otherwise, wait for at least one minute before retrying" ("Best practices for using the REST API"). */
const SECONDARY_LIMIT_WAIT_MS = 60_000;
/** Rate-limited answers waited out per call before giving up, however patient the store is. */
const MAX_RATE_LIMIT_WAITS = 8;

/**
 * How long a rate-limited answer says to wait, in ms, or null when it is not a rate limit.
 * "Rate limits for the REST API" (docs.github.com): exceeding the primary limit answers 403 or 429
 * with `x-ratelimit-remaining: 0`, and one should not retry before `x-ratelimit-reset` (UTC epoch
 * seconds); a secondary limit answers 403 or 429, with `retry-after` (seconds) when it says how
 * long, and otherwise one waits at least a minute, exponentially longer when it happens again.
 */
export function rateLimitWait(
  status: number,
  headers: { get(name: string): string | null },
  message: string,
  now: number,
  secondaryWaits: number,
): number | null {
  if (status !== 403 && status !== 429) return null;
  const retryAfter = headers.get("retry-after");
  const remaining = headers.get("x-ratelimit-remaining");
  const reset = headers.get("x-ratelimit-reset");
  const limited = status === 429 || retryAfter !== null || remaining === "0" || /rate limit/i.test(message);
  if (!limited) return null;
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim()) * 1000;
  if (remaining === "0" && reset !== null && /^\d+$/.test(reset.trim())) {
    // One more second: the reset is whole seconds, and the clocks of the runner and the API differ.
    return Math.max(0, Number(reset.trim()) * 1000 - now) + 1000;
  }
  return SECONDARY_LIMIT_WAIT_MS * 2 ** Math.min(secondaryWaits, 4);
}

interface RestArtifact {
  id: number;
  name: string;
  size: number;
  createdAt: Date | undefined;
  digest: string | undefined;
  /** The workflow run the API says the artifact belongs to, when it says. */
  runId: number | undefined;
}

/** One artifact object of `GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts`, or null when malformed. */
function restArtifact(value: unknown): RestArtifact | null {
  if (typeof value !== "object" || value === null) return null;
  const a = value as Record<string, unknown>;
  if (typeof a["id"] !== "number" || !Number.isSafeInteger(a["id"]) || a["id"] <= 0 || typeof a["name"] !== "string") return null;
  const created = typeof a["created_at"] === "string" ? new Date(a["created_at"]) : undefined;
  const run = a["workflow_run"];
  const runId = typeof run === "object" && run !== null ? (run as Record<string, unknown>)["id"] : undefined;
  return {
    id: a["id"],
    name: a["name"],
    size: typeof a["size_in_bytes"] === "number" ? a["size_in_bytes"] : 0,
    createdAt: created && !Number.isNaN(created.getTime()) ? created : undefined,
    digest: typeof a["digest"] === "string" && a["digest"] ? a["digest"] : undefined,
    runId: typeof runId === "number" && Number.isSafeInteger(runId) ? runId : undefined,
  };
}

/** A failed REST call, with the HTTP status when the API answered. */
class RestError extends Error {
  readonly status: number | undefined;
  /** The API refused the call for a rate limit (and the wait did not fit in the store's patience). */
  readonly rateLimited: boolean;
  constructor(message: string, status: number | undefined, rateLimited = false) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.rateLimited = rateLimited;
  }
}

/**
 * Whether the API refused the token rather than failed: 403 (a token without the permission), 404
 * (what private repositories answer instead) and 401; a rate limit is not a refusal.
 */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof RestError && !error.rateLimited && [401, 403, 404].includes(error.status ?? 0) && !/rate limit/i.test(error.message)
  );
}

async function coreWarning(message: string): Promise<void> {
  const core = await import("@actions/core");
  core.warning(message);
}

async function coreInfo(message: string): Promise<void> {
  const core = await import("@actions/core");
  core.info(message);
}

function isConflict(error: unknown): boolean {
  const message = errorMessage(error);
  return message.includes("(409)") || /already exists/i.test(message);
}

function isNotFound(error: unknown): boolean {
  const message = errorMessage(error);
  return (error instanceof Error && error.name === "ArtifactNotFoundError") || /not found|\(404\)/i.test(message);
}

export class GithubArtifactStore implements ArtifactStore {
  readonly source = "github" as const;
  private client: ArtifactClient | null;
  private readonly token: string | undefined;
  private readonly repository: string | undefined;
  private readonly runId: number | undefined;
  private readonly currentRunId: number | undefined;
  private readonly tempDir: string;
  private readonly env: NodeJS.ProcessEnv;
  /** Ids the last list() saw through the runtime (downloadable without a token). */
  private readonly runtimeIds = new Set<number>();
  private readonly warn: ((message: string) => void) | undefined;
  /** Set when the REST API refused the token: it is not asked again by this store. */
  private restRefused: string | null = null;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly info: ((message: string) => void) | undefined;
  /** What is left of the time REST calls may wait for rate limits. */
  private patienceMs: number;
  /** REST requests sent by this store (answered or not). */
  restRequests = 0;

  constructor(options: GithubArtifactStoreOptions = {}) {
    this.env = options.env ?? process.env;
    this.client = options.client ?? null;
    this.token = options.token || undefined;
    this.repository = options.repository ?? this.env["GITHUB_REPOSITORY"];
    this.currentRunId = positiveInt(this.env["GITHUB_RUN_ID"]);
    this.runId = options.runId ?? this.currentRunId;
    this.tempDir = options.tempDir ?? this.env["RUNNER_TEMP"] ?? os.tmpdir();
    this.warn = options.warn;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.info = options.info;
    this.patienceMs = options.rateLimitPatienceMs ?? DEFAULT_RATE_LIMIT_PATIENCE_MS;
  }

  private async getClient(): Promise<ArtifactClient> {
    if (!this.client) {
      const mod = await import("@actions/artifact");
      this.client = new mod.DefaultArtifactClient();
    }
    return this.client;
  }

  private hasRuntime(): boolean {
    return Boolean(this.env["ACTIONS_RUNTIME_TOKEN"] && this.env["ACTIONS_RESULTS_URL"]);
  }

  private findBy(runId: number | undefined): FindBy | null {
    if (!this.token || this.restRefused !== null || !this.repository || runId === undefined) return null;
    const [owner, name] = this.repository.split("/");
    if (!owner || !name) throw new ArtifactError("unavailable", `repository ${this.repository} is not owner/name`);
    return { token: this.token, workflowRunId: runId, repositoryOwner: owner, repositoryName: name };
  }

  async upload(name: string, rootDir: string, files: string[], options: UploadOptions = {}): Promise<UploadResult> {
    checkArtifactName(name);
    if (!this.hasRuntime()) {
      throw new ArtifactError("unavailable", "cannot upload artifacts: ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL are not set");
    }
    // The client turns directories into empty files, so only regular files are passed on.
    const checked = (await checkUploadFiles(rootDir, files)).filter((f) => !f.isDirectory);
    if (checked.length === 0) throw new ArtifactError("invalid-files", `artifact ${name} has no files`);
    const client = await this.getClient();
    try {
      const res = await client.uploadArtifact(
        name,
        checked.map((f) => f.absolute),
        path.resolve(rootDir),
        options.retentionDays ? { retentionDays: options.retentionDays } : {},
      );
      if (res.id === undefined) throw new Error("the service returned no artifact id");
      return { id: res.id, name, size: res.size ?? 0 };
    } catch (error) {
      if (isConflict(error)) {
        throw new ArtifactError("exists", `an artifact named ${name} already exists in this workflow run`);
      }
      throw new ArtifactError("unavailable", `uploading artifact ${name} failed: ${errorMessage(error)}`);
    }
  }

  /**
   * GET with the token, retrying network failures and 5xx a few times, and a rate-limited answer
   * after the wait it asks for (see rateLimitWait), within the store's patience.
   */
  private async restGet(url: string): Promise<unknown> {
    let last = "";
    let status: number | undefined;
    let rateLimitWaits = 0;
    for (let attempt = 1; attempt <= REST_TRIES; attempt++) {
      status = undefined;
      let res: Response;
      try {
        this.restRequests++;
        res = await fetch(url, {
          headers: {
            authorization: `Bearer ${this.token}`,
            accept: "application/vnd.github+json",
            "x-github-api-version": "2022-11-28",
            "user-agent": "wave-action",
          },
          signal: AbortSignal.timeout(REST_TIMEOUT_MS),
        });
      } catch (error) {
        last = errorMessage(error);
        if (attempt < REST_TRIES) await this.sleep(500 * 2 ** attempt);
        continue;
      }
      const text = await res.text();
      if (res.ok) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new Error(`the API answered ${url} with something that is not JSON`);
        }
      }
      let message = text.slice(0, 200);
      try {
        const body = JSON.parse(text) as { message?: unknown };
        if (typeof body.message === "string") message = body.message;
      } catch {
        // not JSON: keep the text
      }
      last = `(${res.status}) ${message}`;
      status = res.status;
      const wait = rateLimitWait(res.status, res.headers, message, this.now(), rateLimitWaits);
      if (wait !== null) {
        const until = new Date(this.now() + wait).toISOString();
        if (wait > this.patienceMs || rateLimitWaits >= MAX_RATE_LIMIT_WAITS) {
          throw new RestError(
            `${last}: the REST API's rate limit for this repository is spent until ${until}, later than this job can wait ` +
              `(GITHUB_TOKEN has 1,000 requests per hour per repository, shared with every workflow of the repository)`,
            status,
            true,
          );
        }
        this.patienceMs -= wait;
        rateLimitWaits++;
        const say = `the REST API's rate limit is spent (${last}); waiting until ${until} (${Math.ceil(wait / 1000)} s) and asking again`;
        if (this.info) this.info(say);
        else await coreInfo(say);
        await this.sleep(wait);
        // A wait does not use up one of the tries kept for failures.
        attempt--;
        continue;
      }
      if (res.status < 500) break;
      if (attempt < REST_TRIES) await this.sleep(500 * 2 ** attempt);
    }
    throw new RestError(last, status);
  }

  /** Every artifact the REST API lists for a workflow run, with the run it says each belongs to. */
  private async listRest(findBy: FindBy): Promise<RestArtifact[]> {
    const api = (this.env["GITHUB_API_URL"] || "https://api.github.com").replace(/\/+$/, "");
    const base = `${api}/repos/${encodeURIComponent(findBy.repositoryOwner)}/${encodeURIComponent(findBy.repositoryName)}/actions/runs/${findBy.workflowRunId}/artifacts`;
    const out: RestArtifact[] = [];
    for (let page = 1; page <= MAX_REST_PAGES; page++) {
      const body = (await this.restGet(`${base}?per_page=100&page=${page}`)) as { total_count?: unknown; artifacts?: unknown };
      if (!Array.isArray(body?.artifacts)) throw new Error("the API's artifact list has no artifacts array");
      for (const item of body.artifacts) {
        const a = restArtifact(item);
        if (a) out.push(a);
      }
      const total = typeof body.total_count === "number" ? body.total_count : 0;
      if (body.artifacts.length < 100 || page * 100 >= total) break;
    }
    return out;
  }

  async list(options: ListOptions = {}): Promise<ArtifactInfo[]> {
    const client = await this.getClient();
    const byId = new Map<number, ArtifactInfo>();
    const add = (a: { id: number; name: string; size: number; createdAt?: Date; digest?: string }, runId?: number) => {
      if (byId.has(a.id)) return;
      const info: ArtifactInfo = {
        id: a.id,
        name: a.name,
        size: a.size,
        createdAt: a.createdAt ? a.createdAt.toISOString() : null,
        source: "github",
      };
      if (runId !== undefined) info.runId = runId;
      const attempt = parseArtifactName(a.name)?.runAttempt;
      if (attempt !== undefined) info.runAttempt = attempt;
      if (a.digest) info.digest = a.digest.startsWith("sha256:") ? a.digest : `sha256:${a.digest}`;
      byId.set(a.id, info);
    };
    let runtimeListed = false;
    let runtimeError: string | null = null;
    if (this.hasRuntime()) {
      try {
        const res = await client.listArtifacts();
        this.runtimeIds.clear();
        for (const a of res.artifacts) {
          this.runtimeIds.add(a.id);
          add(a, this.currentRunId);
        }
        runtimeListed = true;
      } catch (error) {
        runtimeError = errorMessage(error);
        if (!this.token) throw new ArtifactError("unavailable", `listing artifacts failed: ${runtimeError}`);
      }
    }
    // The runtime's list holds this run attempt's artifacts: enough when the caller needs no others,
    // and then no REST quota is spent.
    if (runtimeListed && options.currentAttempt && this.runId === this.currentRunId) return this.selected(byId, options);
    const findBy = this.findBy(this.runId);
    if (findBy) {
      try {
        // The run the API says an artifact belongs to is kept, so callers can refuse strays.
        for (const a of await this.listRest(findBy)) add(a, a.runId ?? findBy.workflowRunId);
        return this.selected(byId, options);
      } catch (error) {
        const failure = `listing artifacts of run ${findBy.workflowRunId} in ${this.repository} through the REST API failed: ${errorMessage(error)}`;
        if (!isRefusal(error)) {
          throw new ArtifactError(
            "unavailable",
            runtimeError ? `${failure}; listing them through the Actions runtime failed too: ${runtimeError}` : failure,
          );
        }
        this.restRefused = errorMessage(error);
        // The runtime's list is of this run only: it cannot stand in for another run's.
        if (!runtimeListed || findBy.workflowRunId !== this.currentRunId) {
          const runtime = runtimeError
            ? `; listing them through the Actions runtime failed too: ${runtimeError}`
            : runtimeListed
              ? ""
              : " (and there is no Actions runtime to list them instead)";
          throw new ArtifactError("unavailable", `${failure}${runtime}. The github-token needs the actions: read permission to list them.`);
        }
        await this.warnRestRefused(findBy.workflowRunId);
      }
    } else if (!runtimeListed) {
      if (runtimeError) throw new ArtifactError("unavailable", `listing artifacts failed: ${runtimeError}`);
      if (this.restRefused !== null) {
        throw new ArtifactError(
          "unavailable",
          `cannot list artifacts: no Actions runtime, and the REST API refused the github-token (${this.restRefused}); it needs actions: read`,
        );
      }
      throw new ArtifactError("unavailable", "cannot list artifacts: no Actions runtime and no token for the REST API");
    }
    return this.selected(byId, options);
  }

  /** The one warning about a token the REST API refuses (later calls do not ask the API again). */
  private async warnRestRefused(runId: number): Promise<void> {
    const message =
      `the github-token cannot list the artifacts of workflow run ${runId} through the REST API (${this.restRefused}): ` +
      "grant the job `actions: read` (permissions: actions: read). Without it only the artifacts the Actions runtime " +
      "lists for this run attempt are used: artifacts uploaded by earlier attempts of this run (after a re-run) or by other " +
      "runs are invisible, so resume and apply-changes across re-runs may not find their state.";
    if (this.warn) this.warn(message);
    else await coreWarning(message);
  }

  private selected(byId: Map<number, ArtifactInfo>, options: ListOptions): ArtifactInfo[] {
    return [...byId.values()].filter((a) => options.prefix === undefined || a.name.startsWith(options.prefix)).sort(compareOldestFirst);
  }

  async download(info: ArtifactInfo, destDir: string): Promise<string> {
    const id = Number(info.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new ArtifactError("not-found", `invalid artifact id ${String(info.id)}`);
    const client = await this.getClient();
    const created = await prepareEmptyDirectory(destDir);
    const staging = await mkdtemp(path.join(this.tempDir, "wave-artifact-"));
    const label = `artifact ${info.name} (id ${id})`;
    try {
      // Through the runtime when this attempt's list showed it (or there is no token), else the REST API.
      if (this.restRefused !== null && !this.runtimeIds.has(id)) {
        throw new ArtifactError(
          "unavailable",
          `${label} is not in this run attempt's artifact list, and the REST API refused the github-token (${this.restRefused}); it needs actions: read to download it`,
        );
      }
      const restFindBy = this.findBy(info.runId ?? this.runId);
      const viaRuntime = this.hasRuntime() && (this.runtimeIds.has(id) || !restFindBy);
      const findBy = viaRuntime ? null : restFindBy;
      if (!viaRuntime && !findBy) {
        throw new ArtifactError(
          "unavailable",
          `${label} is not in this run attempt's artifact list; a github-token with actions: read is needed to download it`,
        );
      }
      let digestMismatch = false;
      try {
        const res = await client.downloadArtifact(id, {
          path: staging,
          skipDecompress: true,
          ...(info.digest ? { expectedHash: info.digest } : {}),
          ...(findBy ? { findBy } : {}),
        });
        digestMismatch = res.digestMismatch === true;
      } catch (error) {
        if (isNotFound(error)) throw new ArtifactError("not-found", `${label} not found: ${errorMessage(error)}`);
        throw new ArtifactError("unavailable", `downloading ${label} failed: ${errorMessage(error)}`);
      }
      if (digestMismatch) throw new ArtifactError("corrupt", `${label} is corrupt: its content does not match digest ${info.digest}`);
      const downloaded = await readdir(staging);
      if (downloaded.length !== 1) throw new ArtifactError("corrupt", `${label}: expected one archive, got ${downloaded.length} files`);
      try {
        await extractZip(path.join(staging, downloaded[0] as string), destDir);
      } catch (error) {
        if (error instanceof ZipError) {
          const unsafe = /unsafe path|symbolic link|not a regular file|inside file|overwrite/.test(error.message);
          throw new ArtifactError(unsafe ? "unsafe" : "corrupt", `${label} cannot be restored: ${error.message}`);
        }
        throw error;
      }
      await verifyTree(destDir);
      return destDir;
    } catch (error) {
      await clearDirectory(destDir, created);
      throw error;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async delete(info: ArtifactInfo): Promise<void> {
    const client = await this.getClient();
    const id = Number(info.id);
    const restFindBy = this.findBy(info.runId ?? this.runId);
    const findBy = this.hasRuntime() && (this.runtimeIds.has(id) || !restFindBy) ? null : restFindBy;
    try {
      await client.deleteArtifact(info.name, findBy ? { findBy } : undefined);
    } catch (error) {
      if (isNotFound(error)) throw new ArtifactError("not-found", `artifact ${info.name} not found: ${errorMessage(error)}`);
      throw new ArtifactError("unavailable", `deleting artifact ${info.name} failed: ${errorMessage(error)}`);
    }
  }
}
