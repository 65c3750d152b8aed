/**
 * Inputs and outputs of the pure gate functions and the closure-stage planner.
 */
import type { ExecutionSummary } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import type { ClosurePolicy, ClosureStage, WaveDefinition } from "../wave/schema.js";

/**
 * Who holds which role in this wave. Closure ids are the lane's role ids (an id that no agent of
 * the wave carries means "not declared"). Taken as plain input so this module does not depend on
 * how roles are recognized.
 */
export interface WaveRoles {
  contQaAgentId: string | null;
  contEvalAgentId: string | null;
  integrationAgentId: string | null;
  documentationAgentId: string | null;
  securityAgentIds: readonly string[];
  designAgentIds: readonly string[];
  /** Implementation-owning agents (own non-report paths), including hybrid design / cont-EVAL agents. */
  implementationAgentIds: readonly string[];
  /** Report path per agent id: cont-QA / cont-EVAL / security report, design packet. */
  reportPaths: Readonly<Record<string, string | null | undefined>>;
}

/** An open, blocking coordination record (status open/acknowledged/in_progress). */
export interface OpenBlocker {
  id: string;
  /** Coordination kind: blocker, request, clarification-request, human-feedback, human-escalation, … */
  kind: string;
  agentId: string;
  summary: string;
  /** hard, soft, stale, advisory, proof-critical, closure-critical; stale/advisory never block. */
  severity: string;
  /** Addressees (`A1`, `agent:A1`, `component:<id>`, `capability:<name>`); absent: none known. */
  targets?: readonly string[];
  /** A request that follows up this clarification-request id (clarification-follow-up-open), or null. */
  followUpOf?: string | null;
  /** Agents that answered this request (a handoff, evidence or decision `--depends-on` it). */
  answeredBy?: readonly string[];
}

export interface CoordinationInput {
  openBlockers: readonly OpenBlocker[];
  /** Ids of closure gaps forwarded by this sweep (they are in openBlockers too; cont-QA judges them). */
  forwardedGaps?: readonly string[];
}

/** Component cut-over matrix JSON (only `currentLevel` per component is read). */
interface ComponentMatrix {
  components: Readonly<Record<string, { currentLevel?: string | null } | undefined>>;
}

export interface GateInputs {
  wave: WaveDefinition;
  roles: WaveRoles;
  /** Execution summaries by agent id (only agents that ran, or whose earlier run is reused). */
  summaries: Readonly<Record<string, ExecutionSummary | undefined>>;
  policy: ClosurePolicy;
  coordination?: CoordinationInput;
  /** Parsed component matrix, or null when the lane has none. */
  componentMatrix?: ComponentMatrix | null;
  /** Why the lane's component matrix could not be read (then `componentMatrix` is null). */
  componentMatrixProblem?: string | null;
  /** Benchmark ids per delegated benchmark family (benchmark catalog); unknown families allow any id. */
  benchmarkFamilies?: Readonly<Record<string, readonly string[]>> | null;
  /** Attempt number, used in forwarded-gap record ids. Default 1. */
  attempt?: number;
  /**
   * Capability → preferred agent ids (the lane's `capabilityRouting.preferredAgents`): who a
   * helper assignment (`capability:<name>` request) goes to before the agents declaring it.
   */
  capabilityRouting?: Readonly<Record<string, readonly string[]>> | null;
}

/** One closure stage of the sweep, planned from the wave definition (never from selected runs). */
export interface PlannedStage {
  stage: ClosureStage;
  /** Declared agents holding this stage, in wave order. */
  agentIds: string[];
  /** The policy requires this stage to pass (config thresholds). */
  required: boolean;
  /**
   * Why the stage does not launch anything: `not-declared` (no agent, not required),
   * `bootstrap` (no agent, gate mode bootstrap), `cont-qa-bootstrap` (allowSkipContQaInBootstrap).
   */
  skipReason: "not-declared" | "bootstrap" | "cont-qa-bootstrap" | null;
  /** Required, no agent, not skipped: fails `missing-closure-run` unless auto-closure applies. */
  missingRun: boolean;
}

/** A blocker coordination record the engine appends for a forwarded closure gap (§6.3 step 5). */
export interface ForwardedGap {
  id: string;
  kind: "blocker";
  stage: ClosureStage;
  agentId: string;
  /** Agents of the later closure stages. */
  targets: string[];
  blocking: true;
  blockerSeverity: "closure-critical";
  priority: "high";
  summary: string;
  detail: string;
}

export interface StageEvaluation {
  stage: ClosureStage;
  /** Every gate evaluated for the stage, in order (one per agent; documentation adds the matrix). */
  gates: GateResult[];
  /** No gate stopped the sweep (forwarded gaps do not stop it). */
  ok: boolean;
  /** The first gate that stops the sweep, or null. */
  failure: GateResult | null;
  /** Forwardable `wave-proof-gap`s to append as blocker records before the next stage. */
  forwarded: ForwardedGap[];
}

/** What the sweep does for a stage before launching anything. */
export interface StageLaunchDecision {
  stage: ClosureStage;
  /** Agents to launch (one at a time) before calling `gateForStage`; empty when settled. */
  launch: string[];
  /** Set when the stage is settled without a launch (skip, auto-closure, missing-closure-run). */
  settled: StageEvaluation | null;
}

/**
 * The stages of one attempt: design, implementation, the closure stages, then the wave-wide
 * barriers (helper assignments, infra, clarification). Their order is `ATTEMPT_STAGES` (stages.ts).
 */
export type AttemptStage = "design" | "implementation" | ClosureStage | "barriers";

/** What one attempt runs, from the engine's run plan. */
export interface AttemptSequence {
  /** Design agents the attempt launches; none: no design stage (reused design gates are checked with the implementation gates). */
  design: readonly string[];
  /** Implementation agents the attempt launches; none: their gates are still checked. */
  implementation: readonly string[];
  /** Closure stages carried over as passed: not run again, and the implementation-stage gates are carried with them. */
  carried: readonly ClosureStage[];
  /** A shard run's own implementation agents: the attempt ends after their implementation gates. Null: the whole wave. */
  shardAgents: readonly string[] | null;
}

/** What has run in the attempt and what the gates said. */
export interface AttemptProgress {
  /** Stages whose agents were launched (they are gated next). */
  launched: readonly AttemptStage[];
  /** Stages whose gates were recorded. */
  done: readonly AttemptStage[];
  /** Every gate recorded so far, carried ones included, in order. */
  gates: readonly GateResult[];
  /** Proof gaps forwarded so far (by stage and agent). */
  forwarded: readonly Pick<ForwardedGap, "stage" | "agentId">[];
}

/** What the attempt does next (`nextStep`). */
export type AttemptStep =
  /** Launch these agents for the stage, then ask again. */
  | { kind: "launch"; stage: AttemptStage; agents: string[] }
  /** Record these gates for the stage (in order) and append the forwarded gaps, then ask again. */
  | { kind: "gates"; stage: AttemptStage; gates: GateResult[]; forwarded: ForwardedGap[] }
  /** Every stage ran and no gate stopped the attempt. */
  | { kind: "verdict"; outcome: "passed"; gate: null }
  /** The gate that stopped the attempt: an open clarification blocks it, anything else fails it. */
  | { kind: "verdict"; outcome: "failed" | "blocked"; gate: GateResult };
