/**
 * The orchestrator's control server: a Unix domain socket through which agents post coordination
 * records and ask humans for feedback, for the duration of one wave run.
 *
 * Authentication: the engine issues each agent process a random token (32 bytes) before it starts
 * and revokes it when the process ends. Every request is attributed to the agent its token was
 * issued for: the identity never comes from the request or from the caller's environment. Tokens
 * are compared in constant time. The socket file is mode 0666: the token, not the file mode, is
 * what admits a caller (the directory holding the socket is the engine's business).
 *
 * Protocol (protocol.ts): one JSON request line per connection, one JSON response line, then the
 * server closes. Requests are bounded in size, idle connections time out, malformed input gets an
 * error response. Writes to the run directory are serialised: an `--id` update's ownership check
 * and its append happen with no other write in between.
 *
 * Feedback: a question the asking agent already had answered (same agent, same text up to
 * whitespace; the answer store in the run directory, feedback/answers.ts) is recorded answered at
 * once and does not block the wave; any other question is recorded pending.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { promises as fs } from "node:fs";
import net from "node:net";
import path from "node:path";
import { errorMessage, UserError } from "../errors.js";
import { type AgentIdentity, agentRecordInput, checkClaimedIdentity, checkUpdate, validateCoordPost } from "../coordination/post-fields.js";
import { createCoordinationRecord } from "../coordination/record.js";
import { materialize } from "../coordination/state.js";
import { appendCoordinationRecord, coordinationLogPath, readCoordinationLog } from "../coordination/store.js";
import { findAnswer, readAnswers } from "../feedback/answers.js";
import { createFeedbackRequest, validateFeedbackAsk } from "../feedback/requests.js";
import { waitForFeedbackAnswer } from "../feedback/wait.js";
import {
  type ControlErrorCode,
  ControlRequestSchema,
  type ControlResponse,
  type CoordPostRequest,
  encodeLine,
  type FeedbackAskRequest,
  firstIssue,
  MAX_REQUEST_BYTES,
  MAX_RESPONSE_BYTES,
  TOKEN_BYTES,
  TOKEN_PATTERN,
  TokenEnvelopeSchema,
} from "./protocol.js";

const SOCKET_NAME = "control.sock";
/** Unix socket paths are limited to 108 bytes on Linux (104 on macOS); stay under both. */
const MAX_SOCKET_PATH_BYTES = 100;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** Error messages are cut to this length (a response must fit MAX_RESPONSE_BYTES). */
const MAX_MESSAGE_CHARS = 2000;

export interface ControlServerOptions {
  /** Existing directory the socket is created in. */
  dir: string;
  /** The run directory the server writes to (coordination log, feedback requests). */
  runDir: string;
  lane: string;
  wave: number;
  now?: () => Date;
  /** A connection that sends nothing for this long gets a timeout error and is closed. */
  idleTimeoutMs?: number;
  /** Told about problems that do not stop the server (a failed write, a socket error). */
  onWarning?: (message: string) => void;
  /** The current inbox of an agent (`wave coord inbox`); without it such requests are refused. */
  inbox?: (agentId: string) => Promise<string>;
}

export interface ControlServer {
  readonly socketPath: string;
  /** A new token for one run of `agentId`; requests with it are attributed to that agent. */
  issueToken(agentId: string, attempt: number | null): string;
  /** The token no longer admits anyone (unknown tokens are ignored). */
  revokeToken(token: string): void;
  /** Stops accepting, ends open connections, waits for queued writes, removes the socket. */
  close(): Promise<void>;
}

interface Grant {
  key: Buffer;
  identity: AgentIdentity;
}

/** Text cut (at a line end where possible) so that its response stays within MAX_RESPONSE_BYTES. */
function fitResponse(text: string): string {
  const limit = MAX_RESPONSE_BYTES - 512;
  if (Buffer.byteLength(JSON.stringify(text), "utf8") <= limit) return text;
  let cut = text;
  while (cut.length > 0 && Buffer.byteLength(JSON.stringify(cut), "utf8") > limit - 40) {
    cut = cut.slice(0, Math.floor(cut.length * 0.9));
  }
  const end = cut.lastIndexOf("\n");
  return `${end > 0 ? cut.slice(0, end + 1) : cut}… (cut to fit the control channel)\n`;
}

class RequestError extends Error {
  constructor(
    readonly code: ControlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const REFUSED =
  "refused: the agent token is unknown or no longer valid (a token admits only the agent process the wave run started with it, while it runs)";

export async function startControlServer(options: ControlServerOptions): Promise<ControlServer> {
  const socketPath = path.join(path.resolve(options.dir), SOCKET_NAME);
  const pathBytes = Buffer.byteLength(socketPath, "utf8");
  if (pathBytes > MAX_SOCKET_PATH_BYTES) {
    throw new UserError(
      `the control socket path ${JSON.stringify(socketPath)} is ${pathBytes} bytes; Unix sockets allow at most ${MAX_SOCKET_PATH_BYTES} here (use a shorter temporary directory)`,
    );
  }
  const now = options.now ?? (() => new Date());
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const warn = (message: string) => options.onWarning?.(`control server: ${message}`);
  const logPath = coordinationLogPath(options.runDir);

  const grants = new Map<string, Grant>();
  const sockets = new Set<net.Socket>();
  let queue: Promise<unknown> = Promise.resolve();
  let closing = false;
  const stopWaits = new AbortController();

  /** Runs `fn` after every write queued before it. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  const authenticate = (token: string): AgentIdentity => {
    if (!TOKEN_PATTERN.test(token)) throw new RequestError("refused", REFUSED);
    const given = Buffer.from(token, "hex");
    let found: AgentIdentity | null = null;
    // Every live grant is compared, in constant time each, whichever matches.
    for (const grant of grants.values()) {
      if (timingSafeEqual(given, grant.key)) found = grant.identity;
    }
    if (!found) throw new RequestError("refused", REFUSED);
    return found;
  };

  const coordPost = (request: CoordPostRequest, who: AgentIdentity): Promise<string> => {
    const post = validateCoordPost(request.fields);
    checkClaimedIdentity(request.fields, who);
    return serial(async () => {
      if (post.id !== undefined) {
        const existing = materialize((await readCoordinationLog(logPath)).records).byId.get(post.id);
        try {
          checkUpdate(existing, post, who);
        } catch (error) {
          throw new RequestError("refused", `refused: ${(error as Error).message}`);
        }
      }
      const record = createCoordinationRecord(agentRecordInput(post, who), now());
      await appendCoordinationRecord(logPath, record);
      return record.id;
    });
  };

  const feedbackAsk = async (request: FeedbackAskRequest, who: AgentIdentity): Promise<{ id: string; answer?: string }> => {
    const { question, context } = validateFeedbackAsk(request.question, request.context);
    const made = await serial(async () => {
      // A question this agent already had answered (the run directory's answer store) is
      // recorded answered at once: it does not block the wave again.
      const known = findAnswer(
        await readAnswers([options.runDir], (file, message) => warn(`answer store ${file}: ${message}`)),
        who.agentId,
        question,
      );
      const made = await createFeedbackRequest({
        known: known ?? null,
        runDir: options.runDir,
        lane: who.lane,
        wave: who.wave,
        attempt: who.attempt,
        agentId: who.agentId,
        question,
        context,
        now: now(),
      });
      return known ? { id: made.id, answer: known.answer } : { id: made.id };
    });
    if (made.answer !== undefined || request.waitSeconds === undefined) return made;
    // `--wait`: held open (outside the write queue) until a human answers, the wait ends or the run does.
    const answered = await waitForFeedbackAnswer(options.runDir, made.id, {
      timeoutMs: request.waitSeconds * 1000,
      signal: stopWaits.signal,
    });
    return answered?.answer != null ? { id: made.id, answer: answered.answer } : made;
  };

  const handle = async (line: string): Promise<ControlResponse> => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new RequestError("malformed", `the request is not valid JSON (${(error as Error).message})`);
    }
    const envelope = TokenEnvelopeSchema.safeParse(value);
    if (!envelope.success) throw new RequestError("refused", `${REFUSED}; the request carries no token`);
    const who = authenticate(envelope.data.token);
    const parsed = ControlRequestSchema.safeParse(value);
    if (!parsed.success) throw new RequestError("invalid", `the request is not valid (${firstIssue(parsed.error)})`);
    const request = parsed.data;
    if (request.type === "coord-post") return { ok: true, id: await coordPost(request, who) };
    if (request.type === "coord-inbox") {
      if (!options.inbox) throw new RequestError("invalid", "this run serves no inbox");
      return { ok: true, id: who.agentId, text: fitResponse(await options.inbox(who.agentId)) };
    }
    return { ok: true, ...(await feedbackAsk(request, who)) };
  };

  const respond = (socket: net.Socket, response: ControlResponse, then?: () => void) => {
    if (socket.destroyed || socket.writableEnded) return;
    // Messages may quote the caller's input: keep the answer well inside what a client reads.
    const clipped =
      response.ok || response.message.length <= MAX_MESSAGE_CHARS
        ? response
        : { ...response, message: `${response.message.slice(0, MAX_MESSAGE_CHARS)}…` };
    socket.end(encodeLine(clipped), then);
  };

  const errorResponse = (error: unknown): ControlResponse => {
    if (error instanceof RequestError) return { ok: false, code: error.code, message: error.message };
    if (error instanceof UserError) return { ok: false, code: "invalid", message: error.message };
    const message = errorMessage(error);
    warn(`a request failed: ${message}`);
    return { ok: false, code: "internal", message: `the orchestrator could not record the request: ${message}` };
  };

  const onConnection = (socket: net.Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let size = 0;
    let discarded = 0;
    // reading: the request line is arriving; working: it is being handled; done: answered.
    let phase: "reading" | "working" | "done" = "reading";
    const answer = (line: string) => {
      phase = "working";
      handle(line)
        .catch((error: unknown) => errorResponse(error))
        .then((response) => {
          phase = "done";
          respond(socket, response);
        });
    };
    const fail = (code: ControlErrorCode, message: string, then?: () => void) => {
      phase = "done";
      respond(socket, { ok: false, code, message }, then);
    };
    // Inactivity: a half-sent request gets an error; a connection kept open after its answer is closed.
    socket.setTimeout(idleMs, () => {
      if (phase === "reading") {
        fail("timeout", `no complete request within ${idleMs} ms of inactivity`, () => socket.destroy());
      } else if (phase === "done") {
        socket.destroy();
      }
    });
    socket.on("data", (chunk: Buffer) => {
      if (phase !== "reading") {
        // Whatever follows the request (or the rest of an oversize one) is dropped, within reason.
        discarded += chunk.length;
        if (discarded > 4 * MAX_REQUEST_BYTES) socket.destroy();
        return;
      }
      const newline = chunk.indexOf(10);
      const take = newline >= 0 ? chunk.subarray(0, newline) : chunk;
      if (size + take.length > MAX_REQUEST_BYTES) {
        fail("too-large", `the request is larger than ${MAX_REQUEST_BYTES} bytes`);
        return;
      }
      chunks.push(take);
      size += take.length;
      if (newline >= 0) answer(Buffer.concat(chunks).toString("utf8"));
    });
    socket.on("end", () => {
      // The caller finished sending: a last line without its newline is still a request.
      if (phase !== "reading") return;
      if (size > 0) answer(Buffer.concat(chunks).toString("utf8"));
      else fail("malformed", "the connection ended without a request");
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  };

  const server = net.createServer({ allowHalfOpen: true }, onConnection);
  server.on("error", (error) => warn(error.message));
  await fs.rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) =>
      reject(new UserError(`cannot create the control socket ${JSON.stringify(socketPath)}: ${error.message}`));
    server.once("error", onError);
    server.listen(socketPath, () => {
      server.off("error", onError);
      resolve();
    });
  });
  await fs.chmod(socketPath, 0o666);

  let closed: Promise<void> | null = null;
  return {
    socketPath,
    issueToken(agentId: string, attempt: number | null): string {
      const key = randomBytes(TOKEN_BYTES);
      const token = key.toString("hex");
      grants.set(token, { key, identity: { lane: options.lane, wave: options.wave, agentId, attempt } });
      return token;
    },
    revokeToken(token: string): void {
      grants.delete(token);
    },
    close(): Promise<void> {
      closed ??= (async () => {
        closing = true;
        stopWaits.abort();
        grants.clear();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        await queue;
        await fs.rm(socketPath, { force: true });
      })();
      return closed;
    },
  };
}
