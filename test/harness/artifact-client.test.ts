import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type ActionsHarness, type JobContext, type NodeActionResult, runNodeAction, startActionsHarness } from "./index.js";

// The real @actions/artifact client, run as a node action in its own process with the job
// environment from the harness.
const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "artifact-client.mjs");
let h: ActionsHarness;

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
});

type Op = Record<string, unknown> & { op: string };

async function step(ctx: JobContext, operations: Op[]): Promise<NodeActionResult & { results: unknown[] }> {
  const r = await runNodeAction({ entry: CLIENT, env: { ...ctx.env, INPUT_OPERATIONS: JSON.stringify(operations) } });
  return { ...r, results: JSON.parse(r.outputs["results"] ?? "[]") };
}

const names = (list: unknown) => (list as { name: string }[]).map((a) => a.name);

test("the real client uploads, lists, downloads and deletes through the harness", async () => {
  const up = h.jobEnv({ runId: 501, jobId: "build" });
  const root = path.join(up.workspace, "state");
  mkdirSync(path.join(root, "agents", "A1"), { recursive: true });
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
  writeFileSync(path.join(root, "agents", "A1", "agent.log"), binary);
  writeFileSync(path.join(root, "result.json"), '{"status":"passed"}\n');

  const uploaded = await step(up, [{ op: "upload", name: "state-501", root }]);
  assert.equal(uploaded.conclusion, "success", uploaded.stdout + uploaded.stderr);
  const { id, size } = uploaded.results[0] as { id: number; size: number };
  assert.ok(id > 0);
  assert.equal(size, h.service.store.get(id)?.size);

  // Another job of the same run sees it, downloads it and deletes it.
  const other = h.jobEnv({ runId: 501, jobId: "report" });
  const dest = path.join(other.workspace, "restored");
  const r = await step(other, [{ op: "list" }, { op: "download", id, path: dest }, { op: "delete", name: "state-501" }, { op: "list" }]);
  assert.equal(r.conclusion, "success", r.stdout);
  assert.deepEqual(names(r.results[0]), ["state-501"]);
  assert.deepEqual(readFileSync(path.join(dest, "agents", "A1", "agent.log")), binary);
  assert.equal(readFileSync(path.join(dest, "result.json"), "utf8"), '{"status":"passed"}\n');
  assert.deepEqual(r.results[2], { id });
  assert.deepEqual(r.results[3], []);
  assert.equal(h.service.store.get(id)?.deleted, true);
});

test("names are unique per run attempt: a second upload of a name in one attempt is refused; a re-run attempt keeps its own", async () => {
  const first = h.jobEnv({ runId: 601, runAttempt: 1, jobId: "wave" });
  writeFileSync(path.join(first.workspace, "f.txt"), "one");
  const ok = await step(first, [{ op: "upload", name: "dup", root: first.workspace }]);
  assert.equal(ok.conclusion, "success", ok.stdout);
  const again = h.jobEnv({ runId: 601, runAttempt: 1, jobId: "other" });
  writeFileSync(path.join(again.workspace, "f.txt"), "one again");
  const clash = await step(again, [{ op: "upload", name: "dup", root: again.workspace }]);
  assert.equal(clash.conclusion, "failure");
  assert.match(clash.annotations.find((a) => a.level === "error")?.message ?? "", /\(409\).*already exists/);

  // A re-run attempt may upload the name again: each attempt keeps its own (see results-store.ts).
  const rerun = h.jobEnv({ runId: 601, runAttempt: 2, jobId: "wave" });
  writeFileSync(path.join(rerun.workspace, "f.txt"), "two");
  assert.equal((await step(rerun, [{ op: "upload", name: "dup", root: rerun.workspace }])).conclusion, "success");
  assert.deepEqual(
    h.service.store.listRun(601, { name: "dup" }).map((a) => a.runAttempt),
    [1, 2],
  );
  // Another run may use the name.
  const elsewhere = h.jobEnv({ runId: 602, jobId: "wave" });
  writeFileSync(path.join(elsewhere.workspace, "f.txt"), "three");
  assert.equal((await step(elsewhere, [{ op: "upload", name: "dup", root: elsewhere.workspace }])).conclusion, "success");
});

test("findBy: a re-run attempt lists and downloads an earlier attempt's artifact through the REST API", async () => {
  h.service.setListScope("attempt");
  try {
    const first = h.jobEnv({ runId: 701, runAttempt: 1, jobId: "wave" });
    writeFileSync(path.join(first.workspace, "progress.json"), '{"done":["A1"]}');
    const up = await step(first, [{ op: "upload", name: "wave-701-a1", root: first.workspace }]);
    assert.equal(up.conclusion, "success", up.stdout);
    const { id } = up.results[0] as { id: number };

    const second = h.jobEnv({ runId: 701, runAttempt: 2, jobId: "wave" });
    const dest = path.join(second.workspace, "prev");
    const before = h.service.requests.length;
    const r = await step(second, [{ op: "list" }, { op: "list", findRunId: 701 }, { op: "download", id, path: dest, findRunId: 701 }]);
    assert.equal(r.conclusion, "success", r.stdout);
    assert.deepEqual(r.results[0], [], "the runtime list only shows this attempt");
    assert.deepEqual(names(r.results[1]), ["wave-701-a1"]);
    assert.equal(readFileSync(path.join(dest, "progress.json"), "utf8"), '{"done":["A1"]}');
    const paths = h.service.requests.slice(before).map((q) => `${q.method} ${q.path} ${q.status}`);
    assert.ok(paths.includes("GET /api/v3/repos/octo-org/wave-demo/actions/runs/701/artifacts 200"), paths.join("\n"));
    assert.ok(paths.includes(`GET /api/v3/repos/octo-org/wave-demo/actions/artifacts/${id}/zip 302`), paths.join("\n"));
  } finally {
    h.service.setListScope("run");
  }
});

test("the services check their tokens", async () => {
  const ctx = h.jobEnv({ runId: 801, repository: "octo-org/private" });
  const twirp = `${h.service.url}twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts`;
  const body = JSON.stringify({ workflow_run_backend_id: ctx.job.runBackendId, workflow_job_run_backend_id: ctx.job.jobBackendId });
  const post = (auth: string) =>
    fetch(twirp, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body });
  assert.equal((await post(`Bearer ${ctx.runtimeToken}`)).status, 200);
  const forged = `${ctx.runtimeToken.slice(0, -4)}AAAA`;
  const denied = await post(`Bearer ${forged}`);
  assert.equal(denied.status, 401);
  assert.deepEqual(await denied.json(), { code: "unauthenticated", msg: "bad signature" });

  // Another run's job may not read this run's artifacts.
  const outsider = h.jobEnv({ runId: 802, repository: "octo-org/private" });
  const cross = await fetch(twirp, {
    method: "POST",
    headers: { authorization: `Bearer ${outsider.runtimeToken}`, "content-type": "application/json" },
    body,
  });
  assert.equal(cross.status, 403);

  const rest = `${h.service.apiUrl}/repos/octo-org/private/actions/runs/801/artifacts`;
  assert.equal((await fetch(rest)).status, 401);
  assert.equal((await fetch(rest, { headers: { authorization: `token ${ctx.githubToken}` } })).status, 200);
  const otherRepo = h.jobEnv({ repository: "octo-org/elsewhere" });
  assert.equal((await fetch(rest, { headers: { authorization: `token ${otherRepo.githubToken}` } })).status, 404);
});
