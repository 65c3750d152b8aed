/**
 * Resume carry-over: what an earlier run of the wave gives this one (which earlier run that is,
 * is chosen by resume/local.ts `choosePrior`): its recorded workspace changes (when it ran elsewhere); its
 * coordination log and feedback requests, with the human's answer to its open question; the
 * answers kept for the wave; the successes the first attempt reuses, with their files; and the
 * gates that carry over with the closure stages that do.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { readCoordinationLog } from "../coordination/store.js";
import { gatherAnswers } from "../feedback/answers.js";
import { answerFeedbackRequest, carryFeedbackRequest, readFeedbackRequests } from "../feedback/requests.js";
import type { PriorChoice } from "../resume/local.js";
import { type PriorRun, type PriorState, priorRunDirOf } from "../resume/prior.js";
import { applyChanges, META_FILE } from "../state/changes.js";
import { agentPaths, RUN_FILES, runDirPaths } from "../state/paths.js";
import type { ClosureStage, ExecutorId } from "../wave/schema.js";
import type { RunOptions } from "./options.js";
import type { AgentRecord, EngineDeps } from "./types.js";
import type { WaveRun } from "./wave-run.js";

/** The agents that ran (or were reused) in the run this one resumes. */
export function ranInPrior(prior: PriorState): Set<string> {
  return new Set(
    Object.entries(prior.agents)
      .filter(([, a]) => a.status !== "not-run")
      .map(([id]) => id),
  );
}

/**
 * Gate stages whose results carry over with the carried closure stages: those stages, the
 * implementation-stage gates (no design or implementation agent reruns then) and the component
 * matrix the documentation stage checks.
 */
export function carriedGateStages(carriedStages: readonly ClosureStage[]): Set<string> {
  const stages = new Set<string>(carriedStages);
  if (carriedStages.length > 0) for (const s of ["design", "implementation", "component"]) stages.add(s);
  if (carriedStages.includes("documentation")) stages.add("component-matrix");
  return stages;
}

/**
 * Applies the workspace changes an earlier run recorded elsewhere (a run under this state dir left
 * them in place). The closure job of a sharded wave applies every shard's changes, whatever state
 * directory they are in (their files are disjoint: src/shard/merge.ts checked).
 */
export async function restoreChangesIfNeeded(options: RunOptions, deps: EngineDeps, prior: PriorRun): Promise<void> {
  if (prior.shards) {
    const merged = prior.shards.changesDir;
    if (!merged) return;
    // Resuming an earlier closure run: its recorded changes hold the shards' and its own.
    const what = prior.shards.resumes
      ? `the closure run it resumes (${prior.shards.resumes}), which hold the ${prior.shards.dirs.length} shard runs' changes`
      : `${prior.shards.dirs.length} shard runs`;
    try {
      await applyChanges(options.root, merged, `merging the changes of ${what}`);
    } finally {
      await fs.rm(merged, { recursive: true, force: true });
    }
    deps.onEvent?.({ type: "warning", message: `applied the workspace changes of ${what}` });
    return;
  }
  const { changesDir } = runDirPaths(prior.runDir);
  const inOwnState = path.resolve(prior.runDir).startsWith(path.resolve(options.stateDir) + path.sep);
  if (inOwnState) return; // the workspace already holds them
  try {
    await fs.access(path.join(changesDir, META_FILE));
  } catch {
    return;
  }
  await applyChanges(options.root, changesDir, `resuming from ${prior.runDir}`);
  deps.onEvent?.({ type: "warning", message: `applied the workspace changes recorded in ${prior.runDir}` });
}

/** Copies the prior run's coordination log and feedback over; its open question gets the human's answer. */
async function carryPriorFiles(run: WaveRun, prior: PriorRun): Promise<void> {
  const { paths, options } = run;
  if (prior.shards && !prior.shards.resumes) {
    // Every shard's coordination log, one after the other (its records keep their ids), and feedback.
    // (An earlier closure run that this one resumes already holds them, with its own records after.)
    for (const dir of prior.shards.dirs) {
      const log = await fs.readFile(path.join(dir, RUN_FILES.coordination)).catch(() => null);
      if (log) await fs.appendFile(paths.coordination, log);
      await fs
        .cp(path.join(dir, RUN_FILES.feedbackDir), path.join(paths.runDir, RUN_FILES.feedbackDir), { recursive: true, force: true })
        .catch(() => undefined);
    }
  } else {
    for (const name of [RUN_FILES.coordination, RUN_FILES.feedbackDir]) {
      await fs.cp(path.join(prior.runDir, name), path.join(paths.runDir, name), { recursive: true, force: true }).catch(() => undefined);
    }
  }
  for (const note of prior.notes) run.warn(`resuming from ${path.basename(prior.runDir)}: ${note}`);
  const carriedLog = await readCoordinationLog(paths.coordination);
  const first = carriedLog.diagnostics[0];
  if (first) {
    run.warn(
      `coordination log ${paths.coordination}: ${carriedLog.diagnostics.length} unreadable line(s) skipped (line ${first.line}: ${first.message})`,
    );
  }
  const ask = (await readFeedbackRequests(paths.runDir))[0];
  if (!ask) return;
  const answer = options.feedback ? options.feedback : null;
  if (answer) await answerFeedbackRequest({ runDir: paths.runDir, id: ask.id, answer, storeIn: [paths.waveDir], now: run.deps.now() });
  run.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer };
}

/**
 * Carries the prior run's state over (when there is one) and gathers the wave's kept answers.
 * Answers are kept per question, also across a refused resume (the wave file changed): the
 * question the offered run left open is answered here, and every kept answer is gathered.
 */
export async function carryOver(run: WaveRun, choice: PriorChoice): Promise<void> {
  const { paths, options } = run;
  const { prior } = choice;
  run.prior = prior;
  if (prior) await carryPriorFiles(run, prior);
  const offered = prior ? null : choice.offered;
  const openAsk = offered && options.feedback ? (await readFeedbackRequests(offered))[0] : undefined;
  if (openAsk && options.feedback) {
    await carryFeedbackRequest(paths.runDir, openAsk);
    await answerFeedbackRequest({
      runDir: paths.runDir,
      id: openAsk.id,
      answer: options.feedback,
      storeIn: [paths.waveDir],
      now: run.deps.now(),
    });
    run.feedback = { agentId: openAsk.agentId, question: openAsk.question, askedAt: openAsk.askedAt, answer: options.feedback };
  }
  run.answers = await gatherAnswers({
    waveDir: paths.waveDir,
    runDir: paths.runDir,
    sources: [prior?.runDir ?? offered],
    onInvalid: (file, message) => run.warn(`answer store ${file}: ${message}`),
  });
}

/** The record of an agent whose earlier success this run reuses. */
export function reusedRecord(id: string, prior: PriorRun): AgentRecord {
  const p = prior.progress.agents[id];
  return {
    id,
    status: "reused",
    exitCode: p?.exitCode ?? 0,
    signal: null,
    statusCode: p?.statusCode ?? "0",
    attempts: 0,
    runs: 0,
    startedAt: p?.startedAt ?? null,
    completedAt: p?.completedAt ?? null,
    executor: (p?.executor as ExecutorId | undefined) ?? "local",
    executorHistory: [],
    transportFailure: false,
    detail: null,
    reusedFrom: p?.source ?? path.basename(prior.runDir),
    usage: null,
  };
}

/** Carries an earlier success over: copies its files into this run and marks it reused. */
export async function reuseAgent(run: WaveRun, prior: PriorRun, id: string): Promise<void> {
  const from = agentPaths(runDirPaths(priorRunDirOf(prior, id)), id).dir;
  const to = agentPaths(run.paths, id).dir;
  if (path.resolve(from) !== path.resolve(to)) {
    await fs.cp(from, to, { recursive: true, force: true }).catch(() => undefined);
  }
  run.summaries[id] = prior.summaries[id];
  run.records.set(id, reusedRecord(id, prior));
  run.deps.onEvent?.({ type: "agent-reused", agentId: id, from: path.basename(priorRunDirOf(prior, id)) });
}
