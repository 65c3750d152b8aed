/**
 * The control protocol between agent commands (`wave coord post`, `wave feedback ask`) and the
 * orchestrator's control server: one JSON request line, one JSON response line, per connection.
 * Both ends validate with these schemas.
 *
 * A request names no agent: the server attributes it to the agent its token was issued for. Keys
 * a request carries beyond these schemas (an `agentId`, a `lane`…) are dropped unread.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";

export const PROTOCOL_VERSION = 1;

/** Largest request line the server reads (the client refuses to send a larger one). */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** Largest response line the client reads. */
export const MAX_RESPONSE_BYTES = 16 * 1024;

/** Tokens are 32 random bytes, hex-encoded. */
export const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const TokenField = lazySchema(() => z.string().max(1024));

/** The fields of `wave coord post` as given on its command line (validated by the coordination module). */
const CoordPostFieldsSchema = lazySchema(() =>
  z.object({
    kind: z.string().optional(),
    summary: z.string().optional(),
    detail: z.string().optional(),
    targets: z.array(z.string()).optional(),
    priority: z.string().optional(),
    blocking: z.string().optional(),
    status: z.string().optional(),
    severity: z.string().optional(),
    confidence: z.string().optional(),
    artifacts: z.array(z.string()).optional(),
    dependsOn: z.array(z.string()).optional(),
    id: z.string().optional(),
    /** Optional claims (`--lane/--wave/--agent`): checked against the token's agent, never trusted. */
    lane: z.string().optional(),
    wave: z.string().optional(),
    agent: z.string().optional(),
  }),
);
export type CoordPostFields = z.infer<typeof CoordPostFieldsSchema>;

const CoordPostRequestSchema = lazySchema(() =>
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal("coord-post"),
    token: TokenField,
    fields: CoordPostFieldsSchema,
  }),
);

export const FeedbackAskRequestSchema = lazySchema(() =>
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal("feedback-ask"),
    token: TokenField,
    question: z.string(),
    context: z.string().nullable().optional(),
    /** `wave feedback ask --wait`: hold the request open until a human answers, at most this long. */
    waitSeconds: z
      .number()
      .int()
      .positive()
      .max(24 * 60 * 60)
      .optional(),
  }),
);

/** `wave coord inbox`: the current inbox of the token's agent (answered in `text`). */
const CoordInboxRequestSchema = lazySchema(() =>
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal("coord-inbox"),
    token: TokenField,
  }),
);

export const ControlRequestSchema = lazySchema(() =>
  z.discriminatedUnion("type", [CoordPostRequestSchema, FeedbackAskRequestSchema, CoordInboxRequestSchema]),
);
export type ControlRequest = z.infer<typeof ControlRequestSchema>;
export type CoordPostRequest = z.infer<typeof CoordPostRequestSchema>;
export type FeedbackAskRequest = z.infer<typeof FeedbackAskRequestSchema>;

/** Read before anything else: the server authenticates a request before it looks at the rest. */
export const TokenEnvelopeSchema = lazySchema(() => z.object({ token: TokenField }));

const ERROR_CODES = ["refused", "invalid", "malformed", "too-large", "timeout", "internal"] as const;
export type ControlErrorCode = (typeof ERROR_CODES)[number];

export const ControlResponseSchema = lazySchema(() =>
  z.discriminatedUnion("ok", [
    /** `answer`: a question this agent already had answered gets its answer at once. */
    /** `text`: the answer to a read request (`coord-inbox`), within MAX_RESPONSE_BYTES. */
    z.object({ ok: z.literal(true), id: z.string(), answer: z.string().optional(), text: z.string().optional() }),
    z.object({ ok: z.literal(false), code: z.enum(ERROR_CODES), message: z.string() }),
  ]),
);
export type ControlResponse = z.infer<typeof ControlResponseSchema>;

/** One line of the protocol (JSON never contains a raw newline). */
export function encodeLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** The first issue of a zod error as `path: message`. */
export function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  return issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}
