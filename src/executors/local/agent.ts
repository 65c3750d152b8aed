/**
 * `wave __local-agent --task <file>`: the built-in, deterministic, LLM-free agent. It reads its task
 * file, creates its missing deliverables (never overwriting a file), then prints the markers its
 * role requires. Used for demos, dry runs and tests.
 *
 * Test knobs (read from the environment, both optional):
 *   WAVE_LOCAL_SLEEP_MS=<n>   wait n milliseconds before doing anything (n ≤ 3 600 000);
 *   WAVE_LOCAL_FAIL=<ids>     "1"/"true"/"all", or a comma list of agent ids: exit 1 without
 *                             creating files or printing markers.
 * Exit codes: 0 done; 1 failed on request or could not create a deliverable; 2 bad usage or task.
 */
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import type { AgentIo } from "../../command-io.js";
import { errorMessage } from "../../errors.js";
import { ensureDeliverables } from "./deliverables.js";
import { markersFor } from "./markers.js";
import { type LocalTask, NONCE_FROM_ENV, parseLocalTask } from "./task-file.js";

const LOCAL_AGENT_USAGE = "usage: wave __local-agent --task <local-task.json>\n";
const MAX_SLEEP_MS = 3_600_000;

function taskPathFrom(argv: readonly string[]): string | null {
  const args = argv[0] === "__local-agent" ? argv.slice(1) : [...argv];
  let taskPath: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--task" && i + 1 < args.length) taskPath = args[++i]!;
    else if (arg.startsWith("--task=")) taskPath = arg.slice("--task=".length);
    else return null;
  }
  return taskPath && taskPath !== "" ? taskPath : null;
}

async function loadTask(taskPath: string): Promise<LocalTask> {
  return parseLocalTask(await readFile(taskPath, "utf8"), taskPath);
}

function failRequested(env: AgentIo["env"], agentId: string): boolean {
  const raw = env.WAVE_LOCAL_FAIL?.trim();
  if (!raw) return false;
  if (["1", "true", "yes", "all"].includes(raw.toLowerCase())) return true;
  return raw.split(",").some((id) => id.trim() === agentId);
}

function sleepMs(env: AgentIo["env"]): number {
  const raw = env.WAVE_LOCAL_SLEEP_MS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return 0;
  return Math.min(Number(raw), MAX_SLEEP_MS);
}

export async function runLocalAgent(argv: string[], io: AgentIo): Promise<number> {
  const taskPath = taskPathFrom(argv);
  if (taskPath === null) {
    io.stderr(LOCAL_AGENT_USAGE);
    return 2;
  }
  let task: LocalTask;
  try {
    task = await loadTask(taskPath);
    // The task file names the nonce's variable; its value is in this process's environment only.
    if (task.markerNonce === NONCE_FROM_ENV) task = { ...task, markerNonce: io.env.WAVE_MARKER_NONCE || null };
  } catch (error) {
    io.stderr(`wave local agent: error: ${errorMessage(error)}\n`);
    return 2;
  }
  const delay = sleepMs(io.env);
  if (delay > 0) await sleep(delay);
  if (failRequested(io.env, task.agentId)) {
    io.stderr(`wave local agent: ${task.agentId} fails on request (WAVE_LOCAL_FAIL)\n`);
    return 1;
  }
  io.stdout(`wave local agent: ${task.agentId} (${task.role}), wave ${task.wave}, lane ${task.lane}\n`);
  let refused = 0;
  try {
    for (const outcome of await ensureDeliverables(task)) {
      if (outcome.action === "refused") {
        refused++;
        io.stderr(`wave local agent: refused ${outcome.path}: ${outcome.reason}\n`);
      } else {
        io.stdout(`wave local agent: ${outcome.action} ${outcome.path}\n`);
      }
    }
  } catch (error) {
    io.stderr(`wave local agent: error: ${errorMessage(error)}\n`);
    return 1;
  }
  if (refused > 0) return 1;
  for (const line of markersFor(task)) io.stdout(`${line}\n`);
  return 0;
}
