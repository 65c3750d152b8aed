/**
 * A loopback HTTP server emulating what a node action talks to for artifacts: the results service
 * (twirp, under /twirp/...) and the REST API (under /api/v3), sharing one in-memory store and
 * storing artifact content in Azurite through SAS URLs.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readRequestBody } from "../../src/proxy/request-body.js";
import { type BlobAccount, createContainer, getBlob, putBlob } from "./blob.js";
import { signJwt } from "./jwt.js";
import { handleRest, type RateLimitState, type RestContext } from "./rest.js";
import { type HarnessArtifact, type HarnessJob, ResultsStore, type RerunVisibility, ServiceError } from "./results-store.js";
import { authenticate, handleTwirp, TWIRP_PREFIX, type TwirpContext } from "./twirp.js";

export const API_PREFIX = "/api/v3";
const MAX_BODY = 1024 * 1024;

export interface ResultsServiceOptions extends BlobAccount {
  /** Blob container for artifacts (default "actions-results"). */
  container?: string;
  /** Which artifacts ListArtifacts shows: the whole workflow run (default, as GitHub) or only the caller's attempt. */
  listScope?: "run" | "attempt";
}

export interface JobRegistration {
  runId: number;
  runAttempt: number;
  /** Job key (GITHUB_JOB). */
  job: string;
  /** owner/name */
  repository: string;
}

export interface RegisteredJob extends HarnessJob {
  /** ACTIONS_RUNTIME_TOKEN for this job. */
  runtimeToken: string;
}

export interface RequestRecord {
  method: string;
  /** Path without query, e.g. /twirp/.../CreateArtifact or /api/v3/repos/o/r/actions/runs/1/artifacts */
  path: string;
  status: number;
}

export interface Fault {
  /** A twirp method name (e.g. "CreateArtifact") or "rest" for any REST call. */
  route: string;
  status: number;
  code?: string;
  msg?: string;
  /** How many calls fail (default 1). */
  times?: number;
}

export interface ResultsService {
  /** ACTIONS_RESULTS_URL */
  url: string;
  /** GITHUB_API_URL */
  apiUrl: string;
  store: ResultsStore;
  /** Every request served, in order. */
  requests: RequestRecord[];
  /** Current ListArtifacts visibility. */
  readonly listScope: "run" | "attempt";
  setListScope(scope: "run" | "attempt"): void;
  registerJob(input: JobRegistration): RegisteredJob;
  /** A token for the REST API, valid for the given repositories (default: all). */
  issueToken(repositories?: string[]): string;
  revokeToken(token: string): void;
  /**
   * Takes the `actions` permission from a token (or gives it back with `false`): every REST call
   * under /repos/{owner}/{repo}/actions/ then answers 403 "Resource not accessible by integration",
   * as GitHub answers a GITHUB_TOKEN of a workflow that does not grant `actions: read`. The
   * runtime (twirp) calls are unaffected. Tokens have the permission by default.
   */
  withoutActionsPermission(token: string, restricted?: boolean): void;
  /** The bytes stored for an artifact (what a download receives). */
  artifactBytes(id: number): Promise<Buffer>;
  /** Stores arbitrary bytes as a finalized artifact of the job (e.g. a crafted or corrupt zip). */
  injectArtifact(input: { job: HarnessJob; name: string; bytes: Uint8Array; digest?: string | null }): Promise<HarnessArtifact>;
  /** Makes an artifact expire now. */
  expire(id: number): void;
  /**
   * Makes the REST listing of run `runId` also show artifact `id` of another run, which keeps its
   * own `workflow_run.id` (a listing that strays, for clients that must check what the API says).
   */
  showInRunListing(runId: number, id: number): void;
  /** Makes the next matching call(s) fail with the given status. */
  failNext(fault: Fault): void;
  /**
   * What later attempts of run `runId` see of earlier attempts' artifacts: "rerun-failed" (the
   * default: listed and downloadable) or "rerun-all" (gone from every listing and download).
   */
  setRerunVisibility(runId: number, visibility: RerunVisibility): void;
  /**
   * The REST API's rate limit (rest.ts): `limit` requests per hour per repository (default 1,000,
   * a GITHUB_TOKEN's), counted on the clock `now` (default Date.now); `secondary` makes the next
   * `times` REST calls answer 429 with `retry-after`.
   */
  rateLimit(options: { limit?: number; now?: () => number; secondary?: { times: number; retryAfterSeconds: number } }): void;
  /** REST requests counted against a repository in its current hour. */
  restUsed(repository: string): number;
  close(): Promise<void>;
}

export async function startResultsService(options: ResultsServiceOptions): Promise<ResultsService> {
  const account: BlobAccount = {
    blobEndpoint: options.blobEndpoint,
    accountName: options.accountName,
    accountKey: options.accountKey,
  };
  const container = options.container ?? "actions-results";
  await createContainer(account, container);
  const store = new ResultsStore();
  const secret = randomBytes(32);
  const tokens = new Map<string, Set<string>>();
  const withoutActions = new Set<string>();
  const requests: RequestRecord[] = [];
  const faults: Fault[] = [];
  const twirp: TwirpContext = { store, account, container, secret, listScope: options.listScope ?? "run" };
  const rateLimit: RateLimitState = { limit: 1000, now: Date.now, windows: new Map(), secondary: { times: 0, retryAfterSeconds: 60 } };
  let rest: RestContext | null = null;

  function takeFault(route: string): Fault | undefined {
    const i = faults.findIndex((f) => f.route === route);
    if (i < 0) return undefined;
    const fault = faults[i] as Fault;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) faults.splice(i, 1);
    return fault;
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = body === undefined ? "" : JSON.stringify(body);
    res.writeHead(status, {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      "content-length": String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  async function onTwirp(req: IncomingMessage, res: ServerResponse, path: string): Promise<number> {
    if (req.method !== "POST") {
      send(res, 405, { code: "bad_route", msg: "twirp methods are POST" });
      return 405;
    }
    const method = path.slice(TWIRP_PREFIX.length);
    try {
      const fault = takeFault(method);
      if (fault) throw new ServiceError(fault.status, fault.code ?? "internal", fault.msg ?? "injected fault");
      const job = authenticate(twirp, req.headers.authorization);
      const raw = await readRequestBody(req, MAX_BODY);
      if (raw === null) throw new ServiceError(413, "invalid_argument", "request body too large");
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new ServiceError(400, "malformed", "request body is not JSON");
      }
      if (typeof body !== "object" || body === null) throw new ServiceError(400, "malformed", "request body is not an object");
      const out = await handleTwirp(twirp, method, job, body as Record<string, unknown>);
      send(res, 200, out);
      return 200;
    } catch (error) {
      const e = error instanceof ServiceError ? error : new ServiceError(500, "internal", String(error));
      send(res, e.status, { code: e.code, msg: e.message });
      return e.status;
    }
  }

  async function onRest(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<number> {
    const fault = takeFault("rest");
    if (fault) {
      send(res, fault.status, { message: fault.msg ?? "injected fault" });
      return fault.status;
    }
    if (!rest) throw new Error("REST context missing");
    const out = await handleRest(rest, req.method ?? "GET", url, path.slice(API_PREFIX.length), req.headers.authorization);
    send(res, out.status, out.body, out.headers);
    return out.status;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const route = path.startsWith(TWIRP_PREFIX)
      ? onTwirp(req, res, path)
      : path.startsWith(`${API_PREFIX}/`)
        ? onRest(req, res, url, path)
        : Promise.resolve().then(() => {
            send(res, 404, { message: "Not Found" });
            return 404;
          });
    route
      .then((status) => requests.push({ method: req.method ?? "", path, status }))
      .catch((error: unknown) => {
        requests.push({ method: req.method ?? "", path, status: 500 });
        if (!res.headersSent) send(res, 500, { message: String(error) });
        else res.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}${API_PREFIX}`;
  rest = { store, account, container, tokens, withoutActions, apiUrl, rateLimit };

  return {
    url: `${origin}/`,
    apiUrl,
    store,
    requests,
    get listScope() {
      return twirp.listScope;
    },
    setListScope(scope) {
      twirp.listScope = scope;
    },
    registerJob(input) {
      const job = store.registerJob(input);
      const now = Math.floor(Date.now() / 1000);
      const runtimeToken = signJwt(
        {
          scp: `Actions.GenericRead:${job.runBackendId} Actions.Results:${job.runBackendId}:${job.jobBackendId}`,
          iss: "wave-action-harness",
          aud: "vstoken.actions.githubusercontent.com",
          nbf: now - 60,
          iat: now,
          exp: now + 6 * 3600,
        },
        secret,
      );
      return { ...job, runtimeToken };
    },
    issueToken(repositories) {
      const token = `ghs_${randomBytes(18).toString("base64url")}`;
      tokens.set(token, new Set(repositories ?? ["*"]));
      return token;
    },
    revokeToken(token) {
      tokens.delete(token);
      withoutActions.delete(token);
    },
    withoutActionsPermission(token, restricted = true) {
      if (restricted) withoutActions.add(token);
      else withoutActions.delete(token);
    },
    async artifactBytes(id) {
      const artifact = store.get(id);
      if (!artifact) throw new Error(`no artifact ${id}`);
      return getBlob(account, container, artifact.blobName);
    },
    async injectArtifact({ job, name, bytes, digest }) {
      const artifact = store.create(job, name, "application/zip", null);
      await putBlob(account, container, artifact.blobName, bytes);
      const hash = digest === undefined ? `sha256:${createHash("sha256").update(bytes).digest("hex")}` : digest;
      store.finalize(artifact, bytes.byteLength, hash);
      return artifact;
    },
    expire(id) {
      const artifact = store.get(id);
      if (!artifact) throw new Error(`no artifact ${id}`);
      artifact.expiresAt = new Date(Date.now() - 1000);
    },
    showInRunListing(runId, id) {
      if (!store.get(id)) throw new Error(`no artifact ${id}`);
      store.showInRunListing(runId, id);
    },
    failNext(fault) {
      faults.push({ ...fault });
    },
    setRerunVisibility(runId, visibility) {
      store.rerunVisibility.set(runId, visibility);
    },
    rateLimit(options) {
      if (options.limit !== undefined) rateLimit.limit = options.limit;
      if (options.now) rateLimit.now = options.now;
      if (options.secondary) rateLimit.secondary = { ...options.secondary };
    },
    restUsed(repository) {
      const window = rateLimit.windows.get(repository);
      return window && rateLimit.now() < window.start + 3600_000 ? window.used : 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
