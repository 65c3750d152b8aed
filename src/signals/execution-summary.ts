/**
 * The execution summary of one agent run (`agents/<id>/summary.json`): its accepted markers,
 * deliverables and proof artifacts with existence and sha256, the report and the verdict,
 * diagnostics of rejected markers, and why the agent stopped when that is known. A named file that
 * is, or lies under, a symbolic link leading out of the repository is never read: it counts as
 * missing and its `problem` says why.
 *
 * Verdict precedence: a `[wave-verdict]` marker in the log (nonce-checked when nonces are on) wins
 * over the report's last `Verdict:` line; the report line is used only when the log has none.
 */
import type { AgentDefinition } from "../wave/schema.js";
import { fileFact, inspectFile } from "./file-facts.js";
import { type ExecutionSummary, ExecutionSummarySchema, type SignalResult, type SummaryVerdict } from "./schema.js";
import { readReportVerdict } from "./verdict.js";

export type { ExecutionSummary } from "./schema.js";

export interface BuildSummaryInput {
  agent: Pick<AgentDefinition, "agentId" | "deliverables" | "proofArtifacts">;
  /** The parser result for this agent's output (after `end()`). */
  signals: SignalResult;
  /** Repository root: deliverable, proof-artifact and report paths are relative to it. */
  root: string;
  exitCode: number | null;
  logPath?: string | null;
  /** Report (cont-QA, cont-EVAL, security) or design packet path, relative to the root. */
  reportPath?: string | null;
  /** The runtime stopped the agent at its deadline. */
  timedOut?: boolean;
}

/** Hashes the agent's files and reads its report, then assembles the summary. */
export async function buildExecutionSummary(input: BuildSummaryInput): Promise<ExecutionSummary> {
  const { agent, root } = input;
  const reportPath = input.reportPath ?? null;
  const [deliverables, proofArtifacts, report] = await Promise.all([
    Promise.all(agent.deliverables.map((p) => fileFact(root, p))),
    Promise.all(
      agent.proofArtifacts.map(async (a) => ({ ...(await fileFact(root, a.path)), kind: a.kind, requiredFor: [...a.requiredFor] })),
    ),
    reportPath === null ? Promise.resolve(null) : readReport(root, reportPath),
  ]);
  return assembleExecutionSummary({ ...input, deliverables, proofArtifacts, report });
}

export interface AssembleSummaryInput extends Omit<BuildSummaryInput, "agent" | "root"> {
  agent: Pick<AgentDefinition, "agentId">;
  deliverables: ExecutionSummary["deliverables"];
  proofArtifacts: ExecutionSummary["proofArtifacts"];
  report: ExecutionSummary["report"];
}

/** The pure part: merges parser output, file facts and the report into a summary. */
export function assembleExecutionSummary(input: AssembleSummaryInput): ExecutionSummary {
  const { signals, report } = input;
  let verdict: SummaryVerdict | null = null;
  if (signals.logVerdict) {
    verdict = { verdict: signals.logVerdict.verdict, detail: signals.logVerdict.detail, source: "log" };
  } else if (report?.verdict) {
    verdict = { ...report.verdict, source: "report" };
  }
  const { counts, diagnostics, termination: _termination, stats, ...markers } = signals;
  return ExecutionSummarySchema.parse({
    schemaVersion: 1,
    agentId: input.agent.agentId,
    exitCode: input.exitCode,
    logPath: input.logPath ?? null,
    reportPath: input.reportPath ?? null,
    ...markers,
    verdict,
    deliverables: input.deliverables,
    proofArtifacts: input.proofArtifacts,
    report,
    diagnostics: { counts, samples: diagnostics },
    termination: terminationOf(signals, input.exitCode, input.timedOut === true),
    stats: { lines: stats.lines, bytes: stats.bytes },
  } satisfies ExecutionSummary);
}

const REPORT_TAIL_BYTES = 256 * 1024;

async function readReport(root: string, reportPath: string): Promise<ExecutionSummary["report"]> {
  const { fact, text } = await inspectFile(root, reportPath, { tailBytes: REPORT_TAIL_BYTES });
  return { ...fact, verdict: text === null ? null : readReportVerdict(text) };
}

function terminationOf(signals: SignalResult, exitCode: number | null, timedOut: boolean): ExecutionSummary["termination"] {
  const facts = signals.termination;
  if (facts.turnLimitReached) {
    const n = facts.observedTurnLimit;
    return {
      reason: "max-turns",
      hint: n === null ? "Reached max turns" : `Reached max turns (${n})`,
      observedTurnLimit: n,
    };
  }
  if (timedOut) return { reason: "timeout", hint: "timed out before it finished", observedTurnLimit: null };
  if (exitCode !== null && exitCode !== 0) {
    const error = facts.lastError ? `: ${facts.lastError}` : "";
    return { reason: "exit-code", hint: `exited with code ${exitCode}${error}`, observedTurnLimit: null };
  }
  return { reason: null, hint: null, observedTurnLimit: null };
}
