import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { ArtifactError } from "../../src/artifacts/errors.js";
import { listingOnce } from "../../src/artifacts/list-once.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import type { ArtifactInfo, ArtifactStore, ListOptions } from "../../src/artifacts/types.js";

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "list-once-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A real local store whose listings are counted (and can be made to fail). */
function countingStore(dir: string): { store: ArtifactStore; calls: (ListOptions | undefined)[]; fail: { next: boolean } } {
  const inner = new LocalArtifactStore(dir);
  const calls: (ListOptions | undefined)[] = [];
  const fail = { next: false };
  const store: ArtifactStore = {
    source: inner.source,
    upload: (name, root, files, options) => inner.upload(name, root, files, options),
    download: (info, dest) => inner.download(info, dest),
    delete: (info) => inner.delete(info),
    async list(options) {
      calls.push(options);
      if (fail.next) throw new ArtifactError("unavailable", "listing artifacts failed: 503");
      return inner.list(options);
    },
  };
  return { store, calls, fail };
}

async function upload(store: ArtifactStore, name: string): Promise<void> {
  const root = await mkdtemp(path.join(tmp, "state-"));
  await writeFile(path.join(root, "a.txt"), name);
  await store.upload(name, root, [path.join(root, "a.txt")]);
}

const names = (listed: ArtifactInfo[]) => listed.map((a) => a.name);

test("lookups with and without a prefix share one listing of the store, each filtered as it asked", async () => {
  const { store, calls } = countingStore(path.join(tmp, "s1"));
  for (const name of ["wave-main-wave-1-a", "wave-main-wave-2-a", "changes-main-wave-1", "wave-other-wave-1-a"]) await upload(store, name);
  const view = listingOnce(store);
  const [lane, all, none] = await Promise.all([view.list({ prefix: "wave-main-" }), view.list(), view.list({ prefix: "nothing-" })]);
  assert.deepEqual(names(lane).sort(), ["wave-main-wave-1-a", "wave-main-wave-2-a"]);
  assert.deepEqual(names(all).sort(), ["changes-main-wave-1", "wave-main-wave-1-a", "wave-main-wave-2-a", "wave-other-wave-1-a"]);
  assert.deepEqual(none, []);
  assert.deepEqual(names(await view.list({ prefix: "changes-" })), ["changes-main-wave-1"]);
  assert.deepEqual(calls, [undefined], "the store was listed once, whole");
  // A caller changing the list it got does not change what the next lookup sees.
  all.length = 0;
  assert.equal((await view.list()).length, 4);
});

test("a failed listing fails every lookup with the store's error, and the store is not asked again", async () => {
  const { store, calls, fail } = countingStore(path.join(tmp, "s2"));
  fail.next = true;
  const view = listingOnce(store);
  for (const options of [{ prefix: "wave-" }, undefined, {}]) {
    await assert.rejects(view.list(options), (e: unknown) => e instanceof ArtifactError && /503/.test(e.message));
  }
  assert.equal(calls.length, 1);
});

test("downloads, uploads and deletes go to the store; a later upload is not in the view's listing", async () => {
  const dir = path.join(tmp, "s3");
  const { store, calls } = countingStore(dir);
  await upload(store, "first");
  const view = listingOnce(store);
  const [first] = await view.list();
  const dest = path.join(tmp, "dest");
  assert.equal(await view.download(first!, dest), dest);
  await upload(view, "second");
  assert.deepEqual(names(await view.list()), ["first"], "the view keeps the listing it made");
  assert.deepEqual(names(await store.list()).sort(), ["first", "second"]);
  await view.delete?.(first!);
  assert.deepEqual(names(await new LocalArtifactStore(dir).list()), ["second"]);
  assert.equal(calls.length, 2, "one listing for the view, one asked of the store directly");
});
