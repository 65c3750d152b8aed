/**
 * The runner side of the step protocol: environment files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE)
 * and workflow commands printed on stdout (::error::, ::add-mask::, ...).
 */
import { WorkflowRunnerError } from "./errors.js";

/** Parses `name=value` and `name<<DELIMITER` … `DELIMITER` blocks. */
export function parseEnvFile(text: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, "");
    if (line === "") continue;
    const heredoc = /^([^=]+?)<<(.+)$/.exec(line);
    const eq = line.indexOf("=");
    if (heredoc && (eq < 0 || eq > line.indexOf("<<"))) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      let closed = false;
      for (i++; i < lines.length; i++) {
        const l = (lines[i] as string).replace(/\r$/, "");
        if (l === delimiter) {
          closed = true;
          break;
        }
        value.push(l);
      }
      if (!closed) throw new WorkflowRunnerError(`${what}: missing delimiter "${delimiter}" for "${name}"`);
      out[name] = value.join("\n");
      continue;
    }
    if (eq <= 0) throw new WorkflowRunnerError(`${what}: invalid line "${line}"`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

function unescapeData(s: string): string {
  return s.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%25/g, "%");
}

function unescapeProperty(s: string): string {
  return unescapeData(s).replace(/%3A/gi, ":").replace(/%2C/gi, ",");
}

/** Reads `::command key=value,...::message` lines; honours ::stop-commands::<token>. */
export function parseWorkflowCommands(output: string): WorkflowCommand[] {
  const out: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const raw of output.split("\n")) {
    const line = raw.replace(/\r$/, "").trimStart();
    if (!line.startsWith("::")) continue;
    const end = line.indexOf("::", 2);
    if (end < 0) continue;
    const head = line.slice(2, end);
    const message = line.slice(end + 2);
    const space = head.indexOf(" ");
    const command = space < 0 ? head : head.slice(0, space);
    if (stopToken !== undefined) {
      if (command === stopToken) stopToken = undefined;
      continue;
    }
    if (command === "stop-commands") {
      stopToken = message;
      continue;
    }
    const properties: Record<string, string> = {};
    if (space >= 0) {
      for (const part of head.slice(space + 1).split(",")) {
        const eq = part.indexOf("=");
        if (eq > 0) properties[part.slice(0, eq).trim()] = unescapeProperty(part.slice(eq + 1));
      }
    }
    out.push({ command, properties, message: unescapeData(message) });
  }
  return out;
}

/** Replaces every secret (and ::add-mask:: value) with ***. */
export function maskText(text: string, secrets: Iterable<string>): string {
  let out = text;
  const values = [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join("***");
  return out;
}
