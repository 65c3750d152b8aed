/**
 * Expression evaluation with @actions/expressions: contexts are plain JSON values, converted to the
 * library's data model on the way in and back on the way out. Unknown functions and unknown contexts
 * are parse errors (the library raises them), so a workflow that uses something we do not provide
 * fails loudly instead of evaluating to something wrong.
 */
import { Evaluator, Lexer, Parser, data } from "@actions/expressions";
import { TokenType } from "@actions/expressions/lexer";
import type { FunctionDefinition } from "@actions/expressions/funcs/info";
import { isBasicExpression, isBoolean, isMapping, isNull, isNumber, isSequence, isString } from "./token-guards.js";
import type { TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { UnsupportedError, WorkflowRunnerError } from "./errors.js";

/** Job or step status as seen by success(), failure() and cancelled(). */
export interface StatusFunctions {
  success: () => boolean;
  failure: () => boolean;
  cancelled: () => boolean;
}

export interface Scope {
  /** Context name → plain JSON value (github, inputs, needs, matrix, steps, env, ...). */
  contexts: Record<string, unknown>;
  /** Present where status functions are allowed (job and step `if`). */
  status?: StatusFunctions;
  /** Where the expression sits, for error messages ("wave.yml:12 jobs.plan.if"). */
  where: string;
}

export function toData(value: unknown): data.ExpressionData {
  if (value === null || value === undefined) return new data.Null();
  if (typeof value === "string") return new data.StringData(value);
  if (typeof value === "number") return new data.NumberData(value);
  if (typeof value === "boolean") return new data.BooleanData(value);
  if (Array.isArray(value)) {
    const arr = new data.Array();
    for (const item of value) arr.add(toData(item));
    return arr;
  }
  if (typeof value === "object") {
    const dict = new data.Dictionary();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) dict.add(k, toData(v));
    return dict;
  }
  throw new WorkflowRunnerError(`cannot use a ${typeof value} in an expression context`);
}

export function fromData(value: data.ExpressionData): unknown {
  switch (value.kind) {
    case data.Kind.String:
    case data.Kind.Number:
    case data.Kind.Boolean:
      return (value as data.StringData | data.NumberData | data.BooleanData).value;
    case data.Kind.Null:
      return null;
    case data.Kind.Array:
      return (value as data.Array).values().map(fromData);
    default:
      return Object.fromEntries((value as data.Dictionary).pairs().map((p) => [p.key, fromData(p.value)]));
  }
}

/** String conversion the way the runner does it when a value lands in a string field. */
export function toText(value: unknown, where: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  throw new WorkflowRunnerError(`${where}: an object or array cannot be used as a string here`);
}

const STATUS_NAMES = ["success", "failure", "cancelled", "always"] as const;

function statusFunctions(status: StatusFunctions): Map<string, FunctionDefinition> {
  const fn = (name: string, get: () => boolean): [string, FunctionDefinition] => [
    name,
    { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(get()) },
  ];
  return new Map([
    fn("success", status.success),
    fn("failure", status.failure),
    fn("cancelled", status.cancelled),
    fn("always", () => true),
  ]);
}

export function parseExpression(expression: string, contextNames: string[], withStatus: boolean) {
  const functions = withStatus ? STATUS_NAMES.map((name) => ({ name, minArgs: 0, maxArgs: 0 })) : [];
  const lexed = new Lexer(expression).lex();
  return new Parser(lexed.tokens, contextNames, functions).parse();
}

export function evaluateExpression(expression: string, scope: Scope): unknown {
  let tree: ReturnType<typeof parseExpression>;
  try {
    tree = parseExpression(expression, Object.keys(scope.contexts), scope.status !== undefined);
  } catch (error) {
    const message = (error as Error).message;
    if (/Unrecognized function/.test(message)) {
      throw new UnsupportedError(`${scope.where}: ${message} in \${{ ${expression} }} (not supported by the local runner)`);
    }
    throw new WorkflowRunnerError(`${scope.where}: ${message} in \${{ ${expression} }}`);
  }
  const dict = new data.Dictionary();
  for (const [name, value] of Object.entries(scope.contexts)) dict.add(name, toData(value));
  const functions = scope.status ? statusFunctions(scope.status) : undefined;
  try {
    return fromData(new Evaluator(tree, dict, functions).evaluate());
  } catch (error) {
    throw new WorkflowRunnerError(`${scope.where}: cannot evaluate \${{ ${expression} }}: ${(error as Error).message}`);
  }
}

/** Evaluates a token tree into plain JSON values, expressions included. */
export function evaluateToken(token: TemplateToken, scope: Scope): unknown {
  if (isBasicExpression(token)) return evaluateExpression(token.expression, scope);
  if (isString(token) || isNumber(token) || isBoolean(token)) return token.value;
  if (isNull(token)) return null;
  if (isSequence(token)) {
    const out: unknown[] = [];
    for (const item of token) out.push(evaluateToken(item, scope));
    return out;
  }
  if (isMapping(token)) {
    const out: Record<string, unknown> = {};
    for (const pair of token) {
      const key = toText(evaluateToken(pair.key, scope), scope.where);
      out[key] = evaluateToken(pair.value, scope);
    }
    return out;
  }
  throw new UnsupportedError(`${scope.where}: line ${token.line}: unsupported template construct (${token.typeName()})`);
}

export function evaluateText(token: TemplateToken | undefined, scope: Scope): string {
  return token === undefined ? "" : toText(evaluateToken(token, scope), scope.where);
}

/** Condition text of an `if:` token, wrapped in success() when it names no status function. */
export function conditionOf(token: TemplateToken | undefined): string {
  if (token === undefined) return "success()";
  let text: string;
  if (isBasicExpression(token)) text = token.expression;
  else if (isString(token)) text = token.value.trim();
  else if (isBoolean(token) || isNumber(token)) text = String(token.value);
  else throw new WorkflowRunnerError(`line ${token.line}: an if condition must be a string`);
  if (text === "") return "success()";
  const stripped = text.replace(/^\$\{\{([\s\S]*)\}\}$/, "$1").trim();
  return usesStatusFunction(stripped) ? stripped : `success() && (${stripped})`;
}

function usesStatusFunction(expression: string): boolean {
  const lexed = new Lexer(expression).lex();
  // A status function is an identifier immediately followed by "(": literal strings are separate tokens.
  return lexed.tokens.some(
    (t, i) =>
      t.type === TokenType.IDENTIFIER &&
      (STATUS_NAMES as readonly string[]).includes(t.lexeme.toLowerCase()) &&
      lexed.tokens[i + 1]?.type === TokenType.LEFT_PAREN,
  );
}

export function evaluateCondition(token: TemplateToken | undefined, scope: Scope & { status: StatusFunctions }): boolean {
  const value = evaluateExpression(conditionOf(token), scope);
  return truthy(value);
}

export function truthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (typeof value === "string") return value.length > 0;
  return true;
}

/** Replaces every ${{ expr }} in a plain string (action.yml defaults). */
export function interpolate(text: string, scope: Scope): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_m, expr: string) => toText(evaluateExpression(expr.trim(), scope), scope.where));
}
