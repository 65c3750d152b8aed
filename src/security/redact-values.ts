/**
 * Redaction of plain data (results, events, report inputs) before anything renders it: every string
 * in the value, object keys included, is redacted, so escaping, truncating and formatting only ever
 * see text that holds no secret.
 */
import type { Redactor } from "./redact.js";

/** Redacts every string in a JSON-like value; returns a copy (the input is left as it is). */
export function redactValue<T>(value: T, redactor: Pick<Redactor, "redact" | "maxMatchLength">): T {
  if (redactor.maxMatchLength === 0) return value;
  const seen = new Map<object, unknown>();
  const visit = (v: unknown): unknown => {
    if (typeof v === "string") return redactor.redact(v);
    if (v === null || typeof v !== "object") return v;
    const done = seen.get(v);
    if (done !== undefined) return done;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const item of v) out.push(visit(item));
      return out;
    }
    if (v instanceof Map) {
      const out = new Map<unknown, unknown>();
      seen.set(v, out);
      for (const [k, item] of v) out.set(visit(k), visit(item));
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, item] of Object.entries(v)) out[redactor.redact(k)] = visit(item);
    return out;
  };
  return visit(value) as T;
}
