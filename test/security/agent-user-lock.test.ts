/**
 * The lease of an agent user is one lock for the whole machine, wherever the run's temporary
 * directory is: two runs with different TMPDIR must not both take the same agent user (each would
 * end the other's agents when it clears the user's processes).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { agentUserLockDir, tryLock } from "../../src/agent-user/account.js";

test("the lock directory does not follow TMPDIR; /run when there is one, else /tmp", () => {
  assert.equal(
    agentUserLockDir((dir) => dir === "/run"),
    path.join("/run", "wave-agent-users"),
  );
  assert.equal(
    agentUserLockDir(() => false),
    path.join("/tmp", "wave-agent-users"),
  );
  const saved = process.env.TMPDIR;
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), "wave-lock-tmp-"));
  try {
    const before = agentUserLockDir();
    process.env.TMPDIR = elsewhere;
    assert.equal(os.tmpdir(), elsewhere);
    assert.equal(agentUserLockDir(), before);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("a user leased under one TMPDIR is taken under another", {
  skip: process.getuid?.() === 0 ? false : "needs root (the lock directory is root's)",
}, async () => {
  const name = `wave-lock-test-${randomBytes(4).toString("hex")}`;
  const saved = process.env.TMPDIR;
  const a = mkdtempSync(path.join(os.tmpdir(), "wave-lock-a-"));
  const b = mkdtempSync(path.join(os.tmpdir(), "wave-lock-b-"));
  try {
    process.env.TMPDIR = a;
    const release = await tryLock(name);
    assert.ok(release, "the first lease is granted");
    process.env.TMPDIR = b;
    assert.equal(await tryLock(name), null, "a run with another TMPDIR sees the user taken");
    await release!();
    const again = await tryLock(name);
    assert.ok(again, "free again once released");
    await again!();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
});
