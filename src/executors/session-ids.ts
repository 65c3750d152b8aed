/**
 * Session ids of the agent CLIs. A run reads them from the CLI's events with the usage figures
 * (src/usage/extract.ts).
 *
 * Claude Code: a fresh `-p` run takes the id we choose (`--session-id <uuid>`; a second launch
 * with an id already on disk fails with "Session ID … is already in use", so every fresh launch
 * needs a new one). Its output also names it: `stream-json` in the first event
 * (`{"type":"system","subtype":"init","session_id":…}`), `json` only in the final `result` event,
 * `text` nowhere.
 *
 * Codex: the id cannot be chosen. `exec --json` prints it as the very first event,
 * `{"type":"thread.started","thread_id":"<uuid>"}` (before any model request, so a run killed at its
 * deadline has printed it too); a resumed run prints the same id again. Codex ids are UUIDv7, whose
 * first 48 bits are the creation time in milliseconds (used to find the session file quickly).
 */
import { randomUUID } from "node:crypto";
import type { SessionRequest } from "./types.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (any version), the only session ids the launches accept. */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A new random session id (for Claude Code's `--session-id`). */
export function newSessionId(): string {
  return randomUUID();
}

/** The creation time a UUIDv7 carries, or null for other ids. */
export function uuidV7Time(id: string): Date | null {
  if (!isSessionId(id) || id[14] !== "7") return null;
  const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** The session request of a launch with its defaults (absent: persist, fresh, no chosen id). */
export function sessionRequestOf(session: SessionRequest | undefined): Required<SessionRequest> {
  const request = { persist: session?.persist ?? true, resumeId: session?.resumeId ?? null, newId: session?.newId ?? null };
  for (const [name, id] of [
    ["resumeId", request.resumeId],
    ["newId", request.newId],
  ] as const) {
    // Ids reach argv: never let a flag-like or free-form value through.
    if (id !== null && !isSessionId(id)) throw new Error(`session.${name} must be a UUID, got ${JSON.stringify(id)}`);
  }
  return request;
}
