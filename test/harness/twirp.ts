/**
 * The artifact service of the Actions results API as the artifact client calls it: twirp over JSON,
 * `POST /twirp/github.actions.results.api.v1.ArtifactService/<Method>`, a bearer runtime token whose
 * `scp` claim names the workflow run and job, proto field names in bodies, int64 as strings.
 */
import { type BlobAccount, blobSasUrl, blobSize, deleteBlob } from "./blob.js";
import { resultsScope, verifyJwt } from "./jwt.js";
import { type HarnessArtifact, type HarnessJob, type ResultsStore, ServiceError } from "./results-store.js";

export const TWIRP_PREFIX = "/twirp/github.actions.results.api.v1.ArtifactService/";

export interface TwirpContext {
  store: ResultsStore;
  account: BlobAccount;
  container: string;
  secret: Buffer;
  /** "run": ListArtifacts shows every attempt of the workflow run (GitHub); "attempt": only the caller's. */
  listScope: "run" | "attempt";
}

type Body = Record<string, unknown>;

/** Reads a field by proto name or by its lowerCamelCase JSON name. */
function field(body: Body, protoName: string): unknown {
  if (protoName in body) return body[protoName];
  const camel = protoName.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return body[camel];
}

function str(body: Body, name: string, required = true): string {
  const v = field(body, name);
  if (v === undefined || v === null || v === "") {
    if (required) throw new ServiceError(400, "invalid_argument", `${name} is required`);
    return "";
  }
  if (typeof v !== "string") throw new ServiceError(400, "invalid_argument", `${name} must be a string`);
  return v;
}

/** Authenticates the caller: the job named by the runtime token. */
export function authenticate(ctx: TwirpContext, authorization: string | undefined): HarnessJob {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!m?.[1]) throw new ServiceError(401, "unauthenticated", "missing bearer token");
  const claims = verifyJwt(m[1], ctx.secret);
  if (typeof claims === "string") throw new ServiceError(401, "unauthenticated", claims);
  const scope = resultsScope(claims);
  if (!scope) throw new ServiceError(401, "unauthenticated", "token has no Actions.Results scope");
  const job = ctx.store.job(scope.jobBackendId);
  if (!job || job.runBackendId !== scope.runBackendId) {
    throw new ServiceError(401, "unauthenticated", "token names an unknown job");
  }
  return job;
}

/** The request must name the caller's own job (uploads). */
function requireOwnJob(job: HarnessJob, body: Body): void {
  if (str(body, "workflow_run_backend_id") !== job.runBackendId) {
    throw new ServiceError(403, "permission_denied", "workflow_run_backend_id does not match the token");
  }
  if (str(body, "workflow_job_run_backend_id") !== job.jobBackendId) {
    throw new ServiceError(403, "permission_denied", "workflow_job_run_backend_id does not match the token");
  }
}

/** The request must stay inside the caller's workflow run (reads and deletes). */
function requireOwnRun(job: HarnessJob, body: Body): void {
  if (str(body, "workflow_run_backend_id") !== job.runBackendId) {
    throw new ServiceError(403, "permission_denied", "workflow_run_backend_id does not match the token");
  }
  str(body, "workflow_job_run_backend_id");
}

const INVALID_NAME_CHARS = ['"', ":", "<", ">", "|", "*", "?", "\r", "\n", "\\", "/"];

function validName(name: string): void {
  for (const c of INVALID_NAME_CHARS) {
    if (name.includes(c)) throw new ServiceError(400, "invalid_argument", `artifact name contains ${JSON.stringify(c)}`);
  }
}

function timestamp(date: Date): string {
  return date.toISOString();
}

function monolith(a: HarnessArtifact): Body {
  const out: Body = {
    workflow_run_backend_id: a.runBackendId,
    workflow_job_run_backend_id: a.jobBackendId,
    database_id: String(a.id),
    name: a.name,
    size: String(a.size),
    created_at: timestamp(a.createdAt),
  };
  if (a.digest) out["digest"] = a.digest;
  return out;
}

/** Listed and downloadable for the job: its run's (ListArtifacts is per workflow run), within the re-run visibility (results-store.ts). */
function visibleTo(ctx: TwirpContext, job: HarnessJob, a: HarnessArtifact): boolean {
  return (ctx.listScope === "run" || a.runAttempt === job.runAttempt) && ctx.store.seenFromAttempt(a, job.runAttempt);
}

function findByName(ctx: TwirpContext, job: HarnessJob, name: string): HarnessArtifact {
  const found = ctx.store.listRun(job.runId, { name }).filter((a) => visibleTo(ctx, job, a));
  const artifact = found[found.length - 1];
  if (!artifact) throw new ServiceError(404, "not_found", `artifact ${name} not found`);
  return artifact;
}

export async function handleTwirp(ctx: TwirpContext, method: string, job: HarnessJob, body: Body): Promise<Body> {
  switch (method) {
    case "CreateArtifact": {
      requireOwnJob(job, body);
      const name = str(body, "name");
      validName(name);
      const version = Number(field(body, "version") ?? 0);
      if (version < 4) throw new ServiceError(400, "invalid_argument", `unsupported artifact version ${version}`);
      const expires = field(body, "expires_at");
      const expiresAt = typeof expires === "string" ? new Date(expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime())) {
        throw new ServiceError(400, "invalid_argument", "expires_at is not a timestamp");
      }
      const mime = field(body, "mime_type");
      const artifact = ctx.store.create(job, name, typeof mime === "string" ? mime : "application/zip", expiresAt);
      return { ok: true, signed_upload_url: blobSasUrl(ctx.account, ctx.container, artifact.blobName, "cw") };
    }
    case "FinalizeArtifact": {
      requireOwnJob(job, body);
      const name = str(body, "name");
      const artifact = ctx.store.pending(job, name);
      if (!artifact) throw new ServiceError(404, "not_found", `no upload of ${name} in progress for this job`);
      const actual = await blobSize(ctx.account, ctx.container, artifact.blobName);
      if (actual === null) throw new ServiceError(412, "failed_precondition", `nothing was uploaded for ${name}`);
      const claimed = Number(field(body, "size") ?? Number.NaN);
      if (claimed !== actual) {
        throw new ServiceError(400, "invalid_argument", `size ${claimed} does not match the uploaded ${actual} bytes`);
      }
      const hash = field(body, "hash");
      ctx.store.finalize(artifact, actual, typeof hash === "string" ? hash : null);
      return { ok: true, artifact_id: String(artifact.id) };
    }
    case "ListArtifacts": {
      requireOwnRun(job, body);
      const nameFilter = field(body, "name_filter");
      const idFilter = field(body, "id_filter");
      const found = ctx.store
        .listRun(job.runId, {
          ...(typeof nameFilter === "string" ? { name: nameFilter } : {}),
          ...(idFilter !== undefined && idFilter !== null ? { id: Number(idFilter) } : {}),
        })
        .filter((a) => visibleTo(ctx, job, a));
      return { artifacts: found.map(monolith) };
    }
    case "GetSignedArtifactURL": {
      requireOwnRun(job, body);
      const artifact = findByName(ctx, job, str(body, "name"));
      return { signed_url: blobSasUrl(ctx.account, ctx.container, artifact.blobName, "r", 10 * 60 * 1000) };
    }
    case "DeleteArtifact": {
      requireOwnRun(job, body);
      const artifact = findByName(ctx, job, str(body, "name"));
      ctx.store.markDeleted(artifact);
      await deleteBlob(ctx.account, ctx.container, artifact.blobName);
      return { ok: true, artifact_id: String(artifact.id) };
    }
    default:
      throw new ServiceError(404, "bad_route", `no such method ${method}`);
  }
}
