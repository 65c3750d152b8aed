/**
 * A readable view of an agent's log. The JSON transcripts of the agent CLIs (see transcript.ts)
 * stay the record; what people read — `wave logs`, the log tails of the job summary, the tmux
 * pane — is rendered from their events, one log line at a time:
 *
 * - the agent's own messages: their text, as written (several lines when it has several);
 * - tool calls: one line `▸ Tool: what` (`▸ Bash: npm test`, `▸ Write src/a.js`,
 *   `▸ apply_patch (2 files): …`, `▸ exec_command: …`), first line of the command, cut short;
 * - tool results: a few of their first lines as `  │ …`, failures as `  ✗ …`;
 * - session facts in one line each, `· …` (session and model, token usage, cost, retries);
 * - reasoning as one `· thinking…` line, never its text.
 *
 * Lines that are no event of a known transcript pass through unchanged: the runtime's own
 * `--- wave: … ---` lines, the CLI's stderr, anything else. In `text` format every line does;
 * `auto` (a log whose format was not recorded) renders each line that parses as a known event.
 * A `--- wave: <id> attempt N (<executor>) started … ---` line starts the output of one run: the
 * state is reset, and when that run used another executor than launch.json records (a fallback
 * run of the same agent appends to the same log) its part is read in that executor's format.
 *
 * Pure and total: malformed input never throws, a line costs at most one JSON.parse (lines longer
 * than MAX_EVENT_CHARS are not parsed) and a bounded amount of output per event besides the
 * agent's own text. Strings from events are shown without terminal escapes or control
 * characters (JSON can carry them escaped; the raw log never showed them decoded).
 */
import type { DialectRenderer, RenderTools, TranscriptAdapter } from "../executors/adapter.js";
import { findAdapter } from "../executors/registry.js";
import { clean, cleanLine, firstLine, outputLines, rec, short, str, summarizeInput } from "../executors/render-text.js";
import { parseJsonLine, TRANSCRIPT_FORMATS, type TranscriptFormat, transcriptOf } from "./transcript.js";

export { OUTPUT_LINES, SUMMARY_CHARS } from "../executors/render-text.js";

/** A transcript format, or `auto`: each line that parses as an event of a known transcript is rendered. */
export type RenderFormat = TranscriptFormat | "auto";

export interface RenderOptions {
  /** The agent's working directory: paths under it are shown relative to it. */
  cwd?: string | null;
  /**
   * The executor whose format `format` is (launch.json's `executor`). With it, a part of the log
   * written by another executor (a fallback run) is read in that executor's format.
   */
  executor?: string | null;
}

/** How to render one agent's log, from its launch.json. */
export interface RenderSettings extends RenderOptions {
  format: RenderFormat;
}

/** Lines longer than this are not parsed: a short note stands for a known event, others pass through. */
export const MAX_EVENT_CHARS = 8 * 1024 * 1024;
/** A held partial line longer than this is given out as it is (memory stays bounded). */
const MAX_PENDING_CHARS = 8 * 1024 * 1024;

const CALLS_REMEMBERED = 256;

const SEPARATOR_START = "--- wave: ";
const RUN_SEPARATOR = /^--- wave: .+ attempt \d+ \(([A-Za-z0-9_-]+)\) started .*---$/;
const MAX_SEPARATOR_CHARS = 400;

/** The rendering settings recorded in an agent's launch.json (its text); `auto` without a recorded format. */
export function renderSettingsOfLaunch(text: string | null): RenderSettings {
  const launch = text === null ? null : parseJsonLine(text.trim());
  if (launch === null) return { format: "auto", cwd: null, executor: null };
  const t = launch.transcript;
  const format: RenderFormat =
    typeof t === "string" && (TRANSCRIPT_FORMATS as readonly string[]).includes(t) ? (t as TranscriptFormat) : "auto";
  return {
    format,
    cwd: typeof launch.cwd === "string" ? launch.cwd : null,
    executor: typeof launch.executor === "string" && format !== "auto" ? launch.executor : null,
  };
}

/** Renders a whole log (or a tail of one that starts at a line boundary). */
export function renderTranscriptText(text: string, format: RenderFormat, options: RenderOptions = {}): string {
  const r = new TranscriptRenderer(format, options);
  return r.push(text) + r.end();
}

/**
 * Renders an agent's output line by line. `line` renders one complete line; `push` takes chunks
 * of a stream and returns the rendered text of the lines they complete. A partial line that may
 * become an event or a run separator (it starts with `{` or `--- wave: `) is held until its
 * newline; any other text is given out at once, unchanged, so plain output (a progress line
 * without newline) shows as it arrives.
 */
export class TranscriptRenderer implements RenderTools {
  format: RenderFormat;
  /** Each dialect's renderer, made when its first event comes. */
  private readonly dialects = new Map<TranscriptAdapter, DialectRenderer>();
  /** Labels of tool calls shown, by call id, to head results that do not follow their call. */
  private readonly calls = new Map<string, string>();
  /** The call (id) whose line or result was the last thing shown. */
  private lastCall: string | null = null;
  /** The event being rendered showed a call or a result. */
  private touched = false;
  private pending = "";
  /** Inside a line that was given out unchanged as it arrived. */
  private passing = false;
  /** The held partial line may be an event or a run separator: it waits for its newline. */
  private holding = false;

  constructor(
    private readonly baseFormat: RenderFormat,
    private readonly options: RenderOptions = {},
  ) {
    this.format = baseFormat;
  }

  /** The readable lines for one line of output (no newline in `line`). */
  line(line: string): string[] {
    try {
      return this.renderLine(line);
    } catch {
      return [line];
    }
  }

  push(chunk: string): string {
    let out = "";
    let rest = chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf("\n");
      if (this.passing) {
        if (nl < 0) return out + rest;
        out += rest.slice(0, nl + 1);
        rest = rest.slice(nl + 1);
        this.passing = false;
        continue;
      }
      if (nl < 0) {
        this.pending += rest;
        if (!this.holding) {
          const start = lineStart(this.pending);
          if (start === "hold") this.holding = true;
          else if (start === "pass") this.passing = true;
        }
        if (this.passing || this.pending.length > MAX_PENDING_CHARS) {
          out += this.pending;
          this.pending = "";
          this.passing = true;
          this.holding = false;
        }
        return out;
      }
      const line = this.pending + rest.slice(0, nl);
      this.pending = "";
      this.holding = false;
      rest = rest.slice(nl + 1);
      for (const l of this.line(line)) out += `${l}\n`;
    }
    return out;
  }

  /** The held partial line, rendered (at the end of the stream). */
  end(): string {
    const line = this.pending;
    this.pending = "";
    this.passing = false;
    this.holding = false;
    return line.length > 0 ? this.line(line).join("\n") : "";
  }

  private renderLine(raw: string): string[] {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const separator = line.length <= MAX_SEPARATOR_CHARS && line.startsWith(SEPARATOR_START) ? RUN_SEPARATOR.exec(line) : null;
    if (separator) {
      this.startRun(separator[1]!);
      return [raw];
    }
    if (this.format === "text") return [raw];
    const trimmed = line.trim();
    if (trimmed.charCodeAt(0) !== 123) return [raw];
    if (trimmed.length > MAX_EVENT_CHARS) {
      const type = /^\{\s*"type"\s*:\s*"([A-Za-z_.]{1,40})"/.exec(trimmed)?.[1];
      return type ? [`· ${type} event of ${trimmed.length} characters, too long to show here (the raw log has it)`] : [raw];
    }
    const event = parseJsonLine(trimmed);
    if (event === null) return [raw];
    const transcript = transcriptOf(event);
    if (transcript === null) return [raw];
    if (this.format !== "auto" && !transcript.formats.includes(this.format)) return [raw];
    this.touched = false;
    let dialect = this.dialects.get(transcript);
    if (!dialect) {
      dialect = transcript.renderer(this);
      this.dialects.set(transcript, dialect);
    }
    const lines = dialect.lines(event);
    // Output between a call and its result: the result names its call again.
    if (lines.length > 0 && !this.touched) this.lastCall = null;
    return lines.map(cleanLine);
  }

  startSession(): void {
    for (const dialect of this.dialects.values()) dialect.reset();
    this.calls.clear();
    this.lastCall = null;
  }

  private startRun(executor: string): void {
    this.startSession();
    const launched = this.options.executor;
    if (launched === null || launched === undefined) return;
    this.format = executor === launched ? this.baseFormat : (findAdapter(executor)?.transcript?.renderFormat ?? "text");
  }

  // --- shared by the dialects' renderers (RenderTools) --------------------------------------

  /**
   * The call line of an item with a start and a completion (codex): on its start; on its
   * completion only when the start was not the last thing shown (not seen, or other output came between).
   */
  callHead(id: string | null, label: string, started: boolean): string[] {
    const line = short(`▸ ${label}`);
    const shown = !started && id !== null && this.lastCall === id;
    this.remember(id, line);
    return shown ? [] : [line];
  }

  /** One call line; remembers its label so a result that does not follow it can name it. */
  toolCall(id: string | null, name: string, input: unknown, title: string | null = null): string {
    const i = rec(input);
    const file = i ? (str(i.file_path) ?? str(i.filePath) ?? str(i.notebook_path)) : null;
    const command = i ? str(i.command) : null;
    const dir = i ? str(i.path) : null;
    let label: string;
    if (command !== null) label = `${name}: ${firstLine(command)}`;
    else if (file !== null && title !== null && title !== "" && file.endsWith(title)) label = `${name} ${clean(title)}`;
    else if (title !== null && title !== "") label = `${name}: ${firstLine(title)}`;
    else if (file !== null) label = `${name} ${this.path(file)}`;
    else {
      const summary = summarizeInput(input, false);
      label = summary ? `${name}: ${summary}` : dir !== null ? `${name} ${this.path(dir)}` : name;
    }
    const line = short(`▸ ${clean(label)}`);
    this.remember(id, line);
    return line;
  }

  toolResult(id: string | null, text: string | null, isError: boolean): string[] {
    const head = id !== null && this.lastCall !== id ? this.calls.get(id) : undefined;
    this.lastCall = id;
    this.touched = true;
    const body = isError ? outputLines(text ?? "error", "  ✗ ") : outputLines(text);
    return head ? [head, ...body] : body;
  }

  private remember(id: string | null, line: string): void {
    this.lastCall = id;
    this.touched = true;
    if (id === null) return;
    this.calls.delete(id);
    this.calls.set(id, line);
    if (this.calls.size > CALLS_REMEMBERED) this.calls.delete(this.calls.keys().next().value!);
  }

  path(p: string): string {
    const cwd = this.options.cwd;
    if (cwd && p.length > cwd.length + 1 && p.startsWith(cwd) && (p[cwd.length] === "/" || cwd.endsWith("/"))) {
      return p.slice(cwd.endsWith("/") ? cwd.length : cwd.length + 1);
    }
    return p;
  }
}

/**
 * Whether a line that begins with `start` is held until its newline (it may be an event or a run
 * separator), passes as it arrives, or cannot be told yet.
 */
function lineStart(start: string): "hold" | "pass" | "undecided" {
  if (start.length < SEPARATOR_START.length ? SEPARATOR_START.startsWith(start) : start.startsWith(SEPARATOR_START)) {
    return start.length < SEPARATOR_START.length ? "undecided" : "hold";
  }
  let i = 0;
  while (i < start.length && i < 64 && (start.charCodeAt(i) === 32 || start.charCodeAt(i) === 9)) i++;
  if (i === start.length) return i < 64 ? "undecided" : "pass";
  return start.charCodeAt(i) === 123 ? "hold" : "pass";
}
