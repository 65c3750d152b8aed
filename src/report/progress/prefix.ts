/**
 * `stream-logs`: every complete line of an agent's output prefixed with `[A1] `, partial lines
 * carried between chunks. The prefix also keeps agent output from starting a line with `::`; the
 * job log channel (src/report/runner-channel.ts) escapes what else could form a workflow command.
 */

/** A partial line longer than this is emitted as a line of its own (bounded memory). */
export const MAX_CARRY_CHARS = 16 * 1024;

export interface PrefixResult {
  /** Complete, prefixed lines, each ending with `\n` (empty when no line completed). */
  text: string;
  /** The unfinished last line, to pass with the next chunk. */
  carry: string;
}

function linePrefix(agentId: string): string {
  return `[${agentId.replace(/[\u0000-\u001f\u007f\]]/g, "")}] `;
}

/**
 * Prefixes the complete lines of `carry + chunk`. A line ends where the runner ends it (actions/runner
 * reads a step's stdout with .NET `StreamReader.ReadLine`): at `\n`, `\r\n` or a bare `\r`, each
 * written as `\n`, so every line the runner sees starts with the prefix. A `\r` at the end of the
 * data is carried (a `\n` may follow in the next chunk).
 */
export function prefixLines(agentId: string, chunk: string, carry = ""): PrefixResult {
  const prefix = linePrefix(agentId);
  const data = carry + chunk;
  const pendingCr = data.endsWith("\r");
  const parts = (pendingCr ? data.slice(0, -1) : data).split(/\r\n|\r|\n/);
  let rest = parts.pop()!;
  let text = "";
  for (const line of parts) text += `${prefix}${line}\n`;
  while (rest.length > MAX_CARRY_CHARS) {
    text += `${prefix}${rest.slice(0, MAX_CARRY_CHARS)}\n`;
    rest = rest.slice(MAX_CARRY_CHARS);
  }
  return { text, carry: pendingCr ? `${rest}\r` : rest };
}

/** The last, unterminated line at the end of a stream (empty when there is none). */
export function flushPrefixed(agentId: string, carry: string): string {
  if (carry === "") return "";
  const line = carry.endsWith("\r") ? carry.slice(0, -1) : carry;
  return `${linePrefix(agentId)}${line}\n`;
}
