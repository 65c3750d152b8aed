import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { artifactName, artifactNamePrefix } from "../../src/artifacts/naming.js";
import { collectFiles } from "../../src/artifacts/file-tree.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { screenStateArtifacts, stateScope } from "../../src/resume/state-artifacts.js";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { LOCAL_METADATA_FILE, LocalArtifactStore } from "./local-store.js";
import { readTree, sorted, writeSampleState } from "../artifacts/tree.js";

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

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "local-store-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let n = 0;
const fresh = (label: string) => path.join(tmp, `${label}-${++n}`);

async function sampleUpload(store: LocalArtifactStore, name: string) {
  const root = fresh("state");
  const files = await writeSampleState(root);
  await mkdir(path.join(root, "empty-dir"));
  const collected = await collectFiles(root);
  const res = await store.upload(name, root, [...collected.files, ...collected.emptyDirectories]);
  return { root, files, res };
}

test("upload → list → download round-trips bytes and the tree (binary, empty files, empty dirs)", async () => {
  const store = new LocalArtifactStore(fresh("store"), { runId: 9, runAttempt: 2 });
  const { files, res } = await sampleUpload(store, "state-a");
  const total = [...files.values()].reduce((s, b) => s + b.length, 0);
  assert.deepEqual(res, { id: "state-a", name: "state-a", size: total });

  const listed = await store.list();
  assert.equal(listed.length, 1);
  assert.equal(listed[0]?.name, "state-a");
  assert.equal(listed[0]?.runId, 9);
  assert.equal(listed[0]?.runAttempt, 2);
  assert.equal(listed[0]?.source, "local");
  assert.ok(listed[0]?.createdAt && !Number.isNaN(Date.parse(listed[0].createdAt)));

  const dest = fresh("dest");
  assert.equal(await store.download(listed[0]!, dest), dest);
  assert.deepEqual(sorted(await readTree(dest)), sorted(files));
  assert.deepEqual(await readdir(path.join(dest, "empty-dir")), []);
});

test("names are unique: a second upload of the same name fails and keeps the first", async () => {
  const store = new LocalArtifactStore(fresh("store"));
  await sampleUpload(store, "dup");
  const other = fresh("other");
  await mkdir(other);
  await writeFile(path.join(other, "x.txt"), "second");
  await assert.rejects(
    store.upload("dup", other, [path.join(other, "x.txt")]),
    (e) => isArtifactError(e, "exists") && /already exists/.test(e.message),
  );
  const dest = fresh("dest");
  await store.download((await store.list())[0]!, dest);
  await assert.rejects(stat(path.join(dest, "x.txt")));
  assert.deepEqual(
    (await readdir(store.dir)).filter((d) => d.startsWith(".")),
    [],
    "no staging directory is left behind",
  );
});

test("bad upload lists are refused with clear errors", async () => {
  const store = new LocalArtifactStore(fresh("store"));
  const root = fresh("root");
  await mkdir(root);
  await writeFile(path.join(root, "ok.txt"), "ok");
  await writeFile(path.join(root, "a:b.txt"), "colon");
  await symlink("/etc/hostname", path.join(root, "link"));
  const outside = fresh("outside");
  await mkdir(outside);
  await writeFile(path.join(outside, "secret"), "s");
  const cases: [string[], RegExp][] = [
    [[path.join(outside, "secret")], /is not inside/],
    [["relative.txt"], /not an absolute path/],
    [[path.join(root, "missing")], /does not exist/],
    [[path.join(root, "link")], /symbolic link/],
    [[path.join(root, "a:b.txt")], /contains the character ":"/],
    [[], /no files/],
  ];
  for (const [files, message] of cases) {
    await assert.rejects(store.upload("x", root, files), (e) => isArtifactError(e, "invalid-files") && message.test(e.message));
  }
  await assert.rejects(store.upload("../escape", root, [path.join(root, "ok.txt")]), (e) => isArtifactError(e, "invalid-name"));
  const collected = await collectFiles(root);
  assert.deepEqual(collected.skipped, [path.join(root, "link")]);
});

test("download refuses a non-empty destination and tampered artifacts, leaving nothing behind", async () => {
  const store = new LocalArtifactStore(fresh("store"));
  await sampleUpload(store, "t");
  const info = (await store.list())[0]!;

  const busy = fresh("busy");
  await mkdir(busy);
  await writeFile(path.join(busy, "keep.txt"), "mine");
  await assert.rejects(store.download(info, busy), (e) => isArtifactError(e, "destination"));
  assert.deepEqual(await readdir(busy), ["keep.txt"]);

  // Changed content.
  const log = path.join(store.dir, "t", "files", "agents", "A1", "agent.log");
  const original = await readFile(log);
  await writeFile(log, "tampered");
  const dest = fresh("dest");
  await assert.rejects(store.download(info, dest), (e) => isArtifactError(e, "corrupt") && /agent\.log/.test(e.message));
  await assert.rejects(stat(dest), "a failed download removes the destination it created");

  // A file replaced by a symlink.
  await rm(log);
  await symlink("/etc/hostname", log);
  await assert.rejects(store.download(info, fresh("dest")), (e) => isArtifactError(e, "unsafe"));
  await rm(log);
  await writeFile(log, original);

  // Metadata pointing outside the destination.
  const metaFile = path.join(store.dir, "t", LOCAL_METADATA_FILE);
  const meta = JSON.parse(await readFile(metaFile, "utf8"));
  meta.files.push({ path: "../escaped.txt", size: 1, sha256: "0".repeat(64) });
  await writeFile(metaFile, JSON.stringify(meta));
  const box = fresh("box");
  await mkdir(box);
  await assert.rejects(store.download(info, path.join(box, "dest")), (e) => isArtifactError(e, "unsafe"));
  assert.deepEqual(await readdir(box), []);

  // Invalid metadata is named.
  await writeFile(metaFile, '{"schemaVersion": 2}');
  await assert.rejects(store.list(), (e) => isArtifactError(e, "corrupt") && e.message.includes(metaFile));
});

test("LocalArtifactStore.open reads an artifact directory; delete removes it", async () => {
  const store = new LocalArtifactStore(fresh("store"));
  const { files } = await sampleUpload(store, "opened");
  const { store: reopened, info } = await LocalArtifactStore.open(path.join(store.dir, "opened"));
  assert.equal(info.name, "opened");
  const dest = fresh("dest");
  await reopened.download(info, dest);
  assert.deepEqual(sorted(await readTree(dest)), sorted(files));
  await reopened.delete(info);
  assert.deepEqual(await store.list(), []);
  await assert.rejects(LocalArtifactStore.open(path.join(store.dir, "opened")), (e) => isArtifactError(e, "not-found"));
  assert.deepEqual(await new LocalArtifactStore(fresh("missing")).list(), []);
});

test("a lane and wave's states come newest first: the latest run attempt first, then the newest upload", async () => {
  const store = new LocalArtifactStore(fresh("store"));
  const root = fresh("root");
  await mkdir(root);
  await writeFile(path.join(root, "result.json"), "{}");
  const up = (lane: string, wave: number, runAttempt: number, suffix: string) =>
    store.upload(artifactName({ prefix: "wave", lane, wave, runAttempt, suffix }), root, [path.join(root, "result.json")]);
  await up("main", 2, 1, "la");
  await up("main", 2, 2, "lb");
  await up("main", 3, 5, "lc");
  await up("docs", 2, 9, "ld");
  await up("main", 2, 1, "le");
  const env = { GITHUB_RUN_ATTEMPT: "9" };
  const found = await waveStates(store, { prefix: "wave", lane: "main", wave: 2 }, env);
  assert.deepEqual(
    found.map((a) => a.name),
    ["wave_main_wave-2_attempt-2_lb", "wave_main_wave-2_attempt-1_le", "wave_main_wave-2_attempt-1_la"],
  );
  assert.deepEqual(await waveStates(store, { prefix: "wave", lane: "main", wave: 7 }, env), []);
});
