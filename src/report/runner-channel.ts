/**
 * Text to the runner: the one way the action writes to the job log. The runner reads a step's
 * stdout line by line and treats some lines as workflow commands (set an output, save state, mask a
 * value, stop reading commands, annotate); text an agent wrote must never become one.
 *
 * How actions/runner reads the log (cited in docs/workflows.md as well):
 * - Lines end at `\n`, `\r\n` and a bare `\r`: `src/Runner.Sdk/ProcessInvoker.cs` reads stdout
 *   with .NET's `StreamReader.ReadLine`, which ends a line at any of the three.
 * - `src/Runner.Worker/Handlers/OutputManager.cs` (`OnDataReceived`) hands every line holding
 *   `##[` or `::` to `ActionCommandManager.TryProcessCommand`, which tries
 *   `ActionCommand.TryParseV2` (`src/Runner.Common/ActionCommand.cs`: the line, after
 *   `TrimStart()` of white space, starts with `::`; the command is the text up to the next `::`)
 *   and then the legacy `ActionCommand.TryParse`, which finds `##[` ANYWHERE in the line
 *   (`message.IndexOf("##[")`) and takes the command from the three characters after it to `]`.
 *   Both look command names up case-insensitively among the registered ones.
 * - `stop-commands`: after `::stop-commands::<token>` (or `##[stop-commands]<token>`) no command is
 *   processed until one named `<token>` (compared case-insensitively) comes; the runner masks a
 *   token longer than six characters in the log (`ActionCommandManager.cs`).
 *
 * So: plain text is escaped line by line (see `escapeLogText`), text that must be shown as written
 * (log tails) goes between `::stop-commands::` and a fresh random token it does not contain, and a
 * command carrying agent text (an annotation, a group title) has its data and properties escaped by
 * the toolkit's rules (actions/toolkit `packages/core/src/command.ts`, `escapeData` and
 * `escapeProperty`) with `##[` neutralised in them too.
 *
 * Why `##[` becomes `##[\` and not `#<zero width space>#[`: the runner's `IndexOf("##[")` and
 * `StartsWith("::")` are culture-sensitive .NET string searches, which under ICU may ignore
 * zero-width and most control characters, so an invisible character between the two `#` need not
 * hide the prefix from the runner. A backslash after `[` is what the runner itself does to
 * `##[start-action` in user output (`OutputManager.cs`): the prefix stays visible and the command
 * name becomes `\name`, which no registered command (nor a hex stop token) matches.
 */
import { randomBytes } from "node:crypto";

/** What `##[` is written as (the runner's own escape of `##[start-action`). */
const LEGACY_PREFIX_ESCAPED = "##[\\";

/**
 * The text split into lines the way the runner reads them: at `\r\n`, `\n` and a bare `\r`
 * (`StreamReader.ReadLine`). A trailing line end does not start another line.
 */
export function runnerLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (/[\r\n]$/.test(text)) lines.pop();
  return lines;
}

/**
 * `##[` anywhere becomes `##[\`, so no legacy command can be parsed from the text (no command
 * name starts with a backslash). One already followed by a backslash is inert and left as it is,
 * so neutralising twice (an annotation's escaped data, then its whole line) changes nothing more.
 */
export function neutraliseLegacyCommands(text: string): string {
  return text.replace(/##\[(?!\\)/g, LEGACY_PREFIX_ESCAPED);
}

/**
 * What the runner may skip before it looks for `::`: .NET `TrimStart()` removes white space
 * (`char.IsWhiteSpace`: `\t`–`\r`, spaces, NEL, no-break and other Unicode spaces, line and
 * paragraph separators). Control and format characters are skipped too (more than the runner
 * does): escaping one line too many costs nothing.
 */
const LEADING_SKIPPED = /^[\s\u0085\p{Z}\p{Cc}\p{Cf}]*/u;

/** One line (no line ends in it) that no runner command can be parsed from. */
export function escapeLogLine(line: string): string {
  const safe = neutraliseLegacyCommands(line);
  const lead = LEADING_SKIPPED.exec(safe)?.[0] ?? "";
  return safe.startsWith("::", lead.length) ? `${lead}\\${safe.slice(lead.length)}` : safe;
}

/**
 * Plain text for the log, from which the runner parses no command: line ends become `\n` (a bare
 * `\r` ends a line for the runner, so it is shown as one), `##[` becomes `##[\` everywhere and a line
 * starting with `::` (after white space) starts with `\::`. No trailing line end.
 */
export function escapeLogText(text: string): string {
  return runnerLines(text).map(escapeLogLine).join("\n");
}

/** A workflow command's data (the toolkit's `escapeData`), `##[` neutralised first. */
export function escapeCommandData(text: string): string {
  return neutraliseLegacyCommands(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A workflow command's property value (the toolkit's `escapeProperty`), `##[` neutralised first. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export type CommandProperties = Readonly<Record<string, string | number | undefined>>;

/** Command names the action issues itself (never taken from text it was given). */
const COMMAND_NAME = /^[a-z][a-z-]*$/;

/** `::name key=value,…::data` with every property and the data escaped; empty properties left out. */
export function formatCommand(name: string, properties: CommandProperties, data: string): string {
  if (!COMMAND_NAME.test(name)) throw new Error(`not a workflow command name: ${JSON.stringify(name)}`);
  const props = Object.entries(properties)
    .filter(([key, value]) => /^[A-Za-z]+$/.test(key) && value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${escapeCommandProperty(String(value))}`);
  return `::${name}${props.length > 0 ? ` ${props.join(",")}` : ""}::${escapeCommandData(data)}`;
}

/**
 * Neutralises `##[` in a workflow command line that was already formatted with the toolkit's
 * escaping (for example `formatWorkflowCommand` of src/report/annotations.ts). Its escaping leaves
 * no line end in it; one is cut off here should one remain.
 */
export function safeCommandLine(line: string): string {
  const first = runnerLines(line)[0] ?? "";
  return neutraliseLegacyCommands(first);
}

/** A stop token: 128 random bits as hex (the runner masks it in the log, being longer than six). */
export function newStopToken(): string {
  return randomBytes(16).toString("hex");
}

/**
 * `text` shown as written, between `::stop-commands::<token>` and `::<token>::`. The token is
 * fresh for each block and never one the text contains (in any case: the runner compares it
 * case-insensitively); line ends inside are left as they are.
 */
export function verbatimBlock(text: string, token: () => string = newStopToken): string {
  const folded = text.toLowerCase();
  let t = token();
  for (let tries = 0; !/^[0-9a-z]{16,}$/i.test(t) || folded.includes(t.toLowerCase()); tries++) {
    if (tries >= 8) throw new Error("no usable stop-commands token");
    t = token();
  }
  const body = text === "" || /[\r\n]$/.test(text) ? text : `${text}\n`;
  return `::stop-commands::${t}\n${body}::${t}::\n`;
}

export interface RunnerChannel {
  /** Plain text (one or more lines), escaped by `escapeLogText`. */
  info(text: string): void;
  /** Text shown as written, inside a stop-commands block with a fresh token. */
  verbatim(text: string): void;
  /** `::name props::data`, escaped. */
  command(name: string, properties: CommandProperties, data: string): void;
  warning(message: string, properties?: CommandProperties): void;
  error(message: string, properties?: CommandProperties): void;
  notice(message: string, properties?: CommandProperties): void;
  startGroup(title: string): void;
  endGroup(): void;
  /** A line some other formatter made as a workflow command (an annotation): `##[` neutralised. */
  commandLine(line: string): void;
}

export interface RunnerChannelOptions {
  /** Where the text goes (default: stdout, which the runner reads). */
  write?: (text: string) => unknown;
  /** Applied to everything, after escaping (redaction comes last). */
  redact?: (text: string) => string;
  /** Stop tokens (default `newStopToken`). */
  token?: () => string;
}

export function createRunnerChannel(options: RunnerChannelOptions = {}): RunnerChannel {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const redact = options.redact ?? ((text: string) => text);
  // The redactor replaces a secret by `***`, which cannot form `##[`, `::` or a line end.
  const out = (text: string) => write(redact(text));
  const command = (name: string, properties: CommandProperties, data: string) => out(`${formatCommand(name, properties, data)}\n`);
  return {
    info: (text) => out(`${escapeLogText(text)}\n`),
    // The text is redacted before the token is chosen (the block's own lines are not redacted).
    verbatim: (text) => write(verbatimBlock(redact(text), options.token)),
    command,
    warning: (message, properties = {}) => command("warning", properties, message),
    error: (message, properties = {}) => command("error", properties, message),
    notice: (message, properties = {}) => command("notice", properties, message),
    startGroup: (title) => command("group", {}, title),
    endGroup: () => command("endgroup", {}, ""),
    commandLine: (line) => out(`${safeCommandLine(line)}\n`),
  };
}

/** The job log on stdout, for text without a redactor of its own (redact before passing it). */
export const jobLog: RunnerChannel = createRunnerChannel();
