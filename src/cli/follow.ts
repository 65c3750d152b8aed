/**
 * The commands a human runs in another terminal while a wave runs:
 * - `wave wait --wave N [--timeout-minutes M]`: blocks until the running wave ends and exits with
 *   its result's code (see src/cli/watch.ts).
 * - `wave feedback answer <request-id> "text"`: answers an agent's question. An agent waiting
 *   (`wave feedback ask --wait`) gets the answer at once and goes on; a question of a wave that
 *   ended blocked is answered for its next run (the asking agent runs again with the answer).
 */
import os from "node:os";
import path from "node:path";
import { UserError } from "../errors.js";
import { findRequests } from "../feedback/open.js";
import { answerFeedbackRequest } from "../feedback/requests.js";
import { outputFormat, type FlagTable, formatFlags, parseCommandArgs, parseNumber, parseWaveNumber, stringFlag } from "./args.js";
import { type CliIo, globalOptions } from "./commands.js";
import type { CommandHelp } from "./help.js";
import { laneOf, PROJECT_OPTION } from "./inspect.js";
import { resultExitCode, WAIT_TIMEOUT_EXIT, waitForWave, waitLine } from "./watch.js";

export const WAIT_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  "timeout-minutes": { type: "string", value: "M", description: "give up after this long (exit 124)", defaultText: "no limit" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const WAIT_HELP: CommandHelp = {
  name: "wait",
  summary: "wait for a running wave (another process) to finish; exit with its result's code",
  usage: "--wave N [--timeout-minutes M] [--format text|json]",
  about:
    "Finds the run of the wave going on in another process (through its lock in the state directory),\n" +
    "waits until it ends, prints its result's headline (or result.json with --json) and exits with\n" +
    "its code. When the wave is not running, the latest recorded result answers at once.",
  options: WAIT_OPTIONS,
  globals: true,
  examples: ["wave wait --wave 2", "wave wait --wave 2 --timeout-minutes 90 && git push"],
  exitCodes: [
    "0    the wave passed (or was a dry run)",
    "1    the wave failed, is blocked or was cancelled",
    "2    usage error, or the wave is not running and has no result",
    "124  --timeout-minutes passed first",
    "130  cancelled by Ctrl-C",
  ],
};

export async function waitCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("wait", argv, WAIT_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const g = globalOptions(p, io);
  const wave = parseWaveNumber(stringFlag(p, "wave"), "--wave");
  if (wave === undefined) throw new UserError("--wave N is required");
  const minutes = parseNumber(stringFlag(p, "timeout-minutes"), "--timeout-minutes", { allowZero: false });
  const lane = laneOf(g);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    const outcome = await waitForWave({
      stateDir: g.stateDir,
      lane,
      wave,
      timeoutMs: minutes === undefined ? null : minutes * 60_000,
      signal: controller.signal,
      onWaiting: (h) => io.stderr(`waiting for wave ${wave} (lane ${lane}; pid ${h.pid}, started ${h.startedAt})\n`),
    });
    if (outcome.timedOut) {
      io.stderr(`wave ${wave} was still running after ${minutes} minute(s); stopped waiting\n`);
      return WAIT_TIMEOUT_EXIT;
    }
    if (controller.signal.aborted && !outcome.result) return 130;
    if (!outcome.result) throw new UserError(`the run of wave ${wave} ended without a result (killed?)`, 1);
    if (!outcome.waited) io.stderr(`wave ${wave} is not running; its latest result:\n`);
    io.stdout(json ? `${JSON.stringify(outcome.result, null, 2)}\n` : waitLine(outcome.result, outcome.resultFile));
    return resultExitCode(outcome.result);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

export const FEEDBACK_ANSWER_OPTIONS = {
  ...PROJECT_OPTION,
} as const satisfies FlagTable;

export const FEEDBACK_ANSWER_HELP: CommandHelp = {
  name: "feedback answer",
  summary: "answer an agent's question (the agent waiting for it goes on at once)",
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
