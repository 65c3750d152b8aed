import assert from "node:assert/strict";
import { test } from "node:test";
import { formatMarker, markerSyntax } from "../../src/signals/grammar.js";
import { createSignalParser, parseSignals } from "../../src/signals/parser.js";

const lines = (...l: string[]) => l.join("\n");
const PROOF = "[wave-proof] completion=contract durability=none proof=unit state=met";

test("last marker of a kind wins; components last per id; every gap is kept", () => {
  const r = parseSignals(
    lines(
      "[wave-proof] completion=live durability=durable proof=live state=gap",
      PROOF,
      "[wave-component] component=a level=repo-landed state=gap",
      "[wave-component] component=b level=repo-landed state=met",
      "[wave-component] component=a level=repo-landed state=complete",
      "[wave-gap] kind=docs detail=one",
      "[wave-gap] kind=ops detail=two",
      "[wave-verdict] pass detail=first",
      "[wave-verdict] hold detail=second",
      "[wave-phase] coding",
      "[wave-phase] finalizing",
    ),
  );
  assert.equal(r.proof?.completion, "contract");
  assert.equal(r.proof?.line, 2);
  assert.deepEqual(
    r.components.map((c) => [c.componentId, c.state, c.line]),
    [
      ["b", "met", 4],
      ["a", "met", 5],
    ],
  );
  assert.deepEqual(
    r.gaps.map((g) => g.detail),
    ["one", "two"],
  );
  assert.deepEqual([r.logVerdict?.verdict, r.logVerdict?.detail], ["hold", "second"]);
  assert.equal(r.phase?.phase, "finalizing");
});

test("values may contain spaces, detail= swallows the rest, nonce may follow detail, quotes are stripped", () => {
  const r = parseSignals(
    lines(
      '[wave-doc-delta] state=owned paths=docs/a b.md,docs/c.md detail="moved x=1 into docs" nonce=abc',
      "[wave-component] component=core api level=repo-landed state=met",
      "[wave-verdict] FAIL detail=regression in export",
    ),
  );
  assert.deepEqual(r.docDelta?.paths, ["docs/a b.md", "docs/c.md"]);
  assert.equal(r.docDelta?.detail, "moved x=1 into docs");
  assert.equal(r.components.length, 0, "a component id with a space is an invalid value");
  assert.match(r.diagnostics[0]?.reason ?? "", /^invalid value component=core api/);
  assert.equal(r.logVerdict?.verdict, "blocked", "fail is recorded as blocked");
});

test("a marker must stand on its own line; list prefixes and wrapping backticks are allowed", () => {
  const r = parseSignals(
    lines(
      `The marker ${PROOF} is mentioned inline here.`,
      "see `[wave-doc-delta] state=none` inline",
      "1. `[wave-doc-delta] state=shared-plan`",
    ),
  );
  assert.equal(r.proof, null);
  assert.equal(r.docDelta?.state, "shared-plan");
});

test("fences: marker-only fence counts, mixed fence does not, unterminated fence at the end does not", () => {
  const only = parseSignals(lines("```text", PROOF, "", "- [wave-doc-delta] state=none", "```"));
  assert.equal(only.proof?.state, "met");
  assert.equal(only.docDelta?.state, "none");

  const mixed = parseSignals(lines("~~~", "Example output:", PROOF, "~~~"));
  assert.equal(mixed.proof, null);
  assert.deepEqual(
    mixed.diagnostics.map((d) => [d.line, d.reason]),
    [[3, "inside mixed fence"]],
  );

  const open = parseSignals(lines("Here is the end:", "```", PROOF));
  assert.equal(open.proof, null);
  assert.equal(open.diagnostics[0]?.reason, "inside unterminated fence");

  // An inner ```ts line inside a ```` fence does not close it; only a bare fence at least as long does.
  const nested = parseSignals(lines("````", "```ts", "````", PROOF));
  assert.equal(nested.proof?.state, "met");
});

test("fences inside a JSON text blob are scoped to that blob", () => {
  const event = (text: string) => JSON.stringify({ type: "item.completed", item: { type: "agent_message", text } });
  const r = parseSignals(lines(event("Unclosed fence:\n```\nnot code"), event(`Markers:\n${PROOF}`)));
  assert.equal(r.proof?.state, "met");
  const inFence = parseSignals(lines("```", event(PROOF), "```"));
  assert.equal(inFence.proof, null, "a JSON line quoted inside a fence is text, not a transcript event");
});

test("codex item.started/updated and claude partial deltas are not scanned; error events are kept", () => {
  const r = parseSignals(
    lines(
      JSON.stringify({ type: "item.updated", item: { type: "agent_message", text: "[wave-doc-delta] state=owned" } }),
      JSON.stringify({
        type: "stream_event",
        event: { type: "content_block_delta", delta: { type: "text_delta", text: "[wave-doc-delta] state=none" } },
      }),
      JSON.stringify({ type: "turn.failed", error: { message: "stream disconnected before completion" } }),
    ),
  );
  assert.equal(r.docDelta, null);
  assert.equal(r.counts["doc-delta"], undefined);
  assert.equal(r.termination.lastError, "stream disconnected before completion");
});

test("termination facts: from the transcript's own events in JSON formats, from any line in text", () => {
  const stray = "Error: Reached max turns (5)";
  const codexFailed = JSON.stringify({ type: "turn.failed", error: { message: "stream disconnected" } });
  const codex = parseSignals(lines(stray, codexFailed), { transcript: "codex-json" });
  assert.deepEqual([codex.termination.turnLimitReached, codex.termination.lastError], [false, "stream disconnected"]);
  const text = parseSignals(lines(stray, codexFailed));
  assert.deepEqual([text.termination.observedTurnLimit, text.termination.lastError], [5, "stream disconnected"]);
  const maxTurns = JSON.stringify({ type: "result", subtype: "error_max_turns", errors: ["Reached maximum number of turns (8)"] });
  const claude = parseSignals(maxTurns, { transcript: "claude-stream-json" });
  assert.deepEqual([claude.termination.turnLimitReached, claude.termination.observedTurnLimit], [true, 8]);
  const opencodeError = JSON.stringify({
    type: "error",
    sessionID: "ses_1",
    error: { name: "APIError", data: { message: "invalid x-api-key" } },
  });
  assert.equal(parseSignals(opencodeError, { transcript: "opencode-json" }).termination.lastError, "invalid x-api-key");
  assert.equal(parseSignals(opencodeError, { transcript: "codex-json" }).termination.lastError, null, "another CLI's event");
});

test("nonce: gate markers need it, implementation markers do not; it is stripped and masked", () => {
  const nonce = "s3cr3t";
  const r = parseSignals(
    lines(
      "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass",
      "[wave-security] state=clear findings=0 approvals=0 nonce=guess",
      `[wave-integration] state=ready-for-doc-closure claims=1 conflicts=0 blockers=0 nonce=${nonce}`,
      PROOF,
    ),
    { nonce },
  );
  assert.equal(r.gate, null);
  assert.equal(r.security, null);
  assert.equal(r.integration?.state, "ready-for-doc-closure");
  assert.equal(r.proof?.state, "met");
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.line, d.reason]),
    [
      ["gate", 1, "missing nonce"],
      ["security", 2, "wrong nonce"],
    ],
  );
  assert.ok(
    r.diagnostics.every((d) => !d.text.includes("guess")),
    "nonce values are masked in diagnostics",
  );
  assert.equal(formatMarker("integration", r.integration!).includes("nonce"), false);

  const off = parseSignals(`[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass nonce=${nonce}`);
  assert.equal(off.gate?.docs, "pass", "without a required nonce the key is simply dropped");
  assert.equal(off.diagnostics.length, 0);
});

test("rejected lines explain why; unknown keys only warn", () => {
  const r = parseSignals(
    lines(
      "[wave-proof] completion=contract durability=none proof=unit",
      "[wave-proof] completion=foo durability=none proof=unit state=met",
      "[wave-integration] state=needs-more-work claims=two conflicts=0 blockers=0",
      "[wave-security] findings=0",
      "[wave-doc-delta] state=none color=blue size=2",
      "[wave-proof completion=contract",
      "[wave-frobnicate] a=b",
    ),
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.severity, d.reason]),
    [
      ["proof", "error", "missing key state"],
      ["proof", "error", "invalid value completion=foo (expected contract|integrated|authoritative|live)"],
      ["integration", "error", "invalid value claims=two (expected a whole number)"],
      ["security", "error", "missing keys state,approvals"],
      ["doc-delta", "warning", "unknown keys color,size"],
      ["proof", "error", "malformed tag (write [wave-proof] followed by a space)"],
      ["unknown", "warning", "unknown marker [wave-frobnicate]"],
    ],
  );
  assert.equal(r.docDelta?.state, "none");
  assert.deepEqual(r.counts.proof, { seen: 3, accepted: 0, rejected: 3, warnings: 0 });
});

test("10,000 marker lines: last wins, all counted, samples bounded", () => {
  const parser = createSignalParser({ maxSamplesPerKind: 4 });
  for (let i = 1; i <= 10_000; i++) {
    const state = i % 2 === 0 ? "met" : "gap";
    parser.push(`[wave-proof] completion=contract durability=none proof=unit state=${state} detail=n${i}\n`);
    if (i % 100 === 0) parser.push(`[wave-proof] completion=contract state=met detail=bad${i}\n`);
  }
  parser.end();
  const r = parser.result();
  assert.equal(r.proof?.detail, "n10000");
  assert.deepEqual(r.counts.proof, { seen: 10_100, accepted: 10_000, rejected: 100, warnings: 0 });
  assert.equal(r.diagnostics.length, 4);
  assert.equal(r.diagnostics.at(-1)?.text.endsWith("bad10000"), true, "the newest samples are kept");
  assert.equal(r.stats.lines, 10_100);
});

test("ANSI escapes, carriage-return overwrites, CRLF and invalid UTF-8 do not break parsing", () => {
  const input = Buffer.concat([
    Buffer.from("\x1b[1;32m[wave-proof]\x1b[0m completion=contract durability=none proof=unit state=met\r\n"),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]),
    Buffer.from("progress 10%\rprogress 100%\r[wave-doc-delta] state=owned\r\n"),
    Buffer.from("\x1b]0;window title\x07[wave-gap] kind=docs detail=caf"),
    Buffer.from([0xc3]),
    Buffer.from("\n"),
  ]);
  const r = parseSignals(input);
  assert.equal(r.proof?.state, "met");
  assert.equal(r.docDelta?.state, "owned");
  assert.equal(r.gaps[0]?.kind, "docs");
  assert.equal(r.gaps[0]?.detail, "caf\ufffd");
  assert.equal(r.stats.lines, 4);
});

test("an over-long line is ignored (never buffered whole) and parsing continues after it", () => {
  const parser = createSignalParser({ maxLineLength: 1024 });
  parser.push("[wave-proof] completion=contract durability=none proof=unit state=met detail=");
  for (let i = 0; i < 2_000; i++) parser.push("x".repeat(1000));
  parser.push("\n[wave-doc-delta] state=none\n");
  parser.end();
  const r = parser.result();
  assert.equal(r.proof, null);
  assert.equal(r.docDelta?.state, "none");
  assert.equal(r.stats.oversizedLines, 1);
  assert.equal(r.diagnostics[0]?.reason, "line longer than 1024 characters ignored");
  assert.equal(r.diagnostics[0]?.line, 1);
});

test("Reached max turns (N) in plain output is a termination hint", () => {
  const r = parseSignals("Error: Reached max turns (25)\n");
  assert.deepEqual(r.termination, { turnLimitReached: true, observedTurnLimit: 25, lastError: null });
});

test("canonical form round-trips through the parser for every marker kind", () => {
  const samples = [
    "[wave-proof] completion=authoritative durability=ephemeral proof=integration state=gap detail=x y",
    "[wave-doc-delta] state=shared-plan paths=a.md,b.md detail=d",
    "[wave-doc-closure] state=no-change",
    "[wave-integration] state=needs-more-work claims=1 conflicts=2 blockers=3 detail=d",
    "[wave-eval] state=blocked targets=1 benchmarks=1 regressions=0 target_ids=t1 benchmark_ids=b1",
    "[wave-security] state=blocked findings=4 approvals=1",
    "[wave-design] state=blocked decisions=1 assumptions=0 open_questions=2",
    "[wave-gate] architecture=pass integration=concerns durability=blocked live=gap docs=pass detail=d",
    "[wave-gap] kind=architecture detail=d",
    "[wave-component] component=c1 level=qa-proved state=met",
    "[wave-verdict] concerns detail=d",
    "[wave-phase] validating",
    "[deploy-status] service=web:1 state=rolledover detail=d",
    "[infra-status] kind=dns target=example.com/@ state=action-required",
  ];
  for (const line of samples) {
    const r = parseSignals(line);
    const kinds = Object.keys(r.counts);
    assert.equal(kinds.length, 1, line);
    const kind = kinds[0] as Parameters<typeof formatMarker>[0];
    assert.equal(r.counts[kind]?.accepted, 1, line);
    const field = {
      proof: "proof",
      "doc-delta": "docDelta",
      "doc-closure": "docClosure",
      integration: "integration",
      eval: "eval",
      security: "security",
      design: "design",
      gate: "gate",
      gap: "gaps",
      component: "components",
      verdict: "logVerdict",
      phase: "phase",
      "deploy-status": "deployStatus",
      "infra-status": "infraStatus",
    }[kind] as keyof typeof r;
    const value = r[field] as unknown;
    const marker = (Array.isArray(value) ? value[0] : value) as Record<string, unknown>;
    assert.equal(formatMarker(kind, marker), line);
    assert.ok(markerSyntax(kind).startsWith(line.slice(0, line.indexOf("]") + 1)));
  }
});
