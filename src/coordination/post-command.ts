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
import { type ParseArgsConfig, parseArgs } from "node:util";
import { requestId } from "../control/client.js";
import { type CoordPostFields, PROTOCOL_VERSION } from "../control/protocol.js";
import { UserError } from "../errors.js";
import { type CommandIo, readAgentChannel, runAgentCommand } from "./agent-context.js";
import { COORD_POST_USAGE, validateCoordPost } from "./post-fields.js";

export { COORD_POST_USAGE };

/** Parses argv with node:util parseArgs; its errors become UserErrors. */
export function parseCommandArgs(
  argv: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
): Record<string, string | string[] | boolean | undefined> {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values as Record<string, string | string[] | boolean | undefined>;
  } catch (error) {
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
}

function list(value: string | string[] | boolean | undefined): string[] | undefined {
  if (value === undefined || typeof value === "boolean") return undefined;
  return Array.isArray(value) ? value : [value];
}

function str(value: string | string[] | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export async function coordPostCommand(argv: string[], io: CommandIo): Promise<number> {
  return runAgentCommand("wave coord post", io, async () => {
    const v = parseCommandArgs(argv, {
      kind: { type: "string" },
      summary: { type: "string" },
      detail: { type: "string" },
      target: { type: "string", multiple: true },
      priority: { type: "string" },
      blocking: { type: "string" },
      status: { type: "string" },
      severity: { type: "string" },
      confidence: { type: "string" },
      artifact: { type: "string", multiple: true },
      "depends-on": { type: "string", multiple: true },
      id: { type: "string" },
      lane: { type: "string" },
      wave: { type: "string" },
      agent: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (v.help) {
      io.stdout.write(COORD_POST_USAGE);
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const fields: CoordPostFields = {
      kind: str(v.kind),
      summary: str(v.summary),
      detail: str(v.detail),
      targets: list(v.target),
      priority: str(v.priority),
      blocking: str(v.blocking),
      status: str(v.status),
      severity: str(v.severity),
      confidence: str(v.confidence),
      artifacts: list(v.artifact),
      dependsOn: list(v["depends-on"]),
      id: str(v.id),
      lane: str(v.lane),
      wave: str(v.wave),
      agent: str(v.agent),
    };
    // Checked here for a quick answer; the orchestrator checks again and decides.
    validateCoordPost(fields);
    const id = await requestId(channel.socketPath, { v: PROTOCOL_VERSION, type: "coord-post", token: channel.token, fields });
    io.stdout.write(`${id}\n`);
    return 0;
  });
}
