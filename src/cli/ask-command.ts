/**
 * `wave feedback ask [--question] Q [--context C] [--wait [--timeout-minutes M]]`: an agent asks a
 * human. A thin client: the question goes to the orchestrator's control socket with the agent's
 * token; the orchestrator records it for the agent the token belongs to.
 *
 * Without `--wait` the wave will end `blocked`, and the agent is told to stop and end its turn; the
 * answer is in its prompt when the wave is resumed. With `--wait` the request stays open until a
 * human answers from another terminal (`wave feedback answer <id> "text"`, see
 * src/feedback/wait.ts) and the answer alone is printed on stdout (the request id goes to stderr),
 * so the agent goes on in the same turn; at the deadline it is told to stop, and the wave ends `blocked` as without `--wait`. In
 * GitHub Actions nobody can answer from a terminal: `--wait` says so in one line and the command
 * behaves as without it.
 */
import { requestAccepted } from "../control/client.js";
import { PROTOCOL_VERSION } from "../control/protocol.js";
import { readAgentChannel, runAgentCommand } from "../coordination/agent-context.js";
import { type FlagTable, HELP_OPTION, parseCommandArgs } from "./args.js";
import { type CommandHelp, renderCommandHelp } from "./help.js";
import type { AgentIo } from "../command-io.js";
import { UserError } from "../errors.js";
import { parseNumber } from "../values.js";
import { FEEDBACK_ASK_USAGE, validateFeedbackAsk } from "../feedback/requests.js";
import { DEFAULT_WAIT_MINUTES, MAX_WAIT_MINUTES } from "../feedback/wait.js";

const FEEDBACK_ASK_OPTIONS = {
  question: { type: "string", value: "Q", description: "the question for a human (required; or give it as the argument)" },
  context: { type: "string", value: "C", description: "what the human needs to know to answer" },
  wait: { type: "boolean", description: "wait for a human to answer from another terminal (wave feedback answer)" },
  "timeout-minutes": {
    type: "string",
    value: "M",
    description: "with --wait: how long to wait; then the wave ends blocked",
    defaultText: String(DEFAULT_WAIT_MINUTES),
  },
  ...HELP_OPTION,
} as const satisfies FlagTable;

export const FEEDBACK_ASK_HELP: CommandHelp = {
  name: "feedback ask",
  summary: "(agents) ask a human a question; the wave ends blocked, or --wait for the answer",
  usage: "[--question] Q [--context C] [--wait [--timeout-minutes M]]",
  about:
    "For agents started by a wave run: records the question, and the wave ends `blocked`. The answer\n" +
    "(wave run --feedback TEXT) is in the agent's prompt when the wave is resumed. Outside a run it fails.\n\n" +
    "--wait: the command blocks until a human answers from another terminal with\n" +
    '`wave feedback answer <id> "text"` (wave status shows the exact command) and prints the answer\n' +
    "alone on stdout (the request id goes to stderr, first line);\n" +
    "the agent goes on with it. With no answer in time the wave ends blocked as without --wait. Under\n" +
    "GitHub Actions nobody can answer while the job runs: --wait behaves as without it (answer with the\n" +
    "action's `feedback` input on a re-run).",
  options: FEEDBACK_ASK_OPTIONS,
  globals: false,
  examples: [
    'wave feedback ask --question "Which database should the cache use?" --context "Redis or Postgres"',
    'wave feedback ask --wait --timeout-minutes 20 "May I drop the legacy table?"',
  ],
  exitCodes: [
    "0  recorded (or answered, with --wait)",
    "1  the orchestrator could not be reached",
    "2  usage error, or not started by a wave run",
  ],
};

/** The line `--wait` prints under GitHub Actions. */
export const WAIT_IN_ACTIONS_NOTE =
  "wave feedback ask: --wait cannot be answered in GitHub Actions; the question is recorded and the wave ends blocked (answer it with the action's feedback input on a re-run)\n";

const STOP_NOW =
  "Stop now: end your turn without further changes. The wave will end as blocked; the answer will be in your prompt when the wave is resumed.\n";

export async function feedbackAskCommand(argv: string[], io: AgentIo): Promise<number> {
  return runAgentCommand("wave feedback ask", io, async () => {
    const { values: v, positionals } = parseCommandArgs("feedback ask", argv, FEEDBACK_ASK_OPTIONS, { globals: false });
    if (v.help) {
      io.stdout(renderCommandHelp(FEEDBACK_ASK_HELP));
      return 0;
    }
    if (positionals.length > 1 || (positionals.length === 1 && typeof v.question === "string")) {
      throw new UserError(`give the question once (--question Q or one argument)\n${FEEDBACK_ASK_USAGE}`);
    }
    const channel = readAgentChannel(io.env);
    const question = typeof v.question === "string" ? v.question : positionals[0];
    const context = typeof v.context === "string" ? v.context : null;
    const minutes = parseNumber(typeof v["timeout-minutes"] === "string" ? v["timeout-minutes"] : undefined, "--timeout-minutes", {
      allowZero: false,
    });
    if (minutes !== undefined && !v.wait) throw new UserError("--timeout-minutes goes with --wait");
    if (minutes !== undefined && minutes > MAX_WAIT_MINUTES) throw new UserError(`--timeout-minutes must be at most ${MAX_WAIT_MINUTES}`);
    // Checked here for a quick answer; the orchestrator checks again and decides.
    validateFeedbackAsk(question, context);
    let waitSeconds: number | undefined;
    if (v.wait && io.env.GITHUB_ACTIONS === "true") io.stderr(WAIT_IN_ACTIONS_NOTE);
    else if (v.wait) waitSeconds = Math.round((minutes ?? DEFAULT_WAIT_MINUTES) * 60);
    const request = {
      v: PROTOCOL_VERSION as typeof PROTOCOL_VERSION,
      type: "feedback-ask" as const,
      token: channel.token,
      question: question ?? "",
      context,
      // The orchestrator holds the request open until the question is answered or this passes.
      ...(waitSeconds !== undefined ? { waitSeconds } : {}),
    };
    const accepted = await requestAccepted(
      channel.socketPath,
      request,
      waitSeconds !== undefined ? { timeoutMs: waitSeconds * 1000 + 60_000 } : {},
    );
    // The request id on stderr (first line); stdout is what the agent (or a script's
    // `answer=$(wave feedback ask --wait ...)`) acts on: the answer itself, or the order to stop.
    io.stderr(`${accepted.id}\n`);
    if (accepted.answer !== undefined) {
      // Answered now (--wait), or asked and answered before: the agent goes on with the answer.
      const said = waitSeconds !== undefined ? "A human answered this question" : "A human already answered this question";
      io.stderr(`${said}. Continue your task with this answer (on stdout):\n`);
      io.stdout(`${accepted.answer}\n`);
      return 0;
    }
    if (waitSeconds !== undefined) {
      io.stdout(`No answer within ${minutes ?? DEFAULT_WAIT_MINUTES} minute(s). ${STOP_NOW}`);
      return 0;
    }
    io.stdout(`Your question was recorded for a human. ${STOP_NOW}`);
    return 0;
  });
}
