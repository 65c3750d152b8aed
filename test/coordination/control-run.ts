/**
 * An agent's side of a run for the agents' commands (`wave coord …`, `wave feedback ask`): a run
 * directory with its control server, and an IO that captures what a command prints.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AgentIo } from "../../src/command-io.js";
import { type ControlServer, startControlServer } from "../../src/control/server.js";

export interface Captured {
  io: AgentIo;
  out: () => string;
  err: () => string;
}

export function capture(env: Record<string, string | undefined>): Captured {
  let out = "";
  let err = "";
  return {
    io: { stdout: (s) => (out += s), stderr: (s) => (err += s), env },
    out: () => out,
    err: () => err,
  };
}

/**
 * A run directory with its control server (lane main, wave 4); `env` is agent A1's (attempt 2),
 * `envOf` gives another agent's.
 */
export async function withRun(
  fn: (
    runDir: string,
    env: Record<string, string>,
    envOf: (agentId: string) => Record<string, string>,
    server: ControlServer,
  ) => Promise<void>,
): Promise<void> {
  const runDir = await mkdtemp(path.join(os.tmpdir(), "wave-run-"));
  const ctlDir = await mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
  const server = await startControlServer({ dir: ctlDir, runDir, lane: "main", wave: 4 });
  const envOf = (agentId: string) => ({
    WAVE_CONTROL_SOCKET: server.socketPath,
    WAVE_AGENT_TOKEN: server.issueToken(agentId, 2),
    // What the agent's environment claims is not what counts:
    WAVE_AGENT_ID: "A0",
    WAVE_RUN_DIR: path.join(runDir, "elsewhere"),
  });
  try {
    await fn(runDir, envOf("A1"), envOf, server);
  } finally {
    await server.close();
    await rm(runDir, { recursive: true, force: true });
    await rm(ctlDir, { recursive: true, force: true });
  }
}
