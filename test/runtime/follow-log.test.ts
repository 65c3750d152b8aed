import assert from "node:assert/strict";
import { appendFileSync, renameSync, truncateSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { followLog } from "../../src/runtime/follow-log.js";
import { tempDir, waitFor } from "./helpers.js";

function follower(file: string, fromOffset?: number) {
  const controller = new AbortController();
  let text = "";
  const done = followLog(file, {
    signal: controller.signal,
    fromOffset,
    pollMs: 100,
    onData: (chunk) => {
      text += chunk.toString("utf8");
    },
  });
  return { controller, done, text: () => text };
}

test("followLog waits for the file, then streams what is appended until aborted", async () => {
  const t = tempDir();
  try {
    const file = t.file("agent.log");
    const f = follower(file);
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(file, "one\n");
    await waitFor(() => f.text() === "one\n", "the first line");
    appendFileSync(file, "two\n");
    await waitFor(() => f.text() === "one\ntwo\n", "the appended line");
    appendFileSync(file, "three\n");
    f.controller.abort(); // data written before the abort is still delivered
    const result = await f.done;
    assert.equal(f.text(), "one\ntwo\nthree\n");
    assert.equal(result.offset, 14);
    assert.equal(result.bytes, 14);
  } finally {
    t.cleanup();
  }
});

test("followLog starts at an offset", async () => {
  const t = tempDir();
  try {
    const file = t.file("agent.log");
    writeFileSync(file, "old stuff\nnew");
    const f = follower(file, 10);
    await waitFor(() => f.text() === "new", "the tail");
    f.controller.abort();
    await f.done;
    assert.equal(f.text(), "new");
  } finally {
    t.cleanup();
  }
});

test("followLog starts over after truncation and after the file is replaced", async () => {
  const t = tempDir();
  try {
    const file = t.file("agent.log");
    writeFileSync(file, "first version that is long\n");
    const f = follower(file);
    await waitFor(() => f.text().includes("long"), "the first content");
    truncateSync(file, 0);
    await new Promise((r) => setTimeout(r, 150));
    appendFileSync(file, "short\n");
    await waitFor(() => f.text().endsWith("short\n"), "content after truncation");
    writeFileSync(t.file("next.log"), "rotated\n");
    renameSync(t.file("next.log"), file);
    await waitFor(() => f.text().endsWith("rotated\n"), "content of the replacement file");
    f.controller.abort();
    await f.done;
    assert.equal(f.text(), "first version that is long\nshort\nrotated\n");
  } finally {
    t.cleanup();
  }
});

test("followLog on a missing file resolves when aborted", async () => {
  const t = tempDir();
  try {
    const f = follower(t.file("never.log"));
    f.controller.abort();
    assert.deepEqual(await f.done, { offset: 0, bytes: 0 });
  } finally {
    t.cleanup();
  }
});
