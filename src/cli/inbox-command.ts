/**
 * `wave coord inbox`: an agent prints its current inbox — the coordination records addressed to
 * it, to its components or to its capabilities (inbox.ts) — as the orchestrator compiles it now.
 *
 * A thin client like `wave coord post`: it asks the orchestrator's control socket with the agent's
 * token; the orchestrator decides whose inbox it is (by the token) and reads the log itself, so
 * the agent never touches the run directory.
 */
import { type FlagTable, HELP_OPTION, parseCommandArgs } from "./args.js";
import { type CommandHelp, renderCommandHelp } from "./help.js";
import type { AgentIo } from "../command-io.js";
import { sendControlRequest } from "../control/client.js";
import { PROTOCOL_VERSION } from "../control/protocol.js";
import { UserError } from "../errors.js";
import { readAgentChannel, runAgentCommand } from "../coordination/agent-context.js";

const COORD_INBOX_OPTIONS = { ...HELP_OPTION } as const satisfies FlagTable;

export const COORD_INBOX_HELP: CommandHelp = {
  name: "coord inbox",
  summary: "(agents) print this agent's coordination inbox",
  usage: "",
  about:
    "For agents started by a wave run: prints the records addressed to this agent, its components\n" +
    "(component:<id>) or its capabilities (capability:<name>), open ones last, as the orchestrator\n" +
    "compiles them now. Outside a run it fails.",
  options: COORD_INBOX_OPTIONS,
  globals: false,
  examples: ["wave coord inbox"],
  exitCodes: ["0  the inbox was printed", "1  the orchestrator could not be reached", "2  usage error, or not started by a wave run"],
};

export async function coordInboxCommand(argv: string[], io: AgentIo): Promise<number> {
  return runAgentCommand("wave coord inbox", io, async () => {
    const p = parseCommandArgs("coord inbox", argv, COORD_INBOX_OPTIONS, { globals: false, positionals: false });
    if (p.values.help) {
      io.stdout(renderCommandHelp(COORD_INBOX_HELP));
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const response = await sendControlRequest(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-inbox", token: channel.token });
    if (!response.ok) throw new UserError(response.message, response.code === "internal" ? 1 : 2);
    const text = response.text ?? "";
    io.stdout(text.endsWith("\n") || text === "" ? text : `${text}\n`);
    return 0;
  });
}
