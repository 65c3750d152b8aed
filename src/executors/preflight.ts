/**
 * Preflight: before a live run, check that the program of every executor an agent may use (its
 * executor and its fallbacks) can be started, resolving argv[0] the way execvp does: a name with a
 * slash is a path (relative to the agent's cwd), any other name is searched on PATH (an empty PATH
 * entry is the cwd; no PATH means "/bin:/usr/bin"). All problems are reported in one message.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { whyAgentCannotRun } from "../agent-user/access.js";
import type { Owner } from "../agent-user/worktree.js";
import type { ExecutorId, ResolvedExecutor } from "../wave/schema.js";
import { adapterOf } from "./registry.js";

export interface PreflightAgent {
  agentId: string;
  executor: ResolvedExecutor;
}

export interface PreflightOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Directory relative program paths and empty PATH entries resolve against (the repo root). */
  cwd: string;
  /** argv prefix of the wave CLI (the program of the `local` executor). */
  cliArgv: readonly string[];
  /**
   * With agents behind another OS user: why that user cannot start a program found at this path
   * (null when it can). The `local` executor is left out: its agents start a copy of the CLI made
   * for them.
   */
  agentCannotRun?: ((file: string) => string | null) | undefined;
}

export type MissingReason = "not-found" | "not-executable" | "no-argv" | "agent-user-cannot-run";

export interface MissingExecutor {
  executorId: ExecutorId;
  /** argv[0] as configured ("" when the executor has no argv at all). */
  program: string;
  reason: MissingReason;
  /** With `agent-user-cannot-run`: where the program is and why the agent user cannot start it. */
  detail?: string;
  /** Agents whose chain includes this executor, with whether it is their own executor. */
  agents: { agentId: string; asFallback: boolean }[];
}

export interface PreflightReport {
  missing: MissingExecutor[];
  /** Agents none of whose chain can start: the run cannot go ahead. */
  blockedAgents: { agentId: string; chain: ExecutorId[] }[];
  /** The first startable executor of each agent's chain (null when blocked). */
  firstAvailable: Record<string, ExecutorId | null>;
}

/** argv[0] of an executor as the builders would launch it, or null when it has none. */
export function executorProgram(executor: ResolvedExecutor, id: ExecutorId, cliArgv: readonly string[]): string | null {
  return adapterOf(id).program(executor, cliArgv);
}

function isExecutableFile(candidate: string): "ok" | "not-executable" | "absent" {
  try {
    if (!statSync(candidate).isFile()) return "absent";
  } catch {
    return "absent";
  }
  try {
    accessSync(candidate, constants.X_OK);
    return "ok";
  } catch {
    return "not-executable";
  }
}

/** Where execvp would find `program`, or why it would fail. */
export function resolveProgram(
  program: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { path: string } | { reason: Exclude<MissingReason, "no-argv"> } {
  if (program.includes("/")) {
    const abs = path.resolve(cwd, program);
    const state = isExecutableFile(abs);
    return state === "ok" ? { path: abs } : { reason: state === "absent" ? "not-found" : "not-executable" };
  }
  const searchPath = env.PATH ?? "/bin:/usr/bin";
  let sawNonExecutable = false;
  for (const dir of searchPath.split(":")) {
    const candidate = path.resolve(cwd, dir === "" ? "." : dir, program);
    const state = isExecutableFile(candidate);
    if (state === "ok") return { path: candidate };
    if (state === "not-executable") sawNonExecutable = true;
  }
  return { reason: sawNonExecutable ? "not-executable" : "not-found" };
}

/**
 * `agentCannotRun` for agents running as `identity`: why that user cannot start a program found
 * here (agent-user/access.ts `whyAgentCannotRun`, a script's interpreter looked up on the same
 * PATH). One check for `wave run`'s preflight and `wave doctor`.
 */
export function agentRunCheck(
  identity: Owner,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): (file: string) => string | null {
  const findOnPath = (name: string) => {
    const found = resolveProgram(name, env, cwd);
    return "path" in found ? found.path : null;
  };
  return (file: string) => whyAgentCannotRun(identity, file, findOnPath);
}

function chainOf(executor: ResolvedExecutor): ExecutorId[] {
  return [executor.id, ...executor.fallbacks].filter((id, i, all) => all.indexOf(id) === i);
}

export function preflight(agents: readonly PreflightAgent[], options: PreflightOptions): PreflightReport {
  const missing = new Map<string, MissingExecutor>();
  const usable = new Map<string, boolean>();
  const blockedAgents: PreflightReport["blockedAgents"] = [];
  const firstAvailable: Record<string, ExecutorId | null> = {};
  for (const { agentId, executor } of agents) {
    const chain = chainOf(executor);
    let available: ExecutorId | null = null;
    for (const id of chain) {
      const program = executorProgram(executor, id, options.cliArgv);
      const key = `${id}\u0000${program ?? ""}`;
      let ok = usable.get(key);
      let reason: MissingReason | null = null;
      let detail: string | null = null;
      if (ok === undefined) {
        if (program === null) reason = "no-argv";
        else {
          const found = resolveProgram(program, options.env, options.cwd);
          if ("reason" in found) reason = found.reason;
          else if (adapterOf(id).preflight?.runsWaveCli !== true && options.agentCannotRun) {
            const why = options.agentCannotRun(found.path);
            if (why !== null) {
              reason = "agent-user-cannot-run";
              detail = `found at ${found.path}, but ${why}`;
            }
          }
        }
        ok = reason === null;
        usable.set(key, ok);
        if (!ok) missing.set(key, { executorId: id, program: program ?? "", reason: reason!, ...(detail ? { detail } : {}), agents: [] });
      }
      if (!ok) missing.get(key)!.agents.push({ agentId, asFallback: id !== executor.id });
      else available ??= id;
    }
    firstAvailable[agentId] = available;
    if (available === null) blockedAgents.push({ agentId, chain });
  }
  return { missing: [...missing.values()], blockedAgents, firstAvailable };
}

const REASON_TEXT: Record<MissingReason, string> = {
  "not-found": "not found",
  "not-executable": "found but not executable",
  "no-argv": "no command configured",
  "agent-user-cannot-run": "not runnable by the agent user",
};

/** One line for a missing executor: `codex "codex": not found; needed by A1, A2 (fallback)`. */
export function missingExecutorLine(m: MissingExecutor): string {
  const who = m.agents.map((a) => (a.asFallback ? `${a.agentId} (fallback)` : a.agentId)).join(", ");
  const program = m.program === "" ? "" : ` "${m.program}"`;
  return `${m.executorId}${program}: ${m.detail ?? REASON_TEXT[m.reason]}; needed by ${who}`;
}

/** The fix when the agent user cannot start a CLI the orchestrator can. */
export const AGENT_USER_CANNOT_RUN_FIX =
  "Agents run as another OS user: install the CLI where every user may run it (a global install under /usr/local, or chmod o+rx the directories on its way), or run with --agent-user none (agents then run as the job's own user; see SECURITY.md).";

/** The fix for a program that is not there. */
export const MISSING_EXECUTOR_FIX =
  "Install the missing programs (or put them on PATH), or choose other executors (--executor, or the agents' ### Executor sections).";

/** One message naming every missing executor program and the agents that need it. */
export function formatMissingExecutors(missing: readonly MissingExecutor[], blockedAgents: PreflightReport["blockedAgents"] = []): string {
  const lines: string[] = [];
  if (blockedAgents.length > 0) {
    lines.push(
      `${blockedAgents.length} agent(s) have no executor that can start: ${blockedAgents
        .map((b) => `${b.agentId} (${b.chain.join(" -> ")})`)
        .join(", ")}`,
    );
  }
  lines.push(`missing executor program(s): ${missing.length}`);
  for (const m of missing) lines.push(`  - ${missingExecutorLine(m)}`);
  if (missing.some((m) => m.reason === "agent-user-cannot-run")) lines.push(AGENT_USER_CANNOT_RUN_FIX);
  lines.push(MISSING_EXECUTOR_FIX);
  return lines.join("\n");
}
