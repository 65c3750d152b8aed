/**
 * HS256 JSON web tokens for the emulated runtime token (ACTIONS_RUNTIME_TOKEN). The artifact client
 * only decodes the payload (for the `scp` claim); the results service verifies the signature.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const b64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

export function signJwt(payload: Record<string, unknown>, secret: Buffer): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(sig)}`;
}

/** Returns the payload of a valid, unexpired token, or an error message. */
export function verifyJwt(token: string, secret: Buffer, nowSeconds = Date.now() / 1000): Record<string, unknown> | string {
  const parts = token.split(".");
  if (parts.length !== 3) return "malformed token";
  const [head, body, sig] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad signature";
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return "malformed payload";
  }
  if (typeof payload !== "object" || payload === null) return "malformed payload";
  const claims = payload as Record<string, unknown>;
  if (typeof claims["exp"] === "number" && claims["exp"] < nowSeconds) return "token expired";
  return claims;
}

/** The `<runBackendId>:<jobBackendId>` pair of the `Actions.Results` scope, if present. */
export function resultsScope(claims: Record<string, unknown>): { runBackendId: string; jobBackendId: string } | null {
  const scp = claims["scp"];
  if (typeof scp !== "string") return null;
  for (const scope of scp.split(" ")) {
    const parts = scope.split(":");
    if (parts[0] === "Actions.Results" && parts.length === 3 && parts[1] && parts[2]) {
      return { runBackendId: parts[1], jobBackendId: parts[2] };
    }
  }
  return null;
}
