/**
 * The agent log's cap (logs.maxBytes): the log keeps the head and the tail of what is written, says
 * in a line how many bytes were left out, and leaves no tail file behind; without a cap, or when
 * the output fits, the log is exactly what was written.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { cutNotice, LogSink } from "../../src/runtime/log-sink.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { baseOptions, NODE, tempDir } from "./helpers.js";

/** `n` bytes of numbered lines (each byte's place shows in the content). */
function numbered(n: number, from = 0): Buffer {
  let text = "";
  for (let i = from; text.length < n; i++) text += `line ${String(i).padStart(8, "0")}\n`;
  return Buffer.from(text.slice(0, n));
}

/** Writes `data` in `chunk`-byte pieces, waiting for drain as a child's pipe would. */
async function feed(sink: LogSink, data: Buffer, chunk: number): Promise<void> {
  for (let off = 0; off < data.length; off += chunk) {
    if (!sink.write(data.subarray(off, off + chunk))) await new Promise<void>((resolve) => sink.onDrain(resolve));
  }
}

test("a capped log keeps the first and the last half of the cap and names the bytes left out", async () => {
  const t = tempDir();
  try {
    const max = 64 * 1024;
    const data = numbered(1024 * 1024 + 333);
    const sink = new LogSink(t.file("agent.log"), { maxBytes: max });
    await feed(sink, data, 4096 + 7);
    await sink.close();
    const log = readFileSync(t.file("agent.log"));
    // The head ends inside a line (lines are 14 bytes): the notice starts on a line of its own.
    const notice = Buffer.from(`\n${cutNotice(data.length - max, max)}\n`);
    assert.equal(log.length, max + notice.length, "head + notice + tail");
    assert.deepEqual(log.subarray(0, max / 2), data.subarray(0, max / 2), "the head is the start of the output");
    assert.deepEqual(log.subarray(max / 2, max / 2 + notice.length), notice, "the notice sits at the cut");
    assert.deepEqual(log.subarray(max / 2 + notice.length), data.subarray(data.length - max / 2), "the tail is the end of the output");
    assert.deepEqual(readdirSync(t.dir), ["agent.log"], "no tail file is left behind");
    assert.equal(sink.error, null);
  } finally {
    t.cleanup();
  }
});

test("the cut notice starts on a line of its own; bytes already in the log count towards the head", async () => {
  const t = tempDir();
  try {
    const separator = "--- wave: A1 attempt 1 started ---\n";
    writeFileSync(t.file("agent.log"), separator);
    const max = 1000;
    const sink = new LogSink(t.file("agent.log"), { maxBytes: max });
    const data = Buffer.from("x".repeat(5000));
    await feed(sink, data, 300);
    await sink.close();
    const log = readFileSync(t.file("agent.log"), "utf8");
    const headOfOutput = max / 2 - separator.length;
    assert.equal(log, `${separator}${"x".repeat(headOfOutput)}\n${cutNotice(5000 - headOfOutput - max / 2, max)}\n${"x".repeat(max / 2)}`);
  } finally {
    t.cleanup();
  }
});

test("output within the cap, or without a cap, is logged exactly (no notice)", async () => {
  const t = tempDir();
  try {
    const data = numbered(200_000);
    for (const [name, maxBytes] of [
      ["fits.log", 300_000],
      ["nocap.log", null],
    ] as const) {
      const sink = new LogSink(t.file(name), { maxBytes });
      await feed(sink, data, 1000);
      await sink.appendLine("--- wave: a line of the runtime ---");
      await sink.close();
      // The data ends inside a line: the runtime's line starts on a line of its own.
      assert.equal(readFileSync(t.file(name), "utf8"), `${data.toString()}\n--- wave: a line of the runtime ---\n`, name);
    }
    // Just over the cap: one byte left out.
    const sink = new LogSink(t.file("over.log"), { maxBytes: 1000 });
    await feed(sink, numbered(1001), 100);
    await sink.close();
    assert.match(readFileSync(t.file("over.log"), "utf8"), /\n\[wave\] 1 bytes of output were left out here \(logs\.maxBytes = 1000\)\n/);
  } finally {
    t.cleanup();
  }
});

test("a flooding agent: the log is capped, the parser still sees every byte and the marker printed last", async () => {
  const t = tempDir();
  try {
    const max = 1024 * 1024;
    const flood = t.script(
      "flood.js",
      `const block = Buffer.alloc(1 << 20, "y\\n");
let n = 0;
const go = () => {
  while (n < 24) { n++; if (!process.stdout.write(block)) return void process.stdout.once("drain", go); }
  process.stdout.write("[wave-proof] state=met detail=the very end\\n");
};
go();`,
    );
    let seen = 0;
    let last = Buffer.alloc(0);
    const outcome = await runAgentProcess(
      baseOptions(t, [NODE, flood], {
        logMaxBytes: max,
        onOutput: (chunk) => {
          seen += chunk.length;
          last = Buffer.concat([last, chunk]).subarray(-200);
        },
      }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.logError, null);
    const marker = "[wave-proof] state=met detail=the very end\n";
    assert.equal(seen, 24 * 1024 * 1024 + marker.length, "the parser saw all of the output");
    assert.ok(last.toString().endsWith(marker));
    const log = readFileSync(t.file("agent.log"), "utf8");
    const notice = `${cutNotice(seen - max, max)}\n`;
    assert.equal(statSync(t.file("agent.log")).size, max + notice.length);
    assert.ok(log.includes(`\n${notice}`), "the notice names the bytes left out");
    assert.ok(log.endsWith(marker), "the tail holds the marker printed last");
    assert.ok(log.startsWith("y\ny\n"), "the head holds the start");
    assert.deepEqual(
      readdirSync(t.dir).filter((f) => f.includes("tail")),
      [],
    );
  } finally {
    t.cleanup();
  }
});

test("the tail goes round its ring file (chunks of any size, larger than the ring too); the disk holds at most the cap", async () => {
  const t = tempDir();
  try {
    const max = 10_000;
    const data = numbered(300_000);
    const sink = new LogSink(t.file("agent.log"), { maxBytes: max });
    const sizes = [1, 7, 4999, 5000, 5001, 12_345, 3, 64 * 1024];
    let biggest = 0;
    for (let off = 0, i = 0; off < data.length; i++) {
      const n = sizes[i % sizes.length]!;
      if (!sink.write(data.subarray(off, off + n))) await new Promise<void>((resolve) => sink.onDrain(resolve));
      off += n;
      if (i % 5 === 0) {
        await sink.flush();
        const onDisk = readdirSync(t.dir).reduce((sum, f) => sum + statSync(t.file(f)).size, 0);
        biggest = Math.max(biggest, onDisk);
      }
    }
    await sink.close();
    assert.ok(biggest <= max, `the log and its ring never held more than the cap (${biggest})`);
    const log = readFileSync(t.file("agent.log"));
    const notice = Buffer.from(`\n${cutNotice(data.length - max, max)}\n`);
    assert.deepEqual(log, Buffer.concat([data.subarray(0, max / 2), notice, data.subarray(data.length - max / 2)]));
    assert.deepEqual(readdirSync(t.dir), ["agent.log"]);
  } finally {
    t.cleanup();
  }
});
