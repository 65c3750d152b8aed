/**
 * mode: report — the reusable workflow's last job. Reads the newest state of every planned wave of
 * the lane from this run's artifacts, writes ONE aggregated job summary, and sets the outputs
 * status, passed-waves, failed-waves and changes-artifact. "Newest" is the later run attempt, then
 * the later created_at the artifact service assigned, never the artifact id, and a state counts
 * only when its contents agree with its name and this run (see resume/state-artifacts.ts; chosen
 * by resume/local.ts choosePrior), so an artifact uploaded under a forged name cannot decide a wave.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as core from "@actions/core";
import type { ArtifactInfo } from "../artifacts/types.js";
import { artifactNamePrefix } from "../artifacts/naming.js";
import { GithubArtifactStore } from "../artifacts/github-store.js";
import { parseWaveSelection } from "../commands/plan.js";
import { UserError } from "../errors.js";
import { renderAggregateSummary } from "../report/aggregate-summary.js";
import { writeJobSummary } from "../report/adapters.js";
import { jobLog } from "../report/runner-channel.js";
import { addWaveUsage } from "../usage/totals.js";
import { choosePrior } from "../resume/local.js";
import { type StateCandidate, screenStateArtifacts, stateScope } from "../resume/state-artifacts.js";
import { type Redactor, redactValue } from "../security/redact.js";
import type { WaveResult } from "../state/schema.js";
import { loadProject } from "../wave/project.js";
import { laneOf, restoreCandidate, restoredOk } from "./handoff.js";
import type { ActionInputs } from "./inputs.js";
import { compactResult, type Outputs, usageOutputs } from "./outputs.js";

export interface WaveReportEntry {
  wave: number;
  artifact: ArtifactInfo;
  result: WaveResult;
}

/** A candidate restored and checked (handoff.ts restoreCandidate), or null: it cannot be read or fails its checks. */
type Restore = (candidate: StateCandidate) => Promise<{ dir: string; result: WaveResult } | null>;

/**
 * The newest readable state of each group of screened candidates (already newest first), chosen
 * as every earlier state is (resume/local.ts choosePrior): a candidate that cannot be read or
 * fails its checks gives way to the next older one of its group.
 */
async function newestReadablePer(candidates: StateCandidate[], key: (c: StateCandidate) => string, restore: Restore) {
  const out: { candidate: StateCandidate; result: WaveResult }[] = [];
  for (const k of new Set(candidates.map(key))) {
    const picked = await choosePrior({ from: "artifacts", want: "readable", candidates: candidates.filter((c) => key(c) === k), restore });
    if (picked) out.push({ candidate: picked.candidate, result: picked.state.result });
  }
  return out;
}

/** Newest readable result per wave among screened candidates (already newest first). */
export async function latestResults(candidates: StateCandidate[], restore: Restore): Promise<Map<number, WaveReportEntry>> {
  const picked = await newestReadablePer(candidates, (c) => String(c.parts.wave), restore);
  return new Map(
    picked.map(({ candidate, result }) => [candidate.parts.wave, { wave: candidate.parts.wave, artifact: candidate.info, result }]),
  );
}

/** Newest readable run of each shard job (wave and shard; shard 0: a design job), among screened candidates newest first. */
export async function latestShardRuns(candidates: StateCandidate[], restore: Restore): Promise<WaveResult[]> {
  const key = (c: StateCandidate) => `${c.parts.wave}/${c.parts.shard?.index}/${c.parts.shard?.count}`;
  return (await newestReadablePer(candidates, key, restore)).map((p) => p.result);
}

export async function runReport(inputs: ActionInputs, outputs: Outputs, redactor: Redactor, env: NodeJS.ProcessEnv): Promise<void> {
  const project = loadProject(inputs);
  const lane = laneOf(inputs);
  const selection = parseWaveSelection(inputs.waves);
  if (!selection.ok) throw new UserError(`input waves: ${selection.error}`);
  const planned = selection.waves === "all" ? project.waves.map((w) => w.wave) : selection.waves;
  const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
  const tempDir = await fs.mkdtemp(path.join(env.RUNNER_TEMP || os.tmpdir(), "wave-report-"));
  const scope = stateScope(inputs.artifactPrefix, lane, env);
  const listed = await store.list({ prefix: artifactNamePrefix(inputs.artifactPrefix, lane) });
  // A shard's state is part of a wave; the wave's own state is its closure job's (or its only job's).
  const screened = screenStateArtifacts(listed, scope, (message) => jobLog.warning(`report: ${message}`));
  const read = async (candidate: StateCandidate) => restoredOk(await restoreCandidate(store, candidate, scope, tempDir, "report"));
  const entries = await latestResults(
    screened.filter((c) => !c.parts.shard),
    read,
  );
  // The newest run of every shard job of a planned wave (its design job's too), for its bar in the timeline.
  const shardRuns = await latestShardRuns(
    screened.filter((c) => c.parts.shard && planned.includes(c.parts.wave)),
    read,
  );
  const results = planned.map((w) => entries.get(w)?.result).filter((r): r is WaveResult => r !== undefined);
  const missingWaves = planned.filter((w) => !entries.has(w));
  const passed = planned.filter((w) => entries.get(w)?.result.status === "passed" || entries.get(w)?.result.status === "dry-run");
  const failed = planned.filter((w) => !passed.includes(w));
  const lastPassed = [...passed].sort((a, b) => a - b).at(-1);
  const artifacts = Object.fromEntries([...entries.values()].map((e) => [String(e.wave), { name: e.artifact.name }]));
  // Redact what is rendered before rendering it (escaping or cutting a secret hides it from redaction).
  const markdown = redactor.redact(
    renderAggregateSummary(redactValue(results, redactor), {
      artifacts: redactValue(artifacts, redactor),
      missingWaves,
      shardRuns: redactValue(shardRuns, redactor),
    }),
  );
  if (env.GITHUB_STEP_SUMMARY) await writeJobSummary(markdown, core.summary);
  outputs.status = failed.length === 0 && planned.length > 0 ? "passed" : "failed";
  outputs["passed-waves"] = passed.join(",");
  outputs["failed-waves"] = failed.join(",");
  Object.assign(outputs, usageOutputs(addWaveUsage(results.map((r) => r.usage))));
  outputs["changes-artifact"] = lastPassed !== undefined && failed.length === 0 ? (entries.get(lastPassed)?.artifact.name ?? "") : "";
  outputs.result = JSON.stringify({
    lane,
    status: outputs.status,
    waves: planned.map((w) => {
      const e = entries.get(w);
      return e ? JSON.parse(compactResult(redactValue(e.result, redactor), 4000)) : { wave: w, status: "missing" };
    }),
  }).slice(0, 60_000);
  jobLog.info(`lane ${lane}: passed waves [${passed.join(", ")}], failed or missing waves [${failed.join(", ")}]`);
  if (outputs.status !== "passed") {
    throw new UserError(
      `lane ${lane}: ${failed.length} of ${planned.length} wave(s) did not pass (${failed.join(", ") || "none planned"})`,
    );
  }
}
