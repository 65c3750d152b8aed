/**
 * Finding questions from the state directory's side (a human's terminal): the open questions of a
 * run, the request an id names in any lane, wave and attempt, and the exact command that answers
 * one (`wave status` and the live view print it).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { attemptDirOf, waveOfDirName, listAttempts } from "../state/paths.js";
import { type FeedbackRequest, readFeedbackRequests } from "./requests.js";

export interface FoundRequest {
  request: FeedbackRequest;
  runDir: string;
  waveDir: string;
}

/** Quotes a word for a POSIX shell when it needs it. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The command that answers request `id`. `extra`: global flags the asker's terminal needs to find
 * the same state directory (e.g. `--project api`).
 */
export function answerCommand(id: string, extra: readonly string[] = []): string {
  return ["wave feedback answer", shellWord(id), ...extra.map(shellWord), '"<answer>"'].join(" ");
}

/** One line per open question, with the command that answers it. */
export function renderOpenQuestions(requests: readonly FeedbackRequest[], extra: readonly string[] = []): string {
  if (requests.length === 0) return "";
  const lines = [`Open question${requests.length === 1 ? "" : "s"} (waiting for a human):`];
  for (const r of requests) {
    const question = r.question.replace(/\s+/g, " ").trim();
    lines.push(`  ${r.agentId} asks (${r.id}): ${question.length > 300 ? `${question.slice(0, 299)}…` : question}`);
    lines.push(`    answer: ${answerCommand(r.id, extra)}`);
  }
  return `${lines.join("\n")}\n`;
}

async function dirs(parent: string, accept: (name: string) => boolean): Promise<string[]> {
  try {
    return (await readdir(parent, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && accept(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Every request with this id under the state directory (every lane, wave and attempt), newest
 * attempt first. A request carried into a resumed run keeps its id, so one id may be found in
 * several attempts of a wave.
 */
export async function findRequests(stateDir: string, id: string): Promise<FoundRequest[]> {
  const found: FoundRequest[] = [];
  for (const lane of await dirs(stateDir, (name) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name))) {
    for (const wave of await dirs(path.join(stateDir, lane), (name) => waveOfDirName(name) !== null)) {
      const waveDir = path.join(stateDir, lane, wave);
      for (const attempt of (await listAttempts(waveDir)).reverse()) {
        const runDir = attemptDirOf(waveDir, attempt);
        const request = (await readFeedbackRequests(runDir, { includeAnswered: true })).find((r) => r.id === id);
        if (request) found.push({ request, runDir, waveDir });
      }
    }
  }
  return found;
}

/**
 * Every question under the state directory (every lane, wave and attempt), each id once: as its
 * newest attempt holds it (a question carried into a resumed run keeps its id). Open questions
 * only unless `includeAnswered`. Ordered by lane, wave, then when asked.
 */
export async function listRequests(stateDir: string, options: { includeAnswered?: boolean } = {}): Promise<FoundRequest[]> {
  const byId = new Map<string, FoundRequest>();
  for (const lane of await dirs(stateDir, (name) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name))) {
    for (const wave of await dirs(path.join(stateDir, lane), (name) => waveOfDirName(name) !== null)) {
      const waveDir = path.join(stateDir, lane, wave);
      for (const attempt of (await listAttempts(waveDir)).reverse()) {
        const runDir = attemptDirOf(waveDir, attempt);
        for (const request of await readFeedbackRequests(runDir, { includeAnswered: true })) {
          if (!byId.has(request.id)) byId.set(request.id, { request, runDir, waveDir });
        }
      }
    }
  }
  return [...byId.values()]
    .filter((f) => options.includeAnswered || f.request.status === "pending")
    .sort(
      (a, b) =>
        (a.request.lane ?? "").localeCompare(b.request.lane ?? "") ||
        (a.request.wave ?? 0) - (b.request.wave ?? 0) ||
        a.request.askedAt.localeCompare(b.request.askedAt),
    );
}

/**
 * Tells `onOpen` once about each question of the run directory that is waiting for a human, while
 * the run goes on (the live view of `wave run`). Reads the run's feedback directory every second;
 * returns the function that stops it.
 */
export function watchOpenQuestions(runDir: string, onOpen: (request: FeedbackRequest) => void): () => void {
  const told = new Set<string>();
  let busy = false;
  const look = () => {
    if (busy) return;
    busy = true;
    readFeedbackRequests(runDir)
      .then((pending) => {
        for (const r of pending) {
          if (told.has(r.id)) continue;
          told.add(r.id);
          onOpen(r);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(look, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
