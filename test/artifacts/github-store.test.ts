import { createHash } from "node:crypto";
import assert from "node:assert/strict";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { artifactName, artifactNamePrefix, jobSuffix } from "../../src/artifacts/naming.js";
import { collectFiles } from "../../src/artifacts/file-tree.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { screenStateArtifacts, stateScope } from "../../src/resume/state-artifacts.js";
import { GithubArtifactStore } from "../../src/artifacts/github-store.js";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { type ActionsHarness, applyEnv, type JobContext, startActionsHarness } from "../harness/index.js";
import { type Muted, muteStdoutText } from "../harness/quiet.js";
import { craftZip } from "../harness/zip-craft.js";
import { readTree, sorted, writeSampleState } from "./tree.js";

// The real @actions/artifact client, in this process, against the harness. The client reads the
// runtime variables on every call, so each "job" below applies its own environment first.
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

/** Switches this process into the given job and returns a store for it. */
function inJob(ctx: JobContext, options: { token?: boolean } = {}): GithubArtifactStore {
  restore?.();
  restore = applyEnv(ctx.env);
  return new GithubArtifactStore(options.token === false ? {} : { token: ctx.githubToken });
}

/**
 * The state artifacts of one lane and wave in `store`, newest first, as a job whose environment is
 * `env` screens them (resume/state-artifacts.ts, the order every caller of choosePrior gets).
 */
async function waveStates(store: ArtifactStore, q: { prefix: string; lane: string; wave: number }, env: NodeJS.ProcessEnv) {
  const listed = await store.list({ prefix: artifactNamePrefix(q.prefix, q.lane) });
  const refused: string[] = [];
  const screened = screenStateArtifacts(listed, stateScope(q.prefix, q.lane, env), (m) => refused.push(m));
  assert.deepEqual(refused, [], "no artifact of the test is refused");
  return screened.filter((c) => c.parts.wave === q.wave).map((c) => c.info);
}

async function stateDir(ctx: JobContext, label: string) {
  const root = path.join(ctx.workspace, label);
  const files = await writeSampleState(root);
  const collected = await collectFiles(root);
  return { root, files, list: collected.files };
}

test("upload → list → download round-trips bytes and tree through the real client", async () => {
  const ctx = h.jobEnv({ runId: 1001, jobId: "wave" });
  const store = inJob(ctx);
  const { root, files, list } = await stateDir(ctx, "state");
  const name = artifactName({ prefix: "wave", lane: "main", wave: 1, runAttempt: 1, suffix: jobSuffix() });
  const up = await store.upload(name, root, list, { retentionDays: 3 });
  assert.equal(up.name, name);
  assert.equal(typeof up.id, "number");
  const stored = h.service.store.get(Number(up.id));
  assert.equal(up.size, stored?.size);
  assert.ok(stored?.expiresAt && stored.expiresAt.getTime() > Date.now() + 2 * 86_400_000);

  const listed = await store.list({ prefix: "wave_main_" });
  assert.equal(listed.length, 1);
  const info = listed[0]!;
  assert.equal(info.id, up.id);
  assert.equal(info.runId, 1001);
  assert.equal(info.runAttempt, 1);
  // The digest is that of the bytes the service stored (what a later download checks).
  const storedBytes = await h.service.artifactBytes(Number(up.id));
  assert.equal(storedBytes.length, up.size);
  assert.equal(info.digest, `sha256:${createHash("sha256").update(storedBytes).digest("hex")}`);

  const dest = path.join(ctx.workspace, "restored");
  assert.equal(await store.download(info, dest), dest);
  assert.deepEqual(sorted(await readTree(dest)), sorted(files));
  assert.deepEqual(await store.list({ prefix: "other_" }), []);

  await store.delete(info);
  assert.deepEqual(await store.list(), []);
});

test('a name that exists in the run attempt is refused as "exists"', async () => {
  const first = h.jobEnv({ runId: 1002, runAttempt: 1 });
  const s1 = inJob(first);
  const a = await stateDir(first, "s");
  await s1.upload("fixed-name", a.root, a.list);
  const sibling = h.jobEnv({ runId: 1002, runAttempt: 1, jobId: "sibling" });
  const s2 = inJob(sibling);
  const b = await stateDir(sibling, "s");
  await assert.rejects(s2.upload("fixed-name", b.root, b.list), (e) => isArtifactError(e, "exists"));
});

test("two resume jobs in one attempt, and a re-run, get distinct names and all upload", async () => {
  const names: string[] = [];
  for (const [runAttempt, jobId] of [
    [1, "wave"],
    [1, "resume"],
    [1, "resume-2"],
    [2, "resume"],
  ] as const) {
    const ctx = h.jobEnv({ runId: 1003, runAttempt, jobId });
    const store = inJob(ctx);
    const s = await stateDir(ctx, "s");
    const name = artifactName({ prefix: "wave", lane: "main", wave: 4, runAttempt, suffix: jobSuffix() });
    names.push(name);
    await store.upload(name, s.root, s.list);
  }
  assert.equal(new Set(names).size, 4);
  const report = h.jobEnv({ runId: 1003, runAttempt: 2, jobId: "report" });
  const latest = await waveStates(inJob(report), { prefix: "wave", lane: "main", wave: 4 }, report.env);
  assert.equal(latest.length, 4);
  assert.equal(latest[0]?.name, names[3], "the re-run attempt's state comes first");
  assert.deepEqual(
    latest.slice(1).map((a) => a.name),
    [names[2], names[1], names[0]],
    "then the same attempt's newer uploads",
  );
});

test("a re-run attempt finds an earlier attempt's state through findBy and downloads it", async () => {
  h.service.setListScope("attempt");
  try {
    const first = h.jobEnv({ runId: 1004, runAttempt: 1 });
    const s1 = inJob(first);
    const a = await stateDir(first, "s");
    const name = artifactName({ prefix: "wave", lane: "main", wave: 2, runAttempt: 1, suffix: jobSuffix() });
    await s1.upload(name, a.root, a.list);

    const rerun = h.jobEnv({ runId: 1004, runAttempt: 2 });
    const withoutToken = inJob(rerun, { token: false });
    assert.deepEqual(await withoutToken.list(), [], "the runtime list only shows this attempt");

    const store = inJob(rerun);
    const before = h.service.requests.length;
    const found = await waveStates(store, { prefix: "wave", lane: "main", wave: 2 }, rerun.env);
    assert.deepEqual(
      found.map((f) => [f.name, f.runId, f.runAttempt]),
      [[name, 1004, 1]],
    );
    const dest = path.join(rerun.workspace, "resume");
    await store.download(found[0]!, dest);
    assert.deepEqual(sorted(await readTree(dest)), sorted(a.files));
    const calls = h.service.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    assert.ok(calls.some((c) => c.endsWith("/actions/runs/1004/artifacts")));
    assert.ok(calls.some((c) => /\/actions\/artifacts\/\d+\/zip$/.test(c)));

    await assert.rejects(
      withoutToken.download(found[0]!, path.join(rerun.workspace, "no-token")),
      (e) => isArtifactError(e) && /github-token/.test(e.message),
    );
  } finally {
    h.service.setListScope("run");
  }
});

test("a corrupt artifact fails with a clear error and leaves no partial download", async () => {
  const ctx = h.jobEnv({ runId: 1005 });
  const store = inJob(ctx);
  const good = craftZip([{ name: "result.json", data: "{}".repeat(1000) }]);
  const cases: [string, Buffer, RegExp][] = [
    ["garbage", Buffer.from("definitely not a zip archive"), /not a zip archive/],
    ["truncated", good.subarray(0, good.length - 7), /end of central directory/],
    ["bad crc", craftZip([{ name: "result.json", data: "{}", crc32: 7 }]), /CRC-32/],
  ];
  for (const [label, bytes, message] of cases) {
    const a = await h.service.injectArtifact({ job: ctx.job, name: `corrupt-${label}`, bytes });
    const info = (await store.list()).find((x) => x.id === a.id)!;
    const dest = path.join(ctx.workspace, `dest-${label}`);
    await assert.rejects(
      store.download(info, dest),
      (e) => isArtifactError(e, "corrupt") && e.message.includes(`corrupt-${label}`) && message.test(e.message),
      label,
    );
    await assert.rejects(stat(dest), `${label}: no partial download`);
  }
  // Content that does not match the digest the service recorded.
  const lying = await h.service.injectArtifact({ job: ctx.job, name: "digest-lie", bytes: good, digest: `sha256:${"0".repeat(64)}` });
  const info = (await store.list()).find((x) => x.id === lying.id)!;
  await assert.rejects(
    store.download(info, path.join(ctx.workspace, "dest-digest")),
    (e) => isArtifactError(e, "corrupt") && /digest/.test(e.message),
  );
});

test("zip-slip and symlink archives are rejected and nothing is written outside the destination", async () => {
  const ctx = h.jobEnv({ runId: 1006 });
  const store = inJob(ctx);
  const box = path.join(ctx.workspace, "box");
  await mkdir(box);
  const evil = [
    [
      "slip",
      craftZip([
        { name: "ok.txt", data: "fine" },
        { name: "../escaped.txt", data: "pwned" },
      ]),
    ],
    ["deep-slip", craftZip([{ name: "a/../../../escaped.txt", data: "pwned" }])],
    ["absolute", craftZip([{ name: `${box}/escaped.txt`, data: "pwned" }])],
    [
      "symlink",
      craftZip([
        { name: "link", data: box, unixMode: 0o120777 },
        { name: "link/escaped.txt", data: "pwned" },
      ]),
    ],
  ] as const;
  for (const [label, bytes] of evil) {
    const a = await h.service.injectArtifact({ job: ctx.job, name: `evil-${label}`, bytes });
    const info = (await store.list()).find((x) => x.id === a.id)!;
    await assert.rejects(store.download(info, path.join(box, "dest")), (e) => isArtifactError(e, "unsafe"), label);
    assert.deepEqual(await readdir(box), [], `${label}: nothing in or around the destination`);
    await assert.rejects(stat(path.join(ctx.workspace, "escaped.txt")));
  }
});

test("uploads need the runtime; an empty file list is refused", async () => {
  const ctx = h.jobEnv({ runId: 1007 });
  inJob(ctx);
  const noRuntime = new GithubArtifactStore({ env: { GITHUB_RUN_ID: "1007" } });
  const s = await stateDir(ctx, "s");
  await assert.rejects(noRuntime.upload("x", s.root, s.list), (e) => isArtifactError(e, "unavailable"));
  const store = new GithubArtifactStore();
  const emptyDir = path.join(ctx.workspace, "only-dir");
  await mkdir(emptyDir);
  await assert.rejects(store.upload("x", ctx.workspace, [emptyDir]), (e) => isArtifactError(e, "invalid-files"));
  await writeFile(path.join(emptyDir, "bad|name.txt"), "a");
  await assert.rejects(
    store.upload("x", ctx.workspace, [path.join(emptyDir, "bad|name.txt")]),
    (e) => isArtifactError(e, "invalid-files") && /"\|"/.test(e.message),
  );
  assert.equal(h.service.store.all().filter((a) => a.runId === 1007).length, 0, "nothing reached the service");
});

test("findBy pages through more than 100 artifacts; expired ones cannot be downloaded", async () => {
  const first = h.jobEnv({ runId: 1008, runAttempt: 1 });
  const zip = craftZip([{ name: "result.json", data: "{}" }]);
  const injected = [];
  for (let i = 0; i < 105; i++) {
    injected.push(await h.service.injectArtifact({ job: first.job, name: `many-${String(i).padStart(3, "0")}`, bytes: zip }));
  }
  h.service.setListScope("attempt");
  try {
    const store = inJob(h.jobEnv({ runId: 1008, runAttempt: 2 }));
    const listed = await store.list({ prefix: "many-" });
    assert.equal(listed.length, 105);
    assert.ok(listed.every((a) => a.runId === 1008));
    const page2 = await fetch(`${h.service.apiUrl}/repos/octo-org/wave-demo/actions/runs/1008/artifacts?per_page=100&page=2`, {
      headers: { authorization: `token ${first.githubToken}` },
    });
    assert.equal(((await page2.json()) as { artifacts: unknown[] }).artifacts.length, 5);

    const victim = injected[0]!;
    h.service.expire(victim.id);
    const info = listed.find((a) => a.id === victim.id)!;
    await assert.rejects(store.download(info, path.join(first.workspace, "expired")), (e) => isArtifactError(e));
  } finally {
    h.service.setListScope("run");
  }
});

test("service failures surface as clear errors", async () => {
  const ctx = h.jobEnv({ runId: 1009 });
  const store = inJob(ctx);
  const s = await stateDir(ctx, "s");
  h.service.failNext({ route: "CreateArtifact", status: 403, code: "permission_denied", msg: "artifact uploads are disabled" });
  await assert.rejects(
    store.upload("blocked", s.root, s.list),
    (e) => isArtifactError(e, "unavailable") && /artifact uploads are disabled/.test(e.message),
  );
  // The next upload goes through.
  await store.upload("blocked", s.root, s.list);
});

test("list() keeps the service's facts: oldest first by created_at (ids are opaque), and the run the REST API names", async () => {
  const ctx = h.jobEnv({ runId: 1010, runAttempt: 2 });
  const store = inJob(ctx);
  const s = await stateDir(ctx, "s");
  // Uploaded back to back, in an order their names do not sort in.
  for (const name of ["z-first", "a-second", "m-third"]) await store.upload(name, s.root, s.list);
  const listed = (await store.list()).filter((a) => ["z-first", "a-second", "m-third"].includes(a.name));
  assert.deepEqual(
    listed.map((a) => a.name),
    ["z-first", "a-second", "m-third"],
  );
  assert.equal(new Set(listed.map((a) => String(a.id))).size, 3, "each upload has its own id");
  for (let i = 1; i < listed.length; i++) {
    assert.ok(Date.parse(listed[i]!.createdAt ?? "") > Date.parse(listed[i - 1]!.createdAt ?? ""), "created_at grows");
  }
  assert.ok(listed.every((a) => a.runId === 1010));

  // The REST listing of run 1010 strays into an artifact of run 1011: its run is what the API says.
  const other = h.jobEnv({ runId: 1011 });
  const stray = await h.service.injectArtifact({ job: other.job, name: "stray", bytes: craftZip([{ name: "result.json", data: "{}" }]) });
  h.service.showInRunListing(1010, stray.id);
  const withStray = await inJob(ctx).list();
  assert.equal(withStray.find((a) => a.name === "stray")?.runId, 1011);
});
