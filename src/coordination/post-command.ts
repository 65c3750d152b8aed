/**
 * `wave coord post`: an agent appends a coordination record to its run's log.
 *
 *   wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
 *     [--blocking true|false] [--status S] [--severity S] [--confidence C] [--artifact PATH]...
 *     [--depends-on ID]... [--id ID]
 *
 * Lane, wave, agent and attempt come from the WAVE_* environment (`--lane/--wave/--agent` are
 * accepted for compatibility but must agree with it). `--id` updates an earlier record, and only one
 * this agent posted itself. Prints the record id.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UserError } from "../errors.js";
import { safeRelativeEntries } from "../security/paths.js";
import { type CommandIo, readAgentContext, runAgentCommand } from "./agent-context.js";
import { createCoordinationRecord } from "./record.js";
import {
  AGENT_POSTABLE_KINDS,
  BLOCKER_SEVERITIES,
  CONFIDENCES,
  type CoordinationKind,
  COORDINATION_STATUSES,
  ID_PATTERN,
  MAX_DETAIL_CHARS,
  MAX_SUMMARY_CHARS,
  PRIORITIES,
} from "./schema.js";
import { materialize } from "./state.js";
import { appendCoordinationRecord, coordinationLogPath, readCoordinationLog } from "./store.js";

export const COORD_POST_USAGE = `usage: wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
       [--blocking true|false] [--status S] [--severity S] [--confidence C]
       [--artifact PATH]... [--depends-on ID]... [--id ID]
kinds: ${AGENT_POSTABLE_KINDS.join(", ")}
`;

const TARGET_PATTERN = /^(agent:|capability:)?[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;

/** Parses argv with node:util parseArgs; its errors become UserErrors. */
export function parseCommandArgs(
  argv: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
): Record<string, string | string[] | boolean | undefined> {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values as Record<string, string | string[] | boolean | undefined>;
  } catch (error) {
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UserError(`--${flag} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
  }
  return value as T;
}

function list(value: string | string[] | boolean | undefined): string[] {
  if (value === undefined || typeof value === "boolean") return [];
  return Array.isArray(value) ? value : [value];
}

function str(value: string | string[] | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export async function coordPostCommand(argv: string[], io: CommandIo): Promise<number> {
  return runAgentCommand("wave coord post", io, async () => {
    const v = parseCommandArgs(argv, {
      kind: { type: "string" },
      summary: { type: "string" },
      detail: { type: "string" },
      target: { type: "string", multiple: true },
      priority: { type: "string" },
      blocking: { type: "string" },
      status: { type: "string" },
      severity: { type: "string" },
      confidence: { type: "string" },
      artifact: { type: "string", multiple: true },
      "depends-on": { type: "string", multiple: true },
      id: { type: "string" },
      lane: { type: "string" },
      wave: { type: "string" },
      agent: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (v.help) {
      io.stdout.write(COORD_POST_USAGE);
      return 0;
    }
    const ctx = readAgentContext(io.env);
    for (const [flag, actual] of [
      ["lane", ctx.lane],
      ["wave", String(ctx.wave)],
      ["agent", ctx.agentId],
    ] as const) {
      const given = str(v[flag]);
      if (given !== undefined && given !== actual) {
        throw new UserError(`--${flag} ${JSON.stringify(given)} does not match this agent's environment (${actual})`);
      }
    }

    const kindText = str(v.kind);
    if (kindText === undefined) throw new UserError(`--kind is required\n${COORD_POST_USAGE}`);
    const kind = oneOf<CoordinationKind>("kind", kindText, AGENT_POSTABLE_KINDS)!;
    const summary = (str(v.summary) ?? "").trim();
    if (summary === "") throw new UserError("--summary is required and must not be empty");
    if (summary.length > MAX_SUMMARY_CHARS) {
      throw new UserError(`--summary is ${summary.length} characters; the limit is ${MAX_SUMMARY_CHARS}`);
    }
    const detail = str(v.detail) ?? "";
    if (detail.length > MAX_DETAIL_CHARS) {
      throw new UserError(`--detail is ${detail.length} characters; the limit is ${MAX_DETAIL_CHARS}`);
    }
    const blockingText = oneOf("blocking", str(v.blocking), ["true", "false"] as const);
    const targets = list(v.target).map((t) => t.trim());
    for (const t of targets) {
      if (!TARGET_PATTERN.test(t)) {
        throw new UserError(`--target ${JSON.stringify(t)} must be an agent id, agent:<id> or capability:<name>`);
      }
    }
    const dependsOn = list(v["depends-on"]).map((d) => d.trim());
    for (const d of dependsOn) {
      if (!ID_PATTERN.test(d)) throw new UserError(`--depends-on ${JSON.stringify(d)} is not a record id`);
    }
    const artifactRefs = safeRelativeEntries(list(v.artifact), "--artifact");
    const id = str(v.id);
    if (id !== undefined && !ID_PATTERN.test(id)) {
      throw new UserError(`--id ${JSON.stringify(id)} is not a valid id (letters, digits, . _ : @ -)`);
    }

    const logPath = coordinationLogPath(ctx.runDir);
    if (id !== undefined) {
      const existing = materialize((await readCoordinationLog(logPath)).records).byId.get(id);
      if (existing && (existing.source !== "agent" || existing.agentId !== ctx.agentId)) {
        throw new UserError(`record ${id} was posted by ${existing.source} ${existing.agentId}; you can only update your own`);
      }
      if (existing && existing.kind !== kind) {
        throw new UserError(`record ${id} is a ${existing.kind}; an update must keep --kind ${existing.kind}`);
      }
    }

    const record = createCoordinationRecord({
      id,
      kind,
      lane: ctx.lane,
      wave: ctx.wave,
      attempt: ctx.attempt,
      agentId: ctx.agentId,
      source: "agent",
      status: oneOf("status", str(v.status), COORDINATION_STATUSES),
      priority: oneOf("priority", str(v.priority), PRIORITIES),
      confidence: oneOf("confidence", str(v.confidence), CONFIDENCES),
      blockerSeverity: oneOf("severity", str(v.severity), BLOCKER_SEVERITIES),
      blocking: blockingText === undefined ? undefined : blockingText === "true",
      targets,
      dependsOn,
      artifactRefs,
      summary,
      detail,
    });
    await appendCoordinationRecord(logPath, record);
    io.stdout.write(`${record.id}\n`);
    return 0;
  });
}
