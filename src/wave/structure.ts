/**
 * The outline of a wave file: title, wave-level `## ` sections, `## Agent <id>: <title>` blocks
 * with their `### ` sub-sections, and the commit message line. Built from the markdown scanner,
 * so headings inside fenced blocks are ignored and every piece keeps its line numbers.
 */
import type { DiagnosticSink } from "./diagnostics.js";
import { type MdLine, type ScannedMarkdown, scanMarkdown } from "./markdown.js";
import { preview } from "./preview.js";

interface BodyLine {
  n: number;
  text: string;
  fenced: boolean;
}

export interface Section {
  name: string;
  /** Heading level: 2 for wave-level sections, 3 for agent sub-sections. */
  level: number;
  /** Line of the heading. */
  line: number;
  body: BodyLine[];
}

export interface AgentBlock {
  agentId: string;
  title: string;
  line: number;
  sections: Section[];
}

export interface WaveOutline {
  scanned: ScannedMarkdown;
  title: { text: string; line: number } | null;
  sections: Section[];
  agents: AgentBlock[];
  commitMessage: { text: string; line: number } | null;
  /** `**Ownership**: strict|report` (the word as written, checked by the parser), or null. */
  ownership?: { text: string; line: number } | null;
}

const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export { preview } from "./preview.js";

const COMMIT_LABEL = "**Commit message**:";

function commitMessageOf(line: MdLine): string | null {
  const at = line.text.indexOf(COMMIT_LABEL);
  if (at < 0) return null;
  const rest = line.text.slice(at + COMMIT_LABEL.length).trimStart();
  if (!rest.startsWith("`")) return null;
  const end = rest.indexOf("`", 1);
  if (end <= 1) return null;
  return rest.slice(1, end);
}

const OWNERSHIP_LABEL = "**Ownership**:";

/** The word after `**Ownership**:` (backticks optional), or null when the line has no such label. */
function ownershipOf(line: MdLine): string | null {
  const at = line.text.indexOf(OWNERSHIP_LABEL);
  if (at < 0) return null;
  return line.text
    .slice(at + OWNERSHIP_LABEL.length)
    .trim()
    .replace(/^`([^`]*)`.*$/, "$1")
    .trim();
}

/** Builds the outline. Structural problems (bad agent headings, unclosed fences) go to `sink`. */
export function outlineWaveFile(text: string, sink: DiagnosticSink): WaveOutline {
  const scanned = scanMarkdown(text);
  const outline: WaveOutline = { scanned, title: null, sections: [], agents: [], commitMessage: null };
  let currentTop: Section | null = null;
  let currentAgent: AgentBlock | null = null;
  let currentSub: Section | null = null;

  for (const line of scanned.lines) {
    const h = line.fenced ? undefined : line.heading;
    if (h && h.level === 1) {
      if (!outline.title) outline.title = { text: h.text, line: line.n };
      currentTop = null;
      currentAgent = null;
      currentSub = null;
      continue;
    }
    if (h && h.level === 2) {
      currentTop = null;
      currentAgent = null;
      currentSub = null;
      if (/^Agent(?:\s|:|$)/.test(h.text)) {
        const rest = h.text.slice("Agent".length);
        const colon = rest.indexOf(":");
        const agentId = colon >= 0 ? rest.slice(0, colon).trim() : "";
        const title = colon >= 0 ? rest.slice(colon + 1).trim() : "";
        if (!agentId || !title) {
          sink.error(line.n, `Malformed agent heading "${preview(line.text)}": expected "## Agent <id>: <title>"`);
          continue;
        }
        if (!AGENT_ID_PATTERN.test(agentId)) {
          sink.error(
            line.n,
            `Agent id "${preview(agentId, 40)}" may only contain letters, digits, ".", "_" and "-" (and must start with a letter or digit)`,
            { agentId },
          );
          continue;
        }
        currentAgent = { agentId, title, line: line.n, sections: [] };
        outline.agents.push(currentAgent);
      } else {
        currentTop = { name: h.text, level: 2, line: line.n, body: [] };
        outline.sections.push(currentTop);
      }
      continue;
    }
    if (!outline.commitMessage && !line.fenced) {
      const msg = commitMessageOf(line);
      if (msg !== null) outline.commitMessage = { text: msg, line: line.n };
    }
    if (!outline.ownership && !line.fenced && !currentAgent) {
      const word = ownershipOf(line);
      if (word !== null) outline.ownership = { text: word, line: line.n };
    }
    if (currentAgent) {
      if (h && h.level === 3) {
        currentSub = { name: h.text, level: 3, line: line.n, body: [] };
        currentAgent.sections.push(currentSub);
        continue;
      }
      currentSub?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
      continue;
    }
    currentTop?.body.push({ n: line.n, text: line.text, fenced: line.fenced });
  }

  let fenceOpen = 0;
  for (const line of scanned.lines) {
    if (line.fenceIndex !== undefined && scanned.fences[line.fenceIndex]!.open === line.n) fenceOpen = line.n;
    if (line.fenced && line.fenceIndex === undefined && /^## Agent\s+[^:]+:\s*\S/.test(line.text)) {
      sink.warning(
        line.n,
        `"${preview(line.text)}" looks like an agent heading but is inside the fenced block opened at line ${fenceOpen}; if it should start a new agent, close that fence first`,
      );
    }
  }
  for (const fence of scanned.fences) {
    if (fence.close === null) {
      sink.error(fence.open, `Fenced block opened here is never closed (everything after it is treated as its content)`);
    }
  }
  return outline;
}
