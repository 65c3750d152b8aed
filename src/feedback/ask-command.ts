/**
 * `wave feedback ask --question Q [--context C]`: an agent asks a human. The request is recorded,
 * the wave will end `blocked`, and the agent is told to stop and end its turn.
 */
import { type CommandIo, readAgentContext, runAgentCommand } from "../coordination/agent-context.js";
import { parseCommandArgs } from "../coordination/post-command.js";
import { UserError } from "../errors.js";
import { createFeedbackRequest } from "./requests.js";

export const FEEDBACK_ASK_USAGE = "usage: wave feedback ask --question Q [--context C]\n";

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
    const ctx = readAgentContext(io.env);
    const question = typeof v.question === "string" ? v.question : "";
    if (question.trim() === "") throw new UserError(`--question is required\n${FEEDBACK_ASK_USAGE}`);
    const request = await createFeedbackRequest({
      runDir: ctx.runDir,
      lane: ctx.lane,
      wave: ctx.wave,
      attempt: ctx.attempt,
      agentId: ctx.agentId,
      question,
      context: typeof v.context === "string" ? v.context : null,
    });
    io.stdout.write(
      `${request.id}\n` +
        "Your question was recorded for a human. Stop now: end your turn without further changes. " +
        "The wave will end as blocked; the answer will be in your prompt when the wave is resumed.\n",
    );
    return 0;
  });
}
