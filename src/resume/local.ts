/**
 * Choosing the earlier state a run starts from, behind one call: `choosePrior`. Every caller goes
 * through it — the engine for a run or resume (`resume auto|never|<dir>`), for a shard job
 * building on its design job's run and for a sharded wave's closure job merging its shard runs
 * (and resuming an earlier closure sweep of the same shard runs); the action for the state
 * artifact a job restores (to resume from, to build on or merge, to apply, to report). The rules
 * are resume/prior.ts (pure); this module reads what exists into them, and a foreign or corrupt
 * state is refused with a message.
 *
 * `resume auto` picks only attempt directories this orchestrator wrote: real directories of its
 * own user whose journals agree with their name, so a directory planted in the state directory
 * (by an agent running as another user, or by a link) is never taken for an earlier run. Where
 * files are is state/paths.ts.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { errorMessage, UserError } from "../errors.js";
import { elevatedFromUser } from "../agent-user/elevate.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import { type ExecutionSummary, ExecutionSummarySchema } from "../signals/schema.js";
import { mergeShardRuns } from "../shard/closure-input.js";
import { copyRecordedChanges, shardSetDifference, withEarlierClosure } from "../shard/closure-resume.js";
import { type ShardSet, ShardSetSchema } from "../shard/shard-set.js";
import { readJsonChecked } from "../state/json-files.js";
import { agentPaths, attemptDirOf, laneAndWaveOf, listAttempts, RUN_FILES, runDirPaths, runPathsOf } from "../state/paths.js";
import { ProgressSchema } from "../state/progress.js";
import { WaveResultSchema } from "../state/schema.js";
import type { WaveDefinition } from "../wave/schema.js";
import {
  type ArtifactWant,
  type ClosurePriorFacts,
  designRunProblem,
  foreignPrior,
  judgeArtifact,
  judgeClosurePrior,
  type PriorExpectation,
  type PriorFacts,
  type PriorJournal,
  type PriorRun,
  type PriorState,
  pickPrior,
  type ShardedPriorRun,
} from "./prior.js";

/**
 * The latest attempt of `waveDir` when it was a dry run (its progress journal says so), else null.
 * A dry run is a preview: the next run takes its number and its directory, so previews do not use
 * up attempt numbers.
 */
export async function trailingDryRun(waveDir: string): Promise<number | null> {
  const latest = (await listAttempts(waveDir)).at(-1);
  if (latest === undefined) return null;
  const r = await readJsonChecked(runPathsOf(attemptDirOf(waveDir, latest), latest, waveDir).progress, ProgressSchema, "progress journal");
  return r.ok && r.value.status === "dry-run" ? latest : null;
}

/** A progress journal as the resume decision sees it (resume/prior.ts): read, missing or unreadable. */
async function readPriorJournal(file: string): Promise<PriorJournal> {
  const r = await readJsonChecked(file, ProgressSchema, "progress journal");
  if (r.ok) return { kind: "read", progress: r.value };
  return r.missing ? { kind: "missing" } : { kind: "unreadable", message: r.message };
}

/** Reads a run directory as a prior state; throws UserError when it is foreign or corrupt. */
export async function readPriorRun(runDir: string, options: PriorExpectation): Promise<PriorRun> {
  const paths = runDirPaths(runDir);
  const r = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
  if (!r.ok) throw new UserError(`cannot resume from ${runDir}: ${r.message}`);
  const progress = r.value;
  const foreign = foreignPrior(progress, options);
  if (foreign !== null) throw new UserError(`cannot resume from ${runDir}: ${foreign}`);
  const summaries: Record<string, ExecutionSummary> = {};
  const agents: PriorState["agents"] = {};
  const notes: string[] = [];
  for (const [id, a] of Object.entries(progress.agents)) {
    agents[id] = { status: a.status, fingerprint: a.fingerprint };
    if (a.status !== "succeeded" && a.status !== "reused") continue;
    const s = await readJsonChecked(agentPaths(paths, id).summary, ExecutionSummarySchema, "execution summary");
    if (s.ok) summaries[id] = s.value;
    else {
      agents[id] = { status: "failed", fingerprint: a.fingerprint };
      notes.push(`agent ${id} runs again: ${s.message}`);
    }
  }
  const implicated = [...new Set(progress.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId as string))];
  const pending = await feedbackAgent(runDir, progress.status === "blocked");
  return {
    runDir,
    progress,
    summaries,
    notes,
    prior: { agents, passedStages: progress.passedStages, implicated, feedbackAgentId: pending },
  };
}

/**
 * The agent that must run again with a human's answer: the one whose question is still pending,
 * or, for a run that ended blocked, the one whose question was answered since (`wave feedback
 * answer` after the run ended): its earlier result was given without the answer.
 */
async function feedbackAgent(runDir: string, blocked: boolean): Promise<string | null> {
  const pending = await readFeedbackRequests(runDir);
  if (pending[0]) return pending[0].agentId;
  if (!blocked) return null;
  return (await readFeedbackRequests(runDir, { includeAnswered: true })).at(-1)?.agentId ?? null;
}

/** Users whose attempt directories may be resumed: this process's, and the one it was elevated from. */
function trustedOwners(): number[] {
  const own = process.getuid?.();
  if (own === undefined) return [];
  const from = elevatedFromUser()?.uid;
  return from === undefined || from === own ? [own] : [own, from];
}

export interface FindLatestRunOptions {
  /** Owners (uids) an attempt directory and its journals may have; empty: no check (no uids here). */
  owners?: readonly number[];
}

type Entry = { kind: "missing" } | { kind: "bad"; message: string } | { kind: "file" };

/** A journal file of an attempt directory: absent, a regular file of a trusted owner, or refused. */
async function journalEntry(file: string, owners: readonly number[]): Promise<Entry> {
  let st: Awaited<ReturnType<typeof fs.lstat>>;
  try {
    st = await fs.lstat(file);
  } catch {
    return { kind: "missing" };
  }
  if (!st.isFile()) return { kind: "bad", message: `${path.basename(file)} is not a regular file` };
  if (owners.length > 0 && !owners.includes(st.uid)) {
    return { kind: "bad", message: `${path.basename(file)} belongs to uid ${st.uid}, not to the user running waves` };
  }
  return { kind: "file" };
}

/**
 * Why a file the orchestrator wrote into a run directory is not to be relied on: "missing", not a
 * regular file, or (when `owners` is not empty) of another user; null when it may be read.
 */
async function trustedFileProblem(file: string, owners: readonly number[]): Promise<string | null> {
  const entry = await journalEntry(file, owners);
  return entry.kind === "missing" ? "missing" : entry.kind === "bad" ? entry.message : null;
}

/**
 * What exists of an attempt directory, for the decision (resume/prior.ts): refused unless it
 * is one this orchestrator wrote for `expect` and attempt `a` — a real directory (not a symbolic
 * link) owned by a trusted user, whose progress.json and result.json (when present; a killed run
 * has none) are regular files of a trusted owner that record the same lane, wave and attempt (a
 * result.json that cannot be read records nothing) — and its journal. A directory that is gone,
 * or holds no journal, has a missing journal (nothing worth a warning).
 */
async function attemptFacts(
  dir: string,
  a: number,
  owners: readonly number[],
  expect: { lane: string; wave: number },
): Promise<PriorFacts> {
  const refused = (message: string): PriorFacts => ({ source: "local", refused: message, journal: { kind: "missing" } });
  const missing: PriorFacts = { source: "local", refused: null, journal: { kind: "missing" } };
  const st = await fs.lstat(dir).catch(() => null);
  if (!st) return missing;
  if (st.isSymbolicLink()) return refused("it is a symbolic link, not a directory this orchestrator made");
  if (!st.isDirectory()) return refused("it is not a directory");
  if (owners.length > 0 && !owners.includes(st.uid)) return refused(`it belongs to uid ${st.uid}, not to the user running waves`);
  const paths = runPathsOf(dir, a);
  const records: { label: string; lane: string; wave: number; attempt: number }[] = [];
  const progressEntry = await journalEntry(paths.progress, owners);
  if (progressEntry.kind === "missing") return missing;
  if (progressEntry.kind === "bad") return refused(progressEntry.message);
  const progress = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
  if (!progress.ok)
    return progress.missing ? missing : { source: "local", refused: null, journal: { kind: "unreadable", message: progress.message } };
  records.push({ label: RUN_FILES.progress, ...progress.value });
  const resultEntry = await journalEntry(paths.result, owners);
  if (resultEntry.kind === "bad") return refused(resultEntry.message);
  if (resultEntry.kind === "file") {
    // An unreadable result.json says nothing (the journal is what resume relies on); a readable
    // one must say the same as the journal and the directory's name.
    const result = await readJsonChecked(paths.result, WaveResultSchema, "result");
    if (result.ok) records.push({ label: RUN_FILES.result, ...result.value });
  }
  for (const r of records) {
    if (r.attempt !== a || r.lane !== expect.lane || r.wave !== expect.wave) {
      return refused(
        `its ${r.label} records lane ${r.lane} wave ${r.wave} attempt ${r.attempt}, not lane ${expect.lane} wave ${expect.wave} attempt ${a}`,
      );
    }
  }
  return { source: "local", refused: null, journal: { kind: "read", progress: progress.value } };
}

/**
 * The newest earlier run directory of this wave that this orchestrator wrote (see attemptFacts)
 * and that holds something to carry over (resume/prior.ts: dry runs and runs stopped before
 * launch are passed over). Newer directories that exist but are refused — planted, symbolic links,
 * owned by another user, disagreeing with their name, or with a journal that cannot be read — are
 * reported through `onSkip`.
 */
export async function findLatestRun(
  waveDir: string,
  before: number,
  onSkip?: (dir: string, message: string) => void,
  options: FindLatestRunOptions = {},
): Promise<string | null> {
  const owners = options.owners ?? trustedOwners();
  // The lane and wave the directories must record: those of the path, `<lane>/wave-<n>`.
  const expect = laneAndWaveOf(waveDir);
  const attempts = (await listAttempts(waveDir)).filter((a) => a < before).reverse();
  const picked = await pickPrior(
    attempts,
    (a) => attemptFacts(attemptDirOf(waveDir, a), a, owners, expect),
    (a, skip) => {
      if (skip.why === "refused") onSkip?.(attemptDirOf(waveDir, a), skip.reason);
    },
  );
  return picked ? attemptDirOf(waveDir, picked.candidate) : null;
}

/** What a run was asked to resume: `auto` (the wave's newest usable attempt), nothing, or a state directory. */
type ResumeFrom = "auto" | "never" | { dir: string; explicit: boolean };

/** Which job the run is, as far as choosing its earlier state goes. */
export type PriorJob =
  /** A whole wave's run, a design job's, or a shard job of a wave without design agents: its own earlier run. */
  | { kind: "wave" }
  /**
   * A shard job of a wave with design agents: its own earlier run when that holds the design
   * agents it reused (`designNotReusable` says why not, null: it does), else the design job's run
   * it is given (`from`, exactly one), whose design agents it must reuse.
   */
  | {
      kind: "shard";
      index: number;
      count: number;
      from: readonly string[];
      baseCommit: string | null;
      designNotReusable(prior: PriorRun): string | null;
    }
  /** The closure job of a sharded wave: its shard runs (`from`) merged, resuming the closure sweep of an earlier closure run of the same ones. */
  | { kind: "closure"; from: readonly string[]; wave: WaveDefinition };

/** The earlier state of a run the engine starts. */
export interface PriorRequest {
  from: "state-dir";
  job: PriorJob;
  resume: ResumeFrom;
  /** The wave's directory (`<lane>/wave-<n>`) and the attempt number this run would have without a prior state. */
  waveDir: string;
  before: number;
  stateDir: string;
  expect: PriorExpectation;
  warn(message: string): void;
  notice(message: string): void;
}

export interface PriorChoice {
  prior: PriorRun | null;
  /** The earlier run a resume was offered, also when it was refused (the wave file changed); null: none. */
  offered: string | null;
}

/** A state artifact downloaded and checked (resume/state-artifacts.ts checkStateContents): where, and its result. */
export interface RestoredState {
  dir: string;
  result: { status: string | null };
}

/** A state artifact a job restores, among screened candidates newest first (resume/state-artifacts.ts). */
export interface ArtifactPriorRequest<T, R extends RestoredState> {
  from: "artifacts";
  candidates: readonly T[];
  want: ArtifactWant;
  /** Downloads a candidate and checks its contents, or null (refused or unreadable: the caller warned and removed it). */
  restore(candidate: T): Promise<R | null>;
  /** A restored candidate passed over (`reason`: it is not what `want` asks for); the caller says so and removes it. */
  passOver?(candidate: T, state: R, reason: string): Promise<void>;
}

/**
 * The one call that chooses earlier state (see the module comment): for a run the engine starts,
 * its prior state and the run a resume was offered; among state artifacts, the newest that is
 * what the caller wants (resume/prior.ts judgeArtifact), restored. A state named explicitly that
 * cannot be used fails the run (UserError); one found by `auto` that cannot is a warning, and the
 * run starts without it.
 */
export function choosePrior(request: PriorRequest): Promise<PriorChoice>;
export function choosePrior<T, R extends RestoredState>(request: ArtifactPriorRequest<T, R>): Promise<{ candidate: T; state: R } | null>;
export async function choosePrior<T, R extends RestoredState>(
  request: PriorRequest | ArtifactPriorRequest<T, R>,
): Promise<PriorChoice | { candidate: T; state: R } | null> {
  if (request.from === "artifacts") return chooseArtifact(request);
  const job = request.job;
  if (job.kind === "closure") return { prior: await closurePrior(request, job), offered: null };
  const own = await ownPrior(request);
  return job.kind === "shard" ? { prior: await shardPrior(request, job, own.prior), offered: null } : own;
}

/** The run `resume` points at, unread: the newest usable attempt for `auto` (refusals through `onSkip`). */
async function offeredDir(r: PriorRequest, onSkip?: (dir: string, message: string) => void): Promise<string | null> {
  if (r.resume === "never") return null;
  if (r.resume === "auto") return findLatestRun(r.waveDir, r.before, onSkip);
  return r.resume.dir;
}

/** The run's own earlier run: one that cannot be read is a warning, unless named explicitly. */
async function ownPrior(r: PriorRequest): Promise<PriorChoice> {
  const offered = await offeredDir(r, (skipped, message) => r.warn(`not resuming from ${path.basename(skipped)}: ${message}`));
  if (offered === null) return { prior: null, offered };
  const explicit = typeof r.resume === "object" && r.resume.explicit;
  const prior = await readPriorRun(offered, r.expect).catch((error: unknown) => {
    if (explicit) throw error;
    r.warn(`not resuming: ${errorMessage(error)}`);
    return null;
  });
  return { prior, offered };
}

/**
 * A shard job's prior state when its wave has a design job: its own earlier run when that holds
 * the design agents it reused, else the design job's run it is given, checked (resume/prior.ts
 * `designRunProblem`) — or it refuses to start.
 */
async function shardPrior(r: PriorRequest, job: Extract<PriorJob, { kind: "shard" }>, own: PriorRun | null): Promise<PriorRun> {
  const ownProblem = own ? job.designNotReusable(own) : null;
  if (own && ownProblem === null) return own;
  const shard = `shard ${job.index}/${job.count}`;
  if (own) r.warn(`${shard} does not resume ${own.runDir}: ${ownProblem}; it builds on the design job's run`);
  const dir = job.from[0];
  if (!dir || job.from.length > 1) {
    throw new UserError(
      `wave ${r.expect.wave} has design agents: ${shard} builds on its design job's run (--from DIR, the run of --shard 0/${job.count})`,
      2,
    );
  }
  const read = await readPriorRun(dir, r.expect);
  const problem = designRunProblem(read.progress, { count: job.count, baseCommit: job.baseCommit, force: r.expect.force });
  if (problem) throw new UserError(`${shard} cannot build on ${dir}: ${problem}`, 1);
  // Attempt 0: a shard's own attempts count from 1; no closure stage or gate of it carries over.
  const design: PriorRun = {
    ...read,
    progress: { ...read.progress, attempt: 0, shard: undefined, passedStages: [], gates: [] },
    prior: { ...read.prior, passedStages: [], implicated: [] },
  };
  const notReusable = job.designNotReusable(design);
  if (notReusable) throw new UserError(`${shard} cannot build on ${dir}: ${notReusable}`, 1);
  return design;
}

/** The closure job's prior state: its shard runs merged (shard/closure-input.ts), with an earlier closure sweep resumed. */
async function closurePrior(r: PriorRequest, job: Extract<PriorJob, { kind: "closure" }>): Promise<PriorRun> {
  const shards: PriorRun[] = [];
  // The wave file's version is checked with the shards' other problems (shard/merge.ts), so all are told at once.
  for (const dir of job.from) shards.push(await readPriorRun(path.resolve(dir), { ...r.expect, force: true }));
  const merged = await mergeShardRuns(shards, { lane: r.expect.lane, wave: job.wave, force: r.expect.force });
  return resumeClosure(r, merged);
}

export type EarlierClosure = { ok: true; prior: PriorRun } | { ok: false; reason: string };

/**
 * Reads `dir` as an earlier closure run of the wave merging `now`: the checks any prior passes
 * (readPriorRun), then whether a closure job resumes it (resume/prior.ts judgeClosurePrior)
 * from its result.json and its shard-set.json — which, when `owners` is not empty (the state
 * directory's own attempts), must be a regular file of one of them.
 */
export async function readEarlierClosure(
  dir: string,
  input: { expect: PriorExpectation; now: ShardSet; owners: readonly number[] },
): Promise<EarlierClosure> {
  let prior: PriorRun;
  try {
    prior = await readPriorRun(dir, input.expect);
  } catch (error) {
    return { ok: false, reason: errorMessage(error).replace(`cannot resume from ${dir}: `, "") };
  }
  const read = await readJsonChecked(runDirPaths(dir).result, WaveResultSchema, "result");
  const shard = read.ok ? read.value.shard : undefined;
  const result: ClosurePriorFacts["result"] = !read.ok
    ? { kind: "none" }
    : shard?.kind === "closure"
      ? { kind: "closure", count: shard.count }
      : { kind: "other" };
  const verdict = judgeClosurePrior({ result, shardSet: await shardSetFacts(dir, input.now, input.owners) });
  return verdict.use ? { ok: true, prior } : { ok: false, reason: verdict.reason };
}

/** What a run directory's shard-set.json says, compared with this job's shard runs (`now`). */
async function shardSetFacts(dir: string, now: ShardSet, owners: readonly number[]): Promise<ClosurePriorFacts["shardSet"]> {
  const file = path.join(dir, RUN_FILES.shardSet);
  const untrusted = await trustedFileProblem(file, owners);
  if (untrusted === "missing") return { kind: "missing" };
  if (untrusted !== null) return { kind: "refused", reason: untrusted };
  const set = await readJsonChecked(file, ShardSetSchema, "shard set");
  if (!set.ok) return set.missing ? { kind: "missing" } : { kind: "refused", reason: set.message.replaceAll(`${dir}${path.sep}`, "") };
  return { kind: "read", count: set.value.shards[0]?.count ?? 0, difference: shardSetDifference(set.value, now) };
}

/**
 * The closure job's prior state: the merged shard runs, resuming the closure sweep of the earlier
 * closure run when there is one of the same shard set (shard/closure-resume.ts). Whether it is
 * used or not, and why, is said through `notice` (a refused attempt directory through `warn`). A
 * state named explicitly (`--resume DIR`) that cannot be used fails the run. Its workspace
 * changes: an earlier run in this state directory left them in the workspace; one from elsewhere
 * has its recorded changes (which hold the shards') applied instead of the shards'.
 */
async function resumeClosure(r: PriorRequest, merged: ShardedPriorRun): Promise<PriorRun> {
  const { resume } = r;
  const dir = await offeredDir(r, (skipped, message) =>
    r.warn(`not resuming the closure sweep from ${path.basename(skipped)}: ${message}`),
  );
  if (!dir) return merged;
  const shown = resume === "auto" ? path.relative(r.stateDir, dir) : dir;
  const notUsed = async (reason: string): Promise<PriorRun> => {
    if (typeof resume === "object" && resume.explicit) {
      if (merged.shards.changesDir) await fs.rm(merged.shards.changesDir, { recursive: true, force: true });
      throw new UserError(`cannot resume the closure sweep from ${shown}: ${reason}`);
    }
    r.notice(`not resuming the closure sweep from ${shown}: ${reason}; the whole closure sweep runs`);
    return merged;
  };
  const earlier = await readEarlierClosure(dir, {
    expect: r.expect,
    now: merged.shards.set,
    owners: resume === "auto" ? trustedOwners() : [],
  });
  if (!earlier.ok) return notUsed(earlier.reason);
  const inOwnState = path.resolve(dir).startsWith(path.resolve(r.stateDir) + path.sep);
  const changesDir = inOwnState ? null : await copyRecordedChanges(dir);
  if (!inOwnState && changesDir === null) return notUsed("it recorded no workspace changes");
  if (merged.shards.changesDir) await fs.rm(merged.shards.changesDir, { recursive: true, force: true });
  const passed = earlier.prior.prior.passedStages;
  r.notice(
    `resuming the closure sweep from ${shown}, which merged the same shard runs: ${
      passed.length > 0 ? `its passed stages (${passed.join(", ")}) are not run again` : "no closure stage passed there"
    }`,
  );
  return withEarlierClosure(merged, earlier.prior, changesDir);
}

/**
 * The newest state artifact that is what `want` asks for (resume/prior.ts judgeArtifact; for
 * `resume`, the rules `resume auto` follows over the state directory): each is downloaded and
 * checked only when the newer ones were passed over.
 */
async function chooseArtifact<T, R extends RestoredState>(r: ArtifactPriorRequest<T, R>): Promise<{ candidate: T; state: R } | null> {
  for (const candidate of r.candidates) {
    const state = await r.restore(candidate);
    if (state === null) continue;
    const journal: PriorJournal = r.want === "resume" ? await readPriorJournal(runDirPaths(state.dir).progress) : { kind: "missing" };
    const verdict = judgeArtifact(r.want, { status: state.result.status, journal });
    if (verdict.use) return { candidate, state };
    await r.passOver?.(candidate, state, verdict.reason);
  }
  return null;
}
