/**
 * What earlier state is, and the rules for choosing it: the planner's prior state (`PriorState`),
 * an earlier run read as one (`PriorRun`), and the pure decisions of which earlier state a run
 * starts from. What exists is read, and the one call every caller makes (`choosePrior`) lives, in
 * resume/local.ts; the layout of a run directory is state/paths.ts.
 *
 * The decision is pure: the callers read what exists (directories, downloads, journals) into
 * PriorFacts, `judgePrior` says whether that state may be used and why not, and `pickPrior` walks
 * the candidates newest first, inspecting each only when the newer ones were passed over (an
 * artifact is downloaded only when it is needed), and stops at the first usable one. Newest first
 * is the attempt directory's number locally; for state artifacts it is the later run attempt, then
 * the later `created_at` the artifact service assigned, never the artifact id
 * (artifacts/naming.ts `compareNewestFirst`). The rules, the same for both sources unless said:
 *
 * - a state refused by its source's checks (a planted or linked attempt directory, one of another
 *   user, one whose journals name another lane, wave or attempt; an artifact whose contents
 *   disagree with its name or this run) is never used;
 * - an attempt directory without a progress journal (made, then killed before the first entry) is
 *   passed over without a word; an artifact needs none (its result.json was checked instead);
 * - a dry run, or a run that stopped before any agent ran, holds nothing to carry over: an older
 *   state may (else an earlier success would be lost);
 * - anything else is used, result.json or not (a killed run has none; its journal is what counts).
 *
 * The closure job of a sharded wave resumes the state so chosen only when it is a closure run of
 * the very shard runs this job merges (`judgeClosurePrior`); a shard job builds on its design
 * job's run only when that passed, is of the same split and started from the same commit
 * (`designRunProblem`).
 */
import type { ExecutionSummary } from "../signals/schema.js";
import { isDesignJob } from "../shard/plan.js";
import type { ShardSet } from "../shard/shard-set.js";
import type { Progress } from "../state/progress.js";

interface PriorAgent {
  status: string;
  fingerprint: string;
}

/** What the planner (engine/rerun-plan.ts) knows of the run this one resumes. */
export interface PriorState {
  agents: Record<string, PriorAgent>;
  /** Closure stages whose gates passed, in order. */
  passedStages: string[];
  /** Agents named by a failing gate: they must run again even if their process succeeded. */
  implicated: string[];
  /** An agent that asked a human and must run again with the answer. */
  feedbackAgentId: string | null;
}

/** An earlier run read as the prior state of this one. */
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

/** Where the earlier states come from. */
type PriorSource = "local" | "artifact";

/** The progress journal of an earlier state, as far as it could be read. */
export type PriorJournal =
  | { kind: "read"; progress: Pick<Progress, "status" | "agents"> }
  | { kind: "missing" }
  | { kind: "unreadable"; message: string };

/** What exists of one earlier state, as its source found it. */
export interface PriorFacts {
  source: PriorSource;
  /** Why the source's checks refuse it whatever it holds, or null. */
  refused: string | null;
  journal: PriorJournal;
}

export type PriorSkip =
  /** Refused by its source's checks, or its journal cannot be read: worth a warning. */
  | { why: "refused"; reason: string }
  /** An attempt directory without a journal: nothing was recorded there (no warning). */
  | { why: "no-journal"; reason: string }
  /** A dry run, or no agent ran: nothing to carry over; older states are looked at. */
  | { why: "nothing-to-reuse"; reason: string };

export type PriorVerdict = { use: true } | ({ use: false } & PriorSkip);

/** Whether one earlier state may be resumed from (see the rules above). */
export function judgePrior(facts: PriorFacts): PriorVerdict {
  if (facts.refused !== null) return { use: false, why: "refused", reason: facts.refused };
  const j = facts.journal;
  if (j.kind === "unreadable") {
    if (facts.source === "artifact") return { use: true };
    return { use: false, why: "refused", reason: j.message };
  }
  if (j.kind === "missing") {
    if (facts.source === "artifact") return { use: true };
    return { use: false, why: "no-journal", reason: "it has no progress journal" };
  }
  if (j.progress.status === "dry-run") return { use: false, why: "nothing-to-reuse", reason: "it was a dry run" };
  if (Object.keys(j.progress.agents).length === 0) return { use: false, why: "nothing-to-reuse", reason: "it recorded no agent" };
  return { use: true };
}

/** The state chosen, with what was found out about it. */
export interface PriorPick<T> {
  candidate: T;
  facts: PriorFacts;
}

/**
 * The newest usable state among `candidates` (given newest first), or null. `inspect` finds out
 * what exists of one candidate; it is called in order, and not at all for candidates older than
 * the one chosen. `onSkip` hears of every candidate passed over, with the reason.
 */
export async function pickPrior<T>(
  candidates: Iterable<T>,
  inspect: (candidate: T) => Promise<PriorFacts>,
  onSkip?: (candidate: T, skip: PriorSkip) => void | Promise<void>,
): Promise<PriorPick<T> | null> {
  for (const candidate of candidates) {
    const facts = await inspect(candidate);
    const verdict = judgePrior(facts);
    if (verdict.use) return { candidate, facts };
    await onSkip?.(candidate, { why: verdict.why, reason: verdict.reason } as PriorSkip);
  }
  return null;
}

/**
 * What a state artifact must be to be taken: one a run resumes from (the rules above, on its
 * journal), one that passed (what a shard job builds on, a closure job merges, the next wave
 * applies), or any that can be restored and read (the newest state of a wave, for the report).
 */
export type ArtifactWant = "resume" | "passed" | "readable";

/** Whether a restored state artifact (its result.json's status; its journal, for `resume`) is what `want` asks for. */
export function judgeArtifact(
  want: ArtifactWant,
  state: { status: string | null; journal: PriorJournal },
): { use: true } | { use: false; reason: string } {
  if (want === "readable") return { use: true };
  if (want === "passed") return state.status === "passed" ? { use: true } : { use: false, reason: `it did not pass (${state.status})` };
  const verdict = judgePrior({ source: "artifact", refused: null, journal: state.journal });
  return verdict.use ? verdict : { use: false, reason: verdict.reason };
}

/** What a run expects of the state it resumes. */
export interface PriorExpectation {
  lane: string;
  wave: number;
  waveFingerprint: string;
  repository: string | null;
  /** Accept a state whose wave file changed. */
  force: boolean;
}

/**
 * Why a state whose journal is `progress` cannot be resumed by a run expecting `expect` (another
 * lane or wave, another repository, a changed wave file without force), or null when it can.
 */
export function foreignPrior(
  progress: Pick<Progress, "lane" | "wave" | "repository" | "waveFingerprint" | "waveFile">,
  expect: PriorExpectation,
): string | null {
  if (progress.lane !== expect.lane || progress.wave !== expect.wave) {
    return `it holds lane ${progress.lane} wave ${progress.wave}, not lane ${expect.lane} wave ${expect.wave}`;
  }
  if (expect.repository && progress.repository && expect.repository !== progress.repository) {
    return `it belongs to repository ${progress.repository}, not ${expect.repository}`;
  }
  if (!expect.force && progress.waveFingerprint !== expect.waveFingerprint) {
    return `${progress.waveFile} changed since that run (pass --force-resume to resume anyway)`;
  }
  return null;
}

/**
 * The attempt number of a new run: after every attempt directory of the wave (`localAttempts`)
 * and after the attempt it resumes (`priorAttempt`, null when none), also when that earlier state
 * came from elsewhere (an artifact, another state directory).
 */
export function nextAttemptNumber(localAttempts: readonly number[], priorAttempt: number | null): number {
  const localNext = Math.max(0, ...localAttempts) + 1;
  return Math.max(localNext, priorAttempt === null ? 1 : priorAttempt + 1);
}

/** What an earlier state (chosen as above) says of itself, for a closure job that may resume it. */
export interface ClosurePriorFacts {
  /** Its result.json's kind of run: a closure job's, another run's, or none (a killed run, or unreadable). */
  result: { kind: "closure"; count: number } | { kind: "other" } | { kind: "none" };
  /** Its record of the shard runs it merged: absent, refused by its source's checks, or how it differs from this job's (null: it does not). */
  shardSet: { kind: "missing" } | { kind: "refused"; reason: string } | { kind: "read"; count: number; difference: string | null };
}

/**
 * Whether a closure job resumes the closure sweep of an earlier state: only a closure run (its
 * result.json, when it has one, says so, and it recorded its shard set) that merged the same shard
 * runs; a result.json and shard set that disagree on the number of shards are not believed.
 */
export function judgeClosurePrior(facts: ClosurePriorFacts): { use: true } | { use: false; reason: string } {
  const { result, shardSet } = facts;
  if (result.kind === "other") return { use: false, reason: "its result.json is not a closure job's" };
  if (shardSet.kind === "missing") return { use: false, reason: "it records no shard set" };
  if (shardSet.kind === "refused") return { use: false, reason: shardSet.reason };
  if (result.kind === "closure" && result.count !== shardSet.count) {
    return { use: false, reason: "its result.json and its shard set disagree on the number of shards" };
  }
  if (shardSet.difference !== null) return { use: false, reason: shardSet.difference };
  return { use: true };
}

/** What a shard job expects of the design job's run it builds on. */
export interface DesignExpectation {
  /** The shard count of this job's split. */
  count: number;
  /** The commit this job started from (null: not recorded). */
  baseCommit: string | null;
  force: boolean;
}

/** Why `progress` is not a design run a shard job may build on (null: it is). */
export function designRunProblem(progress: Pick<Progress, "shard" | "status" | "baseCommit">, expect: DesignExpectation): string | null {
  const shard = progress.shard;
  if (!shard || !isDesignJob(shard)) {
    return `it is not a design job's run (it ran ${shard ? `shard ${shard.index}/${shard.count}` : "without --shard"}; the design job is --shard 0/${expect.count})`;
  }
  if (shard.count !== expect.count) return `it is the design job of a wave split in ${shard.count} shards, not ${expect.count}`;
  if (progress.status !== "passed")
    return `it did not pass (status ${progress.status ?? "none: it did not finish"}); run the design job again first`;
  if (!expect.force && progress.baseCommit && expect.baseCommit && progress.baseCommit !== expect.baseCommit) {
    return `it started from commit ${progress.baseCommit.slice(0, 12)}, this job from ${expect.baseCommit.slice(0, 12)} (--force-resume builds on it anyway)`;
  }
  return null;
}
