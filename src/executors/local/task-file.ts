/**
 * The task file of the built-in `local` agent (`<overlay>/local-task.json`) as the agent reads it:
 * its shape (`LocalTask`) and a check by hand of what it read. Every local agent is a process of its
 * own, so this module loads nothing: no zod, no wave model (its only imports are types). The
 * orchestrator builds the file from the wave model in ./task.ts, whose zod schema
 * (`LocalTaskSchema`) is checked against the type here; both refuse the same files.
 */
import type { AgentRole, ExitContract } from "../../wave/schema.js";

export const LOCAL_TASK_FILE = "local-task.json";
/**
 * What the task file on disk holds as `markerNonce` when the launch has a nonce: the variable's
 * name. The value is in the agent's environment only (the file lies in the run directory).
 */
export const NONCE_FROM_ENV = "$WAVE_MARKER_NONCE";
/** Level printed for a component whose wave target is unknown. */
export const DEFAULT_COMPONENT_LEVEL = "repo-landed";

export interface LocalTask {
  version: 1;
  lane: string;
  wave: number;
  agentId: string;
  title: string;
  role: AgentRole;
  /** Absolute repository root; every path below is relative to it. */
  root: string;
  deliverables: string[];
  proofArtifacts: string[];
  ownedPaths: string[];
  components: { id: string; level: string }[];
  exitContract: ExitContract | null;
  /** Whether the agent also owns implementation work (prints proof / doc-delta / component markers). */
  implementationOwning: boolean;
  /** The report (or design packet) its role writes, or null. */
  reportPath: string | null;
  evalTargets: { id: string; benchmarks: string[] }[];
  /** The marker nonce (or NONCE_FROM_ENV in the file: the agent reads WAVE_MARKER_NONCE), or null. */
  markerNonce: string | null;
}

/** Every agent role, each once (the type checker holds it to `AgentRole`: none missing, none extra). */
const ROLES = {
  implementation: true,
  design: true,
  security: true,
  infra: true,
  deploy: true,
  research: true,
  "cont-eval": true,
  integration: true,
  documentation: true,
  "cont-qa": true,
} as const satisfies Record<AgentRole, true>;

export const LOCAL_TASK_ROLES = Object.keys(ROLES) as AgentRole[];

/** A value that does not fit, and where (a dotted path from the task's top, `(root)` for the top). */
class Misfit extends Error {
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super(problem);
  }
}

type Json = unknown;

function at(where: string, key: string | number): string {
  return where === "" ? String(key) : `${where}.${key}`;
}

function describe(value: Json): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

function misfit(where: string, expected: string, value: Json): Misfit {
  return new Misfit(where, `expected ${expected}, got ${describe(value)}`);
}

function record(value: Json, where: string): Record<string, Json> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw misfit(where, "an object", value);
  return value as Record<string, Json>;
}

function string(value: Json, where: string): string {
  if (typeof value !== "string") throw misfit(where, "a string", value);
  return value;
}

function nonEmpty(value: Json, where: string): string {
  if (typeof value !== "string" || value === "") throw misfit(where, "a non-empty string", value);
  return value;
}

function stringOrNull(value: Json, where: string): string | null {
  if (value !== null && typeof value !== "string") throw misfit(where, "a string or null", value);
  return value;
}

function array<T>(value: Json, where: string, item: (v: Json, where: string) => T): T[] {
  if (!Array.isArray(value)) throw misfit(where, "an array", value);
  return value.map((v, i) => item(v, at(where, i)));
}

function exitContract(value: Json, where: string): ExitContract | null {
  if (value === null) return null;
  const o = record(value, where);
  return {
    completion: stringOrNull(o.completion, at(where, "completion")),
    durability: stringOrNull(o.durability, at(where, "durability")),
    proof: stringOrNull(o.proof, at(where, "proof")),
    docImpact: stringOrNull(o.docImpact, at(where, "docImpact")),
  };
}

function waveNumber(value: Json, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) throw misfit(where, "a non-negative integer", value);
  return value;
}

function agentRole(value: Json, where: string): AgentRole {
  if (typeof value !== "string" || !Object.hasOwn(ROLES, value)) throw misfit(where, `one of ${LOCAL_TASK_ROLES.join(", ")}`, value);
  return value as AgentRole;
}

function boolean(value: Json, where: string): boolean {
  if (typeof value !== "boolean") throw misfit(where, "true or false", value);
  return value;
}

/**
 * The task in `value` (JSON already parsed), with only its known fields, checked in their order
 * (the first that does not fit is reported); throws a `Misfit`.
 */
function taskOf(value: Json): LocalTask {
  const o = record(value, "");
  if (o.version !== 1) throw misfit("version", "1", o.version);
  return {
    version: 1,
    lane: string(o.lane, "lane"),
    wave: waveNumber(o.wave, "wave"),
    agentId: nonEmpty(o.agentId, "agentId"),
    title: string(o.title, "title"),
    role: agentRole(o.role, "role"),
    root: nonEmpty(o.root, "root"),
    deliverables: array(o.deliverables, "deliverables", string),
    proofArtifacts: array(o.proofArtifacts, "proofArtifacts", string),
    ownedPaths: array(o.ownedPaths, "ownedPaths", string),
    components: array(o.components, "components", (v, where) => {
      const c = record(v, where);
      return { id: nonEmpty(c.id, at(where, "id")), level: nonEmpty(c.level, at(where, "level")) };
    }),
    exitContract: exitContract(o.exitContract, "exitContract"),
    implementationOwning: boolean(o.implementationOwning, "implementationOwning"),
    reportPath: stringOrNull(o.reportPath, "reportPath"),
    evalTargets: array(o.evalTargets, "evalTargets", (v, where) => {
      const t = record(v, where);
      return { id: nonEmpty(t.id, at(where, "id")), benchmarks: array(t.benchmarks, at(where, "benchmarks"), string) };
    }),
    markerNonce: stringOrNull(o.markerNonce, "markerNonce"),
  };
}

/**
 * The task in `text`, the content of the task file `file` (named in errors). Throws an Error naming
 * the file, and the field that does not fit: `<file>: invalid task at components.0.id: expected a
 * non-empty string, got string ""`. Fields it does not know are left out, as the schema does.
 */
export function parseLocalTask(text: string, file: string): LocalTask {
  let value: Json;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: invalid task: not JSON (${(error as Error).message})`);
  }
  try {
    return taskOf(value);
  } catch (error) {
    if (!(error instanceof Misfit)) throw error;
    throw new Error(`${file}: invalid task at ${error.where || "(root)"}: ${error.message}`);
  }
}
