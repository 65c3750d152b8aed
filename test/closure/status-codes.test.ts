import assert from "node:assert/strict";
import { test } from "node:test";
import { clarificationGate, infraGate } from "../../src/closure/barriers.js";
import { componentMatrixGate, componentPromotionGates } from "../../src/closure/components.js";
import { contEvalGate } from "../../src/closure/cont-eval.js";
import { contQaGate } from "../../src/closure/cont-qa.js";
import { designGates } from "../../src/closure/design.js";
import { documentationGate } from "../../src/closure/documentation.js";
import { implementationGates } from "../../src/closure/implementation.js";
import { integrationGate } from "../../src/closure/integration.js";
import { securityGates } from "../../src/closure/security.js";
import { gateForStage } from "../../src/closure/stages.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import type { GateResult } from "../../src/state/schema.js";
import { baseInputs, configPolicy, LOGS, NONCE, noConfigPolicy, withAgent, withLog, withSummary, waveVerdict } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const first = (gates: GateResult[]) => gates.find((g) => !g.ok) ?? gates[0]!;
const impl = (i: GateInputs) => first(implementationGates(i));
const design = (i: GateInputs) => first(designGates(i));
const component = (i: GateInputs) => first(componentPromotionGates(i));
const security = (i: GateInputs) => first(securityGates(i));
const blocker = (kind: string, id = "b1", severity = "hard"): OpenBlocker => ({
  id,
  kind,
  agentId: "A1",
  summary: `${kind} open`,
  severity,
});
const policyWith = (i: GateInputs, auto: Partial<GateInputs["policy"]["autoClosure"]>, extra: Partial<GateInputs["policy"]> = {}) => ({
  ...i,
  policy: { ...i.policy, ...extra, autoClosure: { ...i.policy.autoClosure, ...auto } },
});
const A1_PROOF = "[wave-proof] completion=integrated durability=durable proof=integration state=met";
const A1_REST = "[wave-doc-delta] state=owned\n[wave-component] component=auth-service level=repo-landed state=met";
const EVAL = (body: string) => `[wave-eval] ${body}${n}`;
const GATE = (dims: string) => `[wave-gate] ${dims}${n}\n[wave-verdict] pass${n}`;

interface Row {
  code: string;
  gate: (i: GateInputs) => GateResult;
  inputs: () => GateInputs;
  ok?: boolean;
  detail?: RegExp;
}

const ROWS: Row[] = [
  // implementation
  {
    code: "pass",
    gate: (i) => implementationGates(i).find((g) => g.agentId === "A1")!,
    inputs: () => baseInputs(),
    ok: true,
    detail: /Exit contract satisfied for A1/,
  },
  { code: "missing-summary", gate: impl, inputs: () => withSummary(baseInputs(), "A1", undefined), detail: /A1: the agent did not run/ },
  {
    code: "missing-wave-proof",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", A1_REST),
    detail: /did not print a \[wave-proof\] marker.*\[wave-proof\] completion=/,
  },
  {
    code: "invalid-wave-proof-format",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `[wave-proof] completion=integrated durability=durable proof=integration\n${A1_REST}`),
    detail: /Rejected line 1: missing key state/,
  },
  {
    code: "invalid-wave-proof-format",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `Example:\n\`\`\`\nPrint this:\n${A1_PROOF}\n\`\`\`\n${A1_REST}`),
    detail: /inside mixed fence/,
  },
  {
    code: "wave-proof-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF.replace("state=met", "state=gap detail=no soak test")}\n${A1_REST}`),
    detail: /no soak test/,
  },
  {
    code: "wave-proof-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A2", "[wave-proof] completion=contract durability=none proof=unit state=gap"),
    detail: /A2 reported a proof gap/,
  },
  {
    code: "completion-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF.replace("integrated", "contract")}\n${A1_REST}`),
    detail: /completion contract.*at least integrated/,
  },
  {
    code: "durability-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF.replace("durable", "ephemeral")}\n${A1_REST}`),
  },
  {
    code: "proof-level-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF.replace("proof=integration", "proof=unit")}\n${A1_REST}`),
  },
  {
    code: "completion-gap",
    gate: impl,
    inputs: () =>
      withAgent(baseInputs(), "A1", { exitContract: { completion: "shipped", durability: null, proof: null, docImpact: null } }),
    detail: /"shipped", which is not one of/,
  },
  {
    code: "missing-doc-delta",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF}\n[wave-component] component=auth-service level=repo-landed state=met`),
  },
  {
    code: "invalid-doc-delta-format",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF}\n[wave-doc-delta] state=lots\n${A1_REST.split("\n")[1]}`),
    detail: /invalid value state=lots/,
  },
  {
    code: "doc-impact-gap",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF}\n[wave-doc-delta] state=none\n${A1_REST.split("\n")[1]}`),
  },
  {
    code: "missing-wave-component",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", `${A1_PROOF}\n[wave-doc-delta] state=owned`),
    detail: /component=auth-service level=repo-landed/,
  },
  {
    code: "invalid-wave-component-format",
    gate: impl,
    inputs: () =>
      withLog(
        baseInputs(),
        "A1",
        `${A1_PROOF}\n[wave-doc-delta] state=owned\n[wave-component] component=auth-service level=repo-landed state=done`,
      ),
    detail: /invalid value state=done/,
  },
  {
    code: "component-level-mismatch",
    gate: impl,
    inputs: () =>
      withLog(
        baseInputs(),
        "A1",
        `${A1_PROOF}\n[wave-doc-delta] state=owned\n[wave-component] component=auth-service level=contract-frozen state=met`,
      ),
    detail: /at level contract-frozen.*promotes it to repo-landed/,
  },
  {
    code: "component-gap",
    gate: impl,
    inputs: () =>
      withLog(
        baseInputs(),
        "A1",
        `${A1_PROOF}\n[wave-doc-delta] state=owned\n[wave-component] component=auth-service level=repo-landed state=gap detail=flaky`,
      ),
    detail: /flaky/,
  },
  {
    code: "missing-deliverable",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", LOGS.A1, { files: { "proof/refresh.log": true } }),
    detail: /src\/auth\/session\.ts/,
  },
  {
    code: "missing-deliverable-summary",
    gate: impl,
    inputs: () => {
      const i = baseInputs();
      return withSummary(i, "A2", { ...i.summaries.A2!, deliverables: [] });
    },
  },
  {
    code: "missing-proof-artifact",
    gate: impl,
    inputs: () => withLog(baseInputs(), "A1", LOGS.A1, { files: { "src/auth/session.ts": true } }),
    detail: /proof\/refresh\.log/,
  },
  {
    code: "missing-proof-artifact-summary",
    gate: impl,
    inputs: () => {
      const i = baseInputs();
      return withSummary(i, "A1", { ...i.summaries.A1!, proofArtifacts: [] });
    },
  },
  {
    code: "pass",
    gate: impl,
    // A proof artifact required only for pilot-live is not required of an agent whose target is repo-landed.
    inputs: () => {
      const i = withAgent(baseInputs(), "A1", { proofArtifacts: [{ path: "proof/live.log", kind: null, requiredFor: ["pilot-live"] }] });
      return i;
    },
    ok: true,
  },

  // component promotions
  { code: "pass", gate: component, inputs: () => baseInputs(), ok: true, detail: /auth-service reached repo-landed/ },
  {
    code: "missing-component-promotions",
    gate: component,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, componentPromotions: [] } };
    },
  },
  {
    code: "component-promotion-gap",
    gate: component,
    inputs: () =>
      withLog(
        baseInputs(),
        "A1",
        `${A1_PROOF}\n[wave-doc-delta] state=owned\n[wave-component] component=auth-service level=repo-landed state=gap`,
      ),
    detail: /A1: level=repo-landed state=gap/,
  },
  {
    code: "component-promotion-gap",
    gate: component,
    inputs: () => withAgent(baseInputs(), "A1", { components: [] }),
    detail: /No implementation agent owns component auth-service/,
  },
  {
    code: "shared-component-sibling-pending",
    gate: component,
    inputs: () => withAgent(baseInputs(), "A2", { components: ["auth-service"] }),
    detail: /A1 reached repo-landed, waiting on A2/,
  },

  // component matrix
  { code: "pass", gate: componentMatrixGate, inputs: () => baseInputs(), ok: true },
  { code: "unknown-component", gate: componentMatrixGate, inputs: () => ({ ...baseInputs(), componentMatrix: { components: {} } }) },
  {
    code: "component-current-level-stale",
    gate: componentMatrixGate,
    inputs: () => ({ ...baseInputs(), componentMatrix: { components: { "auth-service": { currentLevel: "contract-frozen" } } } }),
    detail: /still shows auth-service at contract-frozen/,
  },

  // design
  { code: "pass", gate: design, inputs: () => baseInputs(), ok: true },
  { code: "missing-wave-design", gate: design, inputs: () => withLog(baseInputs(), "D1", "Packet written, forgot the marker.") },
  {
    code: "missing-design-packet",
    gate: design,
    inputs: () => withLog(baseInputs(), "D1", LOGS.D1, { report: { path: "docs/design/wave-3-handoff.md", content: null } }),
  },
  {
    code: "missing-design-packet",
    gate: design,
    inputs: () => {
      const i = baseInputs();
      return {
        ...i,
        roles: { ...i.roles, reportPaths: { ...i.roles.reportPaths, D1: null } },
        summaries: { ...i.summaries, D1: { ...i.summaries.D1!, reportPath: null } },
      };
    },
    detail: /owns no design packet path/,
  },
  {
    code: "design-blocked",
    gate: design,
    inputs: () => withLog(baseInputs(), "D1", `[wave-design] state=blocked decisions=1 assumptions=0 open_questions=0 detail=no API${n}`),
  },
  {
    code: "design-needs-clarification",
    gate: design,
    inputs: () => withLog(baseInputs(), "D1", `[wave-design] state=needs-clarification decisions=1 assumptions=0 open_questions=2${n}`),
    detail: /2 open question/,
  },

  // cont-EVAL
  { code: "pass", gate: contEvalGate, inputs: () => baseInputs(), ok: true },
  { code: "missing-wave-eval", gate: contEvalGate, inputs: () => withLog(baseInputs(), "E0", "ran benchmarks") },
  {
    code: "missing-wave-eval",
    gate: contEvalGate,
    inputs: () => withLog(baseInputs(), "E0", LOGS.E0.replace(n, "")),
    detail: /Rejected line 1: missing nonce/,
  },
  {
    code: "missing-cont-eval-report",
    gate: contEvalGate,
    inputs: () => withLog(baseInputs(), "E0", LOGS.E0, { report: { path: "docs/evals/wave-3-cont-eval.md", content: null } }),
  },
  {
    code: "cont-eval-blocked",
    gate: contEvalGate,
    inputs: () => withLog(baseInputs(), "E0", EVAL("state=blocked targets=2 benchmarks=2 regressions=0 detail=no staging")),
  },
  {
    code: "cont-eval-needs-more-work",
    gate: contEvalGate,
    inputs: () => withLog(baseInputs(), "E0", EVAL("state=needs-more-work targets=2 benchmarks=2 regressions=1")),
  },
  {
    code: "missing-cont-eval-contract",
    gate: contEvalGate,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, evalTargets: [] } };
    },
  },
  {
    code: "missing-cont-eval-target-ids",
    gate: contEvalGate,
    inputs: () => withLog(baseInputs(), "E0", EVAL("state=satisfied targets=2 benchmarks=2 regressions=0 benchmark_ids=k6-smoke,eb-5xx")),
  },
  {
    code: "cont-eval-target-count-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=3 benchmarks=2 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx"),
      ),
  },
  {
    code: "cont-eval-target-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=2 benchmarks=2 regressions=0 target_ids=latency-p95,uptime benchmark_ids=k6-smoke,eb-5xx"),
      ),
  },
  {
    code: "missing-cont-eval-benchmarks",
    gate: contEvalGate,
    inputs: () =>
      withLog(baseInputs(), "E0", EVAL("state=satisfied targets=2 benchmarks=0 regressions=0 target_ids=latency-p95,error-rate")),
  },
  {
    code: "cont-eval-benchmark-count-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=2 benchmarks=5 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx"),
      ),
  },
  {
    code: "cont-eval-regressions",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=2 benchmarks=2 regressions=1 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx"),
      ),
  },
  {
    code: "cont-eval-benchmark-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL(
          "state=satisfied targets=2 benchmarks=3 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx,made-up",
        ),
      ),
    detail: /undeclared benchmark\(s\) made-up/,
  },
  {
    code: "cont-eval-benchmark-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=2 benchmarks=1 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=eb-5xx"),
      ),
    detail: /pins benchmark\(s\) k6-smoke that were not run/,
  },
  {
    code: "cont-eval-benchmark-mismatch",
    gate: contEvalGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "E0",
        EVAL("state=satisfied targets=2 benchmarks=1 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke"),
      ),
    detail: /no benchmark of that family was run/,
  },

  // security
  { code: "pass", gate: security, inputs: () => baseInputs(), ok: true },
  { code: "missing-wave-security", gate: security, inputs: () => withLog(baseInputs(), "A7", "looked around") },
  {
    code: "missing-security-report",
    gate: security,
    inputs: () => withLog(baseInputs(), "A7", LOGS.A7, { report: { path: "docs/security/wave-3-security.md", content: null } }),
  },
  {
    code: "invalid-security-clear-state",
    gate: security,
    inputs: () => withLog(baseInputs(), "A7", `[wave-security] state=clear findings=1 approvals=0${n}`),
  },
  {
    code: "security-blocked",
    gate: security,
    inputs: () => withLog(baseInputs(), "A7", `[wave-security] state=blocked findings=1 approvals=0 detail=secret in repo${n}`),
    detail: /secret in repo/,
  },
  {
    code: "security-concerns",
    gate: security,
    inputs: () => withLog(baseInputs(), "A7", `[wave-security] state=concerns findings=2 approvals=0${n}`),
    ok: true,
  },

  // integration
  { code: "pass", gate: integrationGate, inputs: () => baseInputs(), ok: true },
  {
    code: "missing-integration",
    gate: integrationGate,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, agents: i.wave.agents.filter((a) => a.agentId !== "A8") } };
    },
  },
  { code: "missing-wave-integration", gate: integrationGate, inputs: () => withSummary(baseInputs(), "A8", undefined) },
  { code: "missing-wave-integration", gate: integrationGate, inputs: () => withLog(baseInputs(), "A8", "checked everything") },
  {
    code: "integration-needs-more-work",
    gate: integrationGate,
    inputs: () => withLog(baseInputs(), "A8", `[wave-integration] state=needs-more-work claims=3 conflicts=1 blockers=0${n}`),
    detail: /conflicts=1/,
  },
  {
    code: "integration-contradiction-open",
    gate: integrationGate,
    inputs: () => ({
      ...baseInputs(),
      coordination: { openBlockers: [blocker("blocker", "wave-3-b1"), blocker("request", "r-adv", "advisory")] },
    }),
    detail: /1 blocking coordination record\(s\) are still open: wave-3-b1/,
  },
  {
    code: "pass",
    gate: integrationGate,
    // A forwarded closure gap is for the later stages to judge, not an integration contradiction.
    inputs: () => ({ ...baseInputs(), coordination: { openBlockers: [blocker("blocker", "gap-1")], forwardedGaps: ["gap-1"] } }),
    ok: true,
  },
  {
    code: "integration-inferred",
    gate: integrationGate,
    inputs: () => policyWith(withSummary(baseInputs(), "A8", undefined), { allowInferredIntegration: true }),
    ok: true,
  },
  {
    code: "missing-wave-integration",
    gate: integrationGate,
    // Inference is refused while an integration gap is reported.
    inputs: () =>
      policyWith(withSummary(withLog(baseInputs(), "A2", "[wave-gap] kind=integration detail=API drift"), "A8", undefined), {
        allowInferredIntegration: true,
      }),
  },

  // documentation
  { code: "pass", gate: documentationGate, inputs: () => baseInputs(), ok: true, detail: /closed the shared-plan/ },
  {
    code: "pass",
    gate: documentationGate,
    inputs: () => withLog(baseInputs(), "A9", `[wave-doc-closure] state=no-change${n}`),
    ok: true,
    detail: /no documentation changes/,
  },
  {
    code: "pass",
    gate: documentationGate,
    // A steward printing both markers is judged on [wave-doc-closure], not its doc-delta (§11.4).
    inputs: () => withLog(baseInputs(), "A9", `[wave-doc-delta] state=shared-plan\n[wave-doc-closure] state=closed${n}`),
    ok: true,
    detail: /closed the shared-plan/,
  },
  { code: "missing-doc-closure", gate: documentationGate, inputs: () => withLog(baseInputs(), "A9", "updated docs") },
  {
    code: "missing-doc-closure",
    gate: documentationGate,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, agents: i.wave.agents.filter((a) => a.agentId !== "A9") } };
    },
    detail: /requires a documentation steward/,
  },
  {
    code: "doc-closure-open",
    gate: documentationGate,
    inputs: () => withLog(baseInputs(), "A9", `[wave-doc-closure] state=delta detail=master plan${n}`),
  },
  {
    code: "doc-auto-no-change",
    gate: documentationGate,
    inputs: () => {
      const i = policyWith(withSummary(baseInputs(), "A9", undefined), { allowAutoDocNoChange: true });
      return { ...i, wave: { ...i.wave, componentPromotions: [] } };
    },
    ok: true,
  },
  {
    code: "doc-auto-closed",
    gate: documentationGate,
    inputs: () => policyWith(withSummary(baseInputs(), "A9", undefined), { allowAutoDocProjection: true }),
    ok: true,
  },
  {
    code: "missing-doc-closure",
    gate: documentationGate,
    // A shared-plan doc delta must be closed by the steward: no auto-closure.
    inputs: () =>
      policyWith(withSummary(withLog(baseInputs(), "A2", "[wave-doc-delta] state=shared-plan"), "A9", undefined), {
        allowAutoDocNoChange: true,
        allowAutoDocProjection: true,
      }),
  },
  {
    code: "missing-doc-closure-empty-run",
    gate: documentationGate,
    inputs: () => withLog(withLog(baseInputs(), "A9", ""), "A8", "nothing"),
  },
  { code: "fallback-auto-closed", gate: documentationGate, inputs: () => withLog(baseInputs(), "A9", ""), ok: true },

  // cont-QA
  { code: "pass", gate: contQaGate, inputs: () => baseInputs(), ok: true },
  {
    code: "missing-cont-qa",
    gate: contQaGate,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, agents: i.wave.agents.filter((a) => a.agentId !== "A0") } };
    },
  },
  { code: "missing-wave-gate", gate: contQaGate, inputs: () => withLog(baseInputs(), "A0", `[wave-verdict] pass${n}`) },
  {
    code: "missing-cont-qa-report",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", LOGS.A0, { report: { path: "docs/reviews/wave-3-cont-qa.md", content: null } }),
  },
  {
    code: "missing-cont-qa-verdict",
    gate: contQaGate,
    inputs: () =>
      withLog(baseInputs(), "A0", GATE("architecture=pass integration=pass durability=pass live=pass docs=pass").split("\n")[0]!, {
        report: { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\nno verdict yet\n" },
      }),
    detail: /neither a \[wave-verdict\] line/,
  },
  {
    code: "missing-cont-qa-verdict",
    gate: contQaGate,
    inputs: () =>
      withLog(
        baseInputs(),
        "A0",
        `${GATE("architecture=pass integration=pass durability=pass live=pass docs=pass").split("\n")[0]}\n[wave-verdict] maybe${n}`,
        {
          report: { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\n" },
        },
      ),
    detail: /invalid value verdict=maybe/,
  },
  {
    code: "cont-qa-concerns",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", LOGS.A0.replace("pass detail=ship it", "concerns detail=docs thin")),
    detail: /docs thin/,
  },
  { code: "cont-qa-blocked", gate: contQaGate, inputs: () => withLog(baseInputs(), "A0", LOGS.A0.replace("pass detail=ship it", "fail")) },
  {
    code: "cont-qa-hold",
    gate: contQaGate,
    // No log verdict: the report's LAST Verdict: line decides.
    inputs: () =>
      withLog(baseInputs(), "A0", LOGS.A0.split("\n")[0]!, {
        report: { path: "docs/reviews/wave-3-cont-qa.md", content: "Verdict: PASS\n\nVerdict: HOLD - waiting on ops\n" },
      }),
    detail: /the Verdict: line of docs\/reviews\/wave-3-cont-qa\.md.*waiting on ops/,
  },
  {
    code: "gate-architecture-concerns",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=concerns integration=pass durability=pass live=pass docs=pass")),
  },
  {
    code: "gate-integration-blocked",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=pass integration=blocked durability=pass live=pass docs=pass")),
  },
  {
    code: "gate-durability-concerns",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=pass integration=pass durability=concerns live=pass docs=pass")),
  },
  {
    code: "gate-live-blocked",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=pass integration=pass durability=pass live=blocked docs=gap")),
  },
  {
    code: "gate-docs-concerns",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=pass integration=pass durability=pass live=pass docs=concerns")),
  },
  {
    code: "conditional-pass",
    gate: contQaGate,
    inputs: () => withLog(baseInputs(), "A0", GATE("architecture=pass integration=pass durability=pass live=gap docs=pass")),
    ok: true,
    detail: /known gaps in live/,
  },

  // barriers
  {
    code: "pass",
    gate: infraGate,
    inputs: () => withLog(baseInputs(), "A2", "[infra-status] kind=k8s target=cluster/prod state=action-required"),
    ok: true,
  },
  {
    code: "infra-drift",
    gate: infraGate,
    inputs: () => withLog(baseInputs(), "A2", "[infra-status] kind=k8s target=cluster/prod state=drift detail=2 resources"),
    detail: /cluster\/prod as drift/,
  },
  { code: "pass", gate: clarificationGate, inputs: () => baseInputs(), ok: true },
  {
    code: "human-feedback-open",
    gate: clarificationGate,
    inputs: () => ({ ...baseInputs(), coordination: { openBlockers: [blocker("human-feedback", "fb-1")] } }),
    detail: /fb-1/,
  },
  {
    code: "clarification-open",
    gate: clarificationGate,
    inputs: () => ({ ...baseInputs(), coordination: { openBlockers: [blocker("clarification-request", "cl-1")] } }),
  },

  // stage-level codes
  {
    code: "missing-closure-run",
    gate: (i) => gateForStage("security", i).failure!,
    inputs: () => {
      const i = baseInputs();
      return { ...i, wave: { ...i.wave, agents: i.wave.agents.filter((a) => a.agentId !== "A7") } };
    },
    detail: /Security review is required for wave 3/,
  },
  {
    code: "wave-proof-gap",
    gate: (i) => gateForStage("security", i).gates[0]!,
    inputs: () =>
      withLog(
        baseInputs(),
        "A7",
        `${LOGS.A7}\n[wave-proof] completion=contract durability=none proof=unit state=gap detail=pentest pending`,
      ),
    detail: /forwarded to A8, A9, A0 as blocker wave-3-closure-gap-security-A7-attempt-1/,
  },
];

/** Every status code of REFERENCE §6.4 that applies to one wave, plus ours (auto-closure, infra). */
const EXPECTED_CODES = [
  "missing-summary",
  "missing-wave-proof",
  "invalid-wave-proof-format",
  "wave-proof-gap",
  "completion-gap",
  "durability-gap",
  "proof-level-gap",
  "missing-doc-delta",
  "invalid-doc-delta-format",
  "doc-impact-gap",
  "missing-wave-component",
  "invalid-wave-component-format",
  "component-level-mismatch",
  "component-gap",
  "missing-deliverable",
  "missing-deliverable-summary",
  "missing-proof-artifact",
  "missing-proof-artifact-summary",
  "missing-component-promotions",
  "component-promotion-gap",
  "shared-component-sibling-pending",
  "unknown-component",
  "component-current-level-stale",
  "missing-wave-design",
  "missing-design-packet",
  "design-blocked",
  "design-needs-clarification",
  "missing-wave-eval",
  "missing-cont-eval-report",
  "cont-eval-blocked",
  "cont-eval-needs-more-work",
  "missing-cont-eval-contract",
  "missing-cont-eval-target-ids",
  "cont-eval-target-count-mismatch",
  "cont-eval-target-mismatch",
  "missing-cont-eval-benchmarks",
  "cont-eval-benchmark-count-mismatch",
  "cont-eval-regressions",
  "cont-eval-benchmark-mismatch",
  "missing-wave-security",
  "missing-security-report",
  "invalid-security-clear-state",
  "security-blocked",
  "security-concerns",
  "missing-integration",
  "missing-wave-integration",
  "integration-needs-more-work",
  "integration-contradiction-open",
  "integration-inferred",
  "doc-auto-no-change",
  "doc-auto-closed",
  "missing-doc-closure",
  "doc-closure-open",
  "missing-doc-closure-empty-run",
  "fallback-auto-closed",
  "missing-cont-qa",
  "missing-wave-gate",
  "missing-cont-qa-report",
  "missing-cont-qa-verdict",
  "cont-qa-concerns",
  "cont-qa-blocked",
  "cont-qa-hold",
  "gate-architecture-concerns",
  "gate-integration-blocked",
  "gate-durability-concerns",
  "gate-live-blocked",
  "gate-docs-concerns",
  "conditional-pass",
  "infra-drift",
  "human-feedback-open",
  "clarification-open",
  "missing-closure-run",
  "pass",
];

for (const [index, row] of ROWS.entries()) {
  test(`status ${row.code} (#${index + 1})`, () => {
    const result = row.gate(row.inputs());
    assert.equal(result.statusCode, row.code, result.detail);
    assert.equal(result.ok, row.ok ?? false, `${row.code} ok`);
    if (row.detail) assert.match(result.detail, row.detail);
    assert.ok(result.detail.length > 0);
  });
}

test("every single-wave status code is asserted by a row above", () => {
  const covered = new Set(ROWS.map((r) => r.code));
  assert.deepEqual(
    EXPECTED_CODES.filter((c) => !covered.has(c)),
    [],
  );
});

test("the base wave passes every gate, and the summary of a failing gate carries the agent's log path", () => {
  const all = waveVerdict(baseInputs());
  assert.equal(all.ok, true, JSON.stringify(all.failure));
  assert.deepEqual(
    [...new Set(all.gates.map((g) => g.stage))],
    [
      "design",
      "implementation",
      "component",
      "helper-assignment",
      "cont-eval",
      "security",
      "integration",
      "documentation",
      "component-matrix",
      "cont-qa",
      "infra",
      "clarification",
    ],
  );
  const failed = impl(withLog(baseInputs(), "A1", A1_REST));
  assert.equal(failed.logPath, "agents/A1/agent.log");
});

test("implementation gate without a config: agents without an exit contract pass on their deliverables alone", () => {
  const i = { ...baseInputs(), policy: noConfigPolicy() };
  const gates = implementationGates(withLog(i, "A2", "no markers at all"));
  assert.deepEqual(
    gates.map((g) => [g.agentId, g.statusCode]),
    [
      ["D1", "pass"],
      ["A1", "pass"],
      ["A2", "pass"],
    ],
  );
  assert.equal(configPolicy().requiredStages.length, 5);
});

/* ------------------------------------------------- a failing gate lists every marker still missing */

const QA_REPORT_WITHOUT_VERDICT = { report: { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\n" } };

test("implementation: no markers at all → missing-wave-proof, and the detail lists proof, doc delta and the component", () => {
  const gate = impl(withLog(baseInputs(), "A1", "Implemented refresh, forgot every marker."));
  assert.equal(gate.statusCode, "missing-wave-proof");
  assert.match(gate.detail, /^A1 is missing 3 required markers\. /);
  assert.match(
    gate.detail,
    /\[wave-proof\]: not printed\. \[wave-doc-delta\]: not printed\. \[wave-component\] component=auth-service: not printed\./,
  );
  assert.match(gate.detail, /\[wave-proof\] completion=contract\|integrated\|authoritative\|live /);
  assert.match(gate.detail, / \| \[wave-doc-delta\] state=none\|owned\|shared-plan /);
  assert.match(gate.detail, / \| \[wave-component\] component=auth-service level=repo-landed state=met\|gap detail=<text>\./);
  assert.match(gate.detail, /See docs\/markers\.md/);
  assert.doesNotMatch(gate.detail, /nonce/, "implementation markers never need the nonce");
});

test("implementation: a rejected proof and two absent markers → invalid-wave-proof-format, listing the rejection and the rest", () => {
  const gate = impl(withLog(baseInputs(), "A1", "[wave-proof] completion=integrated durability=durable proof=integration"));
  assert.equal(gate.statusCode, "invalid-wave-proof-format");
  assert.match(
    gate.detail,
    /^A1 is missing 3 required markers\. \[wave-proof\]: printed once but not accepted\. Rejected line 1: missing key state: /,
  );
  assert.match(gate.detail, /\[wave-doc-delta\]: not printed\. \[wave-component\] component=auth-service: not printed\./);
});

test("implementation: proof present, doc delta and component absent → missing-doc-delta listing both", () => {
  const gate = impl(withLog(baseInputs(), "A1", A1_PROOF));
  assert.equal(gate.statusCode, "missing-doc-delta");
  assert.match(
    gate.detail,
    /^A1 is missing 2 required markers\. \[wave-doc-delta\]: not printed\. \[wave-component\] component=auth-service: not printed\./,
  );
  assert.doesNotMatch(gate.detail, /\[wave-proof\]:/);
});

test("implementation: two owned components missing → missing-wave-component for the first, listing both", () => {
  const i = withAgent(baseInputs(), "A1", {
    components: ["auth-service", "token-store"],
    componentTargets: { "auth-service": "repo-landed", "token-store": "baseline-proved" },
  });
  const gate = impl(withLog(i, "A1", `${A1_PROOF}\n[wave-doc-delta] state=owned`));
  assert.equal(gate.statusCode, "missing-wave-component");
  assert.equal(gate.componentId, "auth-service");
  assert.match(
    gate.detail,
    /A1 is missing 2 required markers\. \[wave-component\] component=auth-service: not printed\. \[wave-component\] component=token-store: not printed\./,
  );
  assert.match(gate.detail, /\[wave-component\] component=token-store level=baseline-proved state=met\|gap/);
});

test("implementation: a failure for another reason names the markers that are still missing", () => {
  const gate = impl(withLog(baseInputs(), "A1", A1_PROOF.replace("integrated", "contract")));
  assert.equal(gate.statusCode, "completion-gap");
  assert.match(
    gate.detail,
    /at least integrated.* Also missing: \[wave-doc-delta\], \[wave-component\] component=auth-service; print \[wave-doc-delta\] state=/,
  );
  const complete = impl(withLog(baseInputs(), "A1", `${A1_PROOF.replace("integrated", "contract")}\n${A1_REST}`));
  assert.equal(complete.statusCode, "completion-gap");
  assert.doesNotMatch(complete.detail, /Also missing/);
});

test("cont-QA: neither [wave-gate] nor a verdict → missing-wave-gate listing both markers, with the nonce note", () => {
  const gate = contQaGate(withLog(baseInputs(), "A0", "Reviewed everything.", QA_REPORT_WITHOUT_VERDICT));
  assert.equal(gate.statusCode, "missing-wave-gate");
  assert.match(gate.detail, /^A0 is missing 2 required markers\. \[wave-gate\]: not printed\. \[wave-verdict\]: not printed\./);
  assert.match(
    gate.detail,
    /\[wave-gate\] architecture=pass\|concerns\|blocked\|gap .* \| \[wave-verdict\] pass\|concerns\|blocked\|hold detail=<text>\./,
  );
  assert.match(gate.detail, /Gate markers need nonce=<WAVE_MARKER_NONCE> when nonces are on\./);

  const noNonce = contQaGate(
    withLog(
      baseInputs(),
      "A0",
      "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass\n[wave-verdict] pass",
      QA_REPORT_WITHOUT_VERDICT,
    ),
  );
  assert.equal(noNonce.statusCode, "missing-wave-gate");
  assert.match(
    noNonce.detail,
    /\[wave-gate\]: printed once but not accepted\. Rejected line 1: missing nonce: .*\[wave-verdict\]: printed once but not accepted\. Rejected line 2: missing nonce: /,
  );
});

test("cont-QA: the report's Verdict: line counts, so only [wave-gate] is missing; no summary names both", () => {
  const gate = contQaGate(withLog(baseInputs(), "A0", "Reviewed everything."));
  assert.equal(gate.statusCode, "missing-wave-gate");
  assert.match(gate.detail, /^A0 did not print a \[wave-gate\] marker\. End its output with a line: \[wave-gate\] /);
  assert.doesNotMatch(gate.detail, /wave-verdict/);

  const none = contQaGate(withSummary(baseInputs(), "A0", undefined));
  assert.equal(none.statusCode, "missing-wave-gate");
  assert.match(none.detail, /so none of its markers \(\[wave-gate\], \[wave-verdict\]\) was seen\./);
});
