/**
 * mode: report — the reusable workflow's last job. Reads the newest state of every planned wave of
 * the lane from this run's artifacts, writes ONE aggregated job summary, and sets the outputs
 * status, passed-waves, failed-waves and changes-artifact.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as core from "@actions/core";
import { type ArtifactInfo, GithubArtifactStore, artifactNamePrefix, newestFirst, parseArtifactName } from "../artifacts/index.js";
import { parseWaveSelection } from "../commands/plan.js";
import { errorMessage, UserError } from "../errors.js";
import { renderAggregateSummary, writeJobSummary } from "../report/index.js";
import type { Redactor } from "../security/redact.js";
import { readJsonChecked } from "../state/files.js";
import { type WaveResult, WaveResultSchema } from "../state/schema.js";
import { loadProject } from "../wave/index.js";
import { laneOf } from "./handoff.js";
import type { ActionInputs } from "./inputs.js";
import { compactResult, type Outputs } from "./outputs.js";
import { downloadState } from "./state-artifact.js";

export interface WaveReportEntry {
  wave: number;
  artifact: ArtifactInfo;
  result: WaveResult;
}

/** Newest readable result per wave among the lane's state artifacts. */
export async function latestResults(
  artifacts: ArtifactInfo[],
  prefix: string,
  lane: string,
  read: (info: ArtifactInfo) => Promise<WaveResult | null>,
): Promise<Map<number, WaveReportEntry>> {
  const byWave = new Map<number, ArtifactInfo[]>();
  for (const info of artifacts) {
    const parts = parseArtifactName(info.name);
    if (!parts || parts.prefix !== prefix || parts.lane !== lane) continue;
    const list = byWave.get(parts.wave) ?? [];
    list.push(info);
    byWave.set(parts.wave, list);
  }
  const out = new Map<number, WaveReportEntry>();
  for (const [wave, list] of byWave) {
    for (const info of newestFirst(list)) {
      const result = await read(info);
      if (result) {
        out.set(wave, { wave, artifact: info, result });
        break;
      }
    }
  }
  return out;
}

export async function runReport(inputs: ActionInputs, outputs: Outputs, redactor: Redactor, env: NodeJS.ProcessEnv): Promise<void> {
  const project = loadProject({ root: inputs.root, configPath: inputs.configPath, lane: inputs.lane });
  const lane = laneOf(inputs);
  const selection = parseWaveSelection(inputs.waves);
  if (!selection.ok) throw new UserError(`input waves: ${selection.error}`);
  const planned = selection.waves === "all" ? project.waves.map((w) => w.wave) : selection.waves;
  const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
  const tempDir = await fs.mkdtemp(path.join(env.RUNNER_TEMP || os.tmpdir(), "wave-report-"));
  const listed = await store.list({ prefix: artifactNamePrefix(inputs.artifactPrefix, lane) });
  const entries = await latestResults(listed, inputs.artifactPrefix, lane, async (info) => {
    try {
      const dir = await downloadState(store, info, tempDir);
      const r = await readJsonChecked(path.join(dir, "result.json"), WaveResultSchema, "result");
      if (!r.ok) core.warning(`report: ${info.name}: ${r.message}`);
      return r.ok ? r.value : null;
    } catch (error) {
      core.warning(`report: ${info.name} could not be read (${errorMessage(error)})`);
      return null;
    }
  });
  const results = planned.map((w) => entries.get(w)?.result).filter((r): r is WaveResult => r !== undefined);
  const missingWaves = planned.filter((w) => !entries.has(w));
  const passed = planned.filter((w) => entries.get(w)?.result.status === "passed" || entries.get(w)?.result.status === "dry-run");
  const failed = planned.filter((w) => !passed.includes(w));
  const lastPassed = [...passed].sort((a, b) => a - b).at(-1);
  const artifacts = Object.fromEntries([...entries.values()].map((e) => [String(e.wave), { name: e.artifact.name, id: e.artifact.id }]));
  const markdown = redactor.redact(renderAggregateSummary(results, { artifacts, missingWaves }));
  if (env.GITHUB_STEP_SUMMARY) await writeJobSummary(markdown, core.summary);
  outputs.status = failed.length === 0 && planned.length > 0 ? "passed" : "failed";
  outputs["passed-waves"] = passed.join(",");
  outputs["failed-waves"] = failed.join(",");
  outputs["changes-artifact"] = lastPassed !== undefined && failed.length === 0 ? (entries.get(lastPassed)?.artifact.name ?? "") : "";
  outputs.result = JSON.stringify({
    lane,
    status: outputs.status,
    waves: planned.map((w) => {
      const e = entries.get(w);
      return e ? JSON.parse(compactResult(e.result, 4000)) : { wave: w, status: "missing" };
    }),
  }).slice(0, 60_000);
  core.info(`lane ${lane}: passed waves [${passed.join(", ")}], failed or missing waves [${failed.join(", ")}]`);
  if (outputs.status !== "passed") {
    throw new UserError(`lane ${lane}: ${failed.length} of ${planned.length} wave(s) did not pass (${failed.join(", ") || "none planned"})`);
  }
}
