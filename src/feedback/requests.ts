/**
 * Human feedback requests: one JSON file per question in `<runDir>/feedback/<id>.json`, written
 * atomically. A pending request makes the wave end `blocked`; the answer arrives with the next
 * (resumed) run. Answers are also kept per question in the answer store (answers.ts): a question
 * the same agent asks again is answered at once from it and does not block the wave.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { errorMessage, UserError } from "../errors.js";
import { writeJsonAtomic } from "../coordination/fs.js";
import { createCoordinationRecord, newRecordId } from "../coordination/record.js";
import { oneLine } from "../coordination/board.js";
import { MAX_DETAIL_CHARS, MAX_SUMMARY_CHARS } from "../coordination/schema.js";
import { appendCoordinationRecord, coordinationLogPath } from "../coordination/store.js";
import { RUN_FILES } from "../state/paths.js";
import { MAX_ANSWER_CHARS, type StoredAnswer, storeAnswer } from "./answers.js";

const MAX_QUESTION_CHARS = 4000;
const FEEDBACK_DIR = RUN_FILES.feedbackDir;

export const FeedbackRequestSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/),
  lane: z.string().optional(),
  wave: z.number().int().nonnegative().optional(),
  attempt: z.number().int().positive().nullable().optional(),
  agentId: z.string().min(1),
  question: z.string().min(1),
  context: z.string().nullable(),
  askedAt: z.string(),
  status: z.enum(["pending", "answered"]),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable().optional(),
  answeredBy: z.string().nullable().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

export function feedbackDir(runDir: string): string {
  return path.join(runDir, FEEDBACK_DIR);
}

export interface AskInput {
  runDir: string;
  lane: string;
  wave: number;
  attempt: number | null;
  agentId: string;
  question: string;
  context?: string | null;
  /** An answer the same agent already had to this question: the request is recorded answered. */
  known?: StoredAnswer | null;
  now?: Date;
}

export const FEEDBACK_ASK_USAGE = "usage: wave feedback ask [--question] Q [--context C] [--wait [--timeout-minutes M]]\n";

/**
 * Checks a question and its context (the `wave feedback ask` command before it sends, the control
 * server before it records). Returns the trimmed question and the context (null when blank).
 */
export function validateFeedbackAsk(
  questionText: string | undefined,
  contextText: string | null | undefined,
): {
  question: string;
  context: string | null;
} {
  const question = (questionText ?? "").trim();
  if (question === "") throw new UserError(`--question is required and must not be empty\n${FEEDBACK_ASK_USAGE}`);
  if (question.length > MAX_QUESTION_CHARS) {
    throw new UserError(`--question is ${question.length} characters; the limit is ${MAX_QUESTION_CHARS}`);
  }
  const context = contextText?.trim() ? contextText : null;
  if (context !== null && context.length > MAX_DETAIL_CHARS) {
    throw new UserError(`--context is ${context.length} characters; the limit is ${MAX_DETAIL_CHARS}`);
  }
  return { question, context };
}

/**
 * Writes the request file and appends a blocking `human-feedback` coordination record. With a
 * `known` answer the request is written answered and the record is resolved at once.
 */
export async function createFeedbackRequest(input: AskInput): Promise<FeedbackRequest> {
  const now = input.now ?? new Date();
  const { question, context } = validateFeedbackAsk(input.question, input.context);
  const asked: FeedbackRequest = {
    id: newRecordId("feedback", input.agentId, now),
    lane: input.lane,
    wave: input.wave,
    attempt: input.attempt,
    agentId: input.agentId,
    question,
    context,
    askedAt: now.toISOString(),
    status: "pending",
    answer: null,
  };
  const known = input.known ?? null;
  const request: FeedbackRequest = known
    ? { ...asked, status: "answered", answer: known.answer, answeredAt: now.toISOString(), answeredBy: known.answeredBy ?? null }
    : asked;
  await writeJsonAtomic(path.join(feedbackDir(input.runDir), `${request.id}.json`), request);
  const record = createCoordinationRecord(
    {
      id: request.id,
      kind: "human-feedback",
      lane: input.lane,
      wave: input.wave,
      attempt: input.attempt,
      agentId: input.agentId,
      source: "feedback",
      status: "open",
      priority: "high",
      blocking: true,
      summary: oneLine(question, MAX_SUMMARY_CHARS),
      detail: (context ? `${question}\n\n${context}` : question).slice(0, MAX_DETAIL_CHARS),
    },
    now,
  );
  await appendCoordinationRecord(coordinationLogPath(input.runDir), record);
  if (known) await appendCoordinationRecord(coordinationLogPath(input.runDir), resolvedRecord(request, known.answer, now));
  return request;
}

export interface ReadFeedbackOptions {
  /** Also return answered requests. */
  includeAnswered?: boolean;
  /** Told about files that are not valid requests (they are skipped). */
  onInvalid?: (file: string, message: string) => void;
}

/** Pending requests of a run directory, oldest first. A missing directory means none. */
export async function readFeedbackRequests(runDir: string, options: ReadFeedbackOptions = {}): Promise<FeedbackRequest[]> {
  const dir = feedbackDir(runDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: FeedbackRequest[] = [];
  for (const name of names.filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort()) {
    const file = path.join(dir, name);
    try {
      const parsed = FeedbackRequestSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
      if (!parsed.success) {
        options.onInvalid?.(file, parsed.error.issues[0]?.message ?? "invalid");
        continue;
      }
      if (parsed.data.status === "pending" || options.includeAnswered) out.push(parsed.data);
    } catch (error) {
      options.onInvalid?.(file, errorMessage(error));
    }
  }
  return out.sort((a, b) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : a.id < b.id ? -1 : 1));
}

export interface AnswerInput {
  runDir: string;
  id: string;
  answer: string;
  answeredBy?: string | null;
  /** Wave directories whose answer store also keeps the answer (the run directory's always does). */
  storeIn?: readonly string[];
  now?: Date;
}

/** The `human-feedback` record that resolves `request` with `answer`. */
function resolvedRecord(request: FeedbackRequest, answer: string, now: Date) {
  return createCoordinationRecord(
    {
      id: request.id,
      kind: "human-feedback",
      lane: request.lane ?? "main",
      wave: request.wave ?? 0,
      attempt: request.attempt ?? null,
      agentId: request.agentId,
      source: "feedback",
      status: "resolved",
      priority: "high",
      blocking: true,
      summary: oneLine(`answered: ${request.question}`, MAX_SUMMARY_CHARS),
      detail: answer.slice(0, MAX_DETAIL_CHARS),
    },
    now,
  );
}

/**
 * Copies a request another run directory holds into this run's (e.g. the open question of a run
 * whose resume was refused), so it can be answered here. Returns the copy.
 */
export async function carryFeedbackRequest(runDir: string, request: FeedbackRequest): Promise<FeedbackRequest> {
  const copy = FeedbackRequestSchema.parse(request);
  await writeJsonAtomic(path.join(feedbackDir(runDir), `${copy.id}.json`), copy);
  return copy;
}

/**
 * Records a human answer: rewrites the request file (status answered), appends the resolved
 * `human-feedback` record with the same id, and keeps the answer in the answer store of the run
 * directory (and of `storeIn`). Returns the updated request.
 */
export async function answerFeedbackRequest(input: AnswerInput): Promise<FeedbackRequest> {
  const now = input.now ?? new Date();
  const file = path.join(feedbackDir(input.runDir), `${input.id}.json`);
  if (!FeedbackRequestSchema.shape.id.safeParse(input.id).success) {
    throw new UserError(`feedback id ${JSON.stringify(input.id)} is not valid`);
  }
  let current: FeedbackRequest;
  try {
    current = FeedbackRequestSchema.parse(JSON.parse(await readFile(file, "utf8")));
  } catch (error) {
    throw new UserError(`feedback request ${input.id}: ${errorMessage(error)}`);
  }
  const updated: FeedbackRequest = {
    ...current,
    status: "answered",
    answer: input.answer,
    answeredAt: now.toISOString(),
    answeredBy: input.answeredBy ?? null,
  };
  await writeJsonAtomic(file, updated);
  await appendCoordinationRecord(coordinationLogPath(input.runDir), resolvedRecord(current, input.answer, now));
  // An answer too long to keep is still given to this run; it is just not remembered.
  if (input.answer.length > MAX_ANSWER_CHARS) return updated;
  await storeAnswer([input.runDir, ...(input.storeIn ?? [])], {
    agentId: current.agentId,
    question: current.question,
    answer: input.answer,
    answeredAt: updated.answeredAt ?? now.toISOString(),
    answeredBy: updated.answeredBy ?? null,
    requestId: current.id,
  });
  return updated;
}
