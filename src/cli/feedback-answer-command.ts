/**
 * `wave feedback answer <request-id> "text"`: answers an agent's question. An agent waiting
 * (`wave feedback ask --wait`) gets the answer at once and goes on; a question of a wave that ended
 * blocked is answered for its next run (the asking agent runs again with the answer).
 */
import os from "node:os";
import path from "node:path";
import { UserError } from "../errors.js";
import { findRequests } from "../feedback/open.js";
import { answerFeedbackRequest } from "../feedback/requests.js";
import { type FlagTable, parseCommandArgs } from "./args.js";
import { globalOptions, PROJECT_OPTION } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";

const FEEDBACK_ANSWER_OPTIONS = {
  ...PROJECT_OPTION,
} as const satisfies FlagTable;

export const FEEDBACK_ANSWER_HELP: CommandHelp = {
  name: "feedback answer",
  usage: '<request-id> "answer"',
  about:
    "Answers the question an agent asked with `wave feedback ask` (the id is in `wave status` and in\n" +
    "the live view). An agent waiting with --wait gets the answer at once and goes on. A question of\n" +
    "a wave that ended blocked is answered for the wave's next run: `wave run` resumes, and the\n" +
    "asking agent runs again with the answer.",
  options: FEEDBACK_ANSWER_OPTIONS,
  globals: true,
  examples: ['wave feedback answer feedback-20260101T120000Z-A1-1a2b3c "Use Postgres; Redis is not deployed."'],
  exitCodes: ["0  answered", "2  usage error: no such open question, or no answer text"],
};

function whoAnswers(): string | null {
  try {
    return os.userInfo().username || null;
  } catch {
    return null;
  }
}

export async function feedbackAnswerCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("feedback answer", argv, FEEDBACK_ANSWER_OPTIONS);
  const [id, ...words] = p.positionals;
  if (!id || words.length === 0) throw new UserError('usage: wave feedback answer <request-id> "answer"');
  const answer = words.join(" ");
  if (answer.trim() === "") throw new UserError("the answer is empty");
  const g = globalOptions(p, io);
  const found = await findRequests(g.stateDir, id);
  if (found.length === 0) throw new UserError(`no question ${id} under ${g.stateDir} (wave status --wave N lists the open ones)`);
  const open = found.filter((f) => f.request.status === "pending");
  const target = open[0];
  if (!target) {
    const done = found[0]!.request;
    throw new UserError(`question ${id} was already answered${done.answeredAt ? ` (${done.answeredAt})` : ""}: ${done.answer ?? ""}`);
  }
  await answerFeedbackRequest({ runDir: target.runDir, id, answer, answeredBy: whoAnswers(), storeIn: [target.waveDir] });
  const r = target.request;
  const where = `${path.basename(path.dirname(target.waveDir))} wave ${r.wave ?? "?"}, ${path.basename(target.runDir)}`;
  io.stdout(`Answered ${r.agentId}'s question ${id} (${where}).\n`);
  return 0;
}
