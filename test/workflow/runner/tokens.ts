/** Small helpers to read the template-token tree produced by @actions/workflow-parser. */
import { isBasicExpression, isBoolean, isLiteral, isMapping, isNumber, isSequence, isString } from "@actions/workflow-parser";
import type { MappingToken, TemplateToken } from "@actions/workflow-parser/templates/tokens/index";

export function entries(map: MappingToken): [string, TemplateToken][] {
  const out: [string, TemplateToken][] = [];
  for (const pair of map) {
    if (!isString(pair.key)) throw new Error(`line ${pair.key.line}: mapping keys must be plain strings`);
    out.push([pair.key.value, pair.value]);
  }
  return out;
}

export function get(map: MappingToken | undefined, key: string): TemplateToken | undefined {
  if (!map) return undefined;
  for (const pair of map) if (isString(pair.key) && pair.key.value === key) return pair.value;
  return undefined;
}

export function getMapping(map: MappingToken | undefined, key: string): MappingToken | undefined {
  const value = get(map, key);
  return value && isMapping(value) ? value : undefined;
}

/** The literal string of a token that must not contain expressions (ids, uses, shell, ...). */
export function literalString(token: TemplateToken | undefined): string | undefined {
  if (!token) return undefined;
  if (isString(token)) return token.value;
  if (isNumber(token) || isBoolean(token)) return String(token.value);
  return undefined;
}

/** Converts a literal token tree (no expressions) into plain JSON values. */
export function literalValue(token: TemplateToken): unknown {
  if (isBasicExpression(token)) throw new Error(`line ${token.line}: an expression is not allowed here`);
  if (isMapping(token)) return Object.fromEntries(entries(token).map(([k, v]) => [k, literalValue(v)]));
  if (isSequence(token)) {
    const out: unknown[] = [];
    for (const item of token) out.push(literalValue(item));
    return out;
  }
  if (isLiteral(token)) {
    if (isString(token) || isNumber(token) || isBoolean(token)) return token.value;
    return null;
  }
  throw new Error(`line ${token.line}: unsupported token`);
}
