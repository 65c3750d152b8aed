/**
 * Artifact names for wave state: `<prefix>_<lane>_wave-<n>_attempt-<a>_<suffix>`, e.g.
 * `wave_main_wave-3_attempt-2_j1a2b3c4d`; a shard job of a sharded wave names its shard,
 * `wave_main_wave-3-shard-2-of-4_attempt-1_j…`. Names are unique within a run attempt on GitHub
 * (and after a re-run at least one report saw them refused across attempts: see docs/workflows.md),
 * so the name carries the attempt and a suffix that identifies the job execution (re-runs and
 * resume jobs get new ones). Prefix and lane are
 * escaped (`~HH`) so the fields can always be split apart again.
 *
 * State artifacts are ordered newest first (`compareNewestFirst`): the later run attempt first,
 * then the later creation time the artifact service assigned. Never the artifact id: GitHub's ids
 * are opaque and not in upload order across run attempts (a re-run's artifact has been seen with a
 * lower id than attempt 1's: Systemorph/MeshWeaver#4303 and #4332, amigoer/mq-studio#104,
 * AMD-AGI/Hyperloom#1502), so after "Re-run failed jobs" the highest id can be attempt 1's failed
 * state. The attempt comes from the name, which is the uploader's claim: a name claiming a later
 * attempt than the reading job's is refused before ordering (resume/state-artifacts.ts
 * `screenStateArtifacts`), and a downloaded state counts only when its origin.json agrees with its
 * name. Whoever can upload into the run can upload a newer state anyway, so ordering by the claim
 * gives them nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { parseWaveSegment, WAVE_SEGMENT_PATTERN, waveSegment } from "../state/paths.js";
import { ArtifactError } from "./errors.js";
import type { ArtifactInfo } from "./types.js";

export interface ArtifactNameParts {
  prefix: string;
  lane: string;
  wave: number;
  /** GITHUB_RUN_ATTEMPT of the job that uploaded it (1 locally). */
  runAttempt: number;
  /** Identifies the job execution (and upload), `[A-Za-z0-9.-]+`. */
  suffix: string;
  /** A shard job's state: which shard (absent or null: the whole wave's, or its closure job's). */
  shard?: { index: number; count: number } | null;
}

const PLAIN = /^[A-Za-z0-9.-]$/;
const SUFFIX = /^[A-Za-z0-9.-]+$/;
const NAME = new RegExp(`^([A-Za-z0-9.~-]+)_([A-Za-z0-9.~-]+)_(${WAVE_SEGMENT_PATTERN})_attempt-(\\d+)_([A-Za-z0-9.-]+)$`);

/** Escapes everything outside `[A-Za-z0-9.-]`, and a leading dot, as `~HH` per UTF-8 byte. */
function escapeNameField(value: string): string {
  let out = "";
  for (const ch of value) {
    if (PLAIN.test(ch) && !(out === "" && ch === ".")) out += ch;
    else for (const byte of Buffer.from(ch, "utf8")) out += `~${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function unescapeNameField(value: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (c === "~") {
      const hex = value.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(c.charCodeAt(0));
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

export function artifactName(parts: ArtifactNameParts): string {
  if (!parts.prefix) throw new ArtifactError("invalid-name", "artifact prefix is empty");
  if (!parts.lane) throw new ArtifactError("invalid-name", "lane is empty");
  if (!Number.isInteger(parts.wave) || parts.wave < 0) throw new ArtifactError("invalid-name", `invalid wave ${parts.wave}`);
  if (!Number.isInteger(parts.runAttempt) || parts.runAttempt < 1) {
    throw new ArtifactError("invalid-name", `invalid run attempt ${parts.runAttempt}`);
  }
  if (!SUFFIX.test(parts.suffix)) {
    throw new ArtifactError("invalid-name", `artifact name suffix ${JSON.stringify(parts.suffix)} must match [A-Za-z0-9.-]+`);
  }
  const prefix = escapeNameField(parts.prefix);
  const lane = escapeNameField(parts.lane);
  const segment = waveSegment(parts.wave, parts.shard ?? null);
  if (parts.shard && parseWaveSegment(segment)?.shard == null) {
    throw new ArtifactError("invalid-name", `invalid shard ${parts.shard.index}/${parts.shard.count}`);
  }
  return `${prefix}_${lane}_${segment}_attempt-${parts.runAttempt}_${parts.suffix}`;
}

/** The start every artifact name of this prefix (and lane) has; for ListOptions.prefix. */
export function artifactNamePrefix(prefix: string, lane?: string): string {
  return lane === undefined ? `${escapeNameField(prefix)}_` : `${escapeNameField(prefix)}_${escapeNameField(lane)}_`;
}

/** The parts of a name made by artifactName, or null for any other name. */
export function parseArtifactName(name: string): ArtifactNameParts | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const prefix = unescapeNameField(m[1] as string);
  const lane = unescapeNameField(m[2] as string);
  const segment = parseWaveSegment(m[3] as string);
  const runAttempt = Number(m[4]);
  if (prefix === null || lane === null || segment === null) return null;
  // Only the canonical spelling parses, so one set of parts has exactly one name.
  if (escapeNameField(prefix) !== m[1] || escapeNameField(lane) !== m[2]) return null;
  if (!Number.isSafeInteger(runAttempt) || runAttempt < 1 || String(runAttempt) !== m[4]) return null;
  const parts: ArtifactNameParts = { prefix, lane, wave: segment.wave, runAttempt, suffix: m[5] as string };
  if (segment.shard) parts.shard = segment.shard;
  return parts;
}

/** The job backend id from an Actions runtime token (its `Actions.Results:<run>:<job>` scope), if any. */
export function jobIdFromRuntimeToken(token: string | undefined): string | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { scp?: unknown };
    if (typeof claims.scp !== "string") return null;
    for (const scope of claims.scp.split(" ")) {
      const parts = scope.split(":");
      if (parts[0] === "Actions.Results" && parts.length === 3 && parts[2]) return parts[2];
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * A suffix unique to this job execution: `j` + 8 hex digits derived from the runtime token's job id
 * (different for every job and every re-run attempt); outside Actions, `l` + 8 random hex digits.
 * `sequence` > 1 is appended (`-2`) for further uploads of the same wave from one job.
 */
export function jobSuffix(options: { env?: NodeJS.ProcessEnv; sequence?: number } = {}): string {
  const env = options.env ?? process.env;
  const jobId = jobIdFromRuntimeToken(env["ACTIONS_RUNTIME_TOKEN"]);
  const base = jobId ? `j${createHash("sha256").update(jobId).digest("hex").slice(0, 8)}` : `l${randomBytes(4).toString("hex")}`;
  const sequence = options.sequence ?? 1;
  return sequence > 1 ? `${base}-${sequence}` : base;
}

const FORBIDDEN_NAME_CHARS = ['"', ":", "<", ">", "|", "*", "?", "\r", "\n", "\\", "/", "\0"];

/**
 * Fails unless `name` is usable as an artifact name in both stores: non-empty, at most 200
 * characters, none of the characters the artifact service refuses, not starting with a dot.
 */
export function checkArtifactName(name: string): void {
  if (!name) throw new ArtifactError("invalid-name", "artifact name is empty");
  if (name.length > 200) throw new ArtifactError("invalid-name", `artifact name is longer than 200 characters: ${name}`);
  const bad = FORBIDDEN_NAME_CHARS.find((c) => name.includes(c));
  if (bad !== undefined) {
    throw new ArtifactError("invalid-name", `artifact name ${JSON.stringify(name)} contains the character ${JSON.stringify(bad)}`);
  }
  if (name.startsWith(".")) throw new ArtifactError("invalid-name", `artifact name ${JSON.stringify(name)} starts with a dot`);
}

/** The run attempt an artifact belongs to: the listing's, else its name's, else 0 (unknown sorts oldest). */
function attemptOf(x: ArtifactInfo): number {
  return x.runAttempt ?? parseArtifactName(x.name)?.runAttempt ?? 0;
}

/**
 * Newest first: the later run attempt, then the later creation time (the service's clock), then
 * the name, for a total order. Never the id (see the header). Pure.
 */
export function compareNewestFirst(a: ArtifactInfo, b: ArtifactInfo): number {
  const created = (x: ArtifactInfo) => (x.createdAt ? Date.parse(x.createdAt) || 0 : 0);
  return attemptOf(b) - attemptOf(a) || created(b) - created(a) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);
}

/** Oldest first: the reverse of compareNewestFirst. Pure. */
export function compareOldestFirst(a: ArtifactInfo, b: ArtifactInfo): number {
  return compareNewestFirst(b, a);
}
