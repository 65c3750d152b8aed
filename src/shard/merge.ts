/**
 * The closure job's checks on the shard runs it is given (pure): one passed run per shard of the
 * same lane, wave, wave file and base commit, none missing and none twice; and no file changed in
 * two shards (implementation agents own disjoint paths, so an overlap is an ownership violation:
 * it names both agents and the file).
 */
import type { ShardRole } from "./plan.js";

/** What the closure job read from one shard run directory. */
export interface ShardRun {
  /** The directory as given (shown in messages). */
  dir: string;
  lane: string;
  wave: number;
  shard: Extract<ShardRole, { kind: "shard" }> | null;
  status: string | null;
  waveFingerprint: string;
  baseCommit: string | null;
  /** Repository-relative paths the shard's agents changed (its recorded workspace changes). */
  changedFiles: readonly string[];
  /** The shard's agents and the paths each owns. */
  agents: readonly { id: string; ownedPaths: readonly string[] }[];
}

export interface ShardSetExpectation {
  lane: string;
  wave: number;
  /** The wave file as the closure job reads it. */
  waveFingerprint: string;
  /** Accept shards recorded for another version of the wave file (`--force-resume`). */
  force: boolean;
}

/** Why the shard runs cannot be merged, one message each (empty: they can). */
export function shardSetProblems(runs: readonly ShardRun[], expect: ShardSetExpectation): string[] {
  const problems: string[] = [];
  if (runs.length === 0) return ["no shard run directories were given (--from <dir>, one per shard)"];
  const counts = new Set<number>();
  const seen = new Map<number, string>();
  for (const r of runs) {
    if (r.lane !== expect.lane || r.wave !== expect.wave) {
      problems.push(`${r.dir} is a run of lane ${r.lane} wave ${r.wave}, not of lane ${expect.lane} wave ${expect.wave}`);
      continue;
    }
    if (!r.shard) {
      problems.push(`${r.dir} is not a shard run (it was run without --shard)`);
      continue;
    }
    counts.add(r.shard.count);
    const before = seen.get(r.shard.index);
    if (before !== undefined) problems.push(`shard ${r.shard.index}/${r.shard.count} is given twice: ${before} and ${r.dir}`);
    seen.set(r.shard.index, r.dir);
    if (r.status !== "passed")
      problems.push(
        `shard ${r.shard.index}/${r.shard.count} (${r.dir}) did not pass (status ${r.status ?? "none: it did not finish"}); run it again first`,
      );
    if (r.waveFingerprint !== expect.waveFingerprint && !expect.force) {
      problems.push(
        `shard ${r.shard.index}/${r.shard.count} (${r.dir}) ran another version of the wave file (--force-resume merges it anyway)`,
      );
    }
  }
  if (counts.size > 1)
    problems.push(`the shard runs disagree on the number of shards (${[...counts].sort((a, b) => a - b).join(" and ")})`);
  const count = counts.size === 1 ? [...counts][0]! : null;
  if (count !== null) {
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    if (missing.length > 0)
      problems.push(`shard ${missing.map((i) => `${i}/${count}`).join(", ")} ${missing.length === 1 ? "is" : "are"} missing`);
  }
  const bases = new Set(runs.map((r) => r.baseCommit ?? "none"));
  if (bases.size > 1) {
    problems.push(
      `the shard runs started from different commits (${runs.map((r) => `${r.dir}: ${r.baseCommit?.slice(0, 12) ?? "none"}`).join(", ")})`,
    );
  }
  return problems;
}

/** Whether `owned` (a file, or a directory with or without a trailing slash) covers `file`. */
function covers(owned: string, file: string): boolean {
  const o = owned.replace(/\/+$/, "");
  return file === o || file.startsWith(`${o}/`);
}

function ownerIn(run: ShardRun, file: string): string {
  const owner = run.agents.find((a) => a.ownedPaths.some((p) => covers(p, file)));
  const where = run.shard ? `shard ${run.shard.index}/${run.shard.count}` : run.dir;
  return owner ? `${owner.id} (${where})` : `an agent of ${where} that does not own it`;
}

/** Files changed in more than one shard, each named with the agents (and shards) that changed it. */
export function shardOverlaps(runs: readonly ShardRun[]): string[] {
  const firstBy = new Map<string, ShardRun>();
  const out: string[] = [];
  for (const r of runs) {
    for (const file of r.changedFiles) {
      const first = firstBy.get(file);
      if (first) out.push(`${file} was changed by ${ownerIn(first, file)} and by ${ownerIn(r, file)}`);
      else firstBy.set(file, r);
    }
  }
  return out;
}
