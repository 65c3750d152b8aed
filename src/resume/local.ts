/**
 * Finding and reading an earlier run directory of the same lane and wave, and turning what it
 * recorded into the planner's prior state. A foreign or corrupt state is refused with a message.
 * `resume auto` picks only attempt directories this orchestrator wrote: real directories of its
 * own user whose journals agree with their name, so a directory planted in the state directory
 * (by an agent running as another user, or by a link) is never taken for an earlier run. What
 * exists is read here; which state is used is decided by state/prior-choice.ts (the rules the
 * action's artifacts follow too), and where files are by state/paths.ts.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";
import { elevatedFromUser } from "../agent-user/elevate.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import type { PriorState } from "../engine/rerun-plan.js";
import { type ExecutionSummary, ExecutionSummarySchema } from "../signals/schema.js";
import { readJsonChecked } from "../state/json-files.js";
import { agentPaths, attemptDirOf, attemptOfDirName, laneAndWaveOf, RUN_FILES, runDirPaths, runPathsOf } from "../state/paths.js";
import { foreignPrior, type PriorExpectation, type PriorFacts, type PriorJournal, pickPrior } from "../state/prior-choice.js";
import { type Progress, ProgressSchema } from "../state/progress.js";
import type { ShardSet } from "../shard/shard-set.js";
import { WaveResultSchema } from "../state/schema.js";

export interface PriorRun {
  runDir: string;
  progress: Progress;
  prior: PriorState;
  /** Summaries of agents whose success may be reused, by id. */
  summaries: Record<string, ExecutionSummary>;
  /** What could not be carried over and why (e.g. an unreadable summary: that agent runs again). */
  notes: string[];
  /**
   * The closure job of a sharded wave: the shard run directories merged into this prior state (in
   * shard order) and the one each agent's files are in. Absent: one run directory, `runDir`.
   */
  shards?: {
    dirs: string[];
    dirOf: Record<string, string>;
    /**
     * The workspace changes the run applies first (a temporary directory, removed once applied):
     * the shards' merged into one, or the earlier closure run's it resumes; null: none.
     */
    changesDir: string | null;
    /** What identifies the shard runs merged (src/shard/shard-set.ts). */
    set: ShardSet;
    /** The earlier closure run of the same shard runs whose sweep this run resumes (its runDir). */
    resumes?: string;
  };
}

/** The closure job's prior state: merged shard runs (src/shard/closure-input.ts). */
export type ShardedPriorRun = PriorRun & { shards: NonNullable<PriorRun["shards"]> };

/** The run directory holding agent `id`'s files in a prior state (a shard's, for a merged one). */
export function priorRunDirOf(prior: PriorRun, id: string): string {
  return prior.shards?.dirOf[id] ?? prior.runDir;
}

/** Attempt numbers of the run directories under a wave directory, ascending. */
export async function listAttempts(waveDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(waveDir);
  } catch {
    return [];
  }
  return names
    .map(attemptOfDirName)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
}

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

export type ReadPriorOptions = PriorExpectation;

/** A progress journal as the resume decision sees it (state/prior-choice.ts): read, missing or unreadable. */
export async function readPriorJournal(file: string): Promise<PriorJournal> {
  const r = await readJsonChecked(file, ProgressSchema, "progress journal");
  if (r.ok) return { kind: "read", progress: r.value };
  return r.missing ? { kind: "missing" } : { kind: "unreadable", message: r.message };
}

/** Reads a run directory as a prior state; throws UserError when it is foreign or corrupt. */
export async function readPriorRun(runDir: string, options: ReadPriorOptions): Promise<PriorRun> {
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
export function trustedOwners(): number[] {
  const own = process.getuid?.();
  if (own === undefined) return [];
  const from = elevatedFromUser()?.uid;
  return from === undefined || from === own ? [own] : [own, from];
}

export interface FindLatestRunOptions {
  /** Owners (uids) an attempt directory and its journals may have; empty: no check (no uids here). */
  owners?: readonly number[];
  /** The lane and wave the directories must record (default: from the path, `<lane>/wave-<n>`). */
  expect?: { lane: string; wave: number };
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
export async function trustedFileProblem(file: string, owners: readonly number[]): Promise<string | null> {
  const entry = await journalEntry(file, owners);
  return entry.kind === "missing" ? "missing" : entry.kind === "bad" ? entry.message : null;
}

/**
 * What exists of an attempt directory, for the decision (state/prior-choice.ts): refused unless it
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
 * and that holds something to carry over (state/prior-choice.ts: dry runs and runs stopped before
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
  const expect = options.expect ?? laneAndWaveOf(waveDir);
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
