#!/usr/bin/env node
// An agent for the `command` executor, in plain Node with no dependencies: a starting point for
// your own program. Wave Action starts it in the repository's work tree with the agent's prompt on
// stdin and in the file named by WAVE_PROMPT_FILE. The program does its work, changes only the
// files it owns, and ends its output with the marker lines its role needs (docs/markers.md); the
// gates read nothing else.
//
// This one does a deliberately small piece of work: it appends one line to the first file it owns
// (its first deliverable when it has one), or writes the report its role asks for. Replace `work`
// with what your agent really does, and make the markers say what it really proved.
//
// In a wave file:
//
//   ### Executor
//
//   - id: command
//   - command: node examples/agents/command-agent.mjs
//
// Closure agents (integration, documentation, cont-QA, ...) get a nonce in WAVE_MARKER_NONCE when
// the run requires one (`--require-marker-nonce`); their markers count only with `nonce=<value>`.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const env = process.env;
const agentId = env.WAVE_AGENT_ID ?? "agent";
const role = env.WAVE_ROLE ?? "implementation";
const wave = env.WAVE_WAVE ?? "?";

function fail(message) {
  process.stderr.write(`command-agent: ${message}\n`);
  process.exit(2);
}

const ROLES = ["implementation", "infra", "deploy", "research", "design", "integration", "documentation", "cont-qa"];
// cont-EVAL and security reviews report on real measurements and findings: write those yourself.
if (!ROLES.includes(role)) fail(`this example has no markers for the role ${role}`);

// 1. The prompt: the file Wave Action wrote for this launch (the same text is on stdin).
if (!env.WAVE_PROMPT_FILE) fail("WAVE_PROMPT_FILE is not set: run me as a wave agent (`- id: command`)");
const prompt = readFileSync(env.WAVE_PROMPT_FILE, "utf8");

/** The `- item` lines under a heading line of the prompt, e.g. "Files you own:". */
function listAfter(heading) {
  const lines = prompt.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) return [];
  const items = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^- (.+)$/.exec(line.trim());
    if (!m) break;
    if (m[1] !== "none") items.push(m[1]);
  }
  return items;
}

/** `key=value` pairs of the prompt's "Exit contract: completion=…, durability=…" line. */
function exitContract() {
  const line = prompt.split("\n").find((l) => l.startsWith("Exit contract: "));
  const pairs = {};
  for (const m of (line ?? "").matchAll(/([a-z-]+)=([^,\s]+)/g)) if (m[2] !== "-") pairs[m[1]] = m[2];
  return pairs;
}

const owned = listAfter("Files you own:");
const deliverables = listAfter("Deliverables you must leave on disk:");
const report = /^Your report file: (.+)$/m.exec(prompt)?.[1]?.trim() ?? null;

/** A path of the prompt, inside the work tree (never absolute, never `..`). */
function inTree(file) {
  const resolved = path.resolve(file);
  if (path.isAbsolute(file) || path.relative(process.cwd(), resolved).startsWith(".."))
    fail(`refusing a path outside the work tree: ${file}`);
  mkdirSync(path.dirname(resolved), { recursive: true });
  return resolved;
}

// 2. The work: one line in a file this agent owns, or its report.
function work() {
  if (role === "cont-qa") {
    if (!report) fail("the prompt names no report file");
    // A real reviewer reads the wave's changes and decides; this example only shows the format.
    writeFileSync(inTree(report), `# Wave ${wave} review by ${agentId}\n\nThe example agent reviewed nothing.\n\nVerdict: PASS\n`);
    return report;
  }
  const target = deliverables[0] ?? owned[0];
  if (!target) return null;
  appendFileSync(inTree(target), `Touched by ${agentId} (${role}) in wave ${wave}.\n`);
  return target;
}

// 3. The markers of the role, with the nonce when the run gave one.
function markers(touched) {
  const nonce = env.WAVE_MARKER_NONCE ? ` nonce=${env.WAVE_MARKER_NONCE}` : "";
  const detail = touched ? `example agent wrote ${touched}` : "example agent changed nothing";
  switch (role) {
    case "implementation":
    case "infra":
    case "deploy":
    case "research": {
      const c = exitContract();
      const out = [
        `[wave-proof] completion=${c.completion ?? "contract"} durability=${c.durability ?? "none"} proof=${c.proof ?? "unit"} state=met detail=${detail}`,
        `[wave-doc-delta] state=${c["doc-impact"] ?? "none"} detail=${detail}`,
      ];
      // "Components you own:" lists `component → level the wave promotes it to`.
      for (const item of listAfter("Components you own:")) {
        const [component, level] = item.split(" → ");
        if (level && level !== "no target") out.push(`[wave-component] component=${component} level=${level} state=met detail=${detail}`);
      }
      return out;
    }
    case "design":
      return [`[wave-design] state=ready-for-implementation decisions=0 assumptions=0 open_questions=0 detail=${detail}`];
    case "integration":
      return [`[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0${nonce} detail=${detail}`];
    case "documentation":
      return [`[wave-doc-closure] state=${touched ? `closed paths=${touched}` : "no-change"}${nonce} detail=${detail}`];
    case "cont-qa":
      return [
        `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${nonce} detail=${detail}`,
        `[wave-verdict] pass${nonce} detail=${detail}`,
      ];
    default:
      return fail(`this example has no markers for the role ${role}`);
  }
}

const touched = work();
process.stdout.write(`${agentId}: ${touched ? `wrote ${touched}` : "nothing to write"}\n`);
process.stdout.write(`${markers(touched).join("\n")}\n`);
