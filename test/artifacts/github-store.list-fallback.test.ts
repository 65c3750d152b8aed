/**
 * Listing artifacts with a github-token the REST API refuses (a workflow that does not grant
 * `actions: read`): the store keeps what the Actions runtime lists, warns once naming the
 * permission, and fails clearly when the runtime cannot list either. (The action's hand-off chain
 * and `mode: report` with such a token: test/action/handoff.restricted-token.test.ts.)
 */
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { artifactName, jobSuffix } from "../../src/artifacts/naming.js";
import { collectFiles } from "../../src/artifacts/file-tree.js";
import { GithubArtifactStore } from "../../src/artifacts/github-store.js";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "../harness/index.js";
import { type Muted, muteStdoutText } from "../harness/quiet.js";
import { readTree, sorted, writeSampleState } from "./tree.js";

let h: ActionsHarness;
let restore: (() => void) | null = null;
let muted: Muted | null = null;

before(async () => {
  muted = muteStdoutText();
  h = await startActionsHarness();
});
after(async () => {
  restore?.();
  muted?.restore();
  await h?.stop();
});

/** Switches this process into the job; the store's warnings are collected in `warnings`. */
function inJob(ctx: JobContext, warnings: string[]): GithubArtifactStore {
  restore?.();
  restore = applyEnv(ctx.env);
  return new GithubArtifactStore({ token: ctx.githubToken, warn: (m) => warnings.push(m) });
}

async function upload(ctx: JobContext, store: GithubArtifactStore, wave: number): Promise<{ name: string; files: Map<string, Buffer> }> {
  const dir = path.join(ctx.workspace, `state-${wave}`);
  const files = await writeSampleState(dir);
  const name = artifactName({ prefix: "wave", lane: "main", wave, runAttempt: ctx.runAttempt, suffix: jobSuffix() });
  await store.upload(name, dir, (await collectFiles(dir)).files);
  return { name, files };
}

const restCalls = (from: number) => h.service.requests.slice(from).filter((r) => r.path.includes("/actions/"));

test("the REST API refusing the token (403): the runtime's list, one warning naming actions: read", async () => {
  const ctx = h.jobEnv({ runId: 4001, actionsRead: false });
  const warnings: string[] = [];
  const store = inJob(ctx, warnings);
  const a = await upload(ctx, store, 1);
  const b = await upload(ctx, store, 2);

  const before = h.service.requests.length;
  const listed = await store.list({ prefix: "wave_main_" });
  assert.deepEqual(
    listed.map((x) => [x.name, x.runId]),
    [
      [a.name, 4001],
      [b.name, 4001],
    ],
  );
  assert.deepEqual(
    restCalls(before).map((r) => r.status),
    [403],
    "the REST listing was tried once and refused",
  );
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? "", /actions: read/);
  assert.match(warnings[0] ?? "", /Resource not accessible by integration/);
  assert.match(warnings[0] ?? "", /earlier attempts of this run/);
  assert.match(warnings[0] ?? "", /other runs/);

  // Listing again neither warns again nor asks the API again; downloads go through the runtime.
  const again = h.service.requests.length;
  assert.equal((await store.list()).length, 2);
  assert.equal(warnings.length, 1);
  assert.deepEqual(restCalls(again), []);
  const dest = path.join(ctx.workspace, "restored");
  await store.download(listed[0]!, dest);
  assert.deepEqual(sorted(await readTree(dest)), sorted(a.files));
  assert.deepEqual(restCalls(again), []);
});

test("a re-run attempt with a refused token sees only its runtime's list; an earlier attempt's state is named as missing", async () => {
  h.service.setListScope("attempt");
  try {
    const first = h.jobEnv({ runId: 4002, runAttempt: 1 });
    const earlier = await upload(first, inJob(first, []), 1);
    const rerun = h.jobEnv({ runId: 4002, runAttempt: 2, actionsRead: false });
    const warnings: string[] = [];
    const store = inJob(rerun, warnings);
    const own = await upload(rerun, store, 2);
    assert.deepEqual(
      (await store.list()).map((x) => x.name),
      [own.name],
    );
    assert.equal(warnings.length, 1);
    // The earlier attempt's artifact (as a token with actions: read would have listed it) cannot be fetched.
    const withRead = await inJob(h.jobEnv({ runId: 4002, runAttempt: 2 }), []).list();
    const info = withRead.find((x) => x.name === earlier.name)!;
    inJob(rerun, warnings);
    await assert.rejects(
      store.download(info, path.join(rerun.workspace, "earlier")),
      (e) => isArtifactError(e, "unavailable") && /actions: read/.test(e.message),
    );
  } finally {
    h.service.setListScope("run");
  }
});

test("REST refused and the runtime's list failing: a clear error naming both and the permission", async () => {
  const ctx = h.jobEnv({ runId: 4003, actionsRead: false });
  const warnings: string[] = [];
  const store = inJob(ctx, warnings);
  await upload(ctx, store, 1);
  h.service.failNext({ route: "ListArtifacts", status: 401, code: "unauthenticated", msg: "runtime token expired" });
  await assert.rejects(store.list(), (e) => {
    assert.ok(isArtifactError(e, "unavailable"), String(e));
    assert.match(e.message, /\(403\) Resource not accessible by integration/);
    assert.match(e.message, /runtime token expired/);
    assert.match(e.message, /actions: read/);
    return true;
  });
  assert.equal(warnings.length, 0, "no fallback happened, so no warning");

  // Without a runtime at all, a refused token is the whole story.
  const noRuntime = new GithubArtifactStore({
    token: ctx.githubToken,
    env: { GITHUB_RUN_ID: "4003", GITHUB_REPOSITORY: ctx.repository, GITHUB_API_URL: h.service.apiUrl },
    warn: (m) => warnings.push(m),
  });
  await assert.rejects(
    noRuntime.list(),
    (e) => isArtifactError(e, "unavailable") && /no Actions runtime/.test(e.message) && /actions: read/.test(e.message),
  );
  await assert.rejects(
    noRuntime.list(),
    (e) => isArtifactError(e, "unavailable") && /actions: read/.test(e.message),
    "also when listed again",
  );
  assert.equal(warnings.length, 0);
});

test("a REST failure that is not a refusal still fails the listing (no silent fallback)", async () => {
  const ctx = h.jobEnv({ runId: 4004 });
  const warnings: string[] = [];
  const store = inJob(ctx, warnings);
  await upload(ctx, store, 1);
  h.service.failNext({ route: "rest", status: 500, msg: "the API is down", times: 3 });
  await assert.rejects(store.list(), (e) => isArtifactError(e, "unavailable") && /\(500\) the API is down/.test(e.message));
  assert.deepEqual(warnings, []);
  assert.equal((await store.list()).length, 1, "the next listing goes through");
});
