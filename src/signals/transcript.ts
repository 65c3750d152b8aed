/**
 * JSON transcripts of the agent CLIs, and which of their text is the agent's own.
 *
 * Markers count only from the agent's own assistant messages. Everything else a transcript holds —
 * command and tool output, tool inputs, results of sub-agents, the user's prompt, reasoning — can
 * carry text the agent did not write (a test script that prints marker lines, a file it read), so
 * none of it is scanned:
 *
 * Each CLI's rules (which events are its own, which of their text is the agent's message, which
 * of its lines are worth parsing at all) are its adapter's `transcript`
 * (src/executors/<id>/transcript.ts).
 *
 * An event of a known format that is not an assistant message yields nothing, so it can never be
 * read as plain text either. Tool output sits inside an event as a JSON string value; it cannot
 * start a line of its own, so a fake "assistant" event printed by a tool stays a string inside the
 * tool's event.
 */
import type { TranscriptAdapter, TranscriptFacts, TranscriptState } from "../executors/adapter.js";
import { EXECUTOR_ADAPTERS } from "../executors/registry.js";
import type { TranscriptFormat } from "../executors/types.js";

export type { TranscriptFacts, TranscriptFormat, TranscriptState };

/** The transcripts of the executors' adapters (src/executors/<id>/adapter.ts `transcript`). */
const TRANSCRIPTS: readonly TranscriptAdapter[] = EXECUTOR_ADAPTERS.flatMap((a) => (a.transcript ? [a.transcript] : []));

/**
 * How an agent's output stream is written. `text`: plain text, every line can be a marker; lines
 * that are events of a known JSON transcript are read by that transcript's rules (a `command`
 * agent that replays a transcript). The JSON formats (each adapter's `transcript.formats`): only
 * that CLI's events count, plain lines (stderr noise, anything a tool printed to the terminal) never do.
 */
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = ["text", ...TRANSCRIPTS.flatMap((t) => t.formats)];

/** The CLI whose events a JSON transcript holds (its adapter's `transcript.dialect`). */
export type Dialect = string;

export const newTranscriptState = (): TranscriptState => ({});

/** Parses `trimmed` as a JSON object when it looks like one; null otherwise. */
export function parseJsonLine(trimmed: string): Record<string, unknown> | null {
  if (trimmed.charCodeAt(0) !== 123 || trimmed.charCodeAt(trimmed.length - 1) !== 125) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a `{…}` line of a stream in `format` may be an event worth parsing: one that some
 * transcript this format accepts (all of them in `text` format) says may carry an error, a
 * termination fact, usage or a state change (its adapter's `worthReading`). Lines holding a marker
 * tag are the parser's own concern; any other line is skipped unparsed, which keeps long
 * transcripts (mostly tool calls and their output) cheap.
 */
export function worthReading(format: TranscriptFormat): (line: string) => boolean {
  const patterns = TRANSCRIPTS.filter((t) => format === "text" || t.formats.includes(format)).map((t) => t.worthReading);
  return (line) => patterns.some((re) => re.test(line));
}

/** The transcript whose event this object is (the surest claim wins), or null when it is no known transcript event. */
export function transcriptOf(event: Record<string, unknown>): TranscriptAdapter | null {
  let best: TranscriptAdapter | null = null;
  let claim = 0;
  for (const t of TRANSCRIPTS) {
    const c = t.match(event);
    if (c > claim) {
      best = t;
      claim = c;
    }
  }
  return best;
}

/** The dialect whose event this object is, or null when it is no known transcript event. */
export function dialectOf(event: Record<string, unknown>): Dialect | null {
  return transcriptOf(event)?.dialect ?? null;
}

/**
 * Reads one JSON object of an agent's output under `format`. Returns null when the object is not
 * an event of a transcript that format accepts (in `text` format the caller then treats the line
 * as plain text; in a JSON format it is ignored).
 */
export function readTranscriptEvent(
  event: Record<string, unknown>,
  format: TranscriptFormat,
  state: TranscriptState,
  /** Read usage figures too (skipped when nobody listens). */
  withUsage = true,
): TranscriptFacts | null {
  const transcript = transcriptOf(event);
  if (transcript === null) return null;
  if (format !== "text" && !transcript.formats.includes(format)) return null;
  const facts: TranscriptFacts = { texts: [], maxTurns: false, turnLimit: null, error: null, usage: [] };
  transcript.read(event, facts, format, state);
  if (withUsage) facts.usage = transcript.usage(event);
  return facts;
}
