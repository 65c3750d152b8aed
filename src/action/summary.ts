/**
 * After a wave in a job: the job summary, annotations on the wave file, and one collapsible log
 * group per agent with the tail of its (redacted) log.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import * as core from "@actions/core";
import {
  capAnnotations,
  emitAnnotations,
  gateFailureAnnotation,
  type MarkerDiagnostic,
  markerAnnotations,
  renderLogGroupTitle,
  renderWaveSummary,
  writeJobSummary,
} from "../report/index.js";
import type { Redactor } from "../security/redact.js";
import { ExecutionSummarySchema } from "../signals/schema.js";
import { readTextTail } from "../signals/files.js";
import { readJsonChecked } from "../state/files.js";
import { agentPaths, runPathsOf } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";

const TAIL_BYTES = 16 * 1024;

export interface WaveReportInput {
  result: WaveResult;
  runDir: string;
  resultFile: string;
  redactor: Redactor;
  artifactName: string | null;
  /** Repository root (annotations are relative to the workspace). */
  root: string;
  workspace?: string;
  write?: (text: string) => void;
}

export async function collectReportExtras(result: WaveResult, runDir: string, redactor: Redactor) {
  const run = runPathsOf(runDir, result.attempt);
  const logTails: Record<string, string> = {};
  const markerDiagnostics: MarkerDiagnostic[] = [];
  for (const agent of result.agents) {
    if (agent.status === "not-run") continue;
    const paths = agentPaths(run, agent.id);
    const tail = await readTextTail(paths.log, TAIL_BYTES);
    if (tail) logTails[agent.id] = redactor.redact(tail);
    const summary = await readJsonChecked(paths.summary, ExecutionSummarySchema, "execution summary");
    if (summary.ok) {
      for (const d of summary.value.diagnostics.samples) {
        if (d.severity !== "error") continue;
        markerDiagnostics.push({ agentId: agent.id, kind: d.kind, line: d.line, text: redactor.redact(d.text), reason: d.reason, severity: d.severity });
      }
    }
  }
  return { logTails, markerDiagnostics };
}

export async function publishWaveReport(input: WaveReportInput): Promise<string> {
  const { result, redactor } = input;
  const write = input.write ?? ((t: string) => process.stdout.write(t));
  const { logTails, markerDiagnostics } = await collectReportExtras(result, input.runDir, redactor);
  const workspace = input.workspace ?? process.env.GITHUB_WORKSPACE ?? input.root;
  const waveFile = result.waveFile
    ? path.relative(workspace, path.join(input.root, result.waveFile)).split(path.sep).join("/")
    : undefined;
  const agentLines = Object.fromEntries(result.agents.filter((a) => a.line).map((a) => [a.id, a.line as number]));
  for (const agent of result.agents) {
    const tail = logTails[agent.id];
    if (!tail) continue;
    core.startGroup(renderLogGroupTitle(agent));
    // Agent output must not be read as workflow commands by the runner.
    const token = randomBytes(16).toString("hex");
    write(`::stop-commands::${token}\n`);
    write(`${tail.endsWith("\n") ? tail : `${tail}\n`}`);
    write(`::${token}::\n`);
    core.endGroup();
  }
  const annotations = capAnnotations([
    ...gateFailureAnnotation(result, waveFile, agentLines),
    ...markerAnnotations(markerDiagnostics, waveFile, agentLines),
  ]).map((a) => ({ ...a, message: redactor.redact(a.message) }));
  emitAnnotations(annotations, { write });
  const markdown = redactor.redact(
    renderWaveSummary({
      result,
      logTails,
      markerDiagnostics,
      ...(waveFile ? { waveFile } : {}),
      agentLines,
      artifact: input.artifactName ? { name: input.artifactName } : null,
      resume: result.resumedFrom ? { source: result.resumedFrom } : null,
    }),
  );
  await fs.writeFile(path.join(path.dirname(input.resultFile), "summary.md"), markdown);
  if (process.env.GITHUB_STEP_SUMMARY) await writeJobSummary(markdown, core.summary);
  return markdown;
}
