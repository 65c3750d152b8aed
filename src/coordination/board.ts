/**
 * The message board: a markdown projection of the coordination state that closure agents read.
 * Record text is agent-written, so every field is flattened to one line and capped; the whole board
 * is capped at `maxChars`, dropping the oldest activity first.
 */
import { blocksWave, type CoordinationKind, type CoordinationRecord, isOpenStatus } from "./schema.js";
import type { CoordinationState } from "./state.js";

const DEFAULT_BOARD_MAX_CHARS = 8000;
const SUMMARY_CHARS = 240;
const SECTION_ENTRIES = 30;

export interface BoardOptions {
  wave: number;
  lane: string;
  agents: readonly string[];
  now: Date;
  maxChars?: number;
}

/** One line, no control characters, at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "0s";
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  return `${h}h${m % 60 > 0 ? `${m % 60}m` : ""}`;
}

function targets(record: CoordinationRecord): string {
  return record.targets.length > 0 ? ` -> ${oneLine(record.targets.join(", "), 120)}` : "";
}

const REQUEST_KINDS: readonly CoordinationKind[] = ["request", "blocker", "clarification-request", "human-escalation", "human-feedback"];

function openLine(record: CoordinationRecord, now: Date): string {
  const flags = [`age=${formatAge(now.getTime() - Date.parse(record.createdAt))}`];
  if (blocksWave(record)) flags.push("blocking");
  flags.push(`severity=${record.blockerSeverity}`);
  return (
    `- [${record.priority}] ${record.kind}/${record.status} ${oneLine(record.agentId, 60)}${targets(record)} ` +
    `[${flags.join(", ")}] id=${record.id}: ${oneLine(record.summary, SUMMARY_CHARS)}`
  );
}

function plainLine(record: CoordinationRecord): string {
  const artifacts = record.artifactRefs.length > 0 ? ` (artifacts: ${oneLine(record.artifactRefs.join(", "), 160)})` : "";
  return (
    `- ${oneLine(record.agentId, 60)} ${record.kind}/${record.status}${targets(record)} id=${record.id}: ` +
    `${oneLine(record.summary, SUMMARY_CHARS)}${artifacts}`
  );
}

function feedLine(record: CoordinationRecord): string {
  return (
    `- ${record.updatedAt} | ${oneLine(record.agentId, 60)} | ${record.kind}/${record.status}${targets(record)} | ` +
    oneLine(record.summary, SUMMARY_CHARS)
  );
}

function section(title: string, lines: string[], always: boolean): string[] {
  if (lines.length === 0) return always ? [`## ${title}`, "", "_None._", ""] : [];
  const omitted = Math.max(0, lines.length - SECTION_ENTRIES);
  const kept = lines.slice(omitted);
  return [`## ${title}`, "", ...(omitted > 0 ? [`- … ${omitted} older entries omitted`] : []), ...kept, ""];
}

export function renderMessageBoard(state: CoordinationState, options: BoardOptions): string {
  const maxChars = options.maxChars ?? DEFAULT_BOARD_MAX_CHARS;
  const now = options.now;
  const open = state.records.filter((r) => isOpenStatus(r.status) && (REQUEST_KINDS.includes(r.kind) || blocksWave(r)));
  const blocking = state.records.filter(blocksWave).length;
  const head = [
    `# Wave ${options.wave} message board`,
    "",
    `- Lane: ${oneLine(options.lane, 80)}`,
    `- Agents: ${options.agents.length > 0 ? oneLine(options.agents.join(", "), 400) : "(none)"}`,
    `- Generated: ${now.toISOString()}`,
    `- Records: ${state.records.length} (${state.openRecords.length} open, ${blocking} blocking)`,
    "",
    "This board is generated from the coordination log; do not edit it. Post with `wave coord post`.",
    "",
    ...section(
      "Open requests and blockers",
      open.map((r) => openLine(r, now)),
      true,
    ),
    ...section("Claims", state.claims.map(plainLine), true),
    ...section("Evidence", state.evidence.map(plainLine), true),
    ...section("Decisions", state.decisions.map(plainLine), true),
    ...section("Handoffs", state.handoffs.map(plainLine), false),
    ...section("Integration summaries", state.integrationSummaries.map(plainLine), false),
  ].join("\n");

  const feedTitle = "## Activity feed\n\n";
  const truncatedNote = "\n… (board truncated)\n";
  let body = `${head}\n${feedTitle}`;
  if (body.length + truncatedNote.length > maxChars) {
    return `${body.slice(0, Math.max(0, maxChars - truncatedNote.length))}${truncatedNote}`.slice(0, maxChars);
  }
  const feed = state.activity.map(feedLine);
  if (feed.length === 0) return `${body}_None._\n`.slice(0, maxChars);
  // Keep the newest entries that fit (newest last), reserving room for the omission note.
  const kept: string[] = [];
  let used = body.length;
  const reserve = 48;
  for (let i = feed.length - 1; i >= 0; i--) {
    const line = feed[i]!;
    if (used + line.length + 1 + reserve > maxChars) break;
    kept.push(line);
    used += line.length + 1;
  }
  kept.reverse();
  const omitted = feed.length - kept.length;
  if (omitted > 0) body += `- … ${omitted} earlier entries omitted\n`;
  return `${body}${kept.map((l) => `${l}\n`).join("")}`.slice(0, maxChars);
}
