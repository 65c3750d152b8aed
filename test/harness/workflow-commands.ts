/**
 * What the runner reads back from a step: workflow commands on stdout (`::error file=a,line=1::msg`,
 * `::add-mask::`, `::stop-commands::`, legacy `::set-output` / `::save-state`) and the file commands
 * (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE: `name=value` lines and `name<<DELIM` heredocs).
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

export interface StdoutCommands {
  annotations: Annotation[];
  /** Values registered with ::add-mask:: */
  masks: string[];
  /** Legacy ::set-output name=x::value */
  outputs: Record<string, string>;
  /** Legacy ::save-state name=x::value */
  state: Record<string, string>;
  debug: string[];
}

function unescapeData(s: string): string {
  return s.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%25/g, "%");
}

function unescapeProperty(s: string): string {
  return s.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%3A/gi, ":").replace(/%2C/gi, ",").replace(/%25/g, "%");
}

interface ParsedCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

/** Parses one line as `::command props::data` (leading whitespace allowed, as the runner does). */
export function parseCommandLine(line: string): ParsedCommand | null {
  const text = line.replace(/\r$/, "").trimStart();
  if (!text.startsWith("::")) return null;
  const end = text.indexOf("::", 2);
  if (end < 0) return null;
  const head = text.slice(2, end);
  const data = unescapeData(text.slice(end + 2));
  const space = head.indexOf(" ");
  const command = (space < 0 ? head : head.slice(0, space)).trim();
  if (!command) return null;
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of head.slice(space + 1).split(",")) {
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      properties[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { command, properties, data };
}

function num(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

export function parseStdoutCommands(stdout: string): StdoutCommands {
  const out: StdoutCommands = { annotations: [], masks: [], outputs: {}, state: {}, debug: [] };
  let stopToken: string | null = null;
  for (const line of stdout.split("\n")) {
    const cmd = parseCommandLine(line);
    if (!cmd) continue;
    if (stopToken !== null) {
      if (cmd.command === stopToken) stopToken = null;
      continue;
    }
    switch (cmd.command) {
      case "error":
      case "warning":
      case "notice": {
        const p = cmd.properties;
        const a: Annotation = { level: cmd.command, message: cmd.data };
        if (p["title"] !== undefined) a.title = p["title"];
        if (p["file"] !== undefined) a.file = p["file"];
        const lineNo = num(p["line"]);
        if (lineNo !== undefined) a.line = lineNo;
        const endLine = num(p["endLine"]);
        if (endLine !== undefined) a.endLine = endLine;
        const col = num(p["col"]);
        if (col !== undefined) a.col = col;
        const endColumn = num(p["endColumn"]);
        if (endColumn !== undefined) a.endColumn = endColumn;
        out.annotations.push(a);
        break;
      }
      case "add-mask":
        if (cmd.data) out.masks.push(cmd.data);
        break;
      case "set-output":
        if (cmd.properties["name"]) out.outputs[cmd.properties["name"]] = cmd.data;
        break;
      case "save-state":
        if (cmd.properties["name"]) out.state[cmd.properties["name"]] = cmd.data;
        break;
      case "debug":
        out.debug.push(cmd.data);
        break;
      case "stop-commands":
        if (cmd.data) stopToken = cmd.data;
        break;
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
