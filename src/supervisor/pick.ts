/**
 * The first step of a wave job of the reusable workflow: which unit (a whole wave, a sharded
 * wave's design job, a shard, a closure job) this job runs, and when. GitHub starts matrix jobs in no guaranteed order and, with
 * `max-parallel` above 1, several at once, so a job does not trust its matrix entry: it reads the
 * lane's status records, claims the first unit left to run by uploading an artifact only one job
 * can create (names are unique in a workflow run), and then waits until every unit before it has
 * passed — those are claimed by jobs already running, so the wait ends; a shard waits for its
 * wave's design job too — or fails at once when one did not pass and will not run again in this
 * round. The decisions are units.ts's.
 *
 * Polling within a budget. GITHUB_TOKEN has 1,000 REST API requests per hour per repository,
 * shared with every workflow of the repository ("Rate limits for the REST API", docs.github.com).
 * A waiting job looks at the records less and less often (pollDelayMs: 15 s for its first minute,
 * 30 s for the next two, then every 60 s), and every look after the first asks only for the
 * current run attempt's artifacts — a unit this job waits for is run by a job of this attempt, and
 * the store lists those through the Actions runtime, without REST quota. Only the first look of a
 * re-run (run attempt 2 and later) lists the whole run through the REST API, for the records of
 * earlier attempts; claims carry the attempt in their names, so they never need it.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { ArtifactInfo, ArtifactStore } from "../artifacts/types.js";
import { isArtifactError } from "../artifacts/errors.js";
import {
  candidates,
  claimArtifactName,
  claimArtifactPrefix,
  currentStatuses,
  describeUnit,
  type JobFacts,
  type LaneView,
  matrixOf,
  parseStatusRecord,
  readiness,
  rerunReason,
  type StatusRecord,
  statusArtifactName,
  statusArtifactPrefix,
  statusRecordText,
  triage,
  type Unit,
  type UnitName,
} from "./units.js";
import { formatShard } from "../shard/plan.js";

export interface SupervisorIo {
  store: ArtifactStore;
  /** A directory of this job's own for downloads. */
  tempDir: string;
  sleep(ms: number): Promise<void>;
  info(message: string): void;
  /** Said as a notice: a job that runs another entry than its own, or nothing. */
  notice(message: string): void;
  warning(message: string): void;
  /** How long between the first looks at the records while waiting (later ones back off: pollDelayMs). */
  pollMs: number;
  /** Who claims (shown in the claim artifact, for people reading it). */
  jobLabel: string;
}

/**
 * The wait before the next look at the records, after `looks` looks that found the unit not ready:
 * `base` (15 s in a job) for the first minute, twice that for the next two minutes, then four
 * times (60 s) from the third minute on. A job waits mostly for whole waves (tens of minutes), so
 * past the first minute a look a minute costs the job at most a minute of its start, while the
 * first minute stays quick for the common short wait (a closure job behind its last shard's upload).
 */
export function pollDelayMs(looks: number, base: number): number {
  if (looks < 4) return base;
  if (looks < 8) return base * 2;
  return base * 4;
}

/**
 * Reads every status record of the lane; downloads each artifact once per reader (`seen`). The
 * first read lists what the job may need (every attempt's records on a re-run); later reads list
 * only the current attempt's and keep what earlier reads listed.
 */
class StatusReader {
  private readonly seen = new Map<string, StatusRecord | null>();
  private readonly listed = new Map<string, ArtifactInfo>();
  private downloads = 0;
  private reads = 0;

  constructor(
    private readonly io: SupervisorIo,
    private readonly facts: JobFacts,
  ) {}

  async records(): Promise<StatusRecord[]> {
    // Records of earlier attempts only exist on a re-run, and do not change: one whole listing reads them.
    const currentAttempt = this.reads++ > 0 || this.facts.runAttempt === 1;
    for (const info of await this.io.store.list({ prefix: statusArtifactPrefix(this.facts.laneKey), currentAttempt })) {
      this.listed.set(`${String(info.id)}:${info.name}`, info);
    }
    const out: StatusRecord[] = [];
    for (const [id, info] of this.listed) {
      if (!this.seen.has(id)) this.seen.set(id, await this.read(info));
      const record = this.seen.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  private async read(info: ArtifactInfo): Promise<StatusRecord | null> {
    const dir = path.join(this.io.tempDir, `status-${++this.downloads}`);
    try {
      await this.io.store.download(info, dir);
      const file = path.join(dir, "status");
      const stat = await fs.lstat(file).catch(() => null);
      if (!stat?.isFile()) {
        this.io.warning(`ignoring the wave status record ${info.name}: it has no status file`);
        return null;
      }
      const handle = await fs.open(file, "r");
      let text: string;
      try {
        const buffer = Buffer.alloc(2048);
        const { bytesRead } = await handle.read(buffer, 0, 2048, 0);
        text = buffer.subarray(0, bytesRead).toString("utf8");
      } finally {
        await handle.close();
      }
      const parsed = parseStatusRecord(text, info.name, this.facts);
      if ("ignored" in parsed) {
        this.io.warning(parsed.ignored);
        return null;
      }
      return parsed;
    } catch (error) {
      // A record that cannot be read does not count; the lane decides from the others.
      this.io.warning(`ignoring the wave status record ${info.name}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

export type PickOutcome = { kind: "none" } | { kind: "run"; unit: Unit } | { kind: "blocked"; unit: Unit; blocker: Unit; status: string };

export interface PickOptions {
  planned: readonly Unit[];
  round: readonly Unit[];
  facts: JobFacts;
  /** The matrix entry the job was started as (for its log), when known. */
  entry: UnitName | null;
}

/** How many times a claim whose upload failed for another reason than the name being taken is tried again. */
const CLAIM_TRIES = 4;

/**
 * Claims a unit: uploads its claim artifact, which only one job of the run can create. Of two
 * uploads that overlap the service keeps one; the other may fail with "exists" or only when it is
 * finalized, and the winner's artifact can take a moment to be listed — so after any failure the
 * claim is another job's when its artifact is listed, and otherwise tried again a few times. A
 * success counts only when the listed artifact of that name is the one this upload created.
 */
async function claim(io: SupervisorIo, facts: JobFacts, unit: Unit): Promise<boolean> {
  const dir = path.join(io.tempDir, `claim-${unit.key}`);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "claim");
  await fs.writeFile(file, `unit=${unit.key}\njob=${io.jobLabel.replace(/[^\x20-\x7e]/g, "?")}\n`);
  const name = claimArtifactName(facts.laneKey, unit.key, facts.runAttempt, facts.round);
  // The name carries this attempt: the current attempt's listing holds it.
  const listed = async () => (await io.store.list({ prefix: name, currentAttempt: true })).filter((a) => a.name === name);
  try {
    for (let tries = 1; ; tries++) {
      try {
        const uploaded = await io.store.upload(name, dir, [file], { retentionDays: 1 });
        const visible = await listed();
        return visible.length === 0 || visible.some((a) => String(a.id) === String(uploaded.id));
      } catch (error) {
        if (isArtifactError(error, "exists")) return false;
        if ((await listed()).length > 0) return false;
        if (tries >= CLAIM_TRIES) throw error;
        io.info(`claiming ${describeUnit(unit)} failed (${error instanceof Error ? error.message : String(error)}); trying again`);
        await io.sleep(io.pollMs);
        if ((await listed()).length > 0) return false;
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Uploads a wave job's status record (units.ts statusRecordText). `exists`: the record of this job
 * is already there — names are unique in a workflow run (upload-artifact v4+, 409 Conflict), so a
 * second writer for the same job (the pick step's post after the run step recorded) changes nothing.
 */
export async function recordStatus(
  store: ArtifactStore,
  tempDir: string,
  facts: JobFacts,
  unit: Pick<UnitName, "wave" | "key">,
  status: string,
  state: string,
  retentionDays?: number,
): Promise<"recorded" | "exists"> {
  const dir = await fs.mkdtemp(path.join(tempDir, "wave-status-"));
  try {
    const file = path.join(dir, "status");
    await fs.writeFile(file, statusRecordText(facts, unit, status, state));
    const name = statusArtifactName(facts.laneKey, unit.key, facts.runAttempt, facts.round);
    await store.upload(name, dir, [file], retentionDays ? { retentionDays } : {});
    return "recorded";
  } catch (error) {
    if (isArtifactError(error, "exists")) return "exists";
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Picks, claims and waits: what this job runs, or that it has nothing to run, or what blocks it. */
export async function pickUnit(io: SupervisorIo, options: PickOptions): Promise<PickOutcome> {
  const { facts } = options;
  const reader = new StatusReader(io, facts);
  const view = async (): Promise<LaneView> => ({
    planned: options.planned,
    round: options.round,
    statuses: currentStatuses(await reader.records()),
    facts,
  });
  const claimPrefix = claimArtifactPrefix(facts.laneKey);
  const suffix = `_attempt-${facts.runAttempt}_r${facts.round}`;
  const taken = new Set<string>();
  for (const info of await io.store.list({ prefix: claimPrefix, currentAttempt: true })) {
    if (info.name.endsWith(suffix)) taken.add(info.name.slice(claimPrefix.length, -suffix.length));
  }
  let unit: Unit | null = null;
  const start = await view();
  for (const candidate of candidates(start, (u) => taken.has(u.key))) {
    if (await claim(io, facts, candidate)) {
      unit = candidate;
      break;
    }
    taken.add(candidate.key);
  }
  if (unit === null) {
    io.notice(pickMessage({ kind: "none" }, options.entry));
    return { kind: "none" };
  }
  const message = pickMessage({ kind: "run", unit }, options.entry);
  if (message.startsWith("this job runs")) io.info(message);
  else io.notice(message);
  // On a re-run, what runs again and why, where the run's summary shows it (an annotation).
  const again = rerunReason(start.statuses, unit, facts);
  if (again) io.notice(again);
  let waitedFor = "";
  let looks = 0;
  for (;;) {
    const state = readiness(await view(), unit);
    if (state.kind === "ready") return { kind: "run", unit };
    if (state.kind === "blocked") return { kind: "blocked", unit, blocker: state.unit, status: state.status };
    const names = state.units.map(describeUnit).join(", ");
    // Said when the set changes and every tenth look, so a long wait shows in the log without flooding it.
    if (names !== waitedFor || looks % 10 === 0) io.info(`waiting for ${names} (run by other jobs of this round)`);
    waitedFor = names;
    await io.sleep(pollDelayMs(looks, io.pollMs));
    looks++;
  }
}

/** The action's outputs of a pick (every one set, empty when it does not apply). */
export function pickOutputs(outcome: PickOutcome): Record<"wave" | "shard" | "unit" | "blocker" | "blocker-status", string> {
  if (outcome.kind === "none") return { wave: "", shard: "", unit: "", blocker: "", "blocker-status": "" };
  const { unit } = outcome;
  return {
    wave: String(unit.wave),
    shard: unit.shard ? formatShard(unit.shard) : "",
    unit: unit.key,
    blocker: outcome.kind === "blocked" ? describeUnit(outcome.blocker) : "",
    "blocker-status": outcome.kind === "blocked" ? outcome.status : "",
  };
}

/** A triage: the resume round's matrix and size, and what it says. */
export async function triageLane(io: SupervisorIo, planned: readonly Unit[], facts: JobFacts): Promise<{ matrix: string; count: string }> {
  const statuses = currentStatuses(await new StatusReader(io, facts).records());
  const { units, blocked } = triage(planned, statuses);
  if (blocked.length > 0) {
    io.warning(
      `${blocked.map(describeUnit).join(", ")} ${blocked.length === 1 ? "is" : "are"} blocked on a question for a human: not resumed by a re-run, and a new run starts it afresh (see "Answering a blocked wave" in docs/workflows.md)`,
    );
  }
  io.info(`to resume: ${units.map(describeUnit).join(", ") || "none"}`);
  return { matrix: JSON.stringify(matrixOf(units)), count: String(units.length) };
}

/** What a job's log says of its pick, next to the matrix entry it was started as. */
function pickMessage(outcome: PickOutcome, entry: UnitName | null): string {
  if (outcome.kind === "none") {
    return "nothing left to run in this round: every job it runs has run, passed or been taken by another job (more jobs than are left, as after a re-run)";
  }
  const picked = describeUnit(outcome.unit);
  if (
    entry === null ||
    (entry.key === outcome.unit.key && (entry.shard?.kind === "closure") === (outcome.unit.shard?.kind === "closure"))
  ) {
    return `this job runs ${picked}`;
  }
  return `this job (matrix entry ${describeUnit(entry)}) runs ${picked}, the next in order: GitHub started it before the job of ${picked} (matrix jobs start in no guaranteed order, and a job takes the first one no other job has taken)`;
}
