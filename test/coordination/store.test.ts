import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { UserError } from "../../src/errors.js";
import { createCoordinationRecord } from "../../src/coordination/record.js";
import { CoordinationRecordSchema } from "../../src/coordination/schema.js";
import { appendCoordinationRecord, MAX_READ_LINE_BYTES, readCoordinationLog } from "../../src/coordination/store.js";
import { sourceBuildArgv } from "../helpers/source-build.js";

/** The worker (fixtures/append-worker.ts) built with the sources: 20 of them start at once. */
const WORKER = sourceBuildArgv("append-worker");

async function withTemp(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-coord-"));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function record(id: string, extra: Partial<Parameters<typeof createCoordinationRecord>[0]> = {}) {
  return createCoordinationRecord({ id, kind: "evidence", lane: "main", wave: 2, agentId: "A1", summary: id, ...extra });
}

test("20 processes appending 200 records each at once: 4000 whole lines, none interleaved", async () => {
  await withTemp(async (dir) => {
    const log = path.join(dir, "coordination.jsonl");
    const workers = 20;
    const perWorker = 200;
    const children = Array.from({ length: workers }, (_, w) =>
      spawn(WORKER[0]!, [...WORKER.slice(1), log, String(w), String(perWorker)], {
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    // Wait until every child is loaded, then release them together.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.once("error", reject);
            child.stdout.once("data", () => resolve());
          }),
      ),
    );
    const exits = children.map((child) => new Promise<number | null>((resolve) => child.once("exit", resolve)));
    for (const child of children) child.stdin.write("go\n");
    assert.deepEqual(await Promise.all(exits), Array(workers).fill(0));

    const text = await readFile(log, "utf8");
    const lines = text.split("\n");
    assert.equal(lines.pop(), "", "file ends with a newline");
    assert.equal(lines.length, workers * perWorker);
    const seen = new Map<number, number[]>();
    for (const line of lines) {
      const parsed = CoordinationRecordSchema.parse(JSON.parse(line));
      const [, w, i] = /^w(\d+)-r(\d+)$/.exec(parsed.id)!.map(Number) as [number, number, number];
      if (!seen.has(w)) seen.set(w, []);
      seen.get(w)!.push(i);
    }
    for (let w = 0; w < workers; w++) {
      assert.deepEqual(
        seen.get(w),
        Array.from({ length: perWorker }, (_, i) => i),
        `worker ${w} in order and complete`,
      );
    }
    const { records, diagnostics } = await readCoordinationLog(log);
    assert.equal(records.length, workers * perWorker);
    assert.deepEqual(diagnostics, []);
  });
});

test("corrupt lines are reported with their line number and skipped", async () => {
  await withTemp(async (dir) => {
    const log = path.join(dir, "coordination.jsonl");
    await appendCoordinationRecord(log, record("r1"));
    await appendFile(log, '{"recordVersion":1,"id":"half\n');
    await appendFile(log, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a]));
    await appendFile(log, `${JSON.stringify({ hello: "world" })}\n`);
    await appendFile(log, "\n");
    await appendFile(log, `${"x".repeat(MAX_READ_LINE_BYTES + 10)}\n`);
    await appendCoordinationRecord(log, record("r2"));
    await appendFile(log, '{"recordVersion":1,"id":"torn'); // no newline: a write in progress
    const { records, diagnostics } = await readCoordinationLog(log);
    assert.deepEqual(
      records.map((r) => r.id),
      ["r1", "r2"],
    );
    assert.deepEqual(
      diagnostics.map((d) => d.line),
      [2, 3, 4, 6, 8],
    );
    assert.match(diagnostics[0]!.message, /not valid JSON/);
    assert.match(diagnostics[1]!.message, /UTF-8/);
    assert.match(diagnostics[2]!.message, /not a coordination record/);
    assert.match(diagnostics[3]!.message, /longer than/);
    assert.match(diagnostics[4]!.message, /incomplete last line/);
  });
});

test("a missing log is empty; invalid or oversized records are refused at append", async () => {
  await withTemp(async (dir) => {
    const log = path.join(dir, "sub", "coordination.jsonl");
    assert.deepEqual(await readCoordinationLog(log), { records: [], diagnostics: [] });
    const bad = { ...record("r1"), status: "bogus" } as unknown as ReturnType<typeof record>;
    await assert.rejects(appendCoordinationRecord(log, bad), (e: unknown) => e instanceof UserError && /status/.test(e.message));
    const huge = { ...record("r2"), targets: Array.from({ length: 20000 }, (_, i) => `agent:A${i}`) };
    await assert.rejects(appendCoordinationRecord(log, huge), (e: unknown) => e instanceof UserError && /limit/.test(e.message));
    await appendCoordinationRecord(log, record("r3"));
    assert.equal((await readCoordinationLog(log)).records.length, 1);
    await writeFile(log, "");
    assert.equal((await readCoordinationLog(log)).records.length, 0);
  });
});

test("createCoordinationRecord applies the reference defaults", () => {
  const now = new Date("2025-03-04T05:06:07.089Z");
  const base = { lane: "main", wave: 1, agentId: "A1", summary: "s" };
  const req = createCoordinationRecord({ ...base, kind: "request" }, now);
  assert.equal(req.blocking, true);
  assert.equal(req.blockerSeverity, "closure-critical");
  assert.equal(req.status, "open");
  assert.equal(req.priority, "normal");
  assert.equal(req.confidence, "medium");
  assert.equal(req.createdAt, now.toISOString());
  assert.match(req.id, /^request-20250304050607089-A1-[0-9a-f]{6}$/);
  assert.equal(createCoordinationRecord({ ...base, kind: "blocker" }).blockerSeverity, "soft");
  assert.equal(createCoordinationRecord({ ...base, kind: "blocker", priority: "urgent" }).blockerSeverity, "hard");
  assert.equal(createCoordinationRecord({ ...base, kind: "human-feedback" }).blockerSeverity, "hard");
  assert.equal(createCoordinationRecord({ ...base, kind: "human-feedback" }).priority, "high");
  assert.equal(createCoordinationRecord({ ...base, kind: "evidence" }).blocking, false);
  assert.equal(createCoordinationRecord({ ...base, kind: "evidence" }).blockerSeverity, "advisory");
  assert.equal(createCoordinationRecord({ ...base, kind: "request", blocking: false }).blockerSeverity, "advisory");
  assert.equal(createCoordinationRecord({ ...base, kind: "resolved-by-policy" }).status, "resolved");
  assert.throws(() => createCoordinationRecord({ ...base, kind: "nope" as "request" }), UserError);
  assert.throws(() => createCoordinationRecord({ ...base, kind: "request", wave: -1 }), /wave/);
});
