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
import { DIALECT_OF_FORMAT, type Dialect, dialectOf, parseJsonLine, TRANSCRIPT_FORMATS, type TranscriptFormat } from "./transcript.js";

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
export const MAX_PENDING_CHARS = 8 * 1024 * 1024;
/** Characters of a one-line summary (tool call, fact, error). */
export const SUMMARY_CHARS = 200;
/** Lines of tool output shown per result. */
export const OUTPUT_LINES = 4;

const CALLS_REMEMBERED = 256;

const DIALECT_OF: Record<TranscriptFormat, Dialect | null> = { text: null, ...DIALECT_OF_FORMAT };

/** Format of a part of the log written by an executor other than launch.json's. */
const EXECUTOR_FORMAT: Record<string, RenderFormat> = { codex: "codex-json", opencode: "opencode-json", claude: "auto" };

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
export class TranscriptRenderer {
  private format: RenderFormat;
  private claudeAssistantSeen = false;
  /** Text of the last error message the claude CLI made up (its error result repeats it). */
  private claudeErrorShown: string | null = null;
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
    const dialect = dialectOf(event);
    if (dialect === null) return [raw];
    const own = this.format === "auto" ? null : DIALECT_OF[this.format];
    if (own !== null && own !== dialect) return [raw];
    this.touched = false;
    const lines = dialect === "codex" ? this.codex(event) : dialect === "claude" ? this.claude(event) : this.opencode(event);
    // Output between a call and its result: the result names its call again.
    if (lines.length > 0 && !this.touched) this.lastCall = null;
    return lines.map(cleanLine);
  }

  private startSession(): void {
    this.claudeAssistantSeen = false;
    this.claudeErrorShown = null;
    this.calls.clear();
    this.lastCall = null;
  }

  private startRun(executor: string): void {
    this.startSession();
    const launched = this.options.executor;
    if (launched === null || launched === undefined) return;
    this.format = executor === launched ? this.baseFormat : (EXECUTOR_FORMAT[executor] ?? "text");
  }

  // --- codex exec --json -------------------------------------------------------------------

  private codex(event: Record<string, unknown>): string[] {
    switch (event.type) {
      case "thread.started":
        this.startSession();
        return [`· session ${str(event.thread_id) ?? "?"}`];
      case "turn.started":
        return [];
      case "turn.completed": {
        const u = rec(event.usage);
        if (!u) return ["· turn completed"];
        return [
          `· usage: in ${num(u.input_tokens) ?? "?"} (cached ${num(u.cached_input_tokens) ?? 0}) · out ${num(u.output_tokens) ?? "?"}`,
        ];
      }
      case "turn.failed":
        return [`✗ turn failed: ${oneLine(str(rec(event.error)?.message) ?? "no message")}`];
      case "error": {
        const message = oneLine(str(event.message) ?? "no message");
        return [/^Reconnecting\b/.test(message) ? `· ${message}` : `✗ error: ${message}`];
      }
      default: {
        const item = rec(event.item);
        return item ? this.codexItem(String(event.type), item) : [];
      }
    }
  }

  private codexItem(phase: string, item: Record<string, unknown>): string[] {
    const id = str(item.id);
    const type = str(item.type) ?? "?";
    const started = phase === "item.started";
    const completed = phase === "item.completed";
    switch (type) {
      case "agent_message":
        return completed ? agentText(item.text) : [];
      case "reasoning":
        return completed ? ["· thinking…"] : [];
      case "command_execution": {
        const command = firstLine(str(item.command) ?? "");
        const head = this.callHead(id, command ? `exec_command: ${command}` : "exec_command", started);
        if (!completed) return head;
        const out = [...head, ...outputLines(str(item.aggregated_output))];
        const exit = num(item.exit_code);
        if (exit !== null && exit !== 0) out.push(`  ✗ exit ${exit}`);
        else if (item.status === "failed" || item.status === "declined") out.push(`  ✗ ${item.status}`);
        return out;
      }
      case "file_change": {
        const changes = arr(item.changes)
          .map(rec)
          .filter((c): c is Record<string, unknown> => c !== null);
        const list = changes.map((c) => `${str(c.kind) ?? "change"} ${this.path(str(c.path) ?? "?")}`).join(", ");
        const name = changes.length === 1 ? "apply_patch" : `apply_patch (${changes.length} files)`;
        const head = this.callHead(id, `${name}: ${list}`, started);
        if (!completed) return head;
        return item.status === "failed" ? [...head, "  ✗ patch failed"] : head;
      }
      case "mcp_tool_call": {
        const what = `mcp ${str(item.server) ?? "?"}.${str(item.tool) ?? "?"}`;
        const args = summarizeInput(item.arguments);
        const head = this.callHead(id, args ? `${what}: ${args}` : what, started);
        if (!completed) return head;
        const error = str(rec(item.error)?.message);
        if (error !== null || item.status === "failed") return [...head, `  ✗ ${oneLine(error ?? "failed")}`];
        return [...head, ...outputLines(blocksText(rec(item.result)?.content))];
      }
      case "collab_tool_call": {
        const prompt = str(item.prompt);
        const head = this.callHead(id, `${str(item.tool) ?? "collab"}${prompt ? `: ${firstLine(prompt)}` : ""}`, started);
        if (!completed) return head;
        return item.status === "failed" ? [...head, "  ✗ failed"] : head;
      }
      case "web_search": {
        const query = str(item.query) ?? str(rec(item.action)?.query) ?? "";
        return completed || started ? this.callHead(id, `web_search: ${firstLine(query)}`, started) : [];
      }
      case "todo_list": {
        const items = arr(item.items)
          .map(rec)
          .filter((t): t is Record<string, unknown> => t !== null)
          .map((t) => `${t.completed === true ? "[x]" : "[ ]"} ${firstLine(str(t.text) ?? "")}`);
        return [short(`· plan: ${items.join("; ")}`)];
      }
      case "error":
        return completed ? [`✗ ${oneLine(str(item.message) ?? "error")}`] : [];
      default:
        return completed ? [`· ${short(type)}`] : [];
    }
  }

  /**
   * The call line of a codex item: on its start; on its completion only when the start was not
   * the last thing shown (not seen, or other output came between).
   */
  private callHead(id: string | null, label: string, started: boolean): string[] {
    const line = short(`▸ ${label}`);
    const shown = !started && id !== null && this.lastCall === id;
    this.remember(id, line);
    return shown ? [] : [line];
  }

  // --- claude --output-format stream-json / json -------------------------------------------

  private claude(event: Record<string, unknown>): string[] {
    const sub = event.parent_tool_use_id !== null && event.parent_tool_use_id !== undefined;
    const lines = this.claudeEvent(event, sub);
    return sub ? lines.map((l) => `  ↳ ${l}`) : lines;
  }

  private claudeEvent(event: Record<string, unknown>, sub: boolean): string[] {
    switch (event.type) {
      case "system":
        // A new session (the runtime retried the CLI): its result counts by its own messages.
        if (event.subtype === "init" && !sub) this.startSession();
        return claudeSystem(event);
      case "assistant": {
        const message = rec(event.message);
        if (!message) return [];
        if (!sub) this.claudeAssistantSeen = true;
        const content = message.content;
        // A message the CLI made up to report a failed request (`"error": "rate_limit"`, model `<synthetic>`).
        if (typeof event.error === "string") {
          const text = (typeof content === "string" ? content : blocksText(content)) || event.error;
          this.claudeErrorShown = text;
          return [`✗ ${oneLine(text)}`];
        }
        if (typeof content === "string") return agentText(content);
        const out: string[] = [];
        for (const b of arr(content)) {
          const block = rec(b);
          if (!block) continue;
          if (block.type === "text") out.push(...agentText(block.text));
          else if (block.type === "thinking" || block.type === "redacted_thinking") out.push("· thinking…");
          else if (block.type === "tool_use" || block.type === "server_tool_use" || block.type === "mcp_tool_use") {
            out.push(this.toolCall(str(block.id), str(block.name) ?? "tool", block.input));
          }
        }
        return out;
      }
      case "user": {
        const content = rec(event.message)?.content;
        const out: string[] = [];
        for (const b of arr(content)) {
          const block = rec(b);
          if (block?.type !== "tool_result") continue;
          out.push(...this.toolResult(str(block.tool_use_id), blocksText(block.content), block.is_error === true));
        }
        return out;
      }
      case "result":
        return this.claudeResult(event);
      default:
        // stream_event: partial deltas of messages that follow whole (--include-partial-messages).
        return [];
    }
  }

  private claudeResult(event: Record<string, unknown>): string[] {
    const out: string[] = [];
    const failed = event.is_error === true || (typeof event.subtype === "string" && event.subtype !== "success");
    const result = str(event.result);
    // The stream's last assistant message already showed this text (stream-json).
    const showText = this.format === "claude-json" || (this.format === "auto" && !this.claudeAssistantSeen);
    if (result !== null && !failed && showText) out.push(...agentText(result));
    const api = num(event.api_error_status);
    const flags = event.is_error === true ? ` (error${api !== null ? `, API status ${api}` : ""})` : "";
    const facts = [`${failed ? "✗" : "·"} done: ${str(event.subtype) ?? "?"}${flags}`];
    const turns = num(event.num_turns);
    if (turns !== null) facts.push(`${turns} ${turns === 1 ? "turn" : "turns"}`);
    const cost = num(event.total_cost_usd);
    if (cost !== null) facts.push(`$${cost.toFixed(4)}`);
    const u = rec(event.usage);
    if (u) {
      const cached = num(u.cache_read_input_tokens);
      facts.push(`in ${num(u.input_tokens) ?? "?"}${cached !== null ? ` (cached ${cached})` : ""}`, `out ${num(u.output_tokens) ?? "?"}`);
    }
    out.push(facts.join(" · "));
    if (failed && result !== null && result !== "" && result !== this.claudeErrorShown) out.push(...outputLines(result, "  ✗ "));
    for (const e of arr(event.errors).slice(0, OUTPUT_LINES)) {
      if (typeof e === "string") out.push(`  ✗ ${oneLine(e)}`);
    }
    return out;
  }

  // --- opencode run --format json ----------------------------------------------------------

  private opencode(event: Record<string, unknown>): string[] {
    const part = rec(event.part);
    switch (event.type) {
      case "text":
        if (!part || part.synthetic === true || part.ignored === true) return [];
        return agentText(part.text);
      case "reasoning":
        return ["· thinking…"];
      case "tool_use": {
        if (!part) return [];
        const state = rec(part.state);
        const input = state?.input;
        const title = str(state?.title);
        const call = this.toolCall(str(part.callID) ?? str(part.id), str(part.tool) ?? "tool", input, title);
        const status = str(state?.status);
        if (status === "error") return [call, ...outputLines(str(state?.error) ?? "failed", "  ✗ ")];
        if (status === "completed") return [call, ...outputLines(str(state?.output))];
        return [call];
      }
      case "step_finish": {
        const tokens = rec(part?.tokens);
        const facts = [`· step: in ${num(tokens?.input) ?? "?"}`, `out ${num(tokens?.output) ?? "?"}`];
        const cost = num(part?.cost);
        if (cost !== null) facts.push(`$${cost.toFixed(4)}`);
        return [facts.join(" · ")];
      }
      case "error": {
        const error = event.error;
        const e = rec(error);
        const message = e ? (str(rec(e.data)?.message) ?? str(e.message)) : str(error);
        const name = e ? str(e.name) : null;
        return [`✗ ${oneLine([name, message].filter((x) => x !== null).join(": ") || "error")}`];
      }
      default:
        return [];
    }
  }

  // --- shared ------------------------------------------------------------------------------

  /** One call line; remembers its label so a result that does not follow it can name it. */
  private toolCall(id: string | null, name: string, input: unknown, title: string | null = null): string {
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

  private toolResult(id: string | null, text: string | null, isError: boolean): string[] {
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

  private path(p: string): string {
    const cwd = this.options.cwd;
    if (cwd && p.length > cwd.length + 1 && p.startsWith(cwd) && (p[cwd.length] === "/" || cwd.endsWith("/"))) {
      return p.slice(cwd.endsWith("/") ? cwd.length : cwd.length + 1);
    }
    return p;
  }
}

function claudeSystem(event: Record<string, unknown>): string[] {
  switch (event.subtype) {
    case "init": {
      const model = str(event.model);
      return [`· session ${str(event.session_id) ?? "?"}${model ? ` · model ${clean(model)}` : ""}`];
    }
    case "api_retry": {
      const status = num(event.error_status);
      const error = str(event.error);
      const delay = num(event.retry_delay_ms);
      const why = [status !== null ? String(status) : null, error].filter((x) => x !== null).join(" ");
      return [
        short(
          `· API retry ${num(event.attempt) ?? "?"}/${num(event.max_retries) ?? "?"}${why ? ` (${oneLine(why)})` : ""}${delay !== null ? ` in ${Math.round(delay / 100) / 10}s` : ""}`,
        ),
      ];
    }
    case "compact_boundary":
      return ["· conversation compacted"];
    case "permission_denied": {
      const message = str(event.message);
      return [short(`✗ permission denied: ${str(event.tool_name) ?? "tool"}${message ? ` — ${oneLine(message)}` : ""}`)];
    }
    case "informational":
    case "notification": {
      const text = str(event.content) ?? str(event.text);
      if (!text) return [];
      return [`${event.level === "error" || event.level === "warning" ? "✗" : "·"} ${oneLine(text)}`];
    }
    default:
      // status, hooks, task progress and the like: not worth a line.
      return [];
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

function rec(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text without terminal escapes or control characters (tab and newline stay; CR ends nothing). */
function clean(text: string): string {
  let t = text;
  if (t.includes("\u001b")) t = t.replace(ESCAPES, "");
  if (t.includes("\r")) t = t.replace(/\r\n/g, "\n");
  return t.replace(CONTROLS, "");
}

/** One rendered line: clean, and a line (a newline inside a fact would break it). */
function cleanLine(line: string): string {
  const c = clean(line);
  return c.includes("\n") ? c.replace(/\n/g, " ") : c;
}

/** The agent's own text: every line of it, trailing newlines dropped. */
function agentText(value: unknown): string[] {
  if (typeof value !== "string") return [];
  const text = clean(value).replace(/\n+$/, "");
  return text === "" ? [] : text.split("\n");
}

/** At most SUMMARY_CHARS characters, `…` when cut (never inside a surrogate pair). */
function short(text: string, max = SUMMARY_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** The first line of `text` (leading blank lines skipped), cleaned, cut short; ` …` when more follows. */
function firstLine(text: string): string {
  const window = text.slice(0, SUMMARY_CHARS * 4);
  const body = window.replace(/^\s+/, "");
  const nl = body.indexOf("\n");
  const line = clean(nl < 0 ? body : body.slice(0, nl)).trimEnd();
  const more = window.length < text.length || (nl >= 0 && body.slice(nl).trim() !== "");
  return short(more ? `${line} …` : line);
}

/** All of a short message on one line. */
function oneLine(text: string): string {
  return short(
    clean(text.slice(0, SUMMARY_CHARS * 4))
      .replace(/\s*\n\s*/g, " ⏎ ")
      .trim(),
  );
}

/**
 * The first OUTPUT_LINES non-empty lines of tool output, each cut short, with a count of the
 * rest. Reads only the start of a long output (a count past that start is given as "more").
 */
function outputLines(text: string | null, prefix = "  │ "): string[] {
  if (text === null) return [];
  const window = text.slice(0, OUTPUT_LINES * SUMMARY_CHARS * 8);
  const lines: string[] = [];
  let pos = 0;
  let rest = 0;
  while (pos < window.length) {
    let nl = window.indexOf("\n", pos);
    if (nl < 0) nl = window.length;
    const raw = window.slice(pos, nl);
    pos = nl + 1;
    // A terminal shows what follows the last carriage return of a line.
    const cr = raw.lastIndexOf("\r", raw.length - 2);
    const line = clean(cr >= 0 ? raw.slice(cr + 1) : raw).trimEnd();
    if (line.trim() === "") continue;
    if (lines.length < OUTPUT_LINES) lines.push(short(`${prefix}${line}`));
    else rest++;
  }
  const cut = window.length < text.length;
  if (rest > 0 || cut) lines.push(`${prefix}… ${cut ? "more" : `${rest} more ${rest === 1 ? "line" : "lines"}`}`);
  return lines;
}

/** The text of content blocks (MCP results, claude tool results): text blocks joined, others named. */
function blocksText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  let size = 0;
  for (const b of content) {
    const block = rec(b);
    if (!block) continue;
    const part = block.type === "text" && typeof block.text === "string" ? block.text : `[${str(block.type) ?? "content"}]`;
    parts.push(part);
    size += part.length;
    if (size > OUTPUT_LINES * SUMMARY_CHARS * 8) break;
  }
  return parts.join("\n");
}

/** A short `key=value, …` view of a tool's input (its first few fields). */
function summarizeInput(input: unknown, any = true): string {
  if (typeof input === "string") return firstLine(input);
  const i = rec(input);
  if (!i) return "";
  const preferred = ["pattern", "query", "url", "description", "prompt", "subject", "name"];
  for (const key of preferred) {
    const v = str(i[key]);
    if (v !== null && v !== "") return firstLine(v);
  }
  if (!any && typeof i.path === "string") return "";
  const parts: string[] = [];
  for (const key of Object.keys(i).slice(0, 4)) {
    const v = i[key];
    const shown =
      typeof v === "string"
        ? firstLine(v)
        : typeof v === "number" || typeof v === "boolean"
          ? String(v)
          : Array.isArray(v)
            ? `[${v.length}]`
            : v === null
              ? "null"
              : "{…}";
    parts.push(`${clean(key)}=${shown}`);
  }
  return short(parts.join(", "));
}
