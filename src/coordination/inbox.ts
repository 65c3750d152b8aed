/**
 * What each agent reads about the coordination log besides its task: its inbox (the records
 * addressed to it, to one of its components or to one of its capabilities) and a short shared
 * summary of the wave's open requests, blockers and decisions. Both are compiled from the
 * materialized log at launch (into the prompt) and on demand (`wave coord inbox`), flattened to
 * one line per record and capped, since record text is agent-written.
 *
 * Addressing: a target `A1` or `agent:A1` reaches agent A1, `component:<id>` reaches the agents
 * owning that component, `capability:<name>` the agents declaring that capability (and the agents
 * `capabilityRouting.preferredAgents` names for it).
 *
 * Which open requests follow up a clarification (the clarification barrier's
 * `clarification-follow-up-open`) is decided here too, from the whole log.
 */
import { formatAge, oneLine } from "./board.js";
import { blocksWave, type CoordinationRecord, isOpenStatus } from "./schema.js";
import { type CoordinationState, targetKey } from "./state.js";

export const INBOX_MAX_CHARS = 8000;
export const SHARED_SUMMARY_MAX_CHARS = 4000;
const SUMMARY_CHARS = 200;
const SUMMARY_ENTRIES = 12;

/** Who an inbox is for. */
export interface InboxOwner {
  agentId: string;
  components?: readonly string[];
  capabilities?: readonly string[];
}

/** Capability → agent ids, in order of preference (the lane's `capabilityRouting.preferredAgents`). */
export type CapabilityRouting = Readonly<Record<string, readonly string[]>>;

/** The address keys a record reaches this agent through. */
function addressesOf(owner: InboxOwner, routing: CapabilityRouting): Set<string> {
  const keys = new Set<string>([owner.agentId]);
  for (const c of owner.components ?? []) keys.add(`component:${c}`);
  for (const c of owner.capabilities ?? []) keys.add(`capability:${c}`);
  for (const [capability, agents] of Object.entries(routing)) {
    if (agents.includes(owner.agentId)) keys.add(`capability:${capability}`);
  }
  return keys;
}

/** Records addressed to the owner (never its own, never lifecycle records), in log order. */
function inboxRecords(state: CoordinationState, owner: InboxOwner, routing: CapabilityRouting = {}): CoordinationRecord[] {
  const keys = addressesOf(owner, routing);
  return state.records.filter(
    (r) => r.kind !== "lifecycle" && r.agentId !== owner.agentId && r.targets.some((t) => keys.has(targetKey(t))),
  );
}

function recordLine(record: CoordinationRecord, now: Date): string {
  const flags = [`age=${formatAge(now.getTime() - Date.parse(record.createdAt))}`];
  if (blocksWave(record)) flags.push("blocking");
  const detail = record.detail.trim() === "" ? "" : ` — ${oneLine(record.detail, 400)}`;
  return (
    `- [${record.priority}] ${record.kind}/${record.status} from ${oneLine(record.agentId, 60)} ` +
    `[${flags.join(", ")}] id=${record.id}: ${oneLine(record.summary, 240)}${detail}`
  );
}

/** Keeps whole lines until `maxChars` (the newest last lines win), noting what was left out. */
function capped(head: string[], lines: string[], maxChars: number): string {
  const top = `${head.join("\n")}\n`;
  const kept: string[] = [];
  let used = top.length + 48;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (used + line.length + 1 > maxChars) break;
    kept.unshift(line);
    used += line.length + 1;
  }
  const omitted = lines.length - kept.length;
  const note = omitted > 0 ? [`- … ${omitted} older entries omitted`] : [];
  return `${top}${[...note, ...kept].map((l) => `${l}\n`).join("")}`.slice(0, maxChars);
}

/**
 * The owner's inbox as markdown: open records first, then the rest (resolved, closed), each part
 * in log order; at most `maxChars` characters, dropping the oldest closed entries first.
 */
export function renderInbox(
  state: CoordinationState,
  owner: InboxOwner,
  options: { now: Date; routing?: CapabilityRouting; maxChars?: number },
): string {
  const maxChars = options.maxChars ?? INBOX_MAX_CHARS;
  const records = inboxRecords(state, owner, options.routing ?? {});
  const open = records.filter((r) => isOpenStatus(r.status));
  const done = records.filter((r) => !isOpenStatus(r.status));
  const head = [
    `# Inbox of ${oneLine(owner.agentId, 60)}`,
    "",
    `${records.length} record(s) addressed to you (${open.length} open). Answer a request with ` +
      "`wave coord post --kind handoff|evidence|decision --depends-on <id> --target <sender> --summary …` " +
      "(an answer settles a helper assignment or clarification follow-up addressed to you).",
    "",
  ];
  if (records.length === 0) return `${head.join("\n")}\n_Nothing addressed to you._\n`.slice(0, maxChars);
  // Open records are kept before closed ones: the closed are dropped first when space runs out.
  const lines = [...done.map((r) => recordLine(r, options.now)), ...open.map((r) => recordLine(r, options.now))];
  return capped(head, lines, maxChars);
}

function shortLine(record: CoordinationRecord): string {
  const to = record.targets.length > 0 ? ` -> ${oneLine(record.targets.join(", "), 80)}` : "";
  return `- ${record.kind}/${record.status} ${oneLine(record.agentId, 40)}${to} id=${record.id}: ${oneLine(record.summary, SUMMARY_CHARS)}`;
}

function part(title: string, records: CoordinationRecord[]): string[] {
  if (records.length === 0) return [];
  const omitted = Math.max(0, records.length - SUMMARY_ENTRIES);
  return [
    `## ${title} (${records.length})`,
    ...(omitted > 0 ? [`- … ${omitted} older omitted`] : []),
    ...records.slice(omitted).map(shortLine),
    "",
  ];
}

/** The wave's open requests, open blockers and decisions, at most `maxChars` characters. */
export function renderSharedSummary(state: CoordinationState, options: { wave: number; maxChars?: number }): string {
  const maxChars = options.maxChars ?? SHARED_SUMMARY_MAX_CHARS;
  const open = (r: CoordinationRecord) => isOpenStatus(r.status);
  const requests = state.records.filter(
    (r) =>
      open(r) &&
      (r.kind === "request" || r.kind === "clarification-request" || r.kind === "human-feedback" || r.kind === "human-escalation"),
  );
  const blockers = state.records.filter((r) => open(r) && r.kind === "blocker");
  const decisions = state.decisions;
  const lines = [
    `# Wave ${options.wave} coordination summary`,
    "",
    `${requests.length} open request(s), ${blockers.length} open blocker(s), ${decisions.length} decision(s).`,
    "",
    ...part("Open requests", requests),
    ...part("Open blockers", blockers),
    ...part("Decisions", decisions),
  ];
  const text = `${lines.join("\n").trimEnd()}\n`;
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 20)}\n… (summary cut)\n`;
}

/**
 * The clarification an open request follows up (`closureCondition: clarification:<id>`, or a
 * `dependsOn` naming a clarification-request record), or null.
 */
export function clarificationFollowedUp(record: CoordinationRecord, state: CoordinationState): string | null {
  if (record.kind !== "request") return null;
  const condition = record.closureCondition ?? "";
  if (condition.startsWith("clarification:") && condition.length > "clarification:".length) {
    return condition.slice("clarification:".length);
  }
  const linked = record.dependsOn.find((id) => state.byId.get(id)?.kind === "clarification-request");
  return linked ?? null;
}

/** Kinds of record that answer a request they `--depends-on`. */
const ANSWER_KINDS: readonly CoordinationRecord["kind"][] = ["handoff", "evidence", "decision"];

/** Agents that answered `record` (a handoff, evidence or decision depending on it, not cancelled). */
export function answeredBy(record: CoordinationRecord, state: CoordinationState): string[] {
  const who = state.records
    .filter(
      (r) => ANSWER_KINDS.includes(r.kind) && r.status !== "cancelled" && r.status !== "superseded" && r.dependsOn.includes(record.id),
    )
    .map((r) => r.agentId);
  return [...new Set(who)];
}
