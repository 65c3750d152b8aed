/**
 * `wave feedback ask --question Q [--context C]`: an agent asks a human. A thin client: the
 * question goes to the orchestrator's control socket with the agent's token; the orchestrator
 * records it for the agent the token belongs to, the wave will end `blocked`, and the agent is told
 * to stop and end its turn.
 */
import { requestAccepted } from "../control/client.js";
import { PROTOCOL_VERSION } from "../control/protocol.js";
import { type CommandIo, readAgentChannel, runAgentCommand } from "../coordination/agent-context.js";
import { type FlagTable, HELP_OPTION } from "../cli/args.js";
import { type CommandHelp, renderCommandHelp } from "../cli/help.js";
import { parseCommandArgs } from "../coordination/post-command.js";
import { FEEDBACK_ASK_USAGE, validateFeedbackAsk } from "./requests.js";

export { FEEDBACK_ASK_USAGE };

export const FEEDBACK_ASK_OPTIONS = {
  question: { type: "string", value: "Q", description: "the question for a human (required)" },
  context: { type: "string", value: "C", description: "what the human needs to know to answer" },
  ...HELP_OPTION,
} as const satisfies FlagTable;

export const FEEDBACK_ASK_HELP: CommandHelp = {
  name: "feedback ask",
  summary: "(agents) ask a human a question; the wave ends blocked until it is answered",
  usage: "--question Q [--context C]",
  about:
    "For agents started by a wave run: records the question, and the wave ends `blocked`. The answer\n" +
    "(wave run --feedback TEXT) is in the agent's prompt when the wave is resumed. Outside a run it fails.",
  options: FEEDBACK_ASK_OPTIONS,
  globals: false,
  examples: ['wave feedback ask --question "Which database should the cache use?" --context "Redis or Postgres"'],
  exitCodes: ["0  recorded (stop now and end your turn)", "1  the orchestrator could not be reached", "2  usage error, or not started by a wave run"],
};

export async function feedbackAskCommand(argv: string[], io: CommandIo): Promise<number> {
  return runAgentCommand("wave feedback ask", io, async () => {
    const v = parseCommandArgs(argv, FEEDBACK_ASK_OPTIONS);
    if (v.help) {
      io.stdout.write(renderCommandHelp(FEEDBACK_ASK_HELP));
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const question = typeof v.question === "string" ? v.question : undefined;
    const context = typeof v.context === "string" ? v.context : null;
    // Checked here for a quick answer; the orchestrator checks again and decides.
    validateFeedbackAsk(question, context);
    const accepted = await requestAccepted(channel.socketPath, {
      v: PROTOCOL_VERSION,
      type: "feedback-ask",
      token: channel.token,
      question: question ?? "",
      context,
    });
    if (accepted.answer !== undefined) {
      // Asked and answered before: the agent goes on with the answer.
      io.stdout.write(`${accepted.id}\nA human already answered this question. Continue your task with this answer:\n\n${accepted.answer}\n`);
      return 0;
    }
    io.stdout.write(
      `${accepted.id}\n` +
        "Your question was recorded for a human. Stop now: end your turn without further changes. " +
        "The wave will end as blocked; the answer will be in your prompt when the wave is resumed.\n",
    );
    return 0;
  });
}
