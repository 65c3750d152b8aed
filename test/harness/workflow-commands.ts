/**
 * What the runner reads back from a step: workflow commands on stdout (`::error file=a,line=1::msg`,
 * `::add-mask::`, `::stop-commands::`, legacy `::set-output` / `::save-state`, and the legacy form
 * `##[name props]data`) and the file commands (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE: `name=value`
 * lines and `name<<DELIM` heredocs).
 *
 * stdout is read the way actions/runner reads it (the one parser of the test suites: the local
 * workflow runner's test/workflow/runner/commands.ts uses it too). Line numbers are those of
 * actions/runner at commit 258d6c857db3519913f7deb6004b60172f8043ae:
 * - src/Runner.Sdk/ProcessInvoker.cs (`StartReadStream`, line 513) reads stdout with .NET
 *   `StreamReader.ReadLine`, which ends a line at `\n`, `\r\n` and a bare `\r`;
 * - src/Runner.Worker/Handlers/OutputManager.cs (`OnDataReceived`, lines 77-91) passes a line
 *   holding `##[` or `::` to `ActionCommandManager.TryProcessCommand`
 *   (src/Runner.Worker/ActionCommandManager.cs, lines 60-150), which tries
 *   `ActionCommand.TryParseV2` and then `ActionCommand.TryParse` (src/Runner.Common/ActionCommand.cs,
 *   lines 51-119 and 121-189; `TrimStart()` and `StartsWith("::")` at lines 62-63, `IndexOf("##[")`
 *   at line 132):
 *   - V2: `message.TrimStart()` (white space only) must start with `::`; the command info runs to
 *     the next `::`; the name ends at the first space; properties are `,`-separated `k=v` (split at
 *     the first `=`, pairs without both sides dropped), unescaped `%0D %0A %3A %2C %25`; the data
 *     after the second `::` is unescaped `%0D %0A %25`;
 *   - legacy: `##[` ANYWHERE in the line (`IndexOf`), the command info up to the next `]`, the
 *     name up to the first space, `;`-separated properties, values and data unescaped
 *     `%3B %0D %0A %5D %25`;
 *   - either way the name must be a registered command (compared case-insensitively);
 * - `stop-commands` (ActionCommandManager.cs, lines 84-125 and `ValidateStopToken`): after it no
 *   command is processed until one named after its token (compared case-insensitively, in either
 *   form) resumes them; an empty token, a registered command name or `pause-logging` fails the step.
 * The step's stderr is read the same way by a second OutputManager sharing the command manager
 * (src/Runner.Worker/Handlers/NodeScriptActionHandler.cs, lines 157-161); the harness parses stdout.
 * Not modelled: the runner's string searches (`IndexOf("##[")`, `StartsWith("::")`) are .NET
 * culture-sensitive ones, which under ICU may also match across characters the collation ignores
 * (zero-width and most control characters); the action's escaping (src/report/runner-channel.ts)
 * does not rely on such characters.
 */

export type AnnotationLevel = "error" | "warning" | "notice";

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  title?: string;
  file?: string;
  line?: number;
  endLine?: number;
  col?: number;
  endColumn?: number;
}

/** A command the runner processed: its name (lower case), properties, data and form. */
export interface RunnerCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
  form: "v2" | "legacy";
  /** The line it was read from. */
  line: string;
}

export interface StdoutCommands {
  /** Every command processed, in order (stop-commands and its resume included). */
  commands: RunnerCommand[];
  annotations: Annotation[];
  /** Values registered with ::add-mask:: */
  masks: string[];
  /** Legacy ::set-output name=x::value */
  outputs: Record<string, string>;
  /** Legacy ::save-state name=x::value */
  state: Record<string, string>;
  debug: string[];
  /** What would fail the step (an invalid stop-commands token). */
  errors: string[];
}

/** The commands the runner registers (src/Runner.Common/ExtensionManager.cs), plus stop-commands. */
export const REGISTERED_COMMANDS: readonly string[] = [
  "set-env",
  "set-output",
  "save-state",
  "add-path",
  "add-mask",
  "add-matcher",
  "remove-matcher",
  "warning",
  "error",
  "notice",
  "debug",
  "group",
  "endgroup",
  "echo",
  "stop-commands",
];

/** Lines as `StreamReader.ReadLine` returns them: ended by `\r\n`, `\n` or a bare `\r`. */
export function runnerLines(stdout: string): string[] {
  if (stdout === "") return [];
  const lines = stdout.split(/\r\n|\r|\n/);
  if (/[\r\n]$/.test(stdout)) lines.pop();
  return lines;
}

const unescapeWith = (pairs: readonly [string, string][]) => (s: string) => pairs.reduce((t, [from, to]) => t.split(from).join(to), s);
/** ActionCommand.cs `_escapeDataMappings`, in its order. */
const unescapeData = unescapeWith([
  ["%0D", "\r"],
  ["%0A", "\n"],
  ["%25", "%"],
]);
/** ActionCommand.cs `_escapePropertyMappings`. */
const unescapeProperty = unescapeWith([
  ["%0D", "\r"],
  ["%0A", "\n"],
  ["%3A", ":"],
  ["%2C", ","],
  ["%25", "%"],
]);
/** ActionCommand.cs `_escapeMappings` (the legacy form). */
const unescapeLegacy = unescapeWith([
  ["%3B", ";"],
  ["%0D", "\r"],
  ["%0A", "\n"],
  ["%5D", "]"],
  ["%25", "%"],
]);

/** .NET `char.IsWhiteSpace`, what `TrimStart()` removes. */
const DOTNET_LEADING_WHITE_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

interface ParsedCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

const isRegistered = (name: string, registered: ReadonlySet<string>) => registered.has(name.toLowerCase());

function properties(text: string, separator: string, decode: (s: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(separator).filter(Boolean)) {
    const eq = part.indexOf("=");
    // .NET Split('=', 2, RemoveEmptyEntries): "k=" and "=v" give one part and are dropped.
    if (eq <= 0 || eq === part.length - 1) continue;
    out[part.slice(0, eq)] = decode(part.slice(eq + 1));
  }
  return out;
}

/** `ActionCommand.TryParseV2`: `::name props::data` at the start of the line (after white space). */
function parseV2(line: string, registered: ReadonlySet<string>): ParsedCommand | null {
  const text = line.slice(DOTNET_LEADING_WHITE_SPACE.exec(line)?.[0].length ?? 0);
  if (!text.startsWith("::")) return null;
  const end = text.indexOf("::", 2);
  if (end < 0) return null;
  const info = text.slice(2, end);
  const space = info.indexOf(" ");
  const command = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(command, registered)) return null;
  const props = space > 0 ? properties(info.slice(space + 1).trim(), ",", unescapeProperty) : {};
  return { command, properties: props, data: unescapeData(text.slice(end + 2)) };
}

/** `ActionCommand.TryParse`: `##[name props]data` anywhere in the line. */
function parseLegacy(line: string, registered: ReadonlySet<string>): ParsedCommand | null {
  const start = line.indexOf("##[");
  if (start < 0) return null;
  const rb = line.indexOf("]", start);
  if (rb < 0) return null;
  const info = line.slice(start + 3, rb);
  const space = info.indexOf(" ");
  const command = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(command, registered)) return null;
  const props = space > 0 ? properties(info.slice(space + 1), ";", unescapeLegacy) : {};
  return { command, properties: props, data: unescapeLegacy(line.slice(rb + 1)) };
}

/** Parses one line as the runner would with its registered commands (no stop-commands state). */
export function parseCommandLine(
  line: string,
  registered: Iterable<string> = REGISTERED_COMMANDS,
): (ParsedCommand & { form: "v2" | "legacy" }) | null {
  const set = new Set([...registered].map((c) => c.toLowerCase()));
  const v2 = parseV2(line, set);
  if (v2) return { ...v2, form: "v2" };
  const legacy = parseLegacy(line, set);
  return legacy ? { ...legacy, form: "legacy" } : null;
}

function num(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

/** A property by name, compared case-insensitively (the runner's properties dictionary). */
function prop(p: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(p).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : p[key];
}

export function parseStdoutCommands(stdout: string): StdoutCommands {
  const out: StdoutCommands = { commands: [], annotations: [], masks: [], outputs: {}, state: {}, debug: [], errors: [] };
  const registered = new Set(REGISTERED_COMMANDS);
  let stopToken: string | null = null;
  for (const line of runnerLines(stdout)) {
    if (!line.includes("##[") && !line.includes("::")) continue;
    const parsed = parseCommandLine(line, registered);
    if (!parsed) continue;
    const name = parsed.command.toLowerCase();
    if (stopToken !== null) {
      if (name !== stopToken) continue;
      registered.delete(stopToken);
      stopToken = null;
      out.commands.push({ ...parsed, command: name, line });
      continue;
    }
    out.commands.push({ ...parsed, command: name, line });
    const p = parsed.properties;
    switch (name) {
      case "error":
      case "warning":
      case "notice": {
        const a: Annotation = { level: name, message: parsed.data };
        const title = prop(p, "title");
        if (title !== undefined) a.title = title;
        const file = prop(p, "file");
        if (file !== undefined) a.file = file;
        const lineNo = num(prop(p, "line"));
        if (lineNo !== undefined) a.line = lineNo;
        const endLine = num(prop(p, "endLine"));
        if (endLine !== undefined) a.endLine = endLine;
        const col = num(prop(p, "col"));
        if (col !== undefined) a.col = col;
        const endColumn = num(prop(p, "endColumn"));
        if (endColumn !== undefined) a.endColumn = endColumn;
        out.annotations.push(a);
        break;
      }
      case "add-mask":
        if (parsed.data) out.masks.push(parsed.data);
        break;
      case "set-output": {
        const outputName = prop(p, "name");
        if (outputName) out.outputs[outputName] = parsed.data;
        break;
      }
      case "save-state": {
        const stateName = prop(p, "name");
        if (stateName) out.state[stateName] = parsed.data;
        break;
      }
      case "debug":
        out.debug.push(parsed.data);
        break;
      case "stop-commands": {
        const token = parsed.data.toLowerCase();
        if (!token || registered.has(token) || token === "pause-logging") {
          out.errors.push(`stop-commands: unsupported token '${parsed.data}'`);
          break;
        }
        stopToken = token;
        registered.add(token);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * Parses a file command (GITHUB_OUTPUT / GITHUB_ENV / GITHUB_STATE) like the runner: later values
 * win; a malformed line or a heredoc without its closing delimiter is an error (the runner fails
 * the step).
 */
export function parseFileCommand(content: string, label = "file command"): Record<string, string> {
  const result: Record<string, string> = {};
  const lines = content.split("\n").map((l) => l.replace(/\r$/, ""));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") continue;
    const eq = line.indexOf("=");
    const heredoc = line.indexOf("<<");
    if (eq >= 0 && (heredoc < 0 || eq < heredoc)) {
      const key = line.slice(0, eq);
      if (!key) throw new Error(`${label}: invalid format '${line}'`);
      result[key] = line.slice(eq + 1);
    } else if (heredoc >= 0) {
      const key = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (!key || !delimiter) throw new Error(`${label}: invalid format '${line}'`);
      const value: string[] = [];
      let closed = false;
      for (i++; i < lines.length; i++) {
        if (lines[i] === delimiter) {
          closed = true;
          break;
        }
        value.push(lines[i] as string);
      }
      if (!closed) throw new Error(`${label}: matching delimiter not found '${delimiter}'`);
      result[key] = value.join("\n");
    } else {
      throw new Error(`${label}: invalid format '${line}'`);
    }
  }
  return result;
}

/** Runner: the name a post step reads a saved value from (`core.getState(name)`). */
export function stateEnvName(name: string): string {
  return `STATE_${name}`;
}

/** Runner: the environment variable an input is passed in (spaces → `_`, upper case, hyphens kept). */
export function inputEnvName(name: string): string {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}
