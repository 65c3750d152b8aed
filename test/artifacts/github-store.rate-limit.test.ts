/**
 * Listing artifacts through the REST API when the repository's rate limit is spent: the store waits
 * as the answer says (until `x-ratelimit-reset`, or `retry-after` seconds) and asks again, instead
 * of failing the step; a wait longer than its patience fails naming when the limit resets. A
 * caller that needs only the current attempt's artifacts spends no REST quota at all. The clock
 * and the waits are the test's: nothing here depends on time passing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { GithubArtifactStore, rateLimitWait } from "../../src/artifacts/github-store.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "../harness/index.js";
import { type Muted, muteStdoutText } from "../harness/quiet.js";
import { craftZip } from "../harness/zip-craft.js";

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

/** A clock the waits move forward: the harness and the store read the same one. */
function fakeClock() {
  let now = Date.UTC(2026, 0, 5, 10, 0, 0);
  const waits: number[] = [];
  return {
    now: () => now,
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

function inJob(ctx: JobContext, clock: ReturnType<typeof fakeClock>, patienceMs?: number, info: string[] = []): GithubArtifactStore {
  restore?.();
  restore = applyEnv(ctx.env);
  return new GithubArtifactStore({
    token: ctx.githubToken,
    sleep: clock.sleep,
    now: clock.now,
    info: (m) => info.push(m),
    ...(patienceMs === undefined ? {} : { rateLimitPatienceMs: patienceMs }),
  });
}

const zip = craftZip([{ name: "status", data: "x" }]);

/** Attempt 1 uploads `n` artifacts; returns a job of attempt 2 of that run (which needs REST to see them). */
async function rerunWith(runId: number, repository: string, n: number): Promise<JobContext> {
  const first = h.jobEnv({ runId, runAttempt: 1, repository });
  for (let i = 0; i < n; i++) await h.service.injectArtifact({ job: first.job, name: `rec-${i}`, bytes: zip });
  return h.jobEnv({ runId, runAttempt: 2, repository });
}

test("a listing refused for the spent primary limit (403, x-ratelimit-remaining 0) waits until x-ratelimit-reset and succeeds", async () => {
  const clock = fakeClock();
  h.service.rateLimit({ limit: 3, now: clock.now });
  try {
    const repository = "octo-org/rate-primary";
    const ctx = await rerunWith(5101, repository, 2);
    const info: string[] = [];
    const store = inJob(ctx, clock, 65 * 60_000, info);
    // Spend the budget: each listing is one REST page.
    for (let i = 0; i < 3; i++) assert.equal((await store.list({ prefix: "rec-" })).length, 2);
    assert.equal(h.service.restUsed(repository), 3);
    const startedAt = clock.now();
    const before = h.service.requests.length;
    const listed = await store.list({ prefix: "rec-" });
    assert.equal(listed.length, 2, "the listing succeeded after the reset");
    const rest = h.service.requests.slice(before).filter((r) => r.path.includes("/actions/"));
    assert.deepEqual(
      rest.map((r) => r.status),
      [403, 200],
    );
    // It waited until the reset (the window began at the first request, an hour before), plus a second.
    assert.equal(clock.waits.length, 1);
    assert.equal(clock.waits[0], Math.ceil((startedAt + 3600_000) / 1000) * 1000 - startedAt + 1000);
    assert.match(info.join("\n"), /rate limit is spent \(\(403\) API rate limit exceeded.*waiting until/);
  } finally {
    h.service.rateLimit({ limit: 1000, now: Date.now });
  }
});

test("a secondary limit (429 with retry-after) waits that many seconds, not the three quick tries", async () => {
  const clock = fakeClock();
  h.service.rateLimit({ now: clock.now, secondary: { times: 4, retryAfterSeconds: 7 } });
  try {
    const ctx = await rerunWith(5102, "octo-org/rate-secondary", 1);
    const store = inJob(ctx, clock);
    assert.equal((await store.list({ prefix: "rec-" })).length, 1);
    // Four refusals in a row (more than the three tries kept for failures): each waited out.
    assert.deepEqual(clock.waits, [7000, 7000, 7000, 7000]);
  } finally {
    h.service.rateLimit({ now: Date.now, secondary: { times: 0, retryAfterSeconds: 60 } });
  }
});

test("a reset later than the store's patience fails at once, naming when the limit resets and why", async () => {
  const clock = fakeClock();
  h.service.rateLimit({ limit: 1, now: clock.now });
  try {
    const ctx = await rerunWith(5103, "octo-org/rate-impatient", 1);
    const store = inJob(ctx, clock, 5 * 60_000);
    await store.list({ prefix: "rec-" });
    await assert.rejects(
      store.list({ prefix: "rec-" }),
      (e) =>
        isArtifactError(e, "unavailable") &&
        /rate limit for this repository is spent until 2026-01-05T11:00:01/.test(e.message) &&
        /1,000 requests per hour per repository/.test(e.message),
    );
    assert.deepEqual(clock.waits, [], "it did not sleep into the job's timeout");
  } finally {
    h.service.rateLimit({ limit: 1000, now: Date.now });
  }
});

test("currentAttempt: the runtime's list is used and no REST request is spent; without it the run is listed through REST", async () => {
  const clock = fakeClock();
  const repository = "octo-org/rate-free";
  const ctx = h.jobEnv({ runId: 5104, runAttempt: 1, repository });
  await h.service.injectArtifact({ job: ctx.job, name: "rec-own", bytes: zip });
  const store = inJob(ctx, clock);
  const before = h.service.requests.length;
  assert.deepEqual(
    (await store.list({ prefix: "rec-", currentAttempt: true })).map((a) => a.name),
    ["rec-own"],
  );
  assert.deepEqual(
    h.service.requests.slice(before).filter((r) => r.path.includes("/actions/")),
    [],
  );
  assert.equal(store.restRequests, 0);
  await store.list({ prefix: "rec-" });
  assert.equal(store.restRequests, 1);
  assert.equal(h.service.restUsed(repository), 1);
});

test("rateLimitWait reads the headers as the REST docs say, and ignores refusals that are not rate limits", () => {
  const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });
  const now = 1_000_000_000_000;
  assert.equal(rateLimitWait(200, headers({}), "", now, 0), null);
  assert.equal(rateLimitWait(403, headers({ "x-ratelimit-remaining": "12" }), "Resource not accessible by integration", now, 0), null);
  assert.equal(rateLimitWait(404, headers({ "x-ratelimit-remaining": "0" }), "Not Found", now, 0), null);
  assert.equal(rateLimitWait(429, headers({ "retry-after": "30" }), "", now, 0), 30_000);
  assert.equal(
    rateLimitWait(403, headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 90) }), "", now, 0),
    91_000,
  );
  // No header says how long: at least a minute, exponentially longer when it happens again.
  assert.equal(rateLimitWait(403, headers({}), "You have exceeded a secondary rate limit", now, 0), 60_000);
  assert.equal(rateLimitWait(429, headers({}), "", now, 2), 240_000);
});
