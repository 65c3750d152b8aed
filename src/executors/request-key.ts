/**
 * How a model API request carries its key: `x-api-key` (Anthropic) or `Authorization: Bearer`
 * (OpenAI and OpenAI-compatible APIs). The model proxy reads agents' tokens this way and the
 * rehearsal server reads its per-agent keys this way; both compare them in constant time through
 * a sha256 digest (equal length, so neither the key nor its length leaks through timing).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** The key a request carries, or null. */
export function requestKey(headers: IncomingHttpHeaders): string | null {
  const x = headers["x-api-key"];
  if (typeof x === "string" && x !== "") return x;
  const auth = headers.authorization;
  if (typeof auth === "string" && /^Bearer /i.test(auth)) return auth.slice(7).trim();
  return null;
}

/** What is kept of a key to check it later (never the key itself). */
export function keyDigest(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

/** Whether `given` is the key whose digest is `expected`. */
export function matchesKey(expected: Buffer, given: string | null): boolean {
  return given !== null && timingSafeEqual(keyDigest(given), expected);
}
