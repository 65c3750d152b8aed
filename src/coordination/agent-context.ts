/**
 * What an agent-facing command (`wave coord post`, `wave feedback ask`) learns from the environment
 * its orchestrator set: where the run's control socket is and the agent's token. Nothing else: who
 * the agent is, is known only to the orchestrator (by the token), and the run directory is not the
 * agent's to touch.
 */
import type { AgentIo } from "../command-io.js";
import { errorMessage, UserError } from "../errors.js";

export interface AgentChannel {
  socketPath: string;
  token: string;
}

const FOR_AGENTS = "this command is only for agents started by a wave run";

/** Reads WAVE_CONTROL_SOCKET and WAVE_AGENT_TOKEN (no format check: the server judges the token). */
export function readAgentChannel(env: AgentIo["env"]): AgentChannel {
  const socketPath = env.WAVE_CONTROL_SOCKET?.trim() ?? "";
  if (socketPath === "") {
    throw new UserError(`WAVE_CONTROL_SOCKET is not set: ${FOR_AGENTS}, which gives each agent a control socket and a token`);
  }
  const token = env.WAVE_AGENT_TOKEN?.trim() ?? "";
  if (token === "") throw new UserError(`WAVE_AGENT_TOKEN is not set: ${FOR_AGENTS}, which gives each agent its token`);
  return { socketPath, token };
}

/** Runs a command body; UserErrors become `<name>: error: <message>` on stderr and exit 2. */
export async function runAgentCommand(name: string, io: AgentIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UserError) {
      io.stderr(`${name}: error: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`${name}: error: ${errorMessage(error)}\n`);
    return 1;
  }
}
