/**
 * `stream-logs`: every complete line of an agent's output prefixed with `[A1] `, partial lines
 * carried between chunks. The prefix also keeps agent output from starting a line with `::`, so an
 * agent cannot issue workflow commands through the job log.
 */

/** A partial line longer than this is emitted as a line of its own (bounded memory). */
export const MAX_CARRY_CHARS = 16 * 1024;

export interface PrefixResult {
  /** Complete, prefixed lines, each ending with `\n` (empty when no line completed). */
  text: string;
  /** The unfinished last line, to pass with the next chunk. */
  carry: string;
}

export function linePrefix(agentId: string): string {
  return `[${agentId.replace(/[\u0000-\u001f\u007f\]]/g, "")}] `;
}

/** Prefixes the complete lines of `carry + chunk`; `\r\n` endings become `\n`. */
export function prefixLines(agentId: string, chunk: string, carry = ""): PrefixResult {
  const prefix = linePrefix(agentId);
  const data = carry + chunk;
  const parts = data.split("\n");
  let rest = parts.pop()!;
  let text = "";
  for (const line of parts) text += `${prefix}${line.endsWith("\r") ? line.slice(0, -1) : line}\n`;
  while (rest.length > MAX_CARRY_CHARS) {
    text += `${prefix}${rest.slice(0, MAX_CARRY_CHARS)}\n`;
    rest = rest.slice(MAX_CARRY_CHARS);
  }
  return { text, carry: rest };
}

/** The last, unterminated line at the end of a stream (empty when there is none). */
export function flushPrefixed(agentId: string, carry: string): string {
  if (carry === "") return "";
  const line = carry.endsWith("\r") ? carry.slice(0, -1) : carry;
  return `${linePrefix(agentId)}${line}\n`;
}
