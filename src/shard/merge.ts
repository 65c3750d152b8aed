/**
 * The closure job's checks on the shard runs it is given (pure): one passed run per shard of the
 * same lane, wave, wave file and base commit, none missing and none twice; and no file changed
 * differently in two shards (implementation agents own disjoint paths, so an overlap is an
 * ownership violation: it names both agents and the file). A file changed identically in several
 * shards — the earlier waves' changes each shard started from — is one change. The shards' patches
 * become one: each file's section once.
 */
import { createHash } from "node:crypto";
import { isDesignJob, type ShardRole } from "./plan.js";

/** One file's part of a git patch (`diff --git …` up to the next such line). */
export interface PatchSection {
  /** The path the section changes (as its header names it; the header itself when it cannot be read). */
  path: string;
  /** sha256 of the section's bytes. */
  digest: string;
  bytes: Buffer;
}

const DIFF_HEADER = Buffer.from("diff --git ");

/**
 * The sections of a git patch, in order. A section starts at a line beginning `diff --git `: hunk
 * lines start with a space, `+`, `-` or `\`, and binary patch lines with a base85 length letter,
 * so no content line can.
 */
export function splitPatch(patch: Buffer): PatchSection[] {
  const starts: number[] = [];
  for (let at = 0; at < patch.length; ) {
    if (patch.subarray(at, at + DIFF_HEADER.length).equals(DIFF_HEADER)) starts.push(at);
    const nl = patch.indexOf(10, at);
    if (nl === -1) break;
    at = nl + 1;
  }
  return starts.map((start, i) => {
    const bytes = patch.subarray(start, starts[i + 1] ?? patch.length);
    const header = bytes.subarray(0, Math.max(0, bytes.indexOf(10))).toString("utf8");
    // `diff --git a/<path> b/<path>`: the b/ name, when the two halves are plain and equal.
    const m = /^diff --git a\/(.+) b\/(.+)$/.exec(header);
    const path = m && m[1] === m[2] ? m[1]! : header;
    return { path, digest: createHash("sha256").update(bytes).digest("hex"), bytes };
  });
}

/** The shards' patches as one: every file's section once (sections equal across shards are one change). */
export function mergePatches(patches: readonly Buffer[]): Buffer {
  const seen = new Set<string>();
  const out: Buffer[] = [];
  for (const patch of patches) {
    for (const section of splitPatch(patch)) {
      if (seen.has(section.digest)) continue;
      seen.add(section.digest);
      out.push(section.bytes);
    }
  }
  return Buffer.concat(out);
}

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
  /** The files the shard's recorded workspace changes touch, each with the digest of its change. */
  changes: readonly { path: string; digest: string }[];
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
    if (isDesignJob(r.shard)) {
      problems.push(
        `${r.dir} is the design job's run (shard 0/${r.shard.count}): the closure job merges shards 1..${r.shard.count}, which hold it`,
      );
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
  if (owner) return `${owner.id} (${where})`;
  // No agent of that shard owns it: one of them wrote outside its paths; name them all.
  const ids = run.agents.map((a) => a.id);
  if (ids.length === 1) return `${ids[0]} (${where}), which does not own it`;
  return ids.length > 1 ? `one of ${ids.join(", ")} (${where}), none of which owns it` : `an agent of ${where} that does not own it`;
}

/** Files changed differently in two shards, each named with the agents (and shards) that changed it. */
export function shardOverlaps(runs: readonly ShardRun[]): string[] {
  const firstBy = new Map<string, { run: ShardRun; digest: string }>();
  const out: string[] = [];
  for (const r of runs) {
    for (const change of r.changes) {
      const first = firstBy.get(change.path);
      if (!first) firstBy.set(change.path, { run: r, digest: change.digest });
      else if (first.digest !== change.digest)
        out.push(`${change.path} was changed by ${ownerIn(first.run, change.path)} and by ${ownerIn(r, change.path)}`);
    }
  }
  return out;
}
