/**
 * Zod schemas for structured marker lines, the streaming parser's result, and the per-agent
 * execution summary (`summary.json`). These are the single source of truth for those types.
 */
import { z } from "zod";
import { COMPLETION_LEVELS, DOC_IMPACT_LEVELS, DURABILITY_LEVELS, PROOF_LEVELS } from "../wave/schema.js";

/** Every marker kind the parser recognizes (tag names without brackets, `wave-` prefix dropped). */
export const SIGNAL_KINDS = [
  "proof",
  "doc-delta",
  "doc-closure",
  "integration",
  "eval",
  "security",
  "design",
  "gate",
  "gap",
  "component",
  "verdict",
  "phase",
  "deploy-status",
  "infra-status",
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/**
 * Kinds that count only with `nonce=<value>` when a nonce is set: the gate markers of closure and
 * design agents. Implementation markers (proof, doc-delta, component, gap) and status lines do not
 * need it.
 */
export const NONCE_REQUIRED_KINDS: readonly SignalKind[] = [
  "design",
  "eval",
  "security",
  "integration",
  "doc-closure",
  "gate",
  "verdict",
];

export const PROOF_STATES = ["met", "gap"] as const;
export const COMPONENT_STATES = ["met", "gap"] as const;
export const DOC_CLOSURE_STATES = ["closed", "no-change", "delta"] as const;
export const INTEGRATION_STATES = ["ready-for-doc-closure", "needs-more-work"] as const;
export const EVAL_STATES = ["satisfied", "needs-more-work", "blocked"] as const;
export const SECURITY_STATES = ["clear", "concerns", "blocked"] as const;
export const DESIGN_STATES = ["ready-for-implementation", "needs-clarification", "blocked"] as const;
export const GATE_VALUES = ["pass", "concerns", "blocked", "gap"] as const;
export const GATE_DIMENSIONS = ["architecture", "integration", "durability", "live", "docs"] as const;
export type GateDimension = (typeof GATE_DIMENSIONS)[number];
export const GAP_KINDS = ["architecture", "integration", "durability", "ops", "docs"] as const;
/** `fail` is accepted and recorded as `blocked`. */
export const VERDICTS = ["pass", "concerns", "blocked", "hold"] as const;
export type Verdict = (typeof VERDICTS)[number];
/** `rolled-back` is accepted and recorded as `rolledover`. */
export const DEPLOY_STATES = ["deploying", "healthy", "failed", "rolledover"] as const;
/** `[infra-status]` states that do not block a wave; any other state fails the infra gate. */
export const NON_BLOCKING_INFRA_STATES = [
  "conformant",
  "setup-required",
  "setup-in-progress",
  "action-required",
  "action-approved",
  "action-complete",
] as const;

const line = z.number().int().positive().describe("1-based line of the agent output where the marker stood");
const detail = z.string().nullable();

export const ProofMarkerSchema = z.object({
  completion: z.enum(COMPLETION_LEVELS),
  durability: z.enum(DURABILITY_LEVELS),
  proof: z.enum(PROOF_LEVELS),
  state: z.enum(PROOF_STATES),
  detail,
  line,
});
export const DocDeltaMarkerSchema = z.object({
  state: z.enum(DOC_IMPACT_LEVELS),
  paths: z.array(z.string()),
  detail,
  line,
});
export const DocClosureMarkerSchema = z.object({
  state: z.enum(DOC_CLOSURE_STATES),
  paths: z.array(z.string()),
  detail,
  line,
});
export const IntegrationMarkerSchema = z.object({
  state: z.enum(INTEGRATION_STATES),
  claims: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
  blockers: z.number().int().nonnegative(),
  detail,
  line,
});
export const EvalMarkerSchema = z.object({
  state: z.enum(EVAL_STATES),
  targets: z.number().int().nonnegative(),
  benchmarks: z.number().int().nonnegative(),
  regressions: z.number().int().nonnegative(),
  targetIds: z.array(z.string()),
  benchmarkIds: z.array(z.string()),
  detail,
  line,
});
export const SecurityMarkerSchema = z.object({
  state: z.enum(SECURITY_STATES),
  findings: z.number().int().nonnegative(),
  approvals: z.number().int().nonnegative(),
  detail,
  line,
});
export const DesignMarkerSchema = z.object({
  state: z.enum(DESIGN_STATES),
  decisions: z.number().int().nonnegative(),
  assumptions: z.number().int().nonnegative(),
  openQuestions: z.number().int().nonnegative(),
  detail,
  line,
});
const gateValue = z.enum(GATE_VALUES);
export const GateMarkerSchema = z.object({
  architecture: gateValue,
  integration: gateValue,
  durability: gateValue,
  live: gateValue,
  docs: gateValue,
  detail,
  line,
});
export const GapMarkerSchema = z.object({ kind: z.enum(GAP_KINDS), detail, line });
export const ComponentMarkerSchema = z.object({
  componentId: z.string(),
  level: z.string(),
  state: z.enum(COMPONENT_STATES),
  detail,
  line,
});
export const VerdictMarkerSchema = z.object({ verdict: z.enum(VERDICTS), detail, line });
export const PhaseMarkerSchema = z.object({ phase: z.string(), line });
export const DeployStatusMarkerSchema = z.object({
  service: z.string(),
  state: z.enum(DEPLOY_STATES),
  detail,
  line,
});
export const InfraStatusMarkerSchema = z.object({
  kind: z.string(),
  target: z.string(),
  state: z.string(),
  detail,
  line,
});

export type ProofMarker = z.infer<typeof ProofMarkerSchema>;
export type DocDeltaMarker = z.infer<typeof DocDeltaMarkerSchema>;
export type DocClosureMarker = z.infer<typeof DocClosureMarkerSchema>;
export type IntegrationMarker = z.infer<typeof IntegrationMarkerSchema>;
export type EvalMarker = z.infer<typeof EvalMarkerSchema>;
export type SecurityMarker = z.infer<typeof SecurityMarkerSchema>;
export type DesignMarker = z.infer<typeof DesignMarkerSchema>;
export type GateMarker = z.infer<typeof GateMarkerSchema>;
export type GapMarker = z.infer<typeof GapMarkerSchema>;
export type ComponentMarker = z.infer<typeof ComponentMarkerSchema>;
export type VerdictMarker = z.infer<typeof VerdictMarkerSchema>;
export type PhaseMarker = z.infer<typeof PhaseMarkerSchema>;
export type DeployStatusMarker = z.infer<typeof DeployStatusMarkerSchema>;
export type InfraStatusMarker = z.infer<typeof InfraStatusMarkerSchema>;

/** A marker-looking line that was not accepted (error) or was accepted with a remark (warning). */
export const SignalDiagnosticSchema = z.object({
  /** Marker kind, `unknown` for an unrecognized `[wave-…]` tag, `log` for log-level problems. */
  kind: z.string(),
  line: z.number().int().nonnegative(),
  /** The line as seen (trimmed, truncated, nonce value masked). */
  text: z.string(),
  reason: z.string(),
  severity: z.enum(["error", "warning"]),
  componentId: z.string().optional(),
});
export type SignalDiagnostic = z.infer<typeof SignalDiagnosticSchema>;

export const SignalCountSchema = z.object({
  seen: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
});
export type SignalCount = z.infer<typeof SignalCountSchema>;

export const TerminationFactsSchema = z.object({
  /** The CLI reported that it stopped at its turn limit. */
  turnLimitReached: z.boolean(),
  /** N from `Reached max turns (N)` when printed. */
  observedTurnLimit: z.number().int().nonnegative().nullable(),
  /** Last error message of a JSON transcript (`{"type":"error"}` / `turn.failed`). */
  lastError: z.string().nullable(),
});
export type TerminationFacts = z.infer<typeof TerminationFactsSchema>;

/** The accepted markers: the LAST of each kind, the last per component id, every gap. */
export const SignalMarkersShape = {
  proof: ProofMarkerSchema.nullable(),
  docDelta: DocDeltaMarkerSchema.nullable(),
  docClosure: DocClosureMarkerSchema.nullable(),
  integration: IntegrationMarkerSchema.nullable(),
  eval: EvalMarkerSchema.nullable(),
  security: SecurityMarkerSchema.nullable(),
  design: DesignMarkerSchema.nullable(),
  gate: GateMarkerSchema.nullable(),
  components: z.array(ComponentMarkerSchema),
  gaps: z.array(GapMarkerSchema),
  /** The `[wave-verdict]` marker of the log (not the report). */
  logVerdict: VerdictMarkerSchema.nullable(),
  phase: PhaseMarkerSchema.nullable(),
  deployStatus: DeployStatusMarkerSchema.nullable(),
  infraStatus: InfraStatusMarkerSchema.nullable(),
};

export const SignalResultSchema = z.object({
  ...SignalMarkersShape,
  /** Per kind: every marker-looking line seen, accepted, rejected, and accepted-with-warnings. */
  counts: z.record(z.string(), SignalCountSchema),
  /** Samples (the last few per kind), in line order. */
  diagnostics: z.array(SignalDiagnosticSchema),
  termination: TerminationFactsSchema,
  stats: z.object({
    lines: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    oversizedLines: z.number().int().nonnegative(),
  }),
});
export type SignalResult = z.infer<typeof SignalResultSchema>;

/* ------------------------------------------------------------------ execution summary */

export const FileFactSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  /** sha256 hex of the file's bytes; null when missing or not a regular file. */
  sha256: z.string().nullable(),
  /** Why the file was not read (e.g. a symbolic link that resolves outside the repository); then `exists` is false. */
  problem: z.string().optional(),
});
export type FileFact = z.infer<typeof FileFactSchema>;

export const SummaryVerdictSchema = z.object({
  verdict: z.enum(VERDICTS),
  detail: z.string().nullable(),
  /** `log`: a `[wave-verdict]` marker (wins); `report`: the report's last `Verdict:` line. */
  source: z.enum(["log", "report"]),
});
export type SummaryVerdict = z.infer<typeof SummaryVerdictSchema>;

export const TERMINATION_REASONS = ["max-turns", "timeout", "exit-code"] as const;

export const ExecutionSummarySchema = z.object({
  schemaVersion: z.literal(1),
  agentId: z.string(),
  exitCode: z.number().int().nullable(),
  /** Log and report paths as given to the builder (relative to the run dir / repository root). */
  logPath: z.string().nullable(),
  reportPath: z.string().nullable(),
  ...SignalMarkersShape,
  verdict: SummaryVerdictSchema.nullable(),
  deliverables: z.array(FileFactSchema),
  proofArtifacts: z.array(
    FileFactSchema.extend({ kind: z.string().nullable(), requiredFor: z.array(z.string()) }),
  ),
  report: FileFactSchema.extend({
    verdict: z.object({ verdict: z.enum(VERDICTS), detail: z.string().nullable() }).nullable(),
  }).nullable(),
  diagnostics: z.object({
    counts: z.record(z.string(), SignalCountSchema),
    samples: z.array(SignalDiagnosticSchema),
  }),
  termination: z.object({
    reason: z.enum(TERMINATION_REASONS).nullable(),
    hint: z.string().nullable(),
    observedTurnLimit: z.number().int().nonnegative().nullable(),
  }),
  stats: z.object({ lines: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type ExecutionSummary = z.infer<typeof ExecutionSummarySchema>;
