/**
 * After a wave in a job: the job summary, annotations on the wave file, and one collapsible log
 * group per agent with the tail of its (redacted) log.
 *
 * Everything is redacted before it is rendered (escaped, cut, formatted): the result, the log tails
 * and the marker diagnostics; the rendered text is redacted once more on its way out. What goes to
 * the job log goes through the job log channel (src/report/runner-channel.ts): a log tail inside a
 * `::stop-commands::` block with a fresh token, group titles and annotations escaped.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import * as core from "@actions/core";
import { createRunnerChannel } from "../report/runner-channel.js";
import { readSandboxReport } from "../sandbox/report.js";
import { capAnnotations, gateFailureAnnotation, markerAnnotations, ownershipAnnotations } from "../report/annotations.js";
import { emitAnnotations, writeJobSummary } from "../report/adapters.js";
import type { MarkerDiagnostic } from "../report/inputs.js";
import { readableLogTail } from "../report/tails.js";
import { readDeployments } from "../report/deployments.js";
import { renderLogGroupTitle } from "../report/status-table.js";
import { renderWaveSummary } from "../report/wave-summary.js";
import { truncateChars } from "../report/text.js";
import { type Redactor, redactValue } from "../security/redact.js";
import { ExecutionSummarySchema } from "../signals/schema.js";
import { readTextTail } from "../signals/file-facts.js";
import { renderSettingsOfLaunch } from "../signals/render.js";
import { readModelProxyReport } from "../proxy/report.js";
import { readJsonChecked } from "../state/json-files.js";
import { agentPaths, runDirPaths, runPathsOf } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";

const TAIL_BYTES = 16 * 1024;
/** Bytes of a JSON transcript read to fill TAIL_BYTES of its rendered view. */
const TRANSCRIPT_TAIL_BYTES = 1024 * 1024;
/** Characters of a marker diagnostic's line shown (cut after redaction, never before). */
export const DIAGNOSTIC_TEXT_CHARS = 240;

/**
 * A diagnostic sample's text, redacted then cut for display. The parser keeps a longer sample and
 * may have cut it (ending it with `…`), possibly inside a secret: the cut-aware redaction also
 * replaces a trailing part that could be the beginning of one.
 */
export function diagnosticText(text: string, redactor: Redactor): string {
  const cut = text.endsWith("…");
  const body = cut ? text.slice(0, -1) : text;
  return truncateChars(`${redactor.redactCut(body)}${cut ? "…" : ""}`, DIAGNOSTIC_TEXT_CHARS);
}

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
  /** Markdown added at the end of the summary (mode rehearse: the rehearsal report). */
  appendix?: string;
}

/** Log tails and marker diagnostics of the agents, redacted (keyed by the agents' real ids). */
export async function collectReportExtras(result: WaveResult, runDir: string, redactor: Redactor) {
  const run = runPathsOf(runDir, result.attempt);
  const logTails: Record<string, string> = {};
  const markerDiagnostics: MarkerDiagnostic[] = [];
  for (const agent of result.agents) {
    if (agent.status === "not-run") continue;
    const paths = agentPaths(run, agent.id);
    // A JSON transcript shows rendered (far shorter than its events); redacted before rendering.
    const settings = renderSettingsOfLaunch(await fs.readFile(paths.launch, "utf8").catch(() => null));
    const raw = await readTextTail(paths.log, settings.format === "text" ? TAIL_BYTES : TRANSCRIPT_TAIL_BYTES);
    const tail = raw ? readableLogTail(redactor.redact(raw), settings, TAIL_BYTES) : "";
    if (tail) logTails[agent.id] = redactor.redact(tail);
    const summary = await readJsonChecked(paths.summary, ExecutionSummarySchema, "execution summary");
    if (summary.ok) {
      for (const d of summary.value.diagnostics.samples) {
        if (d.severity !== "error") continue;
        markerDiagnostics.push({
          agentId: agent.id,
          kind: redactor.redact(d.kind),
          line: d.line,
          text: diagnosticText(d.text, redactor),
          reason: redactor.redact(d.reason),
          severity: d.severity,
        });
      }
    }
  }
  const deployments = (await readDeployments(result, runDir)).map((d) => ({
    ...d,
    service: redactor.redact(d.service),
    agentId: redactor.redact(d.agentId),
    detail: d.detail === null ? null : redactor.redact(d.detail),
  }));
  return { logTails, markerDiagnostics, deployments };
}

export async function publishWaveReport(input: WaveReportInput): Promise<string> {
  const { redactor } = input;
  const write = input.write ?? ((t: string) => process.stdout.write(t));
  const jobLog = createRunnerChannel({ write, redact: (text) => redactor.redact(text) });
  const extras = await collectReportExtras(input.result, input.runDir, redactor);
  // From here on only redacted data: ids, titles, details and paths included.
  const result = redactValue(input.result, redactor);
  const logTails = redactValue(extras.logTails, redactor);
  const markerDiagnostics = redactValue(extras.markerDiagnostics, redactor);
  const deployments = redactValue(extras.deployments, redactor);
  const artifactName = input.artifactName ? redactor.redact(input.artifactName) : null;
  const workspace = input.workspace ?? process.env.GITHUB_WORKSPACE ?? input.root;
  const waveFile = result.waveFile ? path.relative(workspace, path.join(input.root, result.waveFile)).split(path.sep).join("/") : undefined;
  const agentLines = Object.fromEntries(result.agents.filter((a) => a.line).map((a) => [a.id, a.line as number]));
  for (const agent of result.agents) {
    const tail = logTails[agent.id];
    if (!tail) continue;
    jobLog.startGroup(renderLogGroupTitle(agent));
    // Agent output must not be read as workflow commands by the runner.
    jobLog.verbatim(tail);
    jobLog.endGroup();
  }
  const annotations = redactValue(
    capAnnotations([
      ...gateFailureAnnotation(result, waveFile, agentLines),
      ...markerAnnotations(markerDiagnostics, waveFile, agentLines),
      ...ownershipAnnotations(result, waveFile, agentLines),
    ]),
    redactor,
  );
  emitAnnotations(annotations, { write });
  const markdown = redactor.redact(
    renderWaveSummary({
      result,
      logTails,
      markerDiagnostics,
      deployments,
      ...(waveFile ? { waveFile } : {}),
      agentLines,
      artifact: artifactName ? { name: artifactName } : null,
      resume: result.resumedFrom ? { source: result.resumedFrom } : null,
      modelProxy: await readModelProxyReport(input.runDir),
      sandbox: await readSandboxReport(input.runDir),
    }) + (input.appendix ?? ""),
  );
  await fs.writeFile(runDirPaths(path.dirname(input.resultFile)).summary, markdown);
  if (process.env.GITHUB_STEP_SUMMARY) await writeJobSummary(markdown, core.summary);
  return markdown;
}
