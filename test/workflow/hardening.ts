/**
 * Static hardening rules for our workflow files. Each finding names the file, line and rule; the
 * hardening test expects none for every file under .github/workflows.
 */
import {
  Binary,
  ContextAccess,
  type Expr,
  FunctionCall,
  Grouping,
  IndexAccess,
  Literal,
  Logical,
  Star,
  Unary,
} from "@actions/expressions/ast";
import { data, Lexer, Parser } from "@actions/expressions";
import { NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import type { MappingToken, TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { isBasicExpression, isMapping, isSequence, isString } from "./runner/token-guards.js";
import { entries, get, getMapping, literalString } from "./runner/tokens.js";

export type Rule =
  | "parse"
  | "top-permissions"
  | "write-permissions"
  | "expression-in-run"
  | "unpinned-action"
  | "checkout-credentials"
  | "secrets-inherit"
  | "job-timeout"
  | "pull-request-target";

export interface Finding {
  file: string;
  line: number;
  rule: Rule;
  message: string;
}

/** Jobs allowed to hold write permissions: file name → job ids. */
export const WRITE_ALLOWED: Record<string, string[]> = { "wave-dispatch.yml": ["publish"], "release.yml": ["release"] };

/** Values that may appear in run: (they cannot carry text an attacker chooses). */
const SAFE_IN_RUN = [
  /^github\.(run_id|run_number|run_attempt|sha|workspace|repository|repository_owner|job|server_url|api_url)$/,
  /^runner\.(temp|os|arch|tool_cache|name)$/,
  /^job\.status$/,
  /^steps\.[^.]+\.(outcome|conclusion)$/,
  /^strategy\.(job-index|job-total|max-parallel|fail-fast)$/,
];

const CONTEXTS = ["github", "inputs", "vars", "secrets", "env", "job", "jobs", "steps", "runner", "strategy", "matrix", "needs"];

/** Dotted paths ("github.event.issue.title", "matrix.*") an expression reads. */
export function accessedPaths(expression: string): string[] {
  const tree = new Parser(new Lexer(expression).lex().tokens, CONTEXTS, [
    { name: "success", minArgs: 0, maxArgs: 0 },
    { name: "failure", minArgs: 0, maxArgs: 0 },
    { name: "cancelled", minArgs: 0, maxArgs: 0 },
    { name: "always", minArgs: 0, maxArgs: 0 },
    { name: "hashFiles", minArgs: 1, maxArgs: 255 },
  ]).parse();
  const out: string[] = [];
  const pathOf = (e: Expr): string | undefined => {
    if (e instanceof ContextAccess) return e.name.lexeme;
    if (e instanceof IndexAccess) {
      const base = pathOf(e.expr);
      if (base === undefined) return undefined;
      if (e.index instanceof Star) return `${base}.*`;
      if (e.index instanceof Literal && e.index.literal.kind === data.Kind.String) {
        return `${base}.${e.index.literal.coerceString()}`;
      }
      walk(e.index);
      return `${base}.*`;
    }
    return undefined;
  };
  const walk = (e: Expr): void => {
    const p = pathOf(e);
    if (p !== undefined) {
      out.push(p);
      return;
    }
    if (e instanceof IndexAccess) {
      walk(e.expr);
      walk(e.index);
    } else if (e instanceof FunctionCall) e.args.forEach(walk);
    else if (e instanceof Logical) e.args.forEach(walk);
    else if (e instanceof Binary) {
      walk(e.left);
      walk(e.right);
    } else if (e instanceof Unary) walk(e.expr);
    else if (e instanceof Grouping) walk(e.group);
  };
  walk(tree);
  return out;
}

export function scanWorkflow(file: string, content: string): Finding[] {
  const name = file.split("/").pop() ?? file;
  const findings: Finding[] = [];
  const add = (token: TemplateToken | undefined, rule: Rule, message: string) =>
    findings.push({ file, line: token?.line ?? 0, rule, message });
  const lines = content.split("\n");

  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors();
  if (errors.length > 0 || !parsed.value || !isMapping(parsed.value)) {
    for (const e of errors) findings.push({ file, line: 0, rule: "parse", message: e.message });
    return findings;
  }
  const root = parsed.value;

  if (/pull_request_target/.test(content)) {
    const line = lines.findIndex((l) => l.includes("pull_request_target")) + 1;
    findings.push({
      file,
      line,
      rule: "pull-request-target",
      message: "pull_request_target runs fork code with a write token: not allowed",
    });
  }

  const top = get(root, "permissions");
  if (!top || !isMapping(top) || top.count !== 0)
    add(top ?? root, "top-permissions", "the workflow must set `permissions: {}` at the top level");

  const checkUses = (token: TemplateToken | undefined, where: string) => {
    const uses = literalString(token);
    if (!uses || uses.startsWith("./")) return;
    if (uses.startsWith("docker://")) {
      if (!/@sha256:[0-9a-f]{64}$/.test(uses)) add(token, "unpinned-action", `${where}: ${uses} must be pinned to a digest`);
      return;
    }
    if (!/^[A-Za-z0-9_.-]+\/[^@\s]+@[0-9a-f]{40}$/.test(uses)) {
      add(token, "unpinned-action", `${where}: ${uses} must be pinned to a full commit SHA`);
      return;
    }
    const line = lines[(token?.line ?? 1) - 1] ?? "";
    if (!/#\s*v\d+\.\d+\.\d+\b/.test(line))
      add(token, "unpinned-action", `${where}: ${uses} needs a "# vX.Y.Z" comment naming the pinned version`);
  };

  const jobs = getMapping(root, "jobs");
  for (const [jobId, job] of jobs ? entries(jobs) : []) {
    if (!isMapping(job)) continue;
    const where = `jobs.${jobId}`;
    checkPermissions(name, jobId, get(job, "permissions"), add, where);
    const secrets = get(job, "secrets");
    if (secrets && literalString(secrets) === "inherit")
      add(secrets, "secrets-inherit", `${where}: secrets: inherit passes every secret; name the ones the workflow needs`);
    checkUses(get(job, "uses"), where);
    const steps = get(job, "steps");
    if (!steps || !isSequence(steps)) continue;
    if (!get(job, "timeout-minutes")) add(job, "job-timeout", `${where}: set timeout-minutes (the default is 6 hours)`);
    let index = 0;
    for (const step of steps) {
      const stepWhere = `${where}.steps[${index++}]`;
      if (!isMapping(step)) continue;
      const usesToken = get(step, "uses");
      checkUses(usesToken, stepWhere);
      const uses = literalString(usesToken) ?? "";
      if (/^actions\/checkout@/i.test(uses)) {
        const persist = get(getMapping(step, "with"), "persist-credentials");
        if (literalString(persist) !== "false")
          add(usesToken, "checkout-credentials", `${stepWhere}: actions/checkout needs persist-credentials: false`);
      }
      const run = get(step, "run");
      if (run && isBasicExpression(run)) checkRun(run.expression, run, stepWhere, add);
    }
  }
  return findings;
}

function checkPermissions(
  fileName: string,
  jobId: string,
  permissions: TemplateToken | undefined,
  add: (t: TemplateToken | undefined, r: Rule, m: string) => void,
  where: string,
): void {
  if (!permissions) return;
  const allowed = WRITE_ALLOWED[fileName]?.includes(jobId) ?? false;
  if (isString(permissions)) {
    if (permissions.value !== "{}")
      add(permissions, "write-permissions", `${where}: permissions: ${permissions.value} is too broad; list each permission`);
    return;
  }
  if (!isMapping(permissions)) return;
  for (const [scope, level] of entries(permissions)) {
    if (literalString(level) === "write" && !allowed)
      add(level, "write-permissions", `${where}: ${scope}: write is only allowed for ${JSON.stringify(WRITE_ALLOWED)}`);
  }
}

function checkRun(
  expression: string,
  token: TemplateToken,
  where: string,
  add: (t: TemplateToken | undefined, r: Rule, m: string) => void,
): void {
  let paths: string[];
  try {
    paths = accessedPaths(expression);
  } catch (error) {
    add(token, "expression-in-run", `${where}: cannot read the expression in run: (${(error as Error).message})`);
    return;
  }
  for (const p of paths) {
    if (!SAFE_IN_RUN.some((re) => re.test(p))) {
      add(token, "expression-in-run", `${where}: \${{ ${p} }} inside run: can inject shell code; pass it through env: instead`);
    }
  }
}

export function mappingKeys(map: MappingToken | undefined): string[] {
  return map ? entries(map).map(([k]) => k) : [];
}
