/**
 * `wave feedback list` and `wave feedback show <id>`: the operator's view of the agents'
 * questions across every lane, wave and attempt of the state directory (the reference's
 * `wave feedback list|show`). `list` shows the open ones (with `--all` the answered too), each with
 * the command that answers it; `show` one question in full. What an agent wrote is printed
 * terminal-safe (escape sequences visible, never acted on).
 */
import { UserError } from "../errors.js";
import { answerCommand, type FoundRequest, listRequests } from "../feedback/open.js";
import { terminalSafe, terminalSafeJson } from "../report/text.js";
import { boolFlag, type FlagTable, formatFlags, outputFormat, parseCommandArgs, stringFlag } from "./args.js";
import { globalOptions, PROJECT_OPTION, stateFlags } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";

const FEEDBACK_LIST_OPTIONS = {
  all: { type: "boolean", description: "answered questions too" },
  wave: { type: "string", value: "N", description: "only this wave's questions" },
  agent: { type: "string", value: "ID", description: "only this agent's questions" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const FEEDBACK_LIST_HELP: CommandHelp = {
  name: "feedback list",
  usage: "[--all] [--wave N] [--agent ID] [--json]",
  about:
    "Lists the agents' questions waiting for a human, across every lane, wave and attempt of the\n" +
    "state directory, each with the exact command that answers it. --all lists answered ones too.",
  options: FEEDBACK_LIST_OPTIONS,
  globals: true,
  examples: ["wave feedback list", "wave feedback list --all --wave 3 --json"],
  exitCodes: ["0  listed (also when there is none)", "2  usage error"],
};

const FEEDBACK_SHOW_OPTIONS = {
  id: { type: "string", value: "ID", description: "the question's id (or give it as the argument)" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const FEEDBACK_SHOW_HELP: CommandHelp = {
  name: "feedback show",
  usage: "<request-id> [--json]",
  about: "Shows one question in full: who asked, in which wave and attempt, its context, and its answer (or how to answer it).",
  options: FEEDBACK_SHOW_OPTIONS,
  globals: true,
  examples: ["wave feedback show feedback-20260101T120000Z-A1-1a2b3c"],
  exitCodes: ["0  shown", "2  usage error: no such question"],
};

function oneLine(text: string): string {
  const t = terminalSafe(text.replace(/\s+/g, " ").trim());
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

function json(found: FoundRequest): Record<string, unknown> {
  return { ...found.request, runDir: found.runDir };
}

export async function feedbackListCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("feedback list", argv, FEEDBACK_LIST_OPTIONS, { positionals: false });
  const format = outputFormat(p, ["text", "json"] as const, "text");
  const g = globalOptions(p, io);
  const waveText = stringFlag(p, "wave");
  if (waveText !== undefined && !/^\d{1,9}$/.test(waveText)) throw new UserError(`--wave must be a wave number (got "${waveText}")`);
  const agent = stringFlag(p, "agent");
  const found = (await listRequests(g.stateDir, { includeAnswered: boolFlag(p, "all") })).filter(
    (f) => (waveText === undefined || f.request.wave === Number(waveText)) && (agent === undefined || f.request.agentId === agent),
  );
  if (format === "json") {
    io.stdout(`${terminalSafeJson(JSON.stringify(found.map(json)))}\n`);
    return 0;
  }
  if (found.length === 0) {
    io.stdout(`No ${boolFlag(p, "all") ? "" : "open "}questions under ${g.stateDir}.\n`);
    return 0;
  }
  for (const f of found) {
    const r = f.request;
    io.stdout(
      `${terminalSafe(r.id)}  ${r.status}  lane ${terminalSafe(r.lane ?? "main")} wave ${r.wave ?? "?"}  ${terminalSafe(r.agentId)}: ${oneLine(r.question)}\n`,
    );
    if (r.status === "pending") io.stdout(`    answer: ${terminalSafe(answerCommand(r.id, stateFlags(g)))}\n`);
    else io.stdout(`    answered: ${oneLine(r.answer ?? "")}\n`);
  }
  return 0;
}

export async function feedbackShowCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("feedback show", argv, FEEDBACK_SHOW_OPTIONS);
  const format = outputFormat(p, ["text", "json"] as const, "text");
  const flagId = stringFlag(p, "id");
  if (p.positionals.length > 1 || (flagId !== undefined && p.positionals.length > 0)) throw new UserError("give one question id");
  const id = flagId ?? p.positionals[0];
  if (!id) throw new UserError("usage: wave feedback show <request-id> (wave feedback list lists them)");
  const g = globalOptions(p, io);
  const found = (await listRequests(g.stateDir, { includeAnswered: true })).find((f) => f.request.id === id);
  if (!found) throw new UserError(`no question ${id} under ${g.stateDir} (wave feedback list --all lists them)`);
  if (format === "json") {
    io.stdout(`${terminalSafeJson(JSON.stringify(json(found)))}\n`);
    return 0;
  }
  const r = found.request;
  const lines = [
    `Question ${terminalSafe(r.id)} (${r.status})`,
    `  asked by ${terminalSafe(r.agentId)}, lane ${terminalSafe(r.lane ?? "main")} wave ${r.wave ?? "?"}${r.attempt ? ` attempt ${r.attempt}` : ""}, at ${r.askedAt}`,
    `  run: ${found.runDir}`,
    "",
    terminalSafe(r.question),
    ...(r.context ? ["", "Context:", terminalSafe(r.context)] : []),
    "",
    r.status === "pending"
      ? `Answer it: ${terminalSafe(answerCommand(r.id, stateFlags(g)))}`
      : `Answer${r.answeredBy ? ` by ${terminalSafe(r.answeredBy)}` : ""}${r.answeredAt ? ` at ${r.answeredAt}` : ""}:\n${terminalSafe(r.answer ?? "")}`,
  ];
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}
