/**
 * `wave feedback ask --question Q [--context C]`: an agent asks a human. A thin client: the
 * question goes to the orchestrator's control socket with the agent's token; the orchestrator
 * records it for the agent the token belongs to, the wave will end `blocked`, and the agent is told
 * to stop and end its turn.
 */
import { requestId } from "../control/client.js";
import { PROTOCOL_VERSION } from "../control/protocol.js";
import { type CommandIo, readAgentChannel, runAgentCommand } from "../coordination/agent-context.js";
import { parseCommandArgs } from "../coordination/post-command.js";
import { FEEDBACK_ASK_USAGE, validateFeedbackAsk } from "./requests.js";

export { FEEDBACK_ASK_USAGE };

export async function feedbackAskCommand(argv: string[], io: CommandIo): Promise<number> {
  return runAgentCommand("wave feedback ask", io, async () => {
    const v = parseCommandArgs(argv, {
      question: { type: "string" },
      context: { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (v.help) {
      io.stdout.write(FEEDBACK_ASK_USAGE);
      return 0;
    }
    const channel = readAgentChannel(io.env);
    const question = typeof v.question === "string" ? v.question : undefined;
    const context = typeof v.context === "string" ? v.context : null;
    // Checked here for a quick answer; the orchestrator checks again and decides.
    validateFeedbackAsk(question, context);
    const id = await requestId(channel.socketPath, {
      v: PROTOCOL_VERSION,
      type: "feedback-ask",
      token: channel.token,
      question: question ?? "",
      context,
    });
    io.stdout.write(
      `${id}\n` +
        "Your question was recorded for a human. Stop now: end your turn without further changes. " +
        "The wave will end as blocked; the answer will be in your prompt when the wave is resumed.\n",
    );
    return 0;
  });
}
