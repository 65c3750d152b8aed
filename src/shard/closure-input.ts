/**
 * The closure job's input: the shard run directories it is given, read as prior states (resume/local.ts
 * `choosePrior`, the one place earlier state is chosen), checked (one passed run per shard of this
 * wave, same wave file and base commit: src/shard/merge.ts) and merged into one prior state. Every implementation agent of the wave is then an agent whose success the
 * closure run reuses (from its shard's directory), so the run goes straight to the
 * implementation-stage gates over all agents and the closure sweep, exactly as a resumed run does.
 * Files changed in two shards fail the job before anything is applied, naming both agents. What
 * identifies each shard run is kept with the merge: a re-run of the closure job on the same shard
 * runs resumes the earlier one's closure sweep (closure-resume.ts).
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { UserError } from "../errors.js";
import type { PriorRun, ShardedPriorRun } from "../resume/prior.js";
import { type ChangesMeta, META_FILE, PATCH_FILE, PREIMAGE_DIR, readChanges } from "../state/changes.js";
import { runDirPaths } from "../state/paths.js";
import type { Progress } from "../state/progress.js";
import type { WaveDefinition } from "../wave/schema.js";
import { shardRunId, shardSetOf } from "./shard-set.js";
import { mergePatches, type ShardRun, shardOverlaps, shardSetProblems, splitPatch } from "./merge.js";

export interface ClosureInputOptions {
  lane: string;
  wave: WaveDefinition;
  /** Accept shard runs of another wave file version or commit (--force-resume). */
  force: boolean;
}

/** One shard run (read as a prior state, resume/local.ts) as the checks see it, with its recorded changes. */
async function shardOf(
  prior: PriorRun,
  options: ClosureInputOptions,
): Promise<{ run: ShardRun; prior: PriorRun; changes: { meta: ChangesMeta; patch: Buffer } | null }> {
  const paths = runDirPaths(prior.runDir);
  // No recorded changes (the shard's agents changed nothing): nothing to merge. Corrupt ones fail.
  const hasChanges = await fs.access(path.join(paths.changesDir, META_FILE)).then(
    () => true,
    () => false,
  );
  const changes = hasChanges ? await readChanges(paths.changesDir) : null;
  const { progress } = prior;
  const ids = Object.keys(progress.agents);
  const agents = options.wave.agents.filter((a) => ids.includes(a.agentId)).map((a) => ({ id: a.agentId, ownedPaths: a.ownedPaths }));
  const run: ShardRun = {
    dir: prior.runDir,
    lane: progress.lane,
    wave: progress.wave,
    shard: progress.shard ? { kind: "shard", ...progress.shard } : null,
    status: progress.status,
    waveFingerprint: progress.waveFingerprint,
    baseCommit: progress.baseCommit,
    changes: changes ? splitPatch(changes.patch).map((s) => ({ path: s.path, digest: s.digest })) : [],
    agents,
  };
  return { run, prior, changes };
}

/**
 * The shard runs (read as prior states by resume/local.ts `choosePrior`, their wave file's version
 * not yet checked: it is checked here with the rest, so all problems are told at once) merged into
 * one prior state; a UserError (exit 1) lists every problem.
 */
export async function mergeShardRuns(shards: readonly PriorRun[], options: ClosureInputOptions): Promise<ShardedPriorRun> {
  const read = [];
  for (const prior of shards) read.push(await shardOf(prior, options));
  const runs = read.map((r) => r.run);
  const problems = [
    ...shardSetProblems(runs, {
      lane: options.lane,
      wave: options.wave.wave,
      waveFingerprint: options.wave.fingerprint,
      force: options.force,
    }),
    ...shardOverlaps(runs),
  ];
  if (problems.length > 0) {
    throw new UserError(
      `the closure job of wave ${options.wave.wave} cannot merge its shards:\n${problems.map((p) => `  ${p}`).join("\n")}`,
      1,
    );
  }
  const ordered = read.sort((a, b) => (a.run.shard?.index ?? 0) - (b.run.shard?.index ?? 0));
  const merged = await writeMergedChanges(ordered);
  const first = ordered[0]!.prior;
  const agents: PriorRun["prior"]["agents"] = {};
  const progressAgents: Progress["agents"] = {};
  const summaries: PriorRun["summaries"] = {};
  const dirOf: Record<string, string> = {};
  const notes: string[] = [];
  for (const { run, prior } of ordered) {
    const label = `${path.basename(path.dirname(run.dir))}/${path.basename(run.dir)}`;
    for (const [id, a] of Object.entries(prior.progress.agents)) progressAgents[id] = { ...a, source: label };
    Object.assign(agents, prior.prior.agents);
    Object.assign(summaries, prior.summaries);
    for (const id of Object.keys(prior.progress.agents)) dirOf[id] = run.dir;
    notes.push(...prior.notes.map((n) => `shard ${run.shard?.index}: ${n}`));
  }
  return {
    runDir: first.runDir,
    // Attempt 0: the closure job's own attempts count from 1 (a shard's attempts are its own).
    progress: { ...first.progress, attempt: 0, agents: progressAgents, passedStages: [], gates: [], shard: undefined },
    summaries,
    notes,
    prior: { agents, passedStages: [], implicated: [], feedbackAgentId: null },
    shards: {
      dirs: ordered.map((r) => r.run.dir),
      dirOf,
      changesDir: merged,
      set: shardSetOf(ordered.map(({ run, prior, changes }) => shardRunId(run.shard!, prior.progress, changes?.patch ?? null))),
    },
  };
}

/**
 * The shards' workspace changes as one changes directory (in a temporary directory the caller
 * removes): each file's change once, every base version a 3-way apply may need. Null when no shard
 * changed anything.
 */
async function writeMergedChanges(
  shards: readonly { changes: { meta: ChangesMeta; patch: Buffer } | null; run: ShardRun }[],
): Promise<string | null> {
  const present = shards.filter((s) => s.changes !== null);
  const first = present[0]?.changes;
  if (!first) return null;
  const patch = mergePatches(present.map((s) => s.changes!.patch));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-shards-"));
  const files = new Map<string, ChangesMeta["files"][number]>();
  const preimages = new Set<string>();
  await fs.mkdir(path.join(dir, PREIMAGE_DIR));
  for (const s of present) {
    for (const f of s.changes!.meta.files) files.set(f.path, f);
    for (const id of s.changes!.meta.preimages ?? []) {
      if (preimages.has(id)) continue;
      preimages.add(id);
      await fs.copyFile(path.join(runDirPaths(s.run.dir).changesDir, PREIMAGE_DIR, id), path.join(dir, PREIMAGE_DIR, id));
    }
  }
  const meta: ChangesMeta = {
    ...first.meta,
    files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    patchSha256: createHash("sha256").update(patch).digest("hex"),
    bytes: patch.length,
    preimages: [...preimages].sort(),
  };
  await fs.writeFile(path.join(dir, PATCH_FILE), patch);
  await fs.writeFile(path.join(dir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  return dir;
}
