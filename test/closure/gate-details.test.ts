/**
 * The exact status code and detail of the cont-EVAL, cont-QA, design and documentation gates, for
 * each way they pass or fail: the detail is what an agent reads in its next prompt and what the
 * report shows, so its facts (ids, counts, paths, the agent's own detail) are pinned here.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contEvalGate } from "../../src/closure/cont-eval.js";
import { contQaGate } from "../../src/closure/cont-qa.js";
import { designAgentGate, designGates } from "../../src/closure/design.js";
import { documentationGate, sharedPlanDeltas } from "../../src/closure/documentation.js";
import type { GateInputs } from "../../src/closure/types.js";
import type { GateResult } from "../../src/state/schema.js";
import { baseInputs, LOGS, NONCE, withLog, withSummary } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const EVAL = (body: string) => `[wave-eval] ${body}${n}`;
const pair = (g: GateResult) => [g.statusCode, g.detail];
const dropAgent = (i: GateInputs, id: string): GateInputs => ({
  ...withSummary(i, id, undefined),
  wave: { ...i.wave, agents: i.wave.agents.filter((a) => a.agentId !== id) },
});

test("cont-EVAL: passes with its target and benchmark counts; ids compare case-insensitively and without duplicates", () => {
  assert.deepEqual(pair(contEvalGate(baseInputs())), ["pass", "E0 satisfied 2 eval target(s) with 2 benchmark(s)."]);
  const dup = withLog(
    baseInputs(),
    "E0",
    EVAL("state=satisfied targets=2 benchmarks=2 regressions=0 target_ids=ERROR-RATE,latency-p95,error-rate benchmark_ids=k6-smoke,EB-5XX"),
  );
  assert.equal(contEvalGate(dup).statusCode, "pass");
  const noAgent = dropAgent(baseInputs(), "E0");
  assert.deepEqual(pair(contEvalGate(noAgent)), ["pass", "No cont-EVAL agent in this wave."]);
});

test("cont-EVAL: blocked and needs-more-work fail with their own codes and the agent's detail", () => {
  assert.deepEqual(
    pair(contEvalGate(withLog(baseInputs(), "E0", EVAL("state=blocked targets=2 benchmarks=2 regressions=0 detail=no staging")))),
    ["cont-eval-blocked", "E0 reported blocked: no staging"],
  );
  assert.deepEqual(pair(contEvalGate(withLog(baseInputs(), "E0", EVAL("state=needs-more-work targets=2 benchmarks=2 regressions=0")))), [
    "cont-eval-needs-more-work",
    "E0 reported needs-more-work.",
  ]);
});

test("cont-EVAL: the report must be owned and written", () => {
  const missing = withLog(baseInputs(), "E0", LOGS.E0, { report: { path: "docs/evals/wave-3-cont-eval.md", content: null } });
  assert.deepEqual(pair(contEvalGate(missing)), [
    "missing-cont-eval-report",
    "E0 did not write its cont-EVAL report docs/evals/wave-3-cont-eval.md.",
  ]);
  const inputs = baseInputs();
  const { E0: _e0, ...paths } = inputs.roles.reportPaths;
  const pathless = withLog({ ...inputs, roles: { ...inputs.roles, reportPaths: paths } }, "E0", LOGS.E0, { report: undefined });
  assert.deepEqual(pair(contEvalGate(pathless)), [
    "missing-cont-eval-report",
    'E0 owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval").',
  ]);
});

test("cont-EVAL: target ids must be listed, counted and equal to the wave's eval targets", () => {
  const gate = (body: string) => pair(contEvalGate(withLog(baseInputs(), "E0", EVAL(body))));
  assert.deepEqual(gate("state=satisfied targets=2 benchmarks=2 regressions=0 benchmark_ids=k6-smoke,eb-5xx"), [
    "missing-cont-eval-target-ids",
    "E0's [wave-eval] has no target_ids; list error-rate,latency-p95.",
  ]);
  assert.deepEqual(
    gate("state=satisfied targets=3 benchmarks=2 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx"),
    ["cont-eval-target-count-mismatch", "E0 reported targets=3 but target_ids lists 2 (error-rate,latency-p95)."],
  );
  assert.deepEqual(
    gate("state=satisfied targets=2 benchmarks=2 regressions=0 target_ids=latency-p95,uptime benchmark_ids=k6-smoke,eb-5xx"),
    ["cont-eval-target-mismatch", "E0's target_ids (latency-p95,uptime) must match the wave's eval targets (error-rate,latency-p95)."],
  );
  const noTargets = { ...baseInputs(), wave: { ...baseInputs().wave, evalTargets: [] } };
  assert.deepEqual(pair(contEvalGate(noTargets)), [
    "missing-cont-eval-contract",
    'Wave 3 has a cont-EVAL agent (E0) but no "## Eval targets" section to evaluate against.',
  ]);
});

test("cont-EVAL: benchmarks must be listed and counted; regressions fail with their count", () => {
  const gate = (body: string, inputs = baseInputs()) => pair(contEvalGate(withLog(inputs, "E0", EVAL(body))));
  const ids = "target_ids=latency-p95,error-rate";
  assert.deepEqual(gate(`state=satisfied targets=2 benchmarks=0 regressions=0 ${ids}`), [
    "missing-cont-eval-benchmarks",
    "E0's [wave-eval] has no benchmark_ids; list the benchmarks it ran.",
  ]);
  assert.deepEqual(gate(`state=satisfied targets=2 benchmarks=3 regressions=0 ${ids} benchmark_ids=k6-smoke,eb-5xx`), [
    "cont-eval-benchmark-count-mismatch",
    "E0 reported benchmarks=3 but benchmark_ids lists 2 (eb-5xx,k6-smoke).",
  ]);
  assert.deepEqual(gate(`state=satisfied targets=2 benchmarks=2 regressions=1 ${ids} benchmark_ids=k6-smoke,eb-5xx detail=p95 up 30%`), [
    "cont-eval-regressions",
    "E0 found 1 unresolved regression(s): p95 up 30%",
  ]);
  assert.deepEqual(gate(`state=satisfied targets=2 benchmarks=2 regressions=2 ${ids} benchmark_ids=k6-smoke,eb-5xx`), [
    "cont-eval-regressions",
    "E0 found 2 unresolved regression(s).",
  ]);
});

test("cont-EVAL: benchmarks must be declared, pinned ones run, and each delegated family represented", () => {
  const gate = (benchmarks: string[], inputs = baseInputs()) =>
    pair(
      contEvalGate(
        withLog(
          inputs,
          "E0",
          EVAL(
            `state=satisfied targets=2 benchmarks=${benchmarks.length} regressions=0 target_ids=latency-p95,error-rate benchmark_ids=${benchmarks.join(",")}`,
          ),
        ),
      ),
    );
  assert.deepEqual(gate(["k6-smoke", "eb-5xx", "zzz-bench", "aaa-bench"]), [
    "cont-eval-benchmark-mismatch",
    "E0: benchmark_ids lists undeclared benchmark(s) aaa-bench, zzz-bench.",
  ]);
  assert.deepEqual(gate(["eb-5xx", "eb-latency"]), [
    "cont-eval-benchmark-mismatch",
    "E0: target latency-p95 pins benchmark(s) k6-smoke that were not run.",
  ]);
  assert.deepEqual(gate(["k6-smoke"]), [
    "cont-eval-benchmark-mismatch",
    "E0: target error-rate delegates to family error-budgets, but no benchmark of that family was run.",
  ]);
  assert.deepEqual(gate(["k6-smoke", "eb-latency"]), ["pass", "E0 satisfied 2 eval target(s) with 2 benchmark(s)."]);
  // A family the catalog does not list allows any benchmark id (and cannot be checked for representation).
  const unknownFamily = { ...baseInputs(), benchmarkFamilies: {} };
  assert.deepEqual(gate(["k6-smoke", "anything"], unknownFamily), ["pass", "E0 satisfied 2 eval target(s) with 2 benchmark(s)."]);
  assert.equal(gate(["anything"], unknownFamily)[0], "cont-eval-benchmark-mismatch", "a pinned benchmark is still required");
  const { benchmarkFamilies: _b, ...noCatalog } = baseInputs();
  assert.equal(gate(["k6-smoke", "other"], noCatalog as GateInputs)[0], "pass");
  // A delegated target without a family allows any id as well.
  const familyless = baseInputs();
  const targets = familyless.wave.evalTargets.map((t) => (t.selection === "delegated" ? { ...t, benchmarkFamily: null } : t));
  assert.equal(gate(["k6-smoke", "other"], { ...familyless, wave: { ...familyless.wave, evalTargets: targets } })[0], "pass");
  // Only pinned targets: nothing outside their benchmarks is declared.
  const pinnedOnly = {
    ...familyless,
    wave: { ...familyless.wave, evalTargets: familyless.wave.evalTargets.filter((t) => t.selection === "pinned") },
  };
  const only = withLog(
    pinnedOnly,
    "E0",
    EVAL("state=satisfied targets=1 benchmarks=2 regressions=0 target_ids=latency-p95 benchmark_ids=k6-smoke,eb-5xx"),
  );
  assert.deepEqual(pair(contEvalGate(only)), ["cont-eval-benchmark-mismatch", "E0: benchmark_ids lists undeclared benchmark(s) eb-5xx."]);
});

test("cont-QA: passes naming where the verdict came from, with its detail", () => {
  assert.deepEqual(pair(contQaGate(baseInputs())), ["pass", "A0 passed the wave ([wave-verdict]): ship it"]);
  const fromReport = withLog(baseInputs(), "A0", `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}`);
  assert.deepEqual(pair(contQaGate(fromReport)), ["pass", "A0 passed the wave (the Verdict: line of docs/reviews/wave-3-cont-qa.md)."]);
});

test("cont-QA: a verdict other than pass fails as cont-qa-<verdict>", () => {
  const gate = (verdict: string) =>
    pair(
      contQaGate(
        withLog(
          baseInputs(),
          "A0",
          `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}\n[wave-verdict] ${verdict}${n}`,
        ),
      ),
    );
  assert.deepEqual(gate("concerns detail=slow"), ["cont-qa-concerns", "A0 gave verdict concerns ([wave-verdict]): slow"]);
  assert.deepEqual(gate("hold"), ["cont-qa-hold", "A0 gave verdict hold ([wave-verdict])."]);
  assert.deepEqual(gate("fail"), ["cont-qa-blocked", "A0 gave verdict blocked ([wave-verdict])."]);
  const reportBlocked = withLog(
    baseInputs(),
    "A0",
    `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}`,
    {
      report: { path: "docs/reviews/wave-3-cont-qa.md", content: "Verdict: PASS\nVerdict: BLOCKED - leak\n" },
    },
  );
  assert.deepEqual(pair(contQaGate(reportBlocked)), [
    "cont-qa-blocked",
    "A0 gave verdict blocked (the Verdict: line of docs/reviews/wave-3-cont-qa.md): leak",
  ]);
});

test("cont-QA: a dimension rated concerns or blocked fails; gaps pass conditionally, listed", () => {
  const gate = (dims: string) => pair(contQaGate(withLog(baseInputs(), "A0", `intro\n[wave-gate] ${dims}${n}\n[wave-verdict] pass${n}`)));
  assert.deepEqual(gate("architecture=pass integration=concerns durability=pass live=pass docs=pass detail=race"), [
    "gate-integration-concerns",
    "A0 rated integration as concerns (line 2): race",
  ]);
  assert.deepEqual(gate("architecture=pass integration=pass durability=pass live=pass docs=blocked"), [
    "gate-docs-blocked",
    "A0 rated docs as blocked (line 2).",
  ]);
  assert.deepEqual(gate("architecture=gap integration=pass durability=pass live=gap docs=pass"), [
    "conditional-pass",
    "A0 passed the wave with known gaps in architecture, live.",
  ]);
  assert.deepEqual(gate("architecture=pass integration=pass durability=gap live=pass docs=pass detail=soak later"), [
    "conditional-pass",
    "A0 passed the wave with known gaps in durability: soak later",
  ]);
  assert.equal(
    contQaGate(
      withLog(
        baseInputs(),
        "A0",
        `[wave-gate] architecture=gap integration=pass durability=pass live=pass docs=pass${n}\n[wave-verdict] pass${n}`,
      ),
    ).ok,
    true,
  );
});

test("cont-QA: without a verdict anywhere, or without its report, the gate says which", () => {
  const noVerdict = withLog(baseInputs(), "A0", `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}`, {
    report: { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\nLooks fine.\n" },
  });
  assert.deepEqual(pair(contQaGate(noVerdict)), [
    "missing-cont-qa-verdict",
    'A0 gave no verdict: neither a [wave-verdict] line in its output nor a "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line in docs/reviews/wave-3-cont-qa.md.',
  ]);
  const noReport = withLog(baseInputs(), "A0", LOGS.A0, { report: { path: "docs/reviews/wave-3-cont-qa.md", content: null } });
  assert.deepEqual(pair(contQaGate(noReport)), [
    "missing-cont-qa-report",
    "A0 did not write its cont-QA report docs/reviews/wave-3-cont-qa.md.",
  ]);
  const inputs = baseInputs();
  const { A0: _a0, ...paths } = inputs.roles.reportPaths;
  const pathless = withLog({ ...inputs, roles: { ...inputs.roles, reportPaths: paths } }, "A0", LOGS.A0, { report: undefined });
  assert.deepEqual(pair(contQaGate(pathless)), [
    "missing-cont-qa-report",
    "A0 owns no cont-QA report path (an owned file like docs/reviews/wave-3-cont-qa.md).",
  ]);
});

test("cont-QA: no agent declared fails only when cont-QA is required", () => {
  const noAgent = dropAgent(baseInputs(), "A0");
  assert.deepEqual(pair(contQaGate(noAgent)), ["missing-cont-qa", "Wave 3 requires a cont-QA agent (A0) but declares none."]);
  const noRole = { ...noAgent, roles: { ...noAgent.roles, contQaAgentId: null } };
  assert.deepEqual(pair(contQaGate(noRole)), ["missing-cont-qa", "Wave 3 requires a cont-QA agent (A0) but declares none."]);
  const optional: GateInputs = { ...noAgent, policy: { ...noAgent.policy, requiredStages: ["security"] } };
  assert.deepEqual(pair(contQaGate(optional)), ["pass", "No cont-QA agent in this wave."]);
});

test("design: ready, blocked and needs-clarification, with the packet required", () => {
  assert.deepEqual(pair(designAgentGate(baseInputs(), "D1")), ["pass", "D1 is ready for implementation (4 decision(s), 2 assumption(s))."]);
  const design = (body: string) => pair(designAgentGate(withLog(baseInputs(), "D1", `[wave-design] ${body}${n}`), "D1"));
  assert.deepEqual(design("state=blocked decisions=1 assumptions=0 open_questions=0 detail=no API spec"), [
    "design-blocked",
    "D1 reported the design blocked: no API spec",
  ]);
  assert.deepEqual(design("state=blocked decisions=1 assumptions=0 open_questions=0"), [
    "design-blocked",
    "D1 reported the design blocked.",
  ]);
  assert.deepEqual(design("state=needs-clarification decisions=1 assumptions=0 open_questions=3 detail=which region"), [
    "design-needs-clarification",
    "D1 needs clarification before implementation (3 open question(s)): which region Answer them in the wave file or via feedback.",
  ]);
  assert.deepEqual(design("state=needs-clarification decisions=1 assumptions=0 open_questions=1"), [
    "design-needs-clarification",
    "D1 needs clarification before implementation (1 open question(s)). Answer them in the wave file or via feedback.",
  ]);
  const noPacket = withLog(baseInputs(), "D1", LOGS.D1, { report: { path: "docs/design/wave-3-handoff.md", content: null } });
  assert.deepEqual(pair(designAgentGate(noPacket, "D1")), [
    "missing-design-packet",
    "D1 did not write its design packet docs/design/wave-3-handoff.md.",
  ]);
  const inputs = baseInputs();
  const { D1: _d1, ...paths } = inputs.roles.reportPaths;
  const pathless = withLog({ ...inputs, roles: { ...inputs.roles, reportPaths: paths } }, "D1", LOGS.D1, { report: undefined });
  assert.deepEqual(pair(designAgentGate(pathless, "D1")), [
    "missing-design-packet",
    'D1 owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage").',
  ]);
  assert.equal(designAgentGate(withSummary(baseInputs(), "D1", undefined), "D1").statusCode, "missing-wave-design");
  const undeclared = { ...inputs, roles: { ...inputs.roles, designAgentIds: ["D1", "D9"] } };
  assert.deepEqual(
    designGates(undeclared).map((g) => g.agentId),
    ["D1"],
  );
});

test("documentation: closed and no-change pass with their own detail; an open delta fails", () => {
  assert.deepEqual(pair(documentationGate(baseInputs())), ["pass", "A9 closed the shared-plan documentation delta."]);
  const doc = (body: string) => pair(documentationGate(withLog(baseInputs(), "A9", `[wave-doc-closure] ${body}${n}`)));
  assert.deepEqual(doc("state=no-change"), ["pass", "A9 confirmed no documentation changes were needed."]);
  assert.deepEqual(doc("state=delta detail=roadmap not updated"), [
    "doc-closure-open",
    "A9 still reports an open shared-plan delta: roadmap not updated Land the documentation changes, then print state=closed.",
  ]);
  assert.deepEqual(doc("state=delta"), [
    "doc-closure-open",
    "A9 still reports an open shared-plan delta. Land the documentation changes, then print state=closed.",
  ]);
});

test("documentation: a steward with no output closes by fallback only when integration is ready", () => {
  const empty = withLog(baseInputs(), "A9", "");
  assert.deepEqual(pair(documentationGate(empty)), [
    "fallback-auto-closed",
    "A9 produced no output; integration is ready for doc closure, so documentation is closed by fallback.",
  ]);
  const notReady = withLog(empty, "A8", `[wave-integration] state=needs-more-work claims=1 conflicts=1 blockers=0${n}`);
  assert.deepEqual(pair(documentationGate(notReady)), [
    "missing-doc-closure-empty-run",
    "A9 produced no output and integration is not ready; rerun the documentation steward.",
  ]);
  // One byte of output is not an empty run: the marker is missing.
  assert.equal(documentationGate(withLog(baseInputs(), "A9", "\n")).statusCode, "missing-doc-closure");
});

test("documentation: without a steward, auto-closure follows the flags; otherwise required or not", () => {
  const none = dropAgent(baseInputs(), "A9");
  assert.deepEqual(pair(documentationGate(none)), [
    "missing-doc-closure",
    "Wave 3 requires a documentation steward (A9) but declares none.",
  ]);
  const optional: GateInputs = { ...none, policy: { ...none.policy, requiredStages: ["cont-qa"] } };
  assert.deepEqual(pair(documentationGate(optional)), ["pass", "No documentation steward in this wave."]);
  const noChange = {
    ...none,
    wave: { ...none.wave, componentPromotions: [] },
    policy: { ...none.policy, autoClosure: { ...none.policy.autoClosure, allowAutoDocNoChange: true } },
  };
  assert.deepEqual(pair(documentationGate(noChange)), [
    "doc-auto-no-change",
    "No shared-plan doc deltas and no component promotions: documentation closed as no-change (autoClosure.allowAutoDocNoChange).",
  ]);
  // With promotions due, no-change is not allowed to close it.
  const promotions = { ...noChange, wave: none.wave };
  assert.equal(documentationGate(promotions).statusCode, "missing-doc-closure");
  // A shared-plan delta from any agent prevents every auto-closure.
  const shared = withLog(noChange, "A2", "[wave-doc-delta] state=shared-plan paths=docs/plan.md");
  assert.deepEqual(sharedPlanDeltas(shared), ["A2"]);
  assert.equal(documentationGate(shared).statusCode, "missing-doc-closure");
  const projection = { ...none, policy: { ...none.policy, autoClosure: { ...none.policy.autoClosure, allowAutoDocProjection: true } } };
  assert.deepEqual(pair(documentationGate(projection)), [
    "doc-auto-closed",
    "Only component-matrix updates were due and the matrix is current: documentation auto-closed (autoClosure.allowAutoDocProjection).",
  ]);
  assert.equal(
    documentationGate({ ...projection, componentMatrix: null }).statusCode,
    "missing-doc-closure",
    "no matrix: nothing to project",
  );
  assert.equal(
    documentationGate({ ...projection, wave: { ...projection.wave, componentPromotions: [] } }).statusCode,
    "missing-doc-closure",
  );
});
