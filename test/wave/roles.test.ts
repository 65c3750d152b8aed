import assert from "node:assert/strict";
import { test } from "node:test";
import { closurePolicyFor, modeForWave } from "../../src/wave/closure-policy.js";
import { resolveLaneSettings } from "../../src/wave/config.js";
import { parseWaveFile } from "../../src/wave/parse.js";
import {
  closureStageOf,
  closureStagesOf,
  contEvalReportPath,
  contQaReportPath,
  DEFAULT_ROLE_BINDINGS,
  designPacketPath,
  inferAgentRole,
  isImplementationOwning,
  type RoleAgent,
  reportPathFor,
  securityReportPath,
} from "../../src/wave/roles.js";
import type { RoleBindings } from "../../src/wave/schema.js";
import { agent } from "./helpers.js";

const R = DEFAULT_ROLE_BINDINGS;
const mk = (p: Partial<RoleAgent> & { agentId: string }): RoleAgent => ({
  title: "Agent",
  rolePromptPaths: [],
  capabilities: [],
  ownedPaths: [],
  ...p,
});

test("closure roles by agent id or by role-prompt import, the same rule everywhere (§11.21)", () => {
  assert.equal(closureStageOf(mk({ agentId: "A0" }), R), "cont-qa");
  assert.equal(closureStageOf(mk({ agentId: "E0" }), R), "cont-eval");
  assert.equal(closureStageOf(mk({ agentId: "A8" }), R), "integration");
  assert.equal(closureStageOf(mk({ agentId: "A9" }), R), "documentation");
  assert.equal(closureStageOf(mk({ agentId: "S7", rolePromptPaths: ["docs/agents/wave-integration-role.md"] }), R), "integration");
  assert.equal(closureStageOf(mk({ agentId: "D3", rolePromptPaths: ["./docs/agents/wave-documentation-role.md"] }), R), "documentation");
  assert.equal(closureStageOf(mk({ agentId: "Q1", rolePromptPaths: ["docs/agents/wave-cont-qa-role.md"] }), R), "cont-qa");
  assert.equal(closureStageOf(mk({ agentId: "X1", capabilities: ["security-review"] }), R), "security");
  assert.equal(closureStageOf(mk({ agentId: "X2", rolePromptPaths: ["team/wave-security-role.md"] }), R), "security");
  assert.equal(closureStageOf(mk({ agentId: "A1" }), R), null);
  const custom: RoleBindings = { ...R, integrationAgentId: "INT", integrationRolePromptPath: "prompts/int.md" };
  assert.equal(closureStageOf(mk({ agentId: "INT" }), custom), "integration");
  assert.equal(closureStageOf(mk({ agentId: "A8" }), custom), null);
  assert.equal(closureStageOf(mk({ agentId: "Z", rolePromptPaths: ["prompts/int.md"] }), custom), "integration");
});

test("an agent matching several closure roles: all are reported, the id match wins", () => {
  const a = mk({ agentId: "A8", rolePromptPaths: ["docs/agents/wave-documentation-role.md"] });
  assert.deepEqual(closureStagesOf(a, R), ["integration", "documentation"]);
  assert.equal(closureStageOf(a, R), "integration");
  const b = mk({ agentId: "Z", rolePromptPaths: ["docs/agents/wave-cont-qa-role.md"], capabilities: ["security-review"] });
  assert.deepEqual(closureStagesOf(b, R), ["security", "cont-qa"]);
});

test("runtime role: closure role, then design, security, infra/deploy/research by capability or title word", () => {
  assert.equal(inferAgentRole(mk({ agentId: "A0" }), R), "cont-qa");
  assert.equal(inferAgentRole(mk({ agentId: "D1", rolePromptPaths: ["docs/agents/wave-design-role.md"] }), R), "design");
  assert.equal(inferAgentRole(mk({ agentId: "D2", capabilities: ["design", "security-review"] }), R), "design");
  assert.equal(inferAgentRole(mk({ agentId: "S1", capabilities: ["security-review"] }), R), "security");
  assert.equal(inferAgentRole(mk({ agentId: "I1", capabilities: ["infra-terraform"] }), R), "infra");
  assert.equal(inferAgentRole(mk({ agentId: "I2", title: "Deploy the pilot" }), R), "deploy");
  assert.equal(inferAgentRole(mk({ agentId: "I3", title: "Research notes" }), R), "research");
  assert.equal(inferAgentRole(mk({ agentId: "I4", title: "Infrastructure" }), R), "implementation", "a whole word is needed");
  assert.equal(inferAgentRole(mk({ agentId: "A1" }), R), "implementation");
});

test("report paths must look like reports: no first-owned-path fallback (§11.22)", () => {
  assert.equal(
    contQaReportPath(mk({ agentId: "A0", ownedPaths: ["src/x.ts", "docs/plans/waves/reviews/wave-1-cont-qa.md"] })),
    "docs/plans/waves/reviews/wave-1-cont-qa.md",
  );
  assert.equal(contQaReportPath(mk({ agentId: "A0", ownedPaths: ["docs/notes.md", "src/x.ts"] })), null);
  assert.equal(contQaReportPath(mk({ agentId: "A0", ownedPaths: ["reports/cont_qa-final.txt"] })), "reports/cont_qa-final.txt");
  assert.equal(contQaReportPath(mk({ agentId: "A0", ownedPaths: ["reviews/"] })), null, "a directory is not a report file");
  assert.equal(
    contEvalReportPath(mk({ agentId: "E0", ownedPaths: ["src/tune.ts", "docs/evals/wave-2-eval.md"] })),
    "docs/evals/wave-2-eval.md",
  );
  assert.equal(securityReportPath(mk({ agentId: "S", ownedPaths: ["docs/security/wave-2.md"] })), "docs/security/wave-2.md");
  assert.equal(securityReportPath(mk({ agentId: "S", ownedPaths: ["docs/review.md"] })), null);
  assert.equal(designPacketPath(mk({ agentId: "D", ownedPaths: ["docs/handoff/wave-3.md"] })), "docs/handoff/wave-3.md");
  assert.equal(reportPathFor(mk({ agentId: "A0", ownedPaths: ["x/reviews/r.md"] }), R), "x/reviews/r.md");
  assert.equal(reportPathFor(mk({ agentId: "A1", ownedPaths: ["x/reviews/r.md"] }), R), null);
});

test("implementation-owning agents exclude closure agents, report-only cont-EVAL, docs-only design and reviewers", () => {
  assert.equal(isImplementationOwning(mk({ agentId: "A1", ownedPaths: ["src/a.ts"] }), R), true);
  for (const id of ["A0", "A8", "A9"]) assert.equal(isImplementationOwning(mk({ agentId: id }), R), false, id);
  assert.equal(isImplementationOwning(mk({ agentId: "E0", ownedPaths: ["docs/evals/e.md"] }), R), false);
  assert.equal(isImplementationOwning(mk({ agentId: "E0", ownedPaths: ["docs/evals/e.md", "src/tuning.ts"] }), R), true);
  assert.equal(isImplementationOwning(mk({ agentId: "D", capabilities: ["design"], ownedPaths: ["docs/design.md"] }), R), false);
  assert.equal(
    isImplementationOwning(mk({ agentId: "D", capabilities: ["design"], ownedPaths: ["docs/design.md", "src/ui.ts"] }), R),
    true,
  );
  assert.equal(isImplementationOwning(mk({ agentId: "S", capabilities: ["security-review"], ownedPaths: ["src/x"] }), R), false);
  assert.equal(isImplementationOwning(mk({ agentId: "S7", rolePromptPaths: ["docs/agents/wave-integration-role.md"] }), R), false);
});

test("closure policy: nothing required without a config; the reference's requirements with one", () => {
  const text = [agent({ id: "A1" }), agent({ id: "E0" }), agent({ id: "S1", sections: { Capabilities: ["- security-review"] } })].join(
    "\n",
  );
  const wave = parseWaveFile(`# Wave 5\n\n${text}`, "w.md", 5).wave!;
  const lenient = closurePolicyFor(wave, resolveLaneSettings(null));
  assert.deepEqual(lenient.requiredStages, []);
  assert.equal(lenient.hasConfig, false);
  assert.equal(lenient.gateMode, "strict");
  assert.deepEqual(closurePolicyFor(wave, null), lenient);

  const lane = resolveLaneSettings({
    validation: {
      requireIntegrationStewardFromWave: 6,
      requireDocumentationStewardFromWave: 3,
      gateModeThresholds: { bootstrap: 0, standard: 5, strict: 8 },
      closureModeThresholds: { standard: 2, strict: 5 },
      autoClosure: { allowAutoDocNoChange: true },
      requireComponentPromotionsFromWave: null,
    },
  });
  const p = closurePolicyFor(wave, lane);
  assert.deepEqual(p.requiredStages, ["cont-eval", "security", "documentation", "cont-qa"]);
  assert.equal(p.gateMode, "standard");
  assert.equal(p.closureMode, "strict");
  assert.equal(p.autoClosure.allowAutoDocNoChange, true);
  assert.equal(p.requireComponentPromotions, false);
  const later = parseWaveFile(`# Wave 6\n\n${agent({ id: "A1" })}`, "w.md", 6).wave!;
  assert.deepEqual(closurePolicyFor(later, lane).requiredStages, ["integration", "documentation", "cont-qa"]);
});

test("modes: bootstrap / standard / strict, thresholds made monotonic", () => {
  const t = { bootstrap: 0, standard: 4, strict: 10 };
  assert.deepEqual(
    [0, 3, 4, 9, 10, 50].map((n) => modeForWave(n, t)),
    ["bootstrap", "bootstrap", "standard", "standard", "strict", "strict"],
  );
  assert.equal(modeForWave(3, { bootstrap: 0, standard: 5, strict: 2 }), "bootstrap");
  assert.equal(modeForWave(5, { bootstrap: 0, standard: 5, strict: 2 }), "strict");
});
