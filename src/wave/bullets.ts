/**
 * Bullet lists inside wave file sections: every non-blank line must be `- <value>`.
 */
import type { DiagnosticSink } from "./diagnostics.js";
import { preview, type Section } from "./structure.js";

export interface Bullet {
  n: number;
  value: string;
  /** 1-based column where the value starts. */
  column: number;
}

export interface KeyValue extends Bullet {
  key: string;
  /** Column where the value (after the colon) starts. */
  valueColumn: number;
}

export interface ListContext {
  sink: DiagnosticSink;
  /** Message prefix, e.g. "Agent A1" or "Wave 3". */
  who: string;
  agentId?: string;
}

function extra(ctx: ListContext, column?: number) {
  return { ...(ctx.agentId !== undefined ? { agentId: ctx.agentId } : {}), ...(column !== undefined ? { column } : {}) };
}

/** `- value` lines of a section; any other non-blank line is reported as malformed. */
export function bulletsOf(section: Section, ctx: ListContext, what: string): Bullet[] {
  const out: Bullet[] = [];
  for (const line of section.body) {
    const t = line.text;
    const trimmed = t.trim();
    if (trimmed === "") continue;
    const lead = t.length - t.trimStart().length;
    const ok = trimmed.startsWith("-") && (trimmed[1] === " " || trimmed[1] === "\t");
    const value = ok ? trimmed.slice(1).trim() : "";
    if (!ok || value === "") {
      ctx.sink.error(
        line.n,
        `${ctx.who}: malformed ${what} "${preview(trimmed)}" in "${"#".repeat(section.level)} ${section.name}" (expected "- …"; no prose in list sections)`,
        extra(ctx, lead + 1),
      );
      continue;
    }
    const column = t.indexOf(value, lead + 1) + 1;
    out.push({ n: line.n, value, column: column > 0 ? column : lead + 3 });
  }
  return out;
}

const KEY = /^[A-Za-z0-9._-]+$/;

/** `- key: value` lines. Malformed lines are reported; `allowDots` permits `a.b` keys. */
export function keyValuesOf(section: Section, ctx: ListContext, what: string, allowDots = true): KeyValue[] {
  const out: KeyValue[] = [];
  for (const b of bulletsOf(section, ctx, what)) {
    const colon = b.value.indexOf(":");
    const key = colon > 0 ? b.value.slice(0, colon).trim() : "";
    if (!key || !KEY.test(key) || (!allowDots && key.includes("."))) {
      ctx.sink.error(b.n, `${ctx.who}: malformed ${what} "${preview(b.value)}" (expected "- <key>: <value>")`, extra(ctx, b.column));
      continue;
    }
    const rawValue = b.value.slice(colon + 1);
    const value = rawValue.trim();
    if (value === "") {
      ctx.sink.error(b.n, `${ctx.who}: empty ${what} "${key}"`, extra(ctx, b.column));
      continue;
    }
    const valueColumn = b.column + colon + 1 + (rawValue.length - rawValue.trimStart().length);
    out.push({ n: b.n, column: b.column, key, value, valueColumn });
  }
  return out;
}

/**
 * The `key: value | key: value` fields of a bullet: keys lower-cased, each value as `unquote`
 * leaves it. Null when a field is not `key: value` with a non-empty value after `unquote`
 * (reported as a malformed `what` field; the bullet's later fields are not read).
 */
export function pipeFieldsOf(b: Bullet, ctx: ListContext, what: string, unquote: (value: string) => string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const part of b.value.split("|")) {
    const pair = part.trim();
    if (!pair) continue;
    const colon = pair.indexOf(":");
    const key = colon > 0 ? pair.slice(0, colon).trim().toLowerCase() : "";
    const value = colon > 0 ? unquote(pair.slice(colon + 1)) : "";
    if (!key || !value) {
      errorAt(ctx, b.n, `malformed ${what} field "${preview(pair)}" (expected "key: value")`, b.column);
      return null;
    }
    fields[key] = value;
  }
  return fields;
}

export function errorAt(ctx: ListContext, line: number, message: string, column?: number): void {
  ctx.sink.error(line, `${ctx.who}: ${message}`, extra(ctx, column));
}

export function warnAt(ctx: ListContext, line: number, message: string, column?: number): void {
  ctx.sink.warning(line, `${ctx.who}: ${message}`, extra(ctx, column));
}
