/**
 * The shared pieces of the gate functions (src/closure/util.ts): level ordering, which coordination
 * records block or belong to a barrier, the id lists and report facts in gate details, and the exact
 * text that tells an agent which markers are missing or were rejected.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { OpenBlocker } from "../../src/closure/types.js";
import {
  alsoMissingNote,
  blockingRecords,
  declaredIds,
  forwardedIds,
  gateResult,
  isBarrierRecord,
  isDeclared,
  listIds,
  markerProblem,
  markerProblems,
  meetsOrExceeds,
  rank,
  reportFact,
  skippedGate,
  summaryOf,
  terminationNote,
} from "../../src/closure/util.js";
import type { ExecutionSummary } from "../../src/signals/schema.js";
import { baseInputs, baseSummary, baseWave, LOGS, NONCE } from "./helpers.js";

const LEVELS = ["contract", "integrated", "authoritative", "live"] as const;
const EVAL_SYNTAX =
  "[wave-eval] state=satisfied|needs-more-work|blocked targets=<n> benchmarks=<n> regressions=<n> target_ids=<a,b> benchmark_ids=<a,b> detail=<text>";
const DOC_SYNTAX = "[wave-doc-delta] state=none|owned|shared-plan paths=<a,b> detail=<text>";
const PROOF_SYNTAX =
  "[wave-proof] completion=contract|integrated|authoritative|live durability=none|ephemeral|durable proof=unit|integration|live state=met|gap detail=<text>";
const COMPONENT_SYNTAX = "[wave-component] component=<component> level=<level> state=met|gap detail=<text>";

function record(overrides: Partial<OpenBlocker>): OpenBlocker {
  return { id: "r1", kind: "blocker", agentId: "A1", summary: "waiting", severity: "hard", ...overrides };
}

function stopped(summary: ExecutionSummary, hint: string | null): ExecutionSummary {
  return {
    ...summary,
    termination: { reason: hint === null ? null : "max-turns", hint, observedTurnLimit: hint === null ? null : 30 },
  } as ExecutionSummary;
}

test("rank and meetsOrExceeds: a null or empty requirement is met; an unknown requirement or level never is", () => {
  assert.equal(rank(LEVELS, "authoritative"), 2);
  assert.equal(rank(LEVELS, null), -1);
  assert.equal(rank(LEVELS, undefined), -1);
  assert.equal(rank(LEVELS, "bogus"), -1);
  assert.equal(meetsOrExceeds("contract", null, LEVELS), true);
  assert.equal(meetsOrExceeds("contract", "", LEVELS), true);
  assert.equal(meetsOrExceeds("live", "integrated", LEVELS), true);
  assert.equal(meetsOrExceeds("integrated", "integrated", LEVELS), true);
  assert.equal(meetsOrExceeds("contract", "integrated", LEVELS), false);
  assert.equal(meetsOrExceeds("live", "galactic", LEVELS), false);
  assert.equal(meetsOrExceeds("bogus", "contract", LEVELS), false);
});

test("summaryOf, isDeclared, declaredIds: null and undeclared agents have nothing; ids keep the wave's order", () => {
  const inputs = baseInputs();
  assert.equal(summaryOf(inputs, null), null);
  assert.equal(summaryOf(inputs, "Z9"), null);
  assert.equal(summaryOf(inputs, "E0")?.agentId, "E0");
  assert.equal(isDeclared(inputs.wave, null), false);
  assert.equal(isDeclared(inputs.wave, "Z9"), false);
  assert.equal(isDeclared(inputs.wave, "A7"), true);
  assert.deepEqual(declaredIds(inputs.wave, ["A0", "Z9", "A1"]), ["A1", "A0"]);
});

test("gateResult carries the summary's log path; skippedGate passes with status skipped and its detail", () => {
  const s = baseSummary(baseWave(), "E0", undefined, { logPath: "agents/E0/run-2.log" });
  assert.deepEqual(
    gateResult({ stage: "cont-eval", agentId: "E0", ok: false, statusCode: "x-code", detail: "why", summary: s, componentId: "auth" }),
    {
      stage: "cont-eval",
      agentId: "E0",
      ok: false,
      statusCode: "x-code",
      detail: "why",
      logPath: "agents/E0/run-2.log",
      componentId: "auth",
    },
  );
  assert.deepEqual(gateResult({ stage: "cont-eval", agentId: null, ok: true, statusCode: "pass", detail: "ok" }), {
    stage: "cont-eval",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "ok",
  });
  assert.deepEqual(skippedGate("security", "No security reviewer."), {
    stage: "security",
    agentId: null,
    ok: true,
    statusCode: "skipped",
    detail: "No security reviewer.",
    skipped: true,
  });
});

test("terminationNote names why the agent stopped early, and is empty without a hint or summary", () => {
  const s = baseSummary(baseWave(), "E0");
  assert.equal(terminationNote(stopped(s, "Reached max turns (30)")), " The agent stopped early: Reached max turns (30).");
  assert.equal(terminationNote(stopped(s, null)), "");
  assert.equal(terminationNote(null), "");
});

test("markerProblem: no summary means the agent did not run; markerProblems needs at least one marker", () => {
  assert.deepEqual(markerProblem(null, "proof", "A1"), {
    invalid: false,
    detail: "No execution summary for A1: the agent did not run or its output was not read, so no [wave-proof] marker was seen.",
  });
  assert.deepEqual(markerProblems(null, "A1", [{ kind: "proof" }, { kind: "doc-delta" }]), {
    invalid: false,
    detail:
      "No execution summary for A1: the agent did not run or its output was not read, so none of its markers ([wave-proof], [wave-doc-delta]) was seen.",
  });
  assert.throws(() => markerProblems(null, "A1", []), { message: "markerProblems needs at least one marker" });
});

test("markerProblem: a missing marker gets its syntax, with the nonce note only for markers that need a nonce", () => {
  const s = baseSummary(baseWave(), "A2", "Nothing printed.");
  assert.deepEqual(markerProblem(s, "proof", "A2"), {
    invalid: false,
    detail: `A2 did not print a [wave-proof] marker. End its output with a line: ${PROOF_SYNTAX}.`,
  });
  assert.deepEqual(markerProblem(s, "eval", "A2"), {
    invalid: false,
    detail: `A2 did not print a [wave-eval] marker. End its output with a line: ${EVAL_SYNTAX} (with nonce=<WAVE_MARKER_NONCE> when nonces are on).`,
  });
  assert.equal(
    markerProblem(stopped(s, "Reached max turns (30)"), "proof", "A2").detail,
    `A2 did not print a [wave-proof] marker. End its output with a line: ${PROOF_SYNTAX}. The agent stopped early: Reached max turns (30).`,
  );
});

test("markerProblem: rejected lines are counted and the last one is quoted with its reason (nonce masked)", () => {
  const s = baseSummary(
    baseWave(),
    "E0",
    `[wave-eval] state=satisfied targets=2 nonce=${NONCE}\n[wave-eval] state=bogus nonce=${NONCE}\n[wave-doc-delta] state=zzz`,
  );
  assert.deepEqual(markerProblem(s, "eval", "E0"), {
    invalid: true,
    detail: `E0 printed [wave-eval] 2 times but it was not accepted. Rejected line 2: invalid value state=bogus (expected satisfied|needs-more-work|blocked): \`[wave-eval] state=bogus nonce=***\`. Print it on a line of its own, outside code blocks that hold other text, as: ${EVAL_SYNTAX} (with nonce=<WAVE_MARKER_NONCE> when nonces are on).`,
  });
  assert.deepEqual(markerProblem(stopped(s, "Ran out of context"), "doc-delta", "E0"), {
    invalid: true,
    detail: `E0 printed [wave-doc-delta] once but it was not accepted. Rejected line 3: invalid value state=zzz (expected none|owned|shared-plan): \`[wave-doc-delta] state=zzz\`. Print it on a line of its own, outside code blocks that hold other text, as: ${DOC_SYNTAX}. The agent stopped early: Ran out of context.`,
  });
});

test("markerProblem for a component quotes that component's rejected line, not another component's", () => {
  const log = [
    "[wave-component] component=auth-service level=repo-landed state=bad",
    "[wave-component] component=other level=x state=bad",
  ].join("\n");
  const s = baseSummary(baseWave(), "A1", log);
  const own = markerProblem(s, "component", "A1", { componentId: "auth-service" });
  assert.equal(own.invalid, true);
  assert.equal(
    own.detail,
    `A1 printed [wave-component] 2 times but it was not accepted. Rejected line 1: invalid value state=bad (expected met|gap): \`[wave-component] component=auth-service level=repo-landed state=bad\`. Print it on a line of its own, outside code blocks that hold other text, as: ${COMPONENT_SYNTAX}.`,
  );
  // No rejected line for this component, but every component line was rejected: the last one is quoted.
  const third = markerProblem(s, "component", "A1", { componentId: "third" });
  assert.equal(third.invalid, true);
  assert.match(third.detail, /Rejected line 2: .*component=other/);
  // Another component's line was accepted: this one was simply not printed.
  const mixed = baseSummary(
    baseWave(),
    "A1",
    "[wave-component] component=auth-service level=repo-landed state=met\n[wave-component] component=other level=x state=bad",
  );
  assert.deepEqual(markerProblem(mixed, "component", "A1", { componentId: "third" }), {
    invalid: false,
    detail: `A1 did not print a [wave-component] marker. End its output with a line: ${COMPONENT_SYNTAX}.`,
  });
  assert.equal(markerProblem(mixed, "component", "A1", { componentId: "other" }).invalid, true);
  // A later accepted line with a warning (unknown key) is not the rejected line quoted.
  const warned = baseSummary(
    baseWave(),
    "A1",
    "[wave-component] component=third level=x state=bad\n[wave-component] component=third level=x state=met colour=blue",
  );
  assert.match(markerProblem(warned, "component", "A1", { componentId: "third" }).detail, /Rejected line 1: invalid value state=bad/);
});

test("markerProblem: a kind with one accepted line is not invalid because another line of it was rejected", () => {
  const s = baseSummary(baseWave(), "E0", `[wave-eval] state=bogus nonce=${NONCE}\n${LOGS.E0}`);
  assert.deepEqual(markerProblem(s, "eval", "E0"), {
    invalid: false,
    detail: `E0 did not print a [wave-eval] marker. End its output with a line: ${EVAL_SYNTAX} (with nonce=<WAVE_MARKER_NONCE> when nonces are on).`,
  });
});

test("markerProblems lists every missing marker; invalid follows the first; the nonce note only when one needs it", () => {
  const s = baseSummary(baseWave(), "A1", "[wave-doc-delta] state=zzz");
  assert.deepEqual(markerProblems(s, "A1", [{ kind: "proof" }, { kind: "doc-delta" }]), {
    invalid: false,
    detail: `A1 is missing 2 required markers. [wave-proof]: not printed. [wave-doc-delta]: printed once but not accepted. Rejected line 1: invalid value state=zzz (expected none|owned|shared-plan): \`[wave-doc-delta] state=zzz\`. Print each on a line of its own, outside code blocks that hold other text: ${PROOF_SYNTAX} | ${DOC_SYNTAX}. See docs/markers.md for every marker.`,
  });
  const withEval = markerProblems(stopped(s, "Reached max turns (30)"), "A1", [
    { kind: "doc-delta" },
    { kind: "component", componentId: "auth-service" },
    { kind: "eval" },
  ]);
  assert.equal(withEval.invalid, true);
  assert.equal(
    withEval.detail,
    `A1 is missing 3 required markers. [wave-doc-delta]: printed once but not accepted. Rejected line 1: invalid value state=zzz (expected none|owned|shared-plan): \`[wave-doc-delta] state=zzz\`. [wave-component] component=auth-service: not printed. [wave-eval]: not printed. Print each on a line of its own, outside code blocks that hold other text: ${DOC_SYNTAX} | ${COMPONENT_SYNTAX} | ${EVAL_SYNTAX}. Gate markers need nonce=<WAVE_MARKER_NONCE> when nonces are on. See docs/markers.md for every marker. The agent stopped early: Reached max turns (30).`,
  );
});

test("alsoMissingNote lists the still-missing markers, flags rejected ones, and is empty without summary or markers", () => {
  const s = baseSummary(baseWave(), "A1", "[wave-doc-delta] state=zzz");
  assert.equal(
    alsoMissingNote(s, [{ kind: "doc-delta" }, { kind: "proof", syntax: "[wave-proof] completion=integrated state=met" }]),
    " Also missing: [wave-doc-delta] (printed but not accepted), [wave-proof]; print [wave-doc-delta] state=none|owned|shared-plan paths=<a,b> detail=<text> | [wave-proof] completion=integrated state=met.",
  );
  assert.equal(alsoMissingNote(null, [{ kind: "proof" }]), "");
  assert.equal(alsoMissingNote(s, []), "");
});

test("blockingRecords drops stale and advisory records; no coordination means none", () => {
  const records = [
    record({ id: "b-hard", severity: "hard" }),
    record({ id: "b-stale", severity: "stale" }),
    record({ id: "b-advisory", severity: "advisory" }),
    record({ id: "b-soft", severity: "soft" }),
  ];
  assert.deepEqual(
    blockingRecords(baseInputs({ coordination: { openBlockers: records } })).map((r) => r.id),
    ["b-hard", "b-soft"],
  );
  assert.deepEqual(blockingRecords(baseInputs({ coordination: undefined })), []);
});

test("isBarrierRecord: human feedback, escalations, clarifications, follow-ups and capability requests belong to a barrier", () => {
  assert.equal(isBarrierRecord(record({ kind: "human-feedback" })), true);
  assert.equal(isBarrierRecord(record({ kind: "human-escalation" })), true);
  assert.equal(isBarrierRecord(record({ kind: "clarification-request" })), true);
  assert.equal(isBarrierRecord(record({ kind: "request", followUpOf: "c1" })), true);
  assert.equal(isBarrierRecord(record({ kind: "request", followUpOf: null, targets: ["agent:A2"] })), false);
  assert.equal(isBarrierRecord(record({ kind: "request", targets: ["agent:A2", "capability:db-admin"] })), true);
  assert.equal(isBarrierRecord(record({ kind: "blocker" })), false);
  assert.equal(isBarrierRecord(record({ kind: "", targets: [] })), false);
});

test("forwardedIds holds the forwarded gap ids, and is empty without coordination", () => {
  assert.deepEqual([...forwardedIds(baseInputs({ coordination: { openBlockers: [], forwardedGaps: ["g1", "g2"] } }))], ["g1", "g2"]);
  assert.deepEqual([...forwardedIds(baseInputs({ coordination: { openBlockers: [] } }))], []);
  assert.deepEqual([...forwardedIds(baseInputs({ coordination: undefined }))], []);
});

test("listIds shows up to max records with their summaries, then how many more", () => {
  const rs = ["a", "b", "c", "d", "e"].map((id) => ({ id, summary: `s-${id}` }));
  assert.equal(listIds(rs.slice(0, 3)), "a (s-a); b (s-b); c (s-c)");
  assert.equal(listIds(rs), "a (s-a); b (s-b); c (s-c) and 2 more");
  assert.equal(listIds(rs.slice(0, 2), 1), "a (s-a) and 1 more");
  assert.equal(listIds(rs.slice(0, 1), 1), "a (s-a)");
});

test("reportFact: the role's report path wins over the summary's; it exists only when the summary saw that path", () => {
  const inputs = baseInputs();
  const e0 = inputs.summaries.E0!;
  assert.deepEqual(reportFact(inputs, "E0", e0), { path: "docs/evals/wave-3-cont-eval.md", exists: true });
  const elsewhere = { ...e0, report: { ...e0.report!, path: "docs/other.md" } } as ExecutionSummary;
  assert.deepEqual(reportFact(inputs, "E0", elsewhere), { path: "docs/evals/wave-3-cont-eval.md", exists: false });
  const missing = { ...e0, report: { ...e0.report!, exists: false } } as ExecutionSummary;
  assert.deepEqual(reportFact(inputs, "E0", missing), { path: "docs/evals/wave-3-cont-eval.md", exists: false });
  // No role path: the summary's own report path is used.
  const a2 = {
    ...inputs.summaries.A2!,
    reportPath: "docs/a2.md",
    report: { path: "docs/a2.md", exists: true, sha256: null, verdict: null },
  } as ExecutionSummary;
  assert.deepEqual(reportFact(inputs, "A2", a2), { path: "docs/a2.md", exists: true });
  assert.deepEqual(reportFact(inputs, "A2", { ...a2, report: null } as ExecutionSummary), { path: "docs/a2.md", exists: false });
  assert.deepEqual(reportFact(inputs, "A2", null), { path: null, exists: false });
  assert.deepEqual(reportFact(inputs, "E0", null), { path: "docs/evals/wave-3-cont-eval.md", exists: false });
});
