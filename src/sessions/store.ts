/**
 * Saving a CLI's session file into the run state, and putting it back where the CLI will look for
 * it in a later attempt or job.
 *
 *   <destDir>/session.jsonl   a copy of the CLI's file
 *   <destDir>/session.json    the record (SessionRecordSchema): executor, id, where the file was
 *                             below the CLI's home, its size and sha256
 *
 * The CLI's file was written by the agent's process, possibly as another OS user who controls its
 * home: it is read without following any link below the home directory, only when it is a regular
 * file with a single link (owned by the agent's user when one is given) and not larger than the
 * cap. Putting it back writes below the (new) home the same way: directories are created or opened
 * without following links, and the file is written through a new temporary file renamed into place.
 * Neither function throws: what cannot be done is told to `onSkip` and the result is null.
 */
import { createHash } from "node:crypto";
import { constants, promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { errorMessage } from "../errors.js";
import type { ExecutorId } from "../wave/schema.js";
import { isSessionId } from "../executors/session-ids.js";
import type { CliHome, Env, SessionExecutor } from "./locate.js";
import { type Identity, openFileIn, walkDirs, writeFileIn } from "../security/nofollow.js";

export const SESSION_RECORD_FILE = "session.json";
export const SESSION_COPY_FILE = "session.jsonl";
/** The directory of an agent's run directory holding its saved session (record and copy). */
export const SESSION_DIR = "session";
/** Session files larger than this are not saved. */
const DEFAULT_MAX_SESSION_BYTES = 64 * 1024 * 1024;
const MAX_RECORD_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;

const SessionRecordSchema = z
  .object({
    version: z.literal(1),
    /** An executor id; whether it keeps session files is its adapter's to say when restoring (locate.ts). */
    executor: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
    sessionId: z.string().refine(isSessionId, "a UUID"),
    /** Where the file was, relative to the CLI's home (forward slashes). */
    homePath: z
      .string()
      .min(1)
      .max(4096)
      .refine(
        (p) => !p.startsWith("/") && !p.split("/").some((s) => s === "" || s === "." || s === ".." || s.includes("\0")),
        "a plain relative path",
      ),
    /** The working directory the session was recorded in (Claude Code keys its files by it). */
    cwd: z.string().max(4096),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    savedAt: z.string(),
    /** Secrets in the copy were replaced (an uploaded state); bytes and sha256 are the redacted copy's. */
    redacted: z.boolean().optional(),
  })
  .strict();
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

export interface SavedSession {
  record: SessionRecord;
  /** The directory holding the copy and the record. */
  dir: string;
  /** Absolute path of the copy. */
  file: string;
}

export interface SaveSessionInput {
  executorId: ExecutorId;
  sessionId: string;
  /** The environment the agent ran with (HOME, CODEX_HOME, CLAUDE_CONFIG_DIR are read). */
  env: Env;
  /** The agent's working directory. */
  cwd: string;
  /** Where the copy and its record go (e.g. `<agent dir>/session`); created if missing. */
  destDir: string;
  /** The agent's OS user, when it is not the orchestrator's: the file must be owned by it. */
  identity?: Identity | undefined;
  maxBytes?: number;
  now?: () => Date;
  /** Told why nothing was saved (missing file, refused link, too large, …). */
  onSkip?: (reason: string) => void;
}

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Reads the regular file `steps` below the CLI's home without following links; null if missing. */
async function readBelow(
  home: CliHome,
  steps: string[],
  options: { owner?: number | undefined; maxBytes: number },
): Promise<{ data: Buffer } | { missing: true } | { refused: string }> {
  const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)]);
  if (!walked.ok) return walked.missing ? { missing: true } : { refused: walked.reason };
  try {
    const opened = await openFileIn(walked.dir, steps[steps.length - 1]!, options.owner);
    if (opened.status === "missing") return { missing: true };
    if (opened.status === "refused") return { refused: opened.reason };
    try {
      if (opened.size > options.maxBytes) {
        return { refused: `the session file has ${opened.size} bytes, more than the ${options.maxBytes} kept` };
      }
      // Read at most one byte past the cap: a file still growing is refused, never read unbounded.
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const buffer = Buffer.alloc(Math.min(READ_CHUNK, options.maxBytes + 1 - total));
        const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, total);
        if (bytesRead === 0) break;
        chunks.push(buffer.subarray(0, bytesRead));
        total += bytesRead;
        if (total > options.maxBytes) return { refused: `the session file grew past the ${options.maxBytes} bytes kept` };
      }
      return { data: Buffer.concat(chunks) };
    } finally {
      await opened.handle.close();
    }
  } finally {
    await walked.dir.close();
  }
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    await fs.writeFile(temp, data, { flag: "wx", mode: 0o600 });
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Copies the CLI's session file `sessionId` into `destDir` with its record. Returns null (and tells
 * `onSkip` why) when the executor keeps no session file, the file is missing, refused or too large.
 */
export async function saveSession(input: SaveSessionInput): Promise<SavedSession | null> {
  const skip = (reason: string): null => {
    input.onSkip?.(reason);
    return null;
  };
  try {
    // Where each CLI keeps its sessions is its adapter's (loaded only here: resealing needs none of it).
    const { cliHome, findSessionSteps, isSessionExecutor } = await import("./locate.js");
    const executor = input.executorId;
    if (!isSessionExecutor(executor)) return skip(`the ${executor} executor keeps no session file`);
    if (!isSessionId(input.sessionId)) return skip(`${JSON.stringify(input.sessionId)} is not a session id`);
    const home = cliHome(executor, input.env);
    if ("error" in home) return skip(home.error);
    const maxBytes = input.maxBytes ?? DEFAULT_MAX_SESSION_BYTES;
    const owner = input.identity?.uid;
    // The first file found ends the search, whether it can be read or is refused.
    const found: { data: Buffer | null; refusal: string | null } = { data: null, refusal: null };
    const exists = async (steps: string[]): Promise<boolean> => {
      const read = await readBelow(home, steps, { owner, maxBytes });
      if ("missing" in read) return false;
      if ("refused" in read) found.refusal = `${steps.join("/")}: ${read.refused}`;
      else found.data = read.data;
      return true;
    };
    const steps = await findSessionSteps(executor, home, input.sessionId, input.cwd, exists);
    if (steps === null) return skip(`no session file for ${input.sessionId} below ${home.dir}`);
    const content = found.data;
    if (content === null) return skip(found.refusal ?? `the session file ${steps.join("/")} could not be read`);
    const record: SessionRecord = {
      version: 1,
      executor,
      sessionId: input.sessionId.toLowerCase(),
      homePath: steps.join("/"),
      cwd: input.cwd,
      bytes: content.length,
      sha256: sha256(content),
      savedAt: (input.now ?? (() => new Date()))().toISOString(),
    };
    await fs.mkdir(input.destDir, { recursive: true, mode: 0o700 });
    const file = path.join(input.destDir, SESSION_COPY_FILE);
    await writeAtomic(file, content);
    await writeAtomic(path.join(input.destDir, SESSION_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
    return { record, dir: input.destDir, file };
  } catch (error) {
    return skip(`saving the session failed: ${errorMessage(error)}`);
  }
}

export interface RestoreSessionInput {
  /** A directory written by saveSession (possibly restored from an artifact). */
  savedDir: string;
  /** The environment the agent will run with. */
  env: Env;
  /** The working directory it will run in (Claude Code keys its files by it). */
  cwd: string;
  /** The agent's OS user: created directories and the file are given to it. */
  identity?: Identity | undefined;
  onSkip?: (reason: string) => void;
}

export interface RestoredSession {
  executor: SessionExecutor;
  sessionId: string;
  /** Where the file now is (absolute). */
  file: string;
  /** False when the identical file was already there. */
  written: boolean;
}

/** Reads a regular, unlinked file of the saved directory up to `max` bytes; a reason otherwise. */
async function readSaved(file: string, max: number): Promise<Buffer | string> {
  let st: Stats;
  try {
    st = await fs.lstat(file);
  } catch {
    return `${path.basename(file)} is missing`;
  }
  if (!st.isFile()) return `${path.basename(file)} is not a regular file`;
  if (st.size > max) return `${path.basename(file)} has ${st.size} bytes, more than ${max}`;
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Creates `dir` and its missing parents, giving the ones created to `identity`. */
async function ensureAnchor(dir: string, identity: Identity | undefined): Promise<void> {
  const created = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (created === undefined || !identity) return;
  for (let d = dir; ; d = path.dirname(d)) {
    await fs.chown(d, identity.uid, identity.gid);
    if (d === created || path.dirname(d) === d) break;
  }
}

/**
 * Puts a saved session back where the CLI looks for it given `env` and `cwd`, and returns its id;
 * null (with the reason told to `onSkip`) for a missing, malformed or altered record or copy, or
 * when the target cannot be written without following a link. An identical file already in place
 * is left as it is.
 */
export async function restoreSession(input: RestoreSessionInput): Promise<RestoredSession | null> {
  const skip = (reason: string): null => {
    input.onSkip?.(reason);
    return null;
  };
  try {
    const recordText = await readSaved(path.join(input.savedDir, SESSION_RECORD_FILE), MAX_RECORD_BYTES);
    if (typeof recordText === "string") return skip(recordText);
    let raw: unknown;
    try {
      raw = JSON.parse(recordText.toString("utf8"));
    } catch {
      return skip(`${SESSION_RECORD_FILE} is not JSON`);
    }
    const parsed = SessionRecordSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return skip(
        `${SESSION_RECORD_FILE} is not a session record (${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid"})`,
      );
    }
    const record = parsed.data;
    const maxBytes = DEFAULT_MAX_SESSION_BYTES;
    if (record.bytes > maxBytes) return skip(`the saved session has ${record.bytes} bytes, more than the ${maxBytes} allowed`);
    const data = await readSaved(path.join(input.savedDir, SESSION_COPY_FILE), maxBytes);
    if (typeof data === "string") return skip(data);
    if (data.length !== record.bytes || sha256(data) !== record.sha256) {
      return skip(`${SESSION_COPY_FILE} does not match its record (size or sha256 differs): it was changed after it was saved`);
    }
    const { cliHome, isSessionExecutor, sessionFilesOf } = await import("./locate.js");
    if (!isSessionExecutor(record.executor)) return skip(`the record names the executor ${record.executor}, which keeps no session file`);
    const steps = (await sessionFilesOf(record.executor)?.restoreSteps(record.homePath, record.sessionId, input.cwd)) ?? null;
    if (steps === null) return skip(`the recorded path ${JSON.stringify(record.homePath)} is not a ${record.executor} session file`);
    const home = cliHome(record.executor, input.env);
    if ("error" in home) return skip(home.error);
    await ensureAnchor(home.anchor, input.identity);
    const walked = await walkDirs(home.anchor, [...home.steps, ...steps.slice(0, -1)], {
      create: { mode: 0o700, identity: input.identity },
    });
    if (!walked.ok) return skip(`the session cannot be put back: ${walked.reason}`);
    const name = steps[steps.length - 1]!;
    const file = path.join(home.dir, ...steps);
    try {
      const existing = await openFileIn(walked.dir, name);
      if (existing.status === "open") {
        let same = false;
        try {
          same = existing.size === data.length && sha256(await existing.handle.readFile()) === record.sha256;
        } finally {
          await existing.handle.close();
        }
        if (same) return { executor: record.executor, sessionId: record.sessionId, file, written: false };
      }
      await writeFileIn(walked.dir, name, data, 0o600, input.identity);
    } finally {
      await walked.dir.close();
    }
    return { executor: record.executor, sessionId: record.sessionId, file, written: true };
  } catch (error) {
    return skip(`restoring the session failed: ${errorMessage(error)}`);
  }
}

/**
 * Re-seals a saved session whose copy was redacted (the uploaded state): its record then describes
 * the redacted copy, which is what a later run puts back. False when the directory holds no valid
 * record (nothing is changed then).
 */
export async function resealRedactedSession(savedDir: string): Promise<boolean> {
  try {
    const record = SessionRecordSchema.safeParse(JSON.parse(await fs.readFile(path.join(savedDir, SESSION_RECORD_FILE), "utf8")));
    if (!record.success) return false;
    const data = await readSaved(path.join(savedDir, SESSION_COPY_FILE), Number.MAX_SAFE_INTEGER);
    if (typeof data === "string") return false;
    const sealed: SessionRecord = { ...record.data, bytes: data.length, sha256: sha256(data), redacted: true };
    await fs.writeFile(path.join(savedDir, SESSION_RECORD_FILE), `${JSON.stringify(sealed, null, 2)}\n`);
    return true;
  } catch {
    return false;
  }
}
