/**
 * The harness follows what GitHub documents (rest.ts and results-store.ts cite each rule): REST
 * pagination (`per_page` default 30, at most 100; `page`; a `link` header), the REST rate limit (a
 * budget per repository per hour; 403 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset` when
 * spent; 429 with `retry-after` for a secondary limit), and what a re-run sees of earlier
 * attempts' artifacts under the two visibilities a test chooses per run.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { GithubArtifactStore } from "../../src/artifacts/github-store.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "./index.js";
import { type Muted, muteStdoutText } from "./quiet.js";
import { craftZip } from "./zip-craft.js";

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

const zip = craftZip([{ name: "f", data: "x" }]);

async function restGet(ctx: JobContext, pathAndQuery: string) {
  const res = await fetch(`${h.service.apiUrl}/repos/${ctx.env.GITHUB_REPOSITORY}/actions/${pathAndQuery}`, {
    headers: { authorization: `Bearer ${ctx.githubToken}` },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { total_count?: number; artifacts?: { name: string }[] } };
}

test("pagination: 30 by default, at most 100 a page, a link header to the next and last page, an empty page past the end", async () => {
  const ctx = h.jobEnv({ runId: 7001, repository: "octo-org/pages" });
  for (let i = 0; i < 110; i++) await h.service.injectArtifact({ job: ctx.job, name: `a-${i}`, bytes: zip });
  const first = await restGet(ctx, "runs/7001/artifacts");
  assert.equal(first.body.total_count, 110);
  assert.equal(first.body.artifacts?.length, 30);
  assert.match(first.headers.get("link") ?? "", /[?&]page=2[^>]*>; rel="next"/);
  assert.match(first.headers.get("link") ?? "", /[?&]page=4[^>]*>; rel="last"/);
  // The link is followed as it is: it names this server and the same listing.
  const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1] ?? "";
  assert.ok(next.startsWith(`${h.service.apiUrl}/repos/octo-org/pages/actions/runs/7001/artifacts?`), next);
  const followed = await fetch(next, { headers: { authorization: `Bearer ${ctx.githubToken}` } });
  assert.equal(((await followed.json()) as { artifacts: unknown[] }).artifacts.length, 30);
  const big = await restGet(ctx, "runs/7001/artifacts?per_page=500&page=2");
  assert.equal(big.body.artifacts?.length, 10, "per_page is capped at 100: page 2 holds 101..110");
  assert.doesNotMatch(big.headers.get("link") ?? "", /rel="next"/);
  const past = await restGet(ctx, "runs/7001/artifacts?per_page=100&page=3");
  assert.deepEqual(past.body.artifacts, []);
  // The product pages through all of them.
  restore?.();
  restore = applyEnv(h.jobEnv({ runId: 7001, runAttempt: 2, repository: "octo-org/pages" }).env);
  const listed = await new GithubArtifactStore({ token: ctx.githubToken, runId: 7001 }).list({ prefix: "a-" });
  assert.equal(listed.length, 110);
});

test("rate limit: every answer carries the budget; spent, 403 with remaining 0 until x-ratelimit-reset; a secondary limit is 429 with retry-after", async () => {
  let now = Date.UTC(2026, 0, 5, 9, 30, 0);
  h.service.rateLimit({ limit: 2, now: () => now });
  try {
    const ctx = h.jobEnv({ runId: 7002, repository: "octo-org/budget" });
    const one = await restGet(ctx, "runs/7002/artifacts");
    assert.equal(one.status, 200);
    assert.equal(one.headers.get("x-ratelimit-limit"), "2");
    assert.equal(one.headers.get("x-ratelimit-remaining"), "1");
    assert.equal(one.headers.get("x-ratelimit-used"), "1");
    assert.equal(one.headers.get("x-ratelimit-resource"), "core");
    const reset = Number(one.headers.get("x-ratelimit-reset"));
    assert.equal(reset, Math.ceil((now + 3600_000) / 1000));
    assert.equal((await restGet(ctx, "runs/7002/artifacts")).status, 200);
    const spent = await restGet(ctx, "runs/7002/artifacts");
    assert.equal(spent.status, 403);
    assert.equal(spent.headers.get("x-ratelimit-remaining"), "0");
    assert.match(String((spent.body as { message?: string }).message), /API rate limit exceeded/);
    // Another repository has its own budget.
    assert.equal((await restGet(h.jobEnv({ runId: 7003, repository: "octo-org/other" }), "runs/7003/artifacts")).status, 200);
    now = reset * 1000;
    assert.equal((await restGet(ctx, "runs/7002/artifacts")).status, 200, "a new hour, a new budget");
    h.service.rateLimit({ secondary: { times: 1, retryAfterSeconds: 42 } });
    const secondary = await restGet(ctx, "runs/7002/artifacts");
    assert.equal(secondary.status, 429);
    assert.equal(secondary.headers.get("retry-after"), "42");
    assert.equal((await restGet(ctx, "runs/7002/artifacts")).status, 200);
  } finally {
    h.service.rateLimit({ limit: 1000, now: Date.now, secondary: { times: 0, retryAfterSeconds: 60 } });
  }
});

/** Attempt 1 uploads `early`; attempt 2 (a re-run of the chosen kind) uploads `late`. */
async function rerun(runId: number, visibility: "rerun-failed" | "rerun-all") {
  h.service.setRerunVisibility(runId, visibility);
  const first = h.jobEnv({ runId, runAttempt: 1 });
  await h.service.injectArtifact({ job: first.job, name: "early", bytes: zip });
  const second = h.jobEnv({ runId, runAttempt: 2 });
  await h.service.injectArtifact({ job: second.job, name: "late", bytes: zip });
  restore?.();
  restore = applyEnv(second.env);
  return {
    second,
    runtime: new GithubArtifactStore({ warn: () => {} }),
    rest: new GithubArtifactStore({ token: second.githubToken, warn: () => {} }),
  };
}

test("re-run visibility 'rerun-failed': attempt 1's artifacts are listed and downloadable in attempt 2, through the runtime and REST", async () => {
  const r = await rerun(7004, "rerun-failed");
  assert.deepEqual((await r.runtime.list()).map((a) => a.name).sort(), ["early", "late"]);
  const listed = await r.rest.list();
  assert.deepEqual(listed.map((a) => a.name).sort(), ["early", "late"]);
  const early = listed.find((a) => a.name === "early")!;
  await r.rest.download(early, `${r.second.workspace}/early`);
  assert.equal((await restGet(r.second, `artifacts/${early.id}`)).status, 200);
});

test("re-run visibility 'rerun-all': attempt 1's artifacts are gone from every listing and download of attempt 2", async () => {
  const r = await rerun(7005, "rerun-all");
  assert.deepEqual(
    (await r.runtime.list()).map((a) => a.name),
    ["late"],
  );
  assert.deepEqual(
    (await r.rest.list()).map((a) => a.name),
    ["late"],
  );
  const early = h.service.store.listRun(7005, { name: "early" })[0]!;
  assert.equal((await restGet(r.second, `artifacts/${early.id}`)).status, 404);
  assert.equal((await restGet(r.second, `artifacts/${early.id}/zip`)).status, 404);
  await assert.rejects(
    r.rest.download(
      { id: early.id, name: "early", size: 0, createdAt: null, runId: 7005, source: "github" },
      `${r.second.workspace}/early`,
    ),
    (e) => isArtifactError(e),
  );
});
