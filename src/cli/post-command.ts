/**
 * `wave coord post`: an agent posts a coordination record to its wave run.
 *
 *   wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
 *     [--blocking true|false] [--status S] [--severity S] [--confidence C] [--artifact PATH]...
 *     [--depends-on ID]... [--id ID]
 *
 * A thin client: it checks the fields, sends them to the orchestrator's control socket with the
 * agent's token, and prints the record id the orchestrator answers with. The orchestrator decides
 * who posted (by the token) and appends the record; `--lane/--wave/--agent` are accepted for
 * compatibility but must agree with it. `--id` updates an earlier record, only one this agent
 * posted itself.
 */
import { type FlagTable, HELP_OPTION, type Parsed, parseCommandArgs, stringFlag } from "./args.js";
import { type CommandHelp, renderCommandHelp } from "./help.js";
import type { AgentIo } from "../command-io.js";
import { requestId } from "../control/client.js";
import { type CoordPostFields, PROTOCOL_VERSION } from "../control/protocol.js";
import { readAgentChannel, runAgentCommand } from "../coordination/agent-context.js";
import { validateCoordPost } from "../coordination/post-fields.js";
import { AGENT_POSTABLE_KINDS, BLOCKER_SEVERITIES, CONFIDENCES, COORDINATION_STATUSES, PRIORITIES } from "../coordination/schema.js";

const oneOfText = (values: readonly string[]) => values.join("|");

const COORD_POST_OPTIONS = {
  kind: { type: "string", value: "K", description: `record kind (required): ${AGENT_POSTABLE_KINDS.join(", ")}` },
  summary: { type: "string", value: "S", description: "one line (required)" },
  detail: { type: "string", value: "D", description: "more text" },
  target: { type: "string", multiple: true, value: "ID", description: "addressee: an agent id, agent:<id> or capability:<name>" },
  priority: { type: "string", value: oneOfText(PRIORITIES), description: "priority" },
  blocking: { type: "string", value: "true|false", description: "whether the record blocks the wave until resolved" },
  status: { type: "string", value: "S", description: `status: ${COORDINATION_STATUSES.join(", ")}` },
  severity: { type: "string", value: "S", description: `blocker severity: ${BLOCKER_SEVERITIES.join(", ")}` },
  confidence: { type: "string", value: oneOfText(CONFIDENCES), description: "confidence" },
  artifact: { type: "string", multiple: true, value: "PATH", description: "a repository-relative file the record refers to" },
  "depends-on": { type: "string", multiple: true, value: "ID", description: "a record this one depends on" },
  id: { type: "string", value: "ID", description: "update this earlier record of yours instead of posting a new one" },
  lane: { type: "string", value: "NAME", description: "must be this agent's lane (accepted for compatibility)" },
  wave: { type: "string", value: "N", description: "must be this agent's wave (accepted for compatibility)" },
  agent: { type: "string", value: "ID", description: "must be this agent's id (accepted for compatibility)" },
  ...HELP_OPTION,
} as const satisfies FlagTable;

export const COORD_POST_HELP: CommandHelp = {
  name: "coord post",
  summary: "(agents) post a record to the wave's coordination log",
  usage: "--kind K --summary S [options]",
  about:
    "For agents started by a wave run: sends the record to the orchestrator (through the control\n" +
    "socket and token the run gives each agent) and prints the record id. Outside a run it fails.",
  options: COORD_POST_OPTIONS,
  globals: false,
  examples: [
    'wave coord post --kind claim --summary "I take src/session.ts"',
    'wave coord post --kind request --summary "need the schema" --target A2 --blocking true',
  ],
  exitCodes: [
    "0  posted (the record id is printed)",
    "1  the orchestrator could not be reached",
    "2  usage error, a bad field, or not started by a wave run",
  ],
};

/** A repeatable flag's values; undefined when it was not given. */
function list(p: Parsed, name: string): string[] | undefined {
  const v = p.values[name];
  return Array.isArray(v) ? v : undefined;
}

export async function coordPostCommand(argv: string[], io: AgentIo): Promise<number> {
  return runAgentCommand("wave coord post", io, async () => {
    const p = parseCommandArgs("coord post", argv, COORD_POST_OPTIONS, { globals: false, positionals: false });
    if (p.values.help) {
      io.stdout(renderCommandHelp(COORD_POST_HELP));
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const fields: CoordPostFields = {
      kind: stringFlag(p, "kind"),
      summary: stringFlag(p, "summary"),
      detail: stringFlag(p, "detail"),
      targets: list(p, "target"),
      priority: stringFlag(p, "priority"),
      blocking: stringFlag(p, "blocking"),
      status: stringFlag(p, "status"),
      severity: stringFlag(p, "severity"),
      confidence: stringFlag(p, "confidence"),
      artifacts: list(p, "artifact"),
      dependsOn: list(p, "depends-on"),
      id: stringFlag(p, "id"),
      lane: stringFlag(p, "lane"),
      wave: stringFlag(p, "wave"),
      agent: stringFlag(p, "agent"),
    };
    // Checked here for a quick answer; the orchestrator checks again and decides.
    validateCoordPost(fields);
    const id = await requestId(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-post", token: channel.token, fields });
    io.stdout(`${id}\n`);
    return 0;
  });
}
