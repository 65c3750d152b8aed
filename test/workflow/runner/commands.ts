/**
 * The runner side of the step protocol: environment files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE)
 * and workflow commands printed on stdout (::error::, ::add-mask::, ...).
 */
import { parseStdoutCommands, REGISTERED_COMMANDS } from "../../harness/workflow-commands.js";
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

/**
 * The workflow commands a step's stdout issues, as the runner processes them (line ends, the
 * legacy `##[name]` form anywhere in a line, `stop-commands`): read by the harness's one parser,
 * test/harness/workflow-commands.ts, which cites actions/runner. stop-commands and its resume are
 * left out (they issue nothing).
 */
export function parseWorkflowCommands(output: string): WorkflowCommand[] {
  return parseStdoutCommands(output)
    .commands.filter((c) => c.command !== "stop-commands" && REGISTERED_COMMANDS.includes(c.command))
    .map((c) => ({ command: c.command, properties: c.properties, message: c.data }));
}

/** Replaces every secret (and ::add-mask:: value) with ***. */
export function maskText(text: string, secrets: Iterable<string>): string {
  let out = text;
  const values = [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join("***");
  return out;
}
