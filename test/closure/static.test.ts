/**
 * Gate failures readable from the files alone (src/closure/static.ts): each is the exact gate
 * result a run would record, listed in gate order, and nothing that agent output could change.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isStaticFailure, type StaticGateInputs, staticGateFailures } from "../../src/closure/static.js";
import type { GateResult } from "../../src/state/schema.js";
import { baseInputs, configPolicy } from "./helpers.js";

function staticInputs(overrides: Partial<StaticGateInputs> = {}): StaticGateInputs {
  const { wave, roles, policy, componentMatrix } = baseInputs();
  return { wave, roles, policy, componentMatrix, componentMatrixProblem: null, componentMatrixWritable: false, ...overrides };
}

const triple = (g: GateResult) => [g.stage, g.agentId, g.statusCode, g.ok];

test("static: a wave that well-behaved agents can pass has no static failure", () => {
  assert.deepEqual(staticGateFailures(staticInputs()), []);
});

test("static: role agents without a report path fail with the gate's own code, design first, in gate order", () => {
  const base = staticInputs();
  const roles = { ...base.roles, reportPaths: {} };
  const wave = { ...base.wave, evalTargets: [] };
  const failures = staticGateFailures({ ...base, roles, wave });
  assert.deepEqual(failures.map(triple), [
    ["design", "D1", "missing-design-packet", false],
    ["cont-qa", "A0", "missing-cont-qa-report", false],
    ["cont-eval", "E0", "missing-cont-eval-report", false],
    ["cont-eval", "E0", "missing-cont-eval-contract", false],
    ["security", "A7", "missing-security-report", false],
  ]);
  assert.deepEqual(
    failures.map((g) => g.detail),
    [
      'D1 owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage").',
      "A0 owns no cont-QA report path (an owned file like docs/reviews/wave-3-cont-qa.md).",
      'E0 owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval").',
      'Wave 3 has a cont-EVAL agent (E0) but no "## Eval targets" section to evaluate against.',
      'A7 owns no security report path (an owned .md or .txt file whose name contains "security").',
    ],
  );
});

test("static: role ids that name no agent of the wave need no report path", () => {
  const base = staticInputs();
  const roles = {
    ...base.roles,
    reportPaths: {},
    contQaAgentId: "Q9",
    contEvalAgentId: "Q8",
    securityAgentIds: ["Q7"],
    designAgentIds: ["Q6"],
  };
  const policy = configPolicy({ requiredStages: [] });
  assert.deepEqual(staticGateFailures({ ...base, roles, policy }), []);
});

test("static: an exit contract level that is not a level name fails with its gap code; null and empty levels do not", () => {
  const base = staticInputs();
  const agents = base.wave.agents.map((a) =>
    a.agentId === "A1"
      ? { ...a, exitContract: { completion: "galactic", durability: "", proof: "integration", docImpact: "sweeping" } }
      : a.agentId === "A2"
        ? { ...a, exitContract: { completion: null, durability: "forever", proof: null, docImpact: null } }
        : a,
  );
  const failures = staticGateFailures({ ...base, wave: { ...base.wave, agents } as StaticGateInputs["wave"] });
  assert.deepEqual(failures.map(triple), [
    ["implementation", "A1", "completion-gap", false],
    ["implementation", "A1", "doc-impact-gap", false],
    ["implementation", "A2", "durability-gap", false],
  ]);
  assert.deepEqual(
    failures.map((g) => g.detail),
    [
      'A1\'s exit contract asks for completion "galactic", which is not one of contract, integrated, authoritative, live.',
      'A1\'s exit contract asks for doc impact "sweeping", which is not one of none, owned, shared-plan.',
      'A2\'s exit contract asks for durability "forever", which is not one of none, ephemeral, durable.',
    ],
  );
});

test("static: promotion failures naming no agent are static; those waiting on an owner are not", () => {
  const base = staticInputs();
  const none = staticGateFailures({ ...base, wave: { ...base.wave, componentPromotions: [] } });
  assert.deepEqual(none.map(triple), [["component", null, "missing-component-promotions", false]]);
  const unowned = {
    ...base.wave,
    componentPromotions: [...base.wave.componentPromotions, { componentId: "ledger", targetLevel: "repo-landed" }],
  };
  const failures = staticGateFailures({ ...base, wave: unowned, componentMatrixWritable: true });
  assert.deepEqual(failures.map(triple), [["component", null, "component-promotion-gap", false]]);
  assert.equal(failures[0]!.componentId, "ledger");
});

test("static: a required closure stage no agent holds is missing-closure-run unless it can close on its own", () => {
  const base = staticInputs();
  const wave = { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "A8") };
  const failures = staticGateFailures({ ...base, wave });
  assert.deepEqual(failures.map(triple), [["integration", null, "missing-closure-run", false]]);
  assert.equal(failures[0]!.detail, "Integration is required for wave 3 but no agent of the wave holds that role; declare one.");
  const inferred = configPolicy({ autoClosure: { ...configPolicy().autoClosure, allowInferredIntegration: true } });
  assert.deepEqual(staticGateFailures({ ...base, wave, policy: inferred }), []);
});

test("static: a stale component matrix is static only when no agent of the wave owns it", () => {
  const base = staticInputs({ componentMatrix: { components: { "auth-service": { currentLevel: "baseline" } } } });
  const failures = staticGateFailures(base);
  assert.deepEqual(failures.map(triple), [["component-matrix", "A9", "component-current-level-stale", false]]);
  assert.equal(
    failures[0]!.detail,
    "The component matrix still shows auth-service at baseline; wave 3 promotes it to repo-landed. The documentation steward must update currentLevel. No agent of wave 3 owns the component matrix, so no run can change it.",
  );
  assert.deepEqual(staticGateFailures({ ...base, componentMatrixWritable: true }), []);
  assert.deepEqual(
    staticGateFailures({
      ...base,
      wave: { ...base.wave, componentPromotions: [] },
      policy: configPolicy({ requireComponentPromotions: false }),
    }),
    [],
  );
});

test("isStaticFailure matches on stage, agent and status code together", () => {
  const known = staticGateFailures(staticInputs({ roles: { ...staticInputs().roles, reportPaths: {} } }));
  assert.equal(isStaticFailure({ stage: "design", agentId: "D1", statusCode: "missing-design-packet" }, known), true);
  assert.equal(isStaticFailure({ stage: "design", agentId: "D2", statusCode: "missing-design-packet" }, known), false);
  assert.equal(isStaticFailure({ stage: "cont-qa", agentId: "D1", statusCode: "missing-design-packet" }, known), false);
  assert.equal(isStaticFailure({ stage: "design", agentId: "D1", statusCode: "design-gap" }, known), false);
  assert.equal(isStaticFailure({ stage: "design", agentId: "D1", statusCode: "missing-design-packet" }, []), false);
});

test("static: an unreadable component matrix no agent owns is invalid-component-matrix with its problem", () => {
  const failures = staticGateFailures(staticInputs({ componentMatrixProblem: "unexpected token at line 3" }));
  assert.deepEqual(failures.map(triple), [["component-matrix", "A9", "invalid-component-matrix", false]]);
  assert.equal(
    failures[0]!.detail,
    "The component matrix cannot be checked: unexpected token at line 3. It must stay valid JSON with levels and components. No agent of wave 3 owns the component matrix, so no run can change it.",
  );
});
