/**
 * The lock file shared by the wave lock and the agent-user lease, attacked by real processes racing
 * for it: a lock is never seen half-written, a live holder is never displaced (not by a reader
 * catching it mid-write, not by two processes recovering the same stale lock), and only the holder
 * releases it. Assertions are on outcomes only: however the processes interleave, the properties
 * hold.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, promises as fs, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { acquireLock, liveLockHolder, parseLockInfo, takeLockFile, WaveLockedError } from "../../src/state/lock.js";
import { REPO_ROOT } from "../helpers/cli.js";

const LOCK_MODULE = pathToFileURL(path.join(REPO_ROOT, "src", "state", "lock.ts")).href;

/** The pid of a process that has ended (a holder that died). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

function staleLock(pid: number): string {
  return `${JSON.stringify({ pid, hostname: os.hostname(), startedAt: "2026-01-01T00:00:00.000Z", command: "died", token: "dead" })}\n`;
}

/**
 * A worker: `rounds` times, takes the lock (retrying while a live process holds it), marks itself
 * inside with an exclusive create (which fails if another holder is inside), and either releases or,
 * every `dieEvery`th round, leaves a dead holder's lock behind as a crashed run would.
 */
const WORKER = `
import { promises as fs } from "node:fs";
import { takeLockFile } from ${JSON.stringify(LOCK_MODULE)};
const [file, inside, rounds, dieEvery, dead] = process.argv.slice(1);
const violations = [];
for (let i = 0; i < Number(rounds); i++) {
  let attempt;
  for (;;) {
    attempt = await takeLockFile(file, "worker", "test");
    if (attempt.taken) break;
    await new Promise((r) => setImmediate(r));
  }
  try {
    await fs.writeFile(inside, String(process.pid), { flag: "wx" });
  } catch {
    violations.push("two holders at once (round " + i + ")");
    await attempt.release();
    continue;
  }
  for (let k = 0; k < 200; k++) JSON.stringify({ k });
  await fs.rm(inside);
  if (Number(dieEvery) > 0 && i % Number(dieEvery) === 0) {
    const draft = file + ".crash-" + process.pid;
    await fs.writeFile(draft, JSON.stringify({ pid: Number(dead), hostname: (await import("node:os")).hostname(), startedAt: "x", token: "dead-" + process.pid + "-" + i }) + "\\n");
    await fs.rename(draft, file);
  } else {
    await attempt.release();
  }
}
process.stdout.write(JSON.stringify(violations));
`;

function runWorker(file: string, inside: string, rounds: number, dieEvery: number, dead: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", WORKER, file, inside, String(rounds), String(dieEvery), String(dead)],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}: ${err}`));
      else resolve(JSON.parse(out) as string[]);
    });
  });
}

function scratch(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-lock-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test("processes racing for one lock, recovering stale ones left by crashed holders, are never two inside at once", async (t) => {
  const dir = scratch(t);
  const file = path.join(dir, "x.lock");
  const dead = deadPid();
  writeFileSync(file, staleLock(dead));
  const workers = Array.from({ length: 5 }, () => runWorker(file, path.join(dir, "inside"), 24, 3, dead));
  // Everything a reader sees while they race is either no lock or a whole one.
  const seen = new Set<string>();
  let running = true;
  const reader = (async () => {
    while (running) {
      const text = await fs.readFile(file, "utf8").catch(() => null);
      if (text !== null && parseLockInfo(text) === null) seen.add(text);
      await new Promise((r) => setImmediate(r));
    }
  })();
  const results = await Promise.all(workers).finally(() => {
    running = false;
  });
  await reader;
  assert.deepEqual(results.flat(), []);
  assert.deepEqual([...seen], [], "a reader saw a lock file that was not a whole lock");
  // No drafts or set-aside copies are left behind.
  assert.deepEqual(
    readdirSync(dir).filter((n) => n !== "x.lock"),
    [],
  );
});

test("a lock held by a live process is reported with its holder, never taken; a stale one is taken", async (t) => {
  const dir = scratch(t);
  const file = path.join(dir, "y.lock");
  const first = await takeLockFile(file, "first", "test");
  assert.equal(first.taken, true);
  const second = await takeLockFile(file, "second", "test");
  assert.equal(second.taken, false);
  assert.equal(!second.taken && second.holder.pid, process.pid);
  assert.equal(!second.taken && second.holder.command, "first");
  assert.equal((await liveLockHolder(file))?.command, "first");
  // Only the holder's release removes it: a lock that was replaced meanwhile stays.
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: "now", token: "other" })}\n`);
  if (first.taken) await first.release();
  assert.equal(parseLockInfo(readFileSync(file, "utf8"))?.token, "other");
  // A dead holder's lock is stale: no live holder, and the next taker gets it.
  writeFileSync(file, staleLock(deadPid()));
  assert.equal(await liveLockHolder(file), null);
  const third = await takeLockFile(file, "third", "test");
  assert.equal(third.taken, true);
  assert.equal(parseLockInfo(readFileSync(file, "utf8"))?.command, "third");
  if (third.taken) await third.release();
  assert.deepEqual(readdirSync(dir), []);
});

test("a lock of another host is never judged stale; the wave lock says who holds it", async (t) => {
  const dir = scratch(t);
  await fs.mkdir(path.join(dir, "wave"), { recursive: true });
  const held = await acquireLock(path.join(dir, "wave"), "wave run --wave 1");
  await assert.rejects(acquireLock(path.join(dir, "wave"), "wave run --wave 1"), (error: unknown) => {
    assert.ok(error instanceof WaveLockedError);
    assert.match(error.message, new RegExp(`another wave run is active on this wave \\(pid ${process.pid}, `));
    return true;
  });
  await held.release();
  writeFileSync(held.file, `${JSON.stringify({ pid: deadPid(), hostname: "elsewhere.example", startedAt: "then" })}\n`);
  await assert.rejects(acquireLock(path.join(dir, "wave"), "wave run --wave 1"), /locked by a run on host elsewhere\.example/);
  assert.equal((await liveLockHolder(held.file))?.hostname, "elsewhere.example");
});
