/**
 * The answer store: a human's answer is kept per question, not per run. An answer belongs to the
 * agent that asked and to the question's text (whitespace normalised), in one lane and wave.
 *
 * Where answers live: `feedback-answers.json` in the wave directory (`<stateDir>/<lane>/wave-<n>/`,
 * outside the attempt directories, so a resume that is refused — the wave file changed — does not
 * lose them) and a copy in each run directory (so they travel with an uploaded run state). A run
 * gathers the answers of its wave directory and of the earlier run it resumes or was offered
 * (`gatherAnswers`); an answer given with `--feedback` is written to both places; when an agent asks
 * a question that was already answered, the control server finds the answer in the run's copy and
 * records the question as answered at once, so the wave does not end blocked again.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeJsonAtomic } from "../coordination/fs.js";
import { errorMessage } from "../errors.js";

export const ANSWERS_FILE = "feedback-answers.json";
/** Longest answer kept (longer entries in a file are skipped as invalid). */
export const MAX_ANSWER_CHARS = 64 * 1024;

const StoredAnswerSchema = z.object({
  agentId: z.string().min(1).max(200),
  question: z.string().min(1).max(8000),
  answer: z.string().max(MAX_ANSWER_CHARS),
  answeredAt: z.string(),
  answeredBy: z.string().nullable(),
  /** The feedback request the answer was given to. */
  requestId: z.string().nullable(),
});
export type StoredAnswer = z.infer<typeof StoredAnswerSchema>;

const AnswersFileSchema = z.object({
  schemaVersion: z.literal(1),
  kind: z.literal("feedback-answers"),
  answers: z.array(z.unknown()),
});

/** The file of the store in a wave or run directory. */
function answersFileOf(dir: string): string {
  return path.join(dir, ANSWERS_FILE);
}

/** The form questions are compared in: trimmed, every run of whitespace one space. */
export function normaliseQuestion(question: string): string {
  return question.trim().replace(/\s+/g, " ");
}

function keyOf(agentId: string, question: string): string {
  return `${agentId}\u0000${normaliseQuestion(question)}`;
}

/**
 * The answers kept in the stores of `dirs` (wave or run directories), one per agent and question:
 * the latest given wins. A missing file means none; an unreadable file or entry is skipped and
 * reported through `onInvalid`.
 */
export async function readAnswers(dirs: readonly string[], onInvalid?: (file: string, message: string) => void): Promise<StoredAnswer[]> {
  const byKey = new Map<string, StoredAnswer>();
  for (const dir of dirs) {
    const file = answersFileOf(dir);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") onInvalid?.(file, errorMessage(error));
      continue;
    }
    let parsed: z.infer<typeof AnswersFileSchema>;
    try {
      const r = AnswersFileSchema.safeParse(JSON.parse(text));
      if (!r.success) {
        onInvalid?.(file, r.error.issues[0]?.message ?? "invalid");
        continue;
      }
      parsed = r.data;
    } catch (error) {
      onInvalid?.(file, errorMessage(error));
      continue;
    }
    for (const entry of parsed.answers) {
      const r = StoredAnswerSchema.safeParse(entry);
      if (!r.success) {
        onInvalid?.(file, `an entry is not valid (${r.error.issues[0]?.message ?? "invalid"})`);
        continue;
      }
      const key = keyOf(r.data.agentId, r.data.question);
      const known = byKey.get(key);
      if (!known || known.answeredAt < r.data.answeredAt) byKey.set(key, r.data);
    }
  }
  return [...byKey.values()].sort((a, b) => (a.answeredAt < b.answeredAt ? -1 : a.answeredAt > b.answeredAt ? 1 : 0));
}

/** Writes `answers` as the store of each of `dirs` (atomically, each file whole). */
async function writeAnswers(dirs: readonly string[], answers: readonly StoredAnswer[]): Promise<void> {
  for (const dir of dirs) {
    await writeJsonAtomic(answersFileOf(dir), { schemaVersion: 1, kind: "feedback-answers", answers });
  }
}

/** Adds (or replaces) one answer in the store of each of `dirs`. */
export async function storeAnswer(dirs: readonly string[], entry: StoredAnswer): Promise<void> {
  const key = keyOf(entry.agentId, entry.question);
  for (const dir of dirs) {
    const kept = (await readAnswers([dir])).filter((a) => keyOf(a.agentId, a.question) !== key);
    await writeAnswers([dir], [...kept, entry]);
  }
}

/** The answer kept for this agent's question, if any (same agent, same question text). */
export function findAnswer(answers: readonly StoredAnswer[], agentId: string, question: string): StoredAnswer | undefined {
  const key = keyOf(agentId, question);
  return answers.find((a) => keyOf(a.agentId, a.question) === key);
}

/** The latest answer given to one of this agent's questions, if any. */
export function latestAnswerFor(answers: readonly StoredAnswer[], agentId: string): StoredAnswer | undefined {
  return answers.filter((a) => a.agentId === agentId).at(-1);
}

/**
 * The answers a run starts with: those of its wave directory and of `sources` (an earlier run
 * directory: the one resumed, or the one offered when the resume was refused). Written to the run
 * directory (where the control server looks them up) and to the wave directory.
 */
export async function gatherAnswers(input: {
  waveDir: string;
  runDir: string;
  sources: readonly (string | null | undefined)[];
  onInvalid?: (file: string, message: string) => void;
}): Promise<StoredAnswer[]> {
  const sources = input.sources.filter((s): s is string => typeof s === "string" && s !== "");
  const answers = await readAnswers([input.waveDir, ...sources, input.runDir], input.onInvalid);
  if (answers.length > 0) await writeAnswers([input.runDir, input.waveDir], answers);
  return answers;
}
