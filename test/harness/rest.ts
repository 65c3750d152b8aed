/**
 * The part of the GitHub REST API that artifact clients use with a token (`findBy`): listing a
 * workflow run's artifacts with pagination, reading one, redirecting to its zip, deleting it.
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

function page(url: URL, items: HarnessArtifact[]): HarnessArtifact[] {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page") ?? "30") || 30));
  const pageNo = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
  return items.slice((pageNo - 1) * perPage, pageNo * perPage);
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

  // The REST listing's order is not documented; newest created first here. The product orders
  // what it lists itself (src/artifacts/latest.ts) and never by id.
  const newestFirst = (items: HarnessArtifact[]) => [...items].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const nameFilter = url.searchParams.get("name");
  const byName = (items: HarnessArtifact[]) => (nameFilter ? items.filter((a) => a.name === nameFilter) : items);

  let r: RegExpExecArray | null;
  if (method === "GET" && (r = /^runs\/(\d+)\/artifacts$/.exec(rest))) {
    const runId = Number(r[1]);
    const run = ctx.store.run(runId);
    if (!run || run.repository !== repository) return notFound;
    const all = newestFirst(byName(ctx.store.listRepository(repository).filter((a) => ctx.store.listedInRun(runId, a))));
    return { status: 200, body: { total_count: all.length, artifacts: page(url, all).map((a) => restArtifact(ctx, a)) } };
  }
  if (method === "GET" && rest === "artifacts") {
    const all = newestFirst(byName(ctx.store.listRepository(repository)));
    return { status: 200, body: { total_count: all.length, artifacts: page(url, all).map((a) => restArtifact(ctx, a)) } };
  }
  if ((r = /^artifacts\/(\d+)(?:\/([a-z]+))?$/.exec(rest))) {
    const artifact = ctx.store.get(Number(r[1]));
    if (!artifact || artifact.repository !== repository || !artifact.finalized || artifact.deleted) return notFound;
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
