/**
 * The wave-wide barriers (infra, clarification), the security reviewer's states and the
 * integration steward's inference rules, each with the exact status code and detail a run records.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { clarificationGate, infraGate } from "../../src/closure/barriers.js";
import { integrationGate, integrationSignals } from "../../src/closure/integration.js";
import { securityAgentGate, securityGates } from "../../src/closure/security.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import { blockingRecords, listIds } from "../../src/closure/util.js";
import { baseInputs, NONCE, withLog, withSummary } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const record = (id: string, kind: string, severity = "hard", agentId = "A1"): OpenBlocker => ({
  id,
  kind,
  agentId,
  summary: `${kind} ${id}`,
  severity,
});
const withRecords = (records: OpenBlocker[], forwardedGaps?: string[]): GateInputs => ({
  ...baseInputs(),
  coordination: forwardedGaps ? { openBlockers: records, forwardedGaps } : { openBlockers: records },
});

test("clarification: an open human-escalation blocks like human feedback, naming its agent", () => {
  const gate = clarificationGate(withRecords([record("esc-1", "human-escalation", "hard", "A2")]));
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "human-feedback-open");
  assert.equal(gate.agentId, "A2");
  assert.equal(
    gate.detail,
    "Waiting for a human answer: esc-1 (human-escalation esc-1). Answer through the feedback input of the next run.",
  );
});

test("clarification: human questions come before clarification requests; requests alone block with clarification-open", () => {
  const both = clarificationGate(
    withRecords([record("c1", "clarification-request", "hard", "A1"), record("h1", "human-feedback", "hard", "A2")]),
  );
  assert.equal(both.statusCode, "human-feedback-open");
  assert.equal(both.agentId, "A2");
  const requests = clarificationGate(
    withRecords([record("c1", "clarification-request", "hard", "A1"), record("c2", "clarification-request", "soft", "A2")]),
  );
  assert.equal(requests.statusCode, "clarification-open");
  assert.equal(requests.agentId, "A1");
  assert.equal(requests.detail, "Open clarification request(s): c1 (clarification-request c1); c2 (clarification-request c2).");
  const other = clarificationGate(withRecords([record("b1", "blocker")]));
  assert.equal(other.ok, true);
  assert.equal(other.statusCode, "pass");
  assert.equal(other.detail, "No open human feedback, clarification requests or follow-ups.");
});

test("clarification: stale and advisory records do not block; no coordination at all passes", () => {
  const quiet = withRecords([record("h1", "human-feedback", "stale"), record("c1", "clarification-request", "advisory")]);
  assert.equal(clarificationGate(quiet).ok, true);
  assert.deepEqual(blockingRecords(quiet), []);
  assert.deepEqual(
    blockingRecords(withRecords([record("a", "blocker", "stale"), record("b", "blocker", "soft"), record("c", "blocker", "advisory")])).map(
      (r) => r.id,
    ),
    ["b"],
  );
  const { coordination: _none, ...rest } = baseInputs();
  assert.equal(clarificationGate(rest as GateInputs).ok, true);
  assert.deepEqual(blockingRecords(rest as GateInputs), []);
});

test("listIds: at most three records, then how many more", () => {
  const records = ["a", "b", "c", "d", "e"].map((id) => ({ id, summary: `s${id}` }));
  assert.equal(listIds(records), "a (sa); b (sb); c (sc) and 2 more");
  assert.equal(listIds(records.slice(0, 3)), "a (sa); b (sb); c (sc)");
  assert.equal(listIds(records, 1), "a (sa) and 4 more");
});

test("infra: a blocking state fails with infra-<state> and the detail; non-blocking states pass", () => {
  const blocked = withLog(baseInputs(), "A2", "[infra-status] kind=db target=postgres@primary state=unreachable detail=connection refused");
  const gate = infraGate(blocked);
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "infra-unreachable");
  assert.equal(gate.agentId, "A2");
  assert.equal(gate.detail, "A2 reported infra db postgres@primary as unreachable (line 1): connection refused");
  const plain = infraGate(withLog(baseInputs(), "A2", "ok\n[infra-status] kind=db target=pg state=down"));
  assert.equal(plain.detail, "A2 reported infra db pg as down (line 2).");
  for (const state of ["conformant", "setup-required", "action-complete"]) {
    const ok = infraGate(withLog(baseInputs(), "A2", `[infra-status] kind=db target=pg state=${state}`));
    assert.equal(ok.ok, true, state);
    assert.equal(ok.detail, "No blocking [infra-status] reported.");
  }
});

test("security: state=clear with open approvals is contradictory, like open findings", () => {
  const approvals = withLog(baseInputs(), "A7", `[wave-security] state=clear findings=0 approvals=1${n}`);
  const gate = securityAgentGate(approvals, "A7");
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "invalid-security-clear-state");
  assert.equal(
    gate.detail,
    "A7 reported state=clear with findings=0 approvals=1; clear means none remain open — report concerns or blocked instead.",
  );
  const findings = securityAgentGate(withLog(baseInputs(), "A7", `[wave-security] state=clear findings=2 approvals=0${n}`), "A7");
  assert.equal(findings.statusCode, "invalid-security-clear-state");
  const clear = securityAgentGate(baseInputs(), "A7");
  assert.equal(clear.ok, true);
  assert.equal(clear.statusCode, "pass");
  assert.equal(clear.detail, "A7 reported clear.");
});

test("security: concerns pass with their count; blocked fails; a concerns report with approvals is not contradictory", () => {
  const concerns = securityAgentGate(
    withLog(baseInputs(), "A7", `[wave-security] state=concerns findings=2 approvals=1 detail=weak TLS${n}`),
    "A7",
  );
  assert.equal(concerns.ok, true);
  assert.equal(concerns.statusCode, "security-concerns");
  assert.equal(concerns.detail, "A7 reported advisory concerns (2 finding(s)): weak TLS");
  const bare = securityAgentGate(withLog(baseInputs(), "A7", `[wave-security] state=concerns findings=1 approvals=0${n}`), "A7");
  assert.equal(bare.detail, "A7 reported advisory concerns (1 finding(s)).");
  const blocked = securityAgentGate(
    withLog(baseInputs(), "A7", `[wave-security] state=blocked findings=1 approvals=0 detail=secret in repo${n}`),
    "A7",
  );
  assert.equal(blocked.statusCode, "security-blocked");
  assert.equal(blocked.detail, "A7 blocked the wave on security grounds: secret in repo");
  const blockedBare = securityAgentGate(withLog(baseInputs(), "A7", `[wave-security] state=blocked findings=1 approvals=0${n}`), "A7");
  assert.equal(blockedBare.detail, "A7 blocked the wave on security grounds.");
});

test("security: the report must exist at the reviewer's own path; a reviewer without one fails", () => {
  const inputs = baseInputs();
  const noReport = withLog(inputs, "A7", `[wave-security] state=clear findings=0 approvals=0${n}`, {
    report: { path: "docs/security/wave-3-security.md", content: null },
  });
  const missing = securityAgentGate(noReport, "A7");
  assert.equal(missing.statusCode, "missing-security-report");
  assert.equal(missing.detail, "A7 did not write its security report docs/security/wave-3-security.md.");
  const { A7: _a7, ...paths } = inputs.roles.reportPaths;
  const pathless = { ...inputs, roles: { ...inputs.roles, reportPaths: paths } };
  const summaryWithoutReport = withLog(pathless, "A7", `[wave-security] state=clear findings=0 approvals=0${n}`, { report: undefined });
  const nowhere = securityAgentGate(summaryWithoutReport, "A7");
  assert.equal(nowhere.statusCode, "missing-security-report");
  assert.equal(nowhere.detail, 'A7 owns no security report path (an owned .md or .txt file whose name contains "security").');
  const absent = securityAgentGate(withSummary(inputs, "A7", undefined), "A7");
  assert.equal(absent.statusCode, "missing-wave-security");
  // Only declared reviewers get a gate.
  const undeclared = { ...inputs, roles: { ...inputs.roles, securityAgentIds: ["A7", "S9"] } };
  assert.deepEqual(
    securityGates(undeclared).map((g) => g.agentId),
    ["A7"],
  );
});

test("integration: an architecture or integration gap reported by any agent prevents inferring integration", () => {
  const inferable = (i: GateInputs): GateInputs => ({
    ...withSummary(i, "A8", undefined),
    policy: { ...i.policy, autoClosure: { ...i.policy.autoClosure, allowInferredIntegration: true } },
  });
  assert.equal(integrationGate(inferable(baseInputs())).statusCode, "integration-inferred");
  const arch = inferable(withLog(baseInputs(), "A2", "[wave-gap] kind=architecture detail=two queues"));
  assert.deepEqual(integrationSignals(arch), ["A2 reported a architecture gap"]);
  const archGate = integrationGate(arch);
  assert.equal(archGate.ok, false);
  assert.equal(archGate.statusCode, "missing-wave-integration");
  const integ = inferable(withLog(baseInputs(), "A1", "[wave-gap] kind=integration"));
  assert.deepEqual(integrationSignals(integ), ["A1 reported a integration gap"]);
  const docs = inferable(withLog(baseInputs(), "A2", "[wave-gap] kind=docs\n[wave-gap] kind=ops"));
  assert.deepEqual(integrationSignals(docs), []);
  assert.equal(integrationGate(docs).statusCode, "integration-inferred");
  // Clarification records are not semantic: they do not prevent inference; a blocker does.
  const asked = { ...inferable(baseInputs()), coordination: { openBlockers: [record("q1", "clarification-request")] } };
  assert.deepEqual(integrationSignals(asked), []);
  const blocked = { ...inferable(baseInputs()), coordination: { openBlockers: [record("b1", "blocker")] } };
  assert.deepEqual(integrationSignals(blocked), ["open blocker b1"]);
});

test("integration: needs-more-work and open records fail; forwarded gaps and clarifications do not contradict ready", () => {
  const more = integrationGate(
    withLog(baseInputs(), "A8", `[wave-integration] state=needs-more-work claims=3 conflicts=1 blockers=2 detail=api drift${n}`),
  );
  assert.equal(more.statusCode, "integration-needs-more-work");
  assert.equal(more.detail, "A8 reported needs-more-work (claims=3 conflicts=1 blockers=2): api drift");
  const open = integrationGate(
    withRecords([record("b1", "blocker"), record("q1", "clarification-request"), record("g1", "blocker")], ["g1"]),
  );
  assert.equal(open.statusCode, "integration-contradiction-open");
  assert.equal(
    open.detail,
    "A8 reported ready-for-doc-closure, but 1 blocking coordination record(s) are still open: b1 (blocker b1). Resolve them or report needs-more-work.",
  );
  const forwardedOnly = integrationGate(withRecords([record("g1", "blocker"), record("q1", "clarification-request")], ["g1"]));
  assert.equal(forwardedOnly.ok, true);
  assert.equal(forwardedOnly.detail, "A8 reported ready-for-doc-closure.");
});

test("integration: no steward declared fails only when integration is required", () => {
  const inputs = baseInputs();
  const wave = { ...inputs.wave, agents: inputs.wave.agents.filter((a) => a.agentId !== "A8") };
  const required = integrationGate({ ...inputs, wave });
  assert.equal(required.statusCode, "missing-integration");
  assert.equal(required.detail, "Wave 3 requires an integration steward (A8) but declares none.");
  const noRole = integrationGate({ ...inputs, wave, roles: { ...inputs.roles, integrationAgentId: null } });
  assert.equal(noRole.detail, "Wave 3 requires an integration steward (A8) but declares none.");
  const optional = integrationGate({ ...inputs, wave, policy: { ...inputs.policy, requiredStages: ["cont-qa"] } });
  assert.equal(optional.ok, true);
  assert.equal(optional.detail, "No integration steward in this wave.");
});
