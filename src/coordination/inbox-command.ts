/**
 * `wave coord inbox`: an agent prints its current inbox — the coordination records addressed to
 * it, to its components or to its capabilities (inbox.ts) — as the orchestrator compiles it now.
 *
 * A thin client like `wave coord post`: it asks the orchestrator's control socket with the agent's
 * token; the orchestrator decides whose inbox it is (by the token) and reads the log itself, so
 * the agent never touches the run directory.
 */
import { type FlagTable, HELP_OPTION } from "../cli/args.js";
import { type CommandHelp, renderCommandHelp } from "../cli/help.js";
import { sendControlRequest } from "../control/client.js";
import { PROTOCOL_VERSION } from "../control/protocol.js";
import { UserError } from "../errors.js";
import { type CommandIo, readAgentChannel, runAgentCommand } from "./agent-context.js";
import { parseCommandArgs } from "./post-command.js";

export const COORD_INBOX_OPTIONS = { ...HELP_OPTION } as const satisfies FlagTable;

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

export async function coordInboxCommand(argv: string[], io: CommandIo): Promise<number> {
  return runAgentCommand("wave coord inbox", io, async () => {
    const v = parseCommandArgs(argv, COORD_INBOX_OPTIONS);
    if (v.help) {
      io.stdout.write(renderCommandHelp(COORD_INBOX_HELP));
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const response = await sendControlRequest(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-inbox", token: channel.token });
    if (!response.ok) throw new UserError(response.message, response.code === "internal" ? 1 : 2);
    const text = response.text ?? "";
    io.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`);
    return 0;
  });
}
