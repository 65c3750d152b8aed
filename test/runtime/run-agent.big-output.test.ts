import assert from "node:assert/strict";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { test } from "node:test";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { baseOptions, tempDir } from "./helpers.js";

const MIB = 1024 * 1024;
const BLOCKS = 1024;
const GIB = BLOCKS * MIB;
const RSS_LIMIT = 300 * 1024 * 1024;

// The agent writes 1 GiB as 1 MiB blocks: a fixed byte pattern with the block's number stamped at
// its start, so a dropped, repeated or reordered piece anywhere shows up as a content mismatch.
const PATTERN = "(i * 131 + (i >> 8)) & 255";
const GENERATOR = `
const MIB = ${MIB};
const blocks = Number(process.argv[1]);
const template = Buffer.alloc(MIB);
for (let i = 0; i < MIB; i++) template[i] = ${PATTERN};
let n = 0;
const write = () => {
  while (n < blocks) {
    const block = Buffer.from(template);
    block.write(String(n).padStart(15, "0") + "\\n", 0, "latin1");
    n++;
    if (!process.stdout.write(block)) return void process.stdout.once("drain", write);
  }
};
write();
`;

const template = Buffer.alloc(MIB);
for (let i = 0; i < MIB; i++) template[i] = (i * 131 + (i >> 8)) & 255;
let cached = { index: -1, bytes: Buffer.alloc(0) };
function expectedBlock(index: number): Buffer {
  if (cached.index !== index) {
    const bytes = Buffer.from(template);
    bytes.write(`${String(index).padStart(15, "0")}\n`, 0, "latin1");
    cached = { index, bytes };
  }
  return cached.bytes;
}

/** The absolute offset of the first byte of `chunk` (written at `start`) that differs from the stream, or -1. */
function firstMismatch(chunk: Buffer, start: number): number {
  let off = 0;
  while (off < chunk.length) {
    const abs = start + off;
    const inBlock = abs % MIB;
    const n = Math.min(chunk.length - off, MIB - inBlock);
    const expected = expectedBlock(Math.floor(abs / MIB)).subarray(inBlock, inBlock + n);
    if (!chunk.subarray(off, off + n).equals(expected)) return abs;
    off += n;
  }
  return -1;
}

function fileMismatch(file: string): number {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(MIB);
    for (let pos = 0; pos < GIB; ) {
      const read = readSync(fd, buffer, 0, MIB, pos);
      if (read === 0) return pos;
      const at = firstMismatch(buffer.subarray(0, read), pos);
      if (at !== -1) return at;
      pos += read;
    }
    return -1;
  } finally {
    closeSync(fd);
  }
}

test("1 GiB of output is logged exactly while the orchestrator's memory stays bounded", { timeout: 180_000 }, async () => {
  const t = tempDir();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    let seen = 0;
    let streamMismatch = -1;
    const outcome = await runAgentProcess(
      baseOptions(t, [process.execPath, "-e", GENERATOR, String(BLOCKS)], {
        timeoutMs: 180_000,
        idleTimeoutMs: 60_000,
        onOutput: (chunk) => {
          if (streamMismatch === -1) streamMismatch = firstMismatch(chunk, seen);
          seen += chunk.length;
        },
      }),
    );
    peak = Math.max(peak, process.memoryUsage.rss());
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.logError, null);
    assert.equal(seen, GIB);
    assert.equal(streamMismatch, -1, "the streamed output is the agent's bytes in order");
    assert.equal(statSync(t.file("agent.log")).size, GIB);
    assert.equal(fileMismatch(t.file("agent.log")), -1, "the log holds the agent's bytes in order");
    assert.ok(peak < RSS_LIMIT, `peak RSS ${(peak / 1048576).toFixed(0)} MiB`);
  } finally {
    clearInterval(sampler);
    t.cleanup();
  }
});
