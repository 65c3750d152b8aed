/**
 * The part of the GitHub REST API that artifact clients use with a token (`findBy`): listing a
 * workflow run's artifacts with pagination, reading one, redirecting to its zip, deleting it.
 *
 * Rules it follows, each as GitHub documents it:
 * - Pagination ("Using pagination in the REST API", docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api):
 *   `per_page` defaults to 30 and is at most 100; `page` counts from 1; a page past the end is
 *   empty; `total_count` is the whole count; a `link` header names the next and last pages.
 * - Rate limits ("Rate limits for the REST API", docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api):
 *   a GITHUB_TOKEN has 1,000 requests per hour per repository; every answer carries
 *   `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` (UTC epoch seconds) and `-resource`; with
 *   the budget spent the API answers 403 with `x-ratelimit-remaining: 0` until the reset, and a
 *   secondary limit answers 429 with `retry-after` (seconds). The harness counts per repository,
 *   in windows of an hour from the first request, on its own clock (`now`).
 * - Re-run visibility: what results-store.ts's `seenFromAttempt` says.
 */
import { type BlobAccount, blobSasUrl, deleteBlob } from "./blob.js";
import { type HarnessArtifact, isExpired, type ResultsStore } from "./results-store.js";

export interface RestContext {
  store: ResultsStore;
  account: BlobAccount;
  container: string;
  /** token → repositories it may read ("*" for all). */
  tokens: Map<string, Set<string>>;
  /**
   * Tokens without the `actions` permission (a GITHUB_TOKEN whose workflow grants no
   * `actions: read`): every actions endpoint answers them 403.
   */
  withoutActions: Set<string>;
  /** Base URL of this API, e.g. http://127.0.0.1:port/api/v3 */
  apiUrl: string;
  rateLimit: RateLimitState;
}

/** The REST budget per repository per hour, as the harness counts it (see the rules above). */
export interface RateLimitState {
  /** Requests per hour per repository (GITHUB_TOKEN: 1,000). */
  limit: number;
  /** The harness clock, ms since the epoch. */
  now: () => number;
  /** Per repository: the window's start (ms) and requests counted in it. */
  windows: Map<string, { start: number; used: number }>;
  /** The next this-many requests hit a secondary limit: 429 with `retry-after: retryAfterSeconds`. */
  secondary: { times: number; retryAfterSeconds: number };
}

const HOUR_MS = 3600_000;

/** Counts a request against the repository's budget: the headers to send, or the refusal. */
function spend(state: RateLimitState, repository: string): { headers: Record<string, string>; refused?: RestResponse } {
  const now = state.now();
  let window = state.windows.get(repository);
  if (!window || now >= window.start + HOUR_MS) {
    window = { start: now, used: 0 };
    state.windows.set(repository, window);
  }
  const reset = String(Math.ceil((window.start + HOUR_MS) / 1000));
  const headers = (used: number): Record<string, string> => ({
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(Math.max(0, state.limit - used)),
    "x-ratelimit-used": String(used),
    "x-ratelimit-reset": reset,
    "x-ratelimit-resource": "core",
  });
  if (state.secondary.times > 0) {
    state.secondary.times--;
    return {
      headers: headers(window.used),
      refused: {
        status: 429,
        headers: { ...headers(window.used), "retry-after": String(state.secondary.retryAfterSeconds) },
        body: {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          documentation_url: "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api",
        },
      },
    };
  }
  if (window.used >= state.limit) {
    return {
      headers: headers(window.used),
      refused: {
        status: 403,
        headers: headers(window.used),
        body: {
          message: "API rate limit exceeded for installation ID 1.",
          documentation_url: "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api",
        },
      },
    };
  }
  window.used++;
  return { headers: headers(window.used) };
}

export interface RestResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const notFound: RestResponse = {
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
};

function restArtifact(ctx: RestContext, a: HarnessArtifact): Record<string, unknown> {
  const base = `${ctx.apiUrl}/repos/${a.repository}/actions/artifacts/${a.id}`;
  return {
    id: a.id,
    node_id: Buffer.from(`Artifact:${a.id}`).toString("base64"),
    name: a.name,
    size_in_bytes: a.size,
    url: base,
    archive_download_url: `${base}/zip`,
    expired: isExpired(a),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    expires_at: a.expiresAt ? a.expiresAt.toISOString() : null,
    digest: a.digest,
    workflow_run: { id: a.runId, repository_id: 1, head_repository_id: 1, head_branch: "main", head_sha: "0".repeat(40) },
  };
}

/** One page of a listing ("Using pagination in the REST API": per_page default 30, max 100), and its link header. */
function page(url: URL, items: HarnessArtifact[], self: string): { items: HarnessArtifact[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page") ?? "30") || 30));
  const pageNo = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const at = (n: number) => {
    // The request's own address on this server (the server parses paths against a placeholder origin).
    const u = new URL(self);
    u.search = url.search;
    u.searchParams.set("per_page", String(perPage));
    u.searchParams.set("page", String(n));
    return u.toString();
  };
  const links = [...(pageNo < last ? [`<${at(pageNo + 1)}>; rel="next"`, `<${at(last)}>; rel="last"`] : [])];
  return { items: items.slice((pageNo - 1) * perPage, pageNo * perPage), headers: links.length > 0 ? { link: links.join(", ") } : {} };
}

/** What the API answers an installation token that lacks the permission an endpoint needs. */
const noActionsPermission: RestResponse = {
  status: 403,
  body: { message: "Resource not accessible by integration", documentation_url: "https://docs.github.com/rest", status: "403" },
};

function authorized(ctx: RestContext, authorization: string | undefined, repository: string): RestResponse | null {
  const m = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization ?? "");
  const repos = m?.[1] ? ctx.tokens.get(m[1]) : undefined;
  if (!repos) return { status: 401, body: { message: "Bad credentials" } };
  if (!repos.has("*") && !repos.has(repository)) return notFound;
  if (ctx.withoutActions.has(m?.[1] as string)) return noActionsPermission;
  return null;
}

export async function handleRest(
  ctx: RestContext,
  method: string,
  url: URL,
  path: string,
  authorization: string | undefined,
): Promise<RestResponse> {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/actions\/(.+)$/.exec(path);
  if (!m) return notFound;
  const repository = `${decodeURIComponent(m[1] as string)}/${decodeURIComponent(m[2] as string)}`;
  const rest = m[3] as string;
  const denied = authorized(ctx, authorization, repository);
  if (denied) return denied;
  const budget = spend(ctx.rateLimit, repository);
  if (budget.refused) return budget.refused;
  const answer = await route(ctx, method, url, rest, repository);
  return { ...answer, headers: { ...budget.headers, ...answer.headers } };
}

async function route(ctx: RestContext, method: string, url: URL, rest: string, repository: string): Promise<RestResponse> {
  // The REST listing's order is not documented; newest created first here. The product orders
  // what it lists itself (src/artifacts/naming.ts) and never by id.
  const newestFirst = (items: HarnessArtifact[]) => [...items].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const nameFilter = url.searchParams.get("name");
  const byName = (items: HarnessArtifact[]) => (nameFilter ? items.filter((a) => a.name === nameFilter) : items);

  let r: RegExpExecArray | null;
  if (method === "GET" && (r = /^runs\/(\d+)\/artifacts$/.exec(rest))) {
    const runId = Number(r[1]);
    const run = ctx.store.run(runId);
    if (!run || run.repository !== repository) return notFound;
    const all = newestFirst(
      byName(ctx.store.listRepository(repository).filter((a) => ctx.store.listedInRun(runId, a) && ctx.store.seenFromAttempt(a))),
    );
    const one = page(url, all, `${ctx.apiUrl}/repos/${repository}/actions/${rest}`);
    return { status: 200, headers: one.headers, body: { total_count: all.length, artifacts: one.items.map((a) => restArtifact(ctx, a)) } };
  }
  if (method === "GET" && rest === "artifacts") {
    const all = newestFirst(byName(ctx.store.listRepository(repository).filter((a) => ctx.store.seenFromAttempt(a))));
    const one = page(url, all, `${ctx.apiUrl}/repos/${repository}/actions/${rest}`);
    return { status: 200, headers: one.headers, body: { total_count: all.length, artifacts: one.items.map((a) => restArtifact(ctx, a)) } };
  }
  if ((r = /^artifacts\/(\d+)(?:\/([a-z]+))?$/.exec(rest))) {
    const artifact = ctx.store.get(Number(r[1]));
    if (
      !artifact ||
      artifact.repository !== repository ||
      !artifact.finalized ||
      artifact.deleted ||
      !ctx.store.seenFromAttempt(artifact)
    ) {
      return notFound;
    }
    const format = r[2];
    if (method === "GET" && format === undefined) return { status: 200, body: restArtifact(ctx, artifact) };
    if (method === "GET" && format === "zip") {
      if (isExpired(artifact)) return { status: 410, body: { message: "Artifact has expired" } };
      return { status: 302, headers: { location: blobSasUrl(ctx.account, ctx.container, artifact.blobName, "r", 60_000) } };
    }
    if (method === "DELETE" && format === undefined) {
      ctx.store.markDeleted(artifact);
      await deleteBlob(ctx.account, ctx.container, artifact.blobName);
      return { status: 204 };
    }
  }
  return notFound;
}
