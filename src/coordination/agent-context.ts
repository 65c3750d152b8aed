/**
 * What an agent-facing command (`wave coord post`, `wave feedback ask`) learns from the WAVE_*
 * environment its orchestrator set, and the tiny I/O surface those commands use.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";

export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Readonly<Record<string, string | undefined>>;
}

export interface AgentContext {
  runDir: string;
  lane: string;
  wave: number;
  agentId: string;
  attempt: number | null;
}

const REQUIRED = ["WAVE_RUN_DIR", "WAVE_LANE", "WAVE_WAVE", "WAVE_AGENT_ID"] as const;

/** Reads and checks WAVE_RUN_DIR, WAVE_LANE, WAVE_WAVE, WAVE_AGENT_ID and (optional) WAVE_ATTEMPT. */
export function readAgentContext(env: CommandIo["env"]): AgentContext {
  const missing = REQUIRED.filter((name) => !env[name] || env[name]!.trim() === "");
  if (missing.length > 0) {
    throw new UserError(
      `missing environment: ${missing.join(", ")}. This command is for agents started by a wave run, ` +
        "which sets the WAVE_* variables.",
    );
  }
  const waveText = env.WAVE_WAVE!.trim();
  if (!/^\d+$/.test(waveText)) throw new UserError(`WAVE_WAVE must be a wave number, got ${JSON.stringify(waveText)}`);
  let attempt: number | null = null;
  const attemptText = env.WAVE_ATTEMPT?.trim();
  if (attemptText) {
    if (!/^[1-9]\d*$/.test(attemptText)) {
      throw new UserError(`WAVE_ATTEMPT must be a positive integer, got ${JSON.stringify(attemptText)}`);
    }
    attempt = Number(attemptText);
  }
  const runDir = path.resolve(env.WAVE_RUN_DIR!);
  let isDir = false;
  try {
    isDir = statSync(runDir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UserError(`WAVE_RUN_DIR ${JSON.stringify(runDir)} is not an existing directory`);
  return { runDir, lane: env.WAVE_LANE!.trim(), wave: Number(waveText), agentId: env.WAVE_AGENT_ID!.trim(), attempt };
}

/** Runs a command body; UserErrors become `<name>: error: <message>` on stderr and exit 2. */
export async function runAgentCommand(name: string, io: CommandIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UserError) {
      io.stderr.write(`${name}: error: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`${name}: error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
