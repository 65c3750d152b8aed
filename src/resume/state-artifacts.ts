/**
 * Earlier wave state among a workflow run's artifacts, by facts an agent cannot forge (which one a
 * job resumes is resume/local.ts `choosePrior`'s choice among the candidates screened here).
 *
 * Anyone holding the job's runtime token can upload an artifact of any name into the run, so a
 * name is only a claim. Candidates are ordered newest first by the later run attempt, then the
 * later `created_at` the artifact service assigned, never by the artifact id (artifacts/naming.ts
 * `compareNewestFirst`); a name claiming a later run attempt than this job's, a name that does not
 * parse, and an artifact the API places in another workflow run are refused before ordering; and
 * a downloaded state counts only when its contents (result.json, progress.json, origin.json) agree
 * with its name and this run. Every refusal is reported with the artifact's name.
 *
 * origin.json is what the job that uploaded a state artifact knew about itself — the artifact's
 * name, lane, wave, workflow run and run attempt. The uploader writes it into the staged copy
 * (never into the run directory agents work next to), so a restored state whose origin disagrees
 * with the artifact's name or this run is a copy of some other upload, not the state of that name.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ArtifactInfo } from "../artifacts/types.js";
import { type ArtifactNameParts, artifactNamePrefix, compareNewestFirst, parseArtifactName } from "../artifacts/naming.js";
import { type ReadResult, readJsonChecked } from "../state/json-files.js";
import { RUN_FILES, runDirPaths } from "../state/paths.js";
import { ProgressSchema } from "../state/progress.js";
import { type WaveResult, WaveResultSchema } from "../state/schema.js";

const ORIGIN_FILE = RUN_FILES.origin;

const StateOriginSchema = z.object({
  schemaVersion: z.literal(1),
  kind: z.literal("wave-state-origin"),
  /** The artifact name the state was uploaded under. */
  artifact: z.string().min(1),
  lane: z.string(),
  wave: z.number().int().nonnegative(),
  /** GITHUB_RUN_ID of the uploading job; null outside Actions. */
  runId: z.number().int().positive().nullable(),
  /** GITHUB_RUN_ATTEMPT of the uploading job (1 outside Actions). */
  runAttempt: z.number().int().positive(),
  /** GITHUB_JOB of the uploading job, null outside Actions. */
  job: z.string().nullable(),
});
export type StateOrigin = z.infer<typeof StateOriginSchema>;

/** The origin of an upload made now by this job. */
export function originOf(input: { artifact: string; lane: string; wave: number; runAttempt: number; env: NodeJS.ProcessEnv }): StateOrigin {
  return {
    schemaVersion: 1,
    kind: "wave-state-origin",
    artifact: input.artifact,
    lane: input.lane,
    wave: input.wave,
    runId: positiveInt(input.env["GITHUB_RUN_ID"]),
    runAttempt: input.runAttempt,
    job: input.env["GITHUB_JOB"] || null,
  };
}

/** Writes origin.json into a staged copy (replacing any file of that name the copy brought along). */
export async function writeStateOrigin(stageDir: string, origin: StateOrigin): Promise<void> {
  const file = runDirPaths(stageDir).origin;
  await fs.rm(file, { recursive: true, force: true });
  await fs.writeFile(file, `${JSON.stringify(origin, null, 2)}\n`, { flag: "wx" });
}

export interface StateScope {
  /** Artifact prefix (input artifact-prefix). */
  prefix: string;
  lane: string;
  /** This job's GITHUB_RUN_ATTEMPT: no earlier state can come from a later attempt. */
  runAttempt: number;
  /** This workflow run (GITHUB_RUN_ID), null when unknown. */
  runId: number | null;
}

export interface StateCandidate {
  info: ArtifactInfo;
  parts: ArtifactNameParts;
}

export type StateCheck = { ok: true; result: WaveResult } | { ok: false; reason: string };

function positiveInt(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The scope of a job from its environment (GITHUB_RUN_ATTEMPT, default 1; GITHUB_RUN_ID). */
export function stateScope(prefix: string, lane: string, env: NodeJS.ProcessEnv): StateScope {
  return { prefix, lane, runAttempt: positiveInt(env["GITHUB_RUN_ATTEMPT"]) ?? 1, runId: positiveInt(env["GITHUB_RUN_ID"]) };
}

/** A name as it may appear in a message: quoted, control characters escaped, at most 200 characters. */
function shownName(name: string): string {
  const cut = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  return JSON.stringify(cut);
}

/**
 * The state artifacts of the scope's prefix and lane among `listed` that may be considered at all,
 * newest first by server facts. `warn` receives one message per refused artifact.
 */
export function screenStateArtifacts(listed: ArtifactInfo[], scope: StateScope, warn: (message: string) => void): StateCandidate[] {
  const start = artifactNamePrefix(scope.prefix, scope.lane);
  const out: StateCandidate[] = [];
  for (const info of listed) {
    if (!info.name.startsWith(start)) continue;
    const shown = shownName(info.name);
    const parts = parseArtifactName(info.name);
    if (!parts || parts.prefix !== scope.prefix || parts.lane !== scope.lane) {
      warn(`ignoring artifact ${shown}: its name is not a wave state name (<prefix>_<lane>_wave-<n>_attempt-<a>_<job>)`);
      continue;
    }
    if (parts.runAttempt > scope.runAttempt) {
      warn(
        `ignoring artifact ${shown}: its name claims run attempt ${parts.runAttempt}, but this job is attempt ${scope.runAttempt} of the run`,
      );
      continue;
    }
    if (scope.runId !== null && info.runId !== undefined && info.runId !== scope.runId) {
      warn(`ignoring artifact ${shown}: the API lists it as an artifact of workflow run ${info.runId}, not of this run (${scope.runId})`);
      continue;
    }
    out.push({ info, parts });
  }
  return out.sort((a, b) => compareNewestFirst(a.info, b.info));
}

function why<T>(r: ReadResult<T> & { ok: false }, dir: string, file: string): string {
  if (r.missing) return `it has no ${file}`;
  return `its ${file} is unusable: ${r.message.replaceAll(`${dir}${path.sep}`, "")}`;
}

/** Whether two shards (null: the whole wave's state, or its closure job's) are the same. */
export function sameShard(a: ArtifactNameParts["shard"], b: ArtifactNameParts["shard"]): boolean {
  if (!a || !b) return !a && !b;
  return a.index === b.index && a.count === b.count;
}

/** Why a result's shard disagrees with the shard its artifact's name claims, or null. */
function shardDisagreement(r: WaveResult, parts: ArtifactNameParts): string | null {
  const recorded = r.shard?.kind === "shard" ? { index: r.shard.index, count: r.shard.count } : null;
  if (sameShard(recorded, parts.shard)) return null;
  const say = (s: ArtifactNameParts["shard"]) => (s ? `shard ${s.index}/${s.count}` : "the whole wave");
  return `its result.json is a run of ${say(recorded)}, but its name says ${say(parts.shard)}`;
}

/**
 * Whether a downloaded state (`dir`) is what its name says: result.json (required) and
 * progress.json (when present) for the name's lane and wave and the same engine attempt, and
 * origin.json (required) naming this very artifact, its run attempt, and this workflow run.
 */
export async function checkStateContents(dir: string, candidate: StateCandidate, scope: StateScope): Promise<StateCheck> {
  const { info, parts } = candidate;
  const paths = runDirPaths(dir);
  const result = await readJsonChecked(paths.result, WaveResultSchema, "result");
  if (!result.ok) return { ok: false, reason: why(result, dir, RUN_FILES.result) };
  const r = result.value;
  if (r.lane !== parts.lane || r.wave !== parts.wave) {
    return {
      ok: false,
      reason: `its result.json is for lane ${r.lane} wave ${r.wave}, but its name says lane ${parts.lane} wave ${parts.wave}`,
    };
  }
  const shardProblem = shardDisagreement(r, parts);
  if (shardProblem) return { ok: false, reason: shardProblem };
  const progress = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
  if (progress.ok) {
    const p = progress.value;
    if (p.lane !== r.lane || p.wave !== r.wave || p.attempt !== r.attempt) {
      return {
        ok: false,
        reason: `its progress.json (lane ${p.lane} wave ${p.wave} attempt ${p.attempt}) and result.json (lane ${r.lane} wave ${r.wave} attempt ${r.attempt}) disagree`,
      };
    }
  }
  const origin = await readJsonChecked(paths.origin, StateOriginSchema, "origin");
  if (!origin.ok) return { ok: false, reason: why(origin, dir, ORIGIN_FILE) };
  const o = origin.value;
  if (o.artifact !== info.name) return { ok: false, reason: `its ${ORIGIN_FILE} says it was uploaded as ${shownName(o.artifact)}` };
  if (o.lane !== parts.lane || o.wave !== parts.wave) {
    return {
      ok: false,
      reason: `its ${ORIGIN_FILE} is for lane ${o.lane} wave ${o.wave}, but its name says lane ${parts.lane} wave ${parts.wave}`,
    };
  }
  if (o.runAttempt !== parts.runAttempt) {
    return { ok: false, reason: `its ${ORIGIN_FILE} says run attempt ${o.runAttempt}, but its name says ${parts.runAttempt}` };
  }
  if (scope.runId !== null && o.runId !== scope.runId) {
    return { ok: false, reason: `its ${ORIGIN_FILE} says workflow run ${o.runId ?? "none"}, not this run (${scope.runId})` };
  }
  return { ok: true, result: r };
}
