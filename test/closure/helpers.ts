/**
 * A complete, passing wave 3 (design, two implementation agents, cont-EVAL, security, integration,
 * documentation, cont-QA) as gate inputs, plus small builders to break one thing at a time, and
 * `waveVerdict`: an attempt driven by the engine's `nextStep` on fixed inputs.
 */
import { nextStep } from "../../src/closure/stages.js";
import type {
  AttemptProgress,
  AttemptSequence,
  AttemptStage,
  CoordinationInput,
  ForwardedGap,
  GateInputs,
  PlannedStage,
  WaveRoles,
} from "../../src/closure/types.js";
import type { GateResult } from "../../src/state/schema.js";
import { parseSignals } from "../../src/signals/parser.js";
import type { ExecutionSummary } from "../../src/signals/schema.js";
import { assembleExecutionSummary } from "../../src/signals/execution-summary.js";
import { readReportVerdict } from "../../src/signals/verdict.js";
import type { AgentDefinition, ClosurePolicy, WaveDefinition } from "../../src/wave/schema.js";

export const NONCE = "n0nce-7f3a";

export function agentDef(agentId: string, overrides: Partial<AgentDefinition> = {}): AgentDefinition {
  return {
    agentId,
    title: `Agent ${agentId}`,
    slug: `3-${agentId.toLowerCase()}`,
    line: 10,
    promptLine: 12,
    promptOverlay: "Do the work.",
    prompt: "Do the work.",
    rolePromptPaths: [],
    context7: null,
    exitContract: null,
    executor: {},
    components: [],
    componentTargets: {},
    capabilities: [],
    skills: [],
    deliverables: [],
    proofArtifacts: [],
    ownedPaths: [],
    sectionLines: {},
    ...overrides,
  };
}

export function baseWave(): WaveDefinition {
  return {
    wave: 3,
    file: "docs/plans/waves/wave-3.md",
    title: "Wave 3",
    commitMessage: null,
    deployEnvironments: [],
    evalTargets: [
      { id: "latency-p95", selection: "pinned", benchmarkFamily: null, benchmarks: ["k6-smoke"], objective: "p95", threshold: "<250ms" },
      { id: "error-rate", selection: "delegated", benchmarkFamily: "error-budgets", benchmarks: [], objective: "5xx", threshold: "<0.1%" },
    ],
    context7Defaults: null,
    componentPromotions: [{ componentId: "auth-service", targetLevel: "repo-landed" }],
    agents: [
      agentDef("D1", { ownedPaths: ["docs/design/wave-3-handoff.md"] }),
      agentDef("A1", {
        exitContract: { completion: "integrated", durability: "durable", proof: "integration", docImpact: "owned" },
        components: ["auth-service"],
        componentTargets: { "auth-service": "repo-landed" },
        deliverables: ["src/auth/session.ts"],
        proofArtifacts: [{ path: "proof/refresh.log", kind: "test-log", requiredFor: [] }],
      }),
      agentDef("A2", { deliverables: ["src/billing/retry.ts"] }),
      agentDef("E0"),
      agentDef("A7"),
      agentDef("A8"),
      agentDef("A9"),
      agentDef("A0"),
    ],
    fingerprint: "0".repeat(64),
  };
}

export function baseRoles(): WaveRoles {
  return {
    contQaAgentId: "A0",
    contEvalAgentId: "E0",
    integrationAgentId: "A8",
    documentationAgentId: "A9",
    securityAgentIds: ["A7"],
    designAgentIds: ["D1"],
    implementationAgentIds: ["A1", "A2"],
    reportPaths: {
      A0: "docs/reviews/wave-3-cont-qa.md",
      E0: "docs/evals/wave-3-cont-eval.md",
      A7: "docs/security/wave-3-security.md",
      D1: "docs/design/wave-3-handoff.md",
    },
  };
}

/** The policy of a lane with a wave.config.json: every closure stage required, strict. */
export function configPolicy(overrides: Partial<ClosurePolicy> = {}): ClosurePolicy {
  return {
    hasConfig: true,
    requiredStages: ["cont-eval", "security", "integration", "documentation", "cont-qa"],
    gateMode: "strict",
    closureMode: "strict",
    autoClosure: {
      allowInferredIntegration: false,
      allowAutoDocNoChange: false,
      allowAutoDocProjection: false,
      allowSkipContQaInBootstrap: false,
    },
    requireComponentPromotions: true,
    ...overrides,
  };
}

/** No config: nothing required. */
export function noConfigPolicy(): ClosurePolicy {
  return configPolicy({ hasConfig: false, requiredStages: [], requireComponentPromotions: false });
}

export interface SummaryOptions {
  nonce?: string | null;
  /** Deliverable / proof-artifact paths and whether they exist. */
  files?: Record<string, boolean>;
  /** Report path → content (exists) or null (missing). */
  report?: { path: string; content: string | null };
  exitCode?: number | null;
  logPath?: string;
}

/** A summary as buildExecutionSummary would produce it, built purely from log text and file facts. */
export function summary(agent: AgentDefinition, log: string, options: SummaryOptions = {}): ExecutionSummary {
  const files = options.files ?? {};
  const fact = (path: string) => ({ path, exists: files[path] === true, sha256: files[path] ? "ab".repeat(32) : null });
  const report = options.report
    ? {
        path: options.report.path,
        exists: options.report.content !== null,
        sha256: options.report.content !== null ? "cd".repeat(32) : null,
        verdict: options.report.content !== null ? readReportVerdict(options.report.content) : null,
      }
    : null;
  return assembleExecutionSummary({
    agent,
    signals: parseSignals(log, { nonce: options.nonce === undefined ? NONCE : options.nonce }),
    exitCode: options.exitCode === undefined ? 0 : options.exitCode,
    logPath: options.logPath ?? `agents/${agent.agentId}/agent.log`,
    reportPath: options.report?.path ?? null,
    deliverables: agent.deliverables.map(fact),
    proofArtifacts: agent.proofArtifacts.map((a) => ({ ...fact(a.path), kind: a.kind, requiredFor: a.requiredFor })),
    report,
  });
}

const n = ` nonce=${NONCE}`;
export const LOGS = {
  D1: `Packet written.\n[wave-design] state=ready-for-implementation decisions=4 assumptions=2 open_questions=0${n}`,
  A1: [
    "Implemented refresh.",
    "[wave-proof] completion=integrated durability=durable proof=integration state=met detail=integration tests",
    "[wave-doc-delta] state=owned paths=docs/auth.md",
    "[wave-component] component=auth-service level=repo-landed state=met",
  ].join("\n"),
  A2: "Retry policy landed.\n",
  E0: `[wave-eval] state=satisfied targets=2 benchmarks=2 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=k6-smoke,eb-5xx${n}`,
  A7: `[wave-security] state=clear findings=0 approvals=0${n}`,
  A8: `[wave-integration] state=ready-for-doc-closure claims=3 conflicts=0 blockers=0${n}`,
  A9: `[wave-doc-closure] state=closed paths=docs/plans/current-state.md${n}`,
  A0: `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}\n[wave-verdict] pass detail=ship it${n}`,
} as const;

export type AgentKey = keyof typeof LOGS;

/** Summary of a base agent with the base files/report, from a (possibly changed) log. */
export function baseSummary(wave: WaveDefinition, id: AgentKey, log: string = LOGS[id], extra: SummaryOptions = {}): ExecutionSummary {
  const agent = wave.agents.find((a) => a.agentId === id);
  if (!agent) throw new Error(`no agent ${id}`);
  const roles = baseRoles();
  const reportPath = roles.reportPaths[id];
  const files = { "src/auth/session.ts": true, "proof/refresh.log": true, "src/billing/retry.ts": true };
  return summary(agent, log, {
    files,
    report: reportPath ? { path: reportPath, content: id === "A0" ? "# QA\nVerdict: PASS\n" : "# Report\n" } : undefined,
    ...extra,
  });
}

export function baseInputs(overrides: Partial<GateInputs> = {}): GateInputs {
  const wave = overrides.wave ?? baseWave();
  const summaries: Record<string, ExecutionSummary> = {};
  for (const id of Object.keys(LOGS) as AgentKey[]) {
    if (wave.agents.some((a) => a.agentId === id)) summaries[id] = baseSummary(wave, id);
  }
  const coordination: CoordinationInput = { openBlockers: [] };
  return {
    wave,
    roles: baseRoles(),
    summaries,
    policy: configPolicy(),
    coordination,
    componentMatrix: { components: { "auth-service": { currentLevel: "repo-landed" } } },
    benchmarkFamilies: { "error-budgets": ["eb-5xx", "eb-latency"] },
    attempt: 1,
    ...overrides,
  };
}

/** A copy of `inputs` with one agent's summary replaced (undefined removes it). */
export function withSummary(inputs: GateInputs, id: string, value: ExecutionSummary | undefined): GateInputs {
  const summaries = { ...inputs.summaries };
  if (value === undefined) delete summaries[id];
  else summaries[id] = value;
  return { ...inputs, summaries };
}

/** A copy with an agent's log changed (base files and report kept). */
export function withLog(inputs: GateInputs, id: AgentKey, log: string, extra: SummaryOptions = {}): GateInputs {
  return withSummary(inputs, id, baseSummary(inputs.wave, id, log, extra));
}

/** A copy with agent `id` changed in the wave definition (summaries rebuilt for that agent). */
export function withAgent(inputs: GateInputs, id: AgentKey, change: Partial<AgentDefinition>): GateInputs {
  const wave = { ...inputs.wave, agents: inputs.wave.agents.map((a) => (a.agentId === id ? { ...a, ...change } : a)) };
  const next = { ...inputs, wave };
  return withSummary(next, id, baseSummary(wave, id));
}

/** A whole-wave attempt that launches every design and implementation agent of `inputs`. */
export function wholeWave(inputs: GateInputs): AttemptSequence {
  const ids = new Set(inputs.wave.agents.map((a) => a.agentId));
  return {
    design: inputs.roles.designAgentIds.filter((id) => ids.has(id)),
    implementation: inputs.roles.implementationAgentIds.filter((id) => ids.has(id)),
    carried: [],
    shardAgents: null,
  };
}

export interface WaveVerdict {
  /** The gates the engine would record, in order. */
  gates: GateResult[];
  ok: boolean;
  /** The gate the attempt ended on, or null. */
  failure: GateResult | null;
  /** Ended on an open clarification: blocked rather than failed. */
  blocked: boolean;
  forwarded: ForwardedGap[];
  /** Each step `nextStep` named, as `launch <stage>` / `gates <stage>`, then the verdict. */
  steps: string[];
}

/**
 * Drives `nextStep` as the engine does (src/engine/attempt.ts) with inputs that already hold every
 * agent's summary: a launch step only marks the stage launched, a gates step records its gates.
 */
export function waveVerdict(
  inputs: GateInputs,
  plan?: readonly PlannedStage[],
  sequence: AttemptSequence = wholeWave(inputs),
): WaveVerdict {
  const launched: AttemptStage[] = [];
  const done: AttemptStage[] = [];
  const gates: GateResult[] = [];
  const forwarded: ForwardedGap[] = [];
  const steps: string[] = [];
  for (let asked = 0; asked < 100; asked++) {
    const progress: AttemptProgress = { launched, done, gates, forwarded };
    const step = nextStep(sequence, progress, inputs, plan);
    if (step.kind === "verdict") {
      steps.push(step.outcome);
      return { gates, ok: step.outcome === "passed", failure: step.gate, blocked: step.outcome === "blocked", forwarded, steps };
    }
    steps.push(`${step.kind} ${step.stage}`);
    if (step.kind === "launch") {
      launched.push(step.stage);
      continue;
    }
    gates.push(...step.gates);
    forwarded.push(...step.forwarded);
    done.push(step.stage);
  }
  throw new Error(`nextStep did not end the attempt: ${steps.join(", ")}`);
}
