/**
 * Zod schemas for structured marker lines, the streaming parser's result, and the per-agent
 * execution summary (`summary.json`). These are the single source of truth for those types.
 */
import { z } from "zod";
import { type MarkerOf, SignalMarkersShape, VERDICTS } from "./vocabulary.js";

// The marker vocabulary lives in vocabulary.ts; what the rest of the code reads with the schemas.
export {
  GATE_DIMENSIONS,
  NON_BLOCKING_INFRA_STATES,
  type SignalKind,
  type Verdict,
} from "./vocabulary.js";

export type ComponentMarker = MarkerOf<"component">;
export type GapMarker = MarkerOf<"gap">;
export type EvalMarker = MarkerOf<"eval">;

/** A marker-looking line that was not accepted (error) or was accepted with a remark (warning). */
const SignalDiagnosticSchema = z.object({
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

const SignalCountSchema = z.object({
  seen: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
});
export type SignalCount = z.infer<typeof SignalCountSchema>;

const TerminationFactsSchema = z.object({
  /** The CLI reported that it stopped at its turn limit. */
  turnLimitReached: z.boolean(),
  /** N from `Reached max turns (N)` when printed. */
  observedTurnLimit: z.number().int().nonnegative().nullable(),
  /** Last error message of a JSON transcript (`{"type":"error"}` / `turn.failed`). */
  lastError: z.string().nullable(),
});

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

const FileFactSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  /** sha256 hex of the file's bytes; null when missing or not a regular file. */
  sha256: z.string().nullable(),
  /** Why the file was not read (e.g. a symbolic link that resolves outside the repository); then `exists` is false. */
  problem: z.string().optional(),
});
export type FileFact = z.infer<typeof FileFactSchema>;

const SummaryVerdictSchema = z.object({
  verdict: z.enum(VERDICTS),
  detail: z.string().nullable(),
  /** `log`: a `[wave-verdict]` marker (wins); `report`: the report's last `Verdict:` line. */
  source: z.enum(["log", "report"]),
});
export type SummaryVerdict = z.infer<typeof SummaryVerdictSchema>;

const TERMINATION_REASONS = ["max-turns", "timeout", "exit-code"] as const;

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
  proofArtifacts: z.array(FileFactSchema.extend({ kind: z.string().nullable(), requiredFor: z.array(z.string()) })),
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
