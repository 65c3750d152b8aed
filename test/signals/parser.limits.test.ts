/**
 * The parser's size caps and stream rules, each at its boundary: the partial-line cap, 256 marker
 * candidates per fence, 16 KiB per marker line, the newest 1,000 components and gaps, five
 * diagnostic samples per kind, and nothing read after `end()`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSignalParser, parseSignals } from "../../src/signals/parser.js";

const PROOF = "[wave-proof] completion=integrated durability=durable proof=unit state=met";

test("pushes after end() are ignored, and a second end() changes nothing", () => {
  const parser = createSignalParser();
  parser.push(`${PROOF}\n`);
  parser.push("[wave-doc-delta] state=owned");
  parser.end();
  parser.push("\n[wave-doc-delta] state=none\n");
  parser.push(Buffer.from("[wave-gap] kind=ops\n"));
  parser.end();
  const r = parser.result();
  assert.equal(r.docDelta?.state, "owned");
  assert.equal(r.docDelta?.line, 2);
  assert.deepEqual(r.gaps, []);
  assert.deepEqual(r.stats, { lines: 2, bytes: PROOF.length + 1 + "[wave-doc-delta] state=owned".length, oversizedLines: 0 });
});

test("end() flushes the last partial line and a split multi-byte character", () => {
  const parser = createSignalParser();
  const bytes = Buffer.from("[wave-gap] kind=docs detail=café", "utf8");
  parser.push(bytes.subarray(0, bytes.length - 1));
  parser.push(bytes.subarray(bytes.length - 1));
  parser.end();
  assert.deepEqual(
    parser.result().gaps.map((g) => [g.kind, g.detail, g.line]),
    [["docs", "café", 1]],
  );
  // A string pushed after a partial UTF-8 sequence flushes it (as a replacement character), not drops the string.
  const mixed = createSignalParser();
  mixed.push(Buffer.from([0xc3]));
  mixed.push("\n[wave-gap] kind=ops\n");
  mixed.end();
  assert.deepEqual(
    mixed.result().gaps.map((g) => [g.kind, g.line]),
    [["ops", 2]],
  );
  assert.equal(mixed.result().stats.bytes, 1 + "\n[wave-gap] kind=ops\n".length);
});

test("the line cap: a line of exactly maxLineLength characters is read, one more is ignored with one diagnostic", () => {
  const max = 100;
  const exact = `${PROOF} detail=${"x".repeat(max - PROOF.length - " detail=".length)}`;
  assert.equal(exact.length, max);
  const ok = parseSignals(exact, { maxLineLength: max });
  assert.equal(ok.proof?.detail?.length, max - PROOF.length - " detail=".length);
  assert.equal(ok.stats.oversizedLines, 0);
  const long = `${exact}y`;
  const r = parseSignals(`${long}\n[wave-gap] kind=ops`, { maxLineLength: max });
  assert.equal(r.proof, null);
  assert.equal(r.stats.oversizedLines, 1);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.line, d.reason, d.text.length]),
    [["log", 1, "line longer than 100 characters ignored", 100]],
  );
  assert.equal(r.gaps[0]?.line, 2);
});

test("the line cap holds across chunks: a partial line growing past the cap is dropped, the next line is read", () => {
  const max = 64;
  for (const split of [1, 10, 63, 64, 65]) {
    const parser = createSignalParser({ maxLineLength: max });
    const long = `${PROOF}${"z".repeat(40)}`;
    parser.push(long.slice(0, split));
    parser.push(long.slice(split));
    parser.push("\n[wave-gap] kind=docs\n");
    parser.end();
    const r = parser.result();
    assert.equal(r.proof, null, `split ${split}`);
    assert.equal(r.stats.oversizedLines, 1, `split ${split}`);
    assert.equal(r.diagnostics[0]?.text, long.slice(0, max), `split ${split}`);
    assert.deepEqual(
      r.gaps.map((g) => [g.kind, g.line]),
      [["docs", 2]],
    );
  }
  // A partial line that ends the stream over the cap is still counted once.
  const tail = createSignalParser({ maxLineLength: 10 });
  tail.push("abcdef");
  tail.push("ghijklmnop");
  tail.end();
  assert.equal(tail.result().stats.oversizedLines, 1);
  assert.equal(tail.result().stats.lines, 1);
});

test("256 marker candidates in one fence count; the 257th makes the fence mixed and rejects them all", () => {
  const gaps = (n: number) => Array.from({ length: n }, (_, i) => `[wave-gap] kind=ops detail=g${i}`);
  const fits = parseSignals(["```", ...gaps(256), "```"].join("\n"));
  assert.equal(fits.gaps.length, 256);
  assert.equal(fits.gaps.at(-1)?.detail, "g255");
  const over = parseSignals(["```", ...gaps(257), "```"].join("\n"));
  assert.equal(over.gaps.length, 0);
  assert.deepEqual(over.counts.gap, { seen: 257, accepted: 0, rejected: 257, warnings: 0 });
  assert.ok(over.diagnostics.every((d) => d.reason === "inside mixed fence"));
});

test("a marker line of 16 KiB is read; one character more is rejected, in a fence too", () => {
  const limit = 16 * 1024;
  const prefix = "[wave-gap] kind=ops detail=";
  const fits = `${prefix}${"d".repeat(limit - prefix.length)}`;
  assert.equal(parseSignals(fits).gaps[0]?.detail?.length, limit - prefix.length);
  const over = `${fits}d`;
  const r = parseSignals(over);
  assert.deepEqual(r.gaps, []);
  assert.equal(r.diagnostics[0]?.reason, "marker line longer than 16384 characters");
  assert.equal(r.diagnostics[0]?.text.length, 4096 + 1, "the sample is cut to 4096 characters and an ellipsis");
  const fenced = parseSignals(["```", over, "```"].join("\n"));
  assert.deepEqual(fenced.gaps, []);
  assert.equal(fenced.diagnostics[0]?.reason, "marker line longer than 16384 characters");
  const fencedFits = parseSignals(["```", fits, "```"].join("\n"));
  assert.equal(fencedFits.gaps.length, 1);
});

test("the newest 1,000 gaps are kept", () => {
  const log = Array.from({ length: 1001 }, (_, i) => `[wave-gap] kind=ops detail=g${i}`).join("\n");
  const r = parseSignals(log);
  assert.equal(r.gaps.length, 1000);
  assert.equal(r.gaps[0]?.detail, "g1");
  assert.equal(r.gaps.at(-1)?.detail, "g1000");
  assert.equal(r.counts.gap?.accepted, 1001);
});

test("the newest 1,000 component ids are kept; reporting a component again makes it the newest", () => {
  const line = (i: number, level = "repo-landed") => `[wave-component] component=c${i} level=${level} state=met`;
  const log = [...Array.from({ length: 1000 }, (_, i) => line(i)), line(0, "pilot-live"), line(1000)].join("\n");
  const r = parseSignals(log);
  assert.equal(r.components.length, 1000);
  const ids = r.components.map((c) => c.componentId);
  assert.equal(ids.includes("c1"), false, "c1 was the oldest");
  assert.deepEqual(ids.slice(-2), ["c0", "c1000"]);
  assert.equal(r.components.find((c) => c.componentId === "c0")?.level, "pilot-live");
  const exact = parseSignals(Array.from({ length: 1000 }, (_, i) => line(i)).join("\n"));
  assert.equal(exact.components.length, 1000);
  assert.equal(exact.components[0]?.componentId, "c0");
});

test("diagnostic samples: five per kind by default (the newest), the option changes it, all are counted", () => {
  const bad = Array.from({ length: 7 }, (_, i) => `[wave-proof] state=bogus${i}`).join("\n");
  const r = parseSignals(bad);
  assert.deepEqual(
    r.diagnostics.map((d) => d.line),
    [3, 4, 5, 6, 7],
  );
  assert.equal(r.counts.proof?.rejected, 7);
  const two = parseSignals(bad, { maxSamplesPerKind: 2 });
  assert.deepEqual(
    two.diagnostics.map((d) => d.line),
    [6, 7],
  );
  // Samples of different kinds are merged in line order.
  const merged = parseSignals("[wave-gap] kind=nope\n[wave-proof] state=x\n[wave-gap] kind=also-nope");
  assert.deepEqual(
    merged.diagnostics.map((d) => [d.line, d.kind]),
    [
      [1, "gap"],
      [2, "proof"],
      [3, "gap"],
    ],
  );
});

test("a malformed tag is rejected with how to write it; an empty nonce option means no nonce", () => {
  const r = parseSignals("[wave-proof state=met");
  assert.equal(r.proof, null);
  assert.equal(r.diagnostics[0]?.reason, "malformed tag (write [wave-proof] followed by a space)");
  const gate = "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass";
  assert.equal(parseSignals(gate, { nonce: "" }).gate?.architecture, "pass");
  assert.equal(parseSignals(gate, { nonce: "abc" }).gate, null);
});

test("the result is a snapshot: later pushes do not change a result already taken", () => {
  const parser = createSignalParser();
  parser.push("[wave-component] component=a level=repo-landed state=met\n[wave-gap] kind=ops\n");
  const before = parser.result();
  before.components[0]!.level = "changed";
  before.gaps[0]!.kind = "docs";
  parser.push("[wave-gap] kind=docs\n");
  parser.end();
  const after = parser.result();
  assert.equal(after.components[0]?.level, "repo-landed");
  assert.deepEqual(
    after.gaps.map((g) => g.kind),
    ["ops", "docs"],
  );
  assert.equal(before.gaps.length, 1);
});

test("boundaries of samples and fences: severities, the 257th candidate's reason, a 4096-character sample uncut", () => {
  const max = 100;
  const long = "y".repeat(max + 1);
  assert.deepEqual(
    parseSignals(`${long}\n`, { maxLineLength: max }).diagnostics.map((d) => [d.reason, d.severity]),
    [["line longer than 100 characters ignored", "error"]],
  );
  const exact = "x".repeat(max);
  assert.equal(parseSignals(`${exact}\n[wave-gap] kind=ops\n`, { maxLineLength: max }).stats.oversizedLines, 0);
  const huge = `[wave-gap] kind=ops detail=${"d".repeat(16 * 1024)}`;
  assert.equal(parseSignals(huge).diagnostics[0]?.severity, "error");
  const gaps = Array.from({ length: 257 }, (_, i) => `[wave-gap] kind=ops detail=g${i}`);
  const all = parseSignals(["```", ...gaps, "```"].join("\n"), { maxSamplesPerKind: 1000 });
  assert.equal(all.diagnostics.length, 257);
  assert.ok(all.diagnostics.every((d) => d.reason === "inside mixed fence"));
  const sample = `[wave-proof] state=${"b".repeat(4096 - "[wave-proof] state=".length)}`;
  assert.equal(sample.length, 4096);
  assert.equal(parseSignals(sample).diagnostics[0]?.text, sample);
  assert.equal(parseSignals(`${sample}b`).diagnostics[0]?.text, `${sample}…`);
});

test("a rejected component marker's diagnostic names its component; other kinds carry no component", () => {
  const r = parseSignals("[wave-component] component=auth level=repo-landed state=bogus\n[wave-proof] state=bogus");
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.componentId]),
    [
      ["component", "auth"],
      ["proof", undefined],
    ],
  );
  assert.equal("componentId" in r.diagnostics[1]!, false);
});

test("a backtick-wrapped marker outside a fence counts; an indented marker in a JSON message counts", () => {
  assert.equal(parseSignals("`[wave-gap] kind=ops`").gaps.length, 1);
  const message = JSON.stringify({
    type: "item.completed",
    item: { id: "i", type: "agent_message", text: "Done.\n   [wave-gap] kind=docs" },
  });
  assert.deepEqual(
    parseSignals(message, { transcript: "codex-json" }).gaps.map((g) => g.kind),
    ["docs"],
  );
});

test("an incomplete UTF-8 sequence at the end of the stream is kept as a replacement character", () => {
  const parser = createSignalParser();
  parser.push(Buffer.concat([Buffer.from("[wave-gap] kind=ops detail=x"), Buffer.from([0xc3])]));
  parser.end();
  assert.equal(parser.result().gaps[0]?.detail, "x\ufffd");
});
