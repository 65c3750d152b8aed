/**
 * The agent side of the control channel: sends one request line to the run's control socket and
 * reads the one response line.
 */
import net from "node:net";
import { UserError } from "../errors.js";
import {
  type ControlRequest,
  type ControlResponse,
  ControlResponseSchema,
  encodeLine,
  firstIssue,
  MAX_REQUEST_BYTES,
  MAX_RESPONSE_BYTES,
} from "./protocol.js";

/** How long a command waits for the orchestrator's answer (it queues writes; a loaded runner is slow). */
const DEFAULT_CLIENT_TIMEOUT_MS = 120_000;

export interface SendOptions {
  timeoutMs?: number;
}

function unreachable(socketPath: string, error: NodeJS.ErrnoException): UserError {
  const code = error.code ?? "error";
  if (code === "ENOENT" || code === "ECONNREFUSED") {
    return new UserError(
      `cannot reach the control socket ${JSON.stringify(socketPath)} (${code}): the wave run that started this agent has ended, ` +
        "or this process was not started by a wave run",
    );
  }
  return new UserError(`control socket ${JSON.stringify(socketPath)}: ${error.message}`);
}

/** Sends `request`, returns the server's (validated) response. Transport problems are UserErrors. */
export function sendControlRequest(socketPath: string, request: ControlRequest, options: SendOptions = {}): Promise<ControlResponse> {
  const line = encodeLine(request);
  const size = Buffer.byteLength(line, "utf8");
  if (size > MAX_REQUEST_BYTES) {
    return Promise.reject(
      new UserError(`the request is ${size} bytes once encoded; the limit is ${MAX_REQUEST_BYTES} (shorten the text you send)`),
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
  return new Promise<ControlResponse>((resolve, reject) => {
    const socket = net.createConnection({ path: socketPath, allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const finish = (outcome: { response: ControlResponse } | { error: UserError }) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if ("response" in outcome) resolve(outcome.response);
      else reject(outcome.error);
    };
    const parse = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const newline = text.indexOf("\n");
      const body = newline >= 0 ? text.slice(0, newline) : text;
      if (body.trim() === "") {
        finish({ error: new UserError(`the control socket ${JSON.stringify(socketPath)} closed without an answer`) });
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        finish({ error: new UserError("the control server's answer is not JSON") });
        return;
      }
      const parsed = ControlResponseSchema.safeParse(value);
      if (!parsed.success) {
        finish({ error: new UserError(`the control server's answer is not valid (${firstIssue(parsed.error)})`) });
        return;
      }
      finish({ response: parsed.data });
    };
    socket.setTimeout(timeoutMs, () => {
      finish({ error: new UserError(`no answer from the control socket within ${Math.round(timeoutMs / 1000)} s`) });
    });
    socket.on("connect", () => {
      socket.end(line);
    });
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_RESPONSE_BYTES) {
        finish({ error: new UserError(`the control server's answer is longer than ${MAX_RESPONSE_BYTES} bytes`) });
        return;
      }
      chunks.push(chunk);
      if (chunk.includes(10)) parse();
    });
    socket.on("end", () => parse());
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A response that already arrived wins over a late write error (EPIPE after the server answered).
      if (chunks.length > 0) parse();
      else finish({ error: unreachable(socketPath, error) });
    });
  });
}

/** Sends `request` and returns the id of what the server recorded; a refusal or error becomes a UserError. */
export async function requestId(socketPath: string, request: ControlRequest): Promise<string> {
  return (await requestAccepted(socketPath, request)).id;
}

/** The accepted request's id, and the answer when the question was already answered. */
export async function requestAccepted(
  socketPath: string,
  request: ControlRequest,
  options: SendOptions = {},
): Promise<{ id: string; answer?: string }> {
  const response = await sendControlRequest(socketPath, request, options);
  if (response.ok) return response.answer !== undefined ? { id: response.id, answer: response.answer } : { id: response.id };
  throw new UserError(response.message, response.code === "internal" ? 1 : 2);
}
