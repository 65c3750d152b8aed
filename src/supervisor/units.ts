/**
 * The jobs of a lane in the reusable workflow, and the decisions made from their status records
 * (pure). A lane's plan matrix lists units in order: a whole wave (`{wave}`), or the shards of a
 * sharded wave (`{wave, shard: "i/n", shards}`) followed by its closure job (`{wave, shard:
 * "closure", shards}`). A sharded wave with design agents has one more job listed before its
 * shards, its design job (`{wave, shard: "0/n", shards}`, shard 0): it runs the design agents and
 * the design gate, and every shard of the wave builds on its passed state. The closure job's status
 * is the wave's, so a unit's key is `wave-N` for a whole wave and a closure job,
 * `wave-N-shard-i-of-n` for a shard (`wave-N-shard-0-of-n` for the design job).
 *
 * Order: a whole wave, a design job and a shard wait for the whole waves and closure jobs before
 * them; a shard also waits for its own wave's design job; a closure job waits for every shard of
 * its wave, the design job included.
 *
 * Every wave job records its status in a small artifact (`wave-status_<lane>_<key>_attempt-<a>_r<round>`,
 * a `status` file of `field=value` lines). Any job of the run could upload an artifact of any name,
 * so a record counts only when its name, its contents and the reading job's facts agree, and a
 * `passed` one only when it names a state artifact of that unit and attempt: statuses only decide
 * which jobs run and when, never whether a wave passed (the report reads the state artifacts).
 */
import { UserError } from "../errors.js";
import type { MatrixEntry, ShardRole } from "../shard/plan.js";
import { formatShard, isDesignJob } from "../shard/plan.js";
import { parseWaveSegment, waveSegment } from "../state/paths.js";

export interface Unit {
  wave: number;
  /** null: a whole wave; otherwise a shard or the closure job of a sharded wave. */
  shard: ShardRole | null;
  /** `wave-N` (a whole wave, and the closure job: its status is the wave's) or `wave-N-shard-i-of-n`. */
  key: string;
  /** The matrix entry it came from (a triage hands it on as it was). */
  entry: MatrixEntry;
}

/** What names a unit in a job's log: its wave, shard and key. */
export type UnitName = Pick<Unit, "wave" | "shard" | "key">;

const STATUSES = ["passed", "dry-run", "failed", "blocked", "cancelled", "not-run", "unconfirmed"] as const;
type UnitStatus = (typeof STATUSES)[number];

export interface StatusRecord {
  key: string;
  attempt: number;
  round: number;
  status: UnitStatus;
}

/** What a reading job knows for certain (from the runner, not from any artifact). */
export interface JobFacts {
  /** The lane's key in artifact names (the lane input, or `default`). */
  laneKey: string;
  /** github.run_attempt of the reading job. */
  runAttempt: number;
  /** The round the reading job belongs to (0: the wave jobs, 1 and 2: the resume rounds). */
  round: number;
}

/** A unit's key: its wave's segment (state/paths.ts), which its state artifacts' names carry too. */
export function unitKey(wave: number, shard: ShardRole | null): string {
  return waveSegment(wave, shard?.kind === "shard" ? { index: shard.index, count: shard.count } : null);
}

export function describeUnit(unit: UnitName): string {
  return unit.shard === null
    ? `wave ${unit.wave}`
    : unit.shard.kind === "closure"
      ? `wave ${unit.wave} (closure)`
      : isDesignJob(unit.shard)
        ? `wave ${unit.wave} (design)`
        : `wave ${unit.wave} (shard ${formatShard(unit.shard)})`;
}

const WAVE = /^(0|[1-9][0-9]{0,5})$/;
const SHARD = /^(0|[1-9][0-9]{0,3})\/([1-9][0-9]{0,3})$/;

/** The units of a matrix (`{include: [...]}` as the plan job or a triage job wrote it), in order. */
export function unitsOf(matrixJson: string, label: string): Unit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(matrixJson || '{"include":[]}');
  } catch {
    throw new UserError(`input ${label} is not JSON: ${JSON.stringify(matrixJson.slice(0, 80))}`);
  }
  const include = (parsed as { include?: unknown } | null)?.include;
  if (!Array.isArray(include)) throw new UserError(`input ${label} must be a matrix: {"include": [...]}`);
  const units = include.map((entry, i): Unit => {
    const e = entry as { wave?: unknown; shard?: unknown; shards?: unknown } | null;
    const wave = e?.wave;
    if (typeof wave !== "number" || !WAVE.test(String(wave)))
      throw new UserError(`input ${label}: entry ${i + 1} has no valid wave number`);
    if (e?.shard === undefined || e.shard === "") return { wave, shard: null, key: unitKey(wave, null), entry: { wave } };
    const shards = e.shards;
    if (typeof shards !== "number" || !Number.isInteger(shards) || shards < 2) {
      throw new UserError(`input ${label}: entry ${i + 1} (wave ${wave}) names a shard without a shard count of 2 or more`);
    }
    if (e.shard === "closure") {
      return { wave, shard: { kind: "closure" }, key: unitKey(wave, { kind: "closure" }), entry: { wave, shard: "closure", shards } };
    }
    const m = typeof e.shard === "string" ? SHARD.exec(e.shard) : null;
    if (!m || Number(m[2]) !== shards || Number(m[1]) > shards) {
      throw new UserError(`input ${label}: entry ${i + 1} (wave ${wave}) has shard ${JSON.stringify(e.shard)}, not i/${shards} or closure`);
    }
    const shard: ShardRole = { kind: "shard", index: Number(m[1]), count: shards };
    return { wave, shard, key: unitKey(wave, shard), entry: { wave, shard: formatShard(shard), shards } };
  });
  const seen = new Set<string>();
  for (const u of units) {
    const id = u.shard?.kind === "closure" ? `${u.key}/closure` : u.key;
    if (seen.has(id)) throw new UserError(`input ${label} lists ${describeUnit(u)} twice`);
    seen.add(id);
  }
  // The jobs of one sharded wave agree on its shard count, and its design job comes before every
  // other job of its wave (they wait for it: listed later, it could be waited for by a job that
  // holds the slot it needs) and only in a sharded wave.
  const countOf = (u: Unit) => ("shards" in u.entry ? u.entry.shards : 0);
  units.forEach((u, i) => {
    if (u.shard === null) return;
    const other = units.find((o) => o.wave === u.wave && o.shard !== null && countOf(o) !== countOf(u));
    if (other) {
      throw new UserError(
        `input ${label}: entry ${i + 1} (${describeUnit(u)}) has ${countOf(u)} shards, but ${describeUnit(other)} has ${countOf(other)}`,
      );
    }
    if (!isDesignJob(u.shard)) return;
    if (units.some((o) => o.wave === u.wave && o.shard === null)) {
      throw new UserError(`input ${label}: entry ${i + 1} (${describeUnit(u)}) is a design job of a wave also listed as one job`);
    }
    if (units.slice(0, i).some((o) => o.wave === u.wave)) {
      throw new UserError(`input ${label}: entry ${i + 1} (${describeUnit(u)}) must come before the other jobs of wave ${u.wave}`);
    }
  });
  return units;
}

/** A matrix of units, as a triage job hands it to its resume round. */
export function matrixOf(units: readonly Unit[]): { include: MatrixEntry[] } {
  return { include: units.map((u) => u.entry) };
}

export function statusArtifactName(laneKey: string, key: string, attempt: number, round: number): string {
  return `wave-status_${laneKey}_${key}_attempt-${attempt}_r${round}`;
}

/**
 * The status record a wave job uploads (as the artifact statusArtifactName names, one `status`
 * file): the job's own facts, which readers check against the name, and what its run step said.
 */
export function statusRecordText(facts: JobFacts, unit: Pick<UnitName, "wave" | "key">, status: string, state: string): string {
  const name = statusArtifactName(facts.laneKey, unit.key, facts.runAttempt, facts.round);
  const fields = { name, unit: unit.key, wave: String(unit.wave), attempt: String(facts.runAttempt), round: String(facts.round) };
  const clean = (v: string) => v.replace(/[\r\n]/g, " ");
  return `${Object.entries({ ...fields, status: status || "not-run", state })
    .map(([k, v]) => `${k}=${clean(v)}`)
    .join("\n")}\n`;
}

/** A job's claim of a unit: artifact names are unique in a workflow run, so one job alone can upload it. */
export function claimArtifactName(laneKey: string, key: string, attempt: number, round: number): string {
  return `wave-claim_${laneKey}_${key}_attempt-${attempt}_r${round}`;
}

export function statusArtifactPrefix(laneKey: string): string {
  return `wave-status_${laneKey}_`;
}

export function claimArtifactPrefix(laneKey: string): string {
  return `wave-claim_${laneKey}_`;
}

/** Whether a status record's `unit` is a unit key (a wave's segment as unitKey writes it) of the wave it names, if it names one. */
function validKey(key: string, wave: string | undefined): boolean {
  const segment = parseWaveSegment(key);
  return segment !== null && segment.wave <= 999_999 && (wave === undefined || wave === String(segment.wave));
}

/**
 * Reads one status record (the first 2 KiB of its `status` file) that came in the artifact named
 * `artifactName`. Returns the record, or why it does not count.
 */
export function parseStatusRecord(text: string, artifactName: string, facts: JobFacts): StatusRecord | { ignored: string } {
  const fields = new Map<string, string>();
  for (const line of text.slice(0, 2048).split("\n")) {
    const at = line.indexOf("=");
    if (at > 0 && !fields.has(line.slice(0, at))) fields.set(line.slice(0, at), line.slice(at + 1));
  }
  const name = fields.get("name") ?? "";
  const key = fields.get("unit") ?? (WAVE.test(fields.get("wave") ?? "") ? `wave-${fields.get("wave")}` : "");
  const a = fields.get("attempt") ?? "";
  const r = fields.get("round") ?? "";
  const where = artifactName.replace(/[^A-Za-z0-9._/-]/g, "_");
  if (
    !validKey(key, fields.get("wave")) ||
    !/^[1-9][0-9]{0,5}$/.test(a) ||
    !/^[0-2]$/.test(r) ||
    name !== statusArtifactName(facts.laneKey, key, Number(a), Number(r)) ||
    name !== artifactName
  ) {
    return { ignored: `ignoring the wave status record ${where}: it does not match the artifact it came in` };
  }
  const attempt = Number(a);
  const round = Number(r);
  if (attempt > facts.runAttempt || (attempt === facts.runAttempt && round > facts.round)) {
    return {
      ignored: `ignoring the wave status record ${name}: it claims run attempt ${attempt} round ${round}, after this job's (attempt ${facts.runAttempt} round ${facts.round})`,
    };
  }
  const raw = fields.get("status") ?? "";
  let status: UnitStatus = (STATUSES as readonly string[]).includes(raw) && raw !== "unconfirmed" ? (raw as UnitStatus) : "failed";
  // A pass names the state artifact its job uploaded; the report and the next waves decide from
  // that artifact, so a pass without one is not taken at its word.
  const state = fields.get("state") ?? "";
  if (status === "passed" && !new RegExp(`_${key}_attempt-${attempt}_[A-Za-z0-9.-]+$`).test(state)) status = "unconfirmed";
  return { key, attempt, round, status };
}

/** The newest counting record of each unit (run attempt, then round; a tie goes to the one that did not pass). */
export function currentStatuses(records: readonly StatusRecord[]): Map<string, StatusRecord> {
  const out = new Map<string, StatusRecord>();
  for (const r of records) {
    const have = out.get(r.key);
    const order = (x: StatusRecord) => x.attempt * 10 + x.round;
    if (!have || order(r) > order(have) || (order(r) === order(have) && r.status !== "passed")) out.set(r.key, r);
  }
  return out;
}

const settledPass = (s: UnitStatus | undefined) => s === "passed" || s === "dry-run";

export interface LaneView {
  /** The plan's units, in order. */
  planned: readonly Unit[];
  /** The units this round runs (the plan's for round 0, the triage job's otherwise). */
  round: readonly Unit[];
  statuses: ReadonlyMap<string, StatusRecord>;
  facts: JobFacts;
}

function sameUnit(a: UnitName, b: UnitName): boolean {
  return a.key === b.key && (a.shard?.kind === "closure") === (b.shard?.kind === "closure");
}

function ranThisRound(view: LaneView, unit: Unit): boolean {
  const s = view.statuses.get(unit.key);
  return s !== undefined && s.attempt === view.facts.runAttempt && s.round === view.facts.round;
}

/**
 * The units a job of this round may take, in the order it tries them: planned, in this round, not
 * passed, without a record of this round and not claimed by another job. A job takes the first it
 * can claim; claiming in plan order means that every unit before a claimed one is claimed or
 * settled, so a job only ever waits for jobs already running.
 */
export function candidates(view: LaneView, claimed: (unit: Unit) => boolean): Unit[] {
  return view.planned.filter(
    (u) =>
      view.round.some((r) => sameUnit(r, u)) && !settledPass(view.statuses.get(u.key)?.status) && !ranThisRound(view, u) && !claimed(u),
  );
}

/**
 * The units a unit waits for: the whole waves and closure jobs planned before it; for a shard its
 * own wave's design job; for a closure job every shard of its own wave, the design job included (an
 * earlier wave's shards are settled by that wave's closure job).
 */
export function prerequisites(planned: readonly Unit[], unit: Unit): Unit[] {
  const at = planned.findIndex((u) => sameUnit(u, unit));
  const before = at < 0 ? [] : planned.slice(0, at);
  return before.filter(
    (u) =>
      u.shard?.kind !== "shard" ||
      (u.wave === unit.wave && (unit.shard?.kind === "closure" || (isDesignJob(u.shard) && unit.shard?.kind === "shard"))),
  );
}

export type Readiness = { kind: "ready" } | { kind: "blocked"; unit: Unit; status: string } | { kind: "waiting"; units: Unit[] };

/**
 * Whether a claimed unit may run: every prerequisite passed (ready); one did not pass and is not
 * left to run in this round (blocked, the first such in plan order); or some run in this round and
 * have no record of it yet (waiting for their jobs).
 */
export function readiness(view: LaneView, unit: Unit): Readiness {
  const waiting: Unit[] = [];
  for (const p of prerequisites(view.planned, unit)) {
    const status = view.statuses.get(p.key)?.status;
    if (settledPass(status)) continue;
    const inRound = view.round.some((r) => sameUnit(r, p));
    if (inRound && !ranThisRound(view, p)) {
      waiting.push(p);
      continue;
    }
    return { kind: "blocked", unit: p, status: status ?? "no result" };
  }
  return waiting.length > 0 ? { kind: "waiting", units: waiting } : { kind: "ready" };
}

/**
 * The units the next resume round runs: those of the plan that did not pass in the end. A sharded
 * wave whose closure did not pass resumes its design job unless it passed, its shards that did not
 * pass and then its closure job; a passed closure settles the whole wave (design job and shards).
 * A wave blocked on a question stops every resume (answering it needs a new run).
 */
export function triage(planned: readonly Unit[], statuses: ReadonlyMap<string, StatusRecord>): { units: Unit[]; blocked: Unit[] } {
  const units: Unit[] = [];
  const blocked: Unit[] = [];
  for (const u of planned) {
    const status = statuses.get(u.key)?.status;
    if (u.shard?.kind === "shard") {
      // A shard of a wave whose closure passed is done; otherwise it runs again unless it passed.
      if (settledPass(statuses.get(unitKey(u.wave, null))?.status) || settledPass(status)) continue;
    } else if (settledPass(status)) continue;
    if (status === "blocked") blocked.push(u);
    else units.push(u);
  }
  return blocked.length > 0 ? { units: [], blocked } : { units, blocked };
}

/**
 * What a re-run's job says of the unit it runs again, and why (null in run attempt 1 and in resume
 * rounds). The lane's earlier records decide: a unit whose newest record is of an earlier attempt
 * ran then and did not pass (passed ones are not run again); with no record of any earlier
 * attempt listed, the whole lane starts over — after "Re-run all jobs" GitHub lists no artifacts
 * of earlier attempts (actions/upload-artifact#585 and #323), so waves that passed are run (and
 * paid for) again, which "Re-run failed jobs" avoids.
 */
export function rerunReason(statuses: ReadonlyMap<string, StatusRecord>, unit: Unit, facts: JobFacts): string | null {
  if (facts.runAttempt === 1 || facts.round !== 0) return null;
  const earlier = [...statuses.values()].filter((r) => r.attempt < facts.runAttempt);
  const own = statuses.get(unit.key);
  if (own && own.attempt < facts.runAttempt) {
    return `run attempt ${facts.runAttempt} runs ${describeUnit(unit)} again: it ended ${own.status} in run attempt ${own.attempt}`;
  }
  if (earlier.length === 0) {
    return (
      `run attempt ${facts.runAttempt} lists no status record of an earlier attempt, so ${describeUnit(unit)} runs again from the start, as every unit of the lane does: ` +
      'after "Re-run all jobs" GitHub lists no artifacts of earlier attempts, and waves that passed then are run (and paid for) again; "Re-run failed jobs" keeps them'
    );
  }
  return null;
}
